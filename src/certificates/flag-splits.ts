// Guesses split by a flag (issue 41), for the template certifier (templates.ts, houdini.ts): a loop
// that sets a flag to constants (`if (a[i] == e) { found = 1; pos = i; }`) keeps different facts
// before and after the flag changes: ∀k ∈ [0, i). a[k] != e while found == 0, and
// ∀k ∈ [0, pos). a[k] != e once found == 1. For each flag of the loop (a scalar every assignment of
// which in the program is a constant, assigned in the loop's body) and each of its values v, every
// other guess g of the loop is also guessed as `flag != v || g`, beside `flag == v1 || flag == v2 …`.
//
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker; a split that does not hold is a guess dropped.

import { createBinary, createConstant, createVariableExpression } from '../ir/factory.js';
import type { Expression, LoopStatement, Program, ScalarVariable } from '../ir/types.js';
import { constantAssignments, scalarsReadBy, writtenVariables } from '../ir/visit.js';
import type { Guess } from './guess.js';

/** the most flags of one loop split on, and the most values of one flag */
const mostFlags = 2;
const mostValues = 3;
/** the most guesses of a loop that are split (each gives one guess per value) */
const mostSplitGuesses = 40;

interface Flag {
  readonly variable: ScalarVariable;
  readonly values: readonly bigint[];
}

/** the flags of the program: scalars assigned only constants (at most `mostValues` distinct ones), never read from input */
export function programFlags(program: Program): readonly Flag[] {
  return [...constantAssignments(program.body).values()].flatMap(({ variable, constants }) => {
    const values = [...new Set(constants.map((constant) => constant.value))];
    return values.length < 2 || values.length > mostValues ? [] : [{ variable, values }];
  });
}

/** the loop's guesses split on each flag its body sets */
export function flagSplitGuesses(guesses: readonly Guess[], loop: LoopStatement, flags: readonly Flag[]): Guess[] {
  const set = writtenVariables(loop.body).scalars;
  const split: Guess[] = [];
  for (const flag of flags.filter((candidate) => set.has(candidate.variable.id)).slice(0, mostFlags)) {
    const variable = createVariableExpression(flag.variable);
    const is = (value: bigint): Expression =>
      createBinary('equal', variable, createConstant(value, flag.variable.type));
    const isNot = (value: bigint): Expression =>
      createBinary('notEqual', variable, createConstant(value, flag.variable.type));
    split.push({
      kind: 'plain',
      condition: flag.values.map(is).reduce((either, next) => createBinary('logicalOr', either, next)),
    });
    const others = guesses.filter((guess) => !mentions(guess, flag.variable)).slice(0, mostSplitGuesses);
    for (const value of flag.values)
      for (const guess of others)
        split.push({ ...guess, condition: createBinary('logicalOr', isNot(value), guess.condition) });
  }
  return split;
}

function mentions(guess: Guess, variable: ScalarVariable): boolean {
  const expressions = guess.kind === 'plain' ? [guess.condition] : [guess.condition, guess.lower, guess.upper];
  return expressions.some((expression) => scalarsReadBy(expression).has(variable.id));
}
