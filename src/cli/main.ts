// The `encode` command line: the only code that reads argv, prints and exits.
//
// Exit codes (documented in the README):
//   0  SAFE, or the requested output was written
//   10 UNSAFE (a counterexample was replayed on the interpreter)
//   20 UNKNOWN (including unsupported input when solving, timeouts)
//   2  usage error (unknown option, bad value)
//   3  input error (file not readable, preprocessing or syntax error)
//   5  unsupported input when emitting (nothing to write)
//   70 internal error (a bug in encode; the message says so)

import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cac } from 'cac';
import { encoderNames, encoders } from '../encoders/index.js';
import type { EncodingOptions, EmittedArtefact } from '../encoders/encoder.js';
import { printProgram } from '../ir/print.js';
import type { DataModel, Semantics } from '../ir/types.js';
import { runFrontEnd } from '../pipeline.js';
import { printChcSystem, printSmtScript } from '../smt/printer.js';
import { createSolver } from '../solvers/index.js';
import type { Solver } from '../solvers/solver.js';
import { formatDiagnostic, type Diagnostic, type Verdict } from '../verdict.js';
import { formatCounterexample } from './format.js';
import { readPackageVersion } from './version.js';

export const exitCodes = {
  safe: 0,
  unsafe: 10,
  unknown: 20,
  usage: 2,
  inputError: 3,
  unsupported: 5,
  internalError: 70,
} as const;

interface CommandLine {
  readonly file: string;
  readonly encoding: string;
  readonly emit: 'smt2' | 'ir' | undefined;
  readonly outputFile: string | undefined;
  readonly outputDirectory: string | undefined;
  readonly solve: boolean;
  readonly solver: string;
  readonly timeoutSeconds: number;
  readonly unwind: number;
  /** whether --unwind was given (accel uses its own default otherwise) */
  readonly unwindGiven: boolean;
  readonly unwindingAssertions: boolean;
  readonly showSummaries: boolean;
  readonly maxK: number;
  readonly cells: number;
  readonly loops: 'kept' | 'removed';
  readonly semantics: Semantics;
  readonly dataModel: DataModel;
  readonly preprocessor: 'default' | 'system' | 'builtin' | 'none';
  readonly json: boolean;
}

class UsageError extends Error {}

