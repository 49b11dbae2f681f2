// Scope detection of the shrink encoding (Sect. 3 of Kumar et al., "Property Checking Array Programs Using Loop Shrinking"): programs of the form
// Init; R; Q; ψ with R one simple loop, Q loop-free, ψ the property. Everything else is reported
// as out of scope with a reason and a source location.
//
// The body is first focused (focusBody): statements after the last assert-holding one are dropped,
// and a lone top-level `if` holding every assert in one branch becomes `assume(branch condition)`
// followed by that branch (early returns lower to such ifs).
// Accepted shapes (all on the lowered IR, top level of the focused body):
// - Init: any statements without `assert`. Trailing loops of Init that can be fused with R (same
//   iteration count, no dependence across the fusion: coalesce.ts) are first coalesced into R; the
//   other loops in Init are later over-approximated by havocking everything they modify (a superset of
//   the states at R's entry: sound for SAFE only).
// - R: `loop(C, B, U)` without nested loops, asserts, assumes, havocs, array havocs or fills in
//   C, B, U; U without break/continue. Accelerated variables (Sect. 3.1): scalars whose every
//   assignment in B and U is a top-level `v = v ± c` (in B only when B has no `continue`); their
//   value at the start of iteration j is v_entry + (j-1)·Σc.
// - ψ, one of:
//   * 'single': no loop after R; the loop-free rest (Q and its asserts) is one clause for every j;
//   * 'loop' with asserts: Q; loop(p ⋈ e, body with asserts, p = p + s); no asserts afterwards —
//     read as ∀ j. (iteration j of the assertion loop runs ⇒ its asserts hold);
//   * 'loop' with a flag: Q sets f = c0; the loop body only sets f = c1 (c1 ≠ c0) under conditions;
//     right after the loop one assert over f alone, true for exactly one of c0, c1: ∃ (found-flag)
//     or ∀ (ok-flag).
//   The assertion loop's counter p changes only by its update `p = p + s`, its condition compares p
//   monotonically (p < e or p <= e for s > 0, p > e or p >= e for s < 0, e not written in the loop),
//   so iteration j runs iff the condition holds with p = p0 + (j-1)·s. Its body writes no array and
//   assigns temporaries only before reading them (clauses are independent of earlier iterations).
// - bv semantics: increments are recognised only through casts at least as wide as the variable (the
//   step is then exact modulo 2^w); the assertion loop's condition compares its counter through
//   value-preserving casts only; a flag property needs in-range constants and an assertion made of
//   comparisons and logical operators (evaluated exactly in both semantics).
// - C, B, U, Q and ψ contain no division, remainder or shift whose right operand is not a constant
//   in range (no run stops inside a residual loop), and no havoc (residual runs are deterministic,
//   as the proof of Theorem 1 needs).

import { inductionVariables } from '../../analysis/induction-variables.js';
import { convertedValue, integerBinaryValue, isBoolType, typeRange } from '../../ir/c-integers.js';
import { createAssume, createUnary } from '../../ir/factory.js';
import type {
  Block,
  Expression,
  LoopStatement,
  Program,
  ScalarVariable,
  Semantics,
  SourceLocation,
  Statement,
} from '../../ir/types.js';
import {
  arrayReadsOf,
  containsArrayRead,
  flattenStatements,
  forEachChild,
  isVariableExpression,
  scalarsReadBy,
  scalarsReadIn,
  stripCasts,
  stripWideningCasts,
  writesScalar,
  writtenVariables,
} from '../../ir/visit.js';
import { coalesce } from './coalesce.js';

export interface AcceleratedVariable {
  readonly variable: ScalarVariable;
  /** change per iteration */
  readonly step: bigint;
  /**
   * its value at the loop entry as an expression over variables the loop and the rest of Init do
   * not change (from the last assignment before the loop), or undefined (then it is left free)
   */
  readonly entry?: Expression | undefined;
}

