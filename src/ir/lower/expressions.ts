// Lowering of C expressions: pure parts become IR expressions with explicit conversions (integer
// promotions and usual arithmetic conversions); side effects (assignments, ++/--, calls, nondet)
// become statements appended to `out` in C's sequencing. Short-circuit operators and `?:` whose
// operands have side effects become nested ifs over fresh temporaries. Calls and statement
// expressions are lowered through `context.lowerer` (calls.ts and statements.ts stand above this
// file and recurse into it).

import type { Expression as AstExpression, SourceLocation } from '../../frontend/ast.js';
import {
  createAssign,
  createBinary,
  createConditional,
  createConstant,
  createHavoc,
  createIf,
  createUnary,
  createVariableExpression,
  convertTo,
  intType,
  sameType,
} from '../factory.js';
import type { ArithmeticOperator, ComparisonOperator, Expression, IntegerType, Statement } from '../types.js';
import {
  constantSizeOf,
  describeType,
  integerConstantType,
  integerCType,
  promote,
  sizeTType,
  typeFromTypeName,
  usualArithmeticConversion,
} from './c-types.js';
import { evaluateConstant, isNullPointerConstant } from './constants.js';
import { type Context, unsupported } from './context.js';
import { nondetType } from './intrinsics.js';
import type { CType, ObjectNode, PointerValue, Scope, Value } from './model.js';
import {
  indexObject,
  integerLeaves,
  isOpaquePointer,
  leafType,
  memberObject,
  readObject,
  writeObject,
} from './objects.js';
import { bindPointer, movePointer, storeOpaquePointer } from './pointers.js';
import { rowCell } from './rows.js';
import { checkNotStored, isStructPointerCell, structRowCell } from './struct-rows.js';
import { readsAny, writtenVariables } from '../visit.js';
import {
  freeze,
  integerValue,
  isPointerLike,
  pointerTruth,
  protect,
  protectValue,
  toInteger,
  toPointer,
} from './values.js';

export function resolverFor(context: Context) {
  return {
    dataModel: context.dataModel,
    evaluateConstant: (expression: AstExpression, scope: Scope) =>
      evaluateConstant(expression, scope, context.dataModel),
  };
}

/** C's binary arithmetic operators as the IR names them (also for witness invariants, svcomp/invariant-expressions.ts) */
export const arithmeticOperators: Record<string, ArithmeticOperator> = {
  '*': 'multiply',
  '/': 'divide',
  '%': 'remainder',
  '+': 'add',
  '-': 'subtract',
  '<<': 'shiftLeft',
  '>>': 'shiftRight',
  '&': 'bitwiseAnd',
  '^': 'bitwiseXor',
  '|': 'bitwiseOr',
};
/** C's comparison operators as the IR names them */
export const comparisonOperators: Record<string, ComparisonOperator> = {
  '<': 'less',
  '>': 'greater',
  '<=': 'lessEqual',
  '>=': 'greaterEqual',
  '==': 'equal',
  '!=': 'notEqual',
};

export function arithmetic(
  context: Context,
  operator: ArithmeticOperator,
  left: Expression,
  right: Expression,
): Expression {
  if (operator === 'shiftLeft' || operator === 'shiftRight') {
    const type = promote(left.type);
    return createBinary(operator, convertTo(left, type), convertTo(right, type), type);
  }
  const type = usualArithmeticConversion(left.type, right.type, context.dataModel);
  return createBinary(operator, convertTo(left, type), convertTo(right, type), type);
}

export function comparison(
  context: Context,
  operator: ComparisonOperator,
  left: Expression,
  right: Expression,
): Expression {
  const type = usualArithmeticConversion(left.type, right.type, context.dataModel);
  return createBinary(operator, convertTo(left, type), convertTo(right, type), intType);
}

/** The truth value of an expression (for if/while/&&/!): an IR expression, nonzero means true. */
export function lowerCondition(
  context: Context,
  scope: Scope,
  expression: AstExpression,
  out: Statement[],
): Expression {
  const value = lowerExpression(context, scope, expression, out);
  if (isPointerLike(value)) return pointerTruth(toPointer(value, expression.location));
  return toInteger(value, expression.location);
}

