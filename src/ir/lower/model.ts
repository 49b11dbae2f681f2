// The shapes lowering works with, as types only (the bottom of src/ir/lower: it imports no file of
// this folder). They refer to one another, so they stand together:
// - C types (`CType`; built and measured in c-types.ts);
// - block scopes and their bindings (`Scope`; implemented by scope.ts);
// - objects of the C program and how they map onto IR variables (`ObjectNode`; objects.ts): a
//   struct is flattened to one node per field, an array of structs to one array per field, a
//   pointer variable is a slot statically bound to one object, a pointer stored in an array or a
//   struct is opaque (its nullness only);
// - the result of lowering one expression (`Value`, `PointerValue`, `Allocation`; values.ts);
// - the cells of an array of pointers and the row allocations recorded for them (rows.ts).

import type { Expression as AstExpression, SourceLocation } from '../../frontend/ast.js';
import type {
  ArrayVariable,
  ArrayWriteStatement,
  Expression,
  IntegerType,
  ScalarVariable,
  Statement,
} from '../types.js';

// ---------------------------------------------------------------- C types

export interface StructDefinition {
  readonly tag: string | undefined;
  readonly isUnion: boolean;
  fields: { readonly name: string; readonly ctype: CType }[] | undefined;
  readonly location: SourceLocation;
}

export type ArraySize =
  | { readonly kind: 'constant'; readonly value: bigint }
  | { readonly kind: 'variable'; readonly expression: AstExpression; readonly scope: Scope }
  | { readonly kind: 'incomplete' };

export type CType =
  | { readonly kind: 'void' }
  | { readonly kind: 'integer'; readonly type: IntegerType }
  | { readonly kind: 'float'; readonly name: string }
  | { readonly kind: 'pointer'; readonly target: CType }
  | { readonly kind: 'array'; readonly element: CType; readonly size: ArraySize }
  | { readonly kind: 'struct'; readonly definition: StructDefinition }
  | {
      readonly kind: 'function';
      readonly returnType: CType;
      readonly parameters: readonly {
        readonly name: string | undefined;
        readonly ctype: CType;
        readonly location: SourceLocation;
      }[];
      readonly isVariadic: boolean;
      readonly isUnprototyped: boolean;
    };

// ---------------------------------------------------------------- scopes

export type Binding =
  | { readonly kind: 'object'; readonly node: ObjectNode }
  | { readonly kind: 'enumConstant'; readonly value: bigint; readonly type: IntegerType }
  | { readonly kind: 'typedef'; readonly ctype: CType }
  | { readonly kind: 'function'; readonly name: string; readonly ctype: CType }
  /** declared but not usable (e.g. a floating-point global); using it is unsupported */
  | { readonly kind: 'unavailable'; readonly reason: string; readonly location: SourceLocation };

export type TagBinding = { readonly kind: 'struct'; readonly definition: StructDefinition } | { readonly kind: 'enum' };

/** A block scope: ordinary identifiers and tags, looked up from the innermost scope outward. */
export interface Scope {
  readonly parent: Scope | undefined;
  /** a new scope nested in this one */
  child(): Scope;
  declare(name: string, binding: Binding): void;
  lookup(name: string): Binding | undefined;
  declareTag(name: string, binding: TagBinding): void;
  lookupTag(name: string): TagBinding | undefined;
  /** the tag declared in this very scope, not in an enclosing one */
  lookupOwnTag(name: string): TagBinding | undefined;
  /** the outermost scope (file scope) */
  root(): Scope;
}

// ---------------------------------------------------------------- objects

export interface PointerTarget {
  /** the object pointed into */
  readonly object: ObjectNode;
  /** true: the pointer points at the first element of `object` (an array); false: at `object` itself */
  readonly isArray: boolean;
  /** the block was created by an allocation executed inside a loop */
  readonly allocatedInLoop: boolean;
}

export interface PointerSlot {
  target: PointerTarget | undefined;
  /** the element it points at inside an array target (`int *p = a + 2`), frozen when it was bound; undefined: the first */
  offset?: Expression;
  /** the variable `offset` reads when the pointer may move (walks.ts): a move assigns it */
  walk?: ScalarVariable;
  /** a pointer that may be NULL (struct-rows.ts): its truth, nonzero when it is not NULL */
  nullness?: Expression;
  /** a pointer to a struct that holds NULL or blocks of its own allocations only (struct-rows.ts) */
  fresh?: FreshSlot;
  readonly sourceName: string;
  readonly location: SourceLocation | undefined;
}

