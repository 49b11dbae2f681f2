// Guesses for counts of residues above (or below) a threshold of the counter (issue 41, the
// mod-counts class), for the template certifier (templates.ts, houdini.ts):
//   for (i = 0; i < n; i++) { a[i] = i + 1; if (i > half) a[i] = i % 3; }
//   for (i = 0; i < n; i++) if (a[i] == 0) zeros++;
// At the second loop the cell's value is known (written-cell-tests.ts: ∀k. a[k] == (k > half ? k % 3 :
// k + 1)), so the round adds `i > half && i % 3 == 0 ? 1 : 0` (the test split over the value's
// branches, `i + 1 == 0` dropped as it cannot hold for i ≥ 0). An increment `T(i) ? V(i) : W(i)`,
// T a threshold of the counter (`i > t`, `i >= t`, `i < t`, `i <= t`, t not changed by the loop) and
// V, W periodic in i (periodic-guesses.ts: a value per residue), sums to
//   x == x0 + Σ_{k ∈ [e0, m)} below(k) + Σ_{k ∈ [m, i)} above(k),   m = min(i, t'),
// t' the first index above the threshold (t + 1 for `i > t`), each sum by residues in closed form
// (periodicSum: (v + P − 1 − r) / P indices of residue r below v, for v ≥ 0). A conjunct of a test
// (`i > half && i % 3 == 0`) is taken as the threshold, the others as the periodic part.
//
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker; a threshold below e0 or negative gives a wrong sum, which is only a guess that is dropped.

import type { LoopInfo } from '../analysis/loops.js';
import { longLongType } from '../ir/c-integers.js';
import {
  convertedTo,
  createBinary,
  createConditional,
  createConstant,
  createVariableExpression,
} from '../ir/factory.js';
import type { Expression, LoopStatement, ScalarVariable } from '../ir/types.js';
import {
  conjunctsOf,
  forEachSubexpression,
  isVariableExpression,
  scalarsReadBy,
  stripWideningCasts,
  writtenVariables,
} from '../ir/visit.js';
import type { Guess } from './guess.js';
import { cellValues, entryValues, periodicIncrements, periodicSum, residueTable } from './periodic-guesses.js';
import { splitTests } from './written-cell-tests.js';

/** x == x0 + the sum of a round's increment split at a threshold of the counter (see the header) */
export function thresholdResidueSumGuesses(
  guesses: readonly Guess[],
  loop: LoopStatement,
  info: LoopInfo | undefined,
): Guess[] {
  const iterator = info?.iterator;
  if (iterator?.initial === undefined || iterator.step !== 1n) return [];
  const counter = iterator.variable;
  const initial = iterator.initial;
  const start = stripWideningCasts(initial);
  const changed = writtenVariables(loop.body, loop.update).scalars;
  const wide = (expression: Expression): Expression => convertedTo(expression, longLongType);
  const result: Guess[] = [];
  for (const { target, increment } of periodicIncrements(loop.body, counter, cellValues(guesses))) {
    if (increment.kind !== 'conditional') continue;
    const condition = splitTests(increment.condition, counter, start.kind === 'constant' ? start.value : undefined);
    const split = thresholdSplit(condition, counter);
    if (split === undefined || [...scalarsReadBy(split.threshold).keys()].some((id) => changed.has(id))) continue;
    const inside =
      split.rest === undefined
        ? increment.then
        : createConditional(split.rest, increment.then, increment.else, longLongType);
    const [belowValue, aboveValue] = split.above ? [increment.else, inside] : [inside, increment.else];
    const below = tableOf(belowValue, counter);
    const above = tableOf(aboveValue, counter);
    if (below === undefined || above === undefined) continue;
    const current = wide(createVariableExpression(counter));
    const middle = createConditional(
      createBinary('less', current, split.threshold),
      current,
      split.threshold,
      longLongType,
    );
    const sum = createBinary(
      'add',
      periodicSum(below, middle, initial),
      periodicSum(above, current, middle),
      longLongType,
    );
    for (const entry of entryValues(guesses, target))
      result.push({
        kind: 'plain',
        condition: createBinary('equal', wide(target), createBinary('add', wide(entry), sum, longLongType)),
      });
  }
  return result;
}

/** a value's table by residue of the counter: one entry for a value that does not read it */
function tableOf(value: Expression, counter: ScalarVariable): Expression[] | undefined {
  let reads = false;
  forEachSubexpression(value, (node) => {
    if (isVariableExpression(node, counter)) reads = true;
  });
  return reads ? residueTable(value, counter) : [value];
}

/**
 * a threshold conjunct of a test: t' (the first index of the upper side, in long long), whether the
 * test holds above it, and the other conjuncts (undefined when none)
 */
function thresholdSplit(
  condition: Expression,
  counter: ScalarVariable,
): { threshold: Expression; above: boolean; rest: Expression | undefined } | undefined {
  const conjuncts = conjunctsOf(condition);
  for (const [position, conjunct] of conjuncts.entries()) {
    const node = stripWideningCasts(conjunct);
    if (node.kind !== 'binary' || !isVariableExpression(stripWideningCasts(node.left), counter)) continue;
    let reads = false;
    forEachSubexpression(node.right, (inner) => {
      if (isVariableExpression(inner, counter)) reads = true;
    });
    if (reads) continue;
    const bound = convertedTo(node.right, longLongType);
    const next = createBinary('add', bound, createConstant(1n, longLongType), longLongType);
    const sides: Partial<Record<string, { threshold: Expression; above: boolean }>> = {
      greater: { threshold: next, above: true },
      greaterEqual: { threshold: bound, above: true },
      less: { threshold: bound, above: false },
      lessEqual: { threshold: next, above: false },
    };
    const side = sides[node.operator];
    if (side === undefined) continue;
    const others = conjuncts.filter((_, at) => at !== position);
    const rest =
      others.length === 0 ? undefined : others.reduce((all, other) => createBinary('logicalAnd', all, other));
    return { ...side, rest };
  }
  return undefined;
}
