// `encode bench SOURCE` and `encode bench-merge FOLDER…`: benchmark campaigns from the command line.
//
// bench runs src/campaign over the jobs (task × encoding, one solver and budget) of SOURCE (a
// manifest .json, a folder of task .yml or of .c files). As --list-jobs, --job, --shard and --engine
// say (BenchMode): every job not yet done, in --jobs worker processes here (./bench-worker.ts), with
// a progress bar on stderr when it is a terminal and each wrong verdict printed as it happens (red on
// a terminal); or only the job list (jobs.jsonl); or one job or one shard, each result a record file
// in records/ (what an engine runs); or the whole list handed to GNU parallel or written as a Slurm
// job array (./bench-engines.ts). A local run and a merge write into --out-dir (default
// bench-results): results.jsonl (rerunning resumes), results.csv, table.md, cactus.svg,
// report.html and benchexec/*.xml. With --against FILE (an earlier results.jsonl) it lists the tasks
// whose verdict changed or that got 2× slower.
//
// bench-merge gathers the results of campaign folders into --out-dir's results.jsonl, one per job;
// different verdicts of one job are printed and written to differences.jsonl, and SAFE against
// UNSAFE for one job exits 70 (a bug in encode).

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { campaignJobs, parseShard, shardJobs, writeJobList, type CampaignJob } from '../campaign/jobs.js';
import { describeDifference, mergeFolders } from '../campaign/merge.js';
import { writeCampaignOutputs } from '../campaign/outputs.js';
import { changesAgainst } from '../campaign/report.js';
import { readResults, resultsFile, runCampaign, type CampaignResult } from '../campaign/run.js';
import { loadTasks } from '../campaign/tasks.js';
import { encoderNames } from '../encoders/catalogue.js';
import { runParallelEngine, writeSlurmScripts } from './bench-engines.js';
import { UsageError, type CommandLine } from './command-line.js';
import { exitCodes } from './exit-codes.js';
import { readPackageVersion } from './version.js';

export const defaultBenchDirectory = 'bench-results';

function red(text: string, colour: boolean): string {
  return colour ? `\u001b[31m${text}\u001b[0m` : text;
}

/** the worker process of the campaign: this module's compiled sibling bench-worker.js */
const workerModule = fileURLToPath(new URL('./bench-worker.js', import.meta.url));

/** the machine's name in the records: the host name, and the engine's name for it when one runs the job */
function hostLabel(): string {
  const engineHost =
    process.env['PARALLEL_SSHLOGIN'] ??
    (process.env['SLURM_ARRAY_TASK_ID'] === undefined
      ? undefined
      : `slurm array task ${process.env['SLURM_ARRAY_TASK_ID']}`);
  return engineHost === undefined ? hostname() : `${hostname()} (${engineHost})`;
}

/** the campaign's jobs from the command line: SOURCE's tasks under each encoding */
function benchJobs(commandLine: CommandLine): { jobs: CampaignJob[]; encodings: readonly string[]; tasks: number } {
  const source = loadTasks(commandLine.file);
  if (source.kind === 'error') throw new UsageError(source.message);
  const known = [...encoderNames(), 'portfolio'];
  const encodings = commandLine.encodings ?? known;
  for (const encoding of encodings)
    if (!known.includes(encoding))
      throw new UsageError(`unknown encoding '${encoding}' in --encodings (known: ${known.join(', ')})`);
  return {
    jobs: campaignJobs(source.tasks, encodings, commandLine.solver, commandLine.timeoutSeconds),
    encodings,
    tasks: source.tasks.length,
  };
}

