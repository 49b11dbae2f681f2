// Arrays of pointers to structs: `struct S *a[N]` where each stored pointer is NULL or a block
// allocated for it, and a cell is then dereferenced (`a[i]->n`, `struct S *t = a[i]; t->p`).
//
// The model. The array itself stays an array of nullness flags (objects.ts). The structs it points
// to are "struct rows": one array per field with the pointer array's dimensions, so the struct that
// `a[i]` points to is the cell i of every row array (`a_rows_n[i]`, `a_rows_p[i]`). A pointer held
// in a local variable that may be NULL (`struct S *s = NULL; if (…) s = malloc(sizeof(struct S));`)
// is a "fresh slot": a nullness flag and one struct of scalars for its latest block. Storing it
// into the array (`a[i] = s`) writes the flag and copies the fields into the rows at i; a pointer
// loaded from the array (`struct S *t = a[i]`) is bound to the rows at i, with its index frozen.
//
// Soundness. Copying a block into the rows is exact only if no two cells share a block and the
// block is not changed through another pointer after the copy. What may be stored, when the rows
// are dereferenced anywhere (otherwise the store keeps only the flag, as before):
// - NULL, or a fresh allocation of one struct (`a[3] = malloc(sizeof(struct S))`: arbitrary fields);
// - a fresh slot declared, with an initialiser, inside the same loops as the store, not stored
//   before since its last binding, never copied to another pointer (copies of fresh slots are
//   refused in pointers.ts), and not dereferenced after the store until it is bound again.
// So each iteration stores a block of its own, made in that iteration. A pointer copied from one
// cell to another, or a pointer of any other origin, is refused. Loads bind to the cell, not to
// a copy: so a store into the array after a load (in program text, or in a loop around both) is
// refused. Dereferencing a cell that no store wrote is undefined behaviour in C (NULL or an
// uninitialised pointer): the rows start arbitrary (havoc), and that assumption is stated in the
// verdict's warnings. Allocation never fails (stated as everywhere else).

import type { SourceLocation } from '../../frontend/ast.js';
import {
  boolType,
  convertTo,
  createArrayHavoc,
  createArrayRead,
  createArrayWrite,
  createAssign,
  createConstant,
  createHavoc,
  createVariableExpression,
} from '../factory.js';
import type { ArrayVariable, Block, Expression, Statement } from '../types.js';
import { forEachStatement, visitBlock, visitStatementChildren } from '../visit.js';
import { constantSizeOf, describeType } from './c-types.js';
import { type Context, unsupported } from './context.js';
import type {
  Allocation,
  CType,
  ObjectNode,
  PointerCell,
  PointerSlot,
  PointerValue,
  StructPointerArray,
} from './model.js';
import { arrayLeaves, createObject, indexObject, integerLeaves, leafType, readObject, writeObject } from './objects.js';
import { freeze } from './values.js';

/** whether a cell of an array of pointers points to structs (the cells this file models) */
export function isStructPointerCell(cell: PointerCell | undefined): cell is PointerCell {
  return cell !== undefined && cell.pointee.kind === 'struct' && cell.indices.length === cell.flags.sizes.length;
}

/** whether an allocation is of exactly one object of the type (`malloc(sizeof(struct S))`) */
export function allocatesOne(context: Context, allocation: Allocation, ctype: CType): boolean {
  const size = constantSizeOf(ctype, context.dataModel);
  if (size === undefined) return false;
  if (allocation.count !== undefined) {
    return (
      allocation.count.kind === 'constant' &&
      allocation.count.value === 1n &&
      allocation.sizeofType !== undefined &&
      constantSizeOf(allocation.sizeofType, context.dataModel) === size
    );
  }
  return allocation.bytes.kind === 'constant' && allocation.bytes.value === size;
}

/** the rows of an array of struct pointers, created (havocked at program start) on first use */
function recordOf(context: Context, cell: PointerCell, location: SourceLocation): StructPointerArray {
  const known = context.structPointerArrays.get(cell.flags);
  if (known !== undefined) return known;
  const rows = createObject(
    context,
    `${cell.flags.sourceName}_rows`,
    cell.pointee,
    location,
    () => unsupported(location, `an array inside ${describeType(cell.pointee)} pointed to from an array`),
    cell.flags.sizes,
    cell.flags.sizes.map(() => ({ kind: 'incomplete' }) as const),
  );
  const rowArrays = arrayLeaves(rows, location).map((leaf) => leaf.array);
  for (const array of rowArrays) context.initialisation.push(createArrayHavoc(array, location));
  const record: StructPointerArray = {
    rows,
    rowArrays,
    refusal: undefined,
    dereferenced: undefined,
    stores: [],
    loads: [],
    flagWrites: new Set(),
  };
  context.structPointerArrays.set(cell.flags, record);
  return record;
}

/** the struct object at the given cell of the rows (each index peels one dimension off every field) */
function rowsAt(rows: ObjectNode, indices: readonly Expression[], location: SourceLocation): ObjectNode {
  return indices.reduce((node, index) => indexObject(node, index, location), rows);
}

