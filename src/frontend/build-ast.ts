// Builds the C AST (./ast.ts) from the ANTLR parse tree of grammars/C.g4: translation unit,
// declarations, specifiers, declarators, initializers and statements (expressions are in
// ./build-ast-expressions.ts). GCC attributes, asm labels, `__extension__`, `_Alignas`,
// `_Noreturn`, `_Static_assert` and `__label__` declarations are dropped; file-scope `asm(...)`
// definitions are dropped too (they only emit assembler text). GCC alternate keyword spellings are
// normalized (`__signed__` → `signed`, `__const` → `const`, `__thread` → `_Thread_local`,
// `__complex__` → `_Complex`, ...).
// Declarators nest as in the C grammar: `int *a[10]` is pointer(inner: array(10, inner: a)); applying
// the nodes from the outermost one to the identifier to the base type yields the declared type.
// Soundness assumptions: constructs the AST cannot represent raise UnsupportedSyntaxError (of
// ./build-ast-support.ts, reported as an 'unsupported' diagnostic by parse.ts) instead of being
// approximated.

import { type ParserRuleContext, type ParseTree, TerminalNode } from 'antlr4ng';
import type {
  CompoundStatement,
  Declaration,
  DeclarationSpecifiers,
  Declarator,
  Designator,
  Enumerator,
  Expression,
  ExternalDeclaration,
  FieldDeclaration,
  FunctionDefinition,
  InitDeclarator,
  Initializer,
  InitializerItem,
  ParameterDeclaration,
  SourceLocation,
  Statement,
  StorageClass,
  TranslationUnit,
  TypeName,
  TypeSpecifier,
} from './ast.js';
import {
  type AbstractDeclaratorContext,
  AssignmentExpressionContext,
  IdentifierListContext,
  ParameterTypeListContext,
  BlockItemContext,
  type CompilationUnitContext,
  CompoundStatementContext,
  DeclarationContext,
  DeclarationSpecifierNoTypeContext,
  type DeclarationSpecifiersContext,
  type DeclaratorContext,
  DeclaratorSuffixContext,
  type DirectAbstractDeclaratorContext,
  type EnumSpecifierContext,
  ExpressionStatementContext,
  ForStatementContext,
  FunctionDefinitionContext,
  FunctionSpecifierContext,
  IfStatementContext,
  JumpStatementContext,
  InitDeclaratorContext,
  type InitializerContext,
  type InitializerListContext,
  type LabeledStatementContext,
  ParameterDeclarationContext,
  PointerContext,
  type SpecifierQualifierListContext,
  SpecifierQualifierNoTypeContext,
  StatementContext,
  type StructOrUnionSpecifierContext,
  type TypeNameContext,
  TypedefNameContext,
  TypeQualifierContext,
  TypeSpecifierContext,
  WhileStatementContext,
} from './generated/CParser.js';
import { locationOf, locationOfTerminal, tokenText, UnsupportedSyntaxError } from './build-ast-support.js';
import { ExpressionBuilder } from './build-ast-expressions.js';

/** Builds the expressions; what they embed (statement expressions, initializer lists, type names) is built here. */
const expressions = new ExpressionBuilder({
  compoundStatement: buildCompoundStatement,
  initializerList: buildInitializerList,
  typeName: buildTypeName,
});

export function buildTranslationUnit(context: CompilationUnitContext): TranslationUnit {
  const items: ExternalDeclaration[] = [];
  for (const child of context.children) {
    if (child instanceof FunctionDefinitionContext) {
      items.push(buildFunctionDefinition(child));
    } else if (child instanceof DeclarationContext) {
      const built = buildDeclaration(child);
      if (built !== undefined) {
        items.push(built);
      }
    }
    // asm definitions and empty declarations are dropped.
  }
  return { kind: 'translationUnit', items };
}

// ---------------------------------------------------------------- declarations

