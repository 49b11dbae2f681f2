// The solver the encoder tests use: ENCODE_TEST_SOLVER if set, else the z3 executable when it is on
// PATH (its Spacer is the reference for the chc tests), else the in-process z3-wasm.

import { createSolver, findExecutable } from '../../src/solvers/index.js';
import type { Solver } from '../../src/solvers/solver.js';

export function testSolver(): Solver {
  const specification = process.env['ENCODE_TEST_SOLVER'] ?? (findExecutable('z3') !== undefined ? 'z3' : 'z3-wasm');
  const created = createSolver(specification);
  if (created.kind !== 'ok') throw new Error(created.message);
  return created.solver;
}
