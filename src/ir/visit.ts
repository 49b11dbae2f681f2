// The one module of IR walks, used by lowering, the analyses and every encoder:
// - child visitors in the style of the TypeScript compiler's `visitEachChild`: `visitExpressionChildren`
//   and `visitStatementChildren` rebuild a node through the `updateX` factories, so a node whose
//   children did not change is returned itself (transforms keep identity, callers can test `===`);
//   `visitBlock` does the same for a block;
// - read-only queries: which scalars an expression reads, its array reads, which scalars and arrays a
//   block may write, array accesses, division or other possibly undefined operators;
// - structural equality (plain and modulo a renaming), cast stripping, substitution of a scalar.
//
// Every child walk visits children in evaluation order: the indices of an array read, the operand, the
// left then the right operand, condition then the two values; in a statement its indices before its
// value, and its condition before its nested blocks (then, else; body, update).
//
// Soundness: every "may" set here is syntactic and over-approximates (a statement counts as writing
// a variable when it assigns or havocs it on some path, in any nested block or loop).

import {
  updateArrayFill,
  updateArrayRead,
  updateArrayWrite,
  updateAssert,
  updateAssign,
  updateAssume,
  updateBinary,
  updateCast,
  updateConditional,
  updateIf,
  updateLoop,
  updateUnary,
  typeRange,
  createLoop,
} from './factory.js';
import type {
  ArrayReadExpression,
  ArrayVariable,
  Block,
  ConstantExpression,
  Expression,
  IntegerType,
  ScalarVariable,
  Statement,
} from './types.js';

// ---------------------------------------------------------------- child visitors

export type ExpressionVisitor = (expression: Expression) => Expression;
export type BlockVisitor = (block: Block) => Block;
/** the statement's replacement: itself (unchanged), another statement, or any number of statements */
export type StatementVisitor = (statement: Statement) => Statement | readonly Statement[];

