// Candidate loop invariants read off the program's text (issue 41), for the template certifier
// (houdini.ts), which keeps the inductive ones. Nothing here is trusted: a candidate is a guess, kept
// only when a solver shows that every clause preserves it, and the certificate built from the kept
// ones is checked again by the independent checker (check.ts).
//
// The guesses, per loop L with an iterator i (analysis/loops.ts: i = i ± c once per iteration, its
// initial value e0 before the loop, its bound B in the condition):
// - its range: e0 ≤ i and i ≤ B (i ≤ B + 1 for `<=`; mirrored for a decreasing iterator);
// - every assumption outside loops (`assume_abort_if_not(N > 0)`), at every loop head;
// - each assertion φ outside loops after L: φ, and φ with the bound variable B replaced by i (the
//   classic "the loop's bound becomes its counter": 2s = N(N − 1) at the end is 2s = i(i − 1) at
//   iteration i);
// - each assertion φ(k) at the top of a loop K over k ∈ [f0, C) after L (a check of every cell):
//   ∀j ∈ [f0, C). φ(j) (at L, and at K itself), and at L also ∀j ∈ [e0, i). φ(j) and that with L's
//   bound variable replaced by i (cells done so far; `a[j] == N − 1` is `a[j] == i − 1` after i
//   rounds of a loop that sets the first cells to its counter);
// - each write a[i] = e at the top of L's body: ∀j ∈ [e0, i). a[j] = e(j) at L, and
//   ∀j ∈ [e0, B). a[j] = e(j) at the loops after L;
// - an inner loop's head gets its enclosing loops' guesses too, and the values its rounds start
//   from (nest-guesses.ts); a value on entry that the loop changes only seeds the accumulators
//   (entry-values.ts); cells updated in place, a[i] = U(a[i]), in-place-updates.ts.
// A guess over a variable that is not an argument of the loop's predicate (not live there) is left out.

import { accumulatorGuesses, cellAccumulatorGuesses, thresholdStepGuesses } from './accumulator-guesses.js';
import { cubeGuesses, innerCubeLoops } from './cube-guesses.js';
import { gridAndUpdateGuesses } from './grid-updates.js';
import { cappedCountGuesses, recountGuesses, type CappedGuesses } from './capped-count-guesses.js';
import {
  changePointGuesses,
  chosenCellGuesses,
  chosenIndexCells,
  extremeSumGuesses,
  type ChosenCells,
  type ChosenFacts,
} from './chosen-index-guesses.js';
import { flatFillGuesses, lastRoundExits, lastRoundGuesses, roundStartGuesses } from './nest-guesses.js';
import { conditionalWriteGuesses, periodicSumGuesses } from './periodic-guesses.js';
import { thresholdResidueSumGuesses } from './threshold-residue-sums.js';
import { overwrittenCellGuesses } from './written-cell-tests.js';
import { singleMarkGuesses } from './single-mark-guesses.js';
import { boundedSumGuesses, cellBoundGuesses } from './bound-guesses.js';
import { affineDoneRanges, affineWriteGuesses } from './affine-writes.js';
import { extremeBoundGuesses, runningExtremeGuesses } from './extreme-guesses.js';
import { mirroredWriteGuesses } from './mirror-writes.js';
import { accumulatorWriteGuesses, flagGuesses, guardedWriteGuesses } from './write-guesses.js';
import { doneRange, fullRange, steadyIn, type Range } from './ranges.js';
import { entryValueGuesses, overwrittenIn } from './entry-values.js';
import { searchGuesses } from './search-guesses.js';
import { cellTypeRangeGuesses, inPlaceUpdateGuesses, rangedArrays } from './in-place-updates.js';
import { recurrenceGuesses } from './recurrence-guesses.js';
import { flagSplitGuesses, programFlags } from './flag-splits.js';
import type { Guess } from './guess.js';
import { groupArraysBySize } from '../analysis/arrays.js';
import { typeRange } from '../ir/c-integers.js';
import { variableOffset } from '../analysis/induction-variables.js';
import { analyseLoops, type LoopInfo } from '../analysis/loops.js';
import {
  createArrayRead,
  createBinary,
  createConditional,
  createConstant,
  createScalarVariable,
  createUnary,
  createVariableExpression,
  intType,
  unusedVariableId,
} from '../ir/factory.js';
import type { Block, Expression, LoopStatement, Program, ScalarVariable, Statement } from '../ir/types.js';
import {
  arrayReadsOf,
  forEachStatement,
  forEachSubexpression,
  isVariableExpression,
  sameExpression,
  scalarsReadBy,
  stripWideningCasts,
  substituteScalar,
  visitExpressionChildren,
  writtenVariables,
} from '../ir/visit.js';

interface Located {
  readonly statement: Statement;
  /** the loops around it, outermost first */
  readonly loops: readonly LoopStatement[];
  /** whether it is at the top of its innermost loop's body (or of the program), outside any `if` */
  readonly unconditional: boolean;
  /** the conditions of the ifs around it (negated for an else branch), outermost first */
  readonly conditions: readonly Expression[];
}

