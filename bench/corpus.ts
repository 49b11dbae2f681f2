// Runs `encode --solve --json` over the SV-COMP array corpus (../shared/bench/sv-arrays) for one or
// more encodings and prints, per encoding: lowered, correct, unknown, WRONG, and times. A wrong
// verdict (contradicting manifest.json) makes the script exit 1.
//
// With `--extra --exec` every UNSAFE is also run natively (gcc) and a table of the executions
// follows: confirmed, not reached (with the explanation) or could not build, per encoding; an UNSAFE
// that the native run contradicts (exit 70) counts as a crash.
//
// Usage: node dist/bench/corpus.js [--encodings chc,bmc,portfolio] [--timeout 20] [--jobs 2] [--filter text]
//        [--expected safe|unsafe] [--extra "--unwind 5"] [--out results.json]

import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { argumentValue } from './arguments.js';
import { corpusManifest } from './corpus-manifest.js';
import type { CampaignTask } from '../src/campaign/tasks.js';

type Task = CampaignTask;

interface Result {
  readonly file: string;
  readonly encoding: string;
  readonly expected: 'safe' | 'unsafe';
  readonly verdict: string;
  readonly reason?: string | undefined;
  readonly seconds: number;
  /** the record's `execution` field (with --exec, on UNSAFE verdicts) */
  readonly execution?: {
    readonly result: string;
    readonly explanation?: string | null;
    readonly reason?: string;
    readonly milliseconds?: number;
    readonly compiler?: string;
  };
}

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpusRoot = resolve(projectRoot, '..', 'shared', 'bench', 'sv-arrays');

function runOne(task: Task, encoding: string, timeout: number, extra: readonly string[]): Promise<Result> {
  const started = Date.now();
  const dataModel = task.dataModel;
  const argumentsList = [
    // 'portfolio' is `encode verify`: every encoding under the one budget
    join(projectRoot, 'bin', 'encode.js'),
    ...(encoding === 'portfolio' ? ['verify', task.file] : [task.file, '--encoding', encoding]),
    '--json',
    '--timeout',
    String(timeout),
    '--data-model',
    dataModel,
    ...extra,
  ];
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, argumentsList, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      const expected = task.expected === 'safe' ? 'safe' : 'unsafe';
      const line = output.trim().split('\n').pop() ?? '';
      try {
        const record = JSON.parse(line) as {
          verdict: string;
          reason?: string;
          diagnostics?: string[];
          execution?: Result['execution'];
        };
        const verdict = code === 70 ? 'crash' : record.verdict;
        const reason =
          code === 70 ? `exit 70: ${errors.trim().split('\n')[0] ?? ''}` : (record.reason ?? record.diagnostics?.[0]);
        resolvePromise({
          file: task.id,
          encoding,
          expected,
          verdict,
          reason,
          seconds,
          ...(record.execution === undefined ? {} : { execution: record.execution }),
        });
      } catch {
        resolvePromise({
          file: task.id,
          encoding,
          expected: task.expected === 'safe' ? 'safe' : 'unsafe',
          verdict: 'crash',
          reason: `exit ${code}: ${errors.trim().split('\n')[0] ?? ''}`,
          seconds,
        });
      }
    });
  });
}

