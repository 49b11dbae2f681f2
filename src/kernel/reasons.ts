// Building typed UNKNOWN reasons from what the layers below say: a solver's `unknown` answer is a
// timeout exactly when the back end reports the shared `timeoutReason` (solvers/solver.ts), which
// each back end normalises to; everything else a solver says is `solverUnknown`.

import { timeoutReason, type SolverResult } from '../solvers/solver.js';
import { unknownReason, type UnknownReason } from '../verdict.js';

type UnknownAnswer = Extract<SolverResult, { kind: 'unknown' }>;

/** `prefix` says which query it was, e.g. 'bmc' or 'shrink: residual program' */
export function solverUnknown(prefix: string, result: UnknownAnswer): UnknownReason {
  if (result.reason === timeoutReason) return unknownReason('timeout', `${prefix}: timeout`);
  return unknownReason('solverUnknown', `${prefix}: solver answered unknown (${result.reason})`);
}

/** the budget ran out before `what` */
export function budgetSpent(prefix: string, what?: string): UnknownReason {
  return unknownReason('timeout', what === undefined ? `${prefix}: timeout` : `${prefix}: timeout before ${what}`);
}
