// Tests of the shrink encoding (issue 4): the paper's examples as regression programs (shrink
// factors and verdicts), scope detection, the loop-carried dependence check and the emitted files.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { join } from 'node:path';
import { loopCarriedDependence } from '../../src/encoders/shrink/dependence.js';
import { shrinkEncoder } from '../../src/encoders/shrink/index.js';
import { detectScope } from '../../src/encoders/shrink/scope.js';
import { replayCounterexample } from '../../src/interp/interpreter.js';
import type { Program } from '../../src/ir/types.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { printSmtScript } from '../../src/smt/printer.js';
import { createSolver } from '../../src/solvers/index.js';
import type { Solver } from '../../src/solvers/solver.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { emitWith, solveWith, type TestOptions } from '../support/encoding.js';

const regression = join(import.meta.dirname, '../regression/shrink');
const options: TestOptions = { semantics: 'int', timeoutMilliseconds: 120_000, encodings: { shrink: { 'max-k': 5 } } };

function load(path: string): Program {
  const result = runFrontEnd(path, { dataModel: 'ILP32', preprocessor: 'default' });
  if (result.kind !== 'program') throw new Error(`front end failed on ${path}: ${JSON.stringify(result)}`);
  return result.program;
}

const scratch = mkdtempSync(join(tmpdir(), 'shrink-'));
let counter = 0;
function fromSource(body: string): Program {
  const file = join(scratch, `p${counter++}.c`);
  writeFileSync(
    file,
    [
      'extern void abort(void);',
      'void reach_error(void) { abort(); }',
      'extern int __VERIFIER_nondet_int(void);',
      'void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }',
      'int main(void) {',
      body,
      '  return 0;',
      '}',
      '',
    ].join('\n'),
  );
  return load(file);
}

let solver: Solver;
beforeAll(() => {
  const created = createSolver('z3-wasm');
  if (created.kind !== 'ok') throw new Error(created.message);
  solver = created.solver;
});
afterAll(async () => {
  await solver.dispose();
});

describe('paper examples (test/regression/shrink)', () => {
  const cases: { file: string; shrinkFactor: number; verdict: 'safe' | 'unsafe' | 'notSafe' }[] = [
    { file: 'buggy-min.c', shrinkFactor: 2, verdict: 'notSafe' },
    { file: 'buggy-min-vla.c', shrinkFactor: 2, verdict: 'unsafe' },
    { file: 'lmin-d0.c', shrinkFactor: 2, verdict: 'notSafe' },
    { file: 'lmin-d1.c', shrinkFactor: 3, verdict: 'notSafe' },
    { file: 'lmin-d2.c', shrinkFactor: 4, verdict: 'notSafe' },
    { file: 'lmin-vla-d1.c', shrinkFactor: 3, verdict: 'unsafe' },
    { file: 'min2.c', shrinkFactor: 1, verdict: 'safe' },
    { file: 'min-forall.c', shrinkFactor: 1, verdict: 'safe' },
    { file: 'copy-forall.c', shrinkFactor: 1, verdict: 'safe' },
    { file: 'copy-forall-bug.c', shrinkFactor: 1, verdict: 'unsafe' },
    { file: 'init-loop-copy.c', shrinkFactor: 1, verdict: 'safe' },
    { file: 'init-loop-copy-bug.c', shrinkFactor: 1, verdict: 'unsafe' },
    // coalescing (Sect. 5.2, end): cascaded loops over the same range fuse into one
    { file: 'coalesce-copy-check.c', shrinkFactor: 1, verdict: 'safe' },
    { file: 'coalesce-copy-check-bug.c', shrinkFactor: 1, verdict: 'unsafe' },
    { file: 'coalesce-three-counters.c', shrinkFactor: 1, verdict: 'safe' },
    { file: 'coalesce-shifted-bug.c', shrinkFactor: 1, verdict: 'unsafe' },
    { file: 'coalesce-mixed-counters.c', shrinkFactor: 1, verdict: 'safe' },
    { file: 'coalesce-mixed-counters-bug.c', shrinkFactor: 1, verdict: 'notSafe' },
  ];
  for (const entry of cases) {
    test(`${entry.file}: shrink factor ${entry.shrinkFactor}, ${entry.verdict}`, async () => {
      const program = load(join(regression, entry.file));
      const started = performance.now();
      const outcome = await solveWith(shrinkEncoder, program, options, solver);
      const wall = performance.now() - started;
      expect(outcome.details.shrinkFactor).toBe(entry.shrinkFactor);
      // one encoding and one check per k up to the first shrinkable one, none beyond it; the phases run
      // one after the other, so they add up to at most the kernel's time for the encoding, itself
      // within the wall time around the call
      const { times } = outcome;
      const checks = Array.from({ length: entry.shrinkFactor }, (_, index) => [
        `encode-k${index + 1}`,
        `check-k${index + 1}`,
      ]).flat();
      expect(Object.keys(times)).toEqual(expect.arrayContaining(['scope', ...checks, 'encoding']));
      expect(times).not.toHaveProperty(`check-k${entry.shrinkFactor + 1}`);
      const phases = Object.entries(times).filter(([phase]) => phase !== 'encoding');
      for (const [phase, milliseconds] of Object.entries(times))
        expect(Number.isFinite(milliseconds) && milliseconds >= 0, `${phase}: ${milliseconds}`).toBe(true);
      expect(phases.reduce((total, [, milliseconds]) => total + milliseconds, 0)).toBeLessThanOrEqual(
        times.encoding! + 0.01,
      );
      expect(times.encoding).toBeLessThanOrEqual(wall);
      const verdict = outcome.verdict;
      if (entry.verdict === 'safe') {
        expect(verdict.kind).toBe('safe');
        if (verdict.kind === 'safe') expect(verdict.assumptions).toContain('mathematical integers (no overflow)');
        if (verdict.kind === 'safe' && entry.file.startsWith('init-loop'))
          expect(verdict.assumptions.join('; ')).toMatch(/over-approximated/);
      } else if (entry.verdict === 'unsafe') {
        expect(verdict.kind).toBe('unsafe');
        if (verdict.kind === 'unsafe') {
          // the counterexample fails the assertion on the original program
          expect(replayCounterexample(program, verdict.counterexample, 'int').kind).toBe('assertionFailed');
        }
      } else {
        expect(verdict.kind).not.toBe('safe');
      }
    }, 120_000);
  }
});

