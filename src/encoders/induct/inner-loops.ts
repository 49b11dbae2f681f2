// Inner loops of `induct` replaced by their exact effect (nested loops). A loop nested in
// another loop's body,
//   j = s0; while (j < B) { S; j = j + c; }        (or j <= B, B > j, B >= j; c > 0 a constant)
// whose body S is straight-line code over scalars, becomes
//   j = s0; if (j < B) { M = ⌈(B − j) / c⌉; x_1' = f_1(M); …; x_k' = f_k(M); x_1 = x_1'; …; x_k = x_k' }
// where f_x(t) is the closed form of x after t iterations (src/analysis/closed-forms.ts: proven by
// construction or by the induction step, over the values before the loop) for every x the loop
// writes, the counter j included. Before that, a branch of S whose condition the loop does not
// change is taken out of the loop (`if (c) loop(S_then) else loop(S_else)`, each then summarised),
// and cells a[e] at one index e that the loop does not change are read into a scalar before the
// loop and written back after it. Loops are summarised innermost first, so a loop whose body held a
// summarised loop is summarised in turn (three levels of `s = s + 1`). Top-level loops are left alone.
// A branch on the counter against a value the loop does not change (`if (k < i)`) splits the loop
// there: j < min(B, at) with one branch, then the rest with the other, each summarised.
// The guard `if (j < B)` is left out when every closed form is exact from t = 0 (so M = 0 changes
// nothing) and M ≥ 0 at every entry: s0 a constant, B = v + d for an enclosing loop's counter v,
// which is at least its constant start in that loop's body (`for (k = 0; k < j; k++)` in `for (j = 0; …)`).
//
// Soundness: the rewrite keeps every run's final state, over the mathematical integers of
// `--semantics int` (the only semantics index.ts calls it for; written scalars must be signed, so
// no defined unsigned wrap-around is lost), because:
// - S and the bound are built of polynomial arithmetic, comparisons and logical operators over
//   scalars and the cells above: nothing in them can fail, block, choose or jump (no assertion,
//   assumption, havoc, call, break, continue, division by a variable, array access at a changing
//   index), so the loop is a deterministic function of its entry state that always terminates
//   (c > 0 and B fixed), running exactly M iterations when its condition holds at entry, else none;
// - the bound, a hoisted branch condition and a cell's index read nothing the loop writes, so they
//   have the same value at every iteration; a hoisted condition and the cell's index are evaluated
//   only when the loop runs at least once (inside `if (j < B)`), where the original evaluates them
//   too, at the same state, so the rewrite fails exactly when the original does (an index out of
//   bounds);
// - the closed forms are exact at every t ≥ 1 (both kinds of `ClosedForm`), and M ≥ 1 inside the
//   branch.
// So a run of the rewritten program fails an assertion if and only if the same choices fail one
// in the original: verdicts carry over, and counterexamples are replayed on the original anyway.

import {
  convertTo,
  createArrayRead,
  createArrayWrite,
  createAssign,
  createBinary,
  createConditional,
  createConstant,
  createIf,
  createProgram,
  createVariableExpression,
  intType,
  longLongType,
  updateLoop,
} from '../../ir/factory.js';
import type {
  ArrayVariable,
  Block,
  Expression,
  LoopStatement,
  Program,
  ScalarVariable,
  SourceLocation,
  Statement,
} from '../../ir/types.js';
import {
  containsJump,
  isVariableExpression,
  sameExpression,
  scalarsReadBy,
  someSubexpression,
  stripCasts,
  substituteScalar,
  visitExpressionChildren,
  writtenVariables,
} from '../../ir/visit.js';
import { computeClosedForms, type ClosedForm } from '../../analysis/closed-forms.js';
import { constantOf, incrementStep, splitCounterUpdate, variableOffset } from '../../analysis/induction-variables.js';
import {
  polynomialVariables,
  variablePolynomial,
  withCommonDenominator,
  type Polynomial,
} from '../../analysis/polynomial.js';
import { expressionPolynomial } from '../../analysis/path-polynomials.js';
import { mayFail } from './pointwise-loops.js';
import { FreshScalars } from './premises.js';

/** what became of the inner loops: the rewritten program and one line per summarised loop */
export interface InnerLoopSummaries {
  readonly program: Program;
  readonly summarised: readonly string[];
}

