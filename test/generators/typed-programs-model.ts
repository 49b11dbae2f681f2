// The model of test/generators/typed-programs.ts: C's integer types for ILP32 (ranges,
// conversions, promotions, the usual arithmetic conversions, values at the bounds), the program
// model and its printing as C. The generator and the C oracle (typed-programs-oracle.ts) read it.

import type { ComparisonOperator } from './programs.js';

// ---------------------------------------------------------------- C types (ILP32)

export interface CType {
  readonly name: string;
  readonly width: number;
  readonly signed: boolean;
  /** conversion rank: char 1, short 2, int 3, long long 5 */
  readonly rank: number;
  /** the suffix of its `__VERIFIER_nondet_<suffix>` */
  readonly nondet: string;
}

export const type = (name: string, width: number, signed: boolean, rank: number, nondet: string): CType => ({
  name,
  width,
  signed,
  rank,
  nondet,
});
export const charType = type('char', 8, true, 1, 'char');
export const signedCharType = type('signed char', 8, true, 1, 'schar');
export const unsignedCharType = type('unsigned char', 8, false, 1, 'uchar');
export const shortType = type('short', 16, true, 2, 'short');
export const unsignedShortType = type('unsigned short', 16, false, 2, 'ushort');
export const intType = type('int', 32, true, 3, 'int');
export const unsignedIntType = type('unsigned int', 32, false, 3, 'uint');
export const longLongType = type('long long', 64, true, 5, 'longlong');
export const unsignedLongLongType = type('unsigned long long', 64, false, 5, 'ulonglong');
export const allTypes: readonly CType[] = [
  charType,
  signedCharType,
  unsignedCharType,
  shortType,
  unsignedShortType,
  intType,
  unsignedIntType,
  longLongType,
  unsignedLongLongType,
];

export function minimumOf(t: CType): bigint {
  return t.signed ? -(1n << BigInt(t.width - 1)) : 0n;
}
export function maximumOf(t: CType): bigint {
  return t.signed ? (1n << BigInt(t.width - 1)) - 1n : (1n << BigInt(t.width)) - 1n;
}
export function fits(value: bigint, t: CType): boolean {
  return value >= minimumOf(t) && value <= maximumOf(t);
}
/** C's conversion to `t` (modulo 2^width into its range; for a signed type as gcc defines it) */
export function convert(value: bigint, t: CType): bigint {
  if (fits(value, t)) return value;
  const modulus = 1n << BigInt(t.width);
  let wrapped = ((value % modulus) + modulus) % modulus;
  if (t.signed && wrapped > maximumOf(t)) wrapped -= modulus;
  return wrapped;
}
/** the integer promotions: every type of rank below int becomes int (all their values fit) */
export function promote(t: CType): CType {
  return t.rank < intType.rank ? intType : t;
}
/** the usual arithmetic conversions of two promoted types */
export function commonType(left: CType, right: CType): CType {
  const a = promote(left);
  const b = promote(right);
  if (a.name === b.name) return a;
  if (a.signed === b.signed) return a.rank >= b.rank ? a : b;
  const unsigned = a.signed ? b : a;
  const signed = a.signed ? a : b;
  if (unsigned.rank >= signed.rank) return unsigned;
  if (signed.width > unsigned.width) return signed;
  return signed.rank === longLongType.rank ? unsignedLongLongType : unsignedIntType;
}

