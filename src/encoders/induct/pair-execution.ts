// The symbolic execution of P(N) and P(N − 1) side by side for `induct`'s difference relations
// (lockstep.ts): the relation candidates and their meaning as terms, the pair of paths, P(N)'s peels
// and the start of both runs. One executor, one query per use; inner loops go through pointwise-loops.ts.
//
// Soundness: see lockstep.ts. Everything here builds terms; nothing is assumed that the relations'
// definitions in the header of lockstep.ts do not say. Int semantics only.

import { createBinary, createConstant, createVariableExpression, intType } from '../../ir/factory.js';
import type { ArrayVariable, Block, Expression, Program, ScalarVariable } from '../../ir/types.js';
import { flattenStatements, substituteScalar, substituteScalarInBlock, writtenVariables } from '../../ir/visit.js';
import { constantOf, variableOffset } from '../../analysis/induction-variables.js';
import {
  add,
  and,
  containsSubterm,
  createSmtScript,
  equal,
  euclideanModulo,
  falseTerm,
  forall,
  greaterEqual,
  implies,
  intConstant,
  intSort,
  less,
  lessEqual,
  multiply,
  not,
  or,
  select,
  subtract,
  symbol,
  trueTerm,
  type FunctionDeclaration,
  type SmtScript,
  type Term,
} from '../../smt/terms.js';
import { ExpressionTranslator } from '../../symbolic/expressions.js';
import { SymbolicExecutor, type Path, type SymbolicState } from '../../symbolic/executor.js';
import { collectVariables } from '../../symbolic/variables.js';
import { choiceValues, peel } from './premises.js';
import type { CountingLoop, InductionShape } from './shape.js';
import { pointwiseHook, type PointwiseArrays } from './pointwise-loops.js';

/** the cells of an array a loop writes: one constant cell, or the cell counter + offset */
export type WrittenCells =
  | { readonly kind: 'cell'; readonly index: bigint }
  | { readonly kind: 'counter'; readonly offsets: readonly bigint[] }
  /** every cell low ≤ k < N + high, written by pointwise inner loops in each iteration (P(N − 1): k < N − 1 + high) */
  | Band;

export interface Band {
  readonly kind: 'band';
  readonly low: bigint;
  readonly high: bigint;
}

export type Relation =
  | ({ readonly kind: 'scalar'; readonly variable: ScalarVariable } & DifferencePolynomial)
  | ({ readonly kind: 'cell'; readonly array: ArrayVariable; readonly index: bigint } & DifferencePolynomial)
  | {
      readonly kind: 'written';
      readonly array: ArrayVariable;
      readonly offset: bigint;
      readonly constant: bigint;
      readonly slope: bigint;
      /** the coefficients' growth per unit of N; absent: none */
      readonly perSize?: { readonly constant: bigint; readonly slope: bigint };
    }
  | { readonly kind: 'frame'; readonly array: ArrayVariable; readonly cells: WrittenCells }
  /** the cells both programs' inner loops write, low ≤ k < N − 1 + high: their difference grows as a polynomial in n, the same for every cell */
  | ({ readonly kind: 'band'; readonly array: ArrayVariable; readonly band: Band } & DifferencePolynomial)
  /** P(N)'s one extra cell N − 1 + high of a band: its own value grows as a polynomial in n */
  | ({ readonly kind: 'edge'; readonly array: ArrayVariable; readonly band: Band } & DifferencePolynomial)
  /** P(N − 1)'s own written cells: a_{N−1}[k] = α + β·k + γ·(N − 1) (what a later loop's condition may need) */
  | {
      readonly kind: 'values';
      readonly array: ArrayVariable;
      readonly offset: bigint;
      readonly constant: bigint;
      readonly slope: bigint;
      readonly sizeFactor: bigint;
    };

/**
 * a difference d(n) = d(0) + c1·n + c2·n(n − 1)/2 (d(0): the difference at the loop's entry), or,
 * with `afterFirst` set, d(n) = afterFirst + c1·(n − 1) + c2·(n − 1)(n − 2)/2 from the first common
 * iteration on (a maximum that the first iteration sets from cells that differ)
 */
