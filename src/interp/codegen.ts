// Compiles a lowered Program into JavaScript source (one `new Function`) for the interpreter: the
// fast backend of compileProgram (src/interp/compile.ts), whose closure compiler stays the
// reference the differential test (test/interp/codegen.test.ts) compares against. Off its inline
// fast paths the generated code calls the helpers of src/interp/codegen-runtime.ts (the stops and
// input checks there are src/interp/run-checks.ts's, the closure compiler's own).
//
// Observable semantics are exactly those of the closure compiler: the same outcomes (kind,
// location, reason, steps, consumed choices), the same step counting (one step per executed
// statement and per evaluation of a loop condition, checked before the statement runs), the same
// evaluation order (left operand first, indices before sizes before the written value), the same
// `nondeterministicDefaultRead` flag (reads outside the dense part go through ArrayStore.read).
//
// How it is fast: scalars are JS locals, structured control flow becomes labelled JS loops and
// blocks, each outermost loop is a function of its own (small functions get optimised by V8 soon,
// independently of cold straight-line code; programs with huge loops stay with the closures, which
// V8 optimises piecewise), and arithmetic is inlined with a fast path for safe-integer numbers that falls back to
// the exact helpers of values.ts (passed in, never re-implemented) whenever an operand is a bigint
// or a float result could be inexact. In `bv` semantics, types of at most 32 bits (except _Bool)
// are wrapped with JS int32 operators on numbers: `(a | 0) + (b | 0)`, `Math.imul`, `&`, `<<`
// are exact modulo 2^32 for any safe-integer operands, and `| 0`, `>>> 0`, `<< s >> s`, `& mask`
// reduce exactly as wrapperFor does. Every other wrap calls wrapperFor's function.
//
// Soundness: the generated text contains only numbers, bigint literals, operators and generated
// identifiers; every program-derived object (locations, types, arrays, wrappers) is passed in as a
// constant, so no program text reaches the generated source.

import { isBoolType, sameType } from '../ir/c-integers.js';
import { expressionsOf, forEachStatement } from '../ir/visit.js';
import type {
  ArrayVariable,
  Block,
  ComparisonOperator,
  Expression,
  IntegerType,
  Program,
  Semantics,
  SourceLocation,
  Statement,
} from '../ir/types.js';
import type { Counterexample } from '../verdict.js';
import { ArrayStore } from './arrays.js';
import { runtime, runtimeNames } from './codegen-runtime.js';
import { RunStop, type CompiledProgram, type CompiledRun, type NondetSource, type RunOutcome } from './run-types.js';
import { normalize, wrapperFor, type Value } from './values.js';

/** programs with more IR nodes than this are left to the closure compiler (huge JS functions optimise badly) */
export const codegenNodeLimit = 20_000;
/**
 * programs with an outermost loop of more IR nodes than this are left to the closure compiler: the
 * generated function of such a loop takes V8 long to optimise, and unoptimised it is slower than
 * the closures (measured: about even at 600 nodes, twice as slow at 6,000)
 */
export const codegenLoopNodeLimit = 500;

type GeneratedRun = (
  nondet: NondetSource,
  maxSteps: number,
  deadline: number,
  replaying: Counterexample | undefined,
  stores: ArrayStore[],
) => number;

// ---------------------------------------------------------------- size

function expressionSize(expression: Expression): number {
  switch (expression.kind) {
    case 'constant':
    case 'variable':
      return 1;
    case 'arrayRead':
      return expression.indices.reduce((total, index) => total + expressionSize(index), 1);
    case 'unary':
    case 'cast':
      return 1 + expressionSize(expression.operand);
    case 'binary':
      return 1 + expressionSize(expression.left) + expressionSize(expression.right);
    case 'conditional':
      return (
        1 + expressionSize(expression.condition) + expressionSize(expression.then) + expressionSize(expression.else)
      );
    default: {
      const unreachable: never = expression;
      throw new Error(`internal: unknown expression ${JSON.stringify(unreachable)}`);
    }
  }
}

function blockSize(block: Block): number {
  let size = 0;
  forEachStatement(block, (statement) => {
    size += expressionsOf(statement).reduce((total, expression) => total + expressionSize(expression), 1);
  });
  return size;
}

/** the number of statements and expressions of the program and of its largest outermost loop */
export function measureProgram(program: Program): { nodes: number; largestLoop: number } {
  let largestLoop = 0;
  const visitOutermost = (block: Block): void => {
    for (const statement of block) {
      if (statement.kind === 'loop') largestLoop = Math.max(largestLoop, blockSize([statement]));
      if (statement.kind === 'if') {
        visitOutermost(statement.then);
        visitOutermost(statement.else);
      }
    }
  };
  visitOutermost(program.body);
  return { nodes: blockSize(program.body), largestLoop };
}

