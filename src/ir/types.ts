// The intermediate representation every encoder, analysis and the interpreter work on.
//
// A lowered program is one straight body (all calls inlined) over uniquely named scalar and array
// variables. Expressions are pure: side effects, nondet calls and short-circuit evaluation of
// side-effecting operands were moved into statements by lowering. Every expression carries its C
// integer type after the usual arithmetic conversions (lowering inserts explicit casts, so both
// operands of a binary arithmetic operator already have the result type; comparisons and logical
// operators have type `int` and yield 0 or 1).
//
// Semantics (shared by the interpreter and every encoder):
// - `int` semantics: values are mathematical integers; a cast is the identity except a cast to
//   `_Bool` (x != 0); a `havoc` picks a value in the target type's range. Overflow is not modelled,
//   so verdicts in this mode assume that no arithmetic overflow happens.
// - `bv` semantics: two's complement of each type's width; casts truncate or extend.
// - Arrays are total maps from (mathematical) indices to values: a read or write outside the
//   declared size touches a cell of the same array and never another object. C leaves such an access
//   undefined; we document this as an assumption of every verdict.
// - Division or remainder by zero makes the interpreter stop with `undefinedBehaviour`.
// - `assert` with a false condition is the property violation (reach_error); the run stops there.
// - `assume` with a false condition ends the run silently (abort(), exit(), assume_abort_if_not).
// - `loop` runs: while (condition) { body; update } where `continue` jumps to `update` and `break`
//   leaves the loop. Lowering maps for/while/do-while onto that one form.
//
// All nodes are immutable and built through `factory.ts`.

import type { SourceLocation } from '../location.js';

export type { SourceLocation };

export interface IntegerType {
  readonly kind: 'integer';
  /** bits of the value: 1 for _Bool, 8 for char, ... */
  readonly width: number;
  readonly signed: boolean;
  /** C spelling, for messages and printing: 'int', 'unsigned char', '_Bool', ... */
  readonly name: string;
}

export interface ScalarVariable {
  readonly kind: 'scalar';
  /** unique within a program */
  readonly id: number;
  /** unique within a program, SMT-friendly: letters, digits, '_', '.', '!' */
  readonly name: string;
  /** the C name it came from, for messages */
  readonly sourceName: string;
  readonly type: IntegerType;
  readonly location: SourceLocation | undefined;
}

export interface ArrayVariable {
  readonly kind: 'array';
  readonly id: number;
  readonly name: string;
  readonly sourceName: string;
  readonly elementType: IntegerType;
  /**
   * One size per dimension, outermost first. Each is a constant or refers only to scalar variables
   * that are never assigned after the array's declaration (lowering freezes VLA sizes into fresh
   * variables). A block from malloc has one dimension: its element count.
   */
  readonly sizes: readonly Expression[];
  readonly location: SourceLocation | undefined;
}

export type Variable = ScalarVariable | ArrayVariable;

export type UnaryOperator = 'negate' | 'bitwiseNot' | 'logicalNot';

export type ArithmeticOperator =
  | 'add'
  | 'subtract'
  | 'multiply'
  | 'divide'
  | 'remainder'
  | 'shiftLeft'
  | 'shiftRight'
  | 'bitwiseAnd'
  | 'bitwiseOr'
  | 'bitwiseXor';
export type ComparisonOperator = 'less' | 'lessEqual' | 'greater' | 'greaterEqual' | 'equal' | 'notEqual';
export type LogicalOperator = 'logicalAnd' | 'logicalOr';
export type BinaryOperator = ArithmeticOperator | ComparisonOperator | LogicalOperator;

export type Expression =
  | ConstantExpression
  | VariableExpression
  | ArrayReadExpression
  | UnaryExpression
  | BinaryExpression
  | ConditionalExpression
  | CastExpression;

export interface ConstantExpression {
  readonly kind: 'constant';
  readonly value: bigint;
  readonly type: IntegerType;
}
export interface VariableExpression {
  readonly kind: 'variable';
  readonly variable: ScalarVariable;
  readonly type: IntegerType;
}
export interface ArrayReadExpression {
  readonly kind: 'arrayRead';
  readonly array: ArrayVariable;
  /** exactly one index per dimension */
  readonly indices: readonly Expression[];
  readonly type: IntegerType;
}
export interface UnaryExpression {
  readonly kind: 'unary';
  readonly operator: UnaryOperator;
  readonly operand: Expression;
  readonly type: IntegerType;
}
export interface BinaryExpression {
  readonly kind: 'binary';
  readonly operator: BinaryOperator;
  readonly left: Expression;
  readonly right: Expression;
  readonly type: IntegerType;
}
export interface ConditionalExpression {
  readonly kind: 'conditional';
  readonly condition: Expression;
  readonly then: Expression;
  readonly else: Expression;
  readonly type: IntegerType;
}
export interface CastExpression {
  readonly kind: 'cast';
  readonly operand: Expression;
  readonly type: IntegerType;
}

