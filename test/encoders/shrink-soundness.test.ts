// Soundness of the shrink encoding against exhaustive enumeration on the interpreter in C (bv)
// semantics, whatever semantics shrink runs in:
// - the shared harness (test/soundness/harness.ts) over the generic random programs;
// - a generator of programs in the shrink encoding's scope (Init, possibly with an early return or
//   an initialisation loop; one array loop; ∀ / ∃ / single property) with random updates and
//   properties, so the SAFE / UNSAFE paths are exercised often.
// shrink runs in c semantics (the default) and in bv semantics; the truth is C's in both.
// Properties: never SAFE when enumeration finds a failing input; never UNSAFE when complete
// enumeration finds none; every UNSAFE counterexample replays to an assertion failure in C (bv).

import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { shrinkEncoder } from '../../src/encoders/shrink/index.js';
import { exploreAll } from '../../src/interp/explore.js';
import { replayCounterexample } from '../../src/interp/interpreter.js';
import type { Solver } from '../../src/solvers/solver.js';
import { harness } from '../generators/programs.js';
import { enumerationDomain, lowerSource, runHarness } from '../soundness/harness.js';
import { floorFor } from '../support/floors.js';
import { testSolver } from '../support/solver.js';
import { solveWith, type TestOptions } from '../support/encoding.js';

const options: TestOptions = { semantics: 'c', timeoutMilliseconds: 60_000, encodings: { shrink: { 'max-k': 3 } } };

let solver: Solver;
beforeAll(() => {
  // Debian's z3 when installed (CI installs it), else the embedded one
  solver = testSolver();
});
afterAll(async () => {
  await solver.dispose();
});

test('shared soundness harness: random programs', async () => {
  const scale = Number(process.env.ENCODE_HARNESS_SCALE ?? '1');
  const statistics = await runHarness({ encoder: shrinkEncoder, options, solver, numRuns: 70 * scale, seed: 4242 });
  console.log(`shrink: ${JSON.stringify(statistics)}`);
  expect(statistics.programs).toBe(70 * scale);
  // most generic programs are outside shrink's scope (UNKNOWN, unsupported); it still decides some:
  // measured at 60 s a program, 2 of the 70 (2 UNSAFE), with Debian z3 and with z3-wasm
  expect(statistics.safe + statistics.unsafe).toBeGreaterThanOrEqual(floorFor(solver, 2) * scale);
}, 600_000);

const comparison = fc.constantFrom('<', '<=', '==', '!=', '>', '>=');
const small = fc.integer({ min: -1, max: 1 });
const updateStatement = fc.oneof(
  fc.tuple(comparison, small, small).map(([operator, c1, c2]) => `if (a[i] ${operator} m + ${c1}) m = a[i] + ${c2};`),
  fc.constant('m = m + a[i];'),
  small.map((c) => `b[i] = a[i] + ${c};`),
  fc
    .tuple(comparison, small, small)
    .map(([operator, c1, c2]) => `if (a[i] ${operator} ${c1}) b[i] = ${c2}; else b[i] = a[i];`),
  fc.tuple(comparison, small).map(([operator, c]) => `if (a[i] ${operator} ${c}) break;`),
);
const term = fc.constantFrom('m', 'a[j]', 'b[j]', 'a[j] + 1', 'b[j] - 1', '0');
const property = fc.oneof(
  fc
    .tuple(term, comparison, term)
    .map(([left, operator, right]) => `  for (j = 0; j < n; j++) __VERIFIER_assert(${left} ${operator} ${right});`),
  fc
    .tuple(term, comparison, term)
    .map(
      ([left, operator, right]) =>
        `  int found = 0;\n  for (j = 0; j < n; j++) { if (${left} ${operator} ${right}) found = 1; }\n  __VERIFIER_assert(found);`,
    ),
  fc.tuple(comparison, small).map(([operator, c]) => `  __VERIFIER_assert(m ${operator} ${c});`),
);
const inScopeProgram = fc
  .record({
    // the simple loops over the same range as R may be coalesced with it (coalesce.ts): the a[i] + 1
    // one always (R accesses a only at i), the b[i] = 0 one unless R reads a cell of b it writes later
    prefix: fc.constantFrom(
      '',
      '  for (i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();',
      '  for (i = 0; i < n; i++) b[i] = 0;',
      '  if (n > 2) return 0;',
      '  for (i = 0; i < n; i++) a[i] = a[i] + 1;',
    ),
    initial: fc.constantFrom('a[0]', '0', '1'),
    body: fc.array(updateStatement, { minLength: 1, maxLength: 2 }),
    property,
  })
  .map(({ prefix, initial, body, property: check }) =>
    [
      ...harness,
      'int main(void) {',
      '  int n = __VERIFIER_nondet_int();',
      '  if (n < 0) n = -n;',
      '  n = n + 1;',
      '  int a[n];',
      '  int b[n];',
      '  int i;',
      '  int j;',
      prefix,
      `  int m = ${initial};`,
      `  for (i = 0; i < n; i++) { ${body.join(' ')} }`,
      check,
      '  return 0;',
      '}',
      '',
    ].join('\n'),
  );

