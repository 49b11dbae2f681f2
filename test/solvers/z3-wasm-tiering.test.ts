// The tiering z3's WebAssembly is compiled for (issue 42): baseline code only (`--liftoff-only`) in
// a process that runs one command, V8's dynamic tiering in one that keeps its modules between
// solvers (the bench worker: z3-wasm-kept-modules.test.ts checks that side), the environment's
// ENCODE_Z3_WASM_TIERING when it names one; the answers are the same either way. In a file of its
// own: the compilation, and with it the tiering, is once per process.
import { afterAll, describe, expect, it } from 'vitest';
import { compiledWasmTiering, createZ3WasmSolver, wasmTiering } from '../../src/solvers/z3-wasm.js';
import { satisfiableScript, unsatisfiableScript, x } from './fixtures.js';

const solver = createZ3WasmSolver({ lanes: 1 });
afterAll(() => solver.dispose());

describe('z3-wasm tiering', () => {
  it('chooses baseline code for a process that runs one command, unless the environment asks otherwise', () => {
    expect(wasmTiering({})).toBe('baseline');
    expect(wasmTiering({ ENCODE_Z3_WASM_TIERING: 'optimising' })).toBe('optimising');
    expect(wasmTiering({ ENCODE_Z3_WASM_TIERING: 'baseline' })).toBe('baseline');
    // a value it does not know leaves the process's own choice
    expect(wasmTiering({ ENCODE_Z3_WASM_TIERING: 'turbofan' })).toBe('baseline');
  });

  it('compiles z3 for baseline code at the first check, and answers as with tiering', async () => {
    expect(compiledWasmTiering()).toBeUndefined();
    const answers = [
      await solver.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 }),
      await solver.checkScript(satisfiableScript, { timeoutMilliseconds: 10_000, valuesOf: [x] }),
    ];
    expect(answers.map((answer) => answer.kind)).toEqual(['unsat', 'sat']);
    expect(compiledWasmTiering()).toBe('baseline');
  });
});