// ---------------------------------------------------------------- generation

const maximumSafe = '9007199254740991';

function literal(value: Value): string {
  const text = typeof value === 'bigint' ? `${value}n` : String(value);
  return text.startsWith('-') ? `(${text})` : text;
}

const comparisonSymbols: Record<ComparisonOperator, string> = {
  less: '<',
  lessEqual: '<=',
  greater: '>',
  greaterEqual: '>=',
  equal: '===',
  notEqual: '!==',
};

/** true for types whose bv wrap is an int32 reduction (every width up to 32 except _Bool) */
function isNarrow(type: IntegerType): boolean {
  return type.width <= 32 && !isBoolType(type);
}

interface LoopContext {
  readonly breakLabel: string;
  readonly continueLabel: string;
}

interface GeneratedSource {
  readonly source: string;
  readonly constants: readonly unknown[];
  readonly arrayCount: number;
}

/** one generated JS function: the run itself or an outlined outermost loop */
interface FunctionState {
  /** scalar slots it reads or writes */
  readonly usedSlots: Set<number>;
  /** havoc sites in it (each keeps its last choice in locals of its function) */
  readonly havocSites: number[];
  /** array slots it touches */
  readonly usedArrays: Set<number>;
}

// markers in the emitted lines, resolved once every slot is known
const marker = '\u0001';

class Generator {
  private lines: string[] = [];
  private indentation = '  ';
  private temporaryCount = 0;
  private labelCount = 0;
  private havocCount = 0;
  private loopDepth = 0;
  private readonly constants: unknown[] = [];
  private readonly constantIndices = new Map<unknown, number>();
  private readonly scalarSlots = new Map<number, number>();
  private readonly arraySlots = new Map<number, number>();
  private readonly wrappers = new Map<string, (value: Value) => Value>();
  /** index 0: the run function; 1..: the outlined loops */
  private readonly functions: FunctionState[] = [{ usedSlots: new Set(), havocSites: [], usedArrays: new Set() }];
  private readonly functionSources: string[][] = [];
  private currentFunction = 0;

  constructor(
    private readonly program: Program,
    private readonly semantics: Semantics,
  ) {
    for (const variable of program.scalars) this.scalarSlots.set(variable.id, this.scalarSlots.size);
    for (const array of program.arrays) this.arraySlots.set(array.id, this.arraySlots.size);
  }

  // Layout: the run function keeps the mutable state (steps, consumed counts, scalars) in locals.
  // Each outermost loop is outlined into its own function (a small function is optimised quickly
  // and independently of the cold straight-line code around it); state crosses the call through the
  // `state` array: [steps, consumedScalarCount, consumedArrayCount, scalar slots...], saved before
  // the call and reloaded after it. A run that stops inside a loop throws, so nothing is reloaded.
  generate(): GeneratedSource {
    this.emit('main: {');
    this.block(this.program.body, { breakLabel: 'main', continueLabel: 'main' });
    this.emit('}');
    const slotCount = this.scalarSlots.size;
    const runBody = this.lines;
    const source: string[] = ['"use strict";'];
    source.push(`const { ${runtimeNames.join(', ')} } = runtime;`);
    for (let index = 0; index < this.constants.length; index++) source.push(`const k${index} = constants[${index}];`);
    for (const lines of this.functionSources) source.push(...this.resolveMarkers(lines));
    source.push('return function run(nondet, maxSteps, deadline, replaying, stores) {');
    source.push(`  const state = new Array(${3 + slotCount}).fill(0);`);
    source.push('  const consumedScalars = [];');
    source.push('  const consumedArrays = [];');
    source.push('  let steps = 0, consumedScalarCount = 0, consumedArrayCount = 0, checkpoint = 0;');
    for (let slot = 0; slot < slotCount; slot++) source.push(`  let s${slot} = 0;`);
    source.push(...this.prologue(this.functions[0]!, false));
    source.push(...this.resolveMarkers(runBody));
    source.push('  return steps;', '};');
    return { source: source.join('\n'), constants: this.constants, arrayCount: this.arraySlots.size };
  }