describe('scope detection', () => {
  test('a nested loop is out of scope with its location', () => {
    const program = fromSource(
      [
        '  int a[10]; int i; int j; int m = 0;',
        '  for (i = 0; i < 10; i++) {',
        '    for (j = 0; j < 10; j++) { m = m + a[j]; }',
        '  }',
        '  for (i = 0; i < 10; i++) { __VERIFIER_assert(m >= a[i]); }',
      ].join('\n'),
    );
    const scope = detectScope(program);
    expect(scope.kind).toBe('outOfScope');
    if (scope.kind === 'outOfScope') expect(scope.reason).toMatch(/^nested loop at \d+:\d+: out of scope$/);
  });

  test('a program without loops is out of scope and solve answers unknown', async () => {
    const program = fromSource('  int x = __VERIFIER_nondet_int();\n  __VERIFIER_assert(x == x);');
    const outcome = await solveWith(shrinkEncoder, program, options, solver);
    expect(outcome.verdict.kind).toBe('unknown');
    expect(outcome.details.inScope).toBe(false);
  });

  test('the counter, its entry value and the ∀ / ∃ / single property forms are recognised', () => {
    const forall = detectScope(load(join(regression, 'buggy-min.c')));
    const exists = detectScope(load(join(regression, 'min2.c')));
    expect(forall.kind === 'inScope' && forall.scope.property.kind === 'loop' && forall.scope.property.quantifier).toBe(
      'forall',
    );
    expect(exists.kind === 'inScope' && exists.scope.property.kind === 'loop' && exists.scope.property.quantifier).toBe(
      'exists',
    );
    if (forall.kind !== 'inScope') throw new Error('expected in scope');
    expect(forall.scope.accelerated.map((entry) => [entry.variable.sourceName, entry.step, entry.entry?.kind])).toEqual(
      [['i', 1n, 'constant']],
    );
    const single = detectScope(
      fromSource(
        [
          '  int a[10]; int i; int s = 0;',
          '  for (i = 0; i < 10; i++) { if (a[i] > s) s = a[i]; }',
          '  __VERIFIER_assert(s >= 0);',
        ].join('\n'),
      ),
    );
    expect(single.kind === 'inScope' && single.scope.property.kind).toBe('single');
  });

  test('an assertion loop whose condition is not monotone in its counter is out of scope', () => {
    const program = fromSource(
      [
        '  int a[10]; int i; int m = 0;',
        '  for (i = 0; i < 10; i++) { if (a[i] > m) m = a[i]; }',
        '  for (i = 0; i != 10; i++) { __VERIFIER_assert(m >= a[i]); }',
      ].join('\n'),
    );
    const scope = detectScope(program);
    expect(scope.kind).toBe('outOfScope');
    if (scope.kind === 'outOfScope') expect(scope.reason).toMatch(/monotone/);
  });
});

