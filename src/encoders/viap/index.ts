// The `viap` encoding (Rajkhowa and Lin, "Extending VIAP to Handle Array Programs"): the program as first-order axioms with an
// explicit counter per loop, closed-form solutions of the recurrences and the instantiation of
// array axioms at the written cells (translate.ts, loops.ts); each assert is proven by one query
// "definitions ∧ facts before it ∧ it fails" (unsat: it never fails), and when that query is not
// unsat, by induction on the iteration count of the loop before it (iteration-proofs.ts).
//
// Approximation: over. The axioms are true of every run (int semantics), so unsat for every
// assert proves the program SAFE. A model of quantified axioms is not a run: viap never reports
// UNSAFE from its own queries; after a failed proof it looks for a bug with bmc (kernel/search.ts),
// whose counterexamples the kernel replays on the program. bv semantics: UNKNOWN in this version.
// `--emit` writes the proof queries of each attempt (the program as it is, then with a constant size
// generalised: NAME.viap-… and NAME.viap-generalised-…), the translation's small questions asked to
// the solver as in the solve (decide.ts), so the files are the queries the solve asks.

import type { Program } from '../../ir/types.js';
import { createSmtScript, type SmtScript, type Term } from '../../smt/terms.js';
import { substituteDefinitions } from './simplify.js';
import { describeReason, unknownReason, unknownVerdict, type UnknownReason, type Verdict } from '../../verdict.js';
import { constantVariableAsSize, generaliseConstantSize } from '../../analysis/generalise-size.js';
import { safeAssumptions } from '../../symbolic/variables.js';
import type {
  EmitContext,
  EmitResult,
  EmittedArtefact,
  Encoder,
  EncoderContext,
  SolveOutcome,
} from '../../kernel/encoder.js';
import type { Budget } from '../../kernel/budget.js';
import { optionValue } from '../../kernel/options.js';
import { OutcomeRecorder, type PhaseTimer } from '../../kernel/outcome.js';
import { searchProveSearch } from '../../kernel/strategy.js';
import { budgetSpent, solverUnknown } from '../../kernel/reasons.js';
import { decider } from './decide.js';
import { withDivisibilityLemmas } from './divisibility.js';
import { iterationProofs } from './iteration-proofs.js';
import { summariseLoop } from './loops.js';
import { Collector, Frame, Translator, Unsupported, type Obligation, type ViapTranslation } from './translate.js';
import { formatTerm } from '../../smt/format.js';
import { viapDeclaration, showAxiomsOption } from './declaration.js';
export { showAxiomsOption } from './declaration.js';

/** the longest axiom text --show-axioms prints whole */
const shownAxiomCharacters = 600;

/** the part of the budget the shallow counterexample search before the proof may use */
const quickSearchShare = 0.1;

export type TranslationResult =
  | { readonly kind: 'translated'; readonly translation: ViapTranslation }
  | { readonly kind: 'unsupported'; readonly reason: UnknownReason };

export async function translateProgram(program: Program, decide?: Translator['decide']): Promise<TranslationResult> {
  const translator = new Translator(program, summariseLoop, decide);
  const collector = new Collector();
  const frame = new Frame(false);
  try {
    await translator.executeBlock(program.body, frame, collector, translator.initialState(collector), []);
  } catch (error) {
    if (error instanceof Unsupported)
      return { kind: 'unsupported', reason: unknownReason('unsupported', error.message, error.location) };
    throw error;
  }
  if (translator.expressions.inexactReasons.size > 0) {
    return {
      kind: 'unsupported',
      reason: unknownReason('unsupported', `viap: ${[...translator.expressions.inexactReasons].join('; ')}`),
    };
  }
  return { kind: 'translated', translation: { collector, obligations: frame.obligations } };
}

