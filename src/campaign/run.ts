// Running a benchmark campaign (`encode bench`): every (task, encoding) pair as a child process of
// the encode command itself (`--json`, one budget each; `portfolio` is `encode verify`), up to
// `jobs` at once. Each result is appended to a JSON-lines file as soon as it is known, so a killed
// campaign keeps what it finished; a rerun with the same file skips the pairs already there (same
// task, encoding, solver and timeout) and runs the rest: every pair is counted once.
//
// A child that outlives its budget by `graceSeconds` is killed and recorded as a crash. Judging a
// verdict against the task's expected answer is here too: wrong = a definite verdict that is not
// the expected one.

import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
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
  /** wall-clock seconds of the child process (front end, solving and start-up) */
  readonly seconds: number;
  readonly reason?: string;
  /** the portfolio's deciding encoding */
  readonly decidedBy?: string;
}

export interface CampaignSettings {
  /** how to start the encode command: [node, path of bin/encode.js] */
  readonly command: readonly string[];
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

/** beyond its budget, a child gets this long to exit before it is killed */
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

function runPair(settings: CampaignSettings, task: CampaignTask, encoding: string): Promise<CampaignResult> {
  const started = Date.now();
  const selection = encoding === 'portfolio' ? ['verify', task.file] : [task.file, '--encoding', encoding];
  const argumentsList = [
    ...settings.command.slice(1), ...selection, '--json', '--timeout', String(settings.timeoutSeconds),
    '--solver', settings.solver, '--data-model', task.dataModel,
  ];
  return new Promise((resolve) => {
    const child = spawn(settings.command[0]!, argumentsList, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { errors += chunk.toString(); });
    const killer = setTimeout(() => child.kill('SIGKILL'), (settings.timeoutSeconds + graceSeconds) * 1000);
    child.on('close', (code) => {
      clearTimeout(killer);
      const seconds = (Date.now() - started) / 1000;
      const base = { task: task.id, encoding, solver: settings.solver, timeoutSeconds: settings.timeoutSeconds, expected: task.expected ?? null, seconds };
      let record: Record<string, unknown> | undefined;
      try {
        record = JSON.parse(output.trim().split('\n').pop() ?? '') as Record<string, unknown>;
      } catch {
        record = undefined;
      }
      if (record === undefined || typeof record.verdict !== 'string') {
        resolve({ ...base, verdict: 'crash', correct: false, wrong: false, timeout: false, reason: `exit ${code}: ${errors.trim().split('\n')[0] ?? ''}` });
        return;
      }
      const verdict: CampaignVerdict = ['safe', 'unsafe', 'unknown'].includes(record.verdict) ? (record.verdict as CampaignVerdict) : 'error';
      const reason = typeof record.reason === 'string' ? record.reason : Array.isArray(record.diagnostics) ? String(record.diagnostics[0] ?? '') : undefined;
      resolve({
        ...base, verdict, ...judge(task.expected, verdict), timeout: record.reasonKind === 'timeout',
        ...(reason === undefined ? {} : { reason }),
        ...(typeof record.decidedBy === 'string' ? { decidedBy: record.decidedBy } : {}),
      });
    });
  });
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
  const worker = async (): Promise<void> => {
    while (next < work.length) {
      const pair = work[next++]!;
      const result = await runPair(settings, pair.task, pair.encoding);
      appendFileSync(settings.resultsPath, `${JSON.stringify(result)}\n`);
      results.push(result);
      settings.onResult?.(result, results.length, total);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(settings.jobs, work.length)) }, worker));
  return results;
}
