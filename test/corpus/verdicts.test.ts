// No verdict on the corpus contradicts manifest.json: chc and bmc with short budgets (the full
// 20-second run is `npm run bench:corpus`). Tasks whose expected verdict is shown wrong for the
// stored text would be listed in an exception list here, with the evidence; there are none.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bmcEncoder } from '../../src/encoders/bmc/index.js';
import { chcEncoder } from '../../src/encoders/chc/index.js';
import { shrinkEncoder } from '../../src/encoders/shrink/index.js';
import { witnessEncoder } from '../../src/encoders/witness/index.js';
import type { Encoder, EncodingOptions } from '../../src/encoders/encoder.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { createSolver } from '../../src/solvers/index.js';
import type { Solver } from '../../src/solvers/solver.js';
import { corpusTasks } from './corpus.js';

let solver: Solver;
beforeAll(() => {
  const created = createSolver('z3-wasm');
  if (created.kind !== 'ok') throw new Error(created.message);
  solver = created.solver;
});
afterAll(async () => {
  await solver.dispose();
});

async function checkCorpus(encoder: Encoder, options: EncodingOptions): Promise<{ lowered: number; correct: number; unknown: number }> {
  const counts = { lowered: 0, correct: 0, unknown: 0 };
  const wrong: string[] = [];
  for (const task of corpusTasks()) {
    const frontEnd = runFrontEnd(task.path, { dataModel: task.dataModel, preprocessor: 'default' });
    if (frontEnd.kind !== 'program') continue;
    counts.lowered++;
    const outcome = await encoder.solve(frontEnd.program, options, solver);
    const verdict = outcome.verdict.kind;
    if (verdict === 'unknown') counts.unknown++;
    else if (verdict === task.expected) counts.correct++;
    else wrong.push(`${task.file}: expected ${task.expected}, got ${verdict}`);
  }
  console.log(`${encoder.name} on the corpus: ${JSON.stringify(counts)}, wrong ${wrong.length}`);
  expect(wrong).toEqual([]);
  return counts;
}

describe('corpus verdicts never contradict the manifest', () => {
  it('chc (1 s per task)', { timeout: 900_000 }, async () => {
    await checkCorpus(chcEncoder, { semantics: 'int', unwind: 3, unwindingAssertions: false, timeoutMilliseconds: 1000 });
  });
  it('shrink (10 s per task) proves and refutes tasks', { timeout: 1_500_000 }, async () => {
    const counts = await checkCorpus(shrinkEncoder, { semantics: 'int', unwind: 3, unwindingAssertions: false, timeoutMilliseconds: 10_000 });
    // measured: 17 SAFE + 9 UNSAFE with 20 s; a drop far below that means a regression
    expect(counts.correct).toBeGreaterThanOrEqual(15);
  });
  it('bmc (unwind 3, unwinding assertions, 1 s per task)', { timeout: 900_000 }, async () => {
    await checkCorpus(bmcEncoder, { semantics: 'int', unwind: 3, unwindingAssertions: true, timeoutMilliseconds: 1000 });
  });
  it('witness (k = 1, loops kept, 3 s per task) proves tasks', { timeout: 1_500_000 }, async () => {
    const counts = await checkCorpus(witnessEncoder, {
      semantics: 'int', unwind: 3, unwindingAssertions: false, timeoutMilliseconds: 3000, witness: { cells: 1, loops: 'kept' },
    });
    // measured: 33 SAFE with 10 s per task; a drop far below that means a regression
    expect(counts.correct).toBeGreaterThanOrEqual(15);
  });
});
