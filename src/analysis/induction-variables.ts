// Induction variables of a loop: the scalars that change by a constant per iteration. This is the one
// detection shared by the loop analysis of the witness encoding (analysis/loops.ts: the loop
// iterator), the shrink encoding (accelerated variables of the processing and assertion loops,
// coalescing, guided replay).
//
// An induction variable v of `loop(C, B, U)`: every assignment of v in B and U is a top-level
// statement `v = v + c`, `v = c + v` or `v = v - c` (c a constant, possibly negated: `v + -1`), one of
// B only when B has no `continue` of this loop, and v is never havocked nor assigned in a nested
// block or loop. Its step is the sum of the c of its assignments; its value at the start of iteration
// j is then v_entry + (j-1)·step (in int semantics; in bv semantics modulo 2^width).
//
// Which casts may sit in `v ± c` depends on the reader (`InductionCasts`):
// - 'int': every cast but one to _Bool (int semantics: such a cast is the identity);
// - 'bv': only casts to types at least as wide as v (the low bits of the result, all the assignment
//   keeps, are then those of v ± c: the step is exact modulo 2^w);
// - 'iterator': around the whole value and the constant as in 'int', around v only casts that keep
//   every value of v's type (the loop analysis also reads `(T)v` as the iterator only then).
//
// Accel's closed forms (analysis/closed-forms.ts) are a different, more general analysis (polynomial
// updates x' = x + G over a path); they do not use this module.

import type { AssignStatement, Block, Expression, LoopStatement, ScalarVariable, Semantics } from '../ir/types.js';
import {
  containsJump,
  isVariableExpression,
  stripCasts,
  stripCastsAtLeast,
  stripCastsKeepingValuesOf,
} from '../ir/visit.js';

export type InductionCasts = Semantics | 'iterator';

export interface InductionVariable {
  readonly variable: ScalarVariable;
  /** change per iteration: the sum of the steps of its assignments (may be 0) */
  readonly step: bigint;
  /** its assignments, top-level statements of the body or the update, in program order */
  readonly assignments: readonly AssignStatement[];
}

interface CastStrippers {
  readonly value: (expression: Expression) => Expression;
  readonly variable: (expression: Expression) => Expression;
  readonly constant: (expression: Expression) => Expression;
}

function strippers(target: ScalarVariable, casts: InductionCasts): CastStrippers {
  switch (casts) {
    case 'int':
      return { value: stripCasts, variable: stripCasts, constant: stripCasts };
    case 'bv': {
      const strip = (expression: Expression): Expression => stripCastsAtLeast(expression, target.type.width);
      return { value: strip, variable: strip, constant: strip };
    }
    case 'iterator':
      return {
        value: stripCasts,
        variable: (expression) => stripCastsKeepingValuesOf(expression, target.type),
        constant: stripCasts,
      };
    default: {
      const never: never = casts;
      throw new Error(`unknown cast mode ${String(never)}`);
    }
  }
}

/** the value of a constant, possibly negated, with casts as `strip` removes them */
export function constantOf(
  expression: Expression,
  strip: (expression: Expression) => Expression = stripCasts,
): bigint | undefined {
  const stripped = strip(expression);
  if (stripped.kind === 'constant') return stripped.value;
  if (stripped.kind === 'unary' && stripped.operator === 'negate') {
    const inner = constantOf(stripped.operand, strip);
    return inner === undefined ? undefined : -inner;
  }
  return undefined;
}

/** c when `value` is target + c, c + target or target - c (then -c); casts as `casts` allows (see the header) */
export function incrementStep(target: ScalarVariable, value: Expression, casts: InductionCasts): bigint | undefined {
  const strip = strippers(target, casts);
  const expression = strip.value(value);
  if (expression.kind !== 'binary') return undefined;
  const isTarget = (operand: Expression): boolean => {
    const stripped = strip.variable(operand);
    return isVariableExpression(stripped, target);
  };
  if (expression.operator === 'add') {
    const right = isTarget(expression.left) ? constantOf(expression.right, strip.constant) : undefined;
    if (right !== undefined) return right;
    return isTarget(expression.right) ? constantOf(expression.left, strip.constant) : undefined;
  }
  if (expression.operator === 'subtract' && isTarget(expression.left)) {
    const constant = constantOf(expression.right, strip.constant);
    return constant === undefined ? undefined : -constant;
  }
  return undefined;
}

