// Difference relations of `induct` (issue 12, step 4): the inductive step when the peels cannot be
// moved to the end, because the middle reads N (`s += N`, `a[i] = N - i`) or a peel does not commute.
//
// P(N) and P(N − 1) are run side by side with the same nondeterministic choices: Pre on both sides
// from the interpreter's initial state (N − 1 read for N on the second), then the middle. Each
// counting loop of the middle runs in lockstep over its n(N − 1) common iterations, and P(N) alone
// runs the peeled iteration(s). A loop's relation R(n) between
// the two states after n common iterations is a conjunction of candidates (`Relation`):
// - scalar v:       v_N − v_{N−1} = (v_N − v_{N−1} at the loop's entry) + c1·n + c2·n(n−1)/2
// - one cell a[k0]: the same for the cell (a one-cell accumulator)
// - written cells:  ∀k written by the first n iterations (index counter + offset):
//                   a_N[k] − a_{N−1}[k] = (the same difference at the entry) + α + β·k
// - frame:          ∀k not written so far: a_N[k] and a_{N−1}[k] are their values at the entry;
// - own values:     ∀k written so far: a_{N−1}[k] = α + β·k + γ·(N − 1) (a fact of P(N − 1) alone
//                   that a later loop's condition may need, `a[i] < m` with a[i] = i + N);
// - a scalar's difference may also start after the first common iteration (a maximum that the
//   first iteration sets from cells that differ).
// A loop counting down runs P(N)'s extra iteration first (counter N + d), then the common ones
// share their counter values N − 1 + d − n; a loop counting up runs the common ones first.
// The coefficients are fitted on one run of both programs for a small fixed N (one solver model), and
// each candidate is then proven for every N: R(0) holds by construction, and R(n) ∧ one iteration
// of both bodies ⇒ R(n + 1) is one query per candidate (candidates that fail are dropped, Houdini).
// The same queries show that P(N − 1)'s twin iteration is never blocked when P(N)'s is not, and
// that P(N)'s iteration fails no assertion that P(N − 1)'s passes (P(N − 1) fails none, by the
// induction hypothesis). The final query (the step) assumes the relations at each loop's exit
// (fresh states constrained only by R, so every entry state keeps a successor), runs the peels and
// the straight blocks, assumes ψ(N − 1) of P(N − 1)'s final state, and asks whether ψ(N) can fail.
//
// Soundness: every candidate used is proven inductive; the relations are over-approximations of the
// pairs of runs, so an unsat step query proves ψ(N) for every run of P(N) whose twin run of P(N − 1)
// satisfies ψ(N − 1). Int semantics only (index.ts refuses bv before this point).

import { createAssign, createBinary, createConstant, createIf, createProgram, createVariableExpression, intType } from '../../ir/factory.js';
import type { ArrayVariable, Block, Expression, Program, ScalarVariable } from '../../ir/types.js';
import { linearInSize } from './shape.js';
import { flattenStatements, stripCasts, substituteScalar, substituteScalarInBlock, writtenVariables } from '../../ir/visit.js';
import { constantOf } from '../../analysis/induction.js';
import {
  add, and, containsSubterm, createSmtScript, equal, euclideanModulo, falseTerm, forall, greaterEqual, implies, intConstant, intSort, less, lessEqual, multiply, not, or,
  select, subtract, symbol, trueTerm, type FunctionDeclaration, type SmtScript, type Term,
} from '../../smt/terms.js';
import type { Solver, ModelValue } from '../../solvers/solver.js';
import { ExpressionTranslator } from '../common/expressions.js';
import { SymbolicExecutor, type Path, type SymbolicState } from '../common/ssa.js';
import { collectVariables } from '../common/variables.js';
import type { Budget } from '../kernel/budget.js';
import { assumeAssertions, choiceValues, FreshScalars, inRange, peel } from './queries.js';
import type { CountingLoop, InductionShape, MiddleElement } from './shape.js';
import { analysePointwise, pointwiseHook } from './pointwise.js';

/** the cells of an array a loop writes: one constant cell, or the cell counter + offset */
type WrittenCells =
  | { readonly kind: 'cell'; readonly index: bigint }
  | { readonly kind: 'counter'; readonly offsets: readonly bigint[] }
  /** every cell low ≤ k < N + high, written by pointwise inner loops in each iteration (P(N − 1): k < N − 1 + high) */
  | Band;

interface Band { readonly kind: 'band'; readonly low: bigint; readonly high: bigint }

export type Relation =
  | ({ readonly kind: 'scalar'; readonly variable: ScalarVariable } & Polynomial)
  | ({ readonly kind: 'cell'; readonly array: ArrayVariable; readonly index: bigint } & Polynomial)
  | {
    readonly kind: 'written'; readonly array: ArrayVariable; readonly offset: bigint; readonly constant: bigint; readonly slope: bigint;
    /** the coefficients' growth per unit of N; absent: none */
    readonly perSize?: { readonly constant: bigint; readonly slope: bigint };
  }
  | { readonly kind: 'frame'; readonly array: ArrayVariable; readonly cells: WrittenCells }
  /** the cells both programs' inner loops write, low ≤ k < N − 1 + high: their difference grows as a polynomial in n, the same for every cell */
  | ({ readonly kind: 'band'; readonly array: ArrayVariable; readonly band: Band } & Polynomial)
  /** P(N)'s one extra cell N − 1 + high of a band: its own value grows as a polynomial in n */
  | ({ readonly kind: 'edge'; readonly array: ArrayVariable; readonly band: Band } & Polynomial)
  /** P(N − 1)'s own written cells: a_{N−1}[k] = α + β·k + γ·(N − 1) (what a later loop's condition may need) */
  | { readonly kind: 'values'; readonly array: ArrayVariable; readonly offset: bigint; readonly constant: bigint; readonly slope: bigint; readonly sizeFactor: bigint };

