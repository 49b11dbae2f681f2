// C11 grammar for `encode`: preprocessed C as found in SV-COMP `.c`/`.i` files, including the GCC
// extensions that system headers contain (attributes, asm labels, __extension__, typeof, statement
// expressions, __builtin_offsetof, __builtin_va_arg, extended float/integer types).
//
// Typedef names: the lexer only produces `Identifier`. The token stream used by src/frontend/parse.ts
// re-types an identifier as `TypedefName` whenever it is read, by asking `isTypedefName`, which
// consults the block-scoped table below (a flat map of current classifications plus, per scope, what
// to restore when it closes). The table is updated by actions as declarators complete
// (a typedef adds the name, any other declarator shadows it in the current scope). Because the
// re-typing happens on every read, the grammar itself needs no semantic predicates.
// A typedef name may be the type specifier of a declaration only when no other type specifier has
// been seen (`declarationSpecifiers` alternative 1), so `int T;` re-declares T as a variable.
grammar C;

tokens { TypedefName }

@parser::members {
    /**
     * The current classification of every name declared so far (innermost declaration wins): true for
     * a typedef name, false for an ordinary identifier; absent names are ordinary identifiers. One map
     * lookup per classification, however deep the scopes nest.
     */
    private typedefClassification = new Map<string, boolean>();

    /** Per open scope (innermost last): the names it declares and their classification before it. */
    private scopeUndo: Map<string, boolean | undefined>[] = [new Map<string, boolean | undefined>()];

    /** Incremented on every change of a classification, so token classifications can be cached. */
    public typedefVersion = 0;

    public isTypedefName(name: string): boolean {
        return this.typedefClassification.get(name) === true;
    }

    public resetTypedefScopes(): void {
        this.typedefClassification = new Map<string, boolean>();
        this.scopeUndo = [new Map<string, boolean | undefined>()];
        this.typedefVersion++;
    }

    private pushScope(): void {
        this.scopeUndo.push(new Map<string, boolean | undefined>()); // an empty scope changes no lookup
    }

    /** Restores the classifications the scope overrode; the version changes only if one differs. */
    private popScope(): void {
        if (this.scopeUndo.length > 1) {
            const popped = this.scopeUndo.pop();
            if (popped === undefined || popped.size === 0) {
                return;
            }
            for (const [name, previous] of popped) {
                const current = this.typedefClassification.get(name) === true;
                if (previous === undefined) {
                    this.typedefClassification.delete(name);
                } else {
                    this.typedefClassification.set(name, previous);
                }
                if ((previous === true) !== current) {
                    this.typedefVersion++;
                }
            }
        }
    }

    private declareName(name: string | undefined, isTypedef: boolean): void {
        if (name !== undefined) {
            const previous = this.typedefClassification.get(name);
            if ((previous === true) !== isTypedef) {
                this.typedefVersion++;
            }
            const scope = this.scopeUndo[this.scopeUndo.length - 1];
            if (!scope.has(name)) {
                scope.set(name, previous);
            }
            this.typedefClassification.set(name, isTypedef);
        }
    }

    /** The identifier a (non-abstract) declarator declares. */
    private declaredName(declarator: DeclaratorContext | null | undefined): string | undefined {
        let current: DeclaratorContext | null | undefined = declarator;
        while (current) {
            const name = current._name;
            if (name) {
                return name.text;
            }
            current = current.declarator(); // undefined only in trees repaired by error recovery
        }
        return undefined;
    }

    private specifiersHaveTypedef(specifiers: DeclarationSpecifiersContext | null | undefined): boolean {
        if (!specifiers) {
            return false;
        }
        for (const specifier of specifiers.children) {
            // The only alternative of declarationSpecifierNoType that starts with 'typedef' is the keyword.
            if (specifier instanceof DeclarationSpecifierNoTypeContext && specifier.start?.text === 'typedef') {
                return true;
            }
        }
        return false;
    }

    private declareInitDeclarator(context: InitDeclaratorContext): void {
        const declaration = context.parent;
        const isTypedef = declaration instanceof DeclarationContext
            && this.specifiersHaveTypedef(declaration.declarationSpecifiers());
        this.declareName(this.declaredName(context.declarator()), isTypedef);
    }

    /** Parameters of the outermost function declarator of a definition become ordinary names. */
    private declareParameters(declarator: DeclaratorContext): void {
        let current: DeclaratorContext | null = declarator;
        let suffixes: DeclaratorSuffixContext[] = [];
        while (current) {
            const here = current.declaratorSuffix();
            if (here.length > 0) {
                suffixes = here;
            }
            if (current._name) {
                break;
            }
            current = current.declarator();
        }
        for (const suffix of suffixes) {
            const parameters = suffix.parameterTypeList();
            if (parameters) {
                for (const parameter of parameters.parameterDeclaration()) {
                    this.declareName(this.declaredName(parameter.declarator()), false);
                }
                return;
            }
            const identifiers = suffix.identifierList();
            if (identifiers) {
                for (const identifier of identifiers.identifier()) {
                    this.declareName(identifier.getText(), false);
                }
                return;
            }
        }
    }
}

