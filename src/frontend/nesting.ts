// Limits on how deeply a program may nest, and the checks that enforce them before anything
// recurses too deep. Every later phase (the generated recursive-descent parser, the AST builder,
// location remapping, lowering, the IR and SMT printers, the encoders, counterexample replay)
// recurses once or more per level of nesting, on Node's default stack of about 1 MB; a program
// nested beyond these limits is reported as `unsupported: nesting deeper than N levels` at the
// first token beyond the limit instead of overflowing the stack somewhere downstream.
//
// Four checks, in the order of the pipeline:
// - brackets: `(`, `[` and `{` nesting on the token stream, before parsing (the common case, in
//   the user's terms: parentheses, indices, call arguments, blocks);
// - parser rule depth: counted by parse.ts while the parser runs (prefix operators, casts,
//   else-if chains, `?:` and assignment chains recurse in the parser without brackets);
// - syntax-tree depth: the parse tree is measured with an explicit stack before the AST is built
//   (left-associative operator chains such as `a + b + c + ...` are built by a loop in the parser
//   but form a tree as deep as the chain is long);
// - lowered depth: lowering counts the guards it nests (Context.nested) and the pipeline measures
//   the lowered program, since a flat run of `if (c) return;` becomes nested IR.
// Measured with the whole pipeline (lowering, --emit smt2 of every encoding, bmc solving with
// replay) in a fresh process on Node 20: 1,000 nested brackets (calls, indices), chains of 1,500
// operators, 1,500 else-if branches or 1,500 returns in a row overflow the default stack in some
// phase; at the limits below every one of them works, with a margin of two or more.

import { ParserRuleContext, type Token } from 'antlr4ng';
import type { SourceLocation } from './ast.js';

/** deepest `(` / `[` / `{` nesting accepted */
export const maximumBracketDepth = 256;

/** deepest parse tree accepted, in rule levels (a bracket costs two or three of them) */
export const maximumSyntaxDepth = 600;

/**
 * deepest lowered program accepted, in IR levels (a statement inside a block, an operand): lowering
 * nests the rest of a block inside a guard after each statement that may return or break
 */
export const maximumLoweredDepth = 600;

/**
 * A limit of `encode` itself (not of C) was exceeded: reported as an 'unsupported' diagnostic at
 * `location`, never as a syntax error and never as an internal error.
 */
export class ResourceLimitError extends Error {
  public constructor(
    message: string,
    public readonly location: SourceLocation,
  ) {
    super(message);
    this.name = 'ResourceLimitError';
  }
}

export function locationOfToken(token: Token): SourceLocation {
  return { line: token.line, column: token.column + 1 };
}

/** The error for brackets nested deeper than maximumBracketDepth, at the first one beyond it. */
export function bracketsTooDeep(token: Token): ResourceLimitError {
  return new ResourceLimitError(`nesting deeper than ${maximumBracketDepth} levels`, locationOfToken(token));
}

/** The error for a lowered program deeper than maximumLoweredDepth, at `location`. */
export function loweredTooDeep(location: SourceLocation): ResourceLimitError {
  return new ResourceLimitError(
    `nesting deeper than ${maximumLoweredDepth} levels after lowering (each statement that may return or break nests the rest of its block one level deeper)`,
    location,
  );
}

/** The error for a parse tree deeper than maximumSyntaxDepth, at the first token beyond it. */
export function syntaxTooDeep(token: Token): ResourceLimitError {
  return new ResourceLimitError(
    `nesting deeper than ${maximumSyntaxDepth} levels of the C grammar (operator chains, prefix operators, else-if chains and brackets each add levels)`,
    locationOfToken(token),
  );
}

const opening = new Set(['(', '[', '{']);
const closing = new Set([')', ']', '}']);

/**
 * The first opening bracket nested deeper than `limit`, or undefined. Brackets are counted without
 * matching their kinds, and a closing bracket without an opening one is ignored: mismatches are
 * the parser's to report, except in input that also opens more than `limit` brackets, which is
 * reported here (as unsupported) before the parser could find its syntax error.
 */
export function firstTooDeepBracket(tokens: readonly Token[], limit: number): Token | undefined {
  let depth = 0;
  for (const token of tokens) {
    const text = token.text ?? '';
    if (opening.has(text)) {
      depth++;
      if (depth > limit) return token;
    } else if (closing.has(text) && depth > 0) {
      depth--;
    }
  }
  return undefined;
}

/**
 * The first rule node (in pre-order) deeper than `limit` levels below `root` (the root is level
 * 1), or undefined. Uses an explicit stack: the tree may be far deeper than the call stack allows.
 */
export function firstTooDeepContext(root: ParserRuleContext, limit: number): ParserRuleContext | undefined {
  const pending: { readonly node: ParserRuleContext; readonly depth: number }[] = [{ node: root, depth: 1 }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (item.depth > limit) return item.node;
    const children = item.node.children;
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index]!;
      if (child instanceof ParserRuleContext) pending.push({ node: child, depth: item.depth + 1 });
    }
  }
  return undefined;
}
