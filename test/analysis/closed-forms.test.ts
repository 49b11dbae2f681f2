// Closed forms of loop paths (src/analysis/closed-forms.ts): syntactic matching (eq. (1)
// generalised), constraint-based fitting (eq. (2), Theorem 1, eq. (4)) and the undefined cases, each
// closed form compared against direct iteration of the path; randomized transitions of the solvable
// shapes and arbitrary ones (no wrong form may ever come out).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeClosedForms, theoremOnePoints, type ClosedForm } from '../../src/analysis/closed-forms.js';
import {
  addPolynomials,
  constantPolynomial,
  degreeIn,
  evaluatePolynomial,
  formatPolynomial,
  multiplyPolynomials,
  polynomialsEqual,
  polynomialVariables,
  rational,
  subtractPolynomials,
  variablePolynomial,
  type Polynomial,
  type Rational,
} from '../../src/analysis/polynomial.js';

const v = variablePolynomial;
const c = (value: bigint | number): Polynomial => constantPolynomial(BigInt(value));
const add = addPolynomials;
const mul = multiplyPolynomials;
const sub = subtractPolynomials;

function forms(updates: [string, Polynomial | undefined][], maximumDegree?: number): ReadonlyMap<string, ClosedForm> {
  return computeClosedForms(
    { updates: new Map(updates) },
    { iterationVariable: 'j', ...(maximumDegree === undefined ? {} : { maximumDegree }) },
  );
}

/** the state after `count` iterations of the path, from `initial` */
function iterate(
  updates: ReadonlyMap<string, Polynomial | undefined>,
  initial: ReadonlyMap<string, Rational>,
  count: number,
): Map<string, Rational> {
  let values = new Map(initial);
  for (let step = 0; step < count; step++) {
    const next = new Map(values);
    for (const [name, update] of updates) next.set(name, evaluatePolynomial(update!, values));
    values = next;
  }
  return values;
}

/** every defined closed form agrees with direct iteration for j = 0..6 */
function expectFormsMatchIteration(
  updates: ReadonlyMap<string, Polynomial | undefined>,
  result: ReadonlyMap<string, ClosedForm>,
  initial: ReadonlyMap<string, Rational>,
): void {
  for (let count = 0; count <= 6; count++) {
    const expected = iterate(updates, initial, count);
    const at = new Map(initial);
    at.set('j', rational(BigInt(count)));
    for (const [name, form] of result) {
      switch (form.kind) {
        case 'polynomial':
          expect(
            evaluatePolynomial(form.value, at),
            `${name} = ${formatPolynomial(form.value)} at j = ${count}`,
          ).toEqual(expected.get(name));
          break;
        case 'fromFirstIteration':
          if (count >= 1)
            expect(
              evaluatePolynomial(form.value, at),
              `${name} = ${formatPolynomial(form.value)} at j = ${count}`,
            ).toEqual(expected.get(name));
          break;
        case 'undefined':
          break;
        default: {
          const unreachable: never = form;
          throw new Error(`unexpected ${JSON.stringify(unreachable)}`);
        }
      }
    }
  }
}

function initialValues(names: Iterable<string>, seed: bigint[]): Map<string, Rational> {
  return new Map([...names].map((name, index) => [name, rational(seed[index % seed.length]!)]));
}

function polynomialForm(
  result: ReadonlyMap<string, ClosedForm>,
  name: string,
): Extract<ClosedForm, { kind: 'polynomial' }> {
  const form = result.get(name);
  if (form?.kind !== 'polynomial') throw new Error(`${name}: ${JSON.stringify(form)}`);
  return form;
}

function undefinedReason(result: ReadonlyMap<string, ClosedForm>, name: string): string {
  const form = result.get(name);
  if (form?.kind !== 'undefined') throw new Error(`${name} has a closed form: ${JSON.stringify(form)}`);
  return form.reason;
}

