// What a template search leaves for the next search of the same clauses (src/certificates/
// search-progress.ts, houdini.ts): a search that found invariants is not asked again (the next one
// answers found with no question, for a fresh front-end run of the same program); forgotten, the
// search asks its questions again; and an answer cut short (a question given less than its time,
// answered unknown) is never recorded, so that the next search with time still finds the
// invariants that those answers would have dropped.

import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { searchInvariants } from '../../src/certificates/houdini.js';
import { forgetSearches } from '../../src/certificates/search-progress.js';
import { timeoutReason, type Solver } from '../../src/solvers/solver.js';
import { projectRoot } from '../support/cli.js';
import { certifiedProgram } from '../support/certified-program.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
beforeEach(() => forgetSearches());
const sumIndex = join(projectRoot, 'bench', 'symbolic', 'sum-index-safe.c');

/** a solver that answers every question unknown (out of time), as a question cut short by the search's end is */
const timingOut: Solver = {
  name: 'timing-out',
  checkScript: async () => ({ kind: 'unknown', reason: timeoutReason }),
  checkChc: async () => ({ kind: 'unknown', reason: timeoutReason }),
  dispose: async () => undefined,
};

describe('the template search goes on from where an earlier search of the same clauses stopped', () => {
  it('answers found again with no question, and asks again once forgotten', { timeout: 60_000 }, async () => {
    const first = await certifiedProgram(sumIndex);
    const found = await searchInvariants(first.program, first.semantics, solver, { timeoutMilliseconds: 20_000 });
    expect(found.kind).toBe('found');
    expect(found.queries).toBeGreaterThan(0);
    // a fresh front-end run: other objects, the same clauses
    const again = await certifiedProgram(sumIndex);
    const recorded = await searchInvariants(again.program, again.semantics, solver, { timeoutMilliseconds: 20_000 });
    expect(recorded.kind).toBe('found');
    expect(recorded.queries).toBe(0);
    if (found.kind === 'found' && recorded.kind === 'found')
      expect(recorded.claim.invariants).toEqual(found.claim.invariants);
    forgetSearches();
    const asked = await searchInvariants(again.program, again.semantics, solver, { timeoutMilliseconds: 20_000 });
    expect(asked.kind).toBe('found');
    expect(asked.queries).toBeGreaterThan(0);
  });

  it('records no answer of a question cut short', { timeout: 60_000 }, async () => {
    const { program, semantics } = await certifiedProgram(sumIndex);
    // less than a question's time (200 ms in the kept solver): every unknown is a cut answer, which
    // would drop every guess; recorded, the next search would start from none and find nothing
    const cut = await searchInvariants(program, semantics, timingOut, { timeoutMilliseconds: 150 });
    expect(cut.kind).not.toBe('found');
    const later = await searchInvariants(program, semantics, solver, { timeoutMilliseconds: 20_000 });
    expect(later.kind).toBe('found');
  });
});