  /** array locals and havoc caches of a function; with `loadState` also its state locals */
  private prologue(state: FunctionState, loadState: boolean): string[] {
    const lines: string[] = [];
    if (loadState) {
      // a fresh checkpoint: the first step of the function reads the clock (once per call of an outermost loop)
      lines.push(
        '  let steps = state[0], consumedScalarCount = state[1], consumedArrayCount = state[2], checkpoint = 0;',
      );
      for (const slot of [...state.usedSlots].sort((left, right) => left - right))
        lines.push(`  let s${slot} = state[${3 + slot}];`);
    }
    for (const slot of [...state.usedArrays].sort((left, right) => left - right))
      lines.push(`  const a${slot} = stores[${slot}];`);
    for (const site of state.havocSites) lines.push(`  let h${site} = undefined, v${site} = 0;`);
    return lines;
  }

  private resolveMarkers(lines: readonly string[]): string[] {
    const resolved: string[] = [];
    for (const line of lines) {
      const start = line.indexOf(marker);
      if (start < 0) {
        resolved.push(line);
        continue;
      }
      const indentation = line.slice(0, start);
      const [kind, index] = line.slice(start + 1).split(':') as [string, string];
      const state = this.functions[Number(index)]!;
      if (kind === 'prologue') {
        resolved.push(...this.prologue(state, true));
        continue;
      }
      const slots = [...state.usedSlots].sort((left, right) => left - right);
      const pairs: [string, string][] = [
        ['state[0]', 'steps'],
        ['state[1]', 'consumedScalarCount'],
        ['state[2]', 'consumedArrayCount'],
        ...slots.map((slot): [string, string] => [`state[${3 + slot}]`, `s${slot}`]),
      ];
      for (const [cell, local] of pairs)
        resolved.push(kind === 'save' ? `${indentation}${cell} = ${local};` : `${indentation}${local} = ${cell};`);
    }
    return resolved;
  }

  /** the loop statement outlined into its own function, called with the state saved and reloaded around the call */
  private outlinedLoop(statement: Extract<Statement, { kind: 'loop' }>): void {
    const index = this.functions.length;
    this.functions.push({ usedSlots: new Set(), havocSites: [], usedArrays: new Set() });
    const savedLines = this.lines;
    const savedIndentation = this.indentation;
    const savedFunction = this.currentFunction;
    this.lines = [];
    this.indentation = '  ';
    this.currentFunction = index;
    this.loop(statement);
    const body = this.lines;
    this.lines = savedLines;
    this.indentation = savedIndentation;
    this.currentFunction = savedFunction;
    const parameters = 'state, nondet, maxSteps, deadline, replaying, consumedScalars, consumedArrays, stores';
    this.functionSources.push([
      `function loop${index}(${parameters}) {`,
      `  ${marker}prologue:${index}`,
      ...body,
      `  ${marker}save:${index}`,
      '}',
    ]);
    // the caller's view of what the loop touches
    const caller = this.functions[this.currentFunction]!;
    for (const slot of this.functions[index]!.usedSlots) caller.usedSlots.add(slot);
    this.emit(`${marker}save:${index}`);
    this.emit(`loop${index}(${parameters});`);
    this.emit(`${marker}reload:${index}`);
  }

  // ---- helpers

  private emit(line: string): void {
    this.lines.push(this.indentation + line);
  }
  private temporary(): string {
    return `t${this.temporaryCount++}`;
  }
  private constant(value: unknown): string {
    let index = this.constantIndices.get(value);
    if (index === undefined) {
      index = this.constants.length;
      this.constants.push(value);
      this.constantIndices.set(value, index);
    }
    return `k${index}`;
  }
  private define(value: string): string {
    const name = this.temporary();
    this.emit(`const ${name} = ${value};`);
    return name;
  }
  /** runs `produce` with its emitted lines collected apart (one level deeper) */
  private capture<T>(produce: () => T): { lines: string[]; result: T } {
    const saved = this.lines;
    this.lines = [];
    this.indentation += '  ';
    try {
      const result = produce();
      return { lines: this.lines, result };
    } finally {
      this.indentation = this.indentation.slice(2);
      this.lines = saved;
    }
  }
  private nested(produce: () => void): void {
    this.indentation += '  ';
    produce();
    this.indentation = this.indentation.slice(2);
  }
  private scalar(id: number): string {
    let slot = this.scalarSlots.get(id);
    if (slot === undefined) {
      slot = this.scalarSlots.size; // a variable missing from program.scalars still gets a slot
      this.scalarSlots.set(id, slot);
    }
    this.functions[this.currentFunction]!.usedSlots.add(slot);
    return `s${slot}`;
  }
  private store(array: ArrayVariable): string {
    let slot = this.arraySlots.get(array.id);
    if (slot === undefined) {
      slot = this.arraySlots.size;
      this.arraySlots.set(array.id, slot);
    }
    this.functions[this.currentFunction]!.usedArrays.add(slot);
    return `a${slot}`;
  }
  /** the constant holding wrapperFor(type), one per width and signedness */
  private wrapper(type: IntegerType): string {
    const key = `${type.width}${type.signed ? 's' : 'u'}`;
    let wrap = this.wrappers.get(key);
    if (wrap === undefined) {
      wrap = wrapperFor(type);
      this.wrappers.set(key, wrap);
    }
    return this.constant(wrap);
  }
  private tick(): void {
    this.emit('if (++steps > checkpoint) checkpoint = stepCheckpoint(steps, maxSteps, deadline);');
  }

