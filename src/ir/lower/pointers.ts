// Static binding of pointer variables. A pointer is bound, for its whole life, to ONE object: a
// memory block from malloc/calloc/alloca (which becomes a fresh one-dimensional array variable), an
// array (decayed), or a single object (`&x`, `&s`). Binding again to the same object is a no-op;
// binding to a different object or to NULL is unsupported. Inside an array it points at an element:
// frozen when it is bound (`int *p = a + 2`), or, for a pointer the unit moves (walks.ts: `p++`,
// `p += k`, `p = p + k`), an offset variable that each move assigns.
// Soundness assumption: allocation never fails (malloc's result is never NULL), documented in every
// verdict through the lowering's warnings.

import type { SourceLocation } from '../../frontend/ast.js';
import {
  boolType,
  createArrayFill,
  createArrayHavoc,
  createAssign,
  createBinary,
  createConstant,
  createVariableExpression,
  convertTo,
  intType,
} from '../factory.js';
import type { Expression, Statement } from '../types.js';
import { constantSizeOf, describeType } from './c-types.js';
import { type Context, unsupported } from './context.js';
import type { Allocation, CType, ObjectNode, PointerSlot, PointerValue } from './model.js';
import { arrayLeaves, createObject, writeObject } from './objects.js';
import { allocateRow, pointerCellOf } from './rows.js';
import {
  allocatesOne,
  bindFreshSlot,
  bindToStructRow,
  isStructPointerCell,
  storeStructPointer,
} from './struct-rows.js';
import { freeze, pointerTruth } from './values.js';

function sameTarget(left: ObjectNode, right: ObjectNode): boolean {
  if (left === right) return true;
  if (left.kind === 'scalar' && right.kind === 'scalar') return left.variable === right.variable;
  if (left.kind === 'cell' && right.kind === 'cell') {
    return (
      left.array === right.array &&
      left.indices.length === right.indices.length &&
      left.indices.every((index, position) => {
        const other = right.indices[position]!;
        return (
          index === other || (index.kind === 'constant' && other.kind === 'constant' && index.value === other.value)
        );
      })
    );
  }
  if (left.kind === 'struct' && right.kind === 'struct') {
    for (const [name, field] of left.fields) {
      const other = right.fields.get(name);
      if (other === undefined || !sameTarget(field, other)) return false;
    }
    return true;
  }
  return false;
}

/** The nullness flag stored into an opaque pointer (array element or struct field): the pointer's truth. */
export function opaqueFlag(context: Context, value: PointerValue, location: SourceLocation): Expression {
  if (value.kind === 'allocation') {
    context.warnings.push({ location, message: 'assumption: memory allocation never fails (the block is never NULL)' });
    return createConstant(1n, boolType);
  }
  return convertTo(pointerTruth(value), boolType);
}

/**
 * `cell = value` for a pointer stored in an array or struct: a row allocation (rows.ts), a pointer
 * to a struct (struct-rows.ts), or else its nullness flag.
 */
export function storeOpaquePointer(
  context: Context,
  node: ObjectNode,
  value: PointerValue,
  location: SourceLocation,
  out: Statement[],
): void {
  const cell = pointerCellOf(node);
  if (isStructPointerCell(cell)) return storeStructPointer(context, cell, value, location, out);
  if (value.kind === 'allocation' && cell !== undefined) return allocateRow(context, cell, value, location, out);
  out.push(writeObject(node, opaqueFlag(context, value, location), location));
}

/** Binds `node` (a pointer variable) to the pointer value; emits the block's initialisation for allocations. */
export function bindPointer(
  context: Context,
  node: ObjectNode,
  value: PointerValue,
  location: SourceLocation,
  out: Statement[],
): void {
  if (node.kind !== 'pointer' || node.ctype.kind !== 'pointer') return unsupported(location, 'pointer assignment');
  const slot = node.slot;
  const pointee = node.ctype.target;
  switch (value.kind) {
    case 'null':
      if (pointee.kind === 'struct') return bindFreshSlot(context, slot, pointee, undefined, location, out);
      return unsupported(location, `null pointer stored in '${slot.sourceName}'`);
    case 'opaque':
      if (isStructPointerCell(value.cell) && compatibleLayout(pointee, value.cell.pointee))
        return bindToStructRow(context, slot, value.cell, location, out);
      return unsupported(location, `pointer loaded from an array or struct stored in '${slot.sourceName}'`);
    case 'allocation': {
      // one struct, for a pointer that may also be NULL or that a loop allocates anew: a fresh slot
      if (
        pointee.kind === 'struct' &&
        allocatesOne(context, value, pointee) &&
        (slot.fresh !== undefined || (slot.target === undefined && context.loopDepth > 0))
      ) {
        return bindFreshSlot(context, slot, pointee, value, location, out);
      }
      if (slot.target !== undefined)
        return unsupported(location, `pointer '${slot.sourceName}' reassigned to a different block`);
      const object = materialiseAllocation(context, value, node.ctype.target, slot.sourceName, out);
      slot.target = { object, isArray: true, allocatedInLoop: context.loopDepth > 0 };
      startWalk(context, node.slot, undefined, location, out);
      context.warnings.push({
        location,
        message: 'assumption: memory allocation never fails (the block is never NULL)',
      });
      return;
    }
    case 'target': {
      const offset =
        value.offset !== undefined && !(value.offset.kind === 'constant' && value.offset.value === 0n)
          ? value.offset
          : undefined;
      if (slot.target !== undefined) {
        // a pointer that may move (walks.ts) moves within its array: its offset variable is assigned
        if (
          slot.walk !== undefined &&
          slot.target.isArray &&
          value.target.isArray &&
          sameTarget(slot.target.object, value.target.object)
        ) {
          out.push(createAssign(slot.walk, convertTo(offset ?? createConstant(0n), slot.walk.type), location));
          return;
        }
        const sameOffset =
          offset === undefined
            ? slot.offset === undefined
            : slot.offset !== undefined &&
              offset.kind === 'constant' &&
              slot.offset.kind === 'constant' &&
              offset.value === slot.offset.value;
        if (
          slot.target.isArray === value.target.isArray &&
          sameTarget(slot.target.object, value.target.object) &&
          sameOffset
        )
          return;
        if (offset !== undefined || slot.offset !== undefined)
          return unsupported(location, `pointer '${slot.sourceName}' moved to another element (a pointer walk)`);
        return unsupported(location, `pointer '${slot.sourceName}' reassigned to a different object`);
      }
      if (offset !== undefined) {
        if (!value.target.isArray) return unsupported(location, 'pointer arithmetic on a pointer to a single object');
        // the element it points at, frozen: later changes of the variables of `a + k` do not move it
        slot.offset = freeze(context, offset, `${slot.sourceName}_offset`, location, out);
      }
      if (value.target.allocatedInLoop)
        return unsupported(location, 'copy of a pointer to a block allocated inside a loop');
      const pointee = node.ctype.target;
      const targetType =
        value.target.isArray && value.target.object.ctype.kind === 'array'
          ? value.target.object.ctype.element
          : value.target.object.ctype;
      if (pointee.kind !== 'void' && !compatibleLayout(pointee, targetType)) {
        return unsupported(
          location,
          `pointer to ${describeType(pointee)} bound to an object of type ${describeType(targetType)}`,
        );
      }
      slot.target = value.target;
      if (value.nullness !== undefined) slot.nullness = value.nullness;
      if (value.target.isArray) startWalk(context, slot, slot.offset, location, out);
      return;
    }
    default: {
      const never: never = value;
      return never;
    }
  }
}