/** the guesses at each loop head (by loop id) */
export function guessInvariants(program: Program): Map<number, Guess[]> {
  const infos = withInitials(analyseLoops(program, groupArraysBySize(program)), program.body);
  const located = locate(program.body);
  const order = located.map((entry) => entry.statement);
  const cell = createScalarVariable(unusedVariableId(program), 'template!cell', 'cell', intType, undefined);
  const guesses = new Map<number, Guess[]>();
  const flags = programFlags(program);
  const ranged = rangedArrays(program, infos);
  // what the top-level loops' accumulators hold when they end, by loop id
  const exits = new Map<number, Guess[]>();
  // the chosen-index loops seen so far, by loop id: what they write and the facts of their cells
  const cappedLoops = new Map<number, CappedGuesses>();
  const chosenLoops = new Map<number, { cells: ChosenCells; facts: ChosenFacts }>();
  const assumptions = located.filter((entry) => entry.statement.kind === 'assume' && entry.loops.length === 0);
  const loops = located.filter((entry) => entry.statement.kind === 'loop');
  const topLevel = loops.filter((entry) => entry.loops.length === 0).map((entry) => entry.statement as LoopStatement);
  const { grids, cubes, lastRounds, flatFills } = nestGuessMaps(
    program,
    loops.map((entry) => entry.statement as LoopStatement),
    topLevel,
    infos,
    (loop) => topLevel.filter((other) => order.indexOf(other) > order.indexOf(loop)),
    cell,
  );
  for (const entry of loops) {
    const loop = entry.statement as LoopStatement;
    const info = infos.get(loop.id);
    const own: Guess[] = assumptions.map((assumption) =>
      plain((assumption.statement as Extract<Statement, { kind: 'assume' }>).condition),
    );
    if (info?.iterator !== undefined) own.push(...rangeGuesses(info));
    // x = e and a[c] = e (c constants) before the loop, outside loops: x == e, a[c] == e (entry-values.ts)
    const before = located.filter(
      (other) => other.loops.length === 0 && order.indexOf(other.statement) < order.indexOf(loop),
    );
    const entryValues = entryValueGuesses(before.map((other) => other.statement));
    own.push(...entryValues);
    // what comes after the loop's head: its own body (an assertion checking each cell) and what follows it
    const after = located.filter((other) => order.indexOf(other.statement) > order.indexOf(loop));
    for (const assertion of after.filter((other) => other.statement.kind === 'assert'))
      own.push(...assertionGuesses(assertion, info, infos, cell));
    // what the loops before it wrote, each cell's value also with the reads of cells that earlier
    // loops wrote resolved (c[j] == a[j] + b[j] is c[j] == 1 + 2 where a[j] == 1 and b[j] == 2)
    const resolved = new Map<number, ResolvedWrite>();
    for (const before of loops) {
      const earlier = before.statement as LoopStatement;
      if (order.indexOf(earlier) >= order.indexOf(loop) || entry.loops.includes(earlier)) continue;
      for (const guess of cellGuesses(earlier, infos.get(earlier.id), cell, true)) {
        own.push(guess);
        const resolvedGuess = resolveWrite(guess, resolved, cell);
        if (resolvedGuess !== guess) own.push(resolvedGuess);
      }
      own.push(...(exits.get(earlier.id) ?? []));
    }
    if (info !== undefined) own.push(...cellGuesses(loop, info, cell, false));
    // what the chosen-index loops before it (or it itself) leave in the cells (chosen-index-guesses.ts)
    for (const [earlierId, chosen] of chosenLoops) {
      if (entry.loops.some((enclosing) => enclosing.id === earlierId)) continue;
      own.push(...chosen.facts.facts);
      if (info?.iterator?.step === 1n) own.push(...changePointGuesses(chosen.cells, own, loop, info.iterator.variable));
      own.push(...extremeSumGuesses(chosen.facts, own, loop, infos));
    }
    // counts of residues capped at a limit, from the loops before it and its own (capped-count-guesses.ts)
    for (const [earlierId, capped] of cappedLoops) {
      if (entry.loops.some((enclosing) => enclosing.id === earlierId)) continue;
      own.push(...capped.cellsAfter, ...recountGuesses(capped.counts, loop, info));
    }
    const capped = cappedCountGuesses(loop, info, own, cell);
    if (capped.counts.length > 0) {
      own.push(...capped.atHead, ...capped.cellsDone);
      cappedLoops.set(loop.id, capped);
    }
    const chosenCells = chosenIndexCells(loop, cell);
    if (chosenCells !== undefined) {
      const facts = chosenCellGuesses(chosenCells, own, cell);
      own.push(...facts.facts);
      chosenLoops.set(loop.id, { cells: chosenCells, facts });
    }
    own.push(
      ...(grids.get(loop.id) ?? []),
      ...(cubes.get(loop.id) ?? []),
      ...(flatFills.get(loop.id) ?? []),
      ...(lastRounds.get(loop.id) ?? []),
    );
    // an enclosing loop's guesses, and its condition, which holds in its body; the conditions of the
    // ifs around the loop, which held when it was entered
    for (const enclosing of entry.loops) own.push(...(guesses.get(enclosing.id) ?? []), plain(enclosing.condition));
    own.push(...entry.conditions.map(plain));
    // the values an inner loop's round starts from (`a[i] = 0;` before it)
    const enclosing = entry.loops[entry.loops.length - 1];
    const roundStarts = enclosing === undefined ? [] : roundStartGuesses(loop, enclosing);
    own.push(...roundStarts);
    own.push(...lastRoundGuesses(own, loop, enclosing, infos, cell));
    const accumulators = [
      ...accumulatorGuesses(own, loop, infos),
      ...thresholdStepGuesses(own, loop, infos),
      ...cellAccumulatorGuesses(own, loop, infos, doneRange(info)),
      ...recurrenceGuesses(own, loop, infos, cell),
      ...periodicSumGuesses(own, loop, info),
      ...thresholdResidueSumGuesses(own, loop, info),
      ...boundedSumGuesses(own, loop, info),
      ...runningExtremeGuesses(own, loop, info),
      ...inPlaceUpdateGuesses(own, loop, info),
      ...searchGuesses(loop, info, cell),
      ...cellTypeRangeGuesses(loop, info, ranged, cell),
    ];
    accumulators.push(...accumulatorWriteGuesses([...own, ...accumulators], loop, info, cell));
    // values on entry that the loop changes served the accumulators above; as guesses they hold
    // before its first round only (entry-values.ts)
    const overwritten = new Set([
      ...overwrittenIn(entryValues, [...entry.loops, loop]),
      ...overwrittenIn(roundStarts, [loop]),
    ]);
    const kept = own.filter((guess) => !overwritten.has(guess));
    const untouched = untouchedCells(kept, info, entry.loops.length > 0);
    guesses.set(loop.id, [
      ...kept,
      ...untouched,
      ...typeBoundGuesses([...kept, ...untouched]),
      ...accumulators,
      ...flagSplitGuesses([...kept, ...accumulators], loop, flags),
    ]);
    if (entry.loops.length === 0) exits.set(loop.id, atExit([...accumulators, ...capped.atHead], info));
  }
  return guesses;
}

