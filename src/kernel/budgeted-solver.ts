// A solver that never runs past a budget: every call's timeout is cut to what remains of the
// budget, and a call made when nothing remains answers unknown ('timeout') without starting the
// solver. The kernel hands encoders only this wrapper, so no encoder can give a solver call more
// time than the run has left. It also counts the calls and their answers for the run's record.

import type { ChcSystem, SmtScript } from '../smt/terms.js';
import { timeoutReason, type CheckOptions, type Solver, type SolverResult } from '../solvers/solver.js';
import type { Budget } from './budget.js';

export interface SolverCallStatistics {
  calls: number;
  sat: number;
  unsat: number;
  unknown: number;
  /** calls not started because the budget was spent */
  skipped: number;
}

export interface BudgetedSolver extends Solver {
  readonly statistics: Readonly<SolverCallStatistics>;
}

export function budgetedSolver(solver: Solver, budget: Budget): BudgetedSolver {
  const statistics: SolverCallStatistics = { calls: 0, sat: 0, unsat: 0, unknown: 0, skipped: 0 };
  const call = async (
    run: (options: CheckOptions) => Promise<SolverResult>,
    options: CheckOptions,
  ): Promise<SolverResult> => {
    if (budget.expired()) {
      statistics.skipped++;
      return { kind: 'unknown', reason: timeoutReason };
    }
    statistics.calls++;
    const result = await run({
      ...options,
      timeoutMilliseconds: budget.solverTimeout(options.timeoutMilliseconds),
      ...(budget.signal === undefined ? {} : { signal: budget.signal }),
    });
    statistics[result.kind]++;
    return result;
  };
  return {
    name: solver.name,
    ...(solver.concurrent === undefined ? {} : { concurrent: solver.concurrent }),
    statistics,
    checkScript: (script: SmtScript, options: CheckOptions) =>
      call((limited) => solver.checkScript(script, limited), options),
    checkChc: (system: ChcSystem, options: CheckOptions) =>
      call((limited) => solver.checkChc(system, limited), options),
    ...(solver.checkText === undefined
      ? {}
      : {
          checkText: (text: string, options: CheckOptions) =>
            call((limited) => solver.checkText!(text, limited), options),
        }),
    // the back end belongs to whoever created it: the wrapper releases nothing
    dispose: async () => undefined,
  };
}