export interface DifferencePolynomial {
  readonly linear: bigint;
  readonly quadratic: bigint;
  readonly afterFirst?: bigint;
  /** each coefficient's growth per unit of N (c + c'·N), fitted on two sizes; absent: none */
  readonly perSize?: { readonly linear: bigint; readonly quadratic: bigint; readonly afterFirst: bigint };
}

export type LockstepResult =
  | { readonly kind: 'holds'; readonly relations: readonly string[] }
  | { readonly kind: 'fails'; readonly reason: string; readonly timeout: boolean };

export interface PathPair {
  readonly current: Path;
  readonly previous: Path;
}

/** N − 1 as an expression: what P(N − 1)'s side reads for N */
export function previousSize(size: ScalarVariable): Expression {
  return createBinary('subtract', createVariableExpression(size), createConstant(1n, intType), intType);
}

/** P(N)'s value minus P(N − 1)'s of what `read` reads */
export function sideDifference(pair: PathPair, read: (state: SymbolicState) => Term): Term {
  return subtract(read(pair.current.state), read(pair.previous.state));
}

/**
 * which cells of `array` the loop writes: one constant cell, or counter + offset for offsets distinct
 * modulo the step (a[i], a[i + 1] with step 2), so that each cell is written by one iteration at most
 */
export function writtenCells(loop: CountingLoop, array: ArrayVariable): WrittenCells | undefined {
  if (array.sizes.length !== 1) return undefined;
  let fixedIndex: bigint | undefined;
  const offsets = new Set<bigint>();
  for (const statement of flattenStatements(loop.body)) {
    if ((statement.kind === 'arrayHavoc' || statement.kind === 'arrayFill') && statement.array.id === array.id)
      return undefined;
    if (statement.kind !== 'arrayWrite' || statement.array.id !== array.id) continue;
    const index = statement.indices[0]!;
    const fixed = constantOf(index);
    const offset = fixed === undefined ? variableOffset(index, loop.counter) : undefined;
    if (fixed !== undefined && (fixedIndex === undefined || fixedIndex === fixed)) fixedIndex = fixed;
    else if (offset !== undefined) offsets.add(offset);
    else return undefined;
  }
  if (fixedIndex !== undefined) return offsets.size === 0 ? { kind: 'cell', index: fixedIndex } : undefined;
  const residues = new Set([...offsets].map((offset) => ((offset % loop.step) + loop.step) % loop.step));
  if (offsets.size === 0 || residues.size !== offsets.size) return undefined;
  return { kind: 'counter', offsets: [...offsets].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0)) };
}

export function describeRelation(relation: Relation, size: string): string {
  const coefficient = (value: bigint, perSize: bigint | undefined): string =>
    perSize === undefined || perSize === 0n ? `${value}` : `(${value} + ${perSize}·${size})`;
  const base = (difference: DifferencePolynomial): string =>
    difference.afterFirst === undefined
      ? '(at entry)'
      : `${coefficient(difference.afterFirst, difference.perSize?.afterFirst)} after the first iteration, for n >= 1:`;
  const polynomial = (difference: DifferencePolynomial): string =>
    [
      difference.linear === 0n && !difference.perSize?.linear
        ? ''
        : ` + ${coefficient(difference.linear, difference.perSize?.linear)}·n`,
      difference.quadratic === 0n && !difference.perSize?.quadratic
        ? ''
        : ` + ${coefficient(difference.quadratic, difference.perSize?.quadratic)}·n(n-1)/2`,
    ].join('');
  switch (relation.kind) {
    case 'scalar':
      return `${relation.variable.sourceName}_${size} - ${relation.variable.sourceName}_${size}-1 = ${base(relation)}${polynomial(relation)}`;
    case 'cell':
      return `${relation.array.sourceName}[${relation.index}]_${size} - ${relation.array.sourceName}[${relation.index}]_${size}-1 = ${base(relation)}${polynomial(relation)}`;
    case 'written':
      return `for written k: ${relation.array.sourceName}[k]_${size} - ${relation.array.sourceName}[k]_${size}-1 = (at entry) + ${coefficient(relation.constant, relation.perSize?.constant)} + ${coefficient(relation.slope, relation.perSize?.slope)}·k`;
    case 'frame':
      return `cells of ${relation.array.sourceName} not written so far keep their entry values`;
    case 'band':
      return `for ${relation.band.low} <= k < ${size} - 1 + ${relation.band.high}: ${relation.array.sourceName}[k]_${size} - ${relation.array.sourceName}[k]_${size}-1 = ${base(relation)}${polynomial(relation)}`;
    case 'edge':
      return `${relation.array.sourceName}[${size} - 1 + ${relation.band.high}]_${size} = ${relation.afterFirst === undefined ? '(at entry)' : base(relation)}${polynomial(relation)}`;
    case 'values':
      return `for written k: ${relation.array.sourceName}[k]_${size}-1 = ${relation.constant} + ${relation.slope}·k + ${relation.sizeFactor}·(${size} - 1)`;
    default: {
      const never: never = relation;
      throw new Error(`unknown relation ${JSON.stringify(never)}`);
    }
  }
}

