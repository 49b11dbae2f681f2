// The change points of a recurrence's step (src/encoders/viap/change-points.ts): an atom `n + c = e`
// outside binders, e free of the counter n, names the iteration e − c; atoms reading n on both sides,
// atoms under a quantifier and offsets that are not n plus a constant name none; at most `limit`.

import { describe, expect, it } from 'vitest';
import { changePoints } from '../../src/encoders/viap/change-points.js';
import { formatTerm } from '../../src/smt/format.js';
import {
  add,
  equal,
  forall,
  intConstant,
  intSort,
  ite,
  multiply,
  subtract,
  symbol,
  type Term,
} from '../../src/smt/terms.js';

const counter = symbol('n', intSort);
const size = symbol('size', intSort);
const sum = symbol('sum', intSort);
const shown = (terms: readonly Term[]): string[] => terms.map(formatTerm);

describe('viap change points', () => {
  it('names the iteration an equality on the counter singles out', () => {
    const step = add(
      sum,
      ite(equal(add(counter, intConstant(0n)), subtract(size, intConstant(1n))), size, intConstant(0n)),
    );
    const points = changePoints(step, counter, 2);
    expect(points).toHaveLength(1);
    expect(shown(points)).toEqual(shown([subtract(subtract(size, intConstant(1n)), intConstant(0n))]));
    // n + 2 = size, written either way round: the point size − 2
    const shifted = ite(equal(size, add(counter, intConstant(2n))), sum, intConstant(0n));
    expect(shown(changePoints(shifted, counter, 2))).toEqual(shown([subtract(size, intConstant(2n))]));
  });

  it('names none for the counter on both sides, under a binder or scaled', () => {
    const bound = symbol('j', intSort);
    for (const step of [
      ite(equal(counter, add(counter, size)), sum, intConstant(0n)),
      ite(forall([bound], equal(add(counter, intConstant(1n)), size)), sum, intConstant(0n)),
      ite(equal(multiply(intConstant(2n), counter), size), sum, intConstant(0n)),
    ])
      expect(changePoints(step, counter, 2)).toEqual([]);
  });

  it('keeps at most the limit, each point once', () => {
    const atPoint = (point: bigint) => ite(equal(counter, intConstant(point)), intConstant(1n), intConstant(0n));
    const step = add(sum, atPoint(3n), atPoint(5n), atPoint(3n), atPoint(7n));
    expect(changePoints(step, counter, 2)).toHaveLength(2);
    expect(changePoints(step, counter, 5)).toHaveLength(3);
  });
});
