// Strengthening of `induct`: when the step fails, the property ψ(N) is often too
// weak to be inductive: `a[i] == N` after `a[i] = sum` needs `sum == N` for N − 1 as well. We guess
// the missing facts as closed forms of the final values in N: every scalar the middle writes and
// every cell it writes at a constant index, run on P(N) for small sizes (one symbolic run each,
// every loop unrolled, values from a solver model), fitted by a polynomial of degree ≤ d in N
// (d + 1 sizes, Newton's forward differences) and kept when one more size agrees. index.ts makes
// up to --strengthen K rounds: d = 2 in the first, one more in each next (a cubic count of three
// nested loops).
//
// The facts become assertions inserted before Post, so the strengthened program has the same runs
// and more assertions: if it is SAFE, so is the original (soundness does not depend on the guess).
// A wrong guess only makes the strengthened proof fail; its failures are never reported as bugs
// of the original unless they replay on the original (index.ts).

import { pointwiseHook } from './pointwise-loops.js';
import { fitNewton } from './fit-relations.js';
import {
  createArrayRead,
  createAssert,
  createAssign,
  createBinary,
  createConstant,
  createProgram,
  createVariableExpression,
  intType,
} from '../../ir/factory.js';
import type { ArrayVariable, Expression, Program, ScalarVariable, Statement } from '../../ir/types.js';
import { flattenStatements, writtenVariables } from '../../ir/visit.js';
import { constantOf } from '../../analysis/induction-variables.js';
import { createSmtScript, equal, intConstant, select, trueTerm, type FunctionDeclaration } from '../../smt/terms.js';
import type { Solver } from '../../solvers/solver.js';
import { ExpressionTranslator } from '../../symbolic/expressions.js';
import { SymbolicExecutor, type Path } from '../../symbolic/executor.js';
import { collectVariables } from '../../symbolic/variables.js';
import type { Budget } from '../../kernel/budget.js';
import type { InductionShape } from './shape.js';

/** a run longer than this many loop iterations in all is not unrolled for sampling */
const maximumUnrolledIterations = 400n;

type Observed =
  | { readonly kind: 'scalar'; readonly variable: ScalarVariable }
  | { readonly kind: 'cell'; readonly array: ArrayVariable; readonly index: bigint };

/** what the middle writes: scalars (loop counters aside) and cells at constant indices of one-dimensional arrays */
function observedValues(shape: InductionShape): Observed[] {
  const observed: Observed[] = [];
  const blocks = shape.middle.map((element) => (element.kind === 'loop' ? element.body : element.statements));
  for (const variable of writtenVariables(...blocks).scalars.values()) {
    const innerCounter = [...shape.innerLoops.values()].some((counter) => counter.id === variable.id);
    if (!shape.counters.has(variable.id) && !shape.tainted.has(variable.id) && !innerCounter)
      observed.push({ kind: 'scalar', variable });
  }
  const cells = new Map<string, Observed>();
  for (const statement of blocks.flatMap((block) => flattenStatements(block))) {
    if (statement.kind !== 'arrayWrite' || statement.indices.length !== 1) continue;
    const index = constantOf(statement.indices[0]!);
    if (index !== undefined)
      cells.set(`${statement.array.id}:${index}`, { kind: 'cell', array: statement.array, index });
  }
  return [...observed, ...cells.values()];
}

/** P(size) run symbolically from the interpreter's initial state, every loop unrolled: the observed values at the end of the middle */
async function sample(
  program: Program,
  shape: InductionShape,
  size: bigint,
  observed: readonly Observed[],
  solver: Solver,
  budget: Budget,
): Promise<bigint[] | undefined> {
  const executor = new SymbolicExecutor(program, collectVariables(program), new ExpressionTranslator('int'), {
    inlineLimit: 0,
    namePrefix: '',
    exactDivision: true,
    loop: pointwiseHook(shape.innerLoops),
  });
  const functions = new Map<string, FunctionDeclaration>();
  executor.useUninterpretedFunctions(functions);
  let path: Path | undefined = executor.executeBlock(shape.pre, {
    guard: trueTerm,
    state: executor.initialState(),
  }).normal;
  if (path === undefined) return undefined;
  executor.assume(equal(path.state.scalars.get(shape.size.id)!, intConstant(size)));
  for (const element of shape.middle) {
    if (path === undefined) return undefined;
    if (element.kind === 'straight') {
      path = executor.executeBlock(element.statements, path).normal;
      continue;
    }
    const count = element.perSize * size + element.iterationOffset;
    for (let iteration = 0n; iteration < count && path !== undefined; iteration++) {
      const value =
        element.direction === 'up' ? element.start + element.step * iteration : size + element.downFrom - iteration;
      const counter = createAssign(element.counter, createConstant(value, element.counter.type), element.loop.location);
      path = executor.executeBlock([counter, ...element.body, ...element.update], path).normal;
    }
  }
  if (path === undefined) return undefined;
  executor.assume(path.guard);
  const state = path.state;
  // each value through a constant: get-value takes no term with a quantifier (an inner loop's λ)
  const terms = observed.map((value) =>
    executor.define(
      'observed',
      value.kind === 'scalar'
        ? state.scalars.get(value.variable.id)!
        : select(state.arrays.get(value.array.id)!, intConstant(value.index)),
      0,
    ),
  );
  const script = createSmtScript({
    headerComments: [`induct: one run of the program for N = ${size} (to guess facts that strengthen the property)`],
    logic: 'ALL',
    constants: executor.constants,
    functions: [...functions.values()],
    assertions: executor.definitions.map((term) => ({ term })),
  });
  const result = await solver.checkScript(script, { timeoutMilliseconds: budget.solverTimeout(2000), valuesOf: terms });
  if (result.kind !== 'sat' || result.values === undefined) return undefined;
  return result.values.map((value) => (value.kind === 'integer' ? value.value : 0n));
}

