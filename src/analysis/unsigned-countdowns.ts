// A program pass run after lowering, before every encoding (program-passes.ts): unsigned countdown
// loops whose counter wraps past 0 in their last test are read as loops over a fresh counter that
// stops at 0, with the wrapped value assigned after the loop. Two forms (j, m: unsigned, at least
// as wide as unsigned int; E: an expression the body writes nothing of):
//
//   j = E - 1; while (j < E) { body } update { j = j - 1; }
//     becomes  k = E; while (k > 0) { j = k - 1; body } update { k = k - 1; }  j = MAX;
//   while (1) { old = m; m = old - 1; if (!(old > 0)) break; body }       (`while (m-- > 0)`,
//   also `old != 0` and `old`: `while (m--)`)
//     becomes  k = m; while (k > 0) { old = k; m = k - 1; body } update { k = k - 1; }  old = 0; m = MAX;
//
// Soundness: exact in C's semantics. The first form: j starts at E - 1 modulo 2^w; for E = 0 that is
// MAX, which fails MAX < 0 at once; otherwise the body runs for j = E - 1 down to 0, and j - 1 wraps
// to MAX, which fails MAX < E as E <= MAX. Both end with j = MAX after the body ran for j = E - 1 … 0,
// as the rewritten loop (k = E … 1, j = k - 1, no wrap as k > 0). The second: the body runs for
// old = m0 … 1 with m = old - 1; at old = 0, m becomes MAX and the loop stops. The pass refuses (leaves
// the loop as it is) a body that writes j, m, old or anything E reads, or that has a break or a
// continue of its own (the exit would differ); the fresh counter is written nowhere else.

import {
  createAssign,
  createConstant,
  createLoop,
  createScalarVariable,
  createVariableExpression,
  createBinary,
  unusedVariableId,
} from '../ir/factory.js';
import type { Block, Expression, IntegerType, LoopStatement, Program, ScalarVariable, Statement } from '../ir/types.js';
import {
  containsJump,
  isVariableExpression,
  readsAny,
  sameExpression,
  stripCasts,
  visitStatementChildren,
  writtenVariables,
} from '../ir/visit.js';

/** the program with its unsigned countdown loops rewritten; the same object when nothing changed */
export function rewriteUnsignedCountdowns(program: Program): Program {
  const fresh: ScalarVariable[] = [];
  const state = { nextId: unusedVariableId(program), fresh };
  const body = rewriteBlock(program.body, state);
  if (fresh.length === 0) return program;
  return { ...program, scalars: [...program.scalars, ...fresh], body };
}

interface PassState {
  nextId: number;
  readonly fresh: ScalarVariable[];
}

function rewriteBlock(block: Block, state: PassState): Block {
  const result: Statement[] = [];
  for (const statement of block) {
    const nested = rewriteNested(statement, state);
    const previous = result.at(-1);
    const countdown =
      nested.kind === 'loop' && previous !== undefined ? countdownLoop(previous, nested, state) : undefined;
    if (countdown !== undefined) {
      result.pop();
      result.push(...countdown);
      continue;
    }
    const postDecrement = nested.kind === 'loop' ? postDecrementLoop(nested, state) : undefined;
    if (postDecrement !== undefined) result.push(...postDecrement);
    else result.push(nested);
  }
  return result;
}

/** the statement with its nested blocks rewritten (ir/visit.ts's one child visitor; identity kept) */
function rewriteNested(statement: Statement, state: PassState): Statement {
  return visitStatementChildren(
    statement,
    (expression) => expression,
    (block) => rewriteBlock(block, state),
  );
}

/** an unsigned type whose arithmetic is not promoted (unsigned int or wider) */
function wrapsInOwnType(type: IntegerType): boolean {
  return !type.signed && type.width >= 32;
}

function isConstant(expression: Expression, value: bigint): boolean {
  const stripped = stripCasts(expression);
  return stripped.kind === 'constant' && stripped.value === value;
}

/** `variable - 1` in the variable's type */
function isDecrement(expression: Expression, variable: ScalarVariable): boolean {
  return (
    expression.kind === 'binary' &&
    expression.operator === 'subtract' &&
    sameType(expression.type, variable.type) &&
    isVariableExpression(expression.left, variable) &&
    isConstant(expression.right, 1n)
  );
}

function sameType(left: IntegerType, right: IntegerType): boolean {
  return left.width === right.width && left.signed === right.signed;
}

function freshCounter(type: IntegerType, sourceName: string, state: PassState): ScalarVariable {
  const id = state.nextId++;
  const variable = createScalarVariable(id, `countdown_${id}`, `${sourceName} (countdown)`, type, undefined);
  state.fresh.push(variable);
  return variable;
}

function maximumOf(type: IntegerType): Expression {
  return createConstant((1n << BigInt(type.width)) - 1n, type);
}

