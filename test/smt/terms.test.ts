// Term utilities used by the accel encoding: substitution that respects binders, free symbols,
// and array lambdas as printed SMT-LIB.

import { describe, expect, it } from 'vitest';
import { printTerm } from '../../src/smt/printer.js';
import {
  add,
  and,
  arraySort,
  equal,
  forall,
  freeSymbolNames,
  freeSymbols,
  intConstant,
  intSort,
  lambda,
  less,
  select,
  substituteTerm,
  symbol,
} from '../../src/smt/terms.js';

const x = symbol('x', intSort);
const y = symbol('y', intSort);
const k = symbol('k', intSort);
const a = symbol('a', arraySort(intSort, intSort));

describe('substituteTerm', () => {
  it('replaces free symbols simultaneously', () => {
    const term = add(x, y);
    expect(
      printTerm(
        substituteTerm(
          term,
          new Map([
            ['x', y],
            ['y', x],
          ]),
        ),
      ),
    ).toBe('(+ y x)');
  });
  it('leaves symbols bound by a quantifier or lambda alone', () => {
    const quantified = forall([x], less(x, y));
    expect(
      printTerm(
        substituteTerm(
          quantified,
          new Map([
            ['x', intConstant(1n)],
            ['y', intConstant(2n)],
          ]),
        ),
      ),
    ).toBe('(forall ((x Int)) (< x 2))');
    const array = lambda(k, select(a, add(k, x)));
    expect(
      printTerm(
        substituteTerm(
          array,
          new Map([
            ['k', intConstant(7n)],
            ['x', y],
          ]),
        ),
      ),
    ).toBe('(lambda ((k Int)) (select a (+ k y)))');
  });
  it('returns the same object when nothing changes', () => {
    const term = and(less(x, y), equal(y, intConstant(3n)));
    expect(substituteTerm(term, new Map([['z', x]]))).toBe(term);
  });
});

describe('free symbols and lambdas', () => {
  it('free symbols exclude bound variables, each symbol once', () => {
    const term = and(forall([x], less(x, y)), less(y, x), equal(select(lambda(k, add(k, y)), x), x));
    expect([...freeSymbolNames(term)].sort()).toEqual(['x', 'y']);
    expect(freeSymbols(term).map((entry) => entry.sort.kind)).toEqual(['int', 'int']);
  });
  it('a lambda has the array sort of its variable and body', () => {
    const array = lambda(k, add(k, intConstant(1n)));
    expect(array.sort).toEqual(arraySort(intSort, intSort));
    expect(printTerm(select(array, intConstant(4n)))).toBe('(select (lambda ((k Int)) (+ k 1)) 4)');
  });
});
