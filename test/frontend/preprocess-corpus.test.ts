// Corpus test: every `.c` program of the benchmark corpus preprocesses with both the system and the
// built-in preprocessor, and both give the same program. Comparison: both outputs are cut into C
// tokens (by a small tokenizer written here, independent of the preprocessor's own), the tokens whose
// originalPosition lies in the input file itself are kept (dropping system-header declarations and
// the built-in prelude), and the two sequences of (token, original line) must be equal.

import { readFileSync } from 'node:fs';

import { expect, it } from 'vitest';

import { findSystemPreprocessor, preprocess, type PreprocessedSource } from '../../src/frontend/preprocess.js';
import { corpus, corpusTasks } from '../corpus/corpus.js';
import { describeWith } from '../support/requirements.js';

const cFiles = corpus.available ? corpusTasks().filter((task) => task.file.endsWith('.c')) : [];

const tokenPattern =
  /(?:u8|[uUL])?"(?:\\.|[^"\\\n])*"|(?:[uUL])?'(?:\\.|[^'\\\n])*'|\.?[0-9](?:[eEpP][+-]|[0-9A-Za-z_.])*|[A-Za-z_$][A-Za-z0-9_$]*|\.\.\.|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[*/%+\-&^|]=|##|\S/g;

interface LocatedToken {
  readonly text: string;
  readonly line: number;
}

/** The C tokens of `source.text` that come from `file` itself, with their original lines. */
function tokensFromInputFile(source: PreprocessedSource, file: string): LocatedToken[] {
  const result: LocatedToken[] = [];
  source.text.split('\n').forEach((lineText, index) => {
    for (const match of lineText.matchAll(tokenPattern)) {
      const position = source.originalPosition(index + 1, match.index + 1);
      if (position.file === file) result.push({ text: match[0], line: position.line });
    }
  });
  return result;
}

function firstDifference(left: readonly LocatedToken[], right: readonly LocatedToken[]): string {
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index++) {
    const a = left[index];
    const b = right[index];
    if (a?.text !== b?.text || a?.line !== b?.line) {
      return `token ${index}: builtin ${JSON.stringify(a)} vs system ${JSON.stringify(b)}`;
    }
  }
  return 'none';
}

describeWith([corpus], 'preprocessing the benchmark corpus', () => {
  it('finds the corpus and a system preprocessor', () => {
    expect(cFiles.length).toBeGreaterThan(50);
    expect(findSystemPreprocessor()).toBeDefined();
  });

  it('gives the same program with the built-in and the system preprocessor for every .c file', () => {
    const mismatches: string[] = [];
    let compared = 0;
    let tokens = 0;
    for (const entry of cFiles) {
      const path = entry.path;
      const text = readFileSync(path, 'utf8');
      const options = { dataModel: entry.dataModel } as const;
      const builtin = preprocess(text, entry.file, { mode: 'builtin', ...options });
      const system = preprocess(text, entry.file, { mode: 'system', ...options });
      if (builtin.kind !== 'preprocessed' || system.kind !== 'preprocessed') {
        mismatches.push(`${entry.file}: builtin ${builtin.kind}, system ${system.kind}`);
        continue;
      }
      expect(builtin.preprocessor).toBe('builtin');
      expect(system.preprocessor).toBe('system');
      const builtinTokens = tokensFromInputFile(builtin.source, entry.file);
      const systemTokens = tokensFromInputFile(system.source, entry.file);
      compared++;
      tokens += builtinTokens.length;
      if (builtinTokens.length === 0 || firstDifference(builtinTokens, systemTokens) !== 'none') {
        mismatches.push(`${entry.file}: ${firstDifference(builtinTokens, systemTokens)}`);
      }
    }
    console.log(
      `preprocess corpus: ${compared}/${cFiles.length} .c files compared, ${tokens} tokens, ${mismatches.length} mismatches`,
    );
    expect(mismatches).toEqual([]);
    expect(compared).toBe(cFiles.length);
  });

  it('keeps every line of the built-in output on its original line', () => {
    for (const entry of cFiles) {
      const text = readFileSync(entry.path, 'utf8');
      const builtin = preprocess(text, entry.file, { mode: 'builtin' });
      expect(builtin.kind).toBe('preprocessed');
      if (builtin.kind !== 'preprocessed') continue;
      const sourceLines = text.replace(/\r\n?/g, '\n').split('\n');
      const outputLines = builtin.source.text.split('\n');
      // the first token of every output line sits at the same line and column as in the source
      let checked = 0;
      outputLines.forEach((lineText, index) => {
        const position = builtin.source.originalPosition(index + 1, 1);
        if (position.file !== entry.file) return;
        const first = /\S+/.exec(lineText);
        if (first === null) return;
        const original = sourceLines[position.line - 1] ?? '';
        const firstWord = /^[A-Za-z_]\w*|^\S/.exec(first[0])![0];
        expect(original.slice(first.index, first.index + firstWord.length), `${entry.file}:${position.line}`).toBe(
          firstWord,
        );
        checked++;
      });
      expect(checked).toBeGreaterThan(5);
    }
  });
});
