// Factory for IR nodes: the only place IR objects are created. `createX` builds a frozen node;
// `updateX` returns the very same node when nothing changed, so transforms can detect "no change"
// by identity (as in the TypeScript compiler's factory).

import type {
  ArrayFillStatement,
  ArrayHavocStatement,
  ArrayReadExpression,
  ArrayVariable,
  ArrayWriteStatement,
  AssertStatement,
  AssignStatement,
  AssumeStatement,
  BinaryExpression,
  BinaryOperator,
  Block,
  BreakStatement,
  CastExpression,
  ConditionalExpression,
  ConstantExpression,
  ContinueStatement,
  DataModel,
  Expression,
  HavocOrigin,
  HavocStatement,
  IfStatement,
  IntegerType,
  LoopStatement,
  Program,
  ScalarVariable,
  Statement,
  SourceLocation,
  UnaryExpression,
  UnaryOperator,
  VariableExpression,
} from './types.js';
import { intType, isBoolType, sameType, typeRange } from './c-integers.js';

// ---------------------------------------------------------------- types

// the integer types, their ranges and C's conversions live in c-integers.ts (the one home of C's
// integer rules); they are exported here too, where IR code has always found them
export {
  boolType,
  charType,
  convertedValue,
  int128Type,
  intType,
  longLongType,
  longType,
  sameType,
  shortType,
  signedCharType,
  typeRange,
  unsignedCharType,
  unsignedInt128Type,
  unsignedIntType,
  unsignedLongLongType,
  unsignedLongType,
  unsignedShortType,
} from './c-integers.js';

// ---------------------------------------------------------------- variables

export function createScalarVariable(
  id: number,
  name: string,
  sourceName: string,
  type: IntegerType,
  location: SourceLocation | undefined,
): ScalarVariable {
  return Object.freeze({ kind: 'scalar', id, name, sourceName, type, location });
}

export function createArrayVariable(
  id: number,
  name: string,
  sourceName: string,
  elementType: IntegerType,
  sizes: readonly Expression[],
  location: SourceLocation | undefined,
): ArrayVariable {
  return Object.freeze({
    kind: 'array',
    id,
    name,
    sourceName,
    elementType,
    sizes: Object.freeze([...sizes]),
    location,
  });
}

// ---------------------------------------------------------------- expressions

export function createConstant(value: bigint, type: IntegerType = intType): ConstantExpression {
  return Object.freeze({ kind: 'constant', value, type });
}

export function createVariableExpression(variable: ScalarVariable): VariableExpression {
  return Object.freeze({ kind: 'variable', variable, type: variable.type });
}

export function createArrayRead(array: ArrayVariable, indices: readonly Expression[]): ArrayReadExpression {
  if (indices.length !== array.sizes.length) {
    throw new Error(
      `internal: ${array.name} has ${array.sizes.length} dimensions, read with ${indices.length} indices`,
    );
  }
  return Object.freeze({ kind: 'arrayRead', array, indices: Object.freeze([...indices]), type: array.elementType });
}

export function createUnary(operator: UnaryOperator, operand: Expression, type?: IntegerType): UnaryExpression {
  const resultType = type ?? (operator === 'logicalNot' ? intType : operand.type);
  return Object.freeze({ kind: 'unary', operator, operand, type: resultType });
}

const booleanResultOperators: ReadonlySet<BinaryOperator> = new Set<BinaryOperator>([
  'less',
  'lessEqual',
  'greater',
  'greaterEqual',
  'equal',
  'notEqual',
  'logicalAnd',
  'logicalOr',
]);

export function isBooleanResultOperator(operator: BinaryOperator): boolean {
  return booleanResultOperators.has(operator);
}

/** For arithmetic operators the result type defaults to the left operand's type. */
export function createBinary(
  operator: BinaryOperator,
  left: Expression,
  right: Expression,
  type?: IntegerType,
): BinaryExpression {
  const resultType = type ?? (booleanResultOperators.has(operator) ? intType : left.type);
  return Object.freeze({ kind: 'binary', operator, left, right, type: resultType });
}