/**
 * a difference d(n) = d(0) + c1·n + c2·n(n − 1)/2 (d(0): the difference at the loop's entry), or,
 * with `afterFirst` set, d(n) = afterFirst + c1·(n − 1) + c2·(n − 1)(n − 2)/2 from the first common
 * iteration on (a maximum that the first iteration sets from cells that differ)
 */
interface Polynomial {
  readonly linear: bigint; readonly quadratic: bigint; readonly afterFirst?: bigint;
  /** each coefficient's growth per unit of N (c + c'·N), fitted on two sizes; absent: none */
  readonly perSize?: { readonly linear: bigint; readonly quadratic: bigint; readonly afterFirst: bigint };
}

export type LockstepResult =
  | { readonly kind: 'holds'; readonly relations: readonly string[] }
  | { readonly kind: 'fails'; readonly reason: string; readonly timeout: boolean };

interface PathPair { readonly current: Path; readonly previous: Path }

/** N − 1 as an expression: what P(N − 1)'s side reads for N */
function previousSize(size: ScalarVariable): Expression {
  return createBinary('subtract', createVariableExpression(size), createConstant(1n, intType), intType);
}

/** P(N)'s value minus P(N − 1)'s of what `read` reads */
function sideDifference(pair: PathPair, read: (state: SymbolicState) => Term): Term {
  return subtract(read(pair.current.state), read(pair.previous.state));
}

/** `counter + offset` (casts looked through) as the offset, or undefined */
function counterOffset(expression: Expression, counter: ScalarVariable): bigint | undefined {
  const stripped = stripCasts(expression);
  if (stripped.kind === 'variable') return stripped.variable.id === counter.id ? 0n : undefined;
  if (stripped.kind !== 'binary' || (stripped.operator !== 'add' && stripped.operator !== 'subtract')) return undefined;
  const right = constantOf(stripped.right);
  const left = counterOffset(stripped.left, counter);
  if (right !== undefined && left !== undefined) return stripped.operator === 'add' ? left + right : left - right;
  const first = constantOf(stripped.left);
  const other = stripped.operator === 'add' ? counterOffset(stripped.right, counter) : undefined;
  return first !== undefined && other !== undefined ? first + other : undefined;
}

/**
 * which cells of `array` the loop writes: one constant cell, or counter + offset for offsets distinct
 * modulo the step (a[i], a[i + 1] with step 2), so that each cell is written by one iteration at most
 */
function writtenCells(loop: CountingLoop, array: ArrayVariable): WrittenCells | undefined {
  if (array.sizes.length !== 1) return undefined;
  let fixedIndex: bigint | undefined;
  const offsets = new Set<bigint>();
  for (const statement of flattenStatements(loop.body)) {
    if ((statement.kind === 'arrayHavoc' || statement.kind === 'arrayFill') && statement.array.id === array.id) return undefined;
    if (statement.kind !== 'arrayWrite' || statement.array.id !== array.id) continue;
    const index = statement.indices[0]!;
    const fixed = constantOf(index);
    const offset = fixed === undefined ? counterOffset(index, loop.counter) : undefined;
    if (fixed !== undefined && (fixedIndex === undefined || fixedIndex === fixed)) fixedIndex = fixed;
    else if (offset !== undefined) offsets.add(offset);
    else return undefined;
  }
  if (fixedIndex !== undefined) return offsets.size === 0 ? { kind: 'cell', index: fixedIndex } : undefined;
  const residues = new Set([...offsets].map((offset) => ((offset % loop.step) + loop.step) % loop.step));
  if (offsets.size === 0 || residues.size !== offsets.size) return undefined;
  return { kind: 'counter', offsets: [...offsets].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0)) };
}

function describeRelation(relation: Relation, size: string): string {
  const coefficient = (value: bigint, perSize: bigint | undefined): string => (perSize === undefined || perSize === 0n ? `${value}` : `(${value} + ${perSize}·${size})`);
  const base = (difference: Polynomial): string => (difference.afterFirst === undefined ? '(at entry)'
    : `${coefficient(difference.afterFirst, difference.perSize?.afterFirst)} after the first iteration, for n >= 1:`);
  const polynomial = (difference: Polynomial): string => [
    difference.linear === 0n && !difference.perSize?.linear ? '' : ` + ${coefficient(difference.linear, difference.perSize?.linear)}·n`,
    difference.quadratic === 0n && !difference.perSize?.quadratic ? '' : ` + ${coefficient(difference.quadratic, difference.perSize?.quadratic)}·n(n-1)/2`,
  ].join('');
  switch (relation.kind) {
    case 'scalar': return `${relation.variable.sourceName}_${size} - ${relation.variable.sourceName}_${size}-1 = ${base(relation)}${polynomial(relation)}`;
    case 'cell': return `${relation.array.sourceName}[${relation.index}]_${size} - ${relation.array.sourceName}[${relation.index}]_${size}-1 = ${base(relation)}${polynomial(relation)}`;
    case 'written': return `for written k: ${relation.array.sourceName}[k]_${size} - ${relation.array.sourceName}[k]_${size}-1 = (at entry) + ${coefficient(relation.constant, relation.perSize?.constant)} + ${coefficient(relation.slope, relation.perSize?.slope)}·k`;
    case 'frame': return `cells of ${relation.array.sourceName} not written so far keep their entry values`;
    case 'band': return `for ${relation.band.low} <= k < ${size} - 1 + ${relation.band.high}: ${relation.array.sourceName}[k]_${size} - ${relation.array.sourceName}[k]_${size}-1 = ${base(relation)}${polynomial(relation)}`;
    case 'edge': return `${relation.array.sourceName}[${size} - 1 + ${relation.band.high}]_${size} = ${relation.afterFirst === undefined ? '(at entry)' : base(relation)}${polynomial(relation)}`;
    case 'values': return `for written k: ${relation.array.sourceName}[k]_${size}-1 = ${relation.constant} + ${relation.slope}·k + ${relation.sizeFactor}·(${size} - 1)`;
    default: {
      const never: never = relation;
      throw new Error(`unknown relation ${JSON.stringify(never)}`);
    }
  }
}

