// Validation of a violation witness (src/svcomp/validate.ts): the replay of its values decides, and
// it stops at the command's deadline (a witness whose replay is cut there is rejected, never confirmed).

import { describe, expect, it } from 'vitest';
import { validateWitness } from '../../src/svcomp/validate.js';
import { lowerOrFail } from '../ir/lower-harness.js';

const program = lowerOrFail(
  `extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() { int n = __VERIFIER_nondet_int(); unsigned k = 0; for (int i = 0; i < n; i++) k += i; if (n > 4 && k == 10) reach_error(); return 0; }`,
  'ILP32',
);
const witnessOf = (value: bigint) =>
  ({
    kind: 'witness',
    counterexample: { scalars: [value], arrays: [] },
    target: { line: 3, column: 1 },
    inputFileHash: undefined,
  }) as const;

describe('violation witness validation', () => {
  it('confirms a witness whose replay reaches the error on its target line', () => {
    const validation = validateWitness(program, 'program.c', witnessOf(5n), 'bv', performance.now() + 10_000);
    expect(validation.kind).toBe('confirmed');
  });

  it('rejects a witness whose replay is cut by the deadline, within the deadline', () => {
    const started = performance.now();
    // 2^31 - 1 iterations: far longer than the 100 ms the replay has
    const validation = validateWitness(program, 'program.c', witnessOf(2147483647n), 'bv', started + 100);
    expect(validation.kind).toBe('rejected');
    if (validation.kind === 'rejected') expect(validation.reason).toMatch(/out of time/);
    expect(performance.now() - started).toBeLessThan(1_500);
  });
});
