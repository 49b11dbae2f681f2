// The values a loop's head holds from the assignments before it (issue 41), for the template
// certifier (templates.ts, houdini.ts): `x = e` and `a[c] = e` (c constants) outside loops before the
// loop give x == e and a[c] == e at its head, e not reading what it sets.
//
// Such an x == e where the loop or a loop around it writes x otherwise than by x = e (the iterator's
// `i = 0` before a nest over i gave i == 0 at both of its heads; `s = 0` before a loop that adds to
// s) serves the accumulator guesses as the value on entry (accumulator-guesses.ts), but as a guess
// it holds at the head only before the first round: every back edge drops it, and where the bodies
// hold ∀s over 2-D cells z3 could not find the model that drops it in the question's time
// (add-2-n-u of the corpus, exact wraps: a quarter of the search's time on i == 0 and j == 0).
// `overwrittenIn` names them, and templates.ts leaves them out of the loop's guesses (the round
// starts of nest-guesses.ts likewise). Where the loops are one loop (a loop outside loops, or an
// inner loop's round start, `found = 0` right before it, which every entry passes), an assignment
// in a branch of its body that then leaves it (`if (c) { found = 1; break; }`) never reaches its
// head (search-guesses.ts), and does not count. It does for an inner loop's value from before its
// enclosing loop: the next round of that loop enters the inner one with the value the break left.
//
// Soundness: none is needed. A guess is a candidate that Houdini and the checker judge; leaving one
// out can only lose a certificate.

import { createArrayRead, createBinary, createVariableExpression } from '../ir/factory.js';
import type { Expression, LoopStatement, ScalarVariable, Statement } from '../ir/types.js';
import { arrayReadsOf, forEachStatement, sameExpression, scalarsReadBy } from '../ir/visit.js';
import type { Guess } from './guess.js';
import { leavesLoop } from './search-guesses.js';

/** x == e and a[c] == e for the assignments `before` the loop (each outside loops, in program order) */
export function entryValueGuesses(before: readonly Statement[]): Guess[] {
  return before.flatMap((statement): Guess[] => {
    if (statement.kind === 'assign' && !scalarsReadBy(statement.value).has(statement.target.id))
      return [
        {
          kind: 'plain',
          condition: createBinary('equal', createVariableExpression(statement.target), statement.value),
        },
      ];
    if (
      statement.kind === 'arrayWrite' &&
      statement.indices.every((index) => index.kind === 'constant') &&
      !arrayReadsOf(statement.value).some((read) => read.array.id === statement.array.id)
    )
      return [
        {
          kind: 'plain',
          condition: createBinary('equal', createArrayRead(statement.array, statement.indices), statement.value),
        },
      ];
    return [];
  });
}

/** the guesses x == e (a scalar x) among `guesses` that a statement of the loops writes otherwise than by x = e */
export function overwrittenIn(guesses: readonly Guess[], loops: readonly LoopStatement[]): Set<Guess> {
  // one loop: its own head is reached again only by its back edges (see the header)
  const leaving = loops.length === 1 ? 'leavingSkipped' : 'leavingCounts';
  return new Set(
    guesses.filter((guess) => {
      const condition = guess.kind === 'plain' ? guess.condition : undefined;
      if (condition?.kind !== 'binary' || condition.operator !== 'equal' || condition.left.kind !== 'variable')
        return false;
      return writtenOtherwise(loops, condition.left.variable, condition.right, leaving);
    }),
  );
}

/**
 * whether a statement of the loops (bodies and updates) havocs the variable or assigns it anything
 * but `value`; with `leavingSkipped`, not counting the branches of a body's top level that end in a break
 */
function writtenOtherwise(
  loops: readonly LoopStatement[],
  variable: ScalarVariable,
  value: Expression,
  leaving: 'leavingCounts' | 'leavingSkipped',
): boolean {
  let written = false;
  const visit = (statement: Statement): void => {
    if (statement.kind === 'havoc' && statement.target.id === variable.id) written = true;
    if (statement.kind === 'assign' && statement.target.id === variable.id && !sameExpression(statement.value, value))
      written = true;
  };
  for (const loop of loops) {
    for (const statement of loop.body) {
      if (leaving === 'leavingSkipped' && statement.kind === 'if') {
        if (!leavesLoop(statement.then)) forEachStatement(statement.then, visit);
        if (!leavesLoop(statement.else)) forEachStatement(statement.else, visit);
        continue;
      }
      forEachStatement([statement], visit);
    }
    forEachStatement(loop.update, visit);
  }
  return written;
}
