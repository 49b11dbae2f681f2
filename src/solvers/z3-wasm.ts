// In-process z3 through the `z3-solver` npm package (WebAssembly). Scripts and CHC systems are
// printed with the one printer and run with `Z3_eval_smtlib2_string` in a fresh context per check;
// CHC systems use `(set-logic HORN)`, which makes z3 use Spacer.
// Soundness/robustness assumptions:
// - each solver owns its modules (no state shared between solvers): up to `lanes` initialised WASM
//   modules (default 2 where the machine has two cores), each started when a call first needs it.
//   A module's async API runs one call at a time on a thread of its own, so each module has its own
//   queue, and a call goes to the module with the fewest calls waiting: with two modules two calls run
//   at once on two cores, so the portfolio runs its two lanes at once (`concurrent`) as it does with
//   external z3 processes. `warmUp()` starts the modules while the front end runs;
// - the time limit is enforced three ways: z3's `:timeout` option, a JS timer calling
//   `Z3_interrupt` shortly after, and a hard deadline after which the module is abandoned (its
//   threads terminated, and the keep-alive timer z3-solver starts for each threaded call cleared)
//   and the answer is unknown 'timeout';
// - every context is deleted after its check (a live context can keep a timer thread, and with it
//   the Node process, alive); `dispose()` terminates the module's worker threads so Node can exit.
// z3-solver itself is imported when the first check needs it (loading it costs ~50 ms of start-up).

import type { init } from 'z3-solver';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { printChcSystem, printGetValue, printSmtScript } from '../smt/printer.js';
import type { ChcSystem, SmtScript } from '../smt/terms.js';
import { interpretSolverOutput, statusInOutput } from './sexpr.js';
import {
  answerQuestion,
  timeLeft,
  timeoutReason,
  type CheckOptions,
  type Solver,
  type SolverResult,
} from './solver.js';

type Z3Module = Awaited<ReturnType<typeof init>>;
type Z3Context = ReturnType<Z3Module['Z3']['mk_context']>;

/** Extra time after z3's own timeout before the JS timer interrupts the context. */
const interruptGraceMilliseconds = 500;
/** Extra time after the timeout before the module is abandoned as unresponsive. */
const abandonGraceMilliseconds = 1_500;

/** One WASM module of a solver, with the queue of its calls and the context kept for questions. */
interface ModuleSlot {
  module: Promise<Z3Module> | undefined;
  queue: Promise<unknown>;
  /** calls queued or running in this module */
  waiting: number;
  /**
   * The context in which questions (CheckOptions.question) run, one after the other between
   * `(push 1)` and `(pop 1)`: a fresh context costs about 70 ms of z3-wasm's time, a scope in a
   * kept one well under 10 ms. It belongs to this slot's module; dispose() deletes it.
   */
  questionContext: { readonly module: Z3Module; readonly context: Z3Context } | undefined;
}

function emptySlot(): ModuleSlot {
  return { module: undefined, queue: Promise.resolve(), waiting: 0, questionContext: undefined };
}

function loadModule(slot: ModuleSlot): Promise<Z3Module> {
  if (slot.module === undefined) {
    const loading = import('z3-solver').then((z3) => z3.init());
    slot.module = loading;
    // a failed initialisation may be retried by a later check
    loading.catch(() => {
      if (slot.module === loading) slot.module = undefined;
    });
  }
  return slot.module;
}

/** The parts of the Emscripten module used directly (see evaluateOffThread). */
interface EmscriptenModule {
  readonly HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(pointer: number): void;
  async_call(run: (context: number, text: number) => void, context: number, text: number): Promise<string>;
  _async_Z3_eval_smtlib2_string(context: number, text: number): void;
  readonly PThread?: { terminateAllThreads?: () => void };
}

function emscriptenOf(module: Z3Module): EmscriptenModule {
  return module.em as unknown as EmscriptenModule;
}

function terminateThreads(module: Z3Module): void {
  emscriptenOf(module).PThread?.terminateAllThreads?.();
}

/**
 * `Z3.eval_smtlib2_string` of z3-solver 4.15 passes the script through `ccall`, which puts the
 * string on the WASM stack and releases it as soon as the call returns, while the z3 thread it
 * started is still reading it (we observed scripts failing with garbled text). So the text is
 * copied to the heap here and freed only when the thread has answered.
 */
