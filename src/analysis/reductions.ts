// Reductions computed twice around a permutation of the array they read: in the
// top-level block of a program (helpers inlined),
//   res = INIT; i = S; while (i < E) { res = F(res, x[i], i); } update { i = i + 1; } r = POST(res);
//   …swaps (t = x[p]; x[p] = x[q]; x[q] = t) and rotations by one of x's cells in the range read…
//   the same reduction again, into r' (its own accumulator and counter)
// The second result equals the first once the fold is shown insensitive to the order of the values
// it reads (kernel/permuted-reductions.ts asks the solver); this file only finds the shape.
//
// What is recognised (anything else is no pair): INIT a constant expression or G(x[S − 1]) (then the
// range read is [S − 1, E), else [S, E)); S and E constants; the body one assignment of res, or
// `if (c) res = e;`, reading only res, i and x[i] (the cell at the counter, so that no iteration reads
// another's cell); the statements between the two reductions write x only by swaps of two constant
// cells in the range and rotations by one of exactly the range (either direction, the saved cell
// of x's element type), and do not assign r; the result statement reads the accumulator, and the
// later fold's accumulator and counter are not r.
//
// Soundness: purely syntactic (casts looked through only where they keep every value: a narrowing
// cast of an index or a constant is no match); the claim r' = r rests on the solver's proof of the
// fold's laws.

import { createConditional, createVariableExpression, sameType } from '../ir/factory.js';
import type {
  ArrayVariable,
  AssignStatement,
  Block,
  Expression,
  LoopStatement,
  ScalarVariable,
  Statement,
} from '../ir/types.js';
import {
  arrayReadsOf,
  isVariableExpression,
  sameExpressionModulo,
  scalarsReadIn,
  someSubexpression,
  stripWideningCasts as stripCasts,
} from '../ir/visit.js';

/** one reduction: res = initial; counter from `first` while < `end`; res = update; result = post(res) */
export interface Reduction {
  readonly start: number;
  readonly loop: LoopStatement;
  readonly resultIndex: number;
  readonly result: AssignStatement;
  readonly accumulator: ScalarVariable;
  readonly counter: ScalarVariable;
  readonly array: ArrayVariable;
  readonly initial: Expression;
  /** the accumulator's next value (a conditional one for `if (c) res = e;`) */
  readonly update: Expression;
  /** the counter's next value (the loop's update) */
  readonly step: Expression;
  readonly first: bigint;
  readonly end: bigint;
  /** whether the initial value reads x[first − 1] */
  readonly initialReadsCell: boolean;
  /** the cells read: [low, high) */
  readonly low: bigint;
  readonly high: bigint;
}

/**
 * the statements of a fold whose result is copied (start … the loop) when nothing after its result
 * reads its accumulator or counter: they compute nothing a later statement sees
 */
export function deadFoldStatements(body: Block, reduction: Reduction): readonly number[] {
  const after = scalarsReadIn([body.slice(reduction.resultIndex + 1)]);
  if (after.has(reduction.accumulator.id) || after.has(reduction.counter.id)) return [];
  const loopIndex = reduction.resultIndex - 1;
  const indices: number[] = [];
  for (let index = reduction.start; index <= loopIndex; index++) {
    const statement = body[index]!;
    const own =
      statement === reduction.loop ||
      (statement.kind === 'assign' &&
        (statement.target.id === reduction.accumulator.id || statement.target.id === reduction.counter.id));
    if (own) indices.push(index);
  }
  return indices;
}

export interface PermutedReductionPair {
  readonly earlier: Reduction;
  readonly later: Reduction;
  /** what the statements between do to the range: for the note */
  readonly permutations: readonly string[];
}

/** the pairs of the program's top-level block: each reduction with the nearest earlier one it repeats */
export function permutedReductionPairs(body: Block): PermutedReductionPair[] {
  const reductions: Reduction[] = [];
  for (let index = 0; index < body.length; index++) {
    const statement = body[index]!;
    if (statement.kind !== 'loop') continue;
    const found = reductionAt(body, index);
    if (found !== undefined) reductions.push(found);
  }
  const pairs: PermutedReductionPair[] = [];
  for (const [position, later] of reductions.entries()) {
    for (let back = position - 1; back >= 0; back--) {
      const earlier = reductions[back]!;
      if (!sameReduction(earlier, later)) continue;
      // the later fold must leave the earlier result alone (its copy is read after the later loop)
      const copied = earlier.result.target.id;
      if (copied === later.accumulator.id || copied === later.counter.id) break;
      const permutations = permutationsBetween(body, earlier, later);
      if (permutations !== undefined) pairs.push({ earlier, later, permutations });
      break;
    }
  }
  return pairs;
}