/** "definitions ∧ facts before the assert ∧ the assert fails": unsat proves the assert */
export function directScript(program: Program, translation: ViapTranslation, obligation: Obligation): SmtScript {
  const { collector } = translation;
  return createSmtScript({
    headerComments: [
      `viap encoding of ${program.file}: the assert at ${obligation.location.line}:${obligation.location.column}`,
      'unsat: the assert never fails (the program as axioms over mathematical integers)',
      'sat or unknown: no proof (a model of these axioms need not be a run)',
    ],
    logic: 'ALL',
    constants: collector.constants,
    functions: collector.functions,
    assertions: withDivisibilityLemmas(directAssertions(collector, obligation)),
  });
}

/** the direct query's assertions, with the constants that facts define substituted (simplify.ts) */
function directAssertions(
  collector: Collector,
  obligation: Obligation,
): { readonly term: Term; readonly comment: string }[] {
  const [facts, failure, ...definitions] = substituteDefinitions([obligation.facts, obligation.failure]);
  return [
    ...collector.axioms,
    { term: facts!, comment: 'what the run did before the assert' },
    { term: failure!, comment: 'the assert fails' },
    ...definitions.map((term) => ({ term, comment: 'a constant the facts define (substituted above)' })),
  ];
}

type Proof =
  { readonly kind: 'proven'; readonly how: string } | { readonly kind: 'failed'; readonly reason: UnknownReason };

/**
 * The time limit of each query in the rounds of a proof before the last, in milliseconds: a quick
 * round, then one four times as long; the last round gives each query its share of the budget.
 */
const roundLimitsMilliseconds: readonly (number | undefined)[] = [400, 1_600, undefined];

interface ProofAttempt {
  readonly description: string;
  readonly scripts: readonly SmtScript[];
  readonly share: number;
  readonly direct: boolean;
  /** the leading queries already unsat: a later round asks only from the first one not proven */
  provenParts: number;
  /** asked again in the next round (its last query ran out of a round's limit) */
  retry: boolean;
}

/**
 * The direct query, then each induction candidate, in rounds of growing limits: first every query
 * with a short limit (a proof by induction is often found at once while the direct query runs out
 * of time), then the queries that ran out of time again with a longer one, and last with their
 * share of the budget (the direct query a third of what remains, each induction query a sixth: the
 * counterexample search needs the rest). A query once unsat is not asked again, and a later round
 * takes first the attempts with the most queries proven (an induction whose base holds before one
 * whose base ran out of time, and both before the single direct query).
 */
async function proveObligation(
  program: Program,
  translation: ViapTranslation,
  obligation: Obligation,
  context: EncoderContext,
): Promise<Proof> {
  const { solver, budget } = context;
  const where = `the assert at ${obligation.location.line}:${obligation.location.column}`;
  let reason: UnknownReason = unknownReason(
    'imprecise',
    `viap: ${where} is not proven by the axioms`,
    obligation.location,
  );
  const attempts: ProofAttempt[] = [
    {
      description: 'directly',
      scripts: [directScript(program, translation, obligation)],
      share: 1 / 3,
      direct: true,
      provenParts: 0,
      retry: true,
    },
    ...iterationProofs(program, translation, obligation).map((candidate) => ({
      description: candidate.description,
      scripts: candidate.scripts,
      share: 1 / 6,
      direct: false,
      provenParts: 0,
      retry: true,
    })),
  ];
  for (const [round, roundLimit] of roundLimitsMilliseconds.entries()) {
    const order = round === 0 ? attempts : [...attempts].sort((left, right) => right.provenParts - left.provenParts);
    for (const attempt of order) {
      if (budget.expired()) return { kind: 'failed', reason };
      if (!attempt.retry) continue;
      attempt.retry = false;
      for (; attempt.provenParts < attempt.scripts.length; attempt.provenParts++) {
        const limit = budget.share(attempt.share).solverTimeout(roundLimit);
        const result = await solver.checkScript(attempt.scripts[attempt.provenParts]!, { timeoutMilliseconds: limit });
        if (result.kind === 'unsat') continue;
        const timedOut = result.kind === 'unknown' && result.reason === 'timeout';
        // only a query cut short by a round's limit is worth asking again
        attempt.retry = roundLimit !== undefined && timedOut && limit < budget.share(attempt.share).solverTimeout();
        if (result.kind === 'unknown' && (attempt.direct || timedOut))
          reason = solverUnknown(`viap: ${where}${attempt.direct ? '' : ' by induction'}`, result);
        break;
      }
      if (attempt.provenParts === attempt.scripts.length) return { kind: 'proven', how: attempt.description };
    }
  }
  return { kind: 'failed', reason };
}

