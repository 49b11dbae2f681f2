// Paper 004, Sect. II-A and II-C, on the IR: the variable classes of one loop and how each of its
// input-output variables may be accelerated.
//
// Classes (over the loop's condition c, body B and update U, nested loops included):
// - O: the program variables some statement of B or U writes (scalars and arrays);
// - IO: those of O that B, U or c read. Every written array is IO: a cell write makes the new array
//   from the old one;
// - PO: O minus IO (written, never read): their values after an iteration depend only on I ∪ IO;
// - I: everything else the loop reads (never written by it).
//
// Acceleration of an IO scalar v (Sect. II-C), decided from every statement of B and U that writes
// v:
// - increment `v = v + β` / `v = v - β` outside nested loops, with β reading only constants and
//   scalars of I (no arrays, nothing whose evaluation can be undefined), in int semantics (casts
//   other than to _Bool are the identity there; in bv semantics a sum of increments wraps, so
//   increments are not accelerated);
// - reset `v = γ`, anywhere (also in nested loops), with γ of the same kind as β;
// - anything else (havoc, any other assignment, an increment inside a nested loop): v is havocked.
// Only resets: v ∈ {v⁰, γ₁, …} (eq. 1). Only increments: v = v⁰ + Σ kᵢ·βᵢ where kᵢ is the count of
// the increment's region (regions.ts; eq. 2–4 with the structural relations of Fig. 1d). Both:
// v = v' + Σ kᵢ·βᵢ with v' ∈ {v⁰, γ₁, …} and 0 ≤ kᵢ ≤ the region's count (eq. 5–6).

import {
  containsJump,
  forEachStatement,
  isVariableExpression,
  mayBeUndefined,
  scalarsReadIn,
  someSubexpression,
  stripCasts,
  writtenVariables,
} from '../../ir/visit.js';
import type {
  ArrayVariable,
  AssignStatement,
  Block,
  Expression,
  LoopStatement,
  ScalarVariable,
  Semantics,
  SourceLocation,
  Statement,
} from '../../ir/types.js';

export interface Increment {
  readonly statement: AssignStatement;
  /** β: the amount added (its negation when `negative`) */
  readonly step: Expression;
  readonly negative: boolean;
}

export type Acceleration =
  | { readonly kind: 'selfRecurrent'; readonly variable: ScalarVariable; readonly increments: readonly Increment[] }
  | {
      readonly kind: 'selfRecurrentWithReset';
      readonly variable: ScalarVariable;
      readonly increments: readonly Increment[];
      readonly resets: readonly Expression[];
    }
  | { readonly kind: 'nonRecurrent'; readonly variable: ScalarVariable; readonly resets: readonly Expression[] }
  | { readonly kind: 'havoc'; readonly variable: ScalarVariable; readonly why: string };

export interface LoopClasses {
  readonly loop: LoopStatement;
  readonly inputs: readonly (ScalarVariable | ArrayVariable)[];
  readonly inputOutputs: readonly (ScalarVariable | ArrayVariable)[];
  readonly pureOutputs: readonly (ScalarVariable | ArrayVariable)[];
  /** one per IO scalar */
  readonly accelerations: readonly Acceleration[];
  /** the IO arrays: havocked at the start of each abstract iteration */
  readonly havockedArrays: readonly ArrayVariable[];
  /** an assertion in B or U (nested loops included): the induction form of Sect. II-D */
  readonly containsAssertion: boolean;
  /** the loop can be left by a `break` of its own */
  readonly breaks: boolean;
}

/** the statements of the block outside nested loops (if-branches included) */
export function statementsOutsideNestedLoops(block: Block, into: Statement[] = []): Statement[] {
  for (const statement of block) {
    into.push(statement);
    if (statement.kind === 'if') {
      statementsOutsideNestedLoops(statement.then, into);
      statementsOutsideNestedLoops(statement.else, into);
    }
  }
  return into;
}

function readsArray(expression: Expression): boolean {
  return someSubexpression(expression, (node) => node.kind === 'arrayRead');
}

/** β or γ: constants and scalars the loop never writes; no array read, nothing that can be undefined */
function isInvariant(expression: Expression, written: ReadonlyMap<number, ScalarVariable>): boolean {
  if (readsArray(expression) || mayBeUndefined(expression)) return false;
  return !someSubexpression(expression, (node) => node.kind === 'variable' && written.has(node.variable.id));
}

