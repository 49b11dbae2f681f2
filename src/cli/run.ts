// The commands of `encode` that read one program: one encoding (--encoding, --emit), the portfolio
// (verify) and compare. Loaded by main.ts only when such a command is given (it loads the front
// end, the encodings and the solvers), printing what the user asked for and returning the exit code.

import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { encoderCatalogue } from '../encoders/catalogue.js';
import type { EmittedArtefact, Encoder } from '../kernel/encoder.js';
import { Budget } from '../kernel/budget.js';
import { emitEncoding, InternalError, runEncoding, type EncodingRun } from '../kernel/run-encoding.js';
import { RunRecord } from '../kernel/run-record.js';
import type { RequestOptions } from '../kernel/options.js';
import { printProgram } from '../ir/print.js';
import type { Program } from '../ir/types.js';
import { runFrontEnd } from '../pipeline.js';
import type { PortfolioRun } from '../portfolio/index.js';
import { printChcSystem, printSmtScript } from '../smt/printer.js';
import type { Solver } from '../solvers/solver.js';
import { describeReason, formatDiagnostic, unknownReason, type Diagnostic, type Verdict } from '../verdict.js';
import { UsageError, type CommandLine } from './command-line.js';
import {
  describeReport,
  executeCounterexample,
  executionRecord,
  executionWanted,
  isDisagreement,
  type ExecutionReport,
} from './execution.js';
import {
  certificateLine,
  certificateRecord,
  portfolioCertificateReport,
  requiredCertificate,
  runCertificateReport,
  writeCertificateIfAsked,
  type CertificateReport,
} from './certificate.js';
import { assumingLines, formatCounterexample, formatTable, groupedWarnings } from './format.js';
import { resolveInput, svcompResultLine, writeWitnessIfAsked, type ResolvedInput } from './svcomp.js';
import { hasPermutedReductions } from '../kernel/permuted-reductions.js';

import { exitCodes } from './exit-codes.js';

/** what the watchdog prints when it fires: the record so far (stages, times) and the stages still running */
export type WatchdogReport = () => { readonly fields: Record<string, unknown>; readonly running: readonly string[] };

/** how many diagnostics of one file are printed before the rest is counted (as gcc stops after a few) */
const diagnosticsShown = 5;

/** the first diagnostics in full, then how many were left out (`--json` lists them all) */
function printDiagnostics(diagnostics: readonly Diagnostic[]): void {
  for (const diagnostic of diagnostics.slice(0, diagnosticsShown))
    process.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
  const left = diagnostics.length - diagnosticsShown;
  if (left > 0)
    process.stderr.write(
      `${diagnostics[0]!.file}: ${left} more ${left === 1 ? 'error' : 'errors'} not shown (--json lists every one)\n`,
    );
}

/** a warning for an input that is neither C (.c, .i, .h) nor a task definition (.yml, .yaml) */
function inputKindWarning(file: string): string | undefined {
  return /\.(c|i|h|ya?ml)$/i.test(file) ? undefined : `${file}: not a .c or .i file; reading it as C`;
}

function artefactText(artefact: EmittedArtefact): string {
  return artefact.content.kind === 'smtScript' ? printSmtScript(artefact.content) : printChcSystem(artefact.content);
}

function writeArtefacts(commandLine: CommandLine, artefacts: readonly { suffix: string; text: string }[]): string[] {
  const base = basename(commandLine.file, extname(commandLine.file));
  if (commandLine.outputFile !== undefined) {
    if (artefacts.length !== 1)
      throw new UsageError(`-o takes one artefact, but this encoding writes ${artefacts.length}; use --out-dir`);
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
      throw new InternalError(`unknown verdict ${JSON.stringify(never)}`);
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
      return `UNKNOWN (${describeReason(verdict.reason)})`;
    default: {
      const never: never = verdict;
      throw new InternalError(`unknown verdict ${JSON.stringify(never)}`);
    }
  }
}

async function createSolverOrFail(commandLine: CommandLine): Promise<Solver> {
  const { createSolver } = await import('../solvers/index.js');
  const created = createSolver(commandLine.solver);
  if (created.kind === 'error') throw new UsageError(created.message);
  return created.solver;
}

