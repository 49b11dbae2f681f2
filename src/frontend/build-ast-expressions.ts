// Builds AST expressions (./ast.ts) from the ANTLR parse tree of grammars/C.g4, and decodes
// integer / character constants. Parentheses and `__extension__` leave no node.
// Soundness assumptions: constants are decoded exactly (integer values as bigint with the suffix
// split off; plain character constants take GCC's value on x86, i.e. `char` is signed, so '\xff'
// is -1; multi-character constants fold bytes big-endian like GCC). GCC builtins without an AST
// node are desugared faithfully: `__builtin_offsetof(T, m)` becomes `(unsigned long) &((T *) 0)->m`
// (the classic definition) and `__builtin_va_arg(e, T)` becomes `(T) __builtin_va_arg(e)`, a call
// of an unknown function that lowering must refuse or treat as nondeterministic.

import { type ParserRuleContext, TerminalNode } from 'antlr4ng';
import type {
  AssignmentOperator,
  BinaryOperator,
  Declarator,
  Expression,
  SourceLocation,
  TypeName,
  UnaryOperator,
} from './ast.js';
import {
  AssignmentExpressionContext,
  CParser,
  type ExpressionContext,
  type OffsetofMemberContext,
  PostfixExpressionContext,
  type PostfixSuffixContext,
  UnaryExpressionContext,
} from './generated/CParser.js';
import {
  buildCompoundStatement,
  buildInitializerList,
  buildTypeName,
  UnsupportedSyntaxError,
} from './build-ast.js';

export function locationOf(context: ParserRuleContext): SourceLocation {
  const start = context.start;
  return { line: start?.line ?? 1, column: (start?.column ?? 0) + 1 };
}

export function locationOfTerminal(node: TerminalNode): SourceLocation {
  return { line: node.symbol.line, column: node.symbol.column + 1 };
}

export function buildExpression(context: ExpressionContext): Expression {
  const only = context.children.length === 1 ? context.children[0] : undefined;
  if (only instanceof AssignmentExpressionContext) {
    return buildAssignmentExpression(only);
  }
  const parts = context.assignmentExpression();
  if (parts.length === 1) {
    return buildAssignmentExpression(parts[0]);
  }
  return { kind: 'comma', expressions: parts.map(buildAssignmentExpression), location: locationOf(context) };
}

/** Every operator except the comma (the grammar's precedence-climbing rule). */
export function buildAssignmentExpression(context: AssignmentExpressionContext): Expression {
  // Fast paths (the generated accessors scan the children with `instanceof` once per accessor):
  // a lone unary operand, and the binary alternatives `left operator right`.
  const children = context.children;
  if (children.length === 1) {
    const only = children[0];
    if (only instanceof UnaryExpressionContext) {
      return buildUnaryExpression(only);
    }
  } else if (children.length === 3 && context._operator !== undefined && context._operator !== null) {
    const leftContext = children[0];
    const rightContext = children[2];
    const operator = context._operator.text;
    if (leftContext instanceof AssignmentExpressionContext && rightContext instanceof AssignmentExpressionContext && operator !== undefined) {
      const left = buildAssignmentExpression(leftContext);
      const right = buildAssignmentExpression(rightContext);
      return { kind: 'binary', operator: operator as BinaryOperator, left, right, location: locationOf(context) };
    }
  }
  const unary = context.unaryExpression();
  if (unary !== null) {
    return buildUnaryExpression(unary);
  }
  const location = locationOf(context);
  const operands = context.assignmentExpression();
  if (operands.length !== 2) {
    throw new UnsupportedSyntaxError('malformed expression', location);
  }
  const left = buildAssignmentExpression(operands[0]);
  const right = buildAssignmentExpression(operands[1]);
  const assignmentOperator = context.assignmentOperator();
  if (assignmentOperator !== null) {
    return { kind: 'assignment', operator: assignmentOperator.getText() as AssignmentOperator, target: left, value: right, location };
  }
  const middle = context.expression();
  if (middle !== null) {
    return { kind: 'conditional', condition: left, then: buildExpression(middle), else: right, location };
  }
  const operator = context._operator?.text;
  if (operator === undefined) {
    throw new UnsupportedSyntaxError('malformed binary expression', location);
  }
  return { kind: 'binary', operator: operator as BinaryOperator, left, right, location };
}

const unaryOperators: Readonly<Record<string, UnaryOperator>> = {
  '&': '&', '*': '*', '+': '+', '-': '-', '~': '~', '!': '!',
};

