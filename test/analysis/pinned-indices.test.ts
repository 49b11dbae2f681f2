// The pinned-indices pass (src/analysis/pinned-indices.ts): an index written as the value a branch
// fixes the counter to becomes the counter (`if (i == 0) a[0] = 5` is `a[i] = 5`), for ==, != (else
// branch), `<=` under a counted loop's bound, and a non-constant value (i == N - 1); nothing changes
// once the counter may be written, for a value outside the counter's type, or for a bound the loop
// does not give. And the pass keeps every run: on random programs of issue 26's shapes (and the
// usual symbolic-size programs, and loops over char, short and unsigned counters compared with
// constants near their bounds) the interpreter, in bv and int semantics, gives the same outcome on
// the program before and after the pass.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pinIndices } from '../../src/analysis/pinned-indices.js';
import { runProgram } from '../../src/interp/interpreter.js';
import { createRandomSource } from '../../src/interp/sources.js';
import { printProgram } from '../../src/ir/print.js';
import type { Program, Semantics } from '../../src/ir/types.js';
import { lowerSource } from '../soundness/harness.js';
import { recurrenceProgramText, triangleProgramText } from '../support/recurrence-programs.js';
import { prelude, programText } from '../support/symbolic-programs.js';
import { sizeFirstSource } from '../support/size-first-source.js';

function printed(body: string, declarations = 'int a[N]; int i;'): { readonly before: string; readonly after: string } {
  const program = lowerSource(`${prelude}
int main(void) {
  int N = __VERIFIER_nondet_int(); assume_abort_if_not(N > 0 && N <= 100);
  ${declarations}
  ${body}
  return 0;
}
`);
  return { before: printProgram(program), after: printProgram(pinIndices(program)) };
}

describe('pinned indices', () => {
  it('writes the peeled cell as the counter under i == 0, and under the else branch of i != 0', () => {
    const equal = printed('for (i = 0; i < N; i++) { if (i == 0) a[0] = 5; else a[i] = a[i - 1] + 6; }');
    expect(equal.before).toContain('a[0] = 5;');
    expect(equal.after).toContain('a[i] = 5;');
    expect(equal.after).not.toContain('a[0]');
    const notEqual = printed('for (i = 0; i < N; i++) { if (i != 0) a[i] = a[i - 1] + 6; else a[0] = 5; }');
    expect(notEqual.after).toContain('a[i] = 5;');
    // reads too, and a value that is not a constant (i == N - 1 fixes i to N - 1)
    const read = printed('for (i = N - 1; i >= 0; i--) { if (i == N - 1) a[N - 1] = a[N - 1] + 1; }');
    expect(read.after).toContain('a[i] = a[i] + 1;');
  });

  it('uses the bound of a counted loop: i <= 0 fixes i to 0 where i counts up from 0, not where it starts below', () => {
    expect(printed('for (i = 0; i < N; i++) { if (i <= 0) a[0] = 7; else a[i] = 1; }').after).toContain('a[i] = 7;');
    expect(printed('for (i = 0; i < N; i++) { if (i < 1) a[0] = 7; else a[i] = 1; }').after).toContain('a[i] = 7;');
    expect(printed('for (i = -1; i < N; i++) { if (i <= 0) a[0] = 7; else a[i] = 1; }').after).toContain('a[0] = 7;');
    // a counter written in the body gives no bound
    expect(printed('for (i = 0; i < N; i++) { if (i <= 0) a[0] = 7; i = i + 0; }').after).toContain('a[0] = 7;');
  });

  it('stops where the counter (or a variable of the value) may be written, and leaves values outside its type alone', () => {
    const written = printed('for (i = 0; i < N; i++) { if (i == 0) { a[0] = 1; i = i + 1; a[0] = 2; } }');
    expect(written.after).toContain('a[i] = 1;');
    expect(written.after).toContain('a[0] = 2;');
    const valueWritten = printed(
      'int k = 3; if (i == k) { a[k] = 1; k = 4; a[k] = 2; }',
      'int a[N]; int i = __VERIFIER_nondet_int();',
    );
    expect(valueWritten.after).toContain('a[i] = 1;');
    expect(valueWritten.after).toContain('a[k] = 2;');
    const narrow = printed(
      'unsigned char c = __VERIFIER_nondet_int(); if (c == 300) a[300] = 1; if (c == 3) a[3] = 2;',
    );
    expect(narrow.after).toContain('a[300] = 1;');
    expect(narrow.after).toMatch(/a\[\(?int\)? ?c\] = 2;|a\[c\] = 2;/);
  });

  it('keeps every run: the interpreter gives the same outcome before and after the pass (bv and int)', () => {
    const texts = fc.oneof(recurrenceProgramText(), triangleProgramText(), programText);
    let compared = 0;
    let changed = 0;
    fc.assert(
      fc.property(texts, (text) => {
        const program = lowerSource(text);
        const pinned = pinIndices(program);
        if (pinned !== program) changed++;
        for (const semantics of ['bv', 'int'] as const) {
          for (let size = 1; size <= 5; size++) {
            for (let seed = 0; seed < 2; seed++) {
              expect(
                outcome(pinned, semantics, size, seed),
                `N = ${size}, seed ${seed}, ${semantics}\n${text}`,
              ).toEqual(outcome(program, semantics, size, seed));
              compared++;
            }
          }
        }
      }),
      { numRuns: 120, seed: 20261126 },
    );
    expect(compared).toBe(120 * 20);
    expect(changed).toBeGreaterThan(20);
  });
});

