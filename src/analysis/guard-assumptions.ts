// A program pass run after lowering, before every encoding (program-passes.ts): a branch that only
// stops the run is an assumption. `if (!(c)) abort();` lowers to `if (!c) { assume(0); }`, which
// becomes `assume(c)`; `if (c) {} else { assume(0); }` likewise. Encodings that want the size's
// guards as a precondition (induct: "a branch on N before the loops") then see one.
//
// An early `return` of main is one too: main's body lowers `if (c) return 0; REST` to
// `if (c) { F = 1; } if (!F) { REST }` with F its return flag (F = 1, and !F or F == 0); when that pair ends the program's
// body and F is 0 before it (the only writes to F before the pair are `F = 0` at the top level), it
// becomes `assume(!c); REST`, and so on for the early returns at the top of REST.
//
// Soundness: exact. `if (d) { assume(0) }` and `assume(!d)` block the same runs and let the others
// go on unchanged (the condition is evaluated once, and a condition that may be undefined is left
// alone, as the branch and the assumption might stop the run at different points otherwise). A run
// in which the early return's condition holds sets F and skips REST, the last statement of the
// program: it ends there having done nothing more (no assertion, no access, no arithmetic), so
// blocking it at the assumption changes no verdict; every other run keeps F = 0 and runs REST as
// before.

import { createAssume, createUnary, updateIf, updateLoop } from '../ir/factory.js';
import type { Block, Expression, IfStatement, Program, ScalarVariable, Statement } from '../ir/types.js';
import { someSubexpression, stripWideningCasts, visitBlock, writesScalar } from '../ir/visit.js';

/** the program with stopping branches and early returns as assumptions; the same object when nothing changed */
export function assumeGuards(program: Program): Program {
  const body = guardsIn(earlyReturnsIn(program.body));
  return body === program.body ? program : { ...program, body };
}

/** the program's body with its final early-return pairs as assumptions (see the header) */
function earlyReturnsIn(body: Block): Block {
  let current = body;
  for (;;) {
    const next = withoutFinalEarlyReturn(current);
    if (next === undefined) return current;
    current = next;
  }
}

/** `…; if (c) { F = 1; } if (!F) { REST }` as `…; assume(!c); REST`, or undefined when the body does not end so */
function withoutFinalEarlyReturn(body: Block): Block | undefined {
  if (body.length < 2) return undefined;
  const guard = body[body.length - 1]!;
  const setter = body[body.length - 2]!;
  if (guard.kind !== 'if' || guard.else.length > 0 || setter.kind !== 'if' || setter.else.length > 0) return undefined;
  const flag = flagTestedZero(guard.condition);
  if (flag === undefined || !setsFlag(setter, flag) || mayStop(setter.condition)) return undefined;
  const before = body.slice(0, body.length - 2);
  if (!zeroBefore(before, flag)) return undefined;
  return [...before, createAssume(negation(setter.condition), setter.location), ...guard.then];
}

/** F of the condition `!F` or `F == 0` */
function flagTestedZero(condition: Expression): ScalarVariable | undefined {
  if (condition.kind === 'unary' && condition.operator === 'logicalNot' && condition.operand.kind === 'variable')
    return condition.operand.variable;
  if (
    condition.kind === 'binary' &&
    condition.operator === 'equal' &&
    condition.left.kind === 'variable' &&
    isConstant(condition.right, 0n)
  )
    return condition.left.variable;
  return undefined;
}

/** `if (c) { F = 1; }` (1 fits every integer type) */
function setsFlag(setter: IfStatement, flag: ScalarVariable): boolean {
  const only = setter.then.length === 1 ? setter.then[0]! : undefined;
  return (
    only?.kind === 'assign' && only.target.id === flag.id && only.value.kind === 'constant' && only.value.value !== 0n
  );
}

/** F is 0 after the statements: each one that writes F is `F = 0` at the top level, and there is one */
function zeroBefore(statements: Block, flag: ScalarVariable): boolean {
  let cleared = false;
  for (const statement of statements) {
    if (statement.kind === 'assign' && statement.target.id === flag.id) {
      if (!isConstant(statement.value, 0n)) return false;
      cleared = true;
    } else if (writesScalar([statement], flag)) return false;
  }
  return cleared;
}

function isConstant(expression: Expression, value: bigint): boolean {
  return expression.kind === 'constant' && expression.value === value;
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
