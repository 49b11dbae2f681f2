// The certified share of SAFE verdicts (issue 41): `encode verify FILE --certificate F --timeout T
// --json` in a fresh process on every program expected safe of each set (bench/symbolic, the sv-arrays
// corpus, the families of issue 43), with each solver asked for. Prints per set and solver: the SAFE
// verdicts, how many carry a certificate the checker confirmed (and from which stage: the deciding
// one or witness / chc asked after it), how many have none / unchecked / failed, the medians of the
// proof's time, of the certificate's time after it (asking and checking) and of the check alone, and
// the ratio certificate / proof (the issue's goal: at most 1, at least 90 % certified), and of the whole
// verify command on every SAFE (what a user waits for: proof, certificate step, front end). Then the
// reasons of the uncertified ones, counted.
//
//   node dist/bench/certificates.js [--timeout 10] [--every 1] [--solvers z3,z3-wasm]
//                                   [--sets symbolic,corpus,families] [--list] [--witnesses]
// --list also prints every SAFE without a checked certificate: task, deciding encoding, reason.
// --witnesses also writes the correctness witness (`--witness FILE`) and validates it in a fresh
// process (`encode validate FILE WITNESS --timeout T`): per set, the witnesses written, their loop
// invariants, how many validate (TRUE), and the median validation time.

import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadTasks, type CampaignTask } from '../src/campaign/tasks.js';
import { argumentValue } from './arguments.js';

const projectRoot = resolve(import.meta.dirname, '..', '..');
const encodeBinary = join(projectRoot, 'bin', 'encode.js');
const corpusManifest = resolve(projectRoot, '..', 'shared', 'bench', 'sv-arrays', 'manifest.json');
const familyFolders = [
  'sum-writes',
  'bitwise-reductions',
  'unsigned-3d',
  'mod-counts',
  'triangular-self',
  'c-integer-rules',
];

const timeoutSeconds = Number(argumentValue('--timeout', '10'));
const every = Number(argumentValue('--every', '1'));
const solvers = argumentValue('--solvers', 'z3').split(',');
const sets = argumentValue('--sets', 'symbolic,corpus,families').split(',');
const listing = process.argv.includes('--list');
const witnesses = process.argv.includes('--witnesses');

interface Outcome {
  readonly task: string;
  readonly decidedBy: string;
  readonly verdict: string;
  readonly status: string;
  readonly from: string;
  readonly reason: string;
  readonly proofSeconds: number;
  readonly certificateSeconds: number;
  readonly checkSeconds: number | undefined;
  /** the whole command's time (proof, certificate step, and the front end) as the verify run reports it */
  readonly totalSeconds: number;
  /** --witnesses: the correctness witness written (its loop invariants) and whether validate confirmed it */
  readonly witness?: { readonly invariants: number; readonly confirmed: boolean; readonly seconds: number };
}

interface CertificateRecord {
  status?: string;
  from?: string;
  reason?: string;
  stepMilliseconds?: number;
  checkMilliseconds?: number;
}

