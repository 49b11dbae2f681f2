// A pointer walk's ++/-- used as a value (src/ir/lower/expressions.ts, movedPointerValue): `*q++ =
// *p++`, `*--p = …`, `s += *++p`, `*p++ += …` against gcc. The interpreter (bv, our lowering) and the
// native run must agree on every observed value for inputs that fill the arrays; the test requires
// that the runs it compares reach the observation (inputs enough), so that a comparison of nothing
// cannot pass.

import { expect } from 'vitest';
import { compareWithGcc, observationMarker } from '../../src/execution/differential.js';
import { createRandomGenerator } from '../../src/interp/sources.js';
import { describeWith, gccRequirement, itWith } from '../support/requirements.js';

const body = `
  int a[6] = {0};
  int b[6] = {0};
  for (int i = 0; i < 6; i++) a[i] = __VERIFIER_nondet_int();
  int *p = a;
  int *q = b;
  for (int i = 0; i < 3; i++) *q++ = *p++;
  int *r = b + 6;
  *--r = *p++;
  long long s = 0;
  int *t = a;
  for (int i = 0; i < 4; i++) s += *++t;
  int *u = a + 1;
  *u++ += 5;
  *u++ -= 7;
  int b0 = b[0], b1 = b[1], b2 = b[2], b5 = b[5], a1 = a[1], a2 = a[2];
`;

describeWith([gccRequirement()], 'pointer walks used as values, against gcc', () => {
  itWith(
    [gccRequirement()],
    'agree with the native run on the copied cells, the sum, and the cells updated through a walk',
    { timeout: 120_000 },
    () => {
      const source = [
        'extern int __VERIFIER_nondet_int(void);',
        'extern void reach_error(void);',
        'int main(void) {',
        body,
        `  ${observationMarker}`,
        '  return 0;',
        '}',
      ].join('\n');
      const random = createRandomGenerator(20261127);
      const inputs = Array.from({ length: 10 }, () =>
        Array.from({ length: 6 }, () => BigInt(Math.floor(random() * 2001) - 1000)),
      );
      const result = compareWithGcc({ source, observed: ['b0', 'b1', 'b2', 'b5', 's', 'a1', 'a2'] }, inputs, {
        dataModel: 'LP64',
      });
      expect(result.kind, result.kind === 'compared' ? '' : result.reason).toBe('compared');
      if (result.kind !== 'compared') return;
      for (const run of result.runs) {
        expect(
          run.verdict.kind,
          JSON.stringify(run.verdict, (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
        ).toBe('agree');
        expect(run.native.kind).toBe('completed');
        expect(run.nativeValues.length).toBe(7);
      }
      expect(result.runs.length).toBe(10);
    },
  );
});
