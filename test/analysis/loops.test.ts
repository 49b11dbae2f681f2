// The loop and array analyses of src/analysis on small C programs through the pipeline:
// iterators and bounds, loopdefs, fullarrayaccess, iterator-indexed arrays, equal-size groups
// (constants, VLAs, struct fields) and the Sect. 6 precision rules.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupArraysBySize } from '../../src/analysis/arrays.js';
import { analyseLoops, type LoopInfo } from '../../src/analysis/loops.js';
import { describeFirstFailure, evaluatePrecision } from '../../src/analysis/precision.js';
import { printExpression } from '../../src/ir/print.js';
import type { Program } from '../../src/ir/types.js';
import { runFrontEnd } from '../../src/pipeline.js';

const directory = mkdtempSync(join(tmpdir(), 'analysis-'));
let counter = 0;

function lower(body: string, globals = ''): Program {
  const file = join(directory, `program${counter++}.c`);
  writeFileSync(
    file,
    `extern void abort(void);\nvoid reach_error(void) { abort(); }\nextern int __VERIFIER_nondet_int(void);\n${globals}\nint main(void) {\n${body}\n  return 0;\n}\n`,
  );
  const result = runFrontEnd(file, { dataModel: 'ILP32', preprocessor: 'default' });
  if (result.kind !== 'program') throw new Error(JSON.stringify(result));
  return result.program;
}

function loopsOf(program: Program): LoopInfo[] {
  return [...analyseLoops(program, groupArraysBySize(program)).values()].sort(
    (left, right) => left.loop.id - right.loop.id,
  );
}

function names(set: ReadonlySet<{ sourceName: string }>): string[] {
  return [...set].map((variable) => variable.sourceName).sort();
}

describe('loop iterators and bounds', () => {
  it('finds the iterator, step and bound of for loops (increasing and decreasing)', () => {
    const [up, down, stride] = loopsOf(
      lower(`
  int i; int a[10];
  for (i = 0; i < 10; i++) a[i] = 1;
  for (i = 9; i >= 0; i--) a[i] = 2;
  for (i = 0; i < 10; i += 2) a[i] = 3;`),
    );
    expect(up!.iterator?.variable.sourceName).toBe('i');
    expect(up!.iterator?.step).toBe(1n);
    expect(up!.iterator?.comparison).toBe('less');
    expect(printExpression(up!.iterator!.bound!)).toBe('10');
    expect(up!.iterator?.initial === undefined ? undefined : printExpression(up!.iterator.initial)).toBe('0');
    expect(down!.iterator?.step).toBe(-1n);
    expect(down!.iterator?.comparison).toBe('greaterEqual');
    expect(stride!.iterator?.step).toBe(2n);
  });

  it('finds a while-loop iterator incremented at the end of the body, but not with continue', () => {
    const [plain, withContinue] = loopsOf(
      lower(`
  int i = 0; int a[10];
  while (i < 10) { a[i] = 1; i = i + 1; }
  i = 0;
  while (i < 10) { if (a[i] == 0) continue; i = i + 1; }`),
    );
    expect(plain!.iterator?.variable.sourceName).toBe('i');
    expect(withContinue!.iterator).toBeUndefined();
  });

  it('rejects an iterator assigned in the body, and a bound the loop changes', () => {
    const [assigned, movingBound] = loopsOf(
      lower(`
  int i; int n = 10; int a[10];
  for (i = 0; i < 10; i++) { if (a[i]) i = i + 1; }
  for (i = 0; i < n; i++) { n = n - 1; }`),
    );
    expect(assigned!.iterator).toBeUndefined();
    expect(movingBound!.iterator?.variable.sourceName).toBe('i');
    expect(movingBound!.iterator?.bound).toBeUndefined();
  });
});