function buildFunctionDefinition(context: FunctionDefinitionContext): FunctionDefinition {
  const location = locationOf(context);
  const specifiersContext = context.declarationSpecifiers();
  const specifiers = specifiersContext !== null ? buildSpecifiers(specifiersContext) : implicitIntSpecifiers(location);
  let declarator = buildDeclarator(context.declarator());
  const oldStyleDeclarations = context.oldStyleParameterDeclaration();
  if (oldStyleDeclarations.length > 0) {
    declarator = applyOldStyleParameterDeclarations(
      declarator,
      oldStyleDeclarations.map((declaration): Declaration => ({
        kind: 'declaration',
        specifiers: buildSpecifiers(declaration.declarationSpecifiers()),
        declarators: buildInitDeclarators(declaration),
        location: locationOf(declaration),
      })),
    );
  }
  return {
    kind: 'functionDefinition',
    specifiers,
    declarator,
    body: buildCompoundStatement(context.compoundStatement()),
    location,
  };
}

function implicitIntSpecifiers(location: SourceLocation): DeclarationSpecifiers {
  return { storage: [], type: { kind: 'base', names: [], location }, qualifiers: [], isInline: false, location };
}

/** K&R definitions `int f(a, b) int a; char b; {...}`: give the identifier list its declared types. */
function applyOldStyleParameterDeclarations(
  declarator: Declarator,
  declarations: readonly (Declaration | undefined)[],
): Declarator {
  switch (declarator.kind) {
    case 'function': {
      if (declarator.inner.kind !== 'identifier') {
        return { ...declarator, inner: applyOldStyleParameterDeclarations(declarator.inner, declarations) };
      }
      const parameters = declarator.parameters.map((parameter): ParameterDeclaration => {
        const name = parameter.declarator.kind === 'identifier' ? parameter.declarator.name : undefined;
        for (const declaration of declarations) {
          for (const item of declaration?.declarators ?? []) {
            if (declaration !== undefined && declaredName(item.declarator) === name) {
              return { specifiers: declaration.specifiers, declarator: item.declarator, location: item.location };
            }
          }
        }
        return parameter;
      });
      return { ...declarator, parameters };
    }
    case 'pointer':
    case 'array':
      return { ...declarator, inner: applyOldStyleParameterDeclarations(declarator.inner, declarations) };
    case 'identifier':
    case 'abstract':
      return declarator;
    default: {
      const never: never = declarator;
      return never;
    }
  }
}

function declaredName(declarator: Declarator): string | undefined {
  switch (declarator.kind) {
    case 'identifier':
      return declarator.name;
    case 'abstract':
      return undefined;
    case 'pointer':
    case 'array':
    case 'function':
      return declaredName(declarator.inner);
    default: {
      const never: never = declarator;
      return never;
    }
  }
}

/** undefined for declarations that carry no meaning (`_Static_assert`, `__label__`). */
export function buildDeclaration(context: DeclarationContext): Declaration | undefined {
  const specifiersContext = context.declarationSpecifiers();
  if (specifiersContext === null) {
    return undefined;
  }
  return {
    kind: 'declaration',
    specifiers: buildSpecifiers(specifiersContext),
    declarators: buildInitDeclarators(context),
    location: locationOf(context),
  };
}

/** The init declarators among the children of a declaration (or of a for-init declaration). */
function buildInitDeclarators(parent: ParserRuleContext): InitDeclarator[] {
  const result: InitDeclarator[] = [];
  for (const item of parent.children) {
    if (item instanceof InitDeclaratorContext) {
      const initializer = item.initializer();
      result.push({
        declarator: buildDeclarator(item.declarator()),
        initializer: initializer === null ? undefined : buildInitializer(initializer),
        location: locationOf(item),
      });
    }
  }
  return result;
}

const storageNames: Readonly<Record<string, StorageClass>> = {
  typedef: 'typedef',
  extern: 'extern',
  static: 'static',
  auto: 'auto',
  register: 'register',
  _Thread_local: '_Thread_local',
  __thread: '_Thread_local',
};

type Qualifier = 'const' | 'volatile' | 'restrict' | '_Atomic';

function qualifierName(context: TypeQualifierContext): Qualifier {
  const text = tokenText(context);
  if (text.includes('const')) return 'const';
  if (text.includes('volatile')) return 'volatile';
  if (text.includes('restrict')) return 'restrict';
  return '_Atomic';
}