/** the symbolic execution of P(N) and P(N − 1) side by side (one executor, one query) */
export class PairExecution {
  readonly executor: SymbolicExecutor;
  readonly functions = new Map<string, FunctionDeclaration>();
  /** failures of P(N)'s side (the goal) */
  readonly currentFailures: Term[] = [];
  /** P(N)'s path alive while P(N − 1)'s is blocked (the goal too) */
  readonly blockedTwins: Term[] = [];
  readonly size: Term;
  /** both sides after Pre, or why the choices of Pre(N) and Pre(N − 1) cannot be matched */
  readonly afterPre: PathPair | string;
  private boundCounter = 0;

  constructor(
    readonly program: Program,
    readonly shape: InductionShape,
    semantics: 'int' | 'bv',
    free: readonly ScalarVariable[] = [],
    arrays: PointwiseArrays = 'lambda',
  ) {
    const translator = new ExpressionTranslator(semantics);
    this.executor = new SymbolicExecutor(program, collectVariables(program), translator, {
      inlineLimit: 0,
      namePrefix: '',
      exactDivision: true,
      loop: pointwiseHook(shape.innerLoops, arrays),
    });
    this.executor.useUninterpretedFunctions(this.functions);
    // Pre on both sides from the interpreter's initial state (N − 1 for N on P(N − 1)'s side; the
    // havoc of N takes the same choice, so N_{N−1} − 1 is what that side reads)
    // the witnesses of the step are any index: fresh values, the same on both sides
    const zero = this.executor.initialState();
    const scalars = new Map(zero.scalars);
    for (const witness of free)
      scalars.set(witness.id, this.executor.fresh(witness.name, zero.scalars.get(witness.id)!.sort));
    const initial: Path = { guard: trueTerm, state: { scalars, arrays: zero.arrays } };
    const pair = this.runBoth(shape.pre, { current: initial, previous: initial });
    this.afterPre = pair;
    const state = typeof pair === 'string' ? initial.state : pair.current.state;
    this.size = state.scalars.get(shape.size.id)!;
  }

  assumeExpression(condition: Expression, state: SymbolicState): void {
    const translation = this.executor.condition(condition, state);
    this.executor.assume(and(translation.definedness, translation.term));
  }

  /** the block on P(N)'s side, its failures recorded */
  runCurrent(block: Block, path: Path): Path {
    const before = this.executor.violations.length;
    const end = this.executor.executeBlock(block, path).normal;
    for (const violation of this.executor.violations.slice(before)) this.currentFailures.push(violation.condition);
    return end ?? { guard: falseTerm, state: path.state };
  }

