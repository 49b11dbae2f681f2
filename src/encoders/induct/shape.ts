// The shape of a program that `induct` proves by induction on its size parameter N:
//
//   Pre(N); E_1; …; E_r; Post(N)
//
// - Pre: the top-level statements before the first counting loop. N is a scalar that Pre havocs
//   once and nothing else writes; Pre's assumptions either read N alone (the precondition φ(N)) or
//   do not read N. Variables Pre computes from N (a VLA's frozen size, a cell x[0] = N) are
//   "tainted". When the middle reads N or a tainted variable, or Post a tainted one, the peels
//   cannot be moved (P(N)'s middle is not P(N − 1)'s): the step goes through difference relations
//   (lockstep.ts), which run Pre on both sides.
// - E_i: straight-line statements (no loops, no jumps), or counting loops
//   `c = a; while (c < k·s·N + d) { B } update { c = c + s }` with a, d constants, s > 0, B loop-free
//   and without jumps, B not writing c, s·k = the scale of N: the loop runs n(N) = k·N + e
//   iterations, e = ceil((d − a) / s), and P(N)'s loop is P(N−1)'s loop plus its last k iterations.
// - Post: only assertions: plain asserts, conditionals around asserts, and assertion loops (counting
//   loops whose body writes nothing). Post is the property ψ(N).
// Loop counters are local to their loops: each counter is written only by its loop's initialisation
// and update, and read only inside its own loop. So their values between loops are dead, and the
// proof may compare states without them (premises.ts).
//
// Everything here is syntactic and conservative: a program outside the shape is UNKNOWN
// ('unsupported') with the reason and location.

import { constantOf, incrementStep, splitCounterUpdate } from '../../analysis/induction-variables.js';
import type {
  Block,
  Expression,
  LoopStatement,
  Program,
  ScalarVariable,
  SourceLocation,
  Statement,
} from '../../ir/types.js';
import {
  arrayAccessesIn,
  arrayReadsOf,
  containsJump,
  expressionsOf,
  flattenStatements,
  forEachStatement,
  scalarsReadBy,
  scalarsReadIn,
  stripCasts,
  writtenVariables,
} from '../../ir/visit.js';
import { mayFail, pointwiseLoop } from './pointwise-loops.js';
import { updateIf } from '../../ir/factory.js';

/** a loop running n(N) = N + offset iterations, the counter from `start` in steps of `step` */
export interface CountingLoop {
  readonly kind: 'loop';
  readonly loop: LoopStatement;
  readonly counter: ScalarVariable;
  readonly start: bigint;
  readonly step: bigint;
  /** the bound is step·N + boundOffset (the condition `counter < bound`) */
  readonly boundOffset: bigint;
  /** n(N) = perSize·N + iterationOffset */
  readonly iterationOffset: bigint;
  /** iterations per unit of N (the bound's scale over the step): the peel is this many iterations */
  readonly perSize: bigint;
  /** the statement `counter = start` just before the loop */
  readonly initialisation: Statement;
  /** the loop's body and its update (an increment at the end of the body counts as the update) */
  readonly body: Block;
  readonly update: Block;
  /**
   * `up`: c = start; c < bound; c += step — P(N) adds its last iterations to P(N − 1)'s.
   * `down`: c = N + downFrom; c >= start; c -= 1 — P(N) adds its FIRST iteration (c = N + downFrom)
   * to P(N − 1)'s, which must then commute with the loop's own later iterations too.
   */
  readonly direction: 'up' | 'down';
  readonly downFrom: bigint;
  /** the counters of the pointwise inner loops of the body (pointwise-loops.ts), by loop id */
  readonly innerLoops: ReadonlyMap<number, ScalarVariable>;
}

export type MiddleElement = CountingLoop | { readonly kind: 'straight'; readonly statements: Block };

export type PostElement =
  { readonly kind: 'check'; readonly statement: Statement } | (CountingLoop & { readonly kind: 'loop' });

