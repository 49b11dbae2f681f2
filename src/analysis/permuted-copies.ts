// Copies of one array into another before two folds compare them (analysis/reordered-folds.ts): the
// statements of a block that last write y before the folds, each a segment
//   j = A; while (j < B) { y[j] = x[σ(j)]; } update { j = j + 1; }   (a loop: y[m] = x[σ(m)] for A ≤ m < B)
//   y[e] = x[e'];                                                    (one cell)
// with σ, A, B, e, e' reading only scalars (σ also the counter j), every index of the folds' counter
// type, and nothing from the first segment to the later fold writing x, writing y other than by the
// segments, or writing a scalar a segment or the folds' bounds read (a segment's own counter aside).
// This file only finds the segments; kernel/reordered-folds.ts asks the solver whether they make
// y a permutation of x over the folds' range [low, high) (every cell written once by one segment, every
// source in the range, no source read twice).
//
// It also gives the premises of those questions: the conditions that hold at the start of a branch
// (`branchFacts`: the branch's condition, the facts of the enclosing block that nothing before the
// branch changed, and ¬C for each `if (C) flag = K;` (K ≠ 0) before an `if (!flag)`, the lowering of an
// early return, when nothing between writes the flag otherwise or a variable of C).
//
// Soundness: purely syntactic (casts looked through only where they keep every value); a fact is a
// condition that holds on every run at the start of its branch.

import { intType, sameType } from '../ir/c-integers.js';
import type { ArrayVariable, Block, Expression, ScalarVariable, Statement } from '../ir/types.js';
import {
  containsArrayRead,
  isVariableExpression,
  scalarsReadBy,
  stripWideningCasts as stripCasts,
  writtenVariables,
} from '../ir/visit.js';

/** one statement (or counter initialisation and loop) writing y from x */
export type CopySegment =
  | {
      readonly kind: 'loop';
      readonly counter: ScalarVariable;
      readonly from: Expression;
      /** the loop's condition (j < B) */
      readonly condition: Expression;
      /** σ(j) */
      readonly source: Expression;
    }
  | { readonly kind: 'cell'; readonly target: Expression; readonly source: Expression };

export interface PermutedCopy {
  readonly target: ArrayVariable;
  readonly source: ArrayVariable;
  readonly segments: readonly CopySegment[];
}

/** y[index] = x[source] with both indices of `type` and the same element types: the source index */
function copiedCell(
  statement: Statement,
  target: ArrayVariable,
  source: ArrayVariable,
  type: ScalarVariable['type'],
): { readonly target: Expression; readonly source: Expression } | undefined {
  if (statement.kind !== 'arrayWrite' || statement.array.id !== target.id || statement.indices.length !== 1)
    return undefined;
  const value = stripCasts(statement.value);
  if (value.kind !== 'arrayRead' || value.array.id !== source.id || value.indices.length !== 1) return undefined;
  if (!sameType(target.elementType, source.elementType)) return undefined;
  const [targetIndex, sourceIndex] = [statement.indices[0]!, value.indices[0]!];
  if (!sameType(targetIndex.type, type) || !sameType(sourceIndex.type, type)) return undefined;
  if (containsArrayRead(targetIndex) || containsArrayRead(sourceIndex)) return undefined;
  return { target: targetIndex, source: sourceIndex };
}

/** the segment ending at block[index] (a loop and its counter's initialisation just before, or one cell), with its first index */
function segmentAt(
  block: Block,
  index: number,
  target: ArrayVariable,
  source: ArrayVariable,
  type: ScalarVariable['type'],
): { readonly segment: CopySegment; readonly first: number } | undefined {
  const statement = block[index]!;
  const cell = copiedCell(statement, target, source, type);
  if (cell !== undefined) return { segment: { kind: 'cell', ...cell }, first: index };
  if (statement.kind !== 'loop' || statement.body.length !== 1 || statement.update.length !== 1) return undefined;
  const update = statement.update[0]!;
  const condition = stripCasts(statement.condition);
  if (update.kind !== 'assign' || condition.kind !== 'binary' || condition.operator !== 'less') return undefined;
  const counter = update.target;
  const isCounter = (expression: Expression): boolean => isVariableExpression(stripCasts(expression), counter);
  const stepped = stripCasts(update.value);
  if (
    !sameType(counter.type, type) ||
    !isCounter(condition.left) ||
    !sameType(condition.right.type, type) ||
    scalarsReadBy(condition.right).has(counter.id) ||
    containsArrayRead(condition.right) ||
    stepped.kind !== 'binary' ||
    stepped.operator !== 'add' ||
    !isCounter(stepped.left) ||
    stripCasts(stepped.right).kind !== 'constant' ||
    (stripCasts(stepped.right) as Extract<Expression, { kind: 'constant' }>).value !== 1n
  )
    return undefined;
  const moved = copiedCell(statement.body[0]!, target, source, type);
  if (moved === undefined || !isCounter(moved.target)) return undefined;
  const start = block[index - 1];
  if (start?.kind !== 'assign' || start.target.id !== counter.id || containsArrayRead(start.value)) return undefined;
  if (scalarsReadBy(start.value).has(counter.id)) return undefined;
  return {
    segment: { kind: 'loop', counter, from: start.value, condition: statement.condition, source: moved.source },
    first: index - 1,
  };
}

/**
 * the segments that last write `target` from `source` before block[before] (see the header), with no
 * statement from the first of them to block[last] writing the source, writing the target otherwise, or
 * writing a scalar they or `watched` read; undefined when there is none
 */