export async function runBench(commandLine: CommandLine): Promise<number> {
  const { jobs, encodings, tasks } = benchJobs(commandLine);
  const directory = commandLine.outputDirectory ?? defaultBenchDirectory;
  mkdirSync(directory, { recursive: true });
  const mode = commandLine.benchMode;
  switch (mode.kind) {
    case 'list': {
      writeJobList(join(directory, 'jobs.jsonl'), jobs);
      process.stdout.write(
        `${jobs.length} jobs (${tasks} tasks × ${encodings.length} encodings) in ${join(directory, 'jobs.jsonl')}\n`,
      );
      return exitCodes.safe;
    }
    case 'job': {
      const job = jobs.find((candidate) => candidate.id === mode.id);
      if (job === undefined)
        throw new UsageError(`no job ${mode.id} in this campaign (its ids: encode bench … --list-jobs)`);
      return runSelection(commandLine, directory, [job], `job ${job.id}`);
    }
    case 'shard': {
      const parsed = parseShard(mode.shard);
      if (parsed.kind === 'error') throw new UsageError(parsed.message);
      return runSelection(commandLine, directory, shardJobs(jobs, parsed.shard), `shard ${mode.shard}`);
    }
    case 'parallel': {
      writeJobList(join(directory, 'jobs.jsonl'), jobs);
      const ran = runParallelEngine(commandLine, directory, jobs, mode);
      if (ran.kind === 'error') throw new UsageError(ran.message);
      const code = await mergeAndReport([directory], directory, encodings, campaignTitle(commandLine, tasks));
      const missing =
        jobs.length -
        readResults(resultsFile(directory)).filter((result) => jobs.some((job) => job.id === result.job)).length;
      if (missing > 0) {
        process.stderr.write(
          `encode: ${missing} of ${jobs.length} jobs have no result (see ${join(directory, 'parallel.joblog')}); rerun the same command to run them\n`,
        );
        return code === exitCodes.safe ? exitCodes.incompleteCampaign : code;
      }
      return code;
    }
    case 'slurm': {
      writeJobList(join(directory, 'jobs.jsonl'), jobs);
      writeSlurmScripts(commandLine, directory, jobs, mode.slices);
      return exitCodes.safe;
    }
    case 'local':
      return runLocal(commandLine, directory, jobs, encodings, tasks);
    default: {
      const never: never = mode;
      throw new Error(`unknown bench mode ${JSON.stringify(never)}`);
    }
  }
}

function campaignTitle(commandLine: CommandLine, tasks: number): string {
  return `${commandLine.file}: ${tasks} tasks, ${commandLine.timeoutSeconds} s each, solver ${commandLine.solver}`;
}

/** one job or one shard, for an engine: each result a record file; no tables (the merge writes them) */
async function runSelection(
  commandLine: CommandLine,
  directory: string,
  jobs: readonly CampaignJob[],
  name: string,
): Promise<number> {
  let fresh = 0;
  const results = await runCampaign({
    workerModule,
    jobs,
    lanes: commandLine.jobs ?? 1,
    directory,
    sink: { kind: 'records' },
    host: hostLabel(),
    onResult: (result) => {
      fresh++;
      process.stdout.write(
        `${result.job} ${result.encoding} ${result.task}: ${result.verdict}${result.wrong ? ' (WRONG)' : ''} ${result.seconds.toFixed(2)} s\n`,
      );
    },
  });
  process.stdout.write(
    `${name}: ${jobs.length} jobs, ${fresh} run now, ${results.length - fresh} already done (records in ${join(directory, 'records')})\n`,
  );
  return results.some((result) => result.wrong) ? exitCodes.internalError : exitCodes.safe;
}