describe('syntactic closed forms', () => {
  it('i := i + 1 gives i + j', () => {
    const form = polynomialForm(forms([['i', add(v('i'), c(1))]]), 'i');
    expect(form.method).toBe('syntactic');
    expect(polynomialsEqual(form.value, add(v('i'), v('j')))).toBe(true);
  });

  it('x := x + y with y invariant gives x + y*j', () => {
    const form = polynomialForm(forms([['x', add(v('x'), v('y'))]]), 'x');
    expect(polynomialsEqual(form.value, add(v('x'), mul(v('y'), v('j'))))).toBe(true);
  });

  it('x := x + i, i := i + 1 gives x + i*j + j(j-1)/2, whatever the order of the updates', () => {
    const expected = add(
      v('x'),
      mul(v('i'), v('j')),
      mul(constantPolynomial(rational(1n, 2n)), v('j'), sub(v('j'), c(1))),
    );
    for (const updates of [
      [
        ['x', add(v('x'), v('i'))],
        ['i', add(v('i'), c(1))],
      ],
      [
        ['i', add(v('i'), c(1))],
        ['x', add(v('x'), v('i'))],
      ],
    ] as [string, Polynomial][][]) {
      const result = forms(updates);
      const form = polynomialForm(result, 'x');
      expect(form.method).toBe('syntactic');
      expect(polynomialsEqual(form.value, expected), formatPolynomial(form.value)).toBe(true);
      expectFormsMatchIteration(new Map(updates), result, initialValues(['x', 'i'], [3n, -2n]));
    }
  });

  it('flag := 1 holds from the first iteration', () => {
    const form = forms([['flag', c(1)]]).get('flag');
    expect(form?.kind).toBe('fromFirstIteration');
    if (form?.kind === 'fromFirstIteration') expect(polynomialsEqual(form.value, c(1))).toBe(true);
  });

  it('x := y + 1 with y := y + 2 gives y + 2*j - 1 from the first iteration', () => {
    const updates: [string, Polynomial][] = [
      ['x', add(v('y'), c(1))],
      ['y', add(v('y'), c(2))],
    ];
    const result = forms(updates);
    const form = result.get('x');
    expect(form?.kind).toBe('fromFirstIteration');
    if (form?.kind === 'fromFirstIteration')
      expect(polynomialsEqual(form.value, add(v('y'), mul(c(2), v('j')), c(-1)))).toBe(true);
    expectFormsMatchIteration(new Map(updates), result, initialValues(['x', 'y'], [7n, 4n]));
  });

  it('x := x + flag with flag := 1 gives x + flag + (j - 1) from the first iteration', () => {
    const updates: [string, Polynomial][] = [
      ['x', add(v('x'), v('flag'))],
      ['flag', c(1)],
    ];
    const result = forms(updates);
    const form = result.get('x');
    expect(form?.kind).toBe('fromFirstIteration');
    if (form?.kind === 'fromFirstIteration')
      expect(polynomialsEqual(form.value, add(v('x'), v('flag'), v('j'), c(-1)))).toBe(true);
    expectFormsMatchIteration(new Map(updates), result, initialValues(['x', 'flag'], [10n, 5n]));
  });

  it('rejects a degree-3 sum with the default maximum degree and accepts it with maximum degree 3', () => {
    const updates: [string, Polynomial][] = [
      ['x', add(v('x'), mul(v('i'), v('i')))],
      ['i', add(v('i'), c(1))],
    ];
    const defaultDegree = forms(updates);
    expect(polynomialForm(defaultDegree, 'i').method).toBe('syntactic');
    expect(undefinedReason(defaultDegree, 'x')).toMatch(/x := .*: no polynomial closed form of degree <= 2/);
    const cubic = forms(updates, 3);
    const form = polynomialForm(cubic, 'x');
    expect(degreeIn(form.value, 'j')).toBe(3);
    expectFormsMatchIteration(new Map(updates), cubic, initialValues(['x', 'i'], [1n, -3n]));
  });
});

