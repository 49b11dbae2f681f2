// Steps taken only on one side of a threshold of a loop's counter (issue 41), for the accumulator
// guesses (accumulator-guesses.ts): `if (j < T) x = x + d;` in a loop over j (step 1, from f0) adds
// d in the rounds t < T (and `j <= T` in the rounds t < T + 1, `j >= T` in the rounds t >= T,
// `j > T` in the rounds t >= T + 1), T and d not read from anything the loop changes. At the
// loop's head after the rounds [f0, j) that is d · (min(j, T) − f0) or d · max(j − T, 0), and over
// a whole run to E, d · (T − f0) or d · (E − T), when f0 <= T <= E (the lower triangle of a square:
// `for (j = 0; j < N; j++) if (j < i) s++` adds i per round of i < N).
// Guesses only: nothing here is trusted (Houdini and the checker judge them); a threshold outside
// [f0, E] makes a guess that is dropped.

import { createBinary, createConditional, createConstant, createVariableExpression } from '../ir/factory.js';
import type { Block, Expression, ScalarVariable } from '../ir/types.js';
import { isVariableExpression, sameExpression, scalarsReadBy, stripWideningCasts } from '../ir/visit.js';

/** `if (j ⋈ T) x = x + d`: x, d, and the rounds it is taken in (t < threshold, or t >= threshold with `from`) */
export interface ThresholdStep {
  readonly target: Expression;
  readonly amount: Expression;
  readonly threshold: Expression;
  readonly from: boolean;
}

/** the threshold and side of `j ⋈ T` (either way round), T not reading j; undefined for another condition */
function sideOf(condition: Expression, counter: ScalarVariable): { threshold: Expression; from: boolean } | undefined {
  const stripped = stripWideningCasts(condition);
  if (stripped.kind !== 'binary') return undefined;
  const swapped: Record<string, string> = {
    less: 'greater',
    lessEqual: 'greaterEqual',
    greater: 'less',
    greaterEqual: 'lessEqual',
  };
  const left = stripWideningCasts(stripped.left);
  const right = stripWideningCasts(stripped.right);
  const onLeft = isVariableExpression(left, counter);
  if (!onLeft && !isVariableExpression(right, counter)) return undefined;
  const threshold = onLeft ? stripped.right : stripped.left;
  if (scalarsReadBy(threshold).has(counter.id)) return undefined;
  const operator = onLeft ? stripped.operator : swapped[stripped.operator];
  const plusOne = (): Expression => createBinary('add', threshold, createConstant(1n, threshold.type));
  switch (operator) {
    case 'less':
      return { threshold, from: false };
    case 'lessEqual':
      return { threshold: plusOne(), from: false };
    case 'greaterEqual':
      return { threshold, from: true };
    case 'greater':
      return { threshold: plusOne(), from: true };
    default:
      return undefined;
  }
}

/** the threshold steps at the top of a loop's body over `counter`, each the only statement of an `if` without else */
export function thresholdSteps(body: Block, counter: ScalarVariable): ThresholdStep[] {
  return body.flatMap((statement): ThresholdStep[] => {
    if (statement.kind !== 'if' || statement.else.length !== 0 || statement.then.length !== 1) return [];
    const step = statement.then[0]!;
    if (step.kind !== 'assign') return [];
    const value = stripWideningCasts(step.value);
    if (value.kind !== 'binary' || value.operator !== 'add') return [];
    const isTarget = (side: Expression): boolean => isVariableExpression(stripWideningCasts(side), step.target);
    const amount = isTarget(value.left) ? value.right : isTarget(value.right) ? value.left : undefined;
    const side = sideOf(statement.condition, counter);
    if (amount === undefined || side === undefined || scalarsReadBy(amount).has(step.target.id)) return [];
    return [{ target: createVariableExpression(step.target), amount, ...side }];
  });
}

/** the rounds of [start, counter) that took the step: min(j, T) − f0, or max(j − T, 0) */
export function roundsTaken(step: ThresholdStep, counter: ScalarVariable, start: Expression): Expression {
  const current = createVariableExpression(counter);
  const { threshold } = step;
  if (!step.from) {
    const least = createConditional(createBinary('less', current, threshold), current, threshold, current.type);
    return sameExpression(start, createConstant(0n, start.type)) ? least : createBinary('subtract', least, start);
  }
  const past = createBinary('subtract', current, threshold);
  return createConditional(createBinary('greater', current, threshold), past, createConstant(0n, past.type), past.type);
}
