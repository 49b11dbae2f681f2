// Timing the phases of an encoding for its outcome's `times` (milliseconds per phase; a phase run
// several times adds up).

import { performance } from 'node:perf_hooks';

export type PhaseTimer = <T>(name: string, action: () => Promise<T>) => Promise<T>;

export function phaseTimer(times: Record<string, number>): PhaseTimer {
  return async <T>(name: string, action: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await action();
    } finally {
      times[name] = (times[name] ?? 0) + performance.now() - started;
    }
  };
}