export function createConditional(
  condition: Expression,
  thenValue: Expression,
  elseValue: Expression,
  type?: IntegerType,
): ConditionalExpression {
  return Object.freeze({
    kind: 'conditional',
    condition,
    then: thenValue,
    else: elseValue,
    type: type ?? thenValue.type,
  });
}

export function createCast(operand: Expression, type: IntegerType): CastExpression {
  return Object.freeze({ kind: 'cast', operand, type });
}

/** the value stored into an object of `type`: the expression itself when it has that type, else its conversion */
export function convertedTo(expression: Expression, type: IntegerType): Expression {
  return sameType(expression.type, type) ? expression : createCast(expression, type);
}

/** A cast only where the type differs; constants are converted in place when they fit. */
export function convertTo(operand: Expression, type: IntegerType): Expression {
  if (sameType(operand.type, type)) return operand;
  if (operand.kind === 'constant') {
    const { minimum, maximum } = typeRange(type);
    if (isBoolType(type)) return createConstant(operand.value !== 0n ? 1n : 0n, type);
    if (operand.value >= minimum && operand.value <= maximum) return createConstant(operand.value, type);
  }
  return createCast(operand, type);
}

export function updateBinary(node: BinaryExpression, left: Expression, right: Expression): BinaryExpression {
  return node.left === left && node.right === right ? node : createBinary(node.operator, left, right, node.type);
}
export function updateUnary(node: UnaryExpression, operand: Expression): UnaryExpression {
  return node.operand === operand ? node : createUnary(node.operator, operand, node.type);
}
export function updateConditional(
  node: ConditionalExpression,
  condition: Expression,
  thenValue: Expression,
  elseValue: Expression,
): ConditionalExpression {
  return node.condition === condition && node.then === thenValue && node.else === elseValue
    ? node
    : createConditional(condition, thenValue, elseValue, node.type);
}
export function updateCast(node: CastExpression, operand: Expression): CastExpression {
  return node.operand === operand ? node : createCast(operand, node.type);
}
export function updateArrayRead(node: ArrayReadExpression, indices: readonly Expression[]): ArrayReadExpression {
  return sameElements(node.indices, indices) ? node : createArrayRead(node.array, indices);
}

// ---------------------------------------------------------------- statements

export function createAssign(target: ScalarVariable, value: Expression, location: SourceLocation): AssignStatement {
  return Object.freeze({ kind: 'assign', target, value, location });
}
export function createArrayWrite(
  array: ArrayVariable,
  indices: readonly Expression[],
  value: Expression,
  location: SourceLocation,
): ArrayWriteStatement {
  if (indices.length !== array.sizes.length) {
    throw new Error(
      `internal: ${array.name} has ${array.sizes.length} dimensions, written with ${indices.length} indices`,
    );
  }
  return Object.freeze({ kind: 'arrayWrite', array, indices: Object.freeze([...indices]), value, location });
}
/** a havoc; `origin` says whether a real run reads the value as an input (default: indeterminate) */
export function createHavoc(
  target: ScalarVariable,
  location: SourceLocation,
  origin: HavocOrigin = 'indeterminate',
): HavocStatement {
  return Object.freeze({ kind: 'havoc', target, origin, location });
}
export function createArrayHavoc(array: ArrayVariable, location: SourceLocation): ArrayHavocStatement {
  return Object.freeze({ kind: 'arrayHavoc', array, location });
}
export function createArrayFill(array: ArrayVariable, value: Expression, location: SourceLocation): ArrayFillStatement {
  return Object.freeze({ kind: 'arrayFill', array, value, location });
}
export function createAssume(condition: Expression, location: SourceLocation): AssumeStatement {
  return Object.freeze({ kind: 'assume', condition, location });
}
export function createAssert(condition: Expression, location: SourceLocation): AssertStatement {
  return Object.freeze({ kind: 'assert', condition, location });
}
/** a frozen block: the block itself when it is frozen already (so unchanged nested blocks keep their identity) */
function frozenBlock(block: Block): Block {
  return Object.isFrozen(block) ? block : Object.freeze([...block]);
}
export function createIf(
  condition: Expression,
  thenBlock: Block,
  elseBlock: Block,
  location: SourceLocation,
): IfStatement {
  return Object.freeze({ kind: 'if', condition, then: frozenBlock(thenBlock), else: frozenBlock(elseBlock), location });
}
export function createLoop(
  id: number,
  condition: Expression,
  body: Block,
  update: Block,
  location: SourceLocation,
): LoopStatement {
  return Object.freeze({ kind: 'loop', id, condition, body: frozenBlock(body), update: frozenBlock(update), location });
}
/**
 * A copy of the block whose statements are new objects with the same content, for a transform that
 * places a block twice (analyses key statements by identity: one object in two places would be
 * numbered once). Loops are not copied (their ids are unique): a block with one throws.
 */
