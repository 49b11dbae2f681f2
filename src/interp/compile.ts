// Compiles a lowered Program once for the interpreter (src/interp/interpreter.ts).
//
// `compileProgram` uses the generated-JavaScript backend (src/interp/codegen.ts) by default and
// falls back to the closure compiler below for programs too large for it; the closure compiler
// (`compileProgramToClosures`, or `{ backend: 'closures' }`) is the reference implementation the
// differential test (test/interp/codegen.test.ts) compares the generated code against.
//
// Why two back ends, and not one: the generated code is the fast one (scalars as JS locals, inlined
// arithmetic; runs take a fraction of the closures' time, which the `runs` stage and every replay
// pay for), but V8 compiles one huge function slowly or not at all, so a program beyond its size
// limit runs on the closures, which V8 optimises piecewise; and the closures, written statement by
// statement without inlining, are the reference the generated code is held to (both call the same
// value functions of values.ts and ir/c-integers.ts, and the same stops of run-checks.ts).
//
// Every expression becomes a `() => Value` closure and every statement a `() => Signal` closure
// (built by the methods of `ClosureCompiler`), so running a step walks no AST and allocates nothing
// on the fast path (safe-integer numbers). Mutable run state (scalar slots, array stores, step
// counter, the nondet source, the consumed choices) lives in one `RunState` object the closures
// capture; it is reset at the start of each `run`. A run ends early by throwing `RunStop` (through
// the stops and input checks of src/interp/run-checks.ts, shared with the generated code).
//
// In `bv` semantics every arithmetic result and every cast is wrapped to its type (wrapperFor); in
// `int` semantics values are mathematical and only conversions to `_Bool` change a value.
//
// A loop-head observer (CompileOptions.loopHeadObserver, closures only) sees the state before each
// evaluation of a loop's condition; it only reads (the certificates' fitted guesses sample with it).
//
// Soundness assumptions: those of src/interp/interpreter.ts (scalars and arrays start at 0, one
// step per executed statement and per loop-condition evaluation, checked before the statement
// runs; division by zero, out-of-range shift counts and int-semantics products beyond 2^4096 stop
// the run with `undefinedBehaviour`); operands are evaluated left first, indices before sizes
// before the written value, as the generated code does. Runs of one compiled program share its
// state, so they must not nest (the generated-code backend has no such limit).

import { sameType } from '../ir/factory.js';
import type {
  ArrayVariable,
  Block,
  Expression,
  IntegerType,
  Program,
  Semantics,
  SourceLocation,
  Statement,
} from '../ir/types.js';
import type { ArrayContent, Counterexample } from '../verdict.js';
import { ArrayStore, cellKey, cellKey2 } from './arrays.js';
import { compileProgramToJavaScript } from './codegen.js';
import {
  assertionFailed,
  assumptionFailed,
  checkedChoice,
  consumedOf,
  fillArray,
  havocArray,
  inputExhausted,
  productTooLarge,
  shiftUndefined,
  stepCheckpoint,
  undefinedBehaviour,
} from './run-checks.js';
import { RunStop, type CompiledProgram, type CompiledRun, type NondetSource, type RunOutcome } from './run-types.js';
import {
  add,
  bitwiseAnd,
  bitwiseNot,
  bitwiseOr,
  bitwiseXor,
  divide,
  mathematicalConverterFor,
  multiply,
  negate,
  normalize,
  toBigInt,
  remainder,
  shiftLeft,
  shiftRight,
  subtract,
  valueRange,
  wrapperFor,
  type Value,
} from './values.js';

// the compiled-program types live in run-types.ts; re-exported for the code that imports them from here
export type { CompiledProgram, CompiledRun } from './run-types.js';

type Evaluator = () => Value;
/** 0: fall through, 1: break, 2: continue */
type Signal = 0 | 1 | 2;
type Executor = () => Signal;
type UnaryOperator = Extract<Expression, { kind: 'unary' }>['operator'];
type BinaryOperator = Extract<Expression, { kind: 'binary' }>['operator'];
type StatementOf<Kind extends Statement['kind']> = Extract<Statement, { kind: Kind }>;

export interface CompileOptions {
  /** 'javascript' (default): generated code, closures for huge programs; 'closures': the reference compiler */
  readonly backend?: 'javascript' | 'closures';
  /** called at every loop head (before each evaluation of its condition); implies the closures */
  readonly loopHeadObserver?: LoopHeadObserver;
}

/** what a loop-head observer can read of the run's state (values as mathematical integers) */
export interface LoopHeadView {
  scalar(variableId: number): bigint;
  /** a cell of a one-dimensional array */
  cell(arrayId: number, index: bigint): bigint;
}

