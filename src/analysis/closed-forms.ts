// Closed forms of the scalar updates of one loop path π, for the `accel` encoding (Kroening et al.,
// "Under-approximating loops in C programs for fast counterexample detection", Sect. 3.1):
// f_x(j) is the value of x at the START of iteration j (after j iterations, j >= 0), over the
// initial values (written with the variables' own names) and the iteration variable j.
//
// 1. Syntactic matching, generalising eq. (1): in dependency order, x' = x + G with x not in G and
//    every modified variable of G already solved gives x(j) = x + sum_{t<j} G[y/f_y(t)] (Faulhaber);
//    x' = G without x gives the 'fromFirstIteration' form G[y/f_y(j-1)] (valid for j >= 1); when G
//    of x' = x + G reads a variable y whose form holds from the first iteration only, x gets the
//    'fromFirstIteration' form x + G + sum_{s=0}^{j-2} G[y/f_y(s+1)].
// 2. Constraint-based acceleration (Sect. 3.1.2): the template of eq. (2) over the k variables an
//    update depends on, fitted on the 2k+2 evaluation points of Theorem 1's proof (n in {0,1,2}, the
//    path iterated concretely with exact rationals), by Gaussian elimination over the rationals. The
//    base case f_x(0) = x and the induction step eq. (4), update_x[y/f_y(j)] = f_x(j+1), are then
//    checked as exact polynomial identities in j and the initial values; this is equivalent to the
//    solver's validity query of eq. (4) over unbounded integers (two polynomials agree on all
//    integers iff they are identical), so no solver is needed.
// 3. Everything else is 'undefined' with a reason.
//
// Soundness: a 'polynomial' form is returned only when it is proved (step 1 by construction, step 2
// by the base case plus eq. (4) for a set of fitted forms closed under the variables their updates
// read); the identities hold over the mathematical integers/rationals, so the encoder must still
// rule out overflow itself (Sect. 3.4). The fitted template has degree <= 2 in j (eq. (2)) whatever
// maximumDegree says; maximumDegree only bounds what is accepted.

import {
  addPolynomials,
  constantPolynomial,
  degreeIn,
  divideRationals,
  evaluatePolynomial,
  formatPolynomial,
  isZeroRational,
  multiplyPolynomials,
  multiplyRationals,
  polynomialsEqual,
  polynomialVariables,
  rational,
  subtractPolynomials,
  subtractRationals,
  substitutePolynomial,
  sumOverRange,
  variablePolynomial,
  type Polynomial,
  type Rational,
} from './polynomial.js';

export interface LoopTransition {
  /** per modified variable: its value after one iteration over the values before it, or undefined
   *  when that value is not polynomial */
  readonly updates: ReadonlyMap<string, Polynomial | undefined>;
}

export type ClosedForm =
  /** valid for all j >= 0 (the value at j = 0 is the variable itself) */
  | {
      readonly kind: 'polynomial';
      readonly variable: string;
      readonly value: Polynomial;
      readonly method: 'syntactic' | 'fitted';
    }
  /** valid for j >= 1; at j = 0 the value is the variable itself */
  | { readonly kind: 'fromFirstIteration'; readonly variable: string; readonly value: Polynomial }
  | { readonly kind: 'undefined'; readonly variable: string; readonly reason: string };

export interface ClosedFormOptions {
  readonly iterationVariable: string;
  /** the largest accepted degree in the iteration variable; default 2 */
  readonly maximumDegree?: number;
}

type Solved = Exclude<ClosedForm, { kind: 'undefined' }>;

interface State {
  readonly updates: ReadonlyMap<string, Polynomial | undefined>;
  readonly iterationVariable: string;
  readonly maximumDegree: number;
  readonly summationVariable: string;
  readonly solved: Map<string, Solved>;
  /** why the constraint-based fit failed, per variable */
  readonly fitFailures: Map<string, string>;
}

export function computeClosedForms(
  transition: LoopTransition,
  options: ClosedFormOptions,
): ReadonlyMap<string, ClosedForm> {
  const { updates } = transition;
  const iterationVariable = options.iterationVariable;
  const allNames = new Set<string>(updates.keys());
  for (const update of updates.values())
    if (update !== undefined) for (const name of polynomialVariables(update)) allNames.add(name);
  if (allNames.has(iterationVariable))
    throw new Error(`computeClosedForms: the iteration variable ${iterationVariable} occurs in the transition`);
  let summationVariable = `${iterationVariable}_sum`;
  while (allNames.has(summationVariable)) summationVariable += '_';
  const state: State = {
    updates,
    iterationVariable,
    maximumDegree: options.maximumDegree ?? 2,
    summationVariable,
    solved: new Map(),
    fitFailures: new Map(),
  };

  for (;;) {
    const before = state.solved.size;
    solveSyntactically(state);
    solveByFitting(state);
    if (state.solved.size === before) break;
  }

  const result = new Map<string, ClosedForm>();
  for (const variable of updates.keys())
    result.set(
      variable,
      state.solved.get(variable) ?? { kind: 'undefined', variable, reason: reasonFor(state, variable) },
    );
  return result;
}

