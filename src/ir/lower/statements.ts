// Lowering of C statements onto the IR's structured control flow.
//
// - for/while/do-while become the single IR loop (condition, body, update): for(I;C;S) B →
//   I; loop(C, B, [S]); while(C) B → loop(C, B, []); do B while(C) → loop(1, B, [if (!C) break]).
//   A condition with side effects moves into the body (or the update for do-while).
// - `return` inside an inlined function (or main) sets the result and a "returned" flag and leaves
//   the enclosing IR loops with `break`; after a loop that may have returned, `if (flag) break;` when
//   still inside a loop of the same function; statements after a possibly-returning statement at the
//   function's loop level are guarded with `if (!flag)`.
// - `switch` becomes one `if` per case section with a fall-through variable; `break` out of the
//   switch sets a flag handled like `return`.
// - `goto L` is first placed in structured statements where it can be (gotos.ts: loops from
//   backward gotos, moved statements for forward ones, break and continue); a goto to a statement
//   that only calls path-ending functions (the `ERROR: reach_error(); abort();` pattern) is lowered
//   by copying that statement; any other goto is unsupported.
// Function bodies (inlined calls) and statement expressions are reached from calls.ts and
// expressions.ts through `context.lowerer` (index.ts), not by import.

import type {
  CompoundStatement,
  Declaration,
  Expression as AstExpression,
  FunctionDefinition,
  SourceLocation,
  Statement as AstStatement,
} from '../../frontend/ast.js';
import {
  createAssert,
  createAssign,
  createBinary,
  createBreak,
  createConstant,
  createContinue,
  createIf,
  createLoop,
  createUnary,
  createVariableExpression,
  convertTo,
  intType,
} from '../factory.js';
import type { Block, Expression, IntegerType, ScalarVariable, Statement } from '../types.js';
import { visitBlock, visitStatementChildren } from '../visit.js';
import { promote } from './c-types.js';
import { evaluateConstant } from './constants.js';
import { type Context, type ExitFlag, type FunctionFrame, unsupported } from './context.js';
import { lowerDeclaration } from './declarations.js';
import { findLabel, structureGotos } from './gotos.js';
import { lowerCondition, lowerExpression, lowerForEffect, lowerRvalue } from './expressions.js';
import { endsPath } from './intrinsics.js';
import type { Scope, Value } from './model.js';
import { freeze } from './values.js';

function flagSet(flags: readonly ExitFlag[]): Expression {
  let result: Expression = createVariableExpression(flags[0]!.flag);
  for (const flag of flags.slice(1))
    result = createBinary('logicalOr', result, createVariableExpression(flag.flag), intType);
  return result;
}

/** Runs `lower` with a fresh "possibly set flags" set; returns the flags it may set (also merged outward). */
function trackFlags(context: Context, lower: () => void): Set<ExitFlag> {
  const saved = context.possiblySet;
  context.possiblySet = new Set();
  try {
    lower();
    return context.possiblySet;
  } finally {
    const set = context.possiblySet;
    context.possiblySet = saved;
    for (const flag of set) saved.add(flag);
  }
}

export function lowerItems(
  context: Context,
  scope: Scope,
  items: readonly (AstStatement | Declaration)[],
  out: Statement[],
): void {
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!;
    const set = trackFlags(context, () => {
      if (item.kind === 'declaration') lowerDeclaration(context, scope, item, out, false);
      else lowerStatement(context, scope, item, out);
    });
    const guards = [...set].filter((flag) => flag.loopDepth === context.loopDepth);
    if (guards.length > 0 && index < items.length - 1) {
      const rest: Statement[] = [];
      context.nested(items[index + 1]!.location, () => lowerItems(context, scope, items.slice(index + 1), rest));
      if (rest.length > 0) {
        for (const flag of guards) flag.used = true;
        out.push(createIf(createUnary('logicalNot', flagSet(guards), intType), rest, [], items[index + 1]!.location));
      }
      return;
    }
  }
}

