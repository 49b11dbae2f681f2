// What the viap translation records about a summarised loop for later use, held by the collector
// (translate.ts): the loop's exact iteration count (loops.ts `exitCount`; the proofs on the
// iteration count, iteration-proofs.ts, read it) and the order lemmas of its recurrences
// (monotone.ts; later loops' order questions read them). Types only: they sit below translate.ts,
// so the collector holds them without importing the files that compute them.

import type { Polynomial } from '../../analysis/polynomial.js';
import type { SymbolTerm, Term } from '../../smt/terms.js';
import type { AtomTable } from './polynomial-terms.js';

/** the exact iteration count N_L of a loop whose condition is affine in its counter (loops.ts `exitCount`) */
export interface ExitCount {
  /** max(0, quotient) */
  readonly count: Term;
  /** ⌈−b/s⌉: the count when it is not negative */
  readonly quotientTerm: Term;
  /** ⌈−b/s⌉ as a polynomial when s = 1 (over the names of `atoms`), for induction on the count */
  readonly quotient: Polynomial | undefined;
  readonly atoms: AtomTable;
  /**
   * the count holds only where quotientTerm >= 0 is shown: `n + b != 0` stops at n = −b when −b >= 0
   * and never stops otherwise, so max(0, quotient) would be wrong there
   */
  readonly onlyWhenNonNegative: boolean;
}

/** the direction of an order lemma (monotone.ts): x never moves down (up) or never moves up (down) */
export type Direction = 'up' | 'down';

/** x(P, n) >= value(P, j) for 0 <= j < n (or <=), a lemma stated without facts (composedLemmas reads it) */
export interface ValueBound {
  readonly parameters: readonly SymbolTerm[];
  readonly counter: SymbolTerm;
  readonly value: Term;
  readonly direction: Direction;
}