function refuse(record: StructPointerArray, location: SourceLocation, message: string): void {
  if (record.dereferenced !== undefined) unsupported(location, message);
  record.refusal ??= { location, message };
}

/** `a[i]->…`: the struct the cell points to (its rows at the cell) */
export function structRowCell(context: Context, cell: PointerCell, location: SourceLocation): ObjectNode {
  const record = recordOf(context, cell, location);
  if (record.refusal !== undefined) unsupported(record.refusal.location, record.refusal.message);
  record.dereferenced ??= location;
  context.warnings.push({
    location,
    message:
      'assumption: a pointer stored in an array is dereferenced only after a store wrote it (rows of an array of struct pointers)',
  });
  return rowsAt(record.rows, cell.indices, location);
}

function sharesLoop(left: readonly number[], right: readonly number[]): boolean {
  return left.some((id) => right.includes(id));
}

/** `struct S *t = a[i]`: t is bound to the rows at i (the index frozen), its nullness the flag there */
export function bindToStructRow(
  context: Context,
  slot: PointerSlot,
  cell: PointerCell,
  location: SourceLocation,
  out: Statement[],
): void {
  if (slot.target !== undefined)
    return unsupported(location, `pointer '${slot.sourceName}' bound again (to a pointer loaded from an array)`);
  const record = recordOf(context, cell, location);
  if (record.stores.some((loops) => sharesLoop(loops, context.loopStack))) {
    return unsupported(
      location,
      `pointer '${slot.sourceName}' loaded from an array of struct pointers inside a loop that also stores into it`,
    );
  }
  const indices = cell.indices.map((index, position) =>
    freeze(context, index, `${slot.sourceName}_index${position}`, location, out),
  );
  const frozen: PointerCell = { ...cell, indices };
  slot.target = { object: structRowCell(context, frozen, location), isArray: false, allocatedInLoop: false };
  slot.nullness = createArrayRead(cell.flags, indices);
  record.loads.push([...context.loopStack]);
}

/** `a[i] = value` into an array of struct pointers: the flag, and the fields when they can be copied */
export function storeStructPointer(
  context: Context,
  cell: PointerCell,
  value: PointerValue,
  location: SourceLocation,
  out: Statement[],
): void {
  const record = recordOf(context, cell, location);
  if (record.loads.length > 0)
    return unsupported(location, 'a store into an array of struct pointers after a pointer was loaded from it');
  record.stores.push([...context.loopStack]);
  const flag = (truth: Expression): void => {
    const write = createArrayWrite(cell.flags, cell.indices, convertTo(truth, boolType), location);
    record.flagWrites.add(write);
    out.push(write);
  };
  switch (value.kind) {
    case 'null':
      return flag(createConstant(0n, boolType));
    case 'allocation': {
      context.warnings.push({
        location,
        message: 'assumption: memory allocation never fails (the block is never NULL)',
      });
      flag(createConstant(1n, boolType));
      if (!allocatesOne(context, value, cell.pointee))
        return refuse(
          record,
          location,
          `an allocation other than one ${describeType(cell.pointee)} stored into an array of struct pointers`,
        );
      for (const leaf of integerLeaves(rowsAt(record.rows, cell.indices, location), location).values()) {
        out.push(...freshValue(context, leaf, value.fill, location));
      }
      return;
    }
    case 'target': {
      flag(value.nullness ?? createConstant(1n, boolType));
      const problem = storeProblem(context, value);
      if (problem !== undefined) return refuse(record, location, problem);
      const source = integerLeaves(value.target.object, location);
      const destination = integerLeaves(rowsAt(record.rows, cell.indices, location), location);
      for (const [path, leaf] of destination)
        out.push(writeObject(leaf, readObject(source.get(path)!, location), location));
      value.origin!.fresh!.stored = record;
      return;
    }
    case 'opaque':
      flag(value.flag);
      return refuse(record, location, 'a pointer copied from an array or struct into an array of struct pointers');
    default: {
      const never: never = value;
      return never;
    }
  }
}

function freshValue(context: Context, leaf: ObjectNode, fill: 'havoc' | 'zero', location: SourceLocation): Statement[] {
  if (fill === 'zero') return [writeObject(leaf, createConstant(0n, leafType(leaf, location)), location)];
  if (leaf.kind === 'scalar') return [createHavoc(leaf.variable, location)];
  if (leaf.kind !== 'cell') return unsupported(location, 'a field of an allocated struct');
  const temporary = context.freshScalar(`${leaf.array.sourceName}_fresh`, leaf.array.elementType, location);
  return [
    createHavoc(temporary, location),
    createArrayWrite(leaf.array, leaf.indices, createVariableExpression(temporary), location),
  ];
}