const iterationName = '#t';
const scalarKey = (variable: ScalarVariable): string => `v${variable.id}`;

/** the counting loop's counter, bound and step, when it has the form of the header */
interface InnerLoop {
  readonly counter: ScalarVariable;
  readonly bound: Expression;
  readonly inclusive: boolean;
  readonly step: bigint;
  readonly body: Block;
  readonly update: Statement;
}

function innerLoop(loop: LoopStatement, initialisation: Statement | undefined): InnerLoop | undefined {
  if (initialisation?.kind !== 'assign') return undefined;
  const condition = stripCasts(loop.condition);
  if (condition.kind !== 'binary') return undefined;
  const counter = initialisation.target;
  const isCounter = (expression: Expression): boolean => isVariableExpression(stripCasts(expression), counter);
  let bound: Expression;
  let inclusive: boolean;
  if ((condition.operator === 'less' || condition.operator === 'lessEqual') && isCounter(condition.left)) {
    bound = condition.right;
    inclusive = condition.operator === 'lessEqual';
  } else if (
    (condition.operator === 'greater' || condition.operator === 'greaterEqual') &&
    isCounter(condition.right)
  ) {
    bound = condition.left;
    inclusive = condition.operator === 'greaterEqual';
  } else {
    return undefined;
  }
  // `for (…; …; j = j + c)`, or `while (j < B) { …; j = j + c; }`
  const { body, update: updates } = splitCounterUpdate(loop, counter);
  const update = updates.length === 1 ? updates[0] : undefined;
  if (update?.kind !== 'assign' || update.target.id !== counter.id) return undefined;
  const step = incrementStep(counter, update.value, 'int');
  if (step === undefined || step <= 0n) return undefined;
  if (containsJump(loop.body, 'break') || containsJump(loop.body, 'continue')) return undefined;
  // the count M assumes the counter moves by the update alone
  if (writtenVariables(body).scalars.has(counter.id)) return undefined;
  return { counter, bound, inclusive, step, body, update };
}

/** built of constants, scalars and operators that cannot fail (no array read, no division by a variable) */
function cannotFail(expression: Expression): boolean {
  return !someSubexpression(expression, (inner) => inner.kind === 'arrayRead') && !mayFail(expression);
}

/** a polynomial over the program's scalars (`v<id>`) and M as an expression of type long long */
function polynomialExpression(polynomial: Polynomial, variables: ReadonlyMap<string, Expression>): Expression {
  const { numerator, denominator } = withCommonDenominator(polynomial);
  const type = longLongType;
  const terms = numerator.monomials.map((monomial) => {
    const factors: Expression[] = [];
    for (const [name, power] of monomial.powers)
      for (let count = 0; count < power; count++) factors.push(variables.get(name)!);
    const coefficient = monomial.coefficient.numerator;
    if (factors.length === 0) return createConstant(coefficient, type);
    const product = factors
      .map((factor) => convertTo(factor, type))
      .reduce((left, right) => createBinary('multiply', left, right, type));
    return coefficient === 1n ? product : createBinary('multiply', createConstant(coefficient, type), product, type);
  });
  const sum =
    terms.length === 0
      ? createConstant(0n, type)
      : terms.reduce((left, right) => createBinary('add', left, right, type));
  return denominator === 1n ? sum : createBinary('divide', sum, createConstant(denominator, type), type);
}

/** the cells a[e] of the body with one index that the loop does not change (scalars in the summary) */
function invariantCells(
  body: Block,
  loopWrites: ReadonlySet<number>,
): Map<number, { array: ArrayVariable; index: Expression }> | undefined {
  const cells = new Map<number, { array: ArrayVariable; index: Expression }>();
  let consistent = true;
  const note = (array: ArrayVariable, indices: readonly Expression[]): void => {
    const index = indices[0]!;
    const known = cells.get(array.id);
    const invariant =
      indices.length === 1 && cannotFail(index) && ![...scalarsReadBy(index).keys()].some((id) => loopWrites.has(id));
    if (!invariant || (known !== undefined && !sameExpression(known.index, index))) consistent = false;
    else cells.set(array.id, { array, index });
  };
  const visitExpression = (expression: Expression): void => {
    someSubexpression(expression, (inner) => {
      if (inner.kind === 'arrayRead') {
        if (inner.indices.some((index) => someSubexpression(index, (nested) => nested.kind === 'arrayRead')))
          consistent = false;
        note(inner.array, inner.indices);
      }
      return false;
    });
  };
  for (const statement of body) {
    switch (statement.kind) {
      case 'assign':
        visitExpression(statement.value);
        break;
      case 'arrayWrite':
        note(statement.array, statement.indices);
        visitExpression(statement.value);
        break;
      default:
        return undefined;
    }
  }
  return consistent ? cells : undefined;
}

