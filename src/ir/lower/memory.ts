// Lowering of the memory functions on arrays: memset(p, v, n), memcpy(d, s, n), memmove(d, s, n) and
// memcmp(p, q, n) where the pointers point into arrays (`a`, `a + k`, a pointer bound to a block). memset of a whole
// array by its own size is an arrayFill (every cell, as for zero-initialisation); any other range is a
// loop over its cells, `for (k = 0; k < count; k++) a[off + k] = V` (or `d[doff + k] = s[soff + k]`),
// with count = n / sizeof(element) for n written `X * sizeof(T)` (either order, sizeof(T) the element's
// size), a constant multiple of it, or any n for one-byte elements. n is computed as C computes it, in
// size_t, so a product that wraps counts the cells C writes, not X of them.
//
// Soundness: the loop writes exactly the bytes C writes, element by element: memset's byte v is
// repeated over the element's bytes (v = 0 gives 0, v = -1 gives all ones, each element type read in
// two's complement); the element types of memcpy's two arrays must have the same width and
// signedness, so a copy of the bytes is a copy of the values. A range past the end of the array is
// undefined behaviour (the verdicts' stated assumption; our arrays are total maps). memcpy between
// overlapping parts of one array is undefined in C too; memmove of one array into itself, whose
// bytes C copies as if through a buffer, is unsupported. memcmp compares the elements in order up to
// the first that differs and returns what glibc's memcmp returns on this little-endian target (x86):
// the difference of the first differing bytes in memory order, each read as an unsigned char (the
// lowest differing byte of the first differing element), and 0 when every byte is equal; elements of
// the same width only.

import type { Expression as AstExpression, SourceLocation } from '../../frontend/ast.js';
import {
  convertedValue,
  convertTo,
  createArrayFill,
  createArrayRead,
  createArrayWrite,
  createAssign,
  createBinary,
  createBreak,
  createConditional,
  createConstant,
  createIf,
  createLoop,
  createVariableExpression,
  intType,
  longLongType,
  unsignedLongLongType,
} from '../factory.js';
import type { ArrayVariable, Expression, IntegerType, Statement } from '../types.js';
import { sameExpression } from '../visit.js';
import { typeFromTypeName } from './c-types.js';
import { evaluateConstant } from './constants.js';
import { type Context, unsupported } from './context.js';
import { arithmetic, lowerExpression, lowerRvalue, resolverFor, sizeOfNode } from './expressions.js';
import type { Scope, Value } from './model.js';
import { arrayLeaves } from './objects.js';
import { integerValue, toPointer } from './values.js';

/** an array the call writes or reads, and the element its range starts at */
interface ArrayRange {
  readonly array: ArrayVariable;
  readonly offset: Expression | undefined;
  readonly value: Value;
}

function arrayRange(value: Value, name: string, location: SourceLocation): ArrayRange {
  const pointer = toPointer(value, location);
  if (pointer.kind !== 'target' || !pointer.target.isArray)
    return unsupported(location, `${name} on something other than an array`);
  const leaves = arrayLeaves(pointer.target.object, location);
  const leaf = leaves.length === 1 ? leaves[0]! : undefined;
  if (leaf === undefined || leaf.indices.length > 0 || leaf.array.sizes.length !== 1)
    return unsupported(location, `${name} on a part of a row, a struct or a multidimensional array`);
  return { array: leaf.array, offset: pointer.offset, value };
}

/**
 * n / sizeof(element) as C computes n (in size_t, so `X * sizeof(T)` wraps as C's product does): a
 * constant for a constant multiple of the element size, n itself for one-byte elements, else the
 * quotient n / sizeof(element), exact because a product with sizeof(T) of the element's size stays
 * a multiple of it modulo 2^w; undefined for a constant that is not a multiple
 */
function elementCount(
  context: Context,
  scope: Scope,
  argument: AstExpression,
  elementBytes: bigint,
  out: Statement[],
): Expression | undefined {
  const bytes = lowerRvalue(context, scope, argument, out);
  if (bytes.kind === 'constant')
    return bytes.value % elementBytes === 0n ? createConstant(bytes.value / elementBytes, bytes.type) : undefined;
  if (elementBytes === 1n) return bytes;
  if (!isProductWithSizeof(context, scope, argument, elementBytes)) return undefined;
  return createBinary('divide', bytes, createConstant(elementBytes, bytes.type), bytes.type);
}

