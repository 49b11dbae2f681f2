// The queries of the induction on N (see index.ts for the argument), each a program or an SMT
// script whose `unsat` (or bmc SAFE) proves one premise:
//
// - precondition: φ(N) ⇒ N ≥ 1, and φ(N) ∧ N ≥ start ⇒ φ(N − 1) (so the hypothesis is never vacuous);
// - base cases: P with N fixed to 1 … start − 1, by bmc with unwinding assertions;
// - commutation: the peeled last iteration of a loop and every later element of the middle (a
//   straight-line block, or one iteration of a later loop at any of its counter values for N − 1)
//   give the same final state (loop counters aside, see shape.ts), the same assertion failures and
//   the same blocked paths in either order, for matched nondeterministic choices;
// - step: from any state in which ψ(N − 1) holds, the peels followed by Post show ψ(N). Assertion
//   loops of ψ(N − 1) are instantiated at one fresh index per loop, the index their ψ(N) instance
//   is checked at, and one step below it (a weakening of the hypothesis, so sound).

import {
  createArrayHavoc,
  createAssert,
  createAssign,
  createAssume,
  createBinary,
  createConstant,
  createHavoc,
  createIf,
  createProgram,
  createScalarVariable,
  createVariableExpression,
  convertTo,
  intType,
  unusedVariableId,
} from '../../ir/factory.js';
import type { Block, Expression, Program, ScalarVariable, SourceLocation, Statement } from '../../ir/types.js';
import { substituteScalarInBlock, substituteScalar } from '../../ir/visit.js';
import {
  and,
  createSmtScript,
  equal,
  falseTerm,
  not,
  or,
  trueTerm,
  type FunctionDeclaration,
  type SmtScript,
  type Term,
} from '../../smt/terms.js';
import { ExpressionTranslator } from '../../symbolic/expressions.js';
import { SymbolicExecutor, type ArrayHavocRecord, type ChoiceRecord, type Path } from '../../symbolic/executor.js';
import { collectVariables } from '../../symbolic/variables.js';
import type { Semantics } from '../../ir/types.js';
import type { CountingLoop, InductionShape, MiddleElement, PostElement } from './shape.js';

const nowhere: SourceLocation = { line: 0, column: 0 };
const constant = (value: bigint): Expression => createConstant(value, intType);
const variable = (scalar: ScalarVariable): Expression => createVariableExpression(scalar);
const add = (left: Expression, right: Expression): Expression => createBinary('add', left, right, intType);
const multiply = (left: Expression, right: Expression): Expression => createBinary('multiply', left, right, intType);
const conjunction = (conditions: readonly Expression[]): Expression =>
  conditions.length === 0
    ? constant(1n)
    : conditions.reduce((left, right) => createBinary('logicalAnd', left, right, intType));

/** the fresh scalars a query adds to the program: ids above every id of the program */
export class FreshScalars {
  private next: number;
  readonly created: ScalarVariable[] = [];
  constructor(program: Program) {
    this.next = unusedVariableId(program);
  }
  /** `numbered`: the name carries the id (for a rewrite that makes several of one name) */
  make(name: string, type = intType, numbered = false): ScalarVariable {
    const id = this.next++;
    const scalar = createScalarVariable(
      id,
      numbered ? `induct.${name}.${id}` : `induct.${name}`,
      name,
      type,
      undefined,
    );
    this.created.push(scalar);
    return scalar;
  }
}

/** the counter value of the iteration number `iteration` (from 0) for a size: start + step·iteration, or size + downFrom − iteration */
function counterAt(loop: CountingLoop, iteration: Expression, size: Expression): Expression {
  switch (loop.direction) {
    case 'up':
      return add(constant(loop.start), multiply(constant(loop.step), iteration));
    case 'down':
      return createBinary('subtract', add(size, constant(loop.downFrom)), iteration, intType);
    default: {
      const never: never = loop.direction;
      throw new Error(`unknown direction ${String(never)}`);
    }
  }
}