/** a constant's value: + − × and exact division of non-negative constants (casts that keep values looked through) */
export function constantValue(expression: Expression): bigint | undefined {
  const stripped = stripCasts(expression);
  switch (stripped.kind) {
    case 'constant':
      return stripped.value;
    case 'unary': {
      const operand = constantValue(stripped.operand);
      return stripped.operator === 'negate' && operand !== undefined ? -operand : undefined;
    }
    case 'binary': {
      const left = constantValue(stripped.left);
      const right = constantValue(stripped.right);
      if (left === undefined || right === undefined) return undefined;
      if (stripped.operator === 'add') return left + right;
      if (stripped.operator === 'subtract') return left - right;
      if (stripped.operator === 'multiply') return left * right;
      if (stripped.operator === 'divide' && left >= 0n && right > 0n && left % right === 0n) return left / right;
      return undefined;
    }
    default:
      return undefined;
  }
}

function isVariable(expression: Expression, variable: ScalarVariable): boolean {
  return isVariableExpression(stripCasts(expression), variable);
}

/** reads only the given scalars, and cells of `array` (one dimension) at an index `index` accepts */
function readsOnly(
  expression: Expression,
  scalars: readonly ScalarVariable[],
  array: ArrayVariable | undefined,
  index: (expression: Expression) => boolean,
): boolean {
  return !someSubexpression(expression, (node) => {
    if (node.kind === 'variable') return !scalars.some((scalar) => scalar.id === node.variable.id);
    if (node.kind !== 'arrayRead') return false;
    return array === undefined || node.array.id !== array.id || node.indices.length !== 1 || !index(node.indices[0]!);
  });
}

/** the accumulator's next value of a body `res = e;` or `if (c) res = e;` */
function bodyUpdate(body: Block): { readonly accumulator: ScalarVariable; readonly update: Expression } | undefined {
  if (body.length !== 1) return undefined;
  const statement = body[0]!;
  if (statement.kind === 'assign') return { accumulator: statement.target, update: statement.value };
  if (
    statement.kind === 'if' &&
    statement.else.length === 0 &&
    statement.then.length === 1 &&
    statement.then[0]!.kind === 'assign'
  ) {
    const assign = statement.then[0]!;
    return {
      accumulator: assign.target,
      update: createConditional(
        statement.condition,
        assign.value,
        createVariableExpression(assign.target),
        assign.target.type,
      ),
    };
  }
  return undefined;
}

/** the last assignment to `variable` among the statements just before `index`, skipping havocs and assignments of the other */
function assignmentBefore(
  body: Block,
  index: number,
  variable: ScalarVariable,
  other: ScalarVariable,
): AssignStatement | undefined {
  for (let back = index - 1; back >= 0 && back >= index - 4; back--) {
    const statement = body[back]!;
    if (statement.kind === 'assign' && statement.target.id === variable.id) return statement;
    const harmless =
      (statement.kind === 'havoc' || statement.kind === 'assign') &&
      (statement.target.id === other.id || statement.target.id === variable.id);
    if (!harmless) return undefined;
  }
  return undefined;
}

