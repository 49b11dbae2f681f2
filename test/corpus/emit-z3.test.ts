// For every corpus task that lowers, the chc and bmc output of `--emit smt2` is accepted by
// Debian's z3 without an error line. The scripts are checked with the (check-sat) removed, so z3
// parses and type-checks every declaration and assertion without spending time on solving.

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bmcEncoder } from '../../src/encoders/bmc/index.js';
import { chcEncoder } from '../../src/encoders/chc/index.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { printChcSystem, printSmtScript } from '../../src/smt/printer.js';
import { findExecutable } from '../../src/solvers/index.js';
import { corpusTasks } from './corpus.js';

const z3Path = findExecutable('z3');
if (z3Path === undefined) console.log('Debian z3 is not installed: the emitted-SMT-LIB acceptance check cannot run (apt-get install z3)');

describe('emitted SMT-LIB on the corpus', () => {
  it.runIf(z3Path !== undefined || process.env.CI)('is accepted by Debian z3 for every lowered task (chc and bmc)', { timeout: 600_000 }, () => {
    expect(z3Path, 'z3 must be installed in CI (.ci/run installs it)').toBeDefined();
    let checked = 0;
    let lowered = 0;
    const failures: string[] = [];
    for (const task of corpusTasks()) {
      const frontEnd = runFrontEnd(task.path, { dataModel: task.dataModel, preprocessor: 'default' });
      if (frontEnd.kind !== 'program') continue;
      lowered++;
      for (const encoder of [chcEncoder, bmcEncoder]) {
        const emitted = encoder.emit(frontEnd.program, { semantics: 'int', unwind: 3, unwindingAssertions: false, timeoutMilliseconds: 1000 });
        if (emitted.kind !== 'emitted') {
          failures.push(`${task.file} ${encoder.name}: not emitted: ${emitted.reason}`);
          continue;
        }
        for (const artefact of emitted.artefacts) {
          const text = artefact.content.kind === 'smtScript' ? printSmtScript(artefact.content) : printChcSystem(artefact.content);
          const parseOnly = text.replace(/^\(check-sat\)$/m, '');
          const result = spawnSync(z3Path!, ['-smt2', '-in'], { input: parseOnly, encoding: 'utf8', timeout: 60_000 });
          const errors = `${result.stdout}\n${result.stderr}`.split('\n').filter((line) => line.includes('error'));
          if (result.status !== 0 || errors.length > 0) failures.push(`${task.file} ${encoder.name}: ${errors.slice(0, 2).join(' | ') || `exit ${result.status}`}`);
          checked++;
        }
      }
    }
    console.log(`emit: ${lowered} tasks lowered, ${checked} scripts checked, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(lowered).toBeGreaterThanOrEqual(109);
  });
});
