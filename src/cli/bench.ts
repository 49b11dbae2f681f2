// `encode bench SOURCE`: a benchmark campaign from the command line. Runs src/campaign over the
// tasks of SOURCE (a manifest .json, a folder of task .yml or of .c files) in --jobs worker
// processes (./bench-worker.ts, each running many tasks), shows a progress bar on
// stderr when it is a terminal (cli-progress), prints each wrong verdict as it happens (red on a
// terminal), and writes into --out-dir (default bench-results): results.jsonl (as results come;
// rerunning the same command resumes), results.csv, table.md and cactus.svg. With --against FILE
// (an earlier results.jsonl) it lists the tasks whose verdict changed or that got 2× slower.

import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cactusSvg } from '../campaign/cactus.js';
import { changesAgainst, markdownTable, resultsCsv, summarise } from '../campaign/report.js';
import { readResults, runCampaign, type CampaignResult } from '../campaign/run.js';
import { loadTasks } from '../campaign/tasks.js';
import { encoderNames } from '../encoders/catalogue.js';
import { UsageError, type CommandLine } from './command-line.js';

/** the exit code of a campaign that met a wrong verdict: a bug in encode */
const wrongVerdictExitCode = 70;

export const defaultBenchDirectory = 'bench-results';

function red(text: string, colour: boolean): string {
  return colour ? `\u001b[31m${text}\u001b[0m` : text;
}

/** the worker process of the campaign: this module's compiled sibling bench-worker.js */
const workerModule = fileURLToPath(new URL('./bench-worker.js', import.meta.url));

export async function runBench(commandLine: CommandLine): Promise<number> {
  const source = loadTasks(commandLine.file);
  if (source.kind === 'error') throw new UsageError(source.message);
  const known = [...encoderNames(), 'portfolio'];
  const encodings = commandLine.encodings ?? known;
  for (const encoding of encodings) if (!known.includes(encoding)) throw new UsageError(`unknown encoding '${encoding}' in --encodings (known: ${known.join(', ')})`);
  const directory = commandLine.outputDirectory ?? defaultBenchDirectory;
  mkdirSync(directory, { recursive: true });
  const resultsPath = join(directory, 'results.jsonl');
  const terminal = process.stderr.isTTY === true;
  // the progress bar's library is loaded only for a terminal
  const bar = terminal
    ? new (await import('cli-progress')).default.SingleBar({
      format: 'bench [{bar}] {value}/{total} | correct {correct} | wrong {wrong} | unknown {unknown} | {duration_formatted} elapsed, {eta_formatted} left',
      stream: process.stderr,
    }, (await import('cli-progress')).default.Presets.shades_classic)
    : undefined;
  const counts = { correct: 0, wrong: 0, unknown: 0 };
  let fresh = 0;
  const tally = (result: CampaignResult): void => {
    if (result.correct) counts.correct++;
    else if (result.wrong) counts.wrong++;
    else counts.unknown++;
  };
  const total = source.tasks.length * encodings.length;
  bar?.start(total, 0, counts);
  const results = await runCampaign({
    workerModule, tasks: source.tasks, encodings, solver: commandLine.solver, timeoutSeconds: commandLine.timeoutSeconds,
    jobs: commandLine.jobs ?? availableParallelism(), resultsPath,
    onResult: (result, done) => {
      fresh++;
      tally(result);
      if (result.wrong) {
        const line = red(`WRONG ${result.encoding} ${result.task}: ${result.verdict}, expected ${result.expected}`, terminal);
        if (bar !== undefined) bar.stop();
        process.stderr.write(`${line}\n`);
        bar?.start(total, done, counts);
      }
      bar?.update(done, counts);
    },
  });
  bar?.stop();
  const resumed = results.length - fresh;
  const summaries = summarise(results, encodings);
  const table = markdownTable(summaries);
  writeFileSync(join(directory, 'table.md'), table);
  writeFileSync(join(directory, 'results.csv'), resultsCsv(results));
  writeFileSync(join(directory, 'cactus.svg'), cactusSvg(results, encodings, `${commandLine.file}: ${source.tasks.length} tasks, ${commandLine.timeoutSeconds} s each, solver ${commandLine.solver}`));
  process.stdout.write(table);
  process.stdout.write(`${results.length} results in ${resultsPath} (${fresh} run now, ${resumed} resumed); also ${join(directory, 'results.csv')}, ${join(directory, 'table.md')}, ${join(directory, 'cactus.svg')}\n`);
  if (commandLine.against !== undefined) {
    const changes = changesAgainst(readResults(commandLine.against), results);
    process.stdout.write(changes.length === 0 ? `against ${commandLine.against}: no verdict changed, nothing got 2x slower\n` : `against ${commandLine.against}:\n${changes.map((change) => `  ${change.encoding} ${change.task}: ${change.what}`).join('\n')}\n`);
  }
  const wrong = results.filter((result) => result.wrong);
  if (wrong.length > 0) {
    process.stderr.write(`${red(`${wrong.length} wrong verdict(s): a bug in encode`, terminal)}\n`);
    return wrongVerdictExitCode;
  }
  return 0;
}