const baseTypeNames: Readonly<Record<string, string>> = {
  __signed: 'signed',
  __signed__: 'signed',
  __complex__: '_Complex',
};

/** Declaration specifiers or a specifier-qualifier list (same shape, no storage classes). */
export function buildSpecifiers(
  context: DeclarationSpecifiersContext | SpecifierQualifierListContext,
): DeclarationSpecifiers {
  const location = locationOf(context);
  const storage: StorageClass[] = [];
  const qualifiers: Qualifier[] = [];
  const baseNames: string[] = [];
  let baseLocation: SourceLocation | undefined;
  let other: TypeSpecifier | undefined;
  let isInline = false;
  const setOther = (specifier: TypeSpecifier): void => {
    if (other !== undefined) {
      throw new UnsupportedSyntaxError('two types in one declaration', specifier.location);
    }
    other = specifier;
  };
  for (const child of context.children) {
    if (child instanceof TerminalNode) {
      // the only tokens of the list are the base type keywords
      const text = child.symbol.text ?? '';
      baseNames.push(baseTypeNames[text] ?? text);
      baseLocation ??= locationOfTerminal(child);
      continue;
    }
    if (child instanceof DeclarationSpecifierNoTypeContext || child instanceof SpecifierQualifierNoTypeContext) {
      // Fast path: each alternative of these rules is a single child.
      const only = child.children.length === 1 ? child.children[0] : undefined;
      if (only instanceof TypeQualifierContext) {
        qualifiers.push(qualifierName(only));
        continue;
      }
      if (only instanceof TerminalNode) {
        // a storage class keyword or '__extension__'
        const name = storageNames[only.symbol.text ?? ''];
        if (name !== undefined) {
          storage.push(name);
        }
        continue;
      }
      if (only instanceof FunctionSpecifierContext) {
        if (tokenText(only).includes('inline')) {
          isInline = true;
        }
        continue;
      }
      const qualifier = child.typeQualifier();
      if (qualifier !== null) {
        qualifiers.push(qualifierName(qualifier));
      }
      if (child instanceof DeclarationSpecifierNoTypeContext) {
        const functionSpecifier = child.functionSpecifier();
        if (functionSpecifier !== null && functionSpecifier.getText().includes('inline')) {
          isInline = true;
        }
      }
      // attributes, _Alignas, __extension__ carry no meaning here.
    } else if (child instanceof TypedefNameContext) {
      setOther({ kind: 'typedefName', name: tokenText(child), location: locationOf(child) });
    } else if (child instanceof TypeSpecifierContext) {
      const structOrUnion = child.structOrUnionSpecifier();
      const enumSpecifier = child.enumSpecifier();
      const typeofSpecifier = child.typeofSpecifier();
      if (structOrUnion !== null) {
        setOther(buildStructOrUnion(structOrUnion));
      } else if (enumSpecifier !== null) {
        setOther(buildEnum(enumSpecifier));
      } else if (typeofSpecifier !== null) {
        const typeName = typeofSpecifier.typeName();
        const expression = typeofSpecifier.expression();
        const operand =
          typeName !== null
            ? buildTypeName(typeName)
            : expression !== null
              ? expressions.buildExpression(expression)
              : undefined;
        if (operand === undefined) {
          throw new UnsupportedSyntaxError('malformed typeof', locationOf(typeofSpecifier));
        }
        setOther({ kind: 'typeof', operand, location: locationOf(typeofSpecifier) });
      } else {
        throw new UnsupportedSyntaxError('_Atomic(type) specifier is not supported', locationOf(child));
      }
    }
  }
  let type: TypeSpecifier;
  if (other !== undefined) {
    if (baseNames.length > 0) {
      throw new UnsupportedSyntaxError(`'${baseNames.join(' ')}' combined with another type`, location);
    }
    type = other;
  } else {
    type = { kind: 'base', names: baseNames, location: baseLocation ?? location };
  }
  return { storage, type, qualifiers, isInline, location };
}