  /** the exact bv wrap of an atom to `type` */
  private wrap(atom: string, type: IntegerType): string {
    const width = type.width;
    if (isBoolType(type)) return this.define(`${atom} === 0 ? 0 : 1`);
    if (isNarrow(type))
      return this.define(
        `typeof ${atom} === 'number' ? ${this.narrowWrap(atom, type)} : ${this.wrapper(type)}(${atom})`,
      );
    const wrapper = this.wrapper(type);
    if (type.signed && width >= 54) return this.define(`typeof ${atom} === 'number' ? ${atom} : ${wrapper}(${atom})`);
    if (!type.signed && width >= 53)
      return this.define(`typeof ${atom} === 'number' && ${atom} >= 0 ? ${atom} : ${wrapper}(${atom})`);
    return this.define(`${wrapper}(${atom})`);
  }
  /** reduces a JS expression whose value is congruent to the result modulo 2^32 (an int32 or a safe integer) to a narrow type */
  private narrowWrap(expression: string, type: IntegerType): string {
    const width = type.width;
    if (width === 32) return type.signed ? `(${expression}) | 0` : `(${expression}) >>> 0`;
    if (type.signed) return `((${expression}) << ${32 - width}) >> ${32 - width}`;
    return `(${expression}) & ${2 ** width - 1}`;
  }
  /** the conversion of a value of type `from` stored into / cast to `to` (compile.ts: converter) */
  private convert(atom: string, from: IntegerType, to: IntegerType): string {
    if (sameType(from, to)) return atom;
    if (this.semantics === 'bv') return this.wrap(atom, to);
    if (isBoolType(to)) return this.define(`${atom} === 0 ? 0 : 1`);
    return atom;
  }

  // ---- expressions: each returns an atom (a literal, a local or a temporary) after emitting its computation

  private expression(expression: Expression, location: SourceLocation): string {
    switch (expression.kind) {
      case 'constant': {
        let value = normalize(expression.value);
        if (this.semantics === 'bv') value = wrapperFor(expression.type)(value);
        return literal(value);
      }
      case 'variable':
        return this.scalar(expression.variable.id);
      case 'arrayRead': {
        const key = this.cellKey(expression.array, expression.indices, location);
        const store = this.store(expression.array);
        return this.define(
          `typeof ${key} === 'number' && ${key} >= 0 && ${key} < ${store}.dense.length ? ${store}.dense[${key}] : ${store}.read(${key})`,
        );
      }
      case 'unary':
        return this.unary(expression.operator, expression.operand, expression.type, location);
      case 'binary':
        return this.binary(expression.operator, expression.left, expression.right, expression.type, location);
      case 'conditional': {
        const condition = this.condition(expression.condition, location);
        const thenPart = this.capture(() =>
          this.convert(this.expression(expression.then, location), expression.then.type, expression.type),
        );
        const elsePart = this.capture(() =>
          this.convert(this.expression(expression.else, location), expression.else.type, expression.type),
        );
        if (thenPart.lines.length === 0 && elsePart.lines.length === 0)
          return this.define(`${condition} ? ${thenPart.result} : ${elsePart.result}`);
        const result = this.temporary();
        this.emit(`let ${result};`);
        this.emit(`if (${condition}) {`);
        this.lines.push(...thenPart.lines);
        this.emit(`  ${result} = ${thenPart.result};`);
        this.emit('} else {');
        this.lines.push(...elsePart.lines);
        this.emit(`  ${result} = ${elsePart.result};`);
        this.emit('}');
        return result;
      }
      case 'cast':
        return this.convert(this.expression(expression.operand, location), expression.operand.type, expression.type);
      default: {
        const unreachable: never = expression;
        throw new Error(`internal: unknown expression ${JSON.stringify(unreachable)}`);
      }
    }
  }

