// The kinds of failure runFrontEnd gives, one test per kind: not valid C → inputError; valid C we
// do not handle (the AST builder's UnsupportedSyntaxError, lowering's LoweringError, nesting beyond
// our limits) → unsupported at a location in the original file; a bug anywhere (planted through
// the afterParse hook) → internalError. Classification is by error class: a planted error whose
// text reads like a syntax error is still an internal error.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Statement as AstStatement, TranslationUnit } from '../src/frontend/ast.js';
import { maximumBracketDepth, maximumLoweredDepth, ResourceLimitError } from '../src/frontend/nesting.js';
import { printProgram } from '../src/ir/print.js';
import { describeFrontEndFailure, type FrontEndHooks, type FrontEndResult, runFrontEnd } from '../src/pipeline.js';
import { formatDiagnostic } from '../src/verdict.js';

const directory = mkdtempSync(join(tmpdir(), 'encode-pipeline-failures-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function run(name: string, text: string, hooks?: FrontEndHooks): FrontEndResult {
  const path = join(directory, name);
  writeFileSync(path, text);
  return runFrontEnd(path, { dataModel: 'ILP32', preprocessor: 'builtin', ...(hooks === undefined ? {} : { hooks }) });
}

/** The formatted diagnostics of an inputError or unsupported result (fails on any other kind). */
function diagnosticLines(result: FrontEndResult, kind: 'inputError' | 'unsupported'): string[] {
  if (result.kind !== kind)
    throw new Error(
      `expected ${kind}, got ${result.kind}: ${result.kind === 'program' ? '' : describeFrontEndFailure(result)}`,
    );
  if (result.kind !== 'inputError' && result.kind !== 'unsupported') throw new Error('unreachable');
  return result.diagnostics.map(formatDiagnostic).map((line) => line.slice(directory.length + 1));
}

const header = '// a comment line\n#define N 3\n'; // lines 1 and 2: the preprocessor moves nothing

const planted = (message: string): FrontEndHooks => ({
  afterParse: () => {
    throw new Error(message);
  },
});

describe('runFrontEnd failure kinds', () => {
  it('a syntax error is an inputError at file:line:col', () => {
    const result = run('syntax.c', `${header}int main(void) {\n  int x = (N + ;\n}\n`);
    expect(diagnosticLines(result, 'inputError')[0]).toMatch(/^syntax\.c:4:16: error: syntax error: unexpected ';'/);
  });

  it('an unreadable file is an inputError', () => {
    const result = runFrontEnd(join(directory, 'missing.c'), { dataModel: 'ILP32', preprocessor: 'builtin' });
    expect(result.kind).toBe('inputError');
  });

  it('a goto that no rule places (into a loop) and is not the error pattern is unsupported at the goto', () => {
    const result = run(
      'goto.c',
      `${header}int main(void) {\n  int x = N;\n  goto inside;\n  while (x < 9) {\n    x += 2;\ninside:\n    x++;\n  }\n  return x;\n}\n`,
    );
    expect(diagnosticLines(result, 'unsupported')).toEqual([
      'goto.c:5:3: unsupported: goto inside: no structured statement takes its place (a jump into a loop or into another block) and it is not a jump to a path-ending error label',
    ]);
  });

  it('a construct the AST builder rejects (UnsupportedSyntaxError) is unsupported, not a syntax error', () => {
    const result = run('atomic.c', `${header}_Atomic(int) counter;\nint main(void) { return 0; }\n`);
    expect(diagnosticLines(result, 'unsupported')).toEqual([
      'atomic.c:3:1: unsupported: _Atomic(type) specifier is not supported',
    ]);
  });

  it('5,000 nested parentheses are unsupported at the first one beyond the limit, never an input error', () => {
    const depth = 5000;
    const result = run(
      'parentheses.c',
      `${header}int main(void) {\n  int x = ${'('.repeat(depth)}N${')'.repeat(depth)};\n  return x;\n}\n`,
    );
    // main's `{` is the first level; `  int x = ` is 10 columns
    expect(diagnosticLines(result, 'unsupported')).toEqual([
      `parentheses.c:4:${10 + maximumBracketDepth}: unsupported: nesting deeper than ${maximumBracketDepth} levels`,
    ]);
  });

  it('nesting just below the limits lowers and prints', () => {
    const depth = maximumBracketDepth - 2;
    const chain = ' + x'.repeat(500);
    const result = run(
      'deep-ok.c',
      `${header}int main(void) {\n  int x = ${'('.repeat(depth)}N + 1${')'.repeat(depth)};\n  x = x${chain};\n  return x;\n}\n`,
    );
    expect(result.kind).toBe('program');
    if (result.kind === 'program') expect(printProgram(result.program)).toContain(`x = x${chain};`);
  });

  it('a flat run of returns that lowering would nest too deeply is unsupported at a statement', () => {
    const returns = Array.from(
      { length: 2 * maximumLoweredDepth },
      (_, index) => `  if (x == ${index}) return ${index};\n`,
    ).join('');
    const result = run('returns.c', `int f(int x) {\n${returns}  return -1;\n}\nint main(void) { return f(3); }\n`);
    const lines = diagnosticLines(result, 'unsupported');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^returns\\.c:\\d+:3: unsupported: nesting deeper than ${maximumLoweredDepth} levels after lowering`),
    );
  });

  it('an exception planted after parsing is an internalError with a stack, whatever its text', () => {
    const result = run(
      'planted.c',
      `${header}int main(void) { return N; }\n`,
      planted('syntax error: unexpected planted bug'),
    );
    expect(result).toMatchObject({
      kind: 'internalError',
      message: 'unexpected error while parsing: syntax error: unexpected planted bug',
    });
    if (result.kind === 'internalError') expect(result.stack).toContain('planted');
  });

  it('a ResourceLimitError planted after parsing is unsupported at its location (classified by class)', () => {
    const result = run('limit.c', `${header}int main(void) { return N; }\n`, {
      afterParse: () => {
        throw new ResourceLimitError('planted limit', { line: 3, column: 5 });
      },
    });
    expect(diagnosticLines(result, 'unsupported')).toEqual(['limit.c:3:5: unsupported: planted limit']);
  });

  it('a bug inside lowering is an internalError that names the location, not unsupported', () => {
    // plants a malformed AST: the expression statement on line 4 loses its expression object
    const breakExpression = (unit: TranslationUnit): void => {
      const main = unit.items.find((item) => item.kind === 'functionDefinition');
      if (main?.kind !== 'functionDefinition') throw new Error('no main');
      const statement = main.body.items.find((item) => item.kind === 'expressionStatement') as
        ({ expression: unknown } & AstStatement) | undefined;
      if (statement === undefined) throw new Error('no expression statement');
      statement.expression = null;
    };
    const result = run('lowering-bug.c', `${header}int main(void) {\n  int x; x = N;\n  return x;\n}\n`, {
      afterParse: breakExpression,
    });
    expect(result.kind).toBe('internalError');
    if (result.kind !== 'internalError') return;
    expect(result.message).toMatch(/^unexpected TypeError while lowering: .* \(at .*lowering-bug\.c:4:\d+\)$/);
    expect(result.stack).toBeDefined();
  });
});
