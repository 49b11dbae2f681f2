// The outcome of one solve, recorded as an encoder goes: phase times (milliseconds per phase; a
// phase run several times adds up), details for --json, and the report printed after the verdict.
// Every encoder's `solve` builds its SolveOutcome through one recorder instead of its own
// times/details/report/done setup. Nothing here decides a verdict.

import { performance } from 'node:perf_hooks';
import { attachPhaseTimes } from '../budget-check.js';
import type { Verdict } from '../verdict.js';
import type { SolveOutcome } from './encoder.js';

export type PhaseTimer = <T>(name: string, action: () => Promise<T>) => Promise<T>;

export class OutcomeRecorder {
  readonly times: Record<string, number> = {};
  /** facts for --json (unwinding used, shrink factor, …): for people and scripts, never read by code */
  readonly details: Record<string, unknown> = {};
  /** lines printed after the verdict, when the encoder's --show-… option asks for them */
  readonly report: string[] = [];
  private readonly showReport: boolean;

  constructor(settings: { readonly showReport?: boolean; readonly details?: Readonly<Record<string, unknown>> } = {}) {
    this.showReport = settings.showReport === true;
    Object.assign(this.details, settings.details ?? {});
    // the run's record sees these times as they grow (a run the budget stops still reports them)
    attachPhaseTimes(this.times);
  }

  /** runs an asynchronous phase and adds its time to `times[name]` */
  readonly timed: PhaseTimer = async <T>(name: string, action: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await action();
    } finally {
      this.addTime(name, performance.now() - started);
    }
  };

  /** runs a synchronous phase and adds its time to `times[name]` */
  measure<T>(name: string, action: () => T): T {
    const started = performance.now();
    try {
      return action();
    } finally {
      this.addTime(name, performance.now() - started);
    }
  }

  addTime(name: string, milliseconds: number): void {
    this.times[name] = (this.times[name] ?? 0) + milliseconds;
  }

  /** the outcome with this verdict: the times, details and (if asked for) the report so far */
  done(verdict: Verdict): SolveOutcome {
    return { verdict, times: this.times, details: this.details, ...(this.showReport ? { report: this.report } : {}) };
  }
}
