// S-expression parsing and conversion of z3 / cvc5 get-value output to ModelValue.
import { describe, expect, it } from 'vitest';
import {
  interpretSolverOutput,
  parseSExpressions,
  selectValue,
  toModelValue,
  type SExpression,
} from '../../src/solvers/sexpr.js';
import type { ModelValue } from '../../src/solvers/solver.js';

function value(text: string): ModelValue {
  const parsed = parseSExpressions(text);
  if (parsed.kind !== 'ok') throw new Error(parsed.message);
  const converted = toModelValue(parsed.expressions[0] as SExpression);
  if (converted.kind !== 'ok') throw new Error(converted.message);
  return converted.value;
}
function valueError(text: string): string {
  const parsed = parseSExpressions(text);
  if (parsed.kind !== 'ok') throw new Error(parsed.message);
  const converted = toModelValue(parsed.expressions[0] as SExpression);
  if (converted.kind !== 'error') throw new Error(`expected an error for ${text}`);
  return converted.message;
}
const integer = (number: number | bigint): ModelValue => ({ kind: 'integer', value: BigInt(number) });
/** array value as a sorted list of [index, value] numbers plus default, for easy comparison */
function arrayShape(array: ModelValue): { defaultValue: unknown; entries: [string, string][] } {
  if (array.kind !== 'array') throw new Error('not an array');
  const show = (item: ModelValue): string =>
    item.kind === 'array' ? JSON.stringify(arrayShape(item)) : String(item.value);
  return {
    defaultValue: show(array.defaultValue),
    entries: array.entries
      .map((entry): [string, string] => [show(entry.index), show(entry.value)])
      .sort((left, right) => Number(left[0]) - Number(right[0])),
  };
}

describe('parseSExpressions', () => {
  it('parses atoms, lists, strings, quoted symbols and comments', () => {
    const parsed = parseSExpressions('sat ; comment\n((|a b| "x""y") (- 5))');
    expect(parsed).toEqual({
      kind: 'ok',
      expressions: [
        { kind: 'atom', text: 'sat' },
        {
          kind: 'list',
          items: [
            {
              kind: 'list',
              items: [
                { kind: 'atom', text: 'a b' },
                { kind: 'string', text: 'x"y' },
              ],
            },
            {
              kind: 'list',
              items: [
                { kind: 'atom', text: '-' },
                { kind: 'atom', text: '5' },
              ],
            },
          ],
        },
      ],
    });
  });
  it('reports unbalanced input', () => {
    expect(parseSExpressions('((a)').kind).toBe('error');
    expect(parseSExpressions('a)').kind).toBe('error');
  });
  it('parses 10^5-deep nesting', () => {
    const depth = 100_000;
    const parsed = parseSExpressions('('.repeat(depth) + 'x' + ')'.repeat(depth));
    expect(parsed.kind).toBe('ok');
  });
});