describe('fitted closed forms (eq. (2), Theorem 1, eq. (4))', () => {
  it('Theorem 1 gives 2k+2 points with n <= 2', () => {
    for (let count = 1; count <= 5; count++) {
      const points = theoremOnePoints(count);
      expect(points).toHaveLength(2 * count + 2);
      expect(points.every((point) => point.values.length === count && point.iterations <= 2)).toBe(true);
    }
  });

  it('solves a coupled system no syntactic rule matches: x := 2*x - y, y := x', () => {
    const updates: [string, Polynomial][] = [
      ['x', sub(mul(c(2), v('x')), v('y'))],
      ['y', v('x')],
    ];
    const result = forms(updates);
    const x = polynomialForm(result, 'x');
    const y = polynomialForm(result, 'y');
    expect(x.method).toBe('fitted');
    expect(y.method).toBe('fitted');
    const difference = mul(v('j'), sub(v('x'), v('y')));
    expect(polynomialsEqual(x.value, add(v('x'), difference))).toBe(true);
    expect(polynomialsEqual(y.value, add(v('y'), difference))).toBe(true);
    expectFormsMatchIteration(new Map(updates), result, initialValues(['x', 'y'], [5n, -1n]));
  });

  it('fits a quadratic coupled system and then solves a dependent variable syntactically', () => {
    const updates: [string, Polynomial][] = [
      ['x', add(sub(mul(c(2), v('x')), v('y')), c(1))],
      ['y', v('x')],
      ['z', add(v('z'), v('y'))],
    ];
    const result = forms(updates);
    expect(polynomialForm(result, 'x').method).toBe('fitted');
    expect(degreeIn(polynomialForm(result, 'x').value, 'j')).toBe(2);
    // z sums a quadratic: degree 3, rejected by default
    expect(result.get('z')?.kind).toBe('undefined');
    const cubic = forms(updates, 3);
    expect(polynomialForm(cubic, 'z').method).toBe('syntactic');
    expectFormsMatchIteration(new Map(updates), cubic, initialValues(['x', 'y', 'z'], [2n, 9n, -4n]));
  });

  it('rejects a fit whose n^2 coefficient would have to be symbolic (outside the template of eq. (2))', () => {
    // x(n) = x + n*(x - y) + n*a + n*(n-1)/2*a: the n^2 term a/2 is not a constant
    const result = forms([
      ['x', add(sub(mul(c(2), v('x')), v('y')), v('a'))],
      ['y', v('x')],
    ]);
    expect(undefinedReason(result, 'x')).toMatch(/no polynomial closed form of degree <= 2/);
    expect(result.get('y')?.kind).toBe('undefined');
  });
});

describe('undefined closed forms', () => {
  it('x := 2*x has no polynomial closed form', () => {
    expect(undefinedReason(forms([['x', mul(c(2), v('x'))]]), 'x')).toBe(
      'x := 2*x: no polynomial closed form of degree <= 2',
    );
  });

  it('the swap x := y, y := x has none', () => {
    const result = forms([
      ['x', v('y')],
      ['y', v('x')],
    ]);
    expect(result.get('x')?.kind).toBe('undefined');
    expect(result.get('y')?.kind).toBe('undefined');
  });

  it('a variable reading a non-polynomial value has none', () => {
    const result = forms([
      ['y', undefined],
      ['z', add(v('z'), v('y'))],
      ['w', add(v('w'), v('z'))],
    ]);
    expect(undefinedReason(result, 'y')).toMatch(/not a polynomial/);
    expect(undefinedReason(result, 'z')).toBe('z reads y, which has no closed form');
    expect(undefinedReason(result, 'w')).toBe('w reads z, which has no closed form');
  });

  it('a variable copying one that holds only from the first iteration has none', () => {
    const updates: [string, Polynomial][] = [
      ['flag', c(1)],
      ['x', add(v('flag'), v('a'))],
    ];
    const result = forms(updates);
    expect(result.get('flag')?.kind).toBe('fromFirstIteration');
    expect(undefinedReason(result, 'x')).toBe('x reads flag, whose closed form holds only from the first iteration');
  });

  it('refuses an iteration variable that the transition uses', () => {
    expect(() =>
      computeClosedForms({ updates: new Map([['j', add(v('j'), c(1))]]) }, { iterationVariable: 'j' }),
    ).toThrow();
  });
});