/**
 * the guesses over whole nests, by loop id: grids (2-D ∀s, not inside nests of three or more
 * loops), cubes (∀s over three or more dimensions, cube-guesses.ts), the last round that reached a
 * cell, and flat fills over joined rows; `later(loop)`: the top-level loops after it
 */
function nestGuessMaps(
  program: Program,
  loops: readonly LoopStatement[],
  topLevel: readonly LoopStatement[],
  infos: Map<number, LoopInfo>,
  later: (loop: LoopStatement) => LoopStatement[],
  cell: ScalarVariable,
): {
  grids: Map<number, Guess[]>;
  cubes: Map<number, Guess[]>;
  lastRounds: Map<number, Guess[]>;
  flatFills: Map<number, Guess[]>;
} {
  const column = createScalarVariable(unusedVariableId(program) + 1, 'template!column', 'column', intType, undefined);
  const insideCubes = innerCubeLoops(loops, infos);
  const grids = gridAndUpdateGuesses(
    loops.filter((loop) => !insideCubes.has(loop.id)),
    infos,
    { row: cell, column },
    later,
  );
  // the cell variables of ∀s over three or more dimensions, one per dimension
  const cubeCells = new Map<number, ScalarVariable>();
  const cubeCell = (position: number): ScalarVariable => {
    const known = cubeCells.get(position);
    if (known !== undefined) return known;
    const id = unusedVariableId(program) + 2 + position;
    const created = createScalarVariable(id, `template!cube${position}`, `cube${position}`, intType, undefined);
    cubeCells.set(position, created);
    return created;
  };
  return {
    grids,
    cubes: cubeGuesses(loops, topLevel, infos, cubeCell),
    lastRounds: lastRoundExits(loops, infos, cell, later),
    flatFills: flatFillGuesses(loops, infos, cell, later),
  };
}

/**
 * what a loop's writes leave in the cells: over the cells done at its head, or (`full`) over all of
 * them, at the loops after it
 */
function cellGuesses(loop: LoopStatement, info: LoopInfo | undefined, cell: ScalarVariable, full: boolean): Guess[] {
  return [
    ...writeGuesses(loop, info, full ? fullRange(info) : doneRange(info), cell),
    ...conditionalWriteGuesses(loop, info, cell, full),
    ...overwrittenCellGuesses(loop, info, cell, full),
    ...singleMarkGuesses(loop, info, cell, full),
    ...affineWriteGuesses(loop, info, cell, full),
    ...mirroredWriteGuesses(loop, info, cell, full),
    ...cellBoundGuesses(loop, info, cell, full),
    ...guardedWriteGuesses(loop, info, cell, full),
    ...flagGuesses(loop, info, cell, full),
    ...extremeBoundGuesses(loop, info, cell, full),
  ];
}

