// Candidate difference relations for `induct` (lockstep.ts), fitted on runs of P(N) and P(N − 1)
// for fixed sizes: one solver model per size, every loop unrolled, the differences read at each
// common iteration and matched to the forms of pair-execution.ts (polynomials in n, lines in k,
// bands of cells written by inner loops); two sizes S and S + 1 give coefficients linear in N.
//
// Soundness: nothing here is trusted. A candidate is a guess; lockstep.ts proves each one inductive
// (Houdini) before it is used, and drops the others.

import { createAssign, createConstant } from '../../ir/factory.js';
import type { ArrayVariable, Block, Program, ScalarVariable } from '../../ir/types.js';
import { linearInSize } from './shape.js';
import { writtenVariables } from '../../ir/visit.js';
import { constantOf } from '../../analysis/induction-variables.js';
import { equal, intConstant, select, subtract, trueTerm, type Term } from '../../smt/terms.js';
import type { Solver, ModelValue } from '../../solvers/solver.js';
import type { SymbolicState } from '../../symbolic/executor.js';
import type { Budget } from '../../kernel/budget.js';
import type { CountingLoop, InductionShape, MiddleElement } from './shape.js';
import { analysePointwise, type PointwiseArrays } from './pointwise-loops.js';
import {
  type Band,
  type DifferencePolynomial,
  type PathPair,
  type Relation,
  PairExecution,
  sideDifference,
  startPair,
  queryMilliseconds,
  writtenCells,
} from './pair-execution.js';

const loops = (middle: readonly MiddleElement[]): CountingLoop[] =>
  middle.filter((element): element is CountingLoop => element.kind === 'loop');

/** the counter value of common iteration t for a fixed size (see PairExecution.counterValue) */
function counterAt(loop: CountingLoop, size: bigint, iteration: bigint): bigint {
  return loop.direction === 'up' ? loop.start + loop.step * iteration : size - 1n + loop.downFrom - iteration;
}

/** the least N ≥ start for which every loop has at least `wanted` common iterations (a bounded search) */
function fittingSize(shape: InductionShape, start: bigint, wanted: bigint): bigint | undefined {
  for (let size = start; size < start + 32n; size++) {
    if (loops(shape.middle).every((loop) => loop.perSize * (size - 1n) + loop.iterationOffset >= wanted)) return size;
  }
  return undefined;
}

/**
 * the forward differences Δ^0 … Δ^degree of the samples at t = 0 when the polynomial Σ Δ^k·C(t, k)
 * of that degree goes through every sample (by default there are more samples than coefficients), else
 * undefined
 */
export function fitNewton(
  samples: readonly bigint[],
  degree: number,
  minimumSamples = degree + 2,
): bigint[] | undefined {
  if (samples.length < minimumSamples) return undefined;
  const differences: bigint[] = [];
  let row = [...samples];
  for (let order = 0; order <= degree; order++) {
    differences.push(row[0]!);
    row = row.slice(1).map((value, index) => value - row[index]!);
  }
  // every difference of a higher order is zero: the polynomial goes through all the samples
  for (let order = degree + 1; row.length > 0; order++) {
    if (row.some((value) => value !== 0n)) return undefined;
    row = row.slice(1).map((value, index) => value - row[index]!);
  }
  return differences;
}

/** d(t) = d(0) + c1·t + c2·t(t − 1)/2 through every sample (at t = 0, 1, …; at least three), or undefined */
export function fitQuadratic(samples: readonly bigint[]): { linear: bigint; quadratic: bigint } | undefined {
  const differences = fitNewton(samples, 2, 3);
  return differences === undefined ? undefined : { linear: differences[1]!, quadratic: differences[2]! };
}

/** the difference as a polynomial from the entry on, else from the first common iteration on (DifferencePolynomial) */
function fitPolynomial(samples: readonly bigint[]): DifferencePolynomial | undefined {
  const whole = fitQuadratic(samples);
  if (whole !== undefined) return whole;
  const later = samples.length >= 4 ? fitQuadratic(samples.slice(1)) : undefined;
  return later === undefined ? undefined : { ...later, afterFirst: samples[1]! };
}

/** α + β·k through every (k, value), or undefined */
function fitLine(points: readonly { cell: bigint; value: bigint }[]): { constant: bigint; slope: bigint } | undefined {
  if (points.length < 2) return undefined;
  const [first, second] = points as [{ cell: bigint; value: bigint }, { cell: bigint; value: bigint }];
  const rise = second.value - first.value;
  const run = second.cell - first.cell;
  if (run === 0n || rise % run !== 0n) return undefined;
  const slope = rise / run;
  const constant = first.value - slope * first.cell;
  return points.every((point) => point.value === constant + slope * point.cell) ? { constant, slope } : undefined;
}

