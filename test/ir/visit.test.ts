// Unit tests of the IR walks (src/ir/visit.ts): the child visitors keep the identity of unchanged
// nodes (substitution returns the very same object for a subtree without the variable), the cast
// strippers keep a cast to _Bool, structural equality modulo a renaming, written variables.

import { describe, expect, it } from 'vitest';
import {
  boolType,
  charType,
  createArrayRead,
  createArrayVariable,
  createArrayWrite,
  createAssert,
  createAssign,
  createBinary,
  createCast,
  createConstant,
  createHavoc,
  createIf,
  createLoop,
  createScalarVariable,
  createUnary,
  createVariableExpression,
  intType,
  longLongType,
  unsignedIntType,
} from '../../src/ir/factory.js';
import type { Block, Expression } from '../../src/ir/types.js';
import {
  expressionSize,
  mayBeUndefined,
  readsAny,
  sameExpression,
  sameExpressionModulo,
  scalarsReadBy,
  stripCasts,
  stripCastsAtLeast,
  stripCastsKeepingValuesOf,
  stripWideningCasts,
  substituteScalar,
  substituteScalarInBlock,
  visitBlock,
  visitExpressionChildren,
  visitStatementChildren,
  writtenVariables,
} from '../../src/ir/visit.js';

const location = { line: 1, column: 1 };
const x = createScalarVariable(1, 'x', 'x', intType, undefined);
const y = createScalarVariable(2, 'y', 'y', intType, undefined);
const z = createScalarVariable(3, 'z', 'z', intType, undefined);
const c = createScalarVariable(4, 'c', 'c', charType, undefined);
const a = createArrayVariable(5, 'a', 'a', intType, [createConstant(10n)], undefined);
const read = (variable: typeof x): Expression => createVariableExpression(variable);

describe('identity-preserving visitors', () => {
  it('substitution returns the identical object for a subtree that does not read the variable', () => {
    const untouched = createBinary('add', read(y), createArrayRead(a, [read(z)]));
    const expression = createBinary('multiply', untouched, read(x));
    const replaced = substituteScalar(expression, x, createConstant(7n));
    expect(replaced).not.toBe(expression);
    expect(replaced.kind === 'binary' && replaced.left).toBe(untouched);
    expect(substituteScalar(untouched, x, createConstant(7n))).toBe(untouched);
  });

  it('substitution in a block keeps unchanged statements, nested blocks and the block itself', () => {
    const keep = createAssign(y, createBinary('add', read(y), read(z)), location);
    const nestedKeep = createArrayWrite(a, [read(z)], read(y), location);
    const change = createAssert(createBinary('less', read(x), read(y)), location);
    const increment = createAssign(z, createBinary('add', read(z), createConstant(1n)), location);
    const loop = createLoop(0, createBinary('less', read(z), createConstant(10n)), [nestedKeep], [increment], location);
    const branch = createIf(read(y), [change], [keep], location);
    const block: Block = [keep, loop, branch];
    const substituted = substituteScalarInBlock(block, x, createConstant(3n));
    expect(substituted).not.toBe(block);
    expect(substituted[0]).toBe(keep);
    expect(substituted[1]).toBe(loop);
    const newBranch = substituted[2]!;
    expect(newBranch).not.toBe(branch);
    expect(newBranch.kind === 'if' && newBranch.else).toBe(branch.else);
    const withoutX: Block = [keep, loop];
    expect(substituteScalarInBlock(withoutX, x, createConstant(3n))).toBe(withoutX);
  });

  it('visitExpressionChildren rebuilds only what changed, children in evaluation order', () => {
    const expression = createBinary('add', read(x), createUnary('negate', read(y)));
    const order: string[] = [];
    const same = visitExpressionChildren(expression, (child) => {
      order.push(child.kind);
      return child;
    });
    expect(same).toBe(expression);
    expect(order).toEqual(['variable', 'unary']);
    const changed = visitExpressionChildren(expression, (child) => (child.kind === 'variable' ? read(z) : child));
    expect(changed).not.toBe(expression);
    expect(changed.kind === 'binary' && changed.right).toBe(expression.right);
    expect(changed.type).toBe(expression.type);
  });

  it('visitBlock drops, replaces and splices statements and keeps the block when nothing changed', () => {
    const first = createHavoc(x, location);
    const second = createAssign(y, read(x), location);
    const block: Block = [first, second];
    expect(visitBlock(block, (statement) => statement)).toBe(block);
    expect(visitBlock(block, (statement) => (statement === first ? [] : statement))).toEqual([second]);
    const extra = createHavoc(z, location);
    expect(visitBlock(block, (statement) => (statement === first ? [extra, statement] : statement))).toEqual([
      extra,
      first,
      second,
    ]);
  });

  it('visitStatementChildren visits expressions and nested blocks of a loop', () => {
    const body: Block = [createAssign(y, read(x), location)];
    const loop = createLoop(3, read(x), body, [], location);
    const visited = visitStatementChildren(
      loop,
      (expression) => expression,
      (block) => block,
    );
    expect(visited).toBe(loop);
    const renamed = visitStatementChildren(
      loop,
      (expression) => substituteScalar(expression, x, read(z)),
      (block) => block,
    );
    expect(renamed.kind === 'loop' && renamed.id).toBe(3);
    expect(renamed.kind === 'loop' && renamed.body).toBe(loop.body);
  });
});

