// The `induct` encoding: full-program induction on the size parameter N (peeling with
// commutation, difference relations in lockstep.ts when the loops read N or a peel does not
// commute, and strengthening with guessed facts in strengthen.ts when the step fails).
//
// For a program of the shape of shape.ts, P(N) = Pre(N); E_1 … E_r; Post(N), SAFE for every N
// allowed by the precondition φ is shown by:
// 1. φ(N) ⇒ N ≥ lower (the largest such lower ≤ 8, at least 1), start > lower, and for N ≥ start,
//    φ(N) ⇒ φ(N − 1) (premises.ts `preconditionProgram`);
// 2. base cases: P(n) for n = lower … start − 1 by bmc with N fixed and unwinding assertions (exact);
// 3. peeling: each counting loop of P(N) is its run for N − 1 plus one last iteration (the peel),
//    because the body reads neither N nor anything computed from it. Every peel commutes with every
//    later element of the middle (one SMT query per pair, `commutationScript`; loop counters are
//    local to their loops, so they are left out of the comparison), so
//    P(N) ≡ Pre(N); E_1(N − 1) … E_r(N − 1); Δ(N); Post(N) with Δ the peels in order;
// 4. step: Pre(N) and Pre(N − 1) differ only in N and what is computed from it, which the middle
//    does not read; so the state X after the middle is one that P(N − 1) reaches, and the induction
//    hypothesis (P(N − 1) is safe) gives ψ(N − 1) at X. From any X with ψ(N − 1), Δ(N); Post(N)
//    has no failing assertion (`stepProgram`, by bmc at unwinding 0: it has no loops).
// With 1 ⇒ the step applies from start on, 2 and 4 ⇒ every N is safe.
// When the middle reads N or a peel does not commute, premises 3 and 4 are replaced by lockstep.ts:
// difference relations between the runs of P(N) and P(N − 1), each proven inductive, and a step
// query from the relations at the loops' exits and ψ(N − 1) of P(N − 1)'s final state.
//
// Verdicts: SAFE only when every premise is proven; UNSAFE only from a bmc counterexample of P with
// N fixed that the kernel replays on the original program (the base cases, and a search up to
// start + 6 when the step fails); everything else is UNKNOWN with the premise that failed.
// Int semantics only in this version (bv: UNKNOWN).
//
// `--emit` writes the queries the solve asks, in its order and named by premise
// (NAME.induct-lower-K, -precondition, -base-K, -commute-J, -step, -lockstep-K-J, -strengthened-R-…,
// -size-K): which one comes next depends on the answers before it, so emit runs the same proof with
// the solver and records them (queries.ts).

import { printExpression, printProgram } from '../../ir/print.js';
import type { Program, Semantics } from '../../ir/types.js';
import type { Solver } from '../../solvers/solver.js';
import { unknownReason, unknownVerdict, type UnknownReason, type Verdict } from '../../verdict.js';
import { checkBounded } from '../../kernel/bounded-check.js';
import { safeAssumptions } from '../../symbolic/variables.js';
import type { EmitContext, EmitResult, Encoder, EncoderContext, SolveOutcome } from '../../kernel/encoder.js';
import type { Budget } from '../../kernel/budget.js';
import { confirmCounterexample } from '../../kernel/confirm.js';
import { optionValue } from '../../kernel/options.js';
import { OutcomeRecorder, type PhaseTimer } from '../../kernel/outcome.js';
import { budgetSpent, solverUnknown } from '../../kernel/reasons.js';
import {
  commutationPairs,
  commutationScript,
  fixedSizeProgram,
  fixedSizeUnwind,
  inductionStart,
  lowerBoundProgram,
  preconditionProgram,
  stepProgram,
} from './premises.js';
import { constantVariableAsSize, generaliseConstantSize } from '../../analysis/generalise-size.js';
import {
  inlineAssertionTemporaries,
  moveInitialisationsToLoops,
  prefixAssertions,
  unwrapFinalConditional,
} from './normalise.js';
import { detectShape, findSize, type CountingLoop, type InductionShape } from './shape.js';
import { proveByDifferences } from './lockstep.js';
import { strengthenedProgram } from './strengthen.js';
import { summariseInnerLoops } from './inner-loops.js';
import { askDirectly, bounded, QueryRecorder, single, type Asking } from './queries.js';
import { inductDeclaration, strengthenOption, showInductionOption } from './declaration.js';
export { strengthenOption, showInductionOption } from './declaration.js';

