// bench/gotos (issue 27, item 4: goto inside a function): loops and jumps written with labels as
// CIL and CFA reducers emit them, placed in structured statements by src/ir/lower/gotos.ts.
// Natively (gcc, UBSan on), with n = 3 … 10 and 33: a safe program completes, a buggy twin reaches
// reach_error for some n. Through `encode verify` (the portfolio, 10 s): every program gets its
// expected verdict.

import { describeStandardFamily } from '../support/bench-family.js';

describeStandardFamily('gotos', {
  sizes: [3, 4, 5, 6, 7, 8, 9, 10, 33],
  otherInputs: Array.from({ length: 120 }, (_, index) => String(((index * 5) % 9) - 2)).join('\n'),
});
