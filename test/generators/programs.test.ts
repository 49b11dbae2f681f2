// The program generator: well-formed text, an oracle verdict, and a balanced failure ratio.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryProgram, evaluateModel, printProgramModel } from './programs.js';

describe('arbitraryProgram', () => {
  it('generates programs whose oracle verdicts are roughly balanced', () => {
    const samples = fc.sample(arbitraryProgram(), { numRuns: 400, seed: 7 });
    const failing = samples.filter((sample) => sample.expectedFailure).length;
    const ratio = failing / samples.length;
    console.log(`generated failure ratio: ${failing}/${samples.length} = ${ratio.toFixed(2)}`);
    console.log(samples[0]!.source, samples[0]!.description);
    expect(ratio).toBeGreaterThan(0.35);
    expect(ratio).toBeLessThan(0.65);
  });

  it('prints the harness, main and every declared name; runs stay small', () => {
    fc.assert(
      fc.property(arbitraryProgram(), (program) => {
        expect(program.source).toContain('void __VERIFIER_assert(int c){ if(!c){ reach_error(); abort(); } }');
        expect(program.source).toContain('int main() {');
        expect(program.source).toContain('__VERIFIER_assert(');
        for (const array of program.model.arrays)
          expect(program.source).toMatch(new RegExp(`int ${array.name}\\[${array.size}\\]`));
        expect(printProgramModel(program.model)).toBe(program.source);
        const evaluation = evaluateModel(program.model);
        expect(evaluation.overflow).toBe(false);
        expect(evaluation.runs).toBeLessThanOrEqual(625);
        expect(evaluation.failingRuns > 0).toBe(program.expectedFailure);
      }),
      { numRuns: 300 },
    );
  });

  it('respects the requested failure ratio', () => {
    const safe = fc.sample(arbitraryProgram({ failureRatio: 0 }), { numRuns: 100, seed: 3 });
    expect(safe.every((sample) => !sample.expectedFailure)).toBe(true);
    const failing = fc.sample(arbitraryProgram({ failureRatio: 1 }), { numRuns: 100, seed: 3 });
    expect(failing.every((sample) => sample.expectedFailure)).toBe(true);
  });
});

describe('program shape', () => {
  it('every program has one or two loops', () => {
    for (const sample of fc.sample(arbitraryProgram(), { numRuns: 200, seed: 5 })) {
      const loops = (sample.source.match(/for \(/g) ?? []).length;
      expect(loops).toBeGreaterThanOrEqual(1);
      expect(loops).toBeLessThanOrEqual(2);
    }
  });
});
