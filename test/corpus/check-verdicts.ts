// Shared by the corpus verdict tests: no verdict on the corpus may contradict manifest.json.
// Budgets are short (the full 20-second run is `npm run bench:corpus`). Tasks whose expected verdict
// is shown wrong for the stored text would be listed in an exception list here, with the evidence;
// there are none.

import { expect } from 'vitest';
import type { Encoder, EncodingOptions } from '../../src/encoders/encoder.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { createSolver } from '../../src/solvers/index.js';
import type { Solver } from '../../src/solvers/solver.js';
import { corpusTasks } from './corpus.js';

/** the embedded solver, as a user gets it by default */
export function corpusSolver(): Solver {
  const created = createSolver('z3-wasm');
  if (created.kind !== 'ok') throw new Error(created.message);
  return created.solver;
}

export async function checkCorpus(encoder: Encoder, options: EncodingOptions, solver: Solver): Promise<{ lowered: number; correct: number; unknown: number }> {
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

