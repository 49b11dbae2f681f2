// C semantics for the encodings that read integers mathematically: the program with a check before
// every place where C's value and the mathematical value could part.
//
// In C (as gcc compiles for x86), unsigned arithmetic is modulo 2^w and a conversion to a type that
// cannot hold the value wraps it (C11 6.3.1.3; to a signed type the result is implementation-defined,
// gcc wraps). An encoding in `int` semantics reads every value as a mathematical integer and every
// cast as the identity. This pass makes that reading exact for C, under one assumption: the program
// has no undefined behaviour (signed overflow, division by zero, oversized shifts, out-of-bounds).
//
// - Exact rewrites first, where the C value has a mathematical expression: a cast of a constant is the
//   converted constant (`(unsigned char)300` is 44, `(unsigned)-1` is 4294967295); `~x` of an unsigned
//   x is `max - x`.
// - Then a check (an `assert` marked as such in `WrapChecks.sites`) before each statement for every
//   operation whose mathematical value may leave its type's range: an unsigned `+`, `-`, `*`, unary
//   `-` or `<<`, and a conversion (cast, which lowering inserts for assignments, arguments, returns,
//   compound assignments, `++`/`--` and the usual arithmetic conversions) of a value the target type
//   may not hold. A check under `?:`, `&&` or `||` holds only where C evaluates the operand.
//   A loop's condition is checked before the loop and at the end of its update.
// - A check is left out where a static interval of the value (types, constants and the facts of the
//   enclosing conditions, loop conditions, assumptions and assignments on variables not written
//   since, and the direction of loop counters that only count up or only down) shows that the value
//   is in range: `i + 1` under `i < n` for an unsigned i not written in the body; `(unsigned)j` for
//   an int j counted up from 0.
//
// Soundness: on every run of the original program without undefined behaviour, the rewritten program
// in `int` semantics computes the same values as the original in C, step by step, until a check fails
// (by induction: every stored value is in its type's range, signed operations do not overflow by the
// assumption, bitwise operators, division, remainder and right shifts of in-range operands have the
// same value in both readings, and the checks guarantee every other operation). So: no assertion (a
// check included) fails in `int` semantics ⇒ no assertion of the original fails in C. A failed check
// says nothing about the C program (a wrap is legal C): it is never a bug, only a reason for UNKNOWN.

import {
  createAssert,
  createAssume,
  createBinary,
  createCast,
  createConditional,
  createConstant,
  createUnary,
  updateArrayFill,
  updateArrayWrite,
  updateAssert,
  updateAssign,
  updateAssume,
  updateIf,
  updateLoop,
} from '../ir/factory.js';
import { convertedValue, isBoolType, typePeriod, typeRange } from '../ir/c-integers.js';
import type { Block, Expression, Program, ScalarVariable, SourceLocation, Statement } from '../ir/types.js';
import { forEachStatement, visitExpressionChildren, writtenVariables } from '../ir/visit.js';

/** `wrap`: an unsigned wrap-around or a lossy conversion (legal C); `overflow`: a signed overflow (undefined) */
export type CheckKind = 'wrap' | 'overflow';

/** one check inserted: where, and what may wrap there (for people) */
export interface WrapCheckSite {
  readonly location: SourceLocation;
  readonly description: string;
  readonly kind: CheckKind;
}

export interface WrapChecks {
  /** the program the int encodings read: the original when nothing needed a check or a rewrite */
  readonly program: Program;
  /** every inserted check (the asserts at these locations may be checks, or the program's own asserts) */
  readonly sites: readonly WrapCheckSite[];
  /** the assert statements that are checks (identity) */
  readonly checkStatements: ReadonlySet<Statement>;
}

interface Interval {
  readonly minimum: bigint;
  readonly maximum: bigint;
}

/** what is known of some scalars at a point: an interval each */
type Facts = ReadonlyMap<number, Interval>;

interface Check {
  readonly condition: Expression;
  readonly description: string;
  readonly kind: CheckKind;
}

const emptyFacts: Facts = new Map();

