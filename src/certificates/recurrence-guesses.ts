// Guesses for cells filled by a recurrence (issue 41), for the template certifier (templates.ts,
// houdini.ts): a loop over i (step 1, from e0) that writes a[i] = a[i − 1] + d(i), the first cell
// a[p] = c either peeled in the loop (`if (i == p) a[p] = c; else a[i] = a[i − 1] + d(i);`) or
// written before it (a[p] = c, the loop from p + 1), fills the cells done with
//   a[k] == c + Σ_{t = p + 1}^{k} d(t)   (a polynomial in k, Faulhaber's formulas)
// d a polynomial in i, in variables the loop does not change, and in reads of cells whose values are
// known: a ∀-guess of the loop (a[j] == v(j), from a loop before) or a recurrence of the same loop
// written before it (b[i] = b[i − 1] + a[i − 1] after a[i] = a[i − 1] + 2). The guess at the loop's
// head: ∀k ∈ [p, i). D·a[k] == D·c + P(k), P/D the sum (templates.ts carries it, with i replaced by
// the loop's end, to the loops after it).
//
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker; a misread shape makes a guess that is dropped.

import type { LoopInfo } from '../analysis/loops.js';
import {
  addPolynomials,
  constantPolynomial,
  substitutePolynomial,
  subtractPolynomials,
  sumOverRange,
  variablePolynomial,
  withCommonDenominator,
  type Polynomial,
} from '../analysis/polynomial.js';
import { longLongType } from '../ir/c-integers.js';
import { convertedTo, createArrayRead, createBinary, createVariableExpression } from '../ir/factory.js';
import type { ArrayVariable, Expression, LoopStatement, ScalarVariable, Statement } from '../ir/types.js';
import {
  arrayReadsOf,
  isVariableExpression,
  sameExpression,
  stripWideningCasts,
  writtenVariables,
} from '../ir/visit.js';
import {
  Atoms,
  forallCells,
  knownCells,
  polynomialExpression,
  polynomialOf,
  times,
  type Scope,
} from './accumulator-guesses.js';
import type { Guess } from './guess.js';

type ArrayWrite = Extract<Statement, { kind: 'arrayWrite' }>;

/** one recurrence of the loop: a[i] = a[i − 1] + increment, from a[first] = start */
interface Recurrence {
  readonly array: ArrayVariable;
  readonly increment: Expression;
  readonly first: Expression;
  readonly start: Expression;
}

/** the guesses of the loop's recurrences (see the header) */
export function recurrenceGuesses(
  guesses: readonly Guess[],
  loop: LoopStatement,
  infos: ReadonlyMap<number, LoopInfo>,
  cell: ScalarVariable,
): Guess[] {
  const iterator = infos.get(loop.id)?.iterator;
  if (iterator?.initial === undefined || iterator.step !== 1n) return [];
  const written = writtenVariables(loop.body, loop.update);
  const cells = new Map(knownCells(guesses));
  const scope: Scope = {
    iterator: iterator.variable,
    changed: new Set(written.scalars.keys()),
    changedArrays: new Set(),
    atoms: new Atoms(),
    cells,
  };
  const result: Guess[] = [];
  for (const recurrence of recurrencesOf(loop, iterator.variable, iterator.initial, guesses)) {
    const first = polynomialOf(recurrence.first, scope, false);
    const increment = polynomialOf(recurrence.increment, scope, true);
    if (first === undefined || increment === undefined) continue;
    // a[k] = c + T(k + 1) − T(p + 1), T(x) = Σ_{t < x} d(t)
    const name = scope.atoms.nameOf(createVariableExpression(iterator.variable));
    const summed = sumOverRange(
      substitutePolynomial(increment, new Map([[name, variablePolynomial('t!')]])),
      't!',
      'x!',
    );
    const upTo = (limit: Polynomial): Polynomial => substitutePolynomial(summed, new Map([['x!', limit]]));
    const cellName = scope.atoms.nameOf(createVariableExpression(cell));
    const one = constantPolynomial(1n);
    const sum = subtractPolynomials(
      upTo(addPolynomials(variablePolynomial(cellName), one)),
      upTo(addPolynomials(first, one)),
    );
    const { numerator, denominator } = withCommonDenominator(sum);
    const total = polynomialExpression(numerator, scope.atoms);
    if (total === undefined) continue;
    const target = createArrayRead(recurrence.array, [createVariableExpression(cell)]);
    const value = createBinary('add', times(denominator, convertedTo(recurrence.start, longLongType)), total);
    const done = { lower: recurrence.first, upper: createVariableExpression(iterator.variable) };
    result.push(forallCells(cell, done, times(denominator, convertedTo(target, longLongType)), value));
    // the later recurrences of the loop may read these cells
    if (denominator === 1n) cells.set(recurrence.array.id, { cells: [cell], value });
  }
  return result;
}

