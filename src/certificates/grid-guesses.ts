// Guesses over two-dimensional cells (issue 41), for the template certifier (templates.ts,
// houdini.ts): a nest of two loops that writes or checks every cell of a grid.
// - A write nest: an outer loop over i (step 1) whose body has, at its top, an inner loop over j
//   (step 1, from f0(i) while j < C(i) or j <= C(i)) whose body has, at its top, m[i][j] = e(i, j)
//   (or m[j][i] = e(i, j)). Guesses: at the outer head, the rows done
//   ∀k ∈ [e0, i), l ∈ [f0(k), C(k)). m[k][l] == e(k, l); at the inner head, the row's cells done
//   ∀l ∈ [f0, j). m[i][l] == e(i, l); at the loops after the nest (top level), every row
//   ∀k ∈ [e0, B), l ∈ [f0(k), C(k)). m[k][l] == e(k, l). Not when e reads a scalar that the nest
//   changes other than i and j (a value havocked each round): no function of the cell.
// - A check nest: such a nest with an assertion φ(i, j) at the top of the inner body: at every loop
//   head, ∀k ∈ [e0, B), l ∈ [f0(k), C(k)). φ(k, l) (it holds everywhere once the grid is what the
//   assertions check); at the heads of each nest before it that writes none of the arrays φ reads,
//   over that nest's iterators, φ over the cells it has visited: the rows done, and at its inner head the row's cells done (a running
//   maximum over the grid: A[k][l] <= max for the cells seen).
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker.

import type { LoopInfo } from '../analysis/loops.js';
import { createArrayRead, createBinary, createVariableExpression } from '../ir/factory.js';
import type { Expression, LoopStatement, ScalarVariable, Statement } from '../ir/types.js';
import { arrayReadsOf, scalarsReadBy, substituteScalar, writtenVariables } from '../ir/visit.js';
import type { Guess } from './guess.js';
import { fullRange, type Range } from './ranges.js';

/** the two cell variables of a ∀ over a grid */
export interface GridCells {
  readonly row: ScalarVariable;
  readonly column: ScalarVariable;
}

/** a nest of two loops, step 1 each, the inner at the top of the outer's body */
export interface Nest {
  readonly outer: LoopStatement;
  readonly inner: LoopStatement;
  readonly row: ScalarVariable;
  readonly column: ScalarVariable;
  /** the outer iterator's full range */
  readonly rows: Range;
  /** the inner iterator's range, in the outer iterator */
  readonly columns: Range;
  /** the rows done at the outer head, [e0, i) */
  readonly rowsDone: Range;
  /** the columns done at the inner head, [f0, j) */
  readonly columnsDone: Range;
}

/** every cell of an iterator of step 1 */
function upwardRange(info: LoopInfo | undefined): Range | undefined {
  return info?.iterator?.step === 1n ? fullRange(info) : undefined;
}

/** the nest of an outer loop, when its body starts with (after assignments) an inner loop of step 1 */
export function nestOf(outer: LoopStatement, infos: ReadonlyMap<number, LoopInfo>): Nest | undefined {
  const inner = outer.body.find((statement): statement is LoopStatement => statement.kind === 'loop');
  if (inner === undefined) return undefined;
  const outerInfo = infos.get(outer.id);
  const innerInfo = infos.get(inner.id);
  const rows = upwardRange(outerInfo);
  const columns = upwardRange(innerInfo);
  if (rows === undefined || columns === undefined) return undefined;
  const row = outerInfo!.iterator!.variable;
  const column = innerInfo!.iterator!.variable;
  return {
    outer,
    inner,
    row,
    column,
    rows,
    columns,
    rowsDone: { lower: rows.lower, upper: createVariableExpression(row) },
    columnsDone: { lower: columns.lower, upper: createVariableExpression(column) },
  };
}

/** ∀ row ∈ rows, column ∈ columns(row). condition(row, column), over the nest's iterators renamed */
export function overGrid(nest: Nest, rows: Range, condition: Expression, cells: GridCells): Guess {
  const rowCell = createVariableExpression(cells.row);
  const columnCell = createVariableExpression(cells.column);
  const renamed = substituteScalar(substituteScalar(condition, nest.column, columnCell), nest.row, rowCell);
  return {
    kind: 'forall',
    variable: cells.row,
    lower: rows.lower,
    upper: rows.upper,
    condition: renamed,
    second: {
      variable: cells.column,
      lower: substituteScalar(nest.columns.lower, nest.row, rowCell),
      upper: substituteScalar(nest.columns.upper, nest.row, rowCell),
    },
  };
}

