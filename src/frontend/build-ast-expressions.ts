// Builds AST expressions (./ast.ts) from the ANTLR parse tree of grammars/C.g4, and decodes
// integer / character constants. Parentheses and `__extension__` leave no node.
// The syntax that expressions embed but ./build-ast.ts builds (statement expressions, compound
// literals' initializer lists, type names) comes in through EmbeddedSyntaxBuilders, which build-ast.ts
// passes to the ExpressionBuilder it creates; this file does not import build-ast.ts.
// Soundness assumptions: constants are decoded exactly (integer values as bigint with the suffix
// split off; plain character constants take GCC's value on x86, i.e. `char` is signed, so '\xff'
// is -1; multi-character constants fold bytes big-endian like GCC). GCC builtins without an AST
// node are desugared faithfully: `__builtin_offsetof(T, m)` becomes `(unsigned long) &((T *) 0)->m`
// (the classic definition) and `__builtin_va_arg(e, T)` becomes `(T) __builtin_va_arg(e)`, a call
// of an unknown function that lowering must refuse or treat as nondeterministic.

import { type ParserRuleContext, type ParseTree, type Token, TerminalNode } from 'antlr4ng';
import type {
  AssignmentOperator,
  BinaryOperator,
  CompoundStatement,
  Declarator,
  Expression,
  InitializerItem,
  SourceLocation,
  TypeName,
  UnaryOperator,
} from './ast.js';
import {
  AlignofKeywordContext,
  AssignmentExpressionContext,
  CompoundStatementContext,
  CParser,
  ExpressionContext,
  InitializerListContext,
  OffsetofMemberContext,
  PostfixSuffixContext,
  TypeNameContext,
  UnaryExpressionContext,
  UnaryOperatorContext,
} from './generated/CParser.js';
import { locationOf, tokenText, UnsupportedSyntaxError } from './build-ast-support.js';

/**
 * The builders of the syntax that expressions embed and ./build-ast.ts builds: the body of a
 * statement expression `({ ... })`, the initializer list of a compound literal `(T){ ... }`, and
 * the type names of casts, compound literals, sizeof, alignof, offsetof and va_arg.
 */
export interface EmbeddedSyntaxBuilders {
  readonly compoundStatement: (context: CompoundStatementContext) => CompoundStatement;
  readonly initializerList: (context: InitializerListContext) => InitializerItem[];
  readonly typeName: (context: TypeNameContext) => TypeName;
}

const assignmentOperators: ReadonlySet<string> = new Set<AssignmentOperator>([
  '=',
  '*=',
  '/=',
  '%=',
  '+=',
  '-=',
  '<<=',
  '>>=',
  '&=',
  '^=',
  '|=',
]);

const unaryOperators: Readonly<Record<string, UnaryOperator>> = {
  '&': '&',
  '*': '*',
  '+': '+',
  '-': '-',
  '~': '~',
  '!': '!',
};

/** Builds expressions; what they embed is built by the EmbeddedSyntaxBuilders it is given. */
export class ExpressionBuilder {
  public constructor(private readonly embedded: EmbeddedSyntaxBuilders) {}

  public buildExpression(context: ExpressionContext): Expression {
    const only = context.children.length === 1 ? context.children[0] : undefined;
    if (only instanceof AssignmentExpressionContext) {
      return this.buildAssignmentExpression(only);
    }
    const parts = context.assignmentExpression();
    if (parts.length === 1) {
      return this.buildAssignmentExpression(parts[0]!);
    }
    return {
      kind: 'comma',
      expressions: parts.map((part) => this.buildAssignmentExpression(part)),
      location: locationOf(context),
    };
  }

