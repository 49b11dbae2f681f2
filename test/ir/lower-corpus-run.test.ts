// Runs every lowered corpus task on the interpreter with random nondeterministic choices: a task
// whose expected verdict is `true` (error unreachable) must never fail an assertion (that would be
// a lowering bug, or a wrong manifest entry). Reports how many `false` tasks a random run falsifies.
// Each task is lowered in the data model its manifest entry states, else SV-COMP's ILP32.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parseTranslationUnit } from '../../src/frontend/parse.js';
import { runProgram } from '../../src/interp/interpreter.js';
import { createRandomSource } from '../../src/interp/sources.js';
import { lowerTranslationUnit } from '../../src/ir/lower/index.js';
import { corpus, corpusTasks } from '../corpus/corpus.js';
import { describeWith } from '../support/requirements.js';

describeWith([corpus], 'running lowered corpus tasks', () => {
  it('never fails an assertion of a safe task', () => {
    const tasks = corpusTasks();
    const wrong: string[] = [];
    const falsified: string[] = [];
    for (const task of tasks) {
      const path = task.path;
      const text = path.endsWith('.i')
        ? readFileSync(path, 'utf8')
        : execFileSync('cpp', ['-P', path], { encoding: 'utf8' });
      const parsed = parseTranslationUnit(text, task.file);
      if (parsed.kind !== 'parsed') continue;
      const result = lowerTranslationUnit(parsed.unit, task.file, { dataModel: task.dataModel });
      if (result.kind !== 'lowered') continue;
      for (let seed = 1; seed <= 2; seed++) {
        const domain = seed % 2 === 0 ? [-1n, 0n, 1n, 2n, 3n, 5n, 10n] : undefined;
        const outcome = runProgram(result.program, {
          semantics: seed === 1 ? 'bv' : 'int',
          nondet: createRandomSource({ seed, domain, maxArrayCells: 32 }),
          maxSteps: 100_000,
        });
        if (outcome.kind === 'assertionFailed') {
          if (task.expected === 'safe')
            wrong.push(`${task.file} (seed ${seed}) at ${outcome.location.line}:${outcome.location.column}`);
          else falsified.push(task.file);
          break;
        }
      }
    }
    console.log(`random runs falsified ${new Set(falsified).size} unsafe tasks: ${[...new Set(falsified)].join(', ')}`);
    expect(wrong).toEqual([]);
  }, 300_000);
});