/** the symbolic execution of P(N) and P(N − 1) side by side (one executor, one query) */
class PairExecution {
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

  constructor(readonly program: Program, readonly shape: InductionShape, semantics: 'int' | 'bv', free: readonly ScalarVariable[] = []) {
    const translator = new ExpressionTranslator(semantics);
    this.executor = new SymbolicExecutor(program, collectVariables(program), translator, {
      inlineLimit: 0, namePrefix: '', exactDivision: true, loop: pointwiseHook(shape.innerLoops),
    });
    this.executor.useUninterpretedFunctions(this.functions);
    // Pre on both sides from the interpreter's initial state (N − 1 for N on P(N − 1)'s side; the
    // havoc of N takes the same choice, so N_{N−1} − 1 is what that side reads)
    // the witnesses of the step are any index: fresh values, the same on both sides
    const zero = this.executor.initialState();
    const scalars = new Map(zero.scalars);
    for (const witness of free) scalars.set(witness.id, this.executor.fresh(witness.name, zero.scalars.get(witness.id)!.sort));
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
    const previous = executor.executeBlock(previousBlock, pair.previous).normal ?? { guard: falseTerm, state: pair.previous.state };
    for (const violation of executor.violations.slice(violations)) executor.assume(not(violation.condition));
    const matches: [Term[], Term[]][] = [
      [choiceValues(executor.havocs.slice(havocs, havocsMiddle)), choiceValues(executor.havocs.slice(havocsMiddle))],
      [choiceValues(executor.arrayHavocs.slice(arrayHavocs, arrayHavocsMiddle)), choiceValues(executor.arrayHavocs.slice(arrayHavocsMiddle))],
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
    for (const [id, variable] of written.scalars) scalars.set(id, this.executor.fresh(`${variable.name}${suffix}`, state.scalars.get(id)!.sort));
    for (const [id, array] of written.arrays) arrays.set(id, this.executor.fresh(`${array.name}${suffix}`, state.arrays.get(id)!.sort));
    scalars.set(loop.counter.id, iteration === undefined ? this.executor.fresh(`${loop.counter.name}${suffix}`, intSort) : this.counterValue(loop, iteration));
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
    return loop.direction === 'up' ? pair : { current: this.runCurrent(peel(loop, createVariableExpression(this.shape.size)), pair.current), previous: pair.previous };
  }

  /** P(N)'s side after the common iterations: its last iteration(s) when the loop counts up */
  afterCommon(loop: CountingLoop, pair: PathPair): PathPair {
    return loop.direction === 'down' ? pair : { current: this.runCurrent(peel(loop, createVariableExpression(this.shape.size)), pair.current), previous: pair.previous };
  }

  /** the number of common iterations, n(N − 1) */
  commonIterations(loop: CountingLoop): Term {
    return add(multiply(intConstant(loop.perSize), subtract(this.size, intConstant(1n))), intConstant(loop.iterationOffset));
  }

  boundVariable(): Term & { kind: 'symbol' } {
    return symbol(`k!${this.boundCounter++}`, intSort) as Term & { kind: 'symbol' };
  }

  /** R(n) of one candidate between the entry pair and the pair after n common iterations */
  relation(relation: Relation, loop: CountingLoop, entry: PathPair, now: PathPair, iteration: Term): Term {
    // zero coefficients leave their terms out: a product with a constant 0 would still be nonlinear to the solver
    const growth = (count: Term, form: Polynomial): Term => add(
      ...(form.linear === 0n && !form.perSize?.linear ? [] : [multiply(this.coefficient(2n * form.linear, 2n * (form.perSize?.linear ?? 0n)), count)]),
      ...(form.quadratic === 0n && !form.perSize?.quadratic ? [] : [multiply(this.coefficient(form.quadratic, form.perSize?.quadratic ?? 0n), count, subtract(count, intConstant(1n)))]),
      intConstant(0n),
    );
    // `oneSided`: P(N)'s value itself rather than the difference
    const polynomial = (read: (state: SymbolicState) => Term, form: Polynomial, oneSided = false): Term => {
      const value = (pair: PathPair): Term => (oneSided ? read(pair.current.state) : sideDifference(pair, read));
      if (form.afterFirst === undefined) {
        return equal(multiply(intConstant(2n), value(now)), add(multiply(intConstant(2n), value(entry)), growth(iteration, form)));
      }
      const later = subtract(iteration, intConstant(1n));
      return implies(greaterEqual(iteration, intConstant(1n)),
        equal(multiply(intConstant(2n), value(now)), add(this.coefficient(2n * form.afterFirst, 2n * (form.perSize?.afterFirst ?? 0n)), growth(later, form))));
    };
    switch (relation.kind) {
      case 'scalar': return polynomial((state) => state.scalars.get(relation.variable.id)!, relation);
      case 'cell': return polynomial((state) => select(state.arrays.get(relation.array.id)!, intConstant(relation.index)), relation);
      case 'written': {
        const cell = this.boundVariable();
        const read = (state: SymbolicState): Term => select(state.arrays.get(relation.array.id)!, cell);
        const slope = relation.slope === 0n && !relation.perSize?.slope ? [] : [multiply(this.coefficient(relation.slope, relation.perSize?.slope ?? 0n), cell)];
        const value = add(sideDifference(entry, read), this.coefficient(relation.constant, relation.perSize?.constant ?? 0n), ...slope);
        return forall([cell], implies(this.writtenBy(loop, relation.offset, cell, iteration), equal(sideDifference(now, read), value)));
      }
      case 'values': {
        const cell = this.boundVariable();
        const value = add(intConstant(relation.constant), multiply(intConstant(relation.slope), cell), multiply(intConstant(relation.sizeFactor), subtract(this.size, intConstant(1n))));
        return forall([cell], implies(this.writtenBy(loop, relation.offset, cell, iteration), equal(select(now.previous.state.arrays.get(relation.array.id)!, cell), value)));
      }
      case 'band': {
        const cell = this.boundVariable();
        const inBand = and(lessEqual(intConstant(relation.band.low), cell), less(cell, add(this.size, intConstant(relation.band.high - 1n))));
        return forall([cell], implies(inBand, polynomial((state) => select(state.arrays.get(relation.array.id)!, cell), relation)));
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
          return forall([cell], and(
            implies(outside(add(this.size, intConstant(high))), equal(select(now.current.state.arrays.get(id)!, cell), select(entry.current.state.arrays.get(id)!, cell))),
            implies(outside(add(this.size, intConstant(high - 1n))), equal(select(now.previous.state.arrays.get(id)!, cell), select(entry.previous.state.arrays.get(id)!, cell))),
          ));
        }
        const unchanged = and(
          equal(select(now.current.state.arrays.get(id)!, cell), select(entry.current.state.arrays.get(id)!, cell)),
          equal(select(now.previous.state.arrays.get(id)!, cell), select(entry.previous.state.arrays.get(id)!, cell)),
        );
        const written = relation.cells.kind === 'cell' ? equal(cell, intConstant(relation.cells.index)) : or(...relation.cells.offsets.map((offset) => this.writtenBy(loop, offset, cell, iteration)));
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
    if (loop.step !== 1n) conditions.push(equal(euclideanModulo(subtract(cell, low), intConstant(loop.step)), intConstant(0n)));
    return and(...conditions);
  }

  script(comments: readonly string[], assumptions: readonly Term[], goal: Term): SmtScript {
    const assertions = [...this.executor.definitions.map((term) => ({ term })), ...assumptions.map((term) => ({ term })), { term: goal, comment: 'the goal' }];
    // a quantified logic where the script allows it (no constant array, which it does not declare):
    // z3 then runs its general solver, which proves the nonlinear identities of the relations (N·n)
    // at once, where 'ALL' on a quantifier-free nonlinear query picks nlsat, which does not return on them
    const constantArrays = assertions.some(({ term }) => containsSubterm(term, (inner) => inner.kind === 'constantArray', { intoBinders: true }));
    return createSmtScript({
      headerComments: comments, logic: constantArrays ? 'ALL' : 'AUFNIRA', constants: this.executor.constants, functions: [...this.functions.values()], assertions,
    });
  }
}

/** the start of both runs: Pre on both sides, φ(N), φ(N − 1), N ≥ start */
function startPair(execution: PairExecution, start: bigint): PathPair | string {
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
const queryMilliseconds = 3000;

type LoopRelations = ReadonlyMap<CountingLoop, readonly Relation[]>;

/** the middle up to element `upTo` (exclusive): straight blocks on both sides, each loop through its relations at n(N − 1) and P(N)'s peel */
function runMiddle(execution: PairExecution, relations: LoopRelations, upTo: number, pair: PathPair | string): PathPair | string {
  if (typeof pair === 'string') return pair;
  let current = pair;
  for (const element of execution.shape.middle.slice(0, upTo)) {
    if (element.kind === 'straight') {
      const next = execution.runBoth(element.statements, current);
      if (typeof next === 'string') return next;
      current = next;
      continue;
    }
    const entry = execution.beforeCommon(element, current);
    // fresh exit states, constrained only by the proven relations: every entry keeps a successor
    const exit: PathPair = {
      current: { guard: entry.current.guard, state: execution.loopState(element, entry.current.state, undefined, '@exit') },
      previous: { guard: entry.previous.guard, state: execution.loopState(element, entry.previous.state, undefined, '@exit-1') },
    };
    const common = execution.commonIterations(element);
    for (const relation of relations.get(element) ?? []) execution.executor.assume(execution.relation(relation, element, entry, exit, common));
    execution.blockedTwins.push(and(entry.current.guard, not(entry.previous.guard)));
    current = execution.afterCommon(element, exit);
  }
  return current;
}

const loops = (middle: readonly MiddleElement[]): CountingLoop[] => middle.filter((element): element is CountingLoop => element.kind === 'loop');

/** the counter value of common iteration t for a fixed size (see PairExecution.counterValue) */
function counterAt(loop: CountingLoop, size: bigint, iteration: bigint): bigint {
  return loop.direction === 'up' ? loop.start + loop.step * iteration : size - 1n + loop.downFrom - iteration;
}

/** the least N ≥ start for which every loop has at least `wanted` common iterations (a bounded search) */
function fittingSize(shape: InductionShape, start: bigint, wanted: bigint): bigint | undefined {
  for (let size = start; size < start + 32n; size++) {
    if (loops(shape.middle).every((loop) => loop.perSize * (size - 1n) + loop.iterationOffset >= wanted)) return size;
  }
  return undefined;
}

/** d(t) = d(0) + c1·t + c2·t(t − 1)/2 through every sample (at t = 0, 1, …), or undefined */
export function fitQuadratic(samples: readonly bigint[]): { linear: bigint; quadratic: bigint } | undefined {
  if (samples.length < 3) return undefined;
  const [first, second, third] = samples as [bigint, bigint, bigint];
  const linear = second - first;
  const quadratic = third - 2n * second + first;
  const fits = samples.every((value, t) => 2n * value === 2n * first + 2n * linear * BigInt(t) + quadratic * BigInt(t) * BigInt(t - 1));
  return fits ? { linear, quadratic } : undefined;
}

/** the difference as a polynomial from the entry on, else from the first common iteration on (Polynomial) */
function fitPolynomial(samples: readonly bigint[]): Polynomial | undefined {
  const whole = fitQuadratic(samples);
  if (whole !== undefined) return whole;
  const later = samples.length >= 4 ? fitQuadratic(samples.slice(1)) : undefined;
  return later === undefined ? undefined : { ...later, afterFirst: samples[1]! };
}

/** α + β·k through every (k, value), or undefined */
function fitLine(points: readonly { cell: bigint; value: bigint }[]): { constant: bigint; slope: bigint } | undefined {
  if (points.length < 2) return undefined;
  const [first, second] = points as [{ cell: bigint; value: bigint }, { cell: bigint; value: bigint }];
  const rise = second.value - first.value;
  const run = second.cell - first.cell;
  if (run === 0n || rise % run !== 0n) return undefined;
  const slope = rise / run;
  const constant = first.value - slope * first.cell;
  return points.every((point) => point.value === constant + slope * point.cell) ? { constant, slope } : undefined;
}

interface Sampled { readonly loop: CountingLoop; readonly fit: (values: readonly bigint[]) => Relation[]; readonly terms: readonly Term[] }

/** what to sample of one loop unrolled for a fixed N: `pairs[t]` is the pair after t common iterations */
function samplesOf(execution: PairExecution, loop: CountingLoop, pairs: readonly PathPair[], size: bigint): Sampled {
  const terms: Term[] = [];
  const fits: ((values: readonly bigint[]) => Relation | readonly Relation[] | undefined)[] = [];
  const frames: Relation[] = [];
  const take = (values: readonly Term[]): ((all: readonly bigint[]) => bigint[]) => {
    const from = terms.length;
    terms.push(...values);
    return (all) => all.slice(from, from + values.length);
  };
  const written = writtenVariables(loop.body);
  for (const variable of written.scalars.values()) {
    if (variable.id === loop.counter.id) continue;
    const series = take(pairs.map((pair) => sideDifference(pair, (state) => state.scalars.get(variable.id)!)));
    fits.push((values) => {
      const polynomial = fitPolynomial(series(values));
      return polynomial === undefined ? undefined : { kind: 'scalar', variable, ...polynomial };
    });
  }
  for (const array of written.arrays.values()) {
    const cells = writtenCells(loop, array) ?? innerBand(loop, array, execution.shape.size);
    if (cells === undefined) continue;
    frames.push({ kind: 'frame', array, cells });
    if (cells.kind === 'band') {
      fits.push(...bandFits(array, cells, pairs, size, take));
      continue;
    }
    if (cells.kind === 'cell') {
      const series = take(pairs.map((pair) => sideDifference(pair, (state) => select(state.arrays.get(array.id)!, intConstant(cells.index)))));
      fits.push((values) => {
        const polynomial = fitPolynomial(series(values));
        return polynomial === undefined ? undefined : { kind: 'cell', array, index: cells.index, ...polynomial };
      });
      continue;
    }
    for (const offset of cells.offsets) fits.push(writtenFit(loop, array, offset, pairs, size, take));
  }
  return { loop, terms, fit: (values) => [...fits.flatMap((fit) => fit(values) ?? []), ...frames] };
}

/**
 * the cells of `array` the loop writes through its pointwise inner loops (pointwise.ts), all over
 * one range s0 + o ≤ k < N + d + o (a constant start, a bound N + d), and nowhere else; or undefined
 */
function innerBand(loop: CountingLoop, array: ArrayVariable, size: ScalarVariable): Band | undefined {
  let band: Band | undefined;
  let elsewhere = false;
  const visit = (block: Block): void => {
    for (const [index, statement] of block.entries()) {
      if (statement.kind === 'if') { visit(statement.then); visit(statement.else); continue; }
      if (statement.kind !== 'loop') {
        if ((statement.kind === 'arrayWrite' || statement.kind === 'arrayFill' || statement.kind === 'arrayHavoc') && statement.array.id === array.id) elsewhere = true;
        continue;
      }
      const counter = loop.innerLoops.get(statement.id);
      const inner = counter === undefined ? undefined : analysePointwise(statement, counter);
      const initialisation = block[index - 1];
      if (inner === undefined || typeof inner === 'string' || initialisation?.kind !== 'assign') { elsewhere = true; continue; }
      const write = inner.writes.find((candidate) => candidate.array.id === array.id);
      if (write === undefined) continue;
      const start = constantOf(initialisation.value);
      const bound = linearInSize(inner.bound, size);
      if (write.leading.length > 0 || start === undefined || bound === undefined || bound.scale !== 1n) { elsewhere = true; continue; }
      const found: Band = { kind: 'band', low: start + write.offset, high: bound.offset + (inner.inclusive ? 1n : 0n) + write.offset };
      if (band !== undefined && (band.low !== found.low || band.high !== found.high)) elsewhere = true;
      band = found;
    }
  };
  visit(loop.body);
  return elsewhere ? undefined : band;
}

/** the band's difference, sampled at its first cell, and P(N)'s extra cell */
function bandFits(
  array: ArrayVariable, band: Band, pairs: readonly PathPair[], size: bigint, take: (values: readonly Term[]) => ((all: readonly bigint[]) => bigint[]),
): ((values: readonly bigint[]) => Relation | undefined)[] {
  const fits: ((values: readonly bigint[]) => Relation | undefined)[] = [];
  if (band.low < size - 1n + band.high) {
    const first = intConstant(band.low);
    const series = take(pairs.map((pair) => sideDifference(pair, (state) => select(state.arrays.get(array.id)!, first))));
    fits.push((values) => {
      const polynomial = fitPolynomial(series(values));
      return polynomial === undefined ? undefined : { kind: 'band', array, band, ...polynomial };
    });
  }
  const edge = intConstant(size - 1n + band.high);
  const own = take(pairs.map((pair) => select(pair.current.state.arrays.get(array.id)!, edge)));
  fits.push((values) => {
    const polynomial = fitPolynomial(own(values));
    return polynomial === undefined ? undefined : { kind: 'edge', array, band, ...polynomial };
  });
  return fits;
}

/** the candidates of the cells the loop writes at counter + offset: their difference, and P(N − 1)'s values */
function writtenFit(
  loop: CountingLoop, array: ArrayVariable, offset: bigint, pairs: readonly PathPair[], size: bigint, take: (values: readonly Term[]) => ((all: readonly bigint[]) => bigint[]),
): (values: readonly bigint[]) => Relation[] {
  const last = pairs[pairs.length - 1]!;
  const entry = pairs[0]!;
  const indices = pairs.slice(1).map((_, t) => counterAt(loop, size, BigInt(t)) + offset);
  const series = take(indices.map((index) => {
    const read = (state: SymbolicState): Term => select(state.arrays.get(array.id)!, intConstant(index));
    return subtract(sideDifference(last, read), sideDifference(entry, read));
  }));
  const own = take(indices.map((index) => select(last.previous.state.arrays.get(array.id)!, intConstant(index))));
  return (values) => {
    const line = fitLine(series(values).map((value, t) => ({ cell: indices[t]!, value })));
    const relations: Relation[] = line === undefined ? [] : [{ kind: 'written', array, offset, ...line }];
    // P(N − 1)'s values: independent of N, or growing with N as the difference says
    const ownLine = fitLine(own(values).map((value, t) => ({ cell: indices[t]!, value })));
    if (ownLine !== undefined) {
      relations.push({ kind: 'values', array, offset, ...ownLine, sizeFactor: 0n });
      if (line !== undefined && line.slope === 0n && line.constant !== 0n) {
        relations.push({ kind: 'values', array, offset, constant: ownLine.constant - line.constant * (size - 1n), slope: ownLine.slope, sizeFactor: line.constant });
      }
    }
    return relations;
  };
}

/**
 * the candidates fitted on runs for two sizes S and S + 1: a coefficient that differs between them
 * becomes c + c'·N (an inner loop of N iterations makes `s_N − s_{N−1}` grow by N − 1 per outer
 * iteration); on one size alone when the second run cannot be had
 */
async function fitCandidates(program: Program, shape: InductionShape, start: bigint, solver: Solver, budget: Budget): Promise<Map<CountingLoop, Relation[]> | string> {
  const size = fittingSize(shape, start, 4n);
  if (size === undefined) return 'no size with enough common iterations to fit difference relations';
  const first = await fitCandidatesAt(program, shape, start, size, solver, budget);
  if (typeof first === 'string') return first;
  const second = await fitCandidatesAt(program, shape, start, size + 1n, solver, budget);
  if (typeof second === 'string') return first;
  return new Map([...first].map(([loop, relations]) => [loop, relations.flatMap((relation) => mergeSizes(relation, second.get(loop) ?? [], size) ?? [])]));
}

/** the candidate fitted for size `size` combined with its match fitted for size + 1, or undefined when there is none */
function mergeSizes(relation: Relation, others: readonly Relation[], size: bigint): Relation | undefined {
  const per = (value: bigint, other: bigint): { value: bigint; perSize: bigint } => ({ value: value - (other - value) * size, perSize: other - value });
  switch (relation.kind) {
    case 'scalar': case 'cell': case 'band': case 'edge': {
      const other = others.find((candidate): candidate is typeof relation => candidate.kind === relation.kind
        && (candidate.kind === 'scalar' ? candidate.variable.id === (relation as { variable: ScalarVariable }).variable.id
          : candidate.kind === 'cell' ? candidate.array.id === (relation as { array: ArrayVariable }).array.id && candidate.index === (relation as { index: bigint }).index
            : (candidate.kind === 'band' || candidate.kind === 'edge') && candidate.array.id === (relation as { array: ArrayVariable }).array.id));
      if (other === undefined || (other.afterFirst === undefined) !== (relation.afterFirst === undefined)) return undefined;
      const linear = per(relation.linear, other.linear);
      const quadratic = per(relation.quadratic, other.quadratic);
      const afterFirst = per(relation.afterFirst ?? 0n, other.afterFirst ?? 0n);
      if (linear.perSize === 0n && quadratic.perSize === 0n && afterFirst.perSize === 0n) return relation;
      return {
        ...relation, linear: linear.value, quadratic: quadratic.value, ...(relation.afterFirst === undefined ? {} : { afterFirst: afterFirst.value }),
        perSize: { linear: linear.perSize, quadratic: quadratic.perSize, afterFirst: afterFirst.perSize },
      };
    }
    case 'written': {
      const other = others.find((candidate) => candidate.kind === 'written' && candidate.array.id === relation.array.id && candidate.offset === relation.offset) as typeof relation | undefined;
      if (other === undefined) return undefined;
      const constant = per(relation.constant, other.constant);
      const slope = per(relation.slope, other.slope);
      if (constant.perSize === 0n && slope.perSize === 0n) return relation;
      return { ...relation, constant: constant.value, slope: slope.value, perSize: { constant: constant.perSize, slope: slope.perSize } };
    }
    case 'frame': case 'values':
      return others.some((other) => JSON.stringify(other, relationKey) === JSON.stringify(relation, relationKey)) ? relation : undefined;
    default: {
      const never: never = relation;
      throw new Error(`unknown relation ${JSON.stringify(never)}`);
    }
  }
}

/** variables by id, bigints as text: for comparing two candidates */
function relationKey(this: unknown, key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (key === 'array' || key === 'variable') return (value as { id: number }).id;
  return value;
}

/** one run of both programs for a fixed N, every loop unrolled, and the candidates read from a model */
async function fitCandidatesAt(
  program: Program, shape: InductionShape, start: bigint, size: bigint, solver: Solver, budget: Budget,
): Promise<Map<CountingLoop, Relation[]> | string> {
  const execution = new PairExecution(program, shape, 'int');
  let pair: PathPair | string = startPair(execution, start);
  execution.executor.assume(equal(execution.size, intConstant(size)));
  const sampled: Sampled[] = [];
  for (const element of shape.middle) {
    if (typeof pair === 'string') return pair;
    if (element.kind === 'straight') {
      pair = execution.runBoth(element.statements, pair);
      continue;
    }
    const count = Number(element.perSize * (size - 1n) + element.iterationOffset);
    const pairs: PathPair[] = [execution.beforeCommon(element, pair)];
    for (let t = 0; t < count; t++) {
      const counter = createAssign(element.counter, createConstant(counterAt(element, size, BigInt(t)), element.counter.type), element.loop.location);
      const next: PathPair | string = execution.runBoth([counter, ...element.body, ...element.update], pairs[pairs.length - 1]!);
      if (typeof next === 'string') return next;
      pairs.push(next);
    }
    sampled.push(samplesOf(execution, element, pairs, size));
    pair = execution.afterCommon(element, pairs[pairs.length - 1]!);
  }
  // each sampled value through a constant: get-value takes no term with a quantifier (an inner loop's λ)
  const terms = sampled.flatMap((sample) => sample.terms).map((term) => {
    const sample = execution.executor.fresh('sample', intSort);
    execution.executor.definitions.push(equal(sample, term));
    return sample;
  });
  const script = execution.script(['induct: one run of P(N) and P(N - 1) for a fixed N, side by side (to fit difference relations)'], [], trueTerm);
  const result = await solver.checkScript(script, { timeoutMilliseconds: budget.solverTimeout(queryMilliseconds), valuesOf: terms });
  if (result.kind !== 'sat' || result.values === undefined) return `no run of both programs for ${shape.size.sourceName} = ${size} to fit difference relations on (${result.kind})`;
  const values = result.values.map((value: ModelValue) => (value.kind === 'integer' ? value.value : 0n));
  const candidates = new Map<CountingLoop, Relation[]>();
  let offset = 0;
  for (const sample of sampled) {
    candidates.set(sample.loop, sample.fit(values.slice(offset, offset + sample.terms.length)));
    offset += sample.terms.length;
  }
  return candidates;
}

type Proven = { readonly kind: 'proven'; readonly relations: readonly Relation[]; readonly scripts: readonly SmtScript[] } | { readonly kind: 'fails'; readonly reason: string; readonly timeout: boolean };

/** the candidates of the loop at `index` of the middle that are inductive over the lockstep iterations (Houdini), and the twin obligations */
async function proveLoop(
  program: Program, shape: InductionShape, start: bigint, index: number, proven: LoopRelations, candidates: readonly Relation[], solver: Solver, budget: Budget,
): Promise<Proven> {
  const loop = shape.middle[index] as CountingLoop;
  const execution = new PairExecution(program, shape, 'int');
  const chained = runMiddle(execution, proven, index, startPair(execution, start));
  if (typeof chained === 'string') return { kind: 'fails', reason: chained, timeout: false };
  const entry = execution.beforeCommon(loop, chained);
  const executor = execution.executor;
  executor.assume(entry.current.guard);
  executor.assume(entry.previous.guard);
  const iteration = executor.fresh('n', intSort);
  executor.assume(and(lessEqual(intConstant(0n), iteration), less(iteration, execution.commonIterations(loop))));
  const now: PathPair = {
    current: { guard: entry.current.guard, state: execution.loopState(loop, entry.current.state, iteration, '@n') },
    previous: { guard: entry.previous.guard, state: execution.loopState(loop, entry.previous.state, iteration, '@n-1') },
  };
  // before the first common iteration, the state is the entry's
  const written = writtenVariables(loop.body, loop.update);
  const unchanged: Term[] = [];
  for (const side of ['current', 'previous'] as const) {
    for (const id of written.scalars.keys()) if (id !== loop.counter.id) unchanged.push(equal(now[side].state.scalars.get(id)!, entry[side].state.scalars.get(id)!));
    for (const id of written.arrays.keys()) unchanged.push(equal(now[side].state.arrays.get(id)!, entry[side].state.arrays.get(id)!));
  }
  executor.assume(implies(equal(iteration, intConstant(0n)), and(...unchanged)));
  const failures = execution.currentFailures.length;
  const blocked = execution.blockedTwins.length;
  const after = execution.runBoth([...loop.body, ...loop.update], now);
  if (typeof after === 'string') return { kind: 'fails', reason: after, timeout: false };
  const next = add(iteration, intConstant(1n));
  const where = `the loop at ${loop.loop.location.line}:${loop.loop.location.column}`;
  let active = [...candidates];
  let roundScripts: SmtScript[] = [];
  for (let changed = true; changed && active.length > 0;) {
    changed = false;
    roundScripts = [];
    const hypothesis = active.map((relation) => execution.relation(relation, loop, entry, now, iteration));
    const kept: Relation[] = [];
    for (const relation of active) {
      if (budget.expired()) return { kind: 'fails', reason: `the budget ran out while proving the difference relations of ${where}`, timeout: true };
      const goal = and(after.current.guard, after.previous.guard, not(execution.relation(relation, loop, entry, after, next)));
      const script = execution.script([`induct: is "${describeRelation(relation, shape.size.sourceName)}" inductive over the common iterations of ${where}?`, 'unsat: yes'], hypothesis, goal);
      const result = await solver.checkScript(script, { timeoutMilliseconds: budget.solverTimeout(queryMilliseconds) });
      roundScripts.push(script);
      if (result.kind === "unsat") kept.push(relation);
      else changed = true;
    }
    active = kept;
  }
  const obligation = or(...execution.currentFailures.slice(failures), ...execution.blockedTwins.slice(blocked));
  const hypothesis = active.map((relation) => execution.relation(relation, loop, entry, now, iteration));
  const script = execution.script([`induct: can an iteration of ${where} for N fail or run where its twin for N - 1 is blocked?`, 'unsat: no'], hypothesis, obligation);
  const result = await solver.checkScript(script, { timeoutMilliseconds: budget.solverTimeout(queryMilliseconds) });
  if (result.kind === 'unsat') return { kind: 'proven', relations: active, scripts: [...roundScripts, script] };
  const timeout = result.kind === 'unknown' && result.reason === 'timeout';
  return { kind: 'fails', reason: `an iteration of ${where} for ${shape.size.sourceName} may fail where its twin for ${shape.size.sourceName} - 1 does not (${result.kind})`, timeout };
}

/** the step: the relations at every loop's exit, the peels, ψ(N − 1) of P(N − 1)'s final state ⇒ ψ(N) */
function stepScript(program: Program, shape: InductionShape, start: bigint, proven: LoopRelations, witnesses: ReadonlyMap<CountingLoop, ScalarVariable>): SmtScript | string {
  const execution = new PairExecution(program, shape, 'int', [...witnesses.values()]);
  const end = runMiddle(execution, proven, shape.middle.length, startPair(execution, start));
  if (typeof end === 'string') return end;
  execution.blockedTwins.push(and(end.current.guard, not(end.previous.guard)));
  const size = shape.size;
  let current = end.current;
  let previous = end.previous;
  for (const element of shape.post) {
    // an assertion loop is checked at one witness index, and assumed for N − 1 there and one step below (a cell read by the peel)
    const instances = element.kind === 'check' ? [[element.statement]] : [0n, -element.step].map((offset): Block => {
      const witness = createBinary('add', createVariableExpression(witnesses.get(element)!), createConstant(offset, intType), intType);
      const range = inRange(element, witness, createVariableExpression(size));
      return [createIf(range, [createAssign(element.counter, witness, element.loop.location), ...element.body], [], element.loop.location)];
    });
    current = execution.runCurrent(instances[0]!, current);
    for (const instance of instances) {
      const hypothesis = substituteScalarInBlock(assumeAssertions(instance), size, previousSize(size));
      const assumed = execution.executor.executeBlock(hypothesis, previous).normal;
      execution.executor.assume(implies(previous.guard, assumed?.guard ?? falseTerm));
      if (assumed !== undefined) previous = { guard: previous.guard, state: assumed.state };
    }
  }
  return execution.script(
    [`induct: the inductive step with difference relations: can psi(${size.sourceName}) fail when psi(${size.sourceName} - 1) holds for the twin run?`, 'unsat: the step holds'],
    [], or(...execution.currentFailures, ...execution.blockedTwins),
  );
}

/**
 * The inductive step through difference relations (see the header). `holds` when every premise is
 * proven; the relations found are described for --show-induction either way.
 */
export async function proveByDifferences(
  program: Program, shape: InductionShape, start: bigint, solver: Solver, budget: Budget, report: string[], scripts: { suffix: string; script: SmtScript }[] = [],
): Promise<LockstepResult> {
  const fresh = new FreshScalars(program);
  const witnesses = new Map<CountingLoop, ScalarVariable>();
  for (const element of shape.post) if (element.kind === 'loop') witnesses.set(element, fresh.make(`${element.counter.sourceName}_witness`, element.counter.type));
  const extended = createProgram(program.file, [...program.scalars, ...fresh.created], program.arrays, program.body, program.dataModel);
  const candidates = await fitCandidates(extended, shape, start, solver, budget);
  if (typeof candidates === 'string') return { kind: 'fails', reason: `difference relations: ${candidates}`, timeout: false };
  const proven = new Map<CountingLoop, readonly Relation[]>();
  const descriptions: string[] = [];
  for (const [index, element] of shape.middle.entries()) {
    if (element.kind !== 'loop') continue;
    const result = await proveLoop(extended, shape, start, index, proven, candidates.get(element) ?? [], solver, budget);
    if (result.kind === 'fails') return { kind: 'fails', reason: `difference relations: ${result.reason}`, timeout: result.timeout };
    proven.set(element, result.relations);
    result.scripts.forEach((script, number) => scripts.push({ suffix: `.induct-lockstep-${index + 1}-${number + 1}.smt2`, script }));
    const where = `loop at ${element.loop.location.line}:${element.loop.location.column}`;
    if (result.relations.length === 0) descriptions.push(`${where}: no difference relation`);
    for (const relation of result.relations) descriptions.push(`${where}: ${describeRelation(relation, shape.size.sourceName)} (n common iterations)`);
  }
  report.push('difference relations (proven over the common iterations of P(N) and P(N-1)):', ...descriptions.map((line) => `  ${line}`));
  const script = stepScript(extended, shape, start, proven, witnesses);
  if (typeof script === 'string') return { kind: 'fails', reason: `difference relations: ${script}`, timeout: false };
  scripts.push({ suffix: '.induct-step.smt2', script });
  const result = await solver.checkScript(script, { timeoutMilliseconds: budget.solverTimeout(queryMilliseconds) });
  if (result.kind === 'unsat') return { kind: 'holds', relations: descriptions };
  const timeout = result.kind === 'unknown' && result.reason === 'timeout';
  return { kind: 'fails', reason: `the inductive step with difference relations does not hold (${result.kind === 'sat' ? 'a counterexample to the step, not to the program' : result.reason})`, timeout };
}