function buildUnaryExpression(context: UnaryExpressionContext): Expression {
  const only = context.children.length === 1 ? context.children[0] : undefined;
  if (only instanceof PostfixExpressionContext) {
    return buildPostfixExpression(only);
  }
  const postfix = context.postfixExpression();
  if (postfix !== null) {
    return buildPostfixExpression(postfix);
  }
  const location = locationOf(context);
  const first = context.getChild(0);
  const firstText = first instanceof TerminalNode ? first.symbol.text ?? '' : '';
  const typeName = context.typeName();
  const operand = context.unaryExpression();
  const unaryOperator = context.unaryOperator();
  if (unaryOperator !== null && operand !== null) {
    const operator = unaryOperators[unaryOperator.getText()];
    if (operator === undefined) {
      throw new UnsupportedSyntaxError(`unknown unary operator '${unaryOperator.getText()}'`, location);
    }
    return { kind: 'unary', operator, operand: buildUnaryExpression(operand), location };
  }
  switch (firstText) {
    case '++':
    case '--':
      if (operand !== null) {
        return { kind: 'unary', operator: firstText === '++' ? 'preIncrement' : 'preDecrement', operand: buildUnaryExpression(operand), location };
      }
      break;
    case '(':
      if (typeName !== null && operand !== null) {
        return { kind: 'cast', typeName: buildTypeName(typeName), operand: buildUnaryExpression(operand), location };
      }
      break;
    case 'sizeof':
      if (typeName !== null) {
        return { kind: 'sizeofType', typeName: buildTypeName(typeName), location };
      }
      if (operand !== null) {
        return { kind: 'sizeofExpression', operand: buildUnaryExpression(operand), location };
      }
      break;
    case '__extension__':
      if (operand !== null) {
        return buildUnaryExpression(operand);
      }
      break;
    default:
      break;
  }
  if (context.alignofKeyword() !== null) {
    if (typeName !== null) {
      return { kind: 'alignofType', typeName: buildTypeName(typeName), location };
    }
    if (operand !== null) {
      // GCC `__alignof__(expression)`: the alignment of the expression's type, i.e. of typeof(e).
      const typeOfOperand: TypeName = {
        kind: 'typeName',
        specifiers: {
          storage: [],
          type: { kind: 'typeof', operand: buildUnaryExpression(operand), location },
          qualifiers: [],
          isInline: false,
          location,
        },
        declarator: { kind: 'abstract', location },
        location,
      };
      return { kind: 'alignofType', typeName: typeOfOperand, location };
    }
  }
  throw new UnsupportedSyntaxError('malformed unary expression', location);
}

function buildPostfixExpression(context: PostfixExpressionContext): Expression {
  let result = buildPrimaryExpression(context);
  if (context.children.length === 1) {
    return result; // a primary without suffixes
  }
  for (const suffix of context.postfixSuffix()) {
    result = applyPostfixSuffix(result, suffix);
  }
  return result;
}

