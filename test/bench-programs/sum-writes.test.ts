// bench/sum-writes (issue 43, class 1): arrays of a size read from a nondeterministic short converted
// to long long, zeroed, then a `while (1)` loop that writes cells of two or three arrays at a chosen
// index with values built from it (−1 · k, 2 · k, k², another value at the first or the last index or
// at even indices) until a nondeterministic value says stop; then a sum over all arrays checked
// against a bound, an equality or a disjunction of closed forms. Natively (gcc, UBSan, signed
// overflow trapped) for sizes 1 … 10 and 1000, writing every index up or down, the last index only,
// or index 1: a safe program never reaches the error, a buggy twin does. Through `encode verify`
// (measured with Debian z3 at --timeout 10): 9 of 9 bugs found, 4 of 9 safe programs proven; the
// five below are the prover's targets (bench/sum-writes/README.md).

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
  inputs: [...[1, 2, 3, 4, 5, 7, 10, 1000].flatMap(runsOfSize), '0', '-3', '1001', lines([4, 2, 1, 9])],
  unprovenSafe: {
    'double-three-arrays-safe.c':
      'three arrays summed in three separate loops, writes 2k, -k, -k: viap times out on the induction, witness and labmc abstractions too coarse',
    'first-index-bound-safe.c': 'a different value at index 0, sum bounded in [0, 1]: viap times out',
    'index-sum-bound-safe.c':
      'one array, a[k] = k: the bound size * (size - 1) / 2 needs every cell bounded by its index (cell values bounded by their writes): viap times out',
    'last-index-disjunction-safe.c':
      'a different value at the last index, the sum is 0 or size - 1 (a disjunction of closed forms): viap times out',
    'sign-bound-safe.c':
      'writes 2k and -k: the sum grows by k per written index, a bound in [0, size * (size - 1) / 2] (deltas whose sign is known): viap times out',
  },
});
