// Guesses for cells marked at most once (issue 41, the mod-counts class capped at one), for the
// template certifier (templates.ts, beside written-cell-tests.ts at the same places):
//   for (i = 0; i < n; i++) { a[i] = i + 1; if (k < 1) a[i] = i % r; if (a[i] == 0) k++; }
//   for (i = 0; i < n; i++) { if (a[i] == 0) j++; assert(j < 2); }
// A loop over i (step 1) that counts the cells it visits with a test `a[i] == V` (V a constant,
// `if (a[i] == V) x = x + 1`) may count at most one: the recount is bounded by the number of marked
// cells, which no linear closed form gives when the mark's value is unknown (`i % r`, r a variable:
// the clauses only bound it). What holds instead, and what these guesses say:
// - at most one marked cell: ∀c ∈ [e0, i), d ∈ [c + 1, i). !(a[c] == V) || !(a[d] == V) at the loop's
//   head, over [e0, B) at the loops after it, and over the cells [i, B) it has still to visit;
// - the count of the cells done is 0 or 1, and says whether one of them was marked:
//   0 <= x <= 1, ∀c ∈ [e0, i). x != 0 || !(a[c] == V) (none marked while x is 0: the writing loop), and
//   ∀c ∈ [i, B). x == 0 || !(a[c] == V) (none left once one was counted: the recount).
//
// Only for a count that the loop compares with 1 or 2 (a cap `k < 1`, a check `j < 2`).
//
// Soundness: none is needed. Every guess is a candidate that Houdini keeps only when every clause
// preserves it, and the certificate is checked again by the independent checker (check.ts).

import type { LoopInfo } from '../analysis/loops.js';
import {
  createArrayRead,
  createBinary,
  createConstant,
  createScalarVariable,
  createUnary,
  createVariableExpression,
  intType,
} from '../ir/factory.js';
import type { ArrayVariable, Block, Expression, LoopStatement, ScalarVariable } from '../ir/types.js';
import {
  expressionsOf,
  flattenStatements,
  forEachSubexpression,
  isVariableExpression,
  stripCasts,
  stripWideningCasts,
} from '../ir/visit.js';
import type { Guess } from './guess.js';
import { counterCells, plusOne } from './ranges.js';

/** a count of marked cells in a loop's body: `if (a[i] == value) count = count + 1;` */
interface MarkCount {
  readonly array: ArrayVariable;
  readonly value: Expression;
  readonly count: ScalarVariable;
}

/** the guesses of the header for each mark count of the loop's body (own head, or `full`: the loops after it) */
export function singleMarkGuesses(
  loop: LoopStatement,
  info: LoopInfo | undefined,
  cell: ScalarVariable,
  full: boolean,
): Guess[] {
  const cells = counterCells(info, full);
  if (cells === undefined) return [];
  const counter = cells.counter;
  const bound = info?.iterator?.comparison === 'less' ? info.iterator.bound : undefined;
  const partner = createScalarVariable(cell.id + 1000, 'template!partner', 'partner', intType, undefined);
  const guesses: Guess[] = [];
  for (const mark of markCounts(loop.body, counter)) {
    if (!bindsAtOne(loop, mark.count)) continue;
    const marked = (at: ScalarVariable): Expression =>
      createBinary('equal', createArrayRead(mark.array, [createVariableExpression(at)]), mark.value);
    const unmarked = (at: ScalarVariable): Expression => createUnary('logicalNot', marked(at));
    const pairs = (lower: Expression, upper: Expression): Guess => ({
      kind: 'forall',
      variable: cell,
      lower,
      upper,
      condition: createBinary('logicalOr', unmarked(cell), unmarked(partner)),
      second: { variable: partner, lower: plusOne(createVariableExpression(cell)), upper },
    });
    guesses.push(pairs(cells.lower, cells.upper));
    if (full) continue;
    const count = createVariableExpression(mark.count);
    const zero = createConstant(0n, mark.count.type);
    guesses.push(
      { kind: 'plain', condition: createBinary('lessEqual', zero, count) },
      { kind: 'plain', condition: createBinary('lessEqual', count, createConstant(1n, mark.count.type)) },
      {
        kind: 'forall',
        variable: cell,
        lower: cells.lower,
        upper: cells.upper,
        condition: createBinary('logicalOr', createBinary('notEqual', count, zero), unmarked(cell)),
      },
    );
    if (bound === undefined) continue;
    const current = createVariableExpression(counter);
    guesses.push(pairs(current, bound), {
      kind: 'forall',
      variable: cell,
      lower: current,
      upper: bound,
      condition: createBinary('logicalOr', createBinary('equal', count, zero), unmarked(cell)),
    });
  }
  return guesses;
}

/** the body's top-level `if (a[i] == V) x = x + 1;` (either side of the test, no else), i the counter */
function markCounts(body: Block, counter: ScalarVariable): MarkCount[] {
  const counts: MarkCount[] = [];
  for (const statement of body) {
    if (statement.kind !== 'if' || statement.else.length > 0 || statement.then.length !== 1) continue;
    const increment = statement.then[0]!;
    const test = stripCasts(statement.condition);
    if (increment.kind !== 'assign' || test.kind !== 'binary' || test.operator !== 'equal') continue;
    const step = stripCasts(increment.value);
    if (
      step.kind !== 'binary' ||
      step.operator !== 'add' ||
      !isVariableExpression(stripCasts(step.left), increment.target) ||
      stripCasts(step.right).kind !== 'constant' ||
      (stripCasts(step.right) as { value: bigint }).value !== 1n
    )
      continue;
    for (const [read, value] of [
      [test.left, test.right],
      [test.right, test.left],
    ] as const) {
      const cellRead = stripWideningCasts(read);
      if (
        cellRead.kind === 'arrayRead' &&
        cellRead.indices.length === 1 &&
        isVariableExpression(stripWideningCasts(cellRead.indices[0]!), counter) &&
        stripCasts(value).kind === 'constant'
      ) {
        counts.push({ array: cellRead.array, value, count: increment.target });
        break;
      }
    }
  }
  return counts;
}

/**
 * whether the loop compares the count with 1 or 2 (`k < 1` as a cap, `j < 2` or `j <= 1` as a check):
 * where the count is bounded by another value (`zeros <= n / 6 + 1`) the cells are marked more than
 * once, and two-cell guesses would only slow the search
 */
function bindsAtOne(loop: LoopStatement, count: ScalarVariable): boolean {
  const comparisons = new Set(['less', 'lessEqual', 'greater', 'greaterEqual']);
  let found = false;
  for (const statement of flattenStatements([...loop.body, ...loop.update]))
    for (const expression of expressionsOf(statement))
      forEachSubexpression(expression, (node) => {
        if (node.kind !== 'binary' || !comparisons.has(node.operator)) return;
        const [left, right] = [stripCasts(node.left), stripCasts(node.right)];
        const bound = isVariableExpression(left, count) ? right : isVariableExpression(right, count) ? left : undefined;
        if (bound?.kind === 'constant' && (bound.value === 1n || bound.value === 2n)) found = true;
      });
  return found;
}