interface Sampled {
  readonly loop: CountingLoop;
  readonly fit: (values: readonly bigint[]) => Relation[];
  readonly terms: readonly Term[];
}

/** what to sample of one loop unrolled for a fixed N: `pairs[t]` is the pair after t common iterations */
function samplesOf(execution: PairExecution, loop: CountingLoop, pairs: readonly PathPair[], size: bigint): Sampled {
  const terms: Term[] = [];
  const fits: ((values: readonly bigint[]) => Relation | readonly Relation[] | undefined)[] = [];
  const frames: Relation[] = [];
  const take = (values: readonly Term[]): ((all: readonly bigint[]) => bigint[]) => {
    const from = terms.length;
    terms.push(...values);
    return (all) => all.slice(from, from + values.length);
  };
  const written = writtenVariables(loop.body);
  for (const variable of written.scalars.values()) {
    // counters (the loop's, its inner loops') are read only inside their loops: no relation is needed, and a wrong guess costs a timeout
    if (variable.id === loop.counter.id || [...loop.innerLoops.values()].some((counter) => counter.id === variable.id))
      continue;
    const series = take(pairs.map((pair) => sideDifference(pair, (state) => state.scalars.get(variable.id)!)));
    fits.push((values) => {
      const polynomial = fitPolynomial(series(values));
      return polynomial === undefined ? undefined : { kind: 'scalar', variable, ...polynomial };
    });
  }
  for (const array of written.arrays.values()) {
    const cells = writtenCells(loop, array) ?? innerBand(loop, array, execution.shape.size);
    if (cells === undefined) continue;
    frames.push({ kind: 'frame', array, cells });
    if (cells.kind === 'band') {
      fits.push(...bandFits(array, cells, pairs, size, take));
      continue;
    }
    if (cells.kind === 'cell') {
      const series = take(
        pairs.map((pair) =>
          sideDifference(pair, (state) => select(state.arrays.get(array.id)!, intConstant(cells.index))),
        ),
      );
      fits.push((values) => {
        const polynomial = fitPolynomial(series(values));
        return polynomial === undefined ? undefined : { kind: 'cell', array, index: cells.index, ...polynomial };
      });
      continue;
    }
    for (const offset of cells.offsets) fits.push(writtenFit(loop, array, offset, pairs, size, take));
  }
  return { loop, terms, fit: (values) => [...fits.flatMap((fit) => fit(values) ?? []), ...frames] };
}

/**
 * the cells of `array` the loop writes through its pointwise inner loops (pointwise-loops.ts), all over
 * one range s0 + o ≤ k < N + d + o (a constant start, a bound N + d), and nowhere else; or undefined
 */
function innerBand(loop: CountingLoop, array: ArrayVariable, size: ScalarVariable): Band | undefined {
  let band: Band | undefined;
  let elsewhere = false;
  const visit = (block: Block): void => {
    for (const [index, statement] of block.entries()) {
      if (statement.kind === 'if') {
        visit(statement.then);
        visit(statement.else);
        continue;
      }
      if (statement.kind !== 'loop') {
        if (
          (statement.kind === 'arrayWrite' || statement.kind === 'arrayFill' || statement.kind === 'arrayHavoc') &&
          statement.array.id === array.id
        )
          elsewhere = true;
        continue;
      }
      const counter = loop.innerLoops.get(statement.id);
      const inner = counter === undefined ? undefined : analysePointwise(statement, counter);
      const initialisation = block[index - 1];
      if (inner === undefined || typeof inner === 'string' || initialisation?.kind !== 'assign') {
        elsewhere = true;
        continue;
      }
      const write = inner.writes.find((candidate) => candidate.array.id === array.id);
      if (write === undefined) continue;
      const start = constantOf(initialisation.value);
      const bound = linearInSize(inner.bound, size);
      if (write.leading.length > 0 || start === undefined || bound === undefined || bound.scale !== 1n) {
        elsewhere = true;
        continue;
      }
      const found: Band = {
        kind: 'band',
        low: start + write.offset,
        high: bound.offset + (inner.inclusive ? 1n : 0n) + write.offset,
      };
      if (band !== undefined && (band.low !== found.low || band.high !== found.high)) elsewhere = true;
      band = found;
    }
  };
  visit(loop.body);
  return elsewhere ? undefined : band;
}