export function lowerRvalue(context: Context, scope: Scope, expression: AstExpression, out: Statement[]): Expression {
  return toInteger(lowerExpression(context, scope, expression, out), expression.location);
}

/** Lowers an expression whose value is not used (expression statements, for-updates, comma). */
export function lowerForEffect(context: Context, scope: Scope, expression: AstExpression, out: Statement[]): void {
  switch (expression.kind) {
    case 'postfix':
    case 'unary':
      if (
        expression.kind === 'postfix' ||
        expression.operator === 'preIncrement' ||
        expression.operator === 'preDecrement'
      ) {
        const increment =
          expression.kind === 'postfix'
            ? expression.operator === 'postIncrement'
            : expression.operator === 'preIncrement';
        incrementObject(context, scope, expression.operand, increment, expression.location, out);
        return;
      }
      break;
    case 'comma':
      for (const item of expression.expressions) lowerForEffect(context, scope, item, out);
      return;
    case 'cast':
      lowerForEffect(context, scope, expression.operand, out);
      return;
    case 'conditional': {
      const condition = lowerCondition(context, scope, expression.condition, out);
      const thenBlock: Statement[] = [];
      const elseBlock: Statement[] = [];
      lowerForEffect(context, scope, expression.then, thenBlock);
      lowerForEffect(context, scope, expression.else, elseBlock);
      if (thenBlock.length > 0 || elseBlock.length > 0)
        out.push(createIf(condition, thenBlock, elseBlock, expression.location));
      return;
    }
    case 'call':
      context.lowerer.lowerCall(context, scope, expression, out, true);
      return;
    default:
      break;
  }
  lowerExpression(context, scope, expression, out);
}

function incrementObject(
  context: Context,
  scope: Scope,
  operand: AstExpression,
  increment: boolean,
  location: SourceLocation,
  out: Statement[],
): { node: ObjectNode; old: Expression } {
  const value = lowerExpression(context, scope, operand, out);
  if (value.kind !== 'object') return unsupported(location, 'increment of a non-lvalue');
  return incrementNode(context, value.node, increment, location, out);
}

function incrementNode(
  context: Context,
  node: ObjectNode,
  increment: boolean,
  location: SourceLocation,
  out: Statement[],
): { node: ObjectNode; old: Expression } {
  if (node.kind === 'pointer') {
    if (movePointer(node, increment, location, out)) return { node, old: createConstant(0n, intType) };
    return unsupported(location, 'pointer arithmetic (increment of a pointer that is not bound to an array)');
  }
  if (node.ctype.kind !== 'integer') return unsupported(location, `increment of ${describeType(node.ctype)}`);
  const old = readObject(node, location);
  const updated = arithmetic(context, increment ? 'add' : 'subtract', old, createConstant(1n, intType));
  out.push(writeObject(node, convertTo(updated, node.ctype.type), location));
  return { node, old };
}

/**
 * `p++`, `p--`, `++p`, `--p` used as a value, for a pointer that walks an array (walks.ts): the
 * pointer moves (its offset variable), and the value is the pointer at the element it pointed at
 * before the move (postfix) or after it (prefix), frozen so that later moves do not change it
 */
function movedPointerValue(
  context: Context,
  node: Extract<ObjectNode, { kind: 'pointer' }>,
  increment: boolean,
  postfix: boolean,
  location: SourceLocation,
  out: Statement[],
): Value {
  const slot = node.slot;
  const target = slot.target;
  if (slot.walk === undefined || target === undefined || !target.isArray)
    return unsupported(location, 'pointer arithmetic (increment of a pointer that is not bound to an array)');
  const before = postfix
    ? freeze(context, createVariableExpression(slot.walk), `${slot.sourceName}_old`, location, out)
    : undefined;
  movePointer(node, increment, location, out);
  const offset =
    before ?? freeze(context, createVariableExpression(slot.walk), `${slot.sourceName}_new`, location, out);
  return { kind: 'pointer', pointer: { kind: 'target', target, offset }, ctype: node.ctype };
}

