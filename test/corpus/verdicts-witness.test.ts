// No witness verdict on the corpus contradicts manifest.json, and witness still proves tasks.
import { afterAll, describe, expect, it } from 'vitest';
import { checkCorpus, corpusSolver } from './check-verdicts.js';
import { witnessEncoder } from '../../src/encoders/witness/index.js';

const solver = corpusSolver();
afterAll(async () => solver.dispose());

describe('corpus verdicts never contradict the manifest: witness', () => {
  it('witness (k = 1, loops kept, 2 s per task) proves tasks', { timeout: 1_500_000 }, async () => {
    const counts = await checkCorpus(witnessEncoder, {
      semantics: 'int', unwind: 3, unwindingAssertions: false, timeoutMilliseconds: 2000, witness: { cells: 1, loops: 'kept' },
    }, solver);
    // measured: 29 SAFE with 3 s per task, 33 with 10 s (2 s keeps the suite short); a drop far below means a regression
    expect(counts.correct).toBeGreaterThanOrEqual(15);
  });
});
