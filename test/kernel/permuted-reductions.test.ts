// Reductions repeated after a permutation (src/analysis/reductions.ts finds them,
// src/kernel/permuted-reductions.ts proves the fold's laws and copies the result, then
// src/analysis/assertion-slice.ts folds and slices): the shapes recognised and refused, the laws
// refused for order-dependent folds, and on random programs of the shape (folds with and without the
// laws, permutations and non-permutations between) a rewrite that keeps C's answer on sampled runs
// (bv interpreter, the same inputs for both), with floors of rewrites and of assertions decided.

import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { permutedReductionPairs } from '../../src/analysis/reductions.js';
import { Budget } from '../../src/kernel/budget.js';
import { copyPermutedReductions } from '../../src/kernel/permuted-reductions.js';
import { AnswerMemory, rememberingSolver } from '../../src/kernel/remembered-answers.js';
import { printProgram } from '../../src/ir/print.js';
import { lowerSource } from '../soundness/harness.js';
import { rewriteKeepingAnswer } from '../support/rewrites.js';
import { testSolver } from '../support/solver.js';
import type { Solver } from '../../src/solvers/solver.js';

const solver = testSolver();
afterAll(() => solver.dispose());

const folder = join(import.meta.dirname, '..', '..', 'bench', 'commuting-reductions');
const bench = (name: string): string => readFileSync(join(folder, name), 'utf8');

const swap = (p: string, q: string): string => `temp = x[${p}]; x[${p}] = x[${q}]; x[${q}] = temp;`;
const rotateLeft = 'temp = x[0]; for (int i = 0; i < N - 1; i++) x[i] = x[i + 1]; x[N - 1] = temp;';
const rotateRight = 'temp = x[N - 1]; for (int i = N - 1; i > 0; i--) x[i] = x[i - 1]; x[0] = temp;';

function programText(
  size: number,
  accumulator: string,
  initial: string,
  body: string,
  between: readonly string[],
): string {
  const start = initial === '0' ? 0 : 1;
  return `extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N ${size}
${accumulator} reduce(int x[N]) {
  ${accumulator} res = ${initial};
  for (int i = ${start}; i < N; i++) { ${body} }
  return res;
}
int main(void) {
  int x[N]; int temp;
  for (int i = 0; i < N; i++) x[i] = __VERIFIER_nondet_int();
  ${accumulator} r1 = reduce(x);
  ${between[0]}
  ${accumulator} r2 = reduce(x);
  ${between[1]}
  ${accumulator} r3 = reduce(x);
  if (r1 != r2 || r1 != r3) reach_error();
  return 0;
}
`;
}

async function rewrite(text: string) {
  return copyPermutedReductions(lowerSource(text), 'bv', solver, Budget.start(10_000));
}

