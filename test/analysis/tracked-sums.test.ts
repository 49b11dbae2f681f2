// Sums carried through writes at unpredictable indices (src/analysis/tracked-sums.ts): the shapes
// rewritten and refused, and on random programs of the class (writes at nondeterministic and mirrored
// indices, in branches, with assumptions; folds of one to three arrays, one or two accumulators; arrays
// of char, short, unsigned and long long elements with values that wrap when stored) a rewrite that
// keeps every sampled run's outcome, in C's semantics (bv) and over the mathematical integers, with
// the same inputs for both; with floors of rewrites and of runs that reach the fold.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trackSums } from '../../src/analysis/tracked-sums.js';
import { runProgram } from '../../src/interp/interpreter.js';
import { createRandomSource } from '../../src/interp/sources.js';
import { printProgram } from '../../src/ir/print.js';
import type { Program, Semantics } from '../../src/ir/types.js';
import { lowerSource } from '../soundness/harness.js';
import { benchFamily } from '../support/bench-family.js';
import { readFileSync } from 'node:fs';
import { sizeFirstSource } from '../support/size-first-source.js';

function programText(options: {
  arrays: number;
  initial: string;
  loop: 'while' | 'for';
  writes: readonly string[];
  fold: string;
  accumulators: readonly string[];
  assertion: string;
  element?: string;
}): string {
  const names = ['a', 'b', 'c'].slice(0, options.arrays);
  return `extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
void assume_abort_if_not(int cond) { if (!cond) abort(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n > 0 && n < 1000);
  ${names.map((name) => `${options.element ?? 'int'} ${name}[n];`).join(' ')}
  for (int i = 0; i < n; i++) { ${names.map((name) => `${name}[i] = ${options.initial};`).join(' ')} }
  ${options.loop === 'while' ? 'while (1) {' : 'for (int t = 0; t < 3; t++) {'}
    int k = __VERIFIER_nondet_int();
    int j = __VERIFIER_nondet_int();
    int x = __VERIFIER_nondet_int();
    assume_abort_if_not(k >= 0 && k < n && j >= 0 && j < n);
    ${options.writes.join('\n    ')}
    ${options.loop === 'while' ? 'if (__VERIFIER_nondet_int() == 0) break;' : ''}
  }
  ${options.accumulators.map((name) => `long long ${name} = 0;`).join(' ')}
  for (int i = 0; i < n; i++) { ${options.fold} }
  if (!(${options.assertion})) reach_error();
  return 0;
}
`;
}

/** the outcome of one run with the inputs of `seed` (the size first, then values in [0, size]), as a comparable string */
function outcomeOf(program: Program, semantics: Semantics, size: number, seed: number): string {
  // indices in range most of the time: values from [0, n] (n itself fails the assumptions now and then)
  const rest = createRandomSource({
    seed,
    domain: Array.from({ length: size + 1 }, (_, value) => BigInt(value)),
    maxArrayCells: 64,
  });
  const outcome = runProgram(program, {
    semantics,
    maxSteps: 200_000,
    nondet: sizeFirstSource(size, rest),
  });
  return outcome.kind === 'assertionFailed' || outcome.kind === 'undefinedBehaviour'
    ? `${outcome.kind} at ${outcome.location.line}`
    : outcome.kind;
}

const base = {
  arrays: 2,
  initial: '0',
  loop: 'while' as const,
  accumulators: ['sum'],
  fold: 'sum = sum + a[i] + b[i];',
  assertion: 'sum == 0',
  writes: ['a[k] = a[k] + 2 * k;', 'b[n - 1 - k] = b[n - 1 - k] - 2 * k;'],
};

