// Corpus check: every task of the corpus (../shared/bench/sv-arrays or ENCODE_CORPUS) either lowers or yields only located
// `unsupported` diagnostics (never an exception). `.c` files go through the system `cpp -P` here
// (the project's own preprocessor is tested separately). Prints the per-file diagnostics.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parseTranslationUnit } from '../../src/frontend/parse.js';
import { lowerTranslationUnit } from '../../src/ir/lower/index.js';
import { corpus, corpusTasks } from '../corpus/corpus.js';
import { describeWith } from '../support/requirements.js';
import { formatDiagnostic } from '../../src/verdict.js';

function preprocessText(path: string): string {
  if (path.endsWith('.i')) return readFileSync(path, 'utf8');
  return execFileSync('cpp', ['-P', path], { encoding: 'utf8' });
}

describeWith([corpus], 'lowering the sv-arrays corpus', () => {
  it('lowers at least 95% of the tasks and never throws', () => {
    const tasks = corpusTasks();
    let lowered = 0;
    const failures: string[] = [];
    for (const task of tasks) {
      const path = task.path;
      const parsed = parseTranslationUnit(preprocessText(path), task.file);
      if (parsed.kind !== 'parsed') {
        failures.push(`${task.file}: syntax error ${parsed.diagnostics.map(formatDiagnostic).join('; ')}`);
        continue;
      }
      for (const dataModel of ['ILP32', 'LP64'] as const) {
        const result = lowerTranslationUnit(parsed.unit, task.file, { dataModel });
        if (result.kind === 'lowered') {
          if (dataModel === task.dataModel) lowered++;
          expect(result.program.body.length).toBeGreaterThan(0);
          continue;
        }
        for (const diagnostic of result.diagnostics) {
          expect(['unsupported', 'error']).toContain(diagnostic.severity);
          expect(diagnostic.location.line).toBeGreaterThan(0);
          expect(diagnostic.message).not.toMatch(/internal error/);
        }
        if (dataModel === task.dataModel) {
          failures.push(result.diagnostics.map(formatDiagnostic).join('; '));
        }
      }
    }
    console.log(`lowered ${lowered}/${tasks.length}\n${failures.join('\n')}`);
    expect(lowered / tasks.length).toBeGreaterThanOrEqual(0.95);
  });
});