// ============================================================================ parser

// The external declarations are the children themselves (no rule node each).
compilationUnit
    : (functionDefinition | declaration | asmDefinition | ';')* EOF
    ;

asmDefinition
    : asmKeyword balancedParens ';'
    ;

functionDefinition
    : declarationSpecifiers? declarator (asmKeyword balancedParens | gccAttributeSpecifier)*
      { this.declareName(this.declaredName($declarator.ctx), false); this.pushScope(); if ($declarator.ctx) { this.declareParameters($declarator.ctx); } }
      oldStyleParameterDeclaration* compoundStatement
      { this.popScope(); }
    ;

// K&R parameter declarations between a declarator and the body. A rule of its own (not `declaration`)
// so that SLL prediction's global FOLLOW of `declaration` does not include function bodies.
oldStyleParameterDeclaration
    : declarationSpecifiers initDeclarator (',' initDeclarator)* ';'
    ;

// ---------------------------------------------------------------------------- declarations

declaration
    : declarationSpecifiers (initDeclarator (',' initDeclarator)*)? ';'
    | staticAssertDeclaration
    | labelDeclaration
    ;

staticAssertDeclaration
    : '_Static_assert' '(' assignmentExpression (',' StringLiteral+)? ')' ';'
    ;

labelDeclaration
    : '__label__' identifier (',' identifier)* ';'
    ;

// Alternative 1: a typedef name is the only type specifier. Alternative 2: keyword types. The base
// type keywords are tokens of the list itself (no rule node each); typeSpecifier has the others.
// specifierQualifierList has the same keyword list.
declarationSpecifiers
    : declarationSpecifierNoType* typedefName declarationSpecifierNoType*
    | (
        declarationSpecifierNoType | typeSpecifier
        | 'void' | 'char' | 'short' | 'int' | 'long' | 'float' | 'double'
        | 'signed' | '__signed' | '__signed__' | 'unsigned' | '_Bool'
        | '_Complex' | '__complex__' | '_Imaginary'
        | '__int128' | '__builtin_va_list'
        | '_Float16' | '_Float32' | '_Float64' | '_Float128' | '_Float32x' | '_Float64x' | '_Float128x'
        | '__float128' | '__float80' | '__fp16'
      )+
    ;

// The storage classes are tokens of this rule (no rule node each).
declarationSpecifierNoType
    : 'typedef' | 'extern' | 'static' | '_Thread_local' | '__thread' | 'auto' | 'register'
    | typeQualifier
    | functionSpecifier
    | alignmentSpecifier
    | gccAttributeSpecifier
    | '__extension__'
    ;

specifierQualifierList
    : specifierQualifierNoType* typedefName specifierQualifierNoType*
    | (
        specifierQualifierNoType | typeSpecifier
        | 'void' | 'char' | 'short' | 'int' | 'long' | 'float' | 'double'
        | 'signed' | '__signed' | '__signed__' | 'unsigned' | '_Bool'
        | '_Complex' | '__complex__' | '_Imaginary'
        | '__int128' | '__builtin_va_list'
        | '_Float16' | '_Float32' | '_Float64' | '_Float128' | '_Float32x' | '_Float64x' | '_Float128x'
        | '__float128' | '__float80' | '__fp16'
      )+
    ;

specifierQualifierNoType
    : typeQualifier
    | alignmentSpecifier
    | gccAttributeSpecifier
    | '__extension__'
    ;

typedefName
    : TypedefName
    ;

typeSpecifier
    : structOrUnionSpecifier
    | enumSpecifier
    | typeofSpecifier
    | '_Atomic' '(' typeName ')'
    ;

typeofSpecifier
    : typeofKeyword '(' (typeName | expression) ')'
    ;

typeofKeyword
    : 'typeof' | '__typeof' | '__typeof__'
    ;

