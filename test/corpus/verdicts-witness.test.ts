// No witness verdict on the corpus contradicts manifest.json, and witness still proves tasks.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkCorpus, corpusSolver } from './check-verdicts.js';
import { corpus } from './corpus.js';
import { witnessEncoder } from '../../src/encoders/witness/index.js';
import type { Solver } from '../../src/solvers/solver.js';
import { floorBelow } from '../support/floors.js';
import { describeWith } from '../support/requirements.js';

describeWith([corpus], 'corpus verdicts never contradict the manifest: witness', () => {
  let solver: Solver;
  beforeAll(() => {
    solver = corpusSolver();
  });
  afterAll(async () => solver?.dispose());

  it('witness (k = 1, loops kept, 1 s per task) proves tasks', { timeout: 1_500_000 }, async () => {
    const counts = await checkCorpus(
      witnessEncoder,
      {
        semantics: 'c',
        timeoutMilliseconds: 1000,
        encodings: { witness: { cells: 1, loops: 'kept' } },
      },
      solver,
    );
    // measured at 1 s a task (z3-wasm): 29 SAFE with one worker on a quiet machine, 25–26 with other
    // work on the two cores; a drop below the floor (test/support/floors.ts, below 28) means a regression
    expect(counts.decided).toBeGreaterThanOrEqual(floorBelow(28));
  });
});
