// A program pass run after lowering, before every encoding (program-passes.ts): a divisor of `/` or
// `%` that is a scalar whose last write is a top-level assignment of a constant reads as that
// constant (`unsigned R = 3; … i % R` becomes `i % 3u`) in the statements after that assignment,
// up to the next top-level statement that may write it.
//
// Why: the integer encodings build a division by a non-constant divisor as a value within linear
// bounds (symbolic/executor.ts `linearDivisionBounds`), an over-approximation that no invariant can
// make prove a count of residues; by a constant they build it exactly (Euclidean quotient and
// remainder with linear constraints). Only divisors are rewritten, so every other read of the name
// (a loop bound, an assertion) stays as the program wrote it for the analyses that look for names.
//
// Soundness (the pass keeps every run of the program, in int and in bv semantics):
// - the program's body is one block (global initialisation, then main's; no call is left in the
//   IR), run statement after statement at its top level; a scalar is read as the constant only in a
//   top-level statement S that comes after a top-level `v = c` with no top-level statement between
//   them, nor S itself, that may write v anywhere in its nested blocks (`writtenVariables`, which
//   over-approximates): every read of v in S gives the value `v = c` stored;
// - that value is a constant read through casts and negations, evaluated as C computes it (a
//   negation only where its result fits its type, each cast and then the assignment's conversion to
//   the scalar's type as C converts: `convertedValue`), so the constant of the scalar's type that
//   replaces a read has the value the read gives;
// - a divisor of 0 stays a divisor of 0: the encodings' undefined-behaviour obligation for a zero
//   divisor holds for the constant as it held for the name.

import { createConstant, updateBinary, updateCast } from '../ir/factory.js';
import { convertedValue, fitsType } from '../ir/c-integers.js';
import type { ConstantExpression, Expression, Program } from '../ir/types.js';
import { visitExpressionChildren, visitExpressionsInBlock, writtenVariables } from '../ir/visit.js';

/** the program with each divisor that holds a constant assigned at the top level read as that constant */
export function foldConstantDivisors(program: Program): Program {
  // per scalar: the constant of the last top-level statement that wrote it, when that was `v = c`
  const known = new Map<number, ConstantExpression>();
  let changed = false;
  const body = program.body.map((statement) => {
    for (const id of writtenVariables([statement]).scalars.keys()) known.delete(id);
    let rewritten = statement;
    if (known.size > 0) {
      rewritten = visitExpressionsInBlock([statement], (expression) => foldDivisors(expression, known))[0]!;
      if (rewritten !== statement) changed = true;
    }
    if (statement.kind === 'assign') {
      const value = constantValue(statement.value);
      if (value !== undefined)
        known.set(
          statement.target.id,
          createConstant(convertedValue(value, statement.target.type), statement.target.type),
        );
    }
    return rewritten;
  });
  return changed ? { ...program, body } : program;
}

/** the value of a constant read through casts and negations, each applied as C converts; undefined for anything else */
function constantValue(expression: Expression): bigint | undefined {
  if (expression.kind === 'constant') return expression.value;
  if (expression.kind === 'unary' && expression.operator === 'negate') {
    const operand = constantValue(expression.operand);
    return operand === undefined || !fitsType(-operand, expression.type) ? undefined : -operand;
  }
  if (expression.kind !== 'cast') return undefined;
  const operand = constantValue(expression.operand);
  return operand === undefined ? undefined : convertedValue(operand, expression.type);
}

/** the expression with each divisor (through casts) that is a known scalar replaced by its constant */
function foldDivisors(expression: Expression, known: ReadonlyMap<number, ConstantExpression>): Expression {
  const folded = visitExpressionChildren(expression, (child) => foldDivisors(child, known));
  if (folded.kind !== 'binary' || (folded.operator !== 'divide' && folded.operator !== 'remainder')) return folded;
  const divisor = replaceScalar(folded.right, known);
  return divisor === folded.right ? folded : updateBinary(folded, folded.left, divisor);
}

/** a known scalar read, under casts only, replaced by its constant; anything else unchanged */
function replaceScalar(expression: Expression, known: ReadonlyMap<number, ConstantExpression>): Expression {
  if (expression.kind === 'variable') return known.get(expression.variable.id) ?? expression;
  if (expression.kind !== 'cast') return expression;
  const operand = replaceScalar(expression.operand, known);
  return updateCast(expression, operand);
}
