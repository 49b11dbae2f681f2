// Evaluation of `#if` / `#elif` controlling expressions (C17 §6.10.1).
//
// Input: the tokens of the directive after `defined` was replaced and macros were expanded; every
// identifier still left stands for 0. Arithmetic is done in intmax_t / uintmax_t (64 bits, two's
// complement wrap-around) with the usual arithmetic conversions, as GCC does. Operands that are not
// evaluated (the dead side of `&&`, `||`, `?:`) are parsed but cannot raise division by zero.

import type { PreprocessingToken } from './preprocess-tokens.js';

export interface PreprocessorValue {
  readonly value: bigint;
  readonly isUnsigned: boolean;
}

export type ConditionResult =
  | { readonly kind: 'ok'; readonly value: PreprocessorValue }
  | { readonly kind: 'error'; readonly token: PreprocessingToken | undefined; readonly message: string };

class ExpressionError extends Error {
  constructor(
    readonly token: PreprocessingToken | undefined,
    message: string,
  ) {
    super(message);
  }
}

function normalize(value: bigint, isUnsigned: boolean): PreprocessorValue {
  return { value: isUnsigned ? BigInt.asUintN(64, value) : BigInt.asIntN(64, value), isUnsigned };
}

const simpleEscapes: Readonly<Record<string, number>> = {
  n: 10,
  t: 9,
  r: 13,
  a: 7,
  b: 8,
  f: 12,
  v: 11,
  '\\': 92,
  "'": 39,
  '"': 34,
  '?': 63,
  e: 27,
};

/** The value of an integer literal, or an error text. */
export function parseIntegerLiteral(text: string): PreprocessorValue | string {
  const match = /^(0[xX][0-9a-fA-F]+|0[bB][01]+|[0-9]+)([uUlL]*)$/.exec(text);
  if (match === null) return `invalid integer constant '${text}' in preprocessor expression`;
  const digits = match[1]!;
  const suffix = match[2]!.toLowerCase();
  if (!/^(u?(l|ll)?|(l|ll)?u?)$/.test(suffix)) return `invalid suffix on integer constant '${text}'`;
  let value: bigint;
  if (/^0[bB]/.test(digits)) value = BigInt(`0b${digits.slice(2)}`);
  else if (/^0[xX]/.test(digits)) value = BigInt(digits);
  else if (digits.length > 1 && digits.startsWith('0')) {
    if (/[89]/.test(digits)) return `invalid digit in octal constant '${text}'`;
    value = BigInt(`0o${digits.slice(1)}`);
  } else value = BigInt(digits);
  const isUnsigned = suffix.includes('u') || value > 0x7fffffffffffffffn;
  return normalize(value, isUnsigned);
}

/** The value of a character constant (plain `char` is signed, as on x86). */
export function parseCharacterConstant(text: string): PreprocessorValue | string {
  const prefixMatch = /^(u8|u|U|L)?'(.*)'$/s.exec(text);
  if (prefixMatch === null) return `invalid character constant ${text}`;
  const prefix = prefixMatch[1];
  const body = prefixMatch[2]!;
  const values: bigint[] = [];
  for (let index = 0; index < body.length;) {
    const character = body[index]!;
    if (character !== '\\') {
      values.push(BigInt(body.codePointAt(index)!));
      index += character.length;
      continue;
    }
    const next = body[index + 1];
    if (next === undefined) return `invalid escape in character constant ${text}`;
    if (next === 'x') {
      const hex = /^[0-9a-fA-F]+/.exec(body.slice(index + 2));
      if (hex === null) return `\\x used with no following hex digits in ${text}`;
      values.push(BigInt(`0x${hex[0]}`));
      index += 2 + hex[0].length;
    } else if (next >= '0' && next <= '7') {
      const octal = /^[0-7]{1,3}/.exec(body.slice(index + 1))![0];
      values.push(BigInt(`0o${octal}`));
      index += 1 + octal.length;
    } else if (simpleEscapes[next] !== undefined) {
      values.push(BigInt(simpleEscapes[next]!));
      index += 2;
    } else return `unknown escape sequence '\\${next}' in ${text}`;
  }
  if (values.length === 0) return `empty character constant`;
  if (prefix !== undefined) return normalize(values[values.length - 1]!, false);
  // multi-character constants: GCC packs bytes big-endian into an int
  let combined = 0n;
  for (const value of values) combined = (combined << 8n) | (value & 0xffn);
  if (values.length === 1) return normalize(BigInt.asIntN(8, combined), false);
  return normalize(BigInt.asIntN(32, combined), false);
}

class ExpressionParser {
  private index = 0;
  constructor(private readonly tokens: readonly PreprocessingToken[]) {}

  parseAll(): PreprocessorValue {
    if (this.tokens.length === 0) throw new ExpressionError(undefined, '#if with no expression');
    const value = this.conditional(true);
    const rest = this.tokens[this.index];
    if (rest !== undefined) throw new ExpressionError(rest, `missing binary operator before token "${rest.text}"`);
    return value;
  }

  private peek(): string | undefined {
    const token = this.tokens[this.index];
    return token !== undefined && token.kind === 'punctuator' ? token.text : undefined;
  }

  private expect(text: string): void {
    const token = this.tokens[this.index];
    if (token === undefined || token.kind !== 'punctuator' || token.text !== text) {
      throw new ExpressionError(token, `expected '${text}' in preprocessor expression`);
    }
    this.index++;
  }

  private conditional(evaluate: boolean): PreprocessorValue {
    const condition = this.binary(0, evaluate);
    if (this.peek() !== '?') return condition;
    this.index++;
    const taken = condition.value !== 0n;
    const whenTrue = this.conditional(evaluate && taken);
    this.expect(':');
    const whenFalse = this.conditional(evaluate && !taken);
    const isUnsigned = whenTrue.isUnsigned || whenFalse.isUnsigned;
    return normalize(taken ? whenTrue.value : whenFalse.value, isUnsigned);
  }