export function freshCopy(block: Block): Block {
  return block.map((statement): Statement => {
    switch (statement.kind) {
      case 'assign':
        return createAssign(statement.target, statement.value, statement.location);
      case 'arrayWrite':
        return createArrayWrite(statement.array, statement.indices, statement.value, statement.location);
      case 'havoc':
        return createHavoc(statement.target, statement.location, statement.origin);
      case 'arrayHavoc':
        return createArrayHavoc(statement.array, statement.location);
      case 'arrayFill':
        return createArrayFill(statement.array, statement.value, statement.location);
      case 'assume':
        return createAssume(statement.condition, statement.location);
      case 'assert':
        return createAssert(statement.condition, statement.location);
      case 'if':
        return createIf(statement.condition, freshCopy(statement.then), freshCopy(statement.else), statement.location);
      case 'break':
        return createBreak(statement.location);
      case 'continue':
        return createContinue(statement.location);
      case 'loop':
        throw new Error(
          `internal: the loop at ${statement.location.line}:${statement.location.column} cannot be copied (loop ids are unique)`,
        );
      default: {
        const never: never = statement;
        throw new Error(`unknown statement ${JSON.stringify(never)}`);
      }
    }
  });
}
export function createBreak(location: SourceLocation): BreakStatement {
  return Object.freeze({ kind: 'break', location });
}
export function createContinue(location: SourceLocation): ContinueStatement {
  return Object.freeze({ kind: 'continue', location });
}

export function updateAssign(node: AssignStatement, value: Expression): AssignStatement {
  return node.value === value ? node : createAssign(node.target, value, node.location);
}
export function updateArrayWrite(
  node: ArrayWriteStatement,
  indices: readonly Expression[],
  value: Expression,
): ArrayWriteStatement {
  return node.value === value && sameElements(node.indices, indices)
    ? node
    : createArrayWrite(node.array, indices, value, node.location);
}
export function updateArrayFill(node: ArrayFillStatement, value: Expression): ArrayFillStatement {
  return node.value === value ? node : createArrayFill(node.array, value, node.location);
}
export function updateAssume(node: AssumeStatement, condition: Expression): AssumeStatement {
  return node.condition === condition ? node : createAssume(condition, node.location);
}
export function updateAssert(node: AssertStatement, condition: Expression): AssertStatement {
  return node.condition === condition ? node : createAssert(condition, node.location);
}
export function updateIf(node: IfStatement, condition: Expression, thenBlock: Block, elseBlock: Block): IfStatement {
  return node.condition === condition && sameElements(node.then, thenBlock) && sameElements(node.else, elseBlock)
    ? node
    : createIf(condition, thenBlock, elseBlock, node.location);
}
export function updateLoop(node: LoopStatement, condition: Expression, body: Block, update: Block): LoopStatement {
  return node.condition === condition && sameElements(node.body, body) && sameElements(node.update, update)
    ? node
    : createLoop(node.id, condition, body, update, node.location);
}

export function createProgram(
  file: string,
  scalars: readonly ScalarVariable[],
  arrays: readonly ArrayVariable[],
  body: Block,
  dataModel: DataModel,
): Program {
  return Object.freeze({
    file,
    scalars: Object.freeze([...scalars]),
    arrays: Object.freeze([...arrays]),
    body: Object.freeze([...body]),
    dataModel,
  });
}

/** the least variable id above every scalar and array id of the program (for variables a transformation adds) */
export function unusedVariableId(program: Program): number {
  return (
    Math.max(-1, ...program.scalars.map((variable) => variable.id), ...program.arrays.map((array) => array.id)) + 1
  );
}

export function sameElements<T>(left: readonly T[], right: readonly T[]): boolean {
  if (left === right) return true;
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}