/** `X * sizeof(T)` or `sizeof(T) * X` with sizeof(T) the element's size */
function isProductWithSizeof(context: Context, scope: Scope, argument: AstExpression, elementBytes: bigint): boolean {
  if (argument.kind !== 'binary' || argument.operator !== '*') return false;
  return [argument.left, argument.right].some((side) => {
    if (side.kind !== 'sizeofType') return false;
    const type = typeFromTypeName(side.typeName, scope, resolverFor(context));
    return type.kind === 'integer' && BigInt(type.type.width / 8) === elementBytes;
  });
}

/** `for (k = 0; k < count; k++) write(k)` with a fresh counter of the count's type (write: the body's one statement) */
function loopOver(
  context: Context,
  count: Expression,
  write: (index: Expression) => Statement,
  location: SourceLocation,
  out: Statement[],
): void {
  const counter = context.freshScalar('memory_index', count.type, location);
  const index = createVariableExpression(counter);
  out.push(createAssign(counter, convertTo(createConstant(0n), count.type), location));
  const next = createAssign(
    counter,
    createBinary('add', index, convertTo(createConstant(1n), count.type), count.type),
    location,
  );
  out.push(
    createLoop(context.allocateLoopId(), createBinary('less', index, count, intType), [write(index)], [next], location),
  );
}

function cellIndex(context: Context, range: ArrayRange, index: Expression): Expression {
  return range.offset === undefined ? index : arithmetic(context, 'add', range.offset, index);
}

/** the byte v repeated over the bytes of an element of the type, as that type's value */
function bytePattern(byte: bigint, type: IntegerType): Expression {
  let pattern = 0n;
  for (let position = 0; position < Math.max(1, type.width / 8); position++)
    pattern = (pattern << 8n) | (((byte % 256n) + 256n) % 256n);
  return createConstant(convertedValue(pattern, type), type);
}

export function lowerMemset(
  context: Context,
  scope: Scope,
  argumentsList: readonly AstExpression[],
  location: SourceLocation,
  out: Statement[],
): Value {
  if (argumentsList.length !== 3) return unsupported(location, 'memset with a wrong number of arguments');
  const targetValue = lowerExpression(context, scope, argumentsList[0]!, out);
  const byteValue = evaluateConstant(argumentsList[1]!, scope, context.dataModel);
  if (byteValue === undefined) return unsupported(location, 'memset with a value that is not a constant');
  const pointer = toPointer(targetValue, location);
  if (pointer.kind === 'target' && pointer.target.isArray && pointer.offset === undefined) {
    // the whole object by its own size (sizeof(a), or its value): every cell of every array in it
    const object = pointer.target.object;
    const size = lowerRvalue(context, scope, argumentsList[2]!, []);
    const whole = sizeOfNode(context, object, location);
    if (
      (size.kind === 'constant' && whole.kind === 'constant' && size.value === whole.value) ||
      sameExpression(size, whole)
    ) {
      const leaves = arrayLeaves(object, location);
      if (leaves.some((leaf) => leaf.indices.length > 0)) return unsupported(location, 'memset of a row of an array');
      for (const leaf of leaves)
        out.push(createArrayFill(leaf.array, bytePattern(byteValue, leaf.array.elementType), location));
      return targetValue;
    }
  }
  const target = arrayRange(targetValue, 'memset', location);
  const elementType = target.array.elementType;
  const count = elementCount(context, scope, argumentsList[2]!, BigInt(Math.max(1, elementType.width / 8)), out);
  if (count === undefined) return unsupported(location, 'memset of a size that is not a multiple of the element size');
  const value = bytePattern(byteValue, elementType);
  loopOver(
    context,
    count,
    (index) => createArrayWrite(target.array, [cellIndex(context, target, index)], value, location),
    location,
    out,
  );
  return targetValue;
}

/**
 * memcmp(p, q, n): `r = 0; for (k = 0; k < count; k++) if (p[k] != q[k]) { r = byte difference; break; }`
 * (see the header; the loop is loopOver's), its value r
 */
