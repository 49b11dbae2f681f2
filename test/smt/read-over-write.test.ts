// Read-over-write elimination (accel): selects over store / ite / constant-array / lambda terms
// become ite trees over selects of array constants, nested arrays included; anything the pass does
// not model is refused loudly.

import { describe, expect, it } from 'vitest';
import { printTerm } from '../../src/smt/printer.js';
import { eliminateArrayWrites } from '../../src/smt/read-over-write.js';
import {
  add,
  arraySort,
  constantArray,
  equal,
  ite,
  intConstant,
  intSort,
  lambda,
  less,
  select,
  store,
  symbol,
  boolSort,
} from '../../src/smt/terms.js';

const a = symbol('a', arraySort(intSort, intSort));
const b = symbol('b', arraySort(intSort, intSort));
const i = symbol('i', intSort);
const j = symbol('j', intSort);
const k = symbol('k', intSort);
const g = symbol('g', boolSort);

describe('eliminateArrayWrites', () => {
  it('reads through stores, ites, constant arrays and lambdas', () => {
    const written = store(a, i, intConstant(5n));
    expect(printTerm(eliminateArrayWrites(equal(select(written, j), intConstant(0n))))).toBe(
      '(= (ite (= i j) 5 (select a j)) 0)',
    );
    const merged = ite(g, written, b);
    expect(printTerm(eliminateArrayWrites(less(select(merged, j), intConstant(3n))))).toBe(
      '(< (ite g (ite (= i j) 5 (select a j)) (select b j)) 3)',
    );
    const summary = lambda(k, ite(less(k, i), intConstant(42n), select(a, k)));
    expect(printTerm(eliminateArrayWrites(equal(select(summary, add(j, intConstant(1n))), intConstant(7n))))).toBe(
      '(let ((_let0 (+ j 1))) (= (ite (< _let0 i) 42 (select a _let0)) 7))',
    );
    expect(
      printTerm(eliminateArrayWrites(equal(select(constantArray(arraySort(intSort, intSort), intConstant(0n)), j), i))),
    ).toBe('(= 0 i)');
  });

  it('handles nested arrays (a store of a row into a two-dimensional array)', () => {
    const matrixSort = arraySort(intSort, arraySort(intSort, intSort));
    const matrix = symbol('m', matrixSort);
    const row = store(select(matrix, i), j, intConstant(1n));
    const updated = store(matrix, i, row);
    const text = printTerm(eliminateArrayWrites(equal(select(select(updated, k), j), intConstant(1n))));
    expect(text).not.toMatch(/store/);
    expect(text).toMatch(/\(select \(select m k\) j\)/);
    const zero = constantArray(matrixSort, constantArray(arraySort(intSort, intSort), intConstant(0n)));
    expect(printTerm(eliminateArrayWrites(equal(select(select(zero, i), j), intConstant(0n))))).toBe('(= 0 0)');
  });

  it('refuses array equalities instead of changing their meaning', () => {
    expect(() => eliminateArrayWrites(equal(store(a, i, intConstant(1n)), b))).toThrow(/read-over-write/);
  });
});
