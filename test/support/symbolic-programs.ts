// Random programs of the symbolic-size class (a size N read from a nondet call, arrays and
// accumulators, one to three loops, a property after them) for the soundness harnesses of the
// encodings that prove such programs (induct, viap; the soundness harness, test/soundness/harness.ts,
// runs them through `sampledSizePrograms`), and the runs of an encoder over the bench/symbolic family
// (the tests assert on the results).

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Encoder } from '../../src/kernel/encoder.js';
import type { Program } from '../../src/ir/types.js';
import { runFrontEnd } from '../../src/pipeline.js';
import type { Solver } from '../../src/solvers/solver.js';
import { solveWith, type TestOptions } from './encoding.js';

export const prelude = `extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }
`;

const bodies = [
  'a[i] = C;',
  'a[i] = a[i] + C;',
  's = s + a[i];',
  's = s + C;',
  'b[i] = a[i];',
  'b[i] = a[i] + C;',
  'if (a[i] > m) m = a[i];',
  's = s + i;',
  'a[i] = i;',
  'if (a[i] > C) s = s + 1;',
  'b[i] = b[i] - a[i];',
  'm = m + C;',
];
const checks = [
  '__VERIFIER_assert(s == C * N);',
  '__VERIFIER_assert(s >= C);',
  '__VERIFIER_assert(s <= C * N);',
  '__VERIFIER_assert(m >= C);',
  'for (int j = 0; j < N; j++) __VERIFIER_assert(a[j] == C);',
  'for (int j = 0; j < N; j++) __VERIFIER_assert(b[j] == a[j]);',
  'for (int j = 0; j < N; j++) __VERIFIER_assert(m >= a[j]);',
  'for (int j = 0; j < N; j++) __VERIFIER_assert(b[j] >= C);',
  'for (int j = 0; j < N; j++) __VERIFIER_assert(a[j] <= C);',
  '__VERIFIER_assert(2 * s == N * (N - 1));',
];
const constants = [0, 1, 2, 3];
const headers = [
  'for (int i = 0; i < N; i++)',
  'for (int i = 0; i < 2 * N; i++)',
  'for (int i = 0; i < 3 * N; i += 3)',
  'for (int i = 1; i < N; i++)',
  'for (int i = 0; i <= N; i++)',
  'for (int i = 0; i < 2 * N; i += 2)',
  'for (int i = N - 1; i >= 0; i--)',
  'for (int i = N; i > 0; i--)',
  'i = 0; s = s + 1; for (; i < N; i++)',
  'i = N; m = m + 1; for (; i > 0; i--)',
];

/** loop bodies that leave an iteration early (for the encodings that handle break and continue) */
export const jumpBodies = [
  'if (a[i] > C) break;',
  'if (a[i] == C) continue;',
  'if (i == C + 1) break;',
  'if (s > C) continue;',
];

/**
 * loop bodies with an inner loop over the cells (an outer pass that changes every cell on its own,
 * or not: a[k - 1] is read), for the encodings that handle nested loops
 */