export function lowerMemcmp(
  context: Context,
  scope: Scope,
  argumentsList: readonly AstExpression[],
  location: SourceLocation,
  out: Statement[],
): Value {
  if (argumentsList.length !== 3) return unsupported(location, 'memcmp with a wrong number of arguments');
  const left = arrayRange(lowerExpression(context, scope, argumentsList[0]!, out), 'memcmp', location);
  const right = arrayRange(lowerExpression(context, scope, argumentsList[1]!, out), 'memcmp', location);
  const width = left.array.elementType.width;
  if (width !== right.array.elementType.width)
    return unsupported(location, 'memcmp of arrays of different element widths');
  if (width % 8 !== 0 || width > 64) return unsupported(location, `memcmp of elements of ${width} bits`);
  const count = elementCount(context, scope, argumentsList[2]!, BigInt(width / 8), out);
  if (count === undefined) return unsupported(location, 'memcmp of a size that is not a multiple of the element size');
  const result = context.freshScalar('memcmp_result', intType, location);
  out.push(createAssign(result, createConstant(0n, intType), location));
  loopOver(
    context,
    count,
    (index) => {
      const leftElement = createArrayRead(left.array, [cellIndex(context, left, index)]);
      const rightElement = createArrayRead(right.array, [cellIndex(context, right, index)]);
      // each element as the unsigned integer of its bytes, in a variable of its own (the difference reads it often)
      const [leftValue, rightValue] = [bytesValue(leftElement), bytesValue(rightElement)];
      const leftBytes = context.freshScalar('memcmp_left', leftValue.type, location);
      const rightBytes = context.freshScalar('memcmp_right', rightValue.type, location);
      // equal bytes: equal values of one type; of two types of one width, equal unsigned values
      const sameType = left.array.elementType.signed === right.array.elementType.signed;
      const unequal = sameType
        ? createBinary('notEqual', leftElement, rightElement, intType)
        : createBinary('notEqual', leftValue, rightValue, intType);
      return createIf(
        unequal,
        [
          createAssign(leftBytes, leftValue, location),
          createAssign(rightBytes, rightValue, location),
          createAssign(
            result,
            byteDifference(createVariableExpression(leftBytes), createVariableExpression(rightBytes), width / 8),
            location,
          ),
          createBreak(location),
        ],
        [],
        location,
      );
    },
    location,
    out,
  );
  return integerValue(createVariableExpression(result));
}

/**
 * the element as the unsigned integer its bytes spell: itself when unsigned, x + 2^w for a negative
 * x (two's complement), computed without wrapping (in long long for at most 32 bits, else in the
 * unsigned type of the width, where the conversion is C's)
 */
function bytesValue(element: Expression): Expression {
  const type = element.type;
  if (type.width > 32) return convertTo(element, type.signed ? unsignedLongLongType : type);
  const wide = convertTo(element, longLongType);
  if (!type.signed) return wide;
  const shifted = createBinary('add', wide, createConstant(1n << BigInt(type.width), longLongType), longLongType);
  return createConditional(
    createBinary('less', wide, createConstant(0n, longLongType), intType),
    shifted,
    wide,
    longLongType,
  );
}

/**
 * the difference (as int) of the first differing bytes, lowest first, of two unequal values of
 * bytesValue (shifts and masks of nonnegative values: exact, and cheap in bit-vectors)
 */
function byteDifference(left: Expression, right: Expression, bytes: number): Expression {
  const byteOf = (value: Expression, position: number): Expression => {
    const shifted =
      position === 0
        ? value
        : createBinary('shiftRight', value, createConstant(BigInt(8 * position), intType), value.type);
    return convertTo(createBinary('bitwiseAnd', shifted, createConstant(255n, value.type), value.type), intType);
  };
  let difference: Expression = createBinary('subtract', byteOf(left, bytes - 1), byteOf(right, bytes - 1), intType);
  for (let position = bytes - 2; position >= 0; position--) {
    const [leftByte, rightByte] = [byteOf(left, position), byteOf(right, position)];
    difference = createConditional(
      createBinary('notEqual', leftByte, rightByte, intType),
      createBinary('subtract', leftByte, rightByte, intType),
      difference,
      intType,
    );
  }
  return difference;
}

export function lowerMemcpy(
  context: Context,
  scope: Scope,
  name: 'memcpy' | 'memmove',
  argumentsList: readonly AstExpression[],
  location: SourceLocation,
  out: Statement[],
): Value {
  if (argumentsList.length !== 3) return unsupported(location, `${name} with a wrong number of arguments`);
  const destination = arrayRange(lowerExpression(context, scope, argumentsList[0]!, out), name, location);
  const source = arrayRange(lowerExpression(context, scope, argumentsList[1]!, out), name, location);
  const to = destination.array.elementType;
  const from = source.array.elementType;
  if (to.width !== from.width || to.signed !== from.signed)
    return unsupported(location, `${name} between arrays of different element types`);
  if (name === 'memmove' && destination.array === source.array)
    return unsupported(location, 'memmove inside one array');
  const count = elementCount(context, scope, argumentsList[2]!, BigInt(Math.max(1, to.width / 8)), out);
  if (count === undefined) return unsupported(location, `${name} of a size that is not a multiple of the element size`);
  loopOver(
    context,
    count,
    (index) =>
      createArrayWrite(
        destination.array,
        [cellIndex(context, destination, index)],
        createArrayRead(source.array, [cellIndex(context, source, index)]),
        location,
      ),
    location,
    out,
  );
  return destination.value;
}
