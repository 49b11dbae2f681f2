// Exits (and loops) in a loop's update block moved into its body: an exact program pass.
//
// `loop(C, B, U)` runs `while (C) { B; U }`, where a `continue` of B jumps to U. When U can leave the
// loop (a do-while's exit test `if (!c) break;`) or holds a loop (a helper with a loop called in a
// for's step, `i = next(i)`), encodings that read the update as a plain step misread the loop or
// refuse it; the kernel gives them (kernel/control-flow.ts) the loop
//   loop(C, B'; U, [])   where B' is B with each of its own `continue`s replaced by `U; continue`.
// Exact: a pass through B that ends normally runs U next in both; one that reaches a `continue` of
// the loop runs U and then the condition in both (the new update is empty); a `break` of B skips U
// in both. Jumps of nested loops are theirs and are left alone (containsJump and the rewrite below
// look through if/else only). U is copied once per `continue`; a U that holds a loop is not copied
// (loop ids are unique), and such a loop with a `continue` in its body is left as it is, as is a U
// with a `continue` of its own: the kernel then refuses the program for an encoding that does not
// model the form.

import { createContinue, createLoop, freshCopy, updateIf, updateLoop } from '../ir/factory.js';
import type { Block, LoopStatement, Statement } from '../ir/types.js';
import { containsJump, flattenStatements, visitBlock } from '../ir/visit.js';

/** The block with every loop whose update may break or holds a loop moved into its body where that is exact (see the header). */
export function moveUpdateExitsIntoBody(block: Block): Block {
  return visitBlock(block, (statement) => rewriteStatement(statement));
}

function rewriteStatement(statement: Statement): Statement {
  if (statement.kind === 'if') {
    return updateIf(
      statement,
      statement.condition,
      moveUpdateExitsIntoBody(statement.then),
      moveUpdateExitsIntoBody(statement.else),
    );
  }
  if (statement.kind !== 'loop') return statement;
  const loop = updateLoop(
    statement,
    statement.condition,
    moveUpdateExitsIntoBody(statement.body),
    moveUpdateExitsIntoBody(statement.update),
  );
  return moved(loop) ?? loop;
}

/**
 * the loop with its update moved into the body, or undefined when its update neither leaves the
 * loop nor holds a loop (a helper with a loop called in a for's step), or the move is not exact
 */
function moved(loop: LoopStatement): LoopStatement | undefined {
  const holdsLoop = flattenStatements(loop.update).some((statement) => statement.kind === 'loop');
  if (!containsJump(loop.update, 'break') && !holdsLoop) return undefined;
  if (containsJump(loop.update, 'continue')) return undefined;
  const continues = containsJump(loop.body, 'continue');
  if (continues && holdsLoop) return undefined;
  const body = continues ? continuesThroughUpdate(loop.body, loop.update) : loop.body;
  return createLoop(loop.id, loop.condition, [...body, ...loop.update], [], loop.location);
}

/** `continue` of the loop (through if/else, not into nested loops) becomes `update; continue` */
function continuesThroughUpdate(block: Block, update: Block): Block {
  const result: Statement[] = [];
  for (const statement of block) {
    switch (statement.kind) {
      case 'continue':
        // a copy of its own at each place (analyses number statements by identity)
        result.push(...freshCopy(update), createContinue(statement.location));
        break;
      case 'if':
        result.push(
          updateIf(
            statement,
            statement.condition,
            continuesThroughUpdate(statement.then, update),
            continuesThroughUpdate(statement.else, update),
          ),
        );
        break;
      default:
        result.push(statement);
    }
  }
  return result;
}