export function lowerExpression(context: Context, scope: Scope, expression: AstExpression, out: Statement[]): Value {
  const location = expression.location;
  switch (expression.kind) {
    case 'identifier': {
      const binding = scope.lookup(expression.name);
      if (binding === undefined) return unsupported(location, `undeclared identifier '${expression.name}'`);
      switch (binding.kind) {
        case 'object':
          return { kind: 'object', node: binding.node };
        case 'enumConstant':
          return integerValue(createConstant(binding.value, binding.type));
        case 'typedef':
          return unsupported(location, `type name '${expression.name}' used as a value`);
        case 'function':
          return unsupported(location, `function pointer ('${expression.name}' used as a value)`);
        case 'unavailable':
          return unsupported(binding.location, binding.reason);
        default: {
          const never: never = binding;
          return never;
        }
      }
    }
    case 'integerConstant': {
      const type = integerConstantType(expression.value, expression.suffix, expression.text, context.dataModel);
      if (type === undefined) return unsupported(location, `integer constant ${expression.text} too large`);
      return integerValue(createConstant(expression.value, type));
    }
    case 'characterConstant':
      // a plain char constant has type int with the value of the (signed) char, e.g. '\xff' is -1
      return integerValue(
        createConstant(
          expression.value > 127n && expression.value < 256n ? expression.value - 256n : expression.value,
          intType,
        ),
      );
    case 'floatingConstant':
      return unsupported(location, 'floating-point constant');
    case 'stringLiteral':
      return unsupported(location, 'string literal used as a value');
    case 'unary':
      return lowerUnary(context, scope, expression, out);
    case 'postfix': {
      const value = lowerExpression(context, scope, expression.operand, out);
      if (value.kind !== 'object') return unsupported(location, 'increment of a non-lvalue');
      const node = value.node;
      if (node.kind === 'pointer')
        return movedPointerValue(context, node, expression.operator === 'postIncrement', true, location, out);
      if (node.ctype.kind !== 'integer') return unsupported(location, `increment of ${describeType(node.ctype)}`);
      const saved = freeze(context, readObject(node, location), 'old', location, out);
      const updated = arithmetic(
        context,
        expression.operator === 'postIncrement' ? 'add' : 'subtract',
        saved,
        createConstant(1n, intType),
      );
      out.push(writeObject(node, convertTo(updated, node.ctype.type), location));
      return integerValue(saved);
    }
    case 'binary':
      return lowerBinary(context, scope, expression, out);
    case 'assignment':
      return lowerAssignment(context, scope, expression, out);
    case 'conditional':
      return lowerConditional(context, scope, expression, out);
    case 'call':
      return context.lowerer.lowerCall(context, scope, expression, out, false);
    case 'index': {
      const base = lowerExpression(context, scope, expression.array, out);
      // the base is protected against the side effects of the index (not against its own)
      const mark = out.length;
      const index = lowerRvalue(context, scope, expression.index, out);
      if (base.kind === 'integer' && isPointerLikeAst(context, scope, expression.index)) {
        return unsupported(location, 'index expression of the form i[a]');
      }
      const pointer = toPointer(protectValue(context, base, mark, out, location), location);
      return { kind: 'object', node: dereference(context, pointer, index, location) };
    }
    case 'member': {
      const base = lowerExpression(context, scope, expression.object, out);
      if (expression.isArrow) {
        const pointer = toPointer(base, location);
        return {
          kind: 'object',
          node: memberObject(dereference(context, pointer, undefined, location), expression.field, location),
        };
      }
      if (base.kind !== 'object') return unsupported(location, 'member of a non-object struct value');
      return { kind: 'object', node: memberObject(base.node, expression.field, location) };
    }
    case 'cast': {
      const ctype = typeFromTypeName(expression.typeName, scope, resolverFor(context));
      if (ctype.kind === 'void') {
        lowerForEffect(context, scope, expression.operand, out);
        return { kind: 'void' };
      }
      if (ctype.kind === 'pointer') {
        if (isNullPointerConstant(expression.operand, scope, context.dataModel))
          return { kind: 'pointer', pointer: { kind: 'null' }, ctype };
        const value = lowerExpression(context, scope, expression.operand, out);
        if (!isPointerLike(value)) return unsupported(location, 'integer-to-pointer cast');
        return { kind: 'pointer', pointer: toPointer(value, location), ctype };
      }
      if (ctype.kind === 'integer') {
        const value = lowerExpression(context, scope, expression.operand, out);
        if (isPointerLike(value)) return unsupported(location, 'pointer-to-integer cast');
        return integerValue(convertTo(toInteger(value, location), ctype.type));
      }
      return unsupported(location, `cast to ${describeType(ctype)}`);
    }
    case 'sizeofType': {
      const ctype = typeFromTypeName(expression.typeName, scope, resolverFor(context));
      const size = constantSizeOf(ctype, context.dataModel);
      if (size === undefined) return unsupported(location, `sizeof of ${describeType(ctype)} with a non-constant size`);
      return integerValue(createConstant(size, sizeTType(context.dataModel)));
    }
    case 'sizeofExpression':
      return integerValue(sizeofExpression(context, scope, expression.operand));
    case 'alignofType':
      return unsupported(location, '_Alignof');
    case 'comma': {
      const items = expression.expressions;
      for (let index = 0; index < items.length - 1; index++) lowerForEffect(context, scope, items[index]!, out);
      const last = items[items.length - 1];
      if (last === undefined) return { kind: 'void' };
      return lowerExpression(context, scope, last, out);
    }
    case 'compoundLiteral':
      return unsupported(location, 'compound literal');
    case 'statementExpression':
      return context.lowerer.lowerStatementExpression(context, scope, expression.body, out);
    default: {
      const never: never = expression;
      return never;
    }
  }
}