export type PropertyShape =
  | { readonly kind: 'single'; readonly block: Block }
  | {
      readonly kind: 'loop';
      readonly quantifier: 'forall' | 'exists';
      /** Q: loop-free statements between R and the assertion loop */
      readonly before: Block;
      readonly loop: LoopStatement;
      readonly counter: ScalarVariable;
      readonly step: bigint;
      /** undefined: the body asserts directly */
      readonly flag: { readonly variable: ScalarVariable; readonly initial: bigint } | undefined;
    };

export interface ShrinkScope {
  readonly init: Block;
  readonly loop: LoopStatement;
  readonly accelerated: readonly AcceleratedVariable[];
  readonly property: PropertyShape;
  /** loops in Init that are over-approximated by havocking what they modify */
  readonly abstractedInitLoops: number;
  /**
   * top-level havocs after R that are overwritten before any read (uninitialised declarations);
   * they are left out of the encoding, and a replay feeds them 0
   */
  readonly deadHavocs: number;
  /** how many cascaded source loops R stands for (coalesce.ts; 1 without fusion) */
  readonly coalescedLoops: number;
}

export type ScopeResult =
  { readonly kind: 'inScope'; readonly scope: ShrinkScope } | { readonly kind: 'outOfScope'; readonly reason: string };

function at(location: SourceLocation): string {
  return `${location.line}:${location.column}`;
}

class OutOfScope extends Error {}
function fail(reason: string): never {
  throw new OutOfScope(reason);
}

export function detectScope(program: Program, semantics: Semantics = 'int'): ScopeResult {
  try {
    return { kind: 'inScope', scope: detect(program, semantics) };
  } catch (error) {
    if (error instanceof OutOfScope) return { kind: 'outOfScope', reason: error.message };
    throw error;
  }
}

/**
 * The part of the body that decides safety: statements after the last one containing an assert are
 * dropped (they cannot fail one), and while a single top-level `if` holds every assert in one
 * branch, the body becomes the statements before it, `assume` of the branch condition, and that
 * branch (runs taking the other branch cannot fail an assert). The runs of the result are runs of
 * the program up to their last assert: SAFE carries over; UNSAFE is replayed on the program anyway.
 */
export function focusBody(body: Block): Block {
  let current = body;
  for (;;) {
    const holding = current.flatMap((statement, index) => (findAssert([statement]) !== undefined ? [index] : []));
    if (holding.length === 0) return current;
    const last = holding[holding.length - 1]!;
    current = current.slice(0, last + 1);
    if (holding.length !== 1) return current;
    const statement = current[last]!;
    if (statement.kind !== 'if') return current;
    const thenHolds = findAssert(statement.then) !== undefined;
    const elseHolds = findAssert(statement.else) !== undefined;
    if (thenHolds === elseHolds) return current;
    const condition = thenHolds ? statement.condition : createUnary('logicalNot', statement.condition);
    current = [
      ...current.slice(0, last),
      createAssume(condition, statement.location),
      ...(thenHolds ? statement.then : statement.else),
    ];
  }
}

