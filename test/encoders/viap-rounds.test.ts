// viap's proof rounds (src/encoders/viap/index.ts, proveObligation), driven by a scripted solver
// whose answers are chosen per call: a query once unsat is never asked again; a round after the
// first asks first the attempt with the most queries proven (an induction whose base holds, before
// the direct query); the first round's limits are the quick 400 ms, the next round's longer. The
// answers are invented, so the verdicts here say nothing of the program: only the order and the
// limits of the calls are tested (the proofs themselves are tested in viap.test.ts against z3).

import { describe, expect, it } from 'vitest';
import type { Encoder } from '../../src/kernel/encoder.js';
import { solveViapProofOnly, viapEncoder } from '../../src/encoders/viap/index.js';
import { printSmtScript } from '../../src/smt/printer.js';
import type { CheckOptions, Solver, SolverResult } from '../../src/solvers/solver.js';
import type { SmtScript } from '../../src/smt/terms.js';
import { lowerSource } from '../soundness/harness.js';
import { solveWith } from '../support/encoding.js';
import { prelude } from '../support/symbolic-programs.js';

const proofOnly: Encoder = { ...viapEncoder, solve: solveViapProofOnly };

interface Call {
  readonly text: string;
  readonly limit: number;
}

/** a solver answering the proof's queries by `answer(index, text, calls so far)`; every question is unknown */
function scriptedSolver(answer: (index: number, text: string, calls: readonly Call[]) => SolverResult): {
  solver: Solver;
  calls: Call[];
} {
  const calls: Call[] = [];
  const solver: Solver = {
    name: 'scripted',
    async checkScript(script: SmtScript, options: CheckOptions): Promise<SolverResult> {
      if (options.question === true) return { kind: 'unknown', reason: 'incomplete' };
      const text = printSmtScript(script);
      const result = answer(calls.length, text, calls);
      calls.push({ text, limit: options.timeoutMilliseconds });
      return result;
    },
    async checkChc(): Promise<SolverResult> {
      return { kind: 'unknown', reason: 'unsupported' };
    },
    async dispose(): Promise<void> {},
  };
  return { solver, calls };
}

const timeout: SolverResult = { kind: 'unknown', reason: 'timeout' };
const unsat: SolverResult = { kind: 'unsat' };

// a sum of steps in [0, 2] bounded by 2N: one assert after the loop, so a direct query and induction candidates
const program = lowerSource(`${prelude}
int main(void) { int N = __VERIFIER_nondet_int(); assume_abort_if_not(N > 0 && N < 1000); int s = 0;
  for (int i = 0; i < N; i++) { int x = __VERIFIER_nondet_int(); assume_abort_if_not(0 <= x && x <= 2); s = s + x; }
  __VERIFIER_assert(s <= 2 * N);
  return 0; }`);

describe('viap proof rounds', () => {
  it('the second round asks first the induction whose base held, and never asks an unsat query again', async () => {
    // round 1: the direct query (call 0) runs out of time, the first induction's base (call 1) is
    // unsat and its step (call 2) runs out of time, every later query runs out of time; from the
    // first query asked a second time on, everything is unsat
    let repeated = false;
    const { solver, calls } = scriptedSolver((index, text, before) => {
      if (index === 1) return unsat;
      if (before.some((call) => call.text === text)) repeated = true;
      return repeated ? unsat : timeout;
    });
    const run = await solveWith(proofOnly, program, { semantics: 'int', timeoutMilliseconds: 20_000 }, solver);
    expect(calls.length).toBeGreaterThanOrEqual(4);
    const firstRepeat = calls.findIndex((call, index) =>
      calls.slice(0, index).some((earlier) => earlier.text === call.text),
    );
    expect(firstRepeat, 'some query is asked again in a later round').toBeGreaterThan(2);
    // the attempt with one query proven comes first: its step, not the direct query
    expect(calls[firstRepeat]!.text).toBe(calls[2]!.text);
    expect(calls[firstRepeat]!.text).not.toBe(calls[0]!.text);
    // the base, unsat in round 1, is not asked again
    expect(calls.filter((call) => call.text === calls[1]!.text)).toHaveLength(1);
    // limits: the quick round at 400 ms, the next one longer (1.6 s, within the query's share)
    for (const call of calls.slice(0, firstRepeat)) expect(call.limit).toBeLessThanOrEqual(400);
    expect(calls[firstRepeat]!.limit).toBeGreaterThan(400);
    expect(calls[firstRepeat]!.limit).toBeLessThanOrEqual(1_600);
    // the step and the use, both unsat now, end the proof by that induction
    expect(run.verdict.kind).toBe('safe');
    if (run.verdict.kind === 'safe') expect(run.verdict.assumptions.join('; ')).toMatch(/by induction/);
  });

  it('a query that is sat ends its attempt: it is not asked again, and nothing is proven from it', async () => {
    // every query sat: each attempt is asked once, in the first round only
    const { solver, calls } = scriptedSolver(() => ({ kind: 'sat', values: undefined }));
    const run = await solveWith(proofOnly, program, { semantics: 'int', timeoutMilliseconds: 20_000 }, solver);
    expect(run.verdict.kind).toBe('unknown');
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(calls.map((call) => call.text)).size).toBe(calls.length);
  });
});