/** `v = v ± β` with casts stripped (int semantics), or undefined */
function incrementOf(statement: AssignStatement, written: ReadonlyMap<number, ScalarVariable>): Increment | undefined {
  const value = stripCasts(statement.value);
  if (value.kind !== 'binary' || (value.operator !== 'add' && value.operator !== 'subtract')) return undefined;
  const left = stripCasts(value.left);
  const right = stripCasts(value.right);
  const isTarget = (expression: Expression): boolean => isVariableExpression(expression, statement.target);
  if (isTarget(left) && isInvariant(right, written))
    return { statement, step: right, negative: value.operator === 'subtract' };
  if (value.operator === 'add' && isTarget(right) && isInvariant(left, written))
    return { statement, step: left, negative: false };
  return undefined;
}

function accelerationOf(
  variable: ScalarVariable,
  loop: LoopStatement,
  written: ReadonlyMap<number, ScalarVariable>,
  outside: ReadonlySet<Statement>,
  semantics: Semantics,
): Acceleration {
  const increments: Increment[] = [];
  const resets: Expression[] = [];
  let other: { why: string; location: SourceLocation } | undefined;
  forEachStatement([...loop.body, ...loop.update], (statement) => {
    if (other !== undefined) return;
    if (statement.kind === 'havoc' && statement.target.id === variable.id) {
      other = { why: 'gets a nondeterministic value', location: statement.location };
      return;
    }
    if (statement.kind !== 'assign' || statement.target.id !== variable.id) return;
    if (isInvariant(statement.value, written)) {
      resets.push(statement.value);
      return;
    }
    const increment = semantics === 'int' ? incrementOf(statement, written) : undefined;
    if (increment !== undefined && outside.has(statement)) {
      increments.push(increment);
      return;
    }
    other = {
      why:
        increment !== undefined
          ? 'is incremented inside a nested loop'
          : 'is assigned an expression that is neither v + β nor a reset',
      location: statement.location,
    };
  });
  if (other !== undefined)
    return { kind: 'havoc', variable, why: `${other.why} at ${other.location.line}:${other.location.column}` };
  if (increments.length === 0) return { kind: 'nonRecurrent', variable, resets };
  if (resets.length === 0) return { kind: 'selfRecurrent', variable, increments };
  return { kind: 'selfRecurrentWithReset', variable, increments, resets };
}

export function classifyLoop(loop: LoopStatement, semantics: Semantics): LoopClasses {
  const blocks = [loop.body, loop.update];
  const written = writtenVariables(...blocks);
  const readScalars = scalarsReadIn(blocks, [loop.condition]);
  const readArrays = new Map<number, ArrayVariable>();
  const noteReads = (expression: Expression): void => {
    someSubexpression(expression, (node) => {
      if (node.kind === 'arrayRead') readArrays.set(node.array.id, node.array);
      return false;
    });
  };
  noteReads(loop.condition);
  forEachStatement([...loop.body, ...loop.update], (statement) => {
    switch (statement.kind) {
      case 'assign':
        noteReads(statement.value);
        return;
      case 'arrayWrite':
        statement.indices.forEach(noteReads);
        noteReads(statement.value);
        return;
      case 'arrayFill':
        noteReads(statement.value);
        return;
      case 'assume':
      case 'assert':
      case 'if':
      case 'loop':
        noteReads(statement.condition);
        return;
      default:
        return;
    }
  });
  const outside = new Set(statementsOutsideNestedLoops([...loop.body, ...loop.update]));
  const inputOutputs: (ScalarVariable | ArrayVariable)[] = [];
  const pureOutputs: (ScalarVariable | ArrayVariable)[] = [];
  const accelerations: Acceleration[] = [];
  for (const variable of written.scalars.values()) {
    if (!readScalars.has(variable.id)) {
      pureOutputs.push(variable);
      continue;
    }
    inputOutputs.push(variable);
    accelerations.push(accelerationOf(variable, loop, written.scalars, outside, semantics));
  }
  inputOutputs.push(...written.arrays.values());
  const inputs = [
    ...[...readScalars.values()].filter((variable) => !written.scalars.has(variable.id)),
    ...[...readArrays.values()].filter((array) => !written.arrays.has(array.id)),
  ];
  let containsAssertion = false;
  forEachStatement([...loop.body, ...loop.update], (statement) => {
    containsAssertion ||= statement.kind === 'assert';
  });
  return {
    loop,
    inputs,
    inputOutputs,
    pureOutputs,
    accelerations,
    havockedArrays: [...written.arrays.values()],
    containsAssertion,
    breaks: containsJump(loop.body, 'break') || containsJump(loop.update, 'break'),
  };
}
