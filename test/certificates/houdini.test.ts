// The template certifier (src/certificates/templates.ts guesses, src/certificates/houdini.ts keeps
// the inductive ones): on safe programs of bench/symbolic of the classes it was written for (sums
// with closed forms, cell-wise writes and checks, recurrences checked cell by cell, reversals), it
// finds invariants that the independent checker confirms; on their buggy twins it finds none (no
// inductive subset proves a failing assertion); the same for programs of our own of the periodic,
// threshold and bounded classes and of nests of loops (test/certificates/programs); and its
// certificate of a program does not pass for the program with a statement dropped (a planted bug),
// where the checker names the clause. Its questions declare every constant they use (the terms
// whose values they ask included) on a program of the control-flow generator where they did not.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCertificate } from '../../src/certificates/check.js';
import { searchInvariants } from '../../src/certificates/houdini.js';
import { guessInvariants } from '../../src/certificates/templates.js';
import { createLoop, createProgram } from '../../src/ir/factory.js';
import type { Block } from '../../src/ir/types.js';
import { printExpression } from '../../src/ir/print.js';
import { projectRoot } from '../support/cli.js';
import { certifiedProgram } from '../support/certified-program.js';
import { freeSymbols } from '../../src/smt/terms.js';
import type { Solver } from '../../src/solvers/solver.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const symbolic = join(projectRoot, 'bench', 'symbolic');

const classes = [
  'sum-index', // 2 s == N (N - 1): the bound becomes the counter
  'sum-size', // s == N * N: one occurrence of two becomes the counter
  'recurrence-square', // a[i] = a[i - 1] + 2i - 1, checked cell by cell
  'recurrence-downward', // the same, the iterator counting down
  'prefix-max', // m >= a[j] for the cells seen
  'copy-reverse', // b[N - 1 - i] = a[i]
  'three-arrays', // c[j] == a[j] + b[j], resolved to 3
  'count-below-size', // c == i, with every cell a[j] == j
];

/** classes of accumulator-guesses.ts (sums in closed form over rounds and cells), grid-guesses.ts and recurrence-guesses.ts */
const accumulatorClasses = [
  'nested-triangle', // 2 s == i (i − 1) + 2 j: an inner loop's count summed over the outer rounds
  'decrement-sum', // the iterator counting down
  'sum-cubes', // a one-cell accumulator adding a[i]^3 where a[j] == j
  'nested-increment-cells', // every cell gets 1 per round: a[k] == i
  'nested-increment-sum', // the cells after the rounds (2 N each), then summed
  'nested-add-pass-index', // 2 a[k] == i (i − 1)
  'triangle-add', // an inner end j <= i: cells below i got 2 t in the rounds t >= k
  'nested-suffix-increment', // an inner start j = i: cells below i got one per round t <= k
  // grid-guesses.ts: ∀ over two cell variables
  'nested-2d-sum', // m[k][l] == 2 over the rows done, then summed: s == 2 N i + 2 j
  'nested-2d-symmetric', // m[k][l] == k + l, which makes m[i][j] == m[j][i]
  'triangle-lower-set', // m[k][l] == k − l over the rows done, l <= k
  // recurrence-guesses.ts: a[k] = a[k − 1] + d(k) in closed form, chained through the loops
  'recurrence-chain-three', // a[k] == 6k + 6, then b[k] == 3k² + 3k + 1, then c[k] == k³
  'recurrence-one-loop-two', // two recurrences in one loop, the second reading the first
];

/** classes of periodic-guesses.ts and bound-guesses.ts (strides, residues, thresholds, clamps) in bench/symbolic */
const periodicClasses = [
  'stride2-fill', // ∀k < i. a[k] == (k % 2 == 0 ? 0 : 1) from a stride-2 loop, then s == (k + 0) / 2
  'stride-three-triples', // three writes per stride-3 round, summed by residue
  'every-third-sum', // if (i % 3 == 0) a[i] = 3; else a[i] = 0; summed: 3 · ((k + 2) / 3)
  'parity-fill-count', // a count under i % 2 == 0 beside the cells it writes
  'lower-half-sum', // if (i < N / 2) a[i] = 2; else a[i] = 1; summed below and above the threshold
  'flag-accumulate', // if (flag) s += 2; else s += 1;  flag read once
  'early-return-bounded-sum', // a clamp keeps cells in [0, 10]: the sum is at most 10 per cell
];

