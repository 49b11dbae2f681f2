// The guesses for grids updated in place pass after pass (src/certificates/grid-updates.ts), on a
// program of our own of the class (test/certificates/programs/grid-row-updates-*: a grid filled with
// i + 2j, then updated row by row twice): the template certifier finds a certificate the independent
// checker confirms for the safe one and none for its buggy twin (a pass that skips the last column);
// the update nest's head has the rows done with the composed value and the rows not reached with
// the value on entry, its inner head the row's cells done and the rows below.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyseLoops } from '../../src/analysis/loops.js';
import { groupArraysBySize } from '../../src/analysis/arrays.js';
import { gridUpdateGuesses } from '../../src/certificates/grid-updates.js';
import { withInitials } from '../../src/certificates/templates.js';
import type { Guess } from '../../src/certificates/guess.js';
import { createScalarVariable, intType, unusedVariableId } from '../../src/ir/factory.js';
import { printExpression } from '../../src/ir/print.js';
import type { LoopStatement, Statement } from '../../src/ir/types.js';
import { forEachStatement } from '../../src/ir/visit.js';
import { certifiedProgram, expectCertifiedPair } from '../support/certified-program.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const programs = join(import.meta.dirname, 'programs');

/** a guess printed as `[lower, upper) [lower, upper). condition` (or the condition of a plain one) */
function printed(guess: Guess): string {
  if (guess.kind === 'plain') return printExpression(guess.condition);
  const ranges = [guess, ...(guess.second === undefined ? [] : [guess.second])]
    .map((range) => `[${printExpression(range.lower)}, ${printExpression(range.upper)})`)
    .join(' ');
  return `${ranges}. ${printExpression(guess.condition)}`;
}

describe('the guesses for grids updated in place', () => {
  it('certify grid-row-updates and not its buggy twin', { timeout: 120_000 }, async () => {
    await expectCertifiedPair(join(programs, 'grid-row-updates'), solver);
  });

  it('say the rows done, the rows not reached and, at the inner head, the row and the rows below', async () => {
    const { program } = await certifiedProgram(join(programs, 'grid-row-updates-safe.c'));
    const infos = withInitials(analyseLoops(program, groupArraysBySize(program)), program.body);
    const loops: LoopStatement[] = [];
    forEachStatement(program.body, (statement: Statement) => {
      if (statement.kind === 'loop') loops.push(statement);
    });
    const topLevel = program.body.filter((statement): statement is LoopStatement => statement.kind === 'loop');
    const row = createScalarVariable(unusedVariableId(program), 'k', 'k', intType, undefined);
    const column = createScalarVariable(unusedVariableId(program) + 1, 'l', 'l', intType, undefined);
    const guesses = gridUpdateGuesses(loops, infos, { row, column }, (loop) =>
      topLevel.slice(topLevel.indexOf(loop) + 1),
    );
    // the fill nest, the two update nests, the check nest
    expect(topLevel).toHaveLength(4);
    const [, firstUpdate, , check] = topLevel;
    const outer = (guesses.get(firstUpdate!.id) ?? []).map(printed);
    expect(outer).toEqual(['[0, i_1) [0, m). g[k][l] == 3 * (k + 2 * l) - l', '[i_1, n) [0, m). g[k][l] == k + 2 * l']);
    const inner = (guesses.get(loops[loops.indexOf(firstUpdate!) + 1]!.id) ?? []).map(printed);
    expect(inner).toContain('[0, j_1). g[i_1][l] == 3 * (i_1 + 2 * l) - l');
    expect(inner).toContain('[j_1, m). g[i_1][l] == i_1 + 2 * l');
    expect(inner).toContain('[i_1 + 1, n) [0, m). g[k][l] == k + 2 * l');
    // the second pass composes the first: (3 * (k + 2l) − l) + k, at the check after both
    const atCheck = (guesses.get(check!.id) ?? []).map(printed);
    expect(atCheck).toContain('[0, n) [0, m). g[k][l] == 3 * (k + 2 * l) - l + k');
  });
});
