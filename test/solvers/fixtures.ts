// Small scripts and CHC systems shared by the solver back-end tests.
import {
  add,
  applyFunction,
  arraySort,
  bitvectorBinary,
  bitvectorComparison,
  bitvectorConstant,
  bitvectorSort,
  boolSort,
  createChcSystem,
  createSmtScript,
  declareFunction,
  distinct,
  equal,
  falseTerm,
  forall,
  greater,
  greaterEqual,
  intConstant,
  intSort,
  less,
  multiply,
  not,
  select,
  store,
  symbol,
  type ChcSystem,
  type SmtScript,
  type Term,
} from '../../src/smt/terms.js';
import type { Solver } from '../../src/solvers/solver.js';

export const x = symbol('x', intSort);
export const y = symbol('y', intSort);
export const z = symbol('z', intSort);
export const intArray = arraySort(intSort, intSort);
export const a = symbol('main::a', intArray); // needs quoting
export const byte = symbol('b', bitvectorSort(8));

export function script(
  assertions: Term[],
  constants = [x, y, z, a, byte],
  logic: string | undefined = undefined,
): SmtScript {
  return createSmtScript({
    headerComments: ['test'],
    logic,
    constants,
    functions: [],
    assertions: assertions.map((term) => ({ term })),
  });
}

/** sat: x = -5, a[3] = 7, a[x] = 11, b = 0x7f + 1 */
export const satisfiableScript = script([
  equal(x, intConstant(-5)),
  equal(select(a, intConstant(3)), intConstant(7)),
  equal(select(store(a, x, intConstant(11)), x), select(a, x)),
  equal(byte, bitvectorBinary('bvadd', bitvectorConstant(0x7f, 8), bitvectorConstant(1, 8))),
]);
export const unsatisfiableScript = script([greater(x, y), greater(y, x)]);
/** x^3 + y^3 = z^3 with x, y, z > 1: no solution, and hard for solvers */
export const hardScript = script(
  [
    greater(x, intConstant(1)),
    greater(y, intConstant(1)),
    greater(z, intConstant(1)),
    equal(add(multiply(x, x, x), multiply(y, y, y)), multiply(z, z, z)),
  ],
  [x, y, z],
);
export const bitvectorScript = script(
  [
    bitvectorComparison('bvugt', byte, bitvectorConstant(200, 8)),
    distinct(byte, bitvectorConstant(255, 8)),
    not(equal(byte, bitvectorConstant(254, 8))),
  ],
  [byte],
);

/** i = 0; while (i < 10) i++; assert(i == limit) — safe (sat) when limit is 10 */
export function counterSystem(limit: number): ChcSystem {
  const invariant = declareFunction('inv', [intSort], boolSort);
  const i = symbol('i', intSort);
  const next = symbol('i1', intSort);
  return createChcSystem({
    headerComments: ['counter'],
    predicates: [invariant],
    clauses: [
      { variables: [i], body: [equal(i, intConstant(0))], head: applyFunction(invariant, [i]) },
      {
        variables: [i, next],
        body: [applyFunction(invariant, [i]), less(i, intConstant(10)), equal(next, add(i, intConstant(1)))],
        head: applyFunction(invariant, [next]),
      },
      {
        variables: [i],
        body: [applyFunction(invariant, [i]), greaterEqual(i, intConstant(10)), not(equal(i, intConstant(limit)))],
        head: falseTerm,
      },
    ],
  });
}

/** a[0] = 5; for (k = 1; k < n; k++) a[k] = 0; assert(a[0] == expected) — safe (sat) when expected is 5 */
export function arrayLoopSystem(expected: number): ChcSystem {
  const invariant = declareFunction('inv', [intSort, intSort, intArray], boolSort);
  const k = symbol('k', intSort);
  const n = symbol('n', intSort);
  const array = symbol('arr', intArray);
  const inv = (index: Term, bound: Term, values: Term): Term => applyFunction(invariant, [index, bound, values]);
  return createChcSystem({
    headerComments: ['array loop'],
    predicates: [invariant],
    clauses: [
      {
        variables: [k, n, array],
        body: [equal(k, intConstant(1)), equal(select(array, intConstant(0)), intConstant(5))],
        head: inv(k, n, array),
      },
      {
        variables: [k, n, array],
        body: [inv(k, n, array), less(k, n)],
        head: inv(add(k, intConstant(1)), n, store(array, k, intConstant(0))),
      },
      {
        variables: [k, n, array],
        body: [inv(k, n, array), greaterEqual(k, n), not(equal(select(array, intConstant(0)), intConstant(expected)))],
        head: falseTerm,
      },
    ],
  });
}