/** n(size) = k·size + e, the number of iterations for a size */
export function iterations(loop: CountingLoop, size: Expression): Expression {
  return add(multiply(constant(loop.perSize), size), constant(loop.iterationOffset));
}

/** counter values of the iterations for size `size`: start ≤ c < step·size + offset, c ≡ start (mod step) */
export function inRange(loop: CountingLoop, counter: Expression, size: Expression): Expression {
  if (loop.direction === 'down') {
    return conjunction([
      createBinary('lessEqual', constant(loop.start), counter, intType),
      createBinary('lessEqual', counter, add(size, constant(loop.downFrom)), intType),
    ]);
  }
  const conditions = [
    createBinary('lessEqual', constant(loop.start), counter, intType),
    createBinary(
      'less',
      counter,
      add(multiply(constant(loop.step * loop.perSize), size), constant(loop.boundOffset)),
      intType,
    ),
  ];
  if (loop.step !== 1n) {
    conditions.push(
      createBinary(
        'equal',
        createBinary(
          'remainder',
          createBinary('subtract', counter, constant(loop.start), intType),
          constant(loop.step),
          intType,
        ),
        constant(0n),
        intType,
      ),
    );
  }
  return conjunction(conditions);
}

/** the peeled iterations of P(size) over P(size − 1), in order: counter = its value; body; update */
export function peel(loop: CountingLoop, size: Expression): Block {
  if (loop.direction === 'down') {
    // counting down, P(size) adds its first iteration, at the counter's initial value
    return [
      createAssign(loop.counter, convertTo(add(size, constant(loop.downFrom)), loop.counter.type), loop.loop.location),
      ...loop.body,
      ...loop.update,
    ];
  }
  const previousCount = iterations(loop, createBinary('subtract', size, constant(1n), intType));
  const block: Statement[] = [];
  for (let extra = 0n; extra < loop.perSize; extra++) {
    const value = counterAt(loop, add(previousCount, constant(extra)), size);
    block.push(
      createAssign(loop.counter, convertTo(value, loop.counter.type), loop.loop.location),
      ...loop.body,
      ...loop.update,
    );
  }
  return block;
}

export function assumeAssertions(block: Block): Block {
  return block.map((statement): Statement => {
    switch (statement.kind) {
      case 'assert':
        return createAssume(statement.condition, statement.location);
      case 'if':
        return createIf(
          statement.condition,
          assumeAssertions(statement.then),
          assumeAssertions(statement.else),
          statement.location,
        );
      default:
        return statement;
    }
  });
}

/** φ(N) ⇒ N ≥ lower: the program whose safety says so */
export function lowerBoundProgram(program: Program, shape: InductionShape, lower: bigint): Program {
  const body: Statement[] = [
    createHavoc(shape.size, nowhere),
    ...shape.precondition.map((condition) => createAssume(condition, nowhere)),
    createAssert(createBinary('greaterEqual', variable(shape.size), constant(lower), intType), nowhere),
  ];
  return createProgram(program.file, program.scalars, program.arrays, body, program.dataModel);
}

/** the smallest N the inductive step starts from */
export function inductionStart(shape: InductionShape): bigint {
  // n(N − 1) = k·(N − 1) + e >= 0 for every peeled loop
  let start = 2n;
  for (const element of shape.middle) {
    if (element.kind !== 'loop') continue;
    const numerator = element.perSize - element.iterationOffset;
    const least = numerator <= 0n ? 0n : (numerator + element.perSize - 1n) / element.perSize;
    if (least > start) start = least;
  }
  return start;
}

export interface StepProgram {
  readonly program: Program;
  /** the fresh scalar standing for N − 1 */
  readonly previous: ScalarVariable;
}