/** sees the state at each loop head (the certificates' fitted guesses record samples with it) */
export type LoopHeadObserver = (loopId: number, view: LoopHeadView) => void;

export function compileProgram(program: Program, semantics: Semantics, options: CompileOptions = {}): CompiledProgram {
  if (options.backend === 'closures' || options.loopHeadObserver !== undefined)
    return compileProgramToClosures(program, semantics, options.loopHeadObserver);
  return compileProgramToJavaScript(program, semantics) ?? compileProgramToClosures(program, semantics);
}

/** The reference compiler: one closure per expression and statement. */
export function compileProgramToClosures(
  program: Program,
  semantics: Semantics,
  loopHeadObserver?: LoopHeadObserver,
): CompiledProgram {
  return new ClosureCompiler(program, semantics, loopHeadObserver).compile();
}

/** the mutable state of one run: shared by every closure of one compiled program, reset by each `run` */
class RunState {
  steps = 0;
  maxSteps = 0;
  /** the step count at which the next `stepCheckpoint` is due (at most `maxSteps`) */
  checkpoint = 0;
  /** on performance.now()'s time line; infinite when the run has none */
  deadline = Number.POSITIVE_INFINITY;
  nondet: NondetSource | undefined = undefined;
  consumedScalars: bigint[] = [];
  consumedArrays: ArrayContent[] = [];
  /** the counterexample a replaying source hands out: consumption is counted, not recorded */
  replaying: Counterexample | undefined = undefined;
  consumedScalarCount = 0;
  consumedArrayCount = 0;
  /** one entry per scalar slot (the array object is kept: closures hold it) */
  readonly scalars: Value[] = [];
  /** one store per array slot */
  readonly stores: ArrayStore[] = [];
}

/** counts one step; stops the run past the step limit or (checked at checkpoints) past its deadline */
function tick(state: RunState): void {
  if (++state.steps > state.checkpoint) state.checkpoint = stepCheckpoint(state.steps, state.maxSteps, state.deadline);
}

/** the bound on int-semantics products (x = x * x in a loop would otherwise exhaust BigInt) */
const integerMagnitudeLimit = 1n << 4096n;

/**
 * Compiles one program: slots for its scalars and arrays, a closure per expression and statement.
 * Closures capture the run state (not the compiler), so a run touches no compiler object.
 */
class ClosureCompiler {
  private readonly state = new RunState();
  private readonly scalarSlots = new Map<number, number>();
  private readonly arraySlots = new Map<number, number>();

  constructor(
    private readonly program: Program,
    private readonly semantics: Semantics,
    private readonly loopHeadObserver?: LoopHeadObserver,
  ) {
    for (const variable of program.scalars) this.scalarSlots.set(variable.id, this.scalarSlots.size);
    for (const array of program.arrays) this.arraySlots.set(array.id, this.arraySlots.size);
  }

  compile(): CompiledProgram {
    const body = this.block(this.program.body);
    const scalarCount = this.scalarSlots.size;
    for (const array of this.program.arrays) this.storeFor(array);
    const state = this.state;
    const scalarSlots = this.scalarSlots;
    return {
      run(source: NondetSource, limit: number, deadline = Number.POSITIVE_INFINITY): CompiledRun {
        state.steps = 0;
        state.maxSteps = limit;
        state.checkpoint = 0;
        state.deadline = deadline;
        state.nondet = source;
        state.consumedScalars = [];
        state.consumedArrays = [];
        state.replaying = source.replaying;
        state.consumedScalarCount = 0;
        state.consumedArrayCount = 0;
        state.scalars.length = 0;
        for (let slot = 0; slot < Math.max(scalarCount, scalarSlots.size); slot++) state.scalars.push(0);
        for (const store of state.stores) {
          store.reset(0, false, undefined);
          store.nondeterministicDefaultRead = false;
        }
        let outcome: RunOutcome;
        try {
          body();
          outcome = { kind: 'completed', steps: state.steps };
        } catch (error) {
          if (error instanceof RunStop) outcome = error.outcome;
          else throw error;
        } finally {
          state.nondet = undefined;
        }
        const nondeterministicDefaultRead = state.stores.some((store) => store.nondeterministicDefaultRead);
        return { outcome, nondeterministicDefaultRead };
      },
    };
  }

  // ---- slots and conversions

  private scalarSlot(id: number): number {
    let slot = this.scalarSlots.get(id);
    if (slot === undefined) {
      slot = this.scalarSlots.size; // a variable missing from program.scalars still gets a slot
      this.scalarSlots.set(id, slot);
    }
    return slot;
  }

