// What both AST builders (./build-ast.ts, ./build-ast-expressions.ts) share: source locations of
// parse-tree nodes, the text of single-token rules, and the error for valid C the AST cannot
// represent. Imports only the AST's SourceLocation and the ANTLR runtime, so both builders sit above it.

import { type ParserRuleContext, TerminalNode } from 'antlr4ng';
import type { SourceLocation } from './ast.js';

/** Valid C the AST cannot represent; parse.ts reports it as an 'unsupported' diagnostic. */
export class UnsupportedSyntaxError extends Error {
  public constructor(
    message: string,
    public readonly location: SourceLocation,
  ) {
    super(message);
    this.name = 'UnsupportedSyntaxError';
  }
}

export function locationOf(context: ParserRuleContext): SourceLocation {
  const start = context.start;
  return { line: start?.line ?? 1, column: (start?.column ?? 0) + 1 };
}

export function locationOfTerminal(node: TerminalNode): SourceLocation {
  return { line: node.symbol.line, column: node.symbol.column + 1 };
}

/**
 * The text of a rule context that matched a single token (operators, keywords, identifiers),
 * without the generic ParserRuleContext.getText(), which maps and joins every child; same result.
 */
export function tokenText(context: ParserRuleContext): string {
  const children = context.children;
  if (children.length === 1) {
    const only = children[0];
    if (only instanceof TerminalNode) {
      return only.getText();
    }
  }
  return context.getText();
}
