// Running a benchmark campaign (`encode bench`): every job (task, encoding, solver, budget: ./jobs.ts)
// as one command line of encode itself (`--json`, one budget each; `portfolio` is `encode verify`),
// run by one of `lanes` long-lived worker processes (./pool.ts), each running many jobs one after
// the other. Each result is written as soon as it is known, so a killed campaign keeps what it
// finished: appended to a JSON-lines file (the local run), or as a record file of its own per job
// (records/<id>.json: a job or shard run under another engine). A rerun over the same folder skips
// the jobs whose result is already there, in either form, and runs the rest: every job counts once.
//
// A worker whose pair outlives its budget by `graceSeconds` is killed and the pair recorded as a
// crash, as is a pair during which the worker died; the worker is replaced. Judging a
// verdict against the task's expected answer is here too: wrong = a definite verdict that is not
// the expected one.

import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { certificateFields, type CertificateFields } from './certificates.js';
import { jobId, readRecordFiles, writeRecord, type CampaignJob } from './jobs.js';
import { WorkerLane, type PoolResult } from './pool.js';
import type { Expected } from './tasks.js';
import type { PropertyKind } from '../ir/types.js';

export type CampaignVerdict = 'safe' | 'unsafe' | 'unknown' | 'error' | 'crash';

/** one job's result; a SAFE's certificate in the fields of ./certificates.ts */
export interface CampaignResult extends CertificateFields {
  /** the job's stable id (./jobs.ts); absent in results written before jobs had ids */
  readonly job?: string;
  readonly task: string;
  /** the program's path as the campaign read it */
  readonly file?: string;
  /** the property the expected answer is about (absent: unreach-call) */
  readonly property?: PropertyKind;
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
  /** CPU seconds of the worker process during the job (an external solver's own processes not included) */
  readonly cpuSeconds?: number;
  /** the machine that ran the job (its host name, and the engine's name for it where there is one) */
  readonly host?: string;
  readonly reason?: string;
  /** the portfolio's deciding encoding */
  readonly decidedBy?: string;
  /** the portfolio's stages: milliseconds per encoding (a stage run twice, e.g. again in bv, summed) */
  readonly stageMilliseconds?: Readonly<Record<string, number>>;
}

/** where a campaign writes each result as it comes */
export type ResultSink =
  /** appended to the folder's results.jsonl (one process runs the campaign) */
  | { readonly kind: 'append' }
  /** one file per job in the folder's records/ (many processes, on many machines, may share the folder) */
  | { readonly kind: 'records' };

export interface CampaignSettings {
  /** the worker process's module (src/cli/bench-worker.ts, compiled) */
  readonly workerModule: string;
  /** the jobs to run (those already finished in the folder are skipped) */
  readonly jobs: readonly CampaignJob[];
  /** worker processes at once */
  readonly lanes: number;
  /** the campaign's folder: results.jsonl and records/ are read from it, and written as `sink` says */
  readonly directory: string;
  readonly sink: ResultSink;
  /** the machine's name in the records (default: the host name) */
  readonly host?: string;
  /** called after each result (for a progress bar); `skipped` counts the pairs resumed from the file */
  readonly onResult?: (result: CampaignResult, done: number, total: number) => void;
}

/** beyond its budget, a pair gets this long before its worker is killed */
const graceSeconds = 10;

/** the job id of a result (computed for results written before jobs had ids) */
export function resultJob(result: CampaignResult): string {
  return result.job ?? jobId(result.task, result.encoding, result.solver, result.timeoutSeconds);
}

function isResult(value: unknown): value is CampaignResult {
  const record = value as Partial<CampaignResult> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.task === 'string' &&
    typeof record.encoding === 'string' &&
    typeof record.verdict === 'string'
  );
}

/** the results in a JSON-lines file (a torn last line, from a killed run, is ignored) */
export function readResults(path: string): CampaignResult[] {
  if (!existsSync(path)) return [];
  const results: CampaignResult[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      const parsed = JSON.parse(line) as unknown;
      if (isResult(parsed)) results.push(parsed);
    } catch {
      // a line cut short when the campaign was killed: that job runs again
    }
  }
  return results;
}

/** the results file of a campaign folder */
export function resultsFile(directory: string): string {
  return join(directory, 'results.jsonl');
}

/** every result found in a campaign folder: results.jsonl first, then the record files of records/ */
export function readCampaignFolder(directory: string): CampaignResult[] {
  return [...readResults(resultsFile(directory)), ...readRecordFiles(directory).filter(isResult)];
}

export function judge(
  expected: Expected,
  verdict: CampaignVerdict,
): { readonly correct: boolean; readonly wrong: boolean } {
  const definite = verdict === 'safe' || verdict === 'unsafe';
  return {
    correct: definite && verdict === expected,
    wrong: definite && expected !== undefined && verdict !== expected,
  };
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
    case 'answered':
      return { code: result.code, errors: result.errors };
    case 'died':
      return { code: result.exitCode, errors: result.errors };
    default: {
      const never: never = result;
      throw new Error(`unknown pool result ${JSON.stringify(never)}`);
    }
  }
}