function isModified(state: State, name: string): boolean {
  return state.updates.has(name);
}

/** the 'polynomial' form of each modified variable read by `update`, in terms of `argument`, or
 *  undefined when one of them has none (invariant variables stay as they are) */
function formsAt(
  state: State,
  update: Polynomial,
  self: string,
  argument: Polynomial,
  acceptFromFirstIteration = false,
): Map<string, Polynomial> | undefined {
  const replacements = new Map<string, Polynomial>();
  for (const name of polynomialVariables(update)) {
    if (name === self || !isModified(state, name)) continue;
    const form = state.solved.get(name);
    if (form === undefined || (form.kind === 'fromFirstIteration' && !acceptFromFirstIteration)) return undefined;
    replacements.set(name, substitutePolynomial(form.value, new Map([[state.iterationVariable, argument]])));
  }
  return replacements;
}

/** step 1: the generalised eq. (1), to a fixpoint (which is the dependency order) */
function solveSyntactically(state: State): void {
  const iteration = variablePolynomial(state.iterationVariable);
  const rejected = new Set<string>();
  let progress = true;
  while (progress) {
    progress = false;
    for (const [variable, update] of state.updates) {
      if (update === undefined || state.solved.has(variable) || rejected.has(variable)) continue;
      const rest = subtractPolynomials(update, variablePolynomial(variable));
      let candidate: Solved;
      if (!polynomialVariables(rest).has(variable)) {
        // x' = x + G: x(j) = x + sum_{t=0}^{j-1} G[y/f_y(t)]
        const summation = variablePolynomial(state.summationVariable);
        const replacements = formsAt(state, rest, variable, summation);
        if (replacements !== undefined) {
          const summand = substitutePolynomial(rest, replacements);
          const value = addPolynomials(
            variablePolynomial(variable),
            sumOverRange(summand, state.summationVariable, state.iterationVariable),
          );
          candidate = { kind: 'polynomial', variable, value, method: 'syntactic' };
        } else {
          // G reads a variable whose form holds from the first iteration: for j >= 1,
          // x(j) = x + G + sum_{t=1}^{j-1} G(t) = x + G + sum_{s=0}^{j-2} G[y/f_y(s+1)]
          const shifted = formsAt(state, rest, variable, addPolynomials(summation, constantPolynomial(1n)), true);
          if (shifted === undefined) continue;
          const sum = sumOverRange(
            substitutePolynomial(rest, shifted),
            state.summationVariable,
            state.iterationVariable,
          );
          const value = addPolynomials(
            update,
            substitutePolynomial(
              sum,
              new Map([[state.iterationVariable, subtractPolynomials(iteration, constantPolynomial(1n))]]),
            ),
          );
          candidate = { kind: 'fromFirstIteration', variable, value };
        }
      } else if (!polynomialVariables(update).has(variable)) {
        // x' = G: x(j) = G[y/f_y(j-1)] for j >= 1
        const replacements = formsAt(state, update, variable, subtractPolynomials(iteration, constantPolynomial(1n)));
        if (replacements === undefined) continue;
        candidate = { kind: 'fromFirstIteration', variable, value: substitutePolynomial(update, replacements) };
      } else {
        rejected.add(variable);
        continue;
      }
      if (degreeIn(candidate.value, state.iterationVariable) > state.maximumDegree) {
        rejected.add(variable);
        continue;
      }
      state.solved.set(variable, candidate);
      progress = true;
    }
  }
}

/** the modified variables `variable`'s update depends on, transitively (itself included), or the
 *  first one with a non-polynomial update */
