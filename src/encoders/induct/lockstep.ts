// Difference relations of `induct`: the inductive step when the peels cannot be
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
//   first iteration sets from cells that differ);
// - band:           ∀k with low ≤ k < N − 1 + d (the cells both programs' pointwise inner loops
//                   write, pointwise-loops.ts): a_N[k] − a_{N−1}[k] = (at entry) + c1·n + c2·n(n−1)/2;
// - edge:           P(N)'s extra cell a_N[N − 1 + d] = (at entry) + c1·n + c2·n(n−1)/2;
// - every coefficient may be c + c'·N (an inner loop of N iterations adds N − 1 more per outer
//   iteration on P(N)'s side).
// Inner loops run through their exact summaries: closed forms (inner-loops.ts, before the shape is
// taken) or one λ per written array (pointwise-loops.ts, in the executor of pair-execution.ts).
// A loop counting down runs P(N)'s extra iteration first (counter N + d), then the common ones
// share their counter values N − 1 + d − n; a loop counting up runs the common ones first.
// The coefficients are fitted on runs of both programs for two small fixed N (fit-relations.ts), and
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

import {
  createAssign,
  createBinary,
  createConstant,
  createIf,
  createProgram,
  createVariableExpression,
  intType,
} from '../../ir/factory.js';
import type { Block, Program, ScalarVariable } from '../../ir/types.js';
import { substituteScalarInBlock, writtenVariables } from '../../ir/visit.js';
import {
  add,
  and,
  equal,
  falseTerm,
  implies,
  intConstant,
  intSort,
  less,
  lessEqual,
  not,
  or,
  type SmtScript,
  type Term,
} from '../../smt/terms.js';
import type { Solver } from '../../solvers/solver.js';
import type { Budget } from '../../kernel/budget.js';
import { assumeAssertions, FreshScalars, inRange } from './premises.js';
import type { CountingLoop, InductionShape } from './shape.js';
import {
  type LockstepResult,
  type PathPair,
  type Relation,
  PairExecution,
  describeRelation,
  previousSize,
  startPair,
  queryMilliseconds,
} from './pair-execution.js';
import { fitCandidates } from './fit-relations.js';
import { askDirectly, numbered, single, type Asking } from './queries.js';
import type { PointwiseArrays } from './pointwise-loops.js';

type LoopRelations = ReadonlyMap<CountingLoop, readonly Relation[]>;

/** the middle up to element `upTo` (exclusive): straight blocks on both sides, each loop through its relations at n(N − 1) and P(N)'s peel */
function runMiddle(
  execution: PairExecution,
  relations: LoopRelations,
  upTo: number,
  pair: PathPair | string,
): PathPair | string {
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
      current: {
        guard: entry.current.guard,
        state: execution.loopState(element, entry.current.state, undefined, '@exit'),
      },
      previous: {
        guard: entry.previous.guard,
        state: execution.loopState(element, entry.previous.state, undefined, '@exit-1'),
      },
    };
    const common = execution.commonIterations(element);
    for (const relation of relations.get(element) ?? [])
      execution.executor.assume(execution.relation(relation, element, entry, exit, common));
    execution.blockedTwins.push(and(entry.current.guard, not(entry.previous.guard)));
    current = execution.afterCommon(element, exit);
  }
  return current;
}

type Proven =
  | { readonly kind: 'proven'; readonly relations: readonly Relation[] }
  | { readonly kind: 'fails'; readonly reason: string; readonly timeout: boolean };

