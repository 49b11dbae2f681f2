// Deeply nested terms (long store chains, as produced by unrolled loops) through the printer and both z3 back ends.
import { afterAll, describe, expect, it } from 'vitest';
import { equal, intConstant, select, store, type Term } from '../../src/smt/terms.js';
import { createExternalSolver } from '../../src/solvers/external.js';
import { findExecutable } from '../../src/solvers/index.js';
import { createZ3WasmSolver } from '../../src/solvers/z3-wasm.js';
import { a, script, x } from './fixtures.js';
import { itWith, solverRequirement } from '../support/requirements.js';

const z3 = solverRequirement('z3');

function deepScript(depth: number) {
  let array: Term = a;
  for (let index = 0; index < depth; index++) array = store(array, intConstant(index), intConstant(index + 1));
  return script([equal(select(array, intConstant(depth - 1)), x)], [x, a]);
}

describe('deep terms', () => {
  const wasm = createZ3WasmSolver();
  afterAll(() => wasm.dispose());
  // The 100,000-deep chain takes 10-20 s in z3-wasm; it runs with ENCODE_LONG_TESTS=1.
  for (const depth of process.env.ENCODE_LONG_TESTS ? [1_000, 10_000, 100_000] : [1_000, 20_000]) {
    it(`z3-wasm solves a ${depth}-deep store chain`, async () => {
      const result = await wasm.checkScript(deepScript(depth), { timeoutMilliseconds: 60_000, valuesOf: [x] });
      expect(result).toEqual({ kind: 'sat', values: [{ kind: 'integer', value: BigInt(depth) }] });
    });
    itWith([z3], `external z3 solves a ${depth}-deep store chain`, {}, async () => {
      const solver = createExternalSolver({ kind: 'z3', executable: findExecutable('z3')! });
      const result = await solver.checkScript(deepScript(depth), { timeoutMilliseconds: 60_000, valuesOf: [x] });
      expect(result).toEqual({ kind: 'sat', values: [{ kind: 'integer', value: BigInt(depth) }] });
    });
  }
});