/** the band's difference, sampled at its first cell, and P(N)'s extra cell */
function bandFits(
  array: ArrayVariable,
  band: Band,
  pairs: readonly PathPair[],
  size: bigint,
  take: (values: readonly Term[]) => (all: readonly bigint[]) => bigint[],
): ((values: readonly bigint[]) => Relation | undefined)[] {
  const fits: ((values: readonly bigint[]) => Relation | undefined)[] = [];
  if (band.low < size - 1n + band.high) {
    const first = intConstant(band.low);
    const series = take(
      pairs.map((pair) => sideDifference(pair, (state) => select(state.arrays.get(array.id)!, first))),
    );
    fits.push((values) => {
      const polynomial = fitPolynomial(series(values));
      return polynomial === undefined ? undefined : { kind: 'band', array, band, ...polynomial };
    });
  }
  const edge = intConstant(size - 1n + band.high);
  const own = take(pairs.map((pair) => select(pair.current.state.arrays.get(array.id)!, edge)));
  fits.push((values) => {
    const polynomial = fitPolynomial(own(values));
    return polynomial === undefined ? undefined : { kind: 'edge', array, band, ...polynomial };
  });
  return fits;
}

/** the candidates of the cells the loop writes at counter + offset: their difference, and P(N − 1)'s values */
function writtenFit(
  loop: CountingLoop,
  array: ArrayVariable,
  offset: bigint,
  pairs: readonly PathPair[],
  size: bigint,
  take: (values: readonly Term[]) => (all: readonly bigint[]) => bigint[],
): (values: readonly bigint[]) => Relation[] {
  const last = pairs[pairs.length - 1]!;
  const entry = pairs[0]!;
  const indices = pairs.slice(1).map((_, t) => counterAt(loop, size, BigInt(t)) + offset);
  const series = take(
    indices.map((index) => {
      const read = (state: SymbolicState): Term => select(state.arrays.get(array.id)!, intConstant(index));
      return subtract(sideDifference(last, read), sideDifference(entry, read));
    }),
  );
  const own = take(indices.map((index) => select(last.previous.state.arrays.get(array.id)!, intConstant(index))));
  return (values) => {
    const line = fitLine(series(values).map((value, t) => ({ cell: indices[t]!, value })));
    const relations: Relation[] = line === undefined ? [] : [{ kind: 'written', array, offset, ...line }];
    // P(N − 1)'s values: independent of N, or growing with N as the difference says
    const ownLine = fitLine(own(values).map((value, t) => ({ cell: indices[t]!, value })));
    if (ownLine !== undefined) {
      relations.push({ kind: 'values', array, offset, ...ownLine, sizeFactor: 0n });
      if (line !== undefined && line.slope === 0n && line.constant !== 0n) {
        relations.push({
          kind: 'values',
          array,
          offset,
          constant: ownLine.constant - line.constant * (size - 1n),
          slope: ownLine.slope,
          sizeFactor: line.constant,
        });
      }
    }
    return relations;
  };
}

/**
 * the candidates fitted on runs for two sizes S and S + 1: a coefficient that differs between them
 * becomes c + c'·N (an inner loop of N iterations makes `s_N − s_{N−1}` grow by N − 1 per outer
 * iteration); on one size alone when the second run cannot be had
 */
export async function fitCandidates(
  program: Program,
  shape: InductionShape,
  start: bigint,
  solver: Solver,
  budget: Budget,
  arrays: PointwiseArrays,
): Promise<Map<CountingLoop, Relation[]> | string> {
  const size = fittingSize(shape, start, 4n);
  if (size === undefined) return 'no size with enough common iterations to fit difference relations';
  const first = await fitCandidatesAt(program, shape, start, size, solver, budget, arrays);
  if (typeof first === 'string') return first;
  const second = await fitCandidatesAt(program, shape, start, size + 1n, solver, budget, arrays);
  if (typeof second === 'string') return first;
  return new Map(
    [...first].map(([loop, relations]) => [
      loop,
      relations.flatMap((relation) => mergeSizes(relation, second.get(loop) ?? [], size) ?? []),
    ]),
  );
}