export interface WrapCheckOptions {
  /**
   * also check every signed `+`, `-`, `*`, unary `-`, `<<` and `/` (INT_MIN / -1) whose value may
   * leave its type (SV-COMP's no-overflow property; C leaves these undefined): with it, the checked
   * program in `int` semantics agrees with C on every run until a check fails, with no assumption
   */
  readonly signedOverflow?: boolean;
  /**
   * the wrap checks as assumptions instead of assertions: the runs on which no unsigned value wraps
   * (an under-approximation, with which a failed overflow check is a signed overflow of C)
   */
  readonly wrapChecksAsAssumptions?: boolean;
  /**
   * where an unsigned `+`, `-`, unary `-` or a conversion can leave its type's range by at most one
   * period (2^w), write C's value exactly, `e > max ? e - 2^w : e` (or `e < min ? e + 2^w : e`),
   * instead of checking that it does not wrap: a program that is safe because C wraps (the same sum
   * on both sides of a comparison) is proven; closed forms of a loop's counters get harder, so the
   * portfolio asks for this reading besides the checked one
   */
  readonly exactWraps?: boolean;
}

/** The program with the checks of the header; `program` itself when it needs none. */
export function insertWrapChecks(program: Program, options: WrapCheckOptions = {}): WrapChecks {
  const sites: WrapCheckSite[] = [];
  const checkStatements = new Set<Statement>();
  const collector: Collector = {
    sites,
    checkStatements,
    signedOverflow: options.signedOverflow === true,
    wrapChecksAsAssumptions: options.wrapChecksAsAssumptions === true,
    exactWraps: options.exactWraps === true,
    exempt: new Set(),
  };
  const body = checkBlock(program.body, emptyFacts, collector);
  if (body === program.body) return { program, sites, checkStatements };
  return { program: Object.freeze({ ...program, body: Object.freeze([...body]) }), sites, checkStatements };
}

interface Collector {
  readonly sites: WrapCheckSite[];
  readonly checkStatements: Set<Statement>;
  readonly signedOverflow: boolean;
  readonly wrapChecksAsAssumptions: boolean;
  readonly exactWraps: boolean;
  /** the nodes the exact wrap rewrite made: in range by construction, so they get no check */
  readonly exempt: Set<Expression>;
}

/** the check statements of evaluating `expressions` with `facts`, at `location` */
function checksBefore(
  expressions: readonly Expression[],
  facts: Facts,
  location: SourceLocation,
  collector: Collector,
): Statement[] {
  return expressions
    .flatMap((expression) => checksOf(expression, facts, collector))
    .map((check) => checkStatementFor(check, location, collector));
}

/** the statement of one check at `location`, recorded in the collector */
function checkStatementFor(check: Check, location: SourceLocation, collector: Collector): Statement {
  const statement =
    check.kind === 'wrap' && collector.wrapChecksAsAssumptions
      ? createAssume(check.condition, location)
      : createAssert(check.condition, location);
  collector.sites.push({ location, description: check.description, kind: check.kind });
  collector.checkStatements.add(statement);
  return statement;
}

function checkBlock(block: Block, entry: Facts, collector: Collector): Block {
  let facts = entry;
  let changed = false;
  const result: Statement[] = [];
  for (const statement of block) {
    const replaced = checkStatement(statement, facts, collector);
    if (replaced.length !== 1 || replaced[0] !== statement) changed = true;
    result.push(...replaced);
    facts = factsAfter(statement, facts);
  }
  return changed ? result : block;
}

/** the facts after the statement: those of the variables it may write are dropped; an assume adds its own */
function factsAfter(statement: Statement, facts: Facts): Facts {
  const written = writtenVariables([statement]).scalars;
  let result: Facts = facts;
  if (written.size > 0) result = new Map([...facts].filter(([id]) => !written.has(id)));
  if (statement.kind === 'assume' || statement.kind === 'assert')
    result = withConditionFacts(result, statement.condition);
  // an assignment: the variable holds the value's interval (computed before the write)
  if (statement.kind === 'assign')
    result = new Map([...result, [statement.target.id, intervalOf(statement.value, facts)]]);
  return result;
}

/**
 * Bounds that hold at every iteration of the loop for the scalars it only counts up (every write is
 * `v = v + c` with a constant c >= 0: at least its value at the entry) or only counts down (at most
 * that value). Signed counters do not overflow (assumed) and unsigned ones do not wrap on runs where
 * the checks hold, so they move one way.
 */