describe('toModelValue', () => {
  it('reads integers, booleans and bit-vectors', () => {
    expect(value('42')).toEqual(integer(42));
    expect(value('(- 5)')).toEqual(integer(-5));
    expect(value('true')).toEqual({ kind: 'boolean', value: true });
    expect(value('#b1010')).toEqual(integer(10));
    expect(value('#xff')).toEqual(integer(255));
    expect(value('(_ bv4294967295 32)')).toEqual(integer(4294967295n));
  });
  it('reads constant arrays and store chains (later stores win)', () => {
    expect(arrayShape(value('((as const (Array Int Int)) 0)'))).toEqual({ defaultValue: '0', entries: [] });
    expect(arrayShape(value('(store (store ((as const (Array Int Int)) 5) 1 7) 1 (- 3))'))).toEqual({
      defaultValue: '5',
      entries: [['1', '-3']],
    });
    expect(arrayShape(value('(store ((as const (Array Int Int)) 5) 2 5)'))).toEqual({ defaultValue: '5', entries: [] });
    expect(arrayShape(value('(store ((as const (Array (_ BitVec 8) (_ BitVec 8))) #x00) #x01 #x7f)'))).toEqual({
      defaultValue: '0',
      entries: [['1', '127']],
    });
  });
  it('reads a deep store chain', () => {
    let text = '((as const (Array Int Int)) 0)';
    for (let index = 1; index <= 20_000; index++) text = `(store ${text} ${index} ${index})`;
    const array = value(text);
    expect(selectValue(array, integer(12_345))).toEqual(integer(12_345));
    expect(selectValue(array, integer(0))).toEqual(integer(0));
  });
  it('reads nested arrays', () => {
    const array = value(
      '(store ((as const (Array Int (Array Int Int))) ((as const (Array Int Int)) 0)) 1 (store ((as const (Array Int Int)) 0) 2 9))',
    );
    expect(selectValue(selectValue(array, integer(1)), integer(2))).toEqual(integer(9));
    expect(selectValue(selectValue(array, integer(3)), integer(2))).toEqual(integer(0));
  });
  it('reads z3 lambdas with ite chains over equalities', () => {
    const array = value('(lambda ((x!1 Int)) (ite (= x!1 3) 5 (ite (= x!1 (- 2)) 7 0)))');
    expect(arrayShape(array)).toEqual({
      defaultValue: '0',
      entries: [
        ['-2', '7'],
        ['3', '5'],
      ],
    });
  });
  it('reads z3 lambdas with let and ranges', () => {
    const array = value(
      '(lambda ((x!1 Int)) (let ((a!1 (ite (and (<= 1 x!1) (not (<= 4 x!1))) 9 0))) (ite (= x!1 7) 1 a!1)))',
    );
    expect(arrayShape(array)).toEqual({
      defaultValue: '0',
      entries: [
        ['1', '9'],
        ['2', '9'],
        ['3', '9'],
        ['7', '1'],
      ],
    });
  });
  it('reads bit-vector-indexed lambdas', () => {
    const array = value('(lambda ((x (_ BitVec 8))) (ite (= x #x00) #x01 #x02))');
    expect(arrayShape(array)).toEqual({ defaultValue: '2', entries: [['0', '1']] });
  });
  it('reads a lambda whose ends differ exactly on the indices 0..largest literal, defaulting to the +infinity end when it can', () => {
    // x <= 0 -> 0, else 9: cell 0 holds 0, every positive cell 9
    expect(arrayShape(value('(lambda ((x Int)) (ite (<= x 0) 0 9))'))).toEqual({
      defaultValue: '9',
      entries: [['0', '0']],
    });
    // x < 3 -> 1, x = 5 -> 7, else 2 (the shape of z3's models of sorted prefixes)
    const array = value('(lambda ((x Int)) (ite (< x 3) 1 (ite (= x 5) 7 2)))');
    expect(arrayShape(array)).toEqual({
      defaultValue: '2',
      entries: [
        ['0', '1'],
        ['1', '1'],
        ['2', '1'],
        ['5', '7'],
      ],
    });
    // every literal negative: the non-negative cells all hold the +infinity value
    expect(arrayShape(value('(lambda ((x Int)) (ite (< x (- 4)) 1 2))'))).toEqual({ defaultValue: '2', entries: [] });
    // a long prefix: the -infinity value becomes the default, the few cells up to the literal are explicit
    expect(arrayShape(value('(lambda ((x Int)) (ite (< x 100000) 1 (ite (= x 100001) 5 0)))'))).toEqual({
      defaultValue: '1',
      entries: [
        ['100000', '0'],
        ['100001', '5'],
      ],
    });
    // a long middle segment (z3's models of sorted arrays): its value becomes the default
    expect(arrayShape(value('(lambda ((x Int)) (ite (< x 2) 7 (ite (< x 99999) 29 (ite (= x 99999) 3 0))))'))).toEqual({
      defaultValue: '29',
      entries: [
        ['0', '7'],
        ['1', '7'],
        ['99999', '3'],
      ],
    });
    expect(valueError('(lambda ((x Int)) (ite (< x 100000) 1 (ite (< x 200000) 2 0)))')).toMatch(/too many/);
  });
  it('refuses arrays it cannot represent exactly', () => {
    expect(valueError('(_ as-array k!0)')).toMatch(/as-array/);
    expect(valueError('(lambda ((x Int)) x)')).toMatch(/outside a comparison/);
    expect(valueError('(lambda ((x Int)) (ite (<= 0 x 100000) 1 0))')).toMatch(/outside a comparison|too many/);
    expect(valueError('(lambda ((x Int)) (ite (and (<= 0 x) (<= x 100000)) 1 0))')).toMatch(/too many/);
    expect(valueError('(/ 1 2)')).toMatch(/unsupported/);
    expect(valueError('(lambda ((x Int) (y Int)) 0)')).toMatch(/several parameters/);
  });
});

