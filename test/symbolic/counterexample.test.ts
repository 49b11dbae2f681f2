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

describe('counterexample decoding of multi-dimensional arrays', () => {
  const grid = createArrayVariable(2, 'main::g', 'g', intType, [createConstant(4n), createConstant(4n)], undefined);
  const gridRecord = {
    guard: symbol('h', boolSort),
    value: symbol('g0', arraySort(intSort, arraySort(intSort, intSort))),
    array: grid,
    sizes: [symbol('r', intSort), symbol('c', intSort)],
  };
  const decodeGrid = (rows: bigint, columns: bigint) => {
    const request = counterexampleRequest([], [gridRecord], 'int');
    // every row is the default row, whose cell 1 is 5
    const row: ModelValue = {
      kind: 'array',
      defaultValue: integer(0n),
      entries: [{ index: integer(1n), value: integer(5n) }],
    };
    const value: ModelValue = { kind: 'array', defaultValue: row, entries: [] };
    return request.decode([{ kind: 'boolean', value: true }, value, integer(rows), integer(columns)]);
  };

  it('flattens a grid in row-major order', () => {
    const decoded = decodeGrid(3n, 2n);
    if ('kind' in decoded) throw new Error(decoded.reason);
    expect([...decoded.arrays[0]!.entries]).toEqual([
      [1n, 5n],
      [3n, 5n],
      [5n, 5n],
    ]);
  });

  it('refuses at once a grid of more cells than it flattens (10^4 × 10^5 rows and columns took minutes)', () => {
    const started = Date.now();
    const decoded = decodeGrid(10_000n, 100_000n);
    expect(decoded).toEqual({ kind: 'undecodable', reason: 'multi-dimensional array too large to flatten' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
