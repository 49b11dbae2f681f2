// C11 grammar for `encode`: preprocessed C as found in SV-COMP `.c`/`.i` files, including the GCC
// extensions that system headers contain (attributes, asm labels, __extension__, typeof, statement
// expressions, __builtin_offsetof, __builtin_va_arg, extended float/integer types).
//
// Typedef names: the lexer only produces `Identifier`. The token stream used by src/frontend/parse.ts
// re-types an identifier as `TypedefName` whenever it is read, by asking `isTypedefName`, which
// consults the block-scoped table below. The table is updated by actions as declarators complete
// (a typedef adds the name, any other declarator shadows it in the current scope). Because the
// re-typing happens on every read, the grammar itself needs no semantic predicates.
// A typedef name may be the type specifier of a declaration only when no other type specifier has
// been seen (`declarationSpecifiers` alternative 1), so `int T;` re-declares T as a variable.
grammar C;

tokens { TypedefName }

@parser::members {
    /** Innermost scope last; maps a name to true (typedef name) or false (ordinary identifier). */
    public typedefScopes: Map<string, boolean>[] = [new Map<string, boolean>()];

    /** Incremented on every change of the table, so token classifications can be cached. */
    public typedefVersion = 0;

    public isTypedefName(name: string): boolean {
        for (let index = this.typedefScopes.length - 1; index >= 0; index--) {
            const entry = this.typedefScopes[index].get(name);
            if (entry !== undefined) {
                return entry;
            }
        }
        return false;
    }

    public resetTypedefScopes(): void {
        this.typedefScopes = [new Map<string, boolean>()];
        this.typedefVersion++;
    }

    private pushScope(): void {
        this.typedefScopes.push(new Map<string, boolean>()); // an empty scope changes no lookup
    }

    private popScope(): void {
        if (this.typedefScopes.length > 1) {
            const popped = this.typedefScopes.pop();
            if (popped !== undefined && popped.size > 0) {
                this.typedefVersion++;
            }
        }
    }

    private declareName(name: string | undefined, isTypedef: boolean): void {
        if (name !== undefined) {
            if (this.isTypedefName(name) !== isTypedef) {
                this.typedefVersion++;
            }
            this.typedefScopes[this.typedefScopes.length - 1].set(name, isTypedef);
        }
    }

    /** The identifier a (non-abstract) declarator declares. */
    private declaredName(declarator: DeclaratorContext | null | undefined): string | undefined {
        let current: DeclaratorContext | null | undefined = declarator;
        while (current) {
            const direct: DirectDeclaratorContext | null = current.directDeclarator();
            if (!direct) {
                return undefined; // only in trees repaired by error recovery
            }
            const identifier = direct.identifier();
            if (identifier) {
                return identifier.getText();
            }
            current = direct.declarator();
        }
        return undefined;
    }

    private specifiersHaveTypedef(specifiers: DeclarationSpecifiersContext | null | undefined): boolean {
        if (!specifiers) {
            return false;
        }
        for (const specifier of specifiers.declarationSpecifierNoType()) {
            const storage = specifier.storageClassSpecifier();
            if (storage && storage.getText() === 'typedef') {
                return true;
            }
        }
        return false;
    }

    private declareInitDeclarator(context: InitDeclaratorContext): void {
        const list = context.parent;
        const declaration = list?.parent;
        const isTypedef = declaration instanceof DeclarationContext
            && this.specifiersHaveTypedef(declaration.declarationSpecifiers());
        this.declareName(this.declaredName(context.declarator()), isTypedef);
    }

    /** Parameters of the outermost function declarator of a definition become ordinary names. */
    private declareParameters(declarator: DeclaratorContext): void {
        let current: DeclaratorContext | null = declarator;
        let suffixes: DeclaratorSuffixContext[] = [];
        while (current) {
            const direct: DirectDeclaratorContext | null = current.directDeclarator();
            if (!direct) {
                return;
            }
            const here = direct.declaratorSuffix();
            if (here.length > 0) {
                suffixes = here;
            }
            if (direct.identifier()) {
                break;
            }
            current = direct.declarator();
        }
        for (const suffix of suffixes) {
            const parameters = suffix.parameterTypeList();
            if (parameters) {
                for (const parameter of parameters.parameterList()?.parameterDeclaration() ?? []) {
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

compilationUnit
    : externalDeclaration* EOF
    ;

externalDeclaration
    : functionDefinition
    | declaration
    | asmDefinition
    | ';'
    ;

asmDefinition
    : asmKeyword balancedParens ';'
    ;

functionDefinition
    : declarationSpecifiers? declarator gccDeclaratorExtension*
      { this.declareName(this.declaredName($declarator.ctx), false); this.pushScope(); if ($declarator.ctx) { this.declareParameters($declarator.ctx); } }
      oldStyleParameterDeclaration* compoundStatement
      { this.popScope(); }
    ;

// K&R parameter declarations between a declarator and the body. A rule of its own (not `declaration`)
// so that SLL prediction's global FOLLOW of `declaration` does not include function bodies.
oldStyleParameterDeclaration
    : declarationSpecifiers initDeclaratorList ';'
    ;

// ---------------------------------------------------------------------------- declarations

declaration
    : declarationSpecifiers initDeclaratorList? ';'
    | staticAssertDeclaration
    | labelDeclaration
    ;

staticAssertDeclaration
    : '_Static_assert' '(' assignmentExpression (',' StringLiteral+)? ')' ';'
    ;

labelDeclaration
    : '__label__' identifier (',' identifier)* ';'
    ;

// Alternative 1: a typedef name is the only type specifier. Alternative 2: keyword types.
declarationSpecifiers
    : declarationSpecifierNoType* typedefName declarationSpecifierNoType*
    | (declarationSpecifierNoType | typeSpecifier)+
    ;

declarationSpecifierNoType
    : storageClassSpecifier
    | typeQualifier
    | functionSpecifier
    | alignmentSpecifier
    | gccAttributeSpecifier
    | '__extension__'
    ;

specifierQualifierList
    : specifierQualifierNoType* typedefName specifierQualifierNoType*
    | (specifierQualifierNoType | typeSpecifier)+
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

storageClassSpecifier
    : 'typedef'
    | 'extern'
    | 'static'
    | '_Thread_local'
    | '__thread'
    | 'auto'
    | 'register'
    ;

typeSpecifier
    : baseTypeKeyword
    | structOrUnionSpecifier
    | enumSpecifier
    | typeofSpecifier
    | '_Atomic' '(' typeName ')'
    ;

baseTypeKeyword
    : 'void' | 'char' | 'short' | 'int' | 'long' | 'float' | 'double'
    | 'signed' | '__signed' | '__signed__' | 'unsigned' | '_Bool'
    | '_Complex' | '__complex__' | '_Imaginary'
    | '__int128' | '__builtin_va_list'
    | '_Float16' | '_Float32' | '_Float64' | '_Float128' | '_Float32x' | '_Float64x' | '_Float128x'
    | '__float128' | '__float80' | '__fp16'
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
    : declarator gccDeclaratorExtension*
    | declarator? ':' assignmentExpression gccDeclaratorExtension*
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

initDeclaratorList
    : initDeclarator (',' initDeclarator)*
    ;

initDeclarator
    : declarator gccDeclaratorExtension* { this.declareInitDeclarator($ctx); } ('=' initializer)?
    ;

declarator
    : pointer? directDeclarator
    ;

directDeclarator
    : (identifier | '(' gccAttributeSpecifier* declarator ')') declaratorSuffix*
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

pointer
    : pointerPart+
    ;

pointerPart
    : '*' (typeQualifier | gccAttributeSpecifier)*
    ;

parameterTypeList
    : parameterList (',' '...')?
    ;

parameterList
    : parameterDeclaration (',' parameterDeclaration)*
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

// Attributes and asm labels after a declarator; both are dropped by the AST builder.
gccDeclaratorExtension
    : asmKeyword balancedParens
    | gccAttributeSpecifier
    ;

gccAttributeSpecifier
    : attributeKeyword '(' '(' balancedToken* ')' ')'
    ;

attributeKeyword
    : '__attribute__'
    | '__attribute'
    ;

asmKeyword
    : 'asm'
    | '__asm'
    | '__asm__'
    ;

balancedParens
    : '(' balancedToken* ')'
    ;

balancedToken
    : balancedParens
    | ~('(' | ')')
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

blockItem
    : declaration
    | statement
    ;

expressionStatement
    : expression? ';'
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

// The declaration alternative includes its own ';' via declarationSpecifiers initDeclaratorList?.
forInit
    : declarationSpecifiers initDeclaratorList?
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
// The expression rules are deliberately flat (cast inside unaryExpression, primaries inside
// postfixExpression): every rule level costs a parse-tree node per operand.
assignmentExpression
    : unaryExpression
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
    | <assoc = right> assignmentExpression assignmentOperator assignmentExpression
    ;

assignmentOperator
    : '=' | '*=' | '/=' | '%=' | '+=' | '-=' | '<<=' | '>>=' | '&=' | '^=' | '|='
    ;

// `sizeof '(' typeName ')'` comes before `sizeof unaryExpression` so that `sizeof (int) * p` is
// `sizeof(int) * p` (the lower alternative wins ambiguities).
unaryExpression
    : postfixExpression
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

postfixExpression
    : (
        Identifier
        | IntegerConstant
        | FloatingConstant
        | CharacterConstant
        | StringLiteral+
        | '(' expression ')'
        | '(' compoundStatement ')'
        | '__builtin_va_arg' '(' assignmentExpression ',' typeName ')'
        | '__builtin_offsetof' '(' typeName ',' offsetofMember ')'
        | '(' typeName ')' '{' (initializerList ','?)? '}'
    ) postfixSuffix*
    ;

postfixSuffix
    : '[' expression ']'
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
