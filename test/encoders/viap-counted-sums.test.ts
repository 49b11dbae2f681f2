// viap's sums of conditional steps (src/encoders/viap/counted-sums.ts): every count formula agrees
// with counting by brute force, for thresholds (<, <=, >, >=, = and their negations, with +n and −n
// against constants) and periodic conditions ((±n + F) mod m = r, r inside and outside [0, m)), and
// countedSum's closed form agrees with iterating the update, with branch values polynomial in the
// counter too (sums by Faulhaber's formula over the iterations a threshold selects) and by cases on
// conditions free of the counter; intervalWhere's intervals are the iterations a condition selects;
// interval-forms' candidates for set, maximum and minimum agree with iterating where they should.

import { describe, expect, it } from 'vitest';
import { countWhere, countedSum, intervalWhere } from '../../src/encoders/viap/counted-sums.js';
import { intervalCandidates } from '../../src/encoders/viap/interval-forms.js';
import {
  add,
  apply,
  boolSort,
  equal,
  euclideanDivide,
  falseTerm,
  trueTerm,
  euclideanModulo,
  subtract,
  greater,
  greaterEqual,
  intConstant,
  intSort,
  ite,
  less,
  lessEqual,
  negate,
  not,
  symbol,
  type Term,
} from '../../src/smt/terms.js';
import { printTerm } from '../../src/smt/printer.js';
import { evaluateTerm } from '../support/term-evaluator.js';

const n = symbol('n', intSort);
const x = symbol('x!start', intSort);
const varying = new Set([n.name, x.name]);

function value(term: Term, assignment: Record<string, bigint>): bigint | boolean {
  const result = evaluateTerm(term, new Map(Object.entries(assignment)));
  if (result === undefined || typeof result === 'object') throw new Error('not evaluable');
  return result;
}

/** the condition over t, counted by brute force over [0, size) */
function bruteCount(condition: Term, size: bigint): bigint {
  let count = 0n;
  for (let at = 0n; at < size; at++) if (value(condition, { n: at }) === true) count++;
  return count;
}

const comparisons = [less, lessEqual, greater, greaterEqual, equal] as const;

