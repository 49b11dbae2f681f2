// The time budget as the CPU-bound layers see it (term rewriting, read-over-write elimination,
// term printing, the symbolic executor's unrolling, accel's summaries, …): the kernel runs each
// encoding within its budget (`runWithin`, kernel/run-encoding.ts), and a long phase calls `budgetTick`
// in its inner loop (or `checkBudget` between steps). Once the budget is spent the call throws
// `BudgetExhausted` naming the phase; the kernel catches it and answers UNKNOWN (timeout) with that
// phase in the reason. A solver call is cut by its own timeout (kernel/budgeted-solver.ts); this is
// for the work between solver calls, which no timer can interrupt (Node runs it on one thread, so a
// `setTimeout` watchdog fires only when the phase is over).
//
// The budget is found through the asynchronous context (AsyncLocalStorage), so the layers below the
// kernel need no budget parameter, and the two lanes of the portfolio each see their own. Outside
// `runWithin` (unit tests calling an encoder directly) the checks do nothing.
//
// Soundness: stopping a phase only ever turns a run into UNKNOWN; no verdict is made from a
// stopped phase.

import { AsyncLocalStorage } from 'node:async_hooks';

/** what a phase needs to know of a budget (kernel/budget.ts `Budget` is one) */
export interface Deadline {
  /** whether too little is left to go on */
  expired(): boolean;
}

/** the budget ran out during `phase`: thrown by the checks, caught by the kernel (or an encoder that stops one part early) */
export class BudgetExhausted extends Error {
  override readonly name = 'BudgetExhausted';
  constructor(readonly phase: string) {
    super(`the time budget ran out during ${phase}`);
  }
}

/** one budget in force: the run's (kernel/run-encoding.ts), or a part's within it; the last phase that checked it */
export interface BudgetScope {
  readonly deadline: Deadline;
  /** the scope this one narrows, whose budget is checked too */
  readonly parent: BudgetScope | undefined;
  /** the phase of the last check, or undefined before the first (for the running record of the CLI) */
  phase: string | undefined;
  /** the phase times of the run's encoder so far (kernel/outcome.ts attaches its recorder's) */
  times?: Readonly<Record<string, number>>;
}

const scopes = new AsyncLocalStorage<BudgetScope>();

/** a scope for `deadline` within the one in force (if any), to run code in with `runInScope` */
export function budgetScope(deadline: Deadline): BudgetScope {
  return { deadline, parent: scopes.getStore(), phase: undefined };
}

/**
 * Makes `times` (an encoder's phase times, filled as it goes) the times of the run in force: its
 * outermost scope, unless that has some already. The kernel reports them when the budget stops
 * the run, and the CLI's running record shows them.
 */
export function attachPhaseTimes(times: Readonly<Record<string, number>>): void {
  let scope = scopes.getStore();
  while (scope?.parent !== undefined) scope = scope.parent;
  if (scope !== undefined) scope.times ??= times;
}

/** Runs `action` (and everything it awaits) within `scope`: the checks below throw once its budget, or an enclosing one, has expired. */
export function runInScope<T>(scope: BudgetScope, action: () => T): T {
  return scopes.run(scope, action);
}

/** `runInScope` with a new scope for `deadline`: an encoder that gives one part of its work a share of the budget */
export function runWithin<T>(deadline: Deadline, action: () => T): T {
  return runInScope(budgetScope(deadline), action);
}

/** Throws `BudgetExhausted(phase)` when the budget in force (or an enclosing one) has expired. */
export function checkBudget(phase: string): void {
  for (let scope = scopes.getStore(); scope !== undefined; scope = scope.parent) {
    scope.phase = phase;
    if (scope.deadline.expired()) throw new BudgetExhausted(phase);
  }
}

/** calls of `budgetTick` between two real checks: a check costs a clock read, a tick an increment */
const ticksBetweenChecks = 1024;
let ticks = 0;

/**
 * For inner loops: every `ticksBetweenChecks`-th call is a `checkBudget(phase)`. One counter is
 * shared by all phases (a check every so many steps of whatever runs), so it costs an increment.
 */
export function budgetTick(phase: string): void {
  if (++ticks % ticksBetweenChecks === 0) checkBudget(phase);
}