/** the solver, with what its first call needs already starting (solver.ts `warmUp`) */
async function startSolver(commandLine: CommandLine): Promise<Solver> {
  const solver = await createSolverOrFail(commandLine);
  solver.warmUp?.();
  return solver;
}

/** --emit: the artefacts of the encoding (or the IR), written where the user said */
async function emitArtefacts(
  commandLine: CommandLine,
  loadEncoder: () => Promise<Encoder>,
  program: Program,
  options: RequestOptions,
  record: Record<string, unknown>,
  times: Record<string, number>,
): Promise<number | undefined> {
  let artefacts: { suffix: string; text: string }[];
  if (commandLine.emit === 'ir') {
    artefacts = [{ suffix: '.ir.txt', text: printProgram(program) }];
  } else {
    const emitStart = performance.now();
    const encoder = await loadEncoder();
    // a solver for the encoding's own queries, or for a program pass that proves its rewrite exact (emit = solve)
    const solver =
      encoder.emitUsesSolver || hasPermutedReductions(program) ? await createSolverOrFail(commandLine) : undefined;
    let emitted;
    try {
      emitted = await emitEncoding(encoder, program, options, solver, Budget.start(commandLine.timeoutSeconds * 1000));
    } finally {
      await solver?.dispose();
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
  return undefined;
}

function printRun(
  commandLine: CommandLine,
  record: Record<string, unknown>,
  run: EncodingRun,
  times: Record<string, number>,
  certificate: CertificateReport | undefined,
): void {
  const verdict = run.verdict;
  if (commandLine.json) {
    printJson({
      ...record,
      solver: run.solver,
      solverCalls: run.solverCalls,
      semantics: commandLine.semantics,
      verdict: verdict.kind,
      ...(verdict.kind === 'unknown'
        ? {
            reason: describeReason(verdict.reason),
            reasonKind: verdict.reason.kind,
            ...(verdict.reason.location === undefined ? {} : { reasonLocation: verdict.reason.location }),
          }
        : {}),
      ...(verdict.kind === 'safe' ? { assumptions: verdict.assumptions } : {}),
      ...(certificate === undefined ? {} : { certificate: certificateRecord(certificate) }),
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
      details: run.details,
      ...(run.report === undefined ? {} : { report: run.report }),
      times,
    });
    return;
  }
  process.stdout.write(`${verdictLine(verdict)}\n`);
  if (run.report !== undefined && run.report.length > 0) process.stdout.write(`${run.report.join('\n')}\n`);
  if (verdict.kind === 'safe' && verdict.assumptions.length > 0)
    process.stdout.write(`${assumingLines(verdict.assumptions, commandLine.verbose).join('\n')}\n`);
  if (verdict.kind === 'safe' && certificate !== undefined) process.stdout.write(`${certificateLine(certificate)}\n`);
  if (verdict.kind === 'unsafe') process.stdout.write(formatCounterexample(commandLine.file, verdict));
  process.stdout.write(`solver: ${run.solver}\n`);
}

/** `encode compare`: every encoding under each solver, one table (or --json: one record per row) */
async function compare(
  commandLine: CommandLine,
  record: Record<string, unknown>,
  program: Program,
  options: RequestOptions,
): Promise<number> {
  const solvers: Solver[] = [];
  try {
    for (const specification of commandLine.solvers)
      solvers.push(await createSolverOrFail({ ...commandLine, solver: specification }));
    const { compareEncodings } = await import('../portfolio/compare.js');
    const rows = await compareEncodings(program, options, solvers, {
      timeoutMilliseconds: commandLine.timeoutSeconds * 1000,
    });
    if (commandLine.json) {
      printJson({
        ...record,
        semantics: commandLine.semantics,
        rows: rows.map((row) => ({
          encoding: row.encoding,
          approximation: row.approximation,
          solver: row.solver,
          verdict: row.verdict.kind,
          ...(row.verdict.kind === 'unknown'
            ? { reason: describeReason(row.verdict.reason), reasonKind: row.verdict.reason.kind }
            : {}),
          milliseconds: Math.round(row.milliseconds),
          ...(row.size.kind === 'measured'
            ? { query: row.size.size }
            : { query: null, queryUnavailable: row.size.reason }),
        })),
      });
    } else {
      process.stdout.write(
        formatTable(
          [
            'encoding',
            'approximation',
            'solver',
            'verdict',
            'seconds',
            'files',
            'bytes',
            'assertions',
            'quantifiers',
            'reason',
          ],
          rows.map((row) => [
            row.encoding,
            row.approximation,
            row.solver,
            row.verdict.kind.toUpperCase(),
            (row.milliseconds / 1000).toFixed(2),
            ...(row.size.kind === 'measured'
              ? [
                  String(row.size.size.artefacts),
                  String(row.size.size.bytes),
                  String(row.size.size.assertions),
                  String(row.size.size.quantifiers),
                ]
              : ['-', '-', '-', '-']),
            row.verdict.kind === 'unknown' ? describeReason(row.verdict.reason) : '',
          ]),
        ),
      );
    }
    const verdicts = new Set(rows.map((row) => row.verdict.kind).filter((kind) => kind !== 'unknown'));
    if (verdicts.size > 1)
      throw new InternalError(
        `the encodings disagree on ${commandLine.file}: ${rows
          .filter((row) => row.verdict.kind !== 'unknown')
          .map((row) => `${row.encoding} (${row.solver}) ${row.verdict.kind.toUpperCase()}`)
          .join(', ')}`,
      );
    return exitCodes.safe;
  } finally {
    for (const solver of solvers) await solver.dispose();
  }
}

function svcompRecord(input: ResolvedInput, verdict: Verdict): Record<string, unknown> {
  return input.svcomp ? { svcompResult: svcompResultLine(verdict, input.property).replace(/^Result: /, '') } : {};
}

/** SV-COMP mode: the witness written, and `Result: …` as the last line (text output) */
function printSvcompResult(
  commandLine: CommandLine,
  input: ResolvedInput,
  verdict: Verdict,
  witness: string | undefined,
): void {
  if (commandLine.json) return;
  if (witness !== undefined) process.stdout.write(`witness: ${witness}\n`);
  if (input.svcomp) process.stdout.write(`${svcompResultLine(verdict, input.property)}\n`);
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(2)} s`;
}

/** the portfolio's verdict, which encoding decided and in how long, and what each stage answered */
function printPortfolioRun(
  commandLine: CommandLine,
  record: Record<string, unknown>,
  result: PortfolioRun,
  times: Record<string, number>,
): void {
  const attempts = result.attempts.map((attempt) => ({
    encoding: attempt.encoding,
    verdict: attempt.verdict.kind,
    ...(attempt.verdict.kind === 'unknown'
      ? { reason: describeReason(attempt.verdict.reason), reasonKind: attempt.verdict.reason.kind }
      : {}),
    milliseconds: Math.round(attempt.milliseconds),
    ...(attempt.run === undefined
      ? {}
      : {
          times: Object.fromEntries(
            Object.entries(attempt.run.times).map(([phase, milliseconds]) => [phase, Math.round(milliseconds)]),
          ),
        }),
  }));
  const decidingAttempt = result.attempts.find(
    (attempt) => attempt.encoding === result.decidedBy && attempt.verdict.kind !== 'unknown',
  );
  // the run as the command judged it (--strict, --require-certificate)
  const decisive = decidingAttempt?.run === undefined ? undefined : { ...decidingAttempt.run, verdict: result.verdict };
  if (commandLine.json) {
    const summary = { decidedBy: result.decidedBy ?? null, attempts };
    if (decisive !== undefined)
      printRun(commandLine, { ...record, ...summary }, decisive, times, portfolioCertificateReport(result));
    else
      printJson({
        ...record,
        ...summary,
        solver: result.solver,
        semantics: commandLine.semantics,
        verdict: 'unknown',
        reason: describeReason((result.verdict as Extract<Verdict, { kind: 'unknown' }>).reason),
        times,
      });
    return;
  }
  if (decisive !== undefined) printRun(commandLine, record, decisive, times, portfolioCertificateReport(result));
  else process.stdout.write(`${verdictLine(result.verdict)}\nsolver: ${result.solver}\n`);
  const tried = result.attempts
    .filter((attempt) => attempt !== decidingAttempt)
    .map((attempt) => `${attempt.encoding} ${seconds(attempt.milliseconds)}`);
  const decided =
    decidingAttempt === undefined
      ? 'no encoding decided'
      : `decided by ${decidingAttempt.encoding} in ${seconds(decidingAttempt.milliseconds)}`;
  const step = result.certificate;
  const asked =
    step === undefined || step.attempts.length === 0
      ? ''
      : `; certificate asked of ${step.attempts.map((attempt) => attempt.encoding).join(', ')}: ${seconds(step.milliseconds)}`;
  process.stdout.write(
    `portfolio: ${decided}${tried.length > 0 ? ` (also tried: ${tried.join(', ')})` : ''}${asked}; ${seconds(result.milliseconds)} in all\n`,
  );
}

/**
 * Test hook (test/cli/failures.test.ts): ENCODE_TEST_PLANT=throw makes the encoding throw, and
 * ENCODE_TEST_PLANT=forged-unsafe makes it answer UNSAFE without a replay; both must reach the
 * user as an internal error (exit 70), the second through the kernel's guard. ENCODE_TEST_PLANT=hang
 * makes it never answer, so that the watchdog ends the run (test/kernel/budget-phases.test.ts).
 */
function plantedBug(encoder: Encoder, plant: string | undefined): Encoder {
  switch (plant) {
    case undefined:
    case '':
      return encoder;
    case 'throw':
      return {
        ...encoder,
        solve: async () => {
          throw new Error('planted bug (ENCODE_TEST_PLANT=throw)');
        },
      };
    case 'forged-unsafe':
      return {
        ...encoder,
        solve: async () => ({
          verdict: { kind: 'unsafe', counterexample: { scalars: [], arrays: [] }, violatedAt: { line: 1, column: 1 } },
          times: {},
          details: {},
        }),
      };
    case 'hang':
      // never answers, ignoring its budget: only the watchdog ends the run (test/kernel/budget-phases.test.ts)
      return { ...encoder, solve: () => new Promise(() => undefined) };
    default:
      throw new UsageError(`ENCODE_TEST_PLANT takes throw, forged-unsafe or hang, not '${plant}'`);
  }
}

/** the exit code of a program the front end did not give (input error, unsupported input), with its messages */
function frontEndFailure(
  commandLine: CommandLine,
  frontEnd: Exclude<ReturnType<typeof runFrontEnd>, { kind: 'program' }>,
  record: Record<string, unknown>,
): number {
  switch (frontEnd.kind) {
    case 'inputError':
      printDiagnostics(frontEnd.diagnostics);
      if (commandLine.json)
        printJson({
          ...record,
          verdict: 'error',
          diagnostics: frontEnd.diagnostics.map(formatDiagnostic),
          times: frontEnd.times,
        });
      return exitCodes.inputError;
    case 'unsupported': {
      printDiagnostics(frontEnd.diagnostics);
      const first = frontEnd.diagnostics[0];
      const reason =
        first === undefined
          ? 'unsupported input'
          : `unsupported: ${first.message} at ${first.location.line}:${first.location.column}`;
      if (commandLine.emit !== undefined && !commandLine.solve) {
        if (commandLine.json) printJson({ ...record, verdict: 'unsupported', reason, times: frontEnd.times });
        return exitCodes.unsupported;
      }
      if (commandLine.json)
        printJson({ ...record, verdict: 'unknown', reason, reasonKind: 'unsupported', times: frontEnd.times });
      else process.stdout.write(`UNKNOWN (${reason})\n`);
      return exitCodes.unknown;
    }
    case 'internalError':
      throw new InternalError(frontEnd.message, frontEnd.stack === undefined ? undefined : { cause: frontEnd.stack });
    default: {
      const never: never = frontEnd;
      throw new InternalError(`unknown front-end result ${JSON.stringify(never)}`);
    }
  }
}

/** one C program (or task) through one encoding, the portfolio (verify) or every encoding (compare) */
export async function runProgram(
  commandLine: CommandLine,
  startWatchdog: (budgetSeconds: number, report: WatchdogReport) => void,
): Promise<number> {
  const started = performance.now();
  const input = resolveInput(commandLine);
  if (input.unsupportedProperty !== undefined) {
    const reason = `unsupported: ${input.unsupportedProperty}`;
    if (commandLine.json)
      printJson({
        file: commandLine.file,
        verdict: 'unknown',
        reason,
        reasonKind: 'unsupported',
        svcompResult: 'UNKNOWN',
      });
    else process.stdout.write(`UNKNOWN (${reason})\nResult: UNKNOWN\n`);
    return exitCodes.unknown;
  }
  // the solver starts (the in-process z3 loads its module) while the front end runs; an error in
  // creating it is reported where it was before, when the solver is first needed
  const solverStarted =
    commandLine.emit === undefined && commandLine.command !== 'compare' ? startSolver(commandLine) : undefined;
  solverStarted?.catch(() => undefined);
  const frontEnd = runFrontEnd(input.programFile, {
    dataModel: input.dataModel,
    preprocessor: commandLine.preprocessor,
  });
  // the encoding's code is loaded when it is used (not for --emit ir)
  const plant = process.env['ENCODE_TEST_PLANT'];
  const loadEncoder = async (): Promise<Encoder> =>
    plantedBug((await import('../encoders/index.js')).encoders.get(commandLine.encoding)!, plant);
  const encoder = encoderCatalogue.get(commandLine.encoding)!;
  const record: Record<string, unknown> =
    commandLine.command !== 'encoding'
      ? { file: commandLine.file, encoding: commandLine.command === 'verify' ? 'portfolio' : 'all' }
      : { file: commandLine.file, encoding: encoder.name, approximation: encoder.approximation };
  for (const warning of commandLine.warnings) process.stderr.write(`encode: warning: ${warning}\n`);
  const kindWarning = inputKindWarning(commandLine.file);
  if (kindWarning !== undefined) process.stderr.write(`encode: warning: ${kindWarning}\n`);
  if (frontEnd.kind !== 'program') return frontEndFailure(commandLine, frontEnd, record);
  for (const line of commandLine.verbose ? frontEnd.warnings.map(formatDiagnostic) : groupedWarnings(frontEnd.warnings))
    process.stderr.write(`${line}\n`);
  const program = frontEnd.program;
  const options: RequestOptions = {
    semantics: commandLine.semantics,
    settings: new Map(Object.entries(commandLine.settings)),
    property: input.property,
  };
  const times: Record<string, number> = { ...frontEnd.times };
  const budgetStarted = performance.now();
  const remainingBudget = (): number => commandLine.timeoutSeconds * 1000 - (performance.now() - budgetStarted);
  // every encoding run enters itself here, so that the watchdog can say what ran and for how long
  const runRecord = new RunRecord();
  const watchdogReport: WatchdogReport = () => ({
    fields: { ...record, attempts: runRecord.snapshot(), times: { ...times, total: performance.now() - started } },
    running: runRecord.running(),
  });
  // compare gives every encoding (under every solver) the whole budget, one after the other
  startWatchdog(
    commandLine.command === 'compare'
      ? commandLine.timeoutSeconds * encoderCatalogue.size * commandLine.solvers.length
      : commandLine.timeoutSeconds,
    watchdogReport,
  );

  if (commandLine.emit !== undefined) {
    const code = await emitArtefacts(commandLine, loadEncoder, program, options, record, times);
    if (code !== undefined) return code;
  }

  if (commandLine.command === 'compare') return compare(commandLine, record, program, options);
  const solver = await (solverStarted ?? createSolverOrFail(commandLine));
  if (commandLine.command === 'verify') {
    try {
      const { runPortfolio } = await import('../portfolio/index.js');
      const run = await runPortfolio(program, options, solver, {
        timeoutMilliseconds: commandLine.timeoutSeconds * 1000,
        record: runRecord,
        // a SAFE whose deciding encoding gave no certificate gets one asked of the certifiers, with the
        // budget left, when the user wants one (they find one for 95 % of bench/symbolic's SAFE verdicts
        // and 84 % of the corpus's, but the step costs 1 to 1.9 times the proof in median, 0.57 s
        // after 0.30 s on bench/symbolic, so it is not taken by default)
        askCertificate:
          commandLine.certificateFile !== undefined ||
          commandLine.requireCertificate ||
          commandLine.witnessFile !== undefined,
      });
      const certificate = run.certificate?.status;
      const verdict = requiredCertificate(strictVerdict(run.verdict, commandLine), certificate, commandLine);
      const result = { ...run, verdict };
      times.total = performance.now() - started;
      const witness = writeWitnessIfAsked(commandLine, input, program, result.verdict, certificate);
      const certificateFile = writeCertificateIfAsked(commandLine, result.verdict, certificate);
      const execution = executionOf(commandLine, input, program, result.verdict, remainingBudget());
      printPortfolioRun(
        commandLine,
        {
          ...record,
          ...(witness === undefined ? {} : { witness }),
          ...(certificateFile === undefined ? {} : { certificateFile }),
          ...svcompRecord(input, result.verdict),
          ...executionField(execution),
        },
        result,
        times,
      );
      finishExecution(commandLine, execution);
      printSvcompResult(commandLine, input, result.verdict, witness);
      return verdictExitCode(result.verdict);
    } finally {
      await solver.dispose();
    }
  }
  try {
    const run = await runEncoding(await loadEncoder(), program, options, solver, {
      timeoutMilliseconds: commandLine.timeoutSeconds * 1000,
      record: runRecord,
    });
    const verdict = requiredCertificate(strictVerdict(run.verdict, commandLine), run.certificate, commandLine);
    const result = { ...run, verdict };
    Object.assign(times, result.times);
    times.total = performance.now() - started;
    const witness = writeWitnessIfAsked(commandLine, input, program, result.verdict, run.certificate);
    const certificateFile = writeCertificateIfAsked(commandLine, result.verdict, run.certificate);
    const execution = executionOf(commandLine, input, program, result.verdict, remainingBudget());
    printRun(
      commandLine,
      {
        ...record,
        ...(witness === undefined ? {} : { witness }),
        ...(certificateFile === undefined ? {} : { certificateFile }),
        ...svcompRecord(input, result.verdict),
        ...executionField(execution),
      },
      result,
      times,
      runCertificateReport(run),
    );
    finishExecution(commandLine, execution);
    printSvcompResult(commandLine, input, result.verdict, witness);
    return verdictExitCode(result.verdict);
  } finally {
    await solver.dispose();
  }
}

/** --exec: the native run of an UNSAFE's counterexample (undefined: not asked for, or not UNSAFE) */
function executionOf(
  commandLine: CommandLine,
  input: ResolvedInput,
  program: Program,
  verdict: Verdict,
  remainingMilliseconds: number,
): ExecutionReport | undefined {
  if (verdict.kind !== 'unsafe' || !executionWanted(commandLine)) return undefined;
  return executeCounterexample(commandLine, input, program, verdict.counterexample, remainingMilliseconds);
}

function executionField(execution: ExecutionReport | undefined): Record<string, unknown> {
  return execution === undefined ? {} : { execution: executionRecord(execution) };
}

/** prints the execution line (text mode); a disagreement with the interpreter is an internal error */
function finishExecution(commandLine: CommandLine, execution: ExecutionReport | undefined): void {
  if (execution === undefined) return;
  if (!commandLine.json) process.stdout.write(`execution: ${describeReport(execution)}\n`);
  if (isDisagreement(execution)) {
    throw new InternalError(
      `the UNSAFE verdict's counterexample replays on the interpreter but not in the program compiled with gcc: ${describeReport(execution)}`,
    );
  }
}

/**
 * --strict: in int semantics every SAFE assumes that no arithmetic overflows (SV-COMP counts signed
 * overflow as undefined behaviour and lets unsigned values wrap), so it is not given as a verdict
 */
function strictVerdict(verdict: Verdict, commandLine: CommandLine): Verdict {
  if (!commandLine.strict || verdict.kind !== 'safe' || commandLine.semantics !== 'int') return verdict;
  return {
    kind: 'unknown',
    reason: unknownReason(
      'imprecise',
      'SAFE with mathematical integers only (no overflow assumed); --strict asks for more: try --semantics bv',
    ),
  };
}

function printJson(value: unknown): void {
  process.stdout.write(
    `${JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item))}\n`,
  );
}