/** `body` with each cell replaced by its scalar */
function withCellScalars(body: Block, scalars: ReadonlyMap<number, ScalarVariable>): Statement[] {
  const replace = (expression: Expression): Expression =>
    expression.kind === 'arrayRead' && scalars.has(expression.array.id)
      ? createVariableExpression(scalars.get(expression.array.id)!)
      : visitExpressionChildren(expression, replace);
  return body.map((statement) => {
    if (statement.kind === 'arrayWrite')
      return createAssign(scalars.get(statement.array.id)!, replace(statement.value), statement.location);
    if (statement.kind === 'assign')
      return createAssign(statement.target, replace(statement.value), statement.location);
    return statement;
  });
}

/**
 * a summary: the statements to run when the loop runs at least once; `total`: they are right for
 * zero iterations too (every closed form is exact from t = 0, no cell is read into a scalar)
 */
interface Summary {
  readonly statements: Statement[];
  readonly total: boolean;
}

/** the summary of a straight-line body (see the header), or undefined */
function summariseStraight(
  loop: InnerLoop,
  body: Block,
  where: LoopStatement,
  temporaries: FreshScalars,
): Summary | undefined {
  const written = writtenVariables(body, [loop.update]);
  if (
    written.arrays.size > 0 &&
    body.some((statement) => statement.kind === 'arrayWrite' && statement.indices.length !== 1)
  )
    return undefined;
  const cells = invariantCells(body, new Set(written.scalars.keys()));
  if (cells === undefined) return undefined;
  const cellScalars = new Map<number, ScalarVariable>();
  for (const { array } of cells.values())
    cellScalars.set(array.id, temporaries.make(`inner.${array.sourceName}_cell`, array.elementType, true));
  const scalarBody = withCellScalars(body, cellScalars);
  // the transition: each written scalar's value after one iteration, over the values before it
  const values = new Map<number, Polynomial | undefined>();
  const variables = new Map<number, ScalarVariable>();
  for (const statement of [...scalarBody, loop.update]) {
    if (statement.kind !== 'assign' || !statement.target.type.signed || !cannotFail(statement.value)) return undefined;
    const lookup = (variable: ScalarVariable): Polynomial | undefined =>
      values.has(variable.id) ? values.get(variable.id) : variablePolynomial(scalarKey(variable));
    values.set(statement.target.id, expressionPolynomial(statement.value, lookup, 'int', []));
    variables.set(statement.target.id, statement.target);
  }
  const updates = new Map([...values].map(([id, value]) => [scalarKey(variables.get(id)!), value]));
  const forms = computeClosedForms({ updates }, { iterationVariable: iterationName, maximumDegree: 4 });
  const location = where.location;
  // M = ⌈(B − j + [inclusive]) / c⌉, with B − j + [inclusive] ≥ 1 inside the branch (written into each form)
  const distance = createBinary(
    'add',
    createBinary(
      'subtract',
      convertTo(loop.bound, longLongType),
      convertTo(createVariableExpression(loop.counter), longLongType),
      longLongType,
    ),
    createConstant((loop.inclusive ? 1n : 0n) + loop.step - 1n, longLongType),
    longLongType,
  );
  const iterations =
    loop.step === 1n
      ? distance
      : createBinary('divide', distance, createConstant(loop.step, longLongType), longLongType);
  const names = new Map<string, Expression>([[iterationName, iterations]]);
  const collect = (expression: Expression): void => {
    for (const variable of scalarsReadBy(expression).values())
      names.set(scalarKey(variable), createVariableExpression(variable));
  };
  collect(loop.bound);
  for (const statement of scalarBody) if (statement.kind === 'assign') collect(statement.value);
  for (const variable of variables.values()) names.set(scalarKey(variable), createVariableExpression(variable));
  const assignments = orderedAssignments([...variables.values()], forms, loop.counter, names, temporaries, location);
  if (assignments === undefined) return undefined;
  const total = cells.size === 0 && [...forms.values()].every((form) => form.kind === 'polynomial');
  const cellReads: Statement[] = [];
  const cellWrites: Statement[] = [];
  for (const { array, index } of cells.values()) {
    const scalar = cellScalars.get(array.id)!;
    cellReads.push(createAssign(scalar, createArrayRead(array, [index]), location));
    if (written.arrays.has(array.id))
      cellWrites.push(createArrayWrite(array, [index], createVariableExpression(scalar), location));
  }
  return { statements: [...cellReads, ...assignments, ...cellWrites], total };
}

