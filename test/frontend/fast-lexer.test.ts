// Differential test of the hand-written lexer (fastTokens in src/frontend/parse.ts) against the
// lexer ANTLR generates from grammars/C.g4: on every corpus program and on tricky snippets, whenever
// fastTokens returns tokens they are exactly the generated lexer's default-channel tokens (type,
// text, start, stop, line, column, EOF last). A divergence would silently change what is parsed.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CharStream, Token } from 'antlr4ng';
import { describe, expect, it } from 'vitest';
import { CLexer } from '../../src/frontend/generated/CLexer.js';
import { fastTokens } from '../../src/frontend/parse.js';
import { corpus, corpusRoot, corpusTasks } from '../corpus/corpus.js';
import { itWith } from '../support/requirements.js';

type Shape = [type: number, text: string, start: number, stop: number, line: number, column: number];

function generatedTokens(text: string): Shape[] {
  const lexer = new CLexer(CharStream.fromString(text));
  lexer.removeErrorListeners();
  const shapes: Shape[] = [];
  for (;;) {
    const token = lexer.nextToken();
    if (token.channel === Token.DEFAULT_CHANNEL) {
      shapes.push([
        token.type,
        token.type === Token.EOF ? '' : text.slice(token.start, token.stop + 1),
        token.start,
        token.stop,
        token.line,
        token.column,
      ]);
    }
    if (token.type === Token.EOF) return shapes;
  }
}

/** the fast lexer's tokens, or undefined when it hands the text to the generated lexer */
function fastShapes(text: string): Shape[] | undefined {
  const lexer = new CLexer(CharStream.fromString(''));
  const tokens = fastTokens(text, [lexer, lexer.inputStream]);
  return tokens?.map((token) => [
    token.type,
    token.type === Token.EOF ? '' : (token.text ?? ''),
    token.start,
    token.stop,
    token.line,
    token.column,
  ]);
}

const snippets = [
  'int main(void) { return 0; }\n',
  'x = a+++b; y = a--->b; z = a<<=1>>=2; w = a...b;\n',
  'double d = 1.5e+10 + .5 + 0x1p-3 + 1e5f + 0X1AULL + 017 + 10lu;\n',
  'char c = \'a\', e = \'\\n\', q = \'\\\'\'; char *s = "a\\"b" L"w" u8"x" u\'y\' U"z";\n',
  '/* block\n comment */ int a; // line comment\nint b;\r\nint c;\n',
  '# 1 "file.c"\nint d;\n#pragma once\n',
  'int 1x = 08; int y = 1.2.3; float f = 1e; int z = 0x;\n',
  'unterminated = \'a; s = "b;\n',
  '/* never closed\n',
  'int $dollar; int \\u00e9t\\u00e9; @\n',
  '__attribute__((x)) __int128 a; _Bool b; __extension__ typedef int T;\n',
];

describe('fastTokens agrees with the generated lexer', () => {
  it('on tricky snippets (or gives up on them)', () => {
    let lexed = 0;
    for (const text of snippets) {
      const fast = fastShapes(text);
      if (fast === undefined) continue;
      lexed++;
      expect(fast, text).toEqual(generatedTokens(text));
    }
    expect(lexed).toBeGreaterThan(snippets.length / 2);
  });

  itWith([corpus], 'on every corpus program', {}, () => {
    let lexed = 0;
    for (const task of corpusTasks()) {
      const path = join(corpusRoot, task.file);
      const text = task.file.endsWith('.i')
        ? readFileSync(path, 'utf8')
        : execFileSync('/usr/bin/cpp', ['-P', path], { encoding: 'utf8' });
      const fast = fastShapes(text);
      if (fast === undefined) continue;
      lexed++;
      expect(fast, task.file).toEqual(generatedTokens(text));
    }
    // the fast path must actually serve the corpus, or this test proves nothing
    expect(lexed).toBeGreaterThan(100);
  });
});