export function permutedCopyBefore(
  block: Block,
  before: number,
  last: number,
  target: ArrayVariable,
  source: ArrayVariable,
  type: ScalarVariable['type'],
  watched: ReadonlySet<number>,
): PermutedCopy | undefined {
  if (target.id === source.id) return undefined;
  const segments: CopySegment[] = [];
  const owned = new Set<number>();
  let index = before - 1;
  let first = before;
  while (index >= 0) {
    const written = writtenVariables([block[index]!]);
    if (written.arrays.has(source.id)) break;
    if (written.arrays.has(target.id)) {
      const found = segmentAt(block, index, target, source, type);
      if (found === undefined) break;
      segments.unshift(found.segment);
      for (let position = found.first; position <= index; position++) owned.add(position);
      first = found.first;
      index = found.first - 1;
      continue;
    }
    index--;
  }
  if (segments.length === 0) return undefined;
  const read = new Set(watched);
  const counters = new Set<number>();
  for (const segment of segments) {
    const expressions =
      segment.kind === 'loop' ? [segment.from, segment.condition, segment.source] : [segment.target, segment.source];
    for (const expression of expressions) for (const id of scalarsReadBy(expression).keys()) read.add(id);
    if (segment.kind === 'loop') counters.add(segment.counter.id);
  }
  for (let position = first; position <= last; position++) {
    const statement = block[position]!;
    const written = writtenVariables([statement]);
    if (written.arrays.has(source.id)) return undefined;
    if (written.arrays.has(target.id) && !owned.has(position)) return undefined;
    for (const id of written.scalars.keys()) {
      // a segment's counter is written by its own loop and initialisation only, and read by no other segment
      if (counters.has(id) && owned.has(position)) continue;
      if (read.has(id)) return undefined;
    }
  }
  for (const segment of segments) {
    if (segment.kind !== 'loop') continue;
    const others = segments.filter((other) => other !== segment);
    const readByOthers = others.some((other) =>
      (other.kind === 'loop' ? [other.from, other.condition, other.source] : [other.target, other.source]).some(
        (expression) => scalarsReadBy(expression).has(segment.counter.id),
      ),
    );
    if (readByOthers || watched.has(segment.counter.id)) return undefined;
  }
  return { target, source, segments };
}

/** the flag of a condition `!flag` or `flag == 0`, if it is one */
function clearedFlag(condition: Expression): ScalarVariable | undefined {
  const stripped = stripCasts(condition);
  const operand =
    stripped.kind === 'unary' && stripped.operator === 'logicalNot'
      ? stripCasts(stripped.operand)
      : stripped.kind === 'binary' &&
          stripped.operator === 'equal' &&
          stripCasts(stripped.right).kind === 'constant' &&
          (stripCasts(stripped.right) as Extract<Expression, { kind: 'constant' }>).value === 0n
        ? stripCasts(stripped.left)
        : undefined;
  return operand?.kind === 'variable' ? operand.variable : undefined;
}

/** `if (C) { flag = K; }` with K a non-zero constant and C not reading the flag: C */
function flagSetter(statement: Statement, flag: ScalarVariable): Expression | undefined {
  if (statement.kind !== 'if' || statement.else.length !== 0 || statement.then.length !== 1) return undefined;
  const assign = statement.then[0]!;
  if (assign.kind !== 'assign' || assign.target.id !== flag.id) return undefined;
  const value = stripCasts(assign.value);
  if (value.kind !== 'constant' || value.value === 0n || scalarsReadBy(statement.condition).has(flag.id))
    return undefined;
  return statement.condition;
}

/**
 * the conditions that hold at the start of a branch of `parent[index]` (an if), given those that hold at
 * the start of the parent (`facts`): the parent's facts whose variables no statement before the if
 * writes; the if's condition (or its negation, for the else branch); and, for a then branch of
 * `if (!flag)`, the negation of C for each earlier `if (C) { flag = K; }` (K ≠ 0) with nothing between
 * them writing the flag (other such ifs aside, which only set it) or a variable of C: the flag is
 * still clear, so C was false there and still is (the lowering of early returns)
 */
export function branchFacts(
  parent: Block,
  index: number,
  branch: 'then' | 'else',
  facts: readonly Expression[],
): Expression[] {
  const statement = parent[index]!;
  if (statement.kind !== 'if') return [];
  const before = writtenVariables(parent.slice(0, index)).scalars;
  const unchanged = (expression: Expression): boolean =>
    [...scalarsReadBy(expression).keys()].every((id) => !before.has(id));
  const found = facts.filter(unchanged);
  const negated = (condition: Expression): Expression =>
    Object.freeze({ kind: 'unary', operator: 'logicalNot', operand: condition, type: intType }) as Expression;
  found.push(branch === 'then' ? statement.condition : negated(statement.condition));
  const flag = branch === 'then' ? clearedFlag(statement.condition) : undefined;
  if (flag === undefined) return found;
  for (let setter = index - 1; setter >= 0; setter--) {
    const condition = flagSetter(parent[setter]!, flag);
    if (condition === undefined) {
      if (writtenVariables([parent[setter]!]).scalars.has(flag.id)) break;
      continue;
    }
    const between = writtenVariables(parent.slice(setter + 1, index)).scalars;
    if ([...scalarsReadBy(condition).keys()].every((id) => !between.has(id) || id === flag.id))
      found.push(negated(condition));
  }
  return found;
}