export interface InductionShape {
  readonly size: ScalarVariable;
  readonly pre: Block;
  /** Pre's assumptions that read N: the precondition φ(N) */
  readonly precondition: readonly Expression[];
  readonly middle: readonly MiddleElement[];
  readonly post: readonly PostElement[];
  /** the counters of every counting loop */
  readonly counters: ReadonlyMap<number, ScalarVariable>;
  /** N and the variables Pre computes from N */
  readonly tainted: ReadonlyMap<number, ScalarVariable>;
  /**
   * the middle reads N or what Pre computes from it (scalars, or arrays Pre writes from N), or Post
   * reads the latter: P(N)'s middle is not P(N − 1)'s plus peels, difference relations are needed
   */
  readonly middleReadsSize: boolean;
  /** the counters of every pointwise inner loop, by loop id (empty: no nested loop) */
  readonly innerLoops: ReadonlyMap<number, ScalarVariable>;
}

export type ShapeResult =
  | { readonly kind: 'shape'; readonly shape: InductionShape }
  | { readonly kind: 'outOfShape'; readonly reason: string; readonly location?: SourceLocation };

function outOfShape(reason: string, location?: SourceLocation): ShapeResult {
  return location === undefined ? { kind: 'outOfShape', reason } : { kind: 'outOfShape', reason, location };
}

/** `s·N + d` (s > 0) as {scale, offset}, or undefined */
export function linearInSize(
  expression: Expression,
  size: ScalarVariable,
): { scale: bigint; offset: bigint } | undefined {
  const stripped = stripCasts(expression);
  if (stripped.kind === 'variable') return stripped.variable.id === size.id ? { scale: 1n, offset: 0n } : undefined;
  if (stripped.kind !== 'binary') return undefined;
  const left = stripped.left;
  const right = stripped.right;
  switch (stripped.operator) {
    case 'add': {
      const constant = constantOf(right);
      const inner = constant === undefined ? undefined : linearInSize(left, size);
      if (inner !== undefined && constant !== undefined) return { scale: inner.scale, offset: inner.offset + constant };
      const first = constantOf(left);
      const other = first === undefined ? undefined : linearInSize(right, size);
      return other !== undefined && first !== undefined
        ? { scale: other.scale, offset: other.offset + first }
        : undefined;
    }
    case 'subtract': {
      const constant = constantOf(right);
      const inner = constant === undefined ? undefined : linearInSize(left, size);
      return inner !== undefined && constant !== undefined
        ? { scale: inner.scale, offset: inner.offset - constant }
        : undefined;
    }
    case 'multiply': {
      const factor = constantOf(left) ?? constantOf(right);
      const inner = constantOf(left) !== undefined ? linearInSize(right, size) : linearInSize(left, size);
      return inner !== undefined && factor !== undefined && factor > 0n && inner.offset === 0n
        ? { scale: inner.scale * factor, offset: 0n }
        : undefined;
    }
    default:
      return undefined;
  }
}

function ceilingDivision(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return quotient * denominator < numerator ? quotient + 1n : quotient;
}

/** body and update, an increment or decrement of `counter` at the end of the body counting as the update */

/** the pointwise inner loops of the body (pointwise-loops.ts) with their counters, or why a nested loop is not one */
function innerLoopsOf(body: Block, counter: ScalarVariable, found: Map<number, ScalarVariable>): string | undefined {
  for (const [index, statement] of body.entries()) {
    if (statement.kind === 'if') {
      const problem = innerLoopsOf(statement.then, counter, found) ?? innerLoopsOf(statement.else, counter, found);
      if (problem !== undefined) return problem;
    }
    if (statement.kind !== 'loop') continue;
    const inner = pointwiseLoop(statement, body[index - 1]);
    if (typeof inner === 'string')
      return `the inner loop at ${statement.location.line}:${statement.location.column} is not supported: ${inner}`;
    if (inner.counter.id === counter.id) return 'the inner loop reuses the outer counter';
    found.set(statement.id, inner.counter);
  }
  return undefined;
}

function bodyProblem(
  body: Block,
  counter: ScalarVariable,
  innerLoops: Map<number, ScalarVariable>,
): string | undefined {
  const problem = innerLoopsOf(body, counter, innerLoops);
  if (problem !== undefined) return problem;
  // breaks and continues of the inner loops were refused there
  if (containsJump(body, 'break') || containsJump(body, 'continue')) return 'the loop body has break or continue';
  if (writtenVariables(body).scalars.has(counter.id)) return 'the body writes the counter';
  return undefined;
}

