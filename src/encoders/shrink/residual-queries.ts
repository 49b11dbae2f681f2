// The SMT queries of the shrink encoding: the shrinkability check of Fig. 4 and the residual program
// of Fig. 5 of "Loop shrinking", each one loop-free SMT-LIB script, in int or bv semantics.
//
// bv semantics (everything else is as below, with the program's bv arithmetic):
// - iteration numbers are unsigned bit-vectors of the widest counter's width + 2 bits (arithmetic.ts);
//   closed forms are the exact wrapped values (w-bit addition is addition modulo 2^w);
// - bound queries (buildBoundQuery) must be unsat first: one stepping accelerated counter c of R, and
//   the assertion loop's counter, never leave their type's range while their loop runs. Then every
//   run of R has at most 2^w iterations (fewer than the iteration numbers can name), the values of c
//   are the mathematical ones, and S_j exits when c's mathematical value at j is out of range — which
//   no real run reaches while running, so L_[1..M] is still the loop;
// - the assertion loop's iteration j runs iff its counter's value is in range and the (monotone:
//   value-preserving casts only, scope.ts) condition holds there.
//
// Residual loop L_T for an iteration sequence T = [t1 < ... < tn] (Sect. 3.1): a state holds every
// program variable, a ghost entry value per accelerated variable and a flag `done` (the loop was
// left). S_j: if !done { A_j (v := v_entry + (j-1)·step); if (C) { B; U } else done := true }, a
// `break` sets done; then Q and the property. With `done` in the state, L_{j:T'} = S_j; L_{T'}
// literally (the composition law the proof of Theorem 1 uses) and L_[1..M] equals the loop for every
// M at least its iteration count. Iterations are any positive integers; those beyond the loop's
// exit are no-ops and the property's clause j is `iteration j of the assertion loop runs ⇒ it
// passes` (∀) or `... runs ∧ sets the flag` (∃), so ψ_[1..M] = ψ for every M at least the
// assertion loop's count.
//
// Check (Theorem 1, Definition 3, Fig. 4): σ is a completely free state (all variables, ghosts, done),
// T = t0 < ... < tk free positive integers, i in [0, t0) (ψ_[0] neutral: true for ∀, false for ∃).
//   ∀: sat iff (∧_{U ∈ P_k(T)} L_U(σ) ⊨ ψ_U ∧ ψ_i) ∧ ¬(L_T(σ) ⊨ ψ_T ∧ ψ_i)
//   ∃: sat iff (∨_{U ∈ P_k(T)} L_U(σ) ⊨ ψ_U ∨ ψ_i) ∧ ¬(L_T(σ) ⊨ ψ_T ∨ ψ_i)
// unsat: every (k+1)-sequence is k-shrinkable, so by induction (Theorem 1; for ∃ the dual reading:
// a failing T makes every k-subsequence fail) the complete sequence is: the loop is k-shrinkable.
// Residual (Fig. 5), from the real initial states (Init executed exactly, Init loops havocked):
//   ∀: U = u1 < ... < uk free positive integers; sat iff some clause of U fails.
//   ∃: U = [1..k] (a failing program makes every k-subsequence fail, this one included); sat iff all
//      clauses of U fail.
// unsat after a shrinkability proof ⇒ SAFE. A sat residual is only a candidate counterexample.
// Dense query (for counterexamples when iterations depend on each other): U = [1..D] from the real
// initial states with the loop left within D iterations (and, for ∃, the assertion loop at most D
// long): then L_U is the whole loop, and a model is a real run, which is replayed.

