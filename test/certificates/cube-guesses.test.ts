// The guesses over cells of three or more dimensions (src/certificates/cube-guesses.ts), on programs
// of our own of the class (test/certificates/programs/cube-*): the template certifier finds a
// certificate the independent checker confirms for each safe one (a floor raised in place and
// checked, an affine fill read back, a copy under a guard of the indices checked by an if-else) and
// none for its buggy twin; the cells a nest has visited in row-major order are among the guesses.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cellRanges } from '../../src/certificates/guess.js';
import { guessInvariants } from '../../src/certificates/templates.js';
import { printExpression } from '../../src/ir/print.js';
import { certifiedProgram as certifiedProgramAt, expectCertifiedPair } from '../support/certified-program.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const programs = join(import.meta.dirname, 'programs');
/** a program of ./programs as its certificate sees it */
const certifiedProgram = (name: string) => certifiedProgramAt(join(programs, name));

const classes = [
  'cube-floor', // v[z][y][x] raised to a floor in place: v >= floor over the cells visited, then all
  'cube-affine-fill', // t[z][y][x] = 3z − y + x over the cells written, then every cell
  'cube-guarded-copy', // target = source where r < c, else −1: each side of the guard over the cells
];

describe('the guesses over cells of three dimensions', () => {
  it.each(classes)('certify %s and not its buggy twin', { timeout: 120_000 }, async (name) => {
    await expectCertifiedPair(join(programs, name), solver, { milliseconds: 40_000, twinMilliseconds: 20_000 });
  });

  it('guesses the cells a nest has visited at each of its heads, in row-major order', async () => {
    const { program } = await certifiedProgram('cube-floor-safe.c');
    // loops 3, 4, 5: the nest that raises the cells to the floor (z, y, x)
    const said = (loop: number): string[] =>
      (guessInvariants(program).get(loop) ?? []).flatMap((guess) => {
        const ranges = cellRanges(guess);
        if (ranges.length === 0) return [];
        const over = ranges.map(
          (range) => `${range.variable.name} in [${printExpression(range.lower)}, ${printExpression(range.upper)})`,
        );
        return [`${over.join(', ')}: ${printExpression(guess.condition)}`];
      });
    // the lowering renames the later loops' counters (z_1, z_2 …)
    const name = (base: string): string => `${base}(_\\d+)?`;
    const cell = (z: string, y: string, x: string): string => `v\\[${z}\\]\\[${y}\\]\\[${x}\\] >= floor`;
    const [z, y, x] = ['template!cube0', 'template!cube1', 'template!cube2'];
    const matches = (loop: number, pattern: string): boolean =>
      said(loop).some((text) => new RegExp(`^${pattern}$`).test(text));
    expect(
      matches(3, `${z} in \\[0, ${name('z')}\\), ${y} in \\[0, height\\), ${x} in \\[0, width\\): ${cell(z, y, x)}`),
    ).toBe(true);
    expect(matches(4, `${y} in \\[0, ${name('y')}\\), ${x} in \\[0, width\\): ${cell(name('z'), y, x)}`)).toBe(true);
    expect(matches(5, `${x} in \\[0, ${name('x')}\\): ${cell(name('z'), name('y'), x)}`)).toBe(true);
    // every cell, at the checking nest
    expect(
      matches(6, `${z} in \\[0, depth\\), ${y} in \\[0, height\\), ${x} in \\[0, width\\): ${cell(z, y, x)}`),
    ).toBe(true);
    // not the cells visited with the order of the dimensions changed
    expect(matches(4, `${y} in \\[0, ${name('z')}\\), ${x} in \\[0, width\\): ${cell(name('z'), y, x)}`)).toBe(false);
  });
});