function detect(program: Program, semantics: Semantics): ShrinkScope {
  const body = focusBody(program.body);
  let deadHavocs = 0;
  const withoutDeadHavocs = (block: Block): Block => {
    const kept: Statement[] = [];
    block.forEach((statement, index) => {
      if (statement.kind === 'havoc' && isDeadHavoc(block, index)) deadHavocs++;
      else kept.push(statement);
    });
    return kept;
  };
  const loopIndices = body.flatMap((statement, index) => (statement.kind === 'loop' ? [index] : []));
  if (loopIndices.length === 0) fail('no loop at the top level of main: out of scope');
  const last = loopIndices[loopIndices.length - 1]!;
  const lastLoop = body[last] as LoopStatement;
  const candidates: { loopIndex: number; property: () => PropertyShape }[] = [];
  if (loopIndices.length >= 2) {
    const previous = loopIndices[loopIndices.length - 2]!;
    candidates.push({
      loopIndex: previous,
      property: () =>
        propertyLoop(withoutDeadHavocs(body.slice(previous + 1, last)), lastLoop, body.slice(last + 1), semantics),
    });
  }
  if (!containsAssert(lastLoop.body) && !containsAssert(lastLoop.update)) {
    candidates.push({ loopIndex: last, property: () => singleProperty(withoutDeadHavocs(body.slice(last + 1))) });
  }
  let firstReason: string | undefined;
  for (const candidate of candidates) {
    deadHavocs = 0;
    try {
      const property = candidate.property();
      const initAssert = findAssert(body.slice(0, candidate.loopIndex));
      if (initAssert !== undefined)
        fail(`assertion at ${at(initAssert)} before the array-processing loop: out of scope`);
      checkProcessingLoop(body[candidate.loopIndex] as LoopStatement, semantics);
      // cascaded loops with the same iteration count become one (coalesce.ts)
      const { init, loop, loops } = coalesce(
        body.slice(0, candidate.loopIndex),
        body[candidate.loopIndex] as LoopStatement,
      );
      const accelerated = checkProcessingLoop(loop, semantics).map((entry) => ({
        ...entry,
        entry: entryExpression(init, loop, entry.variable),
      }));
      return {
        init,
        loop,
        accelerated,
        property,
        abstractedInitLoops: countLoops(init),
        deadHavocs,
        coalescedLoops: loops,
      };
    } catch (error) {
      if (!(error instanceof OutOfScope)) throw error;
      firstReason ??= error.message;
    }
  }
  fail(firstReason ?? `no array-processing loop before the assertion loop at ${at(lastLoop.location)}: out of scope`);
}

/** the expression the variable holds at the loop entry, if it is one over variables nothing changes later */
function entryExpression(init: Block, loop: LoopStatement, variable: ScalarVariable): Expression | undefined {
  for (let index = init.length - 1; index >= 0; index--) {
    const statement = init[index]!;
    if (statement.kind === 'assign' && statement.target.id === variable.id) {
      const changedLater = writtenVariables([...init.slice(index + 1), loop]);
      const reads = scalarsReadBy(statement.value);
      if ([...reads.keys()].some((id) => changedLater.scalars.has(id) || id === variable.id)) return undefined;
      if (arrayReadsOf(statement.value).some((read) => changedLater.arrays.has(read.array.id))) return undefined;
      return statement.value;
    }
    if (writesScalar([statement], variable)) return undefined;
  }
  return undefined;
}

/** the havoc at `index` is followed, at the top level, by an assignment to its target before any read of it */
function isDeadHavoc(block: Block, index: number): boolean {
  const havoc = block[index];
  if (havoc === undefined || havoc.kind !== 'havoc') return false;
  const target = havoc.target;
  for (const statement of block.slice(index + 1)) {
    if (scalarsReadIn([[statement]]).has(target.id)) return false;
    if (statement.kind === 'assign' && statement.target.id === target.id) return true;
    if (statement.kind === 'loop' || writesScalar([statement], target)) return false;
  }
  return false;
}

// ---------------------------------------------------------------- R