function dependencyClosure(
  state: State,
  variable: string,
): { kind: 'closure'; modified: string[]; invariant: string[] } | { kind: 'blocked'; by: string } {
  const modified: string[] = [];
  const invariant = new Set<string>();
  const pending = [variable];
  const seen = new Set<string>(pending);
  while (pending.length > 0) {
    const current = pending.pop()!;
    const update = state.updates.get(current);
    if (update === undefined) return { kind: 'blocked', by: current };
    modified.push(current);
    for (const name of polynomialVariables(update)) {
      if (!isModified(state, name)) invariant.add(name);
      else if (!seen.has(name)) {
        seen.add(name);
        pending.push(name);
      }
    }
  }
  return { kind: 'closure', modified: modified.sort(), invariant: [...invariant].sort() };
}

/** the evaluation points of Theorem 1's proof for k variables: (values of x_1..x_k, n) */
export function theoremOnePoints(count: number): { readonly values: readonly bigint[]; readonly iterations: number }[] {
  if (count === 0)
    return [
      { values: [], iterations: 1 },
      { values: [], iterations: 2 },
    ];
  let points: { values: bigint[]; iterations: number }[] = [
    { values: [1n], iterations: 0 },
    { values: [0n], iterations: 1 },
    { values: [1n], iterations: 1 },
    { values: [1n], iterations: 2 },
  ];
  for (let size = 1; size < count; size++) {
    points = points.map((point) => ({
      values: [...point.values, point.iterations === 2 ? 1n : 0n],
      iterations: point.iterations,
    }));
    const unit = [...Array<bigint>(size).fill(0n), 1n];
    points.push({ values: unit, iterations: 0 }, { values: [...unit], iterations: 1 });
  }
  return points;
}

/** solves the square system matrix · unknowns = right-hand side; undefined when singular */
function solveLinearSystem(matrix: Rational[][], rightHandSides: Rational[][]): Rational[][] | undefined {
  const size = matrix.length;
  const rows = matrix.map((row, index) => [...row, ...rightHandSides[index]!]);
  for (let column = 0; column < size; column++) {
    const pivot = rows.findIndex((row, index) => index >= column && !isZeroRational(row[column]!));
    if (pivot < 0) return undefined;
    [rows[column], rows[pivot]] = [rows[pivot]!, rows[column]!];
    const pivotRow = rows[column]!;
    const pivotValue = pivotRow[column]!;
    for (let index = 0; index < pivotRow.length; index++)
      pivotRow[index] = divideRationals(pivotRow[index]!, pivotValue);
    for (let other = 0; other < size; other++) {
      if (other === column) continue;
      const factor = rows[other]![column]!;
      if (isZeroRational(factor)) continue;
      rows[other] = rows[other]!.map((value, index) =>
        subtractRationals(value, multiplyRationals(factor, pivotRow[index]!)),
      );
    }
  }
  return rows.map((row) => row.slice(size));
}

/** step 2: the template of eq. (2) fitted on Theorem 1's points, then eq. (4) checked */
function solveByFitting(state: State): void {
  const attempted = new Set<string>();
  for (const variable of state.updates.keys()) {
    if (state.solved.has(variable) || attempted.has(variable)) continue;
    const closure = dependencyClosure(state, variable);
    if (closure.kind === 'blocked') continue;
    const targets = closure.modified.filter((name) => !state.solved.has(name));
    for (const target of targets) attempted.add(target);
    const fitted = fitTemplate(state, closure.modified, closure.invariant, targets);
    if (fitted === undefined) {
      for (const target of targets) state.fitFailures.set(target, 'the fitting system is singular');
      continue;
    }
    checkInduction(state, fitted);
  }
}

function fitTemplate(
  state: State,
  modified: readonly string[],
  invariant: readonly string[],
  targets: readonly string[],
): Map<string, Polynomial> | undefined {
  const variables = [...modified, ...invariant];
  const count = variables.length;
  const points = theoremOnePoints(count);
  const matrix: Rational[][] = [];
  const rightHandSides: Rational[][] = [];
  for (const point of points) {
    let values = new Map<string, Rational>(variables.map((name, index) => [name, rational(point.values[index]!)]));
    for (let step = 0; step < point.iterations; step++) {
      const next = new Map(values);
      for (const name of modified) next.set(name, evaluatePolynomial(state.updates.get(name)!, values));
      values = next;
    }
    const iterations = rational(BigInt(point.iterations));
    matrix.push([
      ...point.values.map((value) => rational(value)),
      ...point.values.map((value) => multiplyRationals(rational(value), iterations)),
      iterations,
      multiplyRationals(iterations, iterations),
    ]);
    rightHandSides.push(targets.map((name) => values.get(name)!));
  }
  const solution = solveLinearSystem(matrix, rightHandSides);
  if (solution === undefined) return undefined;
  const iteration = variablePolynomial(state.iterationVariable);
  const forms = new Map<string, Polynomial>();
  targets.forEach((target, column) => {
    const coefficient = (index: number): Polynomial => constantPolynomial(solution[index]![column]!);
    const terms: Polynomial[] = [];
    variables.forEach((name, index) => {
      terms.push(multiplyPolynomials(coefficient(index), variablePolynomial(name)));
      terms.push(multiplyPolynomials(coefficient(count + index), variablePolynomial(name), iteration));
    });
    terms.push(multiplyPolynomials(coefficient(2 * count), iteration));
    terms.push(multiplyPolynomials(coefficient(2 * count + 1), iteration, iteration));
    forms.set(target, addPolynomials(...terms));
  });
  return forms;
}

