// For every corpus task that lowers, the chc and bmc output of `--emit smt2` is accepted by
// Debian's z3 without an error line. The scripts are checked with the (check-sat) removed, so z3
// parses and type-checks every declaration and assertion without spending time on solving.

import { spawnSync } from 'node:child_process';
import { describe, expect } from 'vitest';
import { bmcEncoder } from '../../src/encoders/bmc/index.js';
import { chcEncoder } from '../../src/encoders/chc/index.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { printChcSystem, printSmtScript } from '../../src/smt/printer.js';
import { findExecutable } from '../../src/solvers/index.js';
import { corpus, corpusTasks } from './corpus.js';
import { emitWith } from '../support/encoding.js';
import { itWith, solverRequirement } from '../support/requirements.js';

// without z3 (or the corpus) the test is skipped, and the run's summary says so; .ci/run sets
// ENCODE_REQUIRE_SOLVERS=1 and ENCODE_REQUIRE_CORPUS=1, which turn either absence into a failure
const z3 = solverRequirement('z3');
const z3Path = findExecutable('z3');

describe('emitted SMT-LIB on the corpus', () => {
  itWith(
    [corpus, z3],
    'is accepted by Debian z3 for every lowered task (chc and bmc)',
    { timeout: 600_000 },
    async () => {
      let checked = 0;
      let lowered = 0;
      const failures: string[] = [];
      for (const task of corpusTasks()) {
        const frontEnd = runFrontEnd(task.path, { dataModel: task.dataModel, preprocessor: 'default' });
        if (frontEnd.kind !== 'program') continue;
        lowered++;
        for (const encoder of [chcEncoder, bmcEncoder]) {
          const emitted = await emitWith(encoder, frontEnd.program, {
            semantics: 'c',
            unwind: 3,
            unwindingAssertions: false,
            timeoutMilliseconds: 1000,
          });
          if (emitted.kind !== 'emitted') {
            failures.push(`${task.file} ${encoder.name}: not emitted: ${emitted.reason}`);
            continue;
          }
          for (const artefact of emitted.artefacts) {
            const text =
              artefact.content.kind === 'smtScript'
                ? printSmtScript(artefact.content)
                : printChcSystem(artefact.content);
            const parseOnly = text.replace(/^\(check-sat\)$/m, '');
            const result = spawnSync(z3Path!, ['-smt2', '-in'], {
              input: parseOnly,
              encoding: 'utf8',
              timeout: 60_000,
            });
            const errors = `${result.stdout}\n${result.stderr}`.split('\n').filter((line) => line.includes('error'));
            if (result.status !== 0 || errors.length > 0)
              failures.push(
                `${task.file} ${encoder.name}: ${errors.slice(0, 2).join(' | ') || `exit ${result.status}`}`,
              );
            checked++;
          }
        }
      }
      console.log(`emit: ${lowered} tasks lowered, ${checked} scripts checked, ${failures.length} failures`);
      expect(failures).toEqual([]);
      expect(lowered).toBeGreaterThanOrEqual(109);
      expect(checked).toBeGreaterThanOrEqual(2 * lowered);
    },
  );
});
