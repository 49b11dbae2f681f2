// A campaign as a list of jobs: one job is one task under one encoding, one solver and one budget,
// named by a stable id (a hash of those four, so the same job has the same id in every run, on every
// machine, in any order). Any engine runs any subset of the jobs: the local worker pool, one job or
// one shard (`--job ID`, `--shard i/n`) under GNU parallel or a Slurm job array. Each job run
// outside the local pool writes its own record file (records/<id>.json, written to a temporary name
// and renamed, so a killed job leaves no half record); the merge step (./merge.ts) gathers them.
//
// The job list is written as jobs.jsonl (one job a line) so that an engine, or a person, can see
// what is to be run; the ids in it are the ones `--job` takes.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CampaignTask } from './tasks.js';

export interface CampaignJob {
  /** stable: the hash of task, encoding, solver and budget */
  readonly id: string;
  readonly task: CampaignTask;
  /** an encoding name, or `portfolio` */
  readonly encoding: string;
  readonly solver: string;
  readonly timeoutSeconds: number;
}

/** the id of a job: the same four values always give the same id */
export function jobId(task: string, encoding: string, solver: string, timeoutSeconds: number): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([task, encoding, solver, timeoutSeconds]))
    .digest('hex');
  return `j${digest.slice(0, 12)}`;
}

/** every job of a campaign, encoding by encoding, task by task (the order of the local run) */
export function campaignJobs(
  tasks: readonly CampaignTask[],
  encodings: readonly string[],
  solver: string,
  timeoutSeconds: number,
): CampaignJob[] {
  return encodings.flatMap((encoding) =>
    tasks.map((task) => ({
      id: jobId(task.id, encoding, solver, timeoutSeconds),
      task,
      encoding,
      solver,
      timeoutSeconds,
    })),
  );
}

/** a slice of the job list: shard `index` of `count` */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

export type ShardParse =
  { readonly kind: 'shard'; readonly shard: Shard } | { readonly kind: 'error'; readonly message: string };

/** `i/n` with 0 <= i < n */
export function parseShard(text: string): ShardParse {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (match === null) return { kind: 'error', message: `--shard takes i/n (e.g. 0/4), not '${text}'` };
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || index >= count) return { kind: 'error', message: `--shard ${text}: need 0 <= i < n` };
  return { kind: 'shard', shard: { index, count } };
}

/**
 * the jobs of one shard: every count-th job from the index-th on, so that each shard gets a share of
 * every encoding (the list runs encoding by encoding); the shards of one count cover every job once
 */
export function shardJobs(jobs: readonly CampaignJob[], shard: Shard): CampaignJob[] {
  return jobs.filter((_, position) => position % shard.count === shard.index);
}

/** one line of jobs.jsonl */
export function jobLine(job: CampaignJob): string {
  return JSON.stringify({
    id: job.id,
    task: job.task.id,
    file: job.task.file,
    expected: job.task.expected ?? null,
    dataModel: job.task.dataModel,
    ...(job.task.property === undefined ? {} : { property: job.task.property }),
    encoding: job.encoding,
    solver: job.solver,
    timeoutSeconds: job.timeoutSeconds,
  });
}

export function writeJobList(path: string, jobs: readonly CampaignJob[]): void {
  writeFileSync(path, jobs.map((job) => `${jobLine(job)}\n`).join(''));
}

/** the folder of one-record-per-job files inside a campaign's folder */
export function recordsDirectory(campaignDirectory: string): string {
  return join(campaignDirectory, 'records');
}

/** writes one job's record as records/<id>.json, atomically (temporary file, then rename) */
export function writeRecord(campaignDirectory: string, id: string, record: object): void {
  const directory = recordsDirectory(campaignDirectory);
  mkdirSync(directory, { recursive: true });
  const temporary = join(directory, `.${id}.${process.pid}.tmp`);
  writeFileSync(temporary, `${JSON.stringify(record)}\n`);
  renameSync(temporary, join(directory, `${id}.json`));
}

/** the parsed record files of a campaign folder (unreadable ones are skipped: their jobs run again) */
export function readRecordFiles(campaignDirectory: string): unknown[] {
  const directory = recordsDirectory(campaignDirectory);
  if (!existsSync(directory)) return [];
  const records: unknown[] = [];
  for (const name of readdirSync(directory).sort()) {
    if (!name.endsWith('.json') || name.startsWith('.')) continue;
    try {
      records.push(JSON.parse(readFileSync(join(directory, name), 'utf8')));
    } catch {
      // a record that cannot be read is a job not done
    }
  }
  return records;
}
