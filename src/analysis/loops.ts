// Loop analyses on the IR, as the witness paper (Jana et al., Sect. 4) defines them, made sound:
// - the loop iterator: a scalar assigned exactly once per iteration, by `i = i ± c` (c a non-zero
//   constant) as a top-level statement of the update block (or the body's last statement when the
//   loop has no `continue`), and nowhere else in the loop; then every iteration has a distinct value
//   of i (in int semantics, where there is no wrap-around);
// - its bound: the loop condition compares i with an expression the loop does not change;
// - loopdefs(S): the scalars the loop may assign (the paper leaves out scalars assigned a constant;
//   we keep them, which is what soundness needs), without the iterator, and the arrays written at an
//   index that is not the iterator (or filled / havocked as a whole);
// - iterator-indexed arrays: one-dimensional arrays that the loop (nested loops included) reads and
//   writes only at index i: iteration i touches cell i only, and no other iteration touches it;
// - fullarrayaccess(S): the iterator has step ±1 and a bound, the loop has no `break`, and every array
//   access in the loop is iterator-indexed into arrays of one equal-size group: iteration c runs
//   exactly when c lies between the iterator's entry value and the bound.
//
// Soundness: all sets are syntactic over-approximations; the analyses say "no" (no iterator, not
// full access) whenever a pattern is not matched exactly.

import type {
  ArrayVariable,
  Block,
  ComparisonOperator,
  Expression,
  LoopStatement,
  Program,
  ScalarVariable,
  SourceLocation,
  Statement,
} from '../ir/types.js';
import {
  arrayAccessesIn,
  arrayReadsOf,
  containsJump,
  sameExpression,
  scalarsReadBy,
  stripCasts,
  writtenVariables,
} from '../ir/visit.js';
import type { ArrayGroups } from './arrays.js';
import { type InductionVariable, inductionVariables, isIteratorExpression } from './induction-variables.js';

export interface LoopIterator {
  readonly variable: ScalarVariable;
  /** the constant added per iteration (negative for decreasing iterators) */
  readonly step: bigint;
  /** the loop-invariant expression the condition compares the iterator with */
  readonly bound: Expression | undefined;
  /** the condition, read as `iterator <operator> bound` */
  readonly comparison: ComparisonOperator | undefined;
  /** the value assigned to the iterator right before the loop, when there is such an assignment */
  readonly initial: Expression | undefined;
}

export interface LoopInfo {
  readonly loop: LoopStatement;
  readonly location: SourceLocation;
  /** the enclosing loop's id */
  readonly parent: number | undefined;
  readonly iterator: LoopIterator | undefined;
  readonly hasBreak: boolean;
  readonly hasContinue: boolean;
  /** every scalar the loop may assign or havoc, iterator included */
  readonly scalarsDefined: ReadonlySet<ScalarVariable>;
  /** the paper's loopdefs(S) */
  readonly loopdefs: { readonly scalars: ReadonlySet<ScalarVariable>; readonly arrays: ReadonlySet<ArrayVariable> };
  readonly arraysAccessed: ReadonlySet<ArrayVariable>;
  readonly arraysWritten: ReadonlySet<ArrayVariable>;
  readonly iteratorIndexedArrays: ReadonlySet<ArrayVariable>;
  readonly fullArrayAccess: boolean;
  /** why fullarrayaccess(S) does not hold (undefined when it holds) */
  readonly notFullReason: string | undefined;
  /** the bound is the (common) size of the accessed arrays */
  readonly boundIsArraySize: boolean;
}

/**
 * the iterator: an induction variable (induction-variables.ts, casts read as for an iterator) with a non-zero
 * step and exactly one definition in the loop, a top-level statement of the update or the body's last
 * statement (then every access of the body sees one value per iteration); candidates in the update
 * come first, and one whose condition gives a bound is preferred
 */
function findIterator(
  loop: LoopStatement,
  initialByVariable: (variable: ScalarVariable) => Expression | undefined,
): LoopIterator | undefined {
  const byAssignment = new Map<Statement, InductionVariable>();
  for (const induction of inductionVariables(loop, 'iterator')) {
    if (induction.step !== 0n && induction.assignments.length === 1)
      byAssignment.set(induction.assignments[0]!, induction);
  }
  const last = loop.body[loop.body.length - 1];
  const candidates = [...loop.update, ...(last === undefined ? [] : [last])].flatMap(
    (statement) => byAssignment.get(statement) ?? [],
  );
  const scalarsDefined = new Set(writtenVariables(loop.body, loop.update).scalars.values());
  let fallback: LoopIterator | undefined;
  for (const { variable, step } of candidates) {
    const bound = boundOf(loop.condition, variable, step, scalarsDefined);
    const iterator: LoopIterator = {
      variable,
      step,
      bound: bound?.bound,
      comparison: bound?.comparison,
      initial: initialByVariable(variable),
    };
    if (bound !== undefined) return iterator;
    fallback ??= iterator;
  }
  return fallback;
}

