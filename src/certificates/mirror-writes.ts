// Guesses for cells written from the far end of an array (issue 41), for the template certifier
// (templates.ts, houdini.ts): a write a[E − i] = v(i) at the top of a loop's body (the counter i,
// step ±1, once in the index with the sign −, E reading nothing the loop changes) fills at round r
// the cell E − r, so the cell k holds v(E − k):
//   for (i = 0; i < n / 2; i++) { b[n − 1 − i] = a[n − 1 − i]; b[i] = a[i]; }
//     at the loop:          ∀k ∈ [n − 1 − i + 1, n − 1 − 0 + 1). b[k] == a[n − 1 − (n − 1 − k)]
//     at the loops after:   ∀k ∈ [n − 1 − n / 2 + 1, n − 1 − 0 + 1). …
// The rounds done [lo, hi) (ranges.ts) are the cells [E − hi + 1, E − lo + 1). Said over the cell
// itself, the guess needs no arithmetic on the index to be matched with a check of every cell
// (∀k. b[k] == a[k]), which the guess ∀r. b[E − r] == v(r) over the rounds would.
//
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker; an index that is not E − i after all (E is read off with i replaced by 0) makes a wrong
// guess, which is dropped.

import type { LoopInfo } from '../analysis/loops.js';
import { createArrayRead, createBinary, createConstant, createVariableExpression } from '../ir/factory.js';
import type { Expression, LoopStatement, ScalarVariable } from '../ir/types.js';
import { arrayReadsOf, forEachSubexpression, isVariableExpression, substituteScalar } from '../ir/visit.js';
import type { Guess } from './guess.js';
import { doneRange, fullRange, steadyIn, type Range } from './ranges.js';

/** ∀k over the cells a[E − i] = v(i) has written: at the loop's head, or (`full`) at the loops after it */
export function mirroredWriteGuesses(
  loop: LoopStatement,
  info: LoopInfo | undefined,
  cell: ScalarVariable,
  full: boolean,
): Guess[] {
  const iterator = info?.iterator;
  const rounds = full ? fullRange(info) : doneRange(info);
  if (iterator === undefined || rounds === undefined) return [];
  const counter = iterator.variable;
  const steady = steadyIn(loop, counter);
  const guesses: Guess[] = [];
  for (const statement of loop.body) {
    if (statement.kind !== 'arrayWrite' || statement.indices.length !== 1) continue;
    const index = statement.indices[0]!;
    if (!negatedOnce(index, counter) || !steady(index) || !steady(statement.value)) continue;
    if (arrayReadsOf(statement.value).some((read) => read.array.id === statement.array.id)) continue;
    const end = substituteScalar(index, counter, createConstant(0n, counter.type));
    const cellExpression = createVariableExpression(cell);
    // the round that wrote cell k: E − k
    const round = createBinary('subtract', end, cellExpression);
    const cells = mirrored(rounds, end);
    guesses.push({
      kind: 'forall',
      variable: cell,
      ...cells,
      condition: createBinary(
        'equal',
        createArrayRead(statement.array, [cellExpression]),
        substituteScalar(statement.value, counter, round),
      ),
    });
  }
  return guesses;
}

/** the cells [E − hi + 1, E − lo + 1) of the rounds [lo, hi) */
function mirrored(rounds: Range, end: Expression): Range {
  const one = createConstant(1n, end.type);
  return {
    lower: createBinary('add', createBinary('subtract', end, rounds.upper), one),
    upper: createBinary('add', createBinary('subtract', end, rounds.lower), one),
  };
}

/**
 * whether the counter occurs once in the index, as the right operand of an odd number of
 * subtractions and otherwise only under additions, subtractions and casts (coefficient −1)
 */
function negatedOnce(index: Expression, counter: ScalarVariable): boolean {
  const occurrences = (node: Expression): number => {
    let count = 0;
    forEachSubexpression(node, (inner) => {
      if (isVariableExpression(inner, counter)) count++;
    });
    return count;
  };
  if (occurrences(index) !== 1) return false;
  // the counter's coefficient along its one path; undefined under another operation
  const sign = (node: Expression): number | undefined => {
    if (occurrences(node) === 0) return 0;
    if (node.kind === 'variable') return 1;
    if (node.kind === 'cast') return sign(node.operand);
    if (node.kind !== 'binary' || (node.operator !== 'add' && node.operator !== 'subtract')) return undefined;
    const left = sign(node.left);
    const right = sign(node.right);
    if (left === undefined || right === undefined) return undefined;
    return node.operator === 'subtract' ? left - right : left + right;
  };
  return sign(index) === -1;
}