function typeProblem(counter: ScalarVariable, size: ScalarVariable): string | undefined {
  // casts are looked through: only value-preserving ones are allowed: a signed counter at least
  // int wide, and a size that fits in it (signed, or unsigned narrower than int)
  if (!counter.type.signed || counter.type.width < 32)
    return `the counter has type ${counter.type.name} (signed int or wider is supported)`;
  if (!size.type.signed && size.type.width >= 32)
    return `the size has type ${size.type.name} (signed, or unsigned narrower than int, is supported)`;
  return undefined;
}

/** `c = N + d; while (c > a) { B } c = c - 1` (or c >= a): a loop counting down from the size */
function decreasingLoop(
  loop: LoopStatement,
  counter: ScalarVariable,
  lowest: bigint,
  previous: Statement | undefined,
  size: ScalarVariable,
): CountingLoop | string {
  const types = typeProblem(counter, size);
  if (types !== undefined) return types;
  const { body, update } = splitCounterUpdate(loop, counter);
  const assignment = update.length === 1 ? update[0]! : undefined;
  if (assignment === undefined || assignment.kind !== 'assign' || assignment.target.id !== counter.id)
    return 'the update is not counter = counter - 1';
  if (incrementStep(counter, assignment.value, 'int') !== -1n) return 'a loop counting down must step by 1';
  if (previous === undefined || previous.kind !== 'assign' || previous.target.id !== counter.id)
    return 'the counter is not initialised just before the loop';
  const initial = linearInSize(previous.value, size);
  if (initial === undefined || initial.scale !== 1n)
    return `a loop counting down must start at ${size.sourceName} + a constant`;
  const innerLoops = new Map<number, ScalarVariable>();
  const problem = bodyProblem(body, counter, innerLoops);
  if (problem !== undefined) return problem;
  return {
    kind: 'loop',
    loop,
    counter,
    start: lowest,
    step: 1n,
    boundOffset: 0n,
    iterationOffset: initial.offset - lowest + 1n,
    perSize: 1n,
    initialisation: previous,
    body,
    update,
    direction: 'down',
    downFrom: initial.offset,
    innerLoops,
  };
}