/**
 * A pointer to a struct bound to NULL or to fresh blocks only (`struct S *s = NULL; if (…) s =
 * malloc(sizeof(struct S));`): one struct of scalars stands for the latest block, `flag` says whether
 * the pointer is NULL. Copies of the pointer are refused; storing it into an array of struct pointers
 * copies the fields (struct-rows.ts).
 */
export interface FreshSlot {
  readonly flag: ScalarVariable;
  /** the IR loops around the declaration that initialised the pointer (outermost first); undefined: no such declaration */
  declaredLoops: readonly number[] | undefined;
  /** the array of struct pointers the current block was stored into, if it was */
  stored: StructPointerArray | undefined;
}

export type ObjectNode =
  | { readonly kind: 'scalar'; readonly variable: ScalarVariable; readonly ctype: CType }
  | {
      readonly kind: 'cell';
      readonly array: ArrayVariable;
      readonly indices: readonly Expression[];
      readonly ctype: CType;
    }
  | { readonly kind: 'struct'; readonly fields: ReadonlyMap<string, ObjectNode>; readonly ctype: CType }
  | { readonly kind: 'pointer'; readonly slot: PointerSlot; readonly ctype: CType };

// ---------------------------------------------------------------- rows of arrays of pointers

/** A pointer cell of an array of pointers: the array of nullness flags, the indices, the pointee. */
export interface PointerCell {
  readonly flags: ArrayVariable;
  readonly indices: readonly Expression[];
  readonly pointee: CType;
}

export interface RowAllocation {
  readonly statement: ArrayWriteStatement;
  /** the array of pointers it stores into */
  readonly flags: ArrayVariable;
  readonly location: SourceLocation;
  /** why this allocation cannot be a row, should the rows be dereferenced */
  readonly refusal: string | undefined;
  /** malloc (havoc) or calloc (zero) */
  readonly fill: 'havoc' | 'zero';
}

// ---------------------------------------------------------------- values of expressions

/** A block from malloc/calloc/alloca whose element type is known only once it is bound to a pointer. */
export interface Allocation {
  readonly kind: 'allocation';
  /** element count, if the size was written as n * sizeof(T) or sizeof(T) * n or sizeof(T) */
  readonly count: Expression | undefined;
  /** the byte count, used when `count` is undefined */
  readonly bytes: Expression;
  readonly sizeofType: CType | undefined;
  readonly fill: 'havoc' | 'zero';
  readonly location: SourceLocation;
}

export type PointerValue =
  | { readonly kind: 'null' }
  /** a pointer loaded from an array or struct: only its nullness (`flag` nonzero: not NULL) is known */
  | { readonly kind: 'opaque'; readonly flag: Expression; readonly cell: PointerCell | undefined }
  | {
      readonly kind: 'target';
      readonly target: PointerTarget;
      readonly offset: Expression | undefined;
      /** the pointer's truth when it may be NULL (undefined: never NULL) */
      readonly nullness?: Expression;
      /** the pointer variable the value was read from */
      readonly origin?: PointerSlot;
    }
  | Allocation;

/** What lowering records of one array of pointers to structs whose cells are dereferenced (struct-rows.ts). */
export interface StructPointerArray {
  /** the pointees: a struct object of arrays with the pointer array's dimensions */
  readonly rows: ObjectNode;
  readonly rowArrays: readonly ArrayVariable[];
  /** why a store cannot be modelled by the rows: refused once the rows are dereferenced */
  refusal: { readonly location: SourceLocation; readonly message: string } | undefined;
  /** where a cell was first dereferenced */
  dereferenced: SourceLocation | undefined;
  /** the IR loops around each store into the array and around each pointer loaded from it */
  readonly stores: (readonly number[])[];
  readonly loads: (readonly number[])[];
  /** the writes of the flags these stores made: no other write may change a flag (checkStructRowStores) */
  readonly flagWrites: Set<Statement>;
}

/** The result of lowering one C expression, before it is used. */
export type Value =
  | { readonly kind: 'integer'; readonly expression: Expression }
  | { readonly kind: 'object'; readonly node: ObjectNode }
  | { readonly kind: 'pointer'; readonly pointer: PointerValue; readonly ctype: CType }
  | { readonly kind: 'void' };
