// Handing a campaign's job list to an existing engine instead of our own worker pool: the command
// line of GNU parallel, and the scripts of a Slurm job array. Text only: the CLI (src/cli/bench-engines.ts)
// writes the files, prints the commands and starts parallel.
//
// Both engines run `encode bench SOURCE … --job ID` (parallel: one job per parallel job) or
// `encode bench SOURCE … --shard i/K` (Slurm: array task i of K runs every K-th job), each writing
// one record file per job into the campaign folder's records/; `encode bench-merge` then gathers
// them into results.jsonl and writes the tables and the report. A job whose record is already
// there is not run again, so a rerun of a killed campaign (parallel's --resume on top of its
// --joblog, or the same array submitted again) redoes no finished job.
//
// Assumption: every host sees the same paths (the campaign folder, the tasks, node and encode),
// e.g. through a shared file system, as on a cluster; records written on a host's own disk must be
// copied back and merged (`encode bench-merge FOLDER…` takes several folders).

/** one word for a POSIX shell, quoted when it needs to be */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function shellLine(words: readonly string[]): string {
  return words.map(shellWord).join(' ');
}

/** what every engine needs to start one job or one shard of the campaign */
export interface EngineCommand {
  /** node, and encode's bin/encode.js, as absolute paths */
  readonly node: string;
  readonly encode: string;
  /** the campaign's SOURCE (absolute) */
  readonly source: string;
  readonly encodings: readonly string[];
  readonly solver: string;
  readonly timeoutSeconds: number;
  /** the campaign folder (absolute) */
  readonly directory: string;
}

/** `node encode.js bench SOURCE --encodings … --solver … --timeout … --out-dir DIR`, before the selection */
export function benchWords(command: EngineCommand): string[] {
  return [
    command.node,
    command.encode,
    'bench',
    command.source,
    '--encodings',
    command.encodings.join(','),
    '--solver',
    command.solver,
    '--timeout',
    String(command.timeoutSeconds),
    '--out-dir',
    command.directory,
  ];
}

export interface ParallelSettings {
  readonly command: EngineCommand;
  /** the file with one job id a line */
  readonly jobIds: string;
  readonly joblog: string;
  /** jobs at once per host */
  readonly jobsPerHost: number;
  readonly sshLogins: readonly string[];
  readonly sshLoginFile: string | undefined;
}

/** the argv of GNU parallel running one `encode bench … --job ID` per id of the file */
export function parallelArguments(settings: ParallelSettings): string[] {
  const hosts = [
    ...settings.sshLogins.flatMap((login) => ['--sshlogin', login]),
    ...(settings.sshLoginFile === undefined ? [] : ['--sshloginfile', settings.sshLoginFile]),
  ];
  return [
    '--jobs',
    String(settings.jobsPerHost),
    '--joblog',
    settings.joblog,
    '--resume',
    '--halt',
    'never',
    '--arg-file',
    settings.jobIds,
    ...hosts,
    // each parallel job is one encode job: one worker process, its record in records/
    ...benchWords(settings.command),
    '--jobs',
    '1',
    '--job',
    '{}',
  ];
}

export interface SlurmSettings {
  readonly command: EngineCommand;
  /** array tasks: task i runs shard i/slices */
  readonly slices: number;
  /** jobs in the whole campaign (for the time limit) */
  readonly jobCount: number;
  /** worker processes per array task (and the CPUs it asks for) */
  readonly cpusPerSlice: number;
  /** where Slurm writes each array task's output */
  readonly logDirectory: string;
}

/** beyond its budget, a job may take this long (the worker pool's grace, and start-up) */
const perJobMarginSeconds = 15;

/** the time limit of one array task, in minutes: its share of the jobs at the full budget each */
export function sliceMinutes(settings: SlurmSettings): number {
  const jobsPerSlice = Math.ceil(settings.jobCount / settings.slices);
  const seconds =
    Math.ceil(jobsPerSlice / settings.cpusPerSlice) * (settings.command.timeoutSeconds + perJobMarginSeconds);
  return Math.ceil(seconds / 60) + 5;
}

/** the job-array script: `sbatch --array=0-(K-1)`, array task i running shard i/K */
export function slurmArrayScript(settings: SlurmSettings): string {
  const run = [...benchWords(settings.command), '--jobs', String(settings.cpusPerSlice)];
  return [
    '#!/bin/bash',
    `# encode bench on Slurm: ${settings.slices} array tasks, task i runs jobs i, i + ${settings.slices}, i + 2·${settings.slices}, … of the ${settings.jobCount} jobs`,
    "# (--shard i/K), one record file per job in the campaign folder's records/.",
    '# Submit with slurm-submit.sh (this array, then the merge once it is over); resubmitting it redoes no finished job.',
    '#SBATCH --job-name=encode-bench',
    `#SBATCH --array=0-${settings.slices - 1}`,
    '#SBATCH --ntasks=1',
    `#SBATCH --cpus-per-task=${settings.cpusPerSlice}`,
    `#SBATCH --time=${sliceMinutes(settings)}`,
    `#SBATCH --output=${shellWord(`${settings.logDirectory}/slice-%A_%a.out`)}`,
    'set -euo pipefail',
    ': "${SLURM_ARRAY_TASK_ID:?submit this script with sbatch (or set SLURM_ARRAY_TASK_ID to run one slice)}"',
    `exec ${shellLine(run)} --shard "\${SLURM_ARRAY_TASK_ID}/${settings.slices}"`,
    '',
  ].join('\n');
}

/** the merge, as a Slurm job of its own (submitted to run after the array) */
export function slurmMergeScript(settings: SlurmSettings): string {
  const command = settings.command;
  return [
    '#!/bin/bash',
    '# encode bench on Slurm: gathers the records of the array tasks into results.jsonl, the tables and report.html',
    '#SBATCH --job-name=encode-bench-merge',
    '#SBATCH --ntasks=1',
    `#SBATCH --output=${shellWord(`${settings.logDirectory}/merge-%j.out`)}`,
    'set -euo pipefail',
    `exec ${shellLine(mergeWords(command))}`,
    '',
  ].join('\n');
}

/** `node encode.js bench-merge DIR --out-dir DIR --encodings …` */
export function mergeWords(command: EngineCommand): string[] {
  return [
    command.node,
    command.encode,
    'bench-merge',
    command.directory,
    '--out-dir',
    command.directory,
    '--encodings',
    command.encodings.join(','),
  ];
}

/** submits the array, then the merge to run after it (whatever the array's exit) */
export function slurmSubmitScript(arrayScript: string, mergeScript: string): string {
  return [
    '#!/bin/bash',
    '# encode bench on Slurm: submit the job array, then the merge that waits for it',
    'set -euo pipefail',
    `array=$(sbatch --parsable ${shellWord(arrayScript)})`,
    `sbatch --dependency=afterany:"\${array%%;*}" ${shellWord(mergeScript)}`,
    '',
  ].join('\n');
}
