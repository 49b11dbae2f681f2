// The running record of one command: every stage (an encoding run through the kernel, one per
// attempt of the portfolio) as it starts and ends, with its verdict, its time, the phase it was last
// seen in and the phase times its encoder recorded so far. The kernel keeps it up to date
// (run-encoding.ts `runEncoding`); the CLI prints it with the verdict, and its watchdog, which ends a run
// the kernel did not stop in time, prints what the record holds at that moment, so even then the
// --json record says which stages ran, for how long, and where the running ones were.

import { performance } from 'node:perf_hooks';
import type { BudgetScope } from '../budget-check.js';
import { describeReason, type Verdict } from '../verdict.js';

export interface StageSnapshot {
  readonly encoding: string;
  /** 'running' while the stage runs */
  readonly verdict: Verdict['kind'] | 'running';
  readonly reason?: string;
  readonly reasonKind?: string;
  readonly milliseconds: number;
  /** the phase of the stage's last budget check (running stages, and stages the budget stopped) */
  readonly phase?: string;
  /** the phase times the encoder recorded so far (milliseconds per phase) */
  readonly times?: Readonly<Record<string, number>>;
}

/** a stage as `start` hands it out, to be given back to `end` */
export interface StageHandle {
  readonly encoding: string;
}

interface Stage extends StageHandle {
  readonly startedAt: number;
  readonly scope: BudgetScope;
  endedAt?: number;
  verdict?: Verdict;
}

export class RunRecord {
  private readonly stages: Stage[] = [];

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** a stage starts, within `scope` (its budget; its phase and times are read from there) */
  start(encoding: string, scope: BudgetScope): StageHandle {
    const stage: Stage = { encoding, startedAt: this.clock(), scope };
    this.stages.push(stage);
    return stage;
  }

  /** the stage `handle` (from `start`) ended with `verdict` */
  end(handle: StageHandle, verdict: Verdict): void {
    const stage = this.stages.find((entry) => entry === handle);
    if (stage === undefined) return;
    stage.endedAt = this.clock();
    stage.verdict = verdict;
  }

  /** every stage so far, in the order they started */
  snapshot(): StageSnapshot[] {
    const now = this.clock();
    return this.stages.map((stage): StageSnapshot => {
      const verdict = stage.verdict;
      const times = stage.scope.times;
      const phase = stage.scope.phase;
      const showsPhase = phase !== undefined && (verdict === undefined || verdict.kind === 'unknown');
      return {
        encoding: stage.encoding,
        verdict: verdict === undefined ? 'running' : verdict.kind,
        ...(verdict?.kind === 'unknown'
          ? { reason: describeReason(verdict.reason), reasonKind: verdict.reason.kind }
          : {}),
        milliseconds: Math.round((stage.endedAt ?? now) - stage.startedAt),
        ...(showsPhase ? { phase } : {}),
        ...(times === undefined || Object.keys(times).length === 0 ? {} : { times: roundedTimes(times) }),
      };
    });
  }

  /** the stages still running, for a message: e.g. 'accel (in term printing)' */
  running(): string[] {
    return this.stages
      .filter((stage) => stage.verdict === undefined)
      .map((stage) =>
        stage.scope.phase === undefined ? stage.encoding : `${stage.encoding} (in ${stage.scope.phase})`,
      );
  }
}

function roundedTimes(times: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(times).map(([name, milliseconds]) => [name, Math.round(milliseconds)]));
}