/** ψ(N − 1) assumed (instantiated at fresh indices), the peels, ψ(N) asserted */
export function stepProgram(
  program: Program,
  shape: InductionShape,
  start: bigint,
  strengthening: readonly Expression[] = [],
): StepProgram {
  const fresh = new FreshScalars(program);
  const size = shape.size;
  const previous = fresh.make(`${size.sourceName}_minus_1`, size.type);
  const body: Statement[] = [];
  for (const scalar of program.scalars) body.push(createHavoc(scalar, nowhere));
  for (const array of program.arrays) body.push(createArrayHavoc(array, nowhere));
  for (const condition of shape.precondition) body.push(createAssume(condition, nowhere));
  body.push(
    createAssign(
      previous,
      convertTo(createBinary('subtract', variable(size), constant(1n), intType), size.type),
      nowhere,
    ),
  );
  body.push(createAssume(createBinary('greaterEqual', variable(size), constant(start), intType), nowhere));
  for (const condition of shape.precondition)
    body.push(createAssume(substituteScalar(condition, size, variable(previous)), nowhere));
  for (const condition of strengthening)
    body.push(createAssume(substituteScalar(condition, size, variable(previous)), nowhere));
  const witnesses = new Map<PostElement, ScalarVariable>();
  // the hypothesis ψ(N − 1)
  for (const element of shape.post) {
    if (element.kind === 'check') {
      body.push(...assumeAssertions(substituteScalarInBlock([element.statement], size, variable(previous))));
      continue;
    }
    const witness = fresh.make(`${element.counter.sourceName}_witness`, element.counter.type);
    witnesses.set(element, witness);
    body.push(createHavoc(witness, element.loop.location));
    // assumed at the witness and one step below it (the cell a peel reads: a[i] = a[i - 1] + c)
    for (const offset of [0n, -element.step]) {
      const index = add(variable(witness), constant(offset));
      const instance = [createAssign(element.counter, index, element.loop.location), ...assumeAssertions(element.body)];
      body.push(
        createIf(
          inRange(element, index, variable(previous)),
          substituteScalarInBlock(instance, size, variable(previous)),
          [],
          element.loop.location,
        ),
      );
    }
  }
  // Δ(N): the peeled iterations, in program order
  for (const element of shape.middle) if (element.kind === 'loop') body.push(...peel(element, variable(size)));
  for (const condition of strengthening) body.push(createAssert(condition, nowhere));
  // ψ(N)
  for (const element of shape.post) {
    if (element.kind === 'check') {
      body.push(element.statement);
      continue;
    }
    const witness = witnesses.get(element)!;
    const instance = [createAssign(element.counter, variable(witness), element.loop.location), ...element.body];
    body.push(createIf(inRange(element, variable(witness), variable(size)), instance, [], element.loop.location));
  }
  return {
    program: createProgram(
      program.file,
      [...program.scalars, ...fresh.created],
      program.arrays,
      body,
      program.dataModel,
    ),
    previous,
  };
}

/** P with N fixed: Pre; assume(N == value); the rest */
export function fixedSizeProgram(program: Program, shape: InductionShape, value: bigint): Program {
  const fixed = createAssume(createBinary('equal', variable(shape.size), constant(value), intType), nowhere);
  const body = [...shape.pre, fixed, ...program.body.slice(shape.pre.length)];
  return createProgram(program.file, program.scalars, program.arrays, body, program.dataModel);
}

/** the unwinding that covers every loop of P(value) with one to spare */
export function fixedSizeUnwind(shape: InductionShape, value: bigint): number {
  let most = 0n;
  for (const element of [...shape.middle, ...shape.post]) {
    if (element.kind === 'loop' && element.perSize * value + element.iterationOffset > most)
      most = element.perSize * value + element.iterationOffset;
  }
  // an inner loop runs up to its bound, linear in N: at most a few times the outer count (the unwinding assertions tell if not)
  return shape.innerLoops.size === 0 ? Number(most) + 1 : 2 * Number(most) + 8;
}

