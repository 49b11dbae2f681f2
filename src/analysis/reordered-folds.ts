// Folds of the same cells in different orders or groupings: in one block of a program (the top-level
// block and the then-blocks of top-level branches, helpers inlined),
//   res = INIT; i = S;     while (i < E)  { res = F(res, x[i], …, x[i + k − 1]); } update { i = i + k; }
//   res = INIT; i = E − 1; while (i >= S) { res = F(res, x[i]); }                 update { i = i − 1; }
// optionally followed by `r = POST(res)` (else the accumulator itself is the result). INIT is an
// expression that reads nothing (a constant) or G(x[S − 1]) of a forward fold (the cells read are
// then [S − 1, E), else [S, E)). F reads only the accumulator and the cells x[i + j], j < k (never the
// counter elsewhere: the step is a function of the values alone). S and E are constants or, for a
// stride of one, expressions of variables that no statement of the pair writes (E of a backward fold
// read from its start `E − 1`); a constant range of stride k has a length divisible by k.
//
// Two shapes are found (this file only finds them; kernel/reordered-folds.ts asks the laws):
// - a pair: two folds of the same array over the same cells, nothing between them writing the array
//   or the earlier result (or, for a symbolic range, a variable of the bounds); the later result is
//   then a copy of the earlier one when the laws hold;
// - a split: a fold over [S, E) and two over [S, M) and [M, E), all three of stride one, forward, from
//   the same INIT that reads no cell with the same F (modulo the accumulator), with their accumulators
//   as results; a later expression C(low, high) of the two part results (its operands in this order,
//   C of the accumulators' type) then reads as the whole result when the laws hold.
//
// Soundness: purely syntactic (casts looked through only where they keep every value); the claims rest
// on the solver's proof of the laws listed in kernel/reordered-folds.ts.

import { sameType } from '../ir/c-integers.js';
import { permutedCopyBefore, type PermutedCopy } from './permuted-copies.js';
import { constantValue } from './reductions.js';
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
  containsArrayRead,
  isVariableExpression,
  sameExpression,
  sameExpressionModulo,
  scalarsReadBy,
  stripWideningCasts as stripCasts,
  writtenVariables,
} from '../ir/visit.js';

/** one fold in a block */
export interface OrderedFold {
  /** the index of its first statement (the accumulator's or counter's initialisation) */
  readonly start: number;
  readonly loopIndex: number;
  readonly loop: LoopStatement;
  readonly accumulator: ScalarVariable;
  readonly counter: ScalarVariable;
  readonly array: ArrayVariable;
  readonly initial: Expression;
  /** whether INIT reads x[low] (a forward fold starting one cell later) */
  readonly initialReadsCell: boolean;
  /** the accumulator's next value: reads the accumulator and x[i + j] for j < stride */
  readonly update: Expression;
  readonly direction: 'forward' | 'backward';
  readonly stride: bigint;
  /** the cells read, INIT's included: [low, high) */
  readonly low: Expression;
  readonly high: Expression;
  /** the first cell the loop reads (low, or low + 1 when INIT reads a cell) */
  readonly loopLow: Expression;
  /** `r = POST(res)` just after the loop, when there is one */
  readonly result: { readonly index: number; readonly statement: AssignStatement } | undefined;
}

/**
 * `result`: both folds end in `r = POST(res)` with the same POST, and the later result statement becomes
 * `r' = r`; `accumulator`: `res' = res` is put just after the later loop (res of the earlier fold)
 */
export interface ReorderedFoldPair {
  readonly block: Block;
  readonly earlier: OrderedFold;
  readonly later: OrderedFold;
  readonly mode: 'result' | 'accumulator';
  /** the earlier variable copied */
  readonly copied: ScalarVariable;
  /** when the folds read different arrays: the copy of one into the other before them (a permutation when the solver says so) */
  readonly copy: PermutedCopy | undefined;
  /** conditions that hold from the block's start to the later loop (their variables unwritten there) */
  readonly facts: readonly Expression[];
}

export interface SplitFold {
  readonly block: Block;
  readonly whole: OrderedFold;
  readonly low: OrderedFold;
  readonly high: OrderedFold;
  /** the statement whose expression C(low, high) is read as the whole result */
  readonly index: number;
  readonly combination: Expression;
}

/** a constant's value (analysis/reductions.ts) */
export const constantOf = constantValue;

/** two bounds that are the same value on every run (given that their variables keep their values) */
export function sameBound(left: Expression, right: Expression): boolean {
  const [first, second] = [constantOf(left), constantOf(right)];
  if (first !== undefined || second !== undefined) return first === second;
  return sameExpression(stripCasts(left), stripCasts(right));
}

