// bench/mod-counts (issue 43, class 4): counts modulo k bounded by a limit — cells whose index (i % 3,
// i % 4, i % 5, i % k for a chosen k) or value (v % 4, v % 8) satisfies a modulo condition are
// counted, zeroed or marked while the count is below a chosen limit (or until it reaches it), then
// recounted and checked against the limit, the number of such indices below n, or their minimum.
// Natively (gcc, UBSan, signed overflow trapped) for (n, limit) from (1, 1) to (1000, 7) on four
// value patterns: a safe program never reaches the error, a buggy twin does. Through `encode verify`
// (Debian z3, --timeout 10): 8 of 8 bugs found, 2 of 8 safe programs proven (bench/mod-counts/README.md).

import { describeMeasuredFamily } from '../support/measured-family.js';

const values = (value: (position: number) => number): string =>
  Array.from({ length: 2100 }, (_, position) => String(value(position))).join('\n');
const tails = [
  values(() => 2),
  values(() => 0),
  values((position) => position % 13),
  values((position) => (position * 7) % 10),
];
const heads = ['1\n1', '2\n1', '3\n3', '5\n0', '10\n1', '10\n2', '17\n17', '33\n5', '100\n100', '1000\n7', '0\n0'];

describeMeasuredFamily('mod-counts', {
  inputs: heads.flatMap((head) => tails.map((tail) => `${head}\n${tail}`)),
  unprovenSafe: {
    'capped-mod5-exact-safe.c':
      'the zeros of i % 5 counted up to limit: exactly min(limit, (n + 4) / 5): viap times out',
    'index-mod3-limit-safe.c':
      'multiples of 3 zeroed while fewer than limit, recounted: at most limit and (n + 2) / 3: viap times out',
    'mod4-one-zeros-safe.c':
      'cells with i % 4 == 1 zeroed while fewer than limit: at most (n + 2) / 4 zeros: viap times out',
    'running-mod4-bound-safe.c':
      'a capped running count of cells 4i with 4i % 16 == 0, checked in the loop against i / 4 + 1: viap times out',
    'unsigned-mod8-limit-safe.c':
      'unsigned values 0 modulo 8 clear their cell while the count is below limit: cleared cells == count: induct takes no unsigned counter, viap times out',
    'value-mod4-marks-safe.c':
      'cells whose value is 2 modulo 4 marked while fewer than limit: the marks recounted == the count: viap times out',
  },
});