function parseCommandLine(argv: readonly string[]): CommandLine | 'help' | 'version' {
  const cli = cac('encode');
  cli
    .usage('<file.c|file.i> [options]')
    .option('--encoding <name>', `encoding: ${encoderNames().join(', ')}`, { default: 'chc' })
    .option('--emit <format>', 'write the encoding instead of solving: smt2 (or ir to print the lowered program)')
    .option('-o, --output <file>', 'with --emit: write to this file (one artefact only)')
    .option('--out-dir <dir>', 'with --emit: write each artefact to DIR/<name><suffix> (e.g. smtlib-out)')
    .option('--solve', 'solve and print SAFE, UNSAFE or UNKNOWN (the default when --emit is absent)')
    .option('--solver <solver>', "z3-wasm (in-process, default), z3, cvc5, or a command with {file}, e.g. 'golem {file}'", { default: 'z3-wasm' })
    .option('--timeout <seconds>', 'time budget of the solve step', { default: 20 })
    .option('--unwind <k>', 'loop unwinding depth for bmc (accel: of the accelerated program, default 3)', { default: 10 })
    .option('--unwinding-assertions', 'bmc: prove that K unwindings suffice, which allows SAFE')
    .option('--max-k <k>', 'shrink: the largest shrink factor tried', { default: 5 })
    .option('--show-summaries', 'accel: print the closed forms, feasibility conditions and eliminated quantifiers of every accelerated path')
    .option('--cells <k>', 'witness: distinguished cells per array', { default: 1 })
    .option('--loops <mode>', 'witness: kept (Horn clauses) or removed (one loop-free query)', { default: 'kept' })
    .option('--semantics <mode>', 'int (mathematical integers) or bv (two\'s complement)', { default: 'int' })
    .option('--data-model <model>', 'ILP32 or LP64', { default: 'ILP32' })
    .option('--preprocessor <mode>', 'for .c files: system (cpp), builtin, or none (default: system when cpp exists)')
    .option('--json', 'print one JSON record instead of text')
    .option('-h, --help', 'this text')
    .option('-v, --version', 'the version');
  let parsed;
  try {
    parsed = cli.parse(['node', 'encode', ...argv], { run: false });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const options = parsed.options as Record<string, unknown>;
  if (options.help) return 'help';
  if (options.version) return 'version';
  if (parsed.args.length !== 1) throw new UsageError(parsed.args.length === 0 ? 'missing input file' : `one input file expected, got ${parsed.args.length}`);
  const known = new Set(['--', 'encoding', 'emit', 'o', 'output', 'outDir', 'solve', 'solver', 'timeout', 'unwind', 'unwindingAssertions', 'showSummaries', 'maxK', 'cells', 'loops', 'semantics', 'dataModel', 'preprocessor', 'json', 'help', 'h', 'version', 'v']);
  for (const name of Object.keys(options)) if (!known.has(name)) throw new UsageError(`unknown option '${name}'`);

  const encoding = String(options.encoding);
  if (!encoders.has(encoding)) throw new UsageError(`unknown encoding '${encoding}' (known: ${encoderNames().join(', ')})`);
  const emit = options.emit === undefined ? undefined : String(options.emit);
  if (emit !== undefined && emit !== 'smt2' && emit !== 'ir') throw new UsageError(`--emit takes smt2 or ir, not '${emit}'`);
  const semantics = String(options.semantics);
  if (semantics !== 'int' && semantics !== 'bv') throw new UsageError(`--semantics takes int or bv, not '${semantics}'`);
  const dataModel = String(options.dataModel).toUpperCase();
  if (dataModel !== 'ILP32' && dataModel !== 'LP64') throw new UsageError(`--data-model takes ILP32 or LP64, not '${String(options.dataModel)}'`);
  const preprocessor = options.preprocessor === undefined ? 'default' : String(options.preprocessor);
  if (preprocessor !== 'default' && preprocessor !== 'system' && preprocessor !== 'builtin' && preprocessor !== 'none') {
    throw new UsageError(`--preprocessor takes system, builtin or none, not '${preprocessor}'`);
  }
  const timeoutSeconds = Number(options.timeout);
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) throw new UsageError(`--timeout takes a positive number of seconds, not '${String(options.timeout)}'`);
  const unwind = Number(options.unwind);
  if (!Number.isInteger(unwind) || unwind < 0) throw new UsageError(`--unwind takes a non-negative integer, not '${String(options.unwind)}'`);
  const maxK = Number(options.maxK);
  if (!Number.isInteger(maxK) || maxK < 1) throw new UsageError(`--max-k takes a positive integer, not '${String(options.maxK)}'`);
  const cells = Number(options.cells);
  if (!Number.isInteger(cells) || cells < 1) throw new UsageError(`--cells takes a positive integer, not '${String(options.cells)}'`);
  const loops = String(options.loops);
  if (loops !== 'kept' && loops !== 'removed') throw new UsageError(`--loops takes kept or removed, not '${loops}'`);
  const outputFile = options.output === undefined ? undefined : String(options.output);
  const outputDirectory = options.outDir === undefined ? undefined : String(options.outDir);
  if (outputFile !== undefined && outputDirectory !== undefined) throw new UsageError('give either -o or --out-dir, not both');
  if ((outputFile !== undefined || outputDirectory !== undefined) && emit === undefined) throw new UsageError('-o and --out-dir go with --emit');
  return {
    file: String(parsed.args[0]),
    encoding,
    emit,
    outputFile,
    outputDirectory,
    solve: Boolean(options.solve) || emit === undefined,
    solver: String(options.solver),
    timeoutSeconds,
    unwind,
    unwindGiven: argv.some((argument) => argument === '--unwind' || argument.startsWith('--unwind=')),
    unwindingAssertions: Boolean(options.unwindingAssertions),
    showSummaries: Boolean(options.showSummaries),
    maxK,
    cells,
    loops,
    semantics,
    dataModel,
    preprocessor,
    json: Boolean(options.json),
  };
}

