// The model of the programs of the C-semantics generator (c-semantics.ts): types, expressions,
// statements and the whole program, and the integer types' limits per data model.

import type { DifferentialProgram } from '../../src/execution/differential.js';
import type { DataModel } from '../../src/ir/types.js';

/** int first: fast-check shrinks a type towards it */
export const integerTypeNames = [
  'int',
  '_Bool',
  'char',
  'signed char',
  'unsigned char',
  'short',
  'unsigned short',
  'unsigned int',
  'long',
  'unsigned long',
  'long long',
  'unsigned long long',
] as const;
export type IntegerTypeName = (typeof integerTypeNames)[number];

function typeBits(type: IntegerTypeName, dataModel: DataModel): number {
  switch (type) {
    case '_Bool':
      return 1;
    case 'char':
    case 'signed char':
    case 'unsigned char':
      return 8;
    case 'short':
    case 'unsigned short':
      return 16;
    case 'int':
    case 'unsigned int':
      return 32;
    case 'long':
    case 'unsigned long':
      return dataModel === 'LP64' ? 64 : 32;
    case 'long long':
    case 'unsigned long long':
      return 64;
    default: {
      const never: never = type;
      throw new Error(`unknown type ${String(never)}`);
    }
  }
}

export function typeLimits(
  type: IntegerTypeName,
  dataModel: DataModel,
): { readonly minimum: bigint; readonly maximum: bigint } {
  const bits = BigInt(typeBits(type, dataModel));
  if (type === '_Bool') return { minimum: 0n, maximum: 1n };
  const signed = !type.startsWith('unsigned');
  return signed
    ? { minimum: -(1n << (bits - 1n)), maximum: (1n << (bits - 1n)) - 1n }
    : { minimum: 0n, maximum: (1n << bits) - 1n };
}

// ---------------------------------------------------------------- model

/** an index into a dimension: printed in range of the dimension's size */
export type IndexModel =
  | { readonly kind: 'constant'; readonly value: number }
  | { readonly kind: 'masked'; readonly expression: ExpressionModel }
  | { readonly kind: 'modulo'; readonly expression: ExpressionModel };

export type LvalueModel =
  /** g0, g1, v0..v3, p, q, r; loop counters k0, k1 are read-only scalars */
  | { readonly kind: 'scalar'; readonly name: string }
  /** a field of main's s, of the global gs or of the helper's struct parameter t */
  | { readonly kind: 'field'; readonly base: 's' | 'gs' | 't'; readonly field: number }
  | { readonly kind: 'globalCell'; readonly index: IndexModel }
  | { readonly kind: 'structCell'; readonly index: IndexModel; readonly field: number }
  | { readonly kind: 'matrixCell'; readonly row: IndexModel; readonly column: IndexModel };

export type ArithmeticOperator =
  '+' | '-' | '*' | '&' | '|' | '^' | '<' | '<=' | '>' | '>=' | '==' | '!=' | '&&' | '||';

export type ExpressionModel =
  | { readonly kind: 'constant'; readonly text: string }
  | { readonly kind: 'read'; readonly target: LvalueModel }
  | { readonly kind: 'unary'; readonly operator: '-' | '~' | '!' | '+'; readonly operand: ExpressionModel }
  | { readonly kind: 'cast'; readonly type: IntegerTypeName; readonly operand: ExpressionModel }
  | {
      readonly kind: 'binary';
      readonly operator: ArithmeticOperator;
      readonly left: ExpressionModel;
      readonly right: ExpressionModel;
    }
  | {
      readonly kind: 'shift';
      readonly operator: '<<' | '>>';
      readonly left: ExpressionModel;
      readonly right: ExpressionModel;
    }
  | {
      readonly kind: 'division';
      readonly operator: '/' | '%';
      readonly left: ExpressionModel;
      readonly right: ExpressionModel;
    }
  | {
      readonly kind: 'conditional';
      readonly condition: ExpressionModel;
      readonly then: ExpressionModel;
      readonly else: ExpressionModel;
    }
  /** helper(first, second, third): the struct is passed by value */
  | {
      readonly kind: 'call';
      readonly first: ExpressionModel;
      readonly second: ExpressionModel;
      readonly third: StructReference;
    };

/** a side effect on a local scalar or field (main's v0..v3, s.f0..s.f2) inside an expression */
export type EffectModel =
  | {
      readonly kind: 'increment';
      readonly operator: '++' | '--';
      readonly prefix: boolean;
      readonly target: LvalueModel;
    }
  | {
      readonly kind: 'assignment';
      readonly operator: '=' | '+=' | '-=' | '*=' | '&=' | '|=' | '^=';
      readonly target: LvalueModel;
      readonly value: ExpressionModel;
    };

export type CompoundOperator = '+=' | '-=' | '*=' | '&=' | '|=' | '^=' | '/=' | '%=' | '<<=' | '>>=';
export type StructReference =
  { readonly kind: 's' } | { readonly kind: 'gs' } | { readonly kind: 'sa'; readonly index: IndexModel };

