// Small IR utilities used while lowering: which variables a block writes, whether an expression
// reads any of them, and substitution of a scalar variable by an expression (used to drop the
// parameter variables of inlined calls whose argument cannot change during the call).

import {
  createArrayFill, createArrayRead, createArrayWrite, createAssert, createAssign, createAssume, createBinary, createCast,
  createConditional, createIf, createLoop, createUnary,
} from '../factory.js';
import type { Block, Expression, ScalarVariable, Statement } from '../types.js';

/** Ids of the scalar and array variables a block may write. */
export function writtenVariables(block: readonly Statement[], into: Set<number> = new Set()): Set<number> {
  for (const statement of block) {
    switch (statement.kind) {
      case 'assign': case 'havoc': into.add(statement.target.id); break;
      case 'arrayWrite': case 'arrayHavoc': case 'arrayFill': into.add(statement.array.id); break;
      case 'if': writtenVariables(statement.then, into); writtenVariables(statement.else, into); break;
      case 'loop': writtenVariables(statement.body, into); writtenVariables(statement.update, into); break;
      default: break;
    }
  }
  return into;
}

export function readsAny(expression: Expression, variables: ReadonlySet<number>): boolean {
  switch (expression.kind) {
    case 'constant': return false;
    case 'variable': return variables.has(expression.variable.id);
    case 'arrayRead': return variables.has(expression.array.id) || expression.indices.some((index) => readsAny(index, variables));
    case 'unary': case 'cast': return readsAny(expression.operand, variables);
    case 'binary': return readsAny(expression.left, variables) || readsAny(expression.right, variables);
    case 'conditional': return readsAny(expression.condition, variables) || readsAny(expression.then, variables) || readsAny(expression.else, variables);
    default: {
      const never: never = expression;
      return never;
    }
  }
}

/** Whether evaluating the expression can be undefined (division, remainder, shifts). */
export function mayBeUndefined(expression: Expression): boolean {
  switch (expression.kind) {
    case 'constant': case 'variable': return false;
    case 'arrayRead': return expression.indices.some(mayBeUndefined);
    case 'unary': case 'cast': return mayBeUndefined(expression.operand);
    case 'binary':
      return ['divide', 'remainder', 'shiftLeft', 'shiftRight'].includes(expression.operator)
        || mayBeUndefined(expression.left) || mayBeUndefined(expression.right);
    case 'conditional': return mayBeUndefined(expression.condition) || mayBeUndefined(expression.then) || mayBeUndefined(expression.else);
    default: {
      const never: never = expression;
      return never;
    }
  }
}

export function expressionSize(expression: Expression): number {
  switch (expression.kind) {
    case 'constant': case 'variable': return 1;
    case 'arrayRead': return 1 + expression.indices.reduce((total, index) => total + expressionSize(index), 0);
    case 'unary': case 'cast': return 1 + expressionSize(expression.operand);
    case 'binary': return 1 + expressionSize(expression.left) + expressionSize(expression.right);
    case 'conditional': return 1 + expressionSize(expression.condition) + expressionSize(expression.then) + expressionSize(expression.else);
    default: {
      const never: never = expression;
      return never;
    }
  }
}

function substituteExpression(expression: Expression, variable: ScalarVariable, replacement: Expression): Expression {
  const recurse = (inner: Expression): Expression => substituteExpression(inner, variable, replacement);
  switch (expression.kind) {
    case 'constant': return expression;
    case 'variable': return expression.variable === variable ? replacement : expression;
    case 'arrayRead': return createArrayRead(expression.array, expression.indices.map(recurse));
    case 'unary': return createUnary(expression.operator, recurse(expression.operand), expression.type);
    case 'cast': return createCast(recurse(expression.operand), expression.type);
    case 'binary': return createBinary(expression.operator, recurse(expression.left), recurse(expression.right), expression.type);
    case 'conditional': return createConditional(recurse(expression.condition), recurse(expression.then), recurse(expression.else), expression.type);
    default: {
      const never: never = expression;
      return never;
    }
  }
}

/** Replaces every read of `variable` (which the block never writes) by `replacement`. */
export function substituteBlock(block: Block, variable: ScalarVariable, replacement: Expression): Statement[] {
  const expression = (inner: Expression): Expression => substituteExpression(inner, variable, replacement);
  return block.map((statement): Statement => {
    switch (statement.kind) {
      case 'assign': return createAssign(statement.target, expression(statement.value), statement.location);
      case 'arrayWrite': return createArrayWrite(statement.array, statement.indices.map(expression), expression(statement.value), statement.location);
      case 'arrayFill': return createArrayFill(statement.array, expression(statement.value), statement.location);
      case 'assume': return createAssume(expression(statement.condition), statement.location);
      case 'assert': return createAssert(expression(statement.condition), statement.location);
      case 'if': return createIf(expression(statement.condition), substituteBlock(statement.then, variable, replacement), substituteBlock(statement.else, variable, replacement), statement.location);
      case 'loop': return createLoop(statement.id, expression(statement.condition), substituteBlock(statement.body, variable, replacement), substituteBlock(statement.update, variable, replacement), statement.location);
      case 'havoc': case 'arrayHavoc': case 'break': case 'continue': return statement;
      default: {
        const never: never = statement;
        return never;
      }
    }
  });
}