function isPointerLikeAst(context: Context, scope: Scope, expression: AstExpression): boolean {
  if (expression.kind !== 'identifier') return false;
  const binding = scope.lookup(expression.name);
  return binding?.kind === 'object' && (binding.node.kind === 'pointer' || binding.node.ctype.kind === 'array');
}

/** `*(p + offset)` / `p[index]`: the object a pointer designates. */
export function dereference(
  context: Context,
  pointer: PointerValue,
  index: Expression | undefined,
  location: SourceLocation,
): ObjectNode {
  if (pointer.kind === 'null') return unsupported(location, 'dereference of a null pointer');
  if (pointer.kind === 'opaque') {
    if (pointer.cell === undefined) return unsupported(location, 'dereference of a pointer stored in a struct');
    if (isStructPointerCell(pointer.cell)) {
      if (index !== undefined && !(index.kind === 'constant' && index.value === 0n))
        return unsupported(location, 'pointer arithmetic on a pointer to a struct stored in an array');
      return structRowCell(context, pointer.cell, location);
    }
    return rowCell(context, pointer.cell, index ?? createConstant(0n, intType), location);
  }
  checkNotStored(pointer, location);
  if (pointer.kind === 'allocation')
    return unsupported(location, 'dereference of an allocation that is not bound to a pointer variable');
  const target = pointer.target;
  let offset: Expression | undefined = pointer.offset;
  if (index !== undefined) offset = offset === undefined ? index : arithmetic(context, 'add', offset, index);
  if (target.isArray) return indexObject(target.object, offset ?? createConstant(0n, intType), location);
  if (offset !== undefined && !(offset.kind === 'constant' && offset.value === 0n)) {
    return unsupported(location, 'pointer arithmetic on a pointer to a single object');
  }
  return target.object;
}