describe('coalescing', () => {
  const coalesced = (program: Program): number => {
    const scope = detectScope(program);
    if (scope.kind !== 'inScope') throw new Error(scope.reason);
    return scope.scope.coalescedLoops;
  };
  test('cascaded loops with the same range and element-wise accesses fuse (the paper programs above)', () => {
    expect(coalesced(load(join(regression, 'coalesce-copy-check.c')))).toBe(2);
    expect(coalesced(load(join(regression, 'coalesce-three-counters.c')))).toBe(3);
    expect(coalesced(load(join(regression, 'coalesce-mixed-counters.c')))).toBe(3);
    expect(coalesced(load(join(regression, 'copy-forall.c')))).toBe(1);
  });
  test('a read of a cell the earlier loop writes in a later iteration prevents the fusion', () => {
    expect(coalesced(load(join(regression, 'coalesce-shifted-bug.c')))).toBe(1);
  });
  test('different bounds, a scalar carried between the loops, or a different start prevent the fusion', () => {
    const cascade = (first: string, second: string): Program =>
      fromSource(
        [
          '  int a[10]; int b[10]; int i; int s = 0;',
          first,
          second,
          '  for (i = 0; i < 10; i++) { __VERIFIER_assert(b[i] >= 0); }',
        ].join('\n'),
      );
    expect(
      coalesced(cascade('  for (i = 0; i < 9; i++) { a[i] = 1; }', '  for (i = 0; i < 10; i++) { b[i] = a[i]; }')),
    ).toBe(1);
    expect(
      coalesced(cascade('  for (i = 0; i < 10; i++) { s = s + a[i]; }', '  for (i = 0; i < 10; i++) { b[i] = s; }')),
    ).toBe(1);
    expect(
      coalesced(cascade('  for (i = 1; i < 10; i++) { a[i] = 1; }', '  for (i = 0; i < 10; i++) { b[i] = a[i]; }')),
    ).toBe(1);
    expect(
      coalesced(cascade('  for (i = 0; i < 10; i++) { a[i] = 1; }', '  for (i = 0; i < 10; i++) { b[i] = a[i]; }')),
    ).toBe(2);
  });
  test('solve reports the fusion in its details and its SAFE assumptions', async () => {
    const outcome = await solveWith(
      shrinkEncoder,
      load(join(regression, 'coalesce-three-counters.c')),
      options,
      solver,
    );
    expect(outcome.details.coalescedLoops).toBe(3);
    expect(outcome.verdict.kind).toBe('safe');
    if (outcome.verdict.kind === 'safe')
      expect(outcome.verdict.assumptions.join('; ')).toMatch(/3 cascaded loops coalesced/);
  }, 120_000);
});

describe('bv semantics', () => {
  const bv: TestOptions = { ...options, semantics: 'bv' };
  test('a copy b[i] = a[i] + 1 is safe in int but overflows at INT_MAX in bv: UNSAFE with a replayed run', async () => {
    const program = load(join(regression, 'copy-forall.c'));
    const outcome = await solveWith(shrinkEncoder, program, bv, solver);
    expect(outcome.details.noWrapCounters).toEqual(['i', 'j']);
    expect(outcome.verdict.kind).toBe('unsafe');
    if (outcome.verdict.kind === 'unsafe')
      expect(replayCounterexample(program, outcome.verdict.counterexample, 'bv').kind).toBe('assertionFailed');
  }, 120_000);
  test('the minimum (min2) is SAFE in bv, without the no-overflow assumption', async () => {
    const outcome = await solveWith(shrinkEncoder, load(join(regression, 'min2.c')), bv, solver);
    expect(outcome.verdict.kind).toBe('safe');
    if (outcome.verdict.kind === 'safe')
      expect(outcome.verdict.assumptions).not.toContain('mathematical integers (no overflow)');
  }, 120_000);
  test('a counter that may wrap around (i <= n for any n) makes the verdict UNKNOWN with the reason', async () => {
    const program = fromSource(
      [
        '  int n = __VERIFIER_nondet_int(); int a[10]; int i; int m = 0;',
        '  for (i = 0; i <= n; i++) { m = 1; }',
        '  __VERIFIER_assert(m >= 0);',
      ].join('\n'),
    );
    const outcome = await solveWith(shrinkEncoder, program, bv, solver);
    expect(outcome.verdict.kind).toBe('unknown');
    if (outcome.verdict.kind === 'unknown') expect(outcome.verdict.reason.message).toMatch(/wrap around/);
    expect(outcome.details.inScope).toBe(true);
  }, 120_000);
  test('a loop without a stepping counter is refused in bv', async () => {
    const program = fromSource(
      [
        '  int a[10]; int x = __VERIFIER_nondet_int(); int m = 0;',
        '  while (x > 0) { x = x / 2; m = 1; }',
        '  __VERIFIER_assert(m >= 0);',
      ].join('\n'),
    );
    const outcome = await solveWith(shrinkEncoder, program, bv, solver);
    expect(outcome.verdict.kind).toBe('unknown');
    expect((await emitWith(shrinkEncoder, program, bv)).kind).toBe('unsupported');
  }, 120_000);
  test('emit in bv writes the no-wrap checks next to the shrink queries', async () => {
    const emitted = await emitWith(shrinkEncoder, load(join(regression, 'min2.c')), {
      ...bv,
      encodings: { shrink: { 'max-k': 1 } },
    });
    expect(emitted.kind).toBe('emitted');
    if (emitted.kind !== 'emitted') return;
    expect(emitted.artefacts.map((artefact) => artefact.suffix)).toEqual([
      '.bound-i.smt2',
      '.bound-assertion-loop.smt2',
      '.shrink-k1.smt2',
      '.residual-k1.smt2',
      '.residual-dense-2.smt2',
      '.residual-dense-4.smt2',
    ]);
    for (const artefact of emitted.artefacts) {
      if (artefact.content.kind !== 'smtScript') throw new Error('expected an SMT script');
      expect(printSmtScript(artefact.content)).toMatch(/\(set-logic QF_AUFBV\)|\(set-logic ALL\)/);
    }
  });
});

