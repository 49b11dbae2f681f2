// The C oracle of test/generators/typed-programs.ts: the program model evaluated with C's
// semantics for ILP32 on every admitted choice of nondet values (promotions, the usual arithmetic
// conversions, conversions and unsigned arithmetic modulo 2^w, truncating / and %, arithmetic >>),
// with undefined behaviour detected (signed overflow, negative << operand, index out of bounds) and
// loops bounded; optionally over the mathematical integers, for choosing constants only.

import {
  CType,
  intType,
  fits,
  convert,
  commonType,
  typedEnumerationDomain,
  ArithmeticOperator,
  CompoundOperator,
  IndexModel,
  ExpressionModel,
  ConditionModel,
  LocationModel,
  StatementModel,
  SizeModel,
  TypedProgramModel,
} from './typed-programs-model.js';
import { compare } from './programs.js';

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

export class StopRun {
  constructor(
    readonly outcome: 'failed' | 'blocked' | 'undefined' | 'unbounded',
    readonly reason = '',
  ) {}
}
export class BreakLoop {}

/** the values of the size that its assume admits */
export function sizeValues(size: SizeModel): bigint[] {
  return typedEnumerationDomain.filter(
    (value) => fits(value, size.type) && value <= BigInt(size.bound) && value >= BigInt(size.lower),
  );
}

/**
 * Runs the model with C's semantics on every admitted choice of nondet values; `observe` is called
 * with the value of every assert's left operand (of the type the comparison converts it to).
 */
export function evaluateTypedModel(
  model: TypedProgramModel,
  options: {
    observe?: (value: bigint, type: CType) => void;
    keepRuns?: boolean;
    /** 'integers': what mathematical integers would give (no conversion, no wrap-around, no overflow); for choosing constants only */
    semantics?: 'c' | 'integers';
  } = {},
): TypedEvaluation {
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
        case '+':
          exact = left + right;
          break;
        case '-':
          exact = left - right;
          break;
        case '*':
          exact = left * right;
          break;
        case '/':
          if (right === 0n) undefined_('division by zero');
          exact = left / right;
          break;
        case '%':
          if (right === 0n) undefined_('remainder by zero');
          exact = left % right;
          break;
        case '&':
          exact = left & right;
          break;
        case '|':
          exact = left | right;
          break;
        case '^':
          exact = left ^ right;
          break;
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
        case 'constant':
          return expression.value;
        case 'variable':
          return variables.get(expression.name)!;
        case 'cell': {
          const { cells, at } = cellOf(expression.array, expression.index);
          return cells[at]!;
        }
        case 'cast':
          return conversion(evaluate(expression.operand), expression.type);
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
          const right =
            expression.operator === '<<' || expression.operator === '>>'
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
      return {
        left: conversion(evaluate(condition.left), t),
        right: conversion(evaluate(condition.right), t),
        type: t,
      };
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
            const condition: ConditionModel =
              statement.direction === 'up'
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
    while (choices.length > 0 && choices[choices.length - 1]!.index + 1 >= choices[choices.length - 1]!.count)
      choices.pop();
    if (choices.length === 0) break;
    choices[choices.length - 1]!.index++;
  }
  return { runs, failingRuns, undefinedBehaviour, unbounded, lossy, ...(options.keepRuns === true ? { runList } : {}) };
}
