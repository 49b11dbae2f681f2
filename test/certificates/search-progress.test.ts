// What a template search leaves for the next search of the same clauses (src/certificates/
// search-progress.ts, houdini.ts): a search that found invariants is not asked again in the same
// verification (the next one answers found with no question, for a fresh front-end run of the same
// program); in another verification (another store), or without a store, the search asks again; and an answer cut short (a question given less than its time,
// answered unknown) is never recorded, so that the next search with time still finds the
// invariants that those answers would have dropped. And a model of a clause's failure is asked the
// values of ground indicators, never of a quantified guess (which z3 refuses).

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { searchInvariants } from '../../src/certificates/houdini.js';
import { templateSearches, type TemplateSearches } from '../../src/certificates/search-progress.js';
import { RunMemory } from '../../src/kernel/run-memory.js';
import { printTerm } from '../../src/smt/printer.js';
import { timeoutReason, type Solver } from '../../src/solvers/solver.js';
import { projectRoot } from '../support/cli.js';
import { certifiedProgram } from '../support/certified-program.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const sumIndex = join(projectRoot, 'bench', 'symbolic', 'sum-index-safe.c');
const programs = join(import.meta.dirname, 'programs');

/** a solver that answers every question unknown (out of time), as a question cut short by the search's end is */
const timingOut: Solver = {
  name: 'timing-out',
  checkScript: async () => ({ kind: 'unknown', reason: timeoutReason }),
  checkChc: async () => ({ kind: 'unknown', reason: timeoutReason }),
  dispose: async () => undefined,
};

describe('the template search goes on from where an earlier search of the same clauses stopped', () => {
  it(
    'answers found again with no question in the same run, and asks again in another',
    { timeout: 60_000 },
    async () => {
      const searches: TemplateSearches = new RunMemory().slot(templateSearches);
      const settings = { timeoutMilliseconds: 20_000, searches };
      const first = await certifiedProgram(sumIndex);
      const found = await searchInvariants(first.program, first.semantics, solver, settings);
      expect(found.kind).toBe('found');
      expect(found.queries).toBeGreaterThan(0);
      // a fresh front-end run: other objects, the same clauses
      const again = await certifiedProgram(sumIndex);
      const recorded = await searchInvariants(again.program, again.semantics, solver, settings);
      expect(recorded.kind).toBe('found');
      expect(recorded.queries).toBe(0);
      if (found.kind === 'found' && recorded.kind === 'found')
        expect(recorded.claim.invariants).toEqual(found.claim.invariants);
      const otherRun = { timeoutMilliseconds: 20_000, searches: new RunMemory().slot(templateSearches) };
      const asked = await searchInvariants(again.program, again.semantics, solver, otherRun);
      expect(asked.kind).toBe('found');
      expect(asked.queries).toBeGreaterThan(0);
      const alone = await searchInvariants(again.program, again.semantics, solver, { timeoutMilliseconds: 20_000 });
      expect(alone.queries).toBeGreaterThan(0);
    },
  );

  it('records no answer of a question cut short', { timeout: 60_000 }, async () => {
    const { program, semantics } = await certifiedProgram(sumIndex);
    // less than a question's time (200 ms in the kept solver): every unknown is a cut answer, which
    // would drop every guess; recorded, the next search would start from none and find nothing
    const searches = new RunMemory().slot(templateSearches);
    const cut = await searchInvariants(program, semantics, timingOut, { timeoutMilliseconds: 150, searches });
    expect(cut.kind).not.toBe('found');
    const later = await searchInvariants(program, semantics, solver, { timeoutMilliseconds: 20_000, searches });
    expect(later.kind).toBe('found');
  });
});

describe("the template search's models of a clause's failure", () => {
  it(
    'asks values of ground indicators only, never of a quantified guess, and still finds the invariants',
    { timeout: 60_000 },
    async () => {
      // a solver that records the terms whose values the search asks (z3 refuses get-value of a
      // quantified term: asked of the goals themselves, no ∀-guess was ever dropped by a model)
      const asked: string[] = [];
      const recording: Solver = {
        name: solver.name,
        ...(solver.concurrent === undefined ? {} : { concurrent: solver.concurrent }),
        checkScript: async (script, options) => {
          for (const term of options.valuesOf ?? []) asked.push(printTerm(term));
          return solver.checkScript(script, options);
        },
        checkChc: async (system, options) => solver.checkChc(system, options),
        dispose: async () => undefined,
      };
      const { program, semantics } = await certifiedProgram(join(programs, 'guarded-copy-safe.c'));
      const result = await searchInvariants(program, semantics, recording, { timeoutMilliseconds: 20_000 });
      expect(result.kind).toBe('found');
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.filter((term) => term.includes('forall'))).toEqual([]);
    },
  );
});