structOrUnionSpecifier
    : structOrUnion gccAttributeSpecifier* identifier? '{' structDeclaration* '}' gccAttributeSpecifier*
    | structOrUnion gccAttributeSpecifier* identifier
    ;

structOrUnion
    : 'struct'
    | 'union'
    ;

structDeclaration
    : specifierQualifierList structDeclaratorList? ';'
    | staticAssertDeclaration
    | ';'
    ;

structDeclaratorList
    : structDeclarator (',' structDeclarator)*
    ;

structDeclarator
    : declarator (asmKeyword balancedParens | gccAttributeSpecifier)*
    | declarator? ':' assignmentExpression (asmKeyword balancedParens | gccAttributeSpecifier)*
    ;

enumSpecifier
    : 'enum' gccAttributeSpecifier* identifier? '{' enumerator (',' enumerator)* ','? '}' gccAttributeSpecifier*
    | 'enum' gccAttributeSpecifier* identifier
    ;

enumerator
    : identifier gccAttributeSpecifier* ('=' assignmentExpression)?
    ;

typeQualifier
    : 'const' | '__const' | '__const__'
    | 'restrict' | '__restrict' | '__restrict__'
    | 'volatile' | '__volatile' | '__volatile__'
    | '_Atomic'
    ;

functionSpecifier
    : 'inline' | '__inline' | '__inline__'
    | '_Noreturn'
    ;

alignmentSpecifier
    : '_Alignas' '(' (typeName | assignmentExpression) ')'
    ;

initDeclarator
    : declarator (asmKeyword balancedParens | gccAttributeSpecifier)* { this.declareInitDeclarator($ctx); } ('=' initializer)?
    ;

// The direct declarator is part of the rule (no node of its own), and so is the declared name:
// `name` is the Identifier or TypedefName token a non-abstract declarator declares.
declarator
    : pointer? (name = (Identifier | TypedefName) | '(' gccAttributeSpecifier* declarator ')') declaratorSuffix*
    ;

declaratorSuffix
    : '[' arrayQualifier* assignmentExpression? ']'
    | '[' arrayQualifier* '*' ']'
    | '(' parameterTypeList ')'
    | '(' identifierList? ')'
    ;

arrayQualifier
    : typeQualifier
    | 'static'
    ;

// Each '*' with the qualifiers and attributes after it is one pointer level (no rule node each).
pointer
    : ('*' (typeQualifier | gccAttributeSpecifier)*)+
    ;

parameterTypeList
    : parameterDeclaration (',' parameterDeclaration)* (',' '...')?
    ;

parameterDeclaration
    : declarationSpecifiers declarator gccAttributeSpecifier*
    | declarationSpecifiers abstractDeclarator? gccAttributeSpecifier*
    ;

identifierList
    : identifier (',' identifier)*
    ;

typeName
    : specifierQualifierList abstractDeclarator?
    ;

abstractDeclarator
    : pointer
    | pointer? directAbstractDeclarator
    ;

directAbstractDeclarator
    : '(' gccAttributeSpecifier* abstractDeclarator ')' declaratorSuffix*
    | declaratorSuffix+
    ;

initializer
    : assignmentExpression
    | '{' (initializerList ','?)? '}'
    ;

initializerList
    : initializerListItem (',' initializerListItem)*
    ;

initializerListItem
    : designation? initializer
    ;

designation
    : designator+ '='
    | identifier ':'
    ;

designator
    : '[' assignmentExpression ']'
    | '.' identifier
    ;

gccAttributeSpecifier
    : ('__attribute__' | '__attribute') '(' '(' (balancedParens | ~('(' | ')'))* ')' ')'
    ;

asmKeyword
    : 'asm'
    | '__asm'
    | '__asm__'
    ;

// Tokens up to the matching ')'; the nested parentheses are the only rule nodes inside.
balancedParens
    : '(' (balancedParens | ~('(' | ')'))* ')'
    ;

identifier
    : Identifier
    | TypedefName
    ;

// ---------------------------------------------------------------------------- statements

statement
    : labeledStatement
    | compoundStatement
    | expressionStatement
    | ifStatement
    | switchStatement
    | whileStatement
    | doWhileStatement
    | forStatement
    | jumpStatement
    | asmStatement
    ;

labeledStatement
    : identifier ':' gccAttributeSpecifier* statement
    | 'case' assignmentExpression ':' statement
    | 'default' ':' statement
    ;