function buildStructOrUnion(context: StructOrUnionSpecifierContext): TypeSpecifier {
  const location = locationOf(context);
  const isUnion = context.structOrUnion().getText() === 'union';
  const tag = context.identifier()?.getText();
  const hasBody = hasTerminal(context, '{');
  if (!hasBody) {
    return { kind: 'struct', isUnion, tag, fields: undefined, location };
  }
  const fields: FieldDeclaration[] = [];
  for (const declaration of context.structDeclaration()) {
    const specifiersContext = declaration.specifierQualifierList();
    if (specifiersContext === null) {
      continue; // _Static_assert or a stray ';'
    }
    const declarators = (declaration.structDeclaratorList()?.structDeclarator() ?? []).map((item) => {
      const declarator = item.declarator();
      const width = item.assignmentExpression();
      return {
        declarator: declarator === null ? undefined : buildDeclarator(declarator),
        bitWidth: width === null ? undefined : expressions.buildAssignmentExpression(width),
      };
    });
    fields.push({ specifiers: buildSpecifiers(specifiersContext), declarators, location: locationOf(declaration) });
  }
  return { kind: 'struct', isUnion, tag, fields, location };
}

function buildEnum(context: EnumSpecifierContext): TypeSpecifier {
  const location = locationOf(context);
  const tag = context.identifier()?.getText();
  const hasBody = hasTerminal(context, '{');
  if (!hasBody) {
    return { kind: 'enum', tag, enumerators: undefined, location };
  }
  const enumerators: Enumerator[] = context.enumerator().map((item) => {
    const value = item.assignmentExpression();
    return {
      name: item.identifier().getText(),
      value: value === null ? undefined : expressions.buildAssignmentExpression(value),
      location: locationOf(item),
    };
  });
  return { kind: 'enum', tag, enumerators, location };
}

// ---------------------------------------------------------------- declarators

function wrapInPointers(pointer: PointerContext | null, inner: Declarator): Declarator {
  if (pointer === null) {
    return inner;
  }
  // `* q1 * q2 D`: the first `*` is the outermost node. Each '*' starts a level; the qualifiers
  // after it are that level's (attributes are dropped).
  const levels: { qualifiers: Qualifier[]; location: SourceLocation }[] = [];
  for (const child of pointer.children) {
    if (child instanceof TerminalNode) {
      levels.push({ qualifiers: [], location: locationOfTerminal(child) });
    } else if (child instanceof TypeQualifierContext && levels.length > 0) {
      levels[levels.length - 1]!.qualifiers.push(qualifierName(child));
    }
  }
  let result = inner;
  for (let index = levels.length - 1; index >= 0; index--) {
    const level = levels[index]!;
    result = {
      kind: 'pointer',
      qualifiers: level.qualifiers,
      inner: result,
      location: level.location,
    };
  }
  return result;
}

export function buildDeclarator(context: DeclaratorContext): Declarator {
  // `pointer? (name | '(' attributes declarator ')') declaratorSuffix*`
  const children = context.children;
  const pointer = children[0] instanceof PointerContext ? children[0] : null;
  const directStart = children[pointer === null ? 0 : 1];
  if (!(directStart instanceof TerminalNode)) {
    throw new UnsupportedSyntaxError('malformed declarator', locationOf(context));
  }
  const directLocation = locationOfTerminal(directStart);
  let result: Declarator;
  if (context._name !== undefined && context._name !== null && directStart.symbol === context._name) {
    result = { kind: 'identifier', name: directStart.symbol.text ?? '', location: directLocation };
  } else {
    const innerDeclarator = context.declarator();
    if (innerDeclarator === null) {
      throw new UnsupportedSyntaxError('malformed declarator', directLocation);
    }
    result = buildDeclarator(innerDeclarator);
  }
  if (children[children.length - 1] instanceof DeclaratorSuffixContext) {
    result = applySuffixes(result, context.declaratorSuffix(), directLocation);
  }
  return wrapInPointers(pointer, result);
}