describe('reductions repeated after a permutation', () => {
  it('finds both repetitions in every safe program of bench/commuting-reductions, and proves their laws', async () => {
    const names = [
      'sum-swap-rotate-safe.c',
      'xor-rotate-right-safe.c',
      'max-swap-safe.c',
      'min-rotate-right-safe.c',
      'unsigned-product-safe.c',
      'byte-sum-safe.c',
    ];
    for (const name of names) {
      const program = lowerSource(bench(name));
      expect(
        permutedReductionPairs(program.body).map((pair) => pair.permutations.length),
        name,
      ).toEqual([1, 1]);
      const rewritten = await copyPermutedReductions(program, 'bv', solver, Budget.start(10_000));
      expect(rewritten?.details.length, name).toBe(2);
      expect(rewritten?.notes, name).toHaveLength(1);
      // the assertion is decided and nothing else is needed
      expect(printProgram(rewritten!.program), name).not.toMatch(/while/);
    }
  });

  it('refuses statements between that are not permutations of the range read', () => {
    const refused = [
      ['x[3] = 0;', rotateLeft],
      ['x[0] = x[1];', rotateLeft],
      [swap('0', 'N'), rotateLeft],
      ['temp = x[0]; for (int i = 0; i < N - 2; i++) x[i] = x[i + 1]; x[N - 1] = temp;', swap('0', '1')],
    ];
    for (const between of refused) {
      const pairs = permutedReductionPairs(
        lowerSource(programText(6, 'long long', '0', 'res = res + x[i];', between)).body,
      );
      expect(pairs.length, between[0]).toBeLessThan(2);
    }
  });

  it('asks a law the solver answered once never again in the same run (the portfolio runs the pass per stage)', async () => {
    // an order-dependent fold whose laws z3 refutes at once (an unknown answer would be asked again)
    const text = programText(8, 'long long', '0', 'res = 2 * res + x[i];', [swap('2', '4'), rotateLeft]);
    const program = lowerSource(text);
    let questions = 0;
    const counting: Solver = {
      ...solver,
      checkScript: (script, options) => {
        questions++;
        return solver.checkScript(script, options);
      },
    };
    const run = new AnswerMemory();
    const pass = (memory: AnswerMemory) =>
      copyPermutedReductions(program, 'bv', rememberingSolver(counting, memory), Budget.start(20_000));
    expect(await pass(run)).toBeUndefined();
    const asked = questions;
    expect(asked).toBeGreaterThan(0);
    expect(run.size).toBeGreaterThan(0);
    expect(await pass(run)).toBeUndefined();
    expect(questions).toBe(asked);
    // another run keeps nothing of this one
    expect(await pass(new AnswerMemory())).toBeUndefined();
    expect(questions).toBe(2 * asked);
  });

  it('refuses the laws of order-dependent folds', async () => {
    for (const body of [
      'res = 2 * res + x[i];',
      'res = x[i] - res;',
      'res = res + (long long)x[i] * i;',
      'res = (res + x[i]) / 2;',
      'res = res ^ (x[i] + i);',
    ]) {
      const text = programText(6, 'long long', '0', body, [swap('0', '1'), rotateLeft]);
      expect(permutedReductionPairs(lowerSource(text).body).length, body).toBe(2);
      expect(await rewrite(text), body).toBeUndefined();
    }
  });

  it(
    "on random programs of the shape: the rewrite keeps C's answer on sampled runs; floors of rewrites and decided assertions",
    { timeout: 300_000 },
    async () => {
      const folds = [
        ['long long', 'res = res + x[i];'],
        ['int', 'res = res ^ x[i];'],
        ['int', 'res = res & x[i];'],
        ['int', 'res = res | x[i];'],
        ['int', 'if (x[i] > res) res = x[i];'],
        ['int', 'res = res + (x[i] > 0);'],
        ['long long', 'res = res - x[i];'],
        ['unsigned', 'res = res * x[i];'],
        ['long long', 'res = 2 * res + x[i];'],
        ['long long', 'res = x[i] - res;'],
        ['long long', 'res = res + x[i] * i;'],
        ['int', 'res = (res + x[i]) / 2;'],
        ['int', 'res = res ^ (x[i] + i);'],
        ['int', 'if (x[i] > res) res = x[i] + 1;'],
      ] as const;
      const steps = [
        swap('0', '1'),
        swap('0', 'N - 1'),
        rotateLeft,
        rotateRight,
        'x[0] = x[1];',
        'x[N - 1] = 0;',
        swap('1', '1'),
        '',
      ];
      const programs = fc.record({
        size: fc.integer({ min: 3, max: 5 }),
        fold: fc.constantFrom(...folds),
        initial: fc.constantFrom('0', 'x[0]'),
        between: fc.tuple(fc.constantFrom(...steps), fc.constantFrom(...steps)),
      });
      let rewrites = 0;
      let decided = 0;
      const samples = fc.sample(programs, { numRuns: 60, seed: 20261204 });
      for (const sample of samples) {
        const text = programText(sample.size, sample.fold[0], sample.initial, sample.fold[1], sample.between);
        const checked = await rewriteKeepingAnswer(text, solver);
        if (checked === undefined) continue;
        rewrites++;
        const { rewritten, fails } = checked;
        if (!printProgram(rewritten.program).includes('while')) {
          decided++;
          expect(fails, `the assertion decided, but a C run fails:\n${text}`).toBe(false);
        }
      }
      console.log(
        `permuted reductions on ${samples.length} random programs: ${rewrites} rewritten, ${decided} with the assertion decided`,
      );
      expect(rewrites).toBeGreaterThanOrEqual(15);
      expect(decided).toBeGreaterThanOrEqual(5);
    },
  );
});