  /** the block on both sides (N − 1 for N on P(N − 1)'s), the same choices, P(N − 1)'s failures excluded (it fails none) */
  runBoth(block: Block, pair: PathPair): PathPair | string {
    const executor = this.executor;
    const havocs = executor.havocs.length;
    const arrayHavocs = executor.arrayHavocs.length;
    const current = this.runCurrent(block, pair.current);
    const havocsMiddle = executor.havocs.length;
    const arrayHavocsMiddle = executor.arrayHavocs.length;
    const violations = executor.violations.length;
    const previousBlock = substituteScalarInBlock(block, this.shape.size, previousSize(this.shape.size));
    const previous = executor.executeBlock(previousBlock, pair.previous).normal ?? {
      guard: falseTerm,
      state: pair.previous.state,
    };
    for (const violation of executor.violations.slice(violations)) executor.assume(not(violation.condition));
    const matches: [Term[], Term[]][] = [
      [choiceValues(executor.havocs.slice(havocs, havocsMiddle)), choiceValues(executor.havocs.slice(havocsMiddle))],
      [
        choiceValues(executor.arrayHavocs.slice(arrayHavocs, arrayHavocsMiddle)),
        choiceValues(executor.arrayHavocs.slice(arrayHavocsMiddle)),
      ],
    ];
    for (const [left, right] of matches) {
      if (left.length !== right.length) return 'the choices of the two programs cannot be matched';
      left.forEach((value, index) => executor.assume(equal(value, right[index]!)));
    }
    this.blockedTwins.push(and(current.guard, not(previous.guard)));
    return { current, previous };
  }

  /** a state like `state` with fresh values for what the loop writes, and the counter at iteration `iteration` */
  loopState(loop: CountingLoop, state: SymbolicState, iteration: Term | undefined, suffix: string): SymbolicState {
    const written = writtenVariables(loop.body, loop.update);
    const scalars = new Map(state.scalars);
    const arrays = new Map(state.arrays);
    for (const [id, variable] of written.scalars)
      scalars.set(id, this.executor.fresh(`${variable.name}${suffix}`, state.scalars.get(id)!.sort));
    for (const [id, array] of written.arrays)
      arrays.set(id, this.executor.fresh(`${array.name}${suffix}`, state.arrays.get(id)!.sort));
    scalars.set(
      loop.counter.id,
      iteration === undefined
        ? this.executor.fresh(`${loop.counter.name}${suffix}`, intSort)
        : this.counterValue(loop, iteration),
    );
    return { scalars, arrays };
  }

  /**
   * the counter at common iteration n: start + step·n counting up; counting down, P(N)'s first
   * iteration (the peel, counter N + d) runs before the common ones, which then share the counter
   * value N − 1 + d − n with P(N − 1)'s
   */
  counterValue(loop: CountingLoop, iteration: Term): Term {
    return loop.direction === 'up'
      ? add(intConstant(loop.start), multiply(intConstant(loop.step), iteration))
      : subtract(add(this.size, intConstant(loop.downFrom - 1n)), iteration);
  }

  /** P(N)'s side before the common iterations: its first iteration when the loop counts down */
  beforeCommon(loop: CountingLoop, pair: PathPair): PathPair {
    return loop.direction === 'up'
      ? pair
      : {
          current: this.runCurrent(peel(loop, createVariableExpression(this.shape.size)), pair.current),
          previous: pair.previous,
        };
  }

  /** P(N)'s side after the common iterations: its last iteration(s) when the loop counts up */
  afterCommon(loop: CountingLoop, pair: PathPair): PathPair {
    return loop.direction === 'down'
      ? pair
      : {
          current: this.runCurrent(peel(loop, createVariableExpression(this.shape.size)), pair.current),
          previous: pair.previous,
        };
  }

  /** the number of common iterations, n(N − 1) */
  commonIterations(loop: CountingLoop): Term {
    return add(
      multiply(intConstant(loop.perSize), subtract(this.size, intConstant(1n))),
      intConstant(loop.iterationOffset),
    );
  }

