// Counterexample search with bmc at increasing unwinding depths (1, 2, 4, …) within a deadline.
// Used by the encodings whose own answer is not a concrete run (chc's unsat, an abstraction's
// counterexample): only a bmc counterexample that the interpreter replayed counts, so whatever this
// returns as `found` is a real violation of the original program.

import { performance } from 'node:perf_hooks';
import type { Program } from '../../ir/types.js';
import type { Solver } from '../../solvers/solver.js';
import type { Verdict } from '../../verdict.js';
import type { EncodingOptions } from '../encoder.js';
import { solveBmc } from './index.js';

/** the search stops at this unwinding depth */
const maximumSearchUnwind = 1024;
/** ... or before the bmc formula would exceed this many constants */
const maximumSearchConstants = 400_000;

export type CounterexampleSearchResult =
  | { readonly kind: 'found'; readonly verdict: Extract<Verdict, { kind: 'unsafe' }>; readonly unwind: number; readonly milliseconds: number }
  | { readonly kind: 'notFound'; readonly triedUnwind: number; readonly lastReason: string; readonly milliseconds: number };

export async function searchCounterexample(
  program: Program, options: EncodingOptions, solver: Solver, deadline: number,
): Promise<CounterexampleSearchResult> {
  const start = performance.now();
  let unwind = 1;
  let triedUnwind = 0;
  let lastReason = '';
  while (unwind <= maximumSearchUnwind) {
    const remaining = deadline - performance.now();
    if (remaining < 50) break;
    const outcome = await solveBmc(program, { ...options, unwind, unwindingAssertions: false, timeoutMilliseconds: remaining }, solver);
    triedUnwind = unwind;
    if (outcome.verdict.kind === 'unsafe') {
      return { kind: 'found', verdict: outcome.verdict, unwind, milliseconds: performance.now() - start };
    }
    lastReason = outcome.verdict.kind === 'unknown' ? outcome.verdict.reason : '';
    if (lastReason.includes('solver answered unknown')) break;
    // the next unwinding doubles the formula per loop nesting level: stop before it gets too large
    if (Number(outcome.details['constants'] ?? 0) > maximumSearchConstants / 8) break;
    unwind *= 2;
  }
  return { kind: 'notFound', triedUnwind, lastReason, milliseconds: performance.now() - start };
}
