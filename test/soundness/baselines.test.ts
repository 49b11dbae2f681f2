// The soundness harness over the baseline encodings. bmc with an unwinding above every generated
// loop bound plus unwinding assertions is exact on these programs: it must answer UNSAFE exactly
// when exhaustive enumeration on the interpreter finds a failing input, and SAFE otherwise.
// chc must never contradict enumeration (it may answer UNKNOWN on a timeout).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bmcEncoder } from '../../src/encoders/bmc/index.js';
import { chcEncoder } from '../../src/encoders/chc/index.js';
import { createSolver } from '../../src/solvers/index.js';
import type { Solver } from '../../src/solvers/solver.js';
import { runHarness } from './harness.js';

const runs = Number(process.env.ENCODE_HARNESS_RUNS ?? '0');

let solver: Solver;
beforeAll(() => {
  const created = createSolver('z3-wasm');
  if (created.kind !== 'ok') throw new Error(created.message);
  solver = created.solver;
});
afterAll(async () => {
  await solver.dispose();
});

describe('soundness harness: baselines', () => {
  it('bmc (unwind 6, unwinding assertions) agrees exactly with exhaustive enumeration, in int semantics', async () => {
    const statistics = await runHarness({
      encoder: bmcEncoder,
      options: { semantics: 'int', unwind: 6, unwindingAssertions: true, timeoutMilliseconds: 30_000 },
      solver, numRuns: runs || 60, seed: 1122, exact: true,
    });
    console.log(`bmc/int: ${JSON.stringify(statistics)}`);
    expect(statistics.safe + statistics.unsafe).toBe(statistics.programs);
    expect(statistics.unsafe).toBe(statistics.failing);
  }, 600_000);

  it('bmc agrees exactly in bv semantics', async () => {
    const statistics = await runHarness({
      encoder: bmcEncoder,
      options: { semantics: 'bv', unwind: 6, unwindingAssertions: true, timeoutMilliseconds: 30_000 },
      solver, numRuns: runs || 30, seed: 2211, exact: true,
    });
    console.log(`bmc/bv: ${JSON.stringify(statistics)}`);
    expect(statistics.unsafe).toBe(statistics.failing);
  }, 600_000);

  it('chc never contradicts enumeration', async () => {
    const statistics = await runHarness({
      encoder: chcEncoder,
      options: { semantics: 'int', unwind: 6, unwindingAssertions: false, timeoutMilliseconds: 4_000 },
      solver, numRuns: runs || 30, seed: 3344,
    });
    console.log(`chc/int: ${JSON.stringify(statistics)}`);
    expect(statistics.programs).toBe(runs || 30);
  }, 600_000);
});
