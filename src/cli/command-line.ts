// Reading argv into a typed command line. The options of the encodings are not listed here: they
// come from the encoders' own declarations (src/encoders/catalogue.ts `declaredOptions`), which give
// the flags, the help text and the validation. Only the options of the tool itself are written out.
// It loads no encoding: their declarations come from the light catalogue (src/encoders/catalogue.ts).

import { cac } from 'cac';
import { declaredOptions, encoderCatalogue, encoderNames, type DeclaredOption } from '../encoders/catalogue.js';
import type { DataModel, VerdictSemantics } from '../ir/types.js';
import { solverChoicesHelp } from '../solvers/solver.js';

export interface CommandLine {
  readonly file: string;
  /** the encoding of --encoding, or the one --emit writes when none is given */
  readonly encoding: string;
  /**
   * `encoding`: one encoding (--encoding or --emit given); `verify`: the portfolio of every encoding
   * (`encode verify FILE`, or neither option given); `compare`: every encoding side by side
   */
  readonly command: 'encoding' | 'verify' | 'compare' | 'bench' | 'bench-merge' | 'validate';
  /** bench-merge: the campaign folders to merge (`file` is the first) */
  readonly folders: readonly string[];
  /** bench: how the jobs are run (see BenchSettings) */
  readonly benchMode: BenchMode;
  /** bench: the encodings (and `portfolio`) of --encodings; undefined: all of them */
  readonly encodings: readonly string[] | undefined;
  /** bench: --jobs; undefined: the number of cores */
  readonly jobs: number | undefined;
  /** bench: --against, an earlier results.jsonl */
  readonly against: string | undefined;
  /** --property: an SV-COMP property file (SV-COMP output mode) */
  readonly property: string | undefined;
  /** --witness: where to write the violation witness of an UNSAFE verdict, or the correctness witness of a SAFE */
  readonly witnessFile: string | undefined;
  /** --certificate: where to write the model (CHC-COMP format) that certifies a SAFE verdict */
  readonly certificateFile: string | undefined;
  /** --require-certificate: a SAFE without a checked certificate becomes UNKNOWN */
  readonly requireCertificate: boolean;
  /** validate: the witness to replay (violation) or check (correctness); `file` is the task or program */
  readonly validatedWitness: string | undefined;
  /** compare: the solvers, from a comma-separated --solver */
  readonly solvers: readonly string[];
  readonly emit: 'smt2' | 'ir' | undefined;
  readonly outputFile: string | undefined;
  readonly outputDirectory: string | undefined;
  readonly solve: boolean;
  readonly solver: string;
  readonly timeoutSeconds: number;
  readonly semantics: VerdictSemantics;
  readonly dataModel: DataModel;
  readonly preprocessor: 'default' | 'system' | 'builtin' | 'none';
  readonly json: boolean;
  /** a SAFE that rests on mathematical integers (every SAFE in int semantics) becomes UNKNOWN */
  readonly strict: boolean;
  /**
   * --exec / --no-exec: run an UNSAFE's counterexample natively (gcc); 'auto' is on for verify when
   * gcc is there and off for one encoding and for validate
   */
  readonly execution: 'on' | 'off' | 'auto';
  /** print stack traces of internal errors */
  readonly debug: boolean;
  /** print every assumption of a SAFE and every warning in full */
  readonly verbose: boolean;
  /** values of the encoders' declared options that were given, parsed */
  readonly settings: Readonly<Record<string, unknown>>;
  /** options given that the chosen encoding does not read */
  readonly warnings: readonly string[];
}

/**
 * How `encode bench` runs its jobs: `local` runs every job not yet done in worker processes here;
 * `list` only writes jobs.jsonl; `job` and `shard` run one job or one shard (records/ files, for an
 * engine); `parallel` hands the jobs to GNU parallel; `slurm` writes the job-array scripts.
 */
export type BenchMode =
  | { readonly kind: 'local' }
  | { readonly kind: 'list' }
  | { readonly kind: 'job'; readonly id: string }
  | { readonly kind: 'shard'; readonly shard: string }
  | { readonly kind: 'parallel'; readonly sshLogins: readonly string[]; readonly sshLoginFile: string | undefined }
  | { readonly kind: 'slurm'; readonly slices: number | undefined };

export class UsageError extends Error {}

/** the commands named by the first argument (`encode verify prog.c`) */
const subcommands = ['verify', 'compare', 'bench', 'bench-merge', 'validate'] as const;

/** the encoding --emit writes when --encoding is not given */
export const defaultEncoding = 'chc';
export const defaultTimeoutSeconds = 20;
/** the default budget of the portfolio (`verify`, or no --encoding) */
export const defaultPortfolioTimeoutSeconds = 60;

