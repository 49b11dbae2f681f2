// Running a benchmark campaign (`encode bench`): every (task, encoding) pair as one command line of
// encode itself (`--json`, one budget each; `portfolio` is `encode verify`), run by one of `jobs`
// long-lived worker processes (./pool.ts), each running many pairs one after the other. Each result is appended to a JSON-lines file as soon as it is known, so a killed
// campaign keeps what it finished; a rerun with the same file skips the pairs already there (same
// task, encoding, solver and timeout) and runs the rest: every pair is counted once.
//
// A worker whose pair outlives its budget by `graceSeconds` is killed and the pair recorded as a
// crash, as is a pair during which the worker died; the worker is replaced. Judging a
// verdict against the task's expected answer is here too: wrong = a definite verdict that is not
// the expected one.

import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { WorkerLane, type PoolResult } from './pool.js';
import type { CampaignTask, Expected } from './tasks.js';

export type CampaignVerdict = 'safe' | 'unsafe' | 'unknown' | 'error' | 'crash';

export interface CampaignResult {
  readonly task: string;
  readonly encoding: string;
  readonly solver: string;
  readonly timeoutSeconds: number;
  readonly expected: Expected | null;
  readonly verdict: CampaignVerdict;
  readonly correct: boolean;
  readonly wrong: boolean;
  /** UNKNOWN because the budget ran out */
  readonly timeout: boolean;
  /** wall-clock seconds of the pair in its worker (front end and solving; a fresh worker's start-up too) */
  readonly seconds: number;
  readonly reason?: string;
  /** the portfolio's deciding encoding */
  readonly decidedBy?: string;
}

export interface CampaignSettings {
  /** the worker process's module (src/cli/bench-worker.ts, compiled) */
  readonly workerModule: string;
  readonly tasks: readonly CampaignTask[];
  /** encoding names, or `portfolio` */
  readonly encodings: readonly string[];
  readonly solver: string;
  readonly timeoutSeconds: number;
  readonly jobs: number;
  /** the JSON-lines file results are appended to (and resumed from) */
  readonly resultsPath: string;
  /** called after each result (for a progress bar); `skipped` counts the pairs resumed from the file */
  readonly onResult?: (result: CampaignResult, done: number, total: number) => void;
}

/** beyond its budget, a pair gets this long before its worker is killed */
const graceSeconds = 10;

function resultKey(task: string, encoding: string, solver: string, timeoutSeconds: number): string {
  return JSON.stringify([task, encoding, solver, timeoutSeconds]);
}

/** the results in a JSON-lines file (a torn last line, from a killed run, is ignored) */
export function readResults(path: string): CampaignResult[] {
  if (!existsSync(path)) return [];
  const results: CampaignResult[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      results.push(JSON.parse(line) as CampaignResult);
    } catch {
      // a line cut short when the campaign was killed: that pair runs again
    }
  }
  return results;
}

export function judge(expected: Expected, verdict: CampaignVerdict): { readonly correct: boolean; readonly wrong: boolean } {
  const definite = verdict === 'safe' || verdict === 'unsafe';
  return { correct: definite && verdict === expected, wrong: definite && expected !== undefined && verdict !== expected };
}

/** the verdict record a command printed last (--json), if any */
function lastRecord(output: string): Record<string, unknown> | undefined {
  try {
    const record = JSON.parse(output.trim().split('\n').pop() ?? '') as unknown;
    return typeof record === 'object' && record !== null ? (record as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** the exit code and stderr of a pair's command, whether its worker answered or died */
function exitOf(result: PoolResult): { readonly code: number | null; readonly errors: string } {
  switch (result.kind) {
    case 'answered': return { code: result.code, errors: result.errors };
    case 'died': return { code: result.exitCode, errors: result.errors };
    default: {
      const never: never = result;
      throw new Error(`unknown pool result ${JSON.stringify(never)}`);
    }
  }
}

async function runPair(settings: CampaignSettings, lane: WorkerLane, task: CampaignTask, encoding: string): Promise<CampaignResult> {
  const started = performance.now();
  const selection = encoding === 'portfolio' ? ['verify', task.file] : [task.file, '--encoding', encoding];
  const argumentsList = [
    ...selection, '--json', '--timeout', String(settings.timeoutSeconds), '--solver', settings.solver, '--data-model', task.dataModel,
  ];
  const outcome = await lane.run(argumentsList, (settings.timeoutSeconds + graceSeconds) * 1000);
  const seconds = (performance.now() - started) / 1000;
  const base = { task: task.id, encoding, solver: settings.solver, timeoutSeconds: settings.timeoutSeconds, expected: task.expected ?? null, seconds };
  const record = outcome.kind === 'answered' ? lastRecord(outcome.output) : undefined;
  if (record === undefined || typeof record.verdict !== 'string') {
    const { code, errors } = exitOf(outcome);
    return { ...base, verdict: 'crash', correct: false, wrong: false, timeout: false, reason: `exit ${code}: ${errors.trim().split('\n')[0] ?? ''}` };
  }
  const verdict: CampaignVerdict = ['safe', 'unsafe', 'unknown'].includes(record.verdict) ? (record.verdict as CampaignVerdict) : 'error';
  const reason = typeof record.reason === 'string' ? record.reason : Array.isArray(record.diagnostics) ? String(record.diagnostics[0] ?? '') : undefined;
  const timeout = record.reasonKind === 'timeout';
  // a pair that ran into its budget may leave work behind (an interrupted solver): the next pair gets a fresh worker
  if (timeout) lane.retire();
  return {
    ...base, verdict, ...judge(task.expected, verdict), timeout,
    ...(reason === undefined ? {} : { reason }),
    ...(typeof record.decidedBy === 'string' ? { decidedBy: record.decidedBy } : {}),
  };
}

/** runs the pairs not yet in the results file; returns every result of this campaign (old and new) */
export async function runCampaign(settings: CampaignSettings): Promise<CampaignResult[]> {
  const wanted = new Set(settings.encodings.flatMap((encoding) => settings.tasks.map((task) => resultKey(task.id, encoding, settings.solver, settings.timeoutSeconds))));
  const previous = new Map<string, CampaignResult>();
  for (const result of readResults(settings.resultsPath)) {
    const key = resultKey(result.task, result.encoding, result.solver, result.timeoutSeconds);
    if (wanted.has(key)) previous.set(key, result);
  }
  const work = settings.encodings.flatMap((encoding) => settings.tasks.map((task) => ({ task, encoding })))
    .filter((pair) => !previous.has(resultKey(pair.task.id, pair.encoding, settings.solver, settings.timeoutSeconds)));
  const results: CampaignResult[] = [...previous.values()];
  // a line torn by a kill must not swallow the next result
  const existing = existsSync(settings.resultsPath) ? readFileSync(settings.resultsPath, 'utf8') : '';
  if (existing !== '' && !existing.endsWith('\n')) appendFileSync(settings.resultsPath, '\n');
  const total = wanted.size;
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(settings.jobs, work.length)) }, () => new WorkerLane(settings.workerModule));
  const runLane = async (lane: WorkerLane): Promise<void> => {
    while (next < work.length) {
      const pair = work[next++]!;
      const result = await runPair(settings, lane, pair.task, pair.encoding);
      appendFileSync(settings.resultsPath, `${JSON.stringify(result)}\n`);
      results.push(result);
      settings.onResult?.(result, results.length, total);
    }
  };
  try {
    await Promise.all(lanes.map(runLane));
  } finally {
    for (const lane of lanes) lane.retire();
  }
  return results;
}
