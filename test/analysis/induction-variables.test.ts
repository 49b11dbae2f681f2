// Unit tests of the one induction-variable detection (src/analysis/induction-variables.ts) shared by the loop
// analysis (iterators), the shrink encoding (accelerated variables, coalescing, replay): steps of
// `v = v ± c` through casts per mode, sums of several top-level steps, and what disqualifies a
// variable (a havoc, a nested or conditional assignment, a body assignment when the body has
// `continue`).

import { describe, expect, it } from 'vitest';
import { incrementStep, inductionVariables, isIteratorExpression } from '../../src/analysis/induction-variables.js';
import {
  boolType,
  charType,
  createAssign,
  createBinary,
  createCast,
  createConstant,
  createContinue,
  createHavoc,
  createIf,
  createLoop,
  createScalarVariable,
  createUnary,
  createVariableExpression,
  intType,
  longLongType,
} from '../../src/ir/factory.js';
import type { Block, Expression, ScalarVariable } from '../../src/ir/types.js';

const location = { line: 1, column: 1 };
const i = createScalarVariable(1, 'i', 'i', intType, undefined);
const j = createScalarVariable(2, 'j', 'j', intType, undefined);
const k = createScalarVariable(3, 'k', 'k', intType, undefined);
const c = createScalarVariable(4, 'c', 'c', charType, undefined);
const read = (variable: ScalarVariable): Expression => createVariableExpression(variable);
const plus = (variable: ScalarVariable, step: Expression): Expression => createBinary('add', read(variable), step);
const step = (variable: ScalarVariable, value: bigint) =>
  createAssign(variable, plus(variable, createConstant(value)), location);
const loop = (body: Block, update: Block) =>
  createLoop(0, createBinary('less', read(i), createConstant(10n)), body, update, location);

describe('incrementStep', () => {
  it('reads v + c, c + v, v - c and v + -c', () => {
    expect(incrementStep(i, plus(i, createConstant(2n)), 'int')).toBe(2n);
    expect(incrementStep(i, createBinary('add', createConstant(3n), read(i)), 'int')).toBe(3n);
    expect(incrementStep(i, createBinary('subtract', read(i), createConstant(1n)), 'int')).toBe(-1n);
    expect(incrementStep(i, plus(i, createUnary('negate', createConstant(1n))), 'int')).toBe(-1n);
    expect(incrementStep(i, plus(j, createConstant(1n)), 'int')).toBeUndefined();
    expect(incrementStep(i, plus(i, read(j)), 'int')).toBeUndefined();
  });

  it('never looks through a cast to _Bool (it is x != 0, not x)', () => {
    const value = createCast(plus(i, createConstant(1n)), boolType);
    for (const mode of ['int', 'bv', 'iterator'] as const) expect(incrementStep(i, value, mode)).toBeUndefined();
  });

  it('casts per mode: int ignores them, bv only passes casts at least as wide, iterator only value-keeping ones around v', () => {
    // c = (char)((int)c + 1): the usual increment of a char
    const increment = createCast(createBinary('add', createCast(read(c), intType), createConstant(1n)), charType);
    expect(incrementStep(c, increment, 'int')).toBe(1n);
    expect(incrementStep(c, increment, 'bv')).toBe(1n);
    expect(incrementStep(c, increment, 'iterator')).toBe(1n);
    // i = (int)((char)i + 1): the narrowing cast around i is the identity in int semantics only
    const narrowed = createCast(
      createBinary('add', createCast(read(i), charType), createConstant(1n, charType)),
      intType,
    );
    expect(incrementStep(i, narrowed, 'int')).toBe(1n);
    expect(incrementStep(i, narrowed, 'bv')).toBeUndefined();
    expect(incrementStep(i, narrowed, 'iterator')).toBeUndefined();
    expect(isIteratorExpression(createCast(read(i), longLongType), i)).toBe(true);
    expect(isIteratorExpression(createCast(read(i), charType), i)).toBe(false);
  });
});

describe('inductionVariables', () => {
  it('sums the top-level steps of body and update and keeps the assignments', () => {
    const first = step(j, 2n);
    const second = step(j, 3n);
    const update = step(i, 1n);
    const result = inductionVariables(loop([first, second], [update]), 'int');
    expect(result.map((entry) => [entry.variable.name, entry.step])).toEqual([
      ['j', 5n],
      ['i', 1n],
    ]);
    expect(result[0]!.assignments).toEqual([first, second]);
    expect(result[1]!.assignments[0]).toBe(update);
  });

  it('excludes havocked variables, conditional or nested assignments, and body steps when the body has continue', () => {
    const conditional = createIf(read(k), [step(k, 1n)], [], location);
    const nested = createLoop(1, read(j), [step(j, 1n)], [], location);
    const result = inductionVariables(loop([conditional, nested, createHavoc(i, location), step(i, 1n)], []), 'int');
    expect(result).toEqual([]);
    const withContinue = inductionVariables(
      loop([step(j, 1n), createIf(read(k), [createContinue(location)], [], location)], [step(i, 1n)]),
      'int',
    );
    expect(withContinue.map((entry) => entry.variable.name)).toEqual(['i']);
  });

  it('reports a variable with steps summing to zero (callers that need a moving counter filter on the step)', () => {
    const result = inductionVariables(loop([step(j, 1n), step(j, -1n)], [step(i, 1n)]), 'int');
    expect(result.map((entry) => [entry.variable.name, entry.step])).toEqual([
      ['j', 0n],
      ['i', 1n],
    ]);
  });
});