export function lowerStatement(context: Context, scope: Scope, statement: AstStatement, out: Statement[]): void {
  const location = statement.location;
  context.lastLocation = location;
  switch (statement.kind) {
    case 'compound':
      lowerItems(context, scope.child(), statement.items, out);
      return;
    case 'expressionStatement':
      if (statement.expression !== undefined) lowerForEffect(context, scope, statement.expression, out);
      return;
    case 'if': {
      const condition = lowerCondition(context, scope, statement.condition, out);
      if (condition.kind === 'constant') {
        const taken = condition.value !== 0n ? statement.then : statement.else;
        if (taken !== undefined) lowerStatement(context, scope.child(), taken, out);
        return;
      }
      const thenBlock: Statement[] = [];
      const elseBlock: Statement[] = [];
      lowerStatement(context, scope.child(), statement.then, thenBlock);
      if (statement.else !== undefined) lowerStatement(context, scope.child(), statement.else, elseBlock);
      const first = thenBlock[0];
      if (
        elseBlock.length === 0 &&
        first?.kind === 'assert' &&
        first.condition.kind === 'constant' &&
        first.condition.value === 0n
      ) {
        // if (c) { reach_error(); ... } → assert(!c): the run stops at the failed assertion anyway
        out.push(
          createAssert(
            condition.kind === 'unary' && condition.operator === 'logicalNot'
              ? condition.operand
              : createUnary('logicalNot', condition, intType),
            first.location,
          ),
        );
        return;
      }
      if (thenBlock.length > 0 || elseBlock.length > 0) out.push(createIf(condition, thenBlock, elseBlock, location));
      return;
    }
    case 'while':
      lowerLoop(context, scope, 'while', undefined, statement.condition, undefined, statement.body, location, out);
      return;
    case 'doWhile':
      lowerLoop(context, scope, 'doWhile', undefined, statement.condition, undefined, statement.body, location, out);
      return;
    case 'for':
      lowerLoop(
        context,
        scope,
        'for',
        statement.init,
        statement.condition,
        statement.update,
        statement.body,
        location,
        out,
      );
      return;
    case 'break': {
      const target = context.frame.breakTargets[context.frame.breakTargets.length - 1];
      if (target === undefined) return unsupported(location, 'break outside a loop or switch');
      if (target === 'loop') {
        out.push(createBreak(location));
        return;
      }
      out.push(createAssign(target.flag, createConstant(1n, intType), location));
      context.possiblySet.add(target);
      return;
    }
    case 'continue':
      if (!context.frame.breakTargets.includes('loop')) return unsupported(location, 'continue outside a loop');
      out.push(createContinue(location));
      return;
    case 'return':
      lowerReturn(context, scope, statement.value, location, out);
      return;
    case 'goto':
      lowerGoto(context, scope, statement.label, location, out);
      return;
    case 'labeled':
      lowerStatement(context, scope, statement.body, out);
      return;
    case 'case':
    case 'default':
      return unsupported(location, `${statement.kind} label outside the top level of a switch body`);
    case 'switch':
      lowerSwitch(context, scope, statement, out);
      return;
    case 'asm':
      return unsupported(location, 'asm statement');
    default: {
      const never: never = statement;
      return never;
    }
  }
}