import type { IntegerType, LoopStatement, Program, Semantics } from '../../ir/types.js';
import { scalarsReadBy, writtenVariables } from '../../ir/visit.js';
import {
  and,
  bitvectorBinary,
  boolSort,
  createSmtScript,
  equal,
  falseTerm,
  not,
  or,
  trueTerm,
  implies,
  type FunctionDeclaration,
  type SmtScript,
  type Term,
} from '../../smt/terms.js';
import { constantTerm, ExpressionTranslator, scalarSort } from '../../symbolic/expressions.js';
import { IterationArithmetic } from './arithmetic.js';
import { SymbolicExecutor, type Path, type SymbolicState } from '../../symbolic/executor.js';
import { unrolledScriptLogic } from '../../symbolic/logic.js';
import { collectVariables } from '../../symbolic/variables.js';
import type { AcceleratedVariable, ShrinkScope } from './scope.js';

interface RunState {
  readonly state: SymbolicState;
  readonly done: Term;
}

export interface ShrinkQuery {
  readonly script: SmtScript;
  readonly executor: SymbolicExecutor;
}

/** a fresh executor whose Init loops are over-approximated and whose opaque values are functions */
function createExecutor(
  program: Program,
  semantics: Semantics,
): { executor: SymbolicExecutor; functions: Map<string, FunctionDeclaration>; abstracted: AbstractedLoop[] } {
  const functions = new Map<string, FunctionDeclaration>();
  const abstracted: AbstractedLoop[] = [];
  const havocLoop = (loop: LoopStatement, path: Path, executor: SymbolicExecutor): Path | undefined => {
    // everything the loop may modify gets an arbitrary value: a superset of the states after it
    const scalars = new Map(path.state.scalars);
    const arrays = new Map(path.state.arrays);
    const written = writtenVariables([loop]);
    for (const variable of written.scalars.values())
      scalars.set(variable.id, executor.fresh(`${variable.name}.after`, scalars.get(variable.id)!.sort));
    const after = new Map<number, Term>();
    for (const array of written.arrays.values()) {
      const value = executor.fresh(`${array.name}.after`, arrays.get(array.id)!.sort);
      arrays.set(array.id, value);
      after.set(array.id, value);
    }
    abstracted.push({ loop, arrays: after });
    return { guard: path.guard, state: { scalars, arrays } };
  };
  const translator = new ExpressionTranslator(semantics);
  const executor = new SymbolicExecutor(program, collectVariables(program), translator, {
    inlineLimit: 0,
    loop: havocLoop,
    namePrefix: '',
  });
  executor.useUninterpretedFunctions(functions);
  return { executor, functions, abstracted };
}

/** a loop before R replaced by havocs, with the arbitrary array values it was given */
export interface AbstractedLoop {
  readonly loop: LoopStatement;
  readonly arrays: ReadonlyMap<number, Term>;
}

function withScalars(state: SymbolicState, values: ReadonlyMap<number, Term>): SymbolicState {
  const scalars = new Map(state.scalars);
  for (const [id, value] of values) scalars.set(id, value);
  return { scalars, arrays: state.arrays };
}

function isTrue(term: Term): boolean {
  return term.kind === 'boolConstant' && term.value;
}

function isFalse(term: Term): boolean {
  return term.kind === 'boolConstant' && !term.value;
}

/**
 * bv: the accelerated variables of R that may bound its iterations (see the header): those with a
 * non-zero step, the ones read by the loop condition first
 */
export function boundingCandidates(scope: ShrinkScope): AcceleratedVariable[] {
  const stepping = scope.accelerated.filter((entry) => entry.step !== 0n);
  const read = scalarsReadBy(scope.loop.condition);
  return [
    ...stepping.filter((entry) => read.has(entry.variable.id)),
    ...stepping.filter((entry) => !read.has(entry.variable.id)),
  ];
}

/** the arithmetic of iteration numbers: bv iterations have 2 bits more than the widest counter */
function arithmeticOf(scope: ShrinkScope, semantics: Semantics): IterationArithmetic {
  const widths = scope.accelerated.map((entry) => entry.variable.type.width);
  if (scope.property.kind === 'loop') widths.push(scope.property.counter.type.width);
  return new IterationArithmetic(semantics, Math.max(8, ...widths) + 2);
}

