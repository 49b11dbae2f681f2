// C semantics for narrow integers read mathematically (kernel/c-semantics.ts, before the wrap checks
// of wrap-checks.ts): sums modulo 2^w written exactly.
//
// A scalar c of a type T narrower than int (char, short, signed or unsigned; not _Bool) whose every
// write is either
//   - an initialisation `c = X` with X not reading c, or
//   - a step `c = (T)((int)c ± e)` with e not reading c, the sum computed in a 32-bit type,
// and that is never havocked, is replaced by a ghost G of type long long: `c = X` becomes
// `G = (long long)X`, the step `G = G ± (long long)e`, and every other read of c the value
// wrap_T(G): G modulo 2^w into T's range, written with C's remainder as
//   unsigned T: ((G % 2^w) + 2^w) % 2^w        signed T: (((G + 2^(w-1)) % 2^w) + 2^w) % 2^w − 2^(w-1)
// Besides, every narrowing conversion `(T)X` (X at most 32 bits wide, T as above) in an assertion, in
// a statement outside loops or in an array index becomes wrap_T(X) likewise (elsewhere in loops the
// exact wraps of wrap-checks.ts, within one period, are cheaper for the solvers).
//
// Soundness (the reading of the result is `int`: mathematical integers): C converts a value to an
// unsigned T modulo 2^w (C11 6.3.1.3), and gcc converts to a signed T modulo 2^w into [−2^(w−1),
// 2^(w−1)) (implementation-defined; gcc documents it), so (T)v = wrap_T(v) for every integer v, and
// wrap_T(wrap_T(u) ± e) = wrap_T(u ± e). By induction over the run, c = wrap_T(G) after every write
// (an initialisation sets both; a step maps c to wrap_T(c ± e) = wrap_T(G ± e)). A 32-bit sum
// `(int)c ± e` that wraps in C (an unsigned int e) changes its value by a multiple of 2^32, which
// wrap_T ignores (2^w divides 2^32). G is a mathematical integer in the `int` reading (no wrap, no
// overflow), and the remainder by a positive constant is C's in that reading, so every expression
// that read c reads the same value. The result is given only to encodings that read integers
// mathematically (kernel/c-semantics.ts, case `c` of unreach-call); the no-overflow property and the
// bit-precise stages get the program as it is (a long long G could overflow in bit-vectors). A
// counterexample is replayed on the original program (G adds no choice).

import { intType, isBoolType, longLongType, sameType, typePeriod, typeRange } from '../ir/c-integers.js';
import {
  createAssign,
  createBinary,
  createCast,
  createConstant,
  createScalarVariable,
  createVariableExpression,
  unusedVariableId,
  updateArrayRead,
  updateArrayWrite,
  updateAssign,
} from '../ir/factory.js';
import type {
  AssignStatement,
  Block,
  Expression,
  IntegerType,
  Program,
  ScalarVariable,
  Statement,
} from '../ir/types.js';
import {
  forEachStatement,
  scalarsReadBy,
  stripCasts,
  visitBlock,
  visitExpressionChildren,
  visitStatementChildren,
} from '../ir/visit.js';

/** a step `c = (T)((int)c ± e)`: its sign and e */
interface Step {
  readonly operator: 'add' | 'subtract';
  readonly term: Expression;
}

/** the program with its narrow accumulators as ghosts and narrowing conversions as remainders; the same object when nothing changed */
export function ghostNarrowAccumulators(program: Program): Program {
  const ghosts = new Map<number, ScalarVariable>();
  let nextId = unusedVariableId(program);
  for (const variable of program.scalars) {
    if (!isNarrow(variable.type) || !onlyStepsAndInitialisations(program.body, variable)) continue;
    ghosts.set(
      variable.id,
      createScalarVariable(
        nextId++,
        `${variable.name}!wide`,
        `${variable.sourceName} (before its wraps)`,
        longLongType,
        variable.location,
      ),
    );
  }
  const body = rewriteBlock(program.body, ghosts, false);
  if (body === program.body) return program;
  return { ...program, body, scalars: [...program.scalars, ...ghosts.values()] };
}

/** narrower than int, not _Bool: C computes with it in int and converts back modulo 2^w */
function isNarrow(type: IntegerType): boolean {
  return !isBoolType(type) && type.width < intType.width;
}

function onlyStepsAndInitialisations(body: Block, variable: ScalarVariable): boolean {
  let steps = 0;
  let other = false;
  forEachStatement(body, (statement) => {
    if (statement.kind === 'havoc' && statement.target.id === variable.id) other = true;
    if (statement.kind !== 'assign' || statement.target.id !== variable.id) return;
    if (stepOf(statement, variable) !== undefined) steps++;
    else if (scalarsReadBy(statement.value).has(variable.id)) other = true;
  });
  return steps > 0 && !other;
}

