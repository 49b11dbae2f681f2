// A program pass run after lowering, before every encoding (program-passes.ts): a branch that only
// stops the run is an assumption. `if (!(c)) abort();` lowers to `if (!c) { assume(0); }`, which
// becomes `assume(c)`; `if (c) {} else { assume(0); }` likewise. Encodings that want the size's
// guards as a precondition (induct: "a branch on N before the loops") then see one.
//
// Soundness: exact. `if (d) { assume(0) }` and `assume(!d)` block the same runs and let the others
// go on unchanged (the condition is evaluated once, and a condition that may be undefined is left
// alone, as the branch and the assumption might stop the run at different points otherwise).

import { createAssume, createUnary, updateIf, updateLoop } from '../ir/factory.js';
import type { Block, Expression, Program, Statement } from '../ir/types.js';
import { someSubexpression, stripWideningCasts, visitBlock } from '../ir/visit.js';

/** the program with stopping branches as assumptions; the same object when nothing changed */
export function assumeGuards(program: Program): Program {
  const body = guardsIn(program.body);
  return body === program.body ? program : { ...program, body };
}

function guardsIn(block: Block): Block {
  return visitBlock(block, (statement) => guardOf(statement));
}

function guardOf(statement: Statement): Statement {
  if (statement.kind === 'loop')
    return updateLoop(statement, statement.condition, guardsIn(statement.body), guardsIn(statement.update));
  if (statement.kind !== 'if') return statement;
  const thenBlock = guardsIn(statement.then);
  const elseBlock = guardsIn(statement.else);
  if (!mayStop(statement.condition)) {
    if (stops(thenBlock) && elseBlock.length === 0)
      return createAssume(negation(statement.condition), statement.location);
    if (stops(elseBlock) && thenBlock.length === 0) return createAssume(statement.condition, statement.location);
  }
  return updateIf(statement, statement.condition, thenBlock, elseBlock);
}

/** a block that is `assume(0)` alone */
function stops(block: Block): boolean {
  const only = block.length === 1 ? block[0]! : undefined;
  return only?.kind === 'assume' && only.condition.kind === 'constant' && only.condition.value === 0n;
}

function negation(condition: Expression): Expression {
  if (condition.kind === 'unary' && condition.operator === 'logicalNot') return condition.operand;
  return createUnary('logicalNot', condition);
}

/** whether evaluating the condition may stop the run: a division or remainder by a divisor other than a constant outside {0, −1}, or a shift */
function mayStop(condition: Expression): boolean {
  return someSubexpression(condition, (expression) => {
    if (expression.kind !== 'binary') return false;
    if (expression.operator === 'shiftLeft' || expression.operator === 'shiftRight') return true;
    if (expression.operator !== 'divide' && expression.operator !== 'remainder') return false;
    const divisor = stripWideningCasts(expression.right);
    return divisor.kind !== 'constant' || divisor.value === 0n || divisor.value === -1n;
  });
}