function plain(condition: Expression): Guess {
  return { kind: 'plain', condition };
}

function variableOf(info: LoopInfo): ScalarVariable {
  return info.iterator!.variable;
}

/** e0 ≤ i ≤ B (and variants), for an increasing iterator; mirrored for a decreasing one */
function rangeGuesses(info: LoopInfo): Guess[] {
  const iterator = info.iterator!;
  const counter = createVariableExpression(iterator.variable);
  const guesses: Guess[] = [];
  const increasing = iterator.step > 0n;
  if (iterator.initial !== undefined)
    guesses.push(plain(createBinary(increasing ? 'lessEqual' : 'greaterEqual', iterator.initial, counter)));
  const stride = increasing ? iterator.step : -iterator.step;
  // a stride: (i − e0) % s == 0
  if (iterator.initial !== undefined && stride > 1n) {
    const offset = createBinary('subtract', counter, iterator.initial);
    const remainder = createBinary('remainder', offset, createConstant(stride, offset.type));
    guesses.push(plain(createBinary('equal', remainder, createConstant(0n, offset.type))));
  }
  if (iterator.bound !== undefined) {
    const bound = iterator.bound;
    guesses.push(plain(createBinary(increasing ? 'lessEqual' : 'greaterEqual', counter, bound)));
    const shifted = createBinary(increasing ? 'add' : 'subtract', bound, createConstant(stride, bound.type));
    guesses.push(plain(createBinary(increasing ? 'lessEqual' : 'greaterEqual', counter, shifted)));
  }
  return guesses;
}

/** the bound variable of a loop (its condition's bound when that is one variable) */
function boundVariable(info: LoopInfo | undefined): ScalarVariable | undefined {
  const bound = info?.iterator?.bound;
  return bound?.kind === 'variable' ? bound.variable : undefined;
}

function assertionGuesses(
  assertion: Located,
  loop: LoopInfo | undefined,
  infos: ReadonlyMap<number, LoopInfo>,
  cell: ScalarVariable,
): Guess[] {
  const condition = (assertion.statement as { condition: Expression }).condition;
  const bound = boundVariable(loop);
  const counter = loop?.iterator === undefined ? undefined : createVariableExpression(variableOf(loop));
  if (assertion.loops.length === 0) {
    const guesses = [plain(condition)];
    if (bound !== undefined && counter !== undefined)
      guesses.push(...someReplaced(condition, bound, counter).map(plain));
    return guesses;
  }
  // an assertion at the top of a loop K over k that visits every cell of a range once (a check of each)
  const checking = infos.get(assertion.loops[assertion.loops.length - 1]!.id);
  const iterator = checking?.iterator;
  const checked = fullRange(checking);
  if (assertion.loops.length !== 1 || iterator === undefined || checked === undefined) return [];
  const copies = copiesOfCounter(assertion.loops[0]!, iterator.variable);
  const guard = guardOf(assertion, assertion.loops[0]!, iterator.variable, copies);
  if (guard === null) return [];
  const checkedCondition = copies(condition);
  const guarded =
    guard === undefined
      ? checkedCondition
      : createBinary('logicalOr', createUnary('logicalNot', guard), checkedCondition);
  const atCell = substituteScalar(guarded, iterator.variable, createVariableExpression(cell));
  const forall = (range: Range, body: Expression): Guess => ({
    kind: 'forall',
    variable: cell,
    ...range,
    condition: body,
  });
  const guesses: Guess[] = [forall(checked, atCell)];
  // the cells a loop writing at an affine index of its counter has done (strides, a[2i − 2])
  if (loop !== undefined) for (const range of affineDoneRanges(loop.loop, loop)) guesses.push(forall(range, atCell));
  if (loop !== undefined) for (const range of shiftedDownRanges(loop, checked)) guesses.push(forall(range, atCell));
  for (const range of shiftedDoneRanges(loop)) guesses.push(forall(range, atCell));
  const done = doneRange(loop);
  if (done !== undefined && counter !== undefined) {
    guesses.push(forall(done, atCell));
    // the cells from the checked range's start up to the counter (a loop that starts later)
    if (loop!.iterator!.step > 0n) guesses.push(forall({ lower: checked.lower, upper: done.upper }, atCell));
    if (bound !== undefined) guesses.push(forall(done, substituteScalar(atCell, bound, counter)));
  }
  return guesses;
}

/**
 * the cells a loop counting down (step −1, from e0) has written at its head when it writes
 * a[i + d] for constants d ∈ [dmin, dmax] in its body (some maybe under an if): the rounds done
 * (i, e0] wrote [i + 1 + dmin, e0 + 1 + dmax), none before the first round; clipped below at the
 * checked range's start, for a write under `if (i >= 0)` at the last round
 * (`for (i = n − 2; i >= −1; i--) { if (i >= 0) a[i] = 7; a[i + 1] = 3; }`)
 */
