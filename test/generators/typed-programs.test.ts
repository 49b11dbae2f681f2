// The typed program generator: well-formed text, a C oracle that agrees with the interpreter in bv
// semantics (exhaustive enumeration, complete) and with gcc (every admitted input vector run
// natively with UBSan and without -fwrapv: no undefined behaviour, and the same failing runs), a
// balanced failure ratio, and many programs that wrap or convert lossily (on which mathematical
// integers would often give another verdict).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findToolchain } from '../../src/execution/gcc.js';
import { exploreAll } from '../../src/interp/explore.js';
import { findExecutable } from '../../src/solvers/index.js';
import { lowerSource } from '../soundness/harness.js';
import {
  allTypes,
  arbitraryTypedProgram,
  evaluateTypedModel,
  printTypedProgram,
  typedHarness,
  type StatementModel,
} from './typed-programs.js';
import { gccRequirement, itWith } from '../support/requirements.js';

describe('arbitraryTypedProgram', () => {
  it('generates programs whose oracle verdicts are roughly balanced, many of them wrapping', () => {
    const samples = fc.sample(arbitraryTypedProgram(), { numRuns: 400, seed: 7 });
    const failing = samples.filter((sample) => sample.expectedFailure).length;
    const lossy = samples.filter((sample) => sample.lossy).length;
    const sized = samples.filter((sample) => sample.model.size !== undefined).length;
    console.log(
      `typed programs: failing ${failing}/${samples.length}, wrapping or converting lossily ${lossy}/${samples.length}, with a symbolic size ${sized}/${samples.length}`,
    );
    console.log(samples[0]!.source, samples[0]!.description);
    expect(failing / samples.length).toBeGreaterThan(0.35);
    expect(failing / samples.length).toBeLessThan(0.65);
    expect(lossy / samples.length).toBeGreaterThan(0.4);
    expect(sized / samples.length).toBeGreaterThan(0.4);
  });

  it('prints the harness and every declared name; runs stay small; every type occurs', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(arbitraryTypedProgram(), (program) => {
        for (const line of typedHarness) expect(program.source).toContain(line);
        expect(program.source).toContain('int main() {');
        for (const array of program.model.arrays) {
          expect(program.source).toContain(`${array.elementType.name} ${array.name}[${array.size}]`);
          seen.add(array.elementType.name);
        }
        for (const scalar of program.model.scalars) seen.add(scalar.type.name);
        expect(printTypedProgram(program.model)).toBe(program.source);
        // every value an assume admits is in the enumeration domain (else enumeration is not complete)
        if (program.model.size !== undefined) {
          for (let value = BigInt(program.model.size.lower); value <= BigInt(program.model.size.bound); value++)
            expect(program.domain).toContain(value);
        }
        const admitted = (statements: readonly StatementModel[]): bigint[] =>
          statements.flatMap((statement) =>
            statement.kind === 'nondet'
              ? [...statement.allowed]
              : statement.kind === 'for'
                ? admitted(statement.body)
                : statement.kind === 'if'
                  ? [...admitted(statement.then), ...admitted(statement.else)]
                  : [],
          );
        for (const value of admitted(program.model.body)) expect(program.domain).toContain(value);
        const evaluation = evaluateTypedModel(program.model);
        expect(evaluation.undefinedBehaviour).toBeUndefined();
        expect(evaluation.runs).toBeLessThanOrEqual(2000);
        expect(evaluation.failingRuns > 0).toBe(program.expectedFailure);
      }),
      { numRuns: 300 },
    );
    expect([...seen].sort()).toEqual(allTypes.map((t) => t.name).sort());
  });

  it('respects the requested failure ratio', () => {
    const safe = fc.sample(arbitraryTypedProgram({ failureRatio: 0 }), { numRuns: 100, seed: 3 });
    expect(safe.filter((sample) => sample.expectedFailure).length).toBeLessThanOrEqual(10);
    const failing = fc.sample(arbitraryTypedProgram({ failureRatio: 1 }), { numRuns: 100, seed: 3 });
    expect(failing.filter((sample) => sample.expectedFailure).length).toBeGreaterThanOrEqual(85);
  });
});