describe('sums tracked through writes at unpredictable indices', () => {
  it('rewrites the fold after writes whose changes to the sum cancel, and leaves no loop over the cells after the writes', () => {
    const rewritten = trackSums(lowerSource(programText(base)));
    expect(rewritten?.notes.length).toBe(1);
    const printed = printProgram(rewritten!.program);
    expect(printed).toMatch(/sum = sum \+ sum!tracked/);
    // the fold is gone: the last loop of the program is the loop of writes
    expect(printed.slice(printed.lastIndexOf('while')).split('\n')[0]).toMatch(/while \(1\)/);
  });

  it('rewrites the programs of bench/nondet-writes whose writes cancel in the sum, and only those', () => {
    const family = benchFamily('nondet-writes');
    const rewritten = family.names.filter(
      (name) =>
        name.endsWith('-safe.c') && trackSums(lowerSource(readFileSync(family.path(name), 'utf8'))) !== undefined,
    );
    expect(rewritten).toEqual(
      expect.arrayContaining([
        'conserved-total-safe.c',
        'counted-increments-safe.c',
        'matching-sums-safe.c',
        'mirrored-accumulation-safe.c',
        'three-way-transfer-safe.c',
        'write-once-pairs-safe.c',
      ]),
    );
    // a sum whose change reads the cell it overwrites (the bound then needs every cell's value) is left alone
    expect(rewritten).not.toContain('bounded-sum-safe.c');
    expect(rewritten).not.toContain('maximum-bound-safe.c');
  });

  it('refuses folds it cannot carry exactly', () => {
    const refused = [
      programText(base).replace('long long sum = 0;', 'int sum = 0;'), // a 32-bit accumulator
      programText({ ...base, fold: 'sum = sum + a[i] + b[i + 1 < n ? i + 1 : 0];' }), // a cell other than the counter's
      programText({ ...base, fold: 'sum = sum + a[i] + b[i]; if (a[i] > 3) break;' }), // a fold that may stop early
      programText({ ...base, writes: [...base.writes, 'n = n;'] }), // the end of the range written by the loop
      programText({ ...base, assertion: 'sum == 0 && i == n' }).replace(
        'for (int i = 0; i < n; i++) { sum',
        'int i; for (i = 0; i < n; i++) { sum',
      ), // the counter read after
      programText({ ...base, writes: ['a[k] = a[k] + 2 * k;', 'b[n - 1 - k] = 5;'] }), // a change that reads the old cell
      programText({ ...base, writes: ['a[0] = a[0] + 2;', 'b[1 % n] = b[1 % n] - 2;'] }), // no write at a chosen index
    ];
    for (const text of refused) expect(trackSums(lowerSource(text)), text).toBeUndefined();
  });

  it("on random programs of the class: the rewrite keeps every sampled run's outcome in bv and int; floors of rewrites and runs", () => {
    const writes = [
      'a[k] = a[k] + 2;',
      'b[k] = b[k] - 2;',
      'a[k] = a[k] + k;',
      'b[n - 1 - k] = b[n - 1 - k] - k;',
      'a[j] = a[j] + x;',
      'b[j] = b[j] - x;',
      'if (k % 2 == 0) { a[k] = a[k] + 1; b[k] = b[k] - 1; } else { a[j] = a[j] - 1; b[j] = b[j] + 1; }',
      'assume_abort_if_not(a[k] == 0); a[k] = x;',
      'c[k] = c[k] + x;',
      'a[k] = a[k] + x * x;',
      'b[k] = b[k] + (k == 1);',
    ];
    const folds = [
      [['sum'], 'sum = sum + a[i] + b[i];'],
      [['sum'], 'sum = sum + a[i] - b[i];'],
      [['sum'], 'sum = sum + 2 * a[i] + b[i] + c[i];'],
      [['sum'], 'sum += a[i] + i;'],
      [['sum', 'total'], 'sum = sum + a[i]; total = total - b[i];'],
      [['sum'], 'sum = sum - c[i] + b[i];'],
    ] as const;
    const programs = fc.record({
      initial: fc.constantFrom('0', '1', 'i % 3'),
      loop: fc.constantFrom('while' as const, 'for' as const),
      writes: fc.array(fc.constantFrom(...writes), { minLength: 1, maxLength: 3 }),
      fold: fc.constantFrom(...folds),
      assertion: fc.constantFrom('sum == 0', 'sum <= 3', 'sum >= -2', 'sum != 1'),
    });
    let rewrites = 0;
    let reachedFold = 0;
    const samples = fc.sample(programs, { numRuns: 60, seed: 20261127 });
    for (const sample of samples) {
      const assertion = sample.fold[0].length === 2 ? `${sample.assertion} || total == sum` : sample.assertion;
      const text = programText({
        arrays: 3,
        initial: sample.initial,
        loop: sample.loop,
        writes: sample.writes,
        fold: sample.fold[1],
        accumulators: sample.fold[0],
        assertion,
      });
      const program = lowerSource(text);
      const rewritten = trackSums(program);
      if (rewritten === undefined) continue;
      rewrites++;
      for (const semantics of ['bv', 'int'] as const) {
        for (let size = 1; size <= 4; size++) {
          for (let seed = 0; seed < 6; seed++) {
            const expected = outcomeOf(program, semantics, size, 31 * size + seed);
            if (expected !== 'assumptionFailed' && expected !== 'stepLimitReached') reachedFold++;
            expect(
              outcomeOf(rewritten.program, semantics, size, 31 * size + seed),
              `${semantics}, n = ${size}, seed ${seed}:\n${text}\n${printProgram(rewritten.program)}`,
            ).toBe(expected);
          }
        }
      }
    }
    console.log(
      `tracked sums on ${samples.length} random programs: ${rewrites} rewritten, ${reachedFold} sampled runs past the writes`,
    );
    expect(rewrites).toBeGreaterThanOrEqual(25);
    expect(reachedFold).toBeGreaterThanOrEqual(300);
  });

  it("on arrays of narrow and unsigned elements, with written values that wrap on the store: the rewrite keeps every sampled run's outcome", () => {
    const elements = ['unsigned char', 'signed char', 'short', 'unsigned short', 'unsigned int', 'long long'];
    const writes = [
      'a[k] = a[k] + 250;',
      'b[k] = b[k] - 250;',
      'a[k] = a[k] + 40000;',
      'b[n - 1 - k] = b[n - 1 - k] - 40000;',
      'a[k] = 255 + k;',
      'b[k] = -1 - k;',
      'a[j] = a[j] + x * 127;',
      'b[j] = b[j] - x * 127;',
      'a[k] = a[k] - 2147483647;',
      'b[k] = b[k] + 2147483647;',
    ];
    const programs = fc.record({
      element: fc.constantFrom(...elements),
      initial: fc.constantFrom('0', '255', '-1', 'i * 100'),
      loop: fc.constantFrom('while' as const, 'for' as const),
      writes: fc.array(fc.constantFrom(...writes), { minLength: 1, maxLength: 3 }),
      // assertions that tell sums apart by small amounts and modulo 256, so that a wrap the rewrite missed shows
      assertion: fc.constantFrom(
        'sum == 0',
        'sum <= 510',
        'sum != 500',
        'sum != 244',
        'sum % 256 != 244',
        'sum % 256 != 0',
        'sum % 7 != 1',
        'sum % 5 != 2',
      ),
    });
    let rewrites = 0;
    let reachedFold = 0;
    for (const sample of fc.sample(programs, { numRuns: 60, seed: 20261128 })) {
      const text = programText({
        arrays: 2,
        element: sample.element,
        initial: sample.initial,
        loop: sample.loop,
        writes: sample.writes,
        fold: 'sum = sum + a[i] + b[i];',
        accumulators: ['sum'],
        assertion: sample.assertion,
      });
      const program = lowerSource(text);
      const rewritten = trackSums(program);
      if (rewritten === undefined) continue;
      rewrites++;
      for (const semantics of ['bv', 'int'] as const) {
        for (let size = 1; size <= 4; size++) {
          for (let seed = 0; seed < 6; seed++) {
            const expected = outcomeOf(program, semantics, size, 37 * size + seed);
            if (expected !== 'assumptionFailed' && expected !== 'stepLimitReached') reachedFold++;
            expect(
              outcomeOf(rewritten.program, semantics, size, 37 * size + seed),
              `${semantics}, n = ${size}, seed ${seed}:\n${text}\n${printProgram(rewritten.program)}`,
            ).toBe(expected);
          }
        }
      }
    }
    console.log(
      `tracked sums on narrow and unsigned elements: ${rewrites} of 60 rewritten, ${reachedFold} sampled runs past the writes`,
    );
    expect(rewrites).toBeGreaterThanOrEqual(20);
    expect(reachedFold).toBeGreaterThanOrEqual(300);
  });
});