function checkProcessingLoop(loop: LoopStatement, semantics: Semantics): AcceleratedVariable[] {
  checkExpression(loop.condition, loop.location);
  const visit = (block: Block, inUpdate: boolean): void => {
    for (const statement of block) {
      switch (statement.kind) {
        case 'loop':
          fail(`nested loop at ${at(statement.location)}: out of scope`);
        case 'assert':
          fail(`assertion inside the array-processing loop at ${at(statement.location)}: out of scope`);
        case 'assume':
          fail(`assumption inside the array-processing loop at ${at(statement.location)}: out of scope`);
        case 'havoc':
        case 'arrayHavoc':
          fail(`nondeterministic value inside the array-processing loop at ${at(statement.location)}: out of scope`);
        case 'arrayFill':
          fail(`whole-array fill inside the array-processing loop at ${at(statement.location)}: out of scope`);
        case 'break':
        case 'continue':
          if (inUpdate) fail(`${statement.kind} in a loop update at ${at(statement.location)}: out of scope`);
          break;
        case 'assign':
          checkExpression(statement.value, statement.location);
          break;
        case 'arrayWrite':
          statement.indices.forEach((index) => checkExpression(index, statement.location));
          checkExpression(statement.value, statement.location);
          break;
        case 'if':
          checkExpression(statement.condition, statement.location);
          visit(statement.then, inUpdate);
          visit(statement.else, inUpdate);
          break;
        default: {
          const never: never = statement;
          throw new Error(`unknown statement ${JSON.stringify(never)}`);
        }
      }
    }
  };
  visit(loop.body, false);
  visit(loop.update, true);
  return acceleratedVariables(loop, semantics);
}

/**
 * the variables with a closed form at the start of iteration j (see the header): the loop's induction
 * variables (analysis/induction-variables.ts; casts read as the semantics allows)
 */
export function acceleratedVariables(loop: LoopStatement, semantics: Semantics = 'int'): AcceleratedVariable[] {
  return inductionVariables(loop, semantics).map(({ variable, step }) => ({ variable, step }));
}

// ---------------------------------------------------------------- ψ

function singleProperty(rest: Block): PropertyShape {
  checkLoopFree(rest, 'after the array-processing loop');
  checkDeterministic(rest);
  if (findAssert(rest) === undefined) fail('no assertion after the last loop: out of scope');
  return { kind: 'single', block: rest };
}

