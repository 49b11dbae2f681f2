// bench/unsigned-3d (issue 43, class 3): three-dimensional VLAs a[n][m][p] of unsigned int cells with
// unsigned sizes and counters: a partial block copied (planes below a chosen q, rows below m / 2),
// cells initialised by a non-constant expression (an unsigned counter in row-major order, sizes minus
// indices), maximum and minimum (of the whole array and of each plane), a clamp in place, a reversal
// along the three axes, a shift that wraps modulo 2^32 and back, and counts over the cells whose sum
// or bound is the nest's iteration count (two and three threshold counters, zeros at most n·m·p, and
// even and odd cells of a 2-D array); the sizes are checked by early returns of main
// (`if (!(…)) return 0;`). Natively (gcc, UBSan, signed overflow trapped) for sizes 1 … 4 on four
// value patterns (increasing, small remainders, near UINT_MAX, constant): a safe program never
// reaches the error, a buggy twin does. Through `encode verify` (Debian z3): every bug found, every
// safe program proven (bench/unsigned-3d/README.md; the counts by the template prover).

import { describeMeasuredFamily } from '../support/measured-family.js';

const values = (value: (position: number) => number): string =>
  Array.from({ length: 200 }, (_, position) => String(value(position))).join('\n');
const tails = [
  values((position) => position),
  values((position) => (position * 5) % 9),
  values((position) => 4294967295 - position),
  values(() => 5),
];
const sizes = ['1\n1\n1', '2\n3\n4', '3\n2\n1', '4\n4\n4', '2\n2\n3', '0\n1\n1', '21\n1\n1'];

describeMeasuredFamily('unsigned-3d', {
  inputs: sizes.flatMap((head) => tails.map((tail) => `${head}\n${tail}`)),
});
