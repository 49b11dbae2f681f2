// The guard-assumptions pass (src/analysis/guard-assumptions.ts) and the passes together
// (program-passes.ts): `if (!(c)) abort();` and `if (c) exit(0);` become assumptions, a branch that
// does more than stop, or whose condition may stop the run itself (a division by a variable), stays;
// and on random programs with guards of every spelling the interpreter gives the same outcome before
// and after the passes (bv and int).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assumeGuards } from '../../src/analysis/guard-assumptions.js';
import { runProgramPasses } from '../../src/analysis/program-passes.js';
import { runProgram } from '../../src/interp/interpreter.js';
import { createRandomSource } from '../../src/interp/sources.js';
import { printProgram } from '../../src/ir/print.js';
import type { Program, Semantics } from '../../src/ir/types.js';
import { lowerSource } from '../soundness/harness.js';
import { recurrenceProgramText } from '../support/recurrence-programs.js';
import { prelude, programText } from '../support/symbolic-programs.js';
import { sizeFirstSource } from '../support/size-first-source.js';

const exitDeclaration = 'extern void exit(int);\n';

function afterPass(statements: string): string {
  return printProgram(
    assumeGuards(
      lowerSource(`${prelude}${exitDeclaration}
int main(void) {
  int N = __VERIFIER_nondet_int(); int d = __VERIFIER_nondet_int(); int x = 0;
  ${statements}
  __VERIFIER_assert(x == 0);
  return 0;
}
`),
    ),
  );
}

describe('guard assumptions', () => {
  it('turns a branch that only stops the run into an assumption, in either branch', () => {
    expect(afterPass('if (!(N <= 2147483647 / sizeof(int))) abort();')).toMatch(/assume\(\(unsigned (int|long)\)N <= /);
    expect(afterPass('if (N > 100) exit(0);')).toMatch(/assume\(!\(N > 100\)\)|assume\(N <= 100\)/);
    expect(afterPass('if (N < 5) { } else { abort(); }')).toContain('assume(N < 5)');
  });

  it('leaves a branch that does more, or whose condition may stop the run (division by a variable)', () => {
    expect(afterPass('if (N > 100) { x = 1; abort(); }')).toContain('if (N > 100)');
    expect(afterPass('if (N / d > 3) abort();')).toContain('if (N / d > 3)');
  });

  it('turns early returns of main that end the program into assumptions, one after the other', () => {
    const text = afterPass('if (N > 100) return 0; if (d < 0) return 1;');
    expect(text).toMatch(/assume\(!\(N > 100\)\)|assume\(N <= 100\)/);
    expect(text).toMatch(/assume\(!\(d < 0\)\)|assume\(d >= 0\)/);
    expect(text).not.toContain('if (!main_returned)');
  });

  it('leaves an early return that does more, one inside a loop, or one whose condition may stop the run', () => {
    expect(afterPass('if (N > 100) { x = 1; return 0; }')).toContain('if (!main_returned)');
    expect(afterPass('while (N > 0) { if (N == 3) return 0; N--; }')).toContain('if (!main_returned)');
    expect(afterPass('if (N / d > 3) return 0;')).toContain('if (!main_returned)');
  });

  it('blocks only runs that return early: every other run keeps its outcome (bv and int)', () => {
    const returning = fc
      .tuple(fc.oneof(programText, recurrenceProgramText()), fc.integer({ min: 0, max: 6 }))
      .map(([text, constant]) =>
        text.replace(/(assume_abort_if_not\(N > 0 && N <= 100\);)/, `$1 if (N > ${constant}) return 0;`),
      );
    let blocked = 0;
    fc.assert(
      fc.property(returning, (text) => {
        const program = lowerSource(text);
        const passed = runProgramPasses(program);
        for (const semantics of ['bv', 'int'] as const) {
          for (let size = 1; size <= 6; size++) {
            const after = outcome(passed, semantics, size);
            const before = outcome(program, semantics, size);
            if (after === 'assumptionFailed' && before !== 'assumptionFailed') {
              // the run returned early: it completed without failing an assertion
              expect(JSON.parse(before).kind, `N = ${size}, ${semantics}\n${text}`).toBe('completed');
              blocked++;
            } else expect(after, `N = ${size}, ${semantics}\n${text}`).toEqual(before);
          }
        }
      }),
      { numRuns: 40, seed: 20261129 },
    );
    expect(blocked).toBeGreaterThan(20);
  });

  it('keeps every run: the same outcome before and after the passes (bv and int), on programs with guards', () => {
    const guards = [
      'if (!(N <= C)) abort();',
      'if (N > C) exit(0);',
      'if (N == C) abort(); else { }',
      'if (N >= C) { } else abort();',
      'if (N / (C + 1) > 1) abort();',
    ];
    const guarded = fc
      .tuple(fc.oneof(programText, recurrenceProgramText()), fc.constantFrom(...guards), fc.integer({ min: 0, max: 6 }))
      .map(([text, guard, constant]) =>
        text
          .replace(/(assume_abort_if_not\(N > 0 && N <= 100\);)/, `$1 ${guard.replace(/C/g, String(constant))}`)
          .replace(prelude, `${prelude}${exitDeclaration}`),
      );
    let changed = 0;
    let compared = 0;
    fc.assert(
      fc.property(guarded, (text) => {
        const program = lowerSource(text);
        const passed = runProgramPasses(program);
        if (passed !== program) changed++;
        for (const semantics of ['bv', 'int'] as const) {
          for (let size = 1; size <= 6; size++) {
            expect(outcome(passed, semantics, size), `N = ${size}, ${semantics}\n${text}`).toEqual(
              outcome(program, semantics, size),
            );
            compared++;
          }
        }
      }),
      { numRuns: 80, seed: 20261127 },
    );
    expect(compared).toBe(80 * 12);
    expect(changed).toBeGreaterThan(40);
  });
});

function outcome(program: Program, semantics: Semantics, size: number): string {
  const rest = createRandomSource({ seed: 17 * size, domain: [-2n, 0n, 1n, 3n], maxArrayCells: 256 });
  const result = runProgram(program, {
    semantics,
    maxSteps: 200_000,
    nondet: sizeFirstSource(size, rest),
  });
  // a blocked run is blocked wherever the assumption stands (the guard's `if` or its abort call)
  if (result.kind === 'assumptionFailed') return result.kind;
  return JSON.stringify(result, (key, value: unknown) =>
    key === 'steps' ? undefined : typeof value === 'bigint' ? value.toString() : value,
  );
}
