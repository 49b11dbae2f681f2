// In-process z3 through the `z3-solver` npm package (WebAssembly). Scripts and CHC systems are
// printed with the one printer and run with `Z3_eval_smtlib2_string` in a fresh context per check;
// CHC systems use `(set-logic HORN)`, which makes z3 use Spacer.
// Soundness/robustness assumptions:
// - each solver owns its modules (no state shared between solvers): up to `lanes` initialised WASM
//   modules (default 2 where the machine has two cores), each started when a call first needs it.
//   In a process that runs command after command (the bench worker: keepModulesBetweenSolvers), a
//   disposed solver hands its idle, healthy modules to the next one instead of ending them.
//   A module's async API runs one call at a time on a thread of its own, so each module has its own
//   queue, and a call goes to the module with the fewest calls waiting: with two modules two calls run
//   at once on two cores, so the portfolio runs its two lanes at once (`concurrent`) as it does with
//   external z3 processes. `warmUp()` starts the modules, and the worker threads of their first
//   check, while the front end runs;
// - the modules are instances (each with its own memory, so its own z3) of one WebAssembly module
//   compiled once per process: the only thing they share is V8's machine code for z3's functions.
//   bin/z3-wasm-early.js starts that compilation as the process starts, before the bundle loads,
//   when the command line will use z3-wasm; compiledZ3Wasm takes it over when it was compiled for
//   the tiering chosen here, and compiles z3 itself when it was not or when it failed;
// - a call sees nothing of the calls before it: its context is fresh, and z3's global parameters
//   (those a script's `set-option` sets, `:timeout` and `:model.completion` among them, are global
//   to a module, not to a context) are reset to their defaults before it runs. Questions
//   (CheckOptions.question) are the exception by design: they share a kept context, each in a scope
//   of its own between `(push 1)` and `(pop 1)`, and an interrupted one is never asked again;
// - a call whose signal aborts (the portfolio's other lane decided) is answered unknown at once
//   (answeredOrAborted): its caller does not wait for z3 to notice the interrupt, or for a module
//   or a worker thread still loading. The call goes on in its module (interrupted, or skipped when
//   it had not started) and the module takes no other call until it ends; in a process that does not
//   keep its modules, dispose() abandons a module whose call was aborted instead of waiting for it;
// - the time limit is enforced two ways: a JS timer calling `Z3_interrupt` at the deadline (while
//   the script runs; its follow-up, the get-value of a sat answer, gets a short grace), and a hard
//   deadline after which the module is abandoned (its threads terminated, and the keep-alive timer
//   z3-solver starts for each threaded call cleared) and the answer is unknown 'timeout'. z3's own
//   `:timeout` is not set: it starts a timer thread, which in WebAssembly is one more Node worker
//   thread per module (0.1-0.2 s of start-up on two cores: the README's example took 1.03 s
//   instead of 0.91 s, median of 20 runs on a quiet machine). The JS timer fires when the
//   JavaScript thread is free, so a check can overrun its time by as long as synchronous work of
//   the other lane holds that thread; z3 answers unknown ("canceled") when interrupted;
// - every context is deleted after its check (a live context can keep a timer thread, and with it
//   the Node process, alive); `dispose()` terminates the module's worker threads so Node can exit.
// z3-solver itself is loaded when the first check (or warmUp) needs it, its low-level API only.
// Where z3-wasm's time goes (measured with z3-solver 4.15 on Node 20): not in contexts (creating,
// using and deleting one costs 1–3 ms; a kept context after `(reset)` is no faster) but in V8
// warming up z3's 33 MB of WebAssembly in each process: compiling it (~0.15 s of background
// threads), starting a worker thread per module for the check (~50 ms; one more for z3's timer while `:timeout` was set),
// and running each function first in baseline code until its optimised code is ready, so a
// process's first checks are 10–20 times slower than the same checks later on.
// Tiering (issue 42): a process that runs one command compiles z3 for V8's baseline compiler only
// (Liftoff, `--liftoff-only`): optimising z3's hot functions with TurboFan costs more CPU (on the
// cores the solver's threads need) than it saves within one command's budget, so fresh `verify`
// runs took 0.75–0.85 of the time with tiering up, long ones (8–10 s) included. A process that runs
// command after command (keepModulesBetweenSolvers: the bench worker) keeps V8's default, dynamic
// tiering, where the optimised code pays back (there baseline-only took 1.4 times as long).
// ENCODE_Z3_WASM_TIERING=baseline|optimising overrides the choice (for measurements). The flag only
// chooses which machine code runs z3's functions; z3's answers do not depend on it.
// Start-up of one command (issue 42; timeline of the README example on 2026-11-29, the 2-core
// machine at load 4-9, so every figure an upper bound): reading the .wasm and V8's copy of it take
// ~0.1 s each of the main thread there (fresh memory is slow to fault in), validation ~0.13 s of
// background threads; the first context (mk_context, on the main thread) 0.1 s; each worker thread
// (Node's start, z3-built.js, the instance) 0.1-0.3 s, and the first check waits for its own. Before
// the early start the compilation began only 0.45-0.9 s in; before the early answer of an aborted
// call the verdict waited 60-560 ms for the losing lane. Tried and not adopted: starting the four
// worker threads with the early start (under that load they slowed the main thread: the bundle
// loaded ~0.2-0.5 s later, no gain in the end), compiling in a worker thread or after an
// asynchronous read (no gain under load), V8's --wasm-lazy-validation (validation moves into the
// first checks; no gain), streaming compilation (slower).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import type { Z3LowLevel } from 'z3-solver';
import { printChcSystem, printGetValue, printSmtScript } from '../smt/printer.js';
import type { ChcSystem, SmtScript } from '../smt/terms.js';
import { interpretSolverOutput, statusInOutput } from './sexpr.js';
import {
  answerQuestion,
  chcSlicingOption,
  timeLeft,
  timeoutReason,
  type CheckOptions,
  type Solver,
  type SolverResult,
} from './solver.js';

