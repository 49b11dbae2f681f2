// Guesses for cells written at an affine index of the counter (issue 41), for the template certifier
// (templates.ts, houdini.ts): writes a[m·i + d] at the top of a loop's body (m ≥ 1, d constants; or in
// both branches of an `if` there, the value an ite on its condition), with the loop's step s, so that
// each round fills P = m·s cells, one per write:
//   for (i = 1; i <= n / 2; i++) { a[2 * i - 2] = 3; a[2 * i - 1] = 1; }
//     at the loop:        ∀k ∈ [0, 2·i − 2). a[k] == ((k − 0) % 2 == 0 ? 3 : 1)
//   for (i = 0; i < n; i += 2) { a[i] = 0; a[i + 1] = 1; }
//     at the loop:        ∀k ∈ [0, i). a[k] == ((k − 0) % 2 == 0 ? 0 : 1)
// The cells done are [m·e0 + b, m·i + b) (b the least offset, e0 the counter's first value), and after
// the loop [m·e0 + b, m·E + b) (E the bound of `i < E`, E + 1 of `i <= E`). The write of offset d
// holds the cells of residue d − b modulo P, with its value at round (k − d) / m. When the writes
// cover every residue, one guess with the value chosen by residue; otherwise one guess per write,
// guarded by its residue.
//
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker; a guess made under an assumption that fails (a write that a later statement overwrites,
// a counter whose last value is not the bound) is only a guess that is dropped.

import type { LoopInfo } from '../analysis/loops.js';
import { intType } from '../ir/c-integers.js';
import {
  createArrayRead,
  createBinary,
  createConditional,
  createConstant,
  createUnary,
  createVariableExpression,
} from '../ir/factory.js';
import type { ArrayVariable, Block, Expression, LoopStatement, ScalarVariable, Statement } from '../ir/types.js';
import {
  forEachStatement,
  sameExpression,
  stripWideningCasts,
  substituteScalar,
  substituteScalarInBlock,
  writtenVariables,
} from '../ir/visit.js';
import { constantOf, incrementStep } from '../analysis/induction-variables.js';
import type { Guess } from './guess.js';
import { steadyIn } from './ranges.js';

/** the largest number of cells one round may fill */
const largestPeriod = 16n;

interface AffineWrite {
  readonly array: ArrayVariable;
  readonly multiplier: bigint;
  readonly offset: bigint;
  /** the value written, over the counter */
  readonly value: Expression;
  /** the condition under which it is written (an `if` with no write of the array in its other branch) */
  readonly guard?: Expression;
}

/** the guesses of the header for one loop: over the cells done (`full` false) or all of them (the loops after) */
export function affineWriteGuesses(
  loop: LoopStatement,
  info: LoopInfo | undefined,
  cell: ScalarVariable,
  full: boolean,
): Guess[] {
  const iterator = info?.iterator;
  if (iterator?.initial === undefined || iterator.step <= 0n) return [];
  if (full && (iterator.bound === undefined || (iterator.comparison !== 'less' && iterator.comparison !== 'lessEqual')))
    return [];
  const counter = iterator.variable;
  const steady = steadyIn(loop, counter);
  const groups = new Map<string, AffineWrite[]>();
  const unrolled = withInnerRoundsUnrolled(loop.body);
  for (const write of affineWrites(unrolled.body, counter)) {
    if (copiesItself(write, counter)) continue;
    if (!steady(write.value) || (write.guard !== undefined && !steady(write.guard))) continue;
    const key = `${write.array.id}:${write.multiplier}`;
    groups.set(key, [...(groups.get(key) ?? []), write]);
  }
  const last = full
    ? iterator.comparison === 'lessEqual'
      ? createBinary('add', iterator.bound!, createConstant(1n, iterator.bound!.type))
      : iterator.bound!
    : createVariableExpression(counter);
  const guesses: Guess[] = [];
  for (const writes of groups.values()) {
    const multiplier = writes[0]!.multiplier;
    const period = multiplier * iterator.step;
    if (period < 2n || period > largestPeriod) continue;
    const base = writes.reduce((least, write) => (write.offset < least ? write.offset : least), writes[0]!.offset);
    const residues = writes.map((write) => write.offset - base);
    if (residues.some((residue) => residue >= period) || new Set(residues).size !== residues.length) continue;
    const lower = affine(multiplier, iterator.initial, base);
    const upper = affine(multiplier, last, base);
    guesses.push(...groupGuesses(writes, { lower, upper, period, base }, counter, cell));
    // inside the inner loop whose rounds write the group's cells one after the other: the rounds
    // before this one have written [m·i + b, m·i + b + r), r the inner rounds done
    const partial = full ? undefined : roundsDone(unrolled.rounds, writes, base, period);
    if (partial !== undefined) {
      const partialUpper = createBinary('add', affine(multiplier, createVariableExpression(counter), base), partial);
      guesses.push(...groupGuesses(writes, { lower, upper: partialUpper, period, base }, counter, cell));
    }
  }
  return guesses;
}

/** an inner loop of a few rounds with constant counter values, `j = c0; while (j ⋈ c1) {…} update { j = j ± 1 }` */
interface InnerRounds {
  readonly counter: ScalarVariable;
  readonly values: readonly bigint[];
  readonly step: 1n | -1n;
}

/** the most rounds of an inner loop that are unrolled */
const mostInnerRounds = 16;

/**
 * the body with its first inner loop of a few constant rounds unrolled (each round's body with the
 * inner counter read as its value), and those rounds: `for (j = 2; j >= 1; j--) a[2 * i - j] = …`
 * writes a[2 * i − 2] and a[2 * i − 1]
 */
function withInnerRoundsUnrolled(body: Block): { readonly body: Block; readonly rounds?: InnerRounds } {
  for (const [position, statement] of body.entries()) {
    const rounds = position === 0 ? undefined : constantRounds(body[position - 1]!, statement);
    if (rounds === undefined || statement.kind !== 'loop') continue;
    const unrolled = rounds.values.flatMap((value) =>
      substituteScalarInBlock(statement.body, rounds.counter, createConstant(value, rounds.counter.type)),
    );
    return { body: [...body.slice(0, position), ...unrolled, ...body.slice(position + 1)], rounds };
  }
  return { body };
}

function constantRounds(previous: Statement, loop: Statement): InnerRounds | undefined {
  if (loop.kind !== 'loop' || previous.kind !== 'assign' || loop.update.length !== 1) return undefined;
  const counter = previous.target;
  const start = constantOf(previous.value);
  const update = loop.update[0]!;
  if (start === undefined || update.kind !== 'assign' || update.target.id !== counter.id) return undefined;
  const step = incrementStep(counter, update.value, 'iterator');
  if ((step !== 1n && step !== -1n) || writtenVariables(loop.body).scalars.has(counter.id)) return undefined;
  let nested = false;
  forEachStatement(loop.body, (inner) => {
    if (inner.kind === 'loop' || inner.kind === 'break' || inner.kind === 'continue') nested = true;
  });
  const condition = stripWideningCasts(loop.condition);
  if (nested || condition.kind !== 'binary') return undefined;
  const left = stripWideningCasts(condition.left);
  const limit = constantOf(condition.right);
  if (left.kind !== 'variable' || left.variable.id !== counter.id || limit === undefined) return undefined;
  const holds = (value: bigint): boolean | undefined => {
    switch (condition.operator) {
      case 'less':
        return value < limit;
      case 'lessEqual':
        return value <= limit;
      case 'greater':
        return value > limit;
      case 'greaterEqual':
        return value >= limit;
      case 'notEqual':
        return value !== limit;
      default:
        return undefined;
    }
  };
  const values: bigint[] = [];
  for (let value = start; holds(value) === true; value += step) {
    if (values.length === mostInnerRounds) return undefined;
    values.push(value);
  }
  return values.length === 0 ? undefined : { counter, values, step };
}

/**
 * r, the inner rounds done, as an expression of the inner counter (j − c0, or c0 − j counting down),
 * when the group's writes are the inner rounds' writes in order, one cell each, at offsets b, b + 1, …
 * filling the outer round's period
 */
function roundsDone(
  rounds: InnerRounds | undefined,
  writes: readonly AffineWrite[],
  base: bigint,
  period: bigint,
): Expression | undefined {
  if (rounds === undefined || BigInt(rounds.values.length) !== period || BigInt(writes.length) !== period)
    return undefined;
  if (!writes.every((write, position) => write.offset === base + BigInt(position) && write.guard === undefined))
    return undefined;
  const counter = createVariableExpression(rounds.counter);
  const first = createConstant(rounds.values[0]!, rounds.counter.type);
  return rounds.step === 1n ? createBinary('subtract', counter, first) : createBinary('subtract', first, counter);
}

/**
 * whether the write stores the cell's own value (`a[2 * i - 1] = a[2 * i - 1]`): it changes no cell, so
 * its residue is left to the cells' earlier values (a guess over it would only say a[k] == a[k])
 */
function copiesItself(write: AffineWrite, counter: ScalarVariable): boolean {
  const value = stripWideningCasts(write.value);
  if (value.kind !== 'arrayRead' || value.array.id !== write.array.id || value.indices.length !== 1) return false;
  const form = affineForm(value.indices[0]!, counter);
  return form !== undefined && form.multiplier === write.multiplier && form.offset === write.offset;
}

/** m·x + b */
function affine(multiplier: bigint, value: Expression, offset: bigint): Expression {
  const scaled =
    multiplier === 1n ? value : createBinary('multiply', createConstant(multiplier, intType), value, intType);
  return offset === 0n ? scaled : createBinary('add', scaled, createConstant(offset, intType), intType);
}

function groupGuesses(
  writes: readonly AffineWrite[],
  cells: { lower: Expression; upper: Expression; period: bigint; base: bigint },
  counter: ScalarVariable,
  cell: ScalarVariable,
): Guess[] {
  const cellExpression = createVariableExpression(cell);
  const residueOf = createBinary(
    'remainder',
    createBinary('subtract', cellExpression, cells.lower, intType),
    createConstant(cells.period, intType),
    intType,
  );
  const isResidue = (residue: bigint): Expression => createBinary('equal', residueOf, createConstant(residue, intType));
  // the value of the write of offset d at cell k: its value at the round (k − d) / m
  const read = createArrayRead(writes[0]!.array, [cellExpression]);
  const forall = (condition: Expression): Guess => ({
    kind: 'forall',
    variable: cell,
    lower: cells.lower,
    upper: cells.upper,
    condition,
  });
  const roundOf = (write: AffineWrite): Expression => {
    const shifted = createBinary('subtract', cellExpression, createConstant(write.offset, intType), intType);
    return write.multiplier === 1n
      ? shifted
      : createBinary('divide', shifted, createConstant(write.multiplier, intType), intType);
  };
  const valueAt = (write: AffineWrite): Expression => substituteScalar(write.value, counter, roundOf(write));
  if (BigInt(writes.length) === cells.period && writes.every((write) => write.guard === undefined)) {
    const ordered = [...writes].sort((left, right) => (left.offset < right.offset ? -1 : 1));
    let value = valueAt(ordered[ordered.length - 1]!);
    for (const write of ordered.slice(0, -1).reverse())
      value = createConditional(isResidue(write.offset - cells.base), valueAt(write), value, read.type);
    return [forall(createBinary('equal', read, value))];
  }
  return writes.map((write) => {
    const elsewhere = createBinary('notEqual', residueOf, createConstant(write.offset - cells.base, intType));
    const skipped =
      write.guard === undefined
        ? elsewhere
        : createBinary(
            'logicalOr',
            elsewhere,
            createUnary('logicalNot', substituteScalar(write.guard, counter, roundOf(write))),
          );
    return forall(createBinary('logicalOr', skipped, createBinary('equal', read, valueAt(write))));
  });
}

/** the writes a[m·i + d] = e at the top of the body, and those in both branches of an `if` there (e an ite) */
function affineWrites(body: Block, counter: ScalarVariable): AffineWrite[] {
  const writes: AffineWrite[] = [];
  const direct = (block: Block): AffineWrite[] =>
    block.flatMap((statement): AffineWrite[] => {
      if (statement.kind !== 'arrayWrite' || statement.indices.length !== 1) return [];
      const form = affineForm(statement.indices[0]!, counter);
      return form === undefined ? [] : [{ array: statement.array, ...form, value: statement.value }];
    });
  for (const statement of body) {
    if (statement.kind === 'arrayWrite') writes.push(...direct([statement]));
    if (statement.kind !== 'if') continue;
    const elseWrites = direct(statement.else);
    for (const write of elseWrites)
      if (!writtenVariables(statement.then).arrays.has(write.array.id))
        writes.push({ ...write, guard: createUnary('logicalNot', statement.condition) });
    for (const write of direct(statement.then)) {
      const other = elseWrites.find(
        (candidate) =>
          candidate.array.id === write.array.id &&
          candidate.multiplier === write.multiplier &&
          candidate.offset === write.offset,
      );
      if (other === undefined) {
        if (!writtenVariables(statement.else).arrays.has(write.array.id))
          writes.push({ ...write, guard: statement.condition });
        continue;
      }
      const value = sameExpression(write.value, other.value)
        ? write.value
        : createConditional(statement.condition, write.value, other.value, write.array.elementType);
      writes.push({ ...write, value });
    }
  }
  return writes;
}

/** m·i + d (i, i + d, i − d, m·i, i·m, d + m·i, m·i − d) with m ≥ 1 and d constants */
function affineForm(index: Expression, counter: ScalarVariable): { multiplier: bigint; offset: bigint } | undefined {
  const node = stripWideningCasts(index);
  if (node.kind === 'variable') return node.variable.id === counter.id ? { multiplier: 1n, offset: 0n } : undefined;
  if (node.kind !== 'binary') return undefined;
  const left = stripWideningCasts(node.left);
  const right = stripWideningCasts(node.right);
  if (node.operator === 'multiply') {
    const [constant, other] = left.kind === 'constant' ? [left, right] : [right, left];
    const inner = constant.kind === 'constant' && constant.value >= 1n ? affineForm(other, counter) : undefined;
    return inner === undefined || constant.kind !== 'constant'
      ? undefined
      : { multiplier: inner.multiplier * constant.value, offset: inner.offset * constant.value };
  }
  if (node.operator === 'add' || node.operator === 'subtract') {
    if (right.kind === 'constant') {
      const inner = affineForm(left, counter);
      const shift = node.operator === 'add' ? right.value : -right.value;
      return inner === undefined ? undefined : { multiplier: inner.multiplier, offset: inner.offset + shift };
    }
    if (left.kind === 'constant' && node.operator === 'add') {
      const inner = affineForm(right, counter);
      return inner === undefined ? undefined : { multiplier: inner.multiplier, offset: inner.offset + left.value };
    }
  }
  return undefined;
}

/** the cells an affine group of the loop's writes has done at its head, [m·e0 + b, m·i + b), for guesses over them */
export function affineDoneRanges(
  loop: LoopStatement,
  info: LoopInfo | undefined,
): { lower: Expression; upper: Expression }[] {
  const iterator = info?.iterator;
  if (iterator?.initial === undefined || iterator.step <= 0n) return [];
  const ranges = new Map<string, { lower: Expression; upper: Expression }>();
  const groups = new Map<string, AffineWrite[]>();
  for (const write of affineWrites(withInnerRoundsUnrolled(loop.body).body, iterator.variable)) {
    const key = `${write.array.id}:${write.multiplier}`;
    groups.set(key, [...(groups.get(key) ?? []), write]);
  }
  for (const writes of groups.values()) {
    const multiplier = writes[0]!.multiplier;
    if (multiplier * iterator.step < 2n) continue;
    const base = writes.reduce((least, write) => (write.offset < least ? write.offset : least), writes[0]!.offset);
    const range = {
      lower: affine(multiplier, iterator.initial, base),
      upper: affine(multiplier, createVariableExpression(iterator.variable), base),
    };
    ranges.set(`${multiplier}:${base}`, range);
  }
  return [...ranges.values()];
}