  /**
   * An `expression` written out among a context's children (`assignmentExpression (','
   * assignmentExpression)*` in expressionStatement and index suffixes): built as buildExpression
   * builds the rule; undefined if there is none.
   */
  public buildExpressionAmong(context: ParserRuleContext): Expression | undefined {
    const parts: AssignmentExpressionContext[] = [];
    for (const child of context.children) {
      if (child instanceof AssignmentExpressionContext) {
        parts.push(child);
      }
    }
    const first = parts[0];
    if (first === undefined) {
      return undefined;
    }
    if (parts.length === 1) {
      return this.buildAssignmentExpression(first);
    }
    return {
      kind: 'comma',
      expressions: parts.map((part) => this.buildAssignmentExpression(part)),
      location: locationOf(first),
    };
  }

  /** Every operator except the comma (the grammar's precedence-climbing rule). */
  public buildAssignmentExpression(context: AssignmentExpressionContext): Expression {
    const children = context.children;
    const leftContext = children[0];
    if (!(leftContext instanceof AssignmentExpressionContext)) {
      return this.buildUnaryForm(context); // a primary alternative: the unary expression forms
    }
    const location = locationOf(context);
    const rightContext = children[children.length - 1];
    if (children.length < 3 || !(rightContext instanceof AssignmentExpressionContext)) {
      throw new UnsupportedSyntaxError('malformed expression', location);
    }
    const left = this.buildAssignmentExpression(leftContext);
    const right = this.buildAssignmentExpression(rightContext);
    const condition = children.length === 5 ? children[2] : undefined;
    if (condition instanceof ExpressionContext) {
      return { kind: 'conditional', condition: left, then: this.buildExpression(condition), else: right, location };
    }
    const operator = context._operator?.text;
    if (operator === undefined) {
      throw new UnsupportedSyntaxError('malformed binary expression', location);
    }
    if (assignmentOperators.has(operator)) {
      return { kind: 'assignment', operator: operator as AssignmentOperator, target: left, value: right, location };
    }
    return { kind: 'binary', operator: operator as BinaryOperator, left, right, location };
  }

  /**
   * The unary expression forms, read from the children of an assignmentExpression primary
   * alternative or of a unaryExpression (the grammar lists the same alternatives in both): a primary
   * followed by postfix suffixes, a prefix operator, sizeof, alignof, `__extension__` or a cast.
   */
  private buildUnaryForm(context: ParserRuleContext): Expression {
    const first = context.children[0];
    const location = locationOf(context);
    if (first instanceof TerminalNode) {
      return this.buildTokenForm(context, first.symbol, location);
    }
    if (first instanceof UnaryOperatorContext) {
      const text = tokenText(first);
      const operator = unaryOperators[text];
      if (operator === undefined) {
        throw new UnsupportedSyntaxError(`unknown unary operator '${text}'`, location);
      }
      return { kind: 'unary', operator, operand: this.unaryOperandAt(context, 1), location };
    }
    if (first instanceof AlignofKeywordContext) {
      return this.buildAlignof(context, location);
    }
    throw new UnsupportedSyntaxError('malformed unary expression', location);
  }

  /** The unary forms whose first child is the token `first`: primaries, then the keyword forms. */
  private buildTokenForm(context: ParserRuleContext, first: Token, location: SourceLocation): Expression {
    const children = context.children;
    switch (first.type) {
      case CParser.Identifier:
        return this.applyPostfixSuffixes({ kind: 'identifier', name: first.text ?? '', location }, children, 1);
      case CParser.IntegerConstant: {
        const text = first.text ?? '';
        const decoded = decodeIntegerConstant(text);
        if (decoded.kind === 'invalid') {
          throw new UnsupportedSyntaxError(`invalid integer constant '${text}'`, location);
        }
        return this.applyPostfixSuffixes(
          { kind: 'integerConstant', text, value: decoded.value, suffix: decoded.suffix, location },
          children,
          1,
        );
      }
      case CParser.FloatingConstant:
        return this.applyPostfixSuffixes({ kind: 'floatingConstant', text: first.text ?? '', location }, children, 1);
      case CParser.CharacterConstant: {
        const text = first.text ?? '';
        const decoded = decodeCharacterConstant(text);
        if (decoded.kind === 'invalid') {
          throw new UnsupportedSyntaxError(`invalid character constant ${text}: ${decoded.reason}`, location);
        }
        return this.applyPostfixSuffixes(
          { kind: 'characterConstant', text, value: decoded.value, location },
          children,
          1,
        );
      }
      case CParser.StringLiteral: {
        const pieces: string[] = [];
        let index = 0;
        for (; index < children.length; index++) {
          const child = children[index];
          if (!(child instanceof TerminalNode) || child.symbol.type !== CParser.StringLiteral) {
            break;
          }
          pieces.push(child.getText());
        }
        return this.applyPostfixSuffixes(
          { kind: 'stringLiteral', text: concatenateStringLiterals(pieces), location },
          children,
          index,
        );
      }
      default:
        return this.buildKeywordForm(context, first.text, location);
    }
  }