/**
 * A pointer that the unit may move (walks.ts), bound to an array: its offset becomes a variable,
 * set here to the element it is bound to; a move assigns it (bindPointer above, increments in
 * expressions.ts), and every dereference reads the array at it.
 */
function startWalk(
  context: Context,
  slot: PointerSlot,
  offset: Expression | undefined,
  location: SourceLocation,
  out: Statement[],
): void {
  if (!context.walkedPointers.has(slot.sourceName)) return;
  const variable = context.freshScalar(`${slot.sourceName}_offset`, intType, location);
  out.push(createAssign(variable, convertTo(offset ?? slot.offset ?? createConstant(0n), intType), location));
  slot.walk = variable;
  slot.offset = createVariableExpression(variable);
}

/** `p++`, `p--` (and `++p`, `--p`) of a pointer that walks an array: its offset moves by one */
export function movePointer(node: ObjectNode, increment: boolean, location: SourceLocation, out: Statement[]): boolean {
  if (node.kind !== 'pointer' || node.slot.walk === undefined || node.slot.target?.isArray !== true) return false;
  const walk = node.slot.walk;
  const moved = createBinary(
    increment ? 'add' : 'subtract',
    createVariableExpression(walk),
    createConstant(1n, intType),
    intType,
  );
  out.push(createAssign(walk, moved, location));
  return true;
}

function compatibleLayout(left: CType, right: CType): boolean {
  if (left.kind === 'integer' && right.kind === 'integer')
    return left.type.width === right.type.width && left.type.signed === right.type.signed;
  if (left.kind === 'struct' && right.kind === 'struct') return left.definition === right.definition;
  if (left.kind === 'array' && right.kind === 'array') return compatibleLayout(left.element, right.element);
  // an array of pointers passed on (`int **m` bound to an `int *` block): the same cells and rows
  if (left.kind === 'pointer' && right.kind === 'pointer') return compatibleLayout(left.target, right.target);
  return false;
}

/** Creates the array object of a block; count = bytes / sizeof(element) when known syntactically. */
function materialiseAllocation(
  context: Context,
  allocation: Allocation,
  elementType: CType,
  sourceName: string,
  out: Statement[],
): ObjectNode {
  const location = allocation.location;
  if (elementType.kind === 'void') return unsupported(location, 'allocation bound to a void pointer');
  const elementSize = constantSizeOf(elementType, context.dataModel);
  if (elementSize === undefined) return unsupported(location, `allocation of ${describeType(elementType)}`);
  let count: Expression;
  if (
    allocation.count !== undefined &&
    allocation.sizeofType !== undefined &&
    constantSizeOf(allocation.sizeofType, context.dataModel) === elementSize
  ) {
    count = allocation.count;
  } else if (allocation.bytes.kind === 'constant' && allocation.bytes.value % elementSize === 0n) {
    count = createConstant(allocation.bytes.value / elementSize, allocation.bytes.type);
  } else if (allocation.count !== undefined && allocation.sizeofType !== undefined) {
    return unsupported(
      location,
      `allocation with sizeof(${describeType(allocation.sizeofType)}) bound to a pointer to ${describeType(elementType)}`,
    );
  } else {
    return unsupported(
      location,
      'allocation whose size is not a multiple of the element size written as n * sizeof(T)',
    );
  }
  const frozenCount = freeze(context, count, `${sourceName}_length`, location, out);
  const object = createObject(
    context,
    `${sourceName}_block`,
    { kind: 'array', element: elementType, size: { kind: 'incomplete' } },
    location,
    () => frozenCount,
  );
  for (const leaf of arrayLeaves(object, location)) {
    if (allocation.fill === 'zero')
      out.push(createArrayFill(leaf.array, convertTo(createConstant(0n), leaf.array.elementType), location));
    else out.push(createArrayHavoc(leaf.array, location));
  }
  return object;
}
