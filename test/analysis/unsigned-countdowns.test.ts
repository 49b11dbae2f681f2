// The unsigned-countdowns pass (src/analysis/unsigned-countdowns.ts): `for (j = E - 1; j < E; j--)`
// and `while (m-- > 0)`, `while (m-- != 0)`, `while (m--)` over unsigned int counters are rewritten
// to loops over a fresh counter that stops at 0, the wrapped value assigned after the loop; near
// misses (a body that writes the counter or the bound, a break, another guard or step, a signed or
// narrow counter, a pre-decrement) are left alone; and the interpreter (bv: C's wraps) gives the same
// outcome before and after the pass for sizes 0 … 5 and 300, the final counters asserted.

import { describe, expect, it } from 'vitest';
import { rewriteUnsignedCountdowns } from '../../src/analysis/unsigned-countdowns.js';
import { runProgram } from '../../src/interp/interpreter.js';
import { createRandomSource } from '../../src/interp/sources.js';
import { printProgram } from '../../src/ir/print.js';
import type { Program } from '../../src/ir/types.js';
import { lowerSource } from '../soundness/harness.js';
import { prelude } from '../support/symbolic-programs.js';
import { sizeFirstSource } from '../support/size-first-source.js';

function programOf(declarations: string, statements: string): Program {
  return lowerSource(`${prelude}extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 400) return 0;
  int a[401];
  for (int i = 0; i < 401; i++) a[i] = -1;
  ${declarations}
  ${statements}
  int sum = 0;
  for (int i = 0; i < 401; i++) sum = sum + a[i] * (i + 1);
  __VERIFIER_assert(sum != 7);
  return 0;
}
`);
}

const rewritten: readonly [string, string][] = [
  ['unsigned int j;', 'for (j = n - 1; j < n; j--) a[j] = (int) j; __VERIFIER_assert(j == 4294967295u);'],
  ['unsigned int m = n;', 'while (m-- > 0) a[m] = 1; __VERIFIER_assert(m == 4294967295u);'],
  ['unsigned int m = n;', 'while (m-- != 0) a[m] = 2; __VERIFIER_assert(m == 4294967295u);'],
  ['unsigned int m = n;', 'while (m--) { if (m > 2) a[m] = 3; } __VERIFIER_assert(m == 4294967295u);'],
];

const nearMisses: readonly [string, string][] = [
  [
    'unsigned int j;',
    'for (j = n - 1; j < n; j--) { a[j] = 1; if (j == 2) j = 0; } __VERIFIER_assert(j == 4294967295u);',
  ],
  [
    'unsigned int j;',
    'for (j = n - 1; j < n; j--) { a[j] = 1; if (j == 2) break; } __VERIFIER_assert(j == 4294967295u);',
  ],
  [
    'unsigned int j;',
    'for (j = n - 1; j < n; j--) { a[j] = 1; if (j == 2) continue; } __VERIFIER_assert(j == 4294967295u);',
  ],
  [
    'unsigned int j; unsigned int k = n;',
    'for (j = k - 1; j < k; j--) { a[j] = 1; k = j; } __VERIFIER_assert(j == 4294967295u);',
  ],
  ['unsigned int j;', 'for (j = n - 1; j <= n; j--) { if (j < 401) a[j] = 1; } __VERIFIER_assert(j == 4294967295u);'],
  ['unsigned int j;', 'for (j = n - 2; j < n; j--) a[j] = 1; __VERIFIER_assert(j == 4294967295u);'],
  ['unsigned int j;', 'for (j = n - 1; j < n; j -= 2) a[j] = 1; __VERIFIER_assert(j == 4294967295u);'],
  ['int j;', 'for (j = (int) n - 1; j >= 0; j--) a[j] = 1; __VERIFIER_assert(j == -1);'],
  ['unsigned char m = (unsigned char) n;', 'while (m-- > 0) a[m] = 1; __VERIFIER_assert(m == 255);'],
  ['unsigned int m = n;', 'while (--m > 0) a[m] = 1; __VERIFIER_assert(m == 0);'],
  ['unsigned int m = n;', 'while (m-- > 1) a[m] = 1; __VERIFIER_assert(m == 4294967295u);'],
  ['unsigned int m = n;', 'while (m-- > 0) { a[m] = 1; m = m - 1; } __VERIFIER_assert(m == 4294967295u);'],
];

function outcome(program: Program, size: number): string {
  const rest = createRandomSource({ seed: 5, domain: [0n, 1n], maxArrayCells: 512 });
  const result = runProgram(program, {
    semantics: 'bv',
    maxSteps: 2_000_000,
    nondet: sizeFirstSource(size, rest),
  });
  return JSON.stringify(result, (key, value: unknown) =>
    key === 'steps' ? undefined : typeof value === 'bigint' ? value.toString() : value,
  );
}

describe('unsigned countdowns', () => {
  it('rewrites the countdown forms to a counter that stops at 0', () => {
    for (const [declarations, statements] of rewritten) {
      const program = programOf(declarations, statements);
      const after = rewriteUnsignedCountdowns(program);
      expect(after, statements).not.toBe(program);
      expect(printProgram(after), statements).toMatch(/countdown_\d+ > \(unsigned int\)0/);
    }
  });

  it('leaves every near miss alone', () => {
    for (const [declarations, statements] of nearMisses) {
      const program = programOf(declarations, statements);
      expect(rewriteUnsignedCountdowns(program), statements).toBe(program);
    }
  });

  it('keeps every run: the same outcome before and after, the wrapped counters asserted', () => {
    for (const [declarations, statements] of [...rewritten, ...nearMisses]) {
      const program = programOf(declarations, statements);
      const after = rewriteUnsignedCountdowns(program);
      for (const size of [0, 1, 2, 3, 4, 5, 300]) {
        const before = outcome(program, size);
        expect(outcome(after, size), `n = ${size}: ${statements}`).toEqual(before);
        if (after !== program) expect(before, `n = ${size}: ${statements}`).toContain('"completed"');
      }
    }
  });
});