/** φ(N) ⇒ N ≥ lower (>= 1) and φ(N) ∧ N ≥ start ⇒ φ(N − 1) */
export function preconditionProgram(
  program: Program,
  shape: InductionShape,
  start: bigint,
  lower: bigint = 1n,
): Program {
  const fresh = new FreshScalars(program);
  const size = shape.size;
  const previous = fresh.make(`${size.sourceName}_minus_1`, size.type);
  const body: Statement[] = [
    createHavoc(size, nowhere),
    ...shape.precondition.map((condition) => createAssume(condition, nowhere)),
    createAssert(createBinary('greaterEqual', variable(size), constant(lower), intType), { line: 0, column: 1 }),
    createAssign(
      previous,
      convertTo(createBinary('subtract', variable(size), constant(1n), intType), size.type),
      nowhere,
    ),
    createIf(
      createBinary('greaterEqual', variable(size), constant(start), intType),
      [
        createAssert(
          conjunction(shape.precondition.map((condition) => substituteScalar(condition, size, variable(previous)))),
          { line: 0, column: 2 },
        ),
      ],
      [],
      nowhere,
    ),
  ];
  return createProgram(program.file, [...program.scalars, ...fresh.created], program.arrays, body, program.dataModel);
}

/** the values chosen by havoc records, in order (a plain executor records no choice extensions) */
export function choiceValues(records: readonly (ChoiceRecord | ArrayHavocRecord)[]): Term[] {
  return records.flatMap((record) => ('value' in record ? [record.value] : []));
}

/** the later element as a fragment: a straight block, or one iteration at a fresh iteration number */
function fragmentOf(
  element: MiddleElement,
  fresh: FreshScalars,
  size: ScalarVariable,
): { block: Block; range: Expression | undefined } {
  if (element.kind === 'straight') return { block: element.statements, range: undefined };
  const iteration = fresh.make(`${element.counter.sourceName}_iteration`);
  const previousSize = createBinary('subtract', variable(size), constant(1n), intType);
  const counterValue = counterAt(element, variable(iteration), previousSize);
  const range = conjunction([
    createBinary('lessEqual', constant(0n), variable(iteration), intType),
    createBinary('less', variable(iteration), iterations(element, previousSize), intType),
  ]);
  return {
    block: [
      createAssign(element.counter, convertTo(counterValue, element.counter.type), element.loop.location),
      ...element.body,
      ...element.update,
    ],
    range,
  };
}

/**
 * `peeled` (the last iteration of a loop for N) then `later`, against `later` then `peeled`: sat
 * when the two orders can differ (the query of the commutation premise).
 */