  /** the key of a cell: indices evaluated first, then (with more than one dimension) the sizes */
  private cellKey(array: ArrayVariable, indexExpressions: readonly Expression[], location: SourceLocation): string {
    const indices = indexExpressions.map((index) => this.expression(index, location));
    if (indices.length === 1) return indices[0]!;
    const sizes = array.sizes.map((size) => this.expression(size, location));
    if (indices.length === 2) return this.define(`cellKey2(${indices[0]}, ${indices[1]}, ${sizes[0]}, ${sizes[1]})`);
    return this.define(`cellKey([${indices.join(', ')}], [${sizes.join(', ')}])`);
  }

  private unary(
    operator: Extract<Expression, { kind: 'unary' }>['operator'],
    operandExpression: Expression,
    type: IntegerType,
    location: SourceLocation,
  ): string {
    const operand = this.expression(operandExpression, location);
    const bv = this.semantics === 'bv';
    switch (operator) {
      case 'negate':
        if (bv && isNarrow(type))
          return this.define(
            `typeof ${operand} === 'number' ? ${this.narrowWrap(`0 - (${operand} | 0)`, type)} : ${this.wrapper(type)}(negate(${operand}))`,
          );
        return this.arithmeticResult(
          this.define(`typeof ${operand} === 'number' ? 0 - ${operand} : negate(${operand})`),
          type,
        );
      case 'bitwiseNot':
        if (bv && isNarrow(type))
          return this.define(
            `typeof ${operand} === 'number' ? ${this.narrowWrap(`~${operand}`, type)} : ${this.wrapper(type)}(bitwiseNot(${operand}))`,
          );
        return this.arithmeticResult(
          this.define(
            `typeof ${operand} === 'number' && (${operand} | 0) === ${operand} ? ~${operand} : bitwiseNot(${operand})`,
          ),
          type,
        );
      case 'logicalNot':
        return this.define(`${operand} === 0 ? 1 : 0`);
      default: {
        const unreachable: never = operator;
        throw new Error(`internal: unknown unary operator ${String(unreachable)}`);
      }
    }
  }

  /** an arithmetic result wrapped to its type in bv semantics */
  private arithmeticResult(atom: string, type: IntegerType): string {
    return this.semantics === 'bv' ? this.wrap(atom, type) : atom;
  }

  /** `left op right` on safe numbers when the float result is a safe integer, else the exact helper */
  private safeNumberOperation(left: string, right: string, symbol: string, helper: string): string {
    const result = this.temporary();
    this.emit(
      `let ${result} = typeof ${left} === 'number' && typeof ${right} === 'number' ? ${left} ${symbol} ${right} + 0 : NaN;`,
    );
    this.emit(
      `if (!(${result} <= ${maximumSafe} && ${result} >= -${maximumSafe})) ${result} = ${helper}(${left}, ${right});`,
    );
    return result;
  }

