// The accel encoding (paper 003) on small programs: deep bugs found at unwinding 3 and replayed,
// the summaries the paper describes (Example 4's membership test, the x != c split, monotone
// elimination, quantified fallbacks, ⊥ for variables without closed forms), bv overflow guards,
// never SAFE, and emitted scripts that a solver reads.

import { afterAll, describe, expect, it } from 'vitest';
import { accelEncoder, deepeningSchedule, planAcceleration } from '../../src/encoders/accel/index.js';
import { runProgram } from '../../src/interp/interpreter.js';
import { createCounterexampleSource } from '../../src/interp/sources.js';
import type { Semantics } from '../../src/ir/types.js';
import { printSmtScript } from '../../src/smt/printer.js';
import type { SmtScript } from '../../src/smt/terms.js';
import { lowerSource } from '../soundness/harness.js';
import { testSolver } from '../support/solver.js';
import { emitWith, solveWith, type TestOptions } from '../support/encoding.js';
import { Budget } from '../../src/kernel/budget.js';

const solver = testSolver();
afterAll(async () => solver.dispose());

function options(semantics: Semantics = 'int', timeoutMilliseconds = 60_000): TestOptions {
  return { semantics, timeoutMilliseconds };
}

const prelude = `extern char __VERIFIER_nondet_char(void);
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) {}
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
`;

function overflow(length: number): string {
  return `${prelude}
int main(void) {
  char buffer[${length}];
  int i = 0;
  while (1) {
    char ch = __VERIFIER_nondet_char();
    if (ch == 0) break;
    __VERIFIER_assert(i < ${length});
    buffer[i] = ch;
    i++;
  }
  return 0;
}
`;
}

const example4 = `${prelude}
int main(void) {
  int a[100000];
  int x = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (x < 0 || n > 100000) return 0;
  int start = x;
  while (x < n) {
    a[x] = x;
    x = x + 1;
  }
  __VERIFIER_assert(x - start < 5000);
  return 0;
}
`;

const notEqual = `${prelude}
int main(void) {
  int a[100000];
  int i = 0;
  while (i != 100000) {
    a[i] = 1;
    i++;
  }
  __VERIFIER_assert(a[99999] == 0);
  return 0;
}
`;

describe('accel finds deep counterexamples and replays them', () => {
  it('buffer overflow after 1000 iterations: UNSAFE at unwinding 3, the replay consumes 1001 choices', async () => {
    const program = lowerSource(overflow(1000));
    const outcome = await solveWith(accelEncoder, program, options(), solver);
    expect(outcome.verdict.kind).toBe('unsafe');
    if (outcome.verdict.kind !== 'unsafe') return;
    expect(outcome.details['unwind']).toBe(3);
    // iterative deepening: one stretch and the failing iteration need two unwindings, not three
    expect(outcome.details['depths']).toEqual([1, 2, 3]);
    expect(outcome.details['foundAtUnwinding']).toBe(2);
    // 1000 accelerated iterations plus the failing one, each consuming one nondet char
    expect(outcome.verdict.counterexample.scalars.length).toBe(1001);
    const rerun = runProgram(program, {
      semantics: 'int',
      nondet: createCounterexampleSource(outcome.verdict.counterexample),
      maxSteps: 10_000_000,
    });
    expect(rerun.kind).toBe('assertionFailed');
  });

  it('deepens the unwinding 1, 2, 4, … up to the requested one', () => {
    expect(deepeningSchedule(0)).toEqual([0]);
    expect(deepeningSchedule(1)).toEqual([1]);
    expect(deepeningSchedule(3)).toEqual([1, 2, 3]);
    expect(deepeningSchedule(10)).toEqual([1, 2, 4, 8, 10]);
  });

  it('the same bug in bv semantics, with no-overflow guards in the summary', async () => {
    const program = lowerSource(overflow(1000));
    const outcome = await solveWith(accelEncoder, program, options('bv'), solver);
    expect(outcome.verdict.kind).toBe('unsafe');
    const report = (outcome.details['summaries'] as string[]).join('\n');
    expect(report).toMatch(/no overflow of/);
    expect(report).toMatch(/Proposition 1/);
  });

  it('Example 4 (a[x] := x; x := x + 1): the membership test becomes x - x0 < n (Lemma 3)', async () => {
    const program = lowerSource(example4);
    const plan = await planAcceleration(program, 'int', solver, Budget.start(30_000));
    const report = plan.report.join('\n');
    expect(report).toMatch(/x\(j\) = j \+ x/);
    expect(report).toMatch(/Lemma 3: dense and strictly increasing/);
    // written iff 0 <= k - x^0 < n
    expect(report).toMatch(/written iff 0 <= k - x\^0 and k - x\^0 < n/);
    expect(report).not.toMatch(/quantified eq\. \(6\)/);
    const outcome = await solveWith(accelEncoder, program, options(), solver);
    expect(outcome.verdict.kind).toBe('unsafe');
  });

  it('a guard i != c is split into i < c and i > c (Fig. 4), both accelerated without quantifiers', async () => {
    const program = lowerSource(notEqual);
    const plan = await planAcceleration(program, 'int', solver, Budget.start(30_000));
    const report = plan.report.join('\n');
    expect(plan.acceleratedPaths).toBe(2);
    expect(report).toMatch(/split \(Fig\. 4\): < of/);
    expect(report).toMatch(/split \(Fig\. 4\): > of/);
    expect(report).toMatch(/instantiated at j = n-1/);
    expect(report).toMatch(/instantiated at j = 0/);
    expect(report).not.toMatch(/kept quantified/);
    const outcome = await solveWith(accelEncoder, program, options(), solver);
    expect(outcome.verdict.kind).toBe('unsafe');
  });
});