function verify(task: CampaignTask, solver: string, folder: string): Outcome {
  const certificateFile = join(folder, 'certificate.smt2');
  const witnessFile = join(folder, 'witness.yml');
  rmSync(witnessFile, { force: true });
  const argv = [encodeBinary, 'verify', task.file, '--solver', solver, '--timeout', String(timeoutSeconds)];
  const run = spawnSync(
    process.execPath,
    [
      ...argv,
      '--json',
      '--data-model',
      task.dataModel,
      '--certificate',
      certificateFile,
      ...(witnesses ? ['--witness', witnessFile] : []),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  const witness = witnesses && existsSync(witnessFile) ? validateWitness(task, solver, witnessFile) : undefined;
  try {
    const record = JSON.parse(run.stdout) as {
      verdict?: string;
      decidedBy?: string;
      certificate?: CertificateRecord;
      attempts?: { encoding: string; milliseconds: number }[];
      times?: { total?: number };
    };
    const certificate = record.certificate ?? {};
    const deciding = record.attempts?.find((attempt) => attempt.encoding === record.decidedBy);
    const step = certificate.stepMilliseconds;
    return {
      task: task.id,
      decidedBy: record.decidedBy ?? '?',
      verdict: (record.verdict ?? 'error').toLowerCase(),
      status: certificate.status ?? 'none',
      from: certificate.from ?? record.decidedBy ?? '?',
      reason: certificate.reason ?? '',
      proofSeconds: (deciding?.milliseconds ?? Number.NaN) / 1000,
      certificateSeconds: (step ?? certificate.checkMilliseconds ?? Number.NaN) / 1000,
      checkSeconds: certificate.checkMilliseconds === undefined ? undefined : certificate.checkMilliseconds / 1000,
      totalSeconds: (record.times?.total ?? Number.NaN) / 1000,
      ...(witness === undefined ? {} : { witness }),
    };
  } catch {
    const reason = (run.stderr ?? '').split('\n')[0] ?? '';
    return {
      task: task.id,
      decidedBy: '?',
      verdict: 'error',
      status: 'none',
      from: '?',
      reason,
      proofSeconds: 0,
      certificateSeconds: 0,
      checkSeconds: undefined,
      totalSeconds: Number.NaN,
    };
  }
}

/** `encode validate` of the witness in a fresh process: its loop invariants, whether it was confirmed, the time */
function validateWitness(
  task: CampaignTask,
  solver: string,
  witnessFile: string,
): { invariants: number; confirmed: boolean; seconds: number } {
  const invariants = (readFileSync(witnessFile, 'utf8').match(/type: loop_invariant/g) ?? []).length;
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [
      encodeBinary,
      'validate',
      task.file,
      witnessFile,
      '--solver',
      solver,
      '--timeout',
      String(timeoutSeconds),
      '--data-model',
      task.dataModel,
    ],
    { encoding: 'utf8' },
  );
  return { invariants, confirmed: run.status === 0, seconds: (performance.now() - started) / 1000 };
}

function median(values: readonly number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function tasksOf(set: string): { tasks: CampaignTask[]; note?: string } {
  const sources =
    set === 'symbolic'
      ? [join(projectRoot, 'bench', 'symbolic')]
      : set === 'corpus'
        ? [corpusManifest]
        : set === 'families'
          ? familyFolders.map((folder) => join(projectRoot, 'bench', folder))
          : [resolve(set)];
  const tasks: CampaignTask[] = [];
  for (const source of sources) {
    const loaded = loadTasks(source);
    if (loaded.kind === 'error') return { tasks: [], note: loaded.message };
    tasks.push(...loaded.tasks);
  }
  return {
    tasks: tasks
      .filter((task) => task.expected === 'safe' && (task.property ?? 'unreach-call') === 'unreach-call')
      .filter((_, index) => index % every === 0),
  };
}

function report(set: string, solver: string, outcomes: readonly Outcome[]): void {
  const safe = outcomes.filter((outcome) => outcome.verdict === 'safe');
  const checked = safe.filter((outcome) => outcome.status === 'checked');
  const count = (status: string): number => safe.filter((outcome) => outcome.status === status).length;
  const sources = new Map<string, number>();
  for (const outcome of checked) sources.set(outcome.from, (sources.get(outcome.from) ?? 0) + 1);
  const proof = median(checked.map((outcome) => outcome.proofSeconds));
  const certificate = median(checked.map((outcome) => outcome.certificateSeconds));
  const check = median(
    checked.flatMap((outcome) => (outcome.checkSeconds === undefined ? [] : [outcome.checkSeconds])),
  );
  const total = median(safe.map((outcome) => outcome.totalSeconds));
  const share = safe.length === 0 ? 0 : (100 * checked.length) / safe.length;
  console.log(
    `| ${set} | ${solver} | ${outcomes.length} | ${safe.length} | ${checked.length} (${share.toFixed(0)} %) | ` +
      `${[...sources].map(([from, number]) => `${from} ${number}`).join(', ') || '–'} | ${count('none')} | ${count('unchecked')} | ${count('failed')} | ` +
      `${proof.toFixed(2)} | ${certificate.toFixed(2)} | ${check.toFixed(2)} | ${total.toFixed(2)} |`,
  );
}

function witnessReport(set: string, solver: string, outcomes: readonly Outcome[]): void {
  const written = outcomes.flatMap((outcome) => (outcome.witness === undefined ? [] : [outcome.witness]));
  const confirmed = written.filter((witness) => witness.confirmed);
  const invariants = written.reduce((sum, witness) => sum + witness.invariants, 0);
  const empty = written.filter((witness) => witness.invariants === 0).length;
  console.log(
    `| ${set} | ${solver} | ${written.length} | ${invariants} | ${empty} | ${confirmed.length} | ` +
      `${median(written.map((witness) => witness.seconds)).toFixed(2)} |`,
  );
}

function reasons(outcomes: readonly Outcome[]): void {
  const counted = new Map<string, number>();
  for (const outcome of outcomes.filter((entry) => entry.verdict === 'safe' && entry.status !== 'checked')) {
    // the reason without numbers and locations, so that alike reasons count together
    const key = outcome.reason.replace(/\d+(\.\d+)?/g, '#').slice(0, 160);
    counted.set(key, (counted.get(key) ?? 0) + 1);
  }
  for (const [reason, number] of [...counted].sort((left, right) => right[1] - left[1]).slice(0, 12))
    console.log(`  ${number} × ${reason}`);
  if (!listing) return;
  for (const outcome of outcomes.filter((entry) => entry.verdict === 'safe' && entry.status !== 'checked'))
    console.log(`  - ${outcome.task} (decided by ${outcome.decidedBy}): ${outcome.reason.slice(0, 140)}`);
}

const folder = mkdtempSync(join(tmpdir(), 'encode-certificates-'));
try {
  console.log(`verify --timeout ${timeoutSeconds} --certificate FILE on the programs expected safe (every ${every}th)`);
  console.log(
    '| set | solver | programs | SAFE | certified | from | none | unchecked | failed | median proof (s) | median certificate (s) | median check (s) | median verify, every SAFE (s) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  const all: { set: string; solver: string; outcomes: Outcome[] }[] = [];
  for (const set of sets) {
    const { tasks, note } = tasksOf(set);
    if (note !== undefined) {
      console.log(`| ${set} | skipped: ${note} |`);
      continue;
    }
    for (const solver of solvers) {
      const outcomes = tasks.map((task) => verify(task, solver, folder));
      all.push({ set, solver, outcomes });
      report(set, solver, outcomes);
    }
  }
  if (witnesses) {
    console.log('\ncorrectness witnesses (verify --witness), validated by encode validate in a fresh process');
    console.log('| set | solver | written | loop invariants | with none | confirmed | median validation (s) |');
    console.log('|---|---|---|---|---|---|---|');
    for (const { set, solver, outcomes } of all) witnessReport(set, solver, outcomes);
  }
  for (const { set, solver, outcomes } of all) {
    console.log(`\n${set}, ${solver}: why the other SAFE verdicts have no certificate`);
    reasons(outcomes);
    const wrong = outcomes.filter((outcome) => outcome.verdict === 'unsafe');
    if (wrong.length > 0)
      console.log(`  WRONG (UNSAFE on a safe program): ${wrong.map((outcome) => outcome.task).join(', ')}`);
  }
} finally {
  for (const entry of readdirSync(folder)) rmSync(join(folder, entry), { force: true });
  rmSync(folder, { recursive: true, force: true });
}
