// The portfolio's certificate step (src/portfolio/certificate.ts): a SAFE of an encoding that gives
// no certificate gets a checked one from chc (asked after the verdict, with the time left); a
// certifier that finds none leaves the SAFE as it is and says why, within the budget plus the
// step's grace; a certificate the checker refutes makes the SAFE UNKNOWN naming the clause, as in
// the kernel; without `askCertificate` nothing is asked. The command line says `; from chc`.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { allFormsModelled } from '../../src/analysis/control-flow-forms.js';
import { encoders } from '../../src/encoders/index.js';
import type { Encoder, SolveOutcome } from '../../src/kernel/encoder.js';
import type { Program } from '../../src/ir/types.js';
import { runPortfolio, type Stage } from '../../src/portfolio/index.js';
import { certificateGraceMilliseconds } from '../../src/portfolio/certificate.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { strictChcComp } from '../../src/smt/chc-comp.js';
import { printSort } from '../../src/smt/printer.js';
import { buildChcEncoding } from '../../src/symbolic/horn-clauses.js';
import { unknownVerdict } from '../../src/verdict.js';
import { encode, regression } from '../support/cli.js';
import { itWith, solverRequirement } from '../support/requirements.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const z3 = solverRequirement('z3');

function lowered(name: string): Program {
  const frontEnd = runFrontEnd(join(regression, name), { dataModel: 'ILP32', preprocessor: 'default' });
  if (frontEnd.kind !== 'program') throw new Error(`${name}: ${frontEnd.kind}`);
  return frontEnd.program;
}

/** a test double: `answer` on whatever it gets, after waiting for `waitMilliseconds` of its budget */
function fakeEncoder(
  name: string,
  answer: (program: Program, semantics: 'int' | 'bv') => SolveOutcome,
  waitMilliseconds = 0,
): Encoder {
  return {
    name,
    summary: 'a test double',
    approximation: 'over',
    options: [],
    emitUsesSolver: false,
    controlFlow: allFormsModelled,
    emit: async () => ({ kind: 'unsupported', reason: 'test double' }),
    solve: async (program, context) => {
      const wait = Math.min(waitMilliseconds, context.budget.remaining());
      await new Promise((resolve) => setTimeout(resolve, wait));
      return answer(program, context.options.semantics === 'bv' ? 'bv' : 'int');
    },
  };
}

const safe = (): SolveOutcome => ({ verdict: { kind: 'safe', assumptions: [] }, times: {}, details: {} });
const stageOf = (encoder: Encoder): Stage => ({ encoder, share: 1, lane: 0 });

