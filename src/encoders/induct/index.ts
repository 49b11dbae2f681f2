// The `induct` encoding: full-program induction on the size parameter N (issue 12, first version:
// peeling with commutation; difference relations and strengthening are not built yet).
//
// For a program of the shape of shape.ts, P(N) = Pre(N); E_1 … E_r; Post(N), SAFE for every N
// allowed by the precondition φ is shown by:
// 1. φ(N) ⇒ N ≥ lower (the largest such lower ≤ 8, at least 1), start > lower, and for N ≥ start,
//    φ(N) ⇒ φ(N − 1) (queries.ts `preconditionProgram`);
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
//
// Verdicts: SAFE only when every premise is proven; UNSAFE only from a bmc counterexample of P with
// N fixed that the kernel replays on the original program (the base cases, and a search up to
// start + 6 when the step fails); everything else is UNKNOWN with the premise that failed.
// Int semantics only in this version (bv: UNKNOWN).

import { printProgram } from '../../ir/print.js';
import type { Program, Semantics } from '../../ir/types.js';
import { or } from '../../smt/terms.js';
import type { Solver } from '../../solvers/solver.js';
import { unknownReason, unknownVerdict, type UnknownReason, type Verdict } from '../../verdict.js';
import { bmcScript, buildBmcEncoding, solveBmc } from '../bmc/index.js';
import { safeAssumptions } from '../common/variables.js';
import type { EmitContext, EmitResult, EmittedArtefact, Encoder, EncoderContext, SolveOutcome } from '../encoder.js';
import type { Budget } from '../kernel/budget.js';
import { confirmCounterexample } from '../kernel/confirm.js';
import { flagOption, optionValue } from '../kernel/options.js';
import { phaseTimer } from '../kernel/phase-times.js';
import { budgetSpent, solverUnknown } from '../kernel/reasons.js';
import {
  commutationPairs, commutationScript, fixedSizeProgram, fixedSizeUnwind, inductionStart, lowerBoundProgram, preconditionProgram, stepProgram,
} from './queries.js';
import { constantVariableAsSize, generaliseConstantSize } from '../../analysis/generalise-size.js';
import { moveInitialisationsToLoops, unwrapFinalConditional } from './normalise.js';
import { detectShape, findSize, type CountingLoop, type InductionShape } from './shape.js';

export const showInductionOption = flagOption({
  name: 'show-induction', help: 'print the shape found (size, peeled loops, base cases) and the inductive step as a program',
});

/** the largest lower bound of the size looked for in the precondition */
const maximumLowerBound = 8n;

/** sizes tried by the counterexample search after a failed step, beyond the base cases */
const searchSizes = 6n;

type Premise = { readonly kind: 'holds' } | { readonly kind: 'fails'; readonly reason: UnknownReason } | { readonly kind: 'bug'; readonly verdict: Verdict };

/** a loop-free or fixed-size program, proven by bmc with unwinding assertions */
async function proveByBmc(program: Program, unwind: number, semantics: Semantics, solver: Solver, budget: Budget, what: string): Promise<Premise> {
  const result = await solveBmc(program, { semantics, unwind, unwindingAssertions: true }, solver, budget);
  const verdict = result.outcome.verdict;
  switch (verdict.kind) {
    case 'safe': return { kind: 'holds' };
    case 'unsafe': return { kind: 'fails', reason: unknownReason('imprecise', `induct: ${what} does not hold`) };
    case 'unknown': return { kind: 'fails', reason: { ...verdict.reason, message: `induct: ${what}: ${verdict.reason.message}` } };
    default: {
      const never: never = verdict;
      throw new Error(`unknown verdict ${JSON.stringify(never)}`);
    }
  }
}