/** the candidate fitted for size `size` combined with its match fitted for size + 1, or undefined when there is none */
function mergeSizes(relation: Relation, others: readonly Relation[], size: bigint): Relation | undefined {
  const per = (value: bigint, other: bigint): { value: bigint; perSize: bigint } => ({
    value: value - (other - value) * size,
    perSize: other - value,
  });
  switch (relation.kind) {
    case 'scalar':
    case 'cell':
    case 'band':
    case 'edge': {
      const other = others.find(
        (candidate): candidate is typeof relation =>
          candidate.kind === relation.kind &&
          (candidate.kind === 'scalar'
            ? candidate.variable.id === (relation as { variable: ScalarVariable }).variable.id
            : candidate.kind === 'cell'
              ? candidate.array.id === (relation as { array: ArrayVariable }).array.id &&
                candidate.index === (relation as { index: bigint }).index
              : (candidate.kind === 'band' || candidate.kind === 'edge') &&
                candidate.array.id === (relation as { array: ArrayVariable }).array.id),
      );
      if (other === undefined || (other.afterFirst === undefined) !== (relation.afterFirst === undefined))
        return undefined;
      const linear = per(relation.linear, other.linear);
      const quadratic = per(relation.quadratic, other.quadratic);
      const afterFirst = per(relation.afterFirst ?? 0n, other.afterFirst ?? 0n);
      if (linear.perSize === 0n && quadratic.perSize === 0n && afterFirst.perSize === 0n) return relation;
      return {
        ...relation,
        linear: linear.value,
        quadratic: quadratic.value,
        ...(relation.afterFirst === undefined ? {} : { afterFirst: afterFirst.value }),
        perSize: { linear: linear.perSize, quadratic: quadratic.perSize, afterFirst: afterFirst.perSize },
      };
    }
    case 'written': {
      const other = others.find(
        (candidate) =>
          candidate.kind === 'written' &&
          candidate.array.id === relation.array.id &&
          candidate.offset === relation.offset,
      ) as typeof relation | undefined;
      if (other === undefined) return undefined;
      const constant = per(relation.constant, other.constant);
      const slope = per(relation.slope, other.slope);
      if (constant.perSize === 0n && slope.perSize === 0n) return relation;
      return {
        ...relation,
        constant: constant.value,
        slope: slope.value,
        perSize: { constant: constant.perSize, slope: slope.perSize },
      };
    }
    case 'frame':
    case 'values':
      return others.some((other) => JSON.stringify(other, relationKey) === JSON.stringify(relation, relationKey))
        ? relation
        : undefined;
    default: {
      const never: never = relation;
      throw new Error(`unknown relation ${JSON.stringify(never)}`);
    }
  }
}

/** variables by id, bigints as text: for comparing two candidates */
function relationKey(this: unknown, key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (key === 'array' || key === 'variable') return (value as { id: number }).id;
  return value;
}

/** one run of both programs for a fixed N, every loop unrolled, and the candidates read from a model */
async function fitCandidatesAt(
  program: Program,
  shape: InductionShape,
  start: bigint,
  size: bigint,
  solver: Solver,
  budget: Budget,
  arrays: PointwiseArrays,
): Promise<Map<CountingLoop, Relation[]> | string> {
  const execution = new PairExecution(program, shape, 'int', [], arrays);
  let pair: PathPair | string = startPair(execution, start);
  execution.executor.assume(equal(execution.size, intConstant(size)));
  const sampled: Sampled[] = [];
  for (const element of shape.middle) {
    if (typeof pair === 'string') return pair;
    if (element.kind === 'straight') {
      pair = execution.runBoth(element.statements, pair);
      continue;
    }
    const count = Number(element.perSize * (size - 1n) + element.iterationOffset);
    const pairs: PathPair[] = [execution.beforeCommon(element, pair)];
    for (let t = 0; t < count; t++) {
      const counter = createAssign(
        element.counter,
        createConstant(counterAt(element, size, BigInt(t)), element.counter.type),
        element.loop.location,
      );
      const next: PathPair | string = execution.runBoth(
        [counter, ...element.body, ...element.update],
        pairs[pairs.length - 1]!,
      );
      if (typeof next === 'string') return next;
      pairs.push(next);
    }
    sampled.push(samplesOf(execution, element, pairs, size));
    pair = execution.afterCommon(element, pairs[pairs.length - 1]!);
  }
  // each sampled value through a constant: get-value takes no term with a quantifier (an inner loop's λ)
  const terms = sampled.flatMap((sample) => sample.terms).map((term) => execution.executor.define('sample', term, 0));
  const script = execution.script(
    ['induct: one run of P(N) and P(N - 1) for a fixed N, side by side (to fit difference relations)'],
    [],
    trueTerm,
  );
  const result = await solver.checkScript(script, {
    timeoutMilliseconds: budget.solverTimeout(queryMilliseconds),
    valuesOf: terms,
  });
  if (result.kind !== 'sat' || result.values === undefined)
    return `no run of both programs for ${shape.size.sourceName} = ${size} to fit difference relations on (${result.kind})`;
  const values = result.values.map((value: ModelValue) => (value.kind === 'integer' ? value.value : 0n));
  const candidates = new Map<CountingLoop, Relation[]>();
  let offset = 0;
  for (const sample of sampled) {
    candidates.set(sample.loop, sample.fit(values.slice(offset, offset + sample.terms.length)));
    offset += sample.terms.length;
  }
  return candidates;
}
