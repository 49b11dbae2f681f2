// bench/sum-writes (issue 43, class 1): arrays of a size read from a nondeterministic short converted
// to long long, zeroed, then a `while (1)` loop that writes cells of one to three arrays at a chosen
// index with values built from it (−1 · k, 2 · k, 3 · k, k², another value at the first or the last
// index, at the middle index or at even indices) until a nondeterministic value says stop; then a sum over all arrays
// checked against a bound, an equality or a disjunction of closed forms; and four near misses (buggy
// only) that the over-approximation of analysis/chosen-index-writes.ts must refuse (a value reading the
// cell it writes, a loop-carried counter, an inclusive upper bound, a write at k + 1). Natively (gcc,
// UBSan, signed overflow trapped) for sizes 1 … 10 and 1000, writing every index up or down, the last
// index only, index 1 or the index size: a safe program never reaches the error, a buggy one does.
// Through `encode verify` (measured with Debian z3 at --timeout 10): 18 of 18 bugs found, 14 of 14 safe
// programs proven (the loop of writes over-approximated by a choice at every index,
// analysis/chosen-index-writes.ts; the sums with another value at the last index by viap's guess of a
// sum changing at one index alone, encoders/viap/change-points.ts) (bench/sum-writes/README.md).

import { describeMeasuredFamily } from '../support/measured-family.js';

const lines = (values: readonly number[]): string => values.join('\n');
const runsOfSize = (size: number): string[] => {
  const indices = Array.from({ length: size }, (_, index) => index);
  /** writes at `order`, continuing after each but the last */
  const writes = (order: readonly number[]): number[] =>
    order.flatMap((index, position) => [index, position === order.length - 1 ? 0 : 1]);
  return [
    writes(indices),
    writes([...indices].reverse().concat([size - 1])),
    writes([size - 1]),
    writes([Math.min(1, size - 1), Math.min(1, size - 1)]),
  ].map((values) => lines([size, ...values]));
};

describeMeasuredFamily('sum-writes', {
  minPairs: 14,
  inputs: [
    ...[1, 2, 3, 4, 5, 7, 10, 1000].flatMap(runsOfSize),
    '0',
    '-3',
    '1001',
    lines([4, 2, 1, 9]),
    lines([1, 1, 0]),
    lines([3, 3, 0]),
  ],
});