/** the candidates of the loop at `index` of the middle that are inductive over the lockstep iterations (Houdini), and the twin obligations */
async function proveLoop(
  program: Program,
  shape: InductionShape,
  start: bigint,
  index: number,
  proven: LoopRelations,
  candidates: readonly Relation[],
  solver: Solver,
  budget: Budget,
  arrays: PointwiseArrays,
): Promise<Proven> {
  const loop = shape.middle[index] as CountingLoop;
  const execution = new PairExecution(program, shape, 'int', [], arrays);
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
    previous: {
      guard: entry.previous.guard,
      state: execution.loopState(loop, entry.previous.state, iteration, '@n-1'),
    },
  };
  // before the first common iteration, the state is the entry's
  const written = writtenVariables(loop.body, loop.update);
  const unchanged: Term[] = [];
  for (const side of ['current', 'previous'] as const) {
    for (const id of written.scalars.keys())
      if (id !== loop.counter.id)
        unchanged.push(equal(now[side].state.scalars.get(id)!, entry[side].state.scalars.get(id)!));
    for (const id of written.arrays.keys())
      unchanged.push(equal(now[side].state.arrays.get(id)!, entry[side].state.arrays.get(id)!));
  }
  executor.assume(implies(equal(iteration, intConstant(0n)), and(...unchanged)));
  const failures = execution.currentFailures.length;
  const blocked = execution.blockedTwins.length;
  const after = execution.runBoth([...loop.body, ...loop.update], now);
  if (typeof after === 'string') return { kind: 'fails', reason: after, timeout: false };
  const next = add(iteration, intConstant(1n));
  const where = `the loop at ${loop.loop.location.line}:${loop.loop.location.column}`;
  let active = [...candidates];
  for (let changed = true; changed && active.length > 0;) {
    changed = false;
    const hypothesis = active.map((relation) => execution.relation(relation, loop, entry, now, iteration));
    const kept: Relation[] = [];
    for (const relation of active) {
      if (budget.expired())
        return {
          kind: 'fails',
          reason: `the budget ran out while proving the difference relations of ${where}`,
          timeout: true,
        };
      const goal = and(
        after.current.guard,
        after.previous.guard,
        not(execution.relation(relation, loop, entry, after, next)),
      );
      const script = execution.script(
        [
          `induct: is "${describeRelation(relation, shape.size.sourceName)}" inductive over the common iterations of ${where}?`,
          'unsat: yes',
        ],
        hypothesis,
        goal,
      );
      const result = await solver.checkScript(script, { timeoutMilliseconds: budget.solverTimeout(queryMilliseconds) });
      if (result.kind === 'unsat') kept.push(relation);
      else changed = true;
    }
    active = kept;
  }
  const obligation = or(...execution.currentFailures.slice(failures), ...execution.blockedTwins.slice(blocked));
  const hypothesis = active.map((relation) => execution.relation(relation, loop, entry, now, iteration));
  const script = execution.script(
    [`induct: can an iteration of ${where} for N fail or run where its twin for N - 1 is blocked?`, 'unsat: no'],
    hypothesis,
    obligation,
  );
  const result = await solver.checkScript(script, { timeoutMilliseconds: budget.solverTimeout(queryMilliseconds) });
  if (result.kind === 'unsat') return { kind: 'proven', relations: active };
  const timeout = result.kind === 'unknown' && result.reason === 'timeout';
  return {
    kind: 'fails',
    reason: `an iteration of ${where} for ${shape.size.sourceName} may fail where its twin for ${shape.size.sourceName} - 1 does not (${result.kind})`,
    timeout,
  };
}