function isVariable(expression: Expression, variable: ScalarVariable): boolean {
  return isVariableExpression(stripCasts(expression), variable);
}

/** counter + offset (offset a constant, 0 for the counter alone) */
function counterOffset(expression: Expression, counter: ScalarVariable): bigint | undefined {
  if (isVariable(expression, counter)) return 0n;
  const stripped = stripCasts(expression);
  if (stripped.kind !== 'binary' || stripped.operator !== 'add' || !isVariable(stripped.left, counter))
    return undefined;
  return constantOf(stripped.right);
}

/** whether the expression reads only `scalars` and cells of `array` at counter + j for j < stride (nothing else at all) */
function readsOnlyCells(
  expression: Expression,
  scalars: readonly ScalarVariable[],
  array: ArrayVariable,
  counter: ScalarVariable,
  stride: bigint,
): boolean {
  const stripped = expression;
  switch (stripped.kind) {
    case 'constant':
      return true;
    case 'variable':
      return scalars.some((scalar) => scalar.id === stripped.variable.id);
    case 'arrayRead': {
      if (stripped.array.id !== array.id || stripped.indices.length !== 1) return false;
      const offset = counterOffset(stripped.indices[0]!, counter);
      return offset !== undefined && offset >= 0n && offset < stride;
    }
    case 'unary':
    case 'cast':
      return readsOnlyCells(stripped.operand, scalars, array, counter, stride);
    case 'binary':
      return (
        readsOnlyCells(stripped.left, scalars, array, counter, stride) &&
        readsOnlyCells(stripped.right, scalars, array, counter, stride)
      );
    case 'conditional':
      return [stripped.condition, stripped.then, stripped.else].every((part) =>
        readsOnlyCells(part, scalars, array, counter, stride),
      );
    default:
      return false;
  }
}

/** the one array an expression's reads name, if exactly one */
function arrayRead(expression: Expression): ArrayVariable | undefined {
  const found = new Map<number, ArrayVariable>();
  const visit = (node: Expression): void => {
    if (node.kind === 'arrayRead') found.set(node.array.id, node.array);
    if (node.kind === 'unary' || node.kind === 'cast') visit(node.operand);
    if (node.kind === 'binary') [node.left, node.right].forEach(visit);
    if (node.kind === 'conditional') [node.condition, node.then, node.else].forEach(visit);
    if (node.kind === 'arrayRead') node.indices.forEach(visit);
  };
  visit(expression);
  return found.size === 1 ? [...found.values()][0] : undefined;
}

/** the last assignment to `variable` among the (at most four) statements before `index` that assign only it or `other` */
function assignmentBefore(
  block: Block,
  index: number,
  variable: ScalarVariable,
  other: ScalarVariable,
): { readonly statement: AssignStatement; readonly index: number } | undefined {
  for (let back = index - 1; back >= 0 && back >= index - 4; back--) {
    const statement = block[back]!;
    if (statement.kind === 'assign' && statement.target.id === variable.id) return { statement, index: back };
    if (statement.kind !== 'assign' || statement.target.id !== other.id) return undefined;
  }
  return undefined;
}

/** the loop's counter, bound, direction and stride, or undefined */
function loopShape(
  loop: LoopStatement,
):
  | { counter: ScalarVariable; bound: Expression; direction: 'forward' | 'backward'; stride: bigint; strict: boolean }
  | undefined {
  const condition = stripCasts(loop.condition);
  if (condition.kind !== 'binary' || stripCasts(condition.left).kind !== 'variable') return undefined;
  const counter = (stripCasts(condition.left) as Extract<Expression, { kind: 'variable' }>).variable;
  if (loop.update.length !== 1 || loop.update[0]!.kind !== 'assign' || loop.update[0]!.target.id !== counter.id)
    return undefined;
  const stepped = stripCasts(loop.update[0]!.value);
  if (stepped.kind !== 'binary' || !isVariable(stepped.left, counter)) return undefined;
  const stride = constantOf(stepped.right);
  if (stride === undefined || stride < 1n) return undefined;
  if (condition.operator === 'less' && stepped.operator === 'add')
    return { counter, bound: condition.right, direction: 'forward', stride, strict: true };
  if ((condition.operator === 'greaterEqual' || condition.operator === 'greater') && stepped.operator === 'subtract')
    return stride === 1n
      ? { counter, bound: condition.right, direction: 'backward', stride, strict: condition.operator === 'greater' }
      : undefined;
  return undefined;
}