describe('accel summaries: fallbacks', () => {
  it('a guard that is not monotone in j stays quantified', async () => {
    const program = lowerSource(`${prelude}
int main(void) {
  int i = 0; int s = 0;
  while (i < 1000) {
    if (i % 3 == 0) s = s + 2; else s = s + 1;
    i++;
  }
  __VERIFIER_assert(s < 1000);
  return 0;
}
`);
    const plan = await planAcceleration(program, 'int', solver, Budget.start(30_000));
    expect(plan.report.join('\n')).toMatch(/kept quantified/);
  });

  it('a variable without a polynomial closed form is ⊥: the summary is inexact, the guard does not read it', async () => {
    const program = lowerSource(`${prelude}
int main(void) {
  int a[1000]; int i = 0; int s = 1;
  while (i < 40) {
    s = s * 2;
    a[i] = 0;
    i++;
  }
  __VERIFIER_assert(i < 39);
  return 0;
}
`);
    const plan = await planAcceleration(program, 'int', solver, Budget.start(30_000));
    const report = plan.report.join('\n');
    expect(report).toMatch(/s\(j\) = ⊥/);
    expect(report).toMatch(/inexact/);
    const summaries = [...plan.summaries.values()].flat();
    expect(summaries.some((summary) => !summary.exact)).toBe(true);
    const outcome = await solveWith(accelEncoder, program, options(), solver);
    expect(outcome.verdict.kind).toBe('unsafe');
  });

  it('a path whose guard reads a ⊥ variable is not accelerated', async () => {
    const program = lowerSource(`${prelude}
int main(void) {
  int i = 0; int s = 1;
  while (s < 100000) {
    s = s * 2;
    i++;
  }
  __VERIFIER_assert(i < 5);
  return 0;
}
`);
    const plan = await planAcceleration(program, 'int', solver, Budget.start(30_000));
    expect(plan.acceleratedPaths).toBe(0);
    expect(plan.report.join('\n')).toMatch(/depends on s, which has no closed form/);
  });

  it('a write whose index is not linear in j uses the quantified eq. (6)', async () => {
    const program = lowerSource(`${prelude}
int main(void) {
  int a[100000]; int i = 0;
  while (i < 300) {
    a[i * i] = 1;
    i++;
  }
  __VERIFIER_assert(a[4] == 0);
  return 0;
}
`);
    const plan = await planAcceleration(program, 'int', solver, Budget.start(30_000));
    expect(plan.report.join('\n')).toMatch(/quantified eq\. \(6\)/);
  });

  it('a path may read the array it writes only where earlier iterations of the stretch did not write', async () => {
    const sameCell = lowerSource(`${prelude}
int main(void) {
  int a[100000]; int i = 0;
  while (i < 100000) { a[i] = a[i] + 1; i++; }
  __VERIFIER_assert(a[99999] == 0);
  return 0;
}
`);
    const accepted = await planAcceleration(sameCell, 'int', solver, Budget.start(30_000));
    expect(accepted.acceleratedPaths).toBe(1);
    expect((await solveWith(accelEncoder, sameCell, options(), solver)).verdict.kind).toBe('unsafe');
    // a[i] = a[i-1] + 1 reads the cell the previous iteration wrote: no closed form for the array
    const previousCell = lowerSource(`${prelude}
int main(void) {
  int a[100000]; int i = 1;
  while (i < 100000) { a[i] = a[i - 1] + 1; i++; }
  __VERIFIER_assert(a[99999] == a[0] + 99999);
  return 0;
}
`);
    const rejected = await planAcceleration(previousCell, 'int', solver, Budget.start(30_000));
    expect(rejected.acceleratedPaths).toBe(0);
    expect(rejected.report.join('\n')).toMatch(
      /reads and writes a: a read sees a cell written by an earlier iteration/,
    );
  });

  it('never answers SAFE: a correct program is UNKNOWN', async () => {
    const program = lowerSource(`${prelude}
int main(void) {
  int a[1000]; int i = 0;
  while (i < 1000) { a[i] = 5; i++; }
  __VERIFIER_assert(i == 1000);
  return 0;
}
`);
    const outcome = await solveWith(accelEncoder, program, options(), solver);
    expect(outcome.verdict.kind).toBe('unknown');
  });
});

describe('accel emission', () => {
  it('writes the checks of the solve, one per unwinding, with the summaries as comments; the solver answers sat for a deep bug', async () => {
    const program = lowerSource(overflow(100000));
    const emitted = await emitWith(accelEncoder, program, options(), solver);
    expect(emitted.kind).toBe('emitted');
    if (emitted.kind !== 'emitted') return;
    // the solve deepens 1, 2, 4, … up to --unwind (3): the files are its checks in that order
    expect(emitted.artefacts.map((artefact) => artefact.suffix)).toEqual([
      '.accel-u1.smt2',
      '.accel-u2.smt2',
      '.accel-u3.smt2',
    ]);
    const script = emitted.artefacts[2]!.content as SmtScript;
    const text = printSmtScript(script);
    expect(text).toMatch(/; .*Proposition 1/);
    // array summaries are reduced to reads of array constants: no lambda reaches the solver
    expect(
      text
        .split('\n')
        .filter((line) => !line.startsWith(';'))
        .join('\n'),
    ).not.toMatch(/lambda/);
    const result = await solver.checkScript(script, { timeoutMilliseconds: 30_000 });
    expect(result.kind).toBe('sat');
  });
});
