// One family of bench/ (a folder of C programs, each `NAME-safe.c` with a buggy twin `NAME-unsafe.c`
// whose first line is `// expected: safe|unsafe`), as the tests of test/bench-programs read it, and
// a native run of one of its programs (gcc with UBSan, inputs on stdin).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { buildWithHarness, runNative } from '../../src/execution/gcc.js';
import { harnessSource } from '../../src/execution/harness.js';

export interface BenchFamily {
  readonly folder: string;
  /** the programs' file names, sorted */
  readonly names: readonly string[];
  /** the verdict a program's first line expects */
  expectedOf(name: string): string | undefined;
  path(name: string): string;
}

export function benchFamily(folderName: string): BenchFamily {
  const folder = join(import.meta.dirname, '..', '..', 'bench', folderName);
  const names = readdirSync(folder).filter((name) => name.endsWith('.c')).sort();
  return {
    folder,
    names,
    expectedOf: (name) => /^\/\/ expected: (safe|unsafe)/.exec(readFileSync(join(folder, name), 'utf8'))?.[1],
    path: (name) => join(folder, name),
  };
}

/** the outcome kinds of native runs of one program (built once, LP64, UBSan on), one per input */
export function nativeOutcomes(family: BenchFamily, name: string, inputs: readonly string[]): string[] | undefined {
  const build = buildWithHarness(family.path(name), harnessSource('stdin'), { dataModel: 'LP64', sanitize: true });
  expect(build.kind, name).toBe('built');
  if (build.kind !== 'built') return undefined;
  return inputs.map((input) => runNative(build.binary, { timeoutMilliseconds: 10_000 }, input).outcome.kind);
}
