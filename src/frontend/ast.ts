// The C abstract syntax tree produced by the front end (parse tree → AST) and consumed by lowering.
// It is a faithful, desugared-only-where-harmless picture of the source: nothing here has been
// resolved (no types computed, no names bound). Every node carries the position of its first token.
// GCC extensions that carry no meaning for verification (attributes, asm labels, __extension__) are
// dropped by the builder; `asm` statements survive as `AsmStatement` so lowering can refuse them.

import type { SourceLocation } from '../location.js';

export type { SourceLocation };

// ---------------------------------------------------------------- declarations

export interface TranslationUnit {
  readonly kind: 'translationUnit';
  readonly items: readonly ExternalDeclaration[];
}

export type ExternalDeclaration = FunctionDefinition | Declaration;

export interface FunctionDefinition {
  readonly kind: 'functionDefinition';
  readonly specifiers: DeclarationSpecifiers;
  readonly declarator: Declarator; // a function declarator (possibly under pointers)
  readonly body: CompoundStatement;
  readonly location: SourceLocation;
}

export interface Declaration {
  readonly kind: 'declaration';
  readonly specifiers: DeclarationSpecifiers;
  readonly declarators: readonly InitDeclarator[];
  readonly location: SourceLocation;
}

export type StorageClass = 'typedef' | 'extern' | 'static' | 'auto' | 'register' | '_Thread_local';

export interface DeclarationSpecifiers {
  readonly storage: readonly StorageClass[];
  readonly type: TypeSpecifier;
  readonly qualifiers: readonly ('const' | 'volatile' | 'restrict' | '_Atomic')[];
  readonly isInline: boolean;
  readonly location: SourceLocation;
}

/**
 * `base` keeps the keywords as written, in order, e.g. ['unsigned', 'long', 'int'], ['_Bool'],
 * ['void'], ['float'], ['__int128'], ['_Float128']. An empty list means implicit int.
 */
export type TypeSpecifier =
  | { readonly kind: 'base'; readonly names: readonly string[]; readonly location: SourceLocation }
  | {
      readonly kind: 'struct';
      readonly isUnion: boolean;
      readonly tag: string | undefined;
      readonly fields: readonly FieldDeclaration[] | undefined; // undefined: reference only
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'enum';
      readonly tag: string | undefined;
      readonly enumerators: readonly Enumerator[] | undefined;
      readonly location: SourceLocation;
    }
  | { readonly kind: 'typedefName'; readonly name: string; readonly location: SourceLocation }
  | { readonly kind: 'typeof'; readonly operand: Expression | TypeName; readonly location: SourceLocation };

export interface FieldDeclaration {
  readonly specifiers: DeclarationSpecifiers;
  readonly declarators: readonly {
    readonly declarator: Declarator | undefined;
    readonly bitWidth: Expression | undefined;
  }[];
  readonly location: SourceLocation;
}

export interface Enumerator {
  readonly name: string;
  readonly value: Expression | undefined;
  readonly location: SourceLocation;
}

/**
 * Declarators nest as in the C grammar: `int *a[10]` is
 * pointer(inner: array(size 10, inner: identifier a)): the outermost node is the operator applied
 * last to the base type, so `a` is an array of 10 pointers to int (the type is built by applying
 * the nodes from the outermost inwards to the base type and reading the identifier's type last).
 * An abstract declarator (in a type name or unnamed parameter) ends in `{kind: 'abstract'}`.
 */
export type Declarator =
  | { readonly kind: 'identifier'; readonly name: string; readonly location: SourceLocation }
  | { readonly kind: 'abstract'; readonly location: SourceLocation }
  | {
      readonly kind: 'pointer';
      readonly qualifiers: readonly string[];
      readonly inner: Declarator;
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'array';
      readonly inner: Declarator;
      readonly size: Expression | undefined; // undefined for `[]`; `[*]` is also undefined
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'function';
      readonly inner: Declarator;
      readonly parameters: readonly ParameterDeclaration[];
      readonly isVariadic: boolean;
      /** true for `f()` (old-style, unspecified parameters); `f(void)` has parameters [] and false */
      readonly isUnprototyped: boolean;
      readonly location: SourceLocation;
    };

export interface ParameterDeclaration {
  readonly specifiers: DeclarationSpecifiers;
  readonly declarator: Declarator; // may be abstract
  readonly location: SourceLocation;
}

export interface InitDeclarator {
  readonly declarator: Declarator;
  readonly initializer: Initializer | undefined;
  readonly location: SourceLocation;
}

export type Initializer =
  | { readonly kind: 'expressionInitializer'; readonly expression: Expression; readonly location: SourceLocation }
  | { readonly kind: 'listInitializer'; readonly items: readonly InitializerItem[]; readonly location: SourceLocation };

export interface InitializerItem {
  readonly designators: readonly Designator[];
  readonly initializer: Initializer;
}

export type Designator =
  | { readonly kind: 'indexDesignator'; readonly index: Expression }
  | { readonly kind: 'fieldDesignator'; readonly name: string };

