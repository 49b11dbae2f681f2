// Guesses fitted to concrete runs (issue 41, "guess and check"): the program runs on small inputs
// (loop-samples.ts), and at each loop head the exact linear relations among monomials of the sampled
// values become guesses for Houdini (houdini.ts):
// - among the integer scalars live at the head: Σ c_k m_k == 0 over the monomials m_k of degree at
//   most 2 (2s == i² − i, j == 2i, n == 50);
// - per cell: ∀t ∈ [lo, hi). Σ c_k m_k(t) == 0, the monomials of degree at most 2 over t, a few live
//   scalars (the loops' counters first) and the cells at t of the other arrays, and the cell at t of
//   the fitted array to the first degree (a scalar equal to an earlier one on every sample left out), over the ranges the loop's and its enclosing loops' counters
//   split their arrays into (done cells [e0, i), cells to come [i, B), all [e0, B); ranges.ts), and
//   [0, S) for an array of constant size S: b[t] == (i − t) · a[t] at the head of a nest.
// The coefficients are the exact rational nullspace of the sample matrix (nullspace.ts), each basis
// vector kept only when it holds on every sample and is short; the terms are computed in long long
// over the values cast from types of at most 32 bits, so products of two values do not wrap.
// Soundness: none needed. A guess is never trusted: Houdini keeps only what every clause of the exact
// Horn clauses preserves (in the verdict's semantics, overflow included), and the checker confirms
// the certificate. A fitted guess can cost time (bounded by the caps below, and by the run's budget:
// `budgetTick` per loop head, range and nullspace round), never a verdict.

import { groupArraysBySize } from '../analysis/arrays.js';
import { budgetTick } from '../budget-check.js';
import { analyseLoops, type LoopInfo } from '../analysis/loops.js';
import { longLongType } from '../ir/c-integers.js';
import {
  createArrayRead,
  createBinary,
  createCast,
  createConstant,
  createScalarVariable,
  createVariableExpression,
  intType,
  unusedVariableId,
} from '../ir/factory.js';
import type { ArrayVariable, Expression, Program, ScalarVariable, Semantics } from '../ir/types.js';
import type { LoopHeadPredicate } from '../symbolic/horn-clauses.js';
import type { Guess } from './guess.js';
import { sampleLoopHeads, sampledCells, type LoopHeadSample } from './loop-samples.js';
import { countBoundGuesses, nestCount, sampleValue } from './nest-counts.js';
import { integerNullspace } from './nullspace.js';
import { fullRange, type Range } from './ranges.js';
import { withInitials } from './templates.js';

/** a value of a row: an expression (long long) and how to read it off a sample (at cell t) */
interface Factor {
  readonly expression: Expression;
  readonly value: (sample: LoopHeadSample, cell: number) => bigint | undefined;
}

const maximumScalarFactors = 6;
const maximumCellScalarFactors = 5;
const maximumOtherArrays = 2;
const maximumTargets = 3;
const maximumScalarGuesses = 10;
const maximumCellGuesses = 16;
const maximumRows = 3000;
const maximumTerms = 6;
const maximumCoefficient = 1000n;

/** the phase named when the budget runs out here */
const fittingPhase = 'fitting guesses to runs';

/** the fitted guesses at each loop head (by loop id) */
export function fittedGuesses(
  program: Program,
  semantics: Semantics,
  heads: readonly LoopHeadPredicate[],
): Map<number, Guess[]> {
  const result = new Map<number, Guess[]>();
  const samples = sampleLoopHeads(program, semantics);
  if (samples.size === 0) return result;
  const infos = withInitials(analyseLoops(program, groupArraysBySize(program)), program.body);
  const cell = createScalarVariable(unusedVariableId(program) + 2, 'fitted!cell', 'cell', intType, undefined);
  for (const head of heads) {
    budgetTick(fittingPhase);
    const list = samples.get(head.loop.id) ?? [];
    if (list.length < 3) continue;
    const counters = enclosingInfos(head.loop.id, infos)
      .map((info) => info.iterator?.variable)
      .filter((variable): variable is ScalarVariable => variable !== undefined);
    const defined = infos.get(head.loop.id)?.scalarsDefined ?? new Set<ScalarVariable>();
    const scalars = head.live.scalars
      .filter((variable) => variable.type.width <= 32)
      .sort((left, right) => rank(left) - rank(right));
    function rank(variable: ScalarVariable): number {
      if (counters.some((counter) => counter.id === variable.id)) return 0;
      return [...defined].some((other) => other.id === variable.id) ? 1 : 2;
    }
    const count = nestCount(head.loop.id, infos);
    const scalarFactors = [
      ...scalars.slice(0, maximumScalarFactors).map(scalarFactor),
      ...(count === undefined ? [] : [countFactor(count)]),
    ];
    const guesses: Guess[] = fitEqualities(
      list.map((sample) => ({ sample, cell: 0 })),
      scalarFactors,
      undefined,
    )
      .slice(0, maximumScalarGuesses)
      .map((condition) => ({ kind: 'plain', condition }));
    if (count !== undefined)
      guesses.push(
        ...countBoundGuesses(
          count,
          scalars.filter((variable) => rank(variable) === 1),
          list,
        ),
      );
    const distinct = withoutCopies(scalars, list);
    guesses.push(...cellGuesses(head, list, infos, distinct.slice(0, maximumCellScalarFactors), cell));
    if (guesses.length > 0) result.set(head.loop.id, guesses);
  }
  return result;
}