/** the largest lower bound of the size looked for in the precondition */
const maximumLowerBound = 8n;

/** sizes tried by the counterexample search after a failed step, beyond the base cases */
const searchSizes = 6n;

type Premise =
  | { readonly kind: 'holds' }
  | { readonly kind: 'fails'; readonly reason: UnknownReason }
  | { readonly kind: 'bug'; readonly verdict: Verdict };

/** a loop-free or fixed-size program, proven by bmc with unwinding assertions */
async function proveByBmc(
  program: Program,
  unwind: number,
  semantics: Semantics,
  solver: Solver,
  budget: Budget,
  what: string,
): Promise<Premise> {
  // loop-free or fixed-size: a nonlinear one is a polynomial identity, which z3's general core proves
  // at once (symbolic/logic.ts)
  const result = await checkBounded(program, { semantics, unwind, unwindingAssertions: true }, solver, budget);
  const verdict = result.outcome.verdict;
  switch (verdict.kind) {
    case 'safe':
      return { kind: 'holds' };
    case 'unsafe':
      return { kind: 'fails', reason: unknownReason('imprecise', `induct: ${what} does not hold`) };
    case 'unknown':
      return { kind: 'fails', reason: { ...verdict.reason, message: `induct: ${what}: ${verdict.reason.message}` } };
    default: {
      const never: never = verdict;
      throw new Error(`unknown verdict ${JSON.stringify(never)}`);
    }
  }
}

/** P(n) by bmc (`target`: the program with a size parameter): holds, a bug replayed on `original`, or unknown */
async function checkSize(
  target: Program,
  original: Program,
  generalised: boolean,
  shape: InductionShape,
  size: bigint,
  semantics: Semantics,
  solver: Solver,
  budget: Budget,
): Promise<Premise> {
  const fixed = fixedSizeProgram(target, shape, size);
  const result = await checkBounded(
    fixed,
    { semantics, unwind: fixedSizeUnwind(shape, size), unwindingAssertions: true },
    solver,
    budget,
  );
  const verdict = result.outcome.verdict;
  switch (verdict.kind) {
    case 'safe':
      return { kind: 'holds' };
    case 'unsafe': {
      // the run of P with N fixed is a run of P: the kernel replays it on the original program
      const confirmation = confirmCounterexample(
        original,
        { kind: 'choices', counterexample: verdict.counterexample },
        { semantics, budget },
      );
      if (confirmation.kind === 'confirmed') return { kind: 'bug', verdict: confirmation.verdict };
      if (generalised) {
        return {
          kind: 'fails',
          reason: unknownReason(
            'imprecise',
            `induct: the program generalised to a size ${shape.size.sourceName} fails for ${shape.size.sourceName} = ${size}, which is not the original's size`,
          ),
        };
      }
      return { kind: 'fails', reason: confirmation.reason };
    }
    case 'unknown':
      return {
        kind: 'fails',
        reason: {
          ...verdict.reason,
          message: `induct: the case ${shape.size.sourceName} = ${size}: ${verdict.reason.message}`,
        },
      };
    default: {
      const never: never = verdict;
      throw new Error(`unknown verdict ${JSON.stringify(never)}`);
    }
  }
}

function describeShape(shape: InductionShape, lower: bigint, start: bigint): string[] {
  const loops = shape.middle.filter((element): element is CountingLoop => element.kind === 'loop');
  return [
    `induction on ${shape.size.sourceName}: base cases ${shape.size.sourceName} = ${lower} … ${start - 1n}, step for ${shape.size.sourceName} >= ${start}`,
    `precondition: ${shape.precondition.length} assumption(s) on ${shape.size.sourceName}`,
    ...loops.map(
      (loop) =>
        `peeled: loop at ${loop.loop.location.line}:${loop.loop.location.column} (${loop.counter.sourceName} from ${loop.start} step ${loop.step}, ${loop.perSize === 1n ? '' : `${loop.perSize}·`}${shape.size.sourceName} ${loop.iterationOffset >= 0n ? '+' : '-'} ${loop.iterationOffset < 0n ? -loop.iterationOffset : loop.iterationOffset} iterations, ${loop.perSize} peeled)`,
    ),
    `property: ${shape.post.length} part(s) after the loops`,
  ];
}