function lowerLoop(
  context: Context,
  scope: Scope,
  kind: 'for' | 'while' | 'doWhile',
  init: Declaration | AstExpression | undefined,
  condition: AstExpression | undefined,
  update: AstExpression | undefined,
  body: AstStatement,
  location: SourceLocation,
  out: Statement[],
): void {
  const loopScope = scope.child();
  if (init !== undefined) {
    if (init.kind === 'declaration') lowerDeclaration(context, loopScope, init, out, false);
    else lowerForEffect(context, loopScope, init, out);
  }
  const id = context.allocateLoopId();
  const frame = context.frame;
  frame.breakTargets.push('loop');
  context.loopDepth++;
  context.loopStack.push(id);
  const bodyBlock: Statement[] = [];
  const updateBlock: Statement[] = [];
  let loopCondition: Expression = createConstant(1n, intType);
  const set = trackFlags(context, () => {
    try {
      const conditionStatements: Statement[] = [];
      const conditionValue =
        condition === undefined
          ? createConstant(1n, intType)
          : lowerCondition(context, loopScope, condition, conditionStatements);
      const exitTest = (): Statement =>
        createIf(createUnary('logicalNot', conditionValue, intType), [createBreak(location)], [], location);
      if (kind !== 'doWhile') {
        if (conditionStatements.length === 0) loopCondition = conditionValue;
        else bodyBlock.push(...conditionStatements, exitTest());
      }
      lowerStatement(context, loopScope.child(), body, bodyBlock);
      if (kind === 'doWhile') {
        if (!(conditionValue.kind === 'constant' && conditionValue.value !== 0n))
          updateBlock.push(...conditionStatements, exitTest());
      } else if (update !== undefined) {
        lowerForEffect(context, loopScope, update, updateBlock);
      }
    } finally {
      context.loopDepth--;
      context.loopStack.pop();
      frame.breakTargets.pop();
    }
  });
  out.push(createLoop(id, loopCondition, bodyBlock, updateBlock, location));
  const outward = [...set].filter((flag) => flag.loopDepth < context.loopDepth);
  if (outward.length > 0) {
    for (const flag of outward) flag.used = true;
    out.push(createIf(flagSet(outward), [createBreak(location)], [], location));
  }
}

function lowerReturn(
  context: Context,
  scope: Scope,
  value: AstExpression | undefined,
  location: SourceLocation,
  out: Statement[],
): void {
  const frame = context.frame;
  if (value !== undefined) {
    if (frame.result !== undefined && frame.resultType !== undefined) {
      const expression = lowerRvalue(context, scope, value, out);
      out.push(createAssign(frame.result, convertTo(expression, frame.resultType), location));
    } else {
      const lowered = lowerExpression(context, scope, value, out);
      if (lowered.kind === 'pointer' && frame.name !== 'main')
        return unsupported(location, 'function returning a pointer');
    }
  }
  out.push(createAssign(frame.returnFlag.flag, createConstant(1n, intType), location));
  context.possiblySet.add(frame.returnFlag);
  if (context.loopDepth > frame.returnFlag.loopDepth) out.push(createBreak(location));
}

/** Removes every assignment to `variable` (an exit flag that no guard reads). */
function stripAssignments(block: Block, variable: ScalarVariable): Block {
  const keep = (expression: Expression): Expression => expression;
  return visitBlock(block, (statement) =>
    statement.kind === 'assign' && statement.target === variable
      ? []
      : visitStatementChildren(statement, keep, (nested) => stripAssignments(nested, variable)),
  );
}

function finishFlag(context: Context, flag: ExitFlag, block: Statement[], location: SourceLocation): Block {
  context.possiblySet.delete(flag);
  if (flag.used) return [createAssign(flag.flag, createConstant(0n, intType), location), ...block];
  context.removeScalar(flag.flag);
  return stripAssignments(block, flag.flag);
}

/** The frame of a function being inlined; lowerFunctionBody lowers the body with it. */
function createFrame(
  context: Context,
  name: string,
  definition: FunctionDefinition | undefined,
  result: ScalarVariable | undefined,
  resultType: IntegerType | undefined,
  location: SourceLocation,
): FunctionFrame {
  const returnFlag: ExitFlag = {
    kind: 'return',
    flag: context.freshScalar(`${name}_returned`, intType, location),
    loopDepth: context.loopDepth,
    used: false,
  };
  return { name, definition, returnFlag, result, resultType, breakTargets: [] };
}

