// induct's rewrites into its shape (src/encoders/induct/normalise.ts): main's early return
// `if (N <= 0) return 1;` is folded into `assume(!(N <= 0))`, trailing statements without
// assertions are dropped, and a final if whose one branch has no assertion becomes an assumption.
// Each rewrite keeps the failing runs: the original and the rewritten program, run on the same
// choices, fail an assertion on the same runs.

import { describe, expect, it } from 'vitest';
import { inlineAssertionTemporaries, unwrapFinalConditional } from '../../src/encoders/induct/normalise.js';
import { runProgram } from '../../src/interp/interpreter.js';
import { createRandomSource } from '../../src/interp/sources.js';
import { printProgram } from '../../src/ir/print.js';
import type { Program } from '../../src/ir/types.js';
import { lowerSource } from '../soundness/harness.js';
import { prelude } from '../support/symbolic-programs.js';

const earlyReturn = `${prelude}int N;
int main(void) {
  N = __VERIFIER_nondet_int();
  if (N <= 0) return 1;
  int s = 0;
  for (int i = 0; i < N; i++) s = s + __VERIFIER_nondet_int();
  __VERIFIER_assert(s != 3);
  return 1;
}`;

function failingRuns(program: Program): boolean[] {
  const failing: boolean[] = [];
  for (let seed = 0; seed < 300; seed++) {
    const source = createRandomSource({ seed, domain: [-1n, 0n, 1n, 2n, 3n] });
    failing.push(
      runProgram(program, { semantics: 'int', nondet: source, maxSteps: 100_000 }).kind === 'assertionFailed',
    );
  }
  return failing;
}

describe('induct normalisation', () => {
  it("folds main's early return into an assumption and drops what follows the last assertion", () => {
    const original = lowerSource(earlyReturn);
    const rewritten = unwrapFinalConditional(original);
    const text = printProgram(rewritten);
    expect(printProgram(original)).toMatch(/main_returned = 1/);
    expect(text).not.toMatch(/main_returned = 1/);
    expect(text).toMatch(/assume\(!\(N <= 0\)\)/);
    expect(rewritten.body[rewritten.body.length - 1]!.kind).toBe('assert');
    expect(rewritten.body.some((statement) => statement.kind === 'if')).toBe(false);
  });

  it('keeps the failing runs of the original', () => {
    const original = lowerSource(earlyReturn);
    const failing = failingRuns(original);
    expect(failing.filter(Boolean).length).toBeGreaterThan(5);
    expect(failingRuns(unwrapFinalConditional(original))).toEqual(failing);
  });

  it('does not fold a flag that may be set before the guard', () => {
    const source = `${prelude}int N;
int main(void) {
  N = __VERIFIER_nondet_int();
  int f = 0;
  if (__VERIFIER_nondet_int()) f = 1;
  if (N <= 0) f = 1;
  if (!f) { __VERIFIER_assert(N != 2); }
  return 0;
}`;
    const original = lowerSource(source);
    const rewritten = unwrapFinalConditional(original);
    expect(printProgram(rewritten)).toMatch(/if \(N <= 0\)/);
    expect(failingRuns(rewritten)).toEqual(failingRuns(original));
  });

  it('inlines the temporary of an assertion argument converted to int, keeping the failing runs', () => {
    const source = `${prelude}
void check(int cond) { if (!(cond)) reach_error(); }
int main(void) {
  int N = __VERIFIER_nondet_int(); assume_abort_if_not(N > 0 && N < 50);
  long long s[1]; s[0] = 0;
  for (int i = 0; i < N; i++) s[0] = s[0] + (long long) __VERIFIER_nondet_int();
  check(s[0] * (long long) N * N * N * N * N != (long long) 3 * N * N * N * N * N);
  return 0;
}`;
    const original = lowerSource(source);
    const rewritten = inlineAssertionTemporaries(original);
    expect(printProgram(original)).toMatch(/cond = /);
    expect(printProgram(rewritten)).not.toMatch(/cond = /);
    const failing = failingRuns(original);
    expect(failing.filter(Boolean).length).toBeGreaterThan(5);
    expect(failingRuns(rewritten)).toEqual(failing);
    // a temporary read twice stays
    const twice = lowerSource(
      `${prelude}int main(void) { int x = __VERIFIER_nondet_int(); int t = x + 1; __VERIFIER_assert(t != 2); x = 0; __VERIFIER_assert(t != 5); return 0; }`,
    );
    expect(printProgram(inlineAssertionTemporaries(twice))).toMatch(/t = /);
  });
});
