// `encode bench --engine parallel` and `--engine slurm`: the campaign's jobs handed to an existing
// engine (the command lines and scripts come from src/campaign/engines.ts).
//
// parallel: writes job-ids.txt (one id a line) beside jobs.jsonl, prints the exact command of GNU
// parallel and runs it (its --joblog in parallel.joblog, --resume, the hosts of --sshlogin and
// --sshloginfile); each parallel job is `encode bench … --job ID`, writing records/ID.json. The
// caller then merges the folder. A rerun skips what parallel's joblog and the records say is done.
//
// slurm: writes slurm-array.sh (`sbatch --array=0-(K-1)`, array task i running --shard i/K),
// slurm-merge.sh (the merge) and slurm-submit.sh (the array, then the merge after it) and prints
// how to submit them; it submits nothing itself.

import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  parallelArguments,
  shellLine,
  slurmArrayScript,
  slurmMergeScript,
  slurmSubmitScript,
  type EngineCommand,
} from '../campaign/engines.js';
import type { CampaignJob } from '../campaign/jobs.js';
import { findExecutable } from '../solvers/index.js';
import type { BenchMode, CommandLine } from './command-line.js';

/** encode's own launcher: bin/encode.js beside the compiled (or bundled) code */
const encodeLauncher = fileURLToPath(new URL('../../../bin/encode.js', import.meta.url));

/** at most this many array tasks by default */
const defaultMaximumSlices = 100;

function engineCommand(commandLine: CommandLine, directory: string, encodings: readonly string[]): EngineCommand {
  return {
    node: process.execPath,
    encode: encodeLauncher,
    source: resolve(commandLine.file),
    encodings,
    solver: commandLine.solver,
    timeoutSeconds: commandLine.timeoutSeconds,
    directory: resolve(directory),
  };
}

function encodingsOf(jobs: readonly CampaignJob[]): string[] {
  return [...new Set(jobs.map((job) => job.encoding))];
}

export type EngineRun =
  { readonly kind: 'ran'; readonly exitCode: number } | { readonly kind: 'error'; readonly message: string };

/** runs the jobs under GNU parallel (printing its command first); its exit code is the number of failed jobs */
export function runParallelEngine(
  commandLine: CommandLine,
  directory: string,
  jobs: readonly CampaignJob[],
  mode: Extract<BenchMode, { kind: 'parallel' }>,
): EngineRun {
  const parallel = findExecutable('parallel');
  if (parallel === undefined)
    return { kind: 'error', message: '--engine parallel needs GNU parallel on PATH (apt-get install parallel)' };
  const jobIds = resolve(directory, 'job-ids.txt');
  writeFileSync(jobIds, jobs.map((job) => `${job.id}\n`).join(''));
  const argumentsList = parallelArguments({
    command: engineCommand(commandLine, directory, encodingsOf(jobs)),
    jobIds,
    joblog: resolve(directory, 'parallel.joblog'),
    jobsPerHost: commandLine.jobs ?? 1,
    sshLogins: mode.sshLogins,
    sshLoginFile: mode.sshLoginFile === undefined ? undefined : resolve(mode.sshLoginFile),
  });
  process.stdout.write(`${shellLine(['parallel', ...argumentsList])}\n`);
  // parallel's own --will-cite silences its citation notice; its output (one line per job) goes to ours
  const run = spawnSync(parallel, ['--will-cite', ...argumentsList], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (run.error !== undefined) return { kind: 'error', message: `could not start GNU parallel: ${run.error.message}` };
  return { kind: 'ran', exitCode: run.status ?? 255 };
}

/** writes the job-array, merge and submit scripts into the campaign folder and prints how to submit */
export function writeSlurmScripts(
  commandLine: CommandLine,
  directory: string,
  jobs: readonly CampaignJob[],
  slices: number | undefined,
): void {
  const logDirectory = resolve(directory, 'slurm');
  mkdirSync(logDirectory, { recursive: true });
  const settings = {
    command: engineCommand(commandLine, directory, encodingsOf(jobs)),
    slices: Math.max(1, Math.min(jobs.length, slices ?? defaultMaximumSlices)),
    jobCount: jobs.length,
    cpusPerSlice: commandLine.jobs ?? 1,
    logDirectory,
  };
  const arrayScript = resolve(directory, 'slurm-array.sh');
  const mergeScript = resolve(directory, 'slurm-merge.sh');
  const submitScript = resolve(directory, 'slurm-submit.sh');
  writeFileSync(arrayScript, slurmArrayScript(settings));
  writeFileSync(mergeScript, slurmMergeScript(settings));
  writeFileSync(submitScript, slurmSubmitScript(arrayScript, mergeScript));
  for (const script of [arrayScript, mergeScript, submitScript]) chmodSync(script, 0o755);
  process.stdout.write(
    [
      `${jobs.length} jobs in ${join(directory, 'jobs.jsonl')}, ${settings.slices} array tasks in ${arrayScript}`,
      `submit: bash ${submitScript}   (sbatch the array, then ${mergeScript} after it)`,
      `or by hand: sbatch ${arrayScript}; when it is over: ${mergeScript}`,
      '',
    ].join('\n'),
  );
}
