// Hand-built IR programs with known answers, shared by the bmc and chc tests.

import {
  createArrayHavoc,
  createArrayRead,
  createArrayVariable,
  createArrayWrite,
  createAssert,
  createAssign,
  createAssume,
  createBinary,
  createBreak,
  createCast,
  createConstant,
  createContinue,
  createHavoc,
  createIf,
  createLoop,
  createProgram,
  createScalarVariable,
  createUnary,
  createVariableExpression,
  intType,
  unsignedCharType,
} from '../../src/ir/factory.js';
import type { Expression, Program, ScalarVariable } from '../../src/ir/types.js';

export const at = (line: number) => ({ line, column: 1 });
const constant = (value: number) => createConstant(BigInt(value));
const variable = (scalar: ScalarVariable) => createVariableExpression(scalar);
const plusOne = (scalar: ScalarVariable) =>
  createAssign(scalar, createBinary('add', variable(scalar), constant(1)), at(90));

const i = createScalarVariable(0, 'i', 'i', intType, undefined);
const x = createScalarVariable(1, 'x', 'x', intType, undefined);
const y = createScalarVariable(2, 'y', 'y', intType, undefined);
const n = createScalarVariable(3, 'n', 'n', intType, undefined);
const k = createScalarVariable(4, 'k', 'k', intType, undefined);
const c = createScalarVariable(5, 'c', 'c', unsignedCharType, undefined);
const a = createArrayVariable(10, 'a', 'a', intType, [constant(10)], undefined);
const b = createArrayVariable(11, 'b', 'b', intType, [variable(n)], undefined);

function program(
  name: string,
  scalars: ScalarVariable[],
  body: Parameters<typeof createProgram>[3],
  arrays = [a],
): Program {
  return createProgram(`${name}.c`, scalars, arrays, body, 'ILP32');
}
function and(left: Expression, right: Expression): Expression {
  return createBinary('logicalAnd', left, right);
}
const equals = (left: Expression, value: number) => createBinary('equal', left, constant(value));
const readA = (index: number) => createArrayRead(a, [constant(index)]);

/** havoc x; assume(x > 5); assert(x != 7) — unsafe with x = 7 */
export const straightUnsafe = program(
  'straight-unsafe',
  [x],
  [
    createHavoc(x, at(1)),
    createAssume(createBinary('greater', variable(x), constant(5)), at(2)),
    createAssert(createBinary('notEqual', variable(x), constant(7)), at(3)),
  ],
);

/** havoc x; assume(x > 5); assert(x > 3) — safe */
export const straightSafe = program(
  'straight-safe',
  [x],
  [
    createHavoc(x, at(1)),
    createAssume(createBinary('greater', variable(x), constant(5)), at(2)),
    createAssert(createBinary('greater', variable(x), constant(3)), at(3)),
  ],
);

/** i = 0; while (i < 10) i++; assert(i == 10) — safe, needs 10 iterations */
export const countingSafe = program(
  'counting-safe',
  [i],
  [
    createAssign(i, constant(0), at(1)),
    createLoop(0, createBinary('less', variable(i), constant(10)), [plusOne(i)], [], at(2)),
    createAssert(equals(variable(i), 10), at(3)),
  ],
);

/** i = 0; while (i < 10) i++; assert(i != 10) — unsafe after 10 iterations */
export const countingUnsafe = program(
  'counting-unsafe',
  [i],
  [
    createAssign(i, constant(0), at(1)),
    createLoop(0, createBinary('less', variable(i), constant(10)), [plusOne(i)], [], at(2)),
    createAssert(createBinary('notEqual', variable(i), constant(10)), at(3)),
  ],
);

/**
 * for (i = 0; i < 3; i++) { x = nondet(); if (x > 0) { y = nondet(); a[i] = y; } else a[i] = x; }
 * assert(!(a[0] == 5 && a[1] == -3 && a[2] == 9)) — unsafe only with the choices 5 | -3 | 9 in order
 */
export const havocOrderUnsafe = program(
  'havoc-order',
  [i, x, y],
  [
    createAssign(i, constant(0), at(1)),
    createLoop(
      0,
      createBinary('less', variable(i), constant(3)),
      [
        createHavoc(x, at(3)),
        createIf(
          createBinary('greater', variable(x), constant(0)),
          [createHavoc(y, at(5)), createArrayWrite(a, [variable(i)], variable(y), at(6))],
          [createArrayWrite(a, [variable(i)], variable(x), at(7))],
          at(4),
        ),
      ],
      [plusOne(i)],
      at(2),
    ),
    createAssert(
      createUnary('logicalNot', and(and(equals(readA(0), 5), equals(readA(1), -3)), equals(readA(2), 9))),
      at(9),
    ),
  ],
);