/** the loop's recurrences, in the order of their writes */
function recurrencesOf(
  loop: LoopStatement,
  iterator: ScalarVariable,
  initial: Expression,
  guesses: readonly Guess[],
): Recurrence[] {
  const peeled = loop.body.length === 1 && loop.body[0]!.kind === 'if' ? loop.body[0]! : undefined;
  if (peeled !== undefined && peeled.kind === 'if') {
    const condition = stripWideningCasts(peeled.condition);
    if (condition.kind !== 'binary' || condition.operator !== 'equal') return [];
    const isIterator = (expression: Expression): boolean => {
      const stripped = stripWideningCasts(expression);
      return isVariableExpression(stripped, iterator);
    };
    const first = isIterator(condition.left)
      ? condition.right
      : isIterator(condition.right)
        ? condition.left
        : undefined;
    if (first === undefined) return [];
    return peeled.else.flatMap((statement) => {
      const step = stepOf(statement, iterator);
      if (step === undefined) return [];
      const start = peeled.then.find(
        (other): other is ArrayWrite =>
          other.kind === 'arrayWrite' &&
          other.array.id === step.array.id &&
          (sameExpression(stripWideningCasts(other.indices[0]!), first) || isIterator(other.indices[0]!)),
      );
      return start === undefined ? [] : [{ ...step, first, start: start.value }];
    });
  }
  // the first cell written before the loop: a guess a[p] == c with p == e0 − 1
  return loop.body.flatMap((statement) => {
    const step = stepOf(statement, iterator);
    if (step === undefined) return [];
    for (const guess of guesses) {
      if (guess.kind !== 'plain' || guess.condition.kind !== 'binary' || guess.condition.operator !== 'equal') continue;
      const left = guess.condition.left;
      if (left.kind !== 'arrayRead' || left.array.id !== step.array.id || left.indices.length !== 1) continue;
      const index = left.indices[0]!;
      if (index.kind === 'constant' && initial.kind === 'constant' && index.value === initial.value - 1n)
        return [{ ...step, first: index, start: guess.condition.right }];
    }
    return [];
  });
}

/** a[i] = a[i − 1] + d (or d + a[i − 1]) with i the iterator, d not reading a */
function stepOf(
  statement: Statement,
  iterator: ScalarVariable,
): { array: ArrayVariable; increment: Expression } | undefined {
  if (statement.kind !== 'arrayWrite' || statement.indices.length !== 1) return undefined;
  const index = stripWideningCasts(statement.indices[0]!);
  if (index.kind !== 'variable' || index.variable.id !== iterator.id) return undefined;
  const value = stripWideningCasts(statement.value);
  if (value.kind !== 'binary' || value.operator !== 'add') return undefined;
  const isPrevious = (expression: Expression): boolean => {
    const read = stripWideningCasts(expression);
    if (read.kind !== 'arrayRead' || read.array.id !== statement.array.id || read.indices.length !== 1) return false;
    const at = stripWideningCasts(read.indices[0]!);
    return (
      at.kind === 'binary' &&
      at.operator === 'subtract' &&
      stripWideningCasts(at.left).kind === 'variable' &&
      (stripWideningCasts(at.left) as { variable: ScalarVariable }).variable.id === iterator.id &&
      at.right.kind === 'constant' &&
      at.right.value === 1n
    );
  };
  const increment = isPrevious(value.left) ? value.right : isPrevious(value.right) ? value.left : undefined;
  if (increment === undefined || arrayReadsOf(increment).some((read) => read.array.id === statement.array.id))
    return undefined;
  return { array: statement.array, increment };
}