function buildAbstractDeclarator(context: AbstractDeclaratorContext | null, location: SourceLocation): Declarator {
  if (context === null) {
    return { kind: 'abstract', location };
  }
  const direct = context.directAbstractDeclarator();
  const result =
    direct === null ? { kind: 'abstract' as const, location: locationOf(context) } : buildDirectAbstract(direct);
  return wrapInPointers(context.pointer(), result);
}

function buildDirectAbstract(context: DirectAbstractDeclaratorContext): Declarator {
  const location = locationOf(context);
  const inner = context.abstractDeclarator();
  const base: Declarator = inner !== null ? buildAbstractDeclarator(inner, location) : { kind: 'abstract', location };
  return applySuffixes(base, context.declaratorSuffix(), location);
}

/** `D[a][b]` is array(b, inner: array(a, inner: D)): each suffix wraps what is left of it. */
function applySuffixes(
  base: Declarator,
  suffixes: readonly DeclaratorSuffixContext[],
  location: SourceLocation,
): Declarator {
  let result = base;
  for (const suffix of suffixes) {
    // '[' qualifiers size? ']' | '[' qualifiers '*' ']' | '(' parameterTypeList ')' | '(' identifierList? ')'
    const children = suffix.children;
    const first = children[0];
    if (first instanceof TerminalNode && first.symbol.text === '[') {
      let size: AssignmentExpressionContext | undefined;
      for (const child of children) {
        if (child instanceof AssignmentExpressionContext) {
          size = child;
        }
      }
      result = {
        kind: 'array',
        inner: result,
        size: size === undefined ? undefined : expressions.buildAssignmentExpression(size),
        location,
      };
      continue;
    }
    const second = children[1];
    const typeList = second instanceof ParameterTypeListContext ? second : null;
    if (typeList !== null) {
      const parameters: ParameterDeclaration[] = [];
      for (const child of typeList.children) {
        if (child instanceof ParameterDeclarationContext) {
          parameters.push(buildParameter(child));
        }
      }
      const isVoidList = parameters.length === 1 && isPlainVoid(parameters[0]!);
      result = {
        kind: 'function',
        inner: result,
        parameters: isVoidList ? [] : parameters,
        isVariadic: isTerminal(typeList.children[typeList.children.length - 1], '...'), // `, ...` comes last
        isUnprototyped: false,
        location,
      };
      continue;
    }
    const identifiers = second instanceof IdentifierListContext ? second : null;
    if (identifiers === null) {
      result = { kind: 'function', inner: result, parameters: [], isVariadic: false, isUnprototyped: true, location };
      continue;
    }
    // K&R identifier list: implicit int until the definition's declarations say otherwise.
    const parameters = identifiers.identifier().map((identifier): ParameterDeclaration => {
      const parameterLocation = locationOf(identifier);
      return {
        specifiers: implicitIntSpecifiers(parameterLocation),
        declarator: { kind: 'identifier', name: identifier.getText(), location: parameterLocation },
        location: parameterLocation,
      };
    });
    result = { kind: 'function', inner: result, parameters, isVariadic: false, isUnprototyped: false, location };
  }
  return result;
}

function isPlainVoid(parameter: ParameterDeclaration): boolean {
  const specifiers = parameter.specifiers;
  return (
    parameter.declarator.kind === 'abstract' &&
    specifiers.type.kind === 'base' &&
    specifiers.type.names.length === 1 &&
    specifiers.type.names[0] === 'void' &&
    specifiers.qualifiers.length === 0 &&
    specifiers.storage.length === 0
  );
}

function buildParameter(context: ParameterDeclarationContext): ParameterDeclaration {
  const location = locationOf(context);
  const declarator = context.declarator();
  return {
    specifiers: buildSpecifiers(context.declarationSpecifiers()),
    declarator:
      declarator !== null
        ? buildDeclarator(declarator)
        : buildAbstractDeclarator(context.abstractDeclarator(), location),
    location,
  };
}

function buildTypeName(context: TypeNameContext): TypeName {
  const location = locationOf(context);
  return {
    kind: 'typeName',
    specifiers: buildSpecifiers(context.specifierQualifierList()),
    declarator: buildAbstractDeclarator(context.abstractDeclarator(), location),
    location,
  };
}

