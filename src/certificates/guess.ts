// The guessed invariant of a loop head (issue 41): what templates.ts and accumulator-guesses.ts
// guess and houdini.ts checks. A guess is never trusted (see houdini.ts).

import type { Expression, ScalarVariable } from '../ir/types.js';

/** a cell variable of a ∀ and its range [lower, upper) */
export interface CellRange {
  readonly variable: ScalarVariable;
  readonly lower: Expression;
  readonly upper: Expression;
}

/** a guessed invariant of one loop head, over the program's variables */
export type Guess =
  | { readonly kind: 'plain'; readonly condition: Expression }
  /**
   * ∀ variable ∈ [lower, upper). condition; with `second`, ∀ variable ∈ [lower, upper), second ∈
   * [its lower, its upper). condition (its bounds may read the first variable); `deeper` (only with
   * `second`): the cell variables after the second, each range reading those before it
   */
  | {
      readonly kind: 'forall';
      readonly variable: ScalarVariable;
      readonly lower: Expression;
      readonly upper: Expression;
      readonly condition: Expression;
      readonly second?: CellRange;
      readonly deeper?: readonly CellRange[];
    };

/** the cell variables of a guess with their ranges, outermost first (none for a plain guess) */
export function cellRanges(guess: Guess): CellRange[] {
  if (guess.kind === 'plain') return [];
  return [
    { variable: guess.variable, lower: guess.lower, upper: guess.upper },
    ...(guess.second === undefined ? [] : [guess.second]),
    ...(guess.deeper ?? []),
  ];
}