interface OffThreadEvaluation {
  readonly output: Promise<string>;
  /** Clears the keep-alive timers of this call; only for a call that is abandoned. */
  readonly releaseKeepAlive: () => void;
}

/**
 * z3-solver starts each threaded call with a 600 s `setTimeout` that keeps Node alive until the
 * thread answers, and clears it in the answer's callback. An abandoned call never answers, so the
 * timers created while the call starts (synchronously) are captured here to be cleared on abandon.
 */
function evaluateOffThread(module: Z3Module, context: unknown, text: string): OffThreadEvaluation {
  const emscripten = emscriptenOf(module);
  const bytes = Buffer.from(text + '\0', 'utf8');
  const pointer = emscripten._malloc(bytes.length);
  if (pointer === 0) throw new Error('z3-wasm: out of memory for the script text');
  emscripten.HEAPU8.set(bytes, pointer); // read HEAPU8 after malloc: memory may have grown
  const originalSetTimeout = globalThis.setTimeout;
  const keepAliveTimers: NodeJS.Timeout[] = [];
  const capturingSetTimeout = ((...parameters: Parameters<typeof setTimeout>) => {
    const timer = originalSetTimeout(...parameters);
    keepAliveTimers.push(timer);
    return timer;
  }) as typeof setTimeout;
  let started: Promise<string>;
  globalThis.setTimeout = capturingSetTimeout;
  try {
    started = emscripten.async_call(emscripten._async_Z3_eval_smtlib2_string, context as number, pointer);
  } finally {
    globalThis.setTimeout = originalSetTimeout;
  }
  const output = started.then((value) => {
    emscripten._free(pointer);
    return value;
  });
  return { output, releaseKeepAlive: () => keepAliveTimers.forEach((timer) => clearTimeout(timer)) };
}

/**
 * Runs one complete SMT-LIB text in a fresh context, then (when `followUp` gives one, e.g. a
 * get-value after a sat answer) a second text in the same context; returns z3's textual output of
 * both, or a failure.
 */