function helpText(): string {
  return [
    'encode — C programs with loops over arrays to SMT-LIB 2 / CHC, solved in-process with z3',
    '',
    'Usage: encode <file.c|file.i> [options]',
    '',
    'Options:',
    `  --encoding <name>        ${encoderNames().join(' | ')} (default chc)`,
    '  --emit smt2|ir           write the encoding (stdout unless -o/--out-dir) instead of solving',
    '  -o, --output <file>      with --emit: the output file (one artefact)',
    '  --out-dir <dir>          with --emit: write DIR/<name><suffix> for each artefact',
    '  --solve                  solve (default without --emit); prints SAFE, UNSAFE or UNKNOWN (reason)',
    "  --solver <s>             z3-wasm (default, in-process) | z3 | cvc5 | 'CMD {file}'",
    '  --timeout <seconds>      time budget of the solve step (default 20)',
    '  --unwind <k>             bmc unwinding depth (default 10; accel: 3, of the accelerated program)',
    '  --show-summaries         accel: print each accelerated path: closed forms, feasibility, eliminated quantifiers',
    '  --unwinding-assertions   bmc: prove K unwindings suffice, allowing SAFE',
    '  --max-k <k>              shrink: largest shrink factor tried (default 5)',
    '  --cells <k>              witness: distinguished cells per array (default 1)',
    '  --loops kept|removed     witness: Horn clauses over loops (default) or one loop-free query',
    '  --semantics int|bv       mathematical integers (default) or two\'s complement bit-vectors',
    '  --data-model ILP32|LP64  widths of long and pointers (default ILP32)',
    '  --preprocessor <mode>    system | builtin | none, for .c files (default: system when cpp exists)',
    '  --json                   one JSON record on stdout',
    '  -h, --help               this text',
    '  -v, --version            the version',
    '',
    'Exit codes: 0 SAFE or written, 10 UNSAFE, 20 UNKNOWN, 2 usage error, 3 input error,',
    '            5 unsupported input (emit), 70 internal error.',
  ].join('\n');
}