function propertyLoop(before: Block, loop: LoopStatement, after: Block, semantics: Semantics): PropertyShape {
  checkLoopFree(before, 'between the array-processing loop and the assertion loop');
  checkDeterministic(before);
  const beforeAssert = findAssert(before);
  if (beforeAssert !== undefined) fail(`assertion at ${at(beforeAssert)} before the assertion loop: out of scope`);
  if (containsKind(before, 'assume')) fail('assumption between the loops: out of scope');
  checkLoopFree(loop.body, 'in the assertion loop');
  // the counter and its step
  const accelerated = acceleratedVariables(loop, semantics);
  const counterCandidates = accelerated.filter(
    (entry) =>
      entry.step !== 0n && writesScalar(loop.update, entry.variable) && !writesScalar(loop.body, entry.variable),
  );
  const condition = stripCasts(loop.condition);
  if (condition.kind !== 'binary')
    fail(`assertion loop condition at ${at(loop.location)} is not a comparison: out of scope`);
  const bodyWritten = writtenVariables(loop.body).scalars;
  let counter: AcceleratedVariable | undefined;
  for (const candidate of counterCandidates) {
    if (monotoneCondition(condition, candidate, bodyWritten, semantics)) counter = candidate;
  }
  if (counter === undefined)
    fail(`assertion loop at ${at(loop.location)}: no counter with a monotone condition: out of scope`);
  for (const statement of loop.update) {
    if (!(statement.kind === 'assign' && statement.target.id === counter.variable.id)) {
      fail(`assertion loop update at ${at(statement.location)} does more than step the counter: out of scope`);
    }
  }
  checkDeterministic(loop.body);
  if (containsKind(loop.body, 'assume')) fail(`assumption in the assertion loop at ${at(loop.location)}: out of scope`);
  if (containsKind(loop.body, 'break') || containsKind(loop.body, 'continue'))
    fail(`break/continue in the assertion loop at ${at(loop.location)}: out of scope`);
  if (containsKind(loop.body, 'arrayWrite') || containsKind(loop.body, 'arrayFill'))
    fail(`array write in the assertion loop at ${at(loop.location)}: out of scope`);
  const bodyHasAssert = findAssert(loop.body) !== undefined;
  if (bodyHasAssert) {
    checkDefinedBeforeUse(loop.body, bodyWritten);
    const afterAssert = findAssert(after);
    if (afterAssert !== undefined)
      fail(`second assertion at ${at(afterAssert)} after the assertion loop: out of scope`);
    return {
      kind: 'loop',
      quantifier: 'forall',
      before,
      loop,
      counter: counter.variable,
      step: counter.step,
      flag: undefined,
    };
  }
  // flag form
  const first = after[0];
  if (first === undefined || first.kind !== 'assert')
    fail(`no assertion right after the loop at ${at(loop.location)}: out of scope`);
  const rest = after.slice(1);
  const restAssert = findAssert(rest);
  if (restAssert !== undefined) fail(`second assertion at ${at(restAssert)} after the property: out of scope`);
  checkExpression(first.condition, first.location);
  const mentioned = scalarsReadBy(first.condition);
  if (mentioned.size !== 1 || containsArrayRead(first.condition))
    fail(`assertion at ${at(first.location)} is not over one flag variable: out of scope`);
  const flag = [...mentioned.values()][0]!;
  const written = new Set<bigint>();
  for (const statement of flattenStatements(loop.body)) {
    if (statement.kind === 'assign' && statement.target.id === flag.id) {
      const value = stripCasts(statement.value);
      if (value.kind !== 'constant')
        fail(`flag ${flag.sourceName} set to a non-constant at ${at(statement.location)}: out of scope`);
      written.add(value.value);
    }
  }
  if (written.size !== 1)
    fail(
      `flag ${flag.sourceName} is not set to exactly one constant in the loop at ${at(loop.location)}: out of scope`,
    );
  const writtenValue = [...written][0]!;
  checkDefinedBeforeUse(loop.body, new Map([...bodyWritten].filter(([id]) => id !== flag.id)));
  if (scalarsReadIn([loop.body], [loop.condition]).has(flag.id))
    fail(`flag ${flag.sourceName} is read in the loop at ${at(loop.location)}: out of scope`);
  const initial = lastConstantAssignment(before, flag);
  if (initial === undefined)
    fail(`flag ${flag.sourceName} has no constant value before the loop at ${at(loop.location)}: out of scope`);
  if (initial === writtenValue) fail(`flag ${flag.sourceName} is set to its initial value: out of scope`);
  if (semantics === 'bv') {
    const { minimum, maximum } = typeRange(flag.type);
    if (
      [initial, writtenValue].some((value) => value < minimum || value > maximum) ||
      !exactInBothSemantics(first.condition)
    ) {
      fail(
        `assertion at ${at(first.location)} over flag ${flag.sourceName} is not evaluated exactly in bv semantics: out of scope`,
      );
    }
    for (const statement of flattenStatements([...before, ...loop.body])) {
      if (statement.kind === 'assign' && statement.target.id === flag.id && statement.value.kind !== 'constant') {
        fail(
          `flag ${flag.sourceName} is assigned through a conversion at ${at(statement.location)} (bv semantics): out of scope`,
        );
      }
    }
  }
  const holdsInitially = evaluateOver(first.condition, flag, initial);
  const holdsWritten = evaluateOver(first.condition, flag, writtenValue);
  if (holdsInitially === undefined || holdsWritten === undefined || holdsInitially === holdsWritten) {
    fail(`assertion at ${at(first.location)} does not distinguish the flag values: out of scope`);
  }
  return {
    kind: 'loop',
    quantifier: holdsInitially ? 'forall' : 'exists',
    before,
    loop,
    counter: counter.variable,
    step: counter.step,
    flag: { variable: flag, initial },
  };
}

