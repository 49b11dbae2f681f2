// A vitest reporter that ends the run with
// - the plain line 'tests: N passed, N failed, N skipped', which CI reads to count the tests that ran;
// - once, the groups skipped because something they need is absent (the corpus, z3, cvc5, gcc), with
//   why: the tests skip with the note 'needs <what>: <why>' (test/support/requirements.ts), and the
//   notes are collected here, so the reasons are printed once instead of once per test file.

import type { Reporter, TestModule } from 'vitest/node';
import { skipNotePrefix } from './skip-note.js';

interface SkippedGroup {
  tests: number;
  files: Set<string>;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const groups = new Map<string, SkippedGroup>();
    for (const testModule of testModules) {
      for (const testCase of testModule.children.allTests()) {
        const result = testCase.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') failed++;
        else {
          skipped++;
          const note = result.state === 'skipped' ? result.note : undefined;
          if (note?.startsWith(skipNotePrefix)) {
            const group = groups.get(note) ?? { tests: 0, files: new Set<string>() };
            group.tests++;
            group.files.add(testModule.relativeModuleId);
            groups.set(note, group);
          }
        }
      }
      if (testModule.state() === 'failed' && [...testModule.children.allTests()].length === 0) failed++;
    }
    const lines = [`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`];
    if (groups.size === 0) {
      lines.push('skipped for a missing requirement: none');
    } else {
      lines.push('skipped for a missing requirement:');
      for (const [note, group] of [...groups].sort(([left], [right]) => left.localeCompare(right))) {
        const files = [...group.files].sort();
        lines.push(`  ${note.slice(skipNotePrefix.length)}`);
        lines.push(
          `    ${group.tests} test${group.tests === 1 ? '' : 's'} in ${files.length} file${files.length === 1 ? '' : 's'}: ${files.join(', ')}`,
        );
      }
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