/** every (peeled loop, later middle element) pair commutes */
async function proveCommutation(
  program: Program,
  shape: InductionShape,
  start: bigint,
  context: EncoderContext,
  ask: Asking,
): Promise<Premise> {
  const { budget, options } = context;
  for (const [index, { peeled: element, later }] of commutationPairs(shape).entries()) {
    const script = commutationScript(program, shape, start, element, later, options.semantics);
    if (script.kind === 'unsupported')
      return { kind: 'fails', reason: unknownReason('unsupported', `induct: ${script.reason}`) };
    const solver = ask.solver(single(`commute-${index + 1}`), [
      `does the peeled iteration of the loop at ${element.loop.location.line}:${element.loop.location.column} commute with what follows it? (unsat: yes)`,
      index === 0 ? 'asked after the base cases held' : 'asked after the commutation queries before it were unsat',
    ]);
    const result = await solver.checkScript(script, { timeoutMilliseconds: budget.solverTimeout() });
    if (result.kind === 'unknown') return { kind: 'fails', reason: solverUnknown('induct: commutation', result) };
    if (result.kind === 'sat') {
      const where =
        later === element
          ? "the loop's other iterations"
          : later.kind === 'loop'
            ? `the loop at ${later.loop.location.line}:${later.loop.location.column}`
            : 'the statements after it';
      const which = element.direction === 'down' ? 'first' : 'last';
      return {
        kind: 'fails',
        reason: unknownReason(
          'imprecise',
          `induct: the ${which} iteration of the loop at ${element.loop.location.line}:${element.loop.location.column} does not commute with ${where}`,
          element.loop.location,
        ),
      };
    }
  }
  return { kind: 'holds' };
}

interface StepAttempt {
  readonly step: Premise;
  readonly method: string;
}

/** the inductive step: the peels moved to the end when the middle does not read N and they commute, else difference relations */
async function proveStep(
  target: Program,
  shape: InductionShape,
  start: bigint,
  context: EncoderContext,
  report: string[],
  timed: PhaseTimer,
  ask: Asking,
): Promise<StepAttempt> {
  const { options, solver, budget } = context;
  const commutation: Premise =
    shape.middleReadsSize || shape.innerLoops.size > 0
      ? {
          kind: 'fails',
          reason: unknownReason(
            'imprecise',
            shape.middleReadsSize
              ? `induct: the loops read ${shape.size.sourceName}`
              : 'induct: inner loops are stepped through difference relations',
          ),
        }
      : await timed('commutation', () => proveCommutation(target, shape, start, context, ask));
  if (commutation.kind === 'holds') {
    const step = await timed('step', async () => {
      const built = stepProgram(target, shape, start);
      if (optionValue(options, showInductionOption))
        report.push(
          'inductive step (psi(N-1) assumed at fresh indices, the peels, psi(N) asserted):',
          printProgram(built.program),
        );
      const asked = ask.solver(bounded('step'), [
        'the inductive step: psi(N-1) assumed, the peels, psi(N) asserted (unsat: it holds)',
        'asked after the commutation queries were unsat',
      ]);
      return proveByBmc(built.program, 0, options.semantics, asked, budget, 'the inductive step');
    });
    // when the peels commute, lockstep relations would be identities: the step would be the same query
    return { step, method: 'peeled loops commute, the step holds' };
  }
  if (budget.expired()) return { step: commutation, method: '' };
  const lockstep = await timed('differences', () =>
    proveByDifferences(target, shape, start, solver, budget, report, ask),
  );
  if (lockstep.kind === 'holds')
    return { step: { kind: 'holds' }, method: 'difference relations between P(N) and P(N-1), the step holds' };
  return {
    step: {
      kind: 'fails',
      reason: unknownReason(lockstep.timeout ? 'timeout' : 'imprecise', `induct: ${lockstep.reason}`),
    },
    method: '',
  };
}

