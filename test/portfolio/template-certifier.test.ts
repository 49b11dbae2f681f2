// The template certifier and prover (src/portfolio/template-certifier.ts): the prover, run through
// the kernel in `c` semantics as a stage of the portfolio, proves our own 3-D threshold count
// (bench/unsigned-3d/threshold-counts-safe.c) with a certificate the checker does not refute and
// proves nothing of its buggy twin; its claim is its own (not a candidate, so a refuted certificate
// would undo its SAFE), the certifier's a candidate (a refuted one leaves another encoding's SAFE).

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Program } from '../../src/ir/types.js';
import type { Encoder } from '../../src/kernel/encoder.js';
import { Budget } from '../../src/kernel/budget.js';
import { runEncoding } from '../../src/kernel/run-encoding.js';
import { templateCertifier, templateProver } from '../../src/portfolio/template-certifier.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const family = join(import.meta.dirname, '..', '..', 'bench', 'unsigned-3d');

function program(name: string): Program {
  const frontEnd = runFrontEnd(join(family, name), { dataModel: 'ILP32', preprocessor: 'default' });
  if (frontEnd.kind !== 'program') throw new Error(`${name}: ${frontEnd.kind}`);
  return frontEnd.program;
}

describe('the template prover', () => {
  it('proves threshold-counts-safe.c in c semantics, its certificate not refuted', { timeout: 120_000 }, async () => {
    const run = await runEncoding(
      templateProver,
      program('threshold-counts-safe.c'),
      { semantics: 'c', settings: new Map() },
      solver,
      { timeoutMilliseconds: 40_000 },
    );
    expect(run.verdict.kind, run.verdict.kind === 'unknown' ? run.verdict.reason.message : '').toBe('safe');
    // the prover's SAFE stands only on a confirmed certificate
    expect(run.certificate?.kind).toBe('checked');
  });

  it('proves nothing of the buggy twin threshold-counts-unsafe.c', { timeout: 120_000 }, async () => {
    const run = await runEncoding(
      templateProver,
      program('threshold-counts-unsafe.c'),
      { semantics: 'c', settings: new Map() },
      solver,
      { timeoutMilliseconds: 15_000 },
    );
    expect(run.verdict.kind).toBe('unknown');
  });

  it("claims its certificate as its own; the certifier's is a candidate", { timeout: 60_000 }, async () => {
    const simple = runFrontEnd(join(import.meta.dirname, '..', 'regression', 'copy-safe.c'), {
      dataModel: 'ILP32',
      preprocessor: 'default',
    });
    if (simple.kind !== 'program') throw new Error(simple.kind);
    const claims = [];
    for (const encoder of [templateProver, templateCertifier]) {
      const outcome = await encoder.solve(simple.program, {
        options: { semantics: 'int', settings: new Map() },
        budget: Budget.start(20_000),
        solver,
      });
      expect(outcome.verdict.kind).toBe('safe');
      claims.push(outcome.certificateClaim);
    }
    expect(claims[0]).toMatchObject({ kind: 'model', candidate: false, checkRequired: true });
    expect(claims[1]).toMatchObject({ kind: 'model', candidate: true });
  });
});

describe('a claim that requires the check (CertificateClaim.checkRequired)', () => {
  /** an encoder that answers SAFE with the given claim after stopping its own run (so nothing is checked) */
  function stoppedProver(checkRequired: boolean, stop: AbortController): Encoder {
    return {
      ...templateProver,
      name: 'stopped',
      solve: async () => {
        stop.abort();
        return {
          verdict: { kind: 'safe', assumptions: [] },
          times: {},
          details: {},
          certificateClaim: { kind: 'model', source: 'a test double', invariants: [], checkRequired },
        };
      },
    };
  }

  it('makes a SAFE whose certificate was not checked UNKNOWN; without it the SAFE stands', async () => {
    for (const checkRequired of [true, false]) {
      const stop = new AbortController();
      const run = await runEncoding(
        stoppedProver(checkRequired, stop),
        program('threshold-counts-safe.c'),
        { semantics: 'c', settings: new Map() },
        solver,
        { timeoutMilliseconds: 10_000, signal: stop.signal },
      );
      expect(run.certificate?.kind).toBe('unchecked');
      expect(run.verdict.kind).toBe(checkRequired ? 'unknown' : 'safe');
      if (run.verdict.kind === 'unknown')
        expect(run.verdict.reason.message).toMatch(/^stopped answered SAFE, but its certificate unchecked/);
    }
  });
});