  boundVariable(): Term & { kind: 'symbol' } {
    return symbol(`k!${this.boundCounter++}`, intSort) as Term & { kind: 'symbol' };
  }

  /** R(n) of one candidate between the entry pair and the pair after n common iterations */
  relation(relation: Relation, loop: CountingLoop, entry: PathPair, now: PathPair, iteration: Term): Term {
    // zero coefficients leave their terms out: a product with a constant 0 would still be nonlinear to the solver
    const growth = (count: Term, form: DifferencePolynomial): Term =>
      add(
        ...(form.linear === 0n && !form.perSize?.linear
          ? []
          : [multiply(this.coefficient(2n * form.linear, 2n * (form.perSize?.linear ?? 0n)), count)]),
        ...(form.quadratic === 0n && !form.perSize?.quadratic
          ? []
          : [
              multiply(
                this.coefficient(form.quadratic, form.perSize?.quadratic ?? 0n),
                count,
                subtract(count, intConstant(1n)),
              ),
            ]),
        intConstant(0n),
      );
    // `oneSided`: P(N)'s value itself rather than the difference
    const polynomial = (read: (state: SymbolicState) => Term, form: DifferencePolynomial, oneSided = false): Term => {
      const value = (pair: PathPair): Term => (oneSided ? read(pair.current.state) : sideDifference(pair, read));
      if (form.afterFirst === undefined) {
        return equal(
          multiply(intConstant(2n), value(now)),
          add(multiply(intConstant(2n), value(entry)), growth(iteration, form)),
        );
      }
      const later = subtract(iteration, intConstant(1n));
      return implies(
        greaterEqual(iteration, intConstant(1n)),
        equal(
          multiply(intConstant(2n), value(now)),
          add(this.coefficient(2n * form.afterFirst, 2n * (form.perSize?.afterFirst ?? 0n)), growth(later, form)),
        ),
      );
    };
    switch (relation.kind) {
      case 'scalar':
        return polynomial((state) => state.scalars.get(relation.variable.id)!, relation);
      case 'cell':
        return polynomial(
          (state) => select(state.arrays.get(relation.array.id)!, intConstant(relation.index)),
          relation,
        );
      case 'written': {
        const cell = this.boundVariable();
        const read = (state: SymbolicState): Term => select(state.arrays.get(relation.array.id)!, cell);
        const slope =
          relation.slope === 0n && !relation.perSize?.slope
            ? []
            : [multiply(this.coefficient(relation.slope, relation.perSize?.slope ?? 0n), cell)];
        const value = add(
          sideDifference(entry, read),
          this.coefficient(relation.constant, relation.perSize?.constant ?? 0n),
          ...slope,
        );
        return forall(
          [cell],
          implies(this.writtenBy(loop, relation.offset, cell, iteration), equal(sideDifference(now, read), value)),
        );
      }
      case 'values': {
        const cell = this.boundVariable();
        const value = add(
          intConstant(relation.constant),
          multiply(intConstant(relation.slope), cell),
          multiply(intConstant(relation.sizeFactor), subtract(this.size, intConstant(1n))),
        );
        return forall(
          [cell],
          implies(
            this.writtenBy(loop, relation.offset, cell, iteration),
            equal(select(now.previous.state.arrays.get(relation.array.id)!, cell), value),
          ),
        );
      }
      case 'band': {
        const cell = this.boundVariable();
        const inBand = and(
          lessEqual(intConstant(relation.band.low), cell),
          less(cell, add(this.size, intConstant(relation.band.high - 1n))),
        );
        return forall(
          [cell],
          implies(
            inBand,
            polynomial((state) => select(state.arrays.get(relation.array.id)!, cell), relation),
          ),
        );
      }
      case 'edge': {
        const cell = add(this.size, intConstant(relation.band.high - 1n));
        return polynomial((state) => select(state.arrays.get(relation.array.id)!, cell), relation, true);
      }
      case 'frame': {
        const cell = this.boundVariable();
        const id = relation.array.id;
        if (relation.cells.kind === 'band') {
          // outside what each side's inner loops write, its cells keep their entry values
          const { low, high } = relation.cells;
          const outside = (last: Term): Term => or(less(cell, intConstant(low)), greaterEqual(cell, last));
          return forall(
            [cell],
            and(
              implies(
                outside(add(this.size, intConstant(high))),
                equal(
                  select(now.current.state.arrays.get(id)!, cell),
                  select(entry.current.state.arrays.get(id)!, cell),
                ),
              ),
              implies(
                outside(add(this.size, intConstant(high - 1n))),
                equal(
                  select(now.previous.state.arrays.get(id)!, cell),
                  select(entry.previous.state.arrays.get(id)!, cell),
                ),
              ),
            ),
          );
        }
        const unchanged = and(
          equal(select(now.current.state.arrays.get(id)!, cell), select(entry.current.state.arrays.get(id)!, cell)),
          equal(select(now.previous.state.arrays.get(id)!, cell), select(entry.previous.state.arrays.get(id)!, cell)),
        );
        const written =
          relation.cells.kind === 'cell'
            ? equal(cell, intConstant(relation.cells.index))
            : or(...relation.cells.offsets.map((offset) => this.writtenBy(loop, offset, cell, iteration)));
        return forall([cell], implies(not(written), unchanged));
      }
      default: {
        const never: never = relation;
        throw new Error(`unknown relation ${JSON.stringify(never)}`);
      }
    }
  }