/** the strengthened program (more assertions, the same runs): its base cases and step; a base-case failure counts only when it replays on the original */
async function proveStrengthened(
  strengthened: Program,
  original: Program,
  generalised: boolean,
  lower: bigint,
  start: bigint,
  context: EncoderContext,
  report: string[],
  timed: PhaseTimer,
  ask: Asking,
): Promise<StepAttempt> {
  const detected = detectShape(strengthened);
  if (detected.kind === 'outOfShape')
    return {
      step: { kind: 'fails', reason: unknownReason('imprecise', `induct: strengthening: ${detected.reason}`) },
      method: '',
    };
  const shape = detected.shape;
  for (let size = lower; size < start; size++) {
    const base = await timed('strengthening', () =>
      checkSize(
        strengthened,
        original,
        generalised,
        shape,
        size,
        context.options.semantics,
        ask.solver(bounded(`base-${size}`), [`the base case ${shape.size.sourceName} = ${size} (unsat: it holds)`]),
        context.budget,
      ),
    );
    if (base.kind !== 'holds') return { step: base, method: '' };
  }
  return proveStep(strengthened, shape, start, context, report, timed, ask);
}

export async function solveInduct(program: Program, context: EncoderContext): Promise<SolveOutcome> {
  return runInduct(program, context, askDirectly(context.solver));
}

/** the proof, each premise asking its queries through `ask` (solve: the solver; emit: the solver, recorded) */
async function runInduct(program: Program, context: EncoderContext, ask: Asking): Promise<SolveOutcome> {
  const { options, budget } = context;
  const semantics = options.semantics;
  const recorder = new OutcomeRecorder({ showReport: optionValue(options, showInductionOption) });
  const { details, report, timed } = recorder;
  const sized = withSizeParameter(program, semantics);
  const { constant, summarised } = sized;
  let target = sized.target;
  // assertions before the loops (C's guards on the size): proven alone, then assumed
  const prefix = prefixAssertions(target);
  if (prefix !== undefined) {
    const asked = ask.solver(bounded('prefix'), [
      'the assertions before the loops (unsat: they hold, and are assumed by every query after this one)',
    ]);
    const checked = await timed('precondition', () =>
      proveByBmc(prefix.prefix, 0, semantics, asked, budget, 'the assertions before the loops'),
    );
    if (checked.kind === 'holds') target = prefix.assumed;
  }
  const detected = detectShape(target);
  if (detected.kind === 'outOfShape')
    return recorder.done(unknownVerdict('unsupported', `induct: ${detected.reason}`, detected.location));
  if (semantics !== 'int')
    return recorder.done(unknownVerdict('unsupported', 'induct: bit-vector semantics is not supported yet'));
  if (constant !== undefined) details.generalisedConstant = String(constant);
  const shape = detected.shape;
  details.size = shape.size.sourceName;
  const base = await baseOfInduction(target, program, constant !== undefined, shape, context, timed, ask);
  if (base.kind === 'decided') return recorder.done(base.verdict);
  const { lower, start } = base;
  details.lowest = Number(lower);
  details.start = Number(start);
  report.push(...summarised, ...describeShape(shape, lower, start));
  if (summarised.length > 0) details.summarisedInnerLoops = summarised.length;
  const attempt = await proveStep(target, shape, start, context, report, timed, ask);
  const proven =
    attempt.step.kind === 'fails'
      ? await strengthenStep(target, program, constant !== undefined, shape, lower, start, context, recorder, ask)
      : undefined;
  if (proven?.kind === 'bug') return recorder.done(proven.verdict);
  const step = proven?.kind === 'holds' ? proven : attempt.step;
  const method = proven?.kind === 'holds' ? proven.method : attempt.method;
  details.step = step.kind;
  if (step.kind === 'holds') {
    const generalised =
      constant === undefined ? [] : [`the constant ${constant} generalised to a size N in [1, ${constant}]`];
    return recorder.done({
      kind: 'safe',
      assumptions: [
        ...safeAssumptions(semantics),
        ...generalised,
        `induction on ${shape.size.sourceName} (base cases ${lower} … ${start - 1n} by bmc, ${method})`,
      ],
    });
  }
  if (step.kind === 'bug') return recorder.done(step.verdict);
  // the step failed: perhaps the program is wrong for a slightly larger N
  // (a generalised program's small sizes are not the original's: no search there)
  for (let size = start; constant === undefined && size < start + searchSizes && !budget.expired(); size++) {
    const asked = ask.solver(bounded(`size-${size}`), [
      `the program with ${shape.size.sourceName} = ${size}, asked after the inductive step failed (sat: a candidate counterexample, replayed)`,
    ]);
    const search = await timed('counterexampleSearch', () =>
      checkSize(target, program, false, shape, size, semantics, asked, budget),
    );
    if (search.kind === 'bug') return recorder.done(search.verdict);
    if (search.kind === 'fails' && search.reason.kind === 'timeout') break;
  }
  if (budget.expired() && step.reason.kind !== 'timeout')
    return recorder.done({ kind: 'unknown', reason: budgetSpent('induct', 'the counterexample search ended') });
  return recorder.done({ kind: 'unknown', reason: step.reason });
}