function boundOf(
  condition: Expression,
  variable: ScalarVariable,
  step: bigint,
  loopDefined: ReadonlySet<ScalarVariable>,
): { bound: Expression; comparison: ComparisonOperator } | undefined {
  const stripped = stripCasts(condition);
  if (stripped.kind !== 'binary') return undefined;
  const mirror: Partial<Record<ComparisonOperator, ComparisonOperator>> = {
    less: 'greater',
    lessEqual: 'greaterEqual',
    greater: 'less',
    greaterEqual: 'lessEqual',
  };
  let comparison: ComparisonOperator | undefined;
  let bound: Expression | undefined;
  const operator = stripped.operator;
  if (!(operator in mirror)) return undefined;
  if (isIteratorExpression(stripped.left, variable)) {
    comparison = operator as ComparisonOperator;
    bound = stripped.right;
  } else if (isIteratorExpression(stripped.right, variable)) {
    comparison = mirror[operator as ComparisonOperator];
    bound = stripped.left;
  }
  if (comparison === undefined || bound === undefined) return undefined;
  if (arrayReadsOf(bound).length > 0) return undefined;
  for (const scalar of scalarsReadBy(bound).values()) if (loopDefined.has(scalar)) return undefined;
  const increasing = step > 0n;
  if (increasing && comparison !== 'less' && comparison !== 'lessEqual') return undefined;
  if (!increasing && comparison !== 'greater' && comparison !== 'greaterEqual') return undefined;
  return { bound, comparison };
}

function analyseLoop(
  loop: LoopStatement,
  parent: number | undefined,
  groups: ArrayGroups,
  initial: (variable: ScalarVariable) => Expression | undefined,
): LoopInfo {
  const iterator = findIterator(loop, initial);
  // an exit may sit in the update too (a do-while's test): a loop with one there can end at any iteration
  const hasBreak = containsJump(loop.body, 'break') || containsJump(loop.update, 'break');
  const hasContinue = containsJump(loop.body, 'continue') || containsJump(loop.update, 'continue');
  const scalarsDefined = new Set(writtenVariables(loop.body, loop.update).scalars.values());
  const accesses = arrayAccessesIn([loop.body, loop.update], [loop.condition]);
  const arraysAccessed = new Set(accesses.map((access) => access.array));
  const arraysWritten = new Set(accesses.filter((access) => access.kind !== 'read').map((access) => access.array));
  const iteratorIndex = (indices: readonly Expression[]): boolean =>
    iterator !== undefined && indices.length === 1 && isIteratorExpression(indices[0]!, iterator.variable);
  const iteratorIndexedArrays = new Set<ArrayVariable>();
  if (iterator !== undefined) {
    for (const array of arraysAccessed) {
      if (array.sizes.length !== 1) continue;
      if (
        accesses.every((access) => access.array !== array || (access.kind !== 'whole' && iteratorIndex(access.indices)))
      )
        iteratorIndexedArrays.add(array);
    }
  }
  const loopdefScalars = new Set(scalarsDefined);
  if (iterator !== undefined) loopdefScalars.delete(iterator.variable);
  const loopdefArrays = new Set<ArrayVariable>();
  for (const access of accesses) {
    if (access.kind === 'read') continue;
    if (access.kind === 'whole' || !iteratorIndex(access.indices)) loopdefArrays.add(access.array);
  }
  let notFullReason: string | undefined;
  if (iterator === undefined) notFullReason = 'no loop iterator';
  else if (iterator.step !== 1n && iterator.step !== -1n)
    notFullReason = `the iterator ${iterator.variable.sourceName} has step ${iterator.step}`;
  else if (iterator.bound === undefined)
    notFullReason = `the condition does not bound the iterator ${iterator.variable.sourceName} by a loop-invariant expression`;
  else if (hasBreak) notFullReason = 'the loop has a break';
  else if (arraysAccessed.size === 0) notFullReason = 'the loop accesses no array';
  else if ([...arraysAccessed].some((array) => !iteratorIndexedArrays.has(array)))
    notFullReason = 'the loop accesses an array at an index other than the iterator';
  else if (new Set([...arraysAccessed].map((array) => groups.groupOf(array).id)).size > 1)
    notFullReason = 'the loop accesses arrays of different sizes';
  const fullArrayAccess = notFullReason === undefined;
  let boundIsArraySize = false;
  if (iterator?.bound !== undefined && arraysAccessed.size > 0) {
    const first = [...arraysAccessed][0]!;
    const size = first.sizes[0];
    boundIsArraySize =
      size !== undefined &&
      first.sizes.length === 1 &&
      iterator.comparison === 'less' &&
      (sameExpression(stripCasts(iterator.bound), stripCasts(size)) ||
        (stripCasts(iterator.bound).kind === 'constant' &&
          stripCasts(size).kind === 'constant' &&
          (stripCasts(iterator.bound) as { value: bigint }).value === (stripCasts(size) as { value: bigint }).value));
  }
  return {
    loop,
    location: loop.location,
    parent,
    iterator,
    hasBreak,
    hasContinue,
    scalarsDefined,
    loopdefs: { scalars: loopdefScalars, arrays: loopdefArrays },
    arraysAccessed,
    arraysWritten,
    iteratorIndexedArrays,
    fullArrayAccess,
    notFullReason,
    boundIsArraySize,
  };
}

/** Analyses every loop of the program; the map is keyed by loop id. */
export function analyseLoops(program: Program, groups: ArrayGroups): Map<number, LoopInfo> {
  const result = new Map<number, LoopInfo>();
  const walk = (block: Block, parent: number | undefined): void => {
    block.forEach((statement, position) => {
      switch (statement.kind) {
        case 'if':
          walk(statement.then, parent);
          walk(statement.else, parent);
          break;
        case 'loop': {
          const initial = (variable: ScalarVariable): Expression | undefined => {
            const previous = block[position - 1];
            return previous !== undefined && previous.kind === 'assign' && previous.target.id === variable.id
              ? previous.value
              : undefined;
          };
          result.set(statement.id, analyseLoop(statement, parent, groups, initial));
          walk(statement.body, statement.id);
          walk(statement.update, statement.id);
          break;
        }
        default:
          break;
      }
    });
  };
  walk(program.body, undefined);
  return result;
}