  /** The unary forms that start with `(`, `++`, `--`, `sizeof`, `__extension__` or a builtin. */
  private buildKeywordForm(
    context: ParserRuleContext,
    keyword: string | undefined,
    location: SourceLocation,
  ): Expression {
    const children = context.children;
    const second = children[1];
    switch (keyword) {
      case '(':
        return this.buildParenthesisForm(context, location);
      case '++':
      case '--':
        return {
          kind: 'unary',
          operator: keyword === '++' ? 'preIncrement' : 'preDecrement',
          operand: this.unaryOperandAt(context, 1),
          location,
        };
      case 'sizeof':
        if (second instanceof UnaryExpressionContext) {
          return { kind: 'sizeofExpression', operand: this.buildUnaryForm(second), location };
        }
        return { kind: 'sizeofType', typeName: this.embedded.typeName(typeNameAt(context, 2)), location };
      case '__extension__':
        return this.unaryOperandAt(context, 1);
      case '__builtin_va_arg': {
        const argument = children[2];
        if (!(argument instanceof AssignmentExpressionContext)) {
          throw new UnsupportedSyntaxError('malformed __builtin_va_arg', location);
        }
        const typeName = typeNameAt(context, 4);
        const call: Expression = {
          kind: 'call',
          callee: { kind: 'identifier', name: '__builtin_va_arg', location },
          arguments: [this.buildAssignmentExpression(argument)],
          location,
        };
        return this.applyPostfixSuffixes(
          { kind: 'cast', typeName: this.embedded.typeName(typeName), operand: call, location },
          children,
          6,
        );
      }
      case '__builtin_offsetof': {
        const typeName = typeNameAt(context, 2);
        const member = children[4];
        if (!(member instanceof OffsetofMemberContext)) {
          throw new UnsupportedSyntaxError('malformed primary expression', location);
        }
        return this.applyPostfixSuffixes(
          this.buildOffsetof(this.embedded.typeName(typeName), member, location),
          children,
          6,
        );
      }
      default:
        throw new UnsupportedSyntaxError('malformed unary expression', location);
    }
  }

  /** `( expression )`, a statement expression `({ ... })`, a cast `(T) e` or a compound literal `(T){ ... }`. */
  private buildParenthesisForm(context: ParserRuleContext, location: SourceLocation): Expression {
    const children = context.children;
    const second = children[1];
    if (second instanceof ExpressionContext) {
      return this.applyPostfixSuffixes(this.buildExpression(second), children, 3);
    }
    if (second instanceof CompoundStatementContext) {
      return this.applyPostfixSuffixes(
        { kind: 'statementExpression', body: this.embedded.compoundStatement(second), location },
        children,
        3,
      );
    }
    if (!(second instanceof TypeNameContext)) {
      throw new UnsupportedSyntaxError('malformed unary expression', location);
    }
    const afterParenthesis = children[3];
    if (afterParenthesis instanceof UnaryExpressionContext) {
      return {
        kind: 'cast',
        typeName: this.embedded.typeName(second),
        operand: this.buildUnaryForm(afterParenthesis),
        location,
      };
    }
    // compound literal `(T){...}`
    let list: InitializerListContext | undefined;
    let index = 4;
    for (; index < children.length; index++) {
      const child = children[index];
      if (child instanceof InitializerListContext) {
        list = child;
      } else if (child instanceof TerminalNode && child.symbol.text === '}') {
        index++;
        break;
      }
    }
    const literal: Expression = {
      kind: 'compoundLiteral',
      typeName: this.embedded.typeName(second),
      initializer: {
        kind: 'listInitializer',
        items: list === undefined ? [] : this.embedded.initializerList(list),
        location,
      },
      location,
    };
    return this.applyPostfixSuffixes(literal, children, index);
  }