/** where an assert was proven and how ('directly', 'by induction on …') */
interface AssertProof {
  readonly at: string;
  readonly how: string;
}

type ProgramProof =
  | { readonly kind: 'proven'; readonly proofs: readonly AssertProof[] }
  | { readonly kind: 'failed'; readonly reason: UnknownReason };

/** every assert of the program proven (directly or by induction), or the first that is not */
async function proveProgram(
  program: Program,
  context: EncoderContext,
  budget: Budget,
  report: string[] | undefined,
  details: Record<string, unknown>,
): Promise<ProgramProof> {
  const translated = await translateProgram(program, decider(context.solver, budget));
  if (translated.kind === 'unsupported') return { kind: 'failed', reason: translated.reason };
  const translation = translated.translation;
  report?.push(...describeTranslation(translation));
  details.obligations = translation.obligations.length;
  details.axioms = translation.collector.axioms.length;
  const proofs: AssertProof[] = [];
  for (const obligation of translation.obligations) {
    const proof = await proveObligation(program, translation, obligation, { ...context, budget });
    if (proof.kind === 'failed') return { kind: 'failed', reason: proof.reason };
    proofs.push({ at: `${obligation.location.line}:${obligation.location.column}`, how: proof.how });
  }
  return { kind: 'proven', proofs };
}

/** why viap answers UNKNOWN (unsupported) in bv semantics */
const bitVectorRefusal = 'viap: bit-vector semantics is not supported yet';

export async function solveViap(program: Program, context: EncoderContext): Promise<SolveOutcome> {
  const show = optionValue(context.options, showAxiomsOption);
  const recorder = new OutcomeRecorder({ showReport: show });
  if (context.options.semantics !== 'int') return recorder.done(unknownVerdict('unsupported', bitVectorRefusal));
  return searchProveSearch(program, context, recorder, {
    // a shallow search first: a bug found by a few unrollings needs no proof attempt
    quickSearchShare,
    prove: async () => {
      const proof = await proveWithAttempts(
        program,
        context,
        recorder.timed,
        show ? recorder.report : undefined,
        recorder.details,
      );
      if (proof.kind === 'proven') return { kind: 'decided', verdict: safeVerdict(proof.proofs, proof.assumptions) };
      const failure = proof.reason;
      recorder.details.failure = failure.message;
      return {
        kind: 'search',
        why: describeReason(failure),
        unknownKind: failure.kind,
        ...(failure.kind === 'unsupported' ? { reasonIfNotFound: failure } : {}),
      };
    },
  });
}

/** the asserts proven, each location once, grouped by how: "10:3, 11:3 directly; 12:3 by induction on …" */
function describeProofs(proofs: readonly AssertProof[]): string {
  const byHow = new Map<string, string[]>();
  for (const proof of proofs) {
    const locations = byHow.get(proof.how) ?? [];
    if (!locations.includes(proof.at)) locations.push(proof.at);
    byHow.set(proof.how, locations);
  }
  return [...byHow.entries()].map(([how, locations]) => `${locations.join(', ')} ${how}`).join('; ');
}

function safeVerdict(proofs: readonly AssertProof[], extra: readonly string[]): Verdict {
  return {
    kind: 'safe',
    assumptions: [
      ...safeAssumptions('int'),
      ...extra,
      `asserts proven from the program's axioms (${describeProofs(proofs) || 'none reachable'})`,
    ],
  };
}