/**
 * The least size the precondition allows (up to 8: the base cases start there), the precondition,
 * and the base cases; `decided` when one of them fails (a bug, or UNKNOWN).
 */
async function baseOfInduction(
  target: Program,
  original: Program,
  generalised: boolean,
  shape: InductionShape,
  context: EncoderContext,
  timed: PhaseTimer,
  ask: Asking,
): Promise<
  | { readonly kind: 'ready'; readonly lower: bigint; readonly start: bigint }
  | { readonly kind: 'decided'; readonly verdict: Verdict }
> {
  const { options, budget } = context;
  const semantics = options.semantics;
  const size = shape.size.sourceName;
  let start = inductionStart(shape);
  let lower = 1n;
  while (lower < maximumLowerBound) {
    const asked = ask.solver(bounded(`lower-${lower + 1n}`), [
      `does the precondition imply ${size} >= ${lower + 1n}? (unsat: yes)`,
      lower === 1n ? 'asked first' : `asked after ${size} >= ${lower} was proven`,
    ]);
    const bound = await timed('precondition', () =>
      proveByBmc(lowerBoundProgram(target, shape, lower + 1n), 0, semantics, asked, budget, 'a lower bound'),
    );
    if (bound.kind !== 'holds') break;
    lower++;
  }
  if (lower + 1n > start) start = lower + 1n;
  const what = `the precondition (${size} >= ${lower}, inherited by ${size} - 1 from ${start} on)`;
  const asked = ask.solver(bounded('precondition'), [
    `${what} (unsat: it holds)`,
    `asked after the lower bound queries: ${size} >= ${lower} is the least size proven`,
  ]);
  const precondition = await timed('precondition', () =>
    proveByBmc(preconditionProgram(target, shape, start, lower), 0, semantics, asked, budget, what),
  );
  if (precondition.kind !== 'holds')
    return {
      kind: 'decided',
      verdict: precondition.kind === 'bug' ? precondition.verdict : { kind: 'unknown', reason: precondition.reason },
    };
  for (let value = lower; value < start; value++) {
    const asked = ask.solver(bounded(`base-${value}`), [
      `the base case ${size} = ${value} (unsat: it holds; sat: a candidate counterexample, replayed)`,
      `asked after the precondition${value === lower ? '' : ` and the base cases from ${lower} on`} held`,
    ]);
    const base = await timed('baseCases', () =>
      checkSize(target, original, generalised, shape, value, semantics, asked, budget),
    );
    if (base.kind === 'bug') return { kind: 'decided', verdict: base.verdict };
    if (base.kind === 'fails') return { kind: 'decided', verdict: { kind: 'unknown', reason: base.reason } };
  }
  return { kind: 'ready', lower, start };
}

