// bench/arrays-3d (issue 27: three dimensions): copy, fill, transpose, reverse, scale, add, clamp,
// diagonal, minimum and maximum, a block of planes copied, plane maxima, shift and a triangular nest over a[i][j][k]; each safe
// program with a buggy twin. Natively (gcc, UBSan on): a safe program completes for n = 1 … 5 with
// m = 3, p = 4 (cells of a small pattern, or 0 but for one cell after the first) and with m = p = 1 (cells all equal), a
// buggy one reaches reach_error for some input.
// Through `encode verify` (the portfolio, 15 s under the suite's load): every program gets its expected verdict.
// (The copy of a partial block of 10^9 cells, whose bug no run can reach, is in bench/budget-3d with the budget's tests.)

import { describeStandardFamily } from '../support/bench-family.js';

const pattern = Array.from({ length: 400 }, (_, index) => String(((index * 5) % 9) - 2)).join('\n');
const spike = Array.from({ length: 400 }, (_, index) => (index === 1 ? '100' : '0')).join('\n');
const manyInputs =
  'reads 10^6 inputs, more than the stdin harness holds (test/encoders/runs.test.ts has gcc confirm the bug of the buggy twin)';

describeStandardFamily('arrays-3d', {
  sizes: [1, 2, 3, 4, 5],
  otherInputs: [`3\n4\n${pattern}`, `3\n4\n${spike}`, `1\n1\n${Array.from({ length: 400 }, () => '5').join('\n')}`],
  notRunNatively: { 'reverse-3d-safe.c': manyInputs, 'reverse-3d-unsafe.c': manyInputs },
  // 25 s: in the full suite another test file runs beside this one. viap proves reverse-3d-safe on the
  // program with its constant 100 generalised to N (0.75 s on an idle machine, after 0.45 s on the
  // program as it is); at a half of the rest of its slice that proof ran out of time in CI at 25 s (and
  // on an idle machine at 10 s); it now takes 0.85 when it is the last attempt (3.5 s in all at 10 s,
  // idle; 7.1 to 7.6 s at 25 s beside two busy loops) (bench/arrays-3d/README.md)
  timeoutMilliseconds: 25_000,
});
