// The interpreter on the real SV-COMP array benchmarks (those the frontend and lowering accept):
// random runs never produce invalid input, never fail an assertion of a task expected safe (bv
// semantics, in the data model each task states, SV-COMP's ILP32 where it states none), and every
// counterexample found replays.

import { expect, it } from 'vitest';
import { readSource } from '../../src/frontend/read-source.js';
import { parseTranslationUnit } from '../../src/frontend/parse.js';
import { lowerTranslationUnit } from '../../src/ir/lower/index.js';
import { replayCounterexample, runProgram } from '../../src/interp/interpreter.js';
import { createRandomSource, createRecordingSource } from '../../src/interp/sources.js';
import type { Program } from '../../src/ir/types.js';
import { corpus, corpusTasks, type CorpusTask } from '../corpus/corpus.js';
import { describeWith } from '../support/requirements.js';

const tasks: CorpusTask[] = corpus.available ? corpusTasks() : [];

function lowerTask(task: CorpusTask): Program | undefined {
  const path = task.path;
  const read = readSource(path, { dataModel: task.dataModel });
  if (read.kind !== 'preprocessed') return undefined;
  const parsed = parseTranslationUnit(read.source.text, path);
  if (parsed.kind !== 'parsed') return undefined;
  const lowered = lowerTranslationUnit(parsed.unit, path, { dataModel: task.dataModel });
  return lowered.kind === 'lowered' ? lowered.program : undefined;
}

describeWith([corpus], 'interpreter on the SV-COMP array benchmarks', () => {
  // the tasks the front end accepts, which the tests below really ran (the others have nothing to run)
  const ran: string[] = [];
  it.each(tasks.map((task) => [task.file, task] as const))('%s: random runs are sound', (_file, task) => {
    const program = lowerTask(task);
    if (program === undefined) return; // not accepted by the frontend or lowering: nothing to run
    ran.push(task.file);
    for (const seed of [0, 1]) {
      const recording = createRecordingSource(
        createRandomSource({
          seed,
          domain: seed === 0 ? [0n, 1n, -1n, 2n, 5n] : undefined,
          maxArrayCells: 10_000,
        }),
      );
      const outcome = runProgram(program, { semantics: 'bv', nondet: recording, maxSteps: 300_000 });
      expect(outcome.kind).not.toBe('invalidInput');
      expect(outcome.kind).not.toBe('inputExhausted');
      if (outcome.kind === 'assertionFailed') {
        expect(task.expected, `${task.file} is expected safe but a run failed`).toBe('unsafe');
        expect(outcome.consumed).toEqual(recording.counterexample());
        expect(replayCounterexample(program, outcome.consumed, 'bv').kind).toBe('assertionFailed');
      }
    }
  });
  it('ran the interpreter on (almost) every task', () => {
    // measured: 111 of the 114 tasks lower (ILP32) and ran; fewer means the front end lost tasks
    // (or a test above was filtered out: run the file as a whole)
    console.log(`interpreter ran ${ran.length} of ${tasks.length} corpus tasks`);
    expect(ran.length).toBeGreaterThanOrEqual(109);
  });
});