/** D·v == Σ Δ^k·(D / k!)·x(x − 1)…(x − k + 1) with x = N − l and D = degree!, for the forward differences Δ^k of fitNewton */
function closedForm(
  read: Expression,
  size: ScalarVariable,
  lowest: bigint,
  differences: readonly bigint[],
  degree: number,
): Expression {
  const constant = (value: bigint): Expression => createConstant(value, intType);
  const factorial = (value: number): bigint => (value <= 1 ? 1n : BigInt(value) * factorial(value - 1));
  const scale = factorial(degree);
  const distance = createBinary('subtract', createVariableExpression(size), constant(lowest), intType);
  let value: Expression = constant(scale * differences[0]!);
  let falling: Expression | undefined;
  for (let order = 1; order <= degree; order++) {
    const factor = createBinary('subtract', distance, constant(BigInt(order - 1)), intType);
    falling = falling === undefined ? distance : createBinary('multiply', falling, factor, intType);
    const coefficient = differences[order]! * (scale / factorial(order));
    if (coefficient !== 0n)
      value = createBinary('add', value, createBinary('multiply', constant(coefficient), falling, intType), intType);
  }
  return createBinary('equal', createBinary('multiply', constant(scale), read, intType), value, intType);
}

export interface Strengthened {
  readonly program: Program;
  /** the facts, as C-like text */
  readonly facts: readonly string[];
  /** which values got a fact and their polynomials (forward differences, trailing zeros dropped): equal keys, the same facts */
  readonly key: string;
}

/**
 * the program with the guessed facts asserted before Post (closed forms in N of degree ≤ `degree`,
 * fitted on degree + 2 sizes), or undefined when nothing was guessed
 */
export async function strengthenedProgram(
  program: Program,
  shape: InductionShape,
  lowest: bigint,
  solver: Solver,
  budget: Budget,
  describe: (expression: Expression) => string,
  degree = 2,
): Promise<Strengthened | undefined> {
  const observed = observedValues(shape);
  if (observed.length === 0) return undefined;
  const sizes = degree + 2;
  const iterations = shape.middle.reduce(
    (total, element) =>
      total + (element.kind === 'loop' ? element.perSize * (lowest + BigInt(sizes)) + element.iterationOffset : 0n),
    0n,
  );
  if (iterations > maximumUnrolledIterations) return undefined;
  const runs: bigint[][] = [];
  for (let offset = 0; offset < sizes; offset++) {
    const values = await sample(program, shape, lowest + BigInt(offset), observed, solver, budget);
    if (values === undefined) return undefined;
    runs.push(values);
  }
  // the facts go just before Post (at the end when the assertions are all in the middle)
  const first = shape.post[0];
  const position =
    first === undefined
      ? program.body.length
      : program.body.indexOf(first.kind === 'check' ? first.statement : first.initialisation);
  if (position < 0) return undefined;
  const location = program.body[Math.min(position, program.body.length - 1)]?.location ?? { line: 0, column: 0 };
  const facts: Statement[] = [];
  const keys: string[] = [];
  observed.forEach((value, index) => {
    const read =
      value.kind === 'scalar'
        ? createVariableExpression(value.variable)
        : createArrayRead(value.array, [createConstant(value.index, intType)]);
    const differences = fitNewton(
      runs.map((run) => run[index]!),
      degree,
    );
    if (differences === undefined) return;
    facts.push(createAssert(closedForm(read, shape.size, lowest, differences, degree), location));
    while (differences.length > 1 && differences[differences.length - 1] === 0n) differences.pop();
    keys.push(`${index}:${differences.join(',')}`);
  });
  if (facts.length === 0) return undefined;
  const body = [...program.body.slice(0, position), ...facts, ...program.body.slice(position)];
  return {
    program: createProgram(program.file, program.scalars, program.arrays, body, program.dataModel),
    facts: facts.map((fact) => describe((fact as Statement & { kind: 'assert' }).condition)),
    key: keys.join(';'),
  };
}
