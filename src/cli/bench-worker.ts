// A worker process of `encode bench` (started by src/campaign/pool.ts through bench.ts): it runs
// task after task, each a command line of `encode` (one program, `--json`), in this one process,
// so that Node's start-up, module loading, the parser's warm-up and z3-wasm's modules (their
// instances, worker threads and warm code: keepModulesBetweenSolvers) are paid once per worker
// instead of once per task. A task's stdout and stderr are captured and sent back with its exit
// code: the same record and the same code the command prints and returns in a process of its own.
//
// A task that cannot be finished in place ends the worker, which the pool then replaces: the
// watchdog firing (the record is sent, then the process exits as `encode` would) and any error
// thrown outside the task's promise chain (reported as `encode` reports it: an internal error,
// exit 70). When the pool goes away (its channel closes), the worker exits.

import type { PoolAnswer, PoolTask } from '../campaign/pool.js';
import { keepModulesBetweenSolvers } from '../solvers/z3-wasm.js';
import { exitCodes } from './exit-codes.js';
import { reportInternalError, runCommandLine, type CommandProcess } from './main.js';

/** what the task being run has printed so far (undefined between tasks) */
interface Captured {
  output: string;
  errors: string;
  /** the process's CPU usage when the task started */
  readonly cpuAtStart: NodeJS.CpuUsage;
}

let captured: Captured | undefined;
/** the running task's process settings (its --debug), for an error thrown outside its promise chain */
let currentHost: CommandProcess | undefined;

/** stdout and stderr of a task go to its answer; between tasks, stderr still reaches the pool's log */
function captureOutput(): void {
  const originalError = process.stderr.write.bind(process.stderr);
  const capture =
    (stream: 'output' | 'errors') =>
    (chunk: unknown, ...rest: unknown[]): boolean => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
      if (captured !== undefined) captured[stream] += text;
      else if (stream === 'errors') originalError(text);
      const callback = rest.find((item): item is () => void => typeof item === 'function');
      if (callback !== undefined) queueMicrotask(callback);
      return true;
    };
  process.stdout.write = capture('output') as typeof process.stdout.write;
  process.stderr.write = capture('errors') as typeof process.stderr.write;
}

/** sends the answer of the running task (once), then calls `then` */
function answer(code: number, final: boolean, then: () => void = () => undefined): void {
  if (captured === undefined) {
    then();
    return;
  }
  const cpu = process.cpuUsage(captured.cpuAtStart);
  const message: PoolAnswer = {
    kind: 'answer',
    code,
    output: captured.output,
    errors: captured.errors,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    final,
  };
  captured = undefined;
  process.send!(message, undefined, {}, () => then());
}

/** the task's answer, then the end of this worker (the pool starts another) */
function answerAndExit(code: number): void {
  answer(code, true, () => process.exit(code));
}

async function runTask(task: PoolTask): Promise<void> {
  captured = { output: '', errors: '', cpuAtStart: process.cpuUsage() };
  const host: CommandProcess = {
    debug: task.argv.includes('--debug') || Boolean(process.env['ENCODE_DEBUG']),
    exitNow: answerAndExit,
  };
  currentHost = host;
  const code = await runCommandLine(task.argv, host);
  answer(code, false);
}

function start(): void {
  if (process.send === undefined) {
    process.stderr.write('encode: the bench worker runs under `encode bench` only\n');
    process.exit(exitCodes.usage);
  }
  captureOutput();
  // the tasks' z3-wasm solvers share their modules: started once per worker, warm from task to task
  keepModulesBetweenSolvers();
  // a failure outside the task's promise chain leaves this process in an unknown state: the task
  // gets what `encode` prints for it (an internal error, exit 70) and the worker ends
  const crashed = (error: unknown): void => {
    reportInternalError(error, currentHost?.debug ?? false);
    answerAndExit(exitCodes.internalError);
  };
  process.on('uncaughtException', crashed);
  process.on('unhandledRejection', crashed);
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: PoolTask) => {
    if (message?.kind === 'task') void runTask(message);
  });
}

start();
