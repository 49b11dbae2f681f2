// Pointwise inner loops of `induct` (nested loops that write arrays): a loop nested in a
// counting loop's body,
//   j = s0; while (j < B) { S; j = j + 1; }            (or j <= B; s0 and B read nothing S writes)
// whose body S writes only cells a[e_1]…[e_r][j + o] (one offset o per array, the leading indices
// invariant) under branches, and reads a written array only at the cell it writes, is one
// function of its entry state applied to each cell on its own: iteration j changes only its cells,
// and reads no cell another iteration writes. Its exit state is therefore, exactly,
//   a' = λk. ite(s0 ≤ k − o < B, V(k − o), a[k])    (V: the cell's value after S run at j = k − o)
// (for a leading index e: a' = store(a, e, λk. …)), and j' = max(s0, B). V is S evaluated as an
// expression (`if (c) a[j] = x; else a[j] = y;` gives c ? x : y over the entry's values), with the
// own cell read as its value so far.
//
// Soundness: S has no assertion, assumption, havoc, call, jump or scalar write, and nothing in it
// can be undefined (no division by a variable; int semantics: an out-of-bounds cell is a cell of the
// array), so the loop always terminates after max(0, B − s0) iterations without failing, and the
// summary is its exact effect: cells of different iterations are distinct (k − o is the one j of a
// cell), and each iteration reads only entry values (unwritten arrays, invariant scalars, its own
// cell). Int semantics only (index.ts refuses bv).

import {
  createArrayRead,
  createBinary,
  createConditional,
  createConstant,
  createVariableExpression,
} from '../../ir/factory.js';
import type { ArrayVariable, Block, Expression, LoopStatement, ScalarVariable, Statement } from '../../ir/types.js';
import {
  containsJump,
  sameExpression,
  scalarsReadBy,
  someSubexpression,
  stripCasts,
  visitExpressionChildren,
} from '../../ir/visit.js';
import { constantOf, incrementStep, splitCounterUpdate, variableOffset } from '../../analysis/induction-variables.js';
import {
  add,
  and,
  equal,
  forall,
  ite,
  lambda,
  lessEqual,
  less,
  select,
  store,
  subtract,
  intConstant,
  intSort,
  type Term,
} from '../../smt/terms.js';
import type { Path, SymbolicExecutor } from '../../symbolic/executor.js';

/** one written array: a[leading…][j + offset] */
interface PointwiseWrite {
  readonly array: ArrayVariable;
  readonly leading: readonly Expression[];
  readonly offset: bigint;
  /** the cell's value after one iteration, over the entry's values and the counter */
  readonly value: Expression;
}

export interface PointwiseLoop {
  readonly loop: LoopStatement;
  readonly counter: ScalarVariable;
  readonly bound: Expression;
  readonly inclusive: boolean;
  readonly writes: readonly PointwiseWrite[];
}

/** a division or remainder by other than a nonzero constant, or a shift by other than a constant in range (which can stop a run; shape.ts refuses it before the loops too) */
export function mayFail(expression: Expression): boolean {
  return someSubexpression(expression, (inner) => {
    if (inner.kind !== 'binary') return false;
    const divisor = constantOf(inner.right);
    switch (inner.operator) {
      case 'divide':
      case 'remainder':
        return divisor === undefined || divisor === 0n;
      case 'shiftLeft':
      case 'shiftRight':
        return divisor === undefined || divisor < 0n || divisor >= 32n;
      default:
        return false;
    }
  });
}

interface Analysis {
  readonly counter: ScalarVariable;
  readonly cells: Map<number, { array: ArrayVariable; leading: readonly Expression[]; offset: bigint }>;
  problem: string | undefined;
}

/** the cell a[indices] as one of the loop's own cells (recorded), or a problem */
function ownCell(analysis: Analysis, array: ArrayVariable, indices: readonly Expression[]): void {
  const offset = variableOffset(indices[indices.length - 1]!, analysis.counter);
  const leading = indices.slice(0, -1);
  const known = analysis.cells.get(array.id);
  const counterFree = leading.every(
    (index) =>
      !scalarsReadBy(index).has(analysis.counter.id) &&
      !someSubexpression(index, (inner) => inner.kind === 'arrayRead') &&
      !mayFail(index),
  );
  if (offset === undefined || !counterFree)
    analysis.problem = `a write to ${array.sourceName} not at the counter's cell`;
  else if (
    known !== undefined &&
    (known.offset !== offset || !known.leading.every((index, position) => sameExpression(index, leading[position]!)))
  ) {
    analysis.problem = `${array.sourceName} written at two different cells`;
  } else analysis.cells.set(array.id, { array, leading, offset });
}