/** the tool's own options: [flag as cac takes it, help]; the encoders' options are added from the registry */
const toolOptions: readonly (readonly [string, string])[] = [
  [
    '--encoding <name>',
    `${encoderNames().join(' | ')}; without it: the portfolio of all (encode verify), or ${defaultEncoding} with --emit`,
  ],
  ['--emit <format>', 'smt2 | ir: write the encoding (stdout unless -o/--out-dir) instead of solving'],
  ['-o, --output <file>', 'with --emit: the output file (one artefact)'],
  ['--out-dir <dir>', 'with --emit: write DIR/<name><suffix> for each artefact (e.g. smtlib-out)'],
  ['--solve', 'solve (default without --emit); prints SAFE, UNSAFE or UNKNOWN (reason)'],
  ['--solver <solver>', solverChoicesHelp],
  ['--timeout <seconds>', `time budget of the whole solve step, front end excluded (default ${defaultTimeoutSeconds})`],
  [
    '--semantics <mode>',
    "c (default: C's integers as gcc computes them; assumes only that the program has no undefined behaviour) | bv (two's complement bit-vectors) | int (mathematical integers: research only, may be wrong for C)",
  ],
  ['--data-model <model>', 'ILP32 (default) | LP64: widths of long and pointers'],
  [
    '--preprocessor <mode>',
    'system | builtin | none, for .c files (default: builtin for a file that includes nothing, else system when cpp exists)',
  ],
  ['--json', 'print one JSON record instead of text'],
  ['--strict', 'a SAFE that assumes mathematical integers (every SAFE of --semantics int) is UNKNOWN instead'],
  [
    '--property <file>',
    'an SV-COMP property file (unreach-call or no-overflow); prints Result: TRUE | FALSE(unreach-call) | FALSE(no-overflow) | UNKNOWN last',
  ],
  [
    '--witness <file>',
    "write the SV-COMP witness (YAML format 2.0) to FILE: an UNSAFE's violation witness, or a SAFE's correctness witness (loop invariants of its checked certificate)",
  ],
  [
    '--certificate <file>',
    "write the certificate of a SAFE verdict to FILE: one define-fun per predicate of the --emit smt2 clauses (CHC-COMP's model format)",
  ],
  ['--require-certificate', 'a SAFE without a certificate that the checker confirmed is UNKNOWN instead'],
  [
    '--exec',
    "confirm an UNSAFE by running the program compiled with gcc on the counterexample's inputs (default in verify when gcc is on PATH; validate: judge the witness by that run)",
  ],
  ['--no-exec', 'do not run the program natively'],
  [
    '--encodings <list>',
    'bench: the encodings to run, comma-separated, `portfolio` for encode verify (default: all and portfolio)',
  ],
  ['--jobs <n>', 'bench: tasks run at once (default: the number of cores)'],
  ['--against <file>', 'bench: an earlier results.jsonl; list the tasks whose verdict changed or that got 2x slower'],
  [
    '--list-jobs',
    'bench: only write the job list, DIR/jobs.jsonl (one job a line: id, task, encoding, solver, budget)',
  ],
  ['--job <id>', 'bench: run only this job of the list (its record goes to DIR/records/ID.json); for an engine'],
  [
    '--shard <i/n>',
    'bench: run only shard i of n (every n-th job from the i-th; records in DIR/records/); for an engine',
  ],
  [
    '--engine <engine>',
    'bench: local (default: worker processes here) | parallel (GNU parallel runs the jobs, then the merge) | slurm (write the job-array scripts)',
  ],
  ['--sshlogin <login>', 'bench --engine parallel: a host for GNU parallel (repeatable; ":" is this machine)'],
  ['--sshloginfile <file>', "bench --engine parallel: GNU parallel's file of hosts, one a line"],
  ['--slices <k>', 'bench --engine slurm: array tasks (default: the number of jobs, at most 100)'],
  ['--debug', 'print the stack trace of an internal error'],
  [
    '--verbose',
    'print every assumption of a SAFE in full (the text output shortens them to three lines; --json always lists all)',
  ],
  ['-h, --help', 'this text'],
  ['-v, --version', 'the version'],
];