function lowerUnary(
  context: Context,
  scope: Scope,
  expression: Extract<AstExpression, { kind: 'unary' }>,
  out: Statement[],
): Value {
  const location = expression.location;
  switch (expression.operator) {
    case '-':
    case '+':
    case '~': {
      const operand = lowerRvalue(context, scope, expression.operand, out);
      const type = promote(operand.type);
      const converted = convertTo(operand, type);
      if (expression.operator === '+') return integerValue(converted);
      return integerValue(createUnary(expression.operator === '-' ? 'negate' : 'bitwiseNot', converted, type));
    }
    case '!': {
      const operand = lowerCondition(context, scope, expression.operand, out);
      return integerValue(createUnary('logicalNot', operand, intType));
    }
    case '*': {
      const operand = lowerExpression(context, scope, expression.operand, out);
      return { kind: 'object', node: dereference(context, toPointer(operand, location), undefined, location) };
    }
    case '&': {
      const operand = expression.operand;
      if (operand.kind === 'index') {
        const base = lowerExpression(context, scope, operand.array, out);
        const mark = out.length;
        const index = lowerRvalue(context, scope, operand.index, out);
        const pointer = toPointer(protectValue(context, base, mark, out, location), location);
        if (pointer.kind !== 'target' || !pointer.target.isArray) return unsupported(location, 'address of an element');
        const offset = pointer.offset === undefined ? index : arithmetic(context, 'add', pointer.offset, index);
        return {
          kind: 'pointer',
          pointer: { kind: 'target', target: pointer.target, offset },
          ctype: { kind: 'pointer', target: { kind: 'void' } },
        };
      }
      const value = lowerExpression(context, scope, operand, out);
      if (value.kind !== 'object') return unsupported(location, 'address of a non-lvalue');
      if (value.node.kind === 'cell' && value.node.indices.length > 0 && value.node.ctype.kind !== 'array') {
        return unsupported(location, 'address of an array element');
      }
      return {
        kind: 'pointer',
        pointer: {
          kind: 'target',
          target: { object: value.node, isArray: false, allocatedInLoop: false },
          offset: undefined,
        },
        ctype: { kind: 'pointer', target: value.node.ctype },
      };
    }
    case 'preIncrement':
    case 'preDecrement': {
      const operand = lowerExpression(context, scope, expression.operand, out);
      if (operand.kind !== 'object') return unsupported(location, 'increment of a non-lvalue');
      if (operand.node.kind === 'pointer')
        return movedPointerValue(context, operand.node, expression.operator === 'preIncrement', false, location, out);
      const { node } = incrementNode(context, operand.node, expression.operator === 'preIncrement', location, out);
      return integerValue(readObject(node, location));
    }
    default: {
      const never: never = expression.operator;
      return never;
    }
  }
}

function lowerBinary(
  context: Context,
  scope: Scope,
  expression: Extract<AstExpression, { kind: 'binary' }>,
  out: Statement[],
): Value {
  const location = expression.location;
  if (expression.operator === '&&' || expression.operator === '||') {
    const left = lowerCondition(context, scope, expression.left, out);
    const rightStatements: Statement[] = [];
    const right = lowerCondition(context, scope, expression.right, rightStatements);
    if (rightStatements.length === 0) {
      return integerValue(
        createBinary(expression.operator === '&&' ? 'logicalAnd' : 'logicalOr', left, right, intType),
      );
    }
    const result = context.freshScalar('cond', intType, location);
    const isAnd = expression.operator === '&&';
    out.push(createAssign(result, createConstant(isAnd ? 0n : 1n, intType), location));
    const evaluateRight = [
      ...rightStatements,
      createAssign(
        result,
        createBinary('notEqual', right, convertTo(createConstant(0n), right.type), intType),
        location,
      ),
    ];
    out.push(createIf(isAnd ? left : createUnary('logicalNot', left, intType), evaluateRight, [], location));
    return integerValue(createVariableExpression(result));
  }
  const leftValue = lowerExpression(context, scope, expression.left, out);
  const rightMark = out.length;
  const rightValue = lowerExpression(context, scope, expression.right, out);
  const leftProtected = protectValue(context, leftValue, rightMark, out, location);
  const comparisonOperator = comparisonOperators[expression.operator];
  if (isPointerLike(leftProtected) || isPointerLike(rightValue)) {
    return pointerBinary(context, scope, expression, leftProtected, rightValue);
  }
  const left = toInteger(leftProtected, location);
  const right = toInteger(rightValue, location);
  if (comparisonOperator !== undefined) return integerValue(comparison(context, comparisonOperator, left, right));
  const arithmeticOperator = arithmeticOperators[expression.operator];
  if (arithmeticOperator === undefined) return unsupported(location, `operator ${expression.operator}`);
  return integerValue(arithmetic(context, arithmeticOperator, left, right));
}

