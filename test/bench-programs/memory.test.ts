// bench/memory (issue 27, item 4): memset (whole, inner ranges, byte patterns), memcpy (whole, into
// an offset), a pointer bound to `a + 2`, an array passed as `a + 1`, `*(a + i)`; each safe program
// with a buggy twin. Natively (gcc, UBSan on): a safe program completes for n = 3 … 10 and 33, a buggy
// one reaches reach_error for some n. Through `encode verify` (the portfolio, 10 s): every program
// gets its expected verdict, with no internal error or unsupported construct on the way.

import { describeStandardFamily } from '../support/bench-family.js';

describeStandardFamily('memory', {
  sizes: [3, 4, 5, 6, 7, 8, 9, 10, 33],
  otherInputs: Array.from({ length: 80 }, (_, index) => String(((index * 5) % 9) - 2)).join('\n'),
});
