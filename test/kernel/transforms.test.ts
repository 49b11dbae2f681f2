// The program passes as one list (src/kernel/transforms.ts), folded by solve and emit alike: the Horn
// clauses `--emit smt2` writes for chc are the very clauses `--solve` hands the solver, on programs
// that each pass rewrites (permuted reductions, wrap checks, tracked sums, a do-while's exit moved for
// witness), and a verdict goes back through each pass.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chcEncoder } from '../../src/encoders/chc/index.js';
import { witnessEncoder } from '../../src/encoders/witness/index.js';
import type { Encoder } from '../../src/kernel/encoder.js';
import { applyTransforms, programTransforms } from '../../src/kernel/transforms.js';
import { Budget } from '../../src/kernel/budget.js';
import { viapEncoder } from '../../src/encoders/viap/index.js';
import { runFrontEnd } from '../../src/pipeline.js';
import type { Program } from '../../src/ir/types.js';
import { printChcSystem, printSmtScript } from '../../src/smt/printer.js';
import type { ChcSystem, SmtScript } from '../../src/smt/terms.js';
import type { Solver } from '../../src/solvers/solver.js';
import { emitWith, solveWith, type TestOptions } from '../support/encoding.js';
import { projectRoot } from '../support/cli.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());

/** the solver, recording the text of every Horn-clause query without its comments */
function recording(inner: Solver): Solver & { readonly asked: string[] } {
  const asked: string[] = [];
  return {
    name: inner.name,
    asked,
    checkScript: async (script: SmtScript, options) => inner.checkScript(script, options),
    checkChc: async (system: ChcSystem, options) => {
      asked.push(withoutComments(printChcSystem(system)));
      return inner.checkChc(system, options);
    },
    dispose: async () => undefined,
  };
}

function withoutComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.startsWith(';'))
    .join('\n');
}

function program(path: string): Program {
  const front = runFrontEnd(join(projectRoot, path), { dataModel: 'ILP32', preprocessor: 'builtin' });
  if (front.kind !== 'program') throw new Error(`${path}: ${front.kind}`);
  return front.program;
}

const options: TestOptions = { semantics: 'c', timeoutMilliseconds: 10_000 };

async function emittedText(encoder: Encoder, input: Program): Promise<{ texts: string[]; headers: string[] }> {
  const emitted = await emitWith(encoder, input, options, solver);
  expect(emitted.kind).toBe('emitted');
  if (emitted.kind !== 'emitted') return { texts: [], headers: [] };
  return {
    texts: emitted.artefacts.map((artefact) =>
      withoutComments(
        artefact.content.kind === 'chcSystem' ? printChcSystem(artefact.content) : printSmtScript(artefact.content),
      ),
    ),
    headers: emitted.artefacts.flatMap((artefact) => artefact.content.headerComments),
  };
}

describe('program passes as one pipeline', () => {
  it('over-approximates writes at a chosen index only for an encoder that accepts it, asking it for a proof only', async () => {
    const input = program('bench/sum-writes/sign-bound-safe.c');
    const request = { options: { semantics: 'c' as const, settings: new Map() }, solver, budget: Budget.start(10_000) };
    const forViap = await applyTransforms(input, { ...request, encoder: viapEncoder });
    expect(forViap.kind).toBe('ready');
    if (forViap.kind !== 'ready') return;
    expect(forViap.applied.map((applied) => applied.name)).toContain('chosen-index writes');
    expect(forViap.proofOnly).toBe(true);
    expect(forViap.header.join('\n')).toMatch(/over-approximated by a choice at every index/);
    const forWitness = await applyTransforms(input, { ...request, encoder: witnessEncoder });
    expect(forWitness.kind).toBe('ready');
    if (forWitness.kind !== 'ready') return;
    expect(forWitness.applied.map((applied) => applied.name)).not.toContain('chosen-index writes');
    expect(forWitness.proofOnly).toBe(false);
  });

  it(
    'folds the list without the over-approximation where asked (the search before it), and viap finds a bug there',
    {
      timeout: 60_000,
    },
    async () => {
      const request = {
        options: { semantics: 'c' as const, settings: new Map() },
        solver,
        budget: Budget.start(10_000),
      };
      const exact = await applyTransforms(
        program('bench/sum-writes/sign-bound-safe.c'),
        { ...request, encoder: viapEncoder },
        undefined,
        { withoutOverApproximations: true },
      );
      expect(exact.kind).toBe('ready');
      if (exact.kind !== 'ready') return;
      expect(exact.applied.map((applied) => applied.name)).not.toContain('chosen-index writes');
      expect(exact.proofOnly).toBe(false);
      // a buggy twin: found by the search on the program as it is (replayed), not by a proof
      const buggy = await solveWith(viapEncoder, program('bench/sum-writes/square-cancel-unsafe.c'), options, solver);
      expect(buggy.verdict.kind).toBe('unsafe');
      expect(buggy.details?.searchedWithoutOverApproximation).toBe(true);
      // its safe twin: nothing found there, then the proof on the over-approximation
      const safe = await solveWith(viapEncoder, program('bench/sum-writes/square-cancel-safe.c'), options, solver);
      expect(safe.verdict.kind).toBe('safe');
      // a near miss outside the over-approximation (a value reading the cell it writes): never SAFE
      const nearMiss = await solveWith(
        viapEncoder,
        program('bench/sum-writes/near-cell-increment-unsafe.c'),
        options,
        solver,
      );
      expect(nearMiss.verdict.kind).not.toBe('safe');
    },
  );

  it('lists the passes in order', () => {
    expect(programTransforms.map((transform) => transform.name)).toEqual([
      'permuted reductions',
      'chosen-index writes',
      'C semantics',
      'tracked sums',
      'control-flow forms',
    ]);
  });

  const cases: readonly { readonly path: string; readonly pass: RegExp }[] = [
    { path: 'bench/nondet-writes/two-arrays-cancel-safe.c', pass: /program pass: /i },
    { path: 'bench/commuting-reductions/average-safe.c', pass: /program pass: /i },
    { path: 'test/regression/loop-exits/dowhile-count-safe.c', pass: /C integers|c semantics|wrap/i },
  ];
  for (const { path, pass } of cases) {
    it(
      `${path}: the chc file written is the query solved, and its header names the passes`,
      { timeout: 60_000 },
      async () => {
        const input = program(path);
        const { texts, headers } = await emittedText(chcEncoder, input);
        expect(texts).toHaveLength(1);
        expect(headers.join('\n')).toMatch(pass);
        const recorder = recording(solver);
        const run = await solveWith(chcEncoder, input, options, recorder);
        expect(recorder.asked.length).toBeGreaterThanOrEqual(1);
        expect(recorder.asked[0]).toBe(texts[0]);
        // the program is safe: a verdict never contradicts it
        expect(run.verdict.kind).not.toBe('unsafe');
      },
    );
  }

  it(
    "witness gets the do-while with its exit moved, in the file and in the solve, and finds the bug of the issue's program",
    { timeout: 60_000 },
    async () => {
      const input = program('test/regression/loop-exits/dowhile-count-unsafe.c');
      const { headers } = await emittedText(witnessEncoder, input);
      expect(headers.join('\n')).toMatch(/moved into the loop's body/);
      const run = await solveWith(witnessEncoder, input, options, solver);
      expect(run.verdict.kind).toBe('unsafe');
    },
  );
});
