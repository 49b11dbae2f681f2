// The readable infix text of accel's summaries (display only).

import { describe, expect, it } from 'vitest';
import { formatTerm } from '../../src/smt/format.js';
import {
  add,
  and,
  arraySort,
  bitvectorConstant,
  bitvectorComparison,
  bitvectorSort,
  equal,
  intConstant,
  intSort,
  ite,
  lessEqual,
  less,
  multiply,
  not,
  select,
  subtract,
  symbol,
} from '../../src/smt/terms.js';

const x = symbol('x', intSort);
const n = symbol('n', intSort);
const k = symbol('k', intSort);

describe('formatTerm', () => {
  it('prints arithmetic and comparisons infix with the parentheses precedence needs', () => {
    expect(formatTerm(and(lessEqual(intConstant(0n), subtract(k, x)), less(subtract(k, x), n)))).toBe(
      '0 <= k - x and k - x < n',
    );
    expect(formatTerm(multiply(add(x, intConstant(1n)), n))).toBe('(x + 1) * n');
    expect(formatTerm(subtract(x, subtract(n, k)))).toBe('x - (n - k)');
    expect(formatTerm(not(equal(x, intConstant(3n))))).toBe('x != 3');
  });
  it('prints selects, conditionals and signed bit-vector constants', () => {
    const a = symbol('a', arraySort(intSort, intSort));
    expect(
      formatTerm(equal(select(a, add(k, intConstant(1n))), ite(less(k, n), intConstant(1n), intConstant(2n)))),
    ).toBe('a[k + 1] = (if k < n then 1 else 2)');
    // (a comparison of two numerals folds to true: one side is a symbol)
    const b = symbol('b', bitvectorSort(8));
    expect(formatTerm(bitvectorComparison('bvslt', bitvectorConstant(-1n, 8), b))).toBe('-1 < b');
    expect(formatTerm(bitvectorComparison('bvslt', bitvectorConstant(-1n, 8), bitvectorConstant(5n, 8)))).toBe('true');
  });
});