  /** `_Alignof(T)`, or GCC `__alignof__(expression)`: the alignment of the expression's type, i.e. of typeof(e). */
  private buildAlignof(context: ParserRuleContext, location: SourceLocation): Expression {
    const second = context.children[1];
    if (!(second instanceof UnaryExpressionContext)) {
      return { kind: 'alignofType', typeName: this.embedded.typeName(typeNameAt(context, 2)), location };
    }
    const typeOfOperand: TypeName = {
      kind: 'typeName',
      specifiers: {
        storage: [],
        type: { kind: 'typeof', operand: this.buildUnaryForm(second), location },
        qualifiers: [],
        isInline: false,
        location,
      },
      declarator: { kind: 'abstract', location },
      location,
    };
    return { kind: 'alignofType', typeName: typeOfOperand, location };
  }

  private unaryOperandAt(context: ParserRuleContext, index: number): Expression {
    const operand = context.children[index];
    if (!(operand instanceof UnaryExpressionContext)) {
      throw new UnsupportedSyntaxError('malformed unary expression', locationOf(context));
    }
    return this.buildUnaryForm(operand);
  }

  /** Applies the postfix suffixes among children[from..] to the primary, left to right. */
  private applyPostfixSuffixes(primary: Expression, children: readonly ParseTree[], from: number): Expression {
    let result = primary;
    for (let index = from; index < children.length; index++) {
      const suffix = children[index];
      if (suffix instanceof PostfixSuffixContext) {
        result = this.applyPostfixSuffix(result, suffix);
      }
    }
    return result;
  }

  private applyPostfixSuffix(operand: Expression, suffix: PostfixSuffixContext): Expression {
    const location = operand.location;
    const first = suffix.getChild(0);
    const firstText = first instanceof TerminalNode ? (first.symbol.text ?? '') : '';
    switch (firstText) {
      case '[': {
        const index = this.buildExpressionAmong(suffix);
        if (index === undefined) {
          throw new UnsupportedSyntaxError('malformed index', locationOf(suffix));
        }
        return { kind: 'index', array: operand, index, location };
      }
      case '(': {
        const list = suffix.argumentExpressionList();
        const callArguments =
          list === null ? [] : list.assignmentExpression().map((argument) => this.buildAssignmentExpression(argument));
        return { kind: 'call', callee: operand, arguments: callArguments, location };
      }
      case '.':
      case '->': {
        const field = suffix.identifier();
        if (field === null) {
          throw new UnsupportedSyntaxError('malformed member access', locationOf(suffix));
        }
        return { kind: 'member', object: operand, field: field.getText(), isArrow: firstText === '->', location };
      }
      case '++':
        return { kind: 'postfix', operator: 'postIncrement', operand, location };
      case '--':
        return { kind: 'postfix', operator: 'postDecrement', operand, location };
      default:
        throw new UnsupportedSyntaxError(`unknown postfix operator '${firstText}'`, locationOf(suffix));
    }
  }

