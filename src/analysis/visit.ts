// Small read-only walks over IR expressions and blocks, shared by the loop and array analyses and
// by the witness encoding: which scalars an expression reads, which array reads it contains, which
// scalars and arrays a block may define, structural equality of expressions.
//
// Soundness: every "may" set here is syntactic and over-approximates (a statement counts as
// defining a variable when it assigns or havocs it on some path, in any nested block or loop).

import type { ArrayReadExpression, ArrayVariable, Block, Expression, ScalarVariable, Statement } from '../ir/types.js';

/** the array reads of an expression, innermost first (reads inside index expressions come first) */
export function arrayReadsOf(expression: Expression, into: ArrayReadExpression[] = []): ArrayReadExpression[] {
  switch (expression.kind) {
    case 'constant':
    case 'variable':
      return into;
    case 'arrayRead':
      for (const index of expression.indices) arrayReadsOf(index, into);
      into.push(expression);
      return into;
    case 'unary':
    case 'cast':
      return arrayReadsOf(expression.operand, into);
    case 'binary':
      arrayReadsOf(expression.left, into);
      return arrayReadsOf(expression.right, into);
    case 'conditional':
      arrayReadsOf(expression.condition, into);
      arrayReadsOf(expression.then, into);
      return arrayReadsOf(expression.else, into);
    default: {
      const never: never = expression;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

/** the scalars an expression reads (including inside index expressions) */
export function scalarsReadBy(expression: Expression, into: Set<ScalarVariable> = new Set()): Set<ScalarVariable> {
  switch (expression.kind) {
    case 'constant':
      return into;
    case 'variable':
      into.add(expression.variable);
      return into;
    case 'arrayRead':
      for (const index of expression.indices) scalarsReadBy(index, into);
      return into;
    case 'unary':
    case 'cast':
      return scalarsReadBy(expression.operand, into);
    case 'binary':
      scalarsReadBy(expression.left, into);
      return scalarsReadBy(expression.right, into);
    case 'conditional':
      scalarsReadBy(expression.condition, into);
      scalarsReadBy(expression.then, into);
      return scalarsReadBy(expression.else, into);
    default: {
      const never: never = expression;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

/** true when the expression contains a division or remainder (whose definedness matters) */
export function containsDivision(expression: Expression): boolean {
  switch (expression.kind) {
    case 'constant':
    case 'variable':
      return false;
    case 'arrayRead':
      return expression.indices.some(containsDivision);
    case 'unary':
    case 'cast':
      return containsDivision(expression.operand);
    case 'binary':
      return expression.operator === 'divide' || expression.operator === 'remainder'
        || containsDivision(expression.left) || containsDivision(expression.right);
    case 'conditional':
      return containsDivision(expression.condition) || containsDivision(expression.then) || containsDivision(expression.else);
    default: {
      const never: never = expression;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

/** structural equality (constants by value and type width/signedness, variables by identity) */
export function sameExpression(left: Expression, right: Expression): boolean {
  if (left === right) return true;
  if (left.type.width !== right.type.width || left.type.signed !== right.type.signed) return false;
  switch (left.kind) {
    case 'constant':
      return right.kind === 'constant' && right.value === left.value;
    case 'variable':
      return right.kind === 'variable' && right.variable.id === left.variable.id;
    case 'arrayRead':
      return right.kind === 'arrayRead' && right.array.id === left.array.id
        && left.indices.every((index, position) => sameExpression(index, right.indices[position]!));
    case 'unary':
      return right.kind === 'unary' && right.operator === left.operator && sameExpression(left.operand, right.operand);
    case 'cast':
      return right.kind === 'cast' && sameExpression(left.operand, right.operand);
    case 'binary':
      return right.kind === 'binary' && right.operator === left.operator
        && sameExpression(left.left, right.left) && sameExpression(left.right, right.right);
    case 'conditional':
      return right.kind === 'conditional' && sameExpression(left.condition, right.condition)
        && sameExpression(left.then, right.then) && sameExpression(left.else, right.else);
    default: {
      const never: never = left;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

/** removes casts around an expression */
export function stripCasts(expression: Expression): Expression {
  let current = expression;
  while (current.kind === 'cast') current = current.operand;
  return current;
}

/** calls `visit` for every statement of the block, nested blocks and loop bodies included */
export function forEachStatement(block: Block, visit: (statement: Statement) => void): void {
  for (const statement of block) {
    visit(statement);
    switch (statement.kind) {
      case 'if':
        forEachStatement(statement.then, visit);
        forEachStatement(statement.else, visit);
        break;
      case 'loop':
        forEachStatement(statement.body, visit);
        forEachStatement(statement.update, visit);
        break;
      default:
        break;
    }
  }
}

/** every expression evaluated by the statement itself (not by nested blocks) */
export function expressionsOf(statement: Statement): Expression[] {
  switch (statement.kind) {
    case 'assign': return [statement.value];
    case 'arrayWrite': return [...statement.indices, statement.value];
    case 'havoc': return [];
    case 'arrayHavoc': return [];
    case 'arrayFill': return [statement.value];
    case 'assume': return [statement.condition];
    case 'assert': return [statement.condition];
    case 'if': return [statement.condition];
    case 'loop': return [statement.condition];
    case 'break': return [];
    case 'continue': return [];
    default: {
      const never: never = statement;
      throw new Error(`unknown statement ${JSON.stringify(never)}`);
    }
  }
}

/** scalars assigned or havocked anywhere in the blocks */
export function scalarsDefinedIn(...blocks: Block[]): Set<ScalarVariable> {
  const defined = new Set<ScalarVariable>();
  for (const block of blocks) {
    forEachStatement(block, (statement) => {
      if (statement.kind === 'assign' || statement.kind === 'havoc') defined.add(statement.target);
    });
  }
  return defined;
}

/** arrays written, filled or havocked anywhere in the blocks */
export function arraysDefinedIn(...blocks: Block[]): Set<ArrayVariable> {
  const defined = new Set<ArrayVariable>();
  for (const block of blocks) {
    forEachStatement(block, (statement) => {
      if (statement.kind === 'arrayWrite' || statement.kind === 'arrayFill' || statement.kind === 'arrayHavoc') defined.add(statement.array);
    });
  }
  return defined;
}

/** true when a `break` of the loop owning this block occurs (not counting nested loops) */
export function containsJump(block: Block, kind: 'break' | 'continue'): boolean {
  for (const statement of block) {
    if (statement.kind === kind) return true;
    if (statement.kind === 'if' && (containsJump(statement.then, kind) || containsJump(statement.else, kind))) return true;
  }
  return false;
}

/** every array access (read or write) in the blocks and expressions, nested loops included */
export interface ArrayAccess {
  readonly array: ArrayVariable;
  readonly indices: readonly Expression[];
  readonly kind: 'read' | 'write' | 'whole';
}

export function arrayAccessesIn(blocks: readonly Block[], expressions: readonly Expression[] = []): ArrayAccess[] {
  const accesses: ArrayAccess[] = [];
  const addReads = (expression: Expression): void => {
    for (const read of arrayReadsOf(expression)) accesses.push({ array: read.array, indices: read.indices, kind: 'read' });
  };
  expressions.forEach(addReads);
  for (const block of blocks) {
    forEachStatement(block, (statement) => {
      expressionsOf(statement).forEach(addReads);
      if (statement.kind === 'arrayWrite') accesses.push({ array: statement.array, indices: statement.indices, kind: 'write' });
      if (statement.kind === 'arrayFill' || statement.kind === 'arrayHavoc') accesses.push({ array: statement.array, indices: [], kind: 'whole' });
    });
  }
  return accesses;
}
