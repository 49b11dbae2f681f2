// No shrink verdict on the corpus contradicts manifest.json, and shrink still decides tasks.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkCorpus, corpusSolver } from './check-verdicts.js';
import { corpus } from './corpus.js';
import { shrinkEncoder } from '../../src/encoders/shrink/index.js';
import type { Solver } from '../../src/solvers/solver.js';
import { floorBelow } from '../support/floors.js';
import { describeWith } from '../support/requirements.js';

describeWith([corpus], 'corpus verdicts never contradict the manifest: shrink', () => {
  let solver: Solver;
  beforeAll(() => {
    solver = corpusSolver();
  });
  afterAll(async () => solver?.dispose());

  it('shrink (10 s per task) proves and refutes tasks', { timeout: 1_500_000 }, async () => {
    const counts = await checkCorpus(
      shrinkEncoder,
      { semantics: 'c', unwind: 3, unwindingAssertions: false, timeoutMilliseconds: 10_000 },
      solver,
    );
    // measured at 10 s a task (z3-wasm) on the loaded 2-core machine, in a full test run and in a run
    // of the corpus tests: 33 decided (24 SAFE, 9 UNSAFE; the others UNKNOWN: 48 unsupported, 18
    // noReplay, 11 imprecise, 1 timeout), 63-67 s for the corpus; a drop below the floor
    // (test/support/floors.ts) means a regression
    expect(counts.decided).toBeGreaterThanOrEqual(floorBelow(33));
  });
});
