// A correctness witness's invariant (witness format 2.0, `format: c_expression`) read into an IR
// condition over the program's variables at one loop head, for `encode validate`
// (portfolio/invariant-certifier.ts). The text is parsed by the front end, as the value of
// `return (TEXT);` in a function of its own (a text that is not exactly one expression is refused),
// and converted here with C's typing (ir/c-integers.ts: promotions, the usual arithmetic conversions,
// the types of constants).
//
// What is read: identifiers that the caller's resolver names a variable live at the loop head (a
// scalar, or an array read with one index per dimension), integer and character constants,
// parentheses, unary - + ! ~, the binary arithmetic, comparison and logical operators, `?:`, and casts
// to an integer type that holds every value of the operand's type (`(long long) x`). Refused, with the
// reason: anything else (assignments, calls, pointers, members, sizeof, floating values, unknown
// names), a cast that may change a value, and arithmetic computed in an unsigned type.
//
// Soundness assumptions: the condition is read over the mathematical integers (the `c` semantics'
// reading of the program with its wrap checks, kernel/c-semantics.ts), where it means what the C
// expression means in C as long as no signed arithmetic in it overflows (undefined in C): casts that
// could change a value and unsigned arithmetic (which C computes modulo 2^w) are refused for that
// reason. Bitwise operators and shifts are converted as C types them; the symbolic translation reads
// them exactly or not at all (an opaque value), and the certifier refuses an invariant it cannot
// translate exactly.

import type { BinaryOperator as AstBinaryOperator, Expression as AstExpression } from '../frontend/ast.js';
import { parseTranslationUnit } from '../frontend/parse.js';
import { intType, promote, typeRange, usualArithmeticConversion } from '../ir/c-integers.js';
import {
  convertTo,
  createArrayRead,
  createBinary,
  createCast,
  createConditional,
  createConstant,
  createUnary,
  createVariableExpression,
} from '../ir/factory.js';
import { integerConstantType, integerTypeFromKeywords } from '../ir/lower/c-types.js';
import { arithmeticOperators, comparisonOperators } from '../ir/lower/expressions.js';
import type { ArrayVariable, DataModel, Expression, IntegerType, ScalarVariable } from '../ir/types.js';

export type InvariantReading =
  | { readonly kind: 'condition'; readonly condition: Expression }
  | { readonly kind: 'unreadable'; readonly reason: string };

/** the variable a C name means at the loop head, or undefined (not declared, not live there, ambiguous) */
export type NameResolver = (name: string) => ScalarVariable | ArrayVariable | undefined;

/** the name of the function the text is wrapped in (not a name a program of SV-COMP uses) */
const wrapperName = '__encode_witness_invariant';

/** the invariant `text` as a condition over the variables `resolve` names */
export function readInvariant(text: string, resolve: NameResolver, dataModel: DataModel): InvariantReading {
  const parsed = parseTranslationUnit(`int ${wrapperName}(void) { return (${text}); }`, '<invariant>');
  if (parsed.kind !== 'parsed') {
    const message = parsed.diagnostics[0]?.message ?? 'not C';
    return { kind: 'unreadable', reason: `not a C expression (${message})` };
  }
  const items = parsed.unit.items;
  const only = items.length === 1 ? items[0] : undefined;
  const statements = only?.kind === 'functionDefinition' ? only.body.items : [];
  const statement = statements.length === 1 ? statements[0] : undefined;
  if (statement?.kind !== 'return' || statement.value === undefined)
    return { kind: 'unreadable', reason: 'not exactly one C expression' };
  try {
    return { kind: 'condition', condition: new InvariantConverter(resolve, dataModel).convert(statement.value) };
  } catch (error) {
    if (error instanceof Unreadable) return { kind: 'unreadable', reason: error.message };
    throw error;
  }
}

class Unreadable extends Error {}

class InvariantConverter {
  constructor(
    private readonly resolve: NameResolver,
    private readonly dataModel: DataModel,
  ) {}

  convert(expression: AstExpression): Expression {
    switch (expression.kind) {
      case 'identifier': {
        const variable = this.resolve(expression.name);
        if (variable === undefined)
          throw new Unreadable(`${expression.name} names no variable of the program live at the loop head`);
        if (variable.kind === 'array') throw new Unreadable(`the array ${expression.name} as a value`);
        return createVariableExpression(variable);
      }
      case 'integerConstant': {
        const type = integerConstantType(expression.value, expression.suffix, expression.text, this.dataModel);
        if (type === undefined) throw new Unreadable(`the constant ${expression.text} has no C type`);
        return createConstant(expression.value, type);
      }
      case 'characterConstant':
        return createConstant(expression.value, intType);
      case 'unary':
        return this.unary(expression.operator, this.convert(expression.operand));
      case 'binary':
        return this.binary(expression.operator, this.convert(expression.left), this.convert(expression.right));
      case 'conditional': {
        const thenValue = this.convert(expression.then);
        const elseValue = this.convert(expression.else);
        const type = this.arithmeticType(thenValue.type, elseValue.type);
        return createConditional(
          this.convert(expression.condition),
          convertTo(thenValue, type),
          convertTo(elseValue, type),
          type,
        );
      }
      case 'index':
        return this.arrayRead(expression);
      case 'cast':
        return this.cast(expression);
      default:
        throw new Unreadable(`${expression.kind === 'call' ? 'a call' : `a ${expression.kind}`} in an invariant`);
    }
  }