function camelCase(name: string): string {
  return name.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

function flagText(option: DeclaredOption): string {
  const declaration = option.readers[0]!.declaration;
  return declaration.form === 'flag' ? `--${option.name}` : `--${option.name} <${declaration.valueName}>`;
}

function optionHelp(option: DeclaredOption): string {
  const first = option.readers[0]!.declaration;
  const readers = option.readers.map((reader) => reader.encoder);
  const defaults =
    first.form === 'flag'
      ? ''
      : ` (default ${option.readers.map((reader) => `${String(reader.declaration.defaultValue)}${option.readers.length > 1 ? ` for ${reader.encoder}` : ''}`).join(', ')})`;
  const help =
    option.readers.length === 1
      ? first.help
      : option.readers.map((reader) => `${reader.encoder}: ${reader.declaration.help}`).join('; ');
  return `${readers.join(', ')}: ${help}${defaults}`;
}

export function helpText(): string {
  const rows: [string, string][] = [...toolOptions.map(([flag, help]) => [flag, help] as [string, string])];
  const encoderRows = declaredOptions().map((option): [string, string] => [flagText(option), optionHelp(option)]);
  const width = Math.max(...[...rows, ...encoderRows].map(([flag]) => flag.length)) + 2;
  const format = ([flag, help]: [string, string]): string => `  ${flag.padEnd(width)}${help}`;
  return [
    'encode — C programs with loops over arrays to SMT-LIB 2 / CHC, solved with z3 (external or in-process)',
    '',
    'Usage: encode [verify|compare] <file.c|file.i|task.yml> [options]',
    '       encode validate <task.yml|file.c> <witness.yml>   (a violation witness is replayed, a correctness witness checked)',
    '       encode bench <manifest.json|folder of .yml or .c> [--encodings a,b] [--jobs N] [--out-dir DIR] [--against FILE]',
    '                    [--list-jobs | --job ID | --shard i/n | --engine parallel [--sshloginfile F] | --engine slurm [--slices K]]',
    '       encode bench-merge <campaign folder>... --out-dir DIR [--encodings a,b]',
    '',
    'Without --encoding (or with `verify`), every encoding runs in turn under one --timeout',
    `(default ${defaultPortfolioTimeoutSeconds} s), cheapest first; the first SAFE or UNSAFE wins and says which encoding decided.`,
    '`compare` runs every encoding with the whole --timeout each (under each solver of --solver a,b)',
    'and prints a table: verdict, time, query size (bytes, assertions, quantifiers), reason.',
    '`bench` runs a campaign (--jobs worker processes, each running many tasks; resumable) and writes results.jsonl,',
    'results.csv, table.md, cactus.svg, report.html and benchexec/*.xml into --out-dir (default bench-results).',
    '`bench-merge` gathers the results of campaign folders (results.jsonl and records/ of shards, hosts, array tasks)',
    'into one results.jsonl, one result per job (SAFE against UNSAFE for one job: exit 70), and writes the same files.',
    '',
    'Encodings:',
    ...[...encoderCatalogue.values()].map((encoder) => `  ${encoder.name.padEnd(width)}${encoder.summary}`),
    '',
    'Options:',
    ...rows.map(format),
    '',
    'Options of the encodings (the encodings that read them first):',
    ...encoderRows.map(format),
    '',
    'Exit codes: 0 SAFE or written, 10 UNSAFE, 20 UNKNOWN, 2 usage error, 3 input error,',
    '            4 campaign incomplete (an engine left jobs without a result), 5 unsupported input (emit), 70 internal error.',
  ].join('\n');
}

function choice<T extends string>(value: unknown, choices: readonly T[], flag: string, fallback: T): T {
  if (value === undefined) return fallback;
  const text = String(value);
  const found = choices.find((candidate) => candidate.toLowerCase() === text.toLowerCase());
  if (found === undefined) throw new UsageError(`${flag} takes ${choices.join(' or ')}, not '${text}'`);
  return found;
}

/** the given values of the encoders' options, parsed by every declaration that reads them */
function encoderSettings(
  options: Record<string, unknown>,
  encoding: string | undefined,
  declared: readonly DeclaredOption[],
): { settings: Record<string, unknown>; warnings: string[] } {
  const settings: Record<string, unknown> = {};
  const warnings: string[] = [];
  for (const option of declared) {
    const given = options[camelCase(option.name)];
    if (given === undefined) continue;
    const form = option.readers[0]!.declaration.form;
    if (form === 'value' && (given === true || given === '')) throw new UsageError(`--${option.name} takes a value`);
    const text = given === true ? 'true' : String(Array.isArray(given) ? given[given.length - 1] : given);
    for (const reader of option.readers) {
      const parsed = reader.declaration.parse(text);
      if (parsed.kind === 'error') throw new UsageError(parsed.message);
      settings[option.name] = parsed.value;
    }
    // the portfolio runs every encoding: each reads what it declares
    if (encoding !== undefined && !option.readers.some((reader) => reader.encoder === encoding)) {
      warnings.push(
        `--${option.name} is read by ${option.readers.map((reader) => reader.encoder).join(', ')}, not by ${encoding}`,
      );
    }
  }
  return { settings, warnings };
}

/** the last of --exec and --no-exec decides; neither: 'auto' */
function executionChoice(argv: readonly string[]): 'on' | 'off' | 'auto' {
  const on = argv.lastIndexOf('--exec');
  const off = argv.lastIndexOf('--no-exec');
  if (on < 0 && off < 0) return 'auto';
  return off > on ? 'off' : 'on';
}

/** the options of `bench` that choose how its jobs run */
const benchFlags = ['listJobs', 'job', 'shard', 'engine', 'sshlogin', 'sshloginfile', 'slices'] as const;

function lastText(value: unknown): string {
  return String(Array.isArray(value) ? value[value.length - 1] : value);
}

/** --list-jobs, --job, --shard and --engine exclude each other; the host and slice options go with their engine */
function benchModeOf(options: Record<string, unknown>): BenchMode {
  const engine =
    options.engine === undefined
      ? 'local'
      : choice(lastText(options.engine), ['local', 'parallel', 'slurm'] as const, '--engine', 'local');
  const selections = [
    options.listJobs === undefined ? undefined : '--list-jobs',
    options.job === undefined ? undefined : '--job',
    options.shard === undefined ? undefined : '--shard',
    engine === 'local' ? undefined : `--engine ${engine}`,
  ].filter((flag): flag is string => flag !== undefined);
  if (selections.length > 1) throw new UsageError(`give one of ${selections.join(', ')}`);
  if (engine !== 'parallel' && (options.sshlogin !== undefined || options.sshloginfile !== undefined))
    throw new UsageError('--sshlogin and --sshloginfile go with --engine parallel');
  if (engine !== 'slurm' && options.slices !== undefined) throw new UsageError('--slices goes with --engine slurm');
  if (options.listJobs !== undefined) return { kind: 'list' };
  if (options.job !== undefined) {
    if (options.job === true || options.job === '') throw new UsageError('--job takes a job id (see --list-jobs)');
    return { kind: 'job', id: lastText(options.job) };
  }
  if (options.shard !== undefined) return { kind: 'shard', shard: lastText(options.shard) };
  switch (engine) {
    case 'local':
      return { kind: 'local' };
    case 'parallel': {
      const logins =
        options.sshlogin === undefined
          ? []
          : (Array.isArray(options.sshlogin) ? options.sshlogin : [options.sshlogin]).map(String);
      return {
        kind: 'parallel',
        sshLogins: logins,
        sshLoginFile: options.sshloginfile === undefined ? undefined : lastText(options.sshloginfile),
      };
    }
    case 'slurm': {
      const slices = options.slices === undefined ? undefined : Number(lastText(options.slices));
      if (slices !== undefined && (!Number.isInteger(slices) || slices < 1))
        throw new UsageError(`--slices takes a positive whole number, not '${lastText(options.slices)}'`);
      return { kind: 'slurm', slices };
    }
    default: {
      const never: never = engine;
      throw new UsageError(`unknown engine ${String(never)}`);
    }
  }
}

export function parseCommandLine(argv: readonly string[]): CommandLine | 'help' | 'version' {
  const cli = cac('encode');
  cli.usage('<file.c|file.i> [options]');
  for (const [flag, help] of toolOptions) cli.option(flag, help);
  const declared = declaredOptions();
  for (const option of declared) cli.option(flagText(option), optionHelp(option));
  let parsed;
  try {
    parsed = cli.parse(['node', 'encode', ...argv], { run: false });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const options = parsed.options as Record<string, unknown>;
  if (options.help) return 'help';
  if (options.version) return 'version';
  const known = new Set([
    '--',
    'o',
    'h',
    'v',
    ...toolOptions.map(([flag]) => camelCase(flag.replace(/^.*--([\w-]+).*$/, '$1'))),
    ...declared.map((option) => camelCase(option.name)),
  ]);
  for (const name of Object.keys(options)) if (!known.has(name)) throw new UsageError(`unknown option '${name}'`);
  const named = parsed.args.length >= 2 ? subcommands.find((name) => name === parsed.args[0]) : undefined;
  const files = named === undefined ? parsed.args : parsed.args.slice(1);
  const wanted = named === 'validate' ? 2 : named === 'bench-merge' ? Math.max(1, files.length) : 1;
  if (files.length !== wanted) {
    throw new UsageError(
      named === 'validate'
        ? 'validate takes a task (or program) and a witness'
        : files.length === 0
          ? 'missing input file'
          : `one input file expected, got ${files.length}`,
    );
  }
  if (named !== undefined && options.encoding !== undefined)
    throw new UsageError(`${named} runs every encoding: leave out --encoding (or drop ${named})`);

  const encoding = options.encoding === undefined ? defaultEncoding : String(options.encoding);
  if (!encoderCatalogue.has(encoding))
    throw new UsageError(`unknown encoding '${encoding}' (known: ${encoderNames().join(', ')})`);
  const emit = options.emit === undefined ? undefined : choice(options.emit, ['smt2', 'ir'] as const, '--emit', 'smt2');
  if (named !== undefined && emit !== undefined) throw new UsageError(`${named} solves: --emit needs one --encoding`);
  const command = named ?? (options.encoding === undefined && emit === undefined ? 'verify' : 'encoding');
  const solverText = options.solver === undefined ? 'auto' : String(options.solver);
  const solvers =
    command === 'compare'
      ? solverText
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
      : [solverText];
  const timeoutSeconds =
    options.timeout === undefined
      ? command === 'verify'
        ? defaultPortfolioTimeoutSeconds
        : defaultTimeoutSeconds
      : Number(options.timeout);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0)
    throw new UsageError(`--timeout takes a positive number of seconds, not '${String(options.timeout)}'`);
  const outputFile = options.output === undefined ? undefined : String(options.output);
  const outputDirectory = options.outDir === undefined ? undefined : String(options.outDir);
  if (outputFile !== undefined && outputDirectory !== undefined)
    throw new UsageError('give either -o or --out-dir, not both');
  if (outputFile !== undefined && emit === undefined) throw new UsageError('-o goes with --emit');
  if (outputDirectory !== undefined && emit === undefined && command !== 'bench' && command !== 'bench-merge')
    throw new UsageError('--out-dir goes with --emit (or bench)');
  if (command === 'bench-merge' && outputDirectory === undefined)
    throw new UsageError('bench-merge needs --out-dir (the folder of the merged results)');
  const jobs = options.jobs === undefined ? undefined : Number(options.jobs);
  if (jobs !== undefined && (!Number.isInteger(jobs) || jobs < 1))
    throw new UsageError(`--jobs takes a positive whole number, not '${String(options.jobs)}'`);
  if (command !== 'bench' && (options.jobs !== undefined || options.against !== undefined))
    throw new UsageError('--jobs and --against go with bench');
  if (command !== 'bench' && command !== 'bench-merge' && options.encodings !== undefined)
    throw new UsageError('--encodings goes with bench');
  const benchMode = command === 'bench' ? benchModeOf(options) : { kind: 'local' as const };
  if (command !== 'bench' && benchFlags.some((flag) => options[flag] !== undefined))
    throw new UsageError(
      '--list-jobs, --job, --shard, --engine, --sshlogin, --sshloginfile and --slices go with bench',
    );
  const encodings =
    options.encodings === undefined
      ? undefined
      : String(options.encodings)
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '');
  const { settings, warnings } = encoderSettings(options, command === 'encoding' ? encoding : undefined, declared);
  return {
    file: String(files[0]),
    encoding,
    command,
    solvers,
    encodings,
    folders: named === 'bench-merge' ? files.map(String) : [],
    benchMode,
    jobs,
    against: options.against === undefined ? undefined : String(options.against),
    property: options.property === undefined ? undefined : String(options.property),
    witnessFile: options.witness === undefined ? undefined : String(options.witness),
    certificateFile: options.certificate === undefined ? undefined : String(options.certificate),
    requireCertificate: Boolean(options.requireCertificate),
    validatedWitness: named === 'validate' ? String(files[1]) : undefined,
    emit,
    outputFile,
    outputDirectory,
    solve: Boolean(options.solve) || emit === undefined,
    solver: options.solver === undefined ? 'auto' : String(options.solver),
    timeoutSeconds,
    semantics: choice(options.semantics, ['c', 'int', 'bv'] as const, '--semantics', 'c'),
    dataModel: choice(options.dataModel, ['ILP32', 'LP64'] as const, '--data-model', 'ILP32'),
    preprocessor:
      options.preprocessor === undefined
        ? 'default'
        : choice(options.preprocessor, ['system', 'builtin', 'none'] as const, '--preprocessor', 'system'),
    json: Boolean(options.json),
    strict: Boolean(options.strict),
    execution: executionChoice(argv),
    debug: Boolean(options.debug) || Boolean(process.env['ENCODE_DEBUG']),
    verbose: Boolean(options.verbose),
    settings,
    warnings,
  };
}
