// Counterexample search with bmc at increasing unwinding depths (1, 2, 4, …, or from a given depth
// on: bmc's --deepen) within a budget. An
// unwinding that unrolls every loop completely (constant bounds) ends the search: with no bug found
// there, every path was checked, and the result is that SAFE (bounded-check.ts), not a deeper search.
// Used by the encodings whose own answer is not a concrete run (chc's unsat, an abstraction's
// counterexample): only a bmc counterexample that the kernel replayed counts, so whatever this
// returns as `found` is a real violation of the original program.

import { performance } from 'node:perf_hooks';
import type { Program, Semantics } from '../ir/types.js';
import type { Solver } from '../solvers/solver.js';
import { unknownReason, type UnknownKind, type UnknownReason, type Verdict } from '../verdict.js';
import type { Budget } from './budget.js';
import { checkBounded } from './bounded-check.js';
import { BudgetExhausted, runWithin } from '../budget-check.js';

/** the search stops at this unwinding depth */
const maximumSearchUnwind = 1024;
/** ... or before the bmc formula would exceed this many constants */
const maximumSearchConstants = 400_000;

export type CounterexampleSearchResult =
  | {
      readonly kind: 'found';
      readonly verdict: Extract<Verdict, { kind: 'unsafe' }>;
      readonly unwind: number;
      readonly milliseconds: number;
    }
  | {
      /** every loop unrolled completely and no path fails: the program is safe (in the search's semantics) */
      readonly kind: 'exhausted';
      readonly verdict: Extract<Verdict, { kind: 'safe' }>;
      readonly unwind: number;
      readonly milliseconds: number;
    }
  | {
      readonly kind: 'notFound';
      readonly triedUnwind: number;
      readonly lastReason: UnknownReason | undefined;
      readonly milliseconds: number;
    };

/** why the search found nothing, as one UNKNOWN reason of the calling encoding */
export function searchFailure(
  prefix: string,
  search: Extract<CounterexampleSearchResult, { kind: 'notFound' }>,
  kind: UnknownKind,
): UnknownReason {
  const last = search.lastReason;
  const message = `${prefix}; no replayable counterexample within unwind ${search.triedUnwind}${last === undefined ? '' : ` (${last.message})`}`;
  // a search cut by the budget is a timeout (more time may decide it); otherwise the caller's kind
  return unknownReason(last?.kind === 'timeout' || search.triedUnwind === 0 ? 'timeout' : kind, message);
}

export async function searchCounterexample(
  program: Program,
  semantics: Semantics,
  solver: Solver,
  budget: Budget,
  firstUnwind = 1,
): Promise<CounterexampleSearchResult> {
  const start = performance.now();
  let unwind = Math.max(1, firstUnwind);
  let triedUnwind = 0;
  let lastReason: UnknownReason | undefined;
  let previousMilliseconds: number | undefined;
  let previousConstants: number | undefined;
  while (unwind <= maximumSearchUnwind && !budget.expired()) {
    const stepStarted = performance.now();
    // the unrolling and the rest of the step answer to this search's budget (a share of the
    // encoding's), so that a search cut short leaves the encoding the rest of its time
    let result: Awaited<ReturnType<typeof checkBounded>>;
    try {
      result = await runWithin(budget, () =>
        checkBounded(program, { semantics, unwind, unwindingAssertions: false }, solver, budget),
      );
    } catch (error) {
      if (!(error instanceof BudgetExhausted) || !budget.expired()) throw error;
      lastReason = unknownReason('timeout', `timeout during unwind ${unwind} (${error.phase})`);
      break;
    }
    const stepMilliseconds = performance.now() - stepStarted;
    triedUnwind = unwind;
    const verdict = result.outcome.verdict;
    if (verdict.kind === 'unsafe') return { kind: 'found', verdict, unwind, milliseconds: performance.now() - start };
    if (verdict.kind === 'safe') return { kind: 'exhausted', verdict, unwind, milliseconds: performance.now() - start };
    lastReason = verdict.kind === 'unknown' ? verdict.reason : undefined;
    // a solver that gives up now will not do better deeper; a timeout ends the search anyway
    if (lastReason !== undefined && (lastReason.kind === 'solverUnknown' || lastReason.kind === 'timeout')) break;
    // the next unwinding doubles the formula per loop nesting level: stop before it gets too large
    if (result.constants > maximumSearchConstants / 8) break;
    // ... or would not finish in the share left (a step cut short by the share is time spent for
    // nothing; loops with constant bounds fold to numerals, so a nest of 1000 × 1000 grows in time
    // long before it grows in constants)
    const growth = Math.max(
      2,
      previousMilliseconds === undefined ? 0 : stepMilliseconds / previousMilliseconds,
      previousConstants === undefined ? 0 : result.constants / previousConstants,
    );
    if (stepMilliseconds * growth > budget.remaining()) break;
    previousMilliseconds = Math.max(1, stepMilliseconds);
    previousConstants = Math.max(1, result.constants);
    // the last step is the deepest allowed one, also when doubling would pass it (a search from 20: …, 640, 1024)
    if (unwind >= maximumSearchUnwind) break;
    unwind = Math.min(unwind * 2, maximumSearchUnwind);
  }
  if (budget.expired() && (lastReason === undefined || lastReason.kind !== 'timeout')) {
    lastReason = unknownReason('timeout', `timeout after unwind ${triedUnwind}`);
  }
  return { kind: 'notFound', triedUnwind, lastReason, milliseconds: performance.now() - start };
}
