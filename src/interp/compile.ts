// Compiles a lowered Program once for the interpreter (src/interp/interpreter.ts).
//
// `compileProgram` uses the generated-JavaScript backend (src/interp/codegen.ts) by default and
// falls back to the closure compiler below for programs too large for it; the closure compiler
// (`compileProgramToClosures`, or `{ backend: 'closures' }`) is the reference implementation the
// differential test (test/interp/codegen.test.ts) compares the generated code against.
//
// Every expression becomes a `() => Value` closure and every statement a `() => Signal` closure, so
// running a step walks no AST and allocates nothing on the fast path (safe-integer numbers). Mutable
// run state (scalar slots, array stores, step counter, the nondet source) lives in this compiler's
// closure scope and is reset at the start of each `run`. A run ends early by throwing `RunStop`.
//
// In `bv` semantics every arithmetic result and every cast is wrapped to its type (wrapperFor); in
// `int` semantics values are mathematical and only conversions to `_Bool` change a value.

import { sameType } from '../ir/factory.js';
import type {
  ArrayVariable, Block, Expression, IntegerType, Program, Semantics, SourceLocation, Statement,
} from '../ir/types.js';
import type { ArrayContent, Counterexample } from '../verdict.js';
import { ArrayStore, cellKey, cellKey2 } from './arrays.js';
import { compileProgramToJavaScript } from './codegen.js';
import type { NondetSource, RunOutcome } from './interpreter.js';
import {
  add, bitwiseAnd, bitwiseNot, bitwiseOr, bitwiseXor, divide, mathematicalConverterFor, multiply,
  negate, normalize, remainder, shiftLeft, shiftRight, subtract, toBigInt, valueRange, wrapperFor, type Value,
} from './values.js';

type Evaluator = () => Value;
/** 0: fall through, 1: break, 2: continue */
type Signal = 0 | 1 | 2;
type Executor = () => Signal;

class RunStop {
  constructor(readonly outcome: RunOutcome) {}
}

export interface CompiledRun {
  readonly outcome: RunOutcome;
  /** a read returned the nondeterministic default value of a havocked array (a cell no choice enumerated) */
  readonly nondeterministicDefaultRead: boolean;
}

export interface CompiledProgram {
  run(nondet: NondetSource, maxSteps: number): CompiledRun;
}

export interface CompileOptions {
  /** 'javascript' (default): generated code, closures for huge programs; 'closures': the reference compiler */
  readonly backend?: 'javascript' | 'closures';
}

export function compileProgram(program: Program, semantics: Semantics, options: CompileOptions = {}): CompiledProgram {
  if (options.backend === 'closures') return compileProgramToClosures(program, semantics);
  return compileProgramToJavaScript(program, semantics) ?? compileProgramToClosures(program, semantics);
}

