// No accel verdict on the corpus contradicts manifest.json: accel under-approximates, so it must
// never answer SAFE, and it must never answer UNSAFE on an expected-true task (its UNSAFE comes only
// from a counterexample the interpreter replayed). The budget is short to keep the suite fast; the
// 20-second numbers come from `node dist/bench/corpus.js --encodings accel --timeout 20`.
// Measured (2026-11-22, loaded 2-core machine): 600 ms per task, 111 tasks lowered, ~80 s, 1 UNSAFE
// found (at 20 s per task accel finds 14 of the 23 expected-false tasks); the count depends on the
// machine's load, so the test checks only that no verdict contradicts the manifest.
import { afterAll, describe, expect, it } from 'vitest';
import { checkCorpus, corpusSolver } from './check-verdicts.js';
import { accelEncoder } from '../../src/encoders/accel/index.js';

const solver = corpusSolver();
afterAll(async () => solver.dispose());

const budgetMilliseconds = Number(process.env.ENCODE_ACCEL_CORPUS_BUDGET ?? '600');

describe('corpus verdicts never contradict the manifest: accel', () => {
  it(`accel (${budgetMilliseconds} ms per task) never answers SAFE nor a wrong UNSAFE`, { timeout: 1_500_000 }, async () => {
    const started = performance.now();
    const counts = await checkCorpus(accelEncoder, { semantics: 'int', unwind: 3, unwindingAssertions: false, timeoutMilliseconds: budgetMilliseconds }, solver);
    console.log(`accel corpus run: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // checkCorpus already fails on a contradicting verdict; an under-approximation's correct answers are all UNSAFE
    expect(counts.lowered).toBeGreaterThan(0);
    expect(counts.correct + counts.unknown).toBe(counts.lowered);
  });
});