function shiftedDownRanges(loop: LoopInfo, checked: Range): Range[] {
  const iterator = loop.iterator;
  if (iterator?.initial === undefined || iterator.step !== -1n) return [];
  const offsets = writtenAnywhere(loop.loop.body).flatMap((write) => {
    const offset = write.indices.length === 1 ? offsetFrom(write.indices[0]!, iterator.variable) : undefined;
    return offset === undefined ? [] : [offset];
  });
  if (offsets.length < 2) return [];
  const least = offsets.reduce((low, offset) => (offset < low ? offset : low));
  const most = offsets.reduce((high, offset) => (offset > high ? offset : high));
  const counter = createVariableExpression(iterator.variable);
  const shifted = (base: Expression, offset: bigint): Expression =>
    createBinary('add', base, createConstant(offset + 1n, base.type));
  const first = shifted(counter, least);
  const lower = createConditional(createBinary('greater', first, checked.lower), first, checked.lower, first.type);
  const started = createBinary('less', counter, iterator.initial);
  const upper = createConditional(started, shifted(iterator.initial, most), first, first.type);
  return [{ lower, upper }];
}

/** the writes of one-dimensional cells in a block, also under ifs */
function writtenAnywhere(block: Block): ArrayWrite[] {
  return block.flatMap((statement): ArrayWrite[] => {
    if (statement.kind === 'arrayWrite') return [statement];
    if (statement.kind === 'if') return [...writtenAnywhere(statement.then), ...writtenAnywhere(statement.else)];
    return [];
  });
}

/** d for an index i, i + d or i − d (d a constant) */
function offsetFrom(index: Expression, counter: ScalarVariable): bigint | undefined {
  const node = stripWideningCasts(index);
  if (node.kind === 'variable') return node.variable.id === counter.id ? 0n : undefined;
  if (node.kind !== 'binary' || (node.operator !== 'add' && node.operator !== 'subtract')) return undefined;
  const left = stripWideningCasts(node.left);
  const right = stripWideningCasts(node.right);
  if (left.kind !== 'variable' || left.variable.id !== counter.id || right.kind !== 'constant') return undefined;
  return node.operator === 'add' ? right.value : -right.value;
}

/**
 * the conditions of the ifs around an assertion in a checking loop's body, joined (undefined: none,
 * the assertion is at the top of the body): `if (k <= N / 2) assert(a[k] == 10)` checks the cells
 * where the guard holds, ∀j. j <= N / 2 → a[j] == 10. null when a guard reads a scalar the loop
 * changes other than its counter (a value read in the body, no function of the cell)
 */
function guardOf(
  assertion: Located,
  loop: LoopStatement,
  counter: ScalarVariable,
  copies: (expression: Expression) => Expression,
): Expression | undefined | null {
  if (assertion.unconditional || assertion.conditions.length === 0) return undefined;
  const conditions = assertion.conditions.map(copies);
  if (!conditions.every(steadyIn(loop, counter))) return null;
  return conditions.reduce((joined, condition) => createBinary('logicalAnd', joined, condition));
}

/**
 * The scalars a checking loop sets once, at the top of its body, to a value of its counter and of
 * what it does not change (`s1_index0 = i;`, a pointer read of a[i] lowered to its index): reading
 * them as that value lets a check under them (`if (a[s1_index0] != 0) assert(…)`) be said per cell.
 */
function copiesOfCounter(loop: LoopStatement, counter: ScalarVariable): (expression: Expression) => Expression {
  const steady = steadyIn(loop, counter);
  const assignments = new Map<number, number>();
  forEachStatement([...loop.body, ...loop.update], (statement) => {
    if (statement.kind === 'assign')
      assignments.set(statement.target.id, (assignments.get(statement.target.id) ?? 0) + 1);
  });
  const copies = loop.body.flatMap((statement) =>
    statement.kind === 'assign' &&
    statement.target.id !== counter.id &&
    assignments.get(statement.target.id) === 1 &&
    steady(statement.value)
      ? [{ variable: statement.target, value: statement.value }]
      : [],
  );
  return (expression) =>
    copies.reduce((replaced, copy) => substituteScalar(replaced, copy.variable, copy.value), expression);
}

/**
 * the guesses with the loop's iterator replaced by its value when the loop ends (B for `i < B`, step
 * 1; B − 1 for `i >= B`, step −1; as fullRange says), for the loops after it: what an accumulator
 * holds then
 */
function atExit(guesses: readonly Guess[], info: LoopInfo | undefined): Guess[] {
  const range = fullRange(info);
  const iterator = info?.iterator;
  if (range === undefined || iterator === undefined) return [];
  const exit =
    iterator.step === 1n ? range.upper : createBinary('subtract', range.lower, createConstant(1n, range.lower.type));
  const replace = (expression: Expression): Expression => substituteScalar(expression, iterator.variable, exit);
  return guesses.map((guess) =>
    guess.kind === 'plain'
      ? plain(replace(guess.condition))
      : { ...guess, lower: replace(guess.lower), upper: replace(guess.upper), condition: replace(guess.condition) },
  );
}

