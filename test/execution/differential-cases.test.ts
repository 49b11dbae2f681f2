// The disagreements the differential test against gcc found (test/execution/differential.test.ts,
// bench/differential-gcc.ts), each shrunk by hand to a small program and kept here with the outcome
// and values that gcc gives and that the interpreter must give too. Each case names the bug and
// where it was fixed.

import { expect, it } from 'vitest';
import { compareWithGcc, observationMarker } from '../../src/execution/differential.js';
import type { DataModel } from '../../src/ir/types.js';
import { describeWith, gccRequirement } from '../support/requirements.js';

interface ExpectedRun {
  readonly inputs: readonly bigint[];
  /** the native outcome, which the interpreter must share */
  readonly outcome: 'completed' | 'reachedError' | 'assumptionBlocked';
  /** after a completed run: the value of each observed expression */
  readonly values?: Readonly<Record<string, bigint>>;
}

interface Case {
  readonly name: string;
  /** the declarations before main and the body of main (the observation marker follows it) */
  readonly declarations: string;
  readonly body: string;
  readonly observed: readonly string[];
  readonly dataModel: DataModel;
  readonly runs: readonly ExpectedRun[];
}

const cases: readonly Case[] = [
  {
    // lowering copied a struct field by field and computed the target's index again for every field,
    // after the copy had changed it (src/ir/lower/expressions.ts copyStruct now computes it once)
    name: 'a struct assignment whose target index reads the target: sa[sa[1].f1] = s',
    declarations: 'struct record { int f0; int f1; int f2; };',
    body: '  struct record s = { 0, 0, 0 };\n  struct record sa[2] = { { 0, 0, 0 }, { 0, 1, 5 } };\n  sa[sa[1].f1] = s;',
    observed: ['sa[0].f1', 'sa[0].f2', 'sa[1].f1', 'sa[1].f2'],
    dataModel: 'LP64',
    runs: [
      { inputs: [], outcome: 'completed', values: { 'sa[0].f1': 0n, 'sa[0].f2': 0n, 'sa[1].f1': 0n, 'sa[1].f2': 0n } },
    ],
  },
  {
    // the same on the source side: the source's index read the field the copy had just written
    name: 'a struct assignment whose source index reads the target: s = sa[s.f0]',
    declarations: 'struct record { int f0; int f1; int f2; };',
    body: '  struct record s = { 1, 0, 0 };\n  struct record sa[2] = { { 3, 4, 5 }, { 0, 7, 8 } };\n  s = sa[s.f0];',
    observed: ['s.f0', 's.f1', 's.f2'],
    dataModel: 'ILP32',
    runs: [{ inputs: [], outcome: 'completed', values: { 's.f0': 0n, 's.f1': 7n, 's.f2': 8n } }],
  },
  {
    // m[f(n)][1]: the row index (the call's result) was saved into a temporary before the call's own
    // statements had computed it, as if protecting it against the column index's side effects
    // (src/ir/lower/expressions.ts, case 'index': the mark is now taken after the base)
    name: 'a two-dimensional read whose row index calls a function: m[helper(n) & 1][1]',
    declarations: 'int helper(int p) { return p - 1; }',
    body: '  int n = __VERIFIER_nondet_int();\n  int m[2][2] = { { 1, 2 }, { 3, 4 } };\n  int x = m[helper(n) & 1][1];',
    observed: ['n', 'x'],
    dataModel: 'ILP32',
    runs: [
      { inputs: [2n], outcome: 'completed', values: { n: 2n, x: 4n } },
      { inputs: [1n], outcome: 'completed', values: { n: 1n, x: 2n } },
    ],
  },
  {
    // __VERIFIER_assume takes an int: a long long argument 2^32 is converted to 0 and the path ends;
    // lowering tested the long long itself (src/ir/lower/calls.ts now converts a wider argument)
    name: '__VERIFIER_assume of a long long whose low 32 bits are 0',
    declarations: 'extern long long __VERIFIER_nondet_longlong(void);',
    body: '  long long w = __VERIFIER_nondet_longlong();\n  __VERIFIER_assume(w);\n  int passed = 1;',
    observed: ['passed'],
    dataModel: 'LP64',
    runs: [
      { inputs: [1n << 32n], outcome: 'assumptionBlocked' },
      { inputs: [(1n << 32n) + 1n], outcome: 'completed', values: { passed: 1n } },
    ],
  },
];

describeWith([gccRequirement()], 'disagreements found against gcc, fixed', () => {
  for (const testCase of cases) {
    it(testCase.name, () => {
      const source = [
        'extern void reach_error(void);',
        'extern void __VERIFIER_assume(int);',
        'extern int __VERIFIER_nondet_int(void);',
        testCase.declarations,
        'int main(void) {',
        testCase.body,
        `  ${observationMarker}`,
        '  return 0;',
        '}',
      ].join('\n');
      const result = compareWithGcc(
        { source, observed: testCase.observed },
        testCase.runs.map((run) => run.inputs),
        { dataModel: testCase.dataModel },
      );
      if (result.kind !== 'compared') throw new Error(`not compared: ${result.kind}: ${result.reason}`);
      result.runs.forEach((run, index) => {
        const expected = testCase.runs[index]!;
        expect(run.verdict, run.verdict.kind === 'disagree' ? run.verdict.description : '').toEqual({ kind: 'agree' });
        expect(run.native.kind).toBe(expected.outcome);
        // as unsigned long long, as the comparison prints them
        if (expected.values !== undefined)
          expect(run.nativeValues).toEqual(
            testCase.observed.map((name) => BigInt.asUintN(64, expected.values![name]!)),
          );
      });
    });
  }
});