/** values at and near each type's bounds, and small ones */
export const boundValues: ReadonlyMap<string, readonly bigint[]> = new Map([
  ['char', [-128n, -1n, 0n, 1n, 2n, 127n]],
  ['signed char', [-128n, -2n, -1n, 0n, 1n, 127n]],
  ['unsigned char', [0n, 1n, 2n, 127n, 128n, 255n]],
  ['short', [-32768n, -1n, 0n, 1n, 2n, 255n, 32767n]],
  ['unsigned short', [0n, 1n, 2n, 255n, 256n, 32767n, 32768n, 65535n]],
  ['int', [-2147483648n, -2n, -1n, 0n, 1n, 2n, 255n, 256n, 65535n, 65536n, 2147483647n]],
  ['unsigned int', [0n, 1n, 2n, 255n, 65535n, 2147483647n, 2147483648n, 4294967294n, 4294967295n]],
  [
    'long long',
    [
      -9223372036854775808n,
      -2147483648n,
      -1n,
      0n,
      1n,
      2n,
      2147483647n,
      2147483648n,
      4294967295n,
      4294967296n,
      9223372036854775807n,
    ],
  ],
  [
    'unsigned long long',
    [0n, 1n, 2n, 2147483648n, 4294967295n, 4294967296n, 9223372036854775808n, 18446744073709551615n],
  ],
]);
export function interestingValues(t: CType): readonly bigint[] {
  return boundValues.get(t.name)!;
}

/**
 * The enumeration domain of these programs: every value an assume admits (exploreAll filters it
 * by the havocked type), the sizes 0..4 and the bound values of every type.
 */
export const typedEnumerationDomain: readonly bigint[] = [
  ...new Set<bigint>([-2n, -1n, 0n, 1n, 2n, 3n, 4n, ...[...boundValues.values()].flat()]),
].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

// ---------------------------------------------------------------- the model

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%' | '&' | '|' | '^' | '<<' | '>>';
export type CompoundOperator = '+' | '-' | '*' | '&' | '|' | '^';
export type { ComparisonOperator };

export type IndexModel =
  | { readonly kind: 'constant'; readonly value: number }
  /** the counter of an enclosing loop, minus 1 in a down-counting loop (i runs from the bound to 1) */
  | { readonly kind: 'counter'; readonly name: string; readonly offset: 0 | -1 };

export type ExpressionModel =
  | { readonly kind: 'constant'; readonly value: bigint; readonly type: CType }
  | { readonly kind: 'variable'; readonly name: string; readonly type: CType }
  | { readonly kind: 'cell'; readonly array: string; readonly index: IndexModel; readonly type: CType }
  | { readonly kind: 'cast'; readonly operand: ExpressionModel; readonly type: CType }
  | { readonly kind: 'negate'; readonly operand: ExpressionModel; readonly type: CType }
  | {
      readonly kind: 'binary';
      readonly operator: ArithmeticOperator;
      readonly left: ExpressionModel;
      readonly right: ExpressionModel;
      readonly type: CType;
    };

export interface ConditionModel {
  readonly operator: ComparisonOperator;
  readonly left: ExpressionModel;
  readonly right: ExpressionModel;
}

export type LocationModel =
  | { readonly kind: 'variable'; readonly name: string; readonly type: CType }
  | { readonly kind: 'cell'; readonly array: string; readonly index: IndexModel; readonly type: CType };

export type StatementModel =
  | { readonly kind: 'assign'; readonly target: LocationModel; readonly value: ExpressionModel }
  | {
      readonly kind: 'compound';
      readonly target: LocationModel;
      readonly operator: CompoundOperator;
      readonly value: ExpressionModel;
    }
  | { readonly kind: 'step'; readonly target: LocationModel; readonly operator: '++' | '--'; readonly prefix: boolean }
  | { readonly kind: 'nondet'; readonly target: LocationModel; readonly allowed: readonly bigint[] }
  | {
      readonly kind: 'if';
      readonly condition: ConditionModel;
      readonly then: readonly StatementModel[];
      readonly else: readonly StatementModel[];
    }
  | {
      readonly kind: 'for';
      readonly counter: string;
      readonly direction: 'up' | 'down';
      /** a constant of type int, or the size variable `n` */
      readonly bound: ExpressionModel;
      readonly body: readonly StatementModel[];
    }
  | { readonly kind: 'breakIf'; readonly condition: ConditionModel }
  | { readonly kind: 'assert'; readonly condition: ConditionModel };

