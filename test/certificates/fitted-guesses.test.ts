// The guesses fitted to concrete runs (src/certificates/fitted-guesses.ts, in Houdini's second round,
// src/certificates/houdini.ts): on our own programs whose invariants the program text does not
// suggest (test/certificates/programs: a triangular nest adding a[j] + 1 to the columns from the row
// on, the same from a chosen base, a step growing by 3 summed), the fit finds the relations, the template certifier finds a
// certificate and the independent checker confirms it; on the buggy twins it finds none.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCertificate } from '../../src/certificates/check.js';
import { fittedGuesses } from '../../src/certificates/fitted-guesses.js';
import { searchInvariants } from '../../src/certificates/houdini.js';
import { printExpression } from '../../src/ir/print.js';
import type { Program, Semantics } from '../../src/ir/types.js';
import { loopHeadPredicates } from '../../src/symbolic/horn-clauses.js';
import { certifiedProgram as certifiedProgramAt } from '../support/certified-program.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const programs = join(import.meta.dirname, 'programs');
/** a program of ./programs as its certificate sees it */
const certifiedProgram = (name: string) => certifiedProgramAt(join(programs, name));

/** the fitted guesses of every loop head, printed */
function printedGuesses(program: Program, semantics: Semantics): string[] {
  const guesses = [...fittedGuesses(program, semantics, loopHeadPredicates(program, semantics)).values()].flat();
  return guesses.map((guess) =>
    guess.kind === 'plain'
      ? printExpression(guess.condition)
      : `∀ [${printExpression(guess.lower)}, ${printExpression(guess.upper)}). ${printExpression(guess.condition)}`,
  );
}

// offset-column-weights: the columns start at a chosen base; its fit needs the base among the
// scalar factors, past the VLAs' frozen sizes (copies of n, left out)
const classes = ['column-weights', 'growing-steps', 'offset-column-weights'];

describe('the fitted guesses', () => {
  it('fit 2 total == 3 r² + 3 r and step == 3 r at the loop head', async () => {
    const { program, semantics } = await certifiedProgram('growing-steps-safe.c');
    const printed = printedGuesses(program, semantics).map((text) => text.replace(/\(long long\)/g, ''));
    expect(printed).toContain('step == 3 * r');
    expect(printed).toContain('3 * r + 3 * (r * r) == 2 * total');
  });

  it('fit the cells of a triangular nest per range of the counters', async () => {
    const { program, semantics } = await certifiedProgram('column-weights-safe.c');
    const printed = printedGuesses(program, semantics).map((text) => text.replace(/\(long long\)/g, ''));
    // at the outer head, the columns from i on got i rows: b[t] == i · (a[t] + 1)
    expect(
      printed.some((text) => /^∀ \[i, n\)\. .*i \* a\[fitted!cell\]/.test(text)),
      printed.join('\n'),
    ).toBe(true);
  });

  it('fit the cells of a triangular nest from a base, the copies of n left out of the factors', async () => {
    const { program, semantics } = await certifiedProgram('offset-column-weights-safe.c');
    const printed = printedGuesses(program, semantics).map((text) => text.replace(/\(long long\)/g, ''));
    // at the outer head, the columns before i are done: b[t] == base + 2 (t + 1) a[t]
    expect(
      printed.some((text) => /^∀ \[0, i\)\. .*base/.test(text) && !/_size/.test(text)),
      printed.join('\n'),
    ).toBe(true);
  });

  for (const name of classes) {
    it(`give a checked certificate for ${name}-safe.c`, { timeout: 120_000 }, async () => {
      const { program, semantics } = await certifiedProgram(`${name}-safe.c`);
      const result = await searchInvariants(program, semantics, solver, { timeoutMilliseconds: 30_000 });
      expect(result.kind, result.kind === 'found' ? '' : result.reason).toBe('found');
      if (result.kind !== 'found') return;
      const check = await checkCertificate(
        { program, semantics, invariants: result.claim.invariants, source: result.claim.source },
        [solver],
        { timeoutMilliseconds: 30_000 },
      );
      expect(check.kind).toBe('checked');
    });

    it(`give none for the buggy twin ${name}-unsafe.c`, { timeout: 120_000 }, async () => {
      const { program, semantics } = await certifiedProgram(`${name}-unsafe.c`);
      const result = await searchInvariants(program, semantics, solver, { timeoutMilliseconds: 15_000 });
      expect(result.kind).not.toBe('found');
    });
  }
});
