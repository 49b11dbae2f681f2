// External solver processes: Debian's `z3`, `cvc5`, or a custom command template containing
// `{file}`. The printed script is written to a temporary .smt2 file, the solver runs in its own
// process group, stdout is interpreted with `interpretSolverOutput`. z3's and cvc5's SMT scripts go
// to a few long-lived processes instead (session.ts), which answer the same text without a start each.
// Soundness/robustness assumptions: any `(error ...)` line or unparsable output makes the answer
// unknown; the process group is killed with SIGKILL once the timeout plus a grace period has
// passed (the answer is then unknown 'timeout'); temporary files are always removed; cvc5 is not
// used for CHC (it answers unknown on HORN problems), so `checkChc` with cvc5 is unknown.

import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { printChcSystem, printSmtScript } from '../smt/printer.js';
import type { ChcSystem, SmtScript, Term } from '../smt/terms.js';
import { cvc5Sessions, killProcessGroup, SessionPool, z3Sessions } from './session.js';
import { interpretSolverOutput } from './sexpr.js';
import {
  answerQuestion,
  chcSlicingOption,
  timeLeft,
  timeoutReason,
  type CheckOptions,
  type Solver,
  type SolverResult,
} from './solver.js';

/** Time given to a solver beyond the requested timeout before its process group is killed. */
const killGraceMilliseconds = 250;

export type ExternalSolverKind =
  | { readonly kind: 'z3'; readonly executable: string }
  | { readonly kind: 'cvc5'; readonly executable: string }
  /** a shell command template; `{file}` is replaced by the (quoted) path of the .smt2 file */
  | { readonly kind: 'command'; readonly template: string };

interface ProcessOutcome {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number | null;
  readonly killed: boolean;
  readonly elapsedMilliseconds: number;
}

function quoteForShell(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function commandLine(
  solver: ExternalSolverKind,
  file: string,
  timeoutMilliseconds: number,
): { command: string; argumentsList: string[] } {
  switch (solver.kind) {
    case 'z3':
      return { command: solver.executable, argumentsList: ['-smt2', file] };
    case 'cvc5':
      return {
        command: solver.executable,
        argumentsList: [
          '--lang',
          'smt2',
          '--produce-models',
          `--tlimit-per=${Math.max(1, Math.floor(timeoutMilliseconds))}`,
          file,
        ],
      };
    case 'command':
      return { command: '/bin/sh', argumentsList: ['-c', solver.template.split('{file}').join(quoteForShell(file))] };
    default: {
      const never: never = solver;
      throw new Error(`internal: unknown solver ${JSON.stringify(never)}`);
    }
  }
}

/** the processes a solver has running, for tests that check none is left behind */
interface ProcessCounter {
  live: number;
}

function runProcess(
  command: string,
  argumentsList: string[],
  killAfterMilliseconds: number,
  signal: AbortSignal | undefined,
  counter: ProcessCounter,
): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    if (signal?.aborted) {
      resolve({ stdout: '', stderr: '', exitCode: null, killed: true, elapsedMilliseconds: 0 });
      return;
    }
    const started = Date.now();
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let killed = false;
    let settled = false;
    const child = spawn(command, argumentsList, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    counter.live++;
    const killGroup = (): void => killProcessGroup(child.pid);
    const stop = (): void => {
      killed = true;
      killGroup();
    };
    const timer = setTimeout(stop, killAfterMilliseconds);
    signal?.addEventListener('abort', stop, { once: true });
    const finish = (exitCode: number | null, extraError?: string): void => {
      if (settled) return;
      settled = true;
      counter.live--;
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      killGroup(); // children the solver (or the shell) may have left behind
      resolve({
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8') + (extraError ?? ''),
        exitCode,
        killed,
        elapsedMilliseconds: Date.now() - started,
      });
    };
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => finish(null, `\n${error.message}`));
    child.on('close', (code) => finish(code));
  });
}

function solverName(solver: ExternalSolverKind): string {
  return solver.kind === 'command' ? solver.template : solver.kind;
}

