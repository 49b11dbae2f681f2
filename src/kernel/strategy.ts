// The one strategy of the encodings whose own answer is not a concrete run (chc's unsat, an
// abstraction's counterexample, a failed proof): optionally a quick counterexample search, then the
// encoding's proof, then a full counterexample search in what is left of the budget. Only a
// counterexample that the kernel replayed on the original program (search.ts) is UNSAFE, so an
// encoding using this cannot report a spurious bug; SAFE comes from the encoding's proof, or from a
// search that unrolled every loop completely and found no failing path (search.ts). A run that asks
// only for a proof (EncoderContext.proofOnly: the portfolio's certificate step) searches nothing.

import type { Program } from '../ir/types.js';
import { unknownReason, type UnknownKind, type UnknownReason, type Verdict } from '../verdict.js';
import type { EncoderContext, SolveOutcome } from './encoder.js';
import type { OutcomeRecorder } from './outcome.js';
import { searchCounterexample, searchFailure } from './search.js';

/** what the proof step of an encoding came to */
export type ProofStep =
  /** a verdict of the proof (SAFE, or an UNKNOWN that no search would change, e.g. the solver gave up) */
  | { readonly kind: 'decided'; readonly verdict: Verdict }
  /**
   * the proof failed in a way a real bug would explain: search for one. `why` begins the UNKNOWN
   * message if none is found, `unknownKind` is its kind; `reasonIfNotFound` replaces that reason.
   */
  | {
      readonly kind: 'search';
      readonly why: string;
      readonly unknownKind: UnknownKind;
      readonly reasonIfNotFound?: UnknownReason;
    };

export interface SearchProveSearch {
  /** the share of the budget for a shallow search before the proof (absent: no search first) */
  readonly quickSearchShare?: number;
  readonly prove: () => Promise<ProofStep>;
}

export async function searchProveSearch(
  program: Program,
  context: EncoderContext,
  recorder: OutcomeRecorder,
  strategy: SearchProveSearch,
): Promise<SolveOutcome> {
  const { options, solver, budget } = context;
  if (strategy.quickSearchShare !== undefined && context.proofOnly !== true) {
    const share = strategy.quickSearchShare;
    const quick = await recorder.timed('counterexampleSearch', () =>
      searchCounterexample(program, options.semantics, solver, budget.share(share)),
    );
    if (quick.kind === 'found' || quick.kind === 'exhausted') return recorder.done(quick.verdict);
  }
  const step = await strategy.prove();
  if (step.kind === 'decided') return recorder.done(step.verdict);
  if (context.proofOnly === true)
    return recorder.done({
      kind: 'unknown',
      reason: step.reasonIfNotFound ?? unknownReason(step.unknownKind, `${step.why} (only a proof was asked for)`),
    });
  if (budget.expired()) {
    return recorder.done({
      kind: 'unknown',
      reason:
        step.reasonIfNotFound ?? unknownReason('timeout', `${step.why}; no time left for a counterexample search`),
    });
  }
  const search = await recorder.timed('counterexampleSearch', () =>
    searchCounterexample(program, options.semantics, solver, budget),
  );
  if (search.kind === 'found') {
    recorder.details.counterexampleUnwind = search.unwind;
    return recorder.done(search.verdict);
  }
  if (search.kind === 'exhausted') return recorder.done(search.verdict);
  return recorder.done({
    kind: 'unknown',
    reason: step.reasonIfNotFound ?? searchFailure(step.why, search, step.unknownKind),
  });
}
