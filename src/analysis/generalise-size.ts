// Constant sizes generalised to a size parameter: one size N in [1, C] for the induct and viap
// encodings, and every constant array size as a fresh scalar for the witness encoding's Horn clauses
// (generaliseSizes, below).
//
// A program whose size is a constant C (a loop bound `i < C`, or a variable set once to C that bounds
// loops) becomes a program that reads a size N in [1, C] and uses it where the original used C. For
// N = C the new program is the original, so its runs include the original's: a SAFE verdict of the
// generalised program holds for the original (an over-approximation); an UNSAFE one does not, and
// callers confirm counterexamples on the original program only.

import { constantOf } from './induction-variables.js';
import {
  convertTo,
  createAssume,
  createBinary,
  createConstant,
  createHavoc,
  createProgram,
  createScalarVariable,
  createVariableExpression,
  int128Type,
  intType,
  unusedVariableId,
} from '../ir/factory.js';
import type { Expression, LoopStatement, Program, ScalarVariable, Statement } from '../ir/types.js';
import {
  forEachStatement,
  scalarsReadBy,
  stripCasts,
  visitExpressionChildren,
  visitExpressionsInBlock,
} from '../ir/visit.js';

/** a scalar assigned once, at the top level, a constant C >= 2, that bounds a top-level loop: read it as a size in [1, C] */
export function constantVariableAsSize(
  program: Program,
): { readonly program: Program; readonly constant: bigint } | undefined {
  const assignments = new Map<number, number>();
  const havocked = new Set<number>();
  forEachStatement(program.body, (statement) => {
    if (statement.kind === 'assign')
      assignments.set(statement.target.id, (assignments.get(statement.target.id) ?? 0) + 1);
    if (statement.kind === 'havoc') havocked.add(statement.target.id);
  });
  const bounding = new Map<number, ScalarVariable>();
  for (const statement of program.body)
    if (statement.kind === 'loop')
      for (const [id, variable] of scalarsReadBy(statement.condition)) bounding.set(id, variable);
  for (const [index, statement] of program.body.entries()) {
    if (
      statement.kind !== 'assign' ||
      !bounding.has(statement.target.id) ||
      assignments.get(statement.target.id) !== 1 ||
      havocked.has(statement.target.id)
    )
      continue;
    const value = stripCasts(statement.value);
    if (value.kind !== 'constant' || value.value < 2n) continue;
    const size = statement.target;
    if (!size.type.signed && size.type.width >= 32) continue;
    const read: Statement[] = [
      createHavoc(size, statement.location),
      createAssume(
        createBinary('greaterEqual', createVariableExpression(size), createConstant(1n, intType), intType),
        statement.location,
      ),
      createAssume(
        createBinary('lessEqual', createVariableExpression(size), createConstant(value.value, intType), intType),
        statement.location,
      ),
    ];
    const body = [...program.body.slice(0, index), ...read, ...program.body.slice(index + 1)];
    return {
      program: createProgram(program.file, program.scalars, program.arrays, body, program.dataModel),
      constant: value.value,
    };
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
export function generaliseConstantSize(
  program: Program,
): { readonly program: Program; readonly constant: bigint } | undefined {
  const first = program.body.find((statement): statement is LoopStatement => statement.kind === 'loop');
  if (first === undefined) return undefined;
  const condition = stripCasts(first.condition);
  if (condition.kind !== 'binary' || (condition.operator !== 'less' && condition.operator !== 'lessEqual'))
    return undefined;
  const bound = constantOf(condition.right);
  if (bound === undefined || bound < 2n) return undefined;
  const size = createScalarVariable(unusedVariableId(program), 'size.N', 'N', intType, undefined);
  const replace = (expression: Expression): Expression =>
    expression.kind === 'constant' && expression.value === bound
      ? convertTo(createVariableExpression(size), expression.type)
      : visitExpressionChildren(expression, replace);
  const location = first.location;
  const prologue: Statement[] = [
    createHavoc(size, location),
    createAssume(
      createBinary('greaterEqual', createVariableExpression(size), createConstant(1n, intType), intType),
      location,
    ),
    createAssume(
      createBinary('lessEqual', createVariableExpression(size), createConstant(bound, intType), intType),
      location,
    ),
  ];
  const body = [...prologue, ...visitExpressionsInBlock(program.body, replace)];
  return {
    program: createProgram(program.file, [size, ...program.scalars], program.arrays, body, program.dataModel),
    constant: bound,
  };
}

// ---------------------------------------------------------------- every constant array size, for Horn clauses
//
// Size generalisation for the Horn clauses of the witness encoding (int semantics only): every
// constant equal to a constant array size (>= 2) is replaced by one fresh scalar per value, chosen
// nondeterministically at the start with `assume(n >= 0)`.
//
// Why: CHC solvers (Spacer) tend to unroll a loop whose bound is a large literal, so the cost of the
// clauses would again grow with the array size. With the bound symbolic, the solver must find
// size-independent lemmas, which the witness abstraction makes linear (e.g. `w >= i || x == 5`).
//
// Soundness: the run of the generalised program with n = the constant is exactly the run of the
// given program (in int semantics a cast is the identity, so `(T)n` is the constant itself), so the
// generalised program over-approximates it; SAFE of the generalised program is SAFE of the program.
// The generalisation may lose precision (it proves "for every size"), so the encoder falls back to
// the given program when the generalised clauses are not proven. Statements and expressions without
// such a constant are kept (the same objects).

export interface Generalised {
  readonly program: Program;
  /** constant → the scalar that replaced it */
  readonly replaced: ReadonlyMap<bigint, ScalarVariable>;
}

/** `sizes`: the constant array sizes of the original program */
export function generaliseSizes(program: Program, sizes: readonly bigint[]): Generalised | undefined {
  const values = new Set(sizes.filter((size) => size >= 2n));
  if (values.size === 0) return undefined;
  let nextId = unusedVariableId(program);
  const names = new Set(program.scalars.map((variable) => variable.name));
  const replaced = new Map<bigint, ScalarVariable>();
  const variableFor = (value: bigint): ScalarVariable => {
    let variable = replaced.get(value);
    if (variable === undefined) {
      let name = `witness!size.${value}`;
      while (names.has(name)) name += '!';
      names.add(name);
      variable = createScalarVariable(nextId++, name, `size ${value}`, int128Type, undefined);
      replaced.set(value, variable);
    }
    return variable;
  };
  const expression = (node: Expression): Expression =>
    node.kind === 'constant'
      ? values.has(node.value)
        ? convertTo(createVariableExpression(variableFor(node.value)), node.type)
        : node
      : visitExpressionChildren(node, expression);
  const body = visitExpressionsInBlock(program.body, expression);
  if (replaced.size === 0) return undefined;
  const location = program.body[0]?.location ?? { line: 1, column: 1 };
  const prologue: Statement[] = [];
  for (const variable of replaced.values()) {
    prologue.push(createHavoc(variable, location));
    prologue.push(
      createAssume(
        createBinary('greaterEqual', createVariableExpression(variable), createConstant(0n, int128Type)),
        location,
      ),
    );
  }
  return {
    program: createProgram(
      program.file,
      [...program.scalars, ...replaced.values()],
      program.arrays,
      [...prologue, ...body],
      program.dataModel,
    ),
    replaced,
  };
}