/** The reference compiler: one closure per expression and statement. */
export function compileProgramToClosures(program: Program, semantics: Semantics): CompiledProgram {
  const scalarSlots = new Map<number, number>();
  for (const variable of program.scalars) scalarSlots.set(variable.id, scalarSlots.size);
  const arraySlots = new Map<number, number>();
  for (const array of program.arrays) arraySlots.set(array.id, arraySlots.size);

  const scalars: Value[] = [];
  const stores: ArrayStore[] = [];
  let steps = 0;
  let maxSteps = 0;
  let nondet: NondetSource | undefined;
  let consumedScalars: bigint[] = [];
  let consumedArrays: ArrayContent[] = [];
  /** the counterexample a replaying source hands out: consumption is counted, not recorded */
  let replaying: Counterexample | undefined;
  let consumedScalarCount = 0;
  let consumedArrayCount = 0;
  const consumed = (): Counterexample => (replaying === undefined
    ? { scalars: [...consumedScalars], arrays: [...consumedArrays] }
    : { scalars: replaying.scalars.slice(0, consumedScalarCount), arrays: replaying.arrays.slice(0, consumedArrayCount) });

  function scalarSlot(id: number): number {
    let slot = scalarSlots.get(id);
    if (slot === undefined) {
      slot = scalarSlots.size; // a variable missing from program.scalars still gets a slot
      scalarSlots.set(id, slot);
    }
    return slot;
  }
  function storeFor(array: ArrayVariable): ArrayStore {
    let slot = arraySlots.get(array.id);
    if (slot === undefined) {
      slot = arraySlots.size;
      arraySlots.set(array.id, slot);
    }
    while (stores.length <= slot) stores.push(new ArrayStore());
    return stores[slot]!;
  }

  const integerMagnitudeLimit = 1n << 4096n;
  function tick(): void {
    if (++steps > maxSteps) throw new RunStop({ kind: 'stepLimitReached', steps: maxSteps });
  }
  function undefinedBehaviour(reason: string, location: SourceLocation): never {
    throw new RunStop({ kind: 'undefinedBehaviour', reason, location, steps });
  }

  /** the conversion applied when a value of type `from` is stored into / cast to `to` */
  function converter(from: IntegerType, to: IntegerType): ((value: Value) => Value) | undefined {
    if (semantics === 'bv') return sameType(from, to) ? undefined : wrapperFor(to);
    return sameType(from, to) ? undefined : mathematicalConverterFor(to);
  }
  function withConversion(evaluator: Evaluator, from: IntegerType, to: IntegerType): Evaluator {
    const convert = converter(from, to);
    return convert === undefined ? evaluator : () => convert(evaluator());
  }
  /** wraps an arithmetic result to its type in bv semantics */
  function arithmetic(evaluator: Evaluator, type: IntegerType): Evaluator {
    if (semantics === 'int') return evaluator;
    const wrap = wrapperFor(type);
    return () => wrap(evaluator());
  }

  function compileSizes(array: ArrayVariable, location: SourceLocation): Evaluator[] {
    return array.sizes.map((size) => compileExpression(size, location));
  }

  function compileExpression(expression: Expression, location: SourceLocation): Evaluator {
    switch (expression.kind) {
      case 'constant': {
        let value = normalize(expression.value);
        if (semantics === 'bv') value = wrapperFor(expression.type)(value);
        return () => value;
      }
      case 'variable': {
        const slot = scalarSlot(expression.variable.id);
        return () => scalars[slot]!;
      }
      case 'arrayRead': {
        const store = storeFor(expression.array);
        const indices = expression.indices.map((index) => compileExpression(index, location));
        if (indices.length === 1) {
          const index = indices[0]!;
          return () => store.read(index());
        }
        const sizes = compileSizes(expression.array, location);
        if (indices.length === 2) {
          const [index0, index1] = indices as [Evaluator, Evaluator];
          const [size0, size1] = sizes as [Evaluator, Evaluator];
          return () => store.read(cellKey2(index0(), index1(), size0(), size1()));
        }
        return () => store.read(cellKey(indices.map((index) => index()), sizes.map((size) => size())));
      }
      case 'unary': {
        const operand = compileExpression(expression.operand, location);
        const operator = expression.operator;
        switch (operator) {
          case 'negate':
            return arithmetic(() => negate(operand()), expression.type);
          case 'bitwiseNot':
            return arithmetic(() => bitwiseNot(operand()), expression.type);
          case 'logicalNot':
            return () => (operand() === 0 ? 1 : 0);
          default: {
            const unreachable: never = operator;
            throw new Error(`internal: unknown unary operator ${String(unreachable)}`);
          }
        }
      }
      case 'binary':
        return compileBinary(expression.operator, expression.left, expression.right, expression.type, location);
      case 'conditional': {
        const condition = compileExpression(expression.condition, location);
        const thenValue = withConversion(compileExpression(expression.then, location), expression.then.type, expression.type);
        const elseValue = withConversion(compileExpression(expression.else, location), expression.else.type, expression.type);
        return () => (condition() !== 0 ? thenValue() : elseValue());
      }
      case 'cast':
        return withConversion(compileExpression(expression.operand, location), expression.operand.type, expression.type);
      default: {
        const unreachable: never = expression;
        throw new Error(`internal: unknown expression ${JSON.stringify(unreachable)}`);
      }
    }
  }

  function compileBinary(
    operator: Extract<Expression, { kind: 'binary' }>['operator'], leftExpression: Expression, rightExpression: Expression,
    type: IntegerType, location: SourceLocation,
  ): Evaluator {
    const left = compileExpression(leftExpression, location);
    const right = compileExpression(rightExpression, location);
    switch (operator) {
      case 'add':
        return arithmetic(() => add(left(), right()), type);
      case 'subtract':
        return arithmetic(() => subtract(left(), right()), type);
      case 'multiply':
        if (semantics === 'int') {
          // mathematical integers: a product can grow without bound (x = x * x in a loop); stop the
          // run instead of exhausting BigInt
          return () => {
            const product = multiply(left(), right());
            if (typeof product === 'bigint' && (product > integerMagnitudeLimit || product < -integerMagnitudeLimit)) {
              undefinedBehaviour('a product beyond 2^4096 (int semantics: overflow not modelled)', location);
            }
            return product;
          };
        }
        return arithmetic(() => multiply(left(), right()), type);
      case 'divide':
        return arithmetic(() => {
          const dividend = left();
          const divisor = right();
          if (divisor === 0) undefinedBehaviour('division by zero', location);
          return divide(dividend, divisor);
        }, type);
      case 'remainder':
        return arithmetic(() => {
          const dividend = left();
          const divisor = right();
          if (divisor === 0) undefinedBehaviour('remainder by zero', location);
          return remainder(dividend, divisor);
        }, type);
      case 'shiftLeft':
      case 'shiftRight': {
        const width = leftExpression.type.width;
        const shift = operator === 'shiftLeft' ? shiftLeft : shiftRight;
        return arithmetic(() => {
          const value = left();
          const count = right();
          if (count < 0) undefinedBehaviour(`shift by the negative count ${String(count)}`, location);
          if (count >= width) undefinedBehaviour(`shift by ${String(count)}, at least the width ${width}`, location);
          return shift(value, count);
        }, type);
      }
      case 'bitwiseAnd':
        return arithmetic(() => bitwiseAnd(left(), right()), type);
      case 'bitwiseOr':
        return arithmetic(() => bitwiseOr(left(), right()), type);
      case 'bitwiseXor':
        return arithmetic(() => bitwiseXor(left(), right()), type);
      case 'less':
        return () => (left() < right() ? 1 : 0);
      case 'lessEqual':
        return () => (left() <= right() ? 1 : 0);
      case 'greater':
        return () => (left() > right() ? 1 : 0);
      case 'greaterEqual':
        return () => (left() >= right() ? 1 : 0);
      case 'equal':
        return () => (left() === right() ? 1 : 0);
      case 'notEqual':
        return () => (left() !== right() ? 1 : 0);
      case 'logicalAnd':
        return () => (left() !== 0 && right() !== 0 ? 1 : 0);
      case 'logicalOr':
        return () => (left() !== 0 || right() !== 0 ? 1 : 0);
      default: {
        const unreachable: never = operator;
        throw new Error(`internal: unknown binary operator ${String(unreachable)}`);
      }
    }
  }

  function compileBlock(block: Block): Executor {
    const executors = block.map(compileStatement);
    if (executors.length === 0) return () => 0;
    if (executors.length === 1) return executors[0]!;
    if (executors.length === 2) {
      const first = executors[0]!;
      const second = executors[1]!;
      return () => {
        const signal = first();
        return signal !== 0 ? signal : second();
      };
    }
    const count = executors.length;
    return () => {
      for (let index = 0; index < count; index++) {
        const signal = executors[index]!();
        if (signal !== 0) return signal;
      }
      return 0;
    };
  }

  /** evaluated sizes as bigints, and the cell count when all sizes are non-negative */
  function evaluateSizes(sizes: readonly Evaluator[]): { values: bigint[]; cells: Value | undefined } {
    const values = sizes.map((size) => toBigInt(size()));
    let cells = 1n;
    for (const size of values) {
      if (size < 0n) return { values, cells: undefined };
      cells *= size;
    }
    return { values, cells: normalize(cells) };
  }

  function compileStatement(statement: Statement): Executor {
    const location = statement.location;
    switch (statement.kind) {
      case 'assign': {
        const slot = scalarSlot(statement.target.id);
        const value = withConversion(compileExpression(statement.value, location), statement.value.type, statement.target.type);
        return () => {
          tick();
          scalars[slot] = value();
          return 0;
        };
      }
      case 'arrayWrite': {
        const store = storeFor(statement.array);
        const value = withConversion(compileExpression(statement.value, location), statement.value.type, statement.array.elementType);
        const indices = statement.indices.map((index) => compileExpression(index, location));
        if (indices.length === 1) {
          const index = indices[0]!;
          return () => {
            tick();
            const key = index();
            store.write(key, value());
            return 0;
          };
        }
        const sizes = compileSizes(statement.array, location);
        if (indices.length === 2) {
          const [index0, index1] = indices as [Evaluator, Evaluator];
          const [size0, size1] = sizes as [Evaluator, Evaluator];
          return () => {
            tick();
            const key = cellKey2(index0(), index1(), size0(), size1());
            store.write(key, value());
            return 0;
          };
        }
        return () => {
          tick();
          const key = cellKey(indices.map((index) => index()), sizes.map((size) => size()));
          store.write(key, value());
          return 0;
        };
      }
      case 'havoc': {
        const slot = scalarSlot(statement.target.id);
        const type = statement.target.type;
        const { minimum, maximum } = valueRange(type);
        // the last choice seen here and its checked value: replays of accelerated loops repeat one
        // choice millions of times
        let lastChosen: bigint | undefined;
        let lastValue: Value = 0;
        return () => {
          tick();
          const chosen = nondet!.nextScalar(type, location, statement.origin);
          if (chosen === undefined) throw new RunStop({ kind: 'inputExhausted', location, steps });
          let value: Value;
          if (chosen === lastChosen) {
            value = lastValue;
          } else {
            value = normalize(chosen);
            if (!(value >= minimum && value <= maximum)) {
              throw new RunStop({ kind: 'invalidInput', reason: `${chosen} is not a value of ${type.name}`, location, steps });
            }
            lastChosen = chosen;
            lastValue = value;
          }
          if (replaying === undefined) consumedScalars.push(chosen);
          else consumedScalarCount++;
          scalars[slot] = value;
          return 0;
        };
      }
      case 'arrayHavoc': {
        const array = statement.array;
        const store = storeFor(array);
        const sizes = compileSizes(array, location);
        const elementType = array.elementType;
        const { minimum, maximum } = valueRange(elementType);
        const inRange = (value: Value): boolean => value >= minimum && value <= maximum;
        return () => {
          tick();
          const { values, cells } = evaluateSizes(sizes);
          const content = nondet!.nextArray(array, location, values);
          if (content === undefined) throw new RunStop({ kind: 'inputExhausted', location, steps });
          const defaultValue = normalize(content.defaultValue);
          if (!inRange(defaultValue)) {
            throw new RunStop({
              kind: 'invalidInput', reason: `default ${content.defaultValue} of ${array.sourceName} is not a value of ${elementType.name}`,
              location, steps,
            });
          }
          store.reset(defaultValue, true, cells);
          for (const [key, cellValue] of content.entries) {
            const value = normalize(cellValue);
            if (!inRange(value)) {
              throw new RunStop({
                kind: 'invalidInput', reason: `${array.sourceName}[${key}] = ${cellValue} is not a value of ${elementType.name}`,
                location, steps,
              });
            }
            // multi-dimensional keys outside 0..cells-1 name no cell and are ignored
            if (values.length > 1 && !(cells !== undefined && key >= 0n && normalize(key) < cells)) continue;
            store.write(normalize(key), value);
          }
          if (replaying === undefined) consumedArrays.push(content);
          else consumedArrayCount++;
          return 0;
        };
      }
      case 'arrayFill': {
        const store = storeFor(statement.array);
        const sizes = compileSizes(statement.array, location);
        const value = withConversion(compileExpression(statement.value, location), statement.value.type, statement.array.elementType);
        return () => {
          tick();
          const { cells } = evaluateSizes(sizes);
          store.reset(value(), false, cells);
          return 0;
        };
      }
      case 'assume': {
        const condition = compileExpression(statement.condition, location);
        return () => {
          tick();
          if (condition() === 0) throw new RunStop({ kind: 'assumptionFailed', location, steps });
          return 0;
        };
      }
      case 'assert': {
        const condition = compileExpression(statement.condition, location);
        return () => {
          tick();
          if (condition() === 0) {
            throw new RunStop({
              kind: 'assertionFailed', location, steps,
              consumed: consumed(),
            });
          }
          return 0;
        };
      }
      case 'if': {
        const condition = compileExpression(statement.condition, location);
        const thenBlock = compileBlock(statement.then);
        const elseBlock = compileBlock(statement.else);
        return () => {
          tick();
          return condition() !== 0 ? thenBlock() : elseBlock();
        };
      }
      case 'loop': {
        const condition = compileExpression(statement.condition, location);
        const body = compileBlock(statement.body);
        const update = compileBlock(statement.update);
        return () => {
          for (;;) {
            tick();
            if (condition() === 0) return 0;
            if (body() === 1) return 0;
            if (update() === 1) return 0;
          }
        };
      }
      case 'break':
        return () => {
          tick();
          return 1;
        };
      case 'continue':
        return () => {
          tick();
          return 2;
        };
      default: {
        const unreachable: never = statement;
        throw new Error(`internal: unknown statement ${JSON.stringify(unreachable)}`);
      }
    }
  }

  const body = compileBlock(program.body);
  const scalarCount = scalarSlots.size;
  for (const array of program.arrays) storeFor(array);

  return {
    run(source: NondetSource, limit: number): CompiledRun {
      steps = 0;
      maxSteps = limit;
      nondet = source;
      consumedScalars = [];
      consumedArrays = [];
      replaying = source.replaying;
      consumedScalarCount = 0;
      consumedArrayCount = 0;
      scalars.length = 0;
      for (let slot = 0; slot < Math.max(scalarCount, scalarSlots.size); slot++) scalars.push(0);
      for (const store of stores) {
        store.reset(0, false, undefined);
        store.nondeterministicDefaultRead = false;
      }
      let outcome: RunOutcome;
      try {
        body();
        outcome = { kind: 'completed', steps };
      } catch (error) {
        if (error instanceof RunStop) outcome = error.outcome;
        else throw error;
      } finally {
        nondet = undefined;
      }
      const nondeterministicDefaultRead = stores.some((store) => store.nondeterministicDefaultRead);
      return { outcome, nondeterministicDefaultRead };
    },
  };
}
