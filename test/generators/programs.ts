// fast-check arbitraries for small well-formed SV-COMP style C programs over int arrays, as text,
// for differential tests of the whole pipeline (parser, lowering, encoders, interpreter).
//
// Programs are generated as a small model (ProgramModel), printed as C (printProgramModel), and
// evaluated here on the model itself (evaluateModel) over every nondeterministic choice, which is
// an oracle independent of the pipeline. Every nondet value is restricted by an assume to a subrange
// of -2..2, every array is initialised (globals to zero, locals by an initialiser list), every index
// is in bounds and every loop is bounded, so the choices over the domain -2..2 cover all behaviours.
// Programs in which some value leaves the 32-bit int range are filtered out, so `int` and `bv`
// semantics agree on every generated program. The final assertion's constant is chosen from the
// values the model can reach there, so about `failureRatio` of the programs have a reachable failure.

import fc from 'fast-check';

export type ExpressionModel =
  | { readonly kind: 'constant'; readonly value: number }
  | { readonly kind: 'scalar'; readonly name: string }
  | { readonly kind: 'cell'; readonly array: string; readonly index: IndexModel }
  | {
      readonly kind: 'binary';
      readonly operator: '+' | '-' | '*';
      readonly left: ExpressionModel;
      readonly right: ExpressionModel;
    };
export type IndexModel =
  { readonly kind: 'constant'; readonly value: number } | { readonly kind: 'counter'; readonly name: string };
export type ComparisonOperator = '<' | '<=' | '==' | '!=' | '>' | '>=';
export interface ConditionModel {
  readonly operator: ComparisonOperator;
  readonly left: ExpressionModel;
  readonly right: ExpressionModel;
}
export type LocationModel =
  | { readonly kind: 'scalar'; readonly name: string }
  | { readonly kind: 'cell'; readonly array: string; readonly index: IndexModel };
export type StatementModel =
  | { readonly kind: 'assign'; readonly target: LocationModel; readonly value: ExpressionModel }
  | { readonly kind: 'nondet'; readonly target: LocationModel; readonly low: number; readonly high: number }
  | {
      readonly kind: 'if';
      readonly condition: ConditionModel;
      readonly then: readonly StatementModel[];
      readonly else: readonly StatementModel[];
    }
  | { readonly kind: 'for'; readonly counter: string; readonly bound: number; readonly body: readonly StatementModel[] }
  | { readonly kind: 'breakIf'; readonly condition: ConditionModel }
  | { readonly kind: 'assert'; readonly condition: ConditionModel };
export interface ArrayModel {
  readonly name: string;
  readonly size: number;
  readonly global: boolean;
  /** initial cells; a global whose cells are all 0 is printed without initialiser */
  readonly initial: readonly number[];
}
export interface ScalarModel {
  readonly name: string;
  readonly global: boolean;
  readonly initial: number;
}
export interface ProgramModel {
  readonly arrays: readonly ArrayModel[];
  readonly scalars: readonly ScalarModel[];
  readonly counters: readonly string[];
  readonly body: readonly StatementModel[];
}

export interface GeneratedProgram {
  readonly source: string;
  readonly description: string;
  readonly model: ProgramModel;
  /** the model oracle's verdict: some choice of nondet values reaches a failing assertion */
  readonly expectedFailure: boolean;
}

export interface ProgramOptions {
  /** probability that the final assertion is chosen to fail in some run; default 0.5 */
  readonly failureRatio?: number;
  /** at most this many loops (1-2); default 2 */
  readonly maxLoops?: number;
}

export const harness = [
  'extern void abort(void);',
  'void reach_error(){}',
  'extern int __VERIFIER_nondet_int(void);',
  'void __VERIFIER_assert(int c){ if(!c){ reach_error(); abort(); } }',
  'void assume_abort_if_not(int c){ if(!c) abort(); }',
];

// ---------------------------------------------------------------- printing

function printIndex(index: IndexModel): string {
  return index.kind === 'constant' ? String(index.value) : index.name;
}
function printLocation(location: LocationModel): string {
  return location.kind === 'scalar' ? location.name : `${location.array}[${printIndex(location.index)}]`;
}
export function printExpressionModel(expression: ExpressionModel): string {
  switch (expression.kind) {
    case 'constant':
      return expression.value < 0 ? `(${expression.value})` : String(expression.value);
    case 'scalar':
      return expression.name;
    case 'cell':
      return `${expression.array}[${printIndex(expression.index)}]`;
    case 'binary':
      return `(${printExpressionModel(expression.left)} ${expression.operator} ${printExpressionModel(expression.right)})`;
    default: {
      const unreachable: never = expression;
      return unreachable;
    }
  }
}
function printCondition(condition: ConditionModel): string {
  return `${printExpressionModel(condition.left)} ${condition.operator} ${printExpressionModel(condition.right)}`;
}