export function lowerFunctionBody(
  context: Context,
  scope: Scope,
  name: string,
  definition: FunctionDefinition,
  result: ScalarVariable | undefined,
  resultType: IntegerType | undefined,
  location: SourceLocation,
): Block {
  // gotos placed in structured statements where they can be (gotos.ts); the frame keeps the
  // definition as written, where the gotos left find their labels (an error label's statement may
  // have been dropped as dead code from the structured body)
  const structured = structureGotos(definition, isTerminalSequence);
  const frame = createFrame(context, name, definition, result, resultType, location);
  context.frames.push(frame);
  const body: Statement[] = [];
  const saved = context.possiblySet;
  context.possiblySet = new Set();
  try {
    // parameters and the outermost block share one scope
    lowerItems(context, scope, structured.body.items, body);
  } finally {
    context.frames.pop();
    context.possiblySet = saved;
  }
  return finishFlag(context, frame.returnFlag, body, location);
}

export function lowerStatementExpression(
  context: Context,
  scope: Scope,
  body: CompoundStatement,
  out: Statement[],
): Value {
  const inner = scope.child();
  const items = body.items;
  const last = items[items.length - 1];
  if (last !== undefined && last.kind === 'expressionStatement' && last.expression !== undefined) {
    lowerItems(context, inner, items.slice(0, -1), out);
    return lowerExpression(context, inner, last.expression, out);
  }
  lowerItems(context, inner, items, out);
  return { kind: 'void' };
}

// ---------------------------------------------------------------- switch

interface Section {
  readonly values: bigint[];
  isDefault: boolean;
  readonly items: AstStatement[];
  readonly location: SourceLocation;
}

function containsCaseLabel(statement: AstStatement): boolean {
  switch (statement.kind) {
    case 'case':
    case 'default':
      return true;
    case 'compound':
      return statement.items.some((item) => item.kind !== 'declaration' && containsCaseLabel(item));
    case 'if':
      return containsCaseLabel(statement.then) || (statement.else !== undefined && containsCaseLabel(statement.else));
    case 'while':
    case 'doWhile':
    case 'for':
      return containsCaseLabel(statement.body);
    case 'labeled':
      return containsCaseLabel(statement.body);
    default:
      return false;
  }
}

