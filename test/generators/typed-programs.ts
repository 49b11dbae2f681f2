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

import {
  CType,
  charType,
  unsignedCharType,
  shortType,
  unsignedShortType,
  intType,
  unsignedIntType,
  longLongType,
  unsignedLongLongType,
  allTypes,
  minimumOf,
  maximumOf,
  fits,
  convert,
  promote,
  commonType,
  interestingValues,
  typedEnumerationDomain,
  ArithmeticOperator,
  ComparisonOperator,
  IndexModel,
  ExpressionModel,
  ConditionModel,
  LocationModel,
  StatementModel,
  TypedArrayModel,
  TypedScalarModel,
  SizeModel,
  TypedProgramModel,
  GeneratedTypedProgram,
  TypedProgramOptions,
  printTypedProgram,
} from './typed-programs-model.js';
import { evaluateTypedModel } from './typed-programs-oracle.js';

export * from './typed-programs-model.js';
export * from './typed-programs-oracle.js';

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
    case 4:
    case 5:
      return binary(pick(context, ['+', '-'] as const), generateLeaf(context), generateLeaf(context));
    case 6: {
      const factor = pick(context, [2n, 3n, -1n, 0n, 16n, 255n]);
      return binary(
        '*',
        generateLeaf(context),
        constantExpression(
          factor,
          chance(context, 70) ? intType : pick(context, [unsignedIntType, longLongType, unsignedCharType]),
        ),
      );
    }
    case 7: {
      const t = pick(context, allTypes);
      return {
        kind: 'cast',
        type: t,
        operand: chance(context, 50)
          ? generateLeaf(context)
          : binary(pick(context, ['+', '-'] as const), generateLeaf(context), generateLeaf(context)),
      };
    }
    case 8:
      return binary(pick(context, ['&', '|', '^'] as const), generateLeaf(context), generateLeaf(context));
    case 9: {
      const operator = pick(context, ['/', '%', '>>', '<<'] as const);
      const right =
        operator === '/' || operator === '%' ? pick(context, [2n, 3n, 7n, 256n]) : BigInt(integer(context, 1, 3));
      return binary(
        operator,
        generateLeaf(context),
        constantExpression(right, chance(context, 75) ? intType : unsignedIntType),
      );
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
    for (let index = 0; index < count; index++)
      allowed.add(chance(context, 45) ? pick(context, small) : pick(context, interestingValues(target.type)));
    return { kind: 'nondet', target, allowed: [...allowed].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) };
  }
  if (kind >= 2 && kind <= 3 && context.loops.length < 2) {
    return {
      kind: 'if',
      condition: generateCondition(context),
      then: generateStatements(context, 1, 2),
      else: generateStatements(context, 0, 1),
    };
  }
  if (kind >= 4 && kind <= 8 && context.loopsLeft > 0 && context.loops.length < 2) {
    context.loopsLeft--;
    const counter = counterNames[context.loops.length]!;
    const symbolic = context.size !== undefined && integer(context, 0, 2) > 0;
    const bound: ExpressionModel = symbolic
      ? { kind: 'variable', name: 'n', type: context.size!.type }
      : constantExpression(
          BigInt(integer(context, 0, 1) === 0 ? pick(context, context.arrays).size : integer(context, 1, 4)),
          intType,
        );
    const iterations = symbolic ? context.size!.bound : Number((bound as { value: bigint }).value);
    const direction = chance(context, 70) ? 'up' : 'down';
    context.loops.push({ counter, direction, iterations });
    const body = generateStatements(context, 1, 3);
    if (integer(context, 0, 3) === 0)
      body.splice(integer(context, 0, body.length), 0, { kind: 'breakIf', condition: generateCondition(context) });
    context.loops.pop();
    return { kind: 'for', counter, direction, bound, body };
  }
  if (kind >= 9 && kind <= 12) {
    return {
      kind: 'step',
      target: generateTarget(context),
      operator: pick(context, ['++', '--'] as const),
      prefix: chance(context, 50),
    };
  }
  if (kind >= 13 && kind <= 15) {
    // often by a constant at the bounds of the target's type (x += 255 on an unsigned char wraps)
    const target = generateTarget(context);
    const value = chance(context, 50)
      ? constantExpression(pick(context, interestingValues(target.type)), promote(target.type))
      : generateLeaf(context);
    return {
      kind: 'compound',
      target,
      operator: pick(context, ['+', '-', '+', '-', '*', '&', '|', '^'] as const),
      value,
    };
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
function chooseBound(
  values: readonly bigint[],
  t: CType,
  operator: ComparisonOperator,
  wantFailure: boolean,
  variant: number,
): { operator: ComparisonOperator; bound: bigint } {
  const minimum = values.reduce((a, b) => (b < a ? b : a));
  const maximum = values.reduce((a, b) => (b > a ? b : a));
  const distinct = [...new Set(values)];
  const slack = BigInt(variant % 2);
  const clamp = (value: bigint): bigint =>
    value < minimumOf(t) ? minimumOf(t) : value > maximumOf(t) ? maximumOf(t) : value;
  const result = (chosenOperator: ComparisonOperator, bound: bigint) => ({
    operator: chosenOperator,
    bound: clamp(bound),
  });
  switch (operator) {
    case '<=':
      return result(operator, wantFailure ? maximum - 1n - slack : maximum + slack);
    case '<':
      if (!wantFailure && maximum === maximumOf(t)) return result('<=', maximum);
      return result(operator, wantFailure ? maximum - slack : maximum + 1n + slack);
    case '>=':
      return result(operator, wantFailure ? minimum + 1n + slack : minimum - slack);
    case '>':
      if (!wantFailure && minimum === minimumOf(t)) return result('>=', minimum);
      return result(operator, wantFailure ? minimum + slack : minimum - 1n - slack);
    case '!=':
      if (wantFailure) return result(operator, distinct[variant % distinct.length]!);
      if (maximum < maximumOf(t)) return result(operator, maximum + 1n);
      if (minimum > minimumOf(t)) return result(operator, minimum - 1n);
      return result('<=', maximum);
    case '==':
      if (wantFailure)
        return result(
          operator,
          distinct.length > 1
            ? distinct[variant % distinct.length]!
            : maximum < maximumOf(t)
              ? maximum + 1n
              : minimum - 1n,
        );
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
function separatingBound(
  cValues: readonly bigint[],
  integerValues: readonly bigint[],
  t: CType,
  cFails: boolean,
): { operator: ComparisonOperator; bound: bigint } | undefined {
  if (cValues.length === 0 || integerValues.length === 0) return undefined;
  const maximum = (values: readonly bigint[]) => values.reduce((a, b) => (b > a ? b : a));
  const minimum = (values: readonly bigint[]) => values.reduce((a, b) => (b < a ? b : a));
  const candidates: { operator: ComparisonOperator; bound: bigint; cFails: boolean }[] = [];
  const [cMaximum, iMaximum, cMinimum, iMinimum] = [
    maximum(cValues),
    maximum(integerValues),
    minimum(cValues),
    minimum(integerValues),
  ];
  // x <= K with K the smaller maximum fails for the set that reaches above it
  const upper = cMaximum < iMaximum ? cMaximum : iMaximum;
  if (cMaximum !== iMaximum && fits(upper, t))
    candidates.push({ operator: '<=', bound: upper, cFails: cMaximum > iMaximum });
  const lower = cMinimum > iMinimum ? cMinimum : iMinimum;
  if (cMinimum !== iMinimum && fits(lower, t))
    candidates.push({ operator: '>=', bound: lower, cFails: cMinimum < iMinimum });
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
    const initial = zero
      ? new Array<bigint>(size).fill(0n)
      : Array.from({ length: size }, () => valueOf({ g }, elementType));
    arrays.push({ name: ['a', 'b'][index]!, elementType, size, global: g(fc.boolean), initial });
  }
  const scalarCount = g(fc.integer, { min: 1, max: 3 });
  const scalars: TypedScalarModel[] = [];
  for (let index = 0; index < scalarCount; index++) {
    const scalarType = pick({ g }, allTypes);
    scalars.push({
      name: ['x', 'y', 'z'][index]!,
      type: scalarType,
      global: g(fc.boolean),
      initial: valueOf({ g }, scalarType),
    });
  }
  const counterTypes = new Map<string, CType>(
    counterNames.map((name) => [
      name,
      pick({ g }, [
        intType,
        intType,
        intType,
        longLongType,
        unsignedIntType,
        unsignedCharType,
        charType,
        shortType,
        unsignedShortType,
        unsignedLongLongType,
      ]),
    ]),
  );
  let size: SizeModel | undefined;
  if (withSize) {
    const sizeType = pick({ g }, [
      unsignedIntType,
      unsignedIntType,
      intType,
      intType,
      unsignedCharType,
      shortType,
      longLongType,
      unsignedLongLongType,
    ]);
    const smallest = Math.min(...arrays.map((array) => array.size));
    size = {
      type: sizeType,
      bound: g(fc.integer, { min: 1, max: Math.min(3, smallest) }),
      lower: sizeType.signed && g(fc.integer, { min: 0, max: 9 }) < 3 ? -2 : 0,
    };
  }
  const context: GenerationContext = {
    g,
    arrays,
    scalars,
    counterTypes,
    size,
    loops: [],
    loopsLeft: Math.max(1, Math.min(2, options.maxLoops ?? 2)),
    nondetBudget: 4,
    statementsLeft: 8,
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
    loopBound =
      size !== undefined && size.bound <= loopArray.size && chance(context, 50)
        ? { kind: 'variable', name: 'n', type: size.type }
        : constantExpression(BigInt(loopArray.size), intType);
    observed = {
      kind: 'cell',
      array: loopArray.name,
      index: { kind: 'counter', name: 'i', offset: 0 },
      type: loopArray.elementType,
    };
    if (chance(context, 25)) observed = { kind: 'cast', type: pick(context, allTypes), operand: observed };
  } else {
    // mostly what the program wrote: a scalar or a cell, as it is, cast, or in a sum
    const written = (): ExpressionModel => {
      const target = generateTarget(context);
      return target.kind === 'variable'
        ? { kind: 'variable', name: target.name, type: target.type }
        : { kind: 'cell', array: target.array, index: target.index, type: target.type };
    };
    const shape = integer(context, 0, 9);
    observed =
      shape === 0
        ? binary('+', written(), generateLeaf(context))
        : shape === 1
          ? binary('-', written(), generateLeaf(context))
          : shape <= 3
            ? { kind: 'cast', type: pick(context, allTypes), operand: written() }
            : shape === 4
              ? generateExpression(context)
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
  const chosen =
    (discriminate ? separatingBound(values, integerValues, comparisonType, chance(context, 80)) : undefined) ??
    chooseBound(values.length > 0 ? values : [0n], comparisonType, operator, wantFailure, variant);
  const finalBody = withAssertion({
    left: observed,
    operator: chosen.operator,
    right: boundConstant(chosen.bound, comparisonType, mixed && !discriminate),
  });
  return { arrays, scalars, counters: countersOf(finalBody), size, body: finalBody };
}

/** A generated program as C text with the C oracle's verdict; programs with undefined behaviour are never produced. */
export function arbitraryTypedProgram(options: TypedProgramOptions = {}): fc.Arbitrary<GeneratedTypedProgram> {
  return fc
    .gen()
    .map((g) => {
      // a program with undefined behaviour (or a runaway loop) on some input is drawn again from
      // the same source of values (fc.gen()'s .filter would draw the very same program again)
      for (let attempt = 0; ; attempt++) {
        const model = generateModel(g, options);
        const evaluation = evaluateTypedModel(model);
        if ((evaluation.undefinedBehaviour === undefined && !evaluation.unbounded) || attempt === 100)
          return { model, evaluation };
      }
    })
    .filter(({ evaluation }) => evaluation.undefinedBehaviour === undefined && !evaluation.unbounded)
    .map(({ model, evaluation }) => {
      const expectedFailure = evaluation.failingRuns > 0;
      const types = [
        ...new Set([
          ...model.scalars.map((scalar) => scalar.type.name),
          ...model.arrays.map((array) => `${array.elementType.name}[]`),
        ]),
      ];
      const description =
        `${model.arrays.length} array(s), ${model.scalars.length} scalar(s), ${countTypedLoops(model.body)} loop(s)` +
        `${model.size === undefined ? '' : `, size n: ${model.size.type.name} <= ${model.size.bound}`}; types ${types.join(', ')}; ` +
        `${evaluation.runs} run(s) over the nondet choices, ${evaluation.failingRuns} failing${evaluation.lossy ? ', wraps or converts lossily' : ''}; ` +
        `expected: ${expectedFailure ? 'failure reachable' : 'safe'}`;
      return {
        source: printTypedProgram(model),
        description,
        model,
        expectedFailure,
        lossy: evaluation.lossy,
        domain: typedEnumerationDomain,
      };
    });
}