describe('loopdefs and fullarrayaccess', () => {
  it("the paper's Fig. 1 (array of structs): both loops are full array accesses, fields share a group", () => {
    const program = lower(
      `
  int i, k;
  for (i = 0; i < 100000; i++) { k = i; a[i].p = k; a[i].q = k * k; }
  for (i = 0; i < 100000; i++) { if (!(a[i].q == a[i].p * a[i].p)) reach_error(); }`,
      'struct S { unsigned int p; unsigned int q; } a[100000];',
    );
    const groups = groupArraysBySize(program);
    expect(groups.groups.length).toBe(1);
    expect(groups.groups[0]!.arrays.length).toBe(2);
    const [first, second] = loopsOf(program);
    expect(first!.fullArrayAccess).toBe(true);
    expect(first!.boundIsArraySize).toBe(true);
    expect(names(first!.loopdefs.scalars)).toEqual(['k']);
    expect(first!.loopdefs.arrays.size).toBe(0);
    expect(second!.fullArrayAccess).toBe(true);
    expect(
      evaluatePrecision(program, analyseLoops(program, groups)).every((assertion) =>
        assertion.failures.every((failure) => failure.rule === 's4' || failure.rule === 'd6'),
      ),
    ).toBe(true);
  });

  it('a shifted write puts the array into loopdefs and breaks full access', () => {
    const [loop] = loopsOf(
      lower(`
  int i; int a[11];
  for (i = 0; i < 10; i++) a[i + 1] = a[i];`),
    );
    expect(names(loop!.loopdefs.arrays)).toEqual(['a']);
    expect(loop!.fullArrayAccess).toBe(false);
    expect(loop!.notFullReason).toMatch(/index other than the iterator/);
    expect(loop!.iteratorIndexedArrays.size).toBe(0);
  });

  it('break, a stride, and arrays of different sizes are not full accesses', () => {
    const [withBreak, strided, differentSizes] = loopsOf(
      lower(`
  int i; int a[10]; int b[20];
  for (i = 0; i < 10; i++) { if (a[i] == 3) break; a[i] = 0; }
  for (i = 0; i < 10; i += 2) a[i] = 0;
  for (i = 0; i < 10; i++) { a[i] = 0; b[i] = 0; }`),
    );
    expect(withBreak!.fullArrayAccess).toBe(false);
    expect(withBreak!.notFullReason).toMatch(/break/);
    expect(strided!.fullArrayAccess).toBe(false);
    expect(strided!.notFullReason).toMatch(/step 2/);
    expect(strided!.iteratorIndexedArrays.size).toBe(1);
    expect(differentSizes!.fullArrayAccess).toBe(false);
    expect(differentSizes!.notFullReason).toMatch(/different sizes/);
  });

  it('keeps scalars assigned a constant in loopdefs (the paper leaves them out, which is unsound)', () => {
    const [loop] = loopsOf(
      lower(`
  int i; int found = 0; int a[10];
  for (i = 0; i < 10; i++) { if (a[i] == 5) found = 1; }`),
    );
    expect(names(loop!.loopdefs.scalars)).toEqual(['found']);
  });
});

describe('equal-size groups', () => {
  it('groups VLAs of the same size variable and separates different sizes', () => {
    const program = lower(`
  int n = __VERIFIER_nondet_int(); int m = __VERIFIER_nondet_int();
  if (n <= 0 || m <= 0) return 0;
  int a[n]; int b[n]; int c[m]; int d[5]; int e[5]; int f[6];`);
    const groups = groupArraysBySize(program);
    const byName = (name: string): number =>
      groups.groupOf(program.arrays.find((array) => array.sourceName === name)!).id;
    expect(byName('a')).toBe(byName('b'));
    expect(byName('a')).not.toBe(byName('c'));
    expect(byName('d')).toBe(byName('e'));
    expect(byName('d')).not.toBe(byName('f'));
    expect(byName('a')).not.toBe(byName('d'));
  });
});

describe('precision rules (Sect. 6)', () => {
  it('names the failing rule and loop', () => {
    const program = lower(`
  int i; int a[10];
  for (i = 0; i < 9; i++) a[i + 1] = a[9 - i] + 1;
  for (i = 0; i < 10; i++) { if (a[i] != i) reach_error(); }`);
    const loops = analyseLoops(program, groupArraysBySize(program));
    const precision = evaluatePrecision(program, loops);
    expect(precision.length).toBe(1);
    const rules = precision[0]!.failures.map((failure) => failure.rule);
    expect(rules).toContain('l1');
    expect(rules).toContain('a3');
    expect(rules).toContain('d5');
    const first = [...loops.values()].find((info) => info.loop.id === 0)!;
    expect(describeFirstFailure(precision)).toMatch(
      new RegExp(`^rule l1 fails for the loop at ${first.location.line}:${first.location.column}: `),
    );
  });

  it('all rules hold for initialise-then-check', () => {
    const program = lower(`
  int i; int a[10];
  for (i = 0; i < 10; i++) a[i] = 3;
  for (i = 0; i < 10; i++) { if (a[i] != 3) reach_error(); }`);
    const precision = evaluatePrecision(program, analyseLoops(program, groupArraysBySize(program)));
    expect(precision[0]!.failures).toEqual([]);
    expect(describeFirstFailure(precision)).toBeUndefined();
  });
});