async function runJob(settings: CampaignSettings, lane: WorkerLane, job: CampaignJob): Promise<CampaignResult> {
  const { task, encoding } = job;
  const started = performance.now();
  const selection = encoding === 'portfolio' ? ['verify', task.file] : [task.file, '--encoding', encoding];
  const argumentsList = [
    ...selection,
    '--json',
    '--timeout',
    String(job.timeoutSeconds),
    '--solver',
    job.solver,
    '--data-model',
    task.dataModel,
  ];
  const outcome = await lane.run(argumentsList, (job.timeoutSeconds + graceSeconds) * 1000);
  const seconds = (performance.now() - started) / 1000;
  const base = {
    job: job.id,
    task: task.id,
    file: task.file,
    ...(task.property === undefined ? {} : { property: task.property }),
    encoding,
    solver: job.solver,
    timeoutSeconds: job.timeoutSeconds,
    expected: task.expected ?? null,
    seconds,
    ...(outcome.kind === 'answered' && outcome.cpuSeconds !== undefined ? { cpuSeconds: outcome.cpuSeconds } : {}),
    host: settings.host ?? hostname(),
  };
  const record = outcome.kind === 'answered' ? lastRecord(outcome.output) : undefined;
  if (record === undefined || typeof record.verdict !== 'string') {
    const { code, errors } = exitOf(outcome);
    return {
      ...base,
      verdict: 'crash',
      correct: false,
      wrong: false,
      timeout: false,
      reason: `exit ${code}: ${errors.trim().split('\n')[0] ?? ''}`,
    };
  }
  const verdict: CampaignVerdict = ['safe', 'unsafe', 'unknown'].includes(record.verdict)
    ? (record.verdict as CampaignVerdict)
    : 'error';
  const reason =
    typeof record.reason === 'string'
      ? record.reason
      : Array.isArray(record.diagnostics)
        ? String(record.diagnostics[0] ?? '')
        : undefined;
  const timeout = record.reasonKind === 'timeout';
  // a pair that ran into its budget may leave work behind (an interrupted solver): the next pair gets a fresh worker
  if (timeout) lane.retire();
  return {
    ...base,
    verdict,
    ...judge(task.expected, verdict),
    timeout,
    ...(reason === undefined ? {} : { reason }),
    ...(typeof record.decidedBy === 'string' ? { decidedBy: record.decidedBy } : {}),
    ...certificateFields(record),
    ...stageFields(record.attempts),
  };
}

/** the portfolio's attempts of a --json record as milliseconds per encoding (a stage run twice summed) */
export function stageMilliseconds(attempts: unknown): Record<string, number> {
  const stages: Record<string, number> = {};
  if (!Array.isArray(attempts)) return stages;
  for (const attempt of attempts as unknown[]) {
    if (typeof attempt !== 'object' || attempt === null) continue;
    const { encoding, milliseconds } = attempt as Record<string, unknown>;
    if (typeof encoding !== 'string' || typeof milliseconds !== 'number') continue;
    stages[encoding] = (stages[encoding] ?? 0) + milliseconds;
  }
  return stages;
}

/** the stage times of a result (nothing for one encoding's record, which has no attempts) */
function stageFields(attempts: unknown): Pick<CampaignResult, 'stageMilliseconds'> {
  const stages = stageMilliseconds(attempts);
  return Object.keys(stages).length === 0 ? {} : { stageMilliseconds: stages };
}

/** runs the jobs whose result is not yet in the folder; returns every result of these jobs (old and new) */
export async function runCampaign(settings: CampaignSettings): Promise<CampaignResult[]> {
  const wanted = new Set(settings.jobs.map((job) => job.id));
  const previous = new Map<string, CampaignResult>();
  for (const result of readCampaignFolder(settings.directory)) {
    const id = resultJob(result);
    if (wanted.has(id) && !previous.has(id)) previous.set(id, result);
  }
  const work = settings.jobs.filter((job) => !previous.has(job.id));
  const results: CampaignResult[] = [...previous.values()];
  const resultsPath = resultsFile(settings.directory);
  // a line torn by a kill must not swallow the next result
  const existing = existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : '';
  if (settings.sink.kind === 'append' && existing !== '' && !existing.endsWith('\n')) appendFileSync(resultsPath, '\n');
  const total = wanted.size;
  let next = 0;
  const lanes = Array.from(
    { length: Math.max(1, Math.min(settings.lanes, work.length)) },
    () => new WorkerLane(settings.workerModule),
  );
  const runLane = async (lane: WorkerLane): Promise<void> => {
    while (next < work.length) {
      const job = work[next++]!;
      const result = await runJob(settings, lane, job);
      if (settings.sink.kind === 'append') appendFileSync(resultsPath, `${JSON.stringify(result)}\n`);
      else writeRecord(settings.directory, job.id, result);
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