class ResidualBuilder {
  constructor(
    readonly scope: ShrinkScope,
    readonly executor: SymbolicExecutor,
    readonly ghosts: ReadonlyMap<number, Term>,
    readonly arithmetic: IterationArithmetic,
    /** bv: the counter proven not to wrap while the loop runs; an iteration where it is out of range exits */
    readonly bounded: AcceleratedVariable | undefined,
  ) {}

  private constant(value: bigint, type: IntegerType): Term {
    return constantTerm(value, type, this.arithmetic.semantics);
  }

  /** S_j under `guard` */
  step(run: RunState, iteration: Term, guard: Term): RunState {
    const executor = this.executor;
    const loop = this.scope.loop;
    const active = executor.guardTerm(and(guard, not(run.done)));
    const assignments = new Map<number, Term>();
    let inRange: Term = trueTerm;
    for (const entry of this.scope.accelerated) {
      // exact in both semantics (bv: the low bits of the wide value are the wrapped value)
      const form = this.arithmetic.closedForm(
        this.ghosts.get(entry.variable.id)!,
        entry.variable.type,
        entry.step,
        iteration,
      );
      assignments.set(entry.variable.id, executor.define(entry.variable.name, form.value));
      if (entry.variable.id === this.bounded?.variable.id) inRange = form.inRange;
    }
    const start = withScalars(run.state, assignments);
    // bv: no running iteration starts with the bounded counter out of range (bound query), so such
    // an iteration is an exit: the loop is unchanged on every real run (see the header)
    const condition = executor.define('loop', and(inRange, executor.condition(loop.condition, start).term));
    const enter = executor.guardTerm(and(active, condition));
    const exit = executor.guardTerm(and(active, not(condition)));
    const body = executor.executeBlock(loop.body, { guard: enter, state: start });
    const afterBody = executor.merge([body.normal, ...body.continues]);
    const afterUpdate =
      afterBody === undefined ? undefined : executor.merge([executor.executeBlock(loop.update, afterBody).normal]);
    const skip: Path = { guard: executor.guardTerm(and(guard, run.done)), state: run.state };
    const candidates: Path[] = [skip, { guard: exit, state: start }, ...body.breaks];
    if (afterUpdate !== undefined) candidates.push(afterUpdate);
    const live = candidates.filter((path) => !isFalse(path.guard));
    const merged = live.length === 0 ? { guard: guard, state: run.state } : executor.merge(live)!;
    const done = executor.define('done', or(skip.guard, exit, ...body.breaks.map((path) => path.guard)));
    return { state: merged.state, done };
  }

  run(initial: RunState, iterations: readonly Term[], guard: Term): RunState {
    let current = initial;
    for (const iteration of iterations) current = this.step(current, iteration, guard);
    return current;
  }

  /** executes Q (or the single property block) and returns the clause function ψ_j */
  post(run: RunState, guard: Term): { clause: (iteration: Term) => Term; finalState: SymbolicState } {
    const executor = this.executor;
    const property = this.scope.property;
    const arithmetic = this.arithmetic;
    if (property.kind === 'single') {
      const before = executor.violations.length;
      const result = executor.executeBlock(property.block, { guard, state: run.state });
      const violations = executor.violations.splice(before);
      const passes = executor.define('holds', not(or(...violations.map((violation) => violation.condition))));
      return { clause: () => passes, finalState: result.normal?.state ?? run.state };
    }
    const result = executor.executeBlock(property.before, { guard, state: run.state });
    const final = result.normal?.state ?? run.state;
    const counterStart = final.scalars.get(property.counter.id)!;
    const counterType = property.counter.type;
    const runsAt = (iteration: Term): { runs: Term; inRange: Term; state: SymbolicState } => {
      const form = arithmetic.closedForm(counterStart, counterType, property.step, iteration);
      const values = new Map<number, Term>([[property.counter.id, executor.define(property.counter.name, form.value)]]);
      if (property.flag !== undefined)
        values.set(property.flag.variable.id, this.constant(property.flag.initial, property.flag.variable.type));
      const state = withScalars(final, values);
      return { runs: executor.condition(property.loop.condition, state).term, inRange: form.inRange, state };
    };
    const clause = (iteration: Term): Term => {
      // iteration j runs iff the condition holds at p0 + (j-1)·s (monotone condition); in bv also
      // only while that value is in range (the bound query proved that a running loop never leaves it)
      const { runs: condition, inRange, state } = runsAt(iteration);
      const runs = and(inRange, condition);
      if (property.flag === undefined) {
        const before = executor.violations.length;
        executor.executeBlock(property.loop.body, { guard: trueTerm, state });
        const violations = executor.violations.splice(before);
        return executor.define('clause', implies(runs, not(or(...violations.map((violation) => violation.condition)))));
      }
      const body = executor.executeBlock(property.loop.body, { guard: trueTerm, state });
      const initial = this.constant(property.flag.initial, property.flag.variable.type);
      const flagAfter = body.normal?.state.scalars.get(property.flag.variable.id) ?? initial;
      const unchanged = equal(flagAfter, initial);
      return executor.define(
        'clause',
        property.quantifier === 'forall' ? implies(runs, unchanged) : and(runs, not(unchanged)),
      );
    };
    return { clause, finalState: final };
  }

