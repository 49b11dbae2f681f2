// No induct verdict on the corpus contradicts manifest.json, and induct still decides tasks (most
// corpus tasks have a constant size, which induct generalises to N in [1, C]).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkCorpus, corpusSolver } from './check-verdicts.js';
import { corpus } from './corpus.js';
import { inductEncoder } from '../../src/encoders/induct/index.js';
import type { Solver } from '../../src/solvers/solver.js';
import { floorBelow } from '../support/floors.js';
import { describeWith } from '../support/requirements.js';

describeWith([corpus], 'corpus verdicts never contradict the manifest: induct', () => {
  let solver: Solver;
  beforeAll(() => {
    solver = corpusSolver();
  });
  afterAll(async () => solver?.dispose());

  it('induct (5 s per task) proves and refutes tasks', { timeout: 1_500_000 }, async () => {
    const counts = await checkCorpus(inductEncoder, { semantics: 'c', timeoutMilliseconds: 5_000 }, solver);
    console.log(`induct on the corpus: ${JSON.stringify(counts)}`);
    // measured at 5 s a task (z3-wasm) on the loaded 2-core machine, in a full test run and in a run
    // of the corpus tests: 32 decided (27 SAFE, 5 UNSAFE); a drop below the floor
    // (test/support/floors.ts) is a regression
    expect(counts.decided).toBeGreaterThanOrEqual(floorBelow(32));
    expect(counts.safe).toBeGreaterThanOrEqual(floorBelow(27));
  });
});