export const nestedBodies = [
  'for (int k = 0; k < N; k++) a[k] = a[k] + C;',
  'for (int k = 0; k < N; k++) { if (k % 2 == 0) a[k] = a[k] + k; }',
  'for (int k = 0; k < N; k++) b[k] = b[k] + a[k];',
  'for (int k = 0; k < N; k++) s = s + a[k];',
  'for (int k = 1; k < N; k++) a[k] = a[k - 1] + C;',
  'for (int k = 0; k < N; k++) { if (a[k] > C) a[k] = a[k] - 1; }',
  'for (int k = 0; k < i; k++) a[k] = a[k] + 1;',
  'for (int k = 0; k < N; k++) a[k] = 2 * a[k] + C;',
  'for (int k = 0; k < N; k++) a[k] = a[k] + i;',
  'for (int k = 0; k < N; k++) { if (k < i) b[k] = b[k] + C; }',
  // the pass's own cell a[i] or counter i written into every cell (cases on [0 <= k < N], decided reads)
  'for (int k = 0; k < N; k++) b[k] = b[k] + a[i];',
  'for (int k = 0; k < N; k++) b[k] = i + C;',
  'for (int k = 0; k < N; k++) { if (a[i] > C) b[k] = b[k] + 1; }',
  // a pass over the cells from (or up to) its own counter: a sum of conditional steps per cell
  'for (int k = i; k < N; k++) a[k] = a[k] + C;',
  'for (int k = 0; k <= i; k++) b[k] = b[k] + 1;',
  // an accumulator that reads the pass's cell after the pass (through the cells' forms)
  'for (int k = 0; k < N; k++) a[k] = a[k] + C; s = s + a[i];',
  'for (int k = 0; k < N; k++) b[k] = b[k] + 1; m = m + b[i] - C;',
  // an inner count whose condition mixes both counters: the outer step reads i through a remainder
  'for (int k = 0; k < N; k++) { if ((i + k) % 2 == 0) s = s + C; }',
  'for (int k = 0; k < N; k++) { if ((k - i) % 3 == 1) m = m + 1; }',
  // a pass that branches on the cell's own value (a guessed branch, checked at every pass)
  'for (int k = 0; k < N; k++) { if (b[k] < N) b[k] = b[k] + 1; }',
  'for (int k = 0; k < N; k++) { if (a[k] >= C) a[k] = a[k] + 2; else a[k] = 0; }',
  // a counter per cell that stops at a bound (saturating)
  'for (int k = 0; k < N; k++) { if (b[k] < C) b[k] = b[k] + 1; }',
  // thresholds on the outer counter inside the inner body (branches that agree where both occur)
  'for (int k = 0; k < N; k++) { if (k < i) s = s + 1; }',
  'for (int k = 0; k < N; k++) { if (k <= i) a[k] = a[k] + C; }',
  // a flattened grid: pass i writes the block of cells [i·N, i·N + N) once (or overlapping blocks)
  'for (int k = 0; k < N; k++) b[i * N + k] = C;',
  'for (int k = 0; k <= N; k++) b[i * N + k] = i;',
  'for (int k = 0; k < N; k++) b[2 * i * N + k] = k + C;',
  // a running maximum or minimum over an inner pass (order lemmas), or one that also lowers it
  'for (int k = 0; k < N; k++) { if (a[k] > m) m = a[k]; }',
  'for (int k = 0; k <= i; k++) { if (b[k] < s) s = b[k]; }',
  'for (int k = 0; k < N; k++) { if (a[k] > m) m = a[k]; if (m > C) m = C; }',
];

/**
 * inner loops whose effect is a closed form over scalars (induct summarises them, inner-loops.ts):
 * counts and sums over a pass of N, i or N − i steps, a cell of the outer counter, a stride, a third
 * level, a branch the inner loop does not change, coupled updates
 */
export const innerScalarBodies = [
  'for (int k = 0; k < N; k++) s = s + C;',
  'for (int k = 0; k < i; k++) s = s + k;',
  'for (int k = i; k < N; k++) m = m + C;',
  'for (int k = 0; k <= i; k++) { s = s + i; m = m + 1; }',
  'for (int k = 0; k < N; k++) a[i] = a[i] + k;',
  'for (int k = 0; k < N; k += 2) s = s + 1;',
  'for (int k = 0; k < N; k++) for (int l = 0; l < k; l++) s = s + C;',
  'for (int k = 0; k < N; k++) { if (i > C) s = s + k; else m = m + 1; }',
  'for (int k = 0; k < i; k++) { s = s + m; m = m + 1; }',
  'for (int k = 1; k < N; k++) b[i] = b[i] + 2 * k - C;',
  // a branch on the counter against a threshold: the loop is split there
  'for (int k = 0; k < N; k++) { if (k < i) s = s + 1; else m = m + C; }',
  'for (int k = 0; k <= N; k++) { if (k >= i + C) s = s + k; }',
  'for (int k = 1; k < N; k += 2) { if (i > k) m = m + 1; }',
];

/** properties of what inner scalar loops compute (exact counts, bounds) */
export const innerScalarChecks = [
  '__VERIFIER_assert(s == C * N * N);',
  '__VERIFIER_assert(2 * s == N * (N - 1) + C);',
  '__VERIFIER_assert(m <= C * N * N);',
  '__VERIFIER_assert(s >= 0);',
  'for (int j = 0; j < N; j++) __VERIFIER_assert(2 * a[j] == N * (N - 1) + C);',
  '__VERIFIER_assert(m >= s - C);',
];

/** running extrema over known or nondeterministic values, and exact or bounding checks of them (order and offered-value lemmas) */
export const extremumBodies = [
  'if (a[i] > m) m = a[i];',
  'if (a[i] < s) s = a[i];',
  'if (i + C > m) m = i + C;',
  'if (N - i < s) s = N - i;',
  'if (a[i] > m) m = a[i] - 1;',
];
export const extremumChecks = [
  '__VERIFIER_assert(m <= C);',
  '__VERIFIER_assert(m == N - 1 + C);',
  '__VERIFIER_assert(m <= N + C);',
  '__VERIFIER_assert(s >= 1 - C);',
  '__VERIFIER_assert(s <= C);',
];