function printDiagnostics(diagnostics: readonly Diagnostic[]): void {
  for (const diagnostic of diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
}

function artefactText(artefact: EmittedArtefact): string {
  return artefact.content.kind === 'smtScript' ? printSmtScript(artefact.content) : printChcSystem(artefact.content);
}

function writeArtefacts(commandLine: CommandLine, artefacts: readonly { suffix: string; text: string }[]): string[] {
  const base = basename(commandLine.file, extname(commandLine.file));
  if (commandLine.outputFile !== undefined) {
    if (artefacts.length !== 1) throw new UsageError(`-o takes one artefact, but this encoding writes ${artefacts.length}; use --out-dir`);
    writeFileSync(commandLine.outputFile, artefacts[0]!.text);
    return [commandLine.outputFile];
  }
  if (commandLine.outputDirectory !== undefined) {
    mkdirSync(commandLine.outputDirectory, { recursive: true });
    return artefacts.map((artefact) => {
      const path = join(commandLine.outputDirectory!, `${base}${artefact.suffix}`);
      writeFileSync(path, artefact.text);
      return path;
    });
  }
  for (const artefact of artefacts) {
    if (artefacts.length > 1) process.stdout.write(`; ---- ${base}${artefact.suffix} ----\n`);
    process.stdout.write(artefact.text.endsWith('\n') ? artefact.text : `${artefact.text}\n`);
  }
  return [];
}

function verdictExitCode(verdict: Verdict): number {
  switch (verdict.kind) {
    case 'safe':
      return exitCodes.safe;
    case 'unsafe':
      return exitCodes.unsafe;
    case 'unknown':
      return exitCodes.unknown;
    default: {
      const never: never = verdict;
      throw new Error(`unknown verdict ${JSON.stringify(never)}`);
    }
  }
}

function verdictLine(verdict: Verdict): string {
  switch (verdict.kind) {
    case 'safe':
      return 'SAFE';
    case 'unsafe':
      return 'UNSAFE';
    case 'unknown':
      return `UNKNOWN (${verdict.reason})`;
    default: {
      const never: never = verdict;
      throw new Error(`unknown verdict ${JSON.stringify(never)}`);
    }
  }
}

async function run(commandLine: CommandLine): Promise<number> {
  const started = performance.now();
  const frontEnd = runFrontEnd(commandLine.file, { dataModel: commandLine.dataModel, preprocessor: commandLine.preprocessor });
  const encoder = encoders.get(commandLine.encoding)!;
  const record: Record<string, unknown> = { file: commandLine.file, encoding: encoder.name, approximation: encoder.approximation };
  if (frontEnd.kind === 'inputError') {
    printDiagnostics(frontEnd.diagnostics);
    if (commandLine.json) printJson({ ...record, verdict: 'error', diagnostics: frontEnd.diagnostics.map(formatDiagnostic), times: frontEnd.times });
    return exitCodes.inputError;
  }
  if (frontEnd.kind === 'unsupported') {
    printDiagnostics(frontEnd.diagnostics);
    const first = frontEnd.diagnostics[0];
    const reason = first === undefined ? 'unsupported input' : `unsupported: ${first.message} at ${first.location.line}:${first.location.column}`;
    if (commandLine.emit !== undefined && !commandLine.solve) {
      if (commandLine.json) printJson({ ...record, verdict: 'unsupported', reason, times: frontEnd.times });
      return exitCodes.unsupported;
    }
    if (commandLine.json) printJson({ ...record, verdict: 'unknown', reason, times: frontEnd.times });
    else process.stdout.write(`UNKNOWN (${reason})\n`);
    return exitCodes.unknown;
  }
  printDiagnostics(frontEnd.warnings);
  const program = frontEnd.program;
  const encodingOptions: EncodingOptions = {
    semantics: commandLine.semantics,
    unwind: commandLine.unwind,
    unwindingAssertions: commandLine.unwindingAssertions,
    timeoutMilliseconds: commandLine.timeoutSeconds * 1000,
    shrink: { maxK: commandLine.maxK },
    witness: { cells: commandLine.cells, loops: commandLine.loops },
    ...(commandLine.unwindGiven ? { accel: { unwind: commandLine.unwind } } : {}),
  };
  const times: Record<string, number> = { ...frontEnd.times };

  if (commandLine.emit !== undefined) {
    let artefacts: { suffix: string; text: string }[];
    if (commandLine.emit === 'ir') {
      artefacts = [{ suffix: '.ir.txt', text: printProgram(program) }];
    } else {
      const emitStart = performance.now();
      let emitted;
      if (encoder.emitWithSolver !== undefined) {
        const created = createSolver(commandLine.solver);
        if (created.kind === 'error') throw new UsageError(created.message);
        try {
          emitted = await encoder.emitWithSolver(program, encodingOptions, created.solver);
        } finally {
          await created.solver.dispose();
        }
      } else {
        emitted = encoder.emit(program, encodingOptions);
      }
      if (emitted.kind === 'unsupported') {
        process.stderr.write(`${commandLine.file}: unsupported by ${encoder.name}: ${emitted.reason}\n`);
        if (commandLine.json) printJson({ ...record, verdict: 'unsupported', reason: emitted.reason });
        return exitCodes.unsupported;
      }
      artefacts = emitted.artefacts.map((artefact) => ({ suffix: artefact.suffix, text: artefactText(artefact) }));
      times.encode = performance.now() - emitStart;
    }
    const written = writeArtefacts(commandLine, artefacts);
    for (const path of written) if (!commandLine.json) process.stderr.write(`wrote ${path}\n`);
    if (!commandLine.solve) {
      if (commandLine.json) printJson({ ...record, verdict: 'emitted', files: written, times });
      return exitCodes.safe;
    }
  }

  const created = createSolver(commandLine.solver);
  if (created.kind === 'error') throw new UsageError(created.message);
  const solver: Solver = created.solver;
  try {
    const outcome = await encoder.solve(program, encodingOptions, solver);
    Object.assign(times, outcome.times);
    times.total = performance.now() - started;
    const verdict = outcome.verdict;
    if (commandLine.json) {
      printJson({
        ...record,
        solver: solver.name,
        semantics: commandLine.semantics,
        verdict: verdict.kind,
        ...(verdict.kind === 'unknown' ? { reason: verdict.reason } : {}),
        ...(verdict.kind === 'safe' ? { assumptions: verdict.assumptions } : {}),
        ...(verdict.kind === 'unsafe'
          ? {
              violatedAt: verdict.violatedAt,
              counterexample: {
                scalars: verdict.counterexample.scalars.map(String),
                arrays: verdict.counterexample.arrays.map((array) => ({
                  default: String(array.defaultValue),
                  entries: Object.fromEntries([...array.entries].map(([index, value]) => [String(index), String(value)])),
                })),
              },
            }
          : {}),
        details: outcome.details,
        times,
      });
    } else {
      process.stdout.write(`${verdictLine(verdict)}\n`);
      const summaries = outcome.details['summaries'];
      if (commandLine.showSummaries && Array.isArray(summaries)) process.stdout.write(`${summaries.join('\n')}\n`);
      if (verdict.kind === 'safe' && verdict.assumptions.length > 0) process.stdout.write(`assuming: ${verdict.assumptions.join('; ')}\n`);
      if (verdict.kind === 'unsafe') process.stdout.write(formatCounterexample(commandLine.file, verdict));
    }
    return verdictExitCode(verdict);
  } finally {
    await solver.dispose();
  }
}

function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item))}\n`);
}

/** Runs the command and exits the process; never returns normally, never prints a stack trace. */
export async function main(argv: readonly string[]): Promise<never> {
  let code: number;
  let watchdog: NodeJS.Timeout | undefined;
  // A reader that goes away early (`encode … | head -1`) is not an error of ours: stop quietly.
  process.stdout.on('error', () => process.exit(exitCodes.safe));
  try {
    const commandLine = parseCommandLine(argv);
    if (commandLine === 'help') {
      process.stdout.write(`${helpText()}\n`);
      code = exitCodes.safe;
    } else if (commandLine === 'version') {
      process.stdout.write(`${readPackageVersion()}\n`);
      code = exitCodes.safe;
    } else {
      // The solver back ends enforce the timeout themselves; this is the last line of defence so
      // that the process always ends, even if a back end ignores its budget.
      const limitMilliseconds = commandLine.timeoutSeconds * 1000 * 2 + 15_000;
      watchdog = setTimeout(() => {
        process.stdout.write(commandLine.json ? `${JSON.stringify({ file: commandLine.file, verdict: 'unknown', reason: 'timeout (watchdog)' })}\n` : 'UNKNOWN (timeout: the solver did not stop in time)\n');
        process.exit(exitCodes.unknown);
      }, limitMilliseconds);
      code = await run(commandLine);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`encode: error: ${error.message}\n(see encode --help)\n`);
      code = exitCodes.usage;
    } else {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`encode: internal error: ${message}\n`);
      if (process.env.ENCODE_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
      code = exitCodes.internalError;
    }
  }
  if (watchdog !== undefined) clearTimeout(watchdog);
  // Flush stdout before exiting: process.exit does not wait for pending pipe writes.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit(code);
}
