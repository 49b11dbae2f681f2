// The `encode` command line: the only code that reads argv, prints and exits.
//
// Exit codes (documented in the README):
//   0  SAFE, or the requested output was written
//   10 UNSAFE (a counterexample was replayed on the interpreter)
//   20 UNKNOWN (including unsupported input when solving, timeouts)
//   2  usage error (unknown option, bad value)
//   3  input error (file not readable, preprocessing or syntax error)
//   4  bench: an engine left jobs of the campaign without a result (rerunning resumes)
//   5  unsupported input when emitting (nothing to write)
//   70 internal error (a bug in encode; the message says so)
//
// Every encoding runs through the kernel (kernel/run-encoding.ts): one budget of --timeout
// seconds from the end of the front end, and the soundness guard. The watchdog here is a last
// resort only, at the budget plus one second; it prints the running record (kernel/run-record.ts):
// which stages ran, how long, and the phase a running one was in.
//
// Start-up loads only the parsing of argv (command-line.ts, which reads the encodings' light
// declarations); each command imports what it runs when it runs (run.ts: the front end, the
// encodings and the solvers; bench.ts: the campaign; svcomp.ts: validate), so that --help and
// --version cost little more than Node's own start-up.

import { helpText, parseCommandLine, UsageError, type CommandLine } from './command-line.js';
import { exitCodes } from './exit-codes.js';
import type { WatchdogReport } from './run.js';
import { readPackageVersion } from './version.js';

export { exitCodes } from './exit-codes.js';

/** the watchdog fires this long after the budget: a last resort, the kernel stops first */
const watchdogGraceMilliseconds = 1_000;

/** the command's module, imported now: nothing of it is loaded for --help or --version */
async function runCommand(
  commandLine: CommandLine,
  startWatchdog: (budgetSeconds: number, report: WatchdogReport) => void,
): Promise<number> {
  switch (commandLine.command) {
    case 'bench': {
      // bench runs the program commands in its worker processes, each with its own budget and watchdog
      const { runBench } = await import('./bench.js');
      return runBench(commandLine);
    }
    case 'bench-merge': {
      const { runBenchMerge } = await import('./bench.js');
      return runBenchMerge(commandLine);
    }
    case 'validate': {
      const { runValidate } = await import('./svcomp.js');
      return runValidate(commandLine, {
        confirmed: exitCodes.unsafe,
        confirmedCorrect: exitCodes.safe,
        rejected: exitCodes.unknown,
        inputError: exitCodes.inputError,
      });
    }
    case 'encoding':
    case 'verify':
    case 'compare': {
      const { runProgram } = await import('./run.js');
      return runProgram(commandLine, startWatchdog);
    }
    default: {
      const never: never = commandLine.command;
      throw new Error(`unknown command ${String(never)}`);
    }
  }
}

export function reportInternalError(error: unknown, debug: boolean): void {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `encode: internal error: ${message}\n(this is a bug in encode; --debug prints the stack trace)\n`,
  );
  if (!debug) return;
  if (error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  if (error instanceof Error && typeof error.cause === 'string') process.stderr.write(`${error.cause}\n`);
}

/** what a run of the command line needs from the process it runs in (main's own, or a bench worker) */
export interface CommandProcess {
  /** print stack traces of internal errors; set from --debug once argv is read */
  debug: boolean;
  /** ends the run at once with this exit code (the watchdog's last resort) */
  readonly exitNow: (code: number) => void;
}

/**
 * Runs one command line and returns its exit code; prints what the command prints, a usage error
 * or an internal error (never a stack trace unless asked). Only the watchdog ends the run early,
 * through `host.exitNow`.
 */
export async function runCommandLine(argv: readonly string[], host: CommandProcess): Promise<number> {
  let code: number;
  let watchdog: NodeJS.Timeout | undefined;
  try {
    const commandLine = parseCommandLine(argv);
    if (commandLine === 'help') {
      process.stdout.write(`${helpText()}\n`);
      code = exitCodes.safe;
    } else if (commandLine === 'version') {
      process.stdout.write(`${readPackageVersion()}\n`);
      code = exitCodes.safe;
    } else {
      host.debug = commandLine.debug;
      // The kernel stops every encoding at its budget; this is the last line of defence so that the
      // process always ends, even if a back end ignores its budget. It starts with the budget.
      const startWatchdog = (budgetSeconds: number, report: WatchdogReport): void => {
        watchdog = setTimeout(
          () => {
            const { fields, running } = report();
            const reason = `timeout (watchdog)${running.length === 0 ? '' : `: still running ${running.join(', ')}`}`;
            process.stdout.write(
              commandLine.json
                ? `${JSON.stringify({ ...fields, verdict: 'unknown', reason, reasonKind: 'timeout' })}\n`
                : `UNKNOWN (${reason})\n`,
            );
            host.exitNow(exitCodes.unknown);
          },
          budgetSeconds * 1000 + watchdogGraceMilliseconds,
        );
      };
      code = await runCommand(commandLine, startWatchdog);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`encode: error: ${error.message}\n(see encode --help)\n`);
      code = exitCodes.usage;
    } else {
      reportInternalError(error, host.debug);
      code = exitCodes.internalError;
    }
  }
  if (watchdog !== undefined) clearTimeout(watchdog);
  return code;
}

/** Runs the command and exits the process; never returns normally, never prints a stack trace unless asked. */
export async function main(argv: readonly string[]): Promise<never> {
  const host: CommandProcess = {
    debug: argv.includes('--debug') || Boolean(process.env['ENCODE_DEBUG']),
    exitNow: (code) => process.exit(code),
  };
  // A reader that goes away early (`encode … | head -1`) is not an error of ours: stop quietly.
  process.stdout.on('error', () => process.exit(exitCodes.safe));
  // An error thrown outside the run's promise chain (the embedded z3's worker threads raise
  // "memory access out of bounds" from inside z3 after many interrupted queries in one process) is
  // an internal error like any other: the message, exit 70, no stack trace unless asked.
  const crashed = (error: unknown): void => {
    reportInternalError(error, host.debug);
    process.exit(exitCodes.internalError);
  };
  process.on('uncaughtException', crashed);
  process.on('unhandledRejection', crashed);
  const code = await runCommandLine(argv, host);
  // Flush stdout before exiting: process.exit does not wait for pending pipe writes.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit(code);
}