describe('the C oracle agrees with the interpreter in bv semantics', () => {
  it('exhaustive enumeration over the domain is complete and finds a failure exactly where the oracle does', () => {
    let failsOnlyInC = 0;
    let failsOnlyOverIntegers = 0;
    let checked = 0;
    for (const generated of fc.sample(arbitraryTypedProgram(), { numRuns: 250, seed: 11 })) {
      const program = lowerSource(generated.source);
      const context = `${generated.description}\n${generated.source}`;
      const truth = exploreAll(program, {
        semantics: 'bv',
        domain: generated.domain,
        maxRuns: 100_000,
        maxSteps: 100_000,
      });
      expect(truth.kind, context).not.toBe('undefinedBehaviour');
      const complete = truth.kind === 'failureFound' || (truth.kind === 'noFailure' && truth.complete);
      if (!complete)
        expect.fail(
          `incomplete: ${JSON.stringify(truth, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))}\n${context}`,
        );
      expect(truth.kind === 'failureFound', context).toBe(generated.expectedFailure);
      // what mathematical integers would say (the tool's old default): often another verdict
      const asIntegers = exploreAll(program, {
        semantics: 'int',
        domain: generated.domain,
        maxRuns: 100_000,
        maxSteps: 100_000,
      });
      const failsOverIntegers = asIntegers.kind === 'failureFound';
      if (generated.expectedFailure && !failsOverIntegers) failsOnlyInC++;
      if (!generated.expectedFailure && failsOverIntegers) failsOnlyOverIntegers++;
      checked++;
    }
    console.log(
      `typed programs on which int semantics gives another verdict than C: ${failsOnlyInC + failsOnlyOverIntegers}/${checked} ` +
        `(${failsOnlyInC} fail in C only: SAFE over the integers would be unsound; ${failsOnlyOverIntegers} fail over the integers only)`,
    );
    expect(failsOnlyInC).toBeGreaterThan(checked / 12);
  }, 120_000);
});

/** the program with a native prelude: nondet values read from standard input, reach_error exits 113 */
function nativeSource(source: string): string {
  const prelude = [
    '#include <stdio.h>',
    '#include <stdlib.h>',
    'static unsigned long long next_input(void) { unsigned long long v; if (scanf("%llu", &v) != 1) exit(114); return v; }',
    'void reach_error(void) { fflush(stdout); _Exit(113); }',
    ...allTypes.map((t) => `${t.name} __VERIFIER_nondet_${t.nondet}(void) { return (${t.name}) next_input(); }`),
    'void __VERIFIER_assert(int c){ if(!c){ reach_error(); } }',
    'void assume_abort_if_not(int c){ if(!c) _Exit(115); }',
  ];
  const body = source.split('\n').filter((line) => !typedHarness.includes(line));
  return [...prelude, ...body].join('\n');
}

describe('the C oracle agrees with gcc', () => {
  const gcc = findExecutable('gcc');
  itWith(
    [gccRequirement()],
    'every admitted input vector: same failing runs natively (gcc -m32 -fsanitize=undefined, no -fwrapv), no undefined behaviour',
    { timeout: 120_000 },
    () => {
      const directory = mkdtempSync(join(tmpdir(), 'typed-programs-'));
      // -m32 where gcc builds 32-bit programs and this machine runs them (some kernels cannot)
      const toolchain = findToolchain();
      const model32 = toolchain.kind === 'found' && toolchain.toolchain.canBuild32 ? ['-m32'] : [];
      let vectors = 0;
      let failing = 0;
      try {
        for (const [index, generated] of fc.sample(arbitraryTypedProgram(), { numRuns: 30, seed: 13 }).entries()) {
          const file = join(directory, `p${index}.c`);
          const binary = join(directory, `p${index}`);
          // long long is 64 bits wide in both data models; without -m32 only long would differ, which no program uses
          writeFileSync(file, nativeSource(generated.source));
          const built = spawnSync(
            gcc!,
            [...model32, '-w', '-O0', '-fsanitize=undefined', '-fno-sanitize-recover=all', file, '-o', binary],
            { encoding: 'utf8' },
          );
          expect(built.status, `${built.stderr}\n${generated.source}`).toBe(0);
          const evaluation = evaluateTypedModel(generated.model, { keepRuns: true });
          for (const run of evaluation.runList!.slice(0, 40)) {
            const input = run.inputs.map((value) => String(BigInt.asUintN(64, value))).join('\n');
            const native = spawnSync(binary, [], { input: `${input}\n`, encoding: 'utf8', timeout: 10_000 });
            const context = `inputs ${run.inputs.join(', ')}: status ${native.status} ${native.stderr}\n${generated.source}`;
            expect(native.stderr, context).not.toContain('runtime error');
            const expected = run.outcome === 'failed' ? 113 : 0;
            expect(native.status, context).toBe(expected);
            vectors++;
            if (expected === 113) failing++;
          }
        }
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
      console.log(`gcc agrees with the C oracle on ${vectors} input vectors (${failing} failing) of 30 programs`);
      expect(failing).toBeGreaterThan(0);
    },
  );
});