/** P(n) by bmc (`target`: the program with a size parameter): holds, a bug replayed on `original`, or unknown */
async function checkSize(
  target: Program, original: Program, generalised: boolean, shape: InductionShape, size: bigint, semantics: Semantics, solver: Solver, budget: Budget,
): Promise<Premise> {
  const fixed = fixedSizeProgram(target, shape, size);
  const result = await solveBmc(fixed, { semantics, unwind: fixedSizeUnwind(shape, size), unwindingAssertions: true }, solver, budget);
  const verdict = result.outcome.verdict;
  switch (verdict.kind) {
    case 'safe': return { kind: 'holds' };
    case 'unsafe': {
      // the run of P with N fixed is a run of P: the kernel replays it on the original program
      const confirmation = confirmCounterexample(original, { kind: 'choices', counterexample: verdict.counterexample }, { semantics, budget });
      if (confirmation.kind === 'confirmed') return { kind: 'bug', verdict: confirmation.verdict };
      if (generalised) {
        return { kind: 'fails', reason: unknownReason('imprecise', `induct: the program generalised to a size ${shape.size.sourceName} fails for ${shape.size.sourceName} = ${size}, which is not the original's size`) };
      }
      return { kind: 'fails', reason: confirmation.reason };
    }
    case 'unknown': return { kind: 'fails', reason: { ...verdict.reason, message: `induct: the case ${shape.size.sourceName} = ${size}: ${verdict.reason.message}` } };
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
    ...loops.map((loop) => `peeled: loop at ${loop.loop.location.line}:${loop.loop.location.column} (${loop.counter.sourceName} from ${loop.start} step ${loop.step}, ${loop.perSize === 1n ? '' : `${loop.perSize}·`}${shape.size.sourceName} ${loop.iterationOffset >= 0n ? '+' : '-'} ${loop.iterationOffset < 0n ? -loop.iterationOffset : loop.iterationOffset} iterations, ${loop.perSize} peeled)`),
    `property: ${shape.post.length} part(s) after the loops`,
  ];
}

/** every (peeled loop, later middle element) pair commutes */
async function proveCommutation(program: Program, shape: InductionShape, start: bigint, context: EncoderContext): Promise<Premise> {
  const { solver, budget, options } = context;
  for (const { peeled: element, later } of commutationPairs(shape)) {
    const script = commutationScript(program, shape, start, element, later, options.semantics);
    if (script.kind === 'unsupported') return { kind: 'fails', reason: unknownReason('unsupported', `induct: ${script.reason}`) };
    const result = await solver.checkScript(script, { timeoutMilliseconds: budget.solverTimeout() });
    if (result.kind === 'unknown') return { kind: 'fails', reason: solverUnknown('induct: commutation', result) };
    if (result.kind === 'sat') {
      const where = later === element ? 'the loop\'s other iterations' : later.kind === 'loop' ? `the loop at ${later.loop.location.line}:${later.loop.location.column}` : 'the statements after it';
      const which = element.direction === 'down' ? 'first' : 'last';
      return { kind: 'fails', reason: unknownReason('imprecise', `induct: the ${which} iteration of the loop at ${element.loop.location.line}:${element.loop.location.column} does not commute with ${where} (difference relations are not built yet)`, element.loop.location) };
    }
  }
  return { kind: 'holds' };
}

export async function solveInduct(program: Program, context: EncoderContext): Promise<SolveOutcome> {
  const { options, solver, budget } = context;
  const semantics = options.semantics;
  const times: Record<string, number> = {};
  const details: Record<string, unknown> = {};
  const report: string[] = [];
  const show = optionValue(options, showInductionOption);
  const done = (verdict: Verdict): SolveOutcome => ({ verdict, times, details, ...(show ? { report } : {}) });
  const timed = phaseTimer(times);
  const { target, constant } = withSizeParameter(program);
  const detected = detectShape(target);
  if (detected.kind === 'outOfShape') return done(unknownVerdict('unsupported', `induct: ${detected.reason}`, detected.location));
  if (semantics !== 'int') return done(unknownVerdict('unsupported', 'induct: bit-vector semantics is not supported yet'));
  if (constant !== undefined) details.generalisedConstant = String(constant);
  const shape = detected.shape;
  let start = inductionStart(shape);
  details.size = shape.size.sourceName;

  // the least size the precondition allows (up to 8): the base cases start there
  let lower = 1n;
  while (lower < maximumLowerBound && (await timed('precondition', () => proveByBmc(lowerBoundProgram(target, shape, lower + 1n), 0, semantics, solver, budget, 'a lower bound'))).kind === 'holds') lower++;
  if (lower + 1n > start) start = lower + 1n;
  details.lowest = Number(lower);
  details.start = Number(start);
  const precondition = await timed('precondition', () => proveByBmc(preconditionProgram(target, shape, start, lower), 0, semantics, solver, budget, `the precondition (${shape.size.sourceName} >= ${lower}, inherited by ${shape.size.sourceName} - 1 from ${start} on)`));
  if (precondition.kind !== 'holds') return done(precondition.kind === 'bug' ? precondition.verdict : { kind: 'unknown', reason: precondition.reason });
  for (let size = lower; size < start; size++) {
    const base = await timed('baseCases', () => checkSize(target, program, constant !== undefined, shape, size, semantics, solver, budget));
    if (base.kind === 'bug') return done(base.verdict);
    if (base.kind === 'fails') return done({ kind: 'unknown', reason: base.reason });
  }
  report.push(...describeShape(shape, lower, start));
  const commutation = await timed('commutation', () => proveCommutation(target, shape, start, context));
  const step = commutation.kind === 'holds'
    ? await timed('step', async () => {
      const built = stepProgram(target, shape, start);
      if (show) report.push('inductive step (psi(N-1) assumed at fresh indices, the peels, psi(N) asserted):', printProgram(built.program));
      return proveByBmc(built.program, 0, semantics, solver, budget, 'the inductive step');
    })
    : commutation;
  details.step = step.kind;
  if (step.kind === 'holds') {
    const generalised = constant === undefined ? [] : [`the constant ${constant} generalised to a size N in [1, ${constant}]`];
    return done({ kind: 'safe', assumptions: [...safeAssumptions(semantics), ...generalised, `induction on ${shape.size.sourceName} (base cases ${lower} … ${start - 1n} by bmc, peeled loops commute, the step holds)`] });
  }
  if (step.kind === 'bug') return done(step.verdict);
  // the step failed: perhaps the program is wrong for a slightly larger N
  // (a generalised program's small sizes are not the original's: no search there)
  for (let size = start; constant === undefined && size < start + searchSizes && !budget.expired(); size++) {
    const search = await timed('counterexampleSearch', () => checkSize(target, program, constant !== undefined, shape, size, semantics, solver, budget));
    if (search.kind === 'bug') return done(search.verdict);
    if (search.kind === 'fails' && search.reason.kind === 'timeout') break;
  }
  if (budget.expired() && step.reason.kind !== 'timeout') return done({ kind: 'unknown', reason: budgetSpent('induct', 'the counterexample search ended') });
  return done({ kind: 'unknown', reason: step.reason });
}

