// memcmp on arrays (src/ir/lower/memory.ts): its value, not only its sign, against gcc's program
// (glibc's memcmp, little-endian): arrays of signed and unsigned elements of 1, 2, 4 and 8 bytes,
// filled from the inputs (negative values among them), compared over ranges that start inside the
// arrays; the interpreter (bv) and the native run must agree on the value of every result, and the
// test requires a minimum of compared runs with a nonzero result of each sign, so that a comparison
// that sees only equal ranges cannot pass.

import { expect } from 'vitest';
import { compareWithGcc, observationMarker } from '../../src/execution/differential.js';
import { createRandomGenerator } from '../../src/interp/sources.js';
import { describeWith, gccRequirement, itWith } from '../support/requirements.js';

const elementTypes = [
  'signed char',
  'unsigned char',
  'short',
  'unsigned short',
  'int',
  'unsigned int',
  'long long',
  'unsigned long long',
] as const;

function programText(type: string): string {
  return [
    '#include <string.h>',
    'extern void reach_error(void);',
    'extern int __VERIFIER_nondet_int(void);',
    'int main(void) {',
    `  ${type} a[4] = {0};`,
    `  ${type} b[4] = {0};`,
    '  for (int i = 0; i < 4; i++) { a[i] = __VERIFIER_nondet_int(); b[i] = __VERIFIER_nondet_int(); }',
    `  int whole = memcmp(a, b, 4 * sizeof(${type}));`,
    `  int tail = memcmp(a + 1, b + 2, 2 * sizeof(${type}));`,
    `  int none = memcmp(a, b, 0 * sizeof(${type}));`,
    `  ${observationMarker}`,
    '  return 0;',
    '}',
  ].join('\n');
}

describeWith([gccRequirement()], 'memcmp against gcc', () => {
  itWith(
    [gccRequirement()],
    "gives glibc's value (the first differing bytes, in memory order) for every element type; floors of nonzero results of each sign",
    { timeout: 300_000 },
    () => {
      const random = createRandomGenerator(20261127);
      // values that share bytes often (so that the first differing byte is not always the lowest)
      const pick = (): bigint => {
        const choices = [
          0n,
          1n,
          -1n,
          255n,
          256n,
          257n,
          -256n,
          65535n,
          65536n,
          -65536n,
          16777216n,
          2147483647n,
          -2147483648n,
        ];
        return choices[Math.floor(random() * choices.length)]!;
      };
      let compared = 0;
      let negative = 0;
      let positive = 0;
      for (const type of elementTypes) {
        const inputs = Array.from({ length: 12 }, () => Array.from({ length: 8 }, pick));
        // equal arrays once: every result 0
        inputs.push(Array.from({ length: 8 }, (_, index) => BigInt(Math.floor(index / 2) * 257)));
        const result = compareWithGcc({ source: programText(type), observed: ['whole', 'tail', 'none'] }, inputs, {
          dataModel: 'LP64',
        });
        expect(result.kind, type).toBe('compared');
        if (result.kind !== 'compared') continue;
        for (const run of result.runs) {
          expect(run.verdict.kind, `${type}: ${JSON.stringify(run.verdict)}`).toBe('agree');
          compared++;
          // the observations are printed as unsigned: the int they hold
          for (const value of run.nativeValues.map((printed) => BigInt.asIntN(32, printed))) {
            if (value < 0n) negative++;
            if (value > 0n) positive++;
          }
        }
      }
      console.log(
        `memcmp against gcc: ${compared} runs compared, ${negative} negative and ${positive} positive results`,
      );
      expect(compared).toBeGreaterThanOrEqual(elementTypes.length * 13);
      expect(negative).toBeGreaterThanOrEqual(20);
      expect(positive).toBeGreaterThanOrEqual(20);
    },
  );
});
