// No witness verdict on the corpus contradicts manifest.json, and witness still proves tasks.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkCorpus, corpusSolver } from './check-verdicts.js';
import { corpus } from './corpus.js';
import { witnessEncoder } from '../../src/encoders/witness/index.js';
import type { Solver } from '../../src/solvers/solver.js';
import { describeWith } from '../support/requirements.js';

describeWith([corpus], 'corpus verdicts never contradict the manifest: witness', () => {
  let solver: Solver;
  beforeAll(() => {
    solver = corpusSolver();
  });
  afterAll(async () => solver?.dispose());

  it('witness (k = 1, loops kept, 1 s per task) proves tasks', { timeout: 1_500_000 }, async () => {
    const counts = await checkCorpus(witnessEncoder, {
      semantics: 'c', unwind: 3, unwindingAssertions: false, timeoutMilliseconds: 1000, witness: { cells: 1, loops: 'kept' },
    }, solver);
    // measured: 29 SAFE (each in under 0.8 s; 33 with 10 s per task, 2 s keeps the suite short),
    // 82 timeouts, 174 s for the corpus on a loaded machine; a drop below the floor means a regression
    expect(counts.decided).toBeGreaterThanOrEqual(25);
  });
});