/** keeps the fitted forms that satisfy f_x(0) = x and eq. (4), as a set closed under reads */
function checkInduction(state: State, fitted: ReadonlyMap<string, Polynomial>): void {
  const iteration = variablePolynomial(state.iterationVariable);
  const next = addPolynomials(iteration, constantPolynomial(1n));
  const valid = new Set<string>();
  for (const [variable, form] of fitted) {
    const atZero = substitutePolynomial(form, new Map([[state.iterationVariable, constantPolynomial(0n)]]));
    const stepped = substitutePolynomial(form, new Map([[state.iterationVariable, next]]));
    const replacements = new Map<string, Polynomial>();
    for (const name of polynomialVariables(state.updates.get(variable)!)) {
      if (!isModified(state, name)) continue;
      const existing = state.solved.get(name);
      const value = fitted.get(name) ?? (existing?.kind === 'polynomial' ? existing.value : undefined);
      if (value !== undefined) replacements.set(name, value);
    }
    const update = state.updates.get(variable)!;
    const missing = [...polynomialVariables(update)]
      .sort()
      .find((name) => isModified(state, name) && !replacements.has(name));
    if (missing !== undefined) {
      state.fitFailures.set(
        variable,
        `${variable} reads ${missing}, whose closed form holds only from the first iteration`,
      );
    } else if (
      !polynomialsEqual(atZero, variablePolynomial(variable)) ||
      !polynomialsEqual(substitutePolynomial(update, replacements), stepped)
    ) {
      state.fitFailures.set(
        variable,
        `${variable} := ${formatPolynomial(update)}: no polynomial closed form of degree <= ${Math.min(2, state.maximumDegree)}`,
      );
    } else if (degreeIn(form, state.iterationVariable) > state.maximumDegree) {
      state.fitFailures.set(
        variable,
        `${variable} := ${formatPolynomial(update)}: closed form of degree ${degreeIn(form, state.iterationVariable)} > ${state.maximumDegree}`,
      );
    } else {
      valid.add(variable);
    }
  }
  // a form is proved only if every fitted form its update reads is proved too
  let changed = true;
  while (changed) {
    changed = false;
    for (const variable of [...valid]) {
      const reads = polynomialVariables(state.updates.get(variable)!);
      const broken = [...reads].find((name) => fitted.has(name) && !valid.has(name));
      if (broken !== undefined) {
        valid.delete(variable);
        state.fitFailures.set(variable, `${variable} reads ${broken}, which has no closed form`);
        changed = true;
      }
    }
  }
  for (const variable of valid) {
    state.solved.set(variable, { kind: 'polynomial', variable, value: fitted.get(variable)!, method: 'fitted' });
    state.fitFailures.delete(variable);
  }
}

function reasonFor(state: State, variable: string): string {
  const update = state.updates.get(variable);
  if (update === undefined) return `${variable} is assigned a value that is not a polynomial`;
  for (const name of [...polynomialVariables(update)].sort()) {
    if (name === variable || !isModified(state, name)) continue;
    const form = state.solved.get(name);
    if (form === undefined && state.updates.get(name) === undefined)
      return `${variable} reads ${name}, which has no closed form`;
  }
  const failure = state.fitFailures.get(variable);
  if (failure !== undefined) return failure;
  for (const name of [...polynomialVariables(update)].sort()) {
    if (name === variable || !isModified(state, name)) continue;
    const form = state.solved.get(name);
    if (form === undefined) return `${variable} reads ${name}, which has no closed form`;
    if (form.kind === 'fromFirstIteration')
      return `${variable} reads ${name}, whose closed form holds only from the first iteration`;
  }
  return `${variable} := ${formatPolynomial(update)}: no polynomial closed form of degree <= ${Math.min(2, state.maximumDegree)}`;
}