  private unary(operator: string, operand: Expression): Expression {
    switch (operator) {
      case '+':
        return convertTo(operand, this.arithmetic(promote(operand.type)));
      case '-': {
        const type = this.arithmetic(promote(operand.type));
        return createUnary('negate', convertTo(operand, type), type);
      }
      case '~': {
        const type = this.arithmetic(promote(operand.type));
        return createUnary('bitwiseNot', convertTo(operand, type), type);
      }
      case '!':
        return createUnary('logicalNot', operand, intType);
      default:
        throw new Unreadable(`the operator ${operator} in an invariant`);
    }
  }

  private binary(operator: AstBinaryOperator, left: Expression, right: Expression): Expression {
    if (operator === '&&' || operator === '||')
      return createBinary(operator === '&&' ? 'logicalAnd' : 'logicalOr', left, right, intType);
    const comparison = comparisonOperators[operator];
    if (comparison !== undefined) {
      const type = usualArithmeticConversion(left.type, right.type, this.dataModel);
      // a comparison in an unsigned type converts a negative side modulo 2^w: refused unless both sides are unsigned already
      if (!type.signed && (left.type.signed || right.type.signed) && !(isNonNegative(left) && isNonNegative(right)))
        throw new Unreadable('a comparison of a signed and an unsigned value (C converts the signed one)');
      return createBinary(comparison, convertTo(left, type), convertTo(right, type), intType);
    }
    const arithmetic = arithmeticOperators[operator]!;
    if (operator === '<<' || operator === '>>') {
      const type = this.arithmetic(promote(left.type));
      return createBinary(arithmetic, convertTo(left, type), convertTo(right, promote(right.type)), type);
    }
    const type = this.arithmeticType(left.type, right.type);
    return createBinary(arithmetic, convertTo(left, type), convertTo(right, type), type);
  }

  private arithmeticType(left: IntegerType, right: IntegerType): IntegerType {
    return this.arithmetic(usualArithmeticConversion(left, right, this.dataModel));
  }

  /** the type of an arithmetic result: refused when unsigned (C computes it modulo 2^w) */
  private arithmetic(type: IntegerType): IntegerType {
    if (!type.signed) throw new Unreadable(`arithmetic in ${type.name} (C computes it modulo 2^${type.width})`);
    return type;
  }

  private arrayRead(expression: Extract<AstExpression, { kind: 'index' }>): Expression {
    const indices: AstExpression[] = [];
    let base: AstExpression = expression;
    while (base.kind === 'index') {
      indices.unshift(base.index);
      base = base.array;
    }
    if (base.kind !== 'identifier') throw new Unreadable('a subscript of something other than an array name');
    const array = this.resolve(base.name);
    if (array === undefined) throw new Unreadable(`${base.name} names no array of the program live at the loop head`);
    if (array.kind !== 'array') throw new Unreadable(`${base.name} is not an array`);
    if (indices.length !== array.sizes.length)
      throw new Unreadable(`${base.name} has ${array.sizes.length} dimensions, read with ${indices.length} indices`);
    return createArrayRead(
      array,
      indices.map((index) => this.convert(index)),
    );
  }

  private cast(expression: Extract<AstExpression, { kind: 'cast' }>): Expression {
    const { specifiers, declarator } = expression.typeName;
    if (specifiers.type.kind !== 'base' || declarator.kind !== 'abstract')
      throw new Unreadable('a cast to a type other than an integer type');
    const type = integerTypeFromKeywords(specifiers.type.names, this.dataModel, expression.location);
    if (type === 'void' || !('width' in type)) throw new Unreadable('a cast to a type other than an integer type');
    const operand = this.convert(expression.operand);
    const from = typeRange(operand.type);
    const to = typeRange(type);
    if (from.minimum < to.minimum || from.maximum > to.maximum)
      throw new Unreadable(`a cast from ${operand.type.name} to ${type.name}, which may change the value`);
    return createCast(operand, type);
  }
}

/** a constant that is not negative (C's conversion to an unsigned type keeps it) */
function isNonNegative(expression: Expression): boolean {
  return !expression.type.signed || (expression.kind === 'constant' && expression.value >= 0n);
}
