// The parser's first choice at file scope (compilationUnit: functionDefinition | declaration |
// asmDefinition | ';') decided by a scan of the tokens, where the runtime's prediction would have to
// build its DFA from the ATN: a declaration like `typedef union { … } name;` or a function header
// is one long lookahead that no learned DFA (frozen-dfa.ts) covers, and a fresh process paid tens of
// milliseconds for each (most of the parse of a preprocessed .i file).
//
// The scan reads ahead at parenthesis and bracket depth 0, skipping the bodies of struct, union and
// enum specifiers and the parentheses of attributes and asm labels, up to the first token that
// settles the choice:
// - `;` or `=` at depth 0: a declaration. A function definition holds neither before its body,
//   except in K&R parameter declarations, which follow the declarator's `)` with a declaration
//   specifier; the scan gives up on any `)` at depth 0 followed by something other than `;`, `,`,
//   `=`, `{`, `(`, `[`, an attribute or an asm label, so that case is left to the runtime.
// - `{` at depth 0 after `)`: a function body (a declaration holds `{` only in specifier bodies,
//   skipped, and in initialisers, after `=`).
// Anything else (EOF, a top-level asm definition, a stray `}`) is left to the runtime. On valid
// input exactly one alternative is viable and the scan names it, so the parse is the runtime's; on
// invalid input either choice leads to a syntax error.

import { Token, type TokenStream } from 'antlr4ng';
import { literalType } from './token-types.js';
import { CParser } from './generated/CParser.js';

const openParenthesis = literalType('(');
const closeParenthesis = literalType(')');
const openBracket = literalType('[');
const closeBracket = literalType(']');
const openBrace = literalType('{');
const closeBrace = literalType('}');
const semicolon = literalType(';');
const assign = literalType('=');
const comma = literalType(',');
const tagKeywords = new Set([literalType('struct'), literalType('union'), literalType('enum')]);
const attributeKeywords = new Set([literalType('__attribute__'), literalType('__attribute')]);
const asmKeywords = new Set([literalType('asm'), literalType('__asm'), literalType('__asm__')]);
/** what may follow a declarator's `)` at depth 0 in a declaration or a function definition without K&R parameters */
const afterClosingParenthesis = new Set([
  semicolon,
  comma,
  assign,
  openBrace,
  openParenthesis,
  openBracket,
  ...attributeKeywords,
  ...asmKeywords,
]);

/** the alternatives of compilationUnit's choice */
const functionDefinitionAlternative = 1;
const declarationAlternative = 2;

/** how far the scan reads before it leaves the choice to the runtime */
const scanLimit = 100_000;

/** the decision number of compilationUnit's choice in the generated parser, checked against its ATN */
export function externalDeclarationDecision(): number | undefined {
  const decision = 0;
  const state = CParser._ATN.decisionToState[decision];
  return state?.ruleIndex === CParser.RULE_compilationUnit && state.transitions.length === 4 ? decision : undefined;
}

/** the index of the token that closes the group opened at `start`, or undefined at EOF */
function skipGroup(input: TokenStream, start: number, open: number, close: number): number | undefined {
  let depth = 0;
  for (let k = start; k <= scanLimit; k++) {
    const type = input.LA(k);
    if (type === Token.EOF) return undefined;
    if (type === open) depth++;
    else if (type === close && --depth === 0) return k;
  }
  return undefined;
}

/** after an attribute or asm keyword at `k`: the index of its closing `)` (k itself if no `(` follows) */
function skipKeywordGroup(input: TokenStream, k: number): number | undefined {
  return input.LA(k + 1) === openParenthesis ? skipGroup(input, k + 1, openParenthesis, closeParenthesis) : k;
}

/** a struct, union or enum specifier starting at `k`: the index of its last token */
function skipTagSpecifier(input: TokenStream, k: number): number | undefined {
  let position: number | undefined = k + 1;
  const skipAttributes = (): void => {
    while (position !== undefined && attributeKeywords.has(input.LA(position))) {
      const end = skipKeywordGroup(input, position);
      position = end === undefined ? undefined : end + 1;
    }
  };
  skipAttributes();
  if (position === undefined) return undefined;
  const tag = input.LA(position);
  if (tag === CParser.Identifier || tag === CParser.TypedefName) position++;
  skipAttributes();
  if (position === undefined) return undefined;
  if (input.LA(position) === openBrace) return skipGroup(input, position, openBrace, closeBrace);
  return position - 1;
}

/** functionDefinition (1) or declaration (2) when the scan settles it, else undefined */
export function predictExternalDeclaration(input: TokenStream): number | undefined {
  if (asmKeywords.has(input.LA(1))) return undefined;
  let depth = 0;
  for (let k = 1; k <= scanLimit; k++) {
    const type = input.LA(k);
    if (type === Token.EOF) return undefined;
    if (type === openParenthesis || type === openBracket) {
      depth++;
    } else if (type === closeParenthesis || type === closeBracket) {
      if (--depth < 0) return undefined;
      if (depth === 0 && type === closeParenthesis && !afterClosingParenthesis.has(input.LA(k + 1))) return undefined;
    } else if (depth === 0) {
      let end: number | undefined = k;
      if (tagKeywords.has(type)) end = skipTagSpecifier(input, k);
      else if (attributeKeywords.has(type) || asmKeywords.has(type)) end = skipKeywordGroup(input, k);
      else if (type === semicolon || type === assign) return declarationAlternative;
      else if (type === openBrace)
        return input.LA(k - 1) === closeParenthesis ? functionDefinitionAlternative : undefined;
      else if (type === closeBrace) return undefined;
      if (end === undefined) return undefined;
      k = end;
    }
  }
  return undefined;
}
