// fast-check arbitraries for small SV-COMP style C programs over C's integer types, for the
// soundness harnesses that judge verdicts by C (test/soundness/harness.ts): the shape of
// programs.ts (scalars, arrays, one or two loops, a final assertion) with every variable, array cell
// and loop counter of a type drawn from char, signed char, unsigned char, short, unsigned short,
// int, unsigned int, long long and unsigned long long; explicit casts; signed/unsigned comparisons
// (the usual arithmetic conversions); compound assignments and ++/--; constants at the type bounds
// (127, 128, 255, 32767, 65535, 2^31 - 1, 2^31, 2^32 - 1, 2^32, 2^63 - 1, …); loops with a constant
// bound or a symbolic size `n` read from a nondet call (`assume_abort_if_not(n <= 3)`), up or down,
// over array cells.
//
// Every program is evaluated here on its model (evaluateTypedModel) with C's semantics for the
// ILP32 data model, an oracle independent of the pipeline: integer promotions, the usual
// arithmetic conversions, conversions modulo 2^w (to a signed type too, as gcc does), unsigned
// arithmetic modulo 2^w, truncating / and %, arithmetic >> of negative values. Undefined behaviour
// is detected (signed overflow of +, -, *, unary -, <<; a negative left operand of <<; an index out
// of bounds) and such programs are dropped, as are programs whose loops would run more than
// `maxLoopIterations` times; C run on any input of a kept program has no undefined behaviour.
//
// Every nondet value (of the variable's own type: `x = __VERIFIER_nondet_uchar()`) is restricted
// by an assume to one to three values of `typedEnumerationDomain` (or, for the size, to a range
// 0..bound or -2..bound, every value of which is in the domain), so exhaustive enumeration over that
// domain (exploreAll filters it by type) covers every behaviour: the enumeration is complete and
// its verdict is C's verdict.
// The final assertion's constant is chosen from the values the observed expression takes, so
// about `failureRatio` of the programs fail on some input; in most programs whose observed values
// differ between C and mathematical integers (the model evaluated both ways) it separates the two,
// preferably failing in C only (an encoding that read the program mathematically would call it
// SAFE). The oracle's verdict is then computed on the final program (whatever the choice intended).
// Measured (test/generators/typed-programs.test.ts): about half the programs fail, about half wrap
// or convert lossily on some input, and about 18 % get another verdict over the mathematical
// integers (13 % fail in C only).

import fc from 'fast-check';

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

const type = (name: string, width: number, signed: boolean, rank: number, nondet: string): CType => ({ name, width, signed, rank, nondet });
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
  charType, signedCharType, unsignedCharType, shortType, unsignedShortType, intType, unsignedIntType, longLongType, unsignedLongLongType,
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
const boundValues: ReadonlyMap<string, readonly bigint[]> = new Map([
  ['char', [-128n, -1n, 0n, 1n, 2n, 127n]],
  ['signed char', [-128n, -2n, -1n, 0n, 1n, 127n]],
  ['unsigned char', [0n, 1n, 2n, 127n, 128n, 255n]],
  ['short', [-32768n, -1n, 0n, 1n, 2n, 255n, 32767n]],
  ['unsigned short', [0n, 1n, 2n, 255n, 256n, 32767n, 32768n, 65535n]],
  ['int', [-2147483648n, -2n, -1n, 0n, 1n, 2n, 255n, 256n, 65535n, 65536n, 2147483647n]],
  ['unsigned int', [0n, 1n, 2n, 255n, 65535n, 2147483647n, 2147483648n, 4294967294n, 4294967295n]],
  ['long long', [-9223372036854775808n, -2147483648n, -1n, 0n, 1n, 2n, 2147483647n, 2147483648n, 4294967295n, 4294967296n, 9223372036854775807n]],
  ['unsigned long long', [0n, 1n, 2n, 2147483648n, 4294967295n, 4294967296n, 9223372036854775808n, 18446744073709551615n]],
]);
export function interestingValues(t: CType): readonly bigint[] {
  return boundValues.get(t.name)!;
}

/**
 * The enumeration domain of these programs: every value an assume admits (exploreAll filters it
 * by the havocked type), the sizes 0..4 and the bound values of every type.
 */
