// Rows of a pointer array: `int **a = malloc(n * sizeof(int *)); for (i = 0; i < n; i++) a[i] =
// malloc(m * sizeof(int));` and then `a[i][j]`, the jagged two-dimensional array of C code.
//
// A pointer stored in an array is otherwise opaque (objects.ts: only its nullness is modelled). When
// such a pointer to an integer is dereferenced, the cells it reaches are modelled by a companion
// array, the "rows" of the pointer array: one more dimension than the array of pointers, so that
// `a[i][j]` is the cell (i, j) of `a_rows`. Row i of `a_rows` stands for the block that `a[i]` points
// to. Cells are independent whatever the sizes (the IR's arrays are total maps), and the SMT
// encodings do not read them: the sizes, 256 in every dimension, are only the window in which a
// counterexample's havocked contents are decoded and replayed (a counterexample that needs a cell
// outside it fails to replay and stays UNKNOWN).
//
// Soundness rests on three conditions, the last two checked on the finished program
// (`checkRowAllocations`), the first stated as an assumption in every verdict:
// - a row is dereferenced only after an allocation stored it (reading through an uninitialised or
//   freed pointer is undefined behaviour in C);
// - the only stores into an array of pointers that has rows are the row allocations (`a[e] =
//   malloc(…)`, recorded here) and NULL: a row never aliases another row or another object;
// - no row is allocated twice in a run, so the contents a row starts with are those of `a_rows` at
//   program start: a havoc (arbitrary, as a fresh block's are), or zeros when calloc allocates every
//   row (`settleRowContents`). Either every row allocation
//   statement stands outside every loop and all use distinct constant indices, or there is one row
//   allocation statement, inside exactly one loop, indexed by a signed variable that every
//   iteration changes once by the same constant step (the loop's update, or one top-level
//   statement of a body without `continue`), so no two iterations store the same row.

import type { SourceLocation } from '../../frontend/ast.js';
import {
  boolType,
  convertTo,
  createArrayFill,
  createArrayHavoc,
  createArrayWrite,
  createConstant,
  longLongType,
} from '../factory.js';
import type { ArrayVariable, Block, Expression, LoopStatement, ScalarVariable, Statement } from '../types.js';
import { containsJump, stripWideningCasts, writesScalar } from '../visit.js';
import { constantSizeOf, describeType } from './c-types.js';
import { type Context, unsupported } from './context.js';
import type { Allocation, ObjectNode, PointerCell, RowAllocation } from './model.js';

/** the size of every dimension of a rows array: the window of decoded contents */
const rowDimension = 256n;

/** the pointer cell of an opaque pointer node, when it is a cell of an array of pointers */
export function pointerCellOf(node: ObjectNode): PointerCell | undefined {
  if (node.kind !== 'cell' || node.ctype.kind !== 'pointer' || node.indices.length === 0) return undefined;
  return { flags: node.array, indices: node.indices, pointee: node.ctype.target };
}

/** The rows array of an array of pointers to integers, created (and havocked at program start) on first use. */
export function rowsOf(context: Context, cell: PointerCell, location: SourceLocation): ArrayVariable {
  const known = context.rowArrays.get(cell.flags);
  if (known !== undefined) return known;
  if (cell.pointee.kind !== 'integer')
    return unsupported(location, `dereference of a pointer to ${describeType(cell.pointee)} stored in an array`);
  if (cell.indices.length !== cell.flags.sizes.length)
    return unsupported(location, 'dereference of a pointer stored in an array, through a partial index');
  const sizes = [...cell.flags.sizes, undefined].map(() => createConstant(rowDimension, longLongType));
  const rows = context.freshArray(`${cell.flags.sourceName}_rows`, cell.pointee.type, sizes, location);
  context.rowArrays.set(cell.flags, rows);
  context.initialisation.push(createArrayHavoc(rows, location));
  context.warnings.push({
    location,
    message:
      'assumption: a pointer stored in an array is dereferenced only after an allocation stored it (rows of a pointer array)',
  });
  return rows;
}

