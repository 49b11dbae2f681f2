// A program pass run after lowering, before every encoding (program-passes.ts): inside a branch that fixes a scalar x to
// a value e (`if (i == 0) a[0] = 5; else a[i] = a[i-1] + 6;`), array indices written as e become x
// (`a[i] = 5`). The cell is the same, but every encoding now sees one write `a[i] = …` per iteration
// of the loop over i instead of a write to a fixed cell, so a per-cell recurrence over the index is
// visible (peeled first cells).
//
// What fixes x (`pinnedBy`): the then-branch of `x == e` (either side, under `&&`), the else-branch of
// `x != e` (or of `!(x == e)`, or of a `||` of such), and comparisons that leave one value given a
// bound known from an enclosing counted loop: in `for (x = c; …; x += k)` with k > 0 (signed x, not
// written in the body) every iteration has x >= c, so `x <= c` and `x < c + 1` fix x to c (and the
// mirrored forms for a counter that decreases).
//
// Soundness (the pass keeps the program's meaning in int and in bv semantics, so the interpreter and
// gcc agree with the rewritten program on every run):
// - the comparison is read only through value-preserving casts (`stripWideningCasts`), so x and e are
//   equal as mathematical integers where the branch runs;
// - e is a constant in x's range, or an expression of x's own type without array reads, division or
//   other operators that may be undefined, whose variables the branch does not write before the index;
// - an index is replaced only while x keeps its value: the walk through the branch stops at the first
//   statement that may write x or a variable of e (`writesScalar`, an over-approximation); the
//   replacement is cast to the index's type, which holds the value (it equals the index's value);
// - the counter bound relies on signed overflow being undefined behaviour (the verdicts' stated
//   assumption): a signed counter that only grows from c by a positive constant stays >= c.

import {
  createCast,
  createVariableExpression,
  sameType,
  typeRange,
  updateArrayRead,
  updateArrayWrite,
  updateIf,
  updateLoop,
} from '../ir/factory.js';
import type { Block, Expression, IntegerType, LoopStatement, Program, ScalarVariable, Statement } from '../ir/types.js';
import {
  mayBeUndefined,
  sameExpression,
  scalarsReadBy,
  someSubexpression,
  stripWideningCasts,
  visitExpressionChildren,
  visitStatementChildren,
  writesScalar,
  writtenVariables,
} from '../ir/visit.js';

/** x is known to equal `value` */
interface Pin {
  readonly variable: ScalarVariable;
  readonly value: Expression;
}

/** per scalar id, a bound every run satisfies where the branch stands (from an enclosing counted loop) */
interface CounterBound {
  readonly variable: ScalarVariable;
  readonly direction: 'atLeast' | 'atMost';
  readonly value: bigint;
}

type Bounds = ReadonlyMap<number, CounterBound>;

/** the program with indices fixed by branch conditions written as the fixed variable; the same object when nothing changed */
export function pinIndices(program: Program): Program {
  const body = pinBlock(program.body, new Map());
  return body === program.body ? program : { ...program, body };
}

function pinBlock(block: Block, bounds: Bounds): Block {
  let result: Statement[] | undefined;
  block.forEach((statement, position) => {
    const rewritten = pinStatement(statement, position > 0 ? block[position - 1] : undefined, bounds);
    if (result === undefined && rewritten !== statement) result = block.slice(0, position);
    result?.push(rewritten);
  });
  return result ?? block;
}