/** the counting loop `loop` preceded by `previous`, or why not */
function countingLoop(
  loop: LoopStatement,
  previous: Statement | undefined,
  size: ScalarVariable,
): CountingLoop | string {
  const condition = stripCasts(loop.condition);
  if (condition.kind !== 'binary') return 'the loop condition is not a comparison with the size';
  // c > a, c >= a, a < c, a <= c with a constant: counting down
  const left = stripCasts(condition.left);
  const right = stripCasts(condition.right);
  if (
    (condition.operator === 'greater' || condition.operator === 'greaterEqual') &&
    left.kind === 'variable' &&
    constantOf(right) !== undefined
  ) {
    return decreasingLoop(
      loop,
      left.variable,
      constantOf(right)! + (condition.operator === 'greater' ? 1n : 0n),
      previous,
      size,
    );
  }
  if (
    (condition.operator === 'less' || condition.operator === 'lessEqual') &&
    right.kind === 'variable' &&
    constantOf(left) !== undefined
  ) {
    return decreasingLoop(
      loop,
      right.variable,
      constantOf(left)! + (condition.operator === 'less' ? 1n : 0n),
      previous,
      size,
    );
  }
  let counterExpression: Expression;
  let bound: Expression;
  let inclusive = false;
  switch (condition.operator) {
    case 'less':
      counterExpression = condition.left;
      bound = condition.right;
      break;
    case 'lessEqual':
      counterExpression = condition.left;
      bound = condition.right;
      inclusive = true;
      break;
    case 'greater':
      counterExpression = condition.right;
      bound = condition.left;
      break;
    case 'greaterEqual':
      counterExpression = condition.right;
      bound = condition.left;
      inclusive = true;
      break;
    default:
      return 'the loop condition is not c < bound (decreasing loops are not supported yet)';
  }
  const counterStripped = stripCasts(counterExpression);
  if (counterStripped.kind !== 'variable') return 'the loop condition does not compare a counter';
  const counter = counterStripped.variable;
  const types = typeProblem(counter, size);
  if (types !== undefined) return types;
  const linear = linearInSize(bound, size);
  if (linear === undefined) return `the bound of the loop is not linear in ${size.sourceName}`;
  // `while (c < n) { …; c = c + 1; }`: the last statement of the body is the update
  const { body, update } = splitCounterUpdate(loop, counter);
  const assignment = update.length === 1 ? update[0]! : undefined;
  if (assignment === undefined || assignment.kind !== 'assign' || assignment.target.id !== counter.id)
    return 'the update is not counter = counter + step';
  const step = incrementStep(counter, assignment.value, 'int');
  if (step === undefined || step <= 0n)
    return 'the update is not counter = counter + step with a positive constant step';
  const perSize = linear.scale / step;
  if (linear.scale % step !== 0n || perSize > 4n)
    return `the loop runs ${linear.scale}/${step} iterations per unit of ${size.sourceName} (a whole number up to 4 is supported)`;
  if (previous === undefined || previous.kind !== 'assign' || previous.target.id !== counter.id)
    return 'the counter is not initialised just before the loop';
  const start = constantOf(previous.value);
  if (start === undefined) return 'the counter does not start at a constant';
  const boundOffset = linear.offset + (inclusive ? 1n : 0n);
  const innerLoops = new Map<number, ScalarVariable>();
  const problem = bodyProblem(body, counter, innerLoops);
  if (problem !== undefined) return problem;
  return {
    kind: 'loop',
    loop,
    counter,
    start,
    step,
    boundOffset,
    iterationOffset: ceilingDivision(boundOffset - start, step),
    perSize,
    initialisation: previous,
    body,
    update,
    direction: 'up',
    downFrom: 0n,
    innerLoops,
  };
}

/** the size parameter: a scalar havocked once at the top level, written nowhere else, in a loop bound */
export function findSize(program: Program): ScalarVariable | undefined {
  const body = program.body;
  /** the variable's one top-level havoc, with no other write except top-level assignments before it (dead initialisations) */
  const isSize = (variable: ScalarVariable): boolean => {
    const position = body.findIndex((statement) => statement.kind === 'havoc' && statement.target.id === variable.id);
    if (position < 0) return false;
    let writes = 0;
    body.forEach((statement, index) => {
      if (index < position && statement.kind === 'assign') return;
      forEachStatement([statement], (inner) => {
        if ((inner.kind === 'assign' || inner.kind === 'havoc') && inner.target.id === variable.id) writes++;
      });
    });
    return writes === 1;
  };
  for (const [index, statement] of body.entries()) {
    if (statement.kind !== 'loop') continue;
    const previous = body[index - 1];
    const initialisation =
      previous !== undefined && previous.kind === 'assign' ? [...scalarsReadBy(previous.value).values()] : [];
    for (const variable of [...scalarsReadBy(statement.condition).values(), ...initialisation])
      if (isSize(variable)) return variable;
  }
  return undefined;
}

/** Post: asserts (possibly under ifs) that write nothing, and assertion loops */
function isCheck(statement: Statement): boolean {
  if (statement.kind === 'assert') return true;
  if (statement.kind !== 'if') return false;
  const written = writtenVariables(statement.then, statement.else);
  return (
    written.scalars.size === 0 && written.arrays.size === 0 && [...statement.then, ...statement.else].every(isCheck)
  );
}

function isAssertionLoop(element: CountingLoop): boolean {
  const written = writtenVariables(element.body);
  return written.scalars.size === 0 && written.arrays.size === 0 && element.body.every(isCheck);
}

