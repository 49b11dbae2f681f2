// The values a loop's head holds from the assignments before it (src/certificates/entry-values.ts):
// x == e for `x = e` before the loop, left out of the guesses of a loop that changes x (the
// counters of test/certificates/programs/grid-unsigned-difference-safe.c, our own), kept where
// nothing changes x (its constant sizes), and kept as the value on entry that an accumulator's
// guess starts from (bench/symbolic/stride2-fill-safe.c: s = 0 before the loop that sums into s).

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guessInvariants } from '../../src/certificates/templates.js';
import { printExpression } from '../../src/ir/print.js';
import { projectRoot } from '../support/cli.js';
import { certifiedProgram } from '../support/certified-program.js';

/** the plain guesses of each loop head, printed */
async function plainGuesses(path: string, exactWraps: boolean): Promise<Map<number, string[]>> {
  const { program } = await certifiedProgram(path, exactWraps);
  return new Map(
    [...guessInvariants(program)].map(([loop, guesses]) => [
      loop,
      guesses.flatMap((guess) => (guess.kind === 'plain' ? [printExpression(guess.condition)] : [])),
    ]),
  );
}

describe('the values on entry of a loop', () => {
  it("leaves out a counter's start at the heads of the loops that count it, and keeps the sizes", async () => {
    const guesses = await plainGuesses(join(import.meta.dirname, 'programs', 'grid-unsigned-difference-safe.c'), true);
    expect(guesses.size).toBe(6);
    for (const plain of guesses.values()) {
      expect(plain).toContain('rows == 300');
      expect(plain).not.toContain('r == 0');
      expect(plain).not.toContain('c == 0');
    }
  });

  it('keeps a start that the loop changes as the seed of its accumulator, not as a guess', async () => {
    const guesses = await plainGuesses(join(projectRoot, 'bench', 'symbolic', 'stride2-fill-safe.c'), false);
    // loop 0 leaves s alone: s == 0 holds there; loop 1 sums into s from 0
    expect(guesses.get(0)).toContain('s == 0');
    expect(guesses.get(1)).not.toContain('s == 0');
    expect(guesses.get(1)!.some((text) => text.startsWith('(long long)s == (long long)0 + '))).toBe(true);
  });
});