/** a constant bound must fit the counter's type with room for one step; a symbolic one must have its type */
function boundFits(bound: Expression, counter: ScalarVariable, margin: bigint): boolean {
  const value = constantOf(bound);
  if (value === undefined) return sameType(stripCasts(bound).type, counter.type);
  const width = BigInt(counter.type.width);
  const [minimum, maximum] = counter.type.signed
    ? [-(1n << (width - 1n)), (1n << (width - 1n)) - 1n]
    : [0n, (1n << width) - 1n];
  return value - margin >= minimum && value + margin <= maximum;
}

/** `E − 1` read back as E (a constant plus one, or the left of a subtraction of 1) */
function endOfStart(start: Expression): Expression | undefined {
  const value = constantOf(start);
  if (value !== undefined) return { kind: 'constant', value: value + 1n, type: start.type };
  const stripped = stripCasts(start);
  if (stripped.kind === 'binary' && stripped.operator === 'subtract' && constantOf(stripped.right) === 1n)
    return stripped.left;
  return undefined;
}

function plusOne(bound: Expression): Expression | undefined {
  const value = constantOf(bound);
  return value === undefined ? undefined : { kind: 'constant', value: value + 1n, type: bound.type };
}

/** the fold whose loop is block[index], or undefined */
export function orderedFoldAt(block: Block, index: number): OrderedFold | undefined {
  const loop = block[index];
  if (loop?.kind !== 'loop') return undefined;
  const shape = loopShape(loop);
  if (shape === undefined || loop.body.length !== 1 || loop.body[0]!.kind !== 'assign') return undefined;
  const { counter, direction, stride } = shape;
  const { target: accumulator, value: update } = loop.body[0]!;
  const array = arrayRead(update);
  if (accumulator.id === counter.id || array === undefined || array.sizes.length !== 1) return undefined;
  if (!readsOnlyCells(update, [accumulator], array, counter, stride)) return undefined;
  const counterStart = assignmentBefore(block, index, counter, accumulator);
  const accumulatorStart = assignmentBefore(block, index, accumulator, counter);
  if (counterStart === undefined || accumulatorStart === undefined) return undefined;
  const initial = accumulatorStart.statement.value;
  let low: Expression | undefined;
  let high: Expression | undefined;
  if (direction === 'forward') {
    low = counterStart.statement.value;
    high = shape.bound;
  } else {
    low = shape.strict ? plusOne(shape.bound) : shape.bound;
    high = endOfStart(counterStart.statement.value);
  }
  if (low === undefined || high === undefined) return undefined;
  if (!boundFits(low, counter, stride) || !boundFits(high, counter, stride)) return undefined;
  const [lowValue, highValue] = [constantOf(low), constantOf(high)];
  const constantRange = lowValue !== undefined && highValue !== undefined;
  if (constantRange ? lowValue >= highValue || (highValue - lowValue) % stride !== 0n : stride !== 1n) return undefined;
  if (direction === 'backward' && lowValue === undefined) return undefined;
  const initialArray = arrayRead(initial);
  let initialReadsCell = false;
  if (initialArray !== undefined) {
    const previous = lowValue === undefined ? undefined : lowValue - 1n;
    const readsPrevious = (expression: Expression): boolean =>
      expression.kind === 'arrayRead'
        ? expression.array.id === array.id &&
          expression.indices.length === 1 &&
          constantOf(expression.indices[0]!) === previous
        : true;
    if (
      initialArray.id !== array.id ||
      previous === undefined ||
      direction !== 'forward' ||
      !cellsOnly(initial, readsPrevious)
    )
      return undefined;
    initialReadsCell = true;
  } else if (scalarsReadBy(initial).size > 0) return undefined;
  const loopLow = low;
  if (initialReadsCell) low = { kind: 'constant', value: lowValue! - 1n, type: low.type };
  const next = block[index + 1];
  const readsAccumulator =
    next?.kind === 'assign' &&
    next.target.id !== accumulator.id &&
    next.target.id !== counter.id &&
    scalarsReadBy(next.value).has(accumulator.id) &&
    [...scalarsReadBy(next.value).keys()].every((id) => id === accumulator.id) &&
    !containsArrayRead(next.value);
  return {
    start: Math.min(counterStart.index, accumulatorStart.index),
    loopIndex: index,
    loop,
    accumulator,
    counter,
    array,
    initial,
    initialReadsCell,
    update,
    direction,
    stride,
    low,
    high,
    loopLow,
    result: readsAccumulator ? { index: index + 1, statement: next } : undefined,
  };
}

