// Execution-based validation (src/execution): counterexamples run natively with gcc against the
// harness. Each program is lowered by our front end and its counterexample is the interpreter's
// (found by exploring small inputs), so the native run is held to the interpreter's replay.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeExecution, validateByExecution, type ExecutionCheck } from '../../src/execution/validate.js';
import { programInputs } from '../../src/execution/inputs.js';
import { harnessSource } from '../../src/execution/harness.js';
import { replayCounterexample } from '../../src/interp/interpreter.js';
import type { DataModel, Program, Semantics } from '../../src/ir/types.js';
import type { Counterexample } from '../../src/verdict.js';
import { lowerOrFail } from '../ir/lower-harness.js';
import { describeWith, gcc32Requirement, gccRequirement, itWith } from '../support/requirements.js';

const directory = mkdtempSync(join(tmpdir(), 'encode-execution-test-'));
let files = 0;

function programFile(text: string): string {
  const path = join(directory, `program-${files++}.c`);
  writeFileSync(path, text);
  return path;
}

const noArrays = (count: number): Counterexample['arrays'] =>
  Array.from({ length: count }, () => ({ defaultValue: 0n, entries: new Map<bigint, bigint>() }));

function check(
  text: string,
  scalars: readonly bigint[],
  options: { semantics?: Semantics; dataModel?: DataModel; arrays?: number; program?: Program } = {},
): ExecutionCheck {
  const dataModel = options.dataModel ?? 'ILP32';
  const program = options.program ?? lowerOrFail(text, dataModel);
  const counterexample = { scalars, arrays: noArrays(options.arrays ?? 0) };
  return validateByExecution(programFile(text), program, counterexample, {
    semantics: options.semantics ?? 'bv',
    dataModel,
    timeoutMilliseconds: 30_000,
  });
}

const svcompPrelude = `extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "program.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
`;

describe('the counterexample as program inputs', () => {
  it('keeps the values of nondet calls and sets apart what C leaves indeterminate', () => {
    const text = `${svcompPrelude}
int main() { int y; int x = __VERIFIER_nondet_int(); int z = __VERIFIER_nondet_int(); int a[3]; __VERIFIER_assert(x + z != y); return 0; }`;
    const program = lowerOrFail(text, 'ILP32');
    const split = programInputs(program, { scalars: [7n, 3n, 4n], arrays: noArrays(1) }, 'bv');
    expect(split.inputs).toEqual([3n, 4n]);
    expect(split.indeterminate.map((choice) => choice.description)).toEqual(['a int = 7', 'a: every cell 0']);
    expect(split.replay.kind).toBe('assertionFailed');
  });

  it('stops the replay that tells the inputs apart at the check time, and builds nothing then', () => {
    // 2^31 iterations before the error: the replay holds the thread far longer than the 200 ms it has
    const text = `${svcompPrelude}
int main() { int n = __VERIFIER_nondet_int(); unsigned k = 0; for (int i = 0; i < n; i++) k += i; __VERIFIER_assert(n < 5 || k != 7); return 0; }`;
    const program = lowerOrFail(text, 'ILP32');
    const started = performance.now();
    const result = validateByExecution(
      programFile(text),
      program,
      { scalars: [2147483647n], arrays: [] },
      {
        semantics: 'bv',
        dataModel: 'ILP32',
        timeoutMilliseconds: 200,
      },
    );
    const elapsed = performance.now() - started;
    expect(result.kind).toBe('couldNotBuild');
    expect(describeExecution(result)).toContain('out of time');
    expect(elapsed).toBeLessThan(2_000);
  });

  it('writes the inputs into the harness modulo 2^64, and reads them from stdin when asked', () => {
    const written = harnessSource([-1n, 255n, (1n << 64n) + 5n]);
    expect(written).toContain('0xffffffffffffffffULL');
    expect(written).toContain('0xffULL');
    expect(written).toContain('0x5ULL');
    expect(written).toContain('encode_input_count = 3');
    expect(harnessSource('stdin')).toContain('fgets');
  });
});