describe('interpretSolverOutput', () => {
  it('reads sat with values in request order', () => {
    const result = interpretSolverOutput(
      'sat\n((x (- 5))\n (a ((as const (Array Int Int)) 3)))\n(:reason-unknown "")\n',
      2,
    );
    expect(result.kind).toBe('sat');
    if (result.kind !== 'sat') return;
    expect(result.values?.[0]).toEqual(integer(-5));
    expect(arrayShape(result.values![1]!)).toEqual({ defaultValue: '3', entries: [] });
  });
  it('reads unsat and unknown with reasons', () => {
    expect(interpretSolverOutput('unsat\n', 0)).toEqual({ kind: 'unsat' });
    expect(interpretSolverOutput('unknown\n(:reason-unknown "timeout")\n', 0)).toEqual({
      kind: 'unknown',
      reason: 'timeout',
    });
    expect(interpretSolverOutput('unknown\n(:reason-unknown "canceled")\n', 0)).toEqual({
      kind: 'unknown',
      reason: 'timeout',
    });
    expect(interpretSolverOutput('unknown\n(:reason-unknown (incomplete quantifiers))\n', 0)).toEqual({
      kind: 'unknown',
      reason: '(incomplete quantifiers)',
    });
    expect(interpretSolverOutput('unknown\n', 0)).toEqual({ kind: 'unknown', reason: 'solver returned unknown' });
  });
  it('turns any error line into unknown, even with a sat/unsat answer', () => {
    const result = interpretSolverOutput('(error "line 1 column 34: unknown constant y")\nsat\n', 0);
    expect(result).toEqual({ kind: 'unknown', reason: 'solver error: line 1 column 34: unknown constant y' });
    expect(interpretSolverOutput('unsat\n(error "x")\n', 0).kind).toBe('unknown');
    expect(interpretSolverOutput('', 0).kind).toBe('unknown');
  });
  it('is unknown when requested values are missing or undecodable', () => {
    expect(interpretSolverOutput('sat\n', 1).kind).toBe('unknown');
    const result = interpretSolverOutput('sat\n((a (_ as-array k!0)))\n', 1);
    expect(result.kind).toBe('unknown');
    if (result.kind === 'unknown') expect(result.reason).toMatch(/as-array/);
  });
});

describe('a model asked for with the answer (get-model)', () => {
  const definition = '(define-fun inv_loop0 ((x!0 Int) (x!1 (Array Int Int))) Bool (>= (select x!1 x!0) 0))';

  it("reads z3 4.8's and 4.15's list of define-funs after sat, one definition a line", () => {
    const result = interpretSolverOutput(`sat\n(\n  ${definition}\n  (define-fun |p q| () Bool false)\n)\n`, 0, true);
    expect(result).toEqual({
      kind: 'sat',
      values: undefined,
      model: `${definition}\n(define-fun |p q| () Bool false)`,
    });
  });

  it('reads the (model …) form', () => {
    const result = interpretSolverOutput(`sat\n(model ${definition})\n`, 0, true);
    expect(result.kind === 'sat' ? result.model : undefined).toBe(definition);
  });

  it('drops the error get-model gives after unsat, and keeps other errors', () => {
    expect(interpretSolverOutput('unsat\n(error "line 9 column 10: model is not available")\n', 0, true)).toEqual({
      kind: 'unsat',
    });
    expect(interpretSolverOutput('unsat\n(error "line 9 column 10: model is not available")\n', 0).kind).toBe(
      'unknown',
    );
    expect(interpretSolverOutput('(error "unknown sort")\nunsat\n', 0, true).kind).toBe('unknown');
  });

  it('answers sat without a model when none is printed', () => {
    expect(interpretSolverOutput('sat\n', 0, true)).toEqual({ kind: 'sat', values: undefined });
  });
});