function monotoneBounds(
  loop: Extract<Statement, { kind: 'loop' }>,
  entry: Facts,
  written: ReadonlyMap<number, ScalarVariable>,
): Facts {
  const direction = new Map<number, 'up' | 'down' | 'none'>();
  const note = (id: number, step: 'up' | 'down' | 'none'): void => {
    const before = direction.get(id);
    direction.set(id, before === undefined || before === step ? step : 'none');
  };
  forEachStatement([...loop.body, ...loop.update], (statement) => {
    if (statement.kind === 'havoc') note(statement.target.id, 'none');
    if (statement.kind !== 'assign') return;
    const value = statement.value;
    const stepOf = (): 'up' | 'down' | 'none' => {
      if (value.kind !== 'binary' || (value.operator !== 'add' && value.operator !== 'subtract')) return 'none';
      if (
        value.left.kind !== 'variable' ||
        value.left.variable.id !== statement.target.id ||
        value.right.kind !== 'constant'
      )
        return 'none';
      const increases = (value.operator === 'add') === value.right.value >= 0n;
      return increases ? 'up' : 'down';
    };
    note(statement.target.id, stepOf());
  });
  const bounds = new Map<number, Interval>();
  for (const [id, variable] of written) {
    const known = entry.get(id);
    const step = direction.get(id);
    if (known === undefined || step === undefined || step === 'none') continue;
    const typeInterval = typeRange(variable.type);
    bounds.set(
      id,
      step === 'up'
        ? { minimum: known.minimum, maximum: typeInterval.maximum }
        : { minimum: typeInterval.minimum, maximum: known.maximum },
    );
  }
  return bounds;
}

function checkStatement(statement: Statement, facts: Facts, collector: Collector): readonly Statement[] {
  const wrapped = (expression: Expression): Expression => wrapExactly(exact(expression), facts, collector);
  const before = (expressions: readonly Expression[]): Statement[] =>
    checksBefore(expressions, facts, statement.location, collector);
  switch (statement.kind) {
    case 'assign': {
      const value = wrapped(statement.value);
      return [...before([value]), updateAssign(statement, value)];
    }
    case 'arrayWrite': {
      const indices = statement.indices.map(wrapped);
      const value = wrapped(statement.value);
      return [...before([...indices, value]), updateArrayWrite(statement, indices, value)];
    }
    case 'arrayFill': {
      const value = wrapped(statement.value);
      return [...before([value]), updateArrayFill(statement, value)];
    }
    case 'assume': {
      const condition = wrapped(statement.condition);
      return [...before([condition]), updateAssume(statement, condition)];
    }
    case 'assert': {
      const condition = wrapped(statement.condition);
      return [...before([condition]), updateAssert(statement, condition)];
    }
    case 'if': {
      const condition = wrapped(statement.condition);
      const thenBlock = checkBlock(statement.then, withConditionFacts(facts, condition), collector);
      const elseBlock = checkBlock(statement.else, facts, collector);
      return [...before([condition]), updateIf(statement, condition, thenBlock, elseBlock)];
    }
    case 'loop':
      return checkLoop(statement, facts, collector);
    case 'havoc':
    case 'arrayHavoc':
    case 'break':
    case 'continue':
      return [statement];
    default: {
      const never: never = statement;
      throw new Error(`unknown statement ${JSON.stringify(never)}`);
    }
  }
}

function checkLoop(
  loop: Extract<Statement, { kind: 'loop' }>,
  outer: Facts,
  collector: Collector,
): readonly Statement[] {
  const writtenInLoop = writtenVariables(loop.body, loop.update).scalars;
  // facts of the enclosing code that hold at every iteration: those of variables the loop never writes
  const invariant: Facts = new Map([
    ...[...outer].filter(([id]) => !writtenInLoop.has(id)),
    ...monotoneBounds(loop, outer, writtenInLoop),
  ]);
  const condition = wrapExactly(exact(loop.condition), invariant, collector);
  const entryChecks = checksBefore([condition], outer, loop.location, collector);
  const atHead = withConditionFacts(invariant, condition);
  const body = checkBlock(loop.body, atHead, collector);
  // the update runs after the body or a `continue`: the condition's facts hold there for variables the body does not write
  const writtenInBody = writtenVariables(loop.body).scalars;
  const atUpdate: Facts = new Map([...atHead].filter(([id]) => !writtenInBody.has(id)));
  const update = checkBlock(loop.update, atUpdate, collector);
  // the condition again after each update, where only the invariant facts are known
  const againChecks = checksBefore([condition], invariant, loop.location, collector);
  const newUpdate = againChecks.length === 0 ? update : [...update, ...againChecks];
  return [...entryChecks, updateLoop(loop, condition, body, newUpdate)];
}