/** loop bodies whose steps depend on the counter through thresholds and remainders */
export const conditionalBodies = [
  'if (i % 2 == 0) s = s + C;',
  'if (i % 3 == 1) s = s + 1; else s = s + C;',
  'if (i < N / 2) s = s + C;',
  'if (i >= C) m = m + 1;',
  'if (i % 2 == 1) a[i] = C; else a[i] = 0;',
  'if (i == C) s = s + 5;',
  'if (i > N - C) s = s - 1;',
  'if ((i + C) % 4 != 2) m = m + 2;',
  // several cells per iteration (disjoint under a stride of 2 or 3), read back through remainders
  'a[i] = C; a[i + 1] = 0 - C;',
  'a[i] = 1; a[i + 1] = C; a[i + 2] = 2;',
  // a copy from both ends (two writes a cell apart by the loop's range, or overlapping)
  'b[i] = a[i]; b[N - 1 - i] = C;',
  'b[N - i] = i; b[i] = a[i] + C;',
  'if (i >= C) b[i] = 7; b[i + 1] = i;',
];

/** loop bodies that read the size N (P(N) and P(N - 1) differ in every iteration: difference relations) */
export const sizeBodies = [
  'a[i] = N - i;',
  's = s + N;',
  'a[i] = a[i] + N;',
  'if (a[i] < N) s = s + 1;',
  'm = m + N - i;',
  'b[i] = N + a[i];',
  's = s + N - C;',
  'if (m < N - i) m = N - i;',
  'b[i] = a[i] - N;',
];

/** properties that read N in other ways than the usual ones */
export const sizeChecks = [
  '__VERIFIER_assert(s == C * N * N);',
  'for (int j = 0; j < N; j++) __VERIFIER_assert(a[j] == N - j + C);',
  '__VERIFIER_assert(m <= C * N);',
  '__VERIFIER_assert(s >= N + C);',
  'for (int j = 0; j < N; j++) __VERIFIER_assert(b[j] <= N);',
  '__VERIFIER_assert(2 * m == N * (N + C));',
];

