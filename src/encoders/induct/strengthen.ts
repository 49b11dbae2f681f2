// Strengthening of `induct` (issue 12, step 6): when the step fails, the property ψ(N) is often too
// weak to be inductive: `a[i] == N` after `a[i] = sum` needs `sum == N` for N − 1 as well. We guess
// the missing facts as closed forms of the final values in N: every scalar the middle writes and
// every cell it writes at a constant index, run on P(N) for four small sizes (one symbolic run each,
// every loop unrolled, values from a solver model), fitted by a polynomial of degree ≤ 2 in N
// (three sizes) and kept when the fourth size agrees.
//
// The facts become assertions inserted before Post, so the strengthened program has the same runs
// and more assertions: if it is SAFE, so is the original (soundness does not depend on the guess).
// A wrong guess only makes the strengthened proof fail; its failures are never reported as bugs
// of the original unless they replay on the original (index.ts).

import { pointwiseHook } from './pointwise.js';
import { createArrayRead, createAssert, createAssign, createBinary, createConstant, createProgram, createVariableExpression, intType } from '../../ir/factory.js';
import type { ArrayVariable, Expression, Program, ScalarVariable, Statement } from '../../ir/types.js';
import { flattenStatements, writtenVariables } from '../../ir/visit.js';
import { constantOf } from '../../analysis/induction.js';
import { createSmtScript, equal, intConstant, intSort, select, trueTerm, type FunctionDeclaration } from '../../smt/terms.js';
import type { Solver } from '../../solvers/solver.js';
import { ExpressionTranslator } from '../common/expressions.js';
import { SymbolicExecutor, type Path } from '../common/ssa.js';
import { collectVariables } from '../common/variables.js';
import type { Budget } from '../kernel/budget.js';
import { fitQuadratic } from './fit-relations.js';
import type { InductionShape } from './shape.js';

/** sizes sampled: the least allowed one and the next three */
const sampledSizes = 4;

/** a run longer than this many loop iterations in all is not unrolled for sampling */
const maximumUnrolledIterations = 400n;

type Observed = { readonly kind: 'scalar'; readonly variable: ScalarVariable } | { readonly kind: 'cell'; readonly array: ArrayVariable; readonly index: bigint };

/** what the middle writes: scalars (loop counters aside) and cells at constant indices of one-dimensional arrays */
function observedValues(shape: InductionShape): Observed[] {
  const observed: Observed[] = [];
  const blocks = shape.middle.map((element) => (element.kind === 'loop' ? element.body : element.statements));
  for (const variable of writtenVariables(...blocks).scalars.values()) {
    const innerCounter = [...shape.innerLoops.values()].some((counter) => counter.id === variable.id);
    if (!shape.counters.has(variable.id) && !shape.tainted.has(variable.id) && !innerCounter) observed.push({ kind: 'scalar', variable });
  }
  const cells = new Map<string, Observed>();
  for (const statement of blocks.flatMap((block) => flattenStatements(block))) {
    if (statement.kind !== 'arrayWrite' || statement.indices.length !== 1) continue;
    const index = constantOf(statement.indices[0]!);
    if (index !== undefined) cells.set(`${statement.array.id}:${index}`, { kind: 'cell', array: statement.array, index });
  }
  return [...observed, ...cells.values()];
}