function lowerSwitch(
  context: Context,
  scope: Scope,
  statement: Extract<AstStatement, { kind: 'switch' }>,
  out: Statement[],
): void {
  const location = statement.location;
  const discriminant = lowerRvalue(context, scope, statement.discriminant, out);
  const type = promote(discriminant.type);
  const value = freeze(context, convertTo(discriminant, type), 'switch_value', location, out);
  const bodyItems = statement.body.kind === 'compound' ? statement.body.items : [statement.body];
  const switchScope = scope.child();
  const sections: Section[] = [];
  for (const rawItem of bodyItems) {
    if (rawItem.kind === 'declaration')
      return unsupported(rawItem.location, 'declaration directly inside a switch body');
    let item: AstStatement = rawItem;
    let section: Section | undefined;
    while (item.kind === 'case' || item.kind === 'default') {
      if (section === undefined) {
        section = { values: [], isDefault: false, items: [], location: item.location };
        sections.push(section);
      }
      if (item.kind === 'case') {
        const constant = evaluateConstant(item.value, scope, context.dataModel);
        if (constant === undefined) return unsupported(item.location, 'non-constant case label');
        section.values.push(constant);
      } else section.isDefault = true;
      item = item.body;
    }
    if (containsCaseLabel(item))
      return unsupported(item.location, 'case label nested inside a statement of the switch body');
    const current = sections[sections.length - 1];
    if (current !== undefined) current.items.push(item); // statements before the first label are unreachable
  }
  const endsWithBreak = sections.map((section) => section.items[section.items.length - 1]?.kind === 'break');
  const sectionItems = sections.map((section, index) =>
    endsWithBreak[index] ? section.items.slice(0, -1) : section.items,
  );
  const fallsInto = sections.map((_, index) => index > 0 && !endsWithBreak[index - 1]);
  const needsFall = fallsInto.some((falls) => falls);
  const fall = needsFall ? context.freshScalar('switch_fall', intType, location) : undefined;
  const allValues = sections.flatMap((section) => section.values);
  const matches = (section: Section, index: number): Expression => {
    const tests: Expression[] = section.values.map((constant) =>
      createBinary('equal', value, convertTo(createConstant(constant, type), type), intType),
    );
    if (section.isDefault) {
      let none: Expression = createConstant(1n, intType);
      for (const constant of allValues) {
        const test = createBinary('notEqual', value, convertTo(createConstant(constant, type), type), intType);
        none = none.kind === 'constant' ? test : createBinary('logicalAnd', none, test, intType);
      }
      tests.push(none);
    }
    if (fall !== undefined && fallsInto[index]) tests.push(createVariableExpression(fall));
    if (tests.length === 0) return createConstant(0n, intType);
    return tests.reduce((left, right) => createBinary('logicalOr', left, right, intType));
  };
  const exitFlag: ExitFlag = {
    kind: 'switch',
    flag: context.freshScalar('switch_broken', intType, location),
    loopDepth: context.loopDepth,
    used: false,
  };
  const frame = context.frame;
  frame.breakTargets.push(exitFlag);
  const block: Statement[] = [];
  if (fall !== undefined) block.push(createAssign(fall, createConstant(0n, intType), location));
  const lowerSections = (start: number, target: Statement[]): void => {
    for (let index = start; index < sections.length; index++) {
      const section = sections[index]!;
      const body: Statement[] = [];
      if (fall !== undefined) body.push(createAssign(fall, createConstant(0n, intType), section.location));
      const set = trackFlags(context, () => lowerItems(context, switchScope, sectionItems[index]!, body));
      if (fall !== undefined && fallsInto[index + 1] === true)
        body.push(createAssign(fall, createConstant(1n, intType), section.location));
      target.push(createIf(matches(section, index), body, [], section.location));
      const guards = [...set].filter((flag) => flag.loopDepth === context.loopDepth);
      if (guards.length > 0 && index < sections.length - 1) {
        for (const flag of guards) flag.used = true;
        const rest: Statement[] = [];
        context.nested(sections[index + 1]!.location, () => lowerSections(index + 1, rest));
        target.push(createIf(createUnary('logicalNot', flagSet(guards), intType), rest, [], section.location));
        return;
      }
    }
  };
  try {
    lowerSections(0, block);
  } finally {
    frame.breakTargets.pop();
  }
  out.push(...finishFlag(context, exitFlag, block, location));
}

// ---------------------------------------------------------------- goto

/** Only calls with constant or string arguments, ending in a call that ends the path. */
export function isTerminalSequence(statement: AstStatement): boolean {
  const items = statement.kind === 'compound' ? statement.items : [statement];
  if (items.length === 0) return false;
  const simpleCall = (item: AstStatement | Declaration): string | undefined => {
    if (item.kind === 'compound' && isTerminalSequence(item)) return 'abort';
    if (
      item.kind !== 'expressionStatement' ||
      item.expression?.kind !== 'call' ||
      item.expression.callee.kind !== 'identifier'
    )
      return undefined;
    const constantArguments = item.expression.arguments.every(
      (argument) =>
        argument.kind === 'stringLiteral' ||
        argument.kind === 'integerConstant' ||
        argument.kind === 'characterConstant',
    );
    return constantArguments ? item.expression.callee.name : undefined;
  };
  const names = items.map(simpleCall);
  if (names.some((name) => name === undefined)) return false;
  return names.some((name) => endsPath(name!));
}

function lowerGoto(context: Context, scope: Scope, label: string, location: SourceLocation, out: Statement[]): void {
  const definition = context.frame.definition;
  const target = definition === undefined ? undefined : findLabel(definition.body, label);
  if (target === undefined) return unsupported(location, `goto to unknown label '${label}'`);
  if (!isTerminalSequence(target))
    return unsupported(
      location,
      `goto ${label}: no structured statement takes its place (a jump into a loop or into another block) and it is not a jump to a path-ending error label`,
    );
  lowerStatement(context, scope, target, out);
}