// ---------------------------------------------------------------- exact rewrites

/** the expression with casts of constants folded and unsigned `~` written as a subtraction */
function exact(expression: Expression): Expression {
  const visited = visitExpressionChildren(expression, exact);
  if (visited.kind === 'cast' && visited.operand.kind === 'constant')
    return createConstant(convertedValue(visited.operand.value, visited.type), visited.type);
  // a negated constant (how `-1` is written) is a constant when its type holds it
  if (visited.kind === 'unary' && visited.operator === 'negate' && visited.operand.kind === 'constant') {
    // (an unsigned negation is modulo 2^w, a signed one out of range is undefined and left alone)
    const value = visited.type.signed ? -visited.operand.value : convertedValue(-visited.operand.value, visited.type);
    const { minimum, maximum } = typeRange(visited.type);
    if (value >= minimum && value <= maximum) return createConstant(value, visited.type);
  }
  if (visited.kind === 'unary' && visited.operator === 'bitwiseNot' && !visited.type.signed) {
    return createBinary(
      'subtract',
      createConstant(typeRange(visited.type).maximum, visited.type),
      visited.operand,
      visited.type,
    );
  }
  return visited;
}

/**
 * With `exactWraps`: every unsigned `+`, `-`, unary `-` and conversion whose mathematical value lies
 * within one period of its type's range (children first, with the facts at the statement) becomes
 * C's value, `e < min ? e + 2^w : (e > max ? e - 2^w : e)` (only the sides the interval reaches); the
 * nodes made here are exempt from checks (they are in range by construction). Other operations keep
 * their checks.
 */
function wrapExactly(expression: Expression, facts: Facts, collector: Collector): Expression {
  if (!collector.exactWraps) return expression;
  const visited = visitExpressionChildren(expression, (child) => wrapExactly(child, facts, collector));
  const exempt = <T extends Expression>(node: T): T => {
    collector.exempt.add(node);
    return node;
  };
  let value: Expression;
  let interval: Interval;
  const type = visited.type;
  if (visited.kind === 'cast' && !isBoolType(type)) {
    interval = intervalOf(visited.operand, facts);
    value = visited.operand;
  } else if (
    (visited.kind === 'binary' || visited.kind === 'unary') &&
    !type.signed &&
    (visited.operator === 'add' || visited.operator === 'subtract' || visited.operator === 'negate')
  ) {
    interval = rawInterval(visited, facts);
    value = visited;
  } else {
    return visited;
  }
  const { minimum, maximum } = typeRange(type);
  const period = typePeriod(type);
  if (interval.minimum >= minimum && interval.maximum <= maximum) return visited;
  if (interval.minimum < minimum - period || interval.maximum > maximum + period) return visited;
  // a fresh copy of the value, typed as the result (the int reading ignores types of values in range)
  const copy = (): Expression => {
    if (value.kind === 'binary') return exempt(createBinary(value.operator, value.left, value.right, type));
    if (value.kind === 'unary') return exempt(createUnary(value.operator, value.operand, type));
    return exempt(createCast(value, type));
  };
  const shifted = (operator: 'add' | 'subtract'): Expression =>
    exempt(createBinary(operator, copy(), createConstant(period, type), type));
  let result: Expression = copy();
  if (interval.maximum > maximum)
    result = exempt(
      createConditional(
        createBinary('greater', copy(), createConstant(maximum, type)),
        shifted('subtract'),
        result,
        type,
      ),
    );
  if (interval.minimum < minimum)
    result = exempt(
      createConditional(createBinary('less', copy(), createConstant(minimum, type)), shifted('add'), result, type),
    );
  return result;
}

// ---------------------------------------------------------------- checks