interface ProofAttemptPlan {
  readonly program: Program;
  readonly share: number;
  /** the share when no attempt follows it (absent: `share`) */
  readonly shareAsLast?: number;
  readonly assumptions: readonly string[];
  readonly title: string;
  /** the attempt's program is the generalised one (its files are named `.viap-generalised-…`) */
  readonly generalised: boolean;
}

/**
 * The programs the proof is attempted on, in order (see proveWithAttempts): the program as it is;
 * with a constant size, the program with it generalised to N, then the program as it is again.
 */
function proofAttempts(program: Program): ProofAttemptPlan[] {
  const generalised = constantVariableAsSize(program) ?? generaliseConstantSize(program);
  if (generalised === undefined) return [{ program, share: 1, assumptions: [], title: '', generalised: false }];
  const generalisation = `the constant ${generalised.constant} generalised to a size N in [1, ${generalised.constant}]`;
  return [
    { program, share: 0.1, assumptions: [], title: 'the program as it is:', generalised: false },
    {
      program: generalised.program,
      share: 0.5,
      // the proof of arrays-3d/reverse-3d-safe (0.75 s quiet, the program as it is refused by the
      // axioms in its first 0.45 s) was cut at a half of the rest under the suite's load
      shareAsLast: 0.85,
      assumptions: [generalisation],
      title: `${generalisation}:`,
      generalised: true,
    },
    { program, share: 0.6, assumptions: [], title: 'the program as it is, with more time:', generalised: false },
  ];
}

/**
 * The proof attempts in order: the program as it is, briefly (closed forms usually prove it at
 * once); a constant size C generalised to a size N in [1, C] (the original is the instance N = C),
 * which gives induction on the iteration count a symbol to generalise and a cost that does not
 * depend on C; then the program as it is again with the time left, when the first attempt ran out
 * of time.
 */
async function proveWithAttempts(
  program: Program,
  context: EncoderContext,
  timed: PhaseTimer,
  report: string[] | undefined,
  details: Record<string, unknown>,
): Promise<
  | { readonly kind: 'proven'; readonly proofs: readonly AssertProof[]; readonly assumptions: readonly string[] }
  | { readonly kind: 'failed'; readonly reason: UnknownReason }
> {
  const { budget } = context;
  const attempts = proofAttempts(program);
  let failure: UnknownReason | undefined;
  let first: UnknownReason | undefined;
  for (const [index, attempt] of attempts.entries()) {
    if (budget.expired() || failure?.kind === 'unsupported') break;
    if (index === 2 && failure !== undefined && !worthRetrying(first)) break;
    if (report !== undefined && attempt.title !== '') report.push(attempt.title);
    const last = index === attempts.length - 1 || (index === 1 && !worthRetrying(first));
    const share = last ? (attempt.shareAsLast ?? attempt.share) : attempt.share;
    const proof = await timed('proof', () =>
      proveProgram(attempt.program, context, budget.share(share), report, details),
    );
    if (proof.kind === 'proven') return { kind: 'proven', proofs: proof.proofs, assumptions: attempt.assumptions };
    if (index === 0) first = proof.reason;
    failure = proof.reason;
  }
  return { kind: 'failed', reason: failure ?? budgetSpent('viap', 'a proof') };
}

/** whether the program as it is is attempted again with more time: its first attempt ran out of time or the solver gave up */
function worthRetrying(first: UnknownReason | undefined): boolean {
  return first?.kind === 'timeout' || first?.kind === 'solverUnknown';
}

/**
 * viap's proof alone, without the counterexample searches (SAFE or UNKNOWN, never UNSAFE): the
 * soundness harness holds the axioms to the interpreter with it, since in solveViap a bug that the
 * shallow bmc search finds first would hide an unsound proof.
 */