/**
 * ∀j ∈ [i, hi). φ(j) for each ∀j ∈ [lo, hi). φ(j) of the loop's (from the loops before it or around
 * it): the cells its iterator has not reached yet, which it may not have changed (not for ∀s over
 * three or more dimensions, whose first need not be this loop's, nor, in an inner loop, for ∀s over
 * two: their first is the rows of the outermost loop, and [j, hi) of rows with j a column said
 * nothing that held, at questions z3 could not answer in their time)
 */
function untouchedCells(guesses: readonly Guess[], info: LoopInfo | undefined, nested: boolean): Guess[] {
  const iterator = info?.iterator;
  if (iterator === undefined) return [];
  const counter = createVariableExpression(iterator.variable);
  const reaches = (guess: Guess): guess is Extract<Guess, { kind: 'forall' }> =>
    guess.kind === 'forall' &&
    guess.deeper === undefined &&
    !(nested && guess.second !== undefined) &&
    !isVariableExpression(guess.upper, iterator.variable);
  if (iterator.step === 1n)
    return guesses.flatMap((guess): Guess[] => (reaches(guess) ? [{ ...guess, lower: counter }] : []));
  // counting down from e0, writing at i + d (each offset of its writes): the cells below i + 1 + d
  // and those from e0 + 1 + d up, which it never reaches
  const start = iterator.initial;
  if (iterator.step !== -1n || info === undefined || start === undefined) return [];
  const offsets = writeOffsets(info.loop, info);
  return guesses.flatMap((guess): Guess[] =>
    reaches(guess) && !scalarsReadBy(guess.lower).has(iterator.variable.id)
      ? offsets.flatMap((offset): Guess[] => [
          { ...guess, upper: plusConstant(plusConstant(counter, 1n), offset) },
          { ...guess, lower: plusConstant(plusConstant(start, 1n), offset) },
        ])
      : [],
  );
}

/**
 * 0 <= v for each unsigned scalar v that the guesses read, and v <= its type's maximum when it is
 * narrower than int: over the integers a clause knows a value's range only where it is read or
 * havocked (`k = nondet(); … for (j = k - 1; j < k; j--)` leaves the cells [k, n) untouched only if
 * k >= 0, which the loops between do not say; `(start % 65536 + 65536) % 65536 == start` after
 * exact wraps only if start <= 65535)
 */
function typeBoundGuesses(guesses: readonly Guess[]): Guess[] {
  const read = new Map<number, ScalarVariable>();
  for (const guess of guesses) {
    scalarsReadBy(guess.condition, read);
    if (guess.kind === 'forall') {
      scalarsReadBy(guess.lower, read);
      scalarsReadBy(guess.upper, read);
      read.delete(guess.variable.id);
      if (guess.second !== undefined) read.delete(guess.second.variable.id);
    }
  }
  // signed ones not: a short's range beside a nonlinear sum's bound left the checker's questions
  // of chosen-weights-bound (test/certificates) unanswered in its time
  return [...read.values()].flatMap((variable): Guess[] => {
    if (variable.type.signed) return [];
    const value = createVariableExpression(variable);
    const guesses: Guess[] = [plain(createBinary('lessEqual', createConstant(0n, variable.type), value))];
    if (variable.type.width < intType.width)
      guesses.push(
        plain(createBinary('lessEqual', value, createConstant(typeRange(variable.type).maximum, variable.type))),
      );
    return guesses;
  });
}

/** the offsets d of the loop's writes at its counter plus d (through copies of the counter), each once */
function writeOffsets(loop: LoopStatement, info: LoopInfo): bigint[] {
  const iterator = info.iterator;
  if (iterator === undefined) return [];
  const offsets = iteratorWrites(loop, info).flatMap((write) => {
    const offset = variableOffset(write.indices[0]!, iterator.variable);
    return offset === undefined ? [] : [offset];
  });
  return [...new Set(offsets)];
}

/**
 * the cells done at the head of a loop that writes at its counter plus d (d ≠ 0, through copies of
 * the counter: `m = k - 1; b[m] = …` in a countdown lowered from `while (m--)`): the done range
 * shifted by d
 */
function shiftedDoneRanges(info: LoopInfo | undefined): Range[] {
  const done = doneRange(info);
  if (done === undefined || info === undefined) return [];
  return writeOffsets(info.loop, info)
    .filter((offset) => offset !== 0n)
    .map((offset) => ({ lower: plusConstant(done.lower, offset), upper: plusConstant(done.upper, offset) }));
}

/** the most occurrences of a bound whose subsets are tried (2^n − 1 variants) */
const mostOccurrences = 4;

/**
 * the expression with each non-empty subset of the occurrences of `variable` replaced by
 * `replacement` (every occurrence when there are more than `mostOccurrences`): the final
 * s == N * N is s == i * N after i rounds of s += N
 */