/** --extra --exec: per encoding, how the native runs of its UNSAFE verdicts ended, and the median cost */
function printExecutions(encodings: readonly string[], results: readonly Result[]): void {
  const executed = results.filter((result) => result.execution !== undefined);
  if (executed.length === 0) return;
  process.stdout.write(
    '\nexecution of the UNSAFE verdicts (gcc):\n| encoding | UNSAFE | confirmed | not reached (explained) | not reached (disagreement) | could not build | median s |\n|---|---|---|---|---|---|---|\n',
  );
  for (const encoding of encodings) {
    const mine = executed.filter((result) => result.encoding === encoding);
    if (mine.length === 0) continue;
    const count = (predicate: (execution: NonNullable<Result['execution']>) => boolean): number =>
      mine.filter((result) => predicate(result.execution!)).length;
    const times = mine.map((result) => result.execution!.milliseconds ?? 0).sort((left, right) => left - right);
    const median = times[Math.floor(times.length / 2)]! / 1000;
    process.stdout.write(
      `| ${encoding} | ${mine.length} | ${count((execution) => execution.result === 'confirmed')} | ${count((execution) => execution.result === 'notReached' && execution.explanation !== null)} | ${count((execution) => execution.result === 'notReached' && execution.explanation === null)} | ${count((execution) => execution.result === 'couldNotBuild')} | ${median.toFixed(2)} |\n`,
    );
  }
  for (const result of executed.filter((item) => item.execution!.result !== 'confirmed')) {
    process.stdout.write(
      `  ${result.encoding} ${result.file}: ${result.execution!.result} ${result.execution!.explanation ?? result.execution!.reason ?? ''}\n`,
    );
  }
}

async function main(): Promise<void> {
  const encodings = argumentValue('--encodings', 'chc,bmc').split(',');
  const timeout = Number(argumentValue('--timeout', '20'));
  const jobs = Number(argumentValue('--jobs', '2'));
  const filter = argumentValue('--filter', '');
  const expectedOnly = argumentValue('--expected', '');
  const extra = argumentValue('--extra', '')
    .split(' ')
    .filter((part) => part.length > 0);
  const outPath = argumentValue('--out', '');
  const tasks = corpusManifest(corpusRoot)
    .filter((task) => task.id.includes(filter))
    .filter((task) => expectedOnly === '' || task.expected === expectedOnly);
  const work = encodings.flatMap((encoding) => tasks.map((task) => ({ task, encoding })));
  const results: Result[] = [];
  let next = 0;
  async function worker(): Promise<void> {
    while (next < work.length) {
      const item = work[next++]!;
      const result = await runOne(item.task, item.encoding, timeout, extra);
      results.push(result);
      const wrong = (result.verdict === 'safe' || result.verdict === 'unsafe') && result.verdict !== result.expected;
      process.stderr.write(
        `${wrong ? 'WRONG ' : ''}${result.encoding} ${result.file}: ${result.verdict}${result.reason ? ` (${result.reason})` : ''} ${result.seconds.toFixed(1)}s\n`,
      );
    }
  }
  await Promise.all(Array.from({ length: jobs }, () => worker()));
  let anyWrong = false;
  for (const encoding of encodings) {
    const mine = results.filter((result) => result.encoding === encoding);
    const lowered = mine.filter(
      (result) => result.verdict !== 'error' && !(result.reason ?? '').startsWith('unsupported'),
    ).length;
    const correct = mine.filter((result) => result.verdict === result.expected).length;
    const wrong = mine.filter(
      (result) => (result.verdict === 'safe' || result.verdict === 'unsafe') && result.verdict !== result.expected,
    );
    const safe = mine.filter((result) => result.verdict === 'safe' && result.expected === 'safe').length;
    const unsafe = mine.filter((result) => result.verdict === 'unsafe' && result.expected === 'unsafe').length;
    const crashes = mine.filter((result) => result.verdict === 'crash' || result.verdict === 'error').length;
    const seconds = mine.reduce((sum, result) => sum + result.seconds, 0);
    anyWrong ||= wrong.length > 0;
    process.stdout.write(
      `${encoding}: tasks ${mine.length}, lowered ${lowered}, correct ${correct} (safe ${safe}, unsafe ${unsafe}), ` +
        `unknown ${mine.length - correct - wrong.length - crashes}, errors/crashes ${crashes}, WRONG ${wrong.length}, total ${seconds.toFixed(0)} s\n`,
    );
    for (const result of wrong)
      process.stdout.write(`  WRONG: ${result.file} expected ${result.expected}, got ${result.verdict}\n`);
  }
  printExecutions(encodings, results);
  if (outPath) writeFileSync(outPath, JSON.stringify(results, null, 1));
  process.exit(anyWrong ? 1 : 0);
}

void main();