describe('randomized transitions', () => {
  const invariants = ['a', 'b'];
  const modified = ['v0', 'v1', 'v2', 'v3'];
  const coefficient = fc.integer({ min: -3, max: 3 });

  /** updates of the solvable shapes: v_k := v_k + (invariant polynomial + earlier variables), or
   *  v_k := polynomial of invariants and earlier variables; inserted in a random order */
  const chainArbitrary = fc
    .tuple(
      fc.array(
        fc.record({
          increment: fc.boolean(),
          constantTerm: coefficient,
          invariantTerms: fc.tuple(coefficient, coefficient, coefficient),
          earlier: fc.array(coefficient, { minLength: 3, maxLength: 3 }),
          squareEarlier: fc.boolean(),
        }),
        { minLength: 4, maxLength: 4 },
      ),
      fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    )
    .map(([shapes, order]) => {
      const updates = shapes.map((shape, index): [string, Polynomial] => {
        const terms: Polynomial[] = [
          c(shape.constantTerm),
          mul(c(shape.invariantTerms[0]), v('a')),
          mul(c(shape.invariantTerms[1]), v('b')),
          mul(c(shape.invariantTerms[2]), v('a'), v('b')),
        ];
        for (let earlier = 0; earlier < index; earlier++)
          terms.push(mul(c(shape.earlier[earlier]!), v(modified[earlier]!)));
        if (shape.squareEarlier && index > 0) terms.push(mul(v(modified[index - 1]!), v(modified[index - 1]!)));
        const body = add(...terms);
        return [modified[index]!, shape.increment ? add(v(modified[index]!), body) : body];
      });
      const permuted = updates
        .map((update, index) => ({ update, key: order[index]! }))
        .sort((left, right) => left.key - right.key);
      return { updates: new Map(permuted.map(({ update }) => update)), shapes };
    });

  const initialArbitrary = fc
    .array(fc.bigInt(-9n, 9n), { minLength: 6, maxLength: 6 })
    .map((seed) => initialValues([...modified, ...invariants], seed));

  it('solvable shapes: forms agree with iteration and simple increments are always solved', () => {
    fc.assert(
      fc.property(
        chainArbitrary,
        initialArbitrary,
        fc.constantFrom(2, 4),
        ({ updates, shapes }, initial, maximumDegree) => {
          const result = computeClosedForms({ updates }, { iterationVariable: 'j', maximumDegree });
          expect([...result.keys()].sort()).toEqual([...modified]);
          expectFormsMatchIteration(updates, result, initial);
          // v_k := v_k + (terms over invariants only) is always solved, in degree 1
          shapes.forEach((shape, index) => {
            const name = modified[index]!;
            const reads = polynomialVariables(updates.get(name)!);
            if (shape.increment && modified.every((other) => other === name || !reads.has(other))) {
              expect(result.get(name)?.kind).toBe('polynomial');
            }
          });
        },
      ),
      { numRuns: 120 },
    );
  });

  it("conjugated Jordan blocks (x' = P J P^-1 x + c) are always fitted and agree with iteration", () => {
    fc.assert(
      fc.property(
        coefficient,
        coefficient,
        coefficient,
        coefficient,
        fc.boolean(),
        initialArbitrary,
        (upper, lower, first, second, jordan, initial) => {
          // P = [[1, upper], [0, 1]] · [[1, 0], [lower, 1]] is unimodular; A = P J P^-1
          const p = [
            [1 + upper * lower, upper],
            [lower, 1],
          ];
          const inverse = [
            [1, -upper],
            [-lower, 1 + upper * lower],
          ];
          const jordanBlock = [
            [1, jordan ? 1 : 0],
            [0, 1],
          ];
          const product = (left: number[][], right: number[][]): number[][] =>
            left.map((row) =>
              right[0]!.map((_, column) => row.reduce((sum, value, index) => sum + value * right[index]![column]!, 0)),
            );
          const matrix = product(product(p, jordanBlock), inverse);
          const constants = [first, second];
          const names = ['v0', 'v1'];
          const updates = new Map<string, Polynomial>(
            names.map((name, row) => [
              name,
              add(c(constants[row]!), ...names.map((other, column) => mul(c(matrix[row]![column]!), v(other)))),
            ]),
          );
          const result = computeClosedForms({ updates }, { iterationVariable: 'j' });
          for (const name of names)
            expect(result.get(name)?.kind, `${name} := ${formatPolynomial(updates.get(name)!)}`).toBe('polynomial');
          expectFormsMatchIteration(updates, result, initial);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('arbitrary quadratic transitions never get a wrong closed form', () => {
    const term = fc.record({ value: coefficient, powers: fc.tuple(fc.nat(2), fc.nat(1), fc.nat(1)) });
    fc.assert(
      fc.property(
        fc.array(fc.array(term, { maxLength: 4 }), { minLength: 3, maxLength: 3 }),
        initialArbitrary,
        (bodies, initial) => {
          const names = ['v0', 'v1', 'v2'];
          const updates = new Map<string, Polynomial>(
            bodies.map((terms, index) => [
              names[index]!,
              add(
                ...terms.map(({ value, powers }) =>
                  mul(
                    c(value),
                    ...Array<Polynomial>(powers[0]).fill(v(names[index]!)),
                    ...Array<Polynomial>(powers[1]).fill(v(names[(index + 1) % 3]!)),
                    ...Array<Polynomial>(powers[2]).fill(v('a')),
                  ),
                ),
              ),
            ]),
          );
          const result = computeClosedForms({ updates }, { iterationVariable: 'j', maximumDegree: 3 });
          expectFormsMatchIteration(updates, result, initial);
        },
      ),
      { numRuns: 200 },
    );
  });
});