/** The object `cell[index]` reaches: a cell of the rows array. */
export function rowCell(context: Context, cell: PointerCell, index: Expression, location: SourceLocation): ObjectNode {
  const rows = rowsOf(context, cell, location);
  return { kind: 'cell', array: rows, indices: [...cell.indices, index], ctype: cell.pointee };
}

/**
 * `a[e] = malloc(…)` into an array of pointers: the flag is set, and the statement recorded for the
 * check (which applies only if the array's rows are ever dereferenced).
 */
export function allocateRow(
  context: Context,
  cell: PointerCell,
  allocation: Allocation,
  location: SourceLocation,
  out: Statement[],
): void {
  let refusal: string | undefined;
  if (
    allocation.sizeofType !== undefined &&
    constantSizeOf(allocation.sizeofType, context.dataModel) !== constantSizeOf(cell.pointee, context.dataModel)
  ) {
    refusal = `allocation with sizeof(${describeType(allocation.sizeofType)}) stored as a pointer to ${describeType(cell.pointee)}`;
  }
  context.warnings.push({ location, message: 'assumption: memory allocation never fails (the block is never NULL)' });
  const statement = createArrayWrite(cell.flags, cell.indices, createConstant(1n, boolType), location);
  context.rowAllocations.push({ statement, flags: cell.flags, location, refusal, fill: allocation.fill });
  out.push(statement);
}

interface Occurrence {
  readonly allocation: RowAllocation;
  /** the loops around the statement, outermost first */
  readonly loops: readonly LoopStatement[];
}

/**
 * Rows that only calloc allocates start as zeros instead of arbitrary values: since no row is
 * allocated twice (checked below), the contents at program start are the contents at the row's
 * allocation. A mix of malloc and calloc rows is refused.
 */
export function settleRowContents(context: Context): void {
  for (const [flags, rows] of context.rowArrays) {
    const fills = new Set(
      context.rowAllocations.filter((allocation) => allocation.flags === flags).map((allocation) => allocation.fill),
    );
    if (!fills.has('zero')) continue;
    const location = context.rowAllocations.find(
      (allocation) => allocation.flags === flags && allocation.fill === 'zero',
    )!.location;
    if (fills.has('havoc'))
      unsupported(location, 'rows of one array of pointers allocated both by malloc and by calloc');
    const index = context.initialisation.findIndex(
      (statement) => statement.kind === 'arrayHavoc' && statement.array === rows,
    );
    if (index < 0) throw new Error('internal: the rows array has no havoc at program start');
    context.initialisation[index] = createArrayFill(
      rows,
      convertTo(createConstant(0n), rows.elementType),
      context.initialisation[index]!.location,
    );
  }
}

/** Refuses (unsupported) a program where a row may be allocated twice or a row pointer aliased. */
export function checkRowAllocations(context: Context, body: Block): void {
  if (context.rowArrays.size === 0) return;
  const recorded = new Map<Statement, RowAllocation>(
    context.rowAllocations.map((allocation) => [allocation.statement, allocation]),
  );
  const flagArrays = new Set(context.rowArrays.keys());
  const occurrences: Occurrence[] = [];
  const walk = (block: Block, loops: readonly LoopStatement[]): void => {
    for (const statement of block) {
      switch (statement.kind) {
        case 'arrayWrite': {
          const allocation = recorded.get(statement);
          if (allocation !== undefined) occurrences.push({ allocation, loops });
          else if (flagArrays.has(statement.array) && !isNull(statement.value)) {
            unsupported(
              statement.location,
              'a pointer other than a fresh allocation stored in an array of pointers that is dereferenced',
            );
          }
          break;
        }
        case 'if':
          walk(statement.then, loops);
          walk(statement.else, loops);
          break;
        case 'loop':
          walk(statement.body, [...loops, statement]);
          walk(statement.update, [...loops, statement]);
          break;
        default:
          break;
      }
    }
  };
  walk(body, []);
  for (const flags of flagArrays) {
    const mine = occurrences.filter((occurrence) => occurrence.allocation.flags === flags);
    const refused = mine.find((occurrence) => occurrence.allocation.refusal !== undefined);
    if (refused !== undefined) unsupported(refused.allocation.location, refused.allocation.refusal!);
    const problem = rowAllocationProblem(mine);
    if (problem !== undefined) unsupported(problem.location, problem.message);
  }
}