  /** c + c'·N */
  private coefficient(value: bigint, perSize: bigint): Term {
    return perSize === 0n ? intConstant(value) : add(intConstant(value), multiply(intConstant(perSize), this.size));
  }

  /** k is written by one of the first n common iterations: k = counter + offset for a counter value of those */
  private writtenBy(loop: CountingLoop, offset: bigint, cell: Term, iteration: Term): Term {
    if (loop.direction === 'down') {
      const high = add(this.size, intConstant(loop.downFrom - 1n + offset));
      return and(less(subtract(high, iteration), cell), lessEqual(cell, high));
    }
    const low = intConstant(loop.start + offset);
    const conditions = [lessEqual(low, cell), less(cell, add(low, multiply(intConstant(loop.step), iteration)))];
    if (loop.step !== 1n)
      conditions.push(equal(euclideanModulo(subtract(cell, low), intConstant(loop.step)), intConstant(0n)));
    return and(...conditions);
  }

  script(comments: readonly string[], assumptions: readonly Term[], goal: Term): SmtScript {
    const assertions = [
      ...this.executor.definitions.map((term) => ({ term })),
      ...assumptions.map((term) => ({ term })),
      { term: goal, comment: 'the goal' },
    ];
    // a quantified logic where the script allows it (no constant array, which it does not declare):
    // z3 then runs its general solver, which proves the nonlinear identities of the relations (N·n)
    // at once, where 'ALL' on a quantifier-free nonlinear query picks nlsat, which does not return on them
    const constantArrays = assertions.some(({ term }) =>
      containsSubterm(term, (inner) => inner.kind === 'constantArray', { intoBinders: true }),
    );
    return createSmtScript({
      headerComments: comments,
      logic: constantArrays ? 'ALL' : 'AUFNIRA',
      constants: this.executor.constants,
      functions: [...this.functions.values()],
      assertions,
    });
  }
}

/** the start of both runs: Pre on both sides, φ(N), φ(N − 1), N ≥ start */
export function startPair(execution: PairExecution, start: bigint): PathPair | string {
  const shape = execution.shape;
  const pair = execution.afterPre;
  if (typeof pair === 'string') return pair;
  for (const condition of shape.precondition) {
    execution.assumeExpression(condition, pair.current.state);
    execution.assumeExpression(substituteScalar(condition, shape.size, previousSize(shape.size)), pair.current.state);
  }
  execution.executor.assume(greaterEqual(execution.size, intConstant(start)));
  return pair;
}

/** each query of this file gets at most this long (the fit, a candidate, the step): a hard one rarely turns easy with more time */
export const queryMilliseconds = 3000;