describeWith([gccRequirement()], 'validation by execution with gcc', () => {
  it('confirms a counterexample of a program whose reach_error calls __assert_fail', () => {
    const result = check(
      `${svcompPrelude}
int main() { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int(); if (x > 3) __VERIFIER_assert(x * y != 12); return 0; }`,
      [4n, 3n],
    );
    expect(result.kind, describeExecution(result)).toBe('confirmed');
    if (result.kind === 'confirmed') expect(result.inputs).toEqual([4n, 3n]);
  });

  it('confirms through an empty reach_error(){} (the harness takes its place) and through __VERIFIER_error', () => {
    const empty = check(
      `extern void abort(void);
void reach_error(){}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if(!(cond)) { ERROR: {reach_error();abort();} } }
int main() { int n = __VERIFIER_nondet_int(); int s = 0; for (int i = 0; i < n; i++) s += 2; __VERIFIER_assert(s != 10); return 0; }`,
      [5n],
    );
    expect(empty.kind, describeExecution(empty)).toBe('confirmed');
    const legacy = check(
      `extern void __VERIFIER_error(void);
extern int __VERIFIER_nondet_int(void);
int main() { int x = __VERIFIER_nondet_int(); if (x == 42) { ERROR: __VERIFIER_error(); } return 0; }`,
      [42n],
    );
    expect(legacy.kind, describeExecution(legacy)).toBe('confirmed');
  });

  // a 32-bit long is ILP32's: without gcc-multilib the program is built for LP64 and cannot reach the error
  itWith(
    [gcc32Requirement()],
    'returns each nondet type converted as C converts it (char, unsigned char, _Bool, unsigned long long, 32-bit long)',
    {},
    () => {
      const result = check(
        `${svcompPrelude}
extern unsigned char __VERIFIER_nondet_uchar(void);
extern char __VERIFIER_nondet_char(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern long __VERIFIER_nondet_long(void);
int main() {
  unsigned char u = __VERIFIER_nondet_uchar(); char c = __VERIFIER_nondet_char(); _Bool b = __VERIFIER_nondet_bool();
  unsigned long long w = __VERIFIER_nondet_ulonglong(); long l = __VERIFIER_nondet_long();
  __VERIFIER_assert(!(u == 200 && c == -3 && b && w == 18446744073709551615ULL && l == -2147483648L && sizeof(long) == 4));
  return 0;
}`,
        [200n, -3n, 1n, 18446744073709551615n, -2147483648n],
      );
      expect(result.kind, describeExecution(result)).toBe('confirmed');
      if (result.kind === 'confirmed') expect(result.compiler).toMatch(/gcc/);
    },
  );

  it('does not confirm a run that needs another input order, and says the interpreter and gcc disagree when the program differs', () => {
    const text = `${svcompPrelude}
int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assert(x != 5); return 0; }`;
    // the interpreter's program asserts x != 5, the compiled file x != 6: a planted disagreement (in
    // LP64, which gcc builds everywhere: in ILP32 without gcc-multilib the data model would explain it)
    const interpreted = lowerOrFail(text, 'LP64');
    const planted = check(text.replace('x != 5', 'x != 6'), [5n], { program: interpreted, dataModel: 'LP64' });
    expect(planted.kind).toBe('notReached');
    if (planted.kind === 'notReached') {
      expect(planted.explanation).toBeUndefined();
      expect(planted.outcome.kind).toBe('completed');
      expect(planted.directory).toBeDefined();
    }
  });

  it('says a run stopped at the end of its time confirms and contradicts nothing (not a disagreement)', () => {
    const text = `${svcompPrelude}
int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assert(x != 5); return 0; }`;
    const interpreted = lowerOrFail(text, 'LP64');
    // the compiled file spins before its check: its run ends only when the check's time does
    const spinning = text.replace('__VERIFIER_assert(x != 5)', 'while (x == 5) { } __VERIFIER_assert(x != 5)');
    const result = validateByExecution(
      programFile(spinning),
      interpreted,
      { scalars: [5n], arrays: [] },
      {
        semantics: 'bv',
        dataModel: 'LP64',
        timeoutMilliseconds: 3_000,
      },
    );
    expect(result.kind).toBe('notReached');
    if (result.kind === 'notReached') {
      expect(result.outcome.kind).toBe('timeout');
      expect(result.explanation).toBe('outOfTime');
    }
  });

  it('explains a failure that needs an uninitialised local (indeterminate in C)', () => {
    const text = `${svcompPrelude}
int main() { int y; if (y == 123456789) reach_error(); return 0; }`;
    const program = lowerOrFail(text, 'ILP32');
    const counterexample = { scalars: [123456789n], arrays: [] };
    expect(replayCounterexample(program, counterexample, 'bv').kind).toBe('assertionFailed');
    const result = validateByExecution(programFile(text), program, counterexample, {
      semantics: 'bv',
      dataModel: 'ILP32',
      timeoutMilliseconds: 30_000,
    });
    expect(result.kind).toBe('notReached');
    if (result.kind === 'notReached') expect(result.explanation).toBe('indeterminate');
  });

  it('explains a counterexample of mathematical integers that two’s complement does not reproduce', () => {
    const text = `${svcompPrelude}
int main() { int x = __VERIFIER_nondet_int(); if (x > 0) { long long y = x * 2; if (y == 4294967294LL) reach_error(); } return 0; }`;
    const result = check(text, [2147483647n], { semantics: 'int' });
    expect(result.kind).toBe('notReached');
    if (result.kind === 'notReached') expect(result.explanation).toBe('integerSemantics');
  });

  it('refuses a program whose reach_error is static (the harness cannot take its place)', () => {
    const result = check(
      `extern int __VERIFIER_nondet_int(void);
static void reach_error(void) {}
int main() { if (__VERIFIER_nondet_int() == 1) reach_error(); return 0; }`,
      [1n],
    );
    expect(result.kind).toBe('couldNotBuild');
    if (result.kind === 'couldNotBuild') expect(result.reason).toMatch(/static/);
  });

  it('stops a run that does not end within the time limit', () => {
    const text = `${svcompPrelude}
int main() { int x = __VERIFIER_nondet_int(); while (x == 1) { } if (x == 2) reach_error(); return 0; }`;
    // the planted program loops forever on input 1, where the interpreter's program (no loop) fails at once
    const result = validateByExecution(
      programFile(text),
      lowerOrFail(text.replace('while (x == 1) { } ', '').replace('x == 2', 'x == 1'), 'ILP32'),
      { scalars: [1n], arrays: [] },
      { semantics: 'bv', dataModel: 'ILP32', timeoutMilliseconds: 3000 },
    );
    expect(result.kind, describeExecution(result)).toBe('notReached');
    if (result.kind === 'notReached') expect(result.outcome.kind).toBe('timeout');
  });
});
