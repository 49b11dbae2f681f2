// Two steps that follow a rewrite which made variables copies of one another (kernel/
// permuted-reductions.ts), on the top-level block of a program:
// - copy folding: along the top-level statements, `v = w` makes v a copy of w until either is
//   written again; in an assertion, `a == b` and `a != b` of two copies of one variable become 1 and 0;
// - a slice for the assertions: going backwards, a top-level statement is kept when it contains an
//   assertion or an assumption, havocs a scalar (a nondeterministic choice a replay consumes), or
//   writes a variable that something kept later reads; what a kept statement reads becomes needed.
//
// Soundness: copy folding is exact (a copy holds the same value). The slice removes only statements
// that write nothing a kept statement reads and contain no assertion, assumption or top-level havoc:
// a run of the program that reaches an assertion maps to a run of the slice that reaches it with the
// same values of everything the assertion reads (a removed loop that does not end only removes runs
// of the program), so SAFE of the slice is SAFE of the program; an UNSAFE of the slice is replayed on
// the program by the kernel. Division by zero in a removed statement stops a run of the program only.

import { createConstant, sameType, updateAssert } from '../ir/factory.js';
import type { Block, Expression, Statement } from '../ir/types.js';
import {
  arrayReadsOf,
  expressionsOf,
  forEachStatement,
  scalarsReadBy,
  stripWideningCasts,
  visitExpressionChildren,
  writtenVariables,
} from '../ir/visit.js';

/** the top-level assertions with comparisons of copies decided */
export function foldCopiedComparisons(body: Block): Block {
  const copyOf = new Map<number, number>();
  const forget = (id: number): void => {
    copyOf.delete(id);
    for (const [key, value] of copyOf) if (value === id) copyOf.delete(key);
  };
  const root = (id: number): number => copyOf.get(id) ?? id;
  const decide = (expression: Expression): Expression => {
    const visited = visitExpressionChildren(expression, decide);
    if (visited.kind !== 'binary' || (visited.operator !== 'equal' && visited.operator !== 'notEqual')) return visited;
    // casts that keep every value (the integer promotions of the comparison) are looked through
    const left = stripWideningCasts(visited.left);
    const right = stripWideningCasts(visited.right);
    if (
      left.kind !== 'variable' ||
      right.kind !== 'variable' ||
      !sameType(left.type, right.type) ||
      root(left.variable.id) !== root(right.variable.id)
    )
      return visited;
    return createConstant(visited.operator === 'equal' ? 1n : 0n, visited.type);
  };
  return body.map((statement): Statement => {
    switch (statement.kind) {
      case 'assert':
        return updateAssert(statement, decide(statement.condition));
      case 'assign': {
        forget(statement.target.id);
        const value = statement.value;
        if (
          value.kind === 'variable' &&
          sameType(value.type, statement.target.type) &&
          value.variable.id !== statement.target.id
        )
          copyOf.set(statement.target.id, root(value.variable.id));
        return statement;
      }
      default:
        for (const written of writtenVariables([statement]).scalars.keys()) forget(written);
        return statement;
    }
  });
}

function containsCheck(statement: Statement): boolean {
  let found = false;
  forEachStatement([statement], (inner) => {
    if (inner.kind === 'assert' || inner.kind === 'assume') found = true;
  });
  return found;
}

/** the top-level statements the assertions need (see the header) */
export function sliceForAssertions(body: Block): Block {
  const scalars = new Set<number>();
  const arrays = new Set<number>();
  const kept: Statement[] = [];
  for (let index = body.length - 1; index >= 0; index--) {
    const statement = body[index]!;
    const written = writtenVariables([statement]);
    const needed =
      containsCheck(statement) ||
      statement.kind === 'havoc' ||
      [...written.scalars.keys()].some((id) => scalars.has(id)) ||
      [...written.arrays.keys()].some((id) => arrays.has(id));
    if (!needed) continue;
    kept.push(statement);
    forEachStatement([statement], (inner) => {
      for (const expression of expressionsOf(inner)) {
        for (const id of scalarsReadBy(expression).keys()) scalars.add(id);
        for (const read of arrayReadsOf(expression)) arrays.add(read.array.id);
      }
      // a loop or branch reads what its nested statements read and, for a partial write, the array it writes
      if (inner.kind === 'arrayWrite') arrays.add(inner.array.id);
    });
  }
  return kept.reverse();
}