compoundStatement
    : '{' { this.pushScope(); } blockItem* '}' { this.popScope(); }
    ;

// A declaration or one of the statement alternatives, written out (no statement node per item);
// the same alternatives in the same order as `statement`.
blockItem
    : declaration
    | labeledStatement
    | compoundStatement
    | expressionStatement
    | ifStatement
    | switchStatement
    | whileStatement
    | doWhileStatement
    | forStatement
    | jumpStatement
    | asmStatement
    ;

// The expression is written out (no expression node): `expression` is this comma list.
expressionStatement
    : (assignmentExpression (',' assignmentExpression)*)? ';'
    | gccAttributeSpecifier+ ';'
    ;

ifStatement
    : 'if' '(' expression ')' statement ('else' statement)?
    ;

switchStatement
    : 'switch' '(' expression ')' statement
    ;

whileStatement
    : 'while' '(' expression ')' statement
    ;

doWhileStatement
    : 'do' statement 'while' '(' expression ')' ';'
    ;

forStatement
    : 'for' { this.pushScope(); } '(' forInit ';' forCondition = expression? ';' forUpdate = expression? ')' statement { this.popScope(); }
    ;

// The declaration alternative includes its own ';' via declarationSpecifiers and the init declarators.
forInit
    : declarationSpecifiers (initDeclarator (',' initDeclarator)*)?
    | expression?
    ;

jumpStatement
    : 'goto' identifier ';'
    | 'continue' ';'
    | 'break' ';'
    | 'return' expression? ';'
    ;

asmStatement
    : asmKeyword asmQualifier* balancedParens ';'
    ;

asmQualifier
    : typeQualifier
    | 'inline'
    | 'goto'
    ;

// ---------------------------------------------------------------------------- expressions

expression
    : assignmentExpression (',' assignmentExpression)*
    ;

// All operators except the comma, by precedence climbing (lowest precedence last). The left operand
// of an assignment is any higher-precedence expression (GCC reads `a ? b : c = d` as
// `(a ? b : c) = d`); lowering checks that it is an lvalue. Positions that C restricts to
// conditional/constant expressions (case labels, bit widths, enumerator values, designators) also
// use this rule; lowering evaluates or rejects them.
// The expression rules are deliberately flat: every rule level costs a parse-tree node (and often a
// prediction) per operand. The primary alternatives are the unary expressions (primaries with
// their postfix suffixes, prefix operators, sizeof, casts) written out in full, so an operand is a
// single assignmentExpression node; `unaryExpression` repeats them for the operands of prefix
// operators and casts. The two lists must stay the same (build-ast-expressions.ts reads both
// through the same function, by their children).
assignmentExpression
    : Identifier postfixSuffix*
    | IntegerConstant postfixSuffix*
    | FloatingConstant postfixSuffix*
    | CharacterConstant postfixSuffix*
    | StringLiteral+ postfixSuffix*
    | '(' expression ')' postfixSuffix*
    | '(' compoundStatement ')' postfixSuffix*
    | '__builtin_va_arg' '(' assignmentExpression ',' typeName ')' postfixSuffix*
    | '__builtin_offsetof' '(' typeName ',' offsetofMember ')' postfixSuffix*
    | '(' typeName ')' '{' (initializerList ','?)? '}' postfixSuffix*
    | ('++' | '--') unaryExpression
    | unaryOperator unaryExpression
    | 'sizeof' '(' typeName ')'
    | 'sizeof' unaryExpression
    | alignofKeyword '(' typeName ')'
    | alignofKeyword unaryExpression
    | '__extension__' unaryExpression
    | '(' typeName ')' unaryExpression
    | assignmentExpression operator = ('*' | '/' | '%') assignmentExpression
    | assignmentExpression operator = ('+' | '-') assignmentExpression
    | assignmentExpression operator = ('<<' | '>>') assignmentExpression
    | assignmentExpression operator = ('<' | '>' | '<=' | '>=') assignmentExpression
    | assignmentExpression operator = ('==' | '!=') assignmentExpression
    | assignmentExpression operator = '&' assignmentExpression
    | assignmentExpression operator = '^' assignmentExpression
    | assignmentExpression operator = '|' assignmentExpression
    | assignmentExpression operator = '&&' assignmentExpression
    | assignmentExpression operator = '||' assignmentExpression
    | <assoc = right> assignmentExpression '?' expression ':' assignmentExpression
    | <assoc = right> assignmentExpression operator = ('=' | '*=' | '/=' | '%=' | '+=' | '-=' | '<<=' | '>>=' | '&=' | '^=' | '|=') assignmentExpression
    ;