export const typedEnumerationDomain: readonly bigint[] = [...new Set<bigint>([
  -2n, -1n, 0n, 1n, 2n, 3n, 4n, ...[...boundValues.values()].flat(),
])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

// ---------------------------------------------------------------- the model

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%' | '&' | '|' | '^' | '<<' | '>>';
export type CompoundOperator = '+' | '-' | '*' | '&' | '|' | '^';
export type ComparisonOperator = '<' | '<=' | '==' | '!=' | '>' | '>=';

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
  | { readonly kind: 'binary'; readonly operator: ArithmeticOperator; readonly left: ExpressionModel; readonly right: ExpressionModel; readonly type: CType };

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
  | { readonly kind: 'compound'; readonly target: LocationModel; readonly operator: CompoundOperator; readonly value: ExpressionModel }
  | { readonly kind: 'step'; readonly target: LocationModel; readonly operator: '++' | '--'; readonly prefix: boolean }
  | { readonly kind: 'nondet'; readonly target: LocationModel; readonly allowed: readonly bigint[] }
  | { readonly kind: 'if'; readonly condition: ConditionModel; readonly then: readonly StatementModel[]; readonly else: readonly StatementModel[] }
  | {
      readonly kind: 'for'; readonly counter: string; readonly direction: 'up' | 'down';
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

function printIndex(index: IndexModel): string {
  if (index.kind === 'constant') return String(index.value);
  return index.offset === 0 ? index.name : `${index.name} - 1`;
}
function printLocation(location: LocationModel): string {
  return location.kind === 'variable' ? location.name : `${location.array}[${printIndex(location.index)}]`;
}
export function printTypedExpression(expression: ExpressionModel): string {
  switch (expression.kind) {
    case 'constant': return printConstant(expression.value, expression.type);
    case 'variable': return expression.name;
    case 'cell': return `${expression.array}[${printIndex(expression.index)}]`;
    case 'cast': return `((${expression.type.name}) ${printTypedExpression(expression.operand)})`;
    case 'negate': return `(-${printTypedExpression(expression.operand)})`;
    case 'binary': return `(${printTypedExpression(expression.left)} ${expression.operator} ${printTypedExpression(expression.right)})`;
    default: {
      const unreachable: never = expression;
      return unreachable;
    }
  }
}
function printCondition(condition: ConditionModel): string {
  return `${printTypedExpression(condition.left)} ${condition.operator} ${printTypedExpression(condition.right)}`;
}

function printStatements(statements: readonly StatementModel[], indent: string, lines: string[]): void {
  for (const statement of statements) {
    switch (statement.kind) {
      case 'assign':
        lines.push(`${indent}${printLocation(statement.target)} = ${printTypedExpression(statement.value)};`);
        break;
      case 'compound':
        lines.push(`${indent}${printLocation(statement.target)} ${statement.operator}= ${printTypedExpression(statement.value)};`);
        break;
      case 'step': {
        const target = printLocation(statement.target);
        lines.push(`${indent}${statement.prefix ? `${statement.operator}${target}` : `${target}${statement.operator}`};`);
        break;
      }
      case 'nondet': {
        const target = printLocation(statement.target);
        const compared = promote(statement.target.type);
        lines.push(`${indent}${target} = __VERIFIER_nondet_${statement.target.type.nondet}();`);
        lines.push(`${indent}assume_abort_if_not(${statement.allowed.map((value) => `${target} == ${printConstant(value, compared)}`).join(' || ')});`);
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
        lines.push(statement.direction === 'up'
          ? `${indent}for (${counter} = 0; ${counter} < ${bound}; ${counter}++) {`
          : `${indent}for (${counter} = ${bound}; ${counter} > 0; ${counter}--) {`);
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

function printArray(array: TypedArrayModel): string {
  const zero = array.initial.every((value) => value === 0n);
  const declaration = `${array.elementType.name} ${array.name}[${array.size}]`;
  if (array.global && zero) return `${declaration};`;
  if (zero) return `${declaration} = {0};`;
  return `${declaration} = {${array.initial.map((value) => printConstant(value, promote(array.elementType))).join(', ')}};`;
}

/** the size's declaration and assumption, first in main */
function printSize(size: SizeModel): string[] {
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
  for (const scalar of model.scalars) if (scalar.global) lines.push(`${scalar.type.name} ${scalar.name} = ${printConstant(scalar.initial, promote(scalar.type))};`);
  lines.push('int main() {');
  if (model.size !== undefined) lines.push(...printSize(model.size));
  for (const array of model.arrays) if (!array.global) lines.push(`  ${printArray(array)}`);
  for (const scalar of model.scalars) if (!scalar.global) lines.push(`  ${scalar.type.name} ${scalar.name} = ${printConstant(scalar.initial, promote(scalar.type))};`);
  for (const counter of model.counters) lines.push(`  ${counter.type.name} ${counter.name} = 0;`);
  printStatements(model.body, '  ', lines);
  lines.push('  return 0;');
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------- evaluation (the C oracle)

export const maxLoopIterations = 64;

export interface TypedRun {
  /** the values of the nondet calls, in order */
  readonly inputs: readonly bigint[];
  readonly outcome: 'failed' | 'blocked' | 'completed';
}

export interface TypedEvaluation {
  /** runs over every admitted choice of nondet values */
  readonly runs: number;
  readonly failingRuns: number;
  /** the first undefined behaviour some run reaches (the program must be dropped) */
  readonly undefinedBehaviour: string | undefined;
  /** some loop ran more than maxLoopIterations times (the program must be dropped) */
  readonly unbounded: boolean;
  /** some run wraps around or converts lossily */
  readonly lossy: boolean;
  /** every run (when asked for) */
  readonly runList?: readonly TypedRun[];
}

class StopRun {
  constructor(readonly outcome: 'failed' | 'blocked' | 'undefined' | 'unbounded', readonly reason = '') {}
}
class BreakLoop {}

/** the values of the size that its assume admits */
export function sizeValues(size: SizeModel): bigint[] {
  return typedEnumerationDomain.filter((value) => fits(value, size.type) && value <= BigInt(size.bound) && value >= BigInt(size.lower));
}

/**
 * Runs the model with C's semantics on every admitted choice of nondet values; `observe` is called
 * with the value of every assert's left operand (of the type the comparison converts it to).
 */
export function evaluateTypedModel(model: TypedProgramModel, options: {
  observe?: (value: bigint, type: CType) => void;
  keepRuns?: boolean;
  /** 'integers': what mathematical integers would give (no conversion, no wrap-around, no overflow); for choosing constants only */
  semantics?: 'c' | 'integers';
} = {}): TypedEvaluation {
  const integers = options.semantics === 'integers';
  const choices: { index: number; count: number }[] = [];
  let runs = 0;
  let failingRuns = 0;
  let undefinedBehaviour: string | undefined;
  let unbounded = false;
  let lossy = false;
  const runList: TypedRun[] = [];
  for (;;) {
    runs++;
    let position = 0;
    const inputs: bigint[] = [];
    const variables = new Map<string, bigint>();
    const arrays = new Map<string, bigint[]>();
    for (const scalar of model.scalars) variables.set(scalar.name, scalar.initial);
    for (const counter of model.counters) variables.set(counter.name, 0n);
    for (const array of model.arrays) arrays.set(array.name, [...array.initial]);
    const choose = (values: readonly bigint[]): bigint => {
      let index: number;
      if (position < choices.length) index = choices[position]!.index;
      else {
        choices.push({ index: 0, count: values.length });
        index = 0;
      }
      position++;
      const value = values[index]!;
      inputs.push(value);
      return value;
    };
    const conversion = (value: bigint, t: CType): bigint => {
      if (integers) return value;
      const converted = convert(value, t);
      if (converted !== value) lossy = true;
      return converted;
    };
    const undefined_ = (reason: string): never => {
      throw new StopRun('undefined', reason);
    };
    const cellOf = (array: string, index: IndexModel): { cells: bigint[]; at: number } => {
      const cells = arrays.get(array)!;
      const at = index.kind === 'constant' ? index.value : Number(variables.get(index.name)!) + index.offset;
      if (!(at >= 0 && at < cells.length)) undefined_(`${array}[${at}] out of bounds`);
      return { cells, at };
    };
    const arithmetic = (operator: ArithmeticOperator, left: bigint, right: bigint, t: CType): bigint => {
      let exact: bigint;
      switch (operator) {
        case '+': exact = left + right; break;
        case '-': exact = left - right; break;
        case '*': exact = left * right; break;
        case '/': if (right === 0n) undefined_('division by zero'); exact = left / right; break;
        case '%': if (right === 0n) undefined_('remainder by zero'); exact = left % right; break;
        case '&': exact = left & right; break;
        case '|': exact = left | right; break;
        case '^': exact = left ^ right; break;
        case '<<':
          if (right < 0n || right >= BigInt(t.width)) undefined_('shift count');
          if (t.signed && left < 0n && !integers) undefined_('left shift of a negative value');
          exact = left << right;
          break;
        case '>>':
          if (right < 0n || right >= BigInt(t.width)) undefined_('shift count');
          exact = left >> right;
          break;
        default: {
          const unreachable: never = operator;
          return unreachable;
        }
      }
      if (integers) return exact;
      if (t.signed) {
        if (!fits(exact, t)) undefined_(`signed overflow: ${left} ${operator} ${right} in ${t.name}`);
        return exact;
      }
      return conversion(exact, t);
    };
    const evaluate = (expression: ExpressionModel): bigint => {
      switch (expression.kind) {
        case 'constant': return expression.value;
        case 'variable': return variables.get(expression.name)!;
        case 'cell': {
          const { cells, at } = cellOf(expression.array, expression.index);
          return cells[at]!;
        }
        case 'cast': return conversion(evaluate(expression.operand), expression.type);
        case 'negate': {
          const value = conversion(evaluate(expression.operand), expression.type);
          if (integers) return -value;
          if (expression.type.signed) {
            if (!fits(-value, expression.type)) undefined_(`signed overflow: -(${value})`);
            return -value;
          }
          return conversion(-value, expression.type);
        }
        case 'binary': {
          const t = expression.type;
          const left = conversion(evaluate(expression.left), t);
          const right = expression.operator === '<<' || expression.operator === '>>'
            ? evaluate(expression.right)
            : conversion(evaluate(expression.right), t);
          return arithmetic(expression.operator, left, right, t);
        }
        default: {
          const unreachable: never = expression;
          return unreachable;
        }
      }
    };
    /** both operands converted to their common type, compared */
    const operands = (condition: ConditionModel): { left: bigint; right: bigint; type: CType } => {
      const t = commonType(condition.left.type, condition.right.type);
      return { left: conversion(evaluate(condition.left), t), right: conversion(evaluate(condition.right), t), type: t };
    };
    const holds = (condition: ConditionModel): boolean => {
      const { left, right } = operands(condition);
      return compare(left, condition.operator, right);
    };
    const read = (target: LocationModel): bigint => {
      if (target.kind === 'variable') return variables.get(target.name)!;
      const { cells, at } = cellOf(target.array, target.index);
      return cells[at]!;
    };
    const store = (target: LocationModel, value: bigint): void => {
      const converted = conversion(value, target.type);
      if (target.kind === 'variable') variables.set(target.name, converted);
      else {
        const { cells, at } = cellOf(target.array, target.index);
        cells[at] = converted;
      }
    };
    /** `target op= value` (and ++/--: op= 1): in the common type, converted back on the store */
    const update = (target: LocationModel, operator: CompoundOperator, valueType: CType, value: bigint): void => {
      const t = commonType(target.type, valueType);
      store(target, arithmetic(operator, conversion(read(target), t), conversion(value, t), t));
    };
    const execute = (statements: readonly StatementModel[]): void => {
      for (const statement of statements) {
        switch (statement.kind) {
          case 'assign':
            store(statement.target, evaluate(statement.value));
            break;
          case 'compound':
            update(statement.target, statement.operator, statement.value.type, evaluate(statement.value));
            break;
          case 'step':
            update(statement.target, statement.operator === '++' ? '+' : '-', intType, 1n);
            break;
          case 'nondet':
            store(statement.target, choose(statement.allowed));
            break;
          case 'if':
            execute(holds(statement.condition) ? statement.then : statement.else);
            break;
          case 'for': {
            const counter = model.counters.find((candidate) => candidate.name === statement.counter)!;
            const location: LocationModel = { kind: 'variable', name: counter.name, type: counter.type };
            const zero: ExpressionModel = { kind: 'constant', value: 0n, type: intType };
            const self: ExpressionModel = { kind: 'variable', name: counter.name, type: counter.type };
            const condition: ConditionModel = statement.direction === 'up'
              ? { operator: '<', left: self, right: statement.bound }
              : { operator: '>', left: self, right: zero };
            store(location, statement.direction === 'up' ? 0n : evaluate(statement.bound));
            let iterations = 0;
            try {
              while (holds(condition)) {
                if (++iterations > maxLoopIterations) throw new StopRun('unbounded');
                execute(statement.body);
                update(location, statement.direction === 'up' ? '+' : '-', intType, 1n);
              }
            } catch (signal) {
              if (!(signal instanceof BreakLoop)) throw signal;
            }
            break;
          }
          case 'breakIf':
            if (holds(statement.condition)) throw new BreakLoop();
            break;
          case 'assert': {
            const { left, right, type: t } = operands(statement.condition);
            options.observe?.(left, t);
            if (!compare(left, statement.condition.operator, right)) throw new StopRun('failed');
            break;
          }
          default: {
            const unreachable: never = statement;
            throw new Error(`unknown statement ${JSON.stringify(unreachable)}`);
          }
        }
      }
    };
    let outcome: TypedRun['outcome'] = 'completed';
    try {
      if (model.size !== undefined) variables.set('n', choose(sizeValues(model.size)));
      execute(model.body);
    } catch (signal) {
      if (!(signal instanceof StopRun)) throw signal;
      if (signal.outcome === 'failed') {
        failingRuns++;
        outcome = 'failed';
      } else if (signal.outcome === 'undefined') {
        undefinedBehaviour ??= `${signal.reason} (inputs ${inputs.join(', ')})`;
      } else if (signal.outcome === 'unbounded') {
        unbounded = true;
      }
    }
    if (options.keepRuns === true) runList.push({ inputs, outcome });
    if (undefinedBehaviour !== undefined || unbounded) break;
    choices.length = position;
    while (choices.length > 0 && choices[choices.length - 1]!.index + 1 >= choices[choices.length - 1]!.count) choices.pop();
    if (choices.length === 0) break;
    choices[choices.length - 1]!.index++;
  }
  return { runs, failingRuns, undefinedBehaviour, unbounded, lossy, ...(options.keepRuns === true ? { runList } : {}) };
}

export function compare(left: bigint, operator: ComparisonOperator, right: bigint): boolean {
  switch (operator) {
    case '<': return left < right;
    case '<=': return left <= right;
    case '==': return left === right;
    case '!=': return left !== right;
    case '>': return left > right;
    case '>=': return left >= right;
    default: {
      const unreachable: never = operator;
      return unreachable;
    }
  }
}

// ---------------------------------------------------------------- generation

type Draw = fc.GeneratorValue;

interface LoopContext {
  readonly counter: string;
  readonly direction: 'up' | 'down';
  /** the most iterations it runs */
  readonly iterations: number;
}

interface GenerationContext {
  readonly g: Draw;
  readonly arrays: readonly TypedArrayModel[];
  readonly scalars: readonly TypedScalarModel[];
  readonly counterTypes: ReadonlyMap<string, CType>;
  readonly size: SizeModel | undefined;
  readonly loops: LoopContext[];
  loopsLeft: number;
  /** nondet statement executions still allowed (each multiplies the runs by up to 3) */
  nondetBudget: number;
  statementsLeft: number;
}

const counterNames = ['i', 'j'];

function integer(context: { readonly g: Draw }, min: number, max: number): number {
  return context.g(fc.integer, { min, max });
}
function pick<T>(context: { readonly g: Draw }, values: readonly T[]): T {
  return values[integer(context, 0, values.length - 1)]!;
}
function chance(context: { readonly g: Draw }, percent: number): boolean {
  return integer(context, 0, 99) < percent;
}

/** a value of `t`: usually one at or near its bounds, sometimes a small one */
function valueOf(context: { readonly g: Draw }, t: CType): bigint {
  if (chance(context, 45)) return convert(BigInt(integer(context, -3, 3)), t);
  return pick(context, interestingValues(t));
}

function executions(context: GenerationContext): number {
  return context.loops.reduce((product, loop) => product * loop.iterations, 1);
}

function generateIndex(context: GenerationContext, array: TypedArrayModel): IndexModel {
  const counters = context.loops.filter((loop) => loop.iterations <= array.size);
  if (counters.length > 0 && integer(context, 0, 2) > 0) {
    const loop = pick(context, counters);
    return { kind: 'counter', name: loop.counter, offset: loop.direction === 'up' ? 0 : -1 };
  }
  return { kind: 'constant', value: integer(context, 0, array.size - 1) };
}

function constantExpression(value: bigint, t: CType): ExpressionModel {
  return { kind: 'constant', value, type: t };
}

function generateLeaf(context: GenerationContext): ExpressionModel {
  const kind = integer(context, 0, 9);
  if (kind <= 2) {
    const t = pick(context, allTypes);
    return constantExpression(valueOf(context, t), chance(context, 50) ? promote(t) : t);
  }
  if (kind <= 5) {
    const scalar = pick(context, context.scalars);
    return { kind: 'variable', name: scalar.name, type: scalar.type };
  }
  if (kind === 6 && context.loops.length > 0) {
    const loop = pick(context, context.loops);
    return { kind: 'variable', name: loop.counter, type: context.counterTypes.get(loop.counter)! };
  }
  if (kind === 6 && context.size !== undefined) return { kind: 'variable', name: 'n', type: context.size.type };
  const array = pick(context, context.arrays);
  return { kind: 'cell', array: array.name, index: generateIndex(context, array), type: array.elementType };
}

function binary(operator: ArithmeticOperator, left: ExpressionModel, right: ExpressionModel): ExpressionModel {
  const t = operator === '<<' || operator === '>>' ? promote(left.type) : commonType(left.type, right.type);
  return { kind: 'binary', operator, left, right, type: t };
}

function generateExpression(context: GenerationContext): ExpressionModel {
  switch (integer(context, 0, 11)) {
    case 4: case 5:
      return binary(pick(context, ['+', '-'] as const), generateLeaf(context), generateLeaf(context));
    case 6: {
      const factor = pick(context, [2n, 3n, -1n, 0n, 16n, 255n]);
      return binary('*', generateLeaf(context), constantExpression(factor, chance(context, 70) ? intType : pick(context, [unsignedIntType, longLongType, unsignedCharType])));
    }
    case 7: {
      const t = pick(context, allTypes);
      return { kind: 'cast', type: t, operand: chance(context, 50) ? generateLeaf(context) : binary(pick(context, ['+', '-'] as const), generateLeaf(context), generateLeaf(context)) };
    }
    case 8:
      return binary(pick(context, ['&', '|', '^'] as const), generateLeaf(context), generateLeaf(context));
    case 9: {
      const operator = pick(context, ['/', '%', '>>', '<<'] as const);
      const right = operator === '/' || operator === '%' ? pick(context, [2n, 3n, 7n, 256n]) : BigInt(integer(context, 1, 3));
      return binary(operator, generateLeaf(context), constantExpression(right, chance(context, 75) ? intType : unsignedIntType));
    }
    case 10: {
      const operand = generateLeaf(context);
      return { kind: 'negate', operand, type: promote(operand.type) };
    }
    default:
      return generateLeaf(context);
  }
}

function generateCondition(context: GenerationContext): ConditionModel {
  const operator = pick(context, ['<', '<=', '==', '!=', '>', '>='] as const);
  return { operator, left: generateExpression(context), right: generateLeaf(context) };
}

function generateTarget(context: GenerationContext): LocationModel {
  if (integer(context, 0, 1) === 0) {
    const scalar = pick(context, context.scalars);
    return { kind: 'variable', name: scalar.name, type: scalar.type };
  }
  const array = pick(context, context.arrays);
  return { kind: 'cell', array: array.name, index: generateIndex(context, array), type: array.elementType };
}

function generateStatements(context: GenerationContext, minimum: number, maximum: number): StatementModel[] {
  const count = integer(context, minimum, maximum);
  const statements: StatementModel[] = [];
  for (let index = 0; index < count && context.statementsLeft > 0; index++) statements.push(generateStatement(context));
  return statements;
}

function generateStatement(context: GenerationContext): StatementModel {
  context.statementsLeft--;
  // 0-1 nondet, 2-3 if, 4-8 loop, 9-12 ++/--, 13-15 compound assignment, else assignment
  const kind = integer(context, 0, 19);
  if (kind <= 1 && context.nondetBudget >= executions(context)) {
    context.nondetBudget -= executions(context);
    const target = generateTarget(context);
    const allowed = new Set<bigint>();
    const count = integer(context, 1, 3);
    // values of the enumeration domain only (so that enumeration over it covers every admitted value)
    const admissible = typedEnumerationDomain.filter((value) => fits(value, target.type));
    const small = admissible.filter((value) => value >= -2n && value <= 3n);
    for (let index = 0; index < count; index++) allowed.add(chance(context, 45) ? pick(context, small) : pick(context, interestingValues(target.type)));
    return { kind: 'nondet', target, allowed: [...allowed].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) };
  }
  if (kind >= 2 && kind <= 3 && context.loops.length < 2) {
    return { kind: 'if', condition: generateCondition(context), then: generateStatements(context, 1, 2), else: generateStatements(context, 0, 1) };
  }
  if (kind >= 4 && kind <= 8 && context.loopsLeft > 0 && context.loops.length < 2) {
    context.loopsLeft--;
    const counter = counterNames[context.loops.length]!;
    const symbolic = context.size !== undefined && integer(context, 0, 2) > 0;
    const bound: ExpressionModel = symbolic
      ? { kind: 'variable', name: 'n', type: context.size!.type }
      : constantExpression(BigInt(integer(context, 0, 1) === 0 ? pick(context, context.arrays).size : integer(context, 1, 4)), intType);
    const iterations = symbolic ? context.size!.bound : Number((bound as { value: bigint }).value);
    const direction = chance(context, 70) ? 'up' : 'down';
    context.loops.push({ counter, direction, iterations });
    const body = generateStatements(context, 1, 3);
    if (integer(context, 0, 3) === 0) body.splice(integer(context, 0, body.length), 0, { kind: 'breakIf', condition: generateCondition(context) });
    context.loops.pop();
    return { kind: 'for', counter, direction, bound, body };
  }
  if (kind >= 9 && kind <= 12) {
    return { kind: 'step', target: generateTarget(context), operator: pick(context, ['++', '--'] as const), prefix: chance(context, 50) };
  }
  if (kind >= 13 && kind <= 15) {
    // often by a constant at the bounds of the target's type (x += 255 on an unsigned char wraps)
    const target = generateTarget(context);
    const value = chance(context, 50) ? constantExpression(pick(context, interestingValues(target.type)), promote(target.type)) : generateLeaf(context);
    return { kind: 'compound', target, operator: pick(context, ['+', '-', '+', '-', '*', '&', '|', '^'] as const), value };
  }
  return { kind: 'assign', target: generateTarget(context), value: generateExpression(context) };
}

function usedCounters(statements: readonly StatementModel[], into: Set<string>): Set<string> {
  for (const statement of statements) {
    if (statement.kind === 'for') {
      into.add(statement.counter);
      usedCounters(statement.body, into);
    } else if (statement.kind === 'if') {
      usedCounters(statement.then, into);
      usedCounters(statement.else, into);
    }
  }
  return into;
}

export function countTypedLoops(statements: readonly StatementModel[]): number {
  let loops = 0;
  for (const statement of statements) {
    if (statement.kind === 'for') loops += 1 + countTypedLoops(statement.body);
    else if (statement.kind === 'if') loops += countTypedLoops(statement.then) + countTypedLoops(statement.else);
  }
  return loops;
}

/** the constant K of `observed OP K` (K in t's range): failing for some reached value when `wantFailure`, never otherwise */
function chooseBound(values: readonly bigint[], t: CType, operator: ComparisonOperator, wantFailure: boolean, variant: number): { operator: ComparisonOperator; bound: bigint } {
  const minimum = values.reduce((a, b) => (b < a ? b : a));
  const maximum = values.reduce((a, b) => (b > a ? b : a));
  const distinct = [...new Set(values)];
  const slack = BigInt(variant % 2);
  const clamp = (value: bigint): bigint => (value < minimumOf(t) ? minimumOf(t) : value > maximumOf(t) ? maximumOf(t) : value);
  const result = (chosenOperator: ComparisonOperator, bound: bigint) => ({ operator: chosenOperator, bound: clamp(bound) });
  switch (operator) {
    case '<=': return result(operator, wantFailure ? maximum - 1n - slack : maximum + slack);
    case '<':
      if (!wantFailure && maximum === maximumOf(t)) return result('<=', maximum);
      return result(operator, wantFailure ? maximum - slack : maximum + 1n + slack);
    case '>=': return result(operator, wantFailure ? minimum + 1n + slack : minimum - slack);
    case '>':
      if (!wantFailure && minimum === minimumOf(t)) return result('>=', minimum);
      return result(operator, wantFailure ? minimum + slack : minimum - 1n - slack);
    case '!=':
      if (wantFailure) return result(operator, distinct[variant % distinct.length]!);
      if (maximum < maximumOf(t)) return result(operator, maximum + 1n);
      if (minimum > minimumOf(t)) return result(operator, minimum - 1n);
      return result('<=', maximum);
    case '==':
      if (wantFailure) return result(operator, distinct.length > 1 ? distinct[variant % distinct.length]! : maximum < maximumOf(t) ? maximum + 1n : minimum - 1n);
      if (distinct.length === 1) return result(operator, maximum);
      return result('<=', maximum);
    default: {
      const unreachable: never = operator;
      return unreachable;
    }
  }
}

/**
 * `observed OP K` that holds for every value of one set and fails for some value of the other (C's
 * values and those of mathematical integers), when their extremes differ. Preferred: the one that
 * fails in C and holds over the integers (`cFails`), which an encoding that reads the program
 * mathematically would wrongly call SAFE; else the other way round.
 */
function separatingBound(cValues: readonly bigint[], integerValues: readonly bigint[], t: CType, cFails: boolean): { operator: ComparisonOperator; bound: bigint } | undefined {
  if (cValues.length === 0 || integerValues.length === 0) return undefined;
  const maximum = (values: readonly bigint[]) => values.reduce((a, b) => (b > a ? b : a));
  const minimum = (values: readonly bigint[]) => values.reduce((a, b) => (b < a ? b : a));
  const candidates: { operator: ComparisonOperator; bound: bigint; cFails: boolean }[] = [];
  const [cMaximum, iMaximum, cMinimum, iMinimum] = [maximum(cValues), maximum(integerValues), minimum(cValues), minimum(integerValues)];
  // x <= K with K the smaller maximum fails for the set that reaches above it
  const upper = cMaximum < iMaximum ? cMaximum : iMaximum;
  if (cMaximum !== iMaximum && fits(upper, t)) candidates.push({ operator: '<=', bound: upper, cFails: cMaximum > iMaximum });
  const lower = cMinimum > iMinimum ? cMinimum : iMinimum;
  if (cMinimum !== iMinimum && fits(lower, t)) candidates.push({ operator: '>=', bound: lower, cFails: cMinimum < iMinimum });
  // x != K with K reached by one set only fails for that set alone
  const integerSet = new Set(integerValues);
  const cSet = new Set(cValues);
  const onlyC = [...cSet].filter((value) => !integerSet.has(value));
  const onlyIntegers = [...integerSet].filter((value) => !cSet.has(value) && fits(value, t));
  if (onlyC.length > 0) candidates.unshift({ operator: '!=', bound: onlyC[0]!, cFails: true });
  if (onlyIntegers.length > 0) candidates.push({ operator: '!=', bound: onlyIntegers[0]!, cFails: false });
  const chosen = candidates.find((candidate) => candidate.cFails === cFails) ?? candidates[0];
  return chosen === undefined ? undefined : { operator: chosen.operator, bound: chosen.bound };
}

/**
 * The constant of the assertion as C text of some type: usually of the comparison's type `t`; in
 * `mixed` programs of the other signedness (an unsigned comparison against a negative constant, or
 * a signed operand against an unsigned constant), which C's conversions make a different comparison
 * for some values.
 */
function boundConstant(value: bigint, t: CType, mixed: boolean): ExpressionModel {
  if (!mixed) return constantExpression(value, t);
  if (!t.signed) {
    const signedCounterpart = t.rank === longLongType.rank ? longLongType : intType;
    return constantExpression(convert(value, signedCounterpart), signedCounterpart);
  }
  const unsignedCounterpart = t.rank === longLongType.rank ? unsignedLongLongType : unsignedIntType;
  return constantExpression(convert(value, unsignedCounterpart), unsignedCounterpart);
}

function generateModel(g: Draw, options: TypedProgramOptions): TypedProgramModel {
  const withSize = g(fc.integer, { min: 0, max: 99 }) < 55;
  const arrayCount = g(fc.integer, { min: 1, max: 2 });
  const arrays: TypedArrayModel[] = [];
  for (let index = 0; index < arrayCount; index++) {
    const size = g(fc.integer, { min: withSize ? 2 : 1, max: 4 });
    const elementType = pick({ g }, allTypes);
    const zero = g(fc.boolean);
    const initial = zero ? new Array<bigint>(size).fill(0n) : Array.from({ length: size }, () => valueOf({ g }, elementType));
    arrays.push({ name: ['a', 'b'][index]!, elementType, size, global: g(fc.boolean), initial });
  }
  const scalarCount = g(fc.integer, { min: 1, max: 3 });
  const scalars: TypedScalarModel[] = [];
  for (let index = 0; index < scalarCount; index++) {
    const scalarType = pick({ g }, allTypes);
    scalars.push({ name: ['x', 'y', 'z'][index]!, type: scalarType, global: g(fc.boolean), initial: valueOf({ g }, scalarType) });
  }
  const counterTypes = new Map<string, CType>(counterNames.map((name) => [name, pick({ g }, [intType, intType, intType, longLongType, unsignedIntType, unsignedCharType, charType, shortType, unsignedShortType, unsignedLongLongType])]));
  let size: SizeModel | undefined;
  if (withSize) {
    const sizeType = pick({ g }, [unsignedIntType, unsignedIntType, intType, intType, unsignedCharType, shortType, longLongType, unsignedLongLongType]);
    const smallest = Math.min(...arrays.map((array) => array.size));
    size = { type: sizeType, bound: g(fc.integer, { min: 1, max: Math.min(3, smallest) }), lower: sizeType.signed && g(fc.integer, { min: 0, max: 9 }) < 3 ? -2 : 0 };
  }
  const context: GenerationContext = {
    g, arrays, scalars, counterTypes, size, loops: [],
    loopsLeft: Math.max(1, Math.min(2, options.maxLoops ?? 2)), nondetBudget: 4, statementsLeft: 8,
  };
  const body = generateStatements(context, 1, 5);

  // the final assertion: over an expression, or over every cell of an array in a last loop
  // (always in a loop when the body has none, so every program has 1-3 loops)
  const inLoop = context.loopsLeft > 0 && (countTypedLoops(body) === 0 || integer(context, 0, 2) === 0);
  let observed: ExpressionModel;
  let loopArray: TypedArrayModel | undefined;
  let loopBound: ExpressionModel | undefined;
  if (inLoop) {
    loopArray = pick(context, arrays);
    loopBound = size !== undefined && size.bound <= loopArray.size && chance(context, 50)
      ? { kind: 'variable', name: 'n', type: size.type }
      : constantExpression(BigInt(loopArray.size), intType);
    observed = { kind: 'cell', array: loopArray.name, index: { kind: 'counter', name: 'i', offset: 0 }, type: loopArray.elementType };
    if (chance(context, 25)) observed = { kind: 'cast', type: pick(context, allTypes), operand: observed };
  } else {
    // mostly what the program wrote: a scalar or a cell, as it is, cast, or in a sum
    const written = (): ExpressionModel => {
      const target = generateTarget(context);
      return target.kind === 'variable' ? { kind: 'variable', name: target.name, type: target.type } : { kind: 'cell', array: target.array, index: target.index, type: target.type };
    };
    const shape = integer(context, 0, 9);
    observed = shape === 0 ? binary('+', written(), generateLeaf(context))
      : shape === 1 ? binary('-', written(), generateLeaf(context))
      : shape <= 3 ? { kind: 'cast', type: pick(context, allTypes), operand: written() }
      : shape === 4 ? generateExpression(context)
      : written();
  }
  const operator = pick(context, ['<', '<=', '==', '!=', '>', '>='] as const);
  const wantFailure = g(() => fc.noBias(fc.integer({ min: 0, max: 9999 }))) < (options.failureRatio ?? 0.5) * 10000;
  const variant = g(fc.nat, 5);
  const mixed = chance(context, 30);

  const withAssertion = (condition: ConditionModel): StatementModel[] => {
    const assertion: StatementModel = { kind: 'assert', condition };
    return loopArray === undefined
      ? [...body, assertion]
      : [...body, { kind: 'for', counter: 'i', direction: 'up', bound: loopBound!, body: [assertion] }];
  };
  const countersOf = (statements: readonly StatementModel[]) => {
    const used = usedCounters(statements, new Set());
    return counterNames.filter((name) => used.has(name)).map((name) => ({ name, type: counterTypes.get(name)! }));
  };
  const comparisonType = promote(observed.type);
  const probeBody = withAssertion({ left: observed, operator: '==', right: observed });
  const probe: TypedProgramModel = { arrays, scalars, counters: countersOf(probeBody), size, body: probeBody };
  const values: bigint[] = [];
  evaluateTypedModel(probe, { observe: (value) => values.push(value) });
  // in part of the programs the constant separates C from mathematical integers where their values differ
  const integerValues: bigint[] = [];
  const discriminate = chance(context, 90);
  if (discriminate) evaluateTypedModel(probe, { observe: (value) => integerValues.push(value), semantics: 'integers' });
  const chosen = (discriminate ? separatingBound(values, integerValues, comparisonType, chance(context, 80)) : undefined)
    ?? chooseBound(values.length > 0 ? values : [0n], comparisonType, operator, wantFailure, variant);
  const finalBody = withAssertion({ left: observed, operator: chosen.operator, right: boundConstant(chosen.bound, comparisonType, mixed && !discriminate) });
  return { arrays, scalars, counters: countersOf(finalBody), size, body: finalBody };
}

/** A generated program as C text with the C oracle's verdict; programs with undefined behaviour are never produced. */
export function arbitraryTypedProgram(options: TypedProgramOptions = {}): fc.Arbitrary<GeneratedTypedProgram> {
  return fc.gen()
    .map((g) => {
      // a program with undefined behaviour (or a runaway loop) on some input is drawn again from
      // the same source of values (fc.gen()'s .filter would draw the very same program again)
      for (let attempt = 0; ; attempt++) {
        const model = generateModel(g, options);
        const evaluation = evaluateTypedModel(model);
        if ((evaluation.undefinedBehaviour === undefined && !evaluation.unbounded) || attempt === 100) return { model, evaluation };
      }
    })
    .filter(({ evaluation }) => evaluation.undefinedBehaviour === undefined && !evaluation.unbounded)
    .map(({ model, evaluation }) => {
      const expectedFailure = evaluation.failingRuns > 0;
      const types = [...new Set([...model.scalars.map((scalar) => scalar.type.name), ...model.arrays.map((array) => `${array.elementType.name}[]`)])];
      const description = `${model.arrays.length} array(s), ${model.scalars.length} scalar(s), ${countTypedLoops(model.body)} loop(s)`
        + `${model.size === undefined ? '' : `, size n: ${model.size.type.name} <= ${model.size.bound}`}; types ${types.join(', ')}; `
        + `${evaluation.runs} run(s) over the nondet choices, ${evaluation.failingRuns} failing${evaluation.lossy ? ', wraps or converts lossily' : ''}; `
        + `expected: ${expectedFailure ? 'failure reachable' : 'safe'}`;
      return { source: printTypedProgram(model), description, model, expectedFailure, lossy: evaluation.lossy, domain: typedEnumerationDomain };
    });
}
