// Floors of the counts the encoder tests measure (decided verdicts, SAFE or UNSAFE answers): a test
// records what it measured at its own budget on the loaded 2-core machine (with Debian z3 in a full
// test run, with z3-wasm in a run of the encoder tests under ENCODE_TEST_SOLVER=z3-wasm) and
// asserts a floor a little below it, so that a regression (to "UNKNOWN everywhere", or a lost class
// of programs) fails while the load of CI does not. The tests' solver is Debian's z3 when installed
// (as in CI), else the embedded z3-wasm (a clone without z3; test/support/solver.ts), which decides
// less at some budgets: a count may be recorded for each.

import type { Solver } from '../../src/solvers/solver.js';

/** ~10% below `measured`, at least 1 below it, and at least 1 (a floor of 0 could not fail) */
export function floorBelow(measured: number): number {
  return Math.max(1, Math.min(measured - 1, Math.floor(measured * 0.9)));
}

/** the floor below what was measured with `solver`: `z3` (Debian's executable), `wasm` (z3-wasm); another solver gets the lower */
export function floorFor(solver: Solver, measured: number | { readonly z3: number; readonly wasm: number }): number {
  if (typeof measured === 'number') return floorBelow(measured);
  const count =
    solver.name === 'z3'
      ? measured.z3
      : solver.name === 'z3-wasm'
        ? measured.wasm
        : Math.min(measured.z3, measured.wasm);
  return floorBelow(count);
}