function monotoneCondition(
  condition: Extract<Expression, { kind: 'binary' }>,
  counter: AcceleratedVariable,
  bodyWritten: ReadonlyMap<number, ScalarVariable>,
  semantics: Semantics,
): boolean {
  // bv: only value-preserving casts around the counter (its order is the comparison's order)
  const strip = (operand: Expression): Expression =>
    semantics === 'int' ? stripCasts(operand) : stripWideningCasts(operand);
  const left = strip(condition.left);
  const right = strip(condition.right);
  const isCounter = (expression: Expression): boolean => isVariableExpression(expression, counter.variable);
  const isBound = (expression: Expression): boolean => {
    const read = scalarsReadBy(expression);
    return !read.has(counter.variable.id) && [...bodyWritten.keys()].every((id) => !read.has(id));
  };
  let operator = condition.operator;
  if (isCounter(right) && isBound(left)) {
    const mirrored: Partial<Record<string, typeof operator>> = {
      less: 'greater',
      lessEqual: 'greaterEqual',
      greater: 'less',
      greaterEqual: 'lessEqual',
    };
    const flipped = mirrored[operator];
    if (flipped === undefined) return false;
    operator = flipped;
  } else if (!(isCounter(left) && isBound(right))) {
    return false;
  }
  if (counter.step > 0n) return operator === 'less' || operator === 'lessEqual';
  if (counter.step < 0n) return operator === 'greater' || operator === 'greaterEqual';
  return false;
}

/** the value of the last top-level constant assignment to `variable`, if nothing assigns it afterwards */
function lastConstantAssignment(block: Block, variable: ScalarVariable): bigint | undefined {
  let value: bigint | undefined;
  for (const statement of block) {
    if (statement.kind === 'assign' && statement.target.id === variable.id) {
      const expression = stripCasts(statement.value);
      value = expression.kind === 'constant' ? expression.value : undefined;
    } else if (writesScalar([statement], variable)) {
      value = undefined;
    }
  }
  return value;
}

/**
 * the expression evaluates to the same value in both semantics for in-range variable values:
 * comparisons and logical operators over variables and in-range constants, value-preserving casts
 */
function exactInBothSemantics(expression: Expression): boolean {
  switch (expression.kind) {
    case 'constant': {
      const { minimum, maximum } = typeRange(expression.type);
      return expression.value >= minimum && expression.value <= maximum;
    }
    case 'variable':
      return true;
    case 'cast':
      return isBoolType(expression.type) || stripWideningCasts(expression) !== expression
        ? exactInBothSemantics(expression.operand)
        : false;
    case 'unary':
      return expression.operator === 'logicalNot' && exactInBothSemantics(expression.operand);
    case 'binary':
      return (
        ['equal', 'notEqual', 'less', 'lessEqual', 'greater', 'greaterEqual', 'logicalAnd', 'logicalOr'].includes(
          expression.operator,
        ) &&
        exactInBothSemantics(expression.left) &&
        exactInBothSemantics(expression.right)
      );
    default:
      return false;
  }
}

/** evaluates a condition over one variable with the given value (int semantics); undefined if unsure */
export function evaluateOver(expression: Expression, variable: ScalarVariable, value: bigint): boolean | undefined {
  const result = evaluate(expression, variable, value);
  return result === undefined ? undefined : result !== 0n;
}