describe('cast stripping', () => {
  const toBool = createCast(read(x), boolType);
  it('stripCasts keeps a cast to _Bool (it maps x to x != 0) and removes the others', () => {
    expect(stripCasts(toBool)).toBe(toBool);
    expect(stripCasts(createCast(createCast(read(x), longLongType), intType))).toEqual(read(x));
    expect(stripCasts(createCast(toBool, intType))).toBe(toBool);
  });
  it('the value-preserving variants', () => {
    const narrowed = createCast(read(x), charType);
    expect(stripWideningCasts(createCast(read(x), longLongType))).toEqual(read(x));
    expect(stripWideningCasts(narrowed)).toBe(narrowed);
    expect(stripWideningCasts(createCast(read(x), unsignedIntType)).kind).toBe('cast');
    expect(stripWideningCasts(toBool)).toBe(toBool);
    // (char)(int)c is c: both casts hold every value of char
    expect(stripCastsKeepingValuesOf(createCast(createCast(read(c), intType), charType), charType)).toEqual(read(c));
    expect(stripCastsKeepingValuesOf(narrowed, intType)).toBe(narrowed);
    expect(stripCastsAtLeast(createCast(read(x), charType), 8)).toEqual(read(x));
    expect(stripCastsAtLeast(createCast(read(x), charType), 32).kind).toBe('cast');
    expect(stripCastsAtLeast(toBool, 1)).toBe(toBool);
  });
});

describe('queries', () => {
  it('structural equality, plain and modulo a renaming', () => {
    const left = createBinary('add', createArrayRead(a, [read(x)]), createConstant(1n));
    const right = createBinary('add', createArrayRead(a, [read(x)]), createConstant(1n));
    expect(sameExpression(left, right)).toBe(true);
    expect(sameExpression(left, createBinary('add', createArrayRead(a, [read(y)]), createConstant(1n)))).toBe(false);
    expect(sameExpression(createCast(read(x), longLongType), read(x))).toBe(false);
    const renamed = createBinary('add', createArrayRead(a, [read(y)]), createConstant(1n));
    expect(sameExpressionModulo(renamed, left, new Map([[y.id, x]]))).toBe(true);
    expect(sameExpressionModulo(left, renamed, new Map([[y.id, x]]))).toBe(false);
  });

  it('written variables: scalars and arrays of nested blocks, in statement order', () => {
    const block: Block = [
      createIf(read(z), [createHavoc(y, location)], [createArrayWrite(a, [read(x)], read(z), location)], location),
      createLoop(0, read(x), [createAssign(x, read(y), location)], [], location),
    ];
    const written = writtenVariables(block);
    expect([...written.scalars.values()]).toEqual([y, x]);
    expect([...written.arrays.values()]).toEqual([a]);
    expect(readsAny(createArrayRead(a, [createConstant(0n)]), written)).toBe(true);
    expect(readsAny(read(z), written)).toBe(false);
  });

  it('reads, sizes and possibly undefined operators', () => {
    const expression: Expression = createBinary('shiftLeft', createArrayRead(a, [read(y)]), read(x));
    expect([...scalarsReadBy(expression).values()]).toEqual([y, x]);
    expect(expressionSize(expression)).toBe(4);
    expect(mayBeUndefined(expression)).toBe(true);
    expect(mayBeUndefined(createBinary('add', read(x), read(y)))).toBe(false);
  });
});