/**
 * A property too weak to be inductive: guess facts about the final values (closed forms in N of
 * degree 2, then 3, …: one more per round, from runs whose models the guesses rely on), prove the
 * program with them asserted too. `holds` with the method, a bug, or undefined when no round proves it.
 */
async function strengthenStep(
  target: Program,
  original: Program,
  generalised: boolean,
  shape: InductionShape,
  lower: bigint,
  start: bigint,
  context: EncoderContext,
  recorder: OutcomeRecorder,
  ask: Asking,
): Promise<
  { readonly kind: 'holds'; readonly method: string } | { readonly kind: 'bug'; readonly verdict: Verdict } | undefined
> {
  const { options, solver, budget } = context;
  const { report, timed } = recorder;
  const rounds = optionValue(options, strengthenOption);
  const tried = new Set<string>();
  for (let round = 1; round <= rounds && !budget.expired(); round++) {
    // the runs that guess the facts are questions: asked unrecorded, their models shape what follows
    const strengthened = await timed('strengthening', () =>
      strengthenedProgram(target, shape, lower, solver, budget, (expression) => printExpression(expression), round + 1),
    );
    // the same facts as an earlier round (no value needed the higher degree): the same proof, not tried again
    if (strengthened === undefined || tried.has(strengthened.key)) continue;
    tried.add(strengthened.key);
    const facts = strengthened.facts.join('; ');
    report.push(`strengthened (round ${round}, degree <= ${round + 1} in ${shape.size.sourceName}) with: ${facts}`);
    const within = ask.within(`strengthened-${round}`, [
      `the program strengthened with facts guessed from the models of runs for small ${shape.size.sourceName} (round ${round}): ${facts}`,
      'asked after the inductive step (and any earlier round) failed',
    ]);
    const again = await proveStrengthened(
      strengthened.program,
      original,
      generalised,
      lower,
      start,
      context,
      report,
      timed,
      within,
    );
    if (again.step.kind === 'bug') return { kind: 'bug', verdict: again.step.verdict };
    if (again.step.kind === 'holds')
      return {
        kind: 'holds',
        method: `${again.method}, for the property strengthened with ${strengthened.facts.join(', ')} (proven as well)`,
      };
  }
  return undefined;
}

/**
 * the program itself when it reads a size parameter, else its constant bound generalised (shape.ts);
 * in int semantics its inner loops summarised where they can be (inner-loops.ts)
 */
function withSizeParameter(
  original: Program,
  semantics: Semantics,
): { readonly target: Program; readonly constant: bigint | undefined; readonly summarised: readonly string[] } {
  const program = moveInitialisationsToLoops(unwrapFinalConditional(inlineAssertionTemporaries(original)));
  const generalised =
    findSize(program) === undefined ? (constantVariableAsSize(program) ?? generaliseConstantSize(program)) : undefined;
  const sized = generalised === undefined ? program : generalised.program;
  const summaries = semantics === 'int' ? summariseInnerLoops(sized) : { program: sized, summarised: [] };
  return { target: summaries.program, constant: generalised?.constant, summarised: summaries.summarised };
}

/**
 * The queries solveInduct asks, as files in the order asked: the proof run as in the solve, with the
 * solver (which query comes next depends on the answers: queries.ts), each query recorded.
 */
async function emitInduct(original: Program, context: EmitContext): Promise<EmitResult> {
  const solver = context.solver;
  if (solver === undefined)
    return {
      kind: 'unsupported',
      reason: "induct: which query comes next depends on the solver's answers: --emit needs a solver",
    };
  const recorder = new QueryRecorder(
    solver,
    `induct encoding of ${original.file} (${context.options.semantics} semantics)`,
  );
  const run = await runInduct(
    original,
    { options: context.options, budget: context.budget, solver },
    recorder.asking(),
  );
  // refused before the shape was found (details.size unset): no proof to write
  if (run.verdict.kind === 'unknown' && run.verdict.reason.kind === 'unsupported' && run.details.size === undefined)
    return { kind: 'unsupported', reason: run.verdict.reason.message };
  return { kind: 'emitted', artefacts: recorder.artefacts };
}

export const inductEncoder: Encoder = {
  ...inductDeclaration,
  emit: emitInduct,
  solve: solveInduct,
};
