// No shrink verdict on the corpus contradicts manifest.json, and shrink still solves tasks.
import { afterAll, describe, expect, it } from 'vitest';
import { checkCorpus, corpusSolver } from './check-verdicts.js';
import { shrinkEncoder } from '../../src/encoders/shrink/index.js';

const solver = corpusSolver();
afterAll(async () => solver.dispose());

describe('corpus verdicts never contradict the manifest: shrink', () => {
  it('shrink (10 s per task) proves and refutes tasks', { timeout: 1_500_000 }, async () => {
    const counts = await checkCorpus(shrinkEncoder, { semantics: 'int', unwind: 3, unwindingAssertions: false, timeoutMilliseconds: 10_000 }, solver);
    // measured: 26 correct (SAFE and UNSAFE) with 10 s; a drop far below that means a regression
    expect(counts.correct).toBeGreaterThanOrEqual(15);
  });
});