/** programs of the class; `extraBodies` and `extraChecks` are drawn besides the usual loop bodies and properties */
export function symbolicProgramText(
  extraBodies: readonly string[] = [],
  extraChecks: readonly string[] = [],
): fc.Arbitrary<string> {
  const allBodies = [...bodies, ...extraBodies];
  const allChecks = [...checks, ...extraChecks];
  return fc
    .record({
      loops: fc.array(
        fc.record({
          header: fc.integer({ min: 0, max: headers.length - 1 }),
          statements: fc.array(
            fc.record({
              body: fc.integer({ min: 0, max: allBodies.length - 1 }),
              constant: fc.constantFrom(...constants),
            }),
            { minLength: 1, maxLength: 2 },
          ),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      check: fc.record({
        index: fc.integer({ min: 0, max: allChecks.length - 1 }),
        constant: fc.constantFrom(...constants),
      }),
      initialised: fc.boolean(),
    })
    .map(({ loops, check, initialised }) => {
      const loopText = loops
        .map(
          ({ header, statements }) =>
            `  ${headers[header]!} { ${statements.map((statement) => allBodies[statement.body]!.replace(/C/g, String(statement.constant))).join(' ')} }`,
        )
        .join('\n');
      const havoc = initialised ? '' : '  for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();\n';
      return `${prelude}int a[1000]; int b[1000];
int main(void) {
  int N = __VERIFIER_nondet_int(); assume_abort_if_not(N > 0 && N <= 100);
  int s = 0; int m = 0; int i;
${havoc}${loopText}
  ${allChecks[check.index]!.replace(/C/g, String(check.constant))}
  return 0;
}
`;
    });
}

export const programText = symbolicProgramText();

const gridInitialisers = ['C', 'i + C', 'k', '__VERIFIER_nondet_int()'];
const gridBodies = [
  'g[i][k] = g[i][k] + C;',
  's = s + g[i][k];',
  'if (g[i][k] > C) s = s + 1;',
  'g[k][i] = C;',
  'if (k == i) g[i][k] = C;',
  'g[i][k] = g[i][k] - i;',
  's = s + C;',
  'if (k < i) g[i][k] = g[i][k] + 1;',
  // a running maximum or minimum over the grid, over part of it, or one reset on the way
  'if (g[i][k] > s) s = g[i][k];',
  'if (g[i][k] < s) s = g[i][k];',
  'if (k > C && g[i][k] > s) s = g[i][k];',
  'if (g[i][k] > s) s = g[i][k]; else s = s - 1;',
];
const gridChecks = [
  '__VERIFIER_assert(s == C * N * N);',
  '__VERIFIER_assert(s >= C);',
  '__VERIFIER_assert(s <= C * N * N);',
  'for (int i = 0; i < N; i++) for (int k = 0; k < N; k++) __VERIFIER_assert(g[i][k] == C);',
  'for (int i = 0; i < N; i++) for (int k = 0; k < N; k++) __VERIFIER_assert(g[i][k] >= C);',
  'for (int i = 0; i < N; i++) for (int k = 0; k < N; k++) __VERIFIER_assert(g[i][k] <= i + k + C);',
  'for (int i = 0; i < N; i++) for (int k = 0; k < N; k++) __VERIFIER_assert(g[i][k] <= s);',
  'for (int i = 0; i < N; i++) for (int k = 0; k < N; k++) __VERIFIER_assert(g[i][k] >= s - C);',
];

/** jagged grids: an array of N row pointers, each row allocated in a loop, initialised, passed over and checked */
export function gridProgramText(): fc.Arbitrary<string> {
  const constant = fc.constantFrom(...constants);
  return fc
    .record({
      initialiser: fc.record({ index: fc.integer({ min: 0, max: gridInitialisers.length - 1 }), constant }),
      passes: fc.array(fc.record({ body: fc.integer({ min: 0, max: gridBodies.length - 1 }), constant }), {
        minLength: 0,
        maxLength: 2,
      }),
      check: fc.record({ index: fc.integer({ min: 0, max: gridChecks.length - 1 }), constant }),
    })
    .map(({ initialiser, passes, check }) => {
      const pass = (text: string, value: number): string =>
        `  for (int i = 0; i < N; i++) for (int k = 0; k < N; k++) { ${text.replace(/C/g, String(value))} }`;
      return `#include <stdlib.h>
${prelude}int main(void) {
  int N = __VERIFIER_nondet_int(); assume_abort_if_not(N > 0 && N <= 20);
  int s = 0;
  int **g = malloc(sizeof(int *) * N);
  for (int i = 0; i < N; i++) g[i] = malloc(sizeof(int) * N);
${pass(`g[i][k] = ${gridInitialisers[initialiser.index]!};`, initialiser.constant)}
${passes.map((item) => pass(gridBodies[item.body]!, item.constant)).join('\n')}
  ${gridChecks[check.index]!.replace(/C/g, String(check.constant))}
  return 0;
}
`;
    });
}

/** bench/symbolic: our programs of the class, each with `// expected: safe|unsafe` first */
export const familyFolder = join(import.meta.dirname, '..', '..', 'bench', 'symbolic');

export function loadProgram(path: string): Program {
  const result = runFrontEnd(path, { dataModel: 'ILP32', preprocessor: 'builtin' });
  if (result.kind !== 'program') throw new Error(`front end failed on ${path}: ${JSON.stringify(result)}`);
  return result.program;
}

/** every program of bench/symbolic through the encoder: counts, and the verdicts against the expected answer */
export async function solveFamily(
  encoder: Encoder,
  options: TestOptions,
  solver: Solver,
): Promise<{
  readonly counts: { safe: number; unsafe: number; unknown: number; wrong: number };
  readonly wrong: readonly string[];
}> {
  const counts = { safe: 0, unsafe: 0, unknown: 0, wrong: 0 };
  const wrong: string[] = [];
  for (const name of readdirSync(familyFolder)
    .filter((file) => file.endsWith('.c'))
    .sort()) {
    const path = join(familyFolder, name);
    const expected = /^\/\/ expected: (safe|unsafe)/.exec(readFileSync(path, 'utf8'))![1];
    const verdict = (await solveWith(encoder, loadProgram(path), options, solver)).verdict.kind;
    if (verdict === 'unknown') counts.unknown++;
    else if (verdict === expected) counts[verdict]++;
    else {
      counts.wrong++;
      wrong.push(`${name}: ${verdict}`);
    }
  }
  return { counts, wrong };
}