/** the checks of evaluating `expression` (children first), each true where no wrap happens */
function checksOf(expression: Expression, facts: Facts, collector: Collector): Check[] {
  const recurse = (child: Expression, childFacts: Facts): Check[] => checksOf(child, childFacts, collector);
  switch (expression.kind) {
    case 'constant':
    case 'variable':
      return [];
    case 'arrayRead':
      return expression.indices.flatMap((index) => recurse(index, facts));
    case 'conditional': {
      const condition = expression.condition;
      return [
        ...recurse(condition, facts),
        ...recurse(expression.then, withConditionFacts(facts, condition)).map((check) =>
          guarded(createUnary('logicalNot', condition), check),
        ),
        ...recurse(expression.else, facts).map((check) => guarded(condition, check)),
      ];
    }
    case 'binary': {
      if (expression.operator === 'logicalAnd') {
        return [
          ...recurse(expression.left, facts),
          ...recurse(expression.right, withConditionFacts(facts, expression.left)).map((check) =>
            guarded(createUnary('logicalNot', expression.left), check),
          ),
        ];
      }
      if (expression.operator === 'logicalOr') {
        return [
          ...recurse(expression.left, facts),
          ...recurse(expression.right, facts).map((check) => guarded(expression.left, check)),
        ];
      }
      return [
        ...recurse(expression.left, facts),
        ...recurse(expression.right, facts),
        ...ownCheck(expression, facts, collector),
      ];
    }
    case 'unary':
      return [...recurse(expression.operand, facts), ...ownCheck(expression, facts, collector)];
    case 'cast':
      return [...recurse(expression.operand, facts), ...ownCheck(expression, facts, collector)];
    default: {
      const never: never = expression;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

/** `skip || check`: the check only where `skip` is false (C does not evaluate the operand there) */
function guarded(skip: Expression, check: Check): Check {
  return {
    condition: createBinary('logicalOr', skip, check.condition),
    description: check.description,
    kind: check.kind,
  };
}

const wrappingOperators: ReadonlySet<string> = new Set(['add', 'subtract', 'multiply', 'shiftLeft', 'negate']);

function ownCheck(expression: Expression, facts: Facts, collector: Collector): Check[] {
  if (collector.exempt.has(expression)) return [];
  if (expression.kind === 'cast') {
    const target = expression.type;
    if (isBoolType(target)) return [];
    return rangeChecks(
      expression.operand,
      intervalOf(expression.operand, facts),
      typeRange(target),
      `conversion of a ${expression.operand.type.name} value to ${target.name}`,
      'wrap',
    );
  }
  if (expression.kind !== 'binary' && expression.kind !== 'unary') return [];
  // unsigned: wrap-around (legal C); signed, when asked: overflow, also of INT_MIN / -1
  const signed = expression.type.signed;
  const checked = wrappingOperators.has(expression.operator) || (signed && expression.operator === 'divide');
  if (!checked || (signed && !collector.signedOverflow)) return [];
  return rangeChecks(
    expression,
    rawInterval(expression, facts),
    typeRange(expression.type),
    `${describeOperator(expression.operator)} of ${expression.type.name} values`,
    signed ? 'overflow' : 'wrap',
  );
}

function describeOperator(operator: string): string {
  switch (operator) {
    case 'add':
      return 'addition';
    case 'subtract':
      return 'subtraction';
    case 'multiply':
      return 'multiplication';
    case 'shiftLeft':
      return 'left shift';
    case 'negate':
      return 'negation';
    case 'divide':
      return 'division';
    default:
      return operator;
  }
}

/** `low <= value && value <= high`, only the bounds the interval does not already meet (none: no check) */
function rangeChecks(value: Expression, interval: Interval, range: Interval, what: string, kind: CheckKind): Check[] {
  const conditions: Expression[] = [];
  if (interval.minimum < range.minimum)
    conditions.push(createBinary('lessEqual', createConstant(range.minimum, value.type), value));
  if (interval.maximum > range.maximum)
    conditions.push(createBinary('lessEqual', value, createConstant(range.maximum, value.type)));
  if (conditions.length === 0) return [];
  const condition =
    conditions.length === 1 ? conditions[0]! : createBinary('logicalAnd', conditions[0]!, conditions[1]!);
  return [{ condition, description: `${what} ${kind === 'wrap' ? 'may wrap around' : 'may overflow'}`, kind }];
}

// ---------------------------------------------------------------- intervals

function intersect(left: Interval, right: Interval): Interval {
  return {
    minimum: left.minimum > right.minimum ? left.minimum : right.minimum,
    maximum: left.maximum < right.maximum ? left.maximum : right.maximum,
  };
}

function hull(values: readonly bigint[]): Interval {
  let minimum = values[0]!;
  let maximum = values[0]!;
  for (const value of values) {
    if (value < minimum) minimum = value;
    if (value > maximum) maximum = value;
  }
  return { minimum, maximum };
}

/** the interval of the value on runs where every check before it held (so within its type's range) */
function intervalOf(expression: Expression, facts: Facts): Interval {
  switch (expression.kind) {
    case 'constant':
      return { minimum: expression.value, maximum: expression.value };
    case 'variable': {
      const known = facts.get(expression.variable.id);
      return known === undefined ? typeRange(expression.type) : intersect(known, typeRange(expression.type));
    }
    default: {
      const raw = rawInterval(expression, facts);
      const clipped = intersect(raw, typeRange(expression.type));
      return clipped.minimum > clipped.maximum ? typeRange(expression.type) : clipped;
    }
  }
}

/** the interval of the mathematical value of the operation (before its own range check) */
function rawInterval(expression: Expression, facts: Facts): Interval {
  const type = expression.type;
  switch (expression.kind) {
    case 'constant':
    case 'variable':
      return intervalOf(expression, facts);
    case 'arrayRead':
      return typeRange(type);
    case 'cast':
      return isBoolType(type) ? { minimum: 0n, maximum: 1n } : intervalOf(expression.operand, facts);
    case 'conditional': {
      const thenInterval = intervalOf(expression.then, facts);
      const elseInterval = intervalOf(expression.else, facts);
      return hull([thenInterval.minimum, thenInterval.maximum, elseInterval.minimum, elseInterval.maximum]);
    }
    case 'unary': {
      const operand = intervalOf(expression.operand, facts);
      switch (expression.operator) {
        case 'negate':
          return { minimum: -operand.maximum, maximum: -operand.minimum };
        case 'bitwiseNot':
          return { minimum: -operand.maximum - 1n, maximum: -operand.minimum - 1n };
        case 'logicalNot':
          return { minimum: 0n, maximum: 1n };
        default:
          return typeRange(type);
      }
    }
    case 'binary':
      return binaryInterval(expression, facts);
    default: {
      const never: never = expression;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

function binaryInterval(expression: Extract<Expression, { kind: 'binary' }>, facts: Facts): Interval {
  const type = expression.type;
  switch (expression.operator) {
    case 'less':
    case 'lessEqual':
    case 'greater':
    case 'greaterEqual':
    case 'equal':
    case 'notEqual':
    case 'logicalAnd':
    case 'logicalOr':
      return { minimum: 0n, maximum: 1n };
    default:
      break;
  }
  const left = intervalOf(expression.left, facts);
  const right = intervalOf(expression.right, facts);
  switch (expression.operator) {
    case 'add':
      return { minimum: left.minimum + right.minimum, maximum: left.maximum + right.maximum };
    case 'subtract':
      return { minimum: left.minimum - right.maximum, maximum: left.maximum - right.minimum };
    case 'multiply':
      return hull([
        left.minimum * right.minimum,
        left.minimum * right.maximum,
        left.maximum * right.minimum,
        left.maximum * right.maximum,
      ]);
    case 'shiftLeft': {
      if (right.minimum < 0n || right.maximum > 127n) return { minimum: -(1n << 200n), maximum: 1n << 200n };
      return hull([
        left.minimum << right.minimum,
        left.minimum << right.maximum,
        left.maximum << right.minimum,
        left.maximum << right.maximum,
      ]);
    }
    case 'divide':
    case 'remainder':
    case 'shiftRight': {
      // |result| <= |left| (a remainder also below |right|); the sign follows the left operand (or is 0)
      const magnitude = left.maximum > -left.minimum ? left.maximum : -left.minimum;
      return { minimum: left.minimum >= 0n ? 0n : -magnitude, maximum: left.maximum <= 0n ? 0n : magnitude };
    }
    case 'bitwiseAnd':
      if (left.minimum >= 0n || right.minimum >= 0n) {
        const bound =
          left.minimum >= 0n && right.minimum >= 0n
            ? left.maximum < right.maximum
              ? left.maximum
              : right.maximum
            : left.minimum >= 0n
              ? left.maximum
              : right.maximum;
        return { minimum: 0n, maximum: bound };
      }
      return typeRange(type);
    case 'bitwiseOr':
    case 'bitwiseXor':
      if (left.minimum >= 0n && right.minimum >= 0n) {
        const larger = left.maximum > right.maximum ? left.maximum : right.maximum;
        return { minimum: 0n, maximum: (1n << BigInt(larger.toString(2).length)) - 1n };
      }
      return typeRange(type);
    default:
      return typeRange(type);
  }
}

// ---------------------------------------------------------------- facts of conditions

/** the facts with those that `condition` (true) gives: bounds of a scalar against a constant or a bounded expression */
function withConditionFacts(facts: Facts, condition: Expression): Facts {
  const learned = new Map(facts);
  addConditionFacts(learned, condition, facts);
  return learned;
}

function addConditionFacts(learned: Map<number, Interval>, condition: Expression, facts: Facts): void {
  if (condition.kind === 'binary' && condition.operator === 'logicalAnd') {
    addConditionFacts(learned, condition.left, facts);
    addConditionFacts(learned, condition.right, facts);
    return;
  }
  if (condition.kind !== 'binary') return;
  const { operator, left, right } = condition;
  const bound = (variable: ScalarVariable, interval: Interval): void => {
    const known = learned.get(variable.id) ?? typeRange(variable.type);
    const narrowed = intersect(known, interval);
    if (narrowed.minimum <= narrowed.maximum) learned.set(variable.id, narrowed);
  };
  const scalarOf = (expression: Expression): ScalarVariable | undefined => {
    if (expression.kind === 'variable') return expression.variable;
    // a value-preserving cast of a scalar (the usual arithmetic conversions of a comparison)
    if (expression.kind === 'cast' && expression.operand.kind === 'variable') {
      const inner = typeRange(expression.operand.type);
      const outer = typeRange(expression.type);
      if (inner.minimum >= outer.minimum && inner.maximum <= outer.maximum) return expression.operand.variable;
    }
    return undefined;
  };
  const huge = 1n << 200n;
  const leftVariable = scalarOf(left);
  const rightVariable = scalarOf(right);
  const leftInterval = intervalOf(left, facts);
  const rightInterval = intervalOf(right, facts);
  switch (operator) {
    case 'less':
      if (leftVariable !== undefined) bound(leftVariable, { minimum: -huge, maximum: rightInterval.maximum - 1n });
      if (rightVariable !== undefined) bound(rightVariable, { minimum: leftInterval.minimum + 1n, maximum: huge });
      return;
    case 'lessEqual':
      if (leftVariable !== undefined) bound(leftVariable, { minimum: -huge, maximum: rightInterval.maximum });
      if (rightVariable !== undefined) bound(rightVariable, { minimum: leftInterval.minimum, maximum: huge });
      return;
    case 'greater':
      if (leftVariable !== undefined) bound(leftVariable, { minimum: rightInterval.minimum + 1n, maximum: huge });
      if (rightVariable !== undefined) bound(rightVariable, { minimum: -huge, maximum: leftInterval.maximum - 1n });
      return;
    case 'greaterEqual':
      if (leftVariable !== undefined) bound(leftVariable, { minimum: rightInterval.minimum, maximum: huge });
      if (rightVariable !== undefined) bound(rightVariable, { minimum: -huge, maximum: leftInterval.maximum });
      return;
    case 'equal':
      if (leftVariable !== undefined) bound(leftVariable, rightInterval);
      if (rightVariable !== undefined) bound(rightVariable, leftInterval);
      return;
    case 'notEqual':
      // x != 0 for an x that is at least 0: x >= 1
      if (leftVariable !== undefined && right.kind === 'constant' && right.value === leftInterval.minimum)
        bound(leftVariable, { minimum: right.value + 1n, maximum: huge });
      if (leftVariable !== undefined && right.kind === 'constant' && right.value === leftInterval.maximum)
        bound(leftVariable, { minimum: -huge, maximum: right.value - 1n });
      return;
    default:
      return;
  }
}
