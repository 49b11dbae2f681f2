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

import { expressionsOf } from '../../analysis/visit.js';
import type { Block, Expression, LoopStatement, ScalarVariable, SourceLocation } from '../../ir/types.js';
import {
  type AcceleratedVariable, assignedIn, flattenStatements, readScalars, stripCasts, writtenArrays,
  writtenScalars,
} from './scope.js';

export type DependenceResult = { readonly kind: 'none' } | { readonly kind: 'dependence'; readonly reason: string };

export function loopCarriedDependence(loop: LoopStatement, accelerated: readonly AcceleratedVariable[]): DependenceResult {
  const whole: Block = [...loop.body, ...loop.update];
  const statements = flattenStatements(whole);
  const jump = statements.find((statement) => statement.kind === 'break' || statement.kind === 'continue');
  if (jump !== undefined) return { kind: 'dependence', reason: `${jump.kind} at ${position(jump.location)}` };
  const acceleratedIds = new Set(accelerated.map((entry) => entry.variable.id));
  const written = [...writtenScalars(whole).values()].filter((variable) => !acceleratedIds.has(variable.id));
  const writtenIds = new Set(written.map((variable) => variable.id));
  // scalars: defined before use in every iteration
  const problem = definedBeforeUse(loop.condition, whole, writtenIds);
  if (problem !== undefined) return { kind: 'dependence', reason: problem };
  // arrays: one injective index expression per written array
  const arrays = writtenArrays(whole);
  const injective = new Set(accelerated
    .filter((entry) => entry.step !== 0n && !assignedIn(loop.body, entry.variable))
    .map((entry) => entry.variable.id));
  for (const array of arrays.values()) {
    const accesses: (readonly Expression[])[] = [];
    collectAccesses(loop.condition, array.id, accesses);
    for (const statement of statements) {
      if (statement.kind === 'arrayWrite' && statement.array.id === array.id) accesses.push(statement.indices);
      for (const expression of expressionsOf(statement)) collectAccesses(expression, array.id, accesses);
    }
    const first = accesses[0]!;
    if (!accesses.every((indices) => indices.length === first.length && indices.every((index, position) => sameExpression(index, first[position]!)))) {
      return { kind: 'dependence', reason: `array ${array.sourceName} is accessed at different indices` };
    }
    const leading = stripCasts(first[0]!);
    const base = leading.kind === 'variable' ? leading
      : leading.kind === 'binary' && (leading.operator === 'add' || leading.operator === 'subtract') && stripCasts(leading.right).kind === 'constant'
        ? stripCasts(leading.left) : leading.kind === 'binary' && leading.operator === 'add' && stripCasts(leading.left).kind === 'constant' ? stripCasts(leading.right) : undefined;
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
    for (const variable of readScalars(expression).values()) {
      if (written.has(variable.id) && !defined.has(variable.id)) problem ??= `${variable.sourceName} carries a value from an earlier iteration`;
    }
  };
  const visit = (statements: Block, defined: Set<number>): Set<number> => {
    const current = new Set(defined);
    for (const statement of statements) {
      switch (statement.kind) {
        case 'assign': read(statement.value, current); current.add(statement.target.id); break;
        case 'if': {
          read(statement.condition, current);
          const thenDefined = visit(statement.then, current);
          const elseDefined = visit(statement.else, current);
          for (const id of thenDefined) if (elseDefined.has(id)) current.add(id);
          break;
        }
        default: for (const expression of expressionsOf(statement)) read(expression, current); break;
      }
    }
    return current;
  };
  read(condition, new Set());
  visit(block, new Set());
  return problem;
}

function collectAccesses(expression: Expression, arrayId: number, into: (readonly Expression[])[]): void {
  switch (expression.kind) {
    case 'constant': case 'variable': return;
    case 'arrayRead':
      if (expression.array.id === arrayId) into.push(expression.indices);
      expression.indices.forEach((index) => collectAccesses(index, arrayId, into));
      return;
    case 'unary': case 'cast': collectAccesses(expression.operand, arrayId, into); return;
    case 'binary': collectAccesses(expression.left, arrayId, into); collectAccesses(expression.right, arrayId, into); return;
    case 'conditional':
      collectAccesses(expression.condition, arrayId, into); collectAccesses(expression.then, arrayId, into); collectAccesses(expression.else, arrayId, into);
      return;
    default: { const never: never = expression; throw new Error(`unknown expression ${JSON.stringify(never)}`); }
  }
}

export function sameExpression(left: Expression, right: Expression): boolean {
  return sameExpressionModulo(left, right, new Map());
}

/** syntactic equality after renaming the variables of `left` by `renaming` (id → variable); types included */
export function sameExpressionModulo(left: Expression, right: Expression, renaming: ReadonlyMap<number, ScalarVariable>): boolean {
  const sameExpression = (first: Expression, second: Expression): boolean => sameExpressionModulo(first, second, renaming);
  if (left.kind !== right.kind) return false;
  if (left.type.width !== right.type.width || left.type.signed !== right.type.signed) return false;
  switch (left.kind) {
    case 'constant': return left.value === (right as typeof left).value;
    case 'variable': return (renaming.get(left.variable.id) ?? left.variable).id === (right as typeof left).variable.id;
    case 'arrayRead': {
      const other = right as typeof left;
      return left.array.id === other.array.id && left.indices.length === other.indices.length
        && left.indices.every((index, position) => sameExpression(index, other.indices[position]!));
    }
    case 'unary': { const other = right as typeof left; return left.operator === other.operator && sameExpression(left.operand, other.operand); }
    case 'cast': { const other = right as typeof left; return left.type.width === other.type.width && left.type.signed === other.type.signed && sameExpression(left.operand, other.operand); }
    case 'binary': {
      const other = right as typeof left;
      return left.operator === other.operator && sameExpression(left.left, other.left) && sameExpression(left.right, other.right);
    }
    case 'conditional': {
      const other = right as typeof left;
      return sameExpression(left.condition, other.condition) && sameExpression(left.then, other.then) && sameExpression(left.else, other.else);
    }
    default: { const never: never = left; throw new Error(`unknown expression ${JSON.stringify(never)}`); }
  }
}