/** for (i = 0; ; i++) { if (i == 4) break; if (i == 2) continue; x = x + 1; } assert(x != 3) — unsafe (x = 3 at exit) */
export const breakContinueUnsafe = program(
  'break-continue',
  [i, x],
  [
    createAssign(i, constant(0), at(1)),
    createLoop(
      0,
      constant(1),
      [
        createIf(equals(variable(i), 4), [createBreak(at(3))], [], at(3)),
        createIf(equals(variable(i), 2), [createContinue(at(4))], [], at(4)),
        plusOne(x),
      ],
      [plusOne(i)],
      at(2),
    ),
    createAssert(createBinary('notEqual', variable(x), constant(3)), at(6)),
  ],
);

/** the same with assert(x == 3): safe, the loop runs 4 times then breaks */
export const breakContinueSafe = program(
  'break-continue-safe',
  [i, x],
  [
    createAssign(i, constant(0), at(1)),
    createLoop(
      0,
      constant(1),
      [
        createIf(equals(variable(i), 4), [createBreak(at(3))], [], at(3)),
        createIf(equals(variable(i), 2), [createContinue(at(4))], [], at(4)),
        plusOne(x),
      ],
      [plusOne(i)],
      at(2),
    ),
    createAssert(equals(variable(x), 3), at(6)),
  ],
);

/** int a[10] = nondet; assert(a[3] != 17) — unsafe with a[3] = 17 */
export const arrayHavocUnsafe = program(
  'array-havoc',
  [],
  [createArrayHavoc(a, at(1)), createAssert(createBinary('notEqual', readA(3), constant(17)), at(2))],
);

/** n = nondet; assume(0 < n <= 100000); for (i = 0; i < n; i++) b[i] = 0; k = nondet; assume(0 <= k < n); assert(b[k] == 0) */
export const arrayInitSafe = program(
  'array-init',
  [n, i, k],
  [
    createHavoc(n, at(1)),
    createAssume(
      and(createBinary('less', constant(0), variable(n)), createBinary('lessEqual', variable(n), constant(100000))),
      at(2),
    ),
    createArrayHavoc(b, at(3)),
    createAssign(i, constant(0), at(4)),
    createLoop(
      0,
      createBinary('less', variable(i), variable(n)),
      [createArrayWrite(b, [variable(i)], constant(0), at(5))],
      [plusOne(i)],
      at(4),
    ),
    createHavoc(k, at(6)),
    createAssume(
      and(createBinary('lessEqual', constant(0), variable(k)), createBinary('less', variable(k), variable(n))),
      at(7),
    ),
    createAssert(equals(createArrayRead(b, [variable(k)]), 0), at(8)),
  ],
  [b],
);

/** the same loop, but assert(b[k] == 0) with 0 <= k <= n: unsafe at k = n (havoc'd cell) */
export const arrayInitUnsafe = program(
  'array-init-unsafe',
  [n, i, k],
  [
    createHavoc(n, at(1)),
    createAssume(
      and(createBinary('less', constant(0), variable(n)), createBinary('lessEqual', variable(n), constant(100000))),
      at(2),
    ),
    createArrayHavoc(b, at(3)),
    createAssign(i, constant(0), at(4)),
    createLoop(
      0,
      createBinary('less', variable(i), variable(n)),
      [createArrayWrite(b, [variable(i)], constant(0), at(5))],
      [plusOne(i)],
      at(4),
    ),
    createHavoc(k, at(6)),
    createAssume(
      and(createBinary('lessEqual', constant(0), variable(k)), createBinary('lessEqual', variable(k), variable(n))),
      at(7),
    ),
    createAssert(equals(createArrayRead(b, [variable(k)]), 0), at(8)),
  ],
  [b],
);

/** i = 0; while (i < 100000) i++; assert(i == 100000) — a large bound */
export const largeBoundSafe = program(
  'large-bound',
  [i],
  [
    createAssign(i, constant(0), at(1)),
    createLoop(0, createBinary('less', variable(i), constant(100000)), [plusOne(i)], [], at(2)),
    createAssert(equals(variable(i), 100000), at(3)),
  ],
);