/**
 * the scalars without those equal to an earlier one on every sample (a VLA's frozen size beside the
 * size variable, `a_size == n`): a copy adds nothing to a fit of the cells and would push a scalar
 * that does past the cap on factors (b[t] == c + (t + 1) · a[t] needs c)
 */
function withoutCopies(scalars: readonly ScalarVariable[], samples: readonly LoopHeadSample[]): ScalarVariable[] {
  const kept: ScalarVariable[] = [];
  for (const scalar of scalars) {
    const copy = kept.some((earlier) =>
      samples.every((sample) => {
        const value = sample.scalars.get(scalar.id);
        return value !== undefined && value === sample.scalars.get(earlier.id);
      }),
    );
    if (!copy) kept.push(scalar);
  }
  return kept;
}

/** the loop's info and its enclosing loops' */
function enclosingInfos(loopId: number, infos: ReadonlyMap<number, LoopInfo>): LoopInfo[] {
  const chain: LoopInfo[] = [];
  for (
    let info = infos.get(loopId);
    info !== undefined;
    info = info.parent === undefined ? undefined : infos.get(info.parent)
  )
    chain.push(info);
  return chain;
}

function scalarFactor(variable: ScalarVariable): Factor {
  return {
    expression: createCast(createVariableExpression(variable), longLongType),
    value: (sample) => sample.scalars.get(variable.id),
  };
}

/** the nest's iteration count (nest-counts.ts) */
function countFactor(count: Expression): Factor {
  return { expression: count, value: (sample) => sampleValue(count, sample) };
}

function cellFactor(array: ArrayVariable, cell: ScalarVariable): Factor {
  return {
    expression: createCast(createArrayRead(array, [createVariableExpression(cell)]), longLongType),
    value: (sample, index) => sample.cells.get(array.id)?.[index],
  };
}

/** ∀t ∈ range. relation, per range of the counters and per live one-dimensional array */
function cellGuesses(
  head: LoopHeadPredicate,
  samples: readonly LoopHeadSample[],
  infos: ReadonlyMap<number, LoopInfo>,
  scalars: readonly ScalarVariable[],
  cell: ScalarVariable,
): Guess[] {
  const arrays = head.live.arrays.filter((array) => array.sizes.length === 1 && array.elementType.width <= 32);
  if (arrays.length === 0) return [];
  const live = new Set(head.live.scalars.map((variable) => variable.id));
  const ranges = counterRanges(head.loop.id, infos, live);
  for (const array of arrays) {
    const size = array.sizes[0]!;
    if (size.kind === 'constant' && size.value <= BigInt(sampledCells))
      ranges.push({ lower: createConstant(0n, intType), upper: size });
  }
  const position: Factor = {
    expression: createCast(createVariableExpression(cell), longLongType),
    value: (_sample, index) => BigInt(index),
  };
  const guesses: Guess[] = [];
  const seen = new Set<string>();
  for (const target of arrays.slice(0, maximumTargets)) {
    const others = arrays.filter((array) => array.id !== target.id).slice(0, maximumOtherArrays);
    const factors = [position, ...scalars.map(scalarFactor), ...others.map((array) => cellFactor(array, cell))];
    for (const range of ranges) {
      budgetTick(fittingPhase);
      const rows = rangeRows(samples, range);
      for (const condition of fitEqualities(rows, factors, cellFactor(target, cell))) {
        const key = JSON.stringify([condition, range], (_key, value: unknown) =>
          typeof value === 'bigint' ? value.toString() : value,
        );
        if (seen.has(key)) continue;
        seen.add(key);
        guesses.push({ kind: 'forall', variable: cell, lower: range.lower, upper: range.upper, condition });
        if (guesses.length >= maximumCellGuesses) return guesses;
      }
    }
  }
  return guesses;
}