/** why a pointer value cannot be copied into the rows (undefined: it can) */
function storeProblem(context: Context, value: Extract<PointerValue, { kind: 'target' }>): string | undefined {
  const fresh = value.origin?.fresh;
  const name = value.origin?.sourceName ?? 'the pointer';
  if (fresh === undefined)
    return `a pointer stored into an array of struct pointers that is not NULL or a block allocated for it ('${name}')`;
  if (fresh.declaredLoops === undefined)
    return `pointer '${name}' stored into an array of struct pointers without an initialiser in its declaration`;
  if (
    fresh.declaredLoops.length !== context.loopStack.length ||
    !fresh.declaredLoops.every((id, position) => context.loopStack[position] === id)
  ) {
    return `pointer '${name}' stored into an array of struct pointers inside a loop other than the one that declares it (two cells could share its block)`;
  }
  if (fresh.stored !== undefined)
    return `pointer '${name}' stored twice into an array of struct pointers (two cells would share its block)`;
  return undefined;
}

/**
 * A fresh slot (`struct S *s = NULL`, `s = malloc(sizeof(struct S))`): a nullness flag and one struct
 * of scalars for the latest block. A new allocation sets the flag and gives the fields arbitrary
 * values (zeros for calloc); NULL clears the flag.
 */
export function bindFreshSlot(
  context: Context,
  slot: PointerSlot,
  pointee: CType,
  value: Allocation | undefined,
  location: SourceLocation,
  out: Statement[],
): void {
  if (slot.target !== undefined && slot.fresh === undefined)
    return unsupported(location, `pointer '${slot.sourceName}' reassigned to a different block`);
  if (slot.fresh === undefined) {
    const object = createObject(context, `${slot.sourceName}_block`, pointee, location, () =>
      unsupported(location, `an array inside ${describeType(pointee)} behind a pointer that may be NULL`),
    );
    const flag = context.freshScalar(`${slot.sourceName}_nonnull`, boolType, location);
    // copies of the pointer are refused (pointers.ts): allocatedInLoop stands for "the block changes"
    slot.target = { object, isArray: false, allocatedInLoop: true };
    slot.nullness = createVariableExpression(flag);
    slot.fresh = { flag, declaredLoops: undefined, stored: undefined };
  }
  const fresh = slot.fresh;
  fresh.stored = undefined;
  out.push(createAssign(fresh.flag, createConstant(value === undefined ? 0n : 1n, boolType), location));
  if (value === undefined) return;
  context.warnings.push({ location, message: 'assumption: memory allocation never fails (the block is never NULL)' });
  for (const leaf of integerLeaves(slot.target!.object, location).values())
    out.push(...freshValue(context, leaf, value.fill, location));
}

/** a dereference of a fresh slot whose block was stored into an array: the copy in the rows could go stale */
export function checkNotStored(pointer: PointerValue, location: SourceLocation): void {
  const stored = pointer.kind === 'target' ? pointer.origin?.fresh?.stored : undefined;
  if (stored === undefined || pointer.kind !== 'target') return;
  refuse(
    stored,
    location,
    `pointer '${pointer.origin!.sourceName}' dereferenced after it was stored into an array of struct pointers`,
  );
}

/**
 * Refuses (unsupported) a program whose dereferenced array of struct pointers has a flag changed by
 * anything but the stores above (memcpy of pointers, for instance, would share blocks between cells
 * without copying their rows). Filling with NULL and the arbitrary contents of a fresh array are
 * allowed: a cell they leave is never a block of the rows.
 */
export function checkStructRowStores(context: Context, statements: Block): void {
  const watched = new Map<ArrayVariable, StructPointerArray>();
  for (const [flags, record] of context.structPointerArrays)
    if (record.dereferenced !== undefined) watched.set(flags, record);
  if (watched.size === 0) return;
  forEachStatement(statements, (statement) => {
    if (statement.kind !== 'arrayWrite' && statement.kind !== 'arrayFill') return;
    const record = watched.get(statement.array);
    if (record === undefined || record.flagWrites.has(statement)) return;
    if (statement.kind === 'arrayFill' && statement.value.kind === 'constant' && statement.value.value === 0n) return;
    unsupported(
      statement.location,
      'a pointer written into an array of struct pointers other than by a store of NULL or a fresh block (its cells are dereferenced)',
    );
  });
}

/** Removes the rows of arrays that were never dereferenced, and the copies into them. */
export function dropUnusedStructRows(context: Context, statements: Block): Block {
  const unused = new Set<ArrayVariable>();
  for (const record of context.structPointerArrays.values()) {
    if (record.dereferenced === undefined) for (const array of record.rowArrays) unused.add(array);
  }
  if (unused.size === 0) return statements;
  for (const array of unused) context.arrays.splice(context.arrays.indexOf(array), 1);
  const strip = (block: Block): Block =>
    visitBlock(block, (statement) => {
      if (
        (statement.kind === 'arrayWrite' || statement.kind === 'arrayHavoc' || statement.kind === 'arrayFill') &&
        unused.has(statement.array)
      )
        return [];
      return visitStatementChildren(statement, (expression) => expression, strip);
    });
  return strip(statements);
}