/** reads no variable, and only array cells `cell` accepts */
function cellsOnly(expression: Expression, cell: (read: Expression) => boolean): boolean {
  if (expression.kind === 'variable') return false;
  if (expression.kind === 'arrayRead') return cell(expression);
  if (expression.kind === 'unary' || expression.kind === 'cast') return cellsOnly(expression.operand, cell);
  if (expression.kind === 'binary') return cellsOnly(expression.left, cell) && cellsOnly(expression.right, cell);
  if (expression.kind === 'conditional')
    return [expression.condition, expression.then, expression.else].every((part) => cellsOnly(part, cell));
  return true;
}

/** the folds of one block */
export function orderedFolds(block: Block): OrderedFold[] {
  const folds: OrderedFold[] = [];
  for (let index = 0; index < block.length; index++) {
    const fold = orderedFoldAt(block, index);
    if (fold !== undefined) folds.push(fold);
  }
  return folds;
}

/** the blocks searched: the top-level block and, recursively, the branches of its top-level ifs */
export function foldBlocks(body: Block): Block[] {
  const blocks: Block[] = [body];
  for (const statement of body)
    if (statement.kind === 'if') blocks.push(...foldBlocks(statement.then), ...foldBlocks(statement.else));
  return blocks;
}

/** the scalars the bounds read */
function boundVariables(folds: readonly OrderedFold[]): Set<number> {
  const variables = new Set<number>();
  for (const fold of folds)
    for (const bound of [fold.low, fold.high]) for (const id of scalarsReadBy(bound).keys()) variables.add(id);
  return variables;
}

/**
 * whether the statements from `from` to `to` (inclusive) write no array and none of `watched`, apart from
 * the folds' own statements (which write only their accumulators and counters); and whether no fold's
 * accumulator or counter is a variable of the bounds
 */
function untouched(
  block: Block,
  from: number,
  to: number,
  folds: readonly OrderedFold[],
  watched: ReadonlySet<number>,
): boolean {
  const bounds = boundVariables(folds);
  if (folds.some((fold) => bounds.has(fold.accumulator.id) || bounds.has(fold.counter.id))) return false;
  for (let index = from; index <= to; index++) {
    if (folds.some((fold) => index >= fold.start && index <= fold.loopIndex)) continue;
    const statement: Statement = block[index]!;
    switch (statement.kind) {
      case 'assign':
      case 'havoc':
        if (watched.has(statement.target.id) || bounds.has(statement.target.id)) return false;
        break;
      case 'assume':
      case 'assert':
        break;
      default:
        return false;
    }
  }
  return true;
}

/** the pairs of a block: each fold with the nearest earlier fold of the same cells; `facts` hold at the block's start */
export function reorderedFoldPairs(block: Block, facts: readonly Expression[] = []): ReorderedFoldPair[] {
  const folds = orderedFolds(block);
  const pairs: ReorderedFoldPair[] = [];
  for (const [position, later] of folds.entries()) {
    for (let back = position - 1; back >= 0; back--) {
      const earlier = folds[back]!;
      const copy = earlier.array.id === later.array.id ? undefined : copyBetween(block, earlier, later);
      if (earlier.array.id !== later.array.id && copy === undefined) continue;
      if (!sameBound(earlier.low, later.low) || !sameBound(earlier.high, later.high)) continue;
      if (earlier.initialReadsCell && later.initialReadsCell && !sameExpression(earlier.initial, later.initial))
        continue;
      const mode = samePost(earlier, later) ? 'result' : 'accumulator';
      const copied = mode === 'result' ? earlier.result!.statement.target : earlier.accumulator;
      const after = mode === 'result' ? earlier.result!.index : earlier.loopIndex;
      if (mode === 'accumulator' && !sameType(copied.type, later.accumulator.type)) continue;
      if (later.start <= after || [later.accumulator.id, later.counter.id].includes(copied.id)) continue;
      const both = [earlier, later];
      if (!untouched(block, after + 1, later.loopIndex, both, new Set([copied.id]))) continue;
      if (boundVariables(both).has(copied.id)) continue;
      const written = writtenVariables(block.slice(0, later.loopIndex + 1)).scalars;
      const kept = facts.filter((fact) => [...scalarsReadBy(fact).keys()].every((id) => !written.has(id)));
      pairs.push({ block, earlier, later, mode, copied, copy, facts: kept });
      break;
    }
  }
  return pairs;
}