function pinStatement(statement: Statement, previous: Statement | undefined, bounds: Bounds): Statement {
  switch (statement.kind) {
    case 'if': {
      const thenBlock = withPins(pinBlock(statement.then, bounds), pinnedBy(statement.condition, true, bounds));
      const elseBlock = withPins(pinBlock(statement.else, bounds), pinnedBy(statement.condition, false, bounds));
      return updateIf(statement, statement.condition, thenBlock, elseBlock);
    }
    case 'loop': {
      const inner = new Map(bounds);
      for (const id of writtenVariables(statement.body, statement.update).scalars.keys()) inner.delete(id);
      const bound = counterBound(statement, previous);
      if (bound !== undefined) inner.set(bound.variable.id, bound);
      return updateLoop(
        statement,
        statement.condition,
        pinBlock(statement.body, inner),
        pinBlock(statement.update, inner),
      );
    }
    case 'assign':
    case 'arrayWrite':
    case 'havoc':
    case 'arrayHavoc':
    case 'arrayFill':
    case 'assume':
    case 'assert':
    case 'break':
    case 'continue':
      return statement;
    default: {
      const never: never = statement;
      throw new Error(`unknown statement ${JSON.stringify(never)}`);
    }
  }
}

/** `x = c` just before a loop whose update is `x = x ± k` (k > 0) and whose body does not write x: x stays on c's side */
function counterBound(loop: LoopStatement, previous: Statement | undefined): CounterBound | undefined {
  if (previous?.kind !== 'assign' || loop.update.length !== 1) return undefined;
  const variable = previous.target;
  const start = constantValue(previous.value);
  const update = loop.update[0]!;
  if (start === undefined || !variable.type.signed || update.kind !== 'assign' || update.target.id !== variable.id)
    return undefined;
  if (writesScalar(loop.body, variable)) return undefined;
  const step = update.value;
  if (step.kind !== 'binary' || (step.operator !== 'add' && step.operator !== 'subtract')) return undefined;
  const operand = stripWideningCasts(step.left);
  const amount = constantValue(step.right);
  if (operand.kind !== 'variable' || operand.variable.id !== variable.id || amount === undefined || amount <= 0n)
    return undefined;
  return { variable, direction: step.operator === 'add' ? 'atLeast' : 'atMost', value: start };
}

/** the value of a constant under value-preserving casts */
function constantValue(expression: Expression): bigint | undefined {
  const stripped = stripWideningCasts(expression);
  return stripped.kind === 'constant' ? stripped.value : undefined;
}

/** the pins a condition gives where it has the value `holds` */
function pinnedBy(condition: Expression, holds: boolean, bounds: Bounds): Pin[] {
  if (condition.kind === 'unary' && condition.operator === 'logicalNot')
    return pinnedBy(condition.operand, !holds, bounds);
  if (condition.kind !== 'binary') return [];
  const { operator } = condition;
  if ((operator === 'logicalAnd' && holds) || (operator === 'logicalOr' && !holds)) {
    return [...pinnedBy(condition.left, holds, bounds), ...pinnedBy(condition.right, holds, bounds)];
  }
  const left = stripWideningCasts(condition.left);
  const right = stripWideningCasts(condition.right);
  if ((operator === 'equal' && holds) || (operator === 'notEqual' && !holds)) {
    return [pinOf(left, right), pinOf(right, left)].filter((pin): pin is Pin => pin !== undefined).slice(0, 1);
  }
  const pin = boundPin(operator, holds, left, right, bounds);
  return pin === undefined ? [] : [pin];
}

/** `variable == value` as a pin, when value qualifies (see the header) */
function pinOf(variable: Expression, value: Expression): Pin | undefined {
  if (variable.kind !== 'variable') return undefined;
  const type = variable.variable.type;
  if (value.kind === 'constant') return inRange(value.value, type) ? { variable: variable.variable, value } : undefined;
  if (!sameType(value.type, type) || value.type.width <= 1 || mayBeUndefined(value)) return undefined;
  if (someSubexpression(value, (expression) => expression.kind === 'arrayRead')) return undefined;
  if (scalarsReadBy(value).has(variable.variable.id)) return undefined;
  return { variable: variable.variable, value };
}

function inRange(value: bigint, type: IntegerType): boolean {
  const range = typeRange(type);
  return type.width > 1 && range.minimum <= value && value <= range.maximum;
}

