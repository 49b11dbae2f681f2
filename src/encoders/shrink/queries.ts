// The SMT queries of the shrink encoding: the shrinkability check of Fig. 4 and the residual program
// of Fig. 5 of "Loop shrinking", each one loop-free SMT-LIB script (int semantics).
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

import type { LoopStatement, Program } from '../../ir/types.js';
import {
  add, and, boolSort, containsConstantArray, createSmtScript, equal, falseTerm, intConstant, intSort, less, lessEqual,
  multiply, not, or, subtract, trueTerm, implies, type FunctionDeclaration, type SmtScript, type Term,
} from '../../smt/terms.js';
import { ExpressionTranslator } from '../common/expressions.js';
import { SymbolicExecutor, type Path, type SymbolicState } from '../common/ssa.js';
import { collectVariables } from '../common/variables.js';
import type { ShrinkScope } from './scope.js';
import { writtenArrays, writtenScalars } from './scope.js';

interface RunState {
  readonly state: SymbolicState;
  readonly done: Term;
}

export interface ShrinkQuery {
  readonly script: SmtScript;
  readonly executor: SymbolicExecutor;
}

/** a fresh executor whose Init loops are over-approximated and whose opaque values are functions */
function createExecutor(program: Program): { executor: SymbolicExecutor; functions: Map<string, FunctionDeclaration>; abstracted: AbstractedLoop[] } {
  const functions = new Map<string, FunctionDeclaration>();
  const abstracted: AbstractedLoop[] = [];
  const havocLoop = (loop: LoopStatement, path: Path, executor: SymbolicExecutor): Path | undefined => {
    // everything the loop may modify gets an arbitrary value: a superset of the states after it
    const scalars = new Map(path.state.scalars);
    const arrays = new Map(path.state.arrays);
    for (const variable of writtenScalars([loop]).values()) scalars.set(variable.id, executor.fresh(`${variable.name}.after`, scalars.get(variable.id)!.sort));
    const after = new Map<number, Term>();
    for (const array of writtenArrays([loop]).values()) {
      const value = executor.fresh(`${array.name}.after`, arrays.get(array.id)!.sort);
      arrays.set(array.id, value);
      after.set(array.id, value);
    }
    abstracted.push({ loop, arrays: after });
    return { guard: path.guard, state: { scalars, arrays } };
  };
  const translator = new ExpressionTranslator('int');
  const executor = new SymbolicExecutor(program, collectVariables(program), translator, { inlineLimit: 0, loop: havocLoop, namePrefix: '' });
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

/** value at the start of iteration `iteration` (1-based): entry + (iteration - 1) * step */
function closedForm(entry: Term, step: bigint, iteration: Term): Term {
  if (step === 0n) return entry;
  const offset = iteration.kind === 'intConstant' ? intConstant((iteration.value - 1n) * step) : multiply(intConstant(step), subtract(iteration, intConstant(1n)));
  return add(entry, offset);
}

class ResidualBuilder {
  constructor(readonly scope: ShrinkScope, readonly executor: SymbolicExecutor, readonly ghosts: ReadonlyMap<number, Term>) {}

  /** S_j under `guard` */
  step(run: RunState, iteration: Term, guard: Term): RunState {
    const executor = this.executor;
    const loop = this.scope.loop;
    const active = executor.guardTerm(and(guard, not(run.done)));
    const assignments = new Map<number, Term>();
    for (const entry of this.scope.accelerated) {
      assignments.set(entry.variable.id, executor.define(entry.variable.name, closedForm(this.ghosts.get(entry.variable.id)!, entry.step, iteration)));
    }
    const start = withScalars(run.state, assignments);
    const condition = executor.define('loop', executor.condition(loop.condition, start).term);
    const enter = executor.guardTerm(and(active, condition));
    const exit = executor.guardTerm(and(active, not(condition)));
    const body = executor.executeBlock(loop.body, { guard: enter, state: start });
    const afterBody = executor.merge([body.normal, ...body.continues]);
    const afterUpdate = afterBody === undefined ? undefined : executor.merge([executor.executeBlock(loop.update, afterBody).normal]);
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
    const clause = (iteration: Term): Term => {
      const values = new Map<number, Term>([[property.counter.id, executor.define(property.counter.name, closedForm(counterStart, property.step, iteration))]]);
      if (property.flag !== undefined) values.set(property.flag.variable.id, intConstant(property.flag.initial));
      const state = withScalars(final, values);
      const runs = executor.condition(property.loop.condition, state).term;
      if (property.flag === undefined) {
        const before = executor.violations.length;
        executor.executeBlock(property.loop.body, { guard: trueTerm, state });
        const violations = executor.violations.splice(before);
        return executor.define('clause', implies(runs, not(or(...violations.map((violation) => violation.condition)))));
      }
      const body = executor.executeBlock(property.loop.body, { guard: trueTerm, state });
      const flagAfter = body.normal?.state.scalars.get(property.flag.variable.id) ?? intConstant(property.flag.initial);
      const unchanged = equal(flagAfter, intConstant(property.flag.initial));
      return executor.define('clause', property.quantifier === 'forall' ? implies(runs, unchanged) : and(runs, not(unchanged)));
    };
    return { clause, finalState: final };
  }

  /** ψ_U in the final state of the run */
  combine(clauses: readonly Term[]): Term {
    return this.scope.property.kind === 'loop' && this.scope.property.quantifier === 'exists' ? or(...clauses) : and(...clauses);
  }
}

function quantifierOf(scope: ShrinkScope): 'forall' | 'exists' {
  return scope.property.kind === 'loop' ? scope.property.quantifier : 'forall';
}

function freshIterations(executor: SymbolicExecutor, count: number, name: string, constraints: Term[]): Term[] {
  const iterations: Term[] = [];
  for (let index = 0; index < count; index++) {
    const iteration = executor.fresh(`${name}${index}`, intSort);
    constraints.push(index === 0 ? lessEqual(intConstant(1n), iteration) : less(iterations[index - 1]!, iteration));
    iterations.push(iteration);
  }
  return iterations;
}

function finish(executor: SymbolicExecutor, functions: Map<string, FunctionDeclaration>, goal: Term, header: readonly string[], extra: readonly Term[]): SmtScript {
  const usesConstantArrays = [...executor.definitions, goal].some(containsConstantArray);
  const logic = usesConstantArrays ? 'ALL' : executor.translator.nonlinear ? 'QF_AUFNIA' : 'QF_AUFLIA';
  return createSmtScript({
    headerComments: header,
    logic,
    constants: executor.constants,
    functions: [...functions.values()],
    assertions: [...executor.definitions.map((term) => ({ term })), ...extra.map((term) => ({ term })), { term: goal, comment: 'goal' }],
  });
}

/** Fig. 4 for candidate shrink-factor k: unsat ⇒ the loop is k-shrinkable */
export function buildCheckQuery(program: Program, scope: ShrinkScope, k: number, header: readonly string[]): ShrinkQuery {
  const { executor, functions } = createExecutor(program);
  const sigma = executor.freshState('.sigma');
  const ghosts = new Map<number, Term>();
  for (const entry of scope.accelerated) {
    // the entry value is an expression over variables the loop does not change: σ holds their entry values
    const value = entry.entry === undefined ? undefined : executor.translate(entry.entry, sigma);
    ghosts.set(entry.variable.id, value !== undefined && isTrue(value.definedness) ? value.term : executor.fresh(`${entry.variable.name}.entry`, intSort));
  }
  const done = executor.fresh('done.sigma', boolSort);
  const constraints: Term[] = [];
  const sequence = freshIterations(executor, k + 1, 't', constraints);
  const past = executor.fresh('past', intSort);
  constraints.push(lessEqual(intConstant(0n), past), less(past, sequence[0]!));
  const builder = new ResidualBuilder(scope, executor, ghosts);
  const quantifier = quantifierOf(scope);
  const pastClause = (clause: (iteration: Term) => Term): Term => (quantifier === 'forall'
    ? or(equal(past, intConstant(0n)), clause(past))
    : and(not(equal(past, intConstant(0n))), clause(past)));
  const outcome = (iterations: readonly Term[]): Term => {
    const final = builder.run({ state: sigma, done }, iterations, trueTerm);
    const { clause } = builder.post(final, trueTerm);
    const residual = builder.combine(iterations.map((iteration) => clause(iteration)));
    return executor.define('holds', quantifier === 'forall' ? and(residual, pastClause(clause)) : or(residual, pastClause(clause)));
  };
  const subsequences: Term[] = [];
  for (let dropped = 0; dropped <= k; dropped++) subsequences.push(outcome(sequence.filter((_, index) => index !== dropped)));
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
export function buildResidualQuery(program: Program, scope: ShrinkScope, k: number, header: readonly string[], dense: boolean): ResidualQuery {
  const { executor, functions, abstracted } = createExecutor(program);
  const initial = executor.executeBlock(scope.init, { guard: trueTerm, state: executor.initialState() });
  const entry = initial.normal ?? { guard: falseTerm, state: executor.initialState() };
  const ghosts = new Map<number, Term>();
  for (const accelerated of scope.accelerated) ghosts.set(accelerated.variable.id, entry.state.scalars.get(accelerated.variable.id)!);
  const builder = new ResidualBuilder(scope, executor, ghosts);
  const quantifier = quantifierOf(scope);
  const constraints: Term[] = [];
  const constants = Array.from({ length: k }, (_, index) => intConstant(BigInt(index + 1)));
  const iterations = dense || quantifier === 'exists' ? constants : freshIterations(executor, k, 'u', constraints);
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

/** the assertion loop's condition at iteration `iteration` in the final state */
function runsAt(builder: ResidualBuilder, final: RunState, guard: Term, iteration: bigint): Term {
  const property = builder.scope.property;
  if (property.kind !== 'loop') return falseTerm;
  const executor = builder.executor;
  const result = executor.executeBlock(property.before, { guard, state: final.state });
  const state = result.normal?.state ?? final.state;
  const counter = closedForm(state.scalars.get(property.counter.id)!, property.step, intConstant(iteration));
  return executor.condition(property.loop.condition, withScalars(state, new Map([[property.counter.id, counter]]))).term;
}

