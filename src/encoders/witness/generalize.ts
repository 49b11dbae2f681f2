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

import {
  convertTo, createAssume, createBinary, createConstant, createHavoc, createProgram, createScalarVariable, createVariableExpression,
  int128Type, unusedVariableId,
} from '../../ir/factory.js';
import type { Expression, Program, ScalarVariable, Statement } from '../../ir/types.js';
import { visitExpressionChildren, visitExpressionsInBlock } from '../../ir/visit.js';

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
  const expression = (node: Expression): Expression => (node.kind === 'constant'
    ? (values.has(node.value) ? convertTo(createVariableExpression(variableFor(node.value)), node.type) : node)
    : visitExpressionChildren(node, expression));
  const body = visitExpressionsInBlock(program.body, expression);
  if (replaced.size === 0) return undefined;
  const location = program.body[0]?.location ?? { line: 1, column: 1 };
  const prologue: Statement[] = [];
  for (const variable of replaced.values()) {
    prologue.push(createHavoc(variable, location));
    prologue.push(createAssume(createBinary('greaterEqual', createVariableExpression(variable), createConstant(0n, int128Type)), location));
  }
  return {
    program: createProgram(program.file, [...program.scalars, ...replaced.values()], program.arrays, [...prologue, ...body], program.dataModel),
    replaced,
  };
}