function pointerBinary(
  context: Context,
  scope: Scope,
  expression: Extract<AstExpression, { kind: 'binary' }>,
  left: Value,
  right: Value,
): Value {
  const location = expression.location;
  const operator = expression.operator;
  if (operator === '==' || operator === '!=') {
    // only comparisons with a null pointer constant: an object's address is never null
    const leftIsNull = isNullPointerConstant(expression.left, scope, context.dataModel);
    const rightIsNull = isNullPointerConstant(expression.right, scope, context.dataModel);
    if (leftIsNull !== rightIsNull) {
      const truth = pointerTruth(toPointer(leftIsNull ? right : left, location));
      return integerValue(
        createBinary(
          operator === '==' ? 'equal' : 'notEqual',
          truth,
          convertTo(createConstant(0n), truth.type),
          intType,
        ),
      );
    }
    return unsupported(location, 'comparison of pointers');
  }
  if (operator === '+' || operator === '-') {
    const leftIsPointer = isPointerLike(left);
    if (leftIsPointer && isPointerLike(right)) return unsupported(location, 'pointer difference');
    const pointer = toPointer(leftIsPointer ? left : right, location);
    let offset = toInteger(leftIsPointer ? right : left, location);
    if (operator === '-') {
      if (!leftIsPointer) return unsupported(location, 'pointer arithmetic');
      offset = createUnary('negate', promoteExpression(offset), promote(offset.type));
    }
    if (pointer.kind !== 'target' || !pointer.target.isArray) return unsupported(location, 'pointer arithmetic');
    const total = pointer.offset === undefined ? offset : arithmetic(context, 'add', pointer.offset, offset);
    return {
      kind: 'pointer',
      pointer: { kind: 'target', target: pointer.target, offset: total },
      ctype: { kind: 'pointer', target: { kind: 'void' } },
    };
  }
  return unsupported(location, 'pointer arithmetic or comparison');
}

function promoteExpression(expression: Expression): Expression {
  return convertTo(expression, promote(expression.type));
}

const compoundOperators: Record<string, ArithmeticOperator> = {
  '*=': 'multiply',
  '/=': 'divide',
  '%=': 'remainder',
  '+=': 'add',
  '-=': 'subtract',
  '<<=': 'shiftLeft',
  '>>=': 'shiftRight',
  '&=': 'bitwiseAnd',
  '^=': 'bitwiseXor',
  '|=': 'bitwiseOr',
};