describe('loop-carried dependence', () => {
  const firstLoop = (program: Program) => {
    const scope = detectScope(program);
    if (scope.kind !== 'inScope') throw new Error(scope.reason);
    return loopCarriedDependence(scope.scope.loop, scope.scope.accelerated);
  };
  test('an element-wise copy has none', () => {
    expect(firstLoop(load(join(regression, 'copy-forall.c'))).kind).toBe('none');
  });
  test('a running minimum carries m', () => {
    const result = firstLoop(load(join(regression, 'min2.c')));
    expect(result.kind).toBe('dependence');
    if (result.kind === 'dependence') expect(result.reason).toMatch(/\bm\b/);
  });
  test('a[i] = a[i - 1] + 1 reads a cell of an earlier iteration', () => {
    const result = firstLoop(
      fromSource(
        [
          '  int a[10]; int i;',
          '  for (i = 1; i < 10; i++) { a[i] = a[i - 1] + 1; }',
          '  for (i = 1; i < 10; i++) { __VERIFIER_assert(a[i] > a[0]); }',
        ].join('\n'),
      ),
    );
    expect(result.kind).toBe('dependence');
    if (result.kind === 'dependence') expect(result.reason).toMatch(/different indices/);
  });
  test('a temporary assigned before use in every iteration is not a dependence', () => {
    expect(
      firstLoop(
        fromSource(
          [
            '  int a[10]; int b[10]; int i; int t;',
            '  for (i = 0; i < 10; i++) { t = a[i] * 2; b[i] = t; }',
            '  for (i = 0; i < 10; i++) { __VERIFIER_assert(b[i] == 2 * a[i]); }',
          ].join('\n'),
        ),
      ).kind,
    ).toBe('none');
  });
});

describe('emit', () => {
  test('writes one check per k, one residual per k and the dense residuals, each saying what sat and unsat mean', async () => {
    const program = load(join(regression, 'min2.c'));
    const emitted = await emitWith(shrinkEncoder, program, { ...options, encodings: { shrink: { 'max-k': 3 } } });
    expect(emitted.kind).toBe('emitted');
    if (emitted.kind !== 'emitted') return;
    expect(emitted.artefacts.map((artefact) => artefact.suffix)).toEqual([
      '.shrink-k1.smt2',
      '.shrink-k2.smt2',
      '.shrink-k3.smt2',
      '.residual-k1.smt2',
      '.residual-k2.smt2',
      '.residual-k3.smt2',
      '.residual-dense-2.smt2',
      '.residual-dense-3.smt2',
      '.residual-dense-4.smt2',
      '.residual-dense-5.smt2',
      '.residual-dense-6.smt2',
    ]);
    for (const artefact of emitted.artefacts) {
      if (artefact.content.kind !== 'smtScript') throw new Error('expected an SMT script');
      const text = printSmtScript(artefact.content);
      expect(text).toMatch(/^; .*\n(; .*\n)*/);
      expect(text).toMatch(/; unsat: /);
      expect(text).toMatch(/; sat: /);
      expect(text).toMatch(/\(check-sat\)/);
      expect(text).not.toMatch(/forall|exists/);
    }
  });
});