describe('pinned indices on narrow and unsigned counters', () => {
  it('keeps every run (bv and int) for char, short and unsigned counters compared with constants near their bounds', () => {
    const types = ['char', 'unsigned char', 'short', 'unsigned short', 'int', 'unsigned int'] as const;
    const constants = [-129, -128, -1, 0, 1, 127, 128, 255, 256, 299, 32767, 65535];
    const comparisons = ['==', '!=', '<=', '<'] as const;
    const texts = fc
      .record({
        type: fc.constantFrom(...types),
        start: fc.constantFrom(-2, 0, 1, 126, 254),
        constantChoice: fc.oneof(fc.constantFrom(...constants), fc.constant('start' as const)),
        comparison: fc.constantFrom(...comparisons),
        counted: fc.boolean(),
        other: fc.constantFrom(0, 1, 127, 128, 255, 299),
        same: fc.boolean(),
      })
      .map(({ type, start, constantChoice, comparison, counted, other, same }) => {
        // the counter's start (what a bound in a counted loop fixes it to), or a constant near a bound
        const constant = constantChoice === 'start' ? start + (comparison === '<' ? 1 : 0) : constantChoice;
        // mostly the index the comparison names (what the pass rewrites when it may), else another
        const index = same && constant >= 0 && constant < 300 ? constant : other;
        const pinned = `a[${index}] = a[${index}] + 1;`;
        const body =
          comparison === '!='
            ? `if (i != ${constant}) a[k % 300] = 2; else ${pinned}`
            : `if (i ${comparison} ${constant}) ${pinned} else a[k % 300] = 2;`;
        const loop = counted
          ? `  ${type} i; int k = 0;\n  for (i = ${start}; i < N; i++) { ${body} k++; if (k > 400) break; }`
          : `  for (int k = 0; k < N; k++) { ${type} i = (${type})(k + ${start}); ${body} }`;
        return `${prelude}int a[300];
int main(void) {
  int N = __VERIFIER_nondet_int(); assume_abort_if_not(N >= 0 && N <= 300);
${loop}
  for (int k = 0; k < 300; k++) __VERIFIER_assert(a[k] != 1 + k % 3);
  return 0;
}
`;
      });
    let changed = 0;
    fc.assert(
      fc.property(texts, (text) => {
        const program = lowerSource(text);
        const pinned = pinIndices(program);
        if (pinned !== program) changed++;
        for (const semantics of ['bv', 'int'] as const) {
          for (const size of [0, 1, 2, 128, 129, 256, 300]) {
            expect(outcome(pinned, semantics, size, 0), `N = ${size}, ${semantics}\n${text}`).toEqual(
              outcome(program, semantics, size, 0),
            );
          }
        }
      }),
      { numRuns: 200, seed: 20261129 },
    );
    expect(changed).toBeGreaterThan(20);
  });
});

/** the outcome of the run with N = size and the other choices from a seeded source */
function outcome(program: Program, semantics: Semantics, size: number, seed: number): string {
  const rest = createRandomSource({ seed: 31 * size + seed, domain: [-2n, 0n, 1n, 3n], maxArrayCells: 256 });
  const result = runProgram(program, {
    semantics,
    maxSteps: 200_000,
    nondet: sizeFirstSource(size, rest),
  });
  return JSON.stringify(result, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}