/** [e0, i), [i, B), [e0, B) for each counting-up loop around (and of) the loop whose counter is live (and [e0, i + 1), [i + 1, B) for those around); mirrored down */
function counterRanges(loopId: number, infos: ReadonlyMap<number, LoopInfo>, live: ReadonlySet<number>): Range[] {
  const ranges: Range[] = [];
  for (const info of enclosingInfos(loopId, infos)) {
    const iterator = info.iterator;
    const full = fullRange(info);
    if (iterator === undefined || full === undefined || !live.has(iterator.variable.id)) continue;
    const counter = createVariableExpression(iterator.variable);
    const split =
      iterator.step === 1n ? counter : createBinary('add', counter, createConstant(1n, iterator.variable.type));
    if (iterator.step !== 1n && iterator.step !== -1n) continue;
    ranges.push({ lower: full.lower, upper: split }, { lower: split, upper: full.upper }, full);
    // an enclosing loop's round is under way at an inner head: its cell may be half done
    if (info.loop.id !== loopId) {
      const next = createBinary('add', split, createConstant(1n, iterator.variable.type));
      ranges.push({ lower: full.lower, upper: next }, { lower: next, upper: full.upper });
    }
  }
  return ranges;
}

/** the (sample, cell) pairs of the range, on the samples where its bounds lie within the sampled cells */
function rangeRows(samples: readonly LoopHeadSample[], range: Range): { sample: LoopHeadSample; cell: number }[] {
  const rows: { sample: LoopHeadSample; cell: number }[] = [];
  for (const sample of samples) {
    const lower = sampleValue(range.lower, sample);
    const upper = sampleValue(range.upper, sample);
    if (lower === undefined || upper === undefined || lower < 0n || upper > BigInt(sampledCells)) continue;
    for (let index = Number(lower); index < Number(upper); index++) rows.push({ sample, cell: index });
    if (rows.length >= maximumRows) break;
  }
  return rows;
}

/**
 * The short integer relations Σ c_k m_k == 0 that hold on every row, each as an equality of long long
 * sums with positive coefficients. Without a target: the factors constant on every row (n == 50), the
 * linear relations among the others (j == 2i), and the relations of degree 2 among the factors that
 * no linear relation determines (2s == i² − i). With a target: the relations of degree at most 2 in
 * those factors and of degree 1 in the target that involve the target (or the target's constant).
 */
function fitEqualities(
  rows: readonly { sample: LoopHeadSample; cell: number }[],
  factors: readonly Factor[],
  target: Factor | undefined,
): Expression[] {
  const all = target === undefined ? factors : [...factors, target];
  const values = distinctRows(rows, all);
  if (values.length < 3) return [];
  const constant = (index: number): boolean => values.every((entry) => entry[index] === values[0]![index]);
  const equalities: Expression[] = [];
  const constantEquality = (index: number): Expression =>
    createBinary('equal', all[index]!.expression, createConstant(values[0]![index]!, longLongType));
  if (target !== undefined && constant(factors.length)) return [constantEquality(factors.length)];
  let kept = factors.map((_factor, index) => index).filter((index) => !constant(index));
  if (target === undefined)
    equalities.push(
      ...factors
        .map((_factor, index) => index)
        .filter(constant)
        .map(constantEquality),
    );
  // the linear relations among the factors: each determines its last factor, left out of degree 2
  const linear = relations(values, monomialsOf(kept, 1), undefined);
  for (const { vector, monomials } of linear) {
    if (target === undefined) equalities.push(equality(vector, monomials, all));
    const last = lastFactor(vector, monomials);
    if (last !== undefined) kept = kept.filter((index) => index !== last);
  }
  if (target === undefined) {
    const quadratic = relations(values, monomialsOf(kept, 2), undefined).filter(({ vector, monomials }) =>
      monomials.some((monomial, index) => monomial.length === 2 && vector[index] !== 0n),
    );
    return [...equalities, ...quadratic.map(({ vector, monomials }) => equality(vector, monomials, all))];
  }
  const found = relations(values, monomialsOf(kept, 2), factors.length);
  const fitted = found.length > 0 ? found : relations(values, monomialsOf(kept, 1), factors.length);
  return fitted.map(({ vector, monomials }) => equality(vector, monomials, all));
}

/** the factor of the last monomial of degree 1 the relation involves */
function lastFactor(vector: readonly bigint[], monomials: readonly (readonly number[])[]): number | undefined {
  for (let index = monomials.length - 1; index >= 0; index--)
    if (vector[index] !== 0n && monomials[index]!.length === 1) return monomials[index]![0];
  return undefined;
}

