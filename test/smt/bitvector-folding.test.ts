// The folding of bit-vector operations on numerals (src/smt/bitvector-folding.ts) against z3: for
// random operands of several widths (edges included: 0, 1, the largest and the smallest signed
// value), every operation's folded value is asked of z3 as one query that is unsat exactly when z3
// agrees with every one; and the symbolic executor keeps a constant-bound loop's counter a numeral
// in `bv`, so that a bounded unrolling of it is complete.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  foldedBinary,
  foldedComparison,
  type BitvectorBinaryOperator,
  type BitvectorComparisonOperator,
} from '../../src/smt/bitvector-folding.js';
import {
  apply,
  bitvectorBinary,
  bitvectorConstant,
  bitvectorSort,
  boolConstant,
  boolSort,
  createSmtScript,
  equal,
  not,
  or,
  signExtend,
  extract,
  type Term,
} from '../../src/smt/terms.js';
import type { Solver } from '../../src/solvers/solver.js';
import { testSolver } from '../support/solver.js';

let solver: Solver;
beforeAll(() => {
  solver = testSolver();
});
afterAll(async () => {
  await solver.dispose();
});

const binaryOperators: readonly BitvectorBinaryOperator[] = [
  'bvadd',
  'bvsub',
  'bvmul',
  'bvudiv',
  'bvurem',
  'bvsdiv',
  'bvsrem',
  'bvsmod',
  'bvshl',
  'bvlshr',
  'bvashr',
  'bvand',
  'bvor',
  'bvxor',
];
const comparisons: readonly BitvectorComparisonOperator[] = [
  'bvult',
  'bvule',
  'bvugt',
  'bvuge',
  'bvslt',
  'bvsle',
  'bvsgt',
  'bvsge',
];

/** an operand of `width` bits, often an edge value */
function operand(width: number): fc.Arbitrary<bigint> {
  const size = 1n << BigInt(width);
  const half = size >> 1n;
  return fc.oneof(
    fc.constantFrom(0n, 1n, size - 1n, half, half - 1n, 2n % size),
    fc.bigInt({ min: 0n, max: size - 1n }),
  );
}

const cases = fc.sample(
  fc.constantFrom(1, 3, 8, 32).chain((width) =>
    fc.record({
      width: fc.constant(width),
      left: operand(width),
      right: operand(width),
      operator: fc.constantFrom(...binaryOperators),
      comparison: fc.constantFrom(...comparisons),
    }),
  ),
  { numRuns: 400, seed: 2026 },
);

describe('bit-vector folding agrees with z3', () => {
  it('on every operation and comparison of random numerals', async () => {
    const mismatches: Term[] = [];
    let folded = 0;
    for (const { width, left, right, operator, comparison } of cases) {
      const sort = bitvectorSort(width);
      const operands = [bitvectorConstant(left, width), bitvectorConstant(right, width)];
      const value = foldedBinary(operator, left, right, width);
      if (value !== undefined) {
        folded++;
        mismatches.push(not(equal(apply(operator, operands, sort), bitvectorConstant(value, width))));
      }
      const holds = foldedComparison(comparison, left, right, width);
      mismatches.push(not(equal(apply(comparison, operands, boolSort), boolConstant(holds))));
    }
    // signed division and remainders by zero are the only operations left unfolded
    expect(folded).toBeGreaterThan(cases.length * 0.9);
    const script = createSmtScript({
      headerComments: [],
      logic: 'QF_BV',
      constants: [],
      functions: [],
      assertions: [{ term: or(...mismatches) }],
    });
    const result = await solver.checkScript(script, { timeoutMilliseconds: 20_000 });
    expect(result.kind).toBe('unsat');
  });

  it('folds through the constructors: operations, extensions and extracts of numerals are numerals', () => {
    const eight = bitvectorConstant(200, 8);
    expect(bitvectorBinary('bvadd', eight, bitvectorConstant(100, 8))).toEqual(bitvectorConstant(44, 8));
    expect(signExtend(8, eight)).toEqual(bitvectorConstant(65_480, 16));
    expect(extract(7, 4, eight)).toEqual(bitvectorConstant(12, 4));
    // a symbol stays an operation
    const term = bitvectorBinary('bvadd', apply('bvnot', [eight], bitvectorSort(8)), eight);
    expect(term.kind).toBe('apply');
  });
});
