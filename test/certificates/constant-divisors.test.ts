// Certificates for counts of residues modulo a variable assigned once (the corpus's partial_mod_count
// class), on programs of our own (test/certificates/programs/variable-modulus-*): `unsigned m = 4;
// … a[i] = i % m` above a threshold with the zeros counted, and `% m` (m = 2) under a cap on the zeros
// read back. The program pass src/analysis/constant-divisors.ts reads the divisor as its constant,
// so the clauses have the exact remainder (a divisor that stays a name is only bounded, and no
// invariant proves the count); the template certifier then finds invariants the independent
// checker confirms for each safe program, none for its buggy twin, and the divisor is a constant in
// the program the certificate is about.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { printProgram } from '../../src/ir/print.js';
import { certifiedProgram, expectCertifiedPair } from '../support/certified-program.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const programs = join(import.meta.dirname, 'programs');

const classes = [
  'variable-modulus-zeros', // i % m (m = 4) from n / 3 on: at most n / 4 + 1 zeros, checked in the loop
  'variable-modulus-capped', // i % m (m = 2) while fewer than limit zeros: the recount at most limit
];

describe('counts of residues modulo a variable assigned once', () => {
  it.each(classes)('certify %s and not its buggy twin', { timeout: 120_000 }, async (name) => {
    await expectCertifiedPair(join(programs, name), solver);
  });

  it('reads the divisor as its constant in the certificate program', async () => {
    const { program } = await certifiedProgram(join(programs, 'variable-modulus-zeros-safe.c'));
    const text = printProgram(program);
    expect(text).toContain('(unsigned int)i % (unsigned int)4');
    expect(text).not.toMatch(/% m\b/);
  });
});
