// No viap verdict on the corpus contradicts manifest.json, and viap still decides tasks (its
// axioms do not depend on the size, so constant sizes cost nothing).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkCorpus, corpusSolver } from './check-verdicts.js';
import { corpus } from './corpus.js';
import { viapEncoder } from '../../src/encoders/viap/index.js';
import type { Solver } from '../../src/solvers/solver.js';
import { describeWith } from '../support/requirements.js';

describeWith([corpus], 'corpus verdicts never contradict the manifest: viap', () => {
  let solver: Solver;
  beforeAll(() => {
    solver = corpusSolver();
  });
  afterAll(async () => solver?.dispose());

  it('viap (1 s per task) proves and refutes tasks', { timeout: 1_500_000 }, async () => {
    const counts = await checkCorpus(viapEncoder, { semantics: 'c', timeoutMilliseconds: 1_000 }, solver);
    console.log(`viap on the corpus: ${JSON.stringify(counts)}`);
    // measured (10 s, Debian z3, bench:corpus): 47 decided (47 SAFE, 0 UNSAFE); a drop below the floor is a regression
    expect(counts.decided).toBeGreaterThanOrEqual(40);
    expect(counts.safe).toBeGreaterThanOrEqual(40);
  });
});
