// Evaluation of integer constant expressions on the AST (array sizes, enumerators, case labels,
// null pointer constants). Returns undefined whenever the expression is not a constant we can
// evaluate exactly; callers then treat it as a run-time expression.

import type { Expression as AstExpression } from '../../frontend/ast.js';
import { convertedValue, typeRange } from '../factory.js';
import type { DataModel, IntegerType } from '../types.js';
import {
  constantSizeOf,
  integerConstantType,
  promote,
  typeFromTypeName,
  usualArithmeticConversion,
} from './c-types.js';
import { LoweringError } from './context.js';
import type { Scope } from './model.js';

interface TypedConstant {
  readonly value: bigint;
  readonly type: IntegerType;
}

export function evaluateConstant(expression: AstExpression, scope: Scope, dataModel: DataModel): bigint | undefined {
  try {
    return evaluate(expression, scope, dataModel)?.value;
  } catch (error) {
    if (error instanceof LoweringError) return undefined;
    throw error;
  }
}

function evaluate(expression: AstExpression, scope: Scope, dataModel: DataModel): TypedConstant | undefined {
  const resolver = {
    dataModel,
    evaluateConstant: (inner: AstExpression, innerScope: Scope) => evaluateConstant(inner, innerScope, dataModel),
  };
  switch (expression.kind) {
    case 'integerConstant': {
      const type = integerConstantType(expression.value, expression.suffix, expression.text, dataModel);
      return type === undefined ? undefined : { value: expression.value, type };
    }
    case 'characterConstant':
      return {
        value: expression.value > 127n && expression.value < 256n ? expression.value - 256n : expression.value,
        type: { kind: 'integer', width: 32, signed: true, name: 'int' },
      };
    case 'identifier': {
      const binding = scope.lookup(expression.name);
      if (binding?.kind === 'enumConstant') return { value: binding.value, type: binding.type };
      return undefined;
    }
    case 'sizeofType': {
      const ctype = typeFromTypeName(expression.typeName, scope, resolver);
      const size = constantSizeOf(ctype, dataModel);
      return size === undefined
        ? undefined
        : {
            value: size,
            type: { kind: 'integer', width: dataModel === 'ILP32' ? 32 : 64, signed: false, name: 'unsigned long' },
          };
    }
    case 'cast': {
      const ctype = typeFromTypeName(expression.typeName, scope, resolver);
      const operand = evaluate(expression.operand, scope, dataModel);
      if (operand === undefined) return undefined;
      if (ctype.kind !== 'integer') return undefined;
      if (ctype.type.width === 1 && !ctype.type.signed)
        return { value: operand.value !== 0n ? 1n : 0n, type: ctype.type };
      return { value: convertedValue(operand.value, ctype.type), type: ctype.type };
    }
    case 'unary': {
      const operand = evaluate(expression.operand, scope, dataModel);
      if (operand === undefined) return undefined;
      const type = promote(operand.type);
      switch (expression.operator) {
        case '-':
          return { value: convertedValue(-operand.value, type), type };
        case '+':
          return { value: operand.value, type };
        case '~':
          return { value: convertedValue(~operand.value, type), type };
        case '!':
          return {
            value: operand.value === 0n ? 1n : 0n,
            type: { kind: 'integer', width: 32, signed: true, name: 'int' },
          };
        default:
          return undefined;
      }
    }
    case 'binary': {
      const left = evaluate(expression.left, scope, dataModel);
      if (left === undefined) return undefined;
      const intResult = (value: boolean): TypedConstant => ({
        value: value ? 1n : 0n,
        type: { kind: 'integer', width: 32, signed: true, name: 'int' },
      });
      if (expression.operator === '&&' && left.value === 0n) return intResult(false);
      if (expression.operator === '||' && left.value !== 0n) return intResult(true);
      const right = evaluate(expression.right, scope, dataModel);
      if (right === undefined) return undefined;
      if (expression.operator === '&&' || expression.operator === '||') return intResult(right.value !== 0n);
      if (expression.operator === '<<' || expression.operator === '>>') {
        const type = promote(left.type);
        if (right.value < 0n || right.value >= BigInt(type.width)) return undefined;
        const value = expression.operator === '<<' ? left.value << right.value : left.value >> right.value;
        if (expression.operator === '<<' && type.signed && (left.value < 0n || value > typeRange(type).maximum))
          return undefined;
        return { value: convertedValue(value, type), type };
      }
      const type = usualArithmeticConversion(left.type, right.type, dataModel);
      const a = convertedValue(left.value, type);
      const b = convertedValue(right.value, type);
      let result: bigint;
      switch (expression.operator) {
        case '+':
          result = a + b;
          break;
        case '-':
          result = a - b;
          break;
        case '*':
          result = a * b;
          break;
        case '/':
          if (b === 0n) return undefined;
          result = a / b;
          break; // BigInt division truncates like C
        case '%':
          if (b === 0n) return undefined;
          result = a % b;
          break;
        case '&':
          result = a & b;
          break;
        case '|':
          result = a | b;
          break;
        case '^':
          result = a ^ b;
          break;
        case '<':
          return intResult(a < b);
        case '>':
          return intResult(a > b);
        case '<=':
          return intResult(a <= b);
        case '>=':
          return intResult(a >= b);
        case '==':
          return intResult(a === b);
        case '!=':
          return intResult(a !== b);
        default:
          return undefined;
      }
      const { minimum, maximum } = typeRange(type);
      if (type.signed && (result < minimum || result > maximum)) return undefined; // signed overflow: not a constant
      return { value: convertedValue(result, type), type };
    }
    case 'conditional': {
      const condition = evaluate(expression.condition, scope, dataModel);
      if (condition === undefined) return undefined;
      const thenValue = evaluate(expression.then, scope, dataModel);
      const elseValue = evaluate(expression.else, scope, dataModel);
      if (thenValue === undefined || elseValue === undefined) return undefined;
      const type = usualArithmeticConversion(thenValue.type, elseValue.type, dataModel);
      return { value: convertedValue(condition.value !== 0n ? thenValue.value : elseValue.value, type), type };
    }
    case 'comma':
      return undefined;
    default:
      return undefined;
  }
}

/** `0`, `'\0'`, `(void *)0`, `(T *)0`: a null pointer constant. */
export function isNullPointerConstant(expression: AstExpression, scope: Scope, dataModel: DataModel): boolean {
  let current = expression;
  while (current.kind === 'cast') current = current.operand;
  if (current.kind === 'identifier' && current.name === 'NULL') return true;
  return evaluateConstant(current, scope, dataModel) === 0n;
}
