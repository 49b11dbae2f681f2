// The IR printed as C (src/ir/print-c.ts) read back by our own front end: on generated programs
// (the soundness harness's generator) and on the abstract programs of labmc, the re-read program
// has the same runs as the printed one: exhaustive enumeration finds a failure in both or in
// neither, in both semantics.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { abstractProgram } from '../../src/encoders/labmc/abstract.js';
import { exploreAll } from '../../src/interp/explore.js';
import { printProgramAsC } from '../../src/ir/print-c.js';
import type { Program, Semantics } from '../../src/ir/types.js';
import { arbitraryProgram } from '../generators/programs.js';
import { enumerationDomain, lowerSource } from '../soundness/harness.js';

function outcome(program: Program, semantics: Semantics): string {
  const result = exploreAll(program, { semantics, domain: enumerationDomain, maxRuns: 20_000, maxSteps: 100_000 });
  return result.kind === 'failureFound'
    ? 'failure'
    : result.kind === 'noFailure' && result.complete
      ? 'no failure'
      : 'incomplete';
}

describe('the IR as C', () => {
  it('reads back to a program with the same failures (generated programs, both semantics)', () => {
    let compared = 0;
    fc.assert(
      fc.property(arbitraryProgram(), (generated) => {
        const program = lowerSource(generated.source);
        const text = printProgramAsC(program);
        if (process.env.PC_DEBUG) console.log(text);
        const reread = lowerSource(text, 'printed.c');
        for (const semantics of ['int', 'bv'] as const) {
          const before = outcome(program, semantics);
          if (before === 'incomplete') continue;
          expect(outcome(reread, semantics), `${semantics}\n${generated.source}\n${text}`).toBe(before);
          compared++;
        }
      }),
      { numRuns: Number(process.env.PC_RUNS ?? 60), seed: 9090 },
    );
    expect(compared).toBeGreaterThan(60);
  });

  it('prints labmc abstractions that read back to programs with the same failures', () => {
    let compared = 0;
    fc.assert(
      fc.property(arbitraryProgram({ maxLoops: 2 }), (generated) => {
        const abstract = abstractProgram(lowerSource(generated.source), 'bv').program;
        const reread = lowerSource(printProgramAsC(abstract), 'abstract.c');
        const before = outcome(abstract, 'bv');
        if (before === 'incomplete') return;
        expect(outcome(reread, 'bv'), `${generated.source}\n${printProgramAsC(abstract)}`).toBe(before);
        compared++;
      }),
      { numRuns: 40, seed: 9091 },
    );
    expect(compared).toBeGreaterThan(10);
  });
});