/** calls `visit` on each direct child of the expression, in evaluation order */
export function forEachChild(expression: Expression, visit: (child: Expression) => void): void {
  switch (expression.kind) {
    case 'constant':
    case 'variable':
      return;
    case 'arrayRead':
      expression.indices.forEach((index) => visit(index));
      return;
    case 'unary':
    case 'cast':
      visit(expression.operand);
      return;
    case 'binary':
      visit(expression.left);
      visit(expression.right);
      return;
    case 'conditional':
      visit(expression.condition);
      visit(expression.then);
      visit(expression.else);
      return;
    default: {
      const never: never = expression;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

/** the expression with `visit` applied to each direct child; the same node when no child changed */
export function visitExpressionChildren(expression: Expression, visit: ExpressionVisitor): Expression {
  switch (expression.kind) {
    case 'constant':
    case 'variable':
      return expression;
    case 'arrayRead':
      return updateArrayRead(
        expression,
        expression.indices.map((index) => visit(index)),
      );
    case 'unary':
      return updateUnary(expression, visit(expression.operand));
    case 'cast':
      return updateCast(expression, visit(expression.operand));
    case 'binary':
      return updateBinary(expression, visit(expression.left), visit(expression.right));
    case 'conditional':
      return updateConditional(expression, visit(expression.condition), visit(expression.then), visit(expression.else));
    default: {
      const never: never = expression;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

/**
 * The statement with `visitExpression` applied to its own expressions and `visitNested` to its nested
 * blocks; the same node when nothing changed.
 */
export function visitStatementChildren(
  statement: Statement,
  visitExpression: ExpressionVisitor,
  visitNested: BlockVisitor,
): Statement {
  switch (statement.kind) {
    case 'assign':
      return updateAssign(statement, visitExpression(statement.value));
    case 'arrayWrite':
      return updateArrayWrite(
        statement,
        statement.indices.map((index) => visitExpression(index)),
        visitExpression(statement.value),
      );
    case 'arrayFill':
      return updateArrayFill(statement, visitExpression(statement.value));
    case 'assume':
      return updateAssume(statement, visitExpression(statement.condition));
    case 'assert':
      return updateAssert(statement, visitExpression(statement.condition));
    case 'if':
      return updateIf(
        statement,
        visitExpression(statement.condition),
        visitNested(statement.then),
        visitNested(statement.else),
      );
    case 'loop':
      return updateLoop(
        statement,
        visitExpression(statement.condition),
        visitNested(statement.body),
        visitNested(statement.update),
      );
    case 'havoc':
    case 'arrayHavoc':
    case 'break':
    case 'continue':
      return statement;
    default: {
      const never: never = statement;
      throw new Error(`unknown statement ${JSON.stringify(never)}`);
    }
  }
}

/** the block with every statement replaced by what `visit` returns; the same array when nothing changed */
export function visitBlock(block: Block, visit: StatementVisitor): Block {
  let result: Statement[] | undefined;
  block.forEach((statement, position) => {
    const visited = visit(statement);
    if (result === undefined) {
      if (visited === statement) return;
      result = block.slice(0, position);
    }
    if (isStatement(visited)) result.push(visited);
    else result.push(...visited);
  });
  return result ?? block;
}

function isStatement(visited: Statement | readonly Statement[]): visited is Statement {
  return !Array.isArray(visited);
}

/** every expression of the block (nested blocks included) rewritten by `visit`; unchanged parts keep their identity */
export function visitExpressionsInBlock(block: Block, visit: ExpressionVisitor): Block {
  const nested = (inner: Block): Block => visitBlock(inner, statement);
  const statement = (node: Statement): Statement => visitStatementChildren(node, visit, nested);
  return nested(block);
}

// ---------------------------------------------------------------- expressions

/** calls `visit` for the expression and every subexpression, parents before children */
export function forEachSubexpression(expression: Expression, visit: (expression: Expression) => void): void {
  visit(expression);
  forEachChild(expression, (child) => forEachSubexpression(child, visit));
}

/** true when `predicate` holds for the expression or a subexpression */
export function someSubexpression(expression: Expression, predicate: (expression: Expression) => boolean): boolean {
  if (predicate(expression)) return true;
  let found = false;
  forEachChild(expression, (child) => {
    found ||= someSubexpression(child, predicate);
  });
  return found;
}

/** the array reads of an expression, innermost first (reads inside index expressions come first) */
export function arrayReadsOf(expression: Expression, into: ArrayReadExpression[] = []): ArrayReadExpression[] {
  forEachChild(expression, (child) => {
    arrayReadsOf(child, into);
  });
  if (expression.kind === 'arrayRead') into.push(expression);
  return into;
}

export function containsArrayRead(expression: Expression): boolean {
  return someSubexpression(expression, (node) => node.kind === 'arrayRead');
}

/** the scalars an expression reads (including inside index expressions), by id, in reading order */
export function scalarsReadBy(
  expression: Expression,
  into: Map<number, ScalarVariable> = new Map(),
): Map<number, ScalarVariable> {
  forEachSubexpression(expression, (node) => {
    if (node.kind === 'variable') into.set(node.variable.id, node.variable);
  });
  return into;
}

/** the scalars read by the expressions and by every statement of the blocks (nested blocks included) */
export function scalarsReadIn(
  blocks: readonly Block[],
  expressions: readonly Expression[] = [],
): Map<number, ScalarVariable> {
  const read = new Map<number, ScalarVariable>();
  for (const expression of expressions) scalarsReadBy(expression, read);
  for (const block of blocks) {
    forEachStatement(block, (statement) =>
      expressionsOf(statement).forEach((expression) => scalarsReadBy(expression, read)),
    );
  }
  return read;
}

/** true when the expression reads one of the written variables (a scalar, or any cell of an array) */
export function readsAny(expression: Expression, written: WrittenVariables): boolean {
  return someSubexpression(
    expression,
    (node) =>
      (node.kind === 'variable' && written.scalars.has(node.variable.id)) ||
      (node.kind === 'arrayRead' && written.arrays.has(node.array.id)),
  );
}

function containsOperator(expression: Expression, operators: ReadonlySet<string>): boolean {
  return someSubexpression(expression, (node) => node.kind === 'binary' && operators.has(node.operator));
}

const divisionOperators: ReadonlySet<string> = new Set(['divide', 'remainder']);
const possiblyUndefinedOperators: ReadonlySet<string> = new Set(['divide', 'remainder', 'shiftLeft', 'shiftRight']);

/** true when the expression contains a division or remainder (whose definedness matters) */
export function containsDivision(expression: Expression): boolean {
  return containsOperator(expression, divisionOperators);
}

/** whether evaluating the expression can be undefined (division, remainder, shifts) */
export function mayBeUndefined(expression: Expression): boolean {
  return containsOperator(expression, possiblyUndefinedOperators);
}

/** the number of nodes of the expression */
export function expressionSize(expression: Expression): number {
  let size = 1;
  forEachChild(expression, (child) => {
    size += expressionSize(child);
  });
  return size;
}

// ---------------------------------------------------------------- statements and blocks

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

/**
 * the scalars every assignment of which in the block is a constant (casts stripped as stripCasts
 * does) and that no havoc reads from input, each with those constants in order, one per assignment
 */
export function constantAssignments(
  block: Block,
): ReadonlyMap<number, { readonly variable: ScalarVariable; readonly constants: readonly ConstantExpression[] }> {
  const assigned = new Map<number, { variable: ScalarVariable; constants: ConstantExpression[] } | null>();
  forEachStatement(block, (statement) => {
    if (statement.kind === 'havoc') assigned.set(statement.target.id, null);
    if (statement.kind !== 'assign') return;
    const known = assigned.get(statement.target.id);
    if (known === null) return;
    const value = stripCasts(statement.value);
    if (value.kind !== 'constant') {
      assigned.set(statement.target.id, null);
      return;
    }
    const entry = known ?? { variable: statement.target, constants: [] };
    entry.constants.push(value);
    assigned.set(statement.target.id, entry);
  });
  return new Map([...assigned].flatMap(([id, entry]) => (entry === null ? [] : [[id, entry] as const])));
}

/** every statement of the block, nested ones included, in the order of `forEachStatement` */
export function flattenStatements(block: Block): Statement[] {
  const result: Statement[] = [];
  forEachStatement(block, (statement) => result.push(statement));
  return result;
}

/** every expression evaluated by the statement itself (not by nested blocks) */
export function expressionsOf(statement: Statement): Expression[] {
  switch (statement.kind) {
    case 'assign':
      return [statement.value];
    case 'arrayWrite':
      return [...statement.indices, statement.value];
    case 'havoc':
      return [];
    case 'arrayHavoc':
      return [];
    case 'arrayFill':
      return [statement.value];
    case 'assume':
      return [statement.condition];
    case 'assert':
      return [statement.condition];
    case 'if':
      return [statement.condition];
    case 'loop':
      return [statement.condition];
    case 'break':
      return [];
    case 'continue':
      return [];
    default: {
      const never: never = statement;
      throw new Error(`unknown statement ${JSON.stringify(never)}`);
    }
  }
}

/** true when a `break` (or `continue`) of the loop owning this block occurs (not counting nested loops) */
export function containsJump(block: Block, kind: 'break' | 'continue'): boolean {
  for (const statement of block) {
    if (statement.kind === kind) return true;
    if (statement.kind === 'if' && (containsJump(statement.then, kind) || containsJump(statement.else, kind)))
      return true;
  }
  return false;
}

/** the variables some statement of the blocks may write, by id, in the order of `forEachStatement` */
export interface WrittenVariables {
  /** assigned or havocked */
  readonly scalars: Map<number, ScalarVariable>;
  /** written at a cell, filled or havocked */
  readonly arrays: Map<number, ArrayVariable>;
}

export function writtenVariables(...blocks: Block[]): WrittenVariables {
  const written: WrittenVariables = { scalars: new Map(), arrays: new Map() };
  for (const block of blocks) {
    forEachStatement(block, (statement) => {
      if (statement.kind === 'assign' || statement.kind === 'havoc')
        written.scalars.set(statement.target.id, statement.target);
      if (statement.kind === 'arrayWrite' || statement.kind === 'arrayFill' || statement.kind === 'arrayHavoc') {
        written.arrays.set(statement.array.id, statement.array);
      }
    });
  }
  return written;
}

/** true when some statement of the block may write the scalar (assigns or havocs it, nested blocks included) */
export function writesScalar(block: Block, variable: ScalarVariable): boolean {
  return writtenVariables(block).scalars.has(variable.id);
}

/** one array access: a read or a write at `indices`, or a whole-array fill or havoc */
export interface ArrayAccess {
  readonly array: ArrayVariable;
  readonly indices: readonly Expression[];
  readonly kind: 'read' | 'write' | 'whole';
}

/**
 * every array access in the expressions and the blocks, nested loops included: per statement the reads
 * of its expressions (innermost first), then its write
 */
export function arrayAccessesIn(blocks: readonly Block[], expressions: readonly Expression[] = []): ArrayAccess[] {
  const accesses: ArrayAccess[] = [];
  const addReads = (expression: Expression): void => {
    for (const read of arrayReadsOf(expression))
      accesses.push({ array: read.array, indices: read.indices, kind: 'read' });
  };
  expressions.forEach(addReads);
  for (const block of blocks) {
    forEachStatement(block, (statement) => {
      expressionsOf(statement).forEach(addReads);
      if (statement.kind === 'arrayWrite')
        accesses.push({ array: statement.array, indices: statement.indices, kind: 'write' });
      if (statement.kind === 'arrayFill' || statement.kind === 'arrayHavoc')
        accesses.push({ array: statement.array, indices: [], kind: 'whole' });
    });
  }
  return accesses;
}

// ---------------------------------------------------------------- equality

/** structural equality (constants by value and type width/signedness, variables and arrays by id) */
export function sameExpression(left: Expression, right: Expression): boolean {
  return left === right || sameExpressionModulo(left, right, new Map());
}

/** structural equality after renaming the variables of `left` by `renaming` (id → variable); types included */
export function sameExpressionModulo(
  left: Expression,
  right: Expression,
  renaming: ReadonlyMap<number, ScalarVariable>,
): boolean {
  const same = (first: Expression, second: Expression): boolean => sameExpressionModulo(first, second, renaming);
  if (left.kind !== right.kind) return false;
  if (left.type.width !== right.type.width || left.type.signed !== right.type.signed) return false;
  switch (left.kind) {
    case 'constant':
      return left.value === (right as typeof left).value;
    case 'variable':
      return (renaming.get(left.variable.id) ?? left.variable).id === (right as typeof left).variable.id;
    case 'arrayRead': {
      const other = right as typeof left;
      return (
        left.array.id === other.array.id &&
        left.indices.length === other.indices.length &&
        left.indices.every((index, position) => same(index, other.indices[position]!))
      );
    }
    case 'unary': {
      const other = right as typeof left;
      return left.operator === other.operator && same(left.operand, other.operand);
    }
    case 'cast':
      return same(left.operand, (right as typeof left).operand);
    case 'binary': {
      const other = right as typeof left;
      return left.operator === other.operator && same(left.left, other.left) && same(left.right, other.right);
    }
    case 'conditional': {
      const other = right as typeof left;
      return same(left.condition, other.condition) && same(left.then, other.then) && same(left.else, other.else);
    }
    default: {
      const never: never = left;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

// ---------------------------------------------------------------- casts

function isBooleanType(type: IntegerType): boolean {
  return type.width === 1 && !type.signed;
}

/** whether the expression is a read of the scalar itself (no casts looked through: strip them first where they may be) */
export function isVariableExpression(expression: Expression, variable: ScalarVariable): boolean {
  return expression.kind === 'variable' && expression.variable.id === variable.id;
}

/**
 * removes the casts that are the identity in int semantics: every cast except one to _Bool (which
 * maps x to x != 0 and is kept)
 */
export function stripCasts(expression: Expression): Expression {
  let current = expression;
  while (current.kind === 'cast' && !isBooleanType(current.type)) current = current.operand;
  return current;
}

/**
 * removes casts that keep every value of their operand in both semantics (to a type at least as wide,
 * never signed to unsigned, never to _Bool)
 */
export function stripWideningCasts(expression: Expression): Expression {
  let current = expression;
  while (current.kind === 'cast') {
    const from = current.operand.type;
    const to = current.type;
    const keeps =
      (from.width === to.width && from.signed === to.signed) || (to.width > from.width && (to.signed || !from.signed));
    if (!keeps || to.width === 1) break;
    current = current.operand;
  }
  return current;
}

/** the conjuncts of a condition split at `&&` (through widening casts); each conjunct as written */
export function conjunctsOf(condition: Expression): Expression[] {
  const node = stripWideningCasts(condition);
  if (node.kind === 'binary' && node.operator === 'logicalAnd')
    return [...conjunctsOf(node.left), ...conjunctsOf(node.right)];
  return [condition];
}

/** removes casts to types that hold every value of `type` (for an operand of that type they keep its value) */
export function stripCastsKeepingValuesOf(expression: Expression, type: IntegerType): Expression {
  const source = typeRange(type);
  let current = expression;
  while (current.kind === 'cast') {
    const target = typeRange(current.type);
    if (target.minimum > source.minimum || target.maximum < source.maximum) break;
    current = current.operand;
  }
  return current;
}

/** removes casts to types of at least `width` bits, except to _Bool: modulo 2^width they are the identity (bv semantics) */
export function stripCastsAtLeast(expression: Expression, width: number): Expression {
  let current = expression;
  while (current.kind === 'cast' && current.type.width >= width && current.type.width > 1) current = current.operand;
  return current;
}

// ---------------------------------------------------------------- substitution

/** every read of `variable` replaced by `replacement`; subtrees without such a read keep their identity */
export function substituteScalar(
  expression: Expression,
  variable: ScalarVariable,
  replacement: Expression,
): Expression {
  if (expression.kind === 'variable') return expression.variable.id === variable.id ? replacement : expression;
  return visitExpressionChildren(expression, (child) => substituteScalar(child, variable, replacement));
}

/** every read of `variable` in the block replaced by `replacement` (assignments to it are not touched) */
export function substituteScalarInBlock(block: Block, variable: ScalarVariable, replacement: Expression): Block {
  return visitExpressionsInBlock(block, (expression) => substituteScalar(expression, variable, replacement));
}

/**
 * the loops of the block numbered 0, 1, … in source order, as the IR has them (after a transform
 * that copied or inserted loops); `next` carries the numbering on across calls
 */
export function renumberLoops(block: Block, next: { id: number } = { id: 0 }): Block {
  return visitBlock(block, (statement) => {
    if (statement.kind === 'if')
      return updateIf(
        statement,
        statement.condition,
        renumberLoops(statement.then, next),
        renumberLoops(statement.else, next),
      );
    if (statement.kind !== 'loop') return statement;
    const id = next.id++;
    const renumbered = updateLoop(
      statement,
      statement.condition,
      renumberLoops(statement.body, next),
      renumberLoops(statement.update, next),
    );
    return renumbered.id === id
      ? renumbered
      : createLoop(id, renumbered.condition, renumbered.body, renumbered.update, statement.location);
  });
}