type Z3Module = Z3LowLevel;
type Z3Context = ReturnType<Z3Module['Z3']['mk_context']>;

/** Extra time after the timeout before the JS timer interrupts a follow-up (get-value of a sat answer). */
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
  /**
   * Abandons the call running in this module if its signal has aborted (its caller has had its
   * answer: see `answeredOrAborted`); set while a call runs. dispose() uses it in a process that
   * ends with its command, instead of waiting for z3 to notice the interrupt.
   */
  abandonIfAborted: (() => void) | undefined;
}

function emptySlot(): ModuleSlot {
  return {
    module: undefined,
    queue: Promise.resolve(),
    waiting: 0,
    questionContext: undefined,
    abandonIfAborted: undefined,
  };
}

/** z3-solver's WebAssembly, compiled once per process (every module is an instance of it) */
let compiledWasm: Promise<WebAssembly.Module> | undefined;

export type WasmTiering = 'baseline' | 'optimising';

/**
 * The tiering z3's WebAssembly is compiled for in this process: baseline-only for a process that
 * runs one command, V8's dynamic tiering for one that keeps its modules between solvers; the
 * environment's ENCODE_Z3_WASM_TIERING, when it names one, wins.
 */
export function wasmTiering(environment: NodeJS.ProcessEnv = process.env): WasmTiering {
  const asked = environment['ENCODE_Z3_WASM_TIERING'];
  if (asked === 'baseline' || asked === 'optimising') return asked;
  return keepingModules ? 'optimising' : 'baseline';
}

/** the tiering z3's WebAssembly was compiled for (undefined before the compilation started) */
let compiledTiering: WasmTiering | undefined;

/** the tiering of the process's compilation of z3 (for tests and measurements) */
export function compiledWasmTiering(): WasmTiering | undefined {
  return compiledTiering;
}

/**
 * Sets V8's flag before the compilation, which reads it: `--liftoff-only` makes the module's
 * functions Liftoff code for good, `--no-liftoff-only` (V8's default) lets hot ones tier up.
 */
function applyTiering(tiering: WasmTiering): void {
  switch (tiering) {
    case 'baseline':
      setFlagsFromString('--liftoff-only');
      break;
    case 'optimising':
      setFlagsFromString('--no-liftoff-only');
      break;
    default: {
      const unknownTiering: never = tiering;
      throw new Error(`unknown tiering ${String(unknownTiering)}`);
    }
  }
  compiledTiering = tiering;
}

