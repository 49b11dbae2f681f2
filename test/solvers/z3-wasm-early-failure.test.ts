// z3-wasm after a failed early compilation (bin/z3-wasm-early.js, issue 42): the module left on
// globalThis rejects, and the solver compiles z3 itself and answers as usual; the hand-over is taken
// off globalThis once. In a file of its own: the compilation is once per process.
import { afterAll, describe, expect, it } from 'vitest';
import { compiledWasmTiering, createZ3WasmSolver } from '../../src/solvers/z3-wasm.js';
import { satisfiableScript, unsatisfiableScript, x } from './fixtures.js';

const handOverKey = Symbol.for('encode.z3-wasm.early-compilation');
const holder = globalThis as { [handOverKey]?: unknown };
const failed = Promise.reject(new Error('an early compilation that failed'));
failed.catch(() => undefined);
holder[handOverKey] = { tiering: 'baseline', module: failed };

const solver = createZ3WasmSolver({ lanes: 1 });
afterAll(() => solver.dispose());

describe('z3-wasm after a failed early compilation', () => {
  it('compiles z3 itself and answers', async () => {
    const answers = [
      await solver.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 }),
      await solver.checkScript(satisfiableScript, { timeoutMilliseconds: 10_000, valuesOf: [x] }),
    ];
    expect(answers.map((answer) => answer.kind)).toEqual(['unsat', 'sat']);
    expect(compiledWasmTiering()).toBe('baseline');
    expect(holder[handOverKey]).toBeUndefined();
  });
});
