// Reading a correctness witness's invariant (src/svcomp/invariant-expressions.ts): C expressions over
// the variables a resolver names, typed as C types them, and the refusals (what the reading over the
// integers would get wrong, or what is not an expression over the loop head's variables).

import { describe, expect, it } from 'vitest';
import { intType, longLongType, unsignedCharType, unsignedIntType } from '../../src/ir/c-integers.js';
import { createArrayVariable, createConstant, createScalarVariable } from '../../src/ir/factory.js';
import { printExpression } from '../../src/ir/print.js';
import type { ArrayVariable, ScalarVariable } from '../../src/ir/types.js';
import { readInvariant } from '../../src/svcomp/invariant-expressions.js';

const at = { line: 1, column: 1 };
const i = createScalarVariable(1, 'i', 'i', intType, at);
const n = createScalarVariable(2, 'n', 'n', intType, at);
const u = createScalarVariable(3, 'u', 'u', unsignedIntType, at);
const c = createScalarVariable(4, 'c', 'c', unsignedCharType, at);
const a = createArrayVariable(5, 'a', 'a', intType, [createConstant(8n)], at);
const m = createArrayVariable(6, 'm', 'm', intType, [createConstant(4n), createConstant(4n)], at);
const variables = new Map<string, ScalarVariable | ArrayVariable>(
  [i, n, u, c, a, m].map((variable) => [variable.sourceName, variable]),
);

function read(text: string) {
  return readInvariant(text, (name) => variables.get(name), 'ILP32');
}

function printed(text: string): string {
  const reading = read(text);
  if (reading.kind !== 'condition') throw new Error(`not read: ${reading.reason}`);
  return printExpression(reading.condition);
}

function refusal(text: string): string {
  const reading = read(text);
  if (reading.kind !== 'unreadable') throw new Error(`read: ${printExpression(reading.condition)}`);
  return reading.reason;
}

describe('a witness invariant read as a condition', () => {
  it('reads comparisons, arithmetic, logic, conditionals and array cells over the named variables', () => {
    expect(printed('(0 <= i) && (i <= n)')).toMatch(/0.*<=.*i.*&&.*i.*<=.*n/);
    expect(printed('a[i] == 2 * i + 1 || !(i < 8)')).toMatch(/a\[i\]/);
    expect(printed('m[i][n - 1] >= (i > 0 ? i : -i)')).toMatch(/m\[i\]\[/);
    expect(printed("i != 'a'")).toMatch(/97/);
  });

  it('types unsigned values as C does and reads them widened with a cast', () => {
    const reading = read('(long long)u + 1 <= (long long)n * 2');
    expect(reading.kind).toBe('condition');
    if (reading.kind === 'condition' && reading.condition.kind === 'binary') {
      expect(reading.condition.left.type).toEqual(longLongType);
    }
    // comparing unsigned values with each other, or with a constant that is not negative, keeps every value
    expect(read('u <= 4000000000u').kind).toBe('condition');
    expect(read('c < 256').kind).toBe('condition');
  });

  it('refuses what the reading over the integers would get wrong', () => {
    expect(refusal('u - 1 < n')).toMatch(/arithmetic in unsigned int/);
    expect(refusal('(unsigned char) i == 3')).toMatch(/may change the value/);
    expect(refusal('i < u')).toMatch(/signed and an unsigned/);
  });

  it('refuses what is not an expression over the loop head variables', () => {
    expect(refusal('j < n')).toMatch(/j names no variable/);
    expect(refusal('i = 3')).toMatch(/assignment/);
    expect(refusal('f(i) > 0')).toMatch(/call/);
    expect(refusal('a < 3')).toMatch(/the array a as a value/);
    expect(refusal('m[i] == 0')).toMatch(/2 dimensions, read with 1/);
    expect(refusal('i <')).toMatch(/not a C expression/);
    // text that would close the wrapper and open another function is not one expression
    expect(refusal('1); } int g(void) { return (1')).toMatch(/not exactly one C expression/);
  });
});