function someReplaced(expression: Expression, variable: ScalarVariable, replacement: Expression): Expression[] {
  let occurrences = 0;
  forEachSubexpression(expression, (node) => {
    if (isVariableExpression(node, variable)) occurrences++;
  });
  if (occurrences === 0) return [];
  if (occurrences > mostOccurrences) return [substituteScalar(expression, variable, replacement)];
  const variants: Expression[] = [];
  for (let mask = 1; mask < 1 << occurrences; mask++) {
    let position = 0;
    const replace = (node: Expression): Expression => {
      if (node.kind !== 'variable' || node.variable.id !== variable.id) return visitExpressionChildren(node, replace);
      const chosen = ((mask >> position) & 1) === 1;
      position++;
      return chosen ? replacement : node;
    };
    variants.push(replace(expression));
  }
  return variants;
}

type ArrayWrite = Extract<Statement, { kind: 'arrayWrite' }>;

/** a[f(i)] = e at the top of the loop's body (one dimension), i its iterator (step ±1) */
function iteratorWrites(loop: LoopStatement, info: LoopInfo | undefined): ArrayWrite[] {
  const iterator = info?.iterator;
  if (iterator === undefined || doneRange(info) === undefined) return [];
  const copies = copiesOfCounter(loop, iterator.variable);
  return loop.body.flatMap((statement): ArrayWrite[] => {
    if (statement.kind !== 'arrayWrite' || statement.indices.length !== 1) return [];
    if (scalarsReadBy(statement.indices[0]!).has(iterator.variable.id)) return [statement];
    // a write at a copy of the counter set at the top of the body (`j = m - 1; a[j] = j;`, a
    // countdown past zero lowered to a counter from m): the write with the copy read as its value
    const index = copies(statement.indices[0]!);
    return scalarsReadBy(index).has(iterator.variable.id)
      ? [{ ...statement, indices: [index], value: copies(statement.value) }]
      : [];
  });
}

/** a[f(j)] == e(j): what the write did at iteration j */
function cellEquality(write: ArrayWrite, iterator: ScalarVariable, cell: ScalarVariable): Expression {
  const cellExpression = createVariableExpression(cell);
  return createBinary(
    'equal',
    createArrayRead(write.array, [substituteScalar(write.indices[0]!, iterator, cellExpression)]),
    substituteScalar(write.value, iterator, cellExpression),
  );
}

/**
 * ∀j ∈ range. a[f(j)] = e(j) for each write of the loop at its iterator, e reading nothing else the
 * loop changes; a write at i + d (d ≠ 0 a constant) also as ∀k ∈ range + d. a[k] == e(k − d), over
 * the cells themselves (a solver instantiates a[k] at the cells read, never a[k − d])
 */
function writeGuesses(
  loop: LoopStatement,
  info: LoopInfo | undefined,
  range: Range | undefined,
  cell: ScalarVariable,
): Guess[] {
  if (range === undefined) return [];
  const iterator = info!.iterator!.variable;
  // a value that reads what the loop changes (a nondeterministic value havocked each round, a
  // running sum) is no function of the cell: no guess
  const changed = writtenVariables(loop.body, loop.update).scalars;
  // nor is an update of the cell itself (b[i] = b[i] + i: b[j] == b[j] + j holds of no cell the
  // update changes)
  const varies = (write: ArrayWrite): boolean =>
    [...scalarsReadBy(write.value).keys()].some((id) => id !== iterator.id && changed.has(id)) ||
    arrayReadsOf(write.value).some(
      (read) =>
        read.array.id === write.array.id &&
        read.indices.every((index, at) => sameExpression(index, write.indices[at]!)),
    );
  return iteratorWrites(loop, info)
    .filter((write) => !varies(write))
    .flatMap((write): Guess[] => {
      const guess: Guess = { kind: 'forall', variable: cell, ...range, condition: cellEquality(write, iterator, cell) };
      const offset = variableOffset(write.indices[0]!, iterator);
      if (offset === undefined || offset === 0n) return [guess];
      const shift = (bound: Expression): Expression => plusConstant(bound, offset);
      const atCell = createVariableExpression(cell);
      const round = plusConstant(atCell, -offset);
      const condition = createBinary(
        'equal',
        createArrayRead(write.array, [atCell]),
        substituteScalar(write.value, iterator, round),
      );
      return [
        guess,
        { kind: 'forall', variable: cell, lower: shift(range.lower), upper: shift(range.upper), condition },
      ];
    });
}

/** e + d, as e − |d| for d < 0 (no negative constant of an unsigned type) */
function plusConstant(expression: Expression, value: bigint): Expression {
  return value < 0n
    ? createBinary('subtract', expression, createConstant(-value, expression.type))
    : createBinary('add', expression, createConstant(value, expression.type));
}

/** the value a completed write left in every cell of [lower, upper) of its array, reads resolved */
interface ResolvedWrite {
  readonly lower: Expression;
  readonly upper: Expression;
  readonly value: Expression;
}

