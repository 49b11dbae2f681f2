// The HORN files `encode --emit smt2` writes, fed to external CHC solvers: for each program of the
// sources (folders of C programs with `// expected:` lines, manifests such as the sv-arrays corpus),
// the chc and witness encodings' files are written as the CLI writes them (one kernel: emitEncoding),
// then each solver command runs on each file with a time limit. Prints, per encoding and solver, how
// many files it read (answered sat, unsat or unknown rather than an error), its sat / unsat answers,
// the answers that contradict the expected verdict, and the disagreements with the first solver.
//
// usage: node dist/bench/horn-solvers.js [--sources a,b] [--timeout S] [--solvers 'name=CMD {file}';...]
//   default sources: bench (each family), test/regression and ../shared/bench/sv-arrays/manifest.json
//   default solvers: z3 (`z3 -T:S {file}`), and golem's engines (--golem-engines, default spacer,kind) when --golem PATH
//   (or GOLEM) names a binary (../shared/tools/build-golem.sh builds it).
// A sat answer means SAFE for both encodings (chc is exact, witness over-approximates), so a sat on a
// buggy program is counted as wrong. An unsat is never an UNSAFE by itself (witness's may be spurious,
// and in `c` semantics a chc unsat may be a wrap check that fails, which is legal C: the header lists
// the checks), so an unsat on a safe program is counted apart (`unsat on safe`), not as wrong.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadTasks, type CampaignTask } from '../src/campaign/tasks.js';
import { chcEncoder } from '../src/encoders/chc/index.js';
import { witnessEncoder } from '../src/encoders/witness/index.js';
import { Budget } from '../src/kernel/budget.js';
import { emitEncoding } from '../src/kernel/run-encoding.js';
import { runFrontEnd } from '../src/pipeline.js';
import { printChcSystem } from '../src/smt/printer.js';
import { argumentValue } from './arguments.js';

interface SolverCommand {
  readonly name: string;
  readonly command: string;
}

type Answer = 'sat' | 'unsat' | 'unknown' | 'error';

interface Tally {
  files: number;
  read: number;
  sat: number;
  unsat: number;
  wrong: number;
  disagree: number;
  seconds: number;
  unsatOnSafe: number;
}

const timeoutSeconds = Number(argumentValue('--timeout', '10'));
const defaultSources = ['bench', 'test/regression', '../shared/bench/sv-arrays/manifest.json'];
const sources = argumentValue('--sources', defaultSources.join(',')).split(',');
const golem = argumentValue('--golem', process.env['GOLEM'] ?? '');

function solverCommands(): SolverCommand[] {
  const given = argumentValue('--solvers', '');
  if (given !== '')
    return given.split(';').map((entry) => {
      const [name, command] = entry.split('=', 2) as [string, string];
      return { name, command };
    });
  const commands: SolverCommand[] = [{ name: 'z3', command: `z3 -T:${timeoutSeconds} {file}` }];
  if (golem !== '' && existsSync(golem))
    for (const engine of argumentValue('--golem-engines', 'spacer,kind').split(','))
      commands.push({ name: `golem-${engine}`, command: `${golem} --engine ${engine} {file}` });
  return commands;
}

function answerOf(command: string, file: string): Answer {
  const run = spawnSync('timeout', [String(timeoutSeconds + 1), 'sh', '-c', command.replace('{file}', `'${file}'`)], {
    encoding: 'utf8',
  });
  const first = (run.stdout ?? '').trim().split('\n')[0]?.trim() ?? '';
  if (first === 'sat' || first === 'unsat' || first === 'unknown') return first;
  if (first === 'timeout') return 'unknown';
  return run.status === 124 || run.status === 137 ? 'unknown' : 'error';
}

/** the HORN files of chc and witness for one task, written into `directory` */
async function hornFiles(task: CampaignTask, directory: string): Promise<{ encoding: string; file: string }[]> {
  const front = runFrontEnd(task.file, { dataModel: task.dataModel, preprocessor: 'builtin' });
  if (front.kind !== 'program') return [];
  const files: { encoding: string; file: string }[] = [];
  for (const encoder of [chcEncoder, witnessEncoder]) {
    const emitted = await emitEncoding(
      encoder,
      front.program,
      { semantics: 'c', settings: new Map() },
      undefined,
      Budget.start(10_000),
    );
    if (emitted.kind !== 'emitted') continue;
    emitted.artefacts.forEach((artefact, index) => {
      if (artefact.content.kind !== 'chcSystem') return;
      const file = join(directory, `${files.length}-${encoder.name}-${index}.smt2`);
      writeFileSync(file, printChcSystem(artefact.content));
      files.push({ encoding: encoder.name, file });
    });
  }
  return files;
}

function isWrong(answer: Answer, expected: CampaignTask['expected']): boolean {
  return answer === 'sat' && expected === 'unsafe';
}

async function main(): Promise<void> {
  const commands = solverCommands();
  const tasks = sources.flatMap((source) => {
    const loaded = loadTasks(source);
    if (loaded.kind === 'error') {
      console.error(`skipped ${source}: ${loaded.message}`);
      return [];
    }
    return [...loaded.tasks];
  });
  const directory = mkdtempSync(join(tmpdir(), 'encode-horn-solvers-'));
  mkdirSync(directory, { recursive: true });
  const tallies = new Map<string, Tally>();
  const tallyOf = (key: string): Tally => {
    let tally = tallies.get(key);
    if (tally === undefined) {
      tally = { files: 0, read: 0, sat: 0, unsat: 0, wrong: 0, disagree: 0, seconds: 0, unsatOnSafe: 0 };
      tallies.set(key, tally);
    }
    return tally;
  };
  const wrongAnswers: string[] = [];
  for (const task of tasks) {
    for (const { encoding, file } of await hornFiles(task, directory)) {
      let reference: Answer | undefined;
      for (const { name, command } of commands) {
        const started = performance.now();
        const answer = answerOf(command, file);
        const tally = tallyOf(`${encoding}\t${name}`);
        tally.seconds += (performance.now() - started) / 1000;
        tally.files++;
        if (answer !== 'error') tally.read++;
        if (answer === 'sat') tally.sat++;
        if (answer === 'unsat') tally.unsat++;
        if (answer === 'unsat' && task.expected === 'safe') tally.unsatOnSafe++;
        if (isWrong(answer, task.expected)) {
          tally.wrong++;
          wrongAnswers.push(`${task.id} ${encoding} ${name}: ${answer}, expected ${task.expected}`);
        }
        if (reference === undefined) reference = answer;
        else if ((answer === 'sat' || answer === 'unsat') && (reference === 'sat' || reference === 'unsat'))
          if (answer !== reference) tally.disagree++;
      }
    }
  }
  console.log(`${tasks.length} programs; solvers at ${timeoutSeconds} s; files in ${directory}`);
  console.log(
    '| encoding | solver | files | read | sat | unsat | wrong | unsat on safe | disagree with first | time (s) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const [key, tally] of tallies) {
    const [encoding, name] = key.split('\t');
    console.log(
      `| ${encoding} | ${name} | ${tally.files} | ${tally.read} | ${tally.sat} | ${tally.unsat} | ${tally.wrong} | ${tally.unsatOnSafe} | ${tally.disagree} | ${tally.seconds.toFixed(1)} |`,
    );
  }
  for (const line of wrongAnswers) console.log(`wrong: ${line}`);
}

await main();
