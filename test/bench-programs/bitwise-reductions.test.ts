// bench/bitwise-reductions (issue 43, class 2): one array folded twice and the results compared —
// with `^`, `|`, `&` in different orders (forward and backward, in halves, in pairs, from a cell or
// from the unit), over a rotated copy (by one, by a chosen s), or through a helper that returns an
// average (a long long sum divided by the size) before and after a reversal or in strided parts.
// Natively (gcc, UBSan, signed overflow trapped) on 18 input sequences (patterns, powers of two and
// their complements, one cell that alone holds or lacks a bit): a safe program never reaches the
// error, a buggy twin does. Through `encode verify` (Debian z3, --timeout 10): 9 of 9 bugs found
// (and-split and or-rotate-by-s by the deepened bmc stage, their loops' constant bounds of 64 and 20
// unrolled completely), 9 of 9 safe programs proven (the bitwise folds by the program pass of
// kernel/reordered-folds.ts; bench/bitwise-reductions/README.md).

import { describeMeasuredFamily } from '../support/measured-family.js';

/** `head` (a size, or the first cell of a constant-size array), then 1100 values; `value` gets the position in the whole input */
const sequence = (head: number, value: (position: number) => number): string =>
  [head, ...Array.from({ length: 1100 }, (_, index) => value(index + 1))].join('\n');

describeMeasuredFamily('bitwise-reductions', {
  inputs: [
    ...[3, 40, 1000].flatMap((head) =>
      [0, 1, 2, 3].map((seed) => sequence(head, (position) => ((position * 37 + seed * 101) % 2001) - 1000)),
    ),
    sequence(3, () => -1),
    sequence(2, (position) => (position === 1 ? 1 : 0)),
    sequence(2, (position) => (position === 19 ? 1 : 0)),
    sequence(-1, (position) => (position === 32 ? 0 : -1)),
    sequence(30, (position) => 2 ** (position % 30)),
    sequence(30, (position) => -(2 ** (position % 30)) - 1),
  ],
});