function reductionAt(body: Block, index: number): Reduction | undefined {
  const loop = body[index] as LoopStatement;
  const condition = stripCasts(loop.condition);
  if (condition.kind !== 'binary' || condition.operator !== 'less' || stripCasts(condition.left).kind !== 'variable')
    return undefined;
  const counter = (stripCasts(condition.left) as Extract<Expression, { kind: 'variable' }>).variable;
  const end = constantValue(condition.right);
  const found = bodyUpdate(loop.body);
  if (end === undefined || found === undefined || found.accumulator.id === counter.id) return undefined;
  const { accumulator, update } = found;
  if (loop.update.length !== 1 || loop.update[0]!.kind !== 'assign' || loop.update[0]!.target.id !== counter.id)
    return undefined;
  const step = loop.update[0]!.value;
  const stepped = stripCasts(step);
  if (
    stepped.kind !== 'binary' ||
    stepped.operator !== 'add' ||
    !isVariable(stepped.left, counter) ||
    constantValue(stepped.right) !== 1n
  )
    return undefined;
  const atCounter = (expression: Expression): boolean => isVariable(expression, counter);
  const array = arrayOf(update);
  if (array === undefined || array.sizes.length !== 1 || !readsOnly(update, [accumulator, counter], array, atCounter))
    return undefined;
  const counterStart = assignmentBefore(body, index, counter, accumulator);
  const accumulatorStart = assignmentBefore(body, index, accumulator, counter);
  const first = counterStart === undefined ? undefined : constantValue(counterStart.value);
  if (first === undefined || accumulatorStart === undefined || first >= end) return undefined;
  const initial = accumulatorStart.value;
  const initialReadsCell = arrayOf(initial) !== undefined;
  const previousCell = (expression: Expression): boolean => constantValue(expression) === first - 1n;
  if (
    initialReadsCell
      ? !readsOnly(initial, [], array, previousCell)
      : constantValue(initial) === undefined && !readsOnly(initial, [], undefined, () => false)
  )
    return undefined;
  const resultIndex = index + 1;
  const result = body[resultIndex];
  if (
    result?.kind !== 'assign' ||
    result.target.id === accumulator.id ||
    result.target.id === counter.id ||
    !scalarsReadIn([[result]]).has(accumulator.id) ||
    !readsOnly(result.value, [accumulator], undefined, () => false)
  )
    return undefined;
  const start = Math.min(body.indexOf(counterStart!), body.indexOf(accumulatorStart));
  const low = initialReadsCell ? first - 1n : first;
  return {
    start,
    loop,
    resultIndex,
    result,
    accumulator,
    counter,
    array,
    initial,
    update,
    step,
    first,
    end,
    initialReadsCell,
    low,
    high: end,
  };
}

/** the one array an expression reads, if it reads exactly one */
function arrayOf(expression: Expression): ArrayVariable | undefined {
  const arrays = new Map(arrayReadsOf(expression).map((read): [number, ArrayVariable] => [read.array.id, read.array]));
  return arrays.size === 1 ? [...arrays.values()][0] : undefined;
}

/** the same reduction up to its accumulator, counter and result variable */
function sameReduction(earlier: Reduction, later: Reduction): boolean {
  if (
    earlier.array.id !== later.array.id ||
    earlier.first !== later.first ||
    earlier.end !== later.end ||
    earlier.initialReadsCell !== later.initialReadsCell
  )
    return false;
  if (
    !sameType(earlier.accumulator.type, later.accumulator.type) ||
    !sameType(earlier.counter.type, later.counter.type) ||
    !sameType(earlier.result.target.type, later.result.target.type)
  )
    return false;
  const renaming = new Map([
    [earlier.accumulator.id, later.accumulator],
    [earlier.counter.id, later.counter],
  ]);
  const same = (left: Expression, right: Expression): boolean => sameExpressionModulo(left, right, renaming);
  return (
    same(earlier.initial, later.initial) &&
    same(earlier.update, later.update) &&
    same(earlier.step, later.step) &&
    same(earlier.result.value, later.result.value) &&
    same(earlier.loop.condition, later.loop.condition)
  );
}

/** the permutations of [low, high) the statements between do, or undefined when they do anything else to x or r */
function permutationsBetween(body: Block, earlier: Reduction, later: Reduction): string[] | undefined {
  const array = earlier.array;
  const found: string[] = [];
  let index = earlier.resultIndex + 1;
  while (index < later.start) {
    const swap = swapAt(body, index, array, earlier);
    if (swap !== undefined) {
      found.push(swap);
      index += 3;
      continue;
    }
    const rotation = rotationAt(body, index, array, earlier);
    if (rotation !== undefined) {
      found.push(rotation.description);
      index += rotation.length;
      continue;
    }
    if (!harmless(body[index]!, array, earlier.result.target)) return undefined;
    index++;
  }
  return found;
}

/** a statement that neither writes x nor assigns r */
function harmless(statement: Statement, array: ArrayVariable, result: ScalarVariable): boolean {
  switch (statement.kind) {
    case 'assign':
    case 'havoc':
      return statement.target.id !== result.id;
    case 'assume':
    case 'assert':
      return true;
    default:
      return false;
  }
}

function cellIndex(expression: Expression, array: ArrayVariable): bigint | undefined {
  const stripped = stripCasts(expression);
  if (stripped.kind !== 'arrayRead' || stripped.array.id !== array.id || stripped.indices.length !== 1)
    return undefined;
  return constantValue(stripped.indices[0]!);
}

