// The lowering of the memory functions and of pointers into arrays (src/ir/lower/memory.ts,
// pointers.ts) held to gcc: random programs over two arrays of one element type (int, short, char,
// unsigned char, unsigned int, long long) with nondeterministic contents, then up to four operations
// among memset of a range or of the whole array (any byte: 0, -1, 1, 7, 128, 255), memcpy between
// ranges, a pointer bound to `a + o` written and read through, and `*(b + j) = *(a + k)`; every cell
// is observed at the end. The interpreter (bv) and the native run must agree on every input vector
// (src/execution/differential.ts); skips where gcc is missing.

import fc from 'fast-check';
import { expect } from 'vitest';
import { compareWithGcc, observationMarker } from '../../src/execution/differential.js';
import { describeWith, gccRequirement, itWith } from '../support/requirements.js';

const length = 6;
const types = ['int', 'short', 'char', 'unsigned char', 'unsigned int', 'long long'] as const;
const nondet: Record<(typeof types)[number], string> = {
  int: 'int',
  short: 'short',
  char: 'char',
  'unsigned char': 'uchar',
  'unsigned int': 'uint',
  'long long': 'longlong',
};

const range = fc
  .integer({ min: 0, max: length - 1 })
  .chain((start) => fc.record({ start: fc.constant(start), count: fc.integer({ min: 0, max: length - start }) }));
const operation = fc.oneof(
  fc.record({
    kind: fc.constant('memset' as const),
    target: fc.constantFrom('a', 'b'),
    range,
    byte: fc.constantFrom(0, -1, 1, 7, 128, 255),
  }),
  fc.record({
    kind: fc.constant('memsetWhole' as const),
    target: fc.constantFrom('a', 'b'),
    byte: fc.constantFrom(0, -1, 7, 255),
  }),
  fc.record({
    kind: fc.constant('memcpy' as const),
    count: fc.integer({ min: 0, max: length }),
    to: fc.integer({ min: 0, max: length }),
    from: fc.integer({ min: 0, max: length }),
    reversed: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('pointer' as const),
    offset: fc.integer({ min: 0, max: length - 1 }),
    write: fc.nat(),
    read: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('deref' as const),
    write: fc.integer({ min: 0, max: length - 1 }),
    read: fc.integer({ min: 0, max: length - 1 }),
  }),
);
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

function operationText(item: Operation, type: string): string {
  switch (item.kind) {
    case 'memset':
      return `  memset(${item.target} + ${item.range.start}, ${item.byte}, ${item.range.count} * sizeof(${type}));`;
    case 'memsetWhole':
      return `  memset(${item.target}, ${item.byte}, sizeof(${item.target}));`;
    case 'memcpy': {
      const count = Math.min(item.count, length - item.to, length - item.from);
      const [to, from] = item.reversed ? ['a', 'b'] : ['b', 'a'];
      return `  memcpy(${to} + ${item.to}, ${from} + ${item.from}, sizeof(${type}) * ${count});`;
    }
    case 'pointer': {
      const room = length - item.offset;
      return `  { ${type} *p = a + ${item.offset}; p[${item.write % room}] = p[${item.read % room}] + 1; b[0] = *p; }`;
    }
    case 'deref':
      return `  *(b + ${item.write}) = *(a + ${item.read});`;
    default: {
      const never: never = item;
      throw new Error(`unknown operation ${JSON.stringify(never)}`);
    }
  }
}

const programs = fc
  .record({ type: fc.constantFrom(...types), operations: fc.array(operation, { minLength: 1, maxLength: 4 }) })
  .map(({ type, operations }) => {
    const cells = Array.from({ length }, (_, index) => [`a[${index}]`, `b[${index}]`]).flat();
    const source = [
      '#include <string.h>',
      'extern void reach_error(void);',
      `extern ${type} __VERIFIER_nondet_${nondet[type]}(void);`,
      'int main(void) {',
      `  ${type} a[${length}] = {0}; ${type} b[${length}] = {0};`,
      `  for (int i = 0; i < ${length}; i++) { a[i] = __VERIFIER_nondet_${nondet[type]}(); b[i] = __VERIFIER_nondet_${nondet[type]}(); }`,
      ...operations.map((item) => operationText(item, type)),
      `  ${observationMarker}`,
      '  return 0;',
      '}',
    ].join('\n');
    return { source, observed: cells };
  });

describeWith([gccRequirement()], 'memory functions and pointers into arrays against gcc', () => {
  itWith(
    [gccRequirement()],
    'the interpreter agrees with the native run on every observed cell',
    { timeout: 600_000 },
    () => {
      let compared = 0;
      const inputs = (seed: number): bigint[] =>
        Array.from({ length: 2 * length }, (_, index) => BigInt(((seed * 37 + index * 101) % 600) - 300));
      fc.assert(
        fc.property(programs, (program) => {
          const result = compareWithGcc(program, [inputs(1), inputs(2)], { dataModel: 'LP64' });
          expect(result.kind, `${result.kind === 'compared' ? '' : result.reason}\n${program.source}`).toBe('compared');
          if (result.kind !== 'compared') return;
          for (const run of result.runs) {
            expect(
              run.verdict.kind,
              `${JSON.stringify(run.verdict, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))}\n${program.source}`,
            ).not.toBe('disagree');
            if (run.verdict.kind === 'agree') compared++;
          }
        }),
        { numRuns: 40, seed: 20261128 },
      );
      expect(compared).toBeGreaterThanOrEqual(60);
    },
  );
});