/** the body's values per written array (see the header), or a problem */
function bodyValues(block: Block, analysis: Analysis, current: Map<number, Expression>): Map<number, Expression> {
  let values = current;
  /** reads of an own cell written before as its value so far (other reads stay, and are judged at the end) */
  const resolve = (expression: Expression): Expression =>
    expression.kind === 'arrayRead' && values.has(expression.array.id) && isOwnCell(expression, analysis)
      ? values.get(expression.array.id)!
      : visitExpressionChildren(expression, resolve);
  for (const statement of block) {
    if (analysis.problem !== undefined) return values;
    switch (statement.kind) {
      case 'arrayWrite': {
        ownCell(analysis, statement.array, statement.indices);
        if (mayFail(statement.value)) analysis.problem = 'a division by a variable';
        // an own-cell read not written before stays a read: the entry's value
        values = new Map(values).set(statement.array.id, resolve(statement.value));
        break;
      }
      case 'if': {
        if (mayFail(statement.condition)) analysis.problem = 'a division by a variable';
        // first the cells either branch writes, at their values so far
        const then = bodyValues(statement.then, analysis, values);
        const otherwise = bodyValues(statement.else, analysis, values);
        if (analysis.problem !== undefined) return values;
        const condition = resolve(statement.condition);
        const merged = new Map(values);
        for (const id of new Set([...then.keys(), ...otherwise.keys()])) {
          const cell = analysis.cells.get(id)!;
          const unchanged =
            values.get(id) ??
            createArrayRead(cell.array, [...cell.leading, createCounterCell(analysis.counter, cell.offset)]);
          merged.set(
            id,
            createConditional(
              condition,
              then.get(id) ?? unchanged,
              otherwise.get(id) ?? unchanged,
              cell.array.elementType,
            ),
          );
        }
        values = merged;
        break;
      }
      default:
        analysis.problem = `a ${statement.kind} in the inner loop's body`;
    }
  }
  return values;
}

function createCounterCell(counter: ScalarVariable, offset: bigint): Expression {
  const variable = createVariableExpression(counter);
  return offset === 0n ? variable : createBinary('add', variable, createConstant(offset, counter.type), counter.type);
}

/** the loop preceded by `initialisation` as a pointwise loop, or why not */
export function pointwiseLoop(loop: LoopStatement, initialisation: Statement | undefined): PointwiseLoop | string {
  if (initialisation?.kind !== 'assign') return "the inner loop's counter is not initialised just before it";
  if (!invariant(initialisation.value, initialisation.target))
    return "the inner loop's start is not a plain expression of the outer state";
  return analysePointwise(loop, initialisation.target);
}

/** read nothing the loop changes, no array, nothing undefined */
function invariant(expression: Expression, counter: ScalarVariable): boolean {
  return (
    !scalarsReadBy(expression).has(counter.id) &&
    !someSubexpression(expression, (inner) => inner.kind === 'arrayRead') &&
    !mayFail(expression)
  );
}

/** the loop with counter `counter` (its start is whatever the counter holds at entry) as a pointwise loop, or why not */
export function analysePointwise(loop: LoopStatement, counter: ScalarVariable): PointwiseLoop | string {
  const condition = stripCasts(loop.condition);
  const left = condition.kind === 'binary' ? stripCasts(condition.left) : undefined;
  if (
    condition.kind !== 'binary' ||
    (condition.operator !== 'less' && condition.operator !== 'lessEqual') ||
    left?.kind !== 'variable' ||
    left.variable.id !== counter.id
  ) {
    return "the inner loop's condition is not counter < bound";
  }
  const { body, update: updates } = splitCounterUpdate(loop, counter);
  const update = updates.length === 1 ? updates[0] : undefined;
  if (
    update?.kind !== 'assign' ||
    update.target.id !== counter.id ||
    incrementStep(counter, update.value, 'int') !== 1n
  )
    return 'the inner loop does not step its counter by 1';
  if (containsJump(body, 'break') || containsJump(body, 'continue')) return 'the inner loop has break or continue';
  const analysis: Analysis = { counter, cells: new Map(), problem: undefined };
  const values = bodyValues(body, analysis, new Map());
  if (analysis.problem !== undefined) return analysis.problem;
  if ([...analysis.cells.values()].some((cell) => cell.leading.length > 1))
    return 'the inner loop writes an array of more than two dimensions';
  if (analysis.cells.size === 0) return 'the inner loop writes no array';
  const written = new Set(analysis.cells.keys());
  if (!invariant(condition.right, counter))
    return "the inner loop's bound is not a plain expression of the outer state";
  // reads of a written array only at its own cell (already replaced by its value); other arrays anywhere
  for (const value of values.values()) {
    if (
      someSubexpression(
        value,
        (inner) => inner.kind === 'arrayRead' && written.has(inner.array.id) && !isOwnCell(inner, analysis),
      )
    )
      return 'the inner loop reads a cell another iteration writes';
  }
  const writes = [...analysis.cells.values()].map((cell) => ({ ...cell, value: values.get(cell.array.id)! }));
  return { loop, counter, bound: condition.right, inclusive: condition.operator === 'lessEqual', writes };
}

