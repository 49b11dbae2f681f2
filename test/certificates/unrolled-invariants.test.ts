// The certificates of complete unrollings (src/certificates/unrolled-invariants.ts, the unrolling
// certifier src/portfolio/unrolling-certifier.ts), on programs of our own of the class
// (test/certificates/programs/unrolled-*): folds of constant bound over nondeterministic cells with
// and, or, xor and sums. A safe program's unrolled states are a certificate the checker confirms;
// its buggy twin's exact states are refuted by the checker (never certified); a loop whose bound is
// no constant and a choice held in no variable are refused with their reasons; through the kernel,
// the certifier gets the program's own folds (the permuted-reduction pass leaves them alone for it).

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCertificate } from '../../src/certificates/check.js';
import { unrolledInvariants } from '../../src/certificates/unrolled-invariants.js';
import type { Program, Semantics } from '../../src/ir/types.js';
import { Budget } from '../../src/kernel/budget.js';
import { runEncoding } from '../../src/kernel/run-encoding.js';
import { applyTransforms } from '../../src/kernel/transforms.js';
import { unrollingCertifier } from '../../src/portfolio/unrolling-certifier.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const programs = join(import.meta.dirname, 'programs');

function lowered(name: string): Program {
  const frontEnd = runFrontEnd(join(programs, name), { dataModel: 'ILP32', preprocessor: 'default' });
  if (frontEnd.kind !== 'program') throw new Error(`${name}: ${frontEnd.kind}`);
  return frontEnd.program;
}

/** the program the certifier gets in `semantics` (`c`: with its wrap checks, over the integers) */
async function certifiedProgram(
  name: string,
  semantics: 'c' | 'bv',
): Promise<{ program: Program; semantics: Semantics }> {
  const transformed = await applyTransforms(lowered(name), {
    options: { semantics, settings: new Map() },
    encoder: unrollingCertifier,
    solver: undefined,
    budget: Budget.start(10_000),
  });
  if (transformed.kind !== 'ready') throw new Error(`${name}: refused`);
  return { program: transformed.program, semantics: transformed.semantics };
}

/** the checker's verdict on the unrolled states of `name` */
async function checkedStates(name: string, semantics: 'c' | 'bv'): Promise<string> {
  const { program, semantics: read } = await certifiedProgram(name, semantics);
  const built = unrolledInvariants(program, read);
  if (built.kind === 'refused') return `refused: ${built.reason}`;
  const check = await checkCertificate(
    { program, semantics: read, invariants: built.invariants, source: 'complete unrolling' },
    [solver],
    { timeoutMilliseconds: 60_000 },
  );
  return check.kind === 'unchecked' ? `unchecked: ${check.reason}` : check.kind;
}

describe('the unrolled states of a safe program are a certificate, of its buggy twin never', () => {
  const pairs: readonly [string, 'c' | 'bv'][] = [
    ['unrolled-and-halves', 'bv'],
    ['unrolled-xor-or', 'bv'],
    ['unrolled-sum-orders', 'c'],
  ];
  for (const [name, semantics] of pairs) {
    it(`${name}-safe.c in ${semantics}: checked`, { timeout: 120_000 }, async () => {
      expect(await checkedStates(`${name}-safe.c`, semantics)).toBe('checked');
    });
    it(`${name}-unsafe.c in ${semantics}: refuted`, { timeout: 120_000 }, async () => {
      expect(await checkedStates(`${name}-unsafe.c`, semantics)).toBe('failed');
    });
  }
});

describe('what the unrolling refuses', () => {
  it('a loop whose bound is no constant', async () => {
    const { program, semantics } = await certifiedProgram('unrolled-open-bound-safe.c', 'c');
    const built = unrolledInvariants(program, semantics, { maxRounds: 64, maxSnapshots: 1_000, maxCharacters: 1e6 });
    expect(built.kind === 'refused' ? built.reason : built.kind).toMatch(/still open after 64 rounds/);
  });

  it('a value chosen before a loop that no variable holds at its head', async () => {
    const { program, semantics } = await certifiedProgram('unrolled-lost-choice-safe.c', 'c');
    const built = unrolledInvariants(program, semantics);
    expect(built.kind === 'refused' ? built.reason : built.kind).toMatch(
      /nondeterministic value of chosen.*held in no variable/,
    );
  });

  it('more head visits than the limit', async () => {
    const { program, semantics } = await certifiedProgram('unrolled-and-halves-safe.c', 'bv');
    const built = unrolledInvariants(program, semantics, { maxRounds: 64, maxSnapshots: 20, maxCharacters: 1e6 });
    expect(built.kind === 'refused' ? built.reason : built.kind).toMatch(/more than 20 times/);
  });
});

describe('the unrolling certifier through the kernel', () => {
  it(
    'certifies the program whose second fold the permuted-reduction pass rewrites for others',
    { timeout: 120_000 },
    async () => {
      const run = await runEncoding(
        unrollingCertifier,
        lowered('unrolled-and-halves-safe.c'),
        { semantics: 'bv', settings: new Map() },
        solver,
        { timeoutMilliseconds: 60_000, proofOnly: true },
      );
      // a certificate lost by the pass would be `none` (its invariants not translated back)
      expect(run.certificate?.kind).toBe('checked');
      expect(run.verdict.kind).toBe('safe');
    },
  );

  it(
    'answers UNKNOWN, never SAFE, on its buggy twin (its claim requires the check)',
    { timeout: 120_000 },
    async () => {
      const run = await runEncoding(
        unrollingCertifier,
        lowered('unrolled-and-halves-unsafe.c'),
        { semantics: 'bv', settings: new Map() },
        solver,
        { timeoutMilliseconds: 60_000, proofOnly: true },
      );
      expect(run.verdict.kind).toBe('unknown');
      expect(run.certificate?.kind).not.toBe('checked');
    },
  );
});