  /** ψ_U in the final state of the run */
  combine(clauses: readonly Term[]): Term {
    return this.scope.property.kind === 'loop' && this.scope.property.quantifier === 'exists'
      ? or(...clauses)
      : and(...clauses);
  }
}

function quantifierOf(scope: ShrinkScope): 'forall' | 'exists' {
  return scope.property.kind === 'loop' ? scope.property.quantifier : 'forall';
}

function freshIterations(
  executor: SymbolicExecutor,
  arithmetic: IterationArithmetic,
  count: number,
  name: string,
  constraints: Term[],
): Term[] {
  const iterations: Term[] = [];
  for (let index = 0; index < count; index++) {
    const iteration = executor.fresh(`${name}${index}`, arithmetic.sort);
    constraints.push(
      index === 0
        ? arithmetic.lessEqual(arithmetic.constant(1n), iteration)
        : arithmetic.less(iterations[index - 1]!, iteration),
    );
    iterations.push(iteration);
  }
  return iterations;
}

function finish(
  executor: SymbolicExecutor,
  functions: Map<string, FunctionDeclaration>,
  goal: Term,
  header: readonly string[],
  extra: readonly Term[],
): SmtScript {
  const logic = unrolledScriptLogic([...executor.definitions, goal], executor.semantics, executor.translator.nonlinear);
  return createSmtScript({
    headerComments: header,
    logic,
    constants: executor.constants,
    functions: [...functions.values()],
    assertions: [
      ...executor.definitions.map((term) => ({ term })),
      ...extra.map((term) => ({ term })),
      { term: goal, comment: 'goal' },
    ],
  });
}