describe('viap counted sums', () => {
  it('count thresholds exactly: ±n against constants, every comparison and its negation', () => {
    let checked = 0;
    for (const compare of comparisons) {
      for (const sign of [1n, -1n]) {
        for (let bound = -3n; bound <= 7n; bound++) {
          const side = sign === 1n ? n : negate(n);
          for (const condition of [
            compare(side, intConstant(bound)),
            not(compare(side, intConstant(bound))),
            compare(intConstant(bound), add(side, intConstant(1n))),
          ]) {
            const count = countWhere(condition, n, varying);
            expect(count, `a count for ${printTerm(condition)}`).toBeDefined();
            for (let size = 0n; size <= 9n; size++) {
              expect(value(count!, { n: size }), `size ${size}`).toBe(bruteCount(condition, size));
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it('count conjunctions of one threshold with conditions free of the counter (r − n < N − n among them) exactly', () => {
    let checked = 0;
    for (let threshold = -2n; threshold <= 6n; threshold++) {
      for (let left = -1n; left <= 3n; left++) {
        for (let right = -1n; right <= 3n; right++) {
          const differenceFree = less(add(intConstant(left), negate(n)), add(intConstant(right), negate(n)));
          for (const condition of [
            apply('and', [lessEqual(n, intConstant(threshold)), differenceFree], boolSort),
            apply(
              'and',
              [lessEqual(intConstant(left), intConstant(right)), greater(n, intConstant(threshold))],
              boolSort,
            ),
            apply(
              'and',
              [differenceFree, not(equal(n, intConstant(threshold))), lessEqual(intConstant(0n), intConstant(left))],
              boolSort,
            ),
          ]) {
            const count = countWhere(condition, n, varying);
            expect(count, `a count for ${printTerm(condition)}`).toBeDefined();
            for (let size = 0n; size <= 9n; size++) {
              expect(value(count!, { n: size }), `${printTerm(condition)}, size ${size}`).toBe(
                bruteCount(condition, size),
              );
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it('count thresholds with a second threshold or a periodic condition, and boolean ites with a constant branch, exactly', () => {
    let checked = 0;
    for (let low = -2n; low <= 6n; low++) {
      for (let high = -1n; high <= 8n; high++) {
        for (const modulus of [2n, 3n]) {
          const periodic = equal(euclideanModulo(n, intConstant(modulus)), intConstant(0n));
          for (const condition of [
            apply('and', [lessEqual(n, intConstant(high)), greater(n, intConstant(low))], boolSort),
            apply('and', [greater(n, intConstant(low)), periodic], boolSort),
            apply('and', [periodic, less(n, intConstant(high))], boolSort),
            apply('and', [greaterEqual(n, intConstant(low)), less(n, intConstant(high)), periodic], boolSort),
            ite(greater(n, intConstant(low)), periodic, falseTerm),
            ite(less(n, intConstant(high)), trueTerm, periodic),
          ]) {
            const count = countWhere(condition, n, varying);
            expect(count, `a count for ${printTerm(condition)}`).toBeDefined();
            for (let size = 0n; size <= 10n; size++) {
              expect(value(count!, { n: size }), `${printTerm(condition)}, size ${size}`).toBe(
                bruteCount(condition, size),
              );
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });

  it('count periodic conditions exactly, with the remainder inside and outside [0, m)', () => {
    let checked = 0;
    for (const modulus of [1n, 2n, 3n, 5n]) {
      for (const sign of [1n, -1n]) {
        for (let offset = -4n; offset <= 4n; offset++) {
          for (let remainder = -1n; remainder <= modulus; remainder++) {
            const dividend = add(sign === 1n ? n : negate(n), intConstant(offset));
            const condition = equal(euclideanModulo(dividend, intConstant(modulus)), intConstant(remainder));
            const count = countWhere(condition, n, varying);
            expect(count).toBeDefined();
            for (let size = 0n; size <= 12n; size++) {
              expect(
                value(count!, { n: size }),
                `(${sign}n + ${offset}) mod ${modulus} = ${remainder}, size ${size}`,
              ).toBe(bruteCount(condition, size));
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(3000);
  });

  it('gives the closed form of x + d + ite(c(n), a, b) that iterating the update gives, and refuses other shapes', () => {
    const threshold = symbol('K', intSort);
    const condition = apply('<', [n, threshold], boolSort);
    const update = add(
      x,
      intConstant(2n),
      ite(condition, intConstant(5n), intConstant(-1n)),
      ite(equal(euclideanModulo(n, intConstant(3n)), intConstant(1n)), intConstant(4n), intConstant(0n)),
    );
    const form = countedSum(update, x, n, intConstant(7n), varying);
    expect(form).toBeDefined();
    for (let bound = -2n; bound <= 6n; bound++) {
      let current = 7n;
      for (let size = 0n; size <= 10n; size++) {
        expect(value(form!, { n: size, K: bound }), `K = ${bound}, n = ${size}`).toBe(current);
        current = value(update, { n: size, K: bound, 'x!start': current }) as bigint;
      }
    }
    // the ite may enclose x itself: ite(c, x + 3, x − 1) + 2
    const enclosing = add(
      ite(
        equal(euclideanModulo(add(n, intConstant(1n)), intConstant(2n)), intConstant(0n)),
        add(x, intConstant(3n)),
        add(x, intConstant(-1n)),
      ),
      intConstant(2n),
    );
    const enclosingForm = countedSum(enclosing, x, n, intConstant(-4n), varying);
    expect(enclosingForm).toBeDefined();
    let current = -4n;
    for (let size = 0n; size <= 10n; size++) {
      expect(value(enclosingForm!, { n: size }), `n = ${size}`).toBe(current);
      current = value(enclosing, { n: size, 'x!start': current }) as bigint;
    }
    // a step that reads x, a condition that is not counted
    expect(countedSum(add(x, ite(condition, x, intConstant(0n))), x, n, intConstant(0n), varying)).toBeUndefined();
    expect(
      countedSum(ite(condition, add(x, intConstant(1n)), intConstant(0n)), x, n, intConstant(0n), varying),
    ).toBeUndefined();
    expect(
      countedSum(
        add(x, ite(less(apply('*', [n, n], intSort), threshold), intConstant(1n), intConstant(0n))),
        x,
        n,
        intConstant(0n),
        varying,
      ),
    ).toBeUndefined();
  });

  it('flattens nested ites that share a branch (a cell range around a threshold) and counts them as iterating gives', () => {
    const size = symbol('K', intSort);
    const inRange = apply('and', [lessEqual(intConstant(0n), size), less(size, intConstant(4n))], boolSort);
    let checked = 0;
    for (const update of [
      add(x, ite(inRange, ite(lessEqual(size, n), intConstant(1n), intConstant(0n)), intConstant(0n))),
      ite(inRange, ite(lessEqual(size, n), add(x, intConstant(2n)), x), x),
      add(x, ite(inRange, intConstant(0n), ite(greater(n, size), intConstant(3n), intConstant(0n)))),
    ]) {
      const form = countedSum(update, x, n, intConstant(1n), varying);
      expect(form, `a form for ${printTerm(update)}`).toBeDefined();
      for (let bound = -2n; bound <= 6n; bound++) {
        let current = 1n;
        for (let at = 0n; at <= 10n; at++) {
          expect(value(form!, { n: at, K: bound }), `${printTerm(update)}, K = ${bound}, n = ${at}`).toBe(current);
          current = value(update, { n: at, K: bound, 'x!start': current }) as bigint;
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(250);
  });

  it('writes a step that reads the counter only through one remainder as a sum over its residue classes, as iterating gives', () => {
    const size = symbol('K', intSort);
    let checked = 0;
    for (const modulus of [2n, 3n, 5n]) {
      for (const sign of [1n, -1n]) {
        // x + (K + 1 − ((±n + K) mod m)) div 2: an inner loop's count of (i + j) % m == 0
        const remainder = euclideanModulo(add(sign === 1n ? n : negate(n), size), intConstant(modulus));
        const update = add(x, euclideanDivide(subtract(add(size, intConstant(1n)), remainder), intConstant(2n)));
        const form = countedSum(update, x, n, intConstant(3n), varying);
        expect(form, `a form for ${printTerm(update)}`).toBeDefined();
        for (let bound = -2n; bound <= 5n; bound++) {
          let current = 3n;
          for (let at = 0n; at <= 12n; at++) {
            expect(value(form!, { n: at, K: bound }), `${printTerm(update)}, K = ${bound}, n = ${at}`).toBe(current);
            current = value(update, { n: at, K: bound, 'x!start': current }) as bigint;
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    // the counter outside the remainder as well, a remainder with a non-constant offset beside
    // another, or remainders whose common period exceeds 6: no form
    expect(countedSum(add(x, n, euclideanModulo(n, intConstant(2n))), x, n, intConstant(0n), varying)).toBeUndefined();
    expect(
      countedSum(
        add(x, euclideanModulo(add(n, size), intConstant(2n)), euclideanModulo(n, intConstant(3n))),
        x,
        n,
        intConstant(0n),
        varying,
      ),
    ).toBeUndefined();
    expect(
      countedSum(
        add(x, euclideanModulo(n, intConstant(4n)), euclideanModulo(n, intConstant(3n))),
        x,
        n,
        intConstant(0n),
        varying,
      ),
    ).toBeUndefined();
  });

  it('writes a step with several remainders of constant offsets as a sum over the classes of their common period, as iterating gives', () => {
    const size = symbol('K', intSort);
    const mod = (term: Term, modulus: bigint): Term => euclideanModulo(term, intConstant(modulus));
    const is = (term: Term, value: bigint): Term => equal(term, intConstant(value));
    const updates = [
      // the sum of the cells a loop with stride 3 wrote (1, 2, K at 3i, 3i + 1, 3i + 2), read back by n
      add(
        x,
        ite(is(mod(n, 3n), 0n), intConstant(1n), ite(is(mod(add(n, intConstant(-1n)), 3n), 0n), intConstant(2n), size)),
      ),
      add(x, mod(n, 2n), mod(n, 3n)),
      add(x, ite(is(mod(negate(n), 2n), 1n), size, intConstant(-1n)), mod(add(n, intConstant(5n)), 3n)),
    ];
    let checked = 0;
    for (const update of updates) {
      const form = countedSum(update, x, n, intConstant(2n), varying);
      expect(form, `a form for ${printTerm(update)}`).toBeDefined();
      for (let bound = -3n; bound <= 4n; bound++) {
        let current = 2n;
        for (let at = 0n; at <= 14n; at++) {
          expect(value(form!, { n: at, K: bound }), `${printTerm(update)}, K = ${bound}, n = ${at}`).toBe(current);
          current = value(update, { n: at, K: bound, 'x!start': current }) as bigint;
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });
});

describe('viap counted sums of steps that move with the counter (issue 26: triangular nests)', () => {
  const size = symbol('K', intSort);
  const cell = symbol('r', intSort);
  const thresholds: Term[] = [
    lessEqual(cell, n),
    less(n, cell),
    apply('and', [lessEqual(intConstant(0n), cell), less(cell, add(n, intConstant(1n)))], boolSort),
    not(lessEqual(cell, n)),
    equal(n, add(cell, intConstant(1n))),
    greaterEqual(size, add(n, cell)),
  ];
  const values: Term[] = [
    n,
    add(apply('*', [intConstant(2n), n], intSort), intConstant(3n)),
    apply('*', [n, n], intSort),
    apply('*', [n, n, n], intSort),
    subtract(size, n),
  ];

  it('sums a branch value polynomial in n over the iterations a threshold or point selects, as iterating gives', () => {
    let checked = 0;
    for (const condition of thresholds) {
      for (const thenValue of values) {
        for (const elseValue of [intConstant(0n), intConstant(1n), n].filter((candidate) => candidate !== thenValue)) {
          const update = add(x, ite(condition, thenValue, elseValue));
          const form = countedSum(update, x, n, intConstant(5n), varying);
          expect(form, `a form for ${printTerm(update)}`).toBeDefined();
          for (let bound = -2n; bound <= 5n; bound++) {
            for (let at = -1n; at <= 6n; at++) {
              let current = 5n;
              for (let step = 0n; step <= 8n; step++) {
                expect(
                  value(form!, { n: step, K: bound, r: at }),
                  `${printTerm(update)}, K = ${bound}, r = ${at}, n = ${step}`,
                ).toBe(current);
                current = value(update, { n: step, K: bound, r: at, 'x!start': current }) as bigint;
                checked++;
              }
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(40_000);
  });

  it('splits on a condition free of the counter (rows of a 2 × N array with different steps), as iterating gives', () => {
    const row = symbol('w', intSort);
    const reached = lessEqual(cell, n);
    const update = ite(
      apply('and', [equal(row, intConstant(1n)), reached], boolSort),
      add(x, n),
      ite(apply('and', [equal(row, intConstant(0n)), reached], boolSort), add(x, intConstant(1n)), x),
    );
    const form = countedSum(update, x, n, intConstant(2n), varying);
    expect(form).toBeDefined();
    let checked = 0;
    for (let rowValue = -1n; rowValue <= 2n; rowValue++) {
      for (let at = -1n; at <= 5n; at++) {
        let current = 2n;
        for (let step = 0n; step <= 8n; step++) {
          expect(value(form!, { n: step, w: rowValue, r: at }), `w = ${rowValue}, r = ${at}, n = ${step}`).toBe(
            current,
          );
          current = value(update, { n: step, w: rowValue, r: at, 'x!start': current }) as bigint;
          checked++;
        }
      }
    }
    expect(checked).toBe(252);
  });

  it('gives the interval of iterations each threshold and point selects, as brute force does', () => {
    let checked = 0;
    for (const condition of [...thresholds, not(less(n, cell)), greater(n, size)]) {
      const interval = intervalWhere(condition, n, varying);
      expect(interval, `an interval for ${printTerm(condition)}`).toBeDefined();
      for (let bound = -2n; bound <= 5n; bound++) {
        for (let at = -1n; at <= 6n; at++) {
          for (let length = 0n; length <= 8n; length++) {
            const assignment = { n: length, K: bound, r: at };
            const guard = interval!.guard.every((term) => value(term, assignment) === true);
            const lo = value(interval!.lo, assignment) as bigint;
            const hi = value(interval!.hi, assignment) as bigint;
            for (let t = 0n; t < length; t++) {
              const selected = value(condition, { ...assignment, n: t }) === true;
              expect(
                guard && lo <= t && t < hi,
                `${printTerm(condition)}, K = ${bound}, r = ${at}, n = ${length}, t = ${t}`,
              ).toBe(selected);
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('offers set, maximum and minimum candidates that iterating confirms where the offered value is monotone', () => {
    const reached = apply('and', [lessEqual(intConstant(0n), cell), lessEqual(cell, n)], boolSort);
    const threeN = apply('*', [intConstant(3n), n], intSort);
    const cases: { readonly update: Term; readonly initial: bigint }[] = [
      { update: ite(reached, threeN, x), initial: 0n },
      { update: ite(reached, ite(less(x, threeN), threeN, x), x), initial: 4n },
      { update: ite(reached, ite(greater(x, subtract(size, n)), subtract(size, n), x), x), initial: 100n },
      {
        update: ite(less(n, cell), ite(lessEqual(add(n, intConstant(2n)), x), x, add(n, intConstant(2n))), x),
        initial: 1n,
      },
    ];
    for (const { update, initial } of cases) {
      const candidates = intervalCandidates(x, update, intConstant(initial), n);
      expect(candidates.length, printTerm(update)).toBeGreaterThan(0);
      const confirmed = candidates.filter((candidate) => {
        for (let bound = 0n; bound <= 6n; bound++) {
          for (let at = -1n; at <= 6n; at++) {
            let current = initial;
            for (let step = 0n; step <= 8n; step++) {
              if (value(candidate, { n: step, K: bound, r: at }) !== current) return false;
              current = value(update, { n: step, K: bound, r: at, 'x!start': current }) as bigint;
            }
          }
        }
        return true;
      });
      expect(confirmed.length, `a candidate of ${printTerm(update)} agrees with iterating`).toBeGreaterThan(0);
    }
    // a step that is not a set, maximum or minimum: no candidate
    expect(intervalCandidates(x, ite(reached, add(x, n), x), intConstant(0n), n)).toEqual([]);
  });
});