  private binary(
    operator: Extract<Expression, { kind: 'binary' }>['operator'],
    leftExpression: Expression,
    rightExpression: Expression,
    type: IntegerType,
    location: SourceLocation,
  ): string {
    if (operator === 'logicalAnd' || operator === 'logicalOr') {
      const left = this.expression(leftExpression, location);
      const right = this.capture(() => this.expression(rightExpression, location));
      if (right.lines.length === 0) {
        return this.define(
          operator === 'logicalAnd'
            ? `${left} !== 0 && ${right.result} !== 0 ? 1 : 0`
            : `${left} !== 0 || ${right.result} !== 0 ? 1 : 0`,
        );
      }
      const result = this.temporary();
      this.emit(`let ${result} = ${operator === 'logicalAnd' ? 0 : 1};`);
      this.emit(`if (${left} ${operator === 'logicalAnd' ? '!==' : '==='} 0) {`);
      this.lines.push(...right.lines);
      this.emit(`  ${result} = ${right.result} !== 0 ? 1 : 0;`);
      this.emit('}');
      return result;
    }
    const left = this.expression(leftExpression, location);
    const right = this.expression(rightExpression, location);
    const numbers = `typeof ${left} === 'number' && typeof ${right} === 'number'`;
    const narrow = this.semantics === 'bv' && isNarrow(type);
    const wrapper = (): string => this.wrapper(type);
    switch (operator) {
      case 'add':
      case 'subtract': {
        const symbol = operator === 'add' ? '+' : '-';
        if (narrow)
          return this.define(
            `${numbers} ? ${this.narrowWrap(`(${left} | 0) ${symbol} (${right} | 0)`, type)} : ${wrapper()}(${operator}(${left}, ${right}))`,
          );
        return this.arithmeticResult(this.safeNumberOperation(left, right, symbol, operator), type);
      }
      case 'multiply': {
        if (narrow)
          return this.define(
            `${numbers} ? ${this.narrowWrap(`Math.imul(${left}, ${right})`, type)} : ${wrapper()}(multiply(${left}, ${right}))`,
          );
        if (this.semantics === 'bv') return this.wrap(this.safeNumberOperation(left, right, '*', 'multiply'), type);
        // int semantics: a product can grow without bound (x = x * x in a loop); stop the run instead of exhausting BigInt
        const result = this.temporary();
        const limit = this.constant(1n << 4096n);
        this.emit(`let ${result} = ${numbers} ? ${left} * ${right} + 0 : NaN;`);
        this.emit(`if (!(${result} <= ${maximumSafe} && ${result} >= -${maximumSafe})) {`);
        this.emit(`  ${result} = multiply(${left}, ${right});`);
        this.emit(
          `  if (typeof ${result} === 'bigint' && (${result} > ${limit} || ${result} < -${limit})) productTooLarge(${this.constant(location)}, steps);`,
        );
        this.emit('}');
        return result;
      }
      case 'divide':
        this.emit(`if (${right} === 0) undefinedBehaviour('division by zero', ${this.constant(location)}, steps);`);
        return this.arithmeticResult(
          this.define(`${numbers} ? (${left} - ${left} % ${right}) / ${right} + 0 : divide(${left}, ${right})`),
          type,
        );
      case 'remainder':
        this.emit(`if (${right} === 0) undefinedBehaviour('remainder by zero', ${this.constant(location)}, steps);`);
        return this.arithmeticResult(
          this.define(`${numbers} ? ${left} % ${right} + 0 : remainder(${left}, ${right})`),
          type,
        );
      case 'shiftLeft':
      case 'shiftRight': {
        const width = leftExpression.type.width;
        this.emit(
          `if (${right} < 0 || ${right} >= ${width}) shiftUndefined(${right}, ${width}, ${this.constant(location)}, steps);`,
        );
        if (narrow && width <= 32) {
          // the count lies in 0..31 here
          if (operator === 'shiftLeft')
            return this.define(
              `${numbers} ? ${this.narrowWrap(`${left} << ${right}`, type)} : ${wrapper()}(shiftLeft(${left}, ${right}))`,
            );
          return this.define(
            `${numbers} && (${left} | 0) === ${left} ? ${this.narrowWrap(`${left} >> ${right}`, type)} : ${wrapper()}(shiftRight(${left}, ${right}))`,
          );
        }
        return this.arithmeticResult(this.define(`${operator}(${left}, ${right})`), type);
      }
      case 'bitwiseAnd':
      case 'bitwiseOr':
      case 'bitwiseXor': {
        const symbol = operator === 'bitwiseAnd' ? '&' : operator === 'bitwiseOr' ? '|' : '^';
        if (narrow)
          return this.define(
            `${numbers} ? ${this.narrowWrap(`${left} ${symbol} ${right}`, type)} : ${wrapper()}(${operator}(${left}, ${right}))`,
          );
        return this.arithmeticResult(
          this.define(
            `${numbers} && (${left} | 0) === ${left} && (${right} | 0) === ${right} ? ${left} ${symbol} ${right} : ${operator}(${left}, ${right})`,
          ),
          type,
        );
      }
      case 'less':
      case 'lessEqual':
      case 'greater':
      case 'greaterEqual':
      case 'equal':
      case 'notEqual':
        return this.define(`${left} ${comparisonSymbols[operator]} ${right} ? 1 : 0`);
      default: {
        const unreachable: never = operator;
        throw new Error(`internal: unknown binary operator ${String(unreachable)}`);
      }
    }
  }