/**
 * the assignments x = f_x(M) of the written scalars, each made after every form that reads the old
 * x (the counter, read by M, comes late); a cycle of such reads goes through a temporary
 */
function orderedAssignments(
  variables: readonly ScalarVariable[],
  forms: ReadonlyMap<string, ClosedForm>,
  counter: ScalarVariable,
  names: ReadonlyMap<string, Expression>,
  temporaries: FreshScalars,
  location: SourceLocation,
): Statement[] | undefined {
  const values = new Map<number, Polynomial>();
  for (const variable of variables) {
    const form = forms.get(scalarKey(variable));
    if (form === undefined || form.kind === 'undefined') return undefined;
    values.set(variable.id, form.value);
  }
  /** the written scalars whose old value the form of `variable` reads */
  const reads = (variable: ScalarVariable): ScalarVariable[] => {
    const read = polynomialVariables(values.get(variable.id)!);
    return variables.filter(
      (other) =>
        other.id !== variable.id &&
        (read.has(scalarKey(other)) || (other.id === counter.id && read.has(iterationName))),
    );
  };
  const pending = [...variables];
  const statements: Statement[] = [];
  const late: Statement[] = [];
  while (pending.length > 0) {
    const free = pending.findIndex(
      (variable) =>
        !pending.some((other) => other !== variable && reads(other).some((read) => read.id === variable.id)),
    );
    const variable = pending.splice(Math.max(free, 0), 1)[0]!;
    const value = polynomialExpression(values.get(variable.id)!, names);
    if (free >= 0) {
      statements.push(createAssign(variable, convertTo(value, variable.type), location));
      continue;
    }
    // a cycle: the new value waits in a temporary until every form has read the old one
    const temporary = temporaries.make(`inner.${variable.sourceName}_next`, longLongType, true);
    statements.push(createAssign(temporary, value, location));
    late.push(createAssign(variable, convertTo(createVariableExpression(temporary), variable.type), location));
  }
  return [...statements, ...late];
}

/**
 * the summary of the loop's body from the loop's entry (the statements to run when its condition
 * holds there): invariant branches hoisted first, then the straight-line summary
 */
function summariseBody(
  loop: InnerLoop,
  body: Block,
  where: LoopStatement,
  temporaries: FreshScalars,
  depth: number,
): Summary | undefined {
  const branchAt = body.findIndex((statement) => statement.kind === 'if');
  if (branchAt < 0) return summariseStraight(loop, body, where, temporaries);
  const branch = body[branchAt] as Statement & { kind: 'if' };
  const written = writtenVariables(body, [loop.update]);
  const invariant =
    cannotFail(branch.condition) && ![...scalarsReadBy(branch.condition).keys()].some((id) => written.scalars.has(id));
  if (depth > 3) return undefined;
  const before = body.slice(0, branchAt);
  const after = body.slice(branchAt + 1);
  if (!invariant) {
    const threshold = thresholdOf(branch.condition, loop.counter, written.scalars);
    return threshold === undefined
      ? undefined
      : splitAtThreshold(
          loop,
          threshold,
          [...before, ...branch.then, ...after],
          [...before, ...branch.else, ...after],
          where,
          temporaries,
          depth,
        );
  }
  const then = summariseBody(loop, [...before, ...branch.then, ...after], where, temporaries, depth + 1);
  const otherwise =
    then === undefined
      ? undefined
      : summariseBody(loop, [...before, ...branch.else, ...after], where, temporaries, depth + 1);
  if (then === undefined || otherwise === undefined) return undefined;
  return {
    statements: [createIf(branch.condition, then.statements, otherwise.statements, branch.location)],
    total: then.total && otherwise.total,
  };
}

