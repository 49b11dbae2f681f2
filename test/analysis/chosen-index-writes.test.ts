// Loops that write at a chosen index, over-approximated by a choice at every index
// (src/analysis/chosen-index-writes.ts): the shapes rewritten and refused (the near misses of
// bench/sum-writes among them), and on random programs of the class the over-approximation itself:
// every sampled run of the program (a sequence of chosen indices, repeats allowed, ending by the exit
// choice or by an index out of range) has a run of the rewritten program with the same outcome, the
// one that chooses exactly the indices written (and the range exit when the run left through it), in
// C's semantics (bv) and over the mathematical integers.

import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { overApproximateChosenIndexWrites } from '../../src/analysis/chosen-index-writes.js';
import { runProgram } from '../../src/interp/interpreter.js';
import { printProgram } from '../../src/ir/print.js';
import type { Program, Semantics } from '../../src/ir/types.js';
import { lowerSource } from '../soundness/harness.js';
import { benchFamily } from '../support/bench-family.js';

function programText(options: {
  range: string;
  writes: readonly string[];
  assertion: string;
  before?: string;
  element?: string;
}): string {
  return `extern short __VERIFIER_nondet_short(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);
int main(void) {
  long long size = (long long) __VERIFIER_nondet_short();
  if (!(size > 0 && size <= 1000)) return 0;
  ${options.element ?? 'int'} a[size + 1]; ${options.element ?? 'int'} b[size + 1];
  for (long long i = 0; i <= size; i++) { a[i] = 0; b[i] = 0; }
  ${options.before ?? ''}
  while (1) {
    long long k = (long long) __VERIFIER_nondet_int();
    ${options.range}
    ${options.writes.join('\n    ')}
    if (__VERIFIER_nondet_int() == 0) break;
  }
  long long sum = 0;
  for (long long i = 0; i <= size; i++) sum = sum + a[i] + b[i];
  if (!(${options.assertion})) reach_error();
  return 0;
}
`;
}

const returning = 'if (!(k >= 0 && k < size)) return 0;';
const base = { range: returning, writes: ['a[k] = 2 * k;', 'b[k] = -1 * k;'], assertion: 'sum >= 0' };

/** the outcome of a run on `inputs` (one value per havoc, in order; 0 once they run out) */
function outcomeOf(program: Program, semantics: Semantics, inputs: readonly bigint[]): string {
  let next = 0;
  const outcome = runProgram(program, {
    semantics,
    maxSteps: 200_000,
    nondet: {
      nextScalar: () => inputs[next++] ?? 0n,
      nextArray: () => ({ defaultValue: 0n, entries: new Map() }),
    },
  });
  return outcome.kind === 'assertionFailed' || outcome.kind === 'undefinedBehaviour'
    ? `${outcome.kind} at ${outcome.location.line}`
    : outcome.kind;
}