async function checkInScope(semantics: 'c' | 'bv', numRuns: number, seed: number) {
  const statistics = {
    programs: 0,
    inScope: 0,
    coalesced: 0,
    safe: 0,
    unsafe: 0,
    unknown: 0,
    solveMilliseconds: 0,
    slowestDecidedMilliseconds: 0,
    slowestUnknownMilliseconds: 0,
  };
  const solveOptions: TestOptions = { ...options, semantics };
  await fc.assert(
    fc.asyncProperty(inScopeProgram, async (source) => {
      const program = lowerSource(source);
      // the truth is C's: enumeration in bv semantics, whatever shrink runs in
      const truth = exploreAll(program, {
        semantics: 'bv',
        domain: enumerationDomain,
        maxRuns: 200_000,
        maxSteps: 10_000,
      });
      expect(truth.kind, source).not.toBe('undefinedBehaviour');
      const failureExists = truth.kind === 'failureFound';
      const complete = failureExists || (truth.kind === 'noFailure' && truth.complete);
      const started = performance.now();
      const outcome = await solveWith(shrinkEncoder, program, solveOptions, solver);
      const milliseconds = Math.round(performance.now() - started);
      statistics.solveMilliseconds += milliseconds;
      if (milliseconds > (solveOptions.timeoutMilliseconds * 3) / 2)
        console.log(`shrink over its budget: ${milliseconds} ms, ${outcome.verdict.kind}\n${source}`);
      if (outcome.verdict.kind === 'unknown')
        statistics.slowestUnknownMilliseconds = Math.max(statistics.slowestUnknownMilliseconds, milliseconds);
      else statistics.slowestDecidedMilliseconds = Math.max(statistics.slowestDecidedMilliseconds, milliseconds);
      statistics.programs++;
      if (outcome.details.inScope === true) statistics.inScope++;
      if (typeof outcome.details.coalescedLoops === 'number' && outcome.details.coalescedLoops > 1)
        statistics.coalesced++;
      const verdict = outcome.verdict;
      if (verdict.kind === 'safe') {
        statistics.safe++;
        expect(failureExists, `SAFE but a failing input exists\n${source}`).toBe(false);
      } else if (verdict.kind === 'unsafe') {
        statistics.unsafe++;
        expect(replayCounterexample(program, verdict.counterexample, 'bv').kind, source).toBe('assertionFailed');
        if (complete) expect(failureExists, `UNSAFE but enumeration finds no failure\n${source}`).toBe(true);
      } else {
        statistics.unknown++;
      }
    }),
    { numRuns, seed, endOnFailure: true },
  );
  return statistics;
}

test('programs in scope: verdicts agree with enumeration', async () => {
  const statistics = await checkInScope('c', 40, 20261122);
  console.log(`shrink c in scope: ${JSON.stringify(statistics)}`);
  // the generator really exercises the encoding: most programs are in scope, loops are coalesced,
  // and both verdicts occur
  expect(statistics.inScope).toBeGreaterThan(statistics.programs / 2);
  expect(statistics.coalesced).toBeGreaterThan(0);
  // measured: 30 of 40 decided (5 SAFE, 25 UNSAFE), with Debian z3 and with z3-wasm
  expect(statistics.safe).toBeGreaterThanOrEqual(floorFor(solver, 5));
  expect(statistics.unsafe).toBeGreaterThanOrEqual(floorFor(solver, 25));
  expect(statistics.safe + statistics.unsafe).toBeGreaterThanOrEqual(floorFor(solver, 30));
}, 900_000);

// bv semantics: the same properties (wrap-around included); the queries
// first prove that the counters cannot wrap, so SAFE and UNSAFE both occur here too
test('programs in scope, bv semantics: verdicts agree with enumeration', async () => {
  const statistics = await checkInScope('bv', 20, 20261123);
  console.log(`shrink bv in scope: ${JSON.stringify(statistics)}`);
  expect(statistics.inScope).toBeGreaterThan(statistics.programs / 2);
  // measured: 14 of 20 decided (4 SAFE, 10 UNSAFE), with Debian z3 and with z3-wasm
  expect(statistics.safe + statistics.unsafe).toBeGreaterThanOrEqual(floorFor(solver, 14));
}, 900_000);

test('shared soundness harness, bv semantics: random programs', async () => {
  const scale = Number(process.env.ENCODE_HARNESS_SCALE ?? '1');
  const statistics = await runHarness({
    encoder: shrinkEncoder,
    options: { ...options, semantics: 'bv' },
    solver,
    numRuns: 40 * scale,
    seed: 4343,
  });
  console.log(`shrink bv: ${JSON.stringify(statistics)}`);
  expect(statistics.programs).toBe(40 * scale);
  // measured at 60 s a program: 6 of 40 decided (3 SAFE, 3 UNSAFE), with Debian z3 and with z3-wasm
  expect(statistics.safe + statistics.unsafe).toBeGreaterThanOrEqual(floorFor(solver, 6) * scale);
}, 600_000);