/** the induction variables of the loop (see the header), in the order their first definition appears */
export function inductionVariables(loop: LoopStatement, casts: InductionCasts): InductionVariable[] {
  const bodyHasContinue = containsJump(loop.body, 'continue');
  const found = new Map<
    number,
    { variable: ScalarVariable; step: bigint; assignments: AssignStatement[]; inductive: boolean }
  >();
  const note = (variable: ScalarVariable, assignment: AssignStatement | undefined, step: bigint | undefined): void => {
    const entry = found.get(variable.id) ?? { variable, step: 0n, assignments: [], inductive: true };
    if (step === undefined || assignment === undefined) entry.inductive = false;
    else {
      entry.step += step;
      entry.assignments.push(assignment);
    }
    found.set(variable.id, entry);
  };
  const visit = (block: Block, topLevel: boolean, inBody: boolean): void => {
    for (const statement of block) {
      if (statement.kind === 'assign') {
        const counts = topLevel && !(inBody && bodyHasContinue);
        note(statement.target, statement, counts ? incrementStep(statement.target, statement.value, casts) : undefined);
      } else if (statement.kind === 'havoc') {
        note(statement.target, undefined, undefined);
      } else if (statement.kind === 'if') {
        visit(statement.then, false, inBody);
        visit(statement.else, false, inBody);
      } else if (statement.kind === 'loop') {
        visit(statement.body, false, inBody);
        visit(statement.update, false, inBody);
      }
    }
  };
  visit(loop.body, true, true);
  visit(loop.update, true, false);
  return [...found.values()]
    .filter((entry) => entry.inductive)
    .map((entry) => ({ variable: entry.variable, step: entry.step, assignments: entry.assignments }));
}

/** true when `expression` is the iterator, possibly under casts that keep all of its values */
export function isIteratorExpression(expression: Expression, iterator: ScalarVariable): boolean {
  const stripped = stripCastsKeepingValuesOf(expression, iterator.type);
  return isVariableExpression(stripped, iterator);
}

/**
 * d when `expression` is `variable + d` (or d + variable, variable − d, nested sums with constants;
 * casts looked through, as int semantics reads them), else undefined: the cell a counter indexes
 */
export function variableOffset(expression: Expression, variable: ScalarVariable): bigint | undefined {
  const stripped = stripCasts(expression);
  if (stripped.kind === 'variable') return stripped.variable.id === variable.id ? 0n : undefined;
  if (stripped.kind !== 'binary' || (stripped.operator !== 'add' && stripped.operator !== 'subtract')) return undefined;
  const right = constantOf(stripped.right);
  const left = variableOffset(stripped.left, variable);
  if (right !== undefined && left !== undefined) return stripped.operator === 'add' ? left + right : left - right;
  const first = constantOf(stripped.left);
  const other = stripped.operator === 'add' ? variableOffset(stripped.right, variable) : undefined;
  return first !== undefined && other !== undefined ? first + other : undefined;
}

/**
 * the loop's body and its update block: an assignment to `counter` at the end of a body with an
 * empty update (`while (c < n) { …; c = c + 1; }`) counts as the update, unless a `continue` could
 * skip it
 */
export function splitCounterUpdate(
  loop: LoopStatement,
  counter: ScalarVariable,
): { readonly body: Block; readonly update: Block } {
  const trailing = loop.body[loop.body.length - 1];
  const inBody =
    loop.update.length === 0 &&
    trailing !== undefined &&
    trailing.kind === 'assign' &&
    trailing.target.id === counter.id &&
    !containsJump(loop.body, 'continue');
  return inBody ? { body: loop.body.slice(0, -1), update: [trailing] } : { body: loop.body, update: loop.update };
}