/** Splits the top level into Pre, the middle and Post, or says why the program is out of shape. */
export function detectShape(program: Program): ShapeResult {
  const size = findSize(program);
  if (size === undefined)
    return outOfShape('no size parameter: no scalar read once from a nondet call bounds a top-level loop');
  const body = program.body;
  const firstLoop = body.findIndex((statement) => statement.kind === 'loop');
  // Pre ends before the first loop's counter initialisation
  const pre = body.slice(0, Math.max(0, firstLoop - 1));
  if (!pre.some((statement) => statement.kind === 'havoc' && statement.target.id === size.id)) {
    return outOfShape(`${size.sourceName} is not read before the first loop`);
  }
  const elements: MiddleElement[] = [];
  let straight: Statement[] = [];
  for (let index = pre.length; index < body.length; index++) {
    const statement = body[index]!;
    const next = body[index + 1];
    if (next !== undefined && next.kind === 'loop') {
      const loop = countingLoop(next, statement, size);
      if (typeof loop === 'string') return outOfShape(loop, next.location);
      if (straight.length > 0) elements.push({ kind: 'straight', statements: straight });
      straight = [];
      elements.push(loop);
      index++;
      continue;
    }
    if (statement.kind === 'loop')
      return outOfShape('a loop without a counter initialised just before it', statement.location);
    if (
      flattenStatements([statement]).some(
        (inner) => inner.kind === 'loop' || inner.kind === 'break' || inner.kind === 'continue',
      )
    ) {
      return outOfShape('a loop or jump nested in a statement between the loops', statement.location);
    }
    straight.push(statement);
  }
  if (straight.length > 0) elements.push({ kind: 'straight', statements: straight });
  // Post: the longest suffix of checks and assertion loops
  let postStart = elements.length;
  while (postStart > 0) {
    const element = elements[postStart - 1]!;
    const check = element.kind === 'straight' ? element.statements.every(isCheck) : isAssertionLoop(element);
    if (!check) break;
    postStart--;
  }
  const middle = elements.slice(0, postStart);
  const post: PostElement[] = elements
    .slice(postStart)
    .flatMap((element) =>
      element.kind === 'straight'
        ? element.statements.map((statement): PostElement => ({ kind: 'check', statement }))
        : [element],
    );
  const middleAsserts = middle.some((element) =>
    flattenStatements(element.kind === 'loop' ? element.body : element.statements).some(
      (statement) => statement.kind === 'assert',
    ),
  );
  if (post.length === 0 && !middleAsserts) return outOfShape('no assertion in the program');
  return finishShape(size, pre, middle, post);
}

