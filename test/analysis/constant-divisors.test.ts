// The constant-divisors pass (src/analysis/constant-divisors.ts): a divisor of `%` or `/` that is a
// scalar assigned once from a constant at the top level reads as that constant after its assignment
// (`unsigned r = 3; … i % r` becomes `i % 3u`, a cast constant evaluated as C converts it; a write
// before that assignment or after the reads does not matter); near misses (a write between the
// assignment and the reads, in a branch or in the loop itself, a havoc, an assignment in a loop or a
// branch, a value that is not a constant) are left alone; other reads of the name are not touched;
// and the interpreter (bv: C's semantics) gives the same outcome before and after the pass.

import { describe, expect, it } from 'vitest';
import { foldConstantDivisors } from '../../src/analysis/constant-divisors.js';
import { assumeGuards } from '../../src/analysis/guard-assumptions.js';
import { runProgram } from '../../src/interp/interpreter.js';
import { createRandomSource } from '../../src/interp/sources.js';
import { printProgram } from '../../src/ir/print.js';
import type { Program } from '../../src/ir/types.js';
import { lowerSource } from '../soundness/harness.js';
import { prelude } from '../support/symbolic-programs.js';
import { sizeFirstSource } from '../support/size-first-source.js';

/** the program as the pass gets it: lowered, its early returns made assumptions (program-passes.ts) */
function programOf(declarations: string, statements: string): Program {
  return assumeGuards(
    lowerSource(`${prelude}extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 40) return 0;
  int a[41];
  ${declarations}
  ${statements}
  return 0;
}
`),
  );
}

const loop = 'for (int i = 0; i < (int) n; i++) a[i] = i % r + i / r;';

/** declarations and statements whose divisor r becomes the constant (printed as in the IR) */
const folded: readonly [string, string, string][] = [
  ['unsigned int r = 3;', loop, '(unsigned int)i % (unsigned int)3'],
  ['int r = 5;', loop, 'i % 5'],
  ['unsigned char r = 260;', loop, 'i % (int)(unsigned char)4'],
  ['int r = -2;', loop, 'i % -2'],
  ['int r; r = 7;', `${loop} __VERIFIER_assert(r == 7);`, 'i % 7'],
  ['int r = 3;', `${loop} r = 4;`, 'i % 3'],
  ['int r = (int) n;', `r = 6; ${loop}`, 'i % 6'],
];

const nearMisses: readonly [string, string][] = [
  ['int r = 3;', `if (n > 5) r = 4; ${loop}`],
  ['int r = 3;', `for (int i = 0; i < (int) n; i++) { a[i] = i % r; if (i == 5) r = 2; }`],
  ['int r = __VERIFIER_nondet_int();', `if (r < 1) return 0; ${loop}`],
  ['int r;', `if (n > 3) r = 3; else r = 4; ${loop}`],
  ['int r = (int) n + 1;', loop],
  ['int r = 0;', `for (int i = 0; i < (int) n; i++) { r = 3; a[i] = i % r; }`],
];

function outcome(program: Program, size: number): string {
  const rest = createRandomSource({ seed: 7, domain: [1n, 9n], maxArrayCells: 64 });
  const result = runProgram(program, { semantics: 'bv', maxSteps: 200_000, nondet: sizeFirstSource(size, rest) });
  return JSON.stringify(result, (key, value: unknown) =>
    key === 'steps' ? undefined : typeof value === 'bigint' ? value.toString() : value,
  );
}

describe('constant divisors', () => {
  it('reads a once-assigned constant divisor as its constant, and only where it divides', () => {
    for (const [declarations, statements, expected] of folded) {
      const program = programOf(declarations, statements);
      const after = foldConstantDivisors(program);
      expect(after, declarations).not.toBe(program);
      const text = printProgram(after);
      expect(text, declarations).toContain(expected);
      expect(text, declarations).not.toMatch(/[%/] \(?(\(unsigned int\))?r\b/);
    }
    const asserted = printProgram(
      foldConstantDivisors(programOf('int r; r = 7;', `${loop} __VERIFIER_assert(r == 7);`)),
    );
    expect(asserted).toMatch(/r == 7/);
  });

  it('leaves every near miss alone', () => {
    for (const [declarations, statements] of nearMisses) {
      const program = programOf(declarations, statements);
      expect(foldConstantDivisors(program), `${declarations} ${statements}`).toBe(program);
    }
  });

  it('keeps every run: the same outcome before and after', () => {
    for (const [declarations, statements] of [...folded.map(([d, s]) => [d, s] as const), ...nearMisses]) {
      const program = programOf(declarations, `${statements} __VERIFIER_assert(a[3] != 4);`);
      const after = foldConstantDivisors(program);
      for (const size of [0, 1, 4, 5, 40]) {
        const before = outcome(program, size);
        expect(outcome(after, size), `n = ${size}: ${declarations} ${statements}`).toEqual(before);
      }
    }
  });
});