function lowerAssignment(
  context: Context,
  scope: Scope,
  expression: Extract<AstExpression, { kind: 'assignment' }>,
  out: Statement[],
): Value {
  const location = expression.location;
  const targetValue = lowerExpression(context, scope, expression.target, out);
  if (targetValue.kind !== 'object') return unsupported(location, 'assignment to a non-lvalue');
  const node = targetValue.node;
  if (node.kind === 'pointer') {
    if (expression.operator === '+=' || expression.operator === '-=') {
      // p += k is p = p + k (a move of a pointer that walks an array, pointers.ts)
      const sum: AstExpression = {
        kind: 'binary',
        operator: expression.operator === '+=' ? '+' : '-',
        left: expression.target,
        right: expression.value,
        location,
      };
      bindPointer(context, node, toPointer(lowerExpression(context, scope, sum, out), location), location, out);
      return { kind: 'object', node };
    }
    if (expression.operator !== '=')
      return unsupported(location, 'pointer arithmetic (compound assignment to a pointer)');
    const value = isNullPointerConstant(expression.value, scope, context.dataModel)
      ? ({ kind: 'null' } as const)
      : toPointer(lowerExpression(context, scope, expression.value, out), expression.value.location);
    bindPointer(context, node, value, location, out);
    return { kind: 'object', node };
  }
  if (isOpaquePointer(node)) {
    if (expression.operator !== '=')
      return unsupported(location, 'pointer arithmetic (compound assignment to a pointer)');
    const value = isNullPointerConstant(expression.value, scope, context.dataModel)
      ? ({ kind: 'null' } as const)
      : toPointer(lowerExpression(context, scope, expression.value, out), expression.value.location);
    storeOpaquePointer(context, node, value, location, out);
    return { kind: 'object', node };
  }
  if (node.kind === 'struct') {
    if (expression.operator !== '=' || node.ctype.kind !== 'struct')
      return unsupported(location, 'assignment of an aggregate');
    const source = lowerExpression(context, scope, expression.value, out);
    if (source.kind !== 'object' || source.node.kind !== 'struct')
      return unsupported(location, 'struct assignment from a non-object');
    copyStruct(context, node, source.node, location, out);
    return { kind: 'object', node };
  }
  if (node.ctype.kind !== 'integer') return unsupported(location, `assignment to ${describeType(node.ctype)}`);
  const type = node.ctype.type;
  if (expression.operator === '=' && tryDirectHavoc(context, node, expression.value, out))
    return { kind: 'object', node };
  const mark = out.length;
  const value = lowerRvalue(context, scope, expression.value, out);
  if (out.length > mark && node.kind === 'cell' && node.indices.some((index) => index.kind !== 'constant')) {
    // the right-hand side has side effects: the target's indices were computed before them
    const frozen = node.indices.map((index) => protect(context, index, mark, out, location));
    const frozenNode: ObjectNode = { kind: 'cell', array: node.array, indices: frozen, ctype: node.ctype };
    return assignInteger(context, frozenNode, type, value, expression.operator, location, out);
  }
  return assignInteger(context, node, type, value, expression.operator, location, out);
}

function assignInteger(
  context: Context,
  node: ObjectNode,
  type: IntegerType,
  value: Expression,
  operator: string,
  location: SourceLocation,
  out: Statement[],
): Value {
  let newValue = value;
  if (operator !== '=') {
    const arithmeticOperator = compoundOperators[operator];
    if (arithmeticOperator === undefined) return unsupported(location, `operator ${operator}`);
    newValue = arithmetic(context, arithmeticOperator, readObject(node, location), value);
  }
  out.push(writeObject(node, convertTo(newValue, type), location));
  return { kind: 'object', node };
}

/** `x = __VERIFIER_nondet_T()` with x a scalar of type T: a single `havoc x`, without a temporary. */
export function tryDirectHavoc(context: Context, node: ObjectNode, value: AstExpression, out: Statement[]): boolean {
  if (
    node.kind !== 'scalar' ||
    value.kind !== 'call' ||
    value.callee.kind !== 'identifier' ||
    value.arguments.length > 0
  )
    return false;
  const type = nondetType(value.callee.name, context);
  if (type === undefined || !sameType(type, node.variable.type)) return false;
  out.push(createHavoc(node.variable, value.location, 'input'));
  return true;
}

/**
 * `target = source` for structs, leaf by leaf. C copies the source's value into the object the
 * target designates, both taken before the copy: an index of either that reads what the copy writes
 * (`sa[sa[1].f] = s`, `s = sa[s.f]`) is computed once, into a temporary, before the first write.
 */
export function copyStruct(
  context: Context,
  target: ObjectNode,
  source: ObjectNode,
  location: SourceLocation,
  out: Statement[],
): void {
  const copy = (from: ObjectNode, to: ObjectNode): Statement[] => {
    const targetLeaves = integerLeaves(to, location);
    const sourceLeaves = integerLeaves(from, location);
    const writes: Statement[] = [];
    for (const [path, leaf] of targetLeaves) {
      const read = sourceLeaves.get(path);
      if (read === undefined) return unsupported(location, 'assignment between different struct types');
      writes.push(writeObject(leaf, convertTo(readObject(read, location), leafType(leaf, location)), location));
    }
    return writes;
  };
  const written = writtenVariables(copy(source, target));
  const frozen = new Map<Expression, Expression>();
  const freezeIndex = (index: Expression): Expression => {
    if (index.kind === 'constant' || !readsAny(index, written)) return index;
    let temporary = frozen.get(index);
    if (temporary === undefined) {
      temporary = freeze(context, index, 'index', location, out);
      frozen.set(index, temporary);
    }
    return temporary;
  };
  out.push(...copy(freezeIndices(source, freezeIndex), freezeIndices(target, freezeIndex)));
}