export interface TypeName {
  readonly kind: 'typeName';
  readonly specifiers: DeclarationSpecifiers;
  readonly declarator: Declarator; // abstract (or identifier-free)
  readonly location: SourceLocation;
}

// ---------------------------------------------------------------- statements

export type Statement =
  | CompoundStatement
  | {
      readonly kind: 'expressionStatement';
      readonly expression: Expression | undefined;
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'if';
      readonly condition: Expression;
      readonly then: Statement;
      readonly else: Statement | undefined;
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'while';
      readonly condition: Expression;
      readonly body: Statement;
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'doWhile';
      readonly body: Statement;
      readonly condition: Expression;
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'for';
      readonly init: Declaration | Expression | undefined;
      readonly condition: Expression | undefined;
      readonly update: Expression | undefined;
      readonly body: Statement;
      readonly location: SourceLocation;
    }
  | { readonly kind: 'break'; readonly location: SourceLocation }
  | { readonly kind: 'continue'; readonly location: SourceLocation }
  | { readonly kind: 'return'; readonly value: Expression | undefined; readonly location: SourceLocation }
  | { readonly kind: 'goto'; readonly label: string; readonly location: SourceLocation }
  | { readonly kind: 'labeled'; readonly label: string; readonly body: Statement; readonly location: SourceLocation }
  | { readonly kind: 'case'; readonly value: Expression; readonly body: Statement; readonly location: SourceLocation }
  | { readonly kind: 'default'; readonly body: Statement; readonly location: SourceLocation }
  | {
      readonly kind: 'switch';
      readonly discriminant: Expression;
      readonly body: Statement;
      readonly location: SourceLocation;
    }
  | { readonly kind: 'asm'; readonly location: SourceLocation };

export interface CompoundStatement {
  readonly kind: 'compound';
  readonly items: readonly (Statement | Declaration)[];
  readonly location: SourceLocation;
}

// ---------------------------------------------------------------- expressions

export type UnaryOperator = '-' | '+' | '!' | '~' | '*' | '&' | 'preIncrement' | 'preDecrement';
export type BinaryOperator =
  '*' | '/' | '%' | '+' | '-' | '<<' | '>>' | '<' | '>' | '<=' | '>=' | '==' | '!=' | '&' | '^' | '|' | '&&' | '||';
export type AssignmentOperator = '=' | '*=' | '/=' | '%=' | '+=' | '-=' | '<<=' | '>>=' | '&=' | '^=' | '|=';

export type Expression =
  | { readonly kind: 'identifier'; readonly name: string; readonly location: SourceLocation }
  /** text as written, e.g. `100000`, `0x1fU`, `10ul`; value already parsed (suffix removed) */
  | {
      readonly kind: 'integerConstant';
      readonly text: string;
      readonly value: bigint;
      readonly suffix: string;
      readonly location: SourceLocation;
    }
  /** value is the character's code, e.g. 'a' → 97, '\n' → 10 */
  | {
      readonly kind: 'characterConstant';
      readonly text: string;
      readonly value: bigint;
      readonly location: SourceLocation;
    }
  | { readonly kind: 'floatingConstant'; readonly text: string; readonly location: SourceLocation }
  | { readonly kind: 'stringLiteral'; readonly text: string; readonly location: SourceLocation }
  | {
      readonly kind: 'unary';
      readonly operator: UnaryOperator;
      readonly operand: Expression;
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'postfix';
      readonly operator: 'postIncrement' | 'postDecrement';
      readonly operand: Expression;
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'binary';
      readonly operator: BinaryOperator;
      readonly left: Expression;
      readonly right: Expression;
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'assignment';
      readonly operator: AssignmentOperator;
      readonly target: Expression;
      readonly value: Expression;
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'conditional';
      readonly condition: Expression;
      readonly then: Expression;
      readonly else: Expression;
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'call';
      readonly callee: Expression;
      readonly arguments: readonly Expression[];
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'index';
      readonly array: Expression;
      readonly index: Expression;
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'member';
      readonly object: Expression;
      readonly field: string;
      readonly isArrow: boolean;
      readonly location: SourceLocation;
    }
  | {
      readonly kind: 'cast';
      readonly typeName: TypeName;
      readonly operand: Expression;
      readonly location: SourceLocation;
    }
  | { readonly kind: 'sizeofType'; readonly typeName: TypeName; readonly location: SourceLocation }
  | { readonly kind: 'sizeofExpression'; readonly operand: Expression; readonly location: SourceLocation }
  | { readonly kind: 'alignofType'; readonly typeName: TypeName; readonly location: SourceLocation }
  | { readonly kind: 'comma'; readonly expressions: readonly Expression[]; readonly location: SourceLocation }
  | {
      readonly kind: 'compoundLiteral';
      readonly typeName: TypeName;
      readonly initializer: Initializer;
      readonly location: SourceLocation;
    }
  | { readonly kind: 'statementExpression'; readonly body: CompoundStatement; readonly location: SourceLocation };