describe("the portfolio's certificate step", () => {
  it(
    'asks the template certifier first for the certificate of a SAFE whose encoding gives none, and checks it',
    { timeout: 60_000 },
    async () => {
      const result = await runPortfolio(lowered('copy-safe.c'), { semantics: 'c', settings: new Map() }, solver, {
        timeoutMilliseconds: 20_000,
        stages: [stageOf(fakeEncoder('prover', safe))],
        lanes: 1,
        askCertificate: true,
      });
      expect(result.verdict.kind).toBe('safe');
      expect(result.decidedBy).toBe('prover');
      const certificate = result.certificate!;
      expect(certificate.status).toMatchObject({ kind: 'checked', invariants: 3, clauses: 7 });
      expect(certificate).toMatchObject({ from: 'templates', asked: true });
      expect(certificate.attempts.map((attempt) => attempt.encoding)).toEqual(['templates']);
    },
  );

  it('asks witness when it is the certifier: its model carried back, checked', { timeout: 60_000 }, async () => {
    const result = await runPortfolio(lowered('copy-safe.c'), { semantics: 'c', settings: new Map() }, solver, {
      timeoutMilliseconds: 20_000,
      stages: [stageOf(fakeEncoder('prover', safe))],
      lanes: 1,
      askCertificate: true,
      certifiers: [encoders.get('witness')!],
    });
    expect(result.certificate?.status).toMatchObject({ kind: 'checked', invariants: 3, clauses: 7 });
    expect(result.certificate).toMatchObject({ from: 'witness', asked: true });
  });

  it('asks chc when it is the certifier, and checks its model', { timeout: 60_000 }, async () => {
    const result = await runPortfolio(lowered('copy-safe.c'), { semantics: 'c', settings: new Map() }, solver, {
      timeoutMilliseconds: 20_000,
      stages: [stageOf(fakeEncoder('prover', safe))],
      lanes: 1,
      askCertificate: true,
      certifiers: [encoders.get('chc')!],
    });
    expect(result.certificate?.status).toMatchObject({ kind: 'checked', invariants: 3, clauses: 7 });
    expect(result.certificate).toMatchObject({ from: 'chc', asked: true });
  });

  it('asks chc after witness when witness has no certificate', { timeout: 60_000 }, async () => {
    // counter-safe.c has no array: witness's clauses are chc's; a witness that finds nothing in the
    // time it gets (a test double) leaves the asking to chc
    const idle = fakeEncoder('witness', () => ({
      verdict: unknownVerdict('timeout', 'witness: out of time'),
      times: {},
      details: {},
    }));
    const result = await runPortfolio(lowered('counter-safe.c'), { semantics: 'c', settings: new Map() }, solver, {
      timeoutMilliseconds: 20_000,
      stages: [stageOf(fakeEncoder('prover', safe))],
      lanes: 1,
      askCertificate: true,
      certifiers: [idle, encoders.get('chc')!],
    });
    expect(result.certificate).toMatchObject({ status: { kind: 'checked' }, from: 'chc', asked: true });
    expect(result.certificate?.attempts.map((attempt) => attempt.encoding)).toEqual(['witness', 'chc']);
  });

  it(
    'runs the first certifier beside the others with two lanes: chc certifies while it still searches, and it is aborted',
    { timeout: 60_000 },
    async () => {
      // a first certifier that searches until it is aborted (or its budget ends)
      const searching: Encoder = {
        ...fakeEncoder('searching', safe),
        solve: async (_program, context) => {
          const signal = context.budget.signal;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, context.budget.remaining());
            signal?.addEventListener('abort', () => {
              clearTimeout(timer);
              resolve();
            });
          });
          return { verdict: unknownVerdict('timeout', 'searching: out of time'), times: {}, details: {} };
        },
      };
      const started = performance.now();
      const result = await runPortfolio(lowered('copy-safe.c'), { semantics: 'c', settings: new Map() }, solver, {
        timeoutMilliseconds: 20_000,
        stages: [stageOf(fakeEncoder('prover', safe))],
        lanes: 2,
        askCertificate: true,
        certifiers: [searching, encoders.get('chc')!],
      });
      expect(result.certificate).toMatchObject({ status: { kind: 'checked' }, from: 'chc', asked: true });
      expect(result.certificate?.attempts.map((attempt) => attempt.encoding).sort()).toEqual(['chc', 'searching']);
      // in turn, the first certifier would have spent the whole budget (its share is all of it)
      expect(performance.now() - started).toBeLessThan(15_000);
    },
  );

  it('keeps the SAFE when nothing is asked, saying that its encoding gives none', async () => {
    const result = await runPortfolio(lowered('copy-safe.c'), { semantics: 'c', settings: new Map() }, solver, {
      timeoutMilliseconds: 5_000,
      stages: [stageOf(fakeEncoder('prover', safe))],
      lanes: 1,
    });
    expect(result.verdict.kind).toBe('safe');
    expect(result.certificate).toMatchObject({
      status: { kind: 'none', reason: 'prover gives no certificate' },
      asked: false,
      attempts: [],
    });
  });

  it('keeps the SAFE when the certifier finds none, within the budget and the grace', async () => {
    const timeout = 1_500;
    const started = performance.now();
    // the prover answers at the end of the budget; the certifier spends all it gets
    const certifier = fakeEncoder(
      'certifier',
      () => ({ verdict: unknownVerdict('timeout', 'certifier: out of time'), times: {}, details: {} }),
      10_000,
    );
    const result = await runPortfolio(lowered('copy-safe.c'), { semantics: 'c', settings: new Map() }, solver, {
      timeoutMilliseconds: timeout,
      stages: [stageOf(fakeEncoder('prover', safe, 10_000))],
      lanes: 1,
      askCertificate: true,
      certifiers: [certifier],
    });
    const elapsed = performance.now() - started;
    expect(result.verdict.kind).toBe('safe');
    expect(result.certificate?.status).toEqual({
      kind: 'none',
      reason: 'prover gives no certificate; certifier: out of time',
    });
    expect(result.certificate!.attempts).toHaveLength(1);
    // the floor (2 s) is cut to the grace past the deadline
    expect(elapsed).toBeLessThan(timeout + certificateGraceMilliseconds + 200);
    expect(result.certificate!.milliseconds).toBeGreaterThan(certificateGraceMilliseconds / 2);
  });

  it(
    'makes the SAFE UNKNOWN when the certificate asked for is refuted, naming the clause',
    { timeout: 60_000 },
    async () => {
      // a certifier whose "model" is every predicate true: the queries of counter-safe.c refute it
      const liar = fakeEncoder('liar', (program, semantics) => {
        const predicates = strictChcComp(buildChcEncoding(program, semantics).system).predicates;
        return {
          ...safe(),
          certificateClaim: {
            kind: 'model',
            source: 'a test double',
            invariants: predicates.map((predicate) => ({
              name: predicate.name,
              definition: `(define-fun ${predicate.name} (${predicate.parameterSorts.map((sort, index) => `(x!${index} ${printSort(sort)})`).join(' ')}) Bool true)`,
            })),
          },
        };
      });
      const result = await runPortfolio(lowered('counter-safe.c'), { semantics: 'c', settings: new Map() }, solver, {
        timeoutMilliseconds: 20_000,
        stages: [stageOf(fakeEncoder('prover', safe))],
        lanes: 1,
        askCertificate: true,
        certifiers: [liar],
      });
      expect(result.certificate?.status.kind).toBe('failed');
      expect(result.certificate?.from).toBe('liar');
      expect(result.verdict.kind).toBe('unknown');
      if (result.verdict.kind === 'unknown') {
        expect(result.verdict.reason.kind).toBe('imprecise');
        expect(result.verdict.reason.message).toMatch(
          /^prover answered SAFE, but the certificate liar gave for it failed: clause \d+ of \d+ \(.*assert at \d+:\d+ fails.*\)/,
        );
      }
    },
  );

  it('asks nothing when chc itself decided', { timeout: 60_000 }, async () => {
    const chc = encoders.get('chc')!;
    const result = await runPortfolio(lowered('copy-safe.c'), { semantics: 'c', settings: new Map() }, solver, {
      timeoutMilliseconds: 20_000,
      stages: [stageOf(chc)],
      lanes: 1,
      askCertificate: true,
    });
    expect(result.decidedBy).toBe('chc');
    expect(result.certificate).toMatchObject({ status: { kind: 'checked' }, from: 'chc', asked: false, attempts: [] });
  });
});