export function commutationScript(
  program: Program,
  shape: InductionShape,
  start: bigint,
  peeled: CountingLoop,
  later: MiddleElement,
  semantics: Semantics,
): SmtScript | { kind: 'unsupported'; reason: string } {
  const fresh = new FreshScalars(program);
  const fragment = fragmentOf(later, fresh, shape.size);
  const peelBlock = peel(peeled, variable(shape.size));
  const extended = createProgram(
    program.file,
    [...program.scalars, ...fresh.created],
    program.arrays,
    [...peelBlock, ...fragment.block],
    program.dataModel,
  );
  const variables = collectVariables(extended);
  const translator = new ExpressionTranslator(semantics);
  const functions = new Map<string, FunctionDeclaration>();
  const executor = new SymbolicExecutor(extended, variables, translator, {
    inlineLimit: 0,
    namePrefix: '',
    exactDivision: true,
    loop: () => {
      throw new Error('internal: induct: a loop in a commutation fragment');
    },
  });
  executor.useUninterpretedFunctions(functions);
  const initial = executor.freshState('@start');
  const global = [
    ...shape.precondition,
    createBinary('greaterEqual', variable(shape.size), constant(start), intType),
    ...(fragment.range === undefined ? [] : [fragment.range]),
  ];
  for (const condition of global) {
    const translation = executor.condition(condition, initial);
    executor.assume(and(translation.definedness, translation.term));
  }
  const start0: Path = { guard: trueTerm, state: initial };
  const run = (first: Block, second: Block) => {
    const violations = executor.violations.length;
    const havocs = executor.havocs.length;
    const arrayHavocs = executor.arrayHavocs.length;
    const middle = executor.executeBlock(first, start0).normal;
    const havocsMiddle = executor.havocs.length;
    const arrayHavocsMiddle = executor.arrayHavocs.length;
    const end = middle === undefined ? undefined : executor.executeBlock(second, middle).normal;
    return {
      end,
      failure: or(...executor.violations.slice(violations).map((violation) => violation.condition)),
      firstHavocs: choiceValues(executor.havocs.slice(havocs, havocsMiddle)),
      secondHavocs: choiceValues(executor.havocs.slice(havocsMiddle)),
      firstArrayHavocs: choiceValues(executor.arrayHavocs.slice(arrayHavocs, arrayHavocsMiddle)),
      secondArrayHavocs: choiceValues(executor.arrayHavocs.slice(arrayHavocsMiddle)),
    };
  };
  const forward = run(peelBlock, fragment.block);
  const backward = run(fragment.block, peelBlock);
  // the same choices for the same statements in both orders
  const pairs: [readonly Term[], readonly Term[]][] = [
    [forward.firstHavocs, backward.secondHavocs],
    [forward.secondHavocs, backward.firstHavocs],
    [forward.firstArrayHavocs, backward.secondArrayHavocs],
    [forward.secondArrayHavocs, backward.firstArrayHavocs],
  ];
  for (const [left, right] of pairs) {
    if (left.length !== right.length)
      return { kind: 'unsupported', reason: 'the choices of the two orders cannot be matched' };
    left.forEach((value, index) => executor.assume(equal(value, right[index]!)));
  }
  const guard = (end: Path | undefined): Term => end?.guard ?? falseTerm;
  const differences: Term[] = [];
  if (forward.end !== undefined && backward.end !== undefined) {
    for (const scalar of variables.scalars) {
      if (shape.counters.has(scalar.id)) continue;
      const left = forward.end.state.scalars.get(scalar.id)!;
      const right = backward.end.state.scalars.get(scalar.id)!;
      if (left !== right) differences.push(not(equal(left, right)));
    }
    for (const array of variables.arrays) {
      const left = forward.end.state.arrays.get(array.id)!;
      const right = backward.end.state.arrays.get(array.id)!;
      if (left !== right) differences.push(not(equal(left, right)));
    }
  }
  const goal = or(
    not(equal(forward.failure, backward.failure)),
    and(
      not(forward.failure),
      or(not(equal(guard(forward.end), guard(backward.end))), and(guard(forward.end), or(...differences))),
    ),
  );
  const where =
    later.kind === 'loop'
      ? `an iteration of the loop at ${later.loop.location.line}`
      : `the statements at line ${later.statements[0]?.location.line ?? '?'}`;
  const which = peeled.direction === 'down' ? 'first' : 'last';
  return createSmtScript({
    headerComments: [
      `induct: does the ${which} iteration of the loop at line ${peeled.loop.location.line} (for N) commute with ${where} (for N - 1)?`,
      'unsat: they commute (same final state except loop counters, same assertion failures, same blocked runs)',
      'sat: they may not commute: the peel cannot be moved to the end',
    ],
    logic: 'ALL',
    constants: executor.constants,
    functions: [...functions.values()],
    assertions: [...executor.definitions.map((term) => ({ term })), { term: goal, comment: 'the two orders differ' }],
  });
}

/** the pairs whose commutation the proof needs: each peel with every later element, and a loop counting down with its own iterations */
export function commutationPairs(
  shape: InductionShape,
): { readonly peeled: CountingLoop; readonly later: MiddleElement }[] {
  const pairs: { peeled: CountingLoop; later: MiddleElement }[] = [];
  for (const [index, element] of shape.middle.entries()) {
    if (element.kind !== 'loop') continue;
    if (element.direction === 'down') pairs.push({ peeled: element, later: element });
    for (const later of shape.middle.slice(index + 1)) pairs.push({ peeled: element, later });
  }
  return pairs;
}
