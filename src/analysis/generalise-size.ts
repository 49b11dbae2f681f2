// Constant sizes generalised to a size parameter (shared by the induct and viap encodings).
//
// A program whose size is a constant C (a loop bound `i < C`, or a variable set once to C that bounds
// loops) becomes a program that reads a size N in [1, C] and uses it where the original used C. For
// N = C the new program is the original, so its runs include the original's: a SAFE verdict of the
// generalised program holds for the original (an over-approximation); an UNSAFE one does not, and
// callers confirm counterexamples on the original program only.

import { constantOf } from './induction-variables.js';
import {
  convertTo, createAssume, createBinary, createConstant, createHavoc, createProgram, createScalarVariable, createVariableExpression, intType, unusedVariableId,
} from '../ir/factory.js';
import type { Expression, LoopStatement, Program, ScalarVariable, Statement } from '../ir/types.js';
import { forEachStatement, scalarsReadBy, stripCasts, visitExpressionChildren, visitExpressionsInBlock } from '../ir/visit.js';

/** a scalar assigned once, at the top level, a constant C >= 2, that bounds a top-level loop: read it as a size in [1, C] */
export function constantVariableAsSize(program: Program): { readonly program: Program; readonly constant: bigint } | undefined {
  const assignments = new Map<number, number>();
  const havocked = new Set<number>();
  forEachStatement(program.body, (statement) => {
    if (statement.kind === 'assign') assignments.set(statement.target.id, (assignments.get(statement.target.id) ?? 0) + 1);
    if (statement.kind === 'havoc') havocked.add(statement.target.id);
  });
  const bounding = new Map<number, ScalarVariable>();
  for (const statement of program.body) if (statement.kind === 'loop') for (const [id, variable] of scalarsReadBy(statement.condition)) bounding.set(id, variable);
  for (const [index, statement] of program.body.entries()) {
    if (statement.kind !== 'assign' || !bounding.has(statement.target.id) || assignments.get(statement.target.id) !== 1 || havocked.has(statement.target.id)) continue;
    const value = stripCasts(statement.value);
    if (value.kind !== 'constant' || value.value < 2n) continue;
    const size = statement.target;
    if (!size.type.signed && size.type.width >= 32) continue;
    const read: Statement[] = [
      createHavoc(size, statement.location),
      createAssume(createBinary('greaterEqual', createVariableExpression(size), createConstant(1n, intType), intType), statement.location),
      createAssume(createBinary('lessEqual', createVariableExpression(size), createConstant(value.value, intType), intType), statement.location),
    ];
    const body = [...program.body.slice(0, index), ...read, ...program.body.slice(index + 1)];
    return { program: createProgram(program.file, program.scalars, program.arrays, body, program.dataModel), constant: value.value };
  }
  return undefined;
}

/**
 * A program whose loops run to a constant C (`#define N 100000`) as the program for a size N in
 * [1, C]: a fresh N is read first, and every constant C in the statements becomes N. The original is
 * the instance N = C, so a proof for every N in [1, C] proves it; a counterexample of the
 * generalised program says nothing about the original until it replays there (the kernel decides).
 * Array sizes keep C (every index the loops use stays below N <= C).
 */
export function generaliseConstantSize(program: Program): { readonly program: Program; readonly constant: bigint } | undefined {
  const first = program.body.find((statement): statement is LoopStatement => statement.kind === 'loop');
  if (first === undefined) return undefined;
  const condition = stripCasts(first.condition);
  if (condition.kind !== 'binary' || (condition.operator !== 'less' && condition.operator !== 'lessEqual')) return undefined;
  const bound = constantOf(condition.right);
  if (bound === undefined || bound < 2n) return undefined;
  const size = createScalarVariable(unusedVariableId(program), 'size.N', 'N', intType, undefined);
  const replace = (expression: Expression): Expression => expression.kind === 'constant' && expression.value === bound
    ? convertTo(createVariableExpression(size), expression.type)
    : visitExpressionChildren(expression, replace);
  const location = first.location;
  const prologue: Statement[] = [
    createHavoc(size, location),
    createAssume(createBinary('greaterEqual', createVariableExpression(size), createConstant(1n, intType), intType), location),
    createAssume(createBinary('lessEqual', createVariableExpression(size), createConstant(bound, intType), intType), location),
  ];
  const body = [...prologue, ...visitExpressionsInBlock(program.body, replace)];
  return { program: createProgram(program.file, [size, ...program.scalars], program.arrays, body, program.dataModel), constant: bound };
}
