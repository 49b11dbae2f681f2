// bench/triangular-self (issue 43, class 5): triangular nests that add a cell's own unknown value,
// `for i < n: for j >= i: b[j] += a[j]` (and j <= i, subtraction, 2 * a[j], a start at c or at a[j],
// an addition only where a[j] > 0, an in-place a[j] += copy[j]), with a read once and bounded
// (|a[j]| <= 10000), checked cell by cell as b[j] == b0 + (j + 1) * a[j] or summed. Natively (gcc,
// UBSan, signed overflow trapped) for n = 1 … 200 on five value patterns: a safe program never reaches
// the error, a buggy twin does. Through `encode verify` (Debian z3, --timeout 10): 8 of 8 bugs found,
// 8 of 8 safe programs proven: viap's per-cell sums take a step that is a cell of an array the nest
// does not write (bench/triangular-self/README.md).

import { describeMeasuredFamily } from '../support/measured-family.js';

const values = (value: (position: number) => number): string =>
  Array.from({ length: 260 }, (_, position) => String(value(position))).join('\n');
const tails = [
  values((position) => ((position * 37) % 201) - 100),
  values(() => 7),
  values(() => -3),
  values((position) => position),
  values((position) => (position === 2 ? 20000 : 1)),
];

describeMeasuredFamily('triangular-self', {
  inputs: [1, 2, 3, 5, 8, 50, 200].flatMap((size) => tails.map((tail) => `${size}\n${tail}`)),
});
