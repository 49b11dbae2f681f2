// Guesses for grids updated in place, pass after pass (issue 41), for the template certifier
// (templates.ts, houdini.ts), a companion of grid-guesses.ts: a nest of two loops (outer over i,
// inner over j, step 1 each, the inner at the top of the outer's body) whose inner body has, at its
// top, m[i][j] = U(m[i][j], i, j), U reading m only at [i][j] and no scalar the nest changes but i
// and j, m written nowhere else in the nest (`row[j] = row[j] + v` of a helper called on the rows,
// once inlined). The grid's value on entry F(k, l) is the one the nests before it leave: a write
// nest's m[k][l] == e(k, l) (grid-guesses.ts), or an earlier update nest's U(F(k, l), k, l); any
// other write of m in a loop between them (outside such nests) leaves no entry value. Guesses, with
// G = U(F(k, l), k, l):
// - at the outer head, the rows done ∀k ∈ [e0, i), l ∈ [f0(k), C(k)). m[k][l] == G and the rows not
//   reached ∀k ∈ [i, B), l. m[k][l] == F;
// - at the inner head, the row's cells done ∀l ∈ [f0, j). m[i][l] == G(i, l), those not reached
//   ∀l ∈ [j, C). m[i][l] == F(i, l), and the rows below ∀k ∈ [i + 1, B), l. m[k][l] == F (the rows
//   done come from the outer head);
// - at the top-level loops after the nest, every row ∀k ∈ [e0, B), l. m[k][l] == G.
// Not when G grows past a bound (a chain of updates composed: each pass copies F into U).
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker; a wrong entry value (a nest that runs fewer rounds than its bounds say) only makes
// guesses that are dropped.

import type { LoopInfo } from '../analysis/loops.js';
import { createArrayRead, createBinary, createConstant, createVariableExpression } from '../ir/factory.js';
import type { Expression, LoopStatement, Statement } from '../ir/types.js';
import {
  arrayReadsOf,
  expressionSize,
  forEachStatement,
  sameExpression,
  scalarsReadBy,
  writtenVariables,
} from '../ir/visit.js';
import {
  gridGuesses,
  gridWrites,
  moved,
  nestOf,
  overGrid,
  rowDone,
  type GridCells,
  type Nest,
} from './grid-guesses.js';
import type { Guess } from './guess.js';
import { updatedValue } from './in-place-updates.js';

type ArrayWrite = Extract<Statement, { kind: 'arrayWrite' }>;

/** the most nodes of a value G(k, l) (each pass wraps the one before it) */
const maximumValueSize = 60;

/** m[i][j] = U(m[i][j], i, j) at the top of the inner body (see the header) */
function gridUpdates(nest: Nest): ArrayWrite[] {
  const writes = new Map<number, number>();
  forEachStatement([...nest.outer.body, ...nest.outer.update], (statement) => {
    if (statement.kind === 'arrayWrite' || statement.kind === 'arrayHavoc' || statement.kind === 'arrayFill')
      writes.set(statement.array.id, (writes.get(statement.array.id) ?? 0) + 1);
  });
  const changed = writtenVariables(nest.outer.body, nest.outer.update).scalars;
  return nest.inner.body.flatMap((statement): ArrayWrite[] => {
    if (statement.kind !== 'arrayWrite' || statement.indices.length !== 2) return [];
    if (writes.get(statement.array.id) !== 1) return [];
    const [first, second] = statement.indices;
    if (first?.kind !== 'variable' || first.variable.id !== nest.row.id) return [];
    if (second?.kind !== 'variable' || second.variable.id !== nest.column.id) return [];
    const own = arrayReadsOf(statement.value).filter((read) => read.array.id === statement.array.id);
    if (
      own.length === 0 ||
      !own.every((read) => read.indices.every((index, n) => sameExpression(index, statement.indices[n]!)))
    )
      return [];
    const others = [...scalarsReadBy(statement.value).keys()];
    if (others.some((id) => id !== nest.row.id && id !== nest.column.id && changed.has(id))) return [];
    return [statement];
  });
}

/** the condition m[i][j] == value over the nest's iterators */
function cellIs(update: ArrayWrite, value: Expression): Expression {
  return createBinary('equal', createArrayRead(update.array, update.indices), value);
}

/** grid-guesses.ts's guesses and those of the update nests, by loop id */
export function gridAndUpdateGuesses(
  loops: readonly LoopStatement[],
  infos: ReadonlyMap<number, LoopInfo>,
  cells: GridCells,
  after: (loop: LoopStatement) => readonly LoopStatement[],
): Map<number, Guess[]> {
  const guesses = gridGuesses(loops, infos, cells, after);
  for (const [id, extra] of gridUpdateGuesses(loops, infos, cells, after))
    guesses.set(id, [...(guesses.get(id) ?? []), ...extra]);
  return guesses;
}

/** the guesses of the update nests, by loop id (see the header); `after` lists the top-level loops after a loop */
export function gridUpdateGuesses(
  loops: readonly LoopStatement[],
  infos: ReadonlyMap<number, LoopInfo>,
  cells: GridCells,
  after: (loop: LoopStatement) => readonly LoopStatement[],
): Map<number, Guess[]> {
  const guesses = new Map<number, Guess[]>();
  const add = (loop: LoopStatement, guess: Guess): void => {
    guesses.set(loop.id, [...(guesses.get(loop.id) ?? []), guess]);
  };
  // per array, what the last nest that wrote it leaves in every cell (over that nest's iterators)
  const known = new Map<number, { readonly nest: Nest; readonly value: Expression }>();
  const counted = new Set<number>();
  for (const outer of loops) {
    if (counted.has(outer.id)) continue;
    const nest = nestOf(outer, infos);
    const updates = nest === undefined ? [] : gridUpdates(nest);
    const writes = nest === undefined ? [] : gridWrites(nest);
    if (nest !== undefined) counted.add(nest.inner.id);
    // a loop that writes an array otherwise: its cells are no longer known
    const handled = new Set([...updates, ...writes].map((write) => write.array.id));
    for (const id of writtenVariables(outer.body, outer.update).arrays.keys()) if (!handled.has(id)) known.delete(id);
    if (nest === undefined) continue;
    for (const write of writes) known.set(write.array.id, { nest, value: write.value });
    for (const update of updates) {
      const entry = known.get(update.array.id);
      known.delete(update.array.id);
      if (entry === undefined) continue;
      const before = moved(entry.value, entry.nest, nest, cells);
      // U(F(i, j), i, j), over the nest's iterators
      const value = updatedValue(update.array, update.value, before);
      if (expressionSize(value) > maximumValueSize) continue;
      const done = cellIs(update, value);
      const untouched = cellIs(update, before);
      const row = createVariableExpression(nest.row);
      const nextRow = createBinary('add', row, createConstant(1n, row.type));
      add(outer, overGrid(nest, nest.rowsDone, done, cells));
      add(outer, overGrid(nest, { lower: row, upper: nest.rows.upper }, untouched, cells));
      add(nest.inner, rowDone(nest, done, cells));
      add(
        nest.inner,
        rowDone(nest, untouched, cells, { lower: createVariableExpression(nest.column), upper: nest.columns.upper }),
      );
      add(nest.inner, overGrid(nest, { lower: nextRow, upper: nest.rows.upper }, untouched, cells));
      for (const later of after(outer)) add(later, overGrid(nest, nest.rows, done, cells));
      known.set(update.array.id, { nest, value });
    }
  }
  return guesses;
}
