// bench/mod-counts (issue 43, class 4): counts modulo k bounded by a limit — cells whose index (i % 3,
// i % 4, i % 5, i % k for a chosen k) or value (v % 4, v % 8) satisfies a modulo condition are
// counted, zeroed or marked while the count is below a chosen limit (or until it reaches it), then
// recounted and checked against the limit, the number of such indices below n, or their minimum.
// Natively (gcc, UBSan, signed overflow trapped) for (n, limit) from (1, 1) to (1000, 7) (6 and 12: a
// multiple of 6, where n / 6 and (n - 1) / 6 differ) on four
// value patterns: a safe program never reaches the error, a buggy one does (each pair's twin, and four
// near misses: a cap tested with <=, the other cells zero at even indices, the last index zeroed too, a
// recount missing the first cell). Through `encode verify` (Debian z3, --timeout 10): 15 of 15 bugs
// found, 11 of 11 safe programs proven, 0 wrong
// (bench/mod-counts/README.md).

import { describeMeasuredFamily } from '../support/measured-family.js';

const values = (value: (position: number) => number): string =>
  Array.from({ length: 2100 }, (_, position) => String(value(position))).join('\n');
const tails = [
  values(() => 2),
  values(() => 0),
  values((position) => position % 13),
  values((position) => (position * 7) % 10),
];
const heads = [
  '1\n1',
  '2\n1',
  '3\n3',
  '5\n0',
  '6\n1',
  '12\n12',
  '10\n1',
  '10\n2',
  '17\n17',
  '33\n5',
  '100\n100',
  '1000\n7',
  '0\n0',
];

describeMeasuredFamily('mod-counts', {
  inputs: heads.flatMap((head) => tails.map((tail) => `${head}\n${tail}`)),
  // 11 of 11 safe proven (viap, witness), 15 of 15 buggy found
  minPairs: 11,
});