/** the object with every index of its cells replaced by `replace(index)` */
function freezeIndices(node: ObjectNode, replace: (index: Expression) => Expression): ObjectNode {
  switch (node.kind) {
    case 'cell':
      return { ...node, indices: node.indices.map(replace) };
    case 'struct':
      return {
        ...node,
        fields: new Map([...node.fields].map(([name, field]) => [name, freezeIndices(field, replace)])),
      };
    case 'scalar':
    case 'pointer':
      return node;
    default: {
      const never: never = node;
      return never;
    }
  }
}

function lowerConditional(
  context: Context,
  scope: Scope,
  expression: Extract<AstExpression, { kind: 'conditional' }>,
  out: Statement[],
): Value {
  const location = expression.location;
  const condition = lowerCondition(context, scope, expression.condition, out);
  const thenStatements: Statement[] = [];
  const elseStatements: Statement[] = [];
  const thenValue = lowerExpression(context, scope, expression.then, thenStatements);
  const elseValue = lowerExpression(context, scope, expression.else, elseStatements);
  if (thenValue.kind === 'void' || elseValue.kind === 'void') {
    out.push(createIf(condition, thenStatements, elseStatements, location));
    return { kind: 'void' };
  }
  if (isPointerLike(thenValue) || isPointerLike(elseValue))
    return unsupported(location, 'conditional expression of pointer type');
  if (thenValue.kind === 'object' && thenValue.node.kind === 'struct')
    return unsupported(location, 'conditional expression of struct type');
  const thenExpression = toInteger(thenValue, location);
  const elseExpression = toInteger(elseValue, location);
  const type = usualArithmeticConversion(thenExpression.type, elseExpression.type, context.dataModel);
  if (thenStatements.length === 0 && elseStatements.length === 0) {
    return integerValue(
      createConditional(condition, convertTo(thenExpression, type), convertTo(elseExpression, type), type),
    );
  }
  const result = context.freshScalar('cond', type, location);
  out.push(
    createIf(
      condition,
      [...thenStatements, createAssign(result, convertTo(thenExpression, type), location)],
      [...elseStatements, createAssign(result, convertTo(elseExpression, type), location)],
      location,
    ),
  );
  return integerValue(createVariableExpression(result));
}

/** sizeof of an expression: never evaluated, so its statements are discarded. */
function sizeofExpression(context: Context, scope: Scope, operand: AstExpression): Expression {
  const location = operand.location;
  const sizeType = sizeTType(context.dataModel);
  if (operand.kind === 'stringLiteral') return unsupported(location, 'sizeof of a string literal');
  const value = lowerExpression(context, scope, operand, []);
  if (value.kind === 'integer')
    return createConstant(constantSizeOf(integerCType(value.expression.type), context.dataModel)!, sizeType);
  if (value.kind === 'pointer') return createConstant(context.dataModel === 'ILP32' ? 4n : 8n, sizeType);
  if (value.kind === 'void') return unsupported(location, 'sizeof of void');
  return sizeOfNode(context, value.node, location);
}

export function sizeOfNode(context: Context, node: ObjectNode, location: SourceLocation): Expression {
  const sizeType = sizeTType(context.dataModel);
  const constant = constantSizeOf(node.ctype, context.dataModel);
  if (constant !== undefined) return createConstant(constant, sizeType);
  // variable-length array: the frozen sizes of the array variable times the element size
  if (node.kind !== 'cell') return unsupported(location, `sizeof of ${describeType(node.ctype)}`);
  let element: CType = node.ctype;
  while (element.kind === 'array') element = element.element;
  let result: Expression = createConstant(constantSizeOf(element, context.dataModel)!, sizeType);
  for (let dimension = node.indices.length; dimension < node.array.sizes.length; dimension++) {
    result = arithmetic(context, 'multiply', convertTo(node.array.sizes[dimension]!, sizeType), result);
  }
  return result;
}
