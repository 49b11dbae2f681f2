// Iteration numbers and closed forms of accelerated variables in the shrink queries, per semantics.
//
// - int: iteration numbers are Ints >= 1; the value at the start of iteration j is
//   entry + (j-1)·step, always "in range" (int semantics assumes no overflow).
// - bv: iteration numbers are unsigned bit-vectors of `width` bits (1 <= j < 2^width; the queries
//   choose width = the widest accelerated type + 2, and the encoding makes every loop that matters
//   stop within 2^(that type's width) + 1 iterations, see residual-queries.ts). The closed form is computed
//   without wrap-around in a wide bit-vector: wide = ext(entry) + zext(j-1)·step (sign- or
//   zero-extension by the variable's type), the value is its low w bits — exactly the two's complement
//   value after j-1 steps of `v = v + step`, since w-bit addition is addition modulo 2^w — and
//   `inRange` says that the mathematical value fits the type (no step up to iteration j wrapped).

import { typeRange } from '../../ir/c-integers.js';
import { convertedBitPattern } from '../../symbolic/expressions.js';
import type { IntegerType, Semantics } from '../../ir/types.js';
import {
  add,
  bitvectorBinary,
  bitvectorComparison,
  bitvectorConstant,
  bitvectorSort,
  extract,
  intConstant,
  intSort,
  less,
  lessEqual,
  multiply,
  and,
  subtract,
  trueTerm,
  zeroExtend,
  type Sort,
  type Term,
} from '../../smt/terms.js';

export interface ClosedForm {
  /** the variable's value at the start of the iteration (its sort) */
  readonly value: Term;
  /** int: true; bv: the value after the steps, computed without wrap-around, fits the type */
  readonly inRange: Term;
}

export class IterationArithmetic {
  constructor(
    readonly semantics: Semantics,
    readonly width: number,
  ) {}

  get sort(): Sort {
    return this.semantics === 'int' ? intSort : bitvectorSort(this.width);
  }

  constant(value: bigint): Term {
    return this.semantics === 'int' ? intConstant(value) : bitvectorConstant(value, this.width);
  }

  less(left: Term, right: Term): Term {
    return this.semantics === 'int' ? less(left, right) : bitvectorComparison('bvult', left, right);
  }

  lessEqual(left: Term, right: Term): Term {
    return this.semantics === 'int' ? lessEqual(left, right) : bitvectorComparison('bvule', left, right);
  }

  /** value at the start of iteration `iteration` (1-based) of a variable changed by `step` per iteration */
  closedForm(entry: Term, type: IntegerType, step: bigint, iteration: Term): ClosedForm {
    if (step === 0n) return { value: entry, inRange: trueTerm };
    if (this.semantics === 'int') {
      const offset =
        iteration.kind === 'intConstant'
          ? intConstant((iteration.value - 1n) * step)
          : multiply(intConstant(step), subtract(iteration, intConstant(1n)));
      return { value: add(entry, offset), inRange: trueTerm };
    }
    const magnitude = step < 0n ? -step : step;
    // |ext(entry)| < 2^w <= 2^width, (j-1)·|step| < 2^(width + bits(step)): the sum fits `wide` bits signed
    const wide = Math.max(type.width, this.width) + magnitude.toString(2).length + 2;
    const extendedEntry = convertedBitPattern(entry, type, wide);
    const previous = bitvectorBinary('bvsub', iteration, bitvectorConstant(1n, this.width));
    const extended = zeroExtend(wide - this.width, previous);
    const offset = step === 1n ? extended : bitvectorBinary('bvmul', extended, bitvectorConstant(step, wide));
    const sum = bitvectorBinary('bvadd', extendedEntry, offset);
    const { minimum, maximum } = typeRange(type);
    const inRange = and(
      bitvectorComparison('bvsle', bitvectorConstant(minimum, wide), sum),
      bitvectorComparison('bvsle', sum, bitvectorConstant(maximum, wide)),
    );
    return { value: extract(type.width - 1, 0, sum), inRange };
  }
}
