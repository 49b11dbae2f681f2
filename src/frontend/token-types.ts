// The token types of the grammar's literal tokens (keywords, punctuators) by their text, read from
// the generated lexer's vocabulary: for the fast lexer (parse.ts) and the token scans before and
// during parsing (external-declarations.ts, unused-prototypes.ts).

import { CLexer } from './generated/CLexer.js';

/** Token types of the literal tokens by their text (without quotes). */
export const literalTypes: ReadonlyMap<string, number> = new Map(
  CLexer.literalNames.flatMap((name, type): [string, number][] => (name === null ? [] : [[name.slice(1, -1), type]])),
);

/** the token type of a literal token of the grammar; a text the grammar lacks is a bug */
export function literalType(text: string): number {
  const type = literalTypes.get(text);
  if (type === undefined) throw new Error(`internal: no token '${text}' in the grammar`);
  return type;
}