function isNull(value: Expression): boolean {
  const stripped = stripWideningCasts(value);
  return stripped.kind === 'constant' && stripped.value === 0n;
}

function rowAllocationProblem(
  occurrences: readonly Occurrence[],
): { location: SourceLocation; message: string } | undefined {
  const first = occurrences[0];
  if (first === undefined) return undefined;
  if (occurrences.every((occurrence) => occurrence.loops.length === 0)) {
    const keys = occurrences.map((occurrence) => constantIndices(occurrence.allocation.statement.indices));
    const distinct = new Set(keys);
    if (keys.every((key) => key !== undefined) && distinct.size === keys.length) return undefined;
    return {
      location: first.allocation.location,
      message: 'rows of an array of pointers allocated at indices that may coincide',
    };
  }
  if (occurrences.length > 1)
    return {
      location: first.allocation.location,
      message: 'a row of an array of pointers allocated by more than one statement, one inside a loop',
    };
  const loop = first.loops[0]!;
  if (first.loops.length > 1)
    return {
      location: first.allocation.location,
      message: 'a row of an array of pointers allocated inside nested loops (it may be allocated twice)',
    };
  if (
    first.allocation.statement.indices.length !== 1 ||
    !steppedByUpdateAlone(loop, first.allocation.statement.indices[0]!)
  ) {
    return {
      location: first.allocation.location,
      message:
        'a row of an array of pointers allocated in a loop at an index other than the loop counter (it may be allocated twice)',
    };
  }
  return undefined;
}

function constantIndices(indices: readonly Expression[]): string | undefined {
  const values: string[] = [];
  for (const index of indices) {
    const stripped = stripWideningCasts(index);
    if (stripped.kind !== 'constant') return undefined;
    values.push(stripped.value.toString());
  }
  return values.join(',');
}

/**
 * the index is a signed variable that every iteration steps by the same nonzero constant, once:
 * in the loop's update (`for (…; …; i++)`) with the body never writing it, or in one top-level
 * statement of the body (`while (i < n) { …; i++; }`) with no `continue` that could skip it
 */
function steppedByUpdateAlone(loop: LoopStatement, index: Expression): boolean {
  const stripped = stripWideningCasts(index);
  if (stripped.kind !== 'variable' || !stripped.variable.type.signed) return false;
  const variable = stripped.variable;
  const writesIn = (block: Block): Statement[] => block.filter((statement) => writesScalar([statement], variable));
  const [inBody, inUpdate] = [writesIn(loop.body), writesIn(loop.update)];
  if (inBody.length === 0) return inUpdate.length === 1 && isConstantStep(inUpdate[0]!, variable);
  return (
    inUpdate.length === 0 &&
    inBody.length === 1 &&
    isConstantStep(inBody[0]!, variable) &&
    !containsJump(loop.body, 'continue')
  );
}

function isConstantStep(statement: Statement, variable: ScalarVariable): boolean {
  if (statement.kind !== 'assign' || statement.target !== variable) return false;
  const value = stripWideningCasts(statement.value);
  if (value.kind !== 'binary' || (value.operator !== 'add' && value.operator !== 'subtract')) return false;
  const left = stripWideningCasts(value.left);
  const right = stripWideningCasts(value.right);
  const isSelf = (expression: Expression): boolean =>
    expression.kind === 'variable' && expression.variable === variable;
  const isStep = (expression: Expression): boolean => expression.kind === 'constant' && expression.value !== 0n;
  return (isSelf(left) && isStep(right)) || (value.operator === 'add' && isStep(left) && isSelf(right));
}