function applyPostfixSuffix(operand: Expression, suffix: PostfixSuffixContext): Expression {
  const location = operand.location;
  const first = suffix.getChild(0);
  const firstText = first instanceof TerminalNode ? first.symbol.text ?? '' : '';
  switch (firstText) {
    case '[': {
      const index = suffix.expression();
      if (index === null) {
        throw new UnsupportedSyntaxError('malformed index', locationOf(suffix));
      }
      return { kind: 'index', array: operand, index: buildExpression(index), location };
    }
    case '(': {
      const list = suffix.argumentExpressionList();
      const callArguments = list === null ? [] : list.assignmentExpression().map(buildAssignmentExpression);
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

/** The primary part of a postfix expression (the grammar inlines primaries into postfixExpression). */
function buildPrimaryExpression(context: PostfixExpressionContext): Expression {
  const location = locationOf(context);
  // Fast path: a primary that is a single identifier token is the first child (the scan below
  // looks at every child).
  const leading = context.children[0];
  if (leading instanceof TerminalNode && leading.symbol.type === CParser.Identifier) {
    return { kind: 'identifier', name: leading.symbol.text ?? '', location };
  }
  const identifier = context.Identifier();
  if (identifier !== null) {
    return { kind: 'identifier', name: identifier.symbol.text ?? '', location };
  }
  const integer = context.IntegerConstant();
  if (integer !== null) {
    const text = integer.symbol.text ?? '';
    const decoded = decodeIntegerConstant(text);
    if (decoded.kind === 'invalid') {
      throw new UnsupportedSyntaxError(`invalid integer constant '${text}'`, location);
    }
    return { kind: 'integerConstant', text, value: decoded.value, suffix: decoded.suffix, location };
  }
  const floating = context.FloatingConstant();
  if (floating !== null) {
    return { kind: 'floatingConstant', text: floating.getText(), location };
  }
  const character = context.CharacterConstant();
  if (character !== null) {
    const text = character.getText();
    const decoded = decodeCharacterConstant(text);
    if (decoded.kind === 'invalid') {
      throw new UnsupportedSyntaxError(`invalid character constant ${text}: ${decoded.reason}`, location);
    }
    return { kind: 'characterConstant', text, value: decoded.value, location };
  }
  const strings = context.StringLiteral();
  if (strings.length > 0) {
    return { kind: 'stringLiteral', text: concatenateStringLiterals(strings.map((node) => node.getText())), location };
  }
  const compound = context.compoundStatement();
  if (compound !== null) {
    return { kind: 'statementExpression', body: buildCompoundStatement(compound), location };
  }
  const inner = context.expression();
  if (inner !== null) {
    return buildExpression(inner);
  }
  const first = context.getChild(0);
  const firstText = first instanceof TerminalNode ? first.symbol.text ?? '' : '';
  const typeName = context.typeName();
  if (typeName === null) {
    throw new UnsupportedSyntaxError('malformed primary expression', location);
  }
  if (firstText === '__builtin_va_arg') {
    const list = context.assignmentExpression();
    if (list === null) {
      throw new UnsupportedSyntaxError('malformed __builtin_va_arg', location);
    }
    const call: Expression = {
      kind: 'call',
      callee: { kind: 'identifier', name: '__builtin_va_arg', location },
      arguments: [buildAssignmentExpression(list)],
      location,
    };
    return { kind: 'cast', typeName: buildTypeName(typeName), operand: call, location };
  }
  const member = context.offsetofMember();
  if (firstText === '__builtin_offsetof' && member !== null) {
    return buildOffsetof(buildTypeName(typeName), member, location);
  }
  // compound literal `(T){...}`
  const list = context.initializerList();
  return {
    kind: 'compoundLiteral',
    typeName: buildTypeName(typeName),
    initializer: { kind: 'listInitializer', items: list === null ? [] : buildInitializerList(list), location },
    location,
  };
}

/** `(unsigned long) &((T *) 0)->m.n[i]` */
function buildOffsetof(typeName: TypeName, member: OffsetofMemberContext, location: SourceLocation): Expression {
  const pointerTypeName: TypeName = { ...typeName, declarator: addPointerAtLeaf(typeName.declarator, location) };
  const nullPointer: Expression = {
    kind: 'cast',
    typeName: pointerTypeName,
    operand: { kind: 'integerConstant', text: '0', value: 0n, suffix: '', location },
    location,
  };
  let access: Expression = { kind: 'member', object: nullPointer, field: member.identifier().getText(), isArrow: true, location };
  for (const suffix of member.offsetofSuffix()) {
    const field = suffix.identifier();
    const index = suffix.expression();
    if (field !== null) {
      access = { kind: 'member', object: access, field: field.getText(), isArrow: false, location };
    } else if (index !== null) {
      access = { kind: 'index', array: access, index: buildExpression(index), location };
    }
  }
  const sizeType: TypeName = {
    kind: 'typeName',
    specifiers: { storage: [], type: { kind: 'base', names: ['unsigned', 'long'], location }, qualifiers: [], isInline: false, location },
    declarator: { kind: 'abstract', location },
    location,
  };
  return { kind: 'cast', typeName: sizeType, operand: { kind: 'unary', operator: '&', operand: access, location }, location };
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
  const digits = match[1].replace(/'/g, '');
  const suffix = match[2];
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
  n: 10, t: 9, r: 13, '0': 0, a: 7, b: 8, f: 12, v: 11, e: 27, '\\': 92, "'": 39, '"': 34, '?': 63,
};

/** Decodes the items between the quotes into code units (escapes resolved). */
function decodeCharacterItems(body: string): { kind: 'ok'; codes: number[]; escaped: boolean[] } | { kind: 'invalid'; reason: string } {
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
    return { kind: 'ok', value: BigInt(codes[0]) };
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
    const byte = bytes[0];
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
    return pieces[0];
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