/** x = y^2 maintained by a loop; query 4x = 3y^2 with y > 0 is unreachable, but needs nonlinear reasoning */
export function hardSystem(): ChcSystem {
  const invariant = declareFunction('inv', [intSort, intSort], boolSort);
  const x1 = symbol('x1', intSort);
  const y1 = symbol('y1', intSort);
  return createChcSystem({
    headerComments: ['hard'],
    predicates: [invariant],
    clauses: [
      {
        variables: [x, y],
        body: [equal(x, intConstant(0)), equal(y, intConstant(0))],
        head: applyFunction(invariant, [x, y]),
      },
      {
        variables: [x, y, x1, y1],
        body: [
          applyFunction(invariant, [x, y]),
          equal(x1, add(x, multiply(intConstant(2), y), intConstant(1))),
          equal(y1, add(y, intConstant(1))),
        ],
        head: applyFunction(invariant, [x1, y1]),
      },
      {
        variables: [x, y],
        body: [
          applyFunction(invariant, [x, y]),
          equal(multiply(x, intConstant(4)), multiply(y, y, intConstant(3))),
          greater(y, intConstant(0)),
        ],
        head: falseTerm,
      },
    ],
  });
}

/**
 * Questions (CheckOptions.question) between scripts, for a back end that keeps a solver for them:
 * each answer must be what a fresh solver gives, and nothing a question declares or asserts may
 * reach the next call. Returns the answers in order (unknown as its reason).
 */
/** what questionSequence answers with a solver that keeps its questions apart (each line's comment there) */
export const questionSequenceAnswers: readonly string[] = [
  'sat',
  'unsat',
  'unsat',
  'sat',
  'timeout',
  'sat',
  'unsat',
  'unsat',
];

export async function questionSequence(solver: Solver): Promise<string[]> {
  const ask = async (asked: SmtScript, question: boolean, timeoutMilliseconds = 10_000): Promise<string> => {
    const result = await solver.checkScript(asked, { timeoutMilliseconds, question });
    return result.kind === 'unknown' ? result.reason : result.kind;
  };
  // a quantified question after a script that set a quantifier-free logic (QF_LIA forbids forall)
  const scriptWithLogic = script([greater(x, intConstant(2))], [x], 'QF_LIA');
  const everyNumberAtLeast = (bound: number): SmtScript =>
    script([forall([y], greaterEqual(y, intConstant(bound)))], [], 'ALL');
  const answers = [
    await ask(scriptWithLogic, false),
    await ask(everyNumberAtLeast(0), true), // unsat: not every integer is at least 0
    // x asserted in one question, declared again in the next: its assertion ends with the scope
    await ask(script([greater(x, y), greater(y, x)], [x, y], 'ALL'), true),
    await ask(script([equal(x, intConstant(5))], [x], 'ALL'), true),
    // a question cut short by its time, then questions and a script answered as before
    await ask(hardScript, true, 1_000),
    await ask(script([equal(x, intConstant(5))], [x], 'ALL'), true),
    await ask(unsatisfiableScript, false),
    await ask(script([less(x, intConstant(0)), greater(x, intConstant(0))], [x], 'ALL'), true),
  ];
  return answers;
}

/**
 * A question with values (Houdini's model of a failing conjunction), then questions that would be
 * unsat if its assertion stayed behind: the values as asked, then sat and sat.
 */
export async function questionWithValues(solver: Solver): Promise<string[]> {
  const withValues = await solver.checkScript(script([greater(x, intConstant(5))], [x], 'ALL'), {
    timeoutMilliseconds: 10_000,
    question: true,
    valuesOf: [greater(x, intConstant(2)), less(x, intConstant(0))],
  });
  const values =
    withValues.kind === 'sat'
      ? (withValues.values ?? []).map((value) => (value.kind === 'boolean' ? String(value.value) : value.kind))
      : [withValues.kind];
  const after = async (): Promise<string> =>
    (
      await solver.checkScript(script([less(x, intConstant(0))], [x], 'ALL'), {
        timeoutMilliseconds: 10_000,
        question: true,
      })
    ).kind;
  return [...values, await after(), await after()];
}