function finishShape(
  size: ScalarVariable,
  pre: Block,
  middle: readonly MiddleElement[],
  post: readonly PostElement[],
): ShapeResult {
  const tainted = new Map<number, ScalarVariable>([[size.id, size]]);
  const taintedArrays = new Set<number>();
  const readsTaint = (expressions: readonly Expression[]): boolean =>
    expressions.some(
      (expression) =>
        [...scalarsReadBy(expression).keys()].some((id) => tainted.has(id)) ||
        arrayReadsOf(expression).some((read) => taintedArrays.has(read.array.id)),
    );
  const precondition: Expression[] = [];
  for (const statement of pre) {
    if (statement.kind === 'assert') return outOfShape('an assertion before the loops', statement.location);
    // a computation from N that may be undefined (a division) would stop runs for some N that φ does not exclude
    if (readsTaint(expressionsOf(statement)) && expressionsOf(statement).some(mayFail)) {
      return outOfShape(`a division or shift computed from ${size.sourceName} before the loops`, statement.location);
    }
    if (statement.kind === 'assign' && readsTaint([statement.value]))
      tainted.set(statement.target.id, statement.target);
    if (
      (statement.kind === 'arrayWrite' && readsTaint([statement.value, ...statement.indices])) ||
      (statement.kind === 'arrayFill' && readsTaint([statement.value]))
    ) {
      taintedArrays.add(statement.array.id);
    }
    if (statement.kind === 'assume' && readsTaint([statement.condition])) {
      // an assumption on N alone is the precondition φ(N); one on what Pre computes from N would
      // block runs of P(N − 1) that φ does not tell of, and the induction hypothesis would be vacuous there
      const read = scalarsReadBy(statement.condition);
      if (
        !read.has(size.id) ||
        [...read.keys()].some((id) => id !== size.id) ||
        arrayReadsOf(statement.condition).length > 0
      ) {
        return outOfShape(
          `an assumption before the loops reads ${size.sourceName} with other variables, or what is computed from ${size.sourceName}`,
          statement.location,
        );
      }
      precondition.push(statement.condition);
    }
    if (statement.kind === 'if' && flattenStatements([statement]).some((inner) => readsTaint(expressionsOf(inner)))) {
      return outOfShape(`a branch on ${size.sourceName} before the loops`, statement.location);
    }
  }
  const loops = [...middle, ...post].filter((element): element is CountingLoop => element.kind === 'loop');
  const counters = new Map(loops.map((loop) => [loop.counter.id, loop.counter]));
  for (const id of counters.keys()) if (tainted.has(id)) return outOfShape('a loop counter depends on the size');
  const problem = checkLocality(middle, post, counters);
  if (problem !== undefined) return outOfShape(problem.reason, problem.location);
  // what the middle reads of N and of what Pre computes from it, and what Post reads of the latter
  const middleBlocks = middle.map((element) => (element.kind === 'loop' ? element.body : element.statements));
  const postBlocks = post.map((element) => (element.kind === 'loop' ? element.body : [element.statement]));
  const readsIn = (blocks: Block[], allowSize: boolean): boolean => {
    const scalars = [...scalarsReadIn(blocks).keys()].some((id) => tainted.has(id) && !(allowSize && id === size.id));
    return scalars || arrayAccessesIn(blocks).some((access) => taintedArrays.has(access.array.id));
  };
  const middleReadsSize = readsIn(middleBlocks, false) || readsIn(postBlocks, true);
  const innerLoops = new Map(loops.flatMap((loop) => [...loop.innerLoops]));
  return {
    kind: 'shape',
    shape: { size, pre, precondition, middle, post, counters, tainted, middleReadsSize, innerLoops },
  };
}

/** the block without its inner loops and the initialisations of their counters (in branches too) */
function withoutInnerLoops(block: Block): Block {
  const kept: Statement[] = [];
  for (const [index, statement] of block.entries()) {
    const next = block[index + 1];
    if (statement.kind === 'loop' || (next?.kind === 'loop' && statement.kind === 'assign')) continue;
    kept.push(
      statement.kind === 'if'
        ? updateIf(statement, statement.condition, withoutInnerLoops(statement.then), withoutInnerLoops(statement.else))
        : statement,
    );
  }
  return kept;
}

/** counters local to their loops */
function checkLocality(
  middle: readonly MiddleElement[],
  post: readonly PostElement[],
  counters: ReadonlyMap<number, ScalarVariable>,
): { reason: string; location?: SourceLocation } | undefined {
  const check = (
    original: Block[],
    own: ScalarVariable | undefined,
    where: SourceLocation | undefined,
  ): { reason: string; location?: SourceLocation } | undefined => {
    // an inner loop with its counter's initialisation uses that counter only inside (pointwise-loops.ts), even when it is another loop's counter too
    const blocks = original.map(withoutInnerLoops);
    const read = scalarsReadIn(blocks);
    // a havoc of a counter outside its loop (an uninitialised declaration) writes a dead value
    const written = new Map<number, ScalarVariable>();
    for (const block of blocks)
      forEachStatement(block, (statement) => {
        if (statement.kind === 'assign') written.set(statement.target.id, statement.target);
      });
    for (const variable of [...read.values(), ...written.values()]) {
      if (counters.has(variable.id) && variable.id !== own?.id)
        return {
          reason: `the loop counter ${variable.sourceName} is used outside its loop`,
          ...(where === undefined ? {} : { location: where }),
        };
    }
    return undefined;
  };
  for (const element of middle) {
    const problem =
      element.kind === 'loop'
        ? check([element.body], element.counter, element.loop.location)
        : check([element.statements], undefined, element.statements[0]?.location);
    if (problem !== undefined) return problem;
  }
  for (const element of post) {
    const problem =
      element.kind === 'loop'
        ? check([element.body], element.counter, element.loop.location)
        : check([[element.statement]], undefined, element.statement.location);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
