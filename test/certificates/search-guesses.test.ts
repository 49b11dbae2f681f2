// The guesses for search loops (src/certificates/search-guesses.ts), on programs of our own of the
// class (test/certificates/programs/search-*): the template certifier finds a certificate the
// independent checker confirms for each safe one (values kept when a search of the kept cells fails,
// pairwise distinct; the cells before a first match) and none for its buggy twin; the guess itself is
// the visited cells' failed test, and a flag set before the search is kept at its head although the
// branch that leaves the loop sets it.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { searchGuesses } from '../../src/certificates/search-guesses.js';
import { guessInvariants } from '../../src/certificates/templates.js';
import { analyseLoops } from '../../src/analysis/loops.js';
import { groupArraysBySize } from '../../src/analysis/arrays.js';
import { createScalarVariable, intType, unusedVariableId } from '../../src/ir/factory.js';
import { printExpression } from '../../src/ir/print.js';
import type { LoopStatement } from '../../src/ir/types.js';
import { forEachStatement } from '../../src/ir/visit.js';
import { certifiedProgram, expectCertifiedPair } from '../support/certified-program.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const programs = join(import.meta.dirname, 'programs');

describe('the guesses for search loops', () => {
  it.each(['search-insert-distinct', 'search-first-match'])(
    'certify %s and not its buggy twin',
    { timeout: 120_000 },
    async (name) => {
      await expectCertifiedPair(join(programs, name), solver);
    },
  );

  it("guesses the failed test over the visited cells, and keeps the flag's round start", async () => {
    const { program } = await certifiedProgram(join(programs, 'search-insert-distinct-safe.c'));
    const cell = createScalarVariable(unusedVariableId(program), 'cell', 'cell', intType, undefined);
    const loops: LoopStatement[] = [];
    forEachStatement(program.body, (statement) => {
      if (statement.kind === 'loop') loops.push(statement);
    });
    const infos = analyseLoops(program, groupArraysBySize(program));
    const found = loops.map((loop) =>
      searchGuesses(loop, infos.get(loop.id), cell).map((guess) =>
        guess.kind === 'forall'
          ? `${printExpression(guess.lower)}..${printExpression(guess.upper)}: ${printExpression(guess.condition)}`
          : '',
      ),
    );
    // only the search (the third loop) leaves by a break
    expect(found.map((guesses) => guesses.length)).toEqual([0, 0, 1, 0, 0]);
    expect(found[2]![0]).toBe('0..j: !(out[cell] == values[i_1])');
    const atSearch = (guessInvariants(program).get(loops[2]!.id) ?? []).flatMap((guess) =>
      guess.kind === 'plain' ? [printExpression(guess.condition)] : [],
    );
    expect(atSearch).toContain('seen == 0');
  });
});