// ---------------------------------------------------------------- initializers

function buildInitializer(context: InitializerContext): Initializer {
  const location = locationOf(context);
  const expression = context.assignmentExpression();
  if (expression !== null) {
    return { kind: 'expressionInitializer', expression: expressions.buildAssignmentExpression(expression), location };
  }
  const list = context.initializerList();
  return { kind: 'listInitializer', items: list === null ? [] : buildInitializerList(list), location };
}

function buildInitializerList(context: InitializerListContext): InitializerItem[] {
  return context.initializerListItem().map((item) => {
    const designators: Designator[] = [];
    const designation = item.designation();
    if (designation !== null) {
      const oldStyleField = designation.identifier(); // GCC `field: value`
      if (oldStyleField !== null) {
        designators.push({ kind: 'fieldDesignator', name: oldStyleField.getText() });
      }
      for (const designator of designation.designator()) {
        const index = designator.assignmentExpression();
        const field = designator.identifier();
        if (index !== null) {
          designators.push({ kind: 'indexDesignator', index: expressions.buildAssignmentExpression(index) });
        } else if (field !== null) {
          designators.push({ kind: 'fieldDesignator', name: field.getText() });
        }
      }
    }
    return { designators, initializer: buildInitializer(item.initializer()) };
  });
}

// ---------------------------------------------------------------- statements

function buildCompoundStatement(context: CompoundStatementContext): CompoundStatement {
  const items: (Statement | Declaration)[] = [];
  for (const item of context.children) {
    if (item instanceof BlockItemContext) {
      const built = buildBlockItem(item);
      if (built !== undefined) {
        items.push(built);
      }
    }
  }
  return { kind: 'compound', items, location: locationOf(context) };
}

/** A block item is a declaration or has the alternatives of a statement (see grammars/C.g4). */
function buildBlockItem(context: BlockItemContext): Statement | Declaration | undefined {
  const first = context.children[0]; // a block item has one child, its alternative
  if (first instanceof DeclarationContext) {
    return buildDeclaration(first);
  }
  return buildStatement(context);
}

function isTerminal(node: ParseTree | undefined, text: string): boolean {
  return node instanceof TerminalNode && node.symbol.text === text;
}

function hasTerminal(context: ParserRuleContext, text: string): boolean {
  return context.children.some((child) => child instanceof TerminalNode && child.symbol.text === text);
}

function requireNode<T>(node: T | null | undefined, what: string, context: ParserRuleContext): T {
  if (node === null || node === undefined) {
    throw new UnsupportedSyntaxError(`malformed ${what}`, locationOf(context));
  }
  return node;
}

export function buildStatement(context: StatementContext | BlockItemContext): Statement {
  const location = locationOf(context);
  // Fast path for the frequent alternatives (a statement has one child, its alternative); the
  // accessor chain below handles every alternative.
  const only = context.children.length === 1 ? context.children[0] : undefined;
  if (only instanceof ExpressionStatementContext) {
    return buildExpressionStatement(only, location);
  }
  if (only instanceof CompoundStatementContext) {
    return buildCompoundStatement(only);
  }
  if (only instanceof IfStatementContext) {
    return buildIfStatement(only, location);
  }
  if (only instanceof ForStatementContext) {
    return buildForStatement(only);
  }
  if (only instanceof WhileStatementContext) {
    return buildWhileStatement(only, location);
  }
  if (only instanceof JumpStatementContext) {
    return buildJumpStatement(only, location);
  }
  const labeled = context.labeledStatement();
  if (labeled !== null) {
    return buildLabeledStatement(labeled);
  }
  const compound = context.compoundStatement();
  if (compound !== null) {
    return buildCompoundStatement(compound);
  }
  const expressionStatement = context.expressionStatement();
  if (expressionStatement !== null) {
    return buildExpressionStatement(expressionStatement, location);
  }
  const ifStatement = context.ifStatement();
  if (ifStatement !== null) {
    return buildIfStatement(ifStatement, location);
  }
  const switchStatement = context.switchStatement();
  if (switchStatement !== null) {
    return {
      kind: 'switch',
      discriminant: expressions.buildExpression(switchStatement.expression()),
      body: buildStatement(switchStatement.statement()),
      location,
    };
  }
  const whileStatement = context.whileStatement();
  if (whileStatement !== null) {
    return buildWhileStatement(whileStatement, location);
  }
  const doWhile = context.doWhileStatement();
  if (doWhile !== null) {
    return {
      kind: 'doWhile',
      body: buildStatement(doWhile.statement()),
      condition: expressions.buildExpression(doWhile.expression()),
      location,
    };
  }
  const forStatement = context.forStatement();
  if (forStatement !== null) {
    return buildForStatement(forStatement);
  }
  const jump = context.jumpStatement();
  if (jump !== null) {
    return buildJumpStatement(jump, location);
  }
  if (context.asmStatement() !== null) {
    return { kind: 'asm', location };
  }
  throw new UnsupportedSyntaxError('unknown statement', location);
}

