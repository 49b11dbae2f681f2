// The guessed invariant of a loop head (issue 41): what templates.ts and accumulator-guesses.ts
// guess and houdini.ts checks. A guess is never trusted (see houdini.ts).

import type { Expression, ScalarVariable } from '../ir/types.js';

/** a guessed invariant of one loop head, over the program's variables */
export type Guess =
  | { readonly kind: 'plain'; readonly condition: Expression }
  /** ∀ variable ∈ [lower, upper). condition; with `second`, ∀ variable ∈ [lower, upper), second ∈ [its lower, its upper). condition (its bounds may read the first variable) */
  | {
      readonly kind: 'forall';
      readonly variable: ScalarVariable;
      readonly lower: Expression;
      readonly upper: Expression;
      readonly condition: Expression;
      readonly second?: { readonly variable: ScalarVariable; readonly lower: Expression; readonly upper: Expression };
    };