function evaluate(expression: Expression, variable: ScalarVariable, value: bigint): bigint | undefined {
  switch (expression.kind) {
    case 'constant':
      return expression.value;
    case 'variable':
      return expression.variable.id === variable.id ? value : undefined;
    case 'cast': {
      const operand = evaluate(expression.operand, variable, value);
      if (operand === undefined) return undefined;
      if (isBoolType(expression.type)) return convertedValue(operand, expression.type);
      return operand;
    }
    case 'unary': {
      const operand = evaluate(expression.operand, variable, value);
      if (operand === undefined) return undefined;
      if (expression.operator === 'logicalNot') return operand === 0n ? 1n : 0n;
      if (expression.operator === 'negate') return -operand;
      return undefined;
    }
    case 'binary': {
      const left = evaluate(expression.left, variable, value);
      const right = evaluate(expression.right, variable, value);
      if (left === undefined || right === undefined) return undefined;
      return integerBinaryValue(expression.operator, left, right);
    }
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------- helpers

function checkLoopFree(block: Block, where: string): void {
  for (const statement of flattenStatements(block)) {
    if (statement.kind === 'loop') fail(`loop at ${at(statement.location)} ${where}: out of scope`);
  }
}

function checkDeterministic(block: Block): void {
  for (const statement of flattenStatements(block)) {
    switch (statement.kind) {
      case 'havoc':
      case 'arrayHavoc':
        fail(`nondeterministic value at ${at(statement.location)} after the array-processing loop: out of scope`);
      case 'assign':
        checkExpression(statement.value, statement.location);
        break;
      case 'arrayWrite':
        statement.indices.forEach((index) => checkExpression(index, statement.location));
        checkExpression(statement.value, statement.location);
        break;
      case 'arrayFill':
        checkExpression(statement.value, statement.location);
        break;
      case 'assume':
      case 'assert':
      case 'if':
        checkExpression(statement.condition, statement.location);
        break;
      case 'loop':
        checkExpression(statement.condition, statement.location);
        break;
      case 'break':
      case 'continue':
        break;
      default: {
        const never: never = statement;
        throw new Error(`unknown statement ${JSON.stringify(never)}`);
      }
    }
  }
}

/** no division, remainder or shift that could stop the run (their right operand must be a fitting constant) */
function checkExpression(expression: Expression, location: SourceLocation): void {
  if (expression.kind === 'binary') {
    const right = stripCasts(expression.right);
    if (
      (expression.operator === 'divide' || expression.operator === 'remainder') &&
      !(right.kind === 'constant' && right.value !== 0n)
    ) {
      fail(`division by a non-constant at ${at(location)}: out of scope`);
    }
    if (
      (expression.operator === 'shiftLeft' || expression.operator === 'shiftRight') &&
      !(right.kind === 'constant' && right.value >= 0n && right.value < BigInt(expression.left.type.width))
    ) {
      fail(`shift by a non-constant at ${at(location)}: out of scope`);
    }
  }
  forEachChild(expression, (child) => checkExpression(child, location));
}

/** every variable of `written` is assigned on every path before it is read */
function checkDefinedBeforeUse(block: Block, written: ReadonlyMap<number, ScalarVariable>): void {
  const visit = (statements: Block, defined: Set<number>): Set<number> => {
    const current = new Set(defined);
    const read = (expression: Expression, location: SourceLocation): void => {
      for (const variable of scalarsReadBy(expression).values()) {
        if (written.has(variable.id) && !current.has(variable.id)) {
          fail(
            `${variable.sourceName} is read at ${at(location)} before it is assigned in the assertion loop: out of scope`,
          );
        }
      }
    };
    for (const statement of statements) {
      switch (statement.kind) {
        case 'assign':
          read(statement.value, statement.location);
          current.add(statement.target.id);
          break;
        case 'assert':
        case 'assume':
          read(statement.condition, statement.location);
          break;
        case 'if': {
          read(statement.condition, statement.location);
          const thenDefined = visit(statement.then, current);
          const elseDefined = visit(statement.else, current);
          for (const id of thenDefined) if (elseDefined.has(id)) current.add(id);
          break;
        }
        default:
          break;
      }
    }
    return current;
  };
  visit(block, new Set());
}

function findAssert(block: Block): SourceLocation | undefined {
  return flattenStatements(block).find((statement) => statement.kind === 'assert')?.location;
}
function containsAssert(block: Block): boolean {
  return findAssert(block) !== undefined;
}
function containsKind(block: Block, kind: Statement['kind']): boolean {
  return flattenStatements(block).some((statement) => statement.kind === kind);
}
function countLoops(block: Block): number {
  return flattenStatements(block).filter((statement) => statement.kind === 'loop').length;
}