function buildExpressionStatement(context: ExpressionStatementContext, location: SourceLocation): Statement {
  return { kind: 'expressionStatement', expression: expressions.buildExpressionAmong(context), location };
}

function buildIfStatement(context: IfStatementContext, location: SourceLocation): Statement {
  const branches = context.statement();
  const elseBranch = branches[1];
  return {
    kind: 'if',
    condition: expressions.buildExpression(context.expression()),
    then: buildStatement(requireNode(branches[0], 'if statement', context)),
    else: elseBranch === undefined ? undefined : buildStatement(elseBranch),
    location,
  };
}

function buildWhileStatement(context: WhileStatementContext, location: SourceLocation): Statement {
  return {
    kind: 'while',
    condition: expressions.buildExpression(context.expression()),
    body: buildStatement(context.statement()),
    location,
  };
}

function buildJumpStatement(context: JumpStatementContext, location: SourceLocation): Statement {
  const keyword = context.getChild(0)?.getText();
  switch (keyword) {
    case 'goto':
      return { kind: 'goto', label: requireNode(context.identifier(), 'goto', context).getText(), location };
    case 'continue':
      return { kind: 'continue', location };
    case 'break':
      return { kind: 'break', location };
    case 'return': {
      const value = context.expression();
      return { kind: 'return', value: value === null ? undefined : expressions.buildExpression(value), location };
    }
    default:
      throw new UnsupportedSyntaxError(`unknown jump statement '${keyword ?? ''}'`, location);
  }
}

function buildLabeledStatement(context: LabeledStatementContext): Statement {
  const location = locationOf(context);
  const body = buildStatement(context.statement());
  const first = context.children[0];
  const keyword = first instanceof TerminalNode ? first.symbol.text : undefined; // else an identifier
  if (keyword === 'case') {
    return {
      kind: 'case',
      value: expressions.buildAssignmentExpression(requireNode(context.assignmentExpression(), 'case', context)),
      body,
      location,
    };
  }
  if (keyword === 'default' && context.identifier() === null) {
    return { kind: 'default', body, location };
  }
  return { kind: 'labeled', label: requireNode(context.identifier(), 'label', context).getText(), body, location };
}

function buildForStatement(context: ForStatementContext): Statement {
  const location = locationOf(context);
  const init = context.forInit();
  let initNode: Declaration | Expression | undefined;
  const initSpecifiers = init.declarationSpecifiers();
  if (initSpecifiers !== null) {
    initNode = {
      kind: 'declaration',
      specifiers: buildSpecifiers(initSpecifiers),
      declarators: buildInitDeclarators(init),
      location: locationOf(init),
    };
  } else {
    const initExpression = init.expression();
    initNode = initExpression === null ? undefined : expressions.buildExpression(initExpression);
  }
  const condition = context._forCondition;
  const update = context._forUpdate;
  return {
    kind: 'for',
    init: initNode,
    condition: condition === undefined ? undefined : expressions.buildExpression(condition),
    update: update === undefined ? undefined : expressions.buildExpression(update),
    body: buildStatement(context.statement()),
    location,
  };
}