/** what bin/z3-wasm-early.js leaves on globalThis: z3's WebAssembly compiling since the process started */
interface EarlyCompilation {
  readonly tiering: WasmTiering;
  readonly module: Promise<WebAssembly.Module>;
}

const earlyCompilationKey = Symbol.for('encode.z3-wasm.early-compilation');

/** the early compilation, taken off globalThis (once), when it was started for `tiering` */
function takeEarlyCompilation(tiering: WasmTiering): Promise<WebAssembly.Module> | undefined {
  const holder = globalThis as { [earlyCompilationKey]?: EarlyCompilation };
  const early = holder[earlyCompilationKey];
  delete holder[earlyCompilationKey];
  if (early === undefined || early.tiering !== tiering || !(early.module instanceof Promise)) return undefined;
  return early.module;
}

function compiledZ3Wasm(): Promise<WebAssembly.Module> {
  if (compiledWasm === undefined) {
    const tiering = wasmTiering();
    const early = takeEarlyCompilation(tiering);
    if (early !== undefined) {
      compiledTiering = tiering;
      // a failed early compilation is replaced by one of this module's own
      compiledWasm = early.catch(() => {
        compiledWasm = undefined;
        return compiledZ3Wasm();
      });
      return compiledWasm;
    }
    applyTiering(tiering);
    // read at once (~30 ms): the compilation then runs on V8's background threads while the front
    // end keeps the main thread busy, instead of waiting for the main thread to read the file
    const bytes = readFileSync(createRequire(import.meta.url).resolve('z3-solver/build/z3-built.wasm'));
    const compiling = WebAssembly.compile(bytes);
    compiledWasm = compiling;
    // a failed compilation may be retried by a later check
    compiling.catch(() => {
      if (compiledWasm === compiling) compiledWasm = undefined;
    });
  }
  return compiledWasm;
}

/** the options of Emscripten's module factory used here (z3-solver's `init()` passes none) */
interface EmscriptenFactoryOptions {
  instantiateWasm(
    imports: WebAssembly.Imports,
    receiveInstance: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ): object;
}

/**
 * A module as z3-solver's `init()` makes it, its low-level API only (the high-level one costs
 * ~40 ms to load and is not used), instantiated from the WebAssembly compiled once per process:
 * a second module costs no second compilation, and the modules share the machine code V8 makes
 * for z3's functions (the baseline code compiled at their first call, then the optimised code of
 * the hot ones), so the first checks in one warm the code for the other.
 */
async function initialiseModule(): Promise<Z3Module> {
  // (everything up to the first await runs at once: the reading and compiling start here)
  const require = createRequire(import.meta.url);
  const factory = require('z3-solver/build/z3-built.js') as (options: EmscriptenFactoryOptions) => Promise<unknown>;
  const lowLevel = require('z3-solver/build/low-level/index.js') as {
    init(initialiseEmscripten: () => Promise<unknown>): Promise<Z3Module>;
  };
  let instantiationFailed: (error: unknown) => void = () => undefined;
  const instantiationFailure = new Promise<never>((_, reject) => (instantiationFailed = reject));
  const instantiateWasm: EmscriptenFactoryOptions['instantiateWasm'] = (imports, receiveInstance) => {
    compiledZ3Wasm()
      .then(async (module) => receiveInstance(await WebAssembly.instantiate(module, imports), module))
      .catch(instantiationFailed);
    return {}; // the exports come with receiveInstance
  };
  return Promise.race([lowLevel.init(() => factory({ instantiateWasm })), instantiationFailure]);
}

/**
 * Modules handed back by disposed solvers, for the next solver of this process to take instead of
 * starting its own (only after keepModulesBetweenSolvers(): a process that runs many commands one
 * after the other, the bench worker). Each is idle, healthy (never abandoned) and holds no context;
 * a call sees nothing of the calls before it all the same (a fresh context, global parameters reset).
 */
const keptModules: Promise<Z3Module>[] = [];
let keepingModules = false;

