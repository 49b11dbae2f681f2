// The order of Houdini's clauses (src/certificates/clause-order.ts), on a program of our own of the
// class it was made for (test/certificates/programs/grid-unsigned-difference-*: three nests over
// 2-D unsigned cells of constant sizes, their difference wrapping, read with exact wraps): the
// groups are the nests, in program order, each reading only itself and those before it; and the
// template certifier, visiting them so, certifies the safe program in few questions (160 before
// the order and the guesses left out with it, 33 after, Debian z3) and not its buggy twin.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clauseGroups } from '../../src/certificates/clause-order.js';
import { searchInvariants } from '../../src/certificates/houdini.js';
import { strictChcComp } from '../../src/smt/chc-comp.js';
import type { HornClause } from '../../src/smt/terms.js';
import { buildChcEncoding } from '../../src/symbolic/horn-clauses.js';
import { certifiedProgram, expectCertifiedPair } from '../support/certified-program.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const programs = join(import.meta.dirname, 'programs');
const safe = join(programs, 'grid-unsigned-difference-safe.c');

const headOf = (clause: HornClause): string => (clause.head.kind === 'applyFunction' ? clause.head.function.name : '');
const bodyOf = (clause: HornClause): string[] =>
  clause.body.flatMap((term) => (term.kind === 'applyFunction' ? [term.function.name] : []));

describe('the order of the clauses that Houdini visits', () => {
  it('groups the clauses by nest, each group reading only itself and the groups before it', async () => {
    const { program, semantics } = await certifiedProgram(safe, true);
    const system = strictChcComp(buildChcEncoding(program, semantics).system);
    const groups = clauseGroups(system);
    const defining = system.clauses.filter((clause) => clause.head.kind === 'applyFunction');
    expect(groups.flat()).toHaveLength(defining.length);
    expect(new Set(groups.flat())).toEqual(new Set(defining));
    // three nests of two loops: three groups of two heads each
    const heads = groups.map((group) => new Set(group.map(headOf)));
    expect(heads.map((names) => names.size)).toEqual([2, 2, 2]);
    const seen = new Set<string>();
    for (const [index, group] of groups.entries()) {
      for (const name of heads[index]!) seen.add(name);
      for (const clause of group) for (const name of bodyOf(clause)) expect(seen.has(name), name).toBe(true);
    }
  });

  it(
    'certify grid-unsigned-difference (exact wraps) in few questions, and not its buggy twin',
    { timeout: 120_000 },
    async () => {
      const { program, semantics } = await certifiedProgram(safe, true);
      const found = await searchInvariants(program, semantics, solver, { timeoutMilliseconds: 30_000 });
      expect(found.kind, found.kind === 'found' ? '' : found.reason).toBe('found');
      expect(found.queries).toBeLessThan(80);
      await expectCertifiedPair(join(programs, 'grid-unsigned-difference'), solver, { exactWraps: true });
    },
  );
});