/** c = nondet (unsigned char); assert(c < 256) — safe thanks to the havoc range */
export const havocRangeSafe = program(
  'havoc-range',
  [c],
  [
    createHavoc(c, at(1)),
    createAssert(createBinary('less', createCast(createVariableExpression(c), intType), constant(256)), at(2)),
  ],
);

/** nested: for i < 3: for k < 2: x++ ; assert(x != 6) — unsafe */
export const nestedUnsafe = program(
  'nested',
  [i, k, x],
  [
    createAssign(i, constant(0), at(1)),
    createLoop(
      0,
      createBinary('less', variable(i), constant(3)),
      [
        createAssign(k, constant(0), at(2)),
        createLoop(1, createBinary('less', variable(k), constant(2)), [plusOne(x)], [plusOne(k)], at(3)),
      ],
      [plusOne(i)],
      at(1),
    ),
    createAssert(createBinary('notEqual', variable(x), constant(6)), at(5)),
  ],
);

/** nested with assert(x == 6): safe */
export const nestedSafe = program(
  'nested-safe',
  [i, k, x],
  [
    createAssign(i, constant(0), at(1)),
    createLoop(
      0,
      createBinary('less', variable(i), constant(3)),
      [
        createAssign(k, constant(0), at(2)),
        createLoop(1, createBinary('less', variable(k), constant(2)), [plusOne(x)], [plusOne(k)], at(3)),
      ],
      [plusOne(i)],
      at(1),
    ),
    createAssert(equals(variable(x), 6), at(5)),
  ],
);

/** n = nondet; assume(0 < n <= 100000); for (i = 0; i < n; i++) b[i] = 0; assert(b[0] == 0) */
export const arrayFirstCellSafe = program(
  'array-first-cell',
  [n, i],
  [
    createHavoc(n, at(1)),
    createAssume(
      and(createBinary('less', constant(0), variable(n)), createBinary('lessEqual', variable(n), constant(100000))),
      at(2),
    ),
    createArrayHavoc(b, at(3)),
    createAssign(i, constant(0), at(4)),
    createLoop(
      0,
      createBinary('less', variable(i), variable(n)),
      [createArrayWrite(b, [variable(i)], constant(0), at(5))],
      [plusOne(i)],
      at(4),
    ),
    createAssert(equals(createArrayRead(b, [constant(0)]), 0), at(8)),
  ],
  [b],
);

/** havoc x; assume(-10 <= x <= 10); assert(x % 3 > -3 && x / 3 >= -3) — safe (C remainder and division truncate) */
export const remainderSafe = program(
  'remainder-safe',
  [x],
  [
    createHavoc(x, at(1)),
    createAssume(
      and(createBinary('lessEqual', constant(-10), variable(x)), createBinary('lessEqual', variable(x), constant(10))),
      at(2),
    ),
    createAssert(
      and(
        createBinary('greater', createBinary('remainder', variable(x), constant(3)), constant(-3)),
        createBinary('greaterEqual', createBinary('divide', variable(x), constant(3)), constant(-3)),
      ),
      at(3),
    ),
  ],
);

/** the same range, assert(x % 3 != -2 || x / 3 != -1) — unsafe only at x = -5 */
export const remainderUnsafe = program(
  'remainder-unsafe',
  [x],
  [
    createHavoc(x, at(1)),
    createAssume(
      and(createBinary('lessEqual', constant(-10), variable(x)), createBinary('lessEqual', variable(x), constant(10))),
      at(2),
    ),
    createAssert(
      createBinary(
        'logicalOr',
        createBinary('notEqual', createBinary('remainder', variable(x), constant(3)), constant(-2)),
        createBinary('notEqual', createBinary('divide', variable(x), constant(3)), constant(-1)),
      ),
      at(3),
    ),
  ],
);

/** havoc x, y; assume(x >= 0 && y > 0); assert(x % y < y) — safe (non-constant divisor) */
export const variableRemainderSafe = program(
  'variable-remainder',
  [x, y],
  [
    createHavoc(x, at(1)),
    createHavoc(y, at(2)),
    createAssume(
      and(createBinary('lessEqual', constant(0), variable(x)), createBinary('less', constant(0), variable(y))),
      at(3),
    ),
    createAssert(createBinary('less', createBinary('remainder', variable(x), variable(y)), variable(y)), at(4)),
  ],
);