/** a temporary of x's element type holding a constant cell of the range */
function savedCell(
  statement: Statement | undefined,
  array: ArrayVariable,
  reduction: Reduction,
): { readonly temporary: ScalarVariable; readonly cell: bigint } | undefined {
  if (statement?.kind !== 'assign' || !sameType(statement.target.type, array.elementType)) return undefined;
  const cell = cellIndex(statement.value, array);
  if (cell === undefined || cell < reduction.low || cell >= reduction.high) return undefined;
  return { temporary: statement.target, cell };
}

function constantWrite(
  statement: Statement | undefined,
  array: ArrayVariable,
): { readonly cell: bigint; readonly value: Expression } | undefined {
  if (statement?.kind !== 'arrayWrite' || statement.array.id !== array.id || statement.indices.length !== 1)
    return undefined;
  const cell = constantValue(statement.indices[0]!);
  return cell === undefined ? undefined : { cell, value: statement.value };
}

/** t = x[p]; x[p] = x[q]; x[q] = t; with p, q in the range */
function swapAt(body: Block, index: number, array: ArrayVariable, reduction: Reduction): string | undefined {
  const saved = savedCell(body[index], array, reduction);
  const first = constantWrite(body[index + 1], array);
  const second = constantWrite(body[index + 2], array);
  if (saved === undefined || first === undefined || second === undefined || first.cell !== saved.cell) return undefined;
  const other = cellIndex(first.value, array);
  if (
    other === undefined ||
    other !== second.cell ||
    other < reduction.low ||
    other >= reduction.high ||
    !isVariable(second.value, saved.temporary)
  )
    return undefined;
  return `a swap of x[${saved.cell}] and x[${other}]`;
}

/** t = x[low]; j = low; while (j < high - 1) { x[j] = x[j + 1]; } update j++; x[high - 1] = t; (or the other way round) */
function rotationAt(
  body: Block,
  index: number,
  array: ArrayVariable,
  reduction: Reduction,
): { readonly description: string; readonly length: number } | undefined {
  const saved = savedCell(body[index], array, reduction);
  const start = body[index + 1];
  const loop = body[index + 2];
  const last = constantWrite(body[index + 3], array);
  if (
    saved === undefined ||
    start?.kind !== 'assign' ||
    loop?.kind !== 'loop' ||
    last === undefined ||
    !isVariable(last.value, saved.temporary)
  )
    return undefined;
  const counter = start.target;
  const from = constantValue(start.value);
  if (loop.body.length !== 1 || loop.update.length !== 1) return undefined;
  const move = loop.body[0]!;
  const update = loop.update[0]!;
  const condition = stripCasts(loop.condition);
  if (
    move.kind !== 'arrayWrite' ||
    move.array.id !== array.id ||
    update.kind !== 'assign' ||
    update.target.id !== counter.id ||
    condition.kind !== 'binary'
  )
    return undefined;
  if (!isVariable(condition.left, counter) || !isVariable(move.indices[0]!, counter)) return undefined;
  const bound = constantValue(condition.right);
  const stepped = stripCasts(update.value);
  const source = stripCasts(move.value);
  if (
    stepped.kind !== 'binary' ||
    !isVariable(stepped.left, counter) ||
    constantValue(stepped.right) !== 1n ||
    source.kind !== 'arrayRead' ||
    source.array.id !== array.id
  )
    return undefined;
  const offset = stripCasts(source.indices[0]!);
  if (offset.kind !== 'binary' || !isVariable(offset.left, counter) || constantValue(offset.right) !== 1n)
    return undefined;
  const { low, high } = reduction;
  // left: x[j] = x[j + 1] for j in [low, high - 1), x[high - 1] = the saved x[low]
  if (
    stepped.operator === 'add' &&
    offset.operator === 'add' &&
    condition.operator === 'less' &&
    from === low &&
    bound === high - 1n &&
    saved.cell === low &&
    last.cell === high - 1n
  ) {
    return { description: `a rotation of x[${low} … ${high - 1n}] by one to the left`, length: 4 };
  }
  // right: x[j] = x[j - 1] for j from high - 1 down to low + 1, x[low] = the saved x[high - 1]
  if (
    stepped.operator === 'subtract' &&
    offset.operator === 'subtract' &&
    condition.operator === 'greater' &&
    from === high - 1n &&
    bound === low &&
    saved.cell === high - 1n &&
    last.cell === low
  ) {
    return { description: `a rotation of x[${low} … ${high - 1n}] by one to the right`, length: 4 };
  }
  return undefined;
}