/**
 * the guess `∀j ∈ [lo, hi). x[j] == e(j)` with each read y[j] in e replaced by y's resolved value
 * over the same range (from a loop before), and x's resolved value recorded; the guess itself when
 * nothing is resolved
 */
function resolveWrite(guess: Guess, resolved: Map<number, ResolvedWrite>, cell: ScalarVariable): Guess {
  if (guess.kind !== 'forall' || guess.condition.kind !== 'binary') return guess;
  const target = guess.condition.left;
  if (target.kind !== 'arrayRead' || target.indices[0]!.kind !== 'variable') return guess;
  if (target.indices[0]!.variable.id !== cell.id) return guess;
  const sameRange = (write: ResolvedWrite): boolean =>
    sameExpression(write.lower, guess.lower) && sameExpression(write.upper, guess.upper);
  const resolve = (node: Expression): Expression => {
    if (node.kind === 'arrayRead') {
      const index = node.indices[0];
      const known = resolved.get(node.array.id);
      if (index?.kind === 'variable' && index.variable.id === cell.id && known !== undefined && sameRange(known))
        return known.value;
    }
    return visitExpressionChildren(node, resolve);
  };
  const value = resolve(guess.condition.right);
  resolved.set(target.array.id, { lower: guess.lower, upper: guess.upper, value });
  return value === guess.condition.right ? guess : { ...guess, condition: createBinary('equal', target, value) };
}

/**
 * the loops' infos with each iterator's initial value filled in where analysis/loops.ts has none
 * because the assignment is not right before the loop (`i = 0; j = 0; while (i < m)`): the last
 * assignment to the iterator before the loop in its block, past statements that do not write it
 */
export function withInitials(infos: ReadonlyMap<number, LoopInfo>, body: Block): Map<number, LoopInfo> {
  const result = new Map(infos);
  const visit = (block: Block): void => {
    block.forEach((statement, position) => {
      if (statement.kind === 'if') {
        visit(statement.then);
        visit(statement.else);
      }
      if (statement.kind !== 'loop') return;
      visit(statement.body);
      const info = result.get(statement.id);
      const iterator = info?.iterator;
      if (info === undefined || iterator === undefined) return;
      const before = block.slice(0, position).reverse();
      const initial = iterator.initial ?? assignedBefore(before, iterator.variable);
      if (initial === undefined) return;
      // a start that reads a variable the loop changes (`countdown = m; while (…) { m = countdown - 1; … }`)
      // read as that variable's value before the loop (`m = n`)
      const changed = writtenVariables(statement.body, statement.update).scalars;
      const resolved = [...scalarsReadBy(initial).values()].reduce((value, variable) => {
        if (variable.id === iterator.variable.id || !changed.has(variable.id)) return value;
        const earlier = lastValue(before, variable);
        return earlier === undefined ? value : substituteScalar(value, variable, earlier);
      }, initial);
      if (resolved !== iterator.initial)
        result.set(statement.id, { ...info, iterator: { ...iterator, initial: resolved } });
    });
  };
  visit(body);
  return result;
}

/** the value last assigned to a variable in the statements before a point (nearest first), if nothing else wrote it since */
function assignedBefore(before: readonly Statement[], variable: ScalarVariable): Expression | undefined {
  for (const earlier of before) {
    if (earlier.kind === 'assign' && earlier.target.id === variable.id) return earlier.value;
    if (writtenVariables([earlier]).scalars.has(variable.id)) return undefined;
  }
  return undefined;
}

/**
 * the value last assigned to a variable in the statements before a point (nearest first), when
 * nothing between changes it or what the value reads
 */
function lastValue(before: readonly Statement[], variable: ScalarVariable): Expression | undefined {
  for (const [distance, earlier] of before.entries()) {
    if (earlier.kind === 'assign' && earlier.target.id === variable.id) {
      const between = writtenVariables(before.slice(0, distance)).scalars;
      return [...scalarsReadBy(earlier.value).keys()].some((id) => between.has(id) || id === variable.id)
        ? undefined
        : earlier.value;
    }
    if (writtenVariables([earlier]).scalars.has(variable.id)) return undefined;
  }
  return undefined;
}

/** every statement with the loops around it, in program order (a loop before its body) */
function locate(
  block: Block,
  loops: readonly LoopStatement[] = [],
  unconditional = true,
  conditions: readonly Expression[] = [],
): Located[] {
  const located: Located[] = [];
  for (const statement of block) {
    located.push({ statement, loops, unconditional, conditions });
    switch (statement.kind) {
      case 'loop':
        located.push(...locate(statement.body, [...loops, statement], true, conditions));
        located.push(...locate(statement.update, [...loops, statement], true, conditions));
        break;
      case 'if':
        located.push(
          ...locate(statement.then, loops, false, [...conditions, statement.condition]),
          ...locate(statement.else, loops, false, [...conditions, createUnary('logicalNot', statement.condition)]),
        );
        break;
      default:
        break;
    }
  }
  return located;
}
