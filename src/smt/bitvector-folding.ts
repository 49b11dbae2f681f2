// The values of SMT-LIB's bit-vector operations on numerals, as the standard (FixedSizeBitVectors,
// QF_BV) defines them, so that terms.ts folds an operation whose operands are all numerals into a
// numeral: the symbolic executor then keeps loop counters of constant-bound loops as numerals in
// `bv` as it does in `int`, its formulas shrink, and an unrolling of such loops is seen complete.
//
// Soundness: each function returns exactly the value z3 gives the operation (checked against z3 on
// random operands in test/smt/bitvector-folding.test.ts), or undefined where it does not fold
// (signed division and remainders by zero, which the standard defines but no program needs folded).
// Values are the unsigned readings 0 ≤ v < 2^width; signed readings are two's complement.

export type BitvectorBinaryOperator =
  | 'bvadd'
  | 'bvsub'
  | 'bvmul'
  | 'bvudiv'
  | 'bvurem'
  | 'bvsdiv'
  | 'bvsrem'
  | 'bvsmod'
  | 'bvshl'
  | 'bvlshr'
  | 'bvashr'
  | 'bvand'
  | 'bvor'
  | 'bvxor';
export type BitvectorComparisonOperator = 'bvult' | 'bvule' | 'bvugt' | 'bvuge' | 'bvslt' | 'bvsle' | 'bvsgt' | 'bvsge';

function modulus(width: number): bigint {
  return 1n << BigInt(width);
}

/** the unsigned reading of v modulo 2^width */
export function unsignedValue(value: bigint, width: number): bigint {
  const size = modulus(width);
  return ((value % size) + size) % size;
}

/** the two's complement reading of an unsigned value */
export function signedValue(value: bigint, width: number): bigint {
  return value >= modulus(width - 1) ? value - modulus(width) : value;
}

/** C-style truncating quotient and remainder of signed values (divisor non-zero) */
function truncated(left: bigint, right: bigint): { quotient: bigint; remainder: bigint } {
  const quotient = left / right;
  return { quotient, remainder: left - quotient * right };
}

function shiftCount(right: bigint, width: number): number | undefined {
  return right >= BigInt(width) ? undefined : Number(right);
}

function signedFolded(
  operator: 'bvsdiv' | 'bvsrem' | 'bvsmod',
  left: bigint,
  right: bigint,
  width: number,
): bigint | undefined {
  if (right === 0n) return undefined;
  const dividend = signedValue(left, width);
  const divisor = signedValue(right, width);
  const { quotient, remainder } = truncated(dividend, divisor);
  switch (operator) {
    case 'bvsdiv':
      return unsignedValue(quotient, width);
    case 'bvsrem':
      return unsignedValue(remainder, width);
    case 'bvsmod':
      // the sign of the divisor: a non-zero remainder of the other sign moves by one divisor
      return unsignedValue(
        remainder !== 0n && remainder < 0n !== divisor < 0n ? remainder + divisor : remainder,
        width,
      );
    default: {
      const never: never = operator;
      throw new Error(`unknown signed operator ${JSON.stringify(never)}`);
    }
  }
}

/** the value of `(operator left right)` on unsigned readings of `width` bits, or undefined where it is not folded */
export function foldedBinary(
  operator: BitvectorBinaryOperator,
  left: bigint,
  right: bigint,
  width: number,
): bigint | undefined {
  switch (operator) {
    case 'bvadd':
      return unsignedValue(left + right, width);
    case 'bvsub':
      return unsignedValue(left - right, width);
    case 'bvmul':
      return unsignedValue(left * right, width);
    case 'bvudiv':
      return right === 0n ? modulus(width) - 1n : left / right;
    case 'bvurem':
      return right === 0n ? left : left % right;
    case 'bvsdiv':
    case 'bvsrem':
    case 'bvsmod':
      return signedFolded(operator, left, right, width);
    case 'bvshl': {
      const count = shiftCount(right, width);
      return count === undefined ? 0n : unsignedValue(left << BigInt(count), width);
    }
    case 'bvlshr': {
      const count = shiftCount(right, width);
      return count === undefined ? 0n : left >> BigInt(count);
    }
    case 'bvashr': {
      const count = shiftCount(right, width) ?? width - 1;
      return unsignedValue(signedValue(left, width) >> BigInt(count), width);
    }
    case 'bvand':
      return left & right;
    case 'bvor':
      return left | right;
    case 'bvxor':
      return left ^ right;
    default: {
      const never: never = operator;
      throw new Error(`unknown bit-vector operator ${JSON.stringify(never)}`);
    }
  }
}

/** the value of `(operator left right)` for a comparison of unsigned readings of `width` bits */
export function foldedComparison(
  operator: BitvectorComparisonOperator,
  left: bigint,
  right: bigint,
  width: number,
): boolean {
  const [signedLeft, signedRight] = [signedValue(left, width), signedValue(right, width)];
  switch (operator) {
    case 'bvult':
      return left < right;
    case 'bvule':
      return left <= right;
    case 'bvugt':
      return left > right;
    case 'bvuge':
      return left >= right;
    case 'bvslt':
      return signedLeft < signedRight;
    case 'bvsle':
      return signedLeft <= signedRight;
    case 'bvsgt':
      return signedLeft > signedRight;
    case 'bvsge':
      return signedLeft >= signedRight;
    default: {
      const never: never = operator;
      throw new Error(`unknown bit-vector comparison ${JSON.stringify(never)}`);
    }
  }
}