function isOwnCell(read: Expression & { kind: 'arrayRead' }, analysis: Analysis): boolean {
  const cell = analysis.cells.get(read.array.id);
  return (
    cell !== undefined &&
    variableOffset(read.indices[read.indices.length - 1]!, analysis.counter) === cell.offset &&
    cell.leading.every((index, position) => sameExpression(index, read.indices[position]!))
  );
}

/**
 * the executor's hook for loops in a block of a shape with pointwise inner loops (`counters`: each
 * inner loop's counter by loop id; the loop is analysed as given, so N − 1 substituted on P(N − 1)'s
 * side is seen)
 */
export function pointwiseHook(
  counters: ReadonlyMap<number, ScalarVariable>,
  arrays: PointwiseArrays = 'lambda',
): (loop: LoopStatement, path: Path, executor: SymbolicExecutor) => Path {
  return (loop, path, executor) => {
    const counter = counters.get(loop.id);
    const summary = counter === undefined ? 'not an inner loop of the shape' : analysePointwise(loop, counter);
    if (typeof summary === 'string')
      throw new Error(`internal: induct: the loop at ${loop.location.line}:${loop.location.column}: ${summary}`);
    return pointwiseExit(summary, path, executor, arrays);
  };
}

/**
 * how an exit array is written: `lambda` (z3's array λ, which z3 reduces at once), or `quantified`:
 * a fresh array constant A with ∀k. A[k] = … among the executor's definitions (first-order: what
 * cvc5 and the files written for any solver read)
 */
export type PointwiseArrays = 'lambda' | 'quantified';

/** the path after the loop (the exit state of the header), from `path`: the counter holds its start */
export function pointwiseExit(
  summary: PointwiseLoop,
  path: Path,
  executor: SymbolicExecutor,
  arrays: PointwiseArrays = 'lambda',
): Path {
  const environment = executor.environment(path.state);
  const translate = (expression: Expression, within = environment): Term => {
    const translation = executor.translator.translate(expression, within);
    if (translation.definedness.kind !== 'boolConstant' || !translation.definedness.value)
      throw new Error('internal: induct: an inner loop expression may be undefined');
    return translation.term;
  };
  const start = path.state.scalars.get(summary.counter.id)!;
  const bound = translate(summary.bound);
  const end = summary.inclusive ? add(bound, intConstant(1n)) : bound;
  const exits = new Map(path.state.arrays);
  for (const write of summary.writes) {
    const cell = executor.fresh('cell', intSort);
    const iteration = subtract(cell, intConstant(write.offset));
    const inner = {
      ...environment,
      scalar: (variable: ScalarVariable): Term =>
        variable.id === summary.counter.id ? iteration : environment.scalar(variable),
    };
    const value = translate(write.value, inner);
    const entry = path.state.arrays.get(write.array.id)!;
    const leading = write.leading.map((index) => translate(index));
    const row = leading.length === 0 ? entry : select(entry, leading[0]!);
    const cellValue = ite(and(lessEqual(start, iteration), less(iteration, end)), value, select(row, cell));
    let updated: Term;
    if (arrays === 'lambda') updated = lambda(cell, cellValue);
    else {
      updated = executor.fresh(`${write.array.name}@pointwise`, row.sort);
      executor.definitions.push(forall([cell], equal(select(updated, cell), cellValue)));
    }
    exits.set(write.array.id, leading.length === 0 ? updated : store(entry, leading[0]!, updated));
  }
  const scalars = new Map(path.state.scalars);
  scalars.set(summary.counter.id, ite(less(start, end), end, start));
  return { guard: path.guard, state: { scalars, arrays: exits } };
}