/** the body has no jump of its own and writes none of the variables */
function bodyKeeps(body: Block, variables: readonly ScalarVariable[], reads: readonly Expression[]): boolean {
  if (containsJump(body, 'break') || containsJump(body, 'continue')) return false;
  const written = writtenVariables(body);
  if (variables.some((variable) => written.scalars.has(variable.id))) return false;
  return !reads.some((expression) => readsAny(expression, written));
}

/** `j = E - 1; while (j < E) body update { j = j - 1 }`, rewritten; undefined when not of that form */
function countdownLoop(previous: Statement, loop: LoopStatement, state: PassState): Statement[] | undefined {
  if (previous.kind !== 'assign') return undefined;
  const counter = previous.target;
  if (!wrapsInOwnType(counter.type)) return undefined;
  const initial = previous.value;
  if (initial.kind !== 'binary' || initial.operator !== 'subtract' || !sameType(initial.type, counter.type))
    return undefined;
  if (!isConstant(initial.right, 1n)) return undefined;
  const bound = initial.left;
  if (
    !sameType(bound.type, counter.type) ||
    readsAny(bound, { scalars: new Map([[counter.id, counter]]), arrays: new Map() })
  )
    return undefined;
  const condition = loop.condition;
  if (condition.kind !== 'binary' || condition.operator !== 'less') return undefined;
  if (!isVariableExpression(condition.left, counter) || !sameExpression(condition.right, bound)) return undefined;
  const [update, ...more] = loop.update;
  if (update === undefined || more.length > 0 || update.kind !== 'assign' || update.target.id !== counter.id)
    return undefined;
  if (!isDecrement(update.value, counter)) return undefined;
  if (!bodyKeeps(loop.body, [counter], [bound])) return undefined;
  const fresh = freshCounter(counter.type, counter.sourceName, state);
  const freshValue = createVariableExpression(fresh);
  const one = createConstant(1n, counter.type);
  const zero = createConstant(0n, counter.type);
  const location = loop.location;
  return [
    createAssign(fresh, bound, previous.location),
    createLoop(
      loop.id,
      createBinary('greater', freshValue, zero),
      [createAssign(counter, createBinary('subtract', freshValue, one, counter.type), location), ...loop.body],
      [createAssign(fresh, createBinary('subtract', freshValue, one, counter.type), update.location)],
      location,
    ),
    createAssign(counter, maximumOf(counter.type), location),
  ];
}

/** `while (1) { old = m; m = old - 1; if (!(old > 0)) break; body }`, rewritten; undefined when not of that form */
function postDecrementLoop(loop: LoopStatement, state: PassState): Statement[] | undefined {
  if (!isConstant(loop.condition, 1n) || loop.update.length > 0) return undefined;
  const [saved, decrement, exit, ...body] = loop.body;
  if (saved === undefined || decrement === undefined || exit === undefined) return undefined;
  if (saved.kind !== 'assign' || decrement.kind !== 'assign' || exit.kind !== 'if') return undefined;
  const old = saved.target;
  const counter = decrement.target;
  if (old.id === counter.id || !wrapsInOwnType(counter.type) || !sameType(old.type, counter.type)) return undefined;
  if (!isVariableExpression(saved.value, counter) || !isDecrement(decrement.value, old)) return undefined;
  if (exit.else.length > 0 || exit.then.length !== 1 || exit.then[0]?.kind !== 'break') return undefined;
  if (!isPositiveTestNegated(exit.condition, old)) return undefined;
  if (!bodyKeeps(body, [old, counter], [])) return undefined;
  const fresh = freshCounter(counter.type, counter.sourceName, state);
  const freshValue = createVariableExpression(fresh);
  const one = createConstant(1n, counter.type);
  const zero = createConstant(0n, counter.type);
  const location = loop.location;
  return [
    createAssign(fresh, createVariableExpression(counter), location),
    createLoop(
      loop.id,
      createBinary('greater', freshValue, zero),
      [
        createAssign(old, freshValue, saved.location),
        createAssign(counter, createBinary('subtract', freshValue, one, counter.type), decrement.location),
        ...body,
      ],
      [createAssign(fresh, createBinary('subtract', freshValue, one, counter.type), decrement.location)],
      location,
    ),
    createAssign(old, zero, location),
    createAssign(counter, maximumOf(counter.type), location),
  ];
}

/** `!(old > 0)`, `!(old != 0)` or `!old` */
function isPositiveTestNegated(condition: Expression, old: ScalarVariable): boolean {
  if (condition.kind !== 'unary' || condition.operator !== 'logicalNot') return false;
  const test = condition.operand;
  if (isVariableExpression(test, old)) return true;
  if (test.kind !== 'binary' || (test.operator !== 'greater' && test.operator !== 'notEqual')) return false;
  return isVariableExpression(test.left, old) && isConstant(test.right, 0n);
}
