// Starts compiling the embedded z3's WebAssembly (z3-solver's z3-built.wasm, 33 MB) at the very
// start of a process that will solve with it (issue 42), before bin/encode.js loads the bundle:
// a worker thread reads the file and V8 compiles it (on background threads) while the bundle loads, the front end runs and
// z3-solver's JavaScript starts, instead of after all of that. src/solvers/z3-wasm.ts takes the
// compilation over (compiledZ3Wasm), through the global key below, when it was compiled for the
// tiering that module chooses; otherwise, or when it failed, that module compiles z3 itself.
// Soundness/robustness assumptions:
// - this only decides when the same bytes are compiled: z3's answers do not depend on it. A wrong
//   guess (the command does not use z3-wasm after all) costs a compilation nobody takes, no verdict;
// - nothing here may fail the command: a missing z3-solver, an unreadable file or a failed
//   compilation leave no hand-over (or a rejected one, which z3-wasm.ts replaces by its own), and
//   z3-wasm.ts reports a missing package when a check needs it, as before;
// - the flags set here are those z3-wasm.ts sets for a process that runs one command (`--liftoff-only`
//   unless ENCODE_Z3_WASM_TIERING=optimising): the hand-over records its tiering, and z3-wasm.ts
//   takes it only when the tiering is the one it would choose.
// ENCODE_Z3_WASM_EARLY=0 turns the early start off (for measurements).

'use strict';
const { accessSync, constants, statSync } = require('node:fs');
const { delimiter, join } = require('node:path');
const { setFlagsFromString } = require('node:v8');
const { Worker } = require('node:worker_threads');

/** the key of the hand-over on globalThis (read by src/solvers/z3-wasm.ts) */
const handOverKey = Symbol.for('encode.z3-wasm.early-compilation');

/** the value of the last `--solver X` or `--solver=X` of argv (undefined when none is given) */
function solverArgument(argv) {
  let solver;
  argv.forEach((argument, index) => {
    if (argument === '--solver' && index + 1 < argv.length) solver = argv[index + 1];
    else if (argument.startsWith('--solver=')) solver = argument.slice('--solver='.length);
  });
  return solver;
}

/** whether an executable file `name` is in a folder of PATH (as src/solvers/index.ts finds it) */
function onPath(name, pathVariable) {
  for (const directory of (pathVariable ?? '').split(delimiter)) {
    if (directory === '') continue;
    try {
      const candidate = join(directory, name);
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      // not here
    }
  }
  return false;
}

/**
 * Whether the command of argv will solve with the embedded z3: a program command (verify, one
 * encoding, validate) that writes no artefact (--emit), asks for no help, and names z3-wasm as its
 * solver or leaves the choice to `auto` on a machine without Debian's z3. `bench` (its workers
 * compile z3 themselves), `bench-merge` and `compare` (no warm-up) are left alone.
 */
function willUseEmbeddedZ3(argv, environment) {
  const first = argv.find((argument) => !argument.startsWith('-'));
  if (first === 'bench' || first === 'bench-merge' || first === 'compare') return false;
  const leftAlone = ['-h', '--help', '-v', '--version', '--emit'];
  if (argv.some((argument) => leftAlone.includes(argument) || argument.startsWith('--emit='))) return false;
  const solver = (solverArgument(argv) ?? 'auto').trim();
  if (solver === 'z3-wasm') return true;
  return solver === 'auto' && !onPath('z3', environment['PATH']);
}

/** the tiering src/solvers/z3-wasm.ts chooses for a process that runs one command (wasmTiering) */
function oneCommandTiering(environment) {
  return environment['ENCODE_Z3_WASM_TIERING'] === 'optimising' ? 'optimising' : 'baseline';
}

/**
 * Reads and compiles z3's WebAssembly in a worker thread and gives the compiled module back (a
 * module passes between threads without a copy of its code). On this 2-core VM reading the 33 MB
 * file and V8's copy of its bytes took 0.13 s and 0.19 s of the JavaScript thread, the thread the
 * bundle, the front end and then z3's first contexts need; in a worker they run on the other core
 * (README example with z3-wasm, median of 20 runs on a quiet machine: 0.85 s instead of 0.91 s).
 */
function compileOffThread(wasmFile) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     WebAssembly.compile(require('node:fs').readFileSync(workerData)).then(
       (module) => parentPort.postMessage({ module }),
       (error) => parentPort.postMessage({ error: String(error) }));`,
    { eval: true, workerData: wasmFile },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', (message) => {
      void worker.terminate();
      if (message.module instanceof WebAssembly.Module) resolve(message.module);
      else reject(new Error(String(message.error)));
    });
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('the compiling thread ended without a module')));
  });
}

/** starts the compilation when argv's command will use z3-wasm, and leaves it on globalThis */
function startEarlyCompilation(argv, environment) {
  if (environment['ENCODE_Z3_WASM_EARLY'] === '0' || !willUseEmbeddedZ3(argv, environment)) return;
  try {
    const wasmFile = require.resolve('z3-solver/build/z3-built.wasm');
    const tiering = oneCommandTiering(environment);
    setFlagsFromString(tiering === 'baseline' ? '--liftoff-only' : '--no-liftoff-only');
    const module = compileOffThread(wasmFile);
    module.catch(() => undefined); // z3-wasm.ts compiles again: nothing to report here
    globalThis[handOverKey] = { tiering, module };
  } catch {
    // no z3-solver, or its file unreadable: z3-wasm.ts says so when a check needs it
  }
}

module.exports = { handOverKey, startEarlyCompilation, willUseEmbeddedZ3 };
