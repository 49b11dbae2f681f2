// The regression folder: C programs with their expected answer in a `// expected: safe|unsafe`
// first line. No encoding may contradict the expectation; witness must reach it on each of them
// (it does today: a change that loses one of these is a regression worth seeing).

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encoders } from '../../src/encoders/index.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { testSolver } from '../encoders/common-solver.js';

const folder = import.meta.dirname;
const programs = readdirSync(folder).filter((name) => name.endsWith('.c')).map((name) => {
  const text = readFileSync(join(folder, name), 'utf8');
  const match = /^\/\/ expected: (safe|unsafe)/.exec(text);
  if (match === null) throw new Error(`${name} has no '// expected:' line`);
  return { name, path: join(folder, name), expected: match[1] as 'safe' | 'unsafe' };
});

const solver = testSolver();
afterAll(async () => solver.dispose());

describe('regression programs', () => {
  it('has programs', () => expect(programs.length).toBeGreaterThanOrEqual(4));
  for (const program of programs) {
    it(`${program.name}: no encoding contradicts '${program.expected}', witness reaches it`, { timeout: 300_000 }, async () => {
      const frontEnd = runFrontEnd(program.path, { dataModel: 'ILP32', preprocessor: 'default' });
      expect(frontEnd.kind).toBe('program');
      if (frontEnd.kind !== 'program') return;
      for (const [name, encoder] of encoders) {
        const outcome = await encoder.solve(frontEnd.program, {
          semantics: 'int', unwind: 10, unwindingAssertions: true, timeoutMilliseconds: 20_000, witness: { cells: 1, loops: 'kept' }, shrink: { maxK: 3 },
        }, solver);
        const verdict = outcome.verdict.kind;
        if (verdict !== 'unknown') expect(verdict, `${name} on ${program.name}`).toBe(program.expected);
        if (name === 'witness') expect(verdict, `witness on ${program.name}`).toBe(program.expected);
      }
    });
  }
});
