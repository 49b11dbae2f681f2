// The template guesses for unsigned countdowns past zero (src/certificates/templates.ts), on programs
// of our own of the class (test/certificates/programs/countdown-wrap-triple-*, postdec-doubles-*):
// `for (c = m - 1; c < m; c--)` and `while (r--)` are lowered to a counter from the start whose cell
// is a copy of it minus 1; the template certifier finds a certificate the independent checker
// confirms for each safe one and none for its buggy twin, and the cells written are guessed over
// the cells themselves, shifted by the copy's offset. And a narrow counter that wraps (an unsigned
// char gaining 7 a round, narrow-step-wrap-*), read as the "exact wraps" stages read it, certified
// with its type's range guessed (start <= 255).

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guessInvariants } from '../../src/certificates/templates.js';
import { printExpression } from '../../src/ir/print.js';
import { certifiedProgram as certifiedProgramAt, expectCertifiedPair } from '../support/certified-program.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const programs = join(import.meta.dirname, 'programs');
/** a program of ./programs as its certificate sees it */
const certifiedProgram = (name: string, exactWraps = false) => certifiedProgramAt(join(programs, name), exactWraps);

const classes = [
  'countdown-wrap-triple', // c from m - 1 down while c < m: past 0 to UINT_MAX, cells 3 * c
  'postdec-doubles', // while (r--) from a nondeterministic prefix length p: cells below p doubled
];

describe('the guesses for unsigned countdowns past zero and narrow wrapping counters', () => {
  it.each([...classes.map((name) => [name, false] as const), ['narrow-step-wrap', true] as const])(
    'certify %s (exact wraps: %s) and not its buggy twin',
    { timeout: 120_000 },
    async (name, exactWraps) => {
      await expectCertifiedPair(join(programs, name), solver, { exactWraps });
    },
  );

  it("guesses a narrow scalar's type range at the loop heads", async () => {
    const { program } = await certifiedProgram('narrow-step-wrap-safe.c', true);
    const plain = [...guessInvariants(program).values()].flatMap((guesses) =>
      guesses.flatMap((guess) => (guess.kind === 'plain' ? [printExpression(guess.condition)] : [])),
    );
    expect(plain).toContain('start <= (unsigned char)255');
  });

  it('guesses the cells a countdown wrote through its copy c = counter - 1, over the cells themselves', async () => {
    const { program } = await certifiedProgram('countdown-wrap-triple-safe.c');
    const countdown = [...guessInvariants(program).entries()].find(([, guesses]) =>
      guesses.some((guess) => guess.kind === 'plain' && printExpression(guess.condition).includes('countdown')),
    );
    expect(countdown).toBeDefined();
    const cells = countdown![1].flatMap((guess) =>
      guess.kind === 'forall'
        ? [`[${printExpression(guess.lower)}, ${printExpression(guess.upper)}) ${printExpression(guess.condition)}`]
        : [],
    );
    // the rounds done wrote [counter, m): cell k holds 3 * k
    const done =
      /^\[countdown_\d+ \+ \(unsigned int\)1 - \(unsigned int\)1, m \+ \(unsigned int\)1 - \(unsigned int\)1\) /;
    const value = 'c3[template!cell] == 3 * (int)(template!cell + 1 - (unsigned int)1)';
    expect(cells.filter((text) => done.test(text) && text.endsWith(value))).toHaveLength(1);
  });
});