export type StatementModel =
  | { readonly kind: 'assign'; readonly target: LvalueModel; readonly value: ExpressionModel }
  | {
      readonly kind: 'compound';
      readonly target: LvalueModel;
      readonly operator: CompoundOperator;
      readonly value: ExpressionModel;
    }
  | {
      readonly kind: 'increment';
      readonly target: LvalueModel;
      readonly operator: '++' | '--';
      readonly prefix: boolean;
    }
  /** target = other OP (effect), other && (effect), other || (effect), other , (effect) or other ? (effect) : second */
  | {
      readonly kind: 'effect';
      readonly target: LvalueModel;
      readonly shape: ArithmeticOperator | '?:' | ',';
      readonly other: ExpressionModel;
      readonly second: ExpressionModel;
      readonly effect: EffectModel;
    }
  | { readonly kind: 'structCopy'; readonly target: StructReference; readonly source: StructReference }
  | {
      readonly kind: 'if';
      readonly condition: ExpressionModel;
      readonly then: readonly StatementModel[];
      readonly else: readonly StatementModel[];
    }
  /** for (int kD = 0; kD < bound; kD++) or the do-while form; the bound is a constant or `(e) & 3` */
  | {
      readonly kind: 'loop';
      readonly form: 'for' | 'doWhile';
      readonly bound: ExpressionModel;
      readonly guard: EffectModel | undefined;
      readonly body: readonly StatementModel[];
    }
  /** if (other OP (effect)) or if (other ? (effect) : second) */
  | {
      readonly kind: 'effectIf';
      readonly shape: ArithmeticOperator | '?:' | ',';
      readonly other: ExpressionModel;
      readonly second: ExpressionModel;
      readonly effect: EffectModel;
      readonly then: readonly StatementModel[];
      readonly else: readonly StatementModel[];
    }
  /** ga[(effect) & 3] OP value, sa[(effect) & 1].fN OP value or m[(effect) & 1][2] OP value: a side effect in the target's index */
  | {
      readonly kind: 'indexEffect';
      readonly array: 'ga' | 'sa' | 'm';
      readonly field: number;
      readonly effect: EffectModel;
      readonly operator: '=' | '+=' | '^=' | '*=';
      readonly value: ExpressionModel;
    }
  /** target = __VERIFIER_nondet_<type>() anywhere: the input vectors carry extra values for these */
  | { readonly kind: 'nondet'; readonly target: LvalueModel; readonly type: IntegerTypeName }
  | { readonly kind: 'jumpIf'; readonly condition: ExpressionModel; readonly jump: 'break' | 'continue' }
  | { readonly kind: 'assert'; readonly condition: ExpressionModel }
  | { readonly kind: 'errorIf'; readonly condition: ExpressionModel }
  | { readonly kind: 'assume'; readonly condition: ExpressionModel }
  | { readonly kind: 'returnIf'; readonly condition: ExpressionModel; readonly value: ExpressionModel };

export type InitialiserModel =
  { readonly kind: 'constant'; readonly text: string } | { readonly kind: 'nondet'; readonly type: IntegerTypeName };
export interface PrologueInput {
  readonly target: LvalueModel;
  readonly type: IntegerTypeName;
}
/** a value of one nondet site in one run: a special value of the site's type, or uniform over it */
export type InputChoice =
  { readonly kind: 'special'; readonly index: number } | { readonly kind: 'uniform'; readonly bits: bigint };

export interface CProgramModel {
  readonly fieldTypes: readonly IntegerTypeName[];
  readonly globalTypes: readonly IntegerTypeName[];
  readonly globalInitial: readonly (string | undefined)[];
  readonly globalArrayType: IntegerTypeName;
  readonly globalArrayInitial: readonly string[] | undefined;
  readonly globalStructInitial: readonly string[] | undefined;
  readonly localTypes: readonly IntegerTypeName[];
  readonly localInitial: readonly InitialiserModel[];
  readonly structInitial: readonly string[];
  readonly structArrayInitial: readonly (readonly string[])[];
  readonly matrixType: IntegerTypeName;
  readonly matrixInitial: readonly (readonly string[])[];
  readonly prologue: readonly PrologueInput[];
  readonly helper: {
    readonly returnType: IntegerTypeName;
    readonly parameterTypes: readonly IntegerTypeName[];
    readonly localType: IntegerTypeName;
    readonly localInitial: ExpressionModel;
    readonly body: readonly StatementModel[];
    readonly result: ExpressionModel;
  };
  readonly body: readonly StatementModel[];
  /** per run, one choice per possible nondet site (only the program's sites are used) */
  readonly inputs: readonly (readonly InputChoice[])[];
  /** the types of the values each input vector has after the sites' (for nondet statements, in the order they run) */
  readonly extraInputTypes: readonly IntegerTypeName[];
  /** per run, one choice per extra value */
  readonly extraInputs: readonly (readonly InputChoice[])[];
}

export interface GeneratedCProgram {
  readonly program: DifferentialProgram;
  readonly inputs: readonly (readonly bigint[])[];
  readonly dataModel: DataModel;
  readonly model: CProgramModel;
}