/** our own programs of those classes and of write-guesses.ts, not written with the guesses in view (test/certificates/programs) */
const periodicPrograms = join(import.meta.dirname, 'programs');
const newPeriodicClasses = [
  'stride-four-marks', // a stride-4 loop marks one cell of four, counted: n
  'residue-count', // i % 4 == 1 counted: 4 c <= n + 2
  'clamp-upper-sum', // cells above 100 set to 100: the sum is at most 100 n
  'assumed-range-sum', // cells assumed in [-5, 5]: the sum is at least -5 n
  'threshold-steps', // rounds from k on add 2, before it 1: s == 2 n - k
  'mode-steps', // a mode read once chooses 3 or 7 per round
  'guarded-copy', // if (i != skip) b[i] = a[i]: ∀k. k == skip || b[k] == a[k]   (write-guesses.ts)
  'running-square-cells', // a[i] = square; square += 2i + 1, the loop left early: a[k] == k * k
  'affine-pairs', // a[2i − 2] = 7; a[2i − 1] = −7 for i from 1 (affine-writes.ts)
  'stride-guarded-mark', // i += 3; if (a[i] > 0) b[i] = 1: guarded by residue and condition
  'flag-all-positive', // if (a[i] <= 0) positive = 0; then under if (positive) every cell checked
  'running-min', // the running minimum of cells counting down is the last one seen (extreme-guesses.ts)
  'guarded-check-stop', // a fill left at a limit, checked under if (j < limit): ∀k. k < limit → b[k] == 3k
  'grid-minimum', // low <= g[k][l] over the cells a grid's running minimum has seen (grid-guesses.ts)
  'two-ended-reverse', // t[n − 1 − i] = s[i] said over the cell: ∀k ∈ [n − i, n). t[k] == s[n − 1 − k] (mirror-writes.ts)
  'shifted-down-fill', // a[i], a[i + 1], a[i + 2] counting down: the check over [max(i + 1, 0), n − 3 + 3)
  'two-pass-parity', // even cells, then odd ones, each pass copying the other residue onto itself; constants not live later
  'pointer-kinds', // struct pointers checked through a local copy of the cell (s = cells[i]; if (s != NULL && …) assert)
  'first-match-prefix', // a search stopped by a flag: found != 1 || ∀k ∈ [0, at). cells[k] != target (flag-splits.ts)
  'inner-round-tiles', // tiles of three cells filled by an inner loop of three constant rounds (affine-writes.ts, unrolled)
  'shifted-by-minimum', // the running minimum of unknown cells is at most each of them: low <= a[k] (extreme-guesses.ts)
];

/** our own nests: what an inner loop's head knows of the outer rounds (nest-guesses.ts, cell-updates.ts, threshold-steps.ts) */
const nestClasses = [
  'row-odd-sums', // total[r] = 5 before an inner loop adding 2c + 1 to it: total[r] == 5 + c·c at the inner head
  'tiled-rows-fill', // cells[w·r + c] = 7: ∀k ∈ [0, w·r + c). cells[k] == 7, joined rows of a flat array
  'third-cells-bonus', // if (k % 3 == 0) c[k] += 2 in every round: ∀k. k % 3 == 0 → c[k] == 1 + 2t, else 1
  'capped-rounds', // if (level[k] < 50) level[k] += 1, ten rounds from 0: taken as unguarded, level[k] == t
  'staircase-stamps', // round t stamps cells 0 .. t with 2t + 1: ∀k < t. stamp[k] == 2(t − 1) + 1, the last round's
  'drain-to-floor', // if (tank[k] > 2) tank[k] -= 1 for five rounds: tank[k] == (k + 2 − t > 2 ? k + 2 − t : 2)
  'upper-band-weight', // if (c >= r) weight += 2 over a square: each round adds 2 (n − r) (threshold-steps.ts)
];

