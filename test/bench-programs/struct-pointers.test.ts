// bench/struct-pointers (issue 27, item 4: arrays of pointers to structs): each cell NULL or a struct
// allocated for it through a local pointer that may be NULL, then loads (`struct S *t = a[i]`) or
// direct dereferences (`a[i]->v`) checked; src/ir/lower/struct-rows.ts. Natively (gcc, UBSan on), with
// n = 3 … 10 and 33: a safe program completes, a buggy twin reaches reach_error for some n. Through
// `encode verify` (the portfolio, 10 s): every program gets its expected verdict.

import { describeStandardFamily } from '../support/bench-family.js';

describeStandardFamily('struct-pointers', {
  sizes: [3, 4, 5, 6, 7, 8, 9, 10, 33],
  otherInputs: Array.from({ length: 120 }, (_, index) => String(((index * 5) % 9) - 2)).join('\n'),
});