  /** a JS boolean expression, true when the expression's value is not 0 (operands emitted before it) */
  private condition(expression: Expression, location: SourceLocation): string {
    if (expression.kind === 'binary') {
      const operator = expression.operator;
      switch (operator) {
        case 'less':
        case 'lessEqual':
        case 'greater':
        case 'greaterEqual':
        case 'equal':
        case 'notEqual': {
          const left = this.expression(expression.left, location);
          const right = this.expression(expression.right, location);
          return `(${left} ${comparisonSymbols[operator]} ${right})`;
        }
        case 'logicalAnd':
        case 'logicalOr': {
          const left = this.condition(expression.left, location);
          const right = this.capture(() => this.condition(expression.right, location));
          if (right.lines.length === 0) return `(${left} ${operator === 'logicalAnd' ? '&&' : '||'} ${right.result})`;
          const result = this.temporary();
          this.emit(`let ${result} = ${left};`);
          this.emit(`if (${operator === 'logicalAnd' ? '' : '!'}${result}) {`);
          this.lines.push(...right.lines);
          this.emit(`  ${result} = ${right.result};`);
          this.emit('}');
          return result;
        }
        default:
          break;
      }
    }
    if (expression.kind === 'unary' && expression.operator === 'logicalNot')
      return `!${this.condition(expression.operand, location)}`;
    return `(${this.expression(expression, location)} !== 0)`;
  }

  // ---- statements

  private block(block: Block, loop: LoopContext): void {
    for (const statement of block) this.statement(statement, loop);
  }

  private statement(statement: Statement, loop: LoopContext): void {
    const location = statement.location;
    switch (statement.kind) {
      case 'assign':
        this.tick();
        this.scoped(() => {
          const value = this.convert(
            this.expression(statement.value, location),
            statement.value.type,
            statement.target.type,
          );
          this.emit(`${this.scalar(statement.target.id)} = ${value};`);
        });
        return;
      case 'arrayWrite':
        this.tick();
        this.scoped(() => {
          const array = statement.array;
          const key = this.cellKey(array, statement.indices, location);
          const value = this.convert(
            this.expression(statement.value, location),
            statement.value.type,
            array.elementType,
          );
          const store = this.store(array);
          const dense = this.define(`${store}.dense`);
          this.emit(
            `if (typeof ${key} === 'number' && ${key} >= 0 && ${key} < ${dense}.length) ${dense}[${key}] = ${value}; else ${store}.write(${key}, ${value});`,
          );
        });
        return;
      case 'havoc': {
        this.tick();
        const site = this.havocCount++;
        this.functions[this.currentFunction]!.havocSites.push(site);
        const type = this.constant(statement.target.type);
        const where = this.constant(location);
        this.scoped(() => {
          const chosen = this.define(`nondet.nextScalar(${type}, ${where}, ${JSON.stringify(statement.origin)})`);
          this.emit(`if (${chosen} === undefined) inputExhausted(${where}, steps);`);
          this.emit(
            `if (${chosen} !== h${site}) { v${site} = checkedChoice(${chosen}, ${type}, ${where}, steps); h${site} = ${chosen}; }`,
          );
          this.emit(`if (replaying === undefined) consumedScalars.push(${chosen}); else consumedScalarCount++;`);
          this.emit(`${this.scalar(statement.target.id)} = v${site};`);
        });
        return;
      }
      case 'arrayHavoc':
        this.tick();
        this.scoped(() => {
          const array = statement.array;
          const sizes = array.sizes.map((size) => this.expression(size, location));
          const content = this.define(
            `havocArray(nondet, ${this.store(array)}, ${this.constant(array)}, ${this.constant(location)}, [${sizes.join(', ')}], steps, deadline)`,
          );
          this.emit(`if (replaying === undefined) consumedArrays.push(${content}); else consumedArrayCount++;`);
        });
        return;
      case 'arrayFill':
        this.tick();
        this.scoped(() => {
          const array = statement.array;
          const sizes = array.sizes.map((size) => this.expression(size, location));
          const value = this.convert(
            this.expression(statement.value, location),
            statement.value.type,
            array.elementType,
          );
          this.emit(`fillArray(${this.store(array)}, [${sizes.join(', ')}], ${value}, steps, deadline);`);
        });
        return;
      case 'assume':
        this.tick();
        this.scoped(() => {
          const condition = this.condition(statement.condition, location);
          this.emit(`if (!${condition}) assumptionFailed(${this.constant(location)}, steps);`);
        });
        return;
      case 'assert':
        this.tick();
        this.scoped(() => {
          const condition = this.condition(statement.condition, location);
          this.emit(
            `if (!${condition}) assertionFailed(${this.constant(location)}, steps, ` +
              'consumedOf(replaying, consumedScalars, consumedArrays, consumedScalarCount, consumedArrayCount));',
          );
        });
        return;
      case 'if':
        this.tick();
        this.scoped(() => {
          const condition = this.condition(statement.condition, location);
          this.emit(`if (${condition}) {`);
          this.nested(() => this.block(statement.then, loop));
          if (statement.else.length > 0) {
            this.emit('} else {');
            this.nested(() => this.block(statement.else, loop));
          }
          this.emit('}');
        });
        return;
      case 'loop':
        if (this.loopDepth === 0) this.outlinedLoop(statement);
        else this.loop(statement);
        return;
      case 'break':
        this.tick();
        this.emit(`break ${loop.breakLabel};`);
        return;
      case 'continue':
        this.tick();
        this.emit(
          loop.continueLabel === loop.breakLabel && loop.continueLabel !== 'main'
            ? `continue ${loop.continueLabel};`
            : `break ${loop.continueLabel};`,
        );
        return;
      default: {
        const unreachable: never = statement;
        throw new Error(`internal: unknown statement ${JSON.stringify(unreachable)}`);
      }
    }
  }

