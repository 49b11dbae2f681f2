// bench/loop-forms: array programs written in every loop form the front end lowers — do-while (with
// `continue`, `break`, `++i < n` and `i++ < n` tests, counting down, nested in a for), `for` loops
// without a condition whose exit sits in the body, updates that call a helper or step two counters,
// `for (;;)` / `while (1)` with several exits, break and continue in nested loops, `switch` in a loop
// (with and without fall-through), early returns from main and from a helper inside loops, loops
// stepping by 2 and 3 up and down, and backward/forward gotos (src/ir/lower/gotos.ts's shapes).
// Natively (gcc, UBSan on), with n = 1 … 6, 10 and 33 and four lists of nondet values after n: a safe
// program completes, a buggy twin reaches reach_error for some run. Through `encode verify` (the
// portfolio, 10 s): every buggy twin is found and 22 of the 25 safe programs are proven; the three in
// unprovenSafe are left UNKNOWN (never UNSAFE), measured with Debian z3.

import { describeStandardFamily } from '../support/bench-family.js';

/** repeats `pattern` to 300 values, one per line */
const cycle = (pattern: readonly number[]): string =>
  Array.from({ length: 300 }, (_, index) => String(pattern[index % pattern.length])).join('\n');

describeStandardFamily('loop-forms', {
  sizes: [1, 2, 3, 4, 5, 6, 10, 33],
  otherInputs: [
    cycle([-2, 3, -1, 4, 0, 5, 1, 6, 2]),
    cycle([-3, 4, 0, 7, 3, -1, 6, 2, -2, 5, 1]),
    cycle([1, 2, 0, 3]),
    cycle([2, -1, 5, 0, 9, 12, -4, 3, 8, 1]),
  ],
  unprovenSafe: {
    'do-postinc-sum-safe.c':
      "the sum 3n after `while (j++ < n)`: viap times out, witness's abstraction has a spurious counterexample",
    'for-next-nonzero-safe.c':
      "a loop in a loop's update (the helper next_nonzero inlined into the for update), moved into the body by the kernel: viap, bmc and chc time out",
    'for-reverse-swap-safe.c':
      'an in-place reversal with two counters: induct needs a bound linear in n, viap times out',
  },
});