/** the output of one call: from a pooled process when one is free, else from a process of its own */
async function runOutput(
  solver: ExternalSolverKind,
  text: string,
  options: CheckOptions,
  counter: ProcessCounter,
  pool: SessionPool | undefined,
): Promise<ProcessOutcome> {
  const killAfter = options.timeoutMilliseconds + killGraceMilliseconds;
  if (pool !== undefined) {
    counter.live++;
    try {
      const pooled = await pool.run(text, killAfter, options.signal, options.question === true);
      if (pooled !== undefined) {
        return {
          stdout: pooled.stdout,
          stderr: '',
          exitCode: pooled.exitCode ?? 0,
          killed: pooled.killed,
          elapsedMilliseconds: pooled.elapsedMilliseconds,
        };
      }
    } finally {
      counter.live--;
    }
  }
  const directory = await mkdtemp(join(tmpdir(), 'encode-solver-'));
  try {
    const file = join(directory, 'query.smt2');
    await writeFile(file, text, 'utf8');
    const { command, argumentsList } = commandLine(solver, file, options.timeoutMilliseconds);
    return await runProcess(command, argumentsList, killAfter, options.signal, counter);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

async function runText(
  solver: ExternalSolverKind,
  text: string,
  expectedValues: number,
  options: CheckOptions,
  counter: ProcessCounter,
  pool: SessionPool | undefined,
): Promise<SolverResult> {
  const outcome = await runOutput(solver, text, options, counter, pool);
  {
    if (outcome.killed) return { kind: 'unknown', reason: 'timeout' };
    const result = interpretSolverOutput(outcome.stdout, expectedValues, options.model === true);
    if (result.kind !== 'unknown') return result;
    if (
      result.reason === 'solver returned unknown' &&
      outcome.elapsedMilliseconds >= options.timeoutMilliseconds * 0.9
    ) {
      return { kind: 'unknown', reason: 'timeout' };
    }
    if (result.reason.startsWith('no sat/unsat/unknown')) {
      const stderr = outcome.stderr.trim().slice(0, 300);
      return {
        kind: 'unknown',
        reason: `${solverName(solver)} gave no answer (exit code ${outcome.exitCode})${stderr === '' ? '' : `: ${stderr}`}`,
      };
    }
    return result;
  }
}

/** the script's own time limit: z3's `:timeout`; cvc5's `:tlimit-per` (as its command line's, which a pooled process lacks) */
function timeoutOption(solver: ExternalSolverKind, timeoutMilliseconds: number): string {
  const milliseconds = Math.max(1, Math.floor(timeoutMilliseconds));
  switch (solver.kind) {
    case 'z3':
      return `(set-option :timeout ${milliseconds})\n`;
    case 'cvc5':
      return `(set-option :tlimit-per ${milliseconds})\n`;
    case 'command':
      return '';
    default: {
      const never: never = solver;
      throw new Error(`internal: unknown solver ${JSON.stringify(never)}`);
    }
  }
}

/** the processes that answer script after script (session.ts), for z3 and cvc5 */
function sessionPool(solver: ExternalSolverKind): SessionPool | undefined {
  switch (solver.kind) {
    case 'z3':
      return new SessionPool(z3Sessions(solver.executable));
    case 'cvc5':
      return new SessionPool(cvc5Sessions(solver.executable));
    case 'command':
      return undefined;
    default: {
      const never: never = solver;
      throw new Error(`internal: unknown solver ${JSON.stringify(never)}`);
    }
  }
}

/** z3 answers `(get-info :reason-unknown)` after any result; cvc5 errors after sat/unsat, so only z3 gets it. */
function reasonQuery(solver: ExternalSolverKind): string {
  return solver.kind === 'z3' ? '(get-info :reason-unknown)\n' : '';
}

export interface ExternalSolver extends Solver {
  /** the solver processes running now (0 once every call has returned) */
  liveProcesses(): number;
}

export function createExternalSolver(solver: ExternalSolverKind): ExternalSolver {
  const counter: ProcessCounter = { live: 0 };
  // z3 and cvc5 answer script after script from a few running processes (session.ts); CHC systems and
  // custom commands get a process per call
  const pool = sessionPool(solver);
  const checkOne = async (script: SmtScript, options: CheckOptions): Promise<SolverResult> => {
    const valuesOf = options.valuesOf ?? [];
    const started = performance.now();
    // a question to z3 may run in a solver kept from earlier questions, where no logic can be set
    // (z3 chooses its own from the assertions, as it does for a script without set-logic)
    const printed = options.question === true && solver.kind === 'z3' ? { ...script, logic: undefined } : script;
    // the time of the printing counts: the solver gets what is left of the call's time after it
    const run = async (
      getValues: readonly Term[],
      expectedValues: number,
      minimumMilliseconds: number,
    ): Promise<SolverResult> => {
      const body =
        (solver.kind === 'z3' ? '(set-option :model.completion true)\n' : '') +
        printSmtScript(printed, { getValues }) +
        reasonQuery(solver);
      const timeoutMilliseconds = Math.max(timeLeft(options, started)?.timeoutMilliseconds ?? 0, minimumMilliseconds);
      if (timeoutMilliseconds < 1) return { kind: 'unknown', reason: timeoutReason };
      return runText(
        solver,
        timeoutOption(solver, timeoutMilliseconds) + body,
        expectedValues,
        { ...options, timeoutMilliseconds },
        counter,
        pool,
      );
    };
    // a get-value after unsat is an error: the values are asked for by a second run, only after sat
    const result = await run([], 0, 0);
    if (result.kind !== 'sat' || valuesOf.length === 0) return result;
    // (the model of a sat answer is worth a short overrun: at least 200 ms for the values)
    return run(valuesOf, valuesOf.length, 200);
  };
  return {
    name: solverName(solver),
    concurrent: true,
    liveProcesses: () => counter.live,
    async checkScript(script: SmtScript, options: CheckOptions): Promise<SolverResult> {
      // (a question with values runs kept too: its get-value, after sat, between the same push and pop)
      if (options.question !== true || solver.kind !== 'z3') return checkOne(script, { ...options, question: false });
      return answerQuestion(
        options,
        (kept) => checkOne(script, kept),
        (fresh) => checkOne(script, fresh),
      );
    },
    async checkChc(system: ChcSystem, options: CheckOptions): Promise<SolverResult> {
      if (solver.kind === 'cvc5') return { kind: 'unknown', reason: 'cvc5 does not solve CHC' };
      const started = performance.now();
      // the model is asked for in the same run: after unsat its error is dropped (sexpr.ts)
      const body = printChcSystem(system) + (options.model === true ? '(get-model)\n' : '') + reasonQuery(solver);
      const left = timeLeft(options, started);
      if (left === undefined) return { kind: 'unknown', reason: timeoutReason };
      const slicing = solver.kind === 'z3' ? chcSlicingOption(options) : '';
      return runText(
        solver,
        timeoutOption(solver, left.timeoutMilliseconds) + slicing + body,
        0,
        left,
        counter,
        undefined,
      );
    },
    async checkText(text: string, options: CheckOptions): Promise<SolverResult> {
      const plain = { ...options, model: false, question: false };
      const script = timeoutOption(solver, options.timeoutMilliseconds) + text + reasonQuery(solver);
      return runText(solver, script, 0, plain, counter, pool);
    },
    async dispose(): Promise<void> {
      // a call's own process is killed and awaited within its check; the pooled ones end here
      pool?.dispose();
    },
  };
}
