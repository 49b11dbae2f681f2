// The portfolio (every encoding, C semantics, 4 s a program) on random programs of issue 27's
// front-end class (test/support/memory-programs.ts): memcpy into a range at an offset, memset,
// pointer walks used as values (`*q++ = *p++`, `*--p`), then memcmp, a check of every cell or a sum.
// Every verdict is judged by C runs with N = 1 … 6 (never SAFE where a run fails; an UNSAFE only with
// a failing run), and floors of SAFE and UNSAFE answers keep "UNKNOWN everywhere" from passing.

import { afterAll, expect, it } from 'vitest';
import { harnessScale, portfolio, runHarness, sampledSizePrograms } from './harness.js';
import { memoryProgramText } from '../support/memory-programs.js';
import { floorFor } from '../support/floors.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(() => solver.dispose());

it(
  'the portfolio on pointer walks and memory functions: never SAFE where a C run fails; floors of decided programs',
  { timeout: 900_000 },
  async () => {
    const statistics = await runHarness({
      encoder: portfolio,
      options: { semantics: 'c', timeoutMilliseconds: 4_000 },
      solver,
      numRuns: 24 * harnessScale,
      seed: 20261127,
      programs: sampledSizePrograms(memoryProgramText()),
    });
    console.log(`portfolio harness (pointer walks and memory functions): ${JSON.stringify(statistics)}`);
    // measured at 4 s a program: 10 SAFE and 14 UNSAFE of 24 with Debian z3 and with z3-wasm (4.5 s and 8.6 s in all)
    expect(statistics.safe).toBeGreaterThanOrEqual(floorFor(solver, 10) * harnessScale);
    expect(statistics.unsafe).toBeGreaterThanOrEqual(floorFor(solver, 14) * harnessScale);
  },
);