describe('writes at a chosen index over-approximated by a choice at every index', () => {
  it('rewrites the loop into a loop over every index whose body writes where a choice says so', () => {
    const rewritten = overApproximateChosenIndexWrites(lowerSource(programText(base)));
    expect(rewritten?.notes.length).toBe(1);
    const printed = printProgram(rewritten!.program);
    expect(printed).not.toMatch(/while \(1\)/);
    expect(printed).toMatch(/while \(k!counter!chosen < size\)/);
    expect(printed).toMatch(/a\[k!counter!chosen\] =/);
  });

  it('rewrites the safe programs of bench/sum-writes and refuses its near misses', () => {
    const family = benchFamily('sum-writes');
    const rewrites = (name: string): boolean =>
      overApproximateChosenIndexWrites(lowerSource(readFileSync(family.path(name), 'utf8'))) !== undefined;
    const safe = family.names.filter((name) => name.endsWith('-safe.c'));
    expect(safe.length).toBeGreaterThanOrEqual(13);
    for (const name of safe) expect(rewrites(name), name).toBe(true);
    const nearMisses = family.names.filter((name) => name.startsWith('near-'));
    expect(nearMisses).toEqual([
      'near-carried-counter-unsafe.c',
      'near-cell-increment-unsafe.c',
      'near-inclusive-range-unsafe.c',
      'near-next-index-unsafe.c',
    ]);
    for (const name of nearMisses) expect(rewrites(name), name).toBe(false);
  });

  it('refuses every form it was not written for', () => {
    const refused = [
      programText({ ...base, writes: ['a[k] = a[k] + 1;'] }), // the value reads a cell the loop writes
      programText({ ...base, writes: ['a[k] = 2 * k;', 'b[k] = -1 * a[k];'] }), // a cell of a written array
      programText({ ...base, before: 'long long n = 0;', writes: ['n = n + 1;', 'a[k] = n;'] }), // a carried counter
      programText({ ...base, range: '' }), // no range test
      programText({ ...base, range: 'if (!(k >= 0 && k <= size)) return 0;' }), // an inclusive upper bound
      programText({ ...base, range: 'if (!(k < size)) return 0;' }), // no lower bound
      programText({ ...base, range: 'if (!(k >= 0 && k < size)) { size = 1; return 0; }' }), // a branch writing the bound
      programText({ ...base, writes: ['a[k + 1] = 2 * k;'] }), // a write at another index
      programText({ ...base, writes: ['a[k] = 2 * k;', '__VERIFIER_assume(k != 2);'] }), // an assumption among the writes
      programText({ ...base, writes: ['a[k] = __VERIFIER_nondet_int();'] }), // a chosen value
      programText({ ...base, writes: ['a[k] = 2 * k;', 'if (k == 3) break;'] }), // another exit
      programText({ ...base, assertion: 'sum >= 0 && k >= 0' }).replace(
        'while (1) {\n    long long k =',
        'long long k; while (1) {\n    k =',
      ), // the index read after the loop
      programText({ ...base, range: returning.replace('k >= 0', 'k >= size - 2') }).replace(
        'long long k = (long long) __VERIFIER_nondet_int();',
        'short k = __VERIFIER_nondet_short();',
      ), // an index narrower than int
    ];
    for (const text of refused) expect(overApproximateChosenIndexWrites(lowerSource(text)), text).toBeUndefined();
  });

  it('on random programs of the class: every sampled run has a run of the rewrite with the same outcome, in bv and int', () => {
    const writes = [
      'a[k] = 2 * k;',
      'b[k] = -1 * k;',
      'a[k] = k * k;',
      'b[k] = 1;',
      'if (k == size - 1) a[k] = 3 * k; else a[k] = k;',
      'if (k % 2 == 0) { a[k] = k; } else { b[k] = -1 * k; }',
      'a[k] = 2147483647 * k;',
      'b[k] = size - k;',
    ];
    const programs = fc.record({
      range: fc.constantFrom(
        returning,
        '__VERIFIER_assume(k >= 0 && k < size);',
        'if (!(0 <= k && size > k)) return 0;',
      ),
      writes: fc.array(fc.constantFrom(...writes), { minLength: 1, maxLength: 3 }),
      assertion: fc.constantFrom('sum == 0', 'sum >= 0', 'sum <= size * (size - 1) / 2', 'sum != 3'),
      element: fc.constantFrom('int', 'long long', 'signed char'),
    });
    const runs = fc.array(fc.integer({ min: -1, max: 4 }), { minLength: 1, maxLength: 6 });
    let compared = 0;
    for (const sample of fc.sample(programs, { numRuns: 40, seed: 20261129 })) {
      const text = programText(sample);
      const program = lowerSource(text);
      const rewritten = overApproximateChosenIndexWrites(program);
      expect(rewritten, text).toBeDefined();
      const exitsThroughRange = !sample.range.startsWith('__VERIFIER_assume');
      for (const [size, indices] of fc.sample(fc.tuple(fc.integer({ min: 1, max: 4 }), runs), {
        numRuns: 8,
        seed: compared,
      })) {
        // the original run: each index, then 1 (go on) or, after the last one, 0 (stop)
        const original = [
          BigInt(size),
          ...indices.flatMap((index, position) => [BigInt(index), position === indices.length - 1 ? 0n : 1n]),
        ];
        // the run stops at the first index out of range; the rewrite chooses the indices written before it
        const outOfRange = indices.findIndex((index) => index < 0 || index >= size);
        const written = new Set(outOfRange === -1 ? indices : indices.slice(0, outOfRange));
        const choices = Array.from({ length: size }, (_, index) => (written.has(index) ? 1n : 0n));
        const rangeExit = exitsThroughRange ? [outOfRange === -1 ? 0n : 1n] : [];
        const rewrittenInputs = [BigInt(size), ...choices, ...rangeExit];
        for (const semantics of ['bv', 'int'] as const) {
          const expected = outcomeOf(program, semantics, original);
          if (expected === 'assumptionFailed') continue;
          compared++;
          expect(
            outcomeOf(rewritten!.program, semantics, rewrittenInputs),
            `${semantics}, inputs ${original.join(' ')}:\n${text}\n${printProgram(rewritten!.program)}`,
          ).toBe(expected);
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});
