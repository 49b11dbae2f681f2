// Loop-carried dependence check of the shrink encoding, on the IR (Sect. 4 of "Loop shrinking"):
// a loop has no loop-carried dependence when no iteration reads a value written by another one.
// Sufficient conditions checked here (conservative: anything else counts as a dependence):
// - no break or continue in the body;
// - every non-accelerated scalar written in the loop is assigned on every path of an iteration
//   before it is read (condition, body, update in that order);
// - every array written in the loop is accessed (read and written) only at one index expression,
//   syntactically the same everywhere, whose first index is v, v + c or v - c for an accelerated
//   variable v with a non-zero step that only the update changes (distinct iterations touch
//   distinct cells).
// The result only decides which counterexample is tried first; every UNSAFE is replayed anyway.

import type { Block, Expression, LoopStatement, SourceLocation } from '../../ir/types.js';
import {
  arrayAccessesIn,
  expressionsOf,
  flattenStatements,
  sameExpression,
  scalarsReadBy,
  stripCasts,
  writesScalar,
  writtenVariables,
} from '../../ir/visit.js';
import type { AcceleratedVariable } from './scope.js';

export type DependenceResult = { readonly kind: 'none' } | { readonly kind: 'dependence'; readonly reason: string };

export function loopCarriedDependence(
  loop: LoopStatement,
  accelerated: readonly AcceleratedVariable[],
): DependenceResult {
  const whole: Block = [...loop.body, ...loop.update];
  const statements = flattenStatements(whole);
  const jump = statements.find((statement) => statement.kind === 'break' || statement.kind === 'continue');
  if (jump !== undefined) return { kind: 'dependence', reason: `${jump.kind} at ${position(jump.location)}` };
  const acceleratedIds = new Set(accelerated.map((entry) => entry.variable.id));
  const writtenInLoop = writtenVariables(whole);
  const written = [...writtenInLoop.scalars.values()].filter((variable) => !acceleratedIds.has(variable.id));
  const writtenIds = new Set(written.map((variable) => variable.id));
  // scalars: defined before use in every iteration
  const problem = definedBeforeUse(loop.condition, whole, writtenIds);
  if (problem !== undefined) return { kind: 'dependence', reason: problem };
  // arrays: one injective index expression per written array
  const injective = new Set(
    accelerated
      .filter((entry) => entry.step !== 0n && !writesScalar(loop.body, entry.variable))
      .map((entry) => entry.variable.id),
  );
  const allAccesses = arrayAccessesIn([whole], [loop.condition]);
  for (const array of writtenInLoop.arrays.values()) {
    // reads and writes (equality of all of them does not depend on their order)
    const accesses = allAccesses
      .filter((access) => access.array.id === array.id && access.kind !== 'whole')
      .map((access) => access.indices);
    const first = accesses[0]!;
    if (
      !accesses.every(
        (indices) =>
          indices.length === first.length &&
          indices.every((index, position) => sameExpression(index, first[position]!)),
      )
    ) {
      return { kind: 'dependence', reason: `array ${array.sourceName} is accessed at different indices` };
    }
    const leading = stripCasts(first[0]!);
    const base =
      leading.kind === 'variable'
        ? leading
        : leading.kind === 'binary' &&
            (leading.operator === 'add' || leading.operator === 'subtract') &&
            stripCasts(leading.right).kind === 'constant'
          ? stripCasts(leading.left)
          : leading.kind === 'binary' && leading.operator === 'add' && stripCasts(leading.left).kind === 'constant'
            ? stripCasts(leading.right)
            : undefined;
    if (base === undefined || base.kind !== 'variable' || !injective.has(base.variable.id)) {
      return { kind: 'dependence', reason: `array ${array.sourceName} is not indexed by the loop counter` };
    }
  }
  return { kind: 'none' };
}

function position(location: SourceLocation): string {
  return `${location.line}:${location.column}`;
}

function definedBeforeUse(condition: Expression, block: Block, written: ReadonlySet<number>): string | undefined {
  let problem: string | undefined;
  const read = (expression: Expression, defined: ReadonlySet<number>): void => {
    for (const variable of scalarsReadBy(expression).values()) {
      if (written.has(variable.id) && !defined.has(variable.id))
        problem ??= `${variable.sourceName} carries a value from an earlier iteration`;
    }
  };
  const visit = (statements: Block, defined: Set<number>): Set<number> => {
    const current = new Set(defined);
    for (const statement of statements) {
      switch (statement.kind) {
        case 'assign':
          read(statement.value, current);
          current.add(statement.target.id);
          break;
        case 'if': {
          read(statement.condition, current);
          const thenDefined = visit(statement.then, current);
          const elseDefined = visit(statement.else, current);
          for (const id of thenDefined) if (elseDefined.has(id)) current.add(id);
          break;
        }
        default:
          for (const expression of expressionsOf(statement)) read(expression, current);
          break;
      }
    }
    return current;
  };
  read(condition, new Set());
  visit(block, new Set());
  return problem;
}