  /** `(unsigned long) &((T *) 0)->m.n[i]` */
  private buildOffsetof(typeName: TypeName, member: OffsetofMemberContext, location: SourceLocation): Expression {
    const pointerTypeName: TypeName = { ...typeName, declarator: addPointerAtLeaf(typeName.declarator, location) };
    const nullPointer: Expression = {
      kind: 'cast',
      typeName: pointerTypeName,
      operand: { kind: 'integerConstant', text: '0', value: 0n, suffix: '', location },
      location,
    };
    let access: Expression = {
      kind: 'member',
      object: nullPointer,
      field: member.identifier().getText(),
      isArrow: true,
      location,
    };
    for (const suffix of member.offsetofSuffix()) {
      const field = suffix.identifier();
      const index = suffix.expression();
      if (field !== null) {
        access = { kind: 'member', object: access, field: field.getText(), isArrow: false, location };
      } else if (index !== null) {
        access = { kind: 'index', array: access, index: this.buildExpression(index), location };
      }
    }
    const sizeType: TypeName = {
      kind: 'typeName',
      specifiers: {
        storage: [],
        type: { kind: 'base', names: ['unsigned', 'long'], location },
        qualifiers: [],
        isInline: false,
        location,
      },
      declarator: { kind: 'abstract', location },
      location,
    };
    return {
      kind: 'cast',
      typeName: sizeType,
      operand: { kind: 'unary', operator: '&', operand: access, location },
      location,
    };
  }
}

function typeNameAt(context: ParserRuleContext, index: number): TypeNameContext {
  const typeName = context.children[index];
  if (!(typeName instanceof TypeNameContext)) {
    throw new UnsupportedSyntaxError('malformed expression', locationOf(context));
  }
  return typeName;
}

/** Makes the type named by an abstract declarator into a pointer to it (pointer applied last). */
function addPointerAtLeaf(declarator: Declarator, location: SourceLocation): Declarator {
  switch (declarator.kind) {
    case 'abstract':
    case 'identifier':
      return { kind: 'pointer', qualifiers: [], inner: declarator, location };
    case 'pointer':
    case 'array':
    case 'function':
      return { ...declarator, inner: addPointerAtLeaf(declarator.inner, location) };
    default: {
      const never: never = declarator;
      return never;
    }
  }
}

// ---------------------------------------------------------------- constants

export type DecodedInteger = { kind: 'ok'; value: bigint; suffix: string } | { kind: 'invalid' };

export function decodeIntegerConstant(text: string): DecodedInteger {
  if (/^(?:0|[1-9][0-9]*)$/.test(text)) {
    return { kind: 'ok', value: BigInt(text), suffix: '' }; // fast path: plain decimal or 0
  }
  const match = /^(.*?)([uUlL]*)$/.exec(text);
  if (match === null) {
    return { kind: 'invalid' };
  }
  const digits = match[1]!.replace(/'/g, '');
  const suffix = match[2]!;
  let literal: string;
  if (/^0[xX][0-9a-fA-F]+$/.test(digits)) {
    literal = digits;
  } else if (/^0[bB][01]+$/.test(digits)) {
    literal = digits;
  } else if (/^0[0-7]*$/.test(digits)) {
    literal = digits.length === 1 ? '0' : `0o${digits.slice(1)}`;
  } else if (/^[1-9][0-9]*$/.test(digits)) {
    literal = digits;
  } else {
    return { kind: 'invalid' };
  }
  return { kind: 'ok', value: BigInt(literal), suffix };
}

const simpleEscapes: Readonly<Record<string, number>> = {
  n: 10,
  t: 9,
  r: 13,
  '0': 0,
  a: 7,
  b: 8,
  f: 12,
  v: 11,
  e: 27,
  '\\': 92,
  "'": 39,
  '"': 34,
  '?': 63,
};

/** Decodes the items between the quotes into code units (escapes resolved). */
function decodeCharacterItems(
  body: string,
): { kind: 'ok'; codes: number[]; escaped: boolean[] } | { kind: 'invalid'; reason: string } {
  const codes: number[] = [];
  const escaped: boolean[] = [];
  let index = 0;
  while (index < body.length) {
    const character = body[index];
    if (character !== '\\') {
      const codePoint = body.codePointAt(index) ?? 0;
      codes.push(codePoint);
      escaped.push(false);
      index += codePoint > 0xffff ? 2 : 1;
      continue;
    }
    const next = body[index + 1] ?? '';
    if (/[0-7]/.test(next)) {
      const octal = /^[0-7]{1,3}/.exec(body.slice(index + 1))?.[0] ?? '0';
      codes.push(parseInt(octal, 8));
      escaped.push(true);
      index += 1 + octal.length;
    } else if (next === 'x') {
      const hex = /^[0-9a-fA-F]+/.exec(body.slice(index + 2))?.[0];
      if (hex === undefined) {
        return { kind: 'invalid', reason: '\\x without digits' };
      }
      codes.push(parseInt(hex, 16));
      escaped.push(true);
      index += 2 + hex.length;
    } else if (next === 'u' || next === 'U') {
      const length = next === 'u' ? 4 : 8;
      const hex = body.slice(index + 2, index + 2 + length);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== length) {
        return { kind: 'invalid', reason: 'malformed universal character name' };
      }
      codes.push(parseInt(hex, 16));
      escaped.push(false); // a universal character name denotes a character, encoded as UTF-8
      index += 2 + length;
    } else if (simpleEscapes[next] !== undefined) {
      codes.push(simpleEscapes[next]);
      escaped.push(true);
      index += 2;
    } else {
      return { kind: 'invalid', reason: `unknown escape sequence '\\${next}'` };
    }
  }
  return { kind: 'ok', codes, escaped };
}

