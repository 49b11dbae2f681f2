// The time budget of one encoding run: one deadline, handed to every solver call (see
// budgeted-solver.ts) and every loop of an encoder that could run long (deepening, counterexample
// search, replay). A part of the work may get a share of what remains (`share`), never more: a
// sub-budget's deadline is at most its parent's, so `--timeout S` bounds the whole run.
//
// The clock is injectable so that tests can drive it; the encoders use the real one. An abort
// signal ends a budget early (every share with it), and budgeted solver calls pass it on, so an
// external solver process is killed at once.
//
// The work between solver calls (rewriting, read-over-write elimination, printing, unrolling,
// summarising) checks the same budget: the kernel runs each encoding within it (budget-check.ts),
// and such a phase calls `checkBudget`/`budgetTick`; once it is spent they throw `BudgetExhausted`,
// which the kernel turns into UNKNOWN (timeout) naming the phase (run-encoding.ts).

import { performance } from 'node:perf_hooks';
import type { Deadline } from '../budget-check.js';

export { BudgetExhausted } from '../budget-check.js';

export type Clock = () => number;

const realClock: Clock = () => performance.now();

/** below this many milliseconds a budget counts as spent: a solver call could not even start */
export const minimumUsefulMilliseconds = 50;

export class Budget implements Deadline {
  private constructor(
    /** absolute deadline on `clock`'s time line, in milliseconds */
    readonly deadline: number,
    private readonly clock: Clock,
    /** aborted: nothing remains (the portfolio stops a stage whose verdict is no longer needed) */
    readonly signal: AbortSignal | undefined,
  ) {}

  /** a budget of `milliseconds` from now, ended early when `signal` aborts */
  static start(milliseconds: number, clock: Clock = realClock, signal?: AbortSignal): Budget {
    return new Budget(clock() + Math.max(0, milliseconds), clock, signal);
  }

  /** milliseconds left, never negative; 0 once aborted */
  remaining(): number {
    if (this.signal?.aborted === true) return 0;
    return Math.max(0, this.deadline - this.clock());
  }

  /** whether too little is left to start anything */
  expired(): boolean {
    return this.remaining() < minimumUsefulMilliseconds;
  }

  /** a part of what remains: `fraction` of it (0 < fraction <= 1), ending no later than this budget */
  share(fraction: number): Budget {
    return new Budget(this.clock() + this.remaining() * Math.min(1, Math.max(0, fraction)), this.clock, this.signal);
  }

  /**
   * the budget's end as a deadline on performance.now()'s time line (what the interpreter's runs
   * take, src/interp/run-types.ts), at least `floorMilliseconds` from now; computed from what
   * remains, so it holds for an injected clock too
   */
  interpreterDeadline(floorMilliseconds = 0): number {
    return performance.now() + Math.max(floorMilliseconds, this.remaining());
  }

  /** the timeout to give one solver call: what remains, at least one millisecond */
  solverTimeout(requested: number = Number.POSITIVE_INFINITY): number {
    return Math.max(1, Math.floor(Math.min(requested, this.remaining())));
  }
}