/** Fig. 4 for candidate shrink-factor k: unsat ⇒ the loop is k-shrinkable */
export function buildCheckQuery(
  program: Program,
  scope: ShrinkScope,
  k: number,
  header: readonly string[],
  semantics: Semantics = 'int',
  bounded?: AcceleratedVariable,
): ShrinkQuery {
  const { executor, functions } = createExecutor(program, semantics);
  const arithmetic = arithmeticOf(scope, semantics);
  const sigma = executor.freshState('.sigma');
  const ghosts = new Map<number, Term>();
  for (const entry of scope.accelerated) {
    // the entry value is an expression over variables the loop does not change: σ holds their entry values
    const value = entry.entry === undefined ? undefined : executor.translate(entry.entry, sigma);
    ghosts.set(
      entry.variable.id,
      value !== undefined && isTrue(value.definedness)
        ? value.term
        : executor.fresh(`${entry.variable.name}.entry`, scalarSort(entry.variable.type, semantics)),
    );
  }
  const done = executor.fresh('done.sigma', boolSort);
  const constraints: Term[] = [];
  const sequence = freshIterations(executor, arithmetic, k + 1, 't', constraints);
  const past = executor.fresh('past', arithmetic.sort);
  constraints.push(arithmetic.lessEqual(arithmetic.constant(0n), past), arithmetic.less(past, sequence[0]!));
  const builder = new ResidualBuilder(scope, executor, ghosts, arithmetic, boundedCounter(semantics, bounded));
  const quantifier = quantifierOf(scope);
  const pastClause = (clause: (iteration: Term) => Term): Term =>
    quantifier === 'forall'
      ? or(equal(past, arithmetic.constant(0n)), clause(past))
      : and(not(equal(past, arithmetic.constant(0n))), clause(past));
  const outcome = (iterations: readonly Term[]): Term => {
    const final = builder.run({ state: sigma, done }, iterations, trueTerm);
    const { clause } = builder.post(final, trueTerm);
    const residual = builder.combine(iterations.map((iteration) => clause(iteration)));
    return executor.define(
      'holds',
      quantifier === 'forall' ? and(residual, pastClause(clause)) : or(residual, pastClause(clause)),
    );
  };
  const subsequences: Term[] = [];
  for (let dropped = 0; dropped <= k; dropped++)
    subsequences.push(outcome(sequence.filter((_, index) => index !== dropped)));
  const antecedent = quantifier === 'forall' ? and(...subsequences) : or(...subsequences);
  const consequent = outcome(sequence);
  const goal = and(...constraints, antecedent, not(consequent));
  return { script: finish(executor, functions, goal, header, []), executor };
}

export interface ResidualQuery extends ShrinkQuery {
  /** the chosen iterations (constants for ∃ and for the dense query) */
  readonly iterations: readonly Term[];
  readonly abstracted: readonly AbstractedLoop[];
}

/**
 * Fig. 5 for shrink-factor k: unsat (after a shrinkability proof for k) ⇒ SAFE. With `dense`, the
 * iterations are 1..k and the loop must be left within them: a model is then a real run.
 */
export function buildResidualQuery(
  program: Program,
  scope: ShrinkScope,
  k: number,
  header: readonly string[],
  dense: boolean,
  semantics: Semantics = 'int',
  bounded?: AcceleratedVariable,
): ResidualQuery {
  const { executor, functions, abstracted } = createExecutor(program, semantics);
  const arithmetic = arithmeticOf(scope, semantics);
  const initial = executor.executeBlock(scope.init, { guard: trueTerm, state: executor.initialState() });
  const entry = initial.normal ?? { guard: falseTerm, state: executor.initialState() };
  const ghosts = new Map<number, Term>();
  for (const accelerated of scope.accelerated)
    ghosts.set(accelerated.variable.id, entry.state.scalars.get(accelerated.variable.id)!);
  const builder = new ResidualBuilder(scope, executor, ghosts, arithmetic, boundedCounter(semantics, bounded));
  const quantifier = quantifierOf(scope);
  const constraints: Term[] = [];
  const constants = Array.from({ length: k }, (_, index) => arithmetic.constant(BigInt(index + 1)));
  const iterations =
    dense || quantifier === 'exists' ? constants : freshIterations(executor, arithmetic, k, 'u', constraints);
  const final = builder.run({ state: entry.state, done: falseTerm }, iterations, entry.guard);
  const { clause } = builder.post(final, entry.guard);
  const clauses = iterations.map((iteration) => clause(iteration));
  const violation = quantifier === 'forall' ? not(and(...clauses)) : not(or(...clauses));
  if (dense) {
    constraints.push(final.done);
    if (quantifier === 'exists' && scope.property.kind === 'loop') {
      // the assertion loop has at most k iterations: iteration k + 1 does not run
      constraints.push(not(runsAt(builder, final, entry.guard, BigInt(k + 1))));
    }
  }
  const goal = and(entry.guard, ...constraints, violation);
  return { script: finish(executor, functions, goal, header, []), executor, iterations, abstracted };
}