export interface TypedArrayModel {
  readonly name: string;
  readonly elementType: CType;
  readonly size: number;
  readonly global: boolean;
  readonly initial: readonly bigint[];
}
export interface TypedScalarModel {
  readonly name: string;
  readonly type: CType;
  readonly global: boolean;
  readonly initial: bigint;
}
export interface SizeModel {
  readonly type: CType;
  /**
   * lower <= n <= bound: both in the enumeration domain, so that the assume admits only domain
   * values (an unsigned n: lower 0, left out of the text); a signed n may be -2 or -1 (its loops do
   * not run; converted to an unsigned type it is near 2^w)
   */
  readonly bound: number;
  readonly lower: 0 | -2;
}
export interface TypedProgramModel {
  readonly arrays: readonly TypedArrayModel[];
  readonly scalars: readonly TypedScalarModel[];
  /** the loop counters used, with their types */
  readonly counters: readonly { readonly name: string; readonly type: CType }[];
  readonly size: SizeModel | undefined;
  readonly body: readonly StatementModel[];
}

export interface GeneratedTypedProgram {
  readonly source: string;
  readonly description: string;
  readonly model: TypedProgramModel;
  /** the model oracle's verdict: some choice of nondet values reaches a failing assertion */
  readonly expectedFailure: boolean;
  /** some run wraps around or converts a value lossily (unsigned arithmetic, a cast, an assignment, a signed/unsigned comparison) */
  readonly lossy: boolean;
  /** the domain over which enumeration on the interpreter is complete for this program */
  readonly domain: readonly bigint[];
}

export interface TypedProgramOptions {
  /** probability that the final assertion is chosen to fail in some run; default 0.5 */
  readonly failureRatio?: number;
  /** at most this many loops besides an assertion loop (1-2); default 2 */
  readonly maxLoops?: number;
}

// ---------------------------------------------------------------- printing

export const typedHarness = [
  'extern void abort(void);',
  'void reach_error(){}',
  ...allTypes.filter((t) => t !== signedCharType).map((t) => `extern ${t.name} __VERIFIER_nondet_${t.nondet}(void);`),
  'extern signed char __VERIFIER_nondet_schar(void);',
  'void __VERIFIER_assert(int c){ if(!c){ reach_error(); abort(); } }',
  'void assume_abort_if_not(int c){ if(!c) abort(); }',
];

/** a C constant of type `t` with the value `value` (which fits `t`) */
export function printConstant(value: bigint, t: CType): string {
  switch (t.name) {
    case 'int':
      if (value === minimumOf(intType)) return '(-2147483647 - 1)';
      return value < 0n ? `(${value})` : String(value);
    case 'unsigned int':
      return `${value}u`;
    case 'long long':
      if (value === minimumOf(longLongType)) return '(-9223372036854775807LL - 1)';
      return value < 0n ? `(${value}LL)` : `${value}LL`;
    case 'unsigned long long':
      return `${value}ULL`;
    default:
      return `((${t.name}) ${printConstant(value, intType)})`;
  }
}

export function printIndex(index: IndexModel): string {
  if (index.kind === 'constant') return String(index.value);
  return index.offset === 0 ? index.name : `${index.name} - 1`;
}
export function printLocation(location: LocationModel): string {
  return location.kind === 'variable' ? location.name : `${location.array}[${printIndex(location.index)}]`;
}
export function printTypedExpression(expression: ExpressionModel): string {
  switch (expression.kind) {
    case 'constant':
      return printConstant(expression.value, expression.type);
    case 'variable':
      return expression.name;
    case 'cell':
      return `${expression.array}[${printIndex(expression.index)}]`;
    case 'cast':
      return `((${expression.type.name}) ${printTypedExpression(expression.operand)})`;
    case 'negate':
      return `(-${printTypedExpression(expression.operand)})`;
    case 'binary':
      return `(${printTypedExpression(expression.left)} ${expression.operator} ${printTypedExpression(expression.right)})`;
    default: {
      const unreachable: never = expression;
      return unreachable;
    }
  }
}
export function printCondition(condition: ConditionModel): string {
  return `${printTypedExpression(condition.left)} ${condition.operator} ${printTypedExpression(condition.right)}`;
}