/** the step: the relations at every loop's exit, the peels, ψ(N − 1) of P(N − 1)'s final state ⇒ ψ(N) */
function stepScript(
  program: Program,
  shape: InductionShape,
  start: bigint,
  proven: LoopRelations,
  witnesses: ReadonlyMap<CountingLoop, ScalarVariable>,
  arrays: PointwiseArrays,
): SmtScript | string {
  const execution = new PairExecution(program, shape, 'int', [...witnesses.values()], arrays);
  const end = runMiddle(execution, proven, shape.middle.length, startPair(execution, start));
  if (typeof end === 'string') return end;
  execution.blockedTwins.push(and(end.current.guard, not(end.previous.guard)));
  const size = shape.size;
  let current = end.current;
  let previous = end.previous;
  for (const element of shape.post) {
    // an assertion loop is checked at one witness index, and assumed for N − 1 there and one step below (a cell read by the peel)
    const instances =
      element.kind === 'check'
        ? [[element.statement]]
        : [0n, -element.step].map((offset): Block => {
            const witness = createBinary(
              'add',
              createVariableExpression(witnesses.get(element)!),
              createConstant(offset, intType),
              intType,
            );
            const range = inRange(element, witness, createVariableExpression(size));
            return [
              createIf(
                range,
                [createAssign(element.counter, witness, element.loop.location), ...element.body],
                [],
                element.loop.location,
              ),
            ];
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
    [
      `induct: the inductive step with difference relations: can psi(${size.sourceName}) fail when psi(${size.sourceName} - 1) holds for the twin run?`,
      'unsat: the step holds',
    ],
    [],
    or(...execution.currentFailures, ...execution.blockedTwins),
  );
}

/**
 * The inductive step through difference relations (see the header). `holds` when every premise is
 * proven; the relations found are described for --show-induction either way. Inner loops' arrays
 * are z3's λ with z3, quantified definitions with any other solver (cvc5). The fit asks `solver`
 * (a question: its model only guesses candidates); every proof query goes through `ask`
 * (queries.ts: recorded as a file by --emit).
 */
export async function proveByDifferences(
  program: Program,
  shape: InductionShape,
  start: bigint,
  solver: Solver,
  budget: Budget,
  report: string[],
  ask: Asking = askDirectly(solver),
): Promise<LockstepResult> {
  const z3 = solver.name.startsWith('z3');
  const arrays: PointwiseArrays = z3 ? 'lambda' : 'quantified';
  const fresh = new FreshScalars(program);
  const witnesses = new Map<CountingLoop, ScalarVariable>();
  for (const element of shape.post)
    if (element.kind === 'loop')
      witnesses.set(element, fresh.make(`${element.counter.sourceName}_witness`, element.counter.type));
  const extended = createProgram(
    program.file,
    [...program.scalars, ...fresh.created],
    program.arrays,
    program.body,
    program.dataModel,
  );
  // the fit needs a model, which z3 gives with λ and rarely with quantified arrays: λ there whenever z3 answers (a fit is only a guess)
  const candidates = await fitCandidates(extended, shape, start, solver, budget, z3 ? 'lambda' : arrays);
  if (typeof candidates === 'string')
    return { kind: 'fails', reason: `difference relations: ${candidates}`, timeout: false };
  const proven = new Map<CountingLoop, readonly Relation[]>();
  const descriptions: string[] = [];
  for (const [index, element] of shape.middle.entries()) {
    if (element.kind !== 'loop') continue;
    const where = `loop at ${element.loop.location.line}:${element.loop.location.column}`;
    const asked = ask.solver(numbered(`lockstep-${index + 1}`), [
      `difference relations of the ${where}, candidates fitted on the model of a run of P(N) and P(N-1) (a question asked before)`,
      'Houdini: each candidate inductive? (unsat: yes; a candidate not proven is dropped and the rest asked again), then the twin obligation',
      'asked after the base cases held and the difference relations of the loops before it were proven',
    ]);
    const result = await proveLoop(
      extended,
      shape,
      start,
      index,
      proven,
      candidates.get(element) ?? [],
      asked,
      budget,
      arrays,
    );
    if (result.kind === 'fails')
      return { kind: 'fails', reason: `difference relations: ${result.reason}`, timeout: result.timeout };
    proven.set(element, result.relations);
    if (result.relations.length === 0) descriptions.push(`${where}: no difference relation`);
    for (const relation of result.relations)
      descriptions.push(`${where}: ${describeRelation(relation, shape.size.sourceName)} (n common iterations)`);
  }
  report.push(
    'difference relations (proven over the common iterations of P(N) and P(N-1)):',
    ...descriptions.map((line) => `  ${line}`),
  );
  const script = stepScript(extended, shape, start, proven, witnesses, arrays);
  if (typeof script === 'string') return { kind: 'fails', reason: `difference relations: ${script}`, timeout: false };
  const asked = ask.solver(single('step'), [
    'the inductive step from the proven difference relations (unsat: it holds)',
    'asked after the difference relations of every loop were proven',
  ]);
  const result = await asked.checkScript(script, { timeoutMilliseconds: budget.solverTimeout(queryMilliseconds) });
  if (result.kind === 'unsat') return { kind: 'holds', relations: descriptions };
  const timeout = result.kind === 'unknown' && result.reason === 'timeout';
  return {
    kind: 'fails',
    reason: `the inductive step with difference relations does not hold (${result.kind === 'sat' ? 'a counterexample to the step, not to the program' : result.reason})`,
    timeout,
  };
}