// `sizeof '(' typeName ')'` comes before `sizeof unaryExpression` so that `sizeof (int) * p` is
// `sizeof(int) * p` (the lower alternative wins ambiguities). The same alternatives, in the same
// order, as the primary alternatives of assignmentExpression.
unaryExpression
    : Identifier postfixSuffix*
    | IntegerConstant postfixSuffix*
    | FloatingConstant postfixSuffix*
    | CharacterConstant postfixSuffix*
    | StringLiteral+ postfixSuffix*
    | '(' expression ')' postfixSuffix*
    | '(' compoundStatement ')' postfixSuffix*
    | '__builtin_va_arg' '(' assignmentExpression ',' typeName ')' postfixSuffix*
    | '__builtin_offsetof' '(' typeName ',' offsetofMember ')' postfixSuffix*
    | '(' typeName ')' '{' (initializerList ','?)? '}' postfixSuffix*
    | ('++' | '--') unaryExpression
    | unaryOperator unaryExpression
    | 'sizeof' '(' typeName ')'
    | 'sizeof' unaryExpression
    | alignofKeyword '(' typeName ')'
    | alignofKeyword unaryExpression
    | '__extension__' unaryExpression
    | '(' typeName ')' unaryExpression
    ;

alignofKeyword
    : '_Alignof' | '__alignof' | '__alignof__'
    ;

unaryOperator
    : '&' | '*' | '+' | '-' | '~' | '!'
    ;

// The index is written out as `expression` (no expression node).
postfixSuffix
    : '[' assignmentExpression (',' assignmentExpression)* ']'
    | '(' argumentExpressionList? ')'
    | '.' identifier
    | '->' identifier
    | '++'
    | '--'
    ;

argumentExpressionList
    : assignmentExpression (',' assignmentExpression)*
    ;

offsetofMember
    : identifier offsetofSuffix*
    ;

offsetofSuffix
    : '.' identifier
    | '[' expression ']'
    ;

// ============================================================================ lexer

IntegerConstant
    : (DecimalDigits | OctalDigits | HexDigits | BinaryDigits) IntegerSuffix?
    ;

fragment DecimalDigits : [1-9] [0-9']* ;
fragment OctalDigits   : '0' [0-7']* ;
fragment HexDigits     : '0' [xX] [0-9a-fA-F] [0-9a-fA-F']* ;
fragment BinaryDigits  : '0' [bB] [01] [01']* ;
fragment IntegerSuffix : [uU] ([lL] [lL]?)? | [lL] [lL]? [uU]? | [uU] ('ll' | 'LL') | ('ll' | 'LL') [uU] ;

FloatingConstant
    : DecimalFloating
    | HexFloating
    ;

fragment DecimalFloating
    : ([0-9]* '.' [0-9]+ | [0-9]+ '.') Exponent? FloatSuffix?
    | [0-9]+ Exponent FloatSuffix?
    ;

fragment HexFloating
    : '0' [xX] ([0-9a-fA-F]* '.' [0-9a-fA-F]+ | [0-9a-fA-F]+ '.'?) [pP] [+-]? [0-9]+ FloatSuffix?
    ;

fragment Exponent    : [eE] [+-]? [0-9]+ ;
fragment FloatSuffix : [fFlL] | [fF] ('16' | '32' | '64' | '128') 'x'? | [qQwW] ;

CharacterConstant
    : ('L' | 'u' | 'U' | 'u8')? '\'' CharItem+ '\''
    ;

StringLiteral
    : ('L' | 'u' | 'U' | 'u8')? '"' StringItem* '"'
    ;

fragment CharItem   : ~['\\\r\n] | EscapeSequence ;
fragment StringItem : ~["\\\r\n] | EscapeSequence | '\\' '\r'? '\n' ;
fragment EscapeSequence : '\\' ~[\r\n] ;

Identifier
    : [a-zA-Z_$] [a-zA-Z_$0-9]*
    ;

// Linemarkers (`# 12 "file"`), #pragma and any other directive left after preprocessing.
Directive
    : '#' ~[\r\n]* -> skip
    ;

Whitespace
    : [ \t\f\r\n\u000B]+ -> skip
    ;

BlockComment
    : '/*' .*? '*/' -> skip
    ;

LineComment
    : '//' ~[\r\n]* -> skip
    ;
