// The soundness harness in C semantics: random programs over C's integer types
// (test/generators/typed-programs.ts: unsigned and signed char, short, int, long long, casts,
// signed/unsigned comparisons, values at the type bounds, loops over a symbolic size and over array
// cells, wrap-around and lossy conversions on many inputs) through all eight encodings and the
// portfolio, each asked for `c` semantics (the default of the tool). Every verdict is judged by C:
// exhaustive enumeration on the interpreter in bv semantics (test/soundness/harness.ts), which the
// generator's own C oracle must match. Properties: no SAFE where a C run fails; no UNSAFE where
// none does, and every UNSAFE counterexample fails when replayed in C; every target still decides a
// floor of programs (a regression to UNKNOWN everywhere fails).
//
// All targets see the same programs (each program is lowered and enumerated once). Long mode:
// ENCODE_HARNESS_SCALE=10 runs ten times as many programs.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encoders } from '../../src/encoders/index.js';
import type { Solver } from '../../src/solvers/solver.js';
import { floorFor } from '../support/floors.js';
import { testSolver } from '../support/solver.js';
import { arbitraryTypedProgram } from '../generators/typed-programs.js';
import type { TestOptions } from '../support/encoding.js';
import {
  emptyStatistics,
  establishTruth,
  judgeVerdict,
  portfolio,
  verdictOf,
  type HarnessStatistics,
  type HarnessTarget,
} from './harness.js';

const scale = Number(process.env.ENCODE_HARNESS_SCALE ?? '1');
const programsPerRun = 40;

let solver: Solver;
beforeAll(() => {
  // Debian's z3 when installed (CI installs it), else the embedded one
  solver = testSolver();
});
afterAll(async () => {
  await solver.dispose();
});

interface TargetRow {
  readonly target: HarnessTarget;
  readonly options: TestOptions;
  /** must decide every program (bmc in bv with enough unwinding and unwinding assertions is C exactly) */
  readonly exact?: boolean;
  /**
   * the programs it decided (SAFE or UNSAFE) of the 40 at scale 1, measured at its budget with
   * Debian z3 and with z3-wasm (at scale 10 every share was higher, e.g. bmc (c) 296 of 400,
   * portfolio 390 of 400); it must decide a little fewer at least (test/support/floors.ts), times
   * the scale: a regression to UNKNOWN everywhere fails. In c semantics the encodings that read
   * integers mathematically stop at the wrap checks (UNKNOWN, imprecise) on most programs that wrap;
   * shrink and induct accept few of these shapes (no array-processing loop before the assertion
   * loop; counters narrower than int, a check before the loops).
   */
  readonly decided: number | { readonly z3: number; readonly wasm: number };
}

const encoder = (name: string) => {
  const found = encoders.get(name);
  if (found === undefined) throw new Error(`no encoder ${name}`);
  return found;
};

const rows: readonly TargetRow[] = [
  {
    target: encoder('bmc'),
    options: { semantics: 'c', unwind: 5, unwindingAssertions: true, timeoutMilliseconds: 3_000 },
    decided: 27,
  },
  { target: encoder('chc'), options: { semantics: 'c', timeoutMilliseconds: 3_000 }, decided: { z3: 27, wasm: 23 } },
  { target: encoder('witness'), options: { semantics: 'c', timeoutMilliseconds: 3_000 }, decided: 25 },
  { target: encoder('shrink'), options: { semantics: 'c', timeoutMilliseconds: 3_000 }, decided: 2 }, // 6 of 400 at scale 10
  { target: encoder('accel'), options: { semantics: 'c', timeoutMilliseconds: 3_000, unwind: 3 }, decided: 13 }, // UNSAFE only
  { target: encoder('labmc'), options: { semantics: 'c', timeoutMilliseconds: 3_000 }, decided: 27 },
  { target: encoder('viap'), options: { semantics: 'c', timeoutMilliseconds: 3_000 }, decided: 26 },
  { target: encoder('induct'), options: { semantics: 'c', timeoutMilliseconds: 3_000 }, decided: 1 }, // 11 of 400 at scale 10
  { target: portfolio, options: { semantics: 'c', timeoutMilliseconds: 6_000 }, decided: { z3: 38, wasm: 39 } },
  // every loop runs at most 4 times: bmc in bv with unwinding 5 and unwinding assertions is C exactly
  {
    target: encoder('bmc'),
    options: { semantics: 'bv', unwind: 5, unwindingAssertions: true, timeoutMilliseconds: 20_000 },
    exact: true,
    decided: 40,
  },
];

const label = (row: TargetRow) => `${row.target.name} (${row.options.semantics})`;

describe('soundness harness: C semantics over typed programs', () => {
  it(
    'no encoding and not the portfolio says SAFE where a C run fails; every UNSAFE fails in C',
    async () => {
      const statistics = new Map<string, HarnessStatistics & { milliseconds: number }>(
        rows.map((row) => [label(row), { ...emptyStatistics(), milliseconds: 0 }]),
      );
      let programs = 0;
      let lossy = 0;
      await fc.assert(
        fc.asyncProperty(arbitraryTypedProgram(), async (generated) => {
          const truth = establishTruth(generated);
          programs++;
          if (generated.lossy) lossy++;
          for (const row of rows) {
            const counts = statistics.get(label(row))!;
            const started = performance.now();
            const verdict = await verdictOf(row.target, truth.program, row.options, solver);
            counts.milliseconds += performance.now() - started;
            judgeVerdict(truth, verdict, label(row), counts, row.exact);
          }
        }),
        { numRuns: programsPerRun * scale, seed: 20261201, endOnFailure: true },
      );

      const lines = [
        `C semantics harness: ${programs} typed programs (${lossy} wrap or convert lossily on some input), ${programs * rows.length} program-target checks`,
        'target            programs  failing  SAFE  UNSAFE  UNKNOWN  seconds',
      ];
      for (const row of rows) {
        const counts = statistics.get(label(row))!;
        lines.push(
          `${label(row).padEnd(16)} ${String(counts.programs).padStart(9)} ${String(counts.failing).padStart(8)} ${String(counts.safe).padStart(5)} ${String(counts.unsafe).padStart(7)} ${String(counts.unknown).padStart(8)} ${(counts.milliseconds / 1000).toFixed(1).padStart(8)}`,
        );
      }
      console.log(lines.join('\n'));
      // the programs mix both verdicts, and many wrap or convert lossily on some input
      const failing = statistics.get(label(rows[0]!))!.failing;
      expect(failing).toBeGreaterThan(programs / 5);
      expect(failing).toBeLessThan((programs * 4) / 5);
      expect(lossy).toBeGreaterThan(programs / 4);
      for (const row of rows) {
        const counts = statistics.get(label(row))!;
        expect(counts.programs).toBe(programsPerRun * scale);
        const floor = row.exact === true ? counts.programs : floorFor(solver, row.decided) * scale;
        expect(counts.safe + counts.unsafe, `${label(row)} decides at least ${floor} programs`).toBeGreaterThanOrEqual(
          floor,
        );
      }
    },
    1_800_000 * scale,
  );
});