async function evaluateText(
  slot: ModuleSlot,
  text: string,
  followUp: (output: string) => string | undefined,
  timeoutMilliseconds: number,
  abandonAfterMilliseconds: number,
  question: boolean,
  signal: AbortSignal | undefined,
): Promise<{ kind: 'output'; output: string } | { kind: 'failure'; reason: string }> {
  // a call aborted while it waited in the queue (the portfolio's other lane decided) is not started
  const aborted = (): boolean => signal?.aborted === true;
  if (aborted()) return { kind: 'failure', reason: 'timeout' };
  let module: Z3Module;
  try {
    module = await loadModule(slot);
  } catch (error) {
    return { kind: 'failure', reason: `z3-wasm could not be initialised: ${String(error)}` };
  }
  const { Z3 } = module;
  const context = question ? questionContextOf(slot, module) : freshContext(module);
  let interruptTimer: NodeJS.Timeout | undefined;
  let abandonTimer: NodeJS.Timeout | undefined;
  let abandoned = false;
  let interrupted = false;
  const abandonAt = performance.now() + abandonAfterMilliseconds;
  /** one evaluation in `context`, raced against the abandon deadline */
  const evaluateInContext = async (part: string): Promise<string | 'abandoned'> => {
    const offThread = evaluateOffThread(module, context, part);
    const evaluation = offThread.output;
    const deadline = new Promise<'abandoned'>((resolve) => {
      abandonTimer = setTimeout(() => resolve('abandoned'), Math.max(0, abandonAt - performance.now()));
    });
    const outcome = await Promise.race([evaluation, deadline]);
    clearTimeout(abandonTimer);
    if (outcome === 'abandoned') {
      abandoned = true;
      // the module is stuck in a call that ignores interrupts: drop it, a later check starts afresh
      evaluation.catch(() => undefined);
      if (slot.module !== undefined && (await slot.module) === module) slot.module = undefined;
      terminateThreads(module);
      offThread.releaseKeepAlive();
    }
    return outcome;
  };
  const interrupt = (): void => {
    interrupted = true;
    Z3.interrupt(context);
  };
  // aborted while the module loaded: not started; aborted while running: z3 is interrupted at once
  // and answers unknown (CheckOptions.signal)
  if (aborted()) {
    if (!question) Z3.del_context(context);
    return { kind: 'failure', reason: 'timeout' };
  }
  signal?.addEventListener('abort', interrupt, { once: true });
  try {
    interruptTimer = setTimeout(interrupt, timeoutMilliseconds + interruptGraceMilliseconds);
    const first = await evaluateInContext(text);
    if (first === 'abandoned') return { kind: 'failure', reason: 'timeout' };
    const second = followUp(first);
    if (second === undefined) return { kind: 'output', output: first };
    const rest = await evaluateInContext(second);
    if (rest === 'abandoned') return { kind: 'failure', reason: 'timeout' };
    return { kind: 'output', output: first + rest };
  } catch (error) {
    return { kind: 'failure', reason: `z3-wasm error: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    signal?.removeEventListener('abort', interrupt);
    clearTimeout(interruptTimer);
    clearTimeout(abandonTimer);
    if (abandoned) {
      if (slot.questionContext?.module === module) slot.questionContext = undefined;
    } else if (!question) Z3.del_context(context);
    // an interrupted context is not asked again: the next question gets a fresh one
    else if (interrupted) releaseQuestionContext(slot, module);
  }
}

function freshContext(module: Z3Module): Z3Context {
  const configuration = module.Z3.mk_config();
  const context = module.Z3.mk_context(configuration);
  module.Z3.del_config(configuration);
  return context;
}

/** the context kept for questions of this slot's module (created by the first one) */
function questionContextOf(slot: ModuleSlot, module: Z3Module): Z3Context {
  if (slot.questionContext?.module !== module) slot.questionContext = { module, context: freshContext(module) };
  return slot.questionContext.context;
}

/** deletes the context kept for questions (a live context may keep a timer thread, and Node, alive) */
function releaseQuestionContext(slot: ModuleSlot, module: Z3Module): void {
  if (slot.questionContext?.module !== module) return;
  module.Z3.del_context(slot.questionContext.context);
  slot.questionContext = undefined;
}

/**
 * The modules of one solver. A call goes to the slot with the fewest calls waiting (the first
 * slot on a tie, so one lane of calls stays in one module and keeps its question context), and is
 * serialised there behind that module's earlier calls.
 */
class ModulePool {
  private readonly slots: ModuleSlot[];

  constructor(lanes: number) {
    this.slots = Array.from({ length: Math.max(1, lanes) }, emptySlot);
  }

  get size(): number {
    return this.slots.length;
  }

  /** starts every module (z3-solver's initialisation compiles the WASM off the main thread) */
  warmUp(): void {
    for (const slot of this.slots) loadModule(slot).catch(() => undefined);
  }

  enqueue<T>(task: (slot: ModuleSlot) => Promise<T>): Promise<T> {
    const slot = this.slots.reduce((best, candidate) => (candidate.waiting < best.waiting ? candidate : best));
    slot.waiting++;
    const run = (): Promise<T> => task(slot);
    const result = slot.queue.then(run, run).finally(() => {
      slot.waiting--;
    });
    slot.queue = result.catch(() => undefined);
    return result;
  }

  async dispose(): Promise<void> {
    for (const slot of this.slots) {
      await slot.queue;
      const pending = slot.module;
      slot.module = undefined;
      if (pending === undefined) continue;
      try {
        const module = await pending;
        releaseQuestionContext(slot, module);
        terminateThreads(module);
      } catch {
        // initialisation failed: nothing to release
      }
    }
  }
}

function timeoutOption(timeoutMilliseconds: number): string {
  const milliseconds = Math.max(1, Math.floor(timeoutMilliseconds));
  return `(set-option :timeout ${milliseconds})\n`;
}

async function run(
  pool: ModulePool,
  text: string,
  followUp: (output: string) => string | undefined,
  expectedValues: number,
  options: CheckOptions,
  abandonGrace: number,
): Promise<SolverResult> {
  const question = options.question === true;
  const outcome = await pool.enqueue((slot) =>
    evaluateText(
      slot,
      text,
      followUp,
      options.timeoutMilliseconds,
      options.timeoutMilliseconds + abandonGrace,
      question,
      options.signal,
    ),
  );
  if (options.signal?.aborted === true && outcome.kind === 'output' && statusInOutput(outcome.output) === 'unknown')
    return { kind: 'unknown', reason: timeoutReason };
  if (outcome.kind === 'failure') return { kind: 'unknown', reason: outcome.reason };
  return interpretSolverOutput(outcome.output, expectedValues, options.model === true);
}

const reasonQuery = '(get-info :reason-unknown)\n';

export interface Z3WasmOptions {
  /**
   * Time after the timeout before an unresponsive module is abandoned (default 5 s). Tests set it
   * negative to exercise the abandon path deterministically.
   */
  readonly abandonGraceMilliseconds?: number;
  /** modules that run calls at the same time (default: 2 where the machine has two cores, else 1) */
  readonly lanes?: number;
}

/** two modules where two calls can run at once on two cores (each module takes about 150 MB) */
function defaultLanes(): number {
  return Math.min(2, availableParallelism());
}

export function createZ3WasmSolver(wasmOptions: Z3WasmOptions = {}): Solver {
  const abandonGrace = wasmOptions.abandonGraceMilliseconds ?? abandonGraceMilliseconds;
  const pool = new ModulePool(wasmOptions.lanes ?? defaultLanes());
  /** a script in a fresh context; a question (CheckOptions.question) in the context kept for questions */
  const checkScript = async (script: SmtScript, options: CheckOptions): Promise<SolverResult> => {
    const valuesOf = options.valuesOf ?? [];
    const started = performance.now();
    if (options.question === true && valuesOf.length === 0) {
      // in the kept context, in a scope of its own, with no logic set (z3 chooses from the
      // assertions); in a fresh context when the kept one gives up
      const text = printSmtScript({ ...script, logic: undefined });
      const left = timeLeft(options, started);
      if (left === undefined) return { kind: 'unknown', reason: timeoutReason };
      const askKept = (kept: CheckOptions): Promise<SolverResult> =>
        run(
          pool,
          `(push 1)\n${timeoutOption(kept.timeoutMilliseconds)}${text}${reasonQuery}(pop 1)\n`,
          () => undefined,
          0,
          kept,
          abandonGrace,
        );
      return answerQuestion(left, askKept, (fresh) => checkScript(script, fresh));
    }
    const body =
      '(set-option :model.completion true)\n' + printSmtScript(script, { produceModels: valuesOf.length > 0 });
    // the printing counts against the call's time: z3 gets what is left after it
    const left = timeLeft(options, started);
    if (left === undefined) return { kind: 'unknown', reason: timeoutReason };
    // the values are asked for in the same context, only after a sat answer
    const followUp = (output: string): string =>
      (valuesOf.length > 0 && statusInOutput(output) === 'sat' ? printGetValue(valuesOf) + '\n' : '') + reasonQuery;
    return run(pool, timeoutOption(left.timeoutMilliseconds) + body, followUp, valuesOf.length, left, abandonGrace);
  };
  return {
    name: 'z3-wasm',
    concurrent: pool.size > 1,
    warmUp: () => pool.warmUp(),
    checkScript,
    async checkChc(system: ChcSystem, options: CheckOptions): Promise<SolverResult> {
      const started = performance.now();
      const body = printChcSystem(system) + reasonQuery;
      const left = timeLeft(options, started);
      if (left === undefined) return { kind: 'unknown', reason: timeoutReason };
      // the model (CheckOptions.model) is asked for in the same context, only after a sat answer
      const followUp = (output: string): string | undefined =>
        options.model === true && statusInOutput(output) === 'sat' ? '(get-model)\n' : undefined;
      return run(pool, timeoutOption(left.timeoutMilliseconds) + body, followUp, 0, left, abandonGrace);
    },
    async checkText(text: string, options: CheckOptions): Promise<SolverResult> {
      const plain = { ...options, model: false, question: false };
      return run(
        pool,
        timeoutOption(options.timeoutMilliseconds) + text + reasonQuery,
        () => undefined,
        0,
        plain,
        abandonGrace,
      );
    },
    async dispose(): Promise<void> {
      await pool.dispose();
    },
  };
}