/** a branch on the counter against a value the loop does not change: its then-branch runs for j < at (`below`) or j >= at */
interface Threshold {
  readonly then: 'below' | 'above';
  readonly at: Expression;
}

function thresholdOf(
  condition: Expression,
  counter: ScalarVariable,
  written: ReadonlyMap<number, ScalarVariable>,
): Threshold | undefined {
  const stripped = stripCasts(condition);
  if (stripped.kind !== 'binary') return undefined;
  const isCounter = (expression: Expression): boolean => isVariableExpression(stripCasts(expression), counter);
  const plain = (expression: Expression): boolean =>
    cannotFail(expression) && ![...scalarsReadBy(expression).keys()].some((id) => written.has(id));
  const wide = (expression: Expression): Expression => convertTo(expression, longLongType);
  const plusOne = (expression: Expression): Expression =>
    createBinary('add', wide(expression), createConstant(1n, longLongType), longLongType);
  // j op e, or e op j read the other way round
  const turned: Readonly<Record<string, string>> = {
    less: 'greater',
    lessEqual: 'greaterEqual',
    greater: 'less',
    greaterEqual: 'lessEqual',
  };
  let operator: string = stripped.operator;
  let other: Expression;
  if (isCounter(stripped.left) && plain(stripped.right)) other = stripped.right;
  else if (isCounter(stripped.right) && plain(stripped.left) && turned[operator] !== undefined) {
    other = stripped.left;
    operator = turned[operator]!;
  } else return undefined;
  switch (operator) {
    case 'less':
      return { then: 'below', at: wide(other) };
    case 'lessEqual':
      return { then: 'below', at: plusOne(other) };
    case 'greater':
      return { then: 'above', at: plusOne(other) };
    case 'greaterEqual':
      return { then: 'above', at: wide(other) };
    default:
      return undefined;
  }
}

/**
 * `while (j < B) { if (j < at) S1 else S2 }` as two loops run one after the other: j from its value
 * while j < min(B, at) with S1, then on while j < B with S2 (every j of the second is at least at:
 * the first stopped at at or beyond, or did not run because j was at least at already). Each is
 * summarised under its own guard, so the whole is right for zero iterations too.
 */
function splitAtThreshold(
  loop: InnerLoop,
  threshold: Threshold,
  thenBody: Block,
  elseBody: Block,
  where: LoopStatement,
  temporaries: FreshScalars,
  depth: number,
): Summary | undefined {
  const bound = loop.inclusive
    ? createBinary('add', convertTo(loop.bound, longLongType), createConstant(1n, longLongType), longLongType)
    : convertTo(loop.bound, longLongType);
  const split = createConditional(
    createBinary('less', bound, threshold.at, intType),
    bound,
    threshold.at,
    longLongType,
  );
  const [lowBody, highBody] = threshold.then === 'below' ? [thenBody, elseBody] : [elseBody, thenBody];
  const low = summariseBody({ ...loop, bound: split, inclusive: false }, lowBody, where, temporaries, depth + 1);
  const high =
    low === undefined
      ? undefined
      : summariseBody({ ...loop, bound, inclusive: false }, highBody, where, temporaries, depth + 1);
  if (low === undefined || high === undefined) return undefined;
  const counter = convertTo(createVariableExpression(loop.counter), longLongType);
  return {
    statements: [
      createIf(createBinary('less', counter, split, intType), low.statements, [], where.location),
      createIf(createBinary('less', counter, bound, intType), high.statements, [], where.location),
    ],
    total: true,
  };
}

/**
 * the loop preceded by `initialisation`, summarised (the statements replacing the loop), or
 * undefined. `lowerBounds`: the least values of the enclosing loops' counters (in their bodies);
 * with them a count B − s0 ≥ 0 is known and a total summary needs no guard (`for (k = 0; k < j; k++)`
 * inside `for (j = 0; …)`), which keeps the enclosing loop's body straight for its own summary
 */