  private storeFor(array: ArrayVariable): ArrayStore {
    let slot = this.arraySlots.get(array.id);
    if (slot === undefined) {
      slot = this.arraySlots.size;
      this.arraySlots.set(array.id, slot);
    }
    const stores = this.state.stores;
    while (stores.length <= slot) stores.push(new ArrayStore());
    return stores[slot]!;
  }

  /** the conversion applied when a value of type `from` is stored into / cast to `to` */
  private converter(from: IntegerType, to: IntegerType): ((value: Value) => Value) | undefined {
    if (this.semantics === 'bv') return sameType(from, to) ? undefined : wrapperFor(to);
    return sameType(from, to) ? undefined : mathematicalConverterFor(to);
  }

  private withConversion(evaluator: Evaluator, from: IntegerType, to: IntegerType): Evaluator {
    const convert = this.converter(from, to);
    return convert === undefined ? evaluator : () => convert(evaluator());
  }

  /** wraps an arithmetic result to its type in bv semantics */
  private arithmetic(evaluator: Evaluator, type: IntegerType): Evaluator {
    if (this.semantics === 'int') return evaluator;
    const wrap = wrapperFor(type);
    return () => wrap(evaluator());
  }

  /** `expression` compiled and converted to `type` */
  private converted(expression: Expression, type: IntegerType, location: SourceLocation): Evaluator {
    return this.withConversion(this.expression(expression, location), expression.type, type);
  }

  private sizes(array: ArrayVariable, location: SourceLocation): Evaluator[] {
    return array.sizes.map((size) => this.expression(size, location));
  }

  // ---- expressions

  private expression(expression: Expression, location: SourceLocation): Evaluator {
    switch (expression.kind) {
      case 'constant': {
        let value = normalize(expression.value);
        if (this.semantics === 'bv') value = wrapperFor(expression.type)(value);
        return () => value;
      }
      case 'variable': {
        const scalars = this.state.scalars;
        const slot = this.scalarSlot(expression.variable.id);
        return () => scalars[slot]!;
      }
      case 'arrayRead':
        return this.arrayRead(expression.array, expression.indices, location);
      case 'unary':
        return this.unary(expression.operator, expression.operand, expression.type, location);
      case 'binary':
        return this.binary(expression.operator, expression.left, expression.right, expression.type, location);
      case 'conditional': {
        const condition = this.expression(expression.condition, location);
        const thenValue = this.converted(expression.then, expression.type, location);
        const elseValue = this.converted(expression.else, expression.type, location);
        return () => (condition() !== 0 ? thenValue() : elseValue());
      }
      case 'cast':
        return this.converted(expression.operand, expression.type, location);
      default: {
        const unreachable: never = expression;
        throw new Error(`internal: unknown expression ${JSON.stringify(unreachable)}`);
      }
    }
  }

  private arrayRead(
    array: ArrayVariable,
    indexExpressions: readonly Expression[],
    location: SourceLocation,
  ): Evaluator {
    const store = this.storeFor(array);
    const indices = indexExpressions.map((index) => this.expression(index, location));
    if (indices.length === 1) {
      const index = indices[0]!;
      return () => store.read(index());
    }
    const sizes = this.sizes(array, location);
    if (indices.length === 2) {
      const [index0, index1] = indices as [Evaluator, Evaluator];
      const [size0, size1] = sizes as [Evaluator, Evaluator];
      return () => store.read(cellKey2(index0(), index1(), size0(), size1()));
    }
    return () =>
      store.read(
        cellKey(
          indices.map((index) => index()),
          sizes.map((size) => size()),
        ),
      );
  }

  private unary(
    operator: UnaryOperator,
    operandExpression: Expression,
    type: IntegerType,
    location: SourceLocation,
  ): Evaluator {
    const operand = this.expression(operandExpression, location);
    switch (operator) {
      case 'negate':
        return this.arithmetic(() => negate(operand()), type);
      case 'bitwiseNot':
        return this.arithmetic(() => bitwiseNot(operand()), type);
      case 'logicalNot':
        return () => (operand() === 0 ? 1 : 0);
      default: {
        const unreachable: never = operator;
        throw new Error(`internal: unknown unary operator ${String(unreachable)}`);
      }
    }
  }

