// Guesses for search loops (issue 41), for the template certifier (templates.ts, houdini.ts): a
// loop over i (step ±1) whose body leaves by `if (C(i)) { ...; break; }` (or by the else branch of
// `if (C(i)) { } else { ...; break; }`) has visited cells where C was false: at its head
// ∀k ∈ [e0, i). ¬C(k) (the cells done, doneRange). Wanted where the code after the loop relies on
// the search having failed: an insertion of a value not found (`if (!found) out[count++] = v`) keeps
// the cells pairwise distinct only because every cell before count differs from v.
// C may read the iterator, cells of arrays the loop does not write, and scalars the loop does not
// change: then C(k) is one fact of the cell k at every round (ranges.ts steadyIn).
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker.

import type { LoopInfo } from '../analysis/loops.js';
import { createUnary, createVariableExpression } from '../ir/factory.js';
import type { Block, Expression, LoopStatement, ScalarVariable } from '../ir/types.js';
import { arrayReadsOf, scalarsReadBy, substituteScalar, writtenVariables } from '../ir/visit.js';
import type { Guess } from './guess.js';
import { doneRange, steadyIn } from './ranges.js';

/** whether a branch ends by leaving the loop (its last statement a break of this loop) */
export function leavesLoop(branch: Block): boolean {
  return branch[branch.length - 1]?.kind === 'break';
}

/** the conditions under which the loop's body leaves it, each at the top level of the body */
function leavingConditions(loop: LoopStatement): Expression[] {
  return loop.body.flatMap((statement): Expression[] => {
    if (statement.kind !== 'if') return [];
    if (leavesLoop(statement.then)) return [statement.condition];
    if (leavesLoop(statement.else)) return [createUnary('logicalNot', statement.condition)];
    return [];
  });
}

/** ∀k ∈ cells done. ¬C(k), for each leaving condition C of the loop that is one fact per cell */
export function searchGuesses(loop: LoopStatement, info: LoopInfo | undefined, cell: ScalarVariable): Guess[] {
  const done = doneRange(info);
  const iterator = info?.iterator?.variable;
  if (done === undefined || iterator === undefined) return [];
  const steady = steadyIn(loop, iterator);
  const writtenArrays = writtenVariables(loop.body, loop.update).arrays;
  return leavingConditions(loop).flatMap((condition): Guess[] => {
    if (!scalarsReadBy(condition).has(iterator.id) || !steady(condition)) return [];
    if (arrayReadsOf(condition).some((read) => writtenArrays.has(read.array.id))) return [];
    const atCell = substituteScalar(condition, iterator, createVariableExpression(cell));
    return [{ kind: 'forall', variable: cell, ...done, condition: createUnary('logicalNot', atCell) }];
  });
}