/** `c = (T)((int)c ± e)` with e not reading c and the sum 32 bits wide */
function stepOf(statement: AssignStatement, variable: ScalarVariable): Step | undefined {
  const value = statement.value;
  if (value.kind !== 'cast' || !sameType(value.type, variable.type)) return undefined;
  const sum = value.operand;
  if (sum.kind !== 'binary' || (sum.operator !== 'add' && sum.operator !== 'subtract')) return undefined;
  if (sum.type.width !== intType.width) return undefined;
  const left = stripCasts(sum.left);
  if (left.kind !== 'variable' || left.variable.id !== variable.id) return undefined;
  if (sum.left.kind === 'cast' && sum.left.type.width < variable.type.width) return undefined;
  if (scalarsReadBy(sum.right).has(variable.id)) return undefined;
  return { operator: sum.operator, term: sum.right };
}

/** wrap_T(value): the value modulo 2^w into T's range, by C's remainder in long long, as a T */
export function wrapped(value: Expression, type: IntegerType): Expression {
  const period = typePeriod(type);
  const minimum = typeRange(type).minimum;
  const wide = value.type.width === longLongType.width ? value : createCast(value, longLongType);
  const constant = (number: bigint): Expression => createConstant(number, longLongType);
  const shifted = minimum === 0n ? wide : createBinary('subtract', wide, constant(minimum), longLongType);
  const remainder = createBinary('remainder', shifted, constant(period), longLongType);
  const positive = createBinary(
    'remainder',
    createBinary('add', remainder, constant(period), longLongType),
    constant(period),
    longLongType,
  );
  const inRange = minimum === 0n ? positive : createBinary('add', positive, constant(minimum), longLongType);
  return createCast(inRange, type);
}

function rewriteBlock(block: Block, ghosts: ReadonlyMap<number, ScalarVariable>, inLoop: boolean): Block {
  return visitBlock(block, (statement) => rewriteStatement(statement, ghosts, inLoop));
}

function rewriteStatement(
  statement: Statement,
  ghosts: ReadonlyMap<number, ScalarVariable>,
  inLoop: boolean,
): Statement {
  const conversions = !inLoop || statement.kind === 'assert';
  const expression = (node: Expression): Expression => rewriteExpression(node, ghosts, conversions);
  if (statement.kind === 'assign') {
    const ghost = ghosts.get(statement.target.id);
    if (ghost !== undefined) {
      const step = stepOf(statement, statement.target);
      const wide = createVariableExpression(ghost);
      const value =
        step === undefined
          ? createCast(expression(statement.value), longLongType)
          : createBinary(step.operator, wide, createCast(expression(step.term), longLongType), longLongType);
      return createAssign(ghost, value, statement.location);
    }
    return updateAssign(statement, expression(statement.value));
  }
  if (statement.kind === 'arrayWrite') {
    const index = (node: Expression): Expression => rewriteExpression(node, ghosts, true);
    return updateArrayWrite(statement, statement.indices.map(index), expression(statement.value));
  }
  const nestedInLoop = inLoop || statement.kind === 'loop';
  return visitStatementChildren(statement, expression, (nested) => rewriteBlock(nested, ghosts, nestedInLoop));
}

function rewriteExpression(
  expression: Expression,
  ghosts: ReadonlyMap<number, ScalarVariable>,
  conversions: boolean,
): Expression {
  if (expression.kind === 'variable') {
    const ghost = ghosts.get(expression.variable.id);
    return ghost === undefined ? expression : wrapped(createVariableExpression(ghost), expression.type);
  }
  // indices are rewritten everywhere: a narrow index cast (mark[(unsigned char) i]) has no cheaper reading
  const visited =
    expression.kind === 'arrayRead'
      ? updateArrayRead(
          expression,
          expression.indices.map((index) => rewriteExpression(index, ghosts, true)),
        )
      : visitExpressionChildren(expression, (child) => rewriteExpression(child, ghosts, conversions));
  if (
    conversions &&
    visited.kind === 'cast' &&
    isNarrow(visited.type) &&
    visited.operand.kind !== 'constant' &&
    visited.operand.type.width <= intType.width &&
    !fitsIn(visited.operand.type, visited.type)
  )
    return wrapped(visited.operand, visited.type);
  return visited;
}

/** every value of `from` is a value of `to` */
function fitsIn(from: IntegerType, to: IntegerType): boolean {
  const source = typeRange(from);
  const target = typeRange(to);
  return source.minimum >= target.minimum && source.maximum <= target.maximum;
}