/** the copy of one fold's array into the other's before both (constant INITs, one counter type) */
function copyBetween(block: Block, earlier: OrderedFold, later: OrderedFold): PermutedCopy | undefined {
  if (earlier.initialReadsCell || later.initialReadsCell || !sameType(earlier.counter.type, later.counter.type))
    return undefined;
  const watched = boundVariables([earlier, later]);
  const find = (target: ArrayVariable, source: ArrayVariable): PermutedCopy | undefined =>
    permutedCopyBefore(block, earlier.start, later.loopIndex, target, source, earlier.counter.type, watched);
  return find(later.array, earlier.array) ?? find(earlier.array, later.array);
}

/** both end in a result statement with the same POST and result type */
function samePost(earlier: OrderedFold, later: OrderedFold): boolean {
  if (earlier.result === undefined || later.result === undefined) return false;
  const [first, second] = [earlier.result.statement, later.result.statement];
  return (
    sameType(first.target.type, second.target.type) &&
    sameType(earlier.accumulator.type, later.accumulator.type) &&
    sameExpressionModulo(first.value, second.value, new Map([[earlier.accumulator.id, later.accumulator]]))
  );
}

/** the splits of a block (see the header) */
export function splitFolds(block: Block): SplitFold[] {
  const folds = orderedFolds(block).filter(
    (fold) => fold.direction === 'forward' && fold.stride === 1n && !fold.initialReadsCell && fold.result === undefined,
  );
  const found: SplitFold[] = [];
  for (const whole of folds) {
    for (const low of folds) {
      if (low === whole || low.array.id !== whole.array.id || !sameBound(low.low, whole.low)) continue;
      for (const high of folds) {
        if (high === whole || high === low || high.array.id !== whole.array.id) continue;
        if (!sameBound(high.low, low.high) || !sameBound(high.high, whole.high)) continue;
        if (!sameFold(whole, low) || !sameFold(whole, high)) continue;
        const split = combinationAfter(block, whole, low, high);
        if (split !== undefined) found.push(split);
      }
    }
  }
  return found;
}

/** the same INIT and F modulo the accumulator, the same types */
function sameFold(left: OrderedFold, right: OrderedFold): boolean {
  if (!sameType(left.accumulator.type, right.accumulator.type) || !sameType(left.counter.type, right.counter.type))
    return false;
  const renaming = new Map([
    [left.accumulator.id, right.accumulator],
    [left.counter.id, right.counter],
  ]);
  return (
    sameExpressionModulo(left.initial, right.initial, renaming) &&
    sameExpressionModulo(left.update, right.update, renaming)
  );
}

/** the first statement after the three folds with an expression C(low, high), nothing between writing x or the results */
function combinationAfter(
  block: Block,
  whole: OrderedFold,
  low: OrderedFold,
  high: OrderedFold,
): SplitFold | undefined {
  const folds = [whole, low, high];
  const first = Math.min(...folds.map((fold) => fold.start));
  const last = Math.max(...folds.map((fold) => fold.loopIndex));
  const accumulators = new Set(folds.map((fold) => fold.accumulator.id));
  if (accumulators.size !== 3 || folds.some((fold) => accumulators.has(fold.counter.id))) return undefined;
  for (let index = last + 1; index < block.length; index++) {
    const statement = block[index]!;
    const combination = combinationIn(statement, low.accumulator, high.accumulator);
    if (combination !== undefined) {
      if (!untouched(block, first, index - 1, folds, accumulators)) return undefined;
      return sameType(combination.type, whole.accumulator.type)
        ? { block, whole, low, high, index, combination }
        : undefined;
    }
  }
  return undefined;
}

/** a binary expression of the two variables (in this order) in an assertion's or assignment's expression */
function combinationIn(statement: Statement, left: ScalarVariable, right: ScalarVariable): Expression | undefined {
  const expression =
    statement.kind === 'assert' || statement.kind === 'assume'
      ? statement.condition
      : statement.kind === 'assign'
        ? statement.value
        : undefined;
  if (expression === undefined) return undefined;
  let found: Expression | undefined;
  const visit = (node: Expression): void => {
    if (found !== undefined) return;
    if (node.kind === 'binary' && isVariable(node.left, left) && isVariable(node.right, right)) {
      found = node;
      return;
    }
    if (node.kind === 'unary' || node.kind === 'cast') visit(node.operand);
    if (node.kind === 'binary') [node.left, node.right].forEach(visit);
    if (node.kind === 'conditional') [node.condition, node.then, node.else].forEach(visit);
  };
  visit(expression);
  return found;
}
