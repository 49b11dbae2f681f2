// The bench/symbolic family: programs with loops up to a nondeterministic size N, each safe program
// with a buggy twin. Every program's `// expected: safe|unsafe` first line (the format of
// test/regression) is checked on the concrete interpreter for small N: N is the first
// nondeterministic value, every other choice (flags, uninitialised scalars, array contents) comes
// from a seeded source over a small domain. A safe program must complete without failing its
// assertion on every run; a buggy twin must fail it on at least one run, and already for some N <= 6.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProgram, type NondetSource } from '../../src/interp/interpreter.js';
import { createRandomSource } from '../../src/interp/sources.js';
import type { Program, Semantics } from '../../src/ir/types.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { sizeFirstSource } from '../support/size-first-source.js';

const folder = join(import.meta.dirname, '..', '..', 'bench', 'symbolic');
const sizes = [1, 2, 3, 4, 5, 6, 10, 33];
const seeds = [1, 2, 3, 4, 5];
const domain = [-3n, -1n, 0n, 1n, 2n, 7n, 100n];
const semanticsList: readonly Semantics[] = ['int', 'bv'];

interface BenchProgram {
  readonly name: string;
  readonly path: string;
  readonly expected: 'safe' | 'unsafe';
}

const programs: BenchProgram[] = readdirSync(folder)
  .filter((name) => name.endsWith('.c'))
  .sort()
  .map((name) => {
    const text = readFileSync(join(folder, name), 'utf8');
    const match = /^\/\/ expected: (safe|unsafe)/.exec(text);
    if (match === null) throw new Error(`${name} has no '// expected:' first line`);
    return { name, path: join(folder, name), expected: match[1] as 'safe' | 'unsafe' };
  });

/** N first, then a source seeded by (N, seed) for every other scalar and every array's content */
function sourceFor(size: number, seed: number): NondetSource {
  const rest = createRandomSource({ seed: 1000 * size + seed, domain, maxArrayCells: 4096 });
  return sizeFirstSource(size, rest);
}

interface Run {
  readonly size: number;
  readonly seed: number;
  readonly semantics: Semantics;
  readonly outcome: ReturnType<typeof runProgram>['kind'];
}

function runAll(program: Program): Run[] {
  const runs: Run[] = [];
  for (const semantics of semanticsList) {
    for (const size of sizes) {
      for (const seed of seeds) {
        const outcome = runProgram(program, { semantics, nondet: sourceFor(size, seed), maxSteps: 10_000_000 });
        runs.push({ size, seed, semantics, outcome: outcome.kind });
      }
    }
  }
  return runs;
}

describe('bench/symbolic family', () => {
  it('pairs every safe program with its buggy twin, has a minimum of pairs, and nothing else', () => {
    expect(programs.length).toBeGreaterThanOrEqual(48);
    const names = new Set(programs.map((program) => program.name));
    for (const program of programs) {
      const suffix = program.expected === 'safe' ? '-safe.c' : '-unsafe.c';
      expect(program.name.endsWith(suffix), `${program.name} is '${program.expected}'`).toBe(true);
      const twin =
        program.expected === 'safe'
          ? program.name.replace(/-safe\.c$/, '-unsafe.c')
          : program.name.replace(/-unsafe\.c$/, '-safe.c');
      expect(names.has(twin), `${program.name} has its twin ${twin}`).toBe(true);
    }
    expect(programs.filter((program) => program.expected === 'safe').length).toBeGreaterThanOrEqual(24);
    const readme = readFileSync(join(folder, 'README.md'), 'utf8');
    for (const program of programs) {
      if (program.expected === 'safe')
        expect(readme, `README.md lists ${program.name}`).toContain(program.name.replace(/-safe\.c$/, ''));
    }
  });

  for (const benchProgram of programs) {
    it(`${benchProgram.name} is ${benchProgram.expected} on N = ${sizes.join(', ')}`, () => {
      const frontEnd = runFrontEnd(benchProgram.path, { dataModel: 'ILP32', preprocessor: 'builtin' });
      expect(frontEnd.kind, JSON.stringify(frontEnd.kind === 'program' ? [] : frontEnd)).toBe('program');
      if (frontEnd.kind !== 'program') return;
      const runs = runAll(frontEnd.program);
      // every run either completes or (buggy twins only) fails the assertion: no assumption,
      // undefined behaviour, step limit or exhausted input hides a verdict
      const other = runs.filter((run) => run.outcome !== 'completed' && run.outcome !== 'assertionFailed');
      expect(other, 'runs that neither completed nor failed the assertion').toEqual([]);
      const failures = runs.filter((run) => run.outcome === 'assertionFailed');
      if (benchProgram.expected === 'safe') {
        expect(failures, 'runs of a safe program that fail its assertion').toEqual([]);
      } else {
        expect(failures.length, 'a buggy twin fails on some run').toBeGreaterThan(0);
        expect(Math.min(...failures.map((run) => run.size)), 'smallest failing N').toBeLessThanOrEqual(6);
      }
    });
  }
});