describe('the command line', () => {
  itWith(
    [z3],
    'verify: a SAFE of bmc gets a certificate from templates or from its complete unrolling when one is asked for',
    { timeout: 60_000 },
    () => {
      const directory = mkdtempSync(join(tmpdir(), 'encode-certificate-'));
      onTestFinished(() => rmSync(directory, { recursive: true, force: true }));
      const model = join(directory, 'copy-safe.model.smt2');
      const result = encode(
        'verify',
        join(regression, 'copy-safe.c'),
        '--solver',
        'z3',
        '--timeout',
        '20',
        '--certificate',
        model,
      );
      expect(result.stdout).toMatch(/^SAFE\n/);
      expect(result.stdout).toMatch(
        /^certificate: checked \(3 invariants, 7 clauses; z3(, cvc5)?; from (templates|unrolling)\)$/m,
      );
      // (with two lanes, templates beside unrolling then witness and chc; the first checked certificate aborts the other lane)
      expect(result.stdout).toMatch(
        /^portfolio: decided by \S+ .*; certificate asked of (templates|unrolling)(, [^:]+)?: [\d.]+ s;/m,
      );
      const json = JSON.parse(
        encode(
          'verify',
          join(regression, 'copy-safe.c'),
          '--solver',
          'z3',
          '--timeout',
          '20',
          '--json',
          '--require-certificate',
        ).stdout,
      );
      expect(json.verdict).toBe('safe');
      expect(json.certificate).toMatchObject({ status: 'checked', invariants: 3, clauses: 7 });
      expect(['templates', 'unrolling']).toContain(json.certificate.from);
      expect(json.certificate.stepMilliseconds).toBeGreaterThan(0);
      expect(json.certificate.checkMilliseconds).toBeGreaterThan(0);
    },
  );
});