/** P(size) run symbolically from the interpreter's initial state, every loop unrolled: the observed values at the end of the middle */
async function sample(program: Program, shape: InductionShape, size: bigint, observed: readonly Observed[], solver: Solver, budget: Budget): Promise<bigint[] | undefined> {
  const executor = new SymbolicExecutor(program, collectVariables(program), new ExpressionTranslator('int'), {
    inlineLimit: 0, namePrefix: '', exactDivision: true, loop: pointwiseHook(shape.innerLoops),
  });
  const functions = new Map<string, FunctionDeclaration>();
  executor.useUninterpretedFunctions(functions);
  let path: Path | undefined = executor.executeBlock(shape.pre, { guard: trueTerm, state: executor.initialState() }).normal;
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
      const value = element.direction === 'up' ? element.start + element.step * iteration : size + element.downFrom - iteration;
      const counter = createAssign(element.counter, createConstant(value, element.counter.type), element.loop.location);
      path = executor.executeBlock([counter, ...element.body, ...element.update], path).normal;
    }
  }
  if (path === undefined) return undefined;
  executor.assume(path.guard);
  const state = path.state;
  // each value through a constant: get-value takes no term with a quantifier (an inner loop's λ)
  const terms = observed.map((value) => {
    const term = value.kind === 'scalar' ? state.scalars.get(value.variable.id)! : select(state.arrays.get(value.array.id)!, intConstant(value.index));
    const named = executor.fresh('observed', intSort);
    executor.definitions.push(equal(named, term));
    return named;
  });
  const script = createSmtScript({
    headerComments: [`induct: one run of the program for N = ${size} (to guess facts that strengthen the property)`],
    logic: 'ALL', constants: executor.constants, functions: [...functions.values()],
    assertions: executor.definitions.map((term) => ({ term })),
  });
  const result = await solver.checkScript(script, { timeoutMilliseconds: budget.solverTimeout(2000), valuesOf: terms });
  if (result.kind !== 'sat' || result.values === undefined) return undefined;
  return result.values.map((value) => (value.kind === 'integer' ? value.value : 0n));
}

/** 2·v == 2·v(l) + 2·c1·(N − l) + c2·(N − l)(N − l − 1), or undefined when the samples are not such a polynomial */
function closedForm(read: Expression, size: ScalarVariable, lowest: bigint, samples: readonly bigint[]): Expression | undefined {
  const fitted = fitQuadratic(samples);
  if (fitted === undefined) return undefined;
  const first = samples[0]!;
  const { linear, quadratic } = fitted;
  const constant = (value: bigint): Expression => createConstant(value, intType);
  const distance = createBinary('subtract', createVariableExpression(size), constant(lowest), intType);
  let value: Expression = constant(2n * first);
  if (linear !== 0n) value = createBinary('add', value, createBinary('multiply', constant(2n * linear), distance, intType), intType);
  if (quadratic !== 0n) {
    const product = createBinary('multiply', distance, createBinary('subtract', distance, constant(1n), intType), intType);
    value = createBinary('add', value, createBinary('multiply', constant(quadratic), product, intType), intType);
  }
  return createBinary('equal', createBinary('multiply', constant(2n), read, intType), value, intType);
}

export interface Strengthened {
  readonly program: Program;
  /** the facts, as C-like text */
  readonly facts: readonly string[];
}

/** the program with the guessed facts asserted before Post, or undefined when nothing was guessed */
export async function strengthenedProgram(program: Program, shape: InductionShape, lowest: bigint, solver: Solver, budget: Budget, describe: (expression: Expression) => string): Promise<Strengthened | undefined> {
  const observed = observedValues(shape);
  if (observed.length === 0) return undefined;
  const iterations = shape.middle.reduce((total, element) => total + (element.kind === 'loop' ? element.perSize * (lowest + BigInt(sampledSizes)) + element.iterationOffset : 0n), 0n);
  if (iterations > maximumUnrolledIterations) return undefined;
  const runs: bigint[][] = [];
  for (let offset = 0; offset < sampledSizes; offset++) {
    const values = await sample(program, shape, lowest + BigInt(offset), observed, solver, budget);
    if (values === undefined) return undefined;
    runs.push(values);
  }
  // the facts go just before Post (at the end when the assertions are all in the middle)
  const first = shape.post[0];
  const position = first === undefined ? program.body.length : program.body.indexOf(first.kind === 'check' ? first.statement : first.initialisation);
  if (position < 0) return undefined;
  const location = program.body[Math.min(position, program.body.length - 1)]?.location ?? { line: 0, column: 0 };
  const facts: Statement[] = [];
  observed.forEach((value, index) => {
    const read = value.kind === 'scalar' ? createVariableExpression(value.variable) : createArrayRead(value.array, [createConstant(value.index, intType)]);
    const fact = closedForm(read, shape.size, lowest, runs.map((run) => run[index]!));
    if (fact !== undefined) facts.push(createAssert(fact, location));
  });
  if (facts.length === 0) return undefined;
  const body = [...program.body.slice(0, position), ...facts, ...program.body.slice(position)];
  return {
    program: createProgram(program.file, program.scalars, program.arrays, body, program.dataModel),
    facts: facts.map((fact) => describe((fact as Statement & { kind: 'assert' }).condition)),
  };
}