/**
 * From now on a disposed solver leaves its healthy modules to the next solver of this process: its
 * z3-wasm instances, their worker threads and their warm code are started once per process instead
 * of once per command. The worker threads stay (unreferenced: they do not keep Node alive).
 */
export function keepModulesBetweenSolvers(): void {
  keepingModules = true;
}

/** how many modules wait for the next solver (keepModulesBetweenSolvers) */
export function keptModuleCount(): number {
  return keptModules.length;
}

function loadModule(slot: ModuleSlot): Promise<Z3Module> {
  if (slot.module === undefined) slot.module = keptModules.shift();
  if (slot.module === undefined) {
    const loading = initialiseModule().then((module) => {
      try {
        startWorkers(module);
      } catch {
        // only a head start: a check starts the workers it needs itself
      }
      return module;
    });
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
  readonly PThread?: EmscriptenThreads;
}

/** Emscripten's pool of worker threads (a Node worker thread runs each of z3's threads) */
interface EmscriptenThreads {
  terminateAllThreads?(): void;
  allocateUnusedWorker?(): void;
  loadWasmModuleToWorker?(worker: { unref?(): void }): Promise<void>;
  readonly unusedWorkers?: { unref?(): void }[];
}

function emscriptenOf(module: Z3Module): EmscriptenModule {
  return module.em as unknown as EmscriptenModule;
}

function terminateThreads(module: Z3Module): void {
  emscriptenOf(module).PThread?.terminateAllThreads?.();
}

/** the threads of a check: the one that runs it (no timer thread: z3's `:timeout` is not set) */
const threadsPerCheck = 1;

/**
 * Starts the worker threads a module's first check needs. Emscripten starts a worker (a Node
 * worker thread that loads z3-built.js and instantiates the WebAssembly: ~50 ms) when z3 starts a
 * thread and none is idle, so the first check would start both on its way; started as soon as the
 * module is ready, they load while the front end and the encoders run. They are unreferenced, as
 * Emscripten does for a worker once it runs a thread: an idle one does not keep Node alive.
 */
function startWorkers(module: Z3Module): void {
  const threads = emscriptenOf(module).PThread;
  if (threads?.allocateUnusedWorker === undefined || threads.loadWasmModuleToWorker === undefined) return;
  for (let started = 0; started < threadsPerCheck; started++) {
    threads.allocateUnusedWorker();
    const worker = threads.unusedWorkers?.at(-1);
    if (worker === undefined) return;
    const loading = threads.loadWasmModuleToWorker(worker);
    // after the loading began: it listens to the worker's messages, which references the worker
    worker.unref?.();
    loading.catch(() => undefined);
  }
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
  // nothing a call before set stays: z3's global parameters (set-option) are the module's
  Z3.global_param_reset_all();
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
      slot.abandonIfAborted = () => {
        if (aborted()) resolve('abandoned');
      };
    });
    const outcome = await Promise.race([evaluation, deadline]);
    slot.abandonIfAborted = undefined;
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
    const started = performance.now();
    interruptTimer = setTimeout(interrupt, timeoutMilliseconds);
    const first = await evaluateInContext(text);
    if (first === 'abandoned') return { kind: 'failure', reason: 'timeout' };
    const second = followUp(first);
    if (second === undefined) return { kind: 'output', output: first };
    // the follow-up of an answer found in time is not cut short at the deadline (as z3's `:timeout`,
    // which bounds check-sat only, did not cut it)
    clearTimeout(interruptTimer);
    const followUpDeadline = started + timeoutMilliseconds + interruptGraceMilliseconds;
    interruptTimer = setTimeout(interrupt, Math.max(0, followUpDeadline - performance.now()));
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
 * The modules of one solver. A call goes to the slot with the fewest calls waiting, and is
 * serialised there behind that module's earlier calls. On a tie a question goes to a slot that
 * keeps a question context, any other call to one that does not (then the first slot): the two
 * lanes of the portfolio each keep to their module. (With the first slot on every tie, the template
 * certifier's questions of 200 ms, each asked while the other lane's Spacer call ran, went behind that
 * call in turn: one waited 4.7 s, and bench/symbolic/max-of-index-safe.c had no certificate.)
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

  enqueue<T>(task: (slot: ModuleSlot) => Promise<T>, question: boolean): Promise<T> {
    const fits = (candidate: ModuleSlot): boolean => (candidate.questionContext !== undefined) === question;
    const slot = this.slots.reduce((best, candidate) =>
      candidate.waiting < best.waiting || (candidate.waiting === best.waiting && fits(candidate) && !fits(best))
        ? candidate
        : best,
    );
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
      // a call whose signal aborted (the other lane decided) has answered its caller already; where
      // the modules are not kept, its module is abandoned now rather than waited for
      if (!keepingModules) slot.abandonIfAborted?.();
      await slot.queue;
      const pending = slot.module;
      slot.module = undefined;
      if (pending === undefined) continue;
      try {
        const module = await pending;
        releaseQuestionContext(slot, module);
        if (keepingModules) keptModules.push(pending);
        else terminateThreads(module);
      } catch {
        // initialisation failed: nothing to release
      }
    }
  }
}