/**
 * m[i][j] = e(i, j) (either order of the indices) at the top of the inner body, m not read in e, nor
 * a scalar that the nest changes other than its iterators (a value havocked each round is no
 * function of the cell: `nondet = havoc(); m[i][j] = nondet` guessed m[k][l] == nondet, which no
 * clause keeps and whose questions z3 could not answer in their time)
 */
export function gridWrites(nest: Nest): Extract<Statement, { kind: 'arrayWrite' }>[] {
  const changed = writtenVariables(nest.outer.body, nest.outer.update).scalars;
  const varies = (value: Expression): boolean =>
    [...scalarsReadBy(value).keys()].some((id) => id !== nest.row.id && id !== nest.column.id && changed.has(id));
  return nest.inner.body.flatMap((statement) => {
    if (statement.kind !== 'arrayWrite' || statement.indices.length !== 2) return [];
    const [first, second] = statement.indices;
    const names = [first, second].map((index) => (index?.kind === 'variable' ? index.variable.id : undefined));
    const straight = names[0] === nest.row.id && names[1] === nest.column.id;
    const crossed = names[0] === nest.column.id && names[1] === nest.row.id;
    if (!straight && !crossed) return [];
    if (arrayReadsOf(statement.value).some((read) => read.array.id === statement.array.id)) return [];
    if (varies(statement.value)) return [];
    return [statement];
  });
}

/** the guesses of the write and check nests, by loop id (see the header); `after` lists the top-level loops after a loop */
export function gridGuesses(
  loops: readonly LoopStatement[],
  infos: ReadonlyMap<number, LoopInfo>,
  cells: GridCells,
  after: (loop: LoopStatement) => readonly LoopStatement[],
): Map<number, Guess[]> {
  const guesses = new Map<number, Guess[]>();
  const add = (loop: LoopStatement, guess: Guess): void => {
    guesses.set(loop.id, [...(guesses.get(loop.id) ?? []), guess]);
  };
  for (const outer of loops) {
    const nest = nestOf(outer, infos);
    if (nest === undefined) continue;
    for (const write of gridWrites(nest)) {
      const cell = createArrayRead(write.array, write.indices);
      const equality = createBinary('equal', cell, write.value);
      add(outer, overGrid(nest, nest.rowsDone, equality, cells));
      add(nest.inner, rowDone(nest, equality, cells));
      for (const later of after(outer)) add(later, overGrid(nest, nest.rows, equality, cells));
    }
    for (const statement of nest.inner.body) {
      if (statement.kind !== 'assert') continue;
      const everywhere = overGrid(nest, nest.rows, statement.condition, cells);
      for (const loop of loops) add(loop, everywhere);
      // the nests before it that write none of the checked arrays: the cells they have visited (a
      // running maximum over the grid; a nest that writes them has its write guesses)
      const checked = new Set(arrayReadsOf(statement.condition).map((read) => read.array.id));
      for (const earlier of loops.slice(0, loops.indexOf(outer))) {
        const visiting = nestOf(earlier, infos);
        if (visiting === undefined || visiting.inner === outer) continue;
        if ([...writtenVariables(earlier.body).arrays.keys()].some((id) => checked.has(id))) continue;
        const condition = moved(statement.condition, nest, visiting, cells);
        add(earlier, overGrid(visiting, visiting.rowsDone, condition, cells));
        add(visiting.inner, rowDone(visiting, condition, cells));
      }
    }
  }
  return guesses;
}

/** ∀l ∈ [f0, j). condition(i, l): the cells of the current row that the inner loop has visited (or those of `columns`) */
export function rowDone(nest: Nest, condition: Expression, cells: GridCells, columns: Range = nest.columnsDone): Guess {
  return {
    kind: 'forall',
    variable: cells.column,
    lower: columns.lower,
    upper: columns.upper,
    condition: substituteScalar(condition, nest.column, createVariableExpression(cells.column)),
  };
}

/** the condition over one nest's iterators said over another's (through the cell variables, so that swapped names do not clash) */
export function moved(condition: Expression, from: Nest, to: Nest, cells: GridCells): Expression {
  const overCells = substituteScalar(
    substituteScalar(condition, from.row, createVariableExpression(cells.row)),
    from.column,
    createVariableExpression(cells.column),
  );
  return substituteScalar(
    substituteScalar(overCells, cells.row, createVariableExpression(to.row)),
    cells.column,
    createVariableExpression(to.column),
  );
}
