// Consecutive folds over the same range merged into one loop (src/analysis/merged-folds.ts): the
// shapes merged and refused, and on random programs of folds (one to three arrays, accumulators
// added to and subtracted from, counters read after) a merge that keeps every sampled run's outcome,
// in C's semantics (bv) and over the mathematical integers, with the same inputs for both programs.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeFolds } from '../../src/analysis/merged-folds.js';
import { createProgram } from '../../src/ir/factory.js';
import { runProgram } from '../../src/interp/interpreter.js';
import { createRandomSource } from '../../src/interp/sources.js';
import { printProgram } from '../../src/ir/print.js';
import type { Program, Semantics } from '../../src/ir/types.js';
import { renumberLoops } from '../../src/ir/visit.js';
import { lowerSource } from '../soundness/harness.js';

function programText(folds: readonly string[], assertion = 'sum == total'): string {
  return `extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n < 6)) return 0;
  int a[n]; int b[n]; int c[n];
  for (int i = 0; i < n; i++) { a[i] = __VERIFIER_nondet_int(); b[i] = __VERIFIER_nondet_int(); c[i] = i; }
  long long sum = 0; long long total = 0; int last = 0; int i0 = 0; int i1 = 0; int i2 = 0;
  ${folds.map((fold, index) => `for (i${index} = 0; i${index} < n; i${index}++) { ${fold} }`).join('\n  ')}
  if (!(${assertion})) reach_error();
  return 0;
}
`;
}

function merged(program: Program): { readonly program: Program; readonly count: number } {
  const counted = { count: 0 };
  const body = renumberLoops(mergeFolds(program.body, counted));
  return {
    program: createProgram(program.file, program.scalars, program.arrays, body, program.dataModel),
    count: counted.count,
  };
}

function outcomeOf(program: Program, semantics: Semantics, seed: number): string {
  const source = createRandomSource({
    seed,
    domain: [-3n, -1n, 0n, 1n, 2n, 3n, 4n, 5n, 2147483647n, -2147483648n],
    maxArrayCells: 16,
  });
  const outcome = runProgram(program, { semantics, maxSteps: 100_000, nondet: source });
  // an undefined operation may come first at another term of the merged loop: its kind is compared
  return outcome.kind === 'assertionFailed' ? `${outcome.kind} at ${outcome.location.line}` : outcome.kind;
}

describe('consecutive folds over the same range merged into one loop', () => {
  it('merges three folds of one sum into one loop, each counter given its final value', () => {
    const result = merged(
      lowerSource(programText(['sum = sum + a[i0];', 'sum = sum + b[i1];', 'sum = sum - c[i2];'], 'sum <= 9')),
    );
    expect(result.count).toBe(1);
    const printed = printProgram(result.program);
    expect(printed).toMatch(/sum = sum \+ \(long long\)a\[i0\];\s*sum = sum \+ \(long long\)b\[i0\];/);
    expect(printed).toMatch(/i1 = i0;\s*i2 = i0;/);
  });

  it('refuses folds it cannot merge exactly', () => {
    const refused = [
      programText(['sum = sum + a[i0];', 'sum = sum + b[i1] + sum;']), // a term reads an accumulator
      programText(['sum = sum + a[i0];', 'total = total + sum;']), // a term reads another fold's accumulator
      programText(['sum = sum + a[i0];', 'a[i1] = 0;']), // a loop writes an array
      programText(['sum = sum + a[i0];', 'sum = sum + b[i1]; if (b[i1] > 2) break;']), // a loop that may stop early
      programText(['sum = sum + a[i0]; n = n + 0;', 'sum = sum + b[i1];']), // a loop writes the bound
      programText(['sum = sum + a[i0];', 'sum = sum + b[i1 + 1 < n ? i1 + 1 : 0];']).replace(
        'i1 = 0; i1 < n',
        'i1 = 1; i1 < n',
      ), // another start
      programText(['last = last + a[i0];', 'last = last + b[i1];']).replace('int last', 'unsigned last'), // an unsigned accumulator
      programText(['sum = sum + a[i0];', 'i0 = i0 + 1;']), // a body writes another fold's counter
    ];
    for (const text of refused) expect(merged(lowerSource(text)).count, text).toBe(0);
  });

  it("on random programs of folds: the merge keeps every sampled run's outcome in bv and int", () => {
    const terms = ['a[I]', 'b[I]', 'c[I]', 'I', '2 * a[I]', 'a[I] * b[I]', '(long long) a[I] * a[I]', 'last', 'total'];
    const fold = fc
      .tuple(
        fc.constantFrom('sum', 'total'),
        fc.array(fc.tuple(fc.constantFrom('+', '-'), fc.constantFrom(...terms)), { minLength: 1, maxLength: 2 }),
      )
      .map(
        ([accumulator, parts]) =>
          `${accumulator} = ${accumulator} ${parts.map(([sign, term]) => `${sign} ${term}`).join(' ')};`,
      );
    const programs = fc.record({
      folds: fc.array(fc.array(fold, { minLength: 1, maxLength: 2 }), { minLength: 2, maxLength: 3 }),
      assertion: fc.constantFrom('sum == total', 'sum <= 7', 'sum + total != 4', 'sum >= -5 && i1 == n'),
    });
    let merges = 0;
    for (const sample of fc.sample(programs, { numRuns: 60, seed: 20261129 })) {
      const folds = sample.folds.map((statements, index) =>
        statements.join(' ').replaceAll('[I]', `[i${index}]`).replaceAll(' I', ` i${index}`),
      );
      const text = programText(folds, sample.assertion);
      const program = lowerSource(text);
      const result = merged(program);
      if (result.count === 0) continue;
      merges++;
      for (const semantics of ['bv', 'int'] as const)
        for (let seed = 0; seed < 12; seed++)
          expect(
            outcomeOf(result.program, semantics, seed),
            `${semantics}, seed ${seed}:\n${text}\n${printProgram(result.program)}`,
          ).toBe(outcomeOf(program, semantics, seed));
    }
    expect(merges).toBeGreaterThanOrEqual(25);
  });
});