/** the rows' values of the factors, each distinct row once (rows with a value missing left out) */
function distinctRows(
  rows: readonly { sample: LoopHeadSample; cell: number }[],
  factors: readonly Factor[],
): bigint[][] {
  const values: bigint[][] = [];
  const distinct = new Set<string>();
  for (const row of rows) {
    const entry = factors.map((factor) => factor.value(row.sample, row.cell));
    if (entry.some((value) => value === undefined)) continue;
    const key = entry.join(',');
    if (distinct.has(key)) continue;
    distinct.add(key);
    values.push(entry as bigint[]);
  }
  return values;
}

interface Relation {
  readonly vector: readonly bigint[];
  readonly monomials: readonly (readonly number[])[];
}

/** the short relations over the monomials (and the target, when given, to the first degree, nonzero) on every row */
function relations(values: readonly (readonly bigint[])[], base: number[][], target: number | undefined): Relation[] {
  const monomials = target === undefined ? base : [...base, [target]];
  if (values.length < monomials.length + 3) return [];
  const matrix = values.map((entry) => monomials.map((monomial) => product(monomial, entry)));
  return spanningNullspace(matrix, monomials.length)
    .filter(
      (vector) =>
        vector.filter((coefficient) => coefficient !== 0n).length <= maximumTerms &&
        vector.every((coefficient) => coefficient <= maximumCoefficient && -coefficient <= maximumCoefficient) &&
        (target === undefined || vector[vector.length - 1] !== 0n) &&
        matrix.every((row) => row.reduce((sum, value, index) => sum + value * vector[index]!, 0n) === 0n),
    )
    .map((vector) => ({ vector, monomials }));
}

/** the most rounds of spanningNullspace, each adding the rows that refute a basis vector */
const maximumRefinements = 6;

/**
 * A basis of the nullspace of the first rows (monomials + 8 of them), refined: a row that a basis
 * vector does not satisfy joins the rows and the basis is computed again, a few times. The first rows
 * are often the early visits of one run (all counters 0), whose spurious relations hide the true one
 * in a combination that no single basis vector is; the caller keeps only vectors true on every row.
 */
function spanningNullspace(matrix: readonly (readonly bigint[])[], columns: number): bigint[][] {
  const chosen = matrix.slice(0, columns + 8);
  let basis = integerNullspace(chosen, columns);
  for (let round = 0; round < maximumRefinements && basis.length > 0; round++) {
    budgetTick(fittingPhase);
    const refuting = new Set<readonly bigint[]>();
    for (const vector of basis) {
      const row = matrix.find((entry) => entry.reduce((sum, value, index) => sum + value * vector[index]!, 0n) !== 0n);
      if (row !== undefined) refuting.add(row);
    }
    if (refuting.size === 0) break;
    chosen.push(...refuting);
    basis = integerNullspace(chosen, columns);
  }
  return basis;
}

/** the monomials (lists of factor indices) of degree at most `degree` over the factors, the constant first */
function monomialsOf(factors: readonly number[], degree: number): number[][] {
  const monomials: number[][] = [[]];
  for (const first of factors) monomials.push([first]);
  if (degree >= 2)
    for (const [position, first] of factors.entries())
      for (const second of factors.slice(position)) monomials.push([first, second]);
  return monomials;
}

function product(monomial: readonly number[], entry: readonly bigint[]): bigint {
  return monomial.reduce((value, index) => value * entry[index]!, 1n);
}

/** Σ_{c > 0} c · m == Σ_{c < 0} −c · m in long long */
function equality(
  vector: readonly bigint[],
  monomials: readonly (readonly number[])[],
  factors: readonly Factor[],
): Expression {
  const side = (sign: 1n | -1n): Expression => {
    const terms: Expression[] = [];
    vector.forEach((coefficient, index) => {
      const scaled = coefficient * sign;
      if (scaled <= 0n) return;
      const monomial = monomials[index]!.map((factor) => factors[factor]!.expression);
      const base = monomial.reduce<Expression | undefined>(
        (sum, factor) => (sum === undefined ? factor : createBinary('multiply', sum, factor)),
        undefined,
      );
      const constant = createConstant(scaled, longLongType);
      terms.push(base === undefined ? constant : scaled === 1n ? base : createBinary('multiply', constant, base));
    });
    return terms.reduce<Expression>(
      (sum, term, index) => (index === 0 ? term : createBinary('add', sum, term)),
      createConstant(0n, longLongType),
    );
  };
  return createBinary('equal', side(1n), side(-1n));
}