  private loop(statement: Extract<Statement, { kind: 'loop' }>): void {
    const label = `l${this.labelCount++}`;
    this.loopDepth++;
    this.emit(`${label}: for (;;) {`);
    this.nested(() => {
      this.tick();
      this.scoped(() => {
        const condition = this.condition(statement.condition, statement.location);
        this.emit(`if (!${condition}) break ${label};`);
      });
      if (statement.body.length > 0) {
        this.emit(`${label}b: {`);
        this.nested(() => this.block(statement.body, { breakLabel: label, continueLabel: `${label}b` }));
        this.emit('}');
      }
      // `continue` in the update starts the next iteration, as in compile.ts
      this.block(statement.update, { breakLabel: label, continueLabel: label });
    });
    this.emit('}');
    this.loopDepth--;
  }

  /** emits into a JS block so the temporaries of one statement go out of scope after it */
  private scoped(produce: () => void): void {
    const inner = this.capture(produce);
    if (inner.lines.length === 0) return;
    this.emit('{');
    this.lines.push(...inner.lines);
    this.emit('}');
  }
}

// ---------------------------------------------------------------- entry points

/** the generated source of a program's run function (for inspection and tests) */
export function generateProgramSource(program: Program, semantics: Semantics): string {
  return new Generator(program, semantics).generate().source;
}

interface GeneratedProgram {
  readonly run: GeneratedRun;
  readonly arrayCount: number;
}

const generatedPrograms = new WeakMap<Program, Map<Semantics, GeneratedProgram>>();

function generatedProgramFor(program: Program, semantics: Semantics): GeneratedProgram {
  let bySemantics = generatedPrograms.get(program);
  if (bySemantics === undefined) {
    bySemantics = new Map();
    generatedPrograms.set(program, bySemantics);
  }
  let generated = bySemantics.get(semantics);
  if (generated === undefined) {
    const { source, constants, arrayCount } = new Generator(program, semantics).generate();
    // the source is built from numbers, bigint literals and generated names only (see the header)
    const factory = new Function('runtime', 'constants', source) as (
      runtimeHelpers: typeof runtime,
      constants: readonly unknown[],
    ) => GeneratedRun;
    generated = { run: factory(runtime, constants), arrayCount };
    bySemantics.set(semantics, generated);
  }
  return generated;
}

/**
 * Compiles the program into generated JS functions; undefined when the program has more than
 * `codegenNodeLimit` IR nodes or an outermost loop of more than `codegenLoopNodeLimit` (the caller
 * then uses the closure compiler). Generated functions are cached per program and semantics; every
 * run has its own state, so runs may nest.
 */
export function compileProgramToJavaScript(program: Program, semantics: Semantics): CompiledProgram | undefined {
  if (!generatedPrograms.get(program)?.has(semantics)) {
    const { nodes, largestLoop } = measureProgram(program);
    if (nodes > codegenNodeLimit || largestLoop > codegenLoopNodeLimit) return undefined;
  }
  const generated = generatedProgramFor(program, semantics);
  return {
    run(source: NondetSource, maxSteps: number, deadline = Number.POSITIVE_INFINITY): CompiledRun {
      const stores: ArrayStore[] = [];
      for (let slot = 0; slot < generated.arrayCount; slot++) stores.push(new ArrayStore());
      let outcome: RunOutcome;
      try {
        outcome = { kind: 'completed', steps: generated.run(source, maxSteps, deadline, source.replaying, stores) };
      } catch (error) {
        if (error instanceof RunStop) outcome = error.outcome;
        else throw error;
      }
      return { outcome, nondeterministicDefaultRead: stores.some((store) => store.nondeterministicDefaultRead) };
    },
  };
}