type EvaluationOutcome = Awaited<ReturnType<typeof evaluateText>>;

/**
 * The call's outcome, or a timeout as soon as `signal` aborts (the portfolio's other lane decided):
 * the caller does not wait for z3 to notice the interrupt, nor, when the call has not started yet,
 * for its module or its worker thread to load. The call itself goes on in its module (interrupted,
 * or skipped when it had not started), which takes no other call until it ends.
 */
function answeredOrAborted(
  outcome: Promise<EvaluationOutcome>,
  signal: AbortSignal | undefined,
): Promise<EvaluationOutcome> {
  if (signal === undefined) return outcome;
  return new Promise((resolve, reject) => {
    const onAbort = (): void => resolve({ kind: 'failure', reason: 'timeout' });
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    outcome.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
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
  const outcome = await answeredOrAborted(
    pool.enqueue(
      (slot) =>
        evaluateText(
          slot,
          text,
          followUp,
          options.timeoutMilliseconds,
          options.timeoutMilliseconds + abandonGrace,
          question,
          options.signal,
        ),
      question,
    ),
    options.signal,
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
        run(pool, `(push 1)\n${text}${reasonQuery}(pop 1)\n`, () => undefined, 0, kept, abandonGrace);
      return answerQuestion(left, askKept, (fresh) => checkScript(script, fresh));
    }
    const body =
      '(set-option :model.completion true)\n' + printSmtScript(script, { produceModels: valuesOf.length > 0 });
    // the printing counts against the call's time: z3 gets what is left after it
    const left = timeLeft(options, started);
    if (left === undefined) return { kind: 'unknown', reason: timeoutReason };
    // the values are asked for in the same context, only after a sat answer; a question with values
    // runs here too, in a fresh context (never in the kept one: its assertions would stay there)
    const followUp = (output: string): string =>
      (valuesOf.length > 0 && statusInOutput(output) === 'sat' ? printGetValue(valuesOf) + '\n' : '') + reasonQuery;
    return run(pool, body, followUp, valuesOf.length, { ...left, question: false }, abandonGrace);
  };
  return {
    name: 'z3-wasm',
    concurrent: pool.size > 1,
    warmUp: () => pool.warmUp(),
    checkScript,
    async checkChc(system: ChcSystem, options: CheckOptions): Promise<SolverResult> {
      const started = performance.now();
      // (a set-option is reset before the next call: global_param_reset_all)
      const body = chcSlicingOption(options) + printChcSystem(system) + reasonQuery;
      const left = timeLeft(options, started);
      if (left === undefined) return { kind: 'unknown', reason: timeoutReason };
      // the model (CheckOptions.model) is asked for in the same context, only after a sat answer
      const followUp = (output: string): string | undefined =>
        options.model === true && statusInOutput(output) === 'sat' ? '(get-model)\n' : undefined;
      return run(pool, body, followUp, 0, left, abandonGrace);
    },
    async checkText(text: string, options: CheckOptions): Promise<SolverResult> {
      const plain = { ...options, model: false, question: false };
      return run(pool, text + reasonQuery, () => undefined, 0, plain, abandonGrace);
    },
    async dispose(): Promise<void> {
      await pool.dispose();
    },
  };
}