  private static readonly levels: readonly (readonly string[])[] = [
    ['||'],
    ['&&'],
    ['|'],
    ['^'],
    ['&'],
    ['==', '!='],
    ['<', '>', '<=', '>='],
    ['<<', '>>'],
    ['+', '-'],
    ['*', '/', '%'],
  ];

  private binary(level: number, evaluate: boolean): PreprocessorValue {
    if (level >= ExpressionParser.levels.length) return this.unary(evaluate);
    const operators = ExpressionParser.levels[level]!;
    let left = this.binary(level + 1, evaluate);
    for (;;) {
      const operator = this.peek();
      if (operator === undefined || !operators.includes(operator)) return left;
      const operatorToken = this.tokens[this.index];
      this.index++;
      if (operator === '&&' || operator === '||') {
        const rightEvaluated = evaluate && (operator === '&&' ? left.value !== 0n : left.value === 0n);
        const right = this.binary(level + 1, rightEvaluated);
        const result =
          operator === '&&' ? left.value !== 0n && right.value !== 0n : left.value !== 0n || right.value !== 0n;
        left = normalize(result ? 1n : 0n, false);
        continue;
      }
      const right = this.binary(level + 1, evaluate);
      left = this.apply(operator, left, right, evaluate, operatorToken);
    }
  }

  private apply(
    operator: string,
    left: PreprocessorValue,
    right: PreprocessorValue,
    evaluate: boolean,
    operatorToken: PreprocessingToken | undefined,
  ): PreprocessorValue {
    const isShift = operator === '<<' || operator === '>>';
    const isUnsigned = isShift ? left.isUnsigned : left.isUnsigned || right.isUnsigned;
    const a = isUnsigned ? BigInt.asUintN(64, left.value) : left.value;
    const b = isShift ? right.value : isUnsigned ? BigInt.asUintN(64, right.value) : right.value;
    const truth = (value: boolean): PreprocessorValue => normalize(value ? 1n : 0n, false);
    switch (operator) {
      case '|':
        return normalize(a | b, isUnsigned);
      case '^':
        return normalize(a ^ b, isUnsigned);
      case '&':
        return normalize(a & b, isUnsigned);
      case '==':
        return truth(a === b);
      case '!=':
        return truth(a !== b);
      case '<':
        return truth(a < b);
      case '>':
        return truth(a > b);
      case '<=':
        return truth(a <= b);
      case '>=':
        return truth(a >= b);
      case '<<':
        if (b < 0n) return normalize(a >> -b, isUnsigned);
        return normalize(b >= 64n ? 0n : a << b, isUnsigned);
      case '>>':
        if (b < 0n) return normalize(-b >= 64n ? 0n : a << -b, isUnsigned);
        return normalize(a >> (b >= 64n ? 64n : b), isUnsigned);
      case '+':
        return normalize(a + b, isUnsigned);
      case '-':
        return normalize(a - b, isUnsigned);
      case '*':
        return normalize(a * b, isUnsigned);
      case '/':
      case '%':
        if (b === 0n) {
          if (evaluate) throw new ExpressionError(operatorToken, 'division by zero in #if');
          return normalize(0n, isUnsigned);
        }
        return normalize(operator === '/' ? a / b : a % b, isUnsigned);
      default:
        throw new ExpressionError(operatorToken, `unexpected operator '${operator}' in preprocessor expression`);
    }
  }

  private unary(evaluate: boolean): PreprocessorValue {
    const token = this.tokens[this.index];
    if (token === undefined) throw new ExpressionError(undefined, '#if expression ends unexpectedly');
    if (token.kind === 'punctuator') {
      switch (token.text) {
        case '+': {
          this.index++;
          return this.unary(evaluate);
        }
        case '-': {
          this.index++;
          const operand = this.unary(evaluate);
          return normalize(-operand.value, operand.isUnsigned);
        }
        case '~': {
          this.index++;
          const operand = this.unary(evaluate);
          return normalize(~operand.value, operand.isUnsigned);
        }
        case '!': {
          this.index++;
          const operand = this.unary(evaluate);
          return normalize(operand.value === 0n ? 1n : 0n, false);
        }
        case '(': {
          this.index++;
          const inner = this.conditional(evaluate);
          this.expect(')');
          return inner;
        }
        default:
          throw new ExpressionError(token, `token "${token.text}" is not valid in preprocessor expressions`);
      }
    }
    this.index++;
    switch (token.kind) {
      case 'number': {
        const parsed = parseIntegerLiteral(token.text);
        if (typeof parsed === 'string') throw new ExpressionError(token, parsed);
        return parsed;
      }
      case 'character': {
        const parsed = parseCharacterConstant(token.text);
        if (typeof parsed === 'string') throw new ExpressionError(token, parsed);
        return parsed;
      }
      case 'identifier':
        return normalize(0n, false);
      case 'string':
      case 'other':
      case 'newline':
        throw new ExpressionError(token, `token "${token.text}" is not valid in preprocessor expressions`);
      default: {
        const exhaustive: never = token.kind;
        throw new Error(`unreachable ${String(exhaustive)}`);
      }
    }
  }
}

/** Evaluates a fully macro-expanded `#if` expression. */
export function evaluateCondition(tokens: readonly PreprocessingToken[]): ConditionResult {
  try {
    return { kind: 'ok', value: new ExpressionParser(tokens).parseAll() };
  } catch (error) {
    if (error instanceof ExpressionError) return { kind: 'error', token: error.token, message: error.message };
    throw error;
  }
}