export function printStatements(statements: readonly StatementModel[], indent: string, lines: string[]): void {
  for (const statement of statements) {
    switch (statement.kind) {
      case 'assign':
        lines.push(`${indent}${printLocation(statement.target)} = ${printTypedExpression(statement.value)};`);
        break;
      case 'compound':
        lines.push(
          `${indent}${printLocation(statement.target)} ${statement.operator}= ${printTypedExpression(statement.value)};`,
        );
        break;
      case 'step': {
        const target = printLocation(statement.target);
        lines.push(
          `${indent}${statement.prefix ? `${statement.operator}${target}` : `${target}${statement.operator}`};`,
        );
        break;
      }
      case 'nondet': {
        const target = printLocation(statement.target);
        const compared = promote(statement.target.type);
        lines.push(`${indent}${target} = __VERIFIER_nondet_${statement.target.type.nondet}();`);
        lines.push(
          `${indent}assume_abort_if_not(${statement.allowed.map((value) => `${target} == ${printConstant(value, compared)}`).join(' || ')});`,
        );
        break;
      }
      case 'if':
        lines.push(`${indent}if (${printCondition(statement.condition)}) {`);
        printStatements(statement.then, `${indent}  `, lines);
        if (statement.else.length > 0) {
          lines.push(`${indent}} else {`);
          printStatements(statement.else, `${indent}  `, lines);
        }
        lines.push(`${indent}}`);
        break;
      case 'for': {
        const counter = statement.counter;
        const bound = printTypedExpression(statement.bound);
        lines.push(
          statement.direction === 'up'
            ? `${indent}for (${counter} = 0; ${counter} < ${bound}; ${counter}++) {`
            : `${indent}for (${counter} = ${bound}; ${counter} > 0; ${counter}--) {`,
        );
        printStatements(statement.body, `${indent}  `, lines);
        lines.push(`${indent}}`);
        break;
      }
      case 'breakIf':
        lines.push(`${indent}if (${printCondition(statement.condition)}) break;`);
        break;
      case 'assert':
        lines.push(`${indent}__VERIFIER_assert(${printCondition(statement.condition)});`);
        break;
      default: {
        const unreachable: never = statement;
        throw new Error(`unknown statement ${JSON.stringify(unreachable)}`);
      }
    }
  }
}

export function printArray(array: TypedArrayModel): string {
  const zero = array.initial.every((value) => value === 0n);
  const declaration = `${array.elementType.name} ${array.name}[${array.size}]`;
  if (array.global && zero) return `${declaration};`;
  if (zero) return `${declaration} = {0};`;
  return `${declaration} = {${array.initial.map((value) => printConstant(value, promote(array.elementType))).join(', ')}};`;
}

/** the size's declaration and assumption, first in main */
export function printSize(size: SizeModel): string[] {
  const compared = promote(size.type);
  const upper = `n <= ${printConstant(BigInt(size.bound), compared)}`;
  return [
    `  ${size.type.name} n = __VERIFIER_nondet_${size.type.nondet}();`,
    `  assume_abort_if_not(${size.type.signed ? `n >= ${printConstant(BigInt(size.lower), compared)} && ` : ''}${upper});`,
  ];
}

/** The C text of a program model (SV-COMP harness, globals, then main). */
export function printTypedProgram(model: TypedProgramModel): string {
  const lines = [...typedHarness];
  for (const array of model.arrays) if (array.global) lines.push(printArray(array));
  for (const scalar of model.scalars)
    if (scalar.global)
      lines.push(`${scalar.type.name} ${scalar.name} = ${printConstant(scalar.initial, promote(scalar.type))};`);
  lines.push('int main() {');
  if (model.size !== undefined) lines.push(...printSize(model.size));
  for (const array of model.arrays) if (!array.global) lines.push(`  ${printArray(array)}`);
  for (const scalar of model.scalars)
    if (!scalar.global)
      lines.push(`  ${scalar.type.name} ${scalar.name} = ${printConstant(scalar.initial, promote(scalar.type))};`);
  for (const counter of model.counters) lines.push(`  ${counter.type.name} ${counter.name} = 0;`);
  printStatements(model.body, '  ', lines);
  lines.push('  return 0;');
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
