// Golden tests for the SMT-LIB / CHC-COMP printer: shapes, quoting, numbers, sharing, deep terms.
import { describe, expect, it } from 'vitest';
import {
  add,
  and,
  applyFunction,
  arraySort,
  bitvectorConstant,
  bitvectorSort,
  boolSort,
  constantArray,
  createChcSystem,
  createSmtScript,
  declareFunction,
  equal,
  extract,
  falseTerm,
  forall,
  greaterEqual,
  intConstant,
  intSort,
  ite,
  less,
  letTerm,
  negate,
  not,
  select,
  store,
  substituteTerm,
  symbol,
  zeroExtend,
  type Term,
} from '../../src/smt/terms.js';
import { printChcSystem, printSmtScript, printSort, printSymbol, printTerm } from '../../src/smt/printer.js';

const x = symbol('x', intSort);
const y = symbol('y', intSort);
const intArray = arraySort(intSort, intSort);
const a = symbol('a', intArray);

describe('printSort / printSymbol', () => {
  it('prints sorts', () => {
    expect(printSort(intSort)).toBe('Int');
    expect(printSort(boolSort)).toBe('Bool');
    expect(printSort(bitvectorSort(32))).toBe('(_ BitVec 32)');
    expect(printSort(arraySort(intSort, arraySort(intSort, bitvectorSort(8))))).toBe(
      '(Array Int (Array Int (_ BitVec 8)))',
    );
  });
  it('quotes symbols that are not simple', () => {
    expect(printSymbol('x_1')).toBe('x_1');
    expect(printSymbol('main::i')).toBe('|main::i|');
    expect(printSymbol('a b')).toBe('|a b|');
    expect(printSymbol('1x')).toBe('|1x|');
    expect(printSymbol('let')).toBe('|let|');
    expect(printSymbol('assert')).toBe('|assert|');
    expect(printSymbol('store')).toBe('|store|');
    expect(printSymbol('true')).toBe('|true|');
    expect(() => printSymbol('a|b')).toThrow(/cannot be printed/);
  });
});

