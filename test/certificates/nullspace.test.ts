// The exact integer nullspace (src/certificates/nullspace.ts) on data with known relations: samples
// of (1, i, s) with 2 s == i² − i give the one relation over (1, i, i², s); independent columns give none.

import { describe, expect, it } from 'vitest';
import { integerNullspace } from '../../src/certificates/nullspace.js';

describe('integerNullspace', () => {
  it('finds 2 s == i² − i among the monomials 1, i, i², s', () => {
    const rows = [0n, 1n, 2n, 3n, 5n, 8n].map((i) => [1n, i, i * i, (i * i - i) / 2n]);
    const basis = integerNullspace(rows, 4);
    expect(basis).toHaveLength(1);
    const vector = basis[0]!;
    // up to sign: 0 · 1 − 1 · i + 1 · i² − 2 · s
    const sign = vector[3]! < 0n ? 1n : -1n;
    expect(vector.map((value) => value * sign)).toEqual([0n, -1n, 1n, -2n]);
  });

  it('finds two relations in data of rank 2 over four columns, each zero on every row', () => {
    // columns: 1, x, y = 2x + 1, z = 3
    const rows = [0n, 4n, 7n].map((x) => [1n, x, 2n * x + 1n, 3n]);
    const basis = integerNullspace(rows, 4);
    expect(basis).toHaveLength(2);
    for (const vector of basis)
      for (const row of rows) expect(row.reduce((sum, value, index) => sum + value * vector[index]!, 0n)).toBe(0n);
  });

  it('finds none for independent columns', () => {
    const rows = [
      [1n, 0n, 0n],
      [1n, 1n, 0n],
      [1n, 0n, 1n],
    ];
    expect(integerNullspace(rows, 3)).toEqual([]);
  });
});