export type DecodedCharacter = { kind: 'ok'; value: bigint } | { kind: 'invalid'; reason: string };

export function decodeCharacterConstant(text: string): DecodedCharacter {
  const quote = text.indexOf("'");
  const prefix = text.slice(0, quote);
  const decoded = decodeCharacterItems(text.slice(quote + 1, -1));
  if (decoded.kind === 'invalid') {
    return decoded;
  }
  const codes = decoded.codes;
  if (codes.length === 0) {
    return { kind: 'invalid', reason: 'empty character constant' };
  }
  if (prefix !== '') {
    // L'x' (wchar_t = int on the targets we model), u'x', U'x', u8'x': the code of the last item.
    if (codes.length !== 1) {
      return { kind: 'invalid', reason: 'multi-character wide constant' };
    }
    return { kind: 'ok', value: BigInt(codes[0]!) };
  }
  // Plain constant: each item is a byte (non-ASCII source characters are UTF-8 encoded).
  const bytes: number[] = [];
  for (const [position, code] of codes.entries()) {
    if (code < 0x80 || decoded.escaped[position]) {
      if (code > 0xff) {
        return { kind: 'invalid', reason: 'escape sequence out of range' };
      }
      bytes.push(code);
    } else {
      bytes.push(...new TextEncoder().encode(String.fromCodePoint(code)));
    }
  }
  if (bytes.length === 1) {
    const byte = bytes[0]!;
    return { kind: 'ok', value: BigInt(byte >= 0x80 ? byte - 0x100 : byte) };
  }
  if (bytes.length > 4) {
    return { kind: 'invalid', reason: 'character constant too long for its type' };
  }
  // GCC: value = fold of bytes, as int.
  let value = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) >>> 0;
  }
  return { kind: 'ok', value: BigInt(value | 0) };
}

/** Adjacent string literals become one literal: `"ab" "c"` is `"abc"` (prefix of the first one). */
export function concatenateStringLiterals(pieces: readonly string[]): string {
  if (pieces.length === 1) {
    return pieces[0]!;
  }
  let prefix = '';
  const bodies: string[] = [];
  for (const piece of pieces) {
    const quote = piece.indexOf('"');
    if (prefix === '' && quote > 0) {
      prefix = piece.slice(0, quote);
    }
    bodies.push(piece.slice(quote + 1, -1));
  }
  return `${prefix}"${bodies.join('')}"`;
}
