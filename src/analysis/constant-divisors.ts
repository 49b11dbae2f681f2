// A program pass run after lowering, before every encoding (program-passes.ts): a divisor of `/` or
// `%` that is a scalar assigned once from a constant, and written nowhere else, reads as that
// constant (`unsigned R = 3; … i % R` becomes `i % 3u`) in the statements after its assignment.
//
// Why: the integer encodings build a division by a non-constant divisor as a value within linear
// bounds (symbolic/executor.ts `linearDivisionBounds`), an over-approximation that no invariant can
// make prove a count of residues; by a constant they build it exactly (Euclidean quotient and
// remainder with linear constraints). Only divisors are rewritten, so every other read of the name
// (a loop bound, an assertion) stays as the program wrote it for the analyses that look for names.
//
// Soundness (the pass keeps every run of the program, in int and in bv semantics):
// - the scalar has exactly one write in the whole program (no havoc, no other assignment, in no
//   nested block): an assignment at the top level of the program's body (global initialisation and
//   main's body are one block, there is no call left in the IR), so every statement after it at the
//   top level, and everything nested in one, runs only after it and reads the value it stored;
// - that value is a constant read through casts, evaluated as C converts it (each cast, then the
//   assignment's conversion to the scalar's type: `convertedValue`), so the constant of the scalar's
//   type that replaces a read has the value the read gives;
// - reads in the statements before the assignment (the scalar's initial value) are left alone;
// - a divisor of 0 stays a divisor of 0: the encodings' undefined-behaviour obligation for a zero
//   divisor holds for the constant as it held for the name.

import { createConstant, updateBinary, updateCast } from '../ir/factory.js';
import { convertedValue } from '../ir/c-integers.js';
import type { ConstantExpression, Expression, Program } from '../ir/types.js';
import { forEachStatement, visitExpressionChildren, visitExpressionsInBlock } from '../ir/visit.js';

/** the program with each divisor that is a once-assigned constant scalar read as that constant */
export function foldConstantDivisors(program: Program): Program {
  const constants = onceAssignedConstants(program);
  if (constants.size === 0) return program;
  let changed = false;
  const body = program.body.map((statement, position) => {
    const known = new Map([...constants].filter(([, entry]) => entry.position < position));
    if (known.size === 0) return statement;
    const [rewritten] = visitExpressionsInBlock([statement], (expression) => foldDivisors(expression, known));
    if (rewritten !== statement) changed = true;
    return rewritten!;
  });
  return changed ? { ...program, body } : program;
}

interface OnceAssigned {
  /** the index of its one assignment among the program body's top-level statements */
  readonly position: number;
  /** the value it holds after that assignment, as a constant of its type */
  readonly value: ConstantExpression;
}

/** the scalars written exactly once in the program, by a top-level assignment of a constant */
function onceAssignedConstants(program: Program): ReadonlyMap<number, OnceAssigned> {
  const writes = new Map<number, number>();
  forEachStatement(program.body, (statement) => {
    if (statement.kind === 'assign' || statement.kind === 'havoc')
      writes.set(statement.target.id, (writes.get(statement.target.id) ?? 0) + 1);
  });
  const constants = new Map<number, OnceAssigned>();
  program.body.forEach((statement, position) => {
    if (statement.kind !== 'assign' || writes.get(statement.target.id) !== 1) return;
    const value = constantValue(statement.value);
    if (value === undefined) return;
    constants.set(statement.target.id, {
      position,
      value: createConstant(convertedValue(value, statement.target.type), statement.target.type),
    });
  });
  return constants;
}

/** the value of a constant read through casts, each applied as C converts; undefined for anything else */
function constantValue(expression: Expression): bigint | undefined {
  if (expression.kind === 'constant') return expression.value;
  if (expression.kind !== 'cast') return undefined;
  const operand = constantValue(expression.operand);
  return operand === undefined ? undefined : convertedValue(operand, expression.type);
}

/** the expression with each divisor (through casts) that is a known scalar replaced by its constant */
function foldDivisors(expression: Expression, known: ReadonlyMap<number, OnceAssigned>): Expression {
  const folded = visitExpressionChildren(expression, (child) => foldDivisors(child, known));
  if (folded.kind !== 'binary' || (folded.operator !== 'divide' && folded.operator !== 'remainder')) return folded;
  const divisor = replaceScalar(folded.right, known);
  return divisor === folded.right ? folded : updateBinary(folded, folded.left, divisor);
}

/** a known scalar read, under casts only, replaced by its constant; anything else unchanged */
function replaceScalar(expression: Expression, known: ReadonlyMap<number, OnceAssigned>): Expression {
  if (expression.kind === 'variable') return known.get(expression.variable.id)?.value ?? expression;
  if (expression.kind !== 'cast') return expression;
  const operand = replaceScalar(expression.operand, known);
  return updateCast(expression, operand);
}