async function runLocal(
  commandLine: CommandLine,
  directory: string,
  jobs: readonly CampaignJob[],
  encodings: readonly string[],
  tasks: number,
): Promise<number> {
  writeJobList(join(directory, 'jobs.jsonl'), jobs);
  const terminal = process.stderr.isTTY === true;
  // the progress bar's library is loaded only for a terminal
  const progress = terminal ? (await import('cli-progress')).default : undefined;
  const bar =
    progress === undefined
      ? undefined
      : new progress.SingleBar(
          {
            format:
              'bench [{bar}] {value}/{total} | correct {correct} | wrong {wrong} | unknown {unknown} | {duration_formatted} elapsed, {eta_formatted} left',
            stream: process.stderr,
          },
          progress.Presets.shades_classic,
        );
  const counts = { correct: 0, wrong: 0, unknown: 0 };
  let fresh = 0;
  const tally = (result: CampaignResult): void => {
    if (result.correct) counts.correct++;
    else if (result.wrong) counts.wrong++;
    else counts.unknown++;
  };
  bar?.start(jobs.length, 0, counts);
  const results = await runCampaign({
    workerModule,
    jobs,
    lanes: commandLine.jobs ?? availableParallelism(),
    directory,
    sink: { kind: 'append' },
    host: hostname(),
    onResult: (result, done) => {
      fresh++;
      tally(result);
      if (result.wrong) {
        const line = red(
          `WRONG ${result.encoding} ${result.task}: ${result.verdict}, expected ${result.expected}`,
          terminal,
        );
        if (bar !== undefined) bar.stop();
        process.stderr.write(`${line}\n`);
        bar?.start(jobs.length, done, counts);
      }
      bar?.update(done, counts);
    },
  });
  bar?.stop();
  const outputs = await writeCampaignOutputs({
    directory,
    results,
    encodings,
    title: campaignTitle(commandLine, tasks),
    toolVersion: readPackageVersion(),
  });
  process.stdout.write(outputs.table);
  process.stdout.write(
    `${results.length} results in ${resultsFile(directory)} (${fresh} run now, ${results.length - fresh} resumed); also ${outputs.files.join(', ')}\n`,
  );
  if (commandLine.against !== undefined) {
    const changes = changesAgainst(readResults(commandLine.against), results);
    process.stdout.write(
      changes.length === 0
        ? `against ${commandLine.against}: no verdict changed, nothing got 2x slower\n`
        : `against ${commandLine.against}:\n${changes.map((change) => `  ${change.encoding} ${change.task}: ${change.what}`).join('\n')}\n`,
    );
  }
  return wrongVerdicts(results, terminal);
}

function wrongVerdicts(results: readonly CampaignResult[], terminal: boolean): number {
  const wrong = results.filter((result) => result.wrong);
  if (wrong.length === 0) return exitCodes.safe;
  process.stderr.write(`${red(`${wrong.length} wrong verdict(s): a bug in encode`, terminal)}\n`);
  return exitCodes.internalError;
}

/** the encodings of --encodings, else those of the results in the order first found */
function mergedEncodings(results: readonly CampaignResult[], given: readonly string[] | undefined): readonly string[] {
  return given ?? [...new Set(results.map((result) => result.encoding))];
}

/** merges the folders into `directory` and writes its tables and report; the exit code of the merge */
async function mergeAndReport(
  folders: readonly string[],
  directory: string,
  given: readonly string[] | undefined,
  title: string,
): Promise<number> {
  const merged = mergeFolders(folders);
  mkdirSync(directory, { recursive: true });
  writeFileSync(resultsFile(directory), merged.results.map((result) => `${JSON.stringify(result)}\n`).join(''));
  writeFileSync(
    join(directory, 'differences.jsonl'),
    merged.differences.map((difference) => `${JSON.stringify(difference)}\n`).join(''),
  );
  const encodings = mergedEncodings(merged.results, given);
  const outputs = await writeCampaignOutputs({
    directory,
    results: merged.results,
    encodings,
    title,
    toolVersion: readPackageVersion(),
  });
  process.stdout.write(outputs.table);
  const read = merged.perFolder.map((folder) => `${folder.results} from ${folder.folder}`).join(', ');
  process.stdout.write(
    `merged ${merged.results.length} results (${read}; ${merged.duplicates} duplicates, ${merged.differences.length} jobs with different verdicts) into ${resultsFile(directory)}; also ${outputs.files.join(', ')}\n`,
  );
  for (const difference of merged.differences) process.stderr.write(`${describeDifference(difference)}\n`);
  if (merged.differences.some((difference) => difference.contradiction)) {
    process.stderr.write(
      `encode: SAFE and UNSAFE for the same job (listed in ${join(directory, 'differences.jsonl')}): a bug in encode\n`,
    );
    return exitCodes.internalError;
  }
  return wrongVerdicts(merged.results, process.stderr.isTTY === true);
}

export async function runBenchMerge(commandLine: CommandLine): Promise<number> {
  for (const folder of commandLine.folders)
    if (!existsSync(folder)) throw new UsageError(`${folder}: no such campaign folder`);
  const directory = commandLine.outputDirectory!;
  return mergeAndReport(
    commandLine.folders,
    directory,
    commandLine.encodings,
    `merged campaign: ${commandLine.folders.join(', ')}`,
  );
}