/** the classes whose certificates the checker confirmed, and why the others have none */
async function certifiedClasses(
  names: readonly string[],
  folder: string = symbolic,
): Promise<{ found: string[]; otherwise: string[] }> {
  const found: string[] = [];
  const otherwise: string[] = [];
  for (const name of names) {
    const { program, semantics } = await certifiedProgram(join(folder, `${name}-safe.c`));
    const result = await searchInvariants(program, semantics, solver, { timeoutMilliseconds: 20_000 });
    if (result.kind !== 'found') {
      otherwise.push(`${name}: ${result.reason}`);
      continue;
    }
    const check = await checkCertificate(
      { program, semantics, invariants: result.claim.invariants, source: result.claim.source },
      [solver],
      { timeoutMilliseconds: 20_000 },
    );
    if (check.kind === 'checked') found.push(name);
    else otherwise.push(`${name}: the checker says ${check.kind}`);
  }
  return { found, otherwise };
}

describe('the template certifier', () => {
  it(
    `finds checked certificates for ${classes.length} safe programs of bench/symbolic`,
    { timeout: 180_000 },
    async () => {
      const { found, otherwise } = await certifiedClasses(classes);
      // Debian z3 finds all 8; one may time out under a loaded machine or z3-wasm
      expect(found.length, otherwise.join('\n')).toBeGreaterThanOrEqual(7);
    },
  );

  it(
    `finds checked certificates for ${accumulatorClasses.length} programs with accumulators over rounds and cells`,
    { timeout: 240_000 },
    async () => {
      const { found, otherwise } = await certifiedClasses(accumulatorClasses);
      // Debian z3 finds all 13 (0.1 to 4 s each); one may time out under a loaded machine or z3-wasm
      expect(found.length, otherwise.join('\n')).toBeGreaterThanOrEqual(accumulatorClasses.length - 1);
    },
  );

  it(
    `finds checked certificates for periodic, threshold, bounded, guarded and affine values (${periodicClasses.length} + ${newPeriodicClasses.length} programs)`,
    { timeout: 240_000 },
    async () => {
      const ours = await certifiedClasses(periodicClasses);
      // Debian z3 finds all 7 (0.1 to 2 s each); one may time out under a loaded machine or z3-wasm
      expect(ours.found.length, ours.otherwise.join('\n')).toBeGreaterThanOrEqual(periodicClasses.length - 1);
      const fresh = await certifiedClasses(newPeriodicClasses, periodicPrograms);
      expect(fresh.found.length, fresh.otherwise.join('\n')).toBeGreaterThanOrEqual(newPeriodicClasses.length - 1);
    },
  );

  it(
    `finds checked certificates for nests of loops (${nestClasses.length} programs)`,
    { timeout: 240_000 },
    async () => {
      const { found, otherwise } = await certifiedClasses(nestClasses, periodicPrograms);
      // Debian z3 finds all 7 (0.5 to 3 s each); one may time out under a loaded machine or z3-wasm
      expect(found.length, otherwise.join('\n')).toBeGreaterThanOrEqual(nestClasses.length - 1);
    },
  );

  it('finds none for the buggy twins', { timeout: 300_000 }, async () => {
    const twins = [
      ...[...classes, ...accumulatorClasses, ...periodicClasses].map((name) => join(symbolic, `${name}-unsafe.c`)),
      ...[...newPeriodicClasses, ...nestClasses].map((name) => join(periodicPrograms, `${name}-unsafe.c`)),
    ];
    for (const path of twins) {
      const { program, semantics } = await certifiedProgram(path);
      const result = await searchInvariants(program, semantics, solver, { timeoutMilliseconds: 10_000 });
      expect(result.kind, path).not.toBe('found');
    }
  });

  it('guesses the closed form of a sum with the bound replaced by the counter', async () => {
    const { program } = await certifiedProgram(join(symbolic, 'sum-index-safe.c'));
    const guesses = [...guessInvariants(program).values()].flat();
    const printed = guesses.map((guess) => (guess.kind === 'plain' ? printExpression(guess.condition) : ''));
    expect(printed).toContain('2 * s[0] == i * (i - 1)');
  });

  it('guesses the count of a triangular nest at both heads, from the sum of the inner counts', async () => {
    const { program } = await certifiedProgram(join(symbolic, 'nested-triangle-safe.c'));
    // s = 0; for i < N: for j < i: s++. Outer head: 2 s == i·i − i (no N: the inner counts summed);
    // inner head: that plus 2 j
    const equalities = [...guessInvariants(program).values()].map((guesses) =>
      guesses.flatMap((guess) => (guess.kind === 'plain' ? [printExpression(guess.condition)] : [])),
    );
    const names = (text: string): string =>
      ['s', 'i', 'j', 'N'].filter((name) => new RegExp(`\\b${name}\\b`).test(text)).join('');
    expect(equalities[0]!.map(names)).toContain('si');
    expect(equalities[1]!.map(names)).toContain('sij');
  });

  it('is refuted for the program with its copy dropped (a planted bug), naming the clause', async () => {
    const { program, semantics } = await certifiedProgram(join(symbolic, 'copy-compare-safe.c'));
    const result = await searchInvariants(program, semantics, solver, { timeoutMilliseconds: 20_000 });
    expect(result.kind).toBe('found');
    if (result.kind !== 'found') return;
    // the first loop (b[i] = a[i]) loses its body: b keeps whatever it held
    const withoutCopy = (block: Block): Block =>
      block.map((statement) =>
        statement.kind === 'loop' && statement.id === 0
          ? createLoop(statement.id, statement.condition, [], statement.update, statement.location)
          : statement,
      );
    const planted = createProgram(
      program.file,
      program.scalars,
      program.arrays,
      withoutCopy(program.body),
      program.dataModel,
    );
    const check = await checkCertificate(
      { program: planted, semantics, invariants: result.claim.invariants, source: result.claim.source },
      [solver],
      { timeoutMilliseconds: 20_000 },
    );
    expect(check.kind, JSON.stringify(check)).toBe('failed');
    if (check.kind === 'failed') expect(check.clause.comment).toMatch(/^loop 0 at 16:3$/);
  });
});

