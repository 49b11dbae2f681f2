// Long-lived worker processes for a campaign: one lane per job, each lane with at most one worker
// process (a Node module started with an IPC channel, src/cli/bench-worker.ts for `encode bench`)
// that runs the lane's tasks one after the other. A task is the argv of one command line; the
// worker answers with the command's exit code, what it printed and the CPU time it spent.
//
// A worker that dies while it runs a task (a crash, or the watchdog ending a runaway task), or that
// is killed because the task outlived its deadline, gives that task a `died` result; the lane then
// starts a fresh worker for its next task. A worker is also retired after `tasksPerWorker` tasks,
// and when the caller asks (retire), so that no state a task left behind lasts long.

import { fork, type ChildProcess } from 'node:child_process';

/** the messages of the worker protocol (what src/cli/bench-worker.ts sends and reads) */
export interface PoolTask {
  readonly kind: 'task';
  readonly argv: readonly string[];
}

/** a worker's answer to a task */
export interface PoolAnswer {
  readonly kind: 'answer';
  readonly code: number;
  readonly output: string;
  readonly errors: string;
  /** CPU seconds (user + system) the worker process spent on the task */
  readonly cpuSeconds?: number;
  /** the worker exits right after this answer */
  readonly final: boolean;
}

export type PoolResult =
  /** the worker ran the task: its exit code, stdout and stderr */
  | {
      readonly kind: 'answered';
      readonly code: number;
      readonly output: string;
      readonly errors: string;
      readonly cpuSeconds?: number;
    }
  /** the worker ended before answering (exit code, or null when a signal ended it) and what it wrote on stderr */
  | {
      readonly kind: 'died';
      readonly exitCode: number | null;
      readonly signal: string | null;
      readonly errors: string;
    };

/** a worker is replaced after this many tasks */
const tasksPerWorker = 100;

interface RunningWorker {
  readonly process: ChildProcess;
  /** stderr written directly by the process (not through a task's capture): a fatal error's text */
  stderr: string;
  tasks: number;
  exited: boolean;
}

export class WorkerLane {
  private worker: RunningWorker | undefined;

  public constructor(private readonly workerModule: string) {}

  /** runs one task; after `deadlineMilliseconds` without an answer the worker is killed */
  public run(argv: readonly string[], deadlineMilliseconds: number): Promise<PoolResult> {
    const worker = this.liveWorker();
    worker.stderr = '';
    worker.tasks++;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (result: PoolResult): void => {
        if (settled) return;
        settled = true;
        clearTimeout(killer);
        worker.process.off('message', onMessage);
        worker.process.off('exit', onExit);
        resolve(result);
      };
      const onMessage = (message: PoolAnswer): void => {
        if (message?.kind !== 'answer') return;
        // a final answer comes from a worker that exits right after it: no task goes to it any more
        if (message.final && this.worker === worker) this.worker = undefined;
        settle({
          kind: 'answered',
          code: message.code,
          output: message.output,
          errors: message.errors,
          ...(message.cpuSeconds === undefined ? {} : { cpuSeconds: message.cpuSeconds }),
        });
        if (worker.tasks >= tasksPerWorker) this.retire();
      };
      const onExit = (exitCode: number | null, signal: string | null): void => {
        settle({ kind: 'died', exitCode, signal, errors: worker.stderr });
      };
      const killer = setTimeout(() => worker.process.kill('SIGKILL'), deadlineMilliseconds);
      worker.process.on('message', onMessage);
      worker.process.on('exit', onExit);
      const task: PoolTask = { kind: 'task', argv };
      worker.process.send(task);
    });
  }

  /** ends the current worker (if any) once it is idle; the next task starts a fresh one */
  public retire(): void {
    const worker = this.worker;
    this.worker = undefined;
    if (worker !== undefined && !worker.exited) worker.process.disconnect();
  }

  private liveWorker(): RunningWorker {
    if (this.worker !== undefined && !this.worker.exited) return this.worker;
    const child = fork(this.workerModule, [], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    const worker: RunningWorker = { process: child, stderr: '', tasks: 0, exited: false };
    child.stderr!.on('data', (chunk: Buffer) => {
      worker.stderr += chunk.toString();
    });
    child.on('exit', () => {
      worker.exited = true;
    });
    // a worker that cannot be reached (it died between tasks) shows as `died` through its exit
    child.on('error', () => undefined);
    this.worker = worker;
    return worker;
  }
}