describe('printTerm', () => {
  it('prints numbers', () => {
    expect(printTerm(intConstant(-5))).toBe('(- 5)');
    expect(printTerm(intConstant(12345678901234567890n))).toBe('12345678901234567890');
    expect(printTerm(bitvectorConstant(5, 4))).toBe('#b0101');
    expect(printTerm(bitvectorConstant(-1, 32))).toBe('(_ bv4294967295 32)');
  });
  it('prints operators, indexed operators and constant arrays', () => {
    expect(printTerm(and(less(x, y), not(equal(x, negate(y)))))).toBe('(and (< x y) (not (= x (- y))))');
    const byte = symbol('b', bitvectorSort(8));
    expect(printTerm(zeroExtend(24, byte))).toBe('((_ zero_extend 24) b)');
    expect(printTerm(extract(3, 0, byte))).toBe('((_ extract 3 0) b)');
    expect(printTerm(store(constantArray(intArray, intConstant(0)), x, intConstant(-1)))).toBe(
      '(store ((as const (Array Int Int)) 0) x (- 1))',
    );
    expect(printTerm(symbol('main::a', intArray))).toBe('|main::a|');
  });
  it('prints quantifiers and user lets', () => {
    const i = symbol('i', intSort);
    expect(printTerm(forall([i], greaterEqual(select(a, i), intConstant(0))))).toBe(
      '(forall ((i Int)) (>= (select a i) 0))',
    );
    expect(printTerm(letTerm([{ name: 'v', value: add(x, y) }], less(symbol('v', intSort), x)))).toBe(
      '(let ((v (+ x y))) (< v x))',
    );
  });
  it('prints instantiation patterns after the body, whole (a let of the body does not reach them), and substitutes inside them', () => {
    const i = symbol('i', intSort);
    const successor = select(a, add(i, intConstant(1)));
    const shared = add(select(a, i), x);
    const term = forall([i], equal(successor, add(shared, shared)), [[successor], [select(a, i)]]);
    expect(printTerm(term)).toBe(
      '(forall ((i Int)) (! (let ((_let0 (+ (select a i) x))) (= (select a (+ i 1)) (+ _let0 _let0))) :pattern ((select a (+ i 1))) :pattern ((select a i))))',
    );
    const renamed = substituteTerm(
      term,
      new Map([
        ['a', symbol('b', intArray)],
        ['i', x],
      ]),
    );
    expect(printTerm(renamed)).toContain(':pattern ((select b (+ i 1))) :pattern ((select b i))');
  });
  it('binds shared subterms with let, in levels', () => {
    const sum = add(x, y);
    const doubled = add(sum, sum);
    const term = and(less(doubled, x), greaterEqual(doubled, sum));
    expect(printTerm(term)).toBe(
      '(let ((_let0 (+ x y))) (let ((_let1 (+ _let0 _let0))) (and (< _let1 x) (>= _let1 _let0))))',
    );
  });
  it('avoids let names that clash with symbols', () => {
    const clash = symbol('_let0', intSort);
    const sum = add(clash, y);
    expect(printTerm(less(sum, sum))).toBe('(let ((_let1 (+ _let0 y))) (< _let1 _let1))');
  });
  it('prints a 10^5-deep store chain and ite chain without stack overflow', () => {
    let array: Term = a;
    let value: Term = intConstant(0);
    for (let index = 0; index < 100_000; index++) {
      array = store(array, intConstant(index), intConstant(index));
      value = ite(equal(x, intConstant(index)), intConstant(index), value);
    }
    const printedArray = printTerm(array);
    expect(printedArray.startsWith('(store (store')).toBe(true);
    expect(printedArray.endsWith(' 99999 99999)')).toBe(true);
    expect(printTerm(value).length).toBeGreaterThan(100_000 * 10);
  });
  it('is linear in the DAG size for exponentially large trees', () => {
    let term: Term = x;
    for (let index = 0; index < 200; index++) term = add(term, term); // tree size 2^200
    const printed = printTerm(term);
    expect(printed.length).toBeLessThan(20_000);
    expect(printed.match(/\(let /g)?.length).toBe(199);
  });
});

describe('printSmtScript', () => {
  it('prints the golden script shape', () => {
    const f = declareFunction('f', [intSort], intSort);
    const script = createSmtScript({
      headerComments: ['encode test', 'second line'],
      logic: 'QF_AUFLIA',
      constants: [x, a],
      functions: [f],
      assertions: [
        { term: less(applyFunction(f, [x]), intConstant(-3)), comment: 'f(x) < -3' },
        { term: equal(select(a, x), x) },
      ],
    });
    expect(printSmtScript(script, { getValues: [x, a] })).toBe(
      [
        '; encode test',
        '; second line',
        '(set-option :produce-models true)',
        '(set-logic QF_AUFLIA)',
        '(declare-fun x () Int)',
        '(declare-fun a () (Array Int Int))',
        '(declare-fun f (Int) Int)',
        '; f(x) < -3',
        '(assert (< (f x) (- 3)))',
        '(assert (= (select a x) x))',
        '(check-sat)',
        '(get-value (x a))',
        '',
      ].join('\n'),
    );
    expect(printSmtScript(script)).not.toContain('get-value');
    expect(printSmtScript(script)).not.toContain('produce-models');
  });
});

describe('printChcSystem', () => {
  it('prints the CHC-COMP shape with queries last, in the strict form', () => {
    const invariant = declareFunction('inv', [intSort, intArray], boolSort);
    const x1 = symbol('x1', intSort);
    const system = createChcSystem({
      headerComments: ['counter'],
      predicates: [invariant],
      clauses: [
        {
          variables: [x, a],
          body: [greaterEqual(x, intConstant(5)), applyFunction(invariant, [x, a])],
          head: falseTerm,
          comment: 'query',
        },
        { variables: [x, a], body: [equal(x, intConstant(0))], head: applyFunction(invariant, [x, a]) },
        {
          variables: [x, x1, a],
          body: [applyFunction(invariant, [x, a]), less(x, intConstant(5)), equal(x1, add(x, intConstant(1)))],
          head: applyFunction(invariant, [x1, a]),
        },
        {
          variables: [],
          body: [],
          head: applyFunction(invariant, [intConstant(-1), constantArray(intArray, intConstant(0))]),
        },
      ],
    });
    expect(printChcSystem(system)).toBe(
      [
        '; counter',
        '(set-logic HORN)',
        // strict CHC-COMP form (src/smt/chc-comp.ts): the constant array is a ghost argument of every
        // predicate (no clause reads a cell, so no read constraint), the head's arguments are distinct variables
        '(declare-fun inv (Int (Array Int Int) (Array Int Int)) Bool)',
        '(assert (forall ((x Int) (a (Array Int Int)) (chc!const.0 (Array Int Int))) (=> (= x 0) (inv x a chc!const.0))))',
        '(assert (forall ((x Int) (x1 Int) (a (Array Int Int)) (chc!const.0 (Array Int Int))) (=> (and (inv x a chc!const.0) (< x 5) (= x1 (+ x 1))) (inv x1 a chc!const.0))))',
        '(assert (forall ((chc!const.0 (Array Int Int)) (chc!head.0 Int) (chc!head.1 (Array Int Int))) (=> (and (= chc!head.0 (- 1)) (= chc!head.1 chc!const.0)) (inv chc!head.0 chc!const.0 chc!head.1))))',
        '; query',
        '(assert (forall ((x Int) (a (Array Int Int)) (chc!const.0 (Array Int Int))) (=> (and (>= x 5) (inv x a chc!const.0)) false)))',
        '(check-sat)',
        '',
      ].join('\n'),
    );
  });
  it('rejects clauses with undeclared variables', () => {
    const invariant = declareFunction('inv', [intSort], boolSort);
    const system = createChcSystem({
      headerComments: [],
      predicates: [invariant],
      clauses: [{ variables: [], body: [equal(x, intConstant(0))], head: applyFunction(invariant, [x]) }],
    });
    expect(() => printChcSystem(system)).toThrow(/undeclared variable x/);
  });
});