describe("Houdini's questions", () => {
  it(
    'declare every constant they use, those of the terms whose values they ask included, and get no solver error',
    { timeout: 120_000 },
    async () => {
      const { program, semantics } = await certifiedProgram(join(periodicPrograms, 'switch-goto-rounds.c'));
      const undeclared = new Set<string>();
      const errors: string[] = [];
      let questions = 0;
      let withValues = 0;
      const checking: Solver = {
        name: solver.name,
        checkChc: (system, options) => solver.checkChc(system, options),
        dispose: async () => undefined,
        checkScript: async (script, options) => {
          questions++;
          const declared = new Set([
            ...script.constants.map((constant) => constant.name),
            ...script.functions.map((declaration) => declaration.name),
          ]);
          const valuesOf = options.valuesOf ?? [];
          if (valuesOf.length > 0) withValues++;
          for (const term of [...script.assertions.map((assertion) => assertion.term), ...valuesOf])
            for (const constant of freeSymbols(term)) if (!declared.has(constant.name)) undeclared.add(constant.name);
          const result = await solver.checkScript(script, options);
          if (result.kind === 'unknown' && /error/.test(result.reason)) errors.push(result.reason);
          return result;
        },
      };
      await searchInvariants(program, semantics, checking, { timeoutMilliseconds: 20_000 });
      expect(questions).toBeGreaterThan(10);
      expect(withValues).toBeGreaterThan(0);
      expect([...undeclared]).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