export async function solveViapProofOnly(program: Program, context: EncoderContext): Promise<SolveOutcome> {
  const recorder = new OutcomeRecorder();
  if (context.options.semantics !== 'int') return recorder.done(unknownVerdict('unsupported', bitVectorRefusal));
  const proof = await proveWithAttempts(program, context, recorder.timed, undefined, recorder.details);
  return recorder.done(
    proof.kind === 'proven' ? safeVerdict(proof.proofs, proof.assumptions) : { kind: 'unknown', reason: proof.reason },
  );
}

function describeTranslation(translation: ViapTranslation): string[] {
  const lines: string[] = [];
  for (const report of translation.collector.reports) lines.push(...report.lines);
  lines.push(`${translation.collector.axioms.length} definition(s):`);
  for (const axiom of translation.collector.axioms) {
    // the solver gets shared terms; their infix text can be exponentially long, so it is cut
    const text = formatTerm(axiom.term);
    lines.push(
      `  ${axiom.comment}: ${text.length <= shownAxiomCharacters ? text : `${text.slice(0, shownAxiomCharacters)} … (${text.length} characters; --emit smt2 writes it whole)`}`,
    );
  }
  lines.push(`${translation.obligations.length} assert(s) to prove`);
  return lines;
}

/**
 * The proof queries of one attempt's translation, in the order of their first asking: per assert,
 * the direct query, then each induction candidate's base, step and use (proveObligation asks them
 * in rounds, a later round again those that ran out of time, and stops at the first assert not proven).
 */
function proofArtefacts(program: Program, translation: ViapTranslation, generalised: boolean): EmittedArtefact[] {
  const name = generalised ? '.viap-generalised' : '.viap';
  const when = generalised ? ['asked when the proof of the program as it is did not prove every assert'] : [];
  return translation.obligations.flatMap((obligation, index) => {
    const before =
      index === 0 ? [] : [`asked when the asserts before it (${index}) were proven, by these files or their induction`];
    const direct = directScript(program, translation, obligation);
    return [
      {
        suffix: `${name}-direct-${index + 1}.smt2`,
        content: createSmtScript({ ...direct, headerComments: [...direct.headerComments, ...when, ...before] }),
      },
      ...iterationProofs(program, translation, obligation).flatMap((candidate, candidateIndex) =>
        candidate.scripts.map((script, part) => ({
          suffix: `${name}-induction-${index + 1}-${candidateIndex + 1}-${['base', 'step', 'use'][part] ?? part}.smt2`,
          content: createSmtScript({
            ...script,
            headerComments: [
              ...script.headerComments,
              ...when,
              ...before,
              ...(part === 0 ? [] : ['asked when the queries of this induction before it were unsat']),
            ],
          }),
        })),
      ),
    ];
  });
}

/**
 * The proof queries solveViap asks, per attempt (the program as it is, then with a constant size
 * generalised): the translation asks the solver its small questions (decide.ts) here as in the solve.
 * The program as it is is attempted a second time with more time: the same queries, written once.
 */
async function emitViap(program: Program, context: EmitContext): Promise<EmitResult> {
  if (context.options.semantics !== 'int') return { kind: 'unsupported', reason: bitVectorRefusal };
  const artefacts: EmittedArtefact[] = [];
  for (const attempt of proofAttempts(program)) {
    if (artefacts.length > 0 && !attempt.generalised) break;
    const translated = await translateProgram(
      attempt.program,
      context.solver === undefined ? undefined : decider(context.solver, context.budget),
    );
    if (translated.kind === 'unsupported') {
      if (artefacts.length === 0) return { kind: 'unsupported', reason: describeReason(translated.reason) };
      continue;
    }
    artefacts.push(...proofArtefacts(attempt.program, translated.translation, attempt.generalised));
  }
  return { kind: 'emitted', artefacts };
}

export const viapEncoder: Encoder = {
  ...viapDeclaration,
  emit: emitViap,
  solve: solveViap,
};
