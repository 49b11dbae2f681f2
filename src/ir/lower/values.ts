// The result of lowering one C expression, before it is used: an integer rvalue (a pure IR
// expression), an object (lvalue), a pointer value, or nothing (void); the `Value` shape is in
// model.ts. Helpers to turn values into integer expressions, truth values and typed temporaries.

import type { SourceLocation } from '../../frontend/ast.js';
import { createAssign, createConstant, createVariableExpression, convertTo, intType } from '../factory.js';
import type { Expression, IntegerType, Statement } from '../types.js';
import { describeType } from './c-types.js';
import { type Context, unsupported } from './context.js';
import type { PointerValue, Value } from './model.js';
import { isOpaquePointer, readObject } from './objects.js';
import { readsAny, writtenVariables } from '../visit.js';
import { pointerCellOf } from './rows.js';

export function integerValue(expression: Expression): Value {
  return { kind: 'integer', expression };
}

/** The integer expression of a value (objects are read). */
export function toInteger(value: Value, location: SourceLocation): Expression {
  switch (value.kind) {
    case 'integer':
      return value.expression;
    case 'object': {
      if (value.node.ctype.kind === 'integer') return readObject(value.node, location);
      if (value.node.kind === 'pointer') return unsupported(location, 'pointer used as an integer');
      return unsupported(location, `${describeType(value.node.ctype)} used as an integer`);
    }
    case 'pointer':
      return unsupported(location, 'pointer used as an integer');
    case 'void':
      return unsupported(location, 'void value used');
    default: {
      const never: never = value;
      return never;
    }
  }
}

/** The pointer value of a value: pointer objects give their binding, arrays decay. */
export function toPointer(value: Value, location: SourceLocation): PointerValue {
  switch (value.kind) {
    case 'pointer':
      return value.pointer;
    case 'object': {
      const node = value.node;
      if (node.kind === 'pointer') {
        const slot = node.slot;
        if (slot.target === undefined)
          return unsupported(location, `use of pointer '${slot.sourceName}' before it is bound to an object`);
        return {
          kind: 'target',
          target: slot.target,
          offset: slot.offset,
          origin: slot,
          ...(slot.nullness === undefined ? {} : { nullness: slot.nullness }),
        };
      }
      if (node.ctype.kind === 'array')
        return { kind: 'target', target: { object: node, isArray: true, allocatedInLoop: false }, offset: undefined };
      if (isOpaquePointer(node)) return { kind: 'opaque', flag: readObject(node, location), cell: pointerCellOf(node) };
      return unsupported(location, `${describeType(node.ctype)} used as a pointer`);
    }
    case 'integer':
      if (value.expression.kind === 'constant' && value.expression.value === 0n) return { kind: 'null' };
      return unsupported(location, 'integer converted to a pointer');
    case 'void':
      return unsupported(location, 'void value used');
    default: {
      const never: never = value;
      return never;
    }
  }
}

export function isPointerLike(value: Value): boolean {
  if (value.kind === 'pointer') return true;
  if (value.kind === 'object')
    return value.node.kind === 'pointer' || value.node.ctype.kind === 'array' || value.node.ctype.kind === 'pointer';
  return false;
}

/**
 * Truth value of a pointer: blocks from allocation functions are assumed never to be null (malloc
 * never fails in our model) and every object has a non-null address; a pointer that may be NULL
 * (struct-rows.ts) and one loaded from an array or struct carry their flag.
 */
export function pointerTruth(pointer: PointerValue): Expression {
  if (pointer.kind === 'opaque') return pointer.flag;
  if (pointer.kind === 'target' && pointer.nullness !== undefined) return pointer.nullness;
  return createConstant(pointer.kind === 'null' ? 0n : 1n, intType);
}

/** Stores an expression into a fresh temporary and returns the temporary's read. */
export function freeze(
  context: Context,
  expression: Expression,
  name: string,
  location: SourceLocation,
  out: Statement[],
): Expression {
  if (expression.kind === 'constant') return expression;
  const temporary = context.freshScalar(name, expression.type, location);
  out.push(createAssign(temporary, expression, location));
  return createVariableExpression(temporary);
}

/**
 * When statements were emitted after an earlier operand was computed (at `mark`) and they may
 * change what the operand reads, the operand is saved into a temporary right at `mark`.
 */
export function protect(
  context: Context,
  expression: Expression,
  mark: number,
  out: Statement[],
  location: SourceLocation,
): Expression {
  if (out.length === mark || expression.kind === 'constant') return expression;
  if (!readsAny(expression, writtenVariables(out.slice(mark)))) return expression;
  const temporary = context.freshScalar('tmp', expression.type, location);
  out.splice(mark, 0, createAssign(temporary, expression, location));
  return createVariableExpression(temporary);
}

export function protectValue(
  context: Context,
  value: Value,
  mark: number,
  out: Statement[],
  location: SourceLocation,
): Value {
  if (out.length === mark) return value;
  if (value.kind === 'integer') return integerValue(protect(context, value.expression, mark, out, location));
  if (value.kind === 'object' && value.node.ctype.kind === 'integer') {
    return integerValue(protect(context, readObject(value.node, location), mark, out, location));
  }
  if (value.kind === 'object' && value.node.kind === 'cell') {
    const indices = value.node.indices.map((index) => protect(context, index, mark, out, location));
    return { kind: 'object', node: { kind: 'cell', array: value.node.array, indices, ctype: value.node.ctype } };
  }
  return value;
}

export function convertValue(value: Value, type: IntegerType, location: SourceLocation): Expression {
  return convertTo(toInteger(value, location), type);
}
