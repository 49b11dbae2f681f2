// Guesses for accumulators (issue 41), for the template certifier (templates.ts, houdini.ts): a
// scalar that a loop changes by the same polynomial rule every iteration has, at the loop's head,
// its value on entry plus the sum of the increments so far, a polynomial in the iterator that
// Faulhaber's formulas give in closed form (analysis/polynomial.ts, sumOverRange):
//   s = 0; for (i = 0; i < N; i++) for (j = 0; j < i; j++) s++;
//   at the outer head: 2·s == 2·0 + i·(i − 1)   (each outer round adds i, the inner loop's count)
//   at the inner head: 2·s == i·(i − 1) + 2·j   (from the outer guess, each inner round adds 1)
// The rule of a loop L with iterator i (step s ≠ 0, its value e0 before the loop; (i − e0) / s rounds
// done) is read off its body:
// - `x = x + d` or `x = x − d` at the top of the body, x assigned nowhere else in L; x a scalar or
//   a cell at constant indices (`s[0] = s[0] + a[i]`, an array L writes nowhere else) or at indices
//   that are scalars L does not change (`a[i] = a[i] + j` in a loop over j, its value on entry from
//   `a[i] = 0` before it: nest-guesses.ts);
// - an inner loop at the top of the body, over j from f0 while j < B (or ≤ B), step 1, with no break
//   or continue: the sum of its own increments over [f0, B), a polynomial in L's variables;
// - d a polynomial (+, −, ·, widening casts) in i, in variables L does not change, in opaque
//   subexpressions of those, and in reads of cells whose value a ∀-guess of L gives (a[j] == v(j)
//   over a range, v without array reads: the read a[e] stands for v(e)), and in reads of other cells
//   of arrays L does not change, at indices that read neither i nor what L changes (a value of its own:
//   `b[j] += w[j]` summed over the rounds of a nest adds w[k] per round to b[k]).
// The value on entry is a guess of L's already: c·x == E (x's value before the loop, or an
// enclosing loop's guess, c a positive constant). The new guess is D·c·x == D·E + c·P, where P/D is
// the sum of the increments over the rounds done, (i − e0) or (e0 − i) of them.
//
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker; a wrong rule (an inner loop that runs fewer times than its bound says, a range the
// ∀-guess does not cover) only makes a guess that is dropped.

import type { LoopInfo } from '../analysis/loops.js';
import {
  addPolynomials,
  constantPolynomial,
  degreeIn,
  isConstantPolynomial,
  multiplyPolynomials,
  rational,
  negatePolynomial,
  scalePolynomial,
  substitutePolynomial,
  subtractPolynomials,
  sumOverRange,
  variablePolynomial,
  withCommonDenominator,
  type Polynomial,
} from '../analysis/polynomial.js';
import { longLongType } from '../ir/c-integers.js';
import {
  createArrayRead,
  createBinary,
  createConditional,
  createConstant,
  convertedTo,
  createUnary,
  createVariableExpression,
} from '../ir/factory.js';
import type { ArrayVariable, Block, Expression, LoopStatement, ScalarVariable } from '../ir/types.js';
import {
  arrayReadsOf,
  containsArrayRead,
  forEachStatement,
  sameExpression,
  scalarsReadBy,
  someSubexpression,
  stripWideningCasts,
  substituteScalar,
  writtenVariables,
} from '../ir/visit.js';
import type { Guess } from './guess.js';
import { cellGuessOf, cellIncrements, clamped, splitGuards, steadyGuard, type CellGuess } from './cell-updates.js';
import { roundsTaken, thresholdSteps } from './threshold-steps.js';

/** the names of a polynomial's variables: what each stands for */
export class Atoms {
  private readonly expressions = new Map<string, Expression>();

  nameOf(expression: Expression): string {
    if (expression.kind === 'variable') {
      const name = `v${expression.variable.id}`;
      this.expressions.set(name, expression);
      return name;
    }
    for (const [name, known] of this.expressions) if (sameExpression(known, expression)) return name;
    const name = `e${this.expressions.size}`;
    this.expressions.set(name, expression);
    return name;
  }

  expressionOf(name: string): Expression | undefined {
    return this.expressions.get(name);
  }
}

/** what the increments may read: the loop's iterator, and what the loop does not change */
export interface Scope {
  readonly iterator: ScalarVariable;
  readonly changed: ReadonlySet<number>;
  readonly changedArrays: ReadonlySet<number>;
  readonly atoms: Atoms;
  /** cell values known at the loop's head, by array id */
  readonly cells: ReadonlyMap<number, KnownCells>;
  /**
   * the scalars that the index of an accumulating cell may not read (`a[i] = a[i] + j` in a loop
   * over j that leaves i alone: a[i] accumulates); absent, only cells at constant indices do
   */
  readonly indexChanged?: ReadonlySet<number>;
}

/** the value of every cell: the cell variables (one per index, in order) and the value in them */
interface KnownCells {
  readonly cells: readonly ScalarVariable[];
  readonly value: Expression;
}

/** what a loop's increments may read: its iterator, what it does not change, the cells known */
function loopScope(loop: LoopStatement, iterator: ScalarVariable, cells: Scope['cells']): Scope {
  const written = writtenVariables(loop.body, loop.update);
  return {
    iterator,
    changed: new Set(written.scalars.keys()),
    changedArrays: new Set(written.arrays.keys()),
    atoms: new Atoms(),
    cells,
    indexChanged: new Set([...written.scalars.keys(), iterator.id]),
  };
}

/** the guesses x == E + Σ increments for each x == E among the loop's guesses (see the header) */
export function accumulatorGuesses(
  guesses: readonly Guess[],
  loop: LoopStatement,
  infos: ReadonlyMap<number, LoopInfo>,
): Guess[] {
  const iterator = infos.get(loop.id)?.iterator;
  if (iterator?.initial === undefined || iterator.step === 0n) return [];
  const scope = loopScope(loop, iterator.variable, knownCells(guesses));
  const increments = loopIncrements(loop, infos, scope);
  if (increments === undefined || increments.size === 0) return [];
  const initial = polynomialOf(iterator.initial, scope, false);
  if (initial === undefined) return [];
  const name = scope.atoms.nameOf(createVariableExpression(iterator.variable));
  // round t (from 0) runs with i = e0 + step·t; the rounds done at the head: (i − e0) / step (a
  // whole number where (i − e0) % step == 0, a guess of rangeGuesses' for a stride)
  const round = variablePolynomial('round!');
  const iteratorAtRound = addPolynomials(initial, scalePolynomial(round, iterator.step));
  const roundsDone = scalePolynomial(
    subtractPolynomials(variablePolynomial(name), initial),
    rational(1n, iterator.step),
  );
  const sums = new Map<string, Polynomial>();
  for (const [key, increment] of increments) {
    const perRound = substitutePolynomial(increment, new Map([[name, iteratorAtRound]]));
    const summed = sumOverRange(perRound, 'round!', 'rounds!');
    sums.set(key, substitutePolynomial(summed, new Map([['rounds!', roundsDone]])));
  }
  return guesses.flatMap((guess) => {
    const entry = entryValue(guess);
    const sum = entry === undefined ? undefined : sums.get(entry.key);
    if (entry === undefined || sum === undefined) return [];
    const expression = expressionOf(sum, entry, scope.atoms);
    return expression === undefined ? [] : [{ kind: 'plain', condition: expression } satisfies Guess];
  });
}

/** D·c·x == D·E + c·P for the entry value c·x == E and the sum P/D */
function expressionOf(sum: Polynomial, entry: Entry, atoms: Atoms): Expression | undefined {
  const { numerator, denominator } = withCommonDenominator(sum);
  const total = polynomialExpression(scalePolynomial(numerator, entry.factor), atoms);
  if (total === undefined) return undefined;
  const wide = (expression: Expression): Expression => convertedTo(expression, longLongType);
  return createBinary(
    'equal',
    times(denominator * entry.factor, wide(entry.target)),
    createBinary('add', times(denominator, wide(entry.value)), total),
  );
}

/** an accumulator's value on entry: factor · target == value */
interface Entry {
  readonly key: string;
  readonly target: Expression;
  readonly factor: bigint;
  readonly value: Expression;
}

/**
 * the key of an accumulator: a scalar, or a cell at constant indices (with `variableIndices`, also
 * at indices that are scalars: a[i]); undefined for anything else
 */
export function targetKey(expression: Expression, variableIndices = false): string | undefined {
  const target = stripWideningCasts(expression);
  if (target.kind === 'variable') return `v${target.variable.id}`;
  if (target.kind !== 'arrayRead') return undefined;
  const keys = target.indices.map((index) =>
    index.kind === 'constant'
      ? `${index.value}`
      : variableIndices && index.kind === 'variable'
        ? `v${index.variable.id}`
        : undefined,
  );
  if (keys.some((key) => key === undefined)) return undefined;
  return `a${target.array.id}[${keys.join('][')}]`;
}

/** the key of an accumulator of the scope: targetKey's, a cell's index reading nothing the loop changes */
function accumulatorKey(target: Expression, scope: Scope): string | undefined {
  const changed = scope.indexChanged;
  if (changed === undefined) return targetKey(target);
  if (
    target.kind === 'arrayRead' &&
    target.indices.some((index) => index.kind === 'variable' && changed.has(index.variable.id))
  )
    return undefined;
  return targetKey(target, true);
}

/** c·x == E (or x == E): x, c and E */
function entryValue(guess: Guess): Entry | undefined {
  if (guess.kind !== 'plain' || guess.condition.kind !== 'binary' || guess.condition.operator !== 'equal')
    return undefined;
  const left = stripWideningCasts(guess.condition.left);
  const value = guess.condition.right;
  const plainKey = targetKey(left, true);
  if (plainKey !== undefined) return { key: plainKey, target: left, factor: 1n, value };
  if (left.kind !== 'binary' || left.operator !== 'multiply') return undefined;
  const [constant, target] = [stripWideningCasts(left.left), stripWideningCasts(left.right)];
  const key = targetKey(target, true);
  if (constant.kind !== 'constant' || constant.value <= 0n || key === undefined) return undefined;
  if (target.kind === 'variable' && scalarsReadBy(value).has(target.variable.id)) return undefined;
  return { key, target, factor: constant.value, value };
}

/**
 * a[j] == v(j) over a range (or m[k][l] == v(k, l) over a grid), v without array reads, from the
 * loop's ∀-guesses (the last for each array): the cell variables in the order of the indices
 */
export function knownCells(guesses: readonly Guess[]): Map<number, KnownCells> {
  const cells = new Map<number, KnownCells>();
  for (const guess of guesses) {
    if (guess.kind !== 'forall' || guess.condition.kind !== 'binary' || guess.condition.operator !== 'equal') continue;
    const left = stripWideningCasts(guess.condition.left);
    const right = guess.condition.right;
    if (left.kind !== 'arrayRead' || containsArrayRead(right)) continue;
    const variables = [guess.variable, ...(guess.second === undefined ? [] : [guess.second.variable])];
    const order = left.indices.map((index) =>
      index.kind === 'variable' ? variables.find((variable) => variable.id === index.variable.id) : undefined,
    );
    if (order.length !== variables.length || order.some((variable) => variable === undefined)) continue;
    if (new Set(order.map((variable) => variable!.id)).size !== order.length) continue;
    // the last one: the guesses come in program order, so the latest values of the cells
    cells.set(left.array.id, { cells: order as ScalarVariable[], value: right });
  }
  return cells;
}

/** each accumulator of the loop with its increment per round (a polynomial in the scope's names) */
function loopIncrements(
  loop: LoopStatement,
  infos: ReadonlyMap<number, LoopInfo>,
  scope: Scope,
): Map<string, Polynomial> | undefined {
  const info = infos.get(loop.id);
  // a break leaves the loop without passing its head again: every round that does pass it ran the whole body
  if (info === undefined || info.hasContinue) return undefined;
  // how often each scalar and each array is assigned in the loop
  const assignments = new Map<string, number>();
  const count = (key: string): void => void assignments.set(key, (assignments.get(key) ?? 0) + 1);
  forEachStatement([...loop.body, ...loop.update], (statement) => {
    if (statement.kind === 'assign' || statement.kind === 'havoc') count(`v${statement.target.id}`);
    if (statement.kind === 'arrayWrite' || statement.kind === 'arrayHavoc') count(`a${statement.array.id}`);
  });
  const increments = new Map<string, Polynomial>();
  const add = (key: string, increment: Polynomial): void => {
    const counted = key.startsWith('v') ? key : key.slice(0, key.indexOf('['));
    if (assignments.get(counted) === 1) increments.set(key, increment);
  };
  blockIncrements(loop.body, infos, scope, add);
  return increments;
}

/** the increments of the top-level statements of a loop's body: its own, and its inner loops' */
function blockIncrements(
  block: Block,
  infos: ReadonlyMap<number, LoopInfo>,
  scope: Scope,
  add: (key: string, increment: Polynomial) => void,
): void {
  for (const statement of block) {
    if (statement.kind === 'assign' || statement.kind === 'arrayWrite') {
      const target =
        statement.kind === 'assign'
          ? createVariableExpression(statement.target)
          : createArrayRead(statement.array, statement.indices);
      const key = accumulatorKey(target, scope);
      const increment = key === undefined ? undefined : incrementOf(target, statement.value, scope);
      if (key !== undefined && increment !== undefined) add(key, increment);
    } else if (statement.kind === 'loop') {
      for (const [key, total] of innerTotals(statement, infos, scope)) add(key, total);
    }
  }
}

/** Σ over an inner loop's rounds of its increments, in the outer scope's names */
function innerTotals(
  inner: LoopStatement,
  infos: ReadonlyMap<number, LoopInfo>,
  outer: Scope,
): Map<string, Polynomial> {
  const iterator = infos.get(inner.id)?.iterator;
  const totals = new Map<string, Polynomial>();
  if (iterator?.initial === undefined || iterator.bound === undefined || iterator.step !== 1n) return totals;
  if (iterator.comparison !== 'less' && iterator.comparison !== 'lessEqual') return totals;
  const scope: Scope = {
    ...outer,
    iterator: iterator.variable,
    changed: new Set([...outer.changed].filter((id) => id !== outer.iterator.id)),
  };
  const increments = loopIncrements(inner, infos, scope);
  const first = polynomialOf(iterator.initial, outer, true);
  const bound = polynomialOf(iterator.bound, outer, true);
  if (increments === undefined || first === undefined || bound === undefined) return totals;
  const end = iterator.comparison === 'less' ? bound : addPolynomials(bound, constantPolynomial(1n));
  const name = outer.atoms.nameOf(createVariableExpression(iterator.variable));
  for (const [key, increment] of increments) {
    // Σ_{j = f0}^{end − 1} d(j) = S(end) − S(f0), S(m) = Σ_{j = 0}^{m − 1} d(j)
    const upTo = (limit: Polynomial): Polynomial =>
      substitutePolynomial(sumOverRange(increment, name, 'limit!'), new Map([['limit!', limit]]));
    totals.set(key, subtractPolynomials(upTo(end), upTo(first)));
  }
  // steps on one side of a threshold: d · (T − f0) or d · (E − T) (threshold-steps.ts)
  for (const step of thresholdSteps(inner.body, iterator.variable)) {
    const key = accumulatorKey(step.target, scope);
    const amount = polynomialOf(step.amount, scope, false);
    const threshold = polynomialOf(step.threshold, outer, true);
    if (key === undefined || amount === undefined || threshold === undefined || totals.has(key)) continue;
    const rounds = step.from ? subtractPolynomials(end, threshold) : subtractPolynomials(threshold, first);
    totals.set(key, multiplyPolynomials(amount, rounds));
  }
  return totals;
}

/**
 * c·x == E + c·d·r at the head of a loop over j (step 1, from f0) for each threshold step
 * `if (j ⋈ T) x = x + d` of its body (threshold-steps.ts) and each entry guess c·x == E of the
 * loop's, r the rounds that took the step so far (roundsTaken)
 */
export function thresholdStepGuesses(
  guesses: readonly Guess[],
  loop: LoopStatement,
  infos: ReadonlyMap<number, LoopInfo>,
): Guess[] {
  const iterator = infos.get(loop.id)?.iterator;
  if (iterator?.initial === undefined || iterator.step !== 1n || infos.get(loop.id)!.hasContinue) return [];
  const steps = thresholdSteps(loop.body, iterator.variable);
  if (steps.length === 0) return [];
  const changed = writtenVariables(loop.body, loop.update).scalars;
  const wide = (expression: Expression): Expression => convertedTo(expression, longLongType);
  return steps.flatMap((step) => {
    const reads = [...scalarsReadBy(step.amount).keys(), ...scalarsReadBy(step.threshold).keys()];
    if (reads.some((id) => changed.has(id)) || containsArrayRead(step.amount)) return [];
    const key = targetKey(step.target);
    const rounds = roundsTaken(step, iterator.variable, iterator.initial!);
    return guesses.flatMap((guess): Guess[] => {
      const entry = entryValue(guess);
      if (entry === undefined || entry.key !== key) return [];
      const added = times(entry.factor, createBinary('multiply', wide(step.amount), wide(rounds)));
      const total = createBinary('add', wide(entry.value), added);
      return [{ kind: 'plain', condition: createBinary('equal', times(entry.factor, wide(entry.target)), total) }];
    });
  });
}

/** d for `x = x + d` (or d + x, or x − d), d a polynomial of the scope; else undefined */
function incrementOf(target: Expression, value: Expression, scope: Scope): Polynomial | undefined {
  const stripped = stripWideningCasts(value);
  const isTarget = (expression: Expression): boolean => sameExpression(stripWideningCasts(expression), target);
  if (isTarget(stripped)) return constantPolynomial(0n);
  if (stripped.kind !== 'binary' || (stripped.operator !== 'add' && stripped.operator !== 'subtract')) return undefined;
  // x + d, d + x, x − d, and sums of them ((x + 2·i) + 1): the increment is the value less x
  const holds = (expression: Expression): boolean => someSubexpression(expression, isTarget);
  const plus = (left: Polynomial | undefined, right: Polynomial | undefined): Polynomial | undefined =>
    left === undefined || right === undefined
      ? undefined
      : stripped.operator === 'add'
        ? addPolynomials(left, right)
        : subtractPolynomials(left, right);
  if (holds(stripped.left) && !holds(stripped.right))
    return plus(incrementOf(target, stripped.left, scope), polynomialOf(stripped.right, scope, true));
  if (stripped.operator === 'add' && holds(stripped.right) && !holds(stripped.left))
    return plus(polynomialOf(stripped.left, scope, true), incrementOf(target, stripped.right, scope));
  return undefined;
}

/**
 * the expression as a polynomial over the scope's names, or undefined: +, −, · and widening casts
 * over constants, the iterator (when `iterator` is allowed), the variables and opaque
 * subexpressions the loop does not change, and reads of cells with a known value
 */
export function polynomialOf(expression: Expression, scope: Scope, iterator: boolean): Polynomial | undefined {
  const visit = (node: Expression): Polynomial | undefined => {
    const current = stripWideningCasts(node);
    switch (current.kind) {
      case 'constant':
        return constantPolynomial(current.value);
      case 'variable':
        if (current.variable.id === scope.iterator.id)
          return iterator ? variablePolynomial(scope.atoms.nameOf(current)) : undefined;
        return scope.changed.has(current.variable.id) ? undefined : variablePolynomial(scope.atoms.nameOf(current));
      case 'unary':
        if (current.operator !== 'negate') return opaque(current);
        return mapDefined(visit(current.operand), negatePolynomial);
      case 'binary': {
        if (current.operator !== 'add' && current.operator !== 'subtract' && current.operator !== 'multiply')
          return opaque(current);
        const left = visit(current.left);
        const right = visit(current.right);
        if (left === undefined || right === undefined) return undefined;
        if (current.operator === 'add') return addPolynomials(left, right);
        return current.operator === 'subtract' ? subtractPolynomials(left, right) : multiplyPolynomials(left, right);
      }
      case 'arrayRead': {
        if (scope.changedArrays.has(current.array.id)) return undefined;
        const known = scope.cells.get(current.array.id);
        // a cell no guess gives, of an array the loop does not change, at an index that is not the
        // iterator's: a value of its own (`b[j] += a[j]` summed over the rounds of a nest: a[k] per round)
        if (known === undefined) return opaque(current, false);
        if (known.cells.length !== current.indices.length) return undefined;
        // the value with each cell variable replaced by its index (all at once: an index may read a cell variable's name)
        let value = known.value;
        const fresh = known.cells.map((cell) => ({ ...cell, id: -1 - cell.id }));
        known.cells.forEach(
          (cell, position) => (value = substituteScalar(value, cell, createVariableExpression(fresh[position]!))),
        );
        fresh.forEach((cell, position) => (value = substituteScalar(value, cell, current.indices[position]!)));
        return visit(value);
      }
      default:
        return opaque(current);
    }
  };
  const opaque = (node: Expression, arrayReads = true): Polynomial | undefined =>
    (arrayReads && containsArrayRead(node)) ||
    (!arrayReads && arrayReadsOf(node).length !== 1) ||
    [...scalarsReadBy(node).keys()].some((id) => scope.changed.has(id) || id === scope.iterator.id)
      ? undefined
      : variablePolynomial(scope.atoms.nameOf(node));
  return visit(expression);
}

/** factor · expression (in long long), or the expression itself for factor 1 */
export function times(factor: bigint, expression: Expression): Expression {
  return factor === 1n
    ? expression
    : createBinary('multiply', createConstant(factor, longLongType), convertedTo(expression, longLongType));
}

function mapDefined<T, U>(value: T | undefined, map: (defined: T) => U): U | undefined {
  return value === undefined ? undefined : map(value);
}

/** the polynomial (integer coefficients) as an expression in long long, or undefined for an unknown name */
export function polynomialExpression(polynomial: Polynomial, atoms: Atoms): Expression | undefined {
  const constant = isConstantPolynomial(polynomial);
  if (constant !== undefined) return createConstant(constant.numerator, longLongType);
  let total: Expression | undefined;
  for (const monomial of polynomial.monomials) {
    const factors: Expression[] = [];
    for (const [name, power] of monomial.powers) {
      const atom = atoms.expressionOf(name);
      if (atom === undefined) return undefined;
      for (let count = 0; count < power; count++) factors.push(convertedTo(atom, longLongType));
    }
    const coefficient = monomial.coefficient.numerator;
    if (coefficient !== 1n || factors.length === 0) factors.unshift(createConstant(coefficient, longLongType));
    const term = factors.reduce((product, factor) => createBinary('multiply', product, factor));
    total = total === undefined ? term : createBinary('add', total, term);
  }
  return total;
}

/**
 * Cells that a loop adds to (issue 41), at its head:
 * - the loop's own: for `a[j] = a[j] + d(j)` (or `− d(j)`, or alone in an `if (g)`: cellIncrements)
 *   at the top of its body (j its iterator, step 1) and each
 *   guess ∀k ∈ [lo, hi). a[k] == F(k) of the loop (the cells on entry, from an enclosing loop or the
 *   loops before), ∀k ∈ [j0, j). a[k] == F(k) + d(k): the cells done so far (those not reached yet
 *   keep F, templates.ts's untouched cells);
 * - an inner loop's: for an inner loop over j ∈ [f0, B) at the top of the body (f0, B not changed by
 *   the loop) with such a write, each cell of [lo, hi) has got d(i, k) in each round i so far:
 *   ∀k ∈ [lo, hi). D·a[k] == D·F(k) + P(k, i), P/D the sum over the rounds (Faulhaber).
 * An update under `if (g)`: when g reads nothing the loop changes but the cell's index (the same
 * cells every round, `if (j % 3 == 0)`), the guesses say g(k) → a[k] == … for the cells it changes
 * and ¬g(k) → a[k] == F(k) for the others; otherwise they take the update as unguarded (a cap that
 * is never reached), and for a clamp (`if (a[j] > L) a[j] = a[j] − 1`, cell-updates.ts) also the
 * value kept at the bound, F(k) + P > L ? F(k) + P : L. An entry guess ∀k. h(k) → a[k] == F(k)
 * joins only an update under h itself.
 * Guesses only (see the header): a cell outside the inner loop's range makes one that is dropped.
 */
export function cellAccumulatorGuesses(
  guesses: readonly Guess[],
  loop: LoopStatement,
  infos: ReadonlyMap<number, LoopInfo>,
  done: { readonly lower: Expression; readonly upper: Expression } | undefined,
): Guess[] {
  const iterator = infos.get(loop.id)?.iterator;
  if (iterator === undefined) return [];
  const entries = guesses.flatMap((guess) => mapDefined(cellGuessOf(guess), (cell) => [cell]) ?? []);
  const result: Guess[] = [];
  const written = writtenVariables(loop.body, loop.update);
  const changed = { scalars: new Set(written.scalars.keys()), arrays: new Set(written.arrays.keys()) };
  if (done !== undefined && iterator.step === 1n)
    for (const [arrayId, update] of cellIncrements(loop, iterator.variable))
      for (const entry of entries.filter((candidate) => candidate.array === arrayId)) {
        const guards = splitGuards(entry, steadyGuard(update, iterator.variable, entry.cell, changed));
        if (guards === undefined) continue;
        const cell = createVariableExpression(entry.cell);
        const added = substituteScalar(update.increment, iterator.variable, cell);
        const value = createBinary('add', entry.value, times(entry.factor, added));
        const target = times(entry.factor, createArrayRead(update.array, [cell]));
        result.push(forallCells(entry.cell, done, target, value, guards.changed));
        if (update.clamp !== undefined && entry.factor === 1n && entry.guard === undefined)
          result.push(forallCells(entry.cell, done, target, clamped(value, update.clamp)));
        if (guards.kept !== undefined) result.push(forallCells(entry.cell, done, target, entry.value, guards.kept));
      }
  result.push(...innerCellTotals(entries, loop, infos, knownCells(guesses)));
  return result;
}

/** ∀ cell ∈ range. target == value, or guard → target == value */
export function forallCells(
  cell: ScalarVariable,
  range: { readonly lower: Expression; readonly upper: Expression },
  target: Expression,
  value: Expression,
  guard?: Expression,
): Guess {
  const equality = createBinary('equal', target, value);
  return {
    kind: 'forall',
    variable: cell,
    lower: range.lower,
    upper: range.upper,
    condition: guard === undefined ? equality : createBinary('logicalOr', createUnary('logicalNot', guard), equality),
  };
}

/** a range of cells and what the rounds so far added to each (a polynomial in the cell and the loop's names) */
interface Piece {
  readonly lower: Expression;
  readonly upper: Expression;
  readonly sum: Polynomial;
}

/**
 * the second kind of cellAccumulatorGuesses: what an inner loop's rounds added to each cell. With
 * T(x) = Σ_{t < x} d(t, k) (t the outer iterator's value; rounds e0 .. i − 1 done, step 1):
 * - a rectangle (the inner range the same every round): T(i) − T(e0) on the entry's range (for step
 *   −1, rounds e0 down to i + 1: T(e0 + 1) − T(i + 1));
 * - the inner end B(t) = t + c (j ≤ t, j < t + c): cell k got d in the rounds t ≥ k − c + 1, so
 *   T(i) − T(k − c + 1) below p = min(B(i), the entry's end) and nothing from p on;
 * - the inner start f0(t) = t + c (j from t): cell k got d in the rounds t ≤ k − c, so
 *   T(k − c + 1) − T(e0) below p = f0(i) and T(i) − T(e0) from p on.
 * Only entries that read neither the outer iterator nor its rounds (readsRound) are summed.
 */
function innerCellTotals(
  entries: readonly CellGuess[],
  loop: LoopStatement,
  infos: ReadonlyMap<number, LoopInfo>,
  cells: Scope['cells'],
): Guess[] {
  const iterator = infos.get(loop.id)?.iterator;
  if (iterator?.initial === undefined || (iterator.step !== 1n && iterator.step !== -1n)) return [];
  if (infos.get(loop.id)!.hasBreak || infos.get(loop.id)!.hasContinue) return [];
  const scope = loopScope(loop, iterator.variable, cells);
  const initial = polynomialOf(iterator.initial, scope, false);
  if (initial === undefined) return [];
  const name = scope.atoms.nameOf(createVariableExpression(iterator.variable));
  const result: Guess[] = [];
  for (const inner of loop.body) {
    const innerInfo = inner.kind === 'loop' ? infos.get(inner.id) : undefined;
    const innerIterator = innerInfo?.iterator;
    if (inner.kind !== 'loop' || innerIterator?.step !== 1n || innerInfo!.hasBreak || innerInfo!.hasContinue) continue;
    const innerScope: Scope = {
      ...scope,
      changed: new Set([...scope.changed].filter((id) => id !== innerIterator.variable.id)),
    };
    const range = innerRange(innerIterator, scope);
    if (range === undefined) continue;
    const changed = { scalars: scope.changed, arrays: scope.changedArrays };
    for (const [arrayId, update] of cellIncrements(inner, innerIterator.variable))
      for (const entry of entries.filter(
        (candidate) => candidate.array === arrayId && !readsRound(candidate, iterator.variable),
      )) {
        const { array, increment } = update;
        const guards = splitGuards(entry, steadyGuard(update, innerIterator.variable, entry.cell, changed));
        const cell = createVariableExpression(entry.cell);
        const perCell = polynomialOf(substituteScalar(increment, innerIterator.variable, cell), innerScope, true);
        if (perCell === undefined || guards === undefined) continue;
        if (guards.kept !== undefined) {
          const target = times(entry.factor, createArrayRead(array, [cell]));
          result.push(forallCells(entry.cell, entry, target, entry.value, guards.kept));
        }
        // T(x) = Σ_{t < x} d(t, k)
        const summed = sumOverRange(
          substitutePolynomial(perCell, new Map([[name, variablePolynomial('round!')]])),
          'round!',
          'limit!',
        );
        const upTo = (limit: Polynomial): Polynomial => substitutePolynomial(summed, new Map([['limit!', limit]]));
        const pieces = cellPieces(
          entry,
          range,
          upTo,
          {
            current: variablePolynomial(name),
            initial,
            step: iterator.step,
            cell: variablePolynomial(scope.atoms.nameOf(cell)),
            name,
          },
          scope.atoms,
        );
        for (const piece of pieces) {
          const guess = cellSumGuess(entry, array, piece, scope.atoms, guards.changed);
          if (guess !== undefined) result.push(guess);
          const clamp = update.clamp;
          const total = clamp === undefined ? undefined : polynomialExpression(piece.sum, scope.atoms);
          // a clamp: the steps of ±1 summed (a whole number), kept on the right side of the bound
          if (clamp !== undefined && total !== undefined && entry.factor === 1n && entry.guard === undefined) {
            const value = clamped(createBinary('add', convertedTo(entry.value, longLongType), total), clamp);
            result.push(forallCells(entry.cell, piece, createArrayRead(array, [cell]), value));
          }
        }
      }
  }
  return result;
}

/**
 * whether an entry guess reads the outer iterator (its range or value): then it says what the cells
 * hold after some rounds (an assertion with the bound read as the counter, the cells done so far), not
 * on entry to the nest, and the sums of the rounds added to it make guesses that never hold (each a
 * nonlinear ∀ that slows every question about the nest's clauses)
 */
function readsRound(entry: CellGuess, iterator: ScalarVariable): boolean {
  return [entry.lower, entry.upper, entry.value, ...(entry.guard === undefined ? [] : [entry.guard])].some((side) =>
    scalarsReadBy(side).has(iterator.id),
  );
}

/** the inner loop's range [start, end) as polynomials of the outer scope (the outer iterator allowed) */
function innerRange(
  iterator: NonNullable<LoopInfo['iterator']>,
  scope: Scope,
): { readonly start: Polynomial; readonly end: Polynomial } | undefined {
  if (iterator.initial === undefined || iterator.bound === undefined) return undefined;
  if (iterator.comparison !== 'less' && iterator.comparison !== 'lessEqual') return undefined;
  const start = polynomialOf(iterator.initial, scope, true);
  const bound = polynomialOf(iterator.bound, scope, true);
  if (start === undefined || bound === undefined) return undefined;
  return { start, end: iterator.comparison === 'less' ? bound : addPolynomials(bound, constantPolynomial(1n)) };
}

/** the pieces of innerCellTotals's header for one entry guess */
function cellPieces(
  entry: CellGuess,
  range: { readonly start: Polynomial; readonly end: Polynomial },
  upTo: (limit: Polynomial) => Polynomial,
  outer: { current: Polynomial; initial: Polynomial; step: bigint; cell: Polynomial; name: string },
  atoms: Atoms,
): Piece[] {
  const { current, initial, step, cell, name } = outer;
  // c when the polynomial is t + c in the outer iterator t, undefined when it is something else
  const offset = (polynomial: Polynomial): Polynomial | undefined => {
    const rest = subtractPolynomials(polynomial, current);
    return degreeIn(rest, name) === 0 ? rest : undefined;
  };
  const startVaries = degreeIn(range.start, name) > 0;
  const endVaries = degreeIn(range.end, name) > 0;
  const one = constantPolynomial(1n);
  if (!startVaries && !endVaries) {
    const sum =
      step === 1n
        ? subtractPolynomials(upTo(current), upTo(initial))
        : subtractPolynomials(upTo(addPolynomials(initial, one)), upTo(addPolynomials(current, one)));
    return [{ lower: entry.lower, upper: entry.upper, sum }];
  }
  if (step !== 1n || (startVaries && endVaries)) return [];
  const varying = startVaries ? range.start : range.end;
  const constantPart = offset(varying);
  const unclipped = polynomialExpression(varying, atoms);
  if (constantPart === undefined || unclipped === undefined) return [];
  // a varying end B(i) is clipped at the entry's end: at the nest's end B(i) may pass the array's end
  // (j <= i ends at B(N) = N + 1), and a piece up to it would claim a cell past the array, which no
  // clause keeps (the piece, true of every cell the rounds reached, was dropped at the last round)
  const split = endVaries ? atMost(unclipped, entry.upper) : unclipped;
  // the first round that no longer / still touches cell k: k − c + 1
  const threshold = addPolynomials(subtractPolynomials(cell, constantPart), one);
  if (endVaries)
    return [
      { lower: entry.lower, upper: split, sum: subtractPolynomials(upTo(current), upTo(threshold)) },
      { lower: split, upper: entry.upper, sum: constantPolynomial(0n) },
    ];
  return [
    { lower: entry.lower, upper: split, sum: subtractPolynomials(upTo(threshold), upTo(initial)) },
    { lower: split, upper: entry.upper, sum: subtractPolynomials(upTo(current), upTo(initial)) },
  ];
}

/** min(value, limit), in long long */
function atMost(value: Expression, limit: Expression): Expression {
  const wideValue = convertedTo(value, longLongType);
  const wideLimit = convertedTo(limit, longLongType);
  return createConditional(createBinary('less', wideValue, wideLimit), wideValue, wideLimit, longLongType);
}

/** ∀k ∈ piece. D·c·a[k] == D·F(k) + c·P(k) for the entry c·a[k] == F(k) and the piece's sum P/D */
function cellSumGuess(
  entry: CellGuess,
  array: ArrayVariable,
  piece: Piece,
  atoms: Atoms,
  guard: Expression | undefined,
): Guess | undefined {
  const { numerator, denominator } = withCommonDenominator(piece.sum);
  const total = polynomialExpression(scalePolynomial(numerator, entry.factor), atoms);
  if (total === undefined) return undefined;
  const target = convertedTo(createArrayRead(array, [createVariableExpression(entry.cell)]), longLongType);
  const value = createBinary('add', times(denominator, convertedTo(entry.value, longLongType)), total);
  return forallCells(entry.cell, piece, times(denominator * entry.factor, target), value, guard);
}
