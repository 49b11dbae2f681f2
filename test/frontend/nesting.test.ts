// Deep nesting in the parser: every shape that recurses (brackets, prefix operators, casts, `?:`
// and assignment chains, else-if chains) or builds a deep tree without recursing (left-associative
// operator chains) is parsed up to the limits of src/frontend/nesting.ts and reported as an
// 'unsupported' result at the first token beyond them: never a syntax error, never a RangeError.

import { describe, expect, it } from 'vitest';
import { maximumBracketDepth, maximumSyntaxDepth } from '../../src/frontend/nesting.js';
import { parseTranslationUnit, type ParseResult } from '../../src/frontend/parse.js';

/** `int main(void) {` on line 1, the statement on line 2, `}` on line 3 */
function mainWith(statement: string): string {
  return `int main(void) {\n${statement}\n}\n`;
}

/** Statements (on line 2 of mainWith) nested `depth` levels deep, by shape. */
const shapes: Readonly<Record<string, (depth: number) => string>> = {
  parentheses: (depth) => `  int y = ${'('.repeat(depth)}1${')'.repeat(depth)};`,
  indices: (depth) => `  int a[1]; a[0] = ${'a['.repeat(depth)}0${']'.repeat(depth)};`,
  blocks: (depth) => `  ${'{ '.repeat(depth)}${' }'.repeat(depth)}`,
  'operator chain': (depth) => `  int x = 1; x = x${' + x'.repeat(depth)};`,
  'logical chain': (depth) => `  int x = 1; x = x${' && x'.repeat(depth)};`,
  'prefix operators': (depth) => `  int x = ${'- '.repeat(depth)}1;`,
  casts: (depth) => `  int x = ${'(int)'.repeat(depth)}1;`,
  'conditional chain': (depth) => `  int x = 1; x = ${'x ? 1 : '.repeat(depth)}0;`,
  'assignment chain': (depth) => `  int x; x = ${'x = '.repeat(depth)}1;`,
  'else-if chain': (depth) => `  int x = 1; ${'if (x) x = 2; else '.repeat(depth)}x = 3;`,
  'nested if': (depth) => `  int x = 1; ${'if (x) '.repeat(depth)}x = 3;`,
};

function parseShape(shape: string, depth: number): ParseResult {
  return parseTranslationUnit(mainWith(shapes[shape]!(depth)), 'deep.c');
}

describe('deep nesting', () => {
  it('reports 5,000 nested parentheses as unsupported at the first bracket beyond the limit', () => {
    const result = parseShape('parentheses', 5000);
    // `int main(void) {` opens one level; `  int y = ` is 10 columns
    expect(result).toEqual({
      kind: 'unsupported',
      diagnostics: [
        {
          file: 'deep.c',
          location: { line: 2, column: 10 + maximumBracketDepth },
          severity: 'unsupported',
          message: `nesting deeper than ${maximumBracketDepth} levels`,
        },
      ],
    });
  });

  it('parses brackets nested up to the limit', () => {
    expect(parseShape('parentheses', maximumBracketDepth - 1).kind).toBe('parsed');
    expect(parseShape('blocks', maximumBracketDepth - 1).kind).toBe('parsed');
  });

  for (const shape of Object.keys(shapes)) {
    it(`reports a ${shape} 5,000 deep as unsupported on line 2, and parses one 100 deep`, () => {
      const deep = parseShape(shape, 5000);
      expect(deep.kind).toBe('unsupported');
      if (deep.kind !== 'unsupported') return;
      expect(deep.diagnostics).toHaveLength(1);
      expect(deep.diagnostics[0]).toMatchObject({ severity: 'unsupported', location: { line: 2 } });
      expect(deep.diagnostics[0]!.message).toMatch(/^nesting deeper than \d+ levels/);
      expect(parseShape(shape, 100).kind).toBe('parsed');
    });
  }

  it('parses operator chains up to the syntax-tree limit', () => {
    // the chain sits under compilationUnit, functionDefinition, compoundStatement, blockItem,
    // expressionStatement and the assignment: seven levels
    expect(parseShape('operator chain', maximumSyntaxDepth - 8).kind).toBe('parsed');
    const beyond = parseShape('operator chain', maximumSyntaxDepth);
    expect(beyond).toMatchObject({
      kind: 'unsupported',
      diagnostics: [
        {
          location: { line: 2, column: 18 },
          message: expect.stringMatching(`^nesting deeper than ${maximumSyntaxDepth} levels of the C grammar`),
        },
      ],
    });
  });

  it('reports deep nesting before a syntax error that comes after it', () => {
    const result = parseTranslationUnit(mainWith(`  int y = ${'('.repeat(5000)}1${')'.repeat(5000)} +;`), 'deep.c');
    expect(result.kind).toBe('unsupported');
  });
});

describe('constructs the AST cannot represent', () => {
  it('are unsupported (UnsupportedSyntaxError), not syntax errors', () => {
    const result = parseTranslationUnit('int x;\n_Atomic(int) y;\n', 'atomic.c');
    expect(result).toEqual({
      kind: 'unsupported',
      diagnostics: [
        {
          file: 'atomic.c',
          location: { line: 2, column: 1 },
          severity: 'unsupported',
          message: '_Atomic(type) specifier is not supported',
        },
      ],
    });
  });
});