function boundedCounter(
  semantics: Semantics,
  bounded: AcceleratedVariable | undefined,
): AcceleratedVariable | undefined {
  if (semantics === 'int') return undefined;
  if (bounded === undefined) throw new Error('internal: shrink in bv semantics needs a counter proven not to wrap');
  return bounded;
}

/**
 * bv only: the counter `counter` (an accelerated variable of R, or undefined for the assertion
 * loop's counter) never leaves its type's range while its loop runs. From a free state and a free
 * iteration 1 <= j < 2^width - 1: sat iff its value at iteration j is in range, the loop condition
 * holds there, and its value at iteration j + 1 is out of range. unsat: by induction from iteration 1
 * (the entry value is in range), every iteration that runs starts with the counter in range, so its
 * bit-vector values are the mathematical ones, the loop runs at most 2^w iterations (distinct values
 * of a w-bit type) and, for the assertion loop, its condition is monotone over the iterations.
 */
export function buildBoundQuery(
  program: Program,
  scope: ShrinkScope,
  counter: AcceleratedVariable | undefined,
  header: readonly string[],
): ShrinkQuery {
  const { executor, functions } = createExecutor(program, 'bv');
  const arithmetic = arithmeticOf(scope, 'bv');
  const sigma = executor.freshState('.sigma');
  const iteration = executor.fresh('j', arithmetic.sort);
  const next = bitvectorBinary('bvadd', iteration, arithmetic.constant(1n));
  const constraints = [
    arithmetic.lessEqual(arithmetic.constant(1n), iteration),
    arithmetic.less(iteration, arithmetic.constant((1n << BigInt(arithmetic.width)) - 1n)),
  ];
  let goal: Term;
  if (counter !== undefined) {
    const values = new Map<number, Term>();
    let now: Term = falseTerm;
    let later: Term = trueTerm;
    for (const entry of scope.accelerated) {
      const ghost = executor.fresh(`${entry.variable.name}.entry`, scalarSort(entry.variable.type, 'bv'));
      const form = arithmetic.closedForm(ghost, entry.variable.type, entry.step, iteration);
      values.set(entry.variable.id, executor.define(entry.variable.name, form.value));
      if (entry.variable.id === counter.variable.id) {
        now = form.inRange;
        later = arithmetic.closedForm(ghost, entry.variable.type, entry.step, next).inRange;
      }
    }
    const runs = executor.condition(scope.loop.condition, withScalars(sigma, values)).term;
    goal = and(...constraints, now, runs, not(later));
  } else {
    const property = scope.property;
    if (property.kind !== 'loop') throw new Error('internal: no assertion loop');
    const start = executor.fresh(`${property.counter.name}.start`, scalarSort(property.counter.type, 'bv'));
    const form = arithmetic.closedForm(start, property.counter.type, property.step, iteration);
    const value = executor.define(property.counter.name, form.value);
    const runs = executor.condition(
      property.loop.condition,
      withScalars(sigma, new Map([[property.counter.id, value]])),
    ).term;
    goal = and(
      ...constraints,
      form.inRange,
      runs,
      not(arithmetic.closedForm(start, property.counter.type, property.step, next).inRange),
    );
  }
  return { script: finish(executor, functions, goal, header, []), executor };
}

/** the assertion loop's condition at iteration `iteration` in the final state */
function runsAt(builder: ResidualBuilder, final: RunState, guard: Term, iteration: bigint): Term {
  const property = builder.scope.property;
  if (property.kind !== 'loop') return falseTerm;
  const executor = builder.executor;
  const result = executor.executeBlock(property.before, { guard, state: final.state });
  const state = result.normal?.state ?? final.state;
  const counter = builder.arithmetic.closedForm(
    state.scalars.get(property.counter.id)!,
    property.counter.type,
    property.step,
    builder.arithmetic.constant(iteration),
  ).value;
  return executor.condition(property.loop.condition, withScalars(state, new Map([[property.counter.id, counter]])))
    .term;
}