/** the program itself when it reads a size parameter, else its constant bound generalised (shape.ts) */
function withSizeParameter(original: Program): { readonly target: Program; readonly constant: bigint | undefined } {
  const program = moveInitialisationsToLoops(unwrapFinalConditional(original));
  if (findSize(program) !== undefined) return { target: program, constant: undefined };
  const generalised = constantVariableAsSize(program) ?? generaliseConstantSize(program);
  return generalised === undefined ? { target: program, constant: undefined } : { target: generalised.program, constant: generalised.constant };
}

async function emitInduct(original: Program, context: EmitContext): Promise<EmitResult> {
  const program = withSizeParameter(original).target;
  const detected = detectShape(program);
  if (detected.kind === 'outOfShape') return { kind: 'unsupported', reason: `induct: ${detected.reason}` };
  const semantics = context.options.semantics;
  const shape = detected.shape;
  const start = inductionStart(shape);
  const artefacts: EmittedArtefact[] = [];
  const proof = (suffix: string, target: Program, unwind: number, what: string): void => {
    const encoding = buildBmcEncoding(target, unwind, semantics);
    artefacts.push({ suffix, content: bmcScript(encoding, or(encoding.property, encoding.unwindingViolation), [`induct encoding of ${program.file}: ${what}`, 'unsat: it holds', 'sat: it does not (for the step: the proof fails, which says nothing about the program)']) });
  };
  proof('.induct-precondition.smt2', preconditionProgram(program, shape, start), 0, `the precondition: N >= 1, and N >= ${start} inherits it to N - 1`);
  for (let size = 1n; size < start; size++) proof(`.induct-base-${size}.smt2`, fixedSizeProgram(program, shape, size), fixedSizeUnwind(shape, size), `the base case ${shape.size.sourceName} = ${size}`);
  let pair = 0;
  for (const { peeled: element, later } of commutationPairs(shape)) {
    const script = commutationScript(program, shape, start, element, later, semantics);
    if (script.kind === 'unsupported') return { kind: 'unsupported', reason: `induct: ${script.reason}` };
    artefacts.push({ suffix: `.induct-commute-${++pair}.smt2`, content: script });
  }
  proof('.induct-step.smt2', stepProgram(program, shape, start).program, 0, 'the inductive step');
  return { kind: 'emitted', artefacts };
}

export const inductEncoder: Encoder = {
  name: 'induct',
  summary: 'induction on the size parameter N: base cases by bmc, peeled last iterations, the step P(N-1) => P(N)',
  approximation: 'over',
  options: [showInductionOption],
  emitUsesSolver: false,
  emit: emitInduct,
  solve: solveInduct,
};
