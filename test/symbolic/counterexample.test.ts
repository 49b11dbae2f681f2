// Decoding model values into counterexamples (src/symbolic/counterexample.ts): an array
// default that the solver left outside the element type is clamped into it (the replay decides).

import { describe, expect, it } from 'vitest';
import { counterexampleRequest } from '../../src/symbolic/counterexample.js';
import { createArrayVariable, createConstant, intType } from '../../src/ir/factory.js';
import { arraySort, boolSort, intSort, symbol } from '../../src/smt/terms.js';
import type { ModelValue } from '../../src/solvers/solver.js';

const integer = (value: bigint): ModelValue => ({ kind: 'integer', value });
const array = createArrayVariable(1, 'main::a', 'a', intType, [createConstant(4n)], undefined);
const record = {
  guard: symbol('g', boolSort),
  value: symbol('a0', arraySort(intSort, intSort)),
  array,
  sizes: [symbol('s', intSort)],
};

function decodeArray(defaultValue: bigint, entries: [bigint, bigint][]) {
  const request = counterexampleRequest([], [record], 'int');
  expect(request.terms).toHaveLength(3);
  const arrayValue: ModelValue = {
    kind: 'array',
    defaultValue: integer(defaultValue),
    entries: entries.map(([index, value]) => ({ index: integer(index), value: integer(value) })),
  };
  const decoded = request.decode([{ kind: 'boolean', value: true }, arrayValue, integer(4n)]);
  if ('kind' in decoded) throw new Error(decoded.reason);
  return decoded.arrays[0]!;
}

describe('counterexample decoding', () => {
  it('keeps an in-range array default and the entries', () => {
    const content = decodeArray(-7n, [[2n, 5n]]);
    expect(content.defaultValue).toBe(-7n);
    expect([...content.entries]).toEqual([[2n, 5n]]);
  });
  it('clamps an array default outside the element type into it (int semantics)', () => {
    expect(decodeArray(-2147512603n, []).defaultValue).toBe(-2147483648n);
    expect(decodeArray(1n << 40n, [[0n, 1n]]).defaultValue).toBe(2147483647n);
  });
});
