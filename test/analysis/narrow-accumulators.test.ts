// The narrow-accumulators rewrite (src/analysis/narrow-accumulators.ts): char and short scalars
// updated only by `c += e` / `c -= e` (and initialised without reading themselves) become a long long
// ghost G read as G modulo 2^w, and narrowing conversions outside loops, in assertions and in array
// indices become remainders; near misses (c *= 2, c = -c, a havoc, an int or _Bool accumulator) keep their variable;
// and the rewritten program read over the mathematical integers (`int`, as the encodings read it)
// gives the same outcome as the original in C (`bv`) for sizes 0 … 5, 127 … 129, 255 … 257, 300 and
// 1000, for unsigned char, signed char (gcc's conversion) and unsigned short, failing asserts included.

import { describe, expect, it } from 'vitest';
import { ghostNarrowAccumulators } from '../../src/analysis/narrow-accumulators.js';
import { runProgram } from '../../src/interp/interpreter.js';
import { createRandomSource } from '../../src/interp/sources.js';
import { printProgram } from '../../src/ir/print.js';
import type { Program, Semantics } from '../../src/ir/types.js';
import { lowerSource } from '../soundness/harness.js';
import { prelude } from '../support/symbolic-programs.js';
import { sizeFirstSource } from '../support/size-first-source.js';

function programOf(statements: string): Program {
  return lowerSource(`${prelude}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n >= 0 && n <= 1000)) return 0;
  int a[1001];
  for (int i = 0; i < 1001; i++) a[i] = __VERIFIER_nondet_int();
  ${statements}
  return 0;
}
`);
}

const rewritten: readonly string[] = [
  'unsigned char c = 0; for (int i = 0; i < n; i++) c++; __VERIFIER_assert(c == (unsigned char) n);',
  'unsigned char c = 0; for (int i = 0; i < n; i++) c++; __VERIFIER_assert(c == n);',
  'signed char c = 0; for (int i = 0; i < n; i++) c += 100; for (int i = 0; i < n; i++) c -= 100; __VERIFIER_assert(c == 0);',
  'signed char c = 0; for (int i = 0; i < n; i++) c += 100; for (int i = 1; i < n; i++) c -= 100; __VERIFIER_assert(c == 0);',
  'signed char c = 5; for (int i = 0; i < n; i++) c -= a[i]; __VERIFIER_assert(c <= 127 && c >= -128 && c != 3);',
  'unsigned short s = 65000; for (int i = 0; i < n; i++) s += 77; __VERIFIER_assert(s == (unsigned short) (65000 + 77 * n));',
  'unsigned short s = 1; for (int i = 0; i < n; i++) { s -= 3; a[i] = s; } __VERIFIER_assert(a[0] == 65534 || n == 0);',
  'unsigned char c = 0; for (int i = 0; i < n; i++) c += a[i]; int k = c; __VERIFIER_assert(k < 200);',
  'char c = 0; for (int i = 0; i < n; i++) c += 3; __VERIFIER_assert((signed char) (3 * n) == c);',
];

const indexCasts: readonly string[] = [
  'for (int i = 0; i < n; i++) a[(unsigned char) i] = 1; for (int i = 0; i < n; i++) __VERIFIER_assert(a[i % 256] == 1);',
  'for (int i = 0; i < n; i++) a[(unsigned char) i] = i; for (int i = 0; i < n; i++) __VERIFIER_assert(a[i % 256] == i);',
  'for (int i = 0; i < n; i++) a[(signed char) i + 128] = 1; for (int i = 0; i < n; i++) __VERIFIER_assert(a[(i + 127) % 256] == 1);',
  'for (int i = 0; i < n; i++) a[i] = 0; for (int i = 0; i < n; i++) a[(unsigned char) (i * 2)] += 1; __VERIFIER_assert(a[(unsigned char) (2 * n)] == 0 || n > 128);',
];

const nearMisses: readonly string[] = [
  'unsigned char c = 1; for (int i = 0; i < n; i++) c *= 2; __VERIFIER_assert(c != 0 || n < 8);',
  'signed char c = 1; for (int i = 0; i < n; i++) c = -c; __VERIFIER_assert(c == 1 || c == -1);',
  'unsigned char c = 0; for (int i = 0; i < n; i++) c = c + c; __VERIFIER_assert(c == 0);',
  'int c = 0; for (int i = 0; i < n; i++) c += 3; __VERIFIER_assert(c == 3 * n);',
  '_Bool c = 0; for (int i = 0; i < n; i++) c += 1; __VERIFIER_assert(c == (n > 0));',
];

function outcome(program: Program, semantics: Semantics, size: number): string {
  const rest = createRandomSource({ seed: 11 + size, domain: [-300n, -1n, 0n, 1n, 100n, 255n], maxArrayCells: 2048 });
  const result = runProgram(program, {
    semantics,
    maxSteps: 2_000_000,
    nondet: sizeFirstSource(size, rest),
  });
  // the kind and where: the ghost changes the values of the variables a run ends with
  return JSON.stringify({ kind: result.kind, at: 'location' in result ? result.location : undefined });
}

describe('narrow accumulators', () => {
  it('replaces each narrow accumulator by a long long ghost read modulo 2^w', () => {
    for (const statements of rewritten) {
      const program = programOf(statements);
      const after = ghostNarrowAccumulators(program);
      expect(after, statements).not.toBe(program);
      const text = printProgram(after);
      expect(text, statements).toMatch(/!wide/);
      expect(text, statements).toMatch(/% \(long long\)(256|65536)/);
    }
  });

  it('reads narrow index casts in loops as remainders', () => {
    for (const statements of indexCasts) {
      const program = programOf(statements);
      const after = ghostNarrowAccumulators(program);
      expect(after, statements).not.toBe(program);
      expect(printProgram(after), statements).toMatch(/a\[[^\]]*% \(long long\)256/);
    }
  });

  it('keeps the variable of every near miss (other updates, int and _Bool accumulators)', () => {
    for (const statements of nearMisses) {
      const after = printProgram(ghostNarrowAccumulators(programOf(statements)));
      expect(after, statements).not.toMatch(/c!wide/);
    }
  });

  it('keeps every outcome: the rewrite over the mathematical integers as the original in C', () => {
    const kinds = new Set<string>();
    for (const statements of [...rewritten, ...indexCasts, ...nearMisses]) {
      const program = programOf(statements);
      const after = ghostNarrowAccumulators(program);
      for (const size of [0, 1, 2, 3, 4, 5, 127, 128, 129, 255, 256, 257, 300, 1000]) {
        const before = outcome(program, 'bv', size);
        kinds.add(JSON.parse(before).kind);
        if (after !== program) expect(outcome(after, 'int', size), `n = ${size}: ${statements}`).toEqual(before);
      }
    }
    // both outcomes occur: the comparisons are not vacuous
    expect([...kinds].sort()).toEqual(['assertionFailed', 'completed']);
  });
});