function printStatements(statements: readonly StatementModel[], indent: string, lines: string[]): void {
  for (const statement of statements) {
    switch (statement.kind) {
      case 'assign':
        lines.push(`${indent}${printLocation(statement.target)} = ${printExpressionModel(statement.value)};`);
        break;
      case 'nondet': {
        const target = printLocation(statement.target);
        lines.push(`${indent}${target} = __VERIFIER_nondet_int();`);
        lines.push(`${indent}assume_abort_if_not(${target} >= ${statement.low} && ${target} <= ${statement.high});`);
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
      case 'for':
        lines.push(
          `${indent}for (${statement.counter} = 0; ${statement.counter} < ${statement.bound}; ${statement.counter}++) {`,
        );
        printStatements(statement.body, `${indent}  `, lines);
        lines.push(`${indent}}`);
        break;
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

function printArray(array: ArrayModel): string {
  const zero = array.initial.every((value) => value === 0);
  if (array.global && zero) return `int ${array.name}[${array.size}];`;
  if (zero) return `int ${array.name}[${array.size}] = {0};`;
  return `int ${array.name}[${array.size}] = {${array.initial.join(', ')}};`;
}

/** The C text of a program model (SV-COMP harness, globals, then main). */
export function printProgramModel(model: ProgramModel): string {
  const lines = [...harness];
  for (const array of model.arrays) if (array.global) lines.push(printArray(array));
  for (const scalar of model.scalars) if (scalar.global) lines.push(`int ${scalar.name} = ${scalar.initial};`);
  lines.push('int main() {');
  for (const array of model.arrays) if (!array.global) lines.push(`  ${printArray(array)}`);
  for (const scalar of model.scalars) if (!scalar.global) lines.push(`  int ${scalar.name} = ${scalar.initial};`);
  for (const counter of model.counters) lines.push(`  int ${counter} = 0;`);
  printStatements(model.body, '  ', lines);
  lines.push('  return 0;');
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------- evaluation (the model oracle)

export interface ModelEvaluation {
  /** runs over every choice of nondet values */
  readonly runs: number;
  /** runs that reached a failing assertion */
  readonly failingRuns: number;
  /** a value left the 32-bit int range in some run */
  readonly overflow: boolean;
}

class StopModelRun {
  constructor(readonly failed: boolean) {}
}
class BreakLoop {}

const intMinimum = -(2 ** 31);
const intMaximum = 2 ** 31 - 1;

/**
 * Runs the model on every choice of nondet values (each nondet statement picks low..high);
 * `observe` is called with every evaluation of every assert's left operand.
 */
export function evaluateModel(model: ProgramModel, observe?: (value: number) => void): ModelEvaluation {
  const choices: { index: number; count: number }[] = [];
  let runs = 0;
  let failingRuns = 0;
  let overflow = false;
  for (;;) {
    runs++;
    let position = 0;
    const scalars = new Map<string, number>();
    const arrays = new Map<string, number[]>();
    for (const scalar of model.scalars) scalars.set(scalar.name, scalar.initial);
    for (const counter of model.counters) scalars.set(counter, 0);
    for (const array of model.arrays) arrays.set(array.name, [...array.initial]);

    const checked = (value: number): number => {
      if (value < intMinimum || value > intMaximum) overflow = true;
      return value;
    };
    const cellOf = (array: string, index: IndexModel): { cells: number[]; position: number } => {
      const cells = arrays.get(array)!;
      const cellIndex = index.kind === 'constant' ? index.value : scalars.get(index.name)!;
      if (!(cellIndex >= 0 && cellIndex < cells.length))
        throw new Error(`generator bug: ${array}[${cellIndex}] out of bounds`);
      return { cells, position: cellIndex };
    };
    const evaluate = (expression: ExpressionModel): number => {
      switch (expression.kind) {
        case 'constant':
          return expression.value;
        case 'scalar':
          return scalars.get(expression.name)!;
        case 'cell': {
          const { cells, position: cellIndex } = cellOf(expression.array, expression.index);
          return cells[cellIndex]!;
        }
        case 'binary': {
          const left = evaluate(expression.left);
          const right = evaluate(expression.right);
          const result =
            expression.operator === '+' ? left + right : expression.operator === '-' ? left - right : left * right;
          return checked(result);
        }
        default: {
          const unreachable: never = expression;
          return unreachable;
        }
      }
    };
    const holds = (condition: ConditionModel): boolean =>
      compare(evaluate(condition.left), condition.operator, evaluate(condition.right));
    const store = (target: LocationModel, value: number): void => {
      if (target.kind === 'scalar') scalars.set(target.name, value);
      else {
        const { cells, position: cellIndex } = cellOf(target.array, target.index);
        cells[cellIndex] = value;
      }
    };
    const execute = (statements: readonly StatementModel[]): void => {
      for (const statement of statements) {
        switch (statement.kind) {
          case 'assign':
            store(statement.target, evaluate(statement.value));
            break;
          case 'nondet': {
            const count = statement.high - statement.low + 1;
            let index: number;
            if (position < choices.length) index = choices[position]!.index;
            else {
              choices.push({ index: 0, count });
              index = 0;
            }
            position++;
            store(statement.target, statement.low + index);
            break;
          }
          case 'if':
            execute(holds(statement.condition) ? statement.then : statement.else);
            break;
          case 'for':
            try {
              for (
                scalars.set(statement.counter, 0);
                scalars.get(statement.counter)! < statement.bound;
                scalars.set(statement.counter, scalars.get(statement.counter)! + 1)
              ) {
                execute(statement.body);
              }
            } catch (signal) {
              if (!(signal instanceof BreakLoop)) throw signal;
            }
            break;
          case 'breakIf':
            if (holds(statement.condition)) throw new BreakLoop();
            break;
          case 'assert': {
            const value = evaluate(statement.condition.left);
            observe?.(value);
            if (!compare(value, statement.condition.operator, evaluate(statement.condition.right)))
              throw new StopModelRun(true);
            break;
          }
          default: {
            const unreachable: never = statement;
            throw new Error(`unknown statement ${JSON.stringify(unreachable)}`);
          }
        }
      }
    };
    try {
      execute(model.body);
    } catch (signal) {
      if (!(signal instanceof StopModelRun)) throw signal;
      if (signal.failed) failingRuns++;
    }
    choices.length = position;
    while (choices.length > 0 && choices[choices.length - 1]!.index + 1 >= choices[choices.length - 1]!.count)
      choices.pop();
    if (choices.length === 0) break;
    choices[choices.length - 1]!.index++;
  }
  return { runs, failingRuns, overflow };
}

/** a C comparison of two values (numbers in this generator, bigints in the typed one) */
export function compare<T extends number | bigint>(left: T, operator: ComparisonOperator, right: T): boolean {
  switch (operator) {
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '==':
      return left === right;
    case '!=':
      return left !== right;
    case '>':
      return left > right;
    case '>=':
      return left >= right;
    default: {
      const unreachable: never = operator;
      return unreachable;
    }
  }
}

// ---------------------------------------------------------------- generation

type Draw = fc.GeneratorValue;

interface GenerationContext {
  readonly g: Draw;
  readonly arrays: readonly ArrayModel[];
  readonly scalarNames: readonly string[];
  /** enclosing loops, outermost first */
  readonly loops: { counter: string; bound: number }[];
  loopsLeft: number;
  /** nondet statement executions still allowed (each multiplies the runs by up to 5) */
  nondetBudget: number;
  statementsLeft: number;
}

const counterNames = ['i', 'j'];

function integer(context: GenerationContext, min: number, max: number): number {
  return context.g(fc.integer, { min, max });
}
function pick<T>(context: GenerationContext, values: readonly T[]): T {
  return values[integer(context, 0, values.length - 1)]!;
}

function executions(context: GenerationContext): number {
  return context.loops.reduce((product, loop) => product * loop.bound, 1);
}

function generateIndex(context: GenerationContext, array: ArrayModel): IndexModel {
  const counters = context.loops.filter((loop) => loop.bound <= array.size);
  if (counters.length > 0 && integer(context, 0, 2) > 0)
    return { kind: 'counter', name: pick(context, counters).counter };
  return { kind: 'constant', value: integer(context, 0, array.size - 1) };
}

function generateLeaf(context: GenerationContext): ExpressionModel {
  switch (integer(context, 0, 2)) {
    case 0:
      return { kind: 'constant', value: integer(context, -3, 3) };
    case 1:
      return { kind: 'scalar', name: pick(context, context.scalarNames) };
    default: {
      const array = pick(context, context.arrays);
      return { kind: 'cell', array: array.name, index: generateIndex(context, array) };
    }
  }
}

function generateExpression(context: GenerationContext): ExpressionModel {
  switch (integer(context, 0, 4)) {
    case 3:
      return {
        kind: 'binary',
        operator: pick(context, ['+', '-'] as const),
        left: generateLeaf(context),
        right: generateLeaf(context),
      };
    case 4:
      return {
        kind: 'binary',
        operator: '*',
        left: generateLeaf(context),
        right: { kind: 'constant', value: pick(context, [2, 3, -1, 0]) },
      };
    default:
      return generateLeaf(context);
  }
}

function generateCondition(context: GenerationContext): ConditionModel {
  const operator = pick(context, ['<', '<=', '==', '!=', '>', '>='] as const);
  return { operator, left: generateExpression(context), right: generateLeaf(context) };
}

function generateTarget(context: GenerationContext): LocationModel {
  if (integer(context, 0, 1) === 0) return { kind: 'scalar', name: pick(context, context.scalarNames) };
  const array = pick(context, context.arrays);
  return { kind: 'cell', array: array.name, index: generateIndex(context, array) };
}

function generateStatements(context: GenerationContext, minimum: number, maximum: number): StatementModel[] {
  const count = integer(context, minimum, maximum);
  const statements: StatementModel[] = [];
  for (let index = 0; index < count && context.statementsLeft > 0; index++) statements.push(generateStatement(context));
  return statements;
}

function generateStatement(context: GenerationContext): StatementModel {
  context.statementsLeft--;
  const kind = integer(context, 0, 5);
  if (kind === 1 && context.nondetBudget >= executions(context)) {
    context.nondetBudget -= executions(context);
    const low = integer(context, -2, 0);
    return { kind: 'nondet', target: generateTarget(context), low, high: integer(context, Math.max(low, 0), 2) };
  }
  if (kind === 2 && context.loops.length < 2) {
    return {
      kind: 'if',
      condition: generateCondition(context),
      then: generateStatements(context, 1, 2),
      else: generateStatements(context, 0, 1),
    };
  }
  if (kind >= 3 && context.loopsLeft > 0 && context.loops.length < 2) {
    context.loopsLeft--;
    const counter = counterNames[context.loops.length]!;
    const bound = integer(context, 0, 1) === 0 ? pick(context, context.arrays).size : integer(context, 1, 4);
    context.loops.push({ counter, bound });
    const body = generateStatements(context, 1, 3);
    if (integer(context, 0, 3) === 0)
      body.splice(integer(context, 0, body.length), 0, { kind: 'breakIf', condition: generateCondition(context) });
    context.loops.pop();
    return { kind: 'for', counter, bound, body };
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

/** the constant K of `observed OP K`: failing for some reached value when `wantFailure`, never otherwise */
function chooseBound(
  values: readonly number[],
  operator: ComparisonOperator,
  wantFailure: boolean,
  variant: number,
): { operator: ComparisonOperator; bound: number } {
  const minimum = Math.min(...values);
  const maximum = Math.max(...values);
  const distinct = [...new Set(values)];
  const slack = variant % 2;
  switch (operator) {
    case '<=':
      return { operator, bound: wantFailure ? maximum - 1 - slack : maximum + slack };
    case '<':
      return { operator, bound: wantFailure ? maximum - slack : maximum + 1 + slack };
    case '>=':
      return { operator, bound: wantFailure ? minimum + 1 + slack : minimum - slack };
    case '>':
      return { operator, bound: wantFailure ? minimum + slack : minimum - 1 - slack };
    case '!=':
      return {
        operator,
        bound: wantFailure ? distinct[variant % distinct.length]! : slack === 0 ? maximum + 1 : minimum - 1,
      };
    case '==':
      if (wantFailure)
        return { operator, bound: distinct.length > 1 ? distinct[variant % distinct.length]! : maximum + 1 };
      if (distinct.length === 1) return { operator, bound: maximum };
      return { operator: '<=', bound: maximum };
    default: {
      const unreachable: never = operator;
      return unreachable;
    }
  }
}

function generateModel(g: Draw, options: ProgramOptions): ProgramModel {
  const arrayCount = g(fc.integer, { min: 1, max: 2 });
  const arrays: ArrayModel[] = [];
  for (let index = 0; index < arrayCount; index++) {
    const size = g(fc.integer, { min: 1, max: 4 });
    const global = g(fc.boolean);
    const zero = g(fc.boolean);
    const initial = zero
      ? new Array<number>(size).fill(0)
      : g(fc.array, fc.integer({ min: -3, max: 3 }), { minLength: size, maxLength: size });
    arrays.push({ name: ['a', 'b'][index]!, size, global, initial });
  }
  const scalarCount = g(fc.integer, { min: 1, max: 3 });
  const scalars: ScalarModel[] = [];
  for (let index = 0; index < scalarCount; index++) {
    scalars.push({ name: ['x', 'y', 'z'][index]!, global: g(fc.boolean), initial: g(fc.integer, { min: -3, max: 3 }) });
  }
  const context: GenerationContext = {
    g,
    arrays,
    scalarNames: scalars.map((scalar) => scalar.name),
    loops: [],
    loopsLeft: Math.max(1, Math.min(2, options.maxLoops ?? 2)),
    nondetBudget: 4,
    statementsLeft: 8,
  };
  const body = generateStatements(context, 1, 5);

  // the final assertion: over a scalar or cell, or over every cell of an array in a last loop
  // (always in a loop when the body has none, so every program has 1-2 loops)
  const inLoop = context.loopsLeft > 0 && (countLoops(body) === 0 || g(fc.integer, { min: 0, max: 2 }) === 0);
  let observed: ExpressionModel;
  let loopArray: ArrayModel | undefined;
  if (inLoop) {
    loopArray = pick(context, arrays);
    observed = { kind: 'cell', array: loopArray.name, index: { kind: 'counter', name: 'i' } };
  } else {
    observed =
      integer(context, 0, 3) === 0
        ? { kind: 'binary', operator: '+', left: generateLeaf(context), right: generateLeaf(context) }
        : generateLeaf(context);
  }
  const operator = pick(context, ['<', '<=', '==', '!=', '>', '>='] as const);
  const wantFailure = g(() => fc.noBias(fc.integer({ min: 0, max: 9999 }))) < (options.failureRatio ?? 0.5) * 10000;
  const variant = g(fc.nat, 5);

  const withAssertion = (condition: ConditionModel): StatementModel[] => {
    const assertion: StatementModel = { kind: 'assert', condition };
    return loopArray === undefined
      ? [...body, assertion]
      : [...body, { kind: 'for', counter: 'i', bound: loopArray.size, body: [assertion] }];
  };
  const counters = (statements: readonly StatementModel[]) =>
    counterNames.filter((name) => usedCounters(statements, new Set()).has(name));
  const probeBody = withAssertion({ left: observed, operator: '==', right: observed });
  const values: number[] = [];
  evaluateModel({ arrays, scalars, counters: counters(probeBody), body: probeBody }, (value) => values.push(value));
  const chosen = chooseBound(values.length > 0 ? values : [0], operator, wantFailure, variant);
  const finalBody = withAssertion({
    left: observed,
    operator: chosen.operator,
    right: { kind: 'constant', value: chosen.bound },
  });
  return { arrays, scalars, counters: counters(finalBody), body: finalBody };
}

function countLoops(statements: readonly StatementModel[]): number {
  let loops = 0;
  for (const statement of statements) {
    if (statement.kind === 'for') loops += 1 + countLoops(statement.body);
    else if (statement.kind === 'if') loops += countLoops(statement.then) + countLoops(statement.else);
  }
  return loops;
}

/** A generated program as C text with the model oracle's verdict. */
export function arbitraryProgram(options: ProgramOptions = {}): fc.Arbitrary<GeneratedProgram> {
  return fc
    .gen()
    .map((g) => {
      const model = generateModel(g, options);
      return { model, evaluation: evaluateModel(model) };
    })
    .filter(({ evaluation }) => !evaluation.overflow)
    .map(({ model, evaluation }) => {
      const expectedFailure = evaluation.failingRuns > 0;
      const description =
        `${model.arrays.length} array(s), ${model.scalars.length} scalar(s), ${countLoops(model.body)} loop(s); ` +
        `${evaluation.runs} run(s) over the nondet choices, ${evaluation.failingRuns} failing; expected: ${expectedFailure ? 'failure reachable' : 'safe'}`;
      return { source: printProgramModel(model), description, model, expectedFailure };
    });
}
