// Drops, before parsing, the file-scope function prototypes that nothing else in the file names: the
// C library headers a preprocessed SV-COMP task carries declare hundreds of functions the program
// never calls (in the largest sv-arrays file, 98 prototypes and 63% of the tokens), and parsing them
// was most of the front end's time in a fresh process.
//
// A prototype is dropped when all of these hold, on the lexer's tokens:
// - it is a whole external declaration: it follows the file's start or a `;` at nesting depth 0,
//   and ends at the next `;` at depth 0, with no brace in between (so it is not a function
//   definition, a struct, union or enum body, or an initialiser);
// - its shape is `specifiers name ( … ) attributes-or-asm-labels ;`: the first `(` at depth 0
//   follows an identifier, the name, and after the matching `)` come only `__attribute__ ((…))` and
//   asm labels (so K&R parameter declarations, several declarators and function pointers are kept);
// - it holds no `typedef` (it declares no type name that later tokens could depend on);
// - the name occurs nowhere else in the file, as any identifier token.
// Such a declaration declares one function and nothing in scope after it (parameter names and tags
// have prototype scope); no other token refers to the function, so the program's meaning, its
// other declarations and the typedef classification of every other token are unchanged. What is
// lost is only a diagnostic the prototype itself could have raised.

import type { Token } from 'antlr4ng';
import { CLexer } from './generated/CLexer.js';
import { literalType } from './token-types.js';

const openParenthesis = literalType('(');
const closeParenthesis = literalType(')');
const openers = new Set([openParenthesis, literalType('[')]);
const closers = new Set([closeParenthesis, literalType(']')]);
const openBrace = literalType('{');
const closeBrace = literalType('}');
const braces = new Set([openBrace, closeBrace]);
const semicolon = literalType(';');
const typedefKeyword = literalType('typedef');
const groupKeywords = new Set([
  literalType('__attribute__'),
  literalType('__attribute'),
  literalType('asm'),
  literalType('__asm'),
  literalType('__asm__'),
]);

/** how many identifier tokens of each text the file holds */
function identifierCounts(tokens: readonly Token[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) {
    if (token.type === CLexer.Identifier) {
      const text = token.text ?? '';
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
  }
  return counts;
}

/** the index of the `)` that closes the `(` at `start`, within `end` */
function closing(tokens: readonly Token[], start: number, end: number): number | undefined {
  let depth = 0;
  for (let index = start; index < end; index++) {
    const type = tokens[index]!.type;
    if (type === openParenthesis) depth++;
    else if (type === closeParenthesis && --depth === 0) return index;
  }
  return undefined;
}

/** whether tokens [start, end) (end at the `;`) are a prototype no other token names */
function isUnusedPrototype(
  tokens: readonly Token[],
  start: number,
  end: number,
  counts: ReadonlyMap<string, number>,
): boolean {
  let open: number | undefined;
  for (let index = start; index < end; index++) {
    const type = tokens[index]!.type;
    if (type === typedefKeyword || braces.has(type)) return false;
    if (open === undefined && type === openParenthesis) open = index;
  }
  if (open === undefined || open === start) return false;
  const name = tokens[open - 1]!;
  if (name.type !== CLexer.Identifier || counts.get(name.text ?? '') !== 1) return false;
  let position = closing(tokens, open, end);
  if (position === undefined) return false;
  // after the parameters: attribute groups and asm labels only
  for (position++; position < end; position++) {
    if (!groupKeywords.has(tokens[position]!.type) || tokens[position + 1]?.type !== openParenthesis) return false;
    const group = closing(tokens, position + 1, end);
    if (group === undefined) return false;
    position = group;
  }
  return true;
}

/** the tokens without the unused prototypes, indexed anew; the same array when none is dropped */
export function withoutUnusedPrototypes(tokens: Token[]): Token[] {
  const counts = identifierCounts(tokens);
  const kept: Token[] = [];
  let depth = 0;
  let start = 0;
  let dropped = false;
  for (let index = 0; index < tokens.length; index++) {
    const type = tokens[index]!.type;
    if (openers.has(type) || type === openBrace) depth++;
    else if (closers.has(type) || type === closeBrace) depth--;
    if (type !== semicolon || depth !== 0) continue;
    if (isUnusedPrototype(tokens, start, index, counts)) dropped = true;
    else for (let keep = start; keep <= index; keep++) kept.push(tokens[keep]!);
    start = index + 1;
  }
  if (!dropped) return tokens;
  for (let keep = start; keep < tokens.length; keep++) kept.push(tokens[keep]!);
  kept.forEach((token, index) => {
    token.tokenIndex = index;
  });
  return kept;
}