function summariseLoop(
  loop: LoopStatement,
  initialisation: Statement | undefined,
  temporaries: FreshScalars,
  lowerBounds: ReadonlyMap<number, bigint>,
): Statement[] | undefined {
  const inner = innerLoop(loop, initialisation);
  if (inner === undefined || !inner.counter.type.signed) return undefined;
  const written = writtenVariables(inner.body, [inner.update]);
  if (!cannotFail(inner.bound) || [...scalarsReadBy(inner.bound).keys()].some((id) => written.scalars.has(id)))
    return undefined;
  const summary = summariseBody(inner, inner.body, loop, temporaries, 0);
  if (summary === undefined) return undefined;
  // the condition at entry, right after `j = s0`: with s0 for j when s0 cannot fail (`0 < N`, which an
  // enclosing loop's summary sees as invariant)
  const start = (initialisation as Statement & { kind: 'assign' }).value;
  if (summary.total && countNeverNegative(inner, start, lowerBounds)) return summary.statements;
  const entry = cannotFail(start) ? substituteScalar(loop.condition, inner.counter, start) : loop.condition;
  return [createIf(entry, summary.statements, [], loop.location)];
}

/** B − s0 + [inclusive] ≥ 0 at every entry: s0 a constant, B = v + d with v an enclosing counter of least value L, L + d + [inclusive] ≥ s0 */
function countNeverNegative(loop: InnerLoop, start: Expression, lowerBounds: ReadonlyMap<number, bigint>): boolean {
  const first = constantOf(start);
  const read = [...scalarsReadBy(loop.bound).values()];
  const variable = read.length === 1 ? read[0]! : undefined;
  const offset = variable === undefined ? undefined : variableOffset(loop.bound, variable);
  const least = variable === undefined ? undefined : lowerBounds.get(variable.id);
  return (
    first !== undefined &&
    offset !== undefined &&
    least !== undefined &&
    least + offset + (loop.inclusive ? 1n : 0n) >= first
  );
}

function rewriteBlock(
  block: Block,
  depth: number,
  temporaries: FreshScalars,
  summarised: string[],
  lowerBounds: ReadonlyMap<number, bigint>,
): Block {
  const result: Statement[] = [];
  let changed = false;
  for (const statement of block) {
    if (statement.kind === 'if') {
      const then = rewriteBlock(statement.then, depth, temporaries, summarised, lowerBounds);
      const otherwise = rewriteBlock(statement.else, depth, temporaries, summarised, lowerBounds);
      const updated =
        then === statement.then && otherwise === statement.else
          ? statement
          : createIf(statement.condition, then, otherwise, statement.location);
      changed ||= updated !== statement;
      result.push(updated);
      continue;
    }
    if (statement.kind !== 'loop') {
      result.push(statement);
      continue;
    }
    // in the body of `c = s; while (c < B) { …; c = c + step; }` (step > 0, the body leaves c alone), c ≥ s
    const counting = innerLoop(statement, result[result.length - 1]);
    const least =
      counting === undefined
        ? undefined
        : constantOf((result[result.length - 1] as Statement & { kind: 'assign' }).value);
    const inside =
      counting === undefined || least === undefined
        ? lowerBounds
        : new Map(lowerBounds).set(counting.counter.id, least);
    const body = rewriteBlock(statement.body, depth + 1, temporaries, summarised, inside);
    const loop = updateLoop(statement, statement.condition, body, statement.update);
    const summary = depth === 0 ? undefined : summariseLoop(loop, result[result.length - 1], temporaries, lowerBounds);
    if (summary === undefined) {
      changed ||= loop !== statement;
      result.push(loop);
      continue;
    }
    summarised.push(
      `inner loop at ${statement.location.line}:${statement.location.column}: replaced by the closed forms of what it writes`,
    );
    result.push(...summary);
    changed = true;
  }
  return changed ? result : block;
}

/** the program with its summarisable inner loops replaced (see the header); the program itself when none is */
export function summariseInnerLoops(program: Program): InnerLoopSummaries {
  const temporaries = new FreshScalars(program);
  const summarised: string[] = [];
  const body = rewriteBlock(program.body, 0, temporaries, summarised, new Map());
  if (body === program.body) return { program, summarised };
  return {
    program: createProgram(
      program.file,
      [...program.scalars, ...temporaries.created],
      program.arrays,
      body,
      program.dataModel,
    ),
    summarised,
  };
}