export type Block = readonly Statement[];

export type Statement =
  | AssignStatement
  | ArrayWriteStatement
  | HavocStatement
  | ArrayHavocStatement
  | ArrayFillStatement
  | AssumeStatement
  | AssertStatement
  | IfStatement
  | LoopStatement
  | BreakStatement
  | ContinueStatement;

export interface AssignStatement {
  readonly kind: 'assign';
  readonly target: ScalarVariable;
  readonly value: Expression;
  readonly location: SourceLocation;
}
export interface ArrayWriteStatement {
  readonly kind: 'arrayWrite';
  readonly array: ArrayVariable;
  readonly indices: readonly Expression[];
  readonly value: Expression;
  readonly location: SourceLocation;
}
/**
 * Where a havoc's value comes from in a real run: 'input' is the value of a `__VERIFIER_nondet_*`
 * call (what a test harness feeds the program); 'indeterminate' is a value C leaves unspecified
 * (an uninitialised local, a parameter of the entry function) or one an abstraction introduced.
 */
export type HavocOrigin = 'input' | 'indeterminate';
/** target := a nondeterministic value in the range of target.type */
export interface HavocStatement {
  readonly kind: 'havoc';
  readonly target: ScalarVariable;
  readonly origin: HavocOrigin;
  readonly location: SourceLocation;
}
/** every cell of the array gets a nondeterministic value in the element type's range */
export interface ArrayHavocStatement {
  readonly kind: 'arrayHavoc';
  readonly array: ArrayVariable;
  readonly location: SourceLocation;
}
/** every cell of the array (the whole index space) gets `value` (zero-initialisation, calloc) */
export interface ArrayFillStatement {
  readonly kind: 'arrayFill';
  readonly array: ArrayVariable;
  readonly value: Expression;
  readonly location: SourceLocation;
}
export interface AssumeStatement {
  readonly kind: 'assume';
  readonly condition: Expression;
  readonly location: SourceLocation;
}
export interface AssertStatement {
  readonly kind: 'assert';
  readonly condition: Expression;
  readonly location: SourceLocation;
}
export interface IfStatement {
  readonly kind: 'if';
  readonly condition: Expression;
  readonly then: Block;
  readonly else: Block;
  readonly location: SourceLocation;
}
export interface LoopStatement {
  readonly kind: 'loop';
  /** unique within a program; numbered in source order from 0 */
  readonly id: number;
  readonly condition: Expression;
  readonly body: Block;
  /** runs after the body and after `continue` */
  readonly update: Block;
  readonly location: SourceLocation;
}
export interface BreakStatement {
  readonly kind: 'break';
  readonly location: SourceLocation;
}
export interface ContinueStatement {
  readonly kind: 'continue';
  readonly location: SourceLocation;
}

export interface Program {
  /** the file it was read from, for diagnostics */
  readonly file: string;
  readonly scalars: readonly ScalarVariable[];
  readonly arrays: readonly ArrayVariable[];
  /** global initialisation first, then main's body */
  readonly body: Block;
  /** the data model it was lowered with; fixes the widths of long and pointers */
  readonly dataModel: DataModel;
}

export type DataModel = 'ILP32' | 'LP64';

export type Semantics = 'int' | 'bv';

/**
 * What a verdict is about. `c` (the default): C's integers as gcc computes them (unsigned arithmetic
 * modulo 2^w, conversions as C defines them), assuming no undefined behaviour; the encodings compute
 * in `int` on the program with wrap checks (analysis/wrap-checks.ts, kernel/c-semantics.ts).
 * `int` and `bv` are the semantics of that name (mathematical integers: research only).
 */
export type VerdictSemantics = 'c' | Semantics;

/**
 * The property a verdict is about: `unreach-call` (no assertion fails: SV-COMP's reach_error) or
 * `no-overflow` (no signed arithmetic overflows: SV-COMP's no-overflow.prp; checked in `c` only).
 */
export type PropertyKind = 'unreach-call' | 'no-overflow';