/** `x <= c` (or `x < c + 1`, `c >= x`, …) where x >= c is known: x is c (and the mirrored case) */
function boundPin(
  operator: string,
  holds: boolean,
  left: Expression,
  right: Expression,
  bounds: Bounds,
): Pin | undefined {
  // normalise to `variable <= c` (upper) or `variable >= c` (lower) holding
  const effective = holds ? operator : negated(operator);
  if (effective === undefined) return undefined;
  const [variableSide, constantSide, relation] =
    left.kind === 'variable' ? [left, right, effective] : [right, left, mirrored(effective)];
  if (variableSide.kind !== 'variable' || relation === undefined) return undefined;
  const value = constantValue(constantSide);
  const bound = bounds.get(variableSide.variable.id);
  if (value === undefined || bound === undefined) return undefined;
  const upper = relation === 'lessEqual' ? value : relation === 'less' ? value - 1n : undefined;
  const lower = relation === 'greaterEqual' ? value : relation === 'greater' ? value + 1n : undefined;
  const fixed =
    bound.direction === 'atLeast'
      ? upper === bound.value
        ? upper
        : undefined
      : lower === bound.value
        ? lower
        : undefined;
  if (fixed === undefined || !inRange(fixed, variableSide.variable.type)) return undefined;
  return {
    variable: variableSide.variable,
    value: { kind: 'constant', value: fixed, type: variableSide.variable.type },
  };
}

function negated(operator: string): string | undefined {
  return (
    { less: 'greaterEqual', lessEqual: 'greater', greater: 'lessEqual', greaterEqual: 'less' } as Record<string, string>
  )[operator];
}

function mirrored(operator: string): string | undefined {
  return (
    { less: 'greater', lessEqual: 'greaterEqual', greater: 'less', greaterEqual: 'lessEqual' } as Record<string, string>
  )[operator];
}

/** the block with each pin applied to the statements before the first that may change the pinned values */
function withPins(block: Block, pins: readonly Pin[]): Block {
  let current = block;
  for (const pin of pins) current = withPin(current, pin);
  return current;
}

function withPin(block: Block, pin: Pin): Block {
  const changing = [pin.variable, ...scalarsReadBy(pin.value).values()];
  let result: Statement[] | undefined;
  for (let position = 0; position < block.length; position++) {
    const statement = block[position]!;
    if (changing.some((variable) => writesScalar([statement], variable))) {
      if (result !== undefined) result.push(...block.slice(position));
      break;
    }
    const rewritten = rewriteStatement(statement, pin);
    if (result === undefined && rewritten !== statement) result = block.slice(0, position);
    result?.push(rewritten);
  }
  return result ?? block;
}

function rewriteStatement(statement: Statement, pin: Pin): Statement {
  const expression = (node: Expression): Expression => rewriteExpression(node, pin);
  if (statement.kind === 'arrayWrite') {
    return updateArrayWrite(
      statement,
      statement.indices.map((index) => rewriteIndex(expression(index), pin)),
      expression(statement.value),
    );
  }
  return visitStatementChildren(statement, expression, (nested) => withPin(nested, pin));
}

function rewriteExpression(expression: Expression, pin: Pin): Expression {
  if (expression.kind === 'arrayRead') {
    return updateArrayRead(
      expression,
      expression.indices.map((index) => rewriteIndex(rewriteExpression(index, pin), pin)),
    );
  }
  return visitExpressionChildren(expression, (child) => rewriteExpression(child, pin));
}

/** the index as the pinned variable when it is the pinned value */
function rewriteIndex(index: Expression, pin: Pin): Expression {
  const stripped = stripWideningCasts(index);
  const matches =
    pin.value.kind === 'constant'
      ? stripped.kind === 'constant' && stripped.value === pin.value.value
      : sameExpression(stripped, pin.value);
  if (!matches) return index;
  const variable = createVariableExpression(pin.variable);
  return sameType(variable.type, index.type) ? variable : createCast(variable, index.type);
}