  private binary(
    operator: BinaryOperator,
    leftExpression: Expression,
    rightExpression: Expression,
    type: IntegerType,
    location: SourceLocation,
  ): Evaluator {
    const left = this.expression(leftExpression, location);
    const right = this.expression(rightExpression, location);
    switch (operator) {
      case 'add':
        return this.arithmetic(() => add(left(), right()), type);
      case 'subtract':
        return this.arithmetic(() => subtract(left(), right()), type);
      case 'multiply':
      case 'divide':
      case 'remainder':
      case 'shiftLeft':
      case 'shiftRight':
        return this.checkedArithmetic(operator, left, right, leftExpression.type.width, type, location);
      case 'bitwiseAnd':
        return this.arithmetic(() => bitwiseAnd(left(), right()), type);
      case 'bitwiseOr':
        return this.arithmetic(() => bitwiseOr(left(), right()), type);
      case 'bitwiseXor':
        return this.arithmetic(() => bitwiseXor(left(), right()), type);
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

  /** the operators that can stop the run with undefined behaviour; `width` is the left operand's */
  private checkedArithmetic(
    operator: 'multiply' | 'divide' | 'remainder' | 'shiftLeft' | 'shiftRight',
    left: Evaluator,
    right: Evaluator,
    width: number,
    type: IntegerType,
    location: SourceLocation,
  ): Evaluator {
    const state = this.state;
    switch (operator) {
      case 'multiply':
        if (this.semantics === 'int') {
          // mathematical integers: a product can grow without bound (x = x * x in a loop); stop the
          // run instead of exhausting BigInt
          return () => {
            const product = multiply(left(), right());
            if (typeof product === 'bigint' && (product > integerMagnitudeLimit || product < -integerMagnitudeLimit)) {
              productTooLarge(location, state.steps);
            }
            return product;
          };
        }
        return this.arithmetic(() => multiply(left(), right()), type);
      case 'divide':
        return this.arithmetic(() => {
          const dividend = left();
          const divisor = right();
          if (divisor === 0) undefinedBehaviour('division by zero', location, state.steps);
          return divide(dividend, divisor);
        }, type);
      case 'remainder':
        return this.arithmetic(() => {
          const dividend = left();
          const divisor = right();
          if (divisor === 0) undefinedBehaviour('remainder by zero', location, state.steps);
          return remainder(dividend, divisor);
        }, type);
      case 'shiftLeft':
      case 'shiftRight': {
        const shift = operator === 'shiftLeft' ? shiftLeft : shiftRight;
        return this.arithmetic(() => {
          const value = left();
          const count = right();
          if (count < 0 || count >= width) shiftUndefined(count, width, location, state.steps);
          return shift(value, count);
        }, type);
      }
      default: {
        const unreachable: never = operator;
        throw new Error(`internal: unknown binary operator ${String(unreachable)}`);
      }
    }
  }

  // ---- statements

  private block(block: Block): Executor {
    const executors = block.map((statement) => this.statement(statement));
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

  private statement(statement: Statement): Executor {
    switch (statement.kind) {
      case 'assign': {
        const state = this.state;
        const scalars = state.scalars;
        const slot = this.scalarSlot(statement.target.id);
        const value = this.converted(statement.value, statement.target.type, statement.location);
        return () => {
          tick(state);
          scalars[slot] = value();
          return 0;
        };
      }
      case 'arrayWrite':
        return this.arrayWrite(statement);
      case 'havoc':
        return this.havoc(statement);
      case 'arrayHavoc':
        return this.arrayHavoc(statement);
      case 'arrayFill':
        return this.arrayFill(statement);
      case 'assume':
      case 'assert':
        return this.check(statement);
      case 'if':
      case 'loop':
      case 'break':
      case 'continue':
        return this.controlFlow(statement);
      default: {
        const unreachable: never = statement;
        throw new Error(`internal: unknown statement ${JSON.stringify(unreachable)}`);
      }
    }
  }

  private arrayWrite(statement: StatementOf<'arrayWrite'>): Executor {
    const state = this.state;
    const location = statement.location;
    const store = this.storeFor(statement.array);
    const value = this.converted(statement.value, statement.array.elementType, location);
    const indices = statement.indices.map((index) => this.expression(index, location));
    if (indices.length === 1) {
      const index = indices[0]!;
      return () => {
        tick(state);
        const key = index();
        store.write(key, value());
        return 0;
      };
    }
    const sizes = this.sizes(statement.array, location);
    if (indices.length === 2) {
      const [index0, index1] = indices as [Evaluator, Evaluator];
      const [size0, size1] = sizes as [Evaluator, Evaluator];
      return () => {
        tick(state);
        const key = cellKey2(index0(), index1(), size0(), size1());
        store.write(key, value());
        return 0;
      };
    }
    return () => {
      tick(state);
      const key = cellKey(
        indices.map((index) => index()),
        sizes.map((size) => size()),
      );
      store.write(key, value());
      return 0;
    };
  }

  private havoc(statement: StatementOf<'havoc'>): Executor {
    const state = this.state;
    const scalars = state.scalars;
    const { location, origin } = statement;
    const slot = this.scalarSlot(statement.target.id);
    const type = statement.target.type;
    const range = valueRange(type);
    // the last choice seen here and its checked value: replays of accelerated loops repeat one
    // choice millions of times
    let lastChosen: bigint | undefined;
    let lastValue: Value = 0;
    return () => {
      tick(state);
      const chosen = state.nondet!.nextScalar(type, location, origin);
      if (chosen === undefined) inputExhausted(location, state.steps);
      if (chosen !== lastChosen) {
        lastValue = checkedChoice(chosen, type, location, state.steps, range);
        lastChosen = chosen;
      }
      if (state.replaying === undefined) state.consumedScalars.push(chosen);
      else state.consumedScalarCount++;
      scalars[slot] = lastValue;
      return 0;
    };
  }

  private arrayHavoc(statement: StatementOf<'arrayHavoc'>): Executor {
    const state = this.state;
    const { array, location } = statement;
    const store = this.storeFor(array);
    const sizes = this.sizes(array, location);
    const elementRange = valueRange(array.elementType);
    return () => {
      tick(state);
      const content = havocArray(
        state.nondet!,
        store,
        array,
        location,
        sizes.map((size) => size()),
        state.steps,
        state.deadline,
        elementRange,
      );
      if (state.replaying === undefined) state.consumedArrays.push(content);
      else state.consumedArrayCount++;
      return 0;
    };
  }

  private arrayFill(statement: StatementOf<'arrayFill'>): Executor {
    const state = this.state;
    const store = this.storeFor(statement.array);
    const sizes = this.sizes(statement.array, statement.location);
    const value = this.converted(statement.value, statement.array.elementType, statement.location);
    return () => {
      tick(state);
      fillArray(
        store,
        sizes.map((size) => size()),
        value(),
        state.steps,
        state.deadline,
      );
      return 0;
    };
  }

  private check(statement: StatementOf<'assume' | 'assert'>): Executor {
    const state = this.state;
    const location = statement.location;
    const condition = this.expression(statement.condition, location);
    if (statement.kind === 'assume') {
      return () => {
        tick(state);
        if (condition() === 0) assumptionFailed(location, state.steps);
        return 0;
      };
    }
    return () => {
      tick(state);
      if (condition() === 0) {
        assertionFailed(
          location,
          state.steps,
          consumedOf(
            state.replaying,
            state.consumedScalars,
            state.consumedArrays,
            state.consumedScalarCount,
            state.consumedArrayCount,
          ),
        );
      }
      return 0;
    };
  }

  /** reads of the run's state for a loop-head observer */
  private loopHeadView(): LoopHeadView {
    const state = this.state;
    const scalarSlots = this.scalarSlots;
    const arraySlots = this.arraySlots;
    return {
      scalar: (variableId) => {
        const slot = scalarSlots.get(variableId);
        return slot === undefined ? 0n : toBigInt(state.scalars[slot] ?? 0);
      },
      cell: (arrayId, index) => {
        const slot = arraySlots.get(arrayId);
        const store = slot === undefined ? undefined : state.stores[slot];
        return store === undefined ? 0n : toBigInt(store.read(normalize(index)));
      },
    };
  }

  private controlFlow(statement: StatementOf<'if' | 'loop' | 'break' | 'continue'>): Executor {
    const state = this.state;
    switch (statement.kind) {
      case 'if': {
        const condition = this.expression(statement.condition, statement.location);
        const thenBlock = this.block(statement.then);
        const elseBlock = this.block(statement.else);
        return () => {
          tick(state);
          return condition() !== 0 ? thenBlock() : elseBlock();
        };
      }
      case 'loop': {
        const condition = this.expression(statement.condition, statement.location);
        const body = this.block(statement.body);
        const update = this.block(statement.update);
        const observe = this.loopHeadObserver;
        const view = observe === undefined ? undefined : this.loopHeadView();
        const loopId = statement.id;
        return () => {
          for (;;) {
            if (observe !== undefined) observe(loopId, view!);
            tick(state);
            if (condition() === 0) return 0;
            if (body() === 1) return 0;
            if (update() === 1) return 0;
          }
        };
      }
      case 'break':
        return () => {
          tick(state);
          return 1;
        };
      case 'continue':
        return () => {
          tick(state);
          return 2;
        };
      default: {
        const unreachable: never = statement;
        throw new Error(`internal: unknown statement ${JSON.stringify(unreachable)}`);
      }
    }
  }
}
