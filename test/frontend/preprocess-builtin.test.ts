// Unit tests of the built-in preprocessor: macros, conditionals, continuations, comments, line
// mapping, headers, errors; plus the 'none' and 'system' paths and readSource.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  findSystemPreprocessor,
  preprocess,
  type PreprocessedSource,
  type PreprocessMode,
} from '../../src/frontend/preprocess.js';
import { readSource } from '../../src/frontend/read-source.js';

function run(text: string, mode: PreprocessMode = 'builtin', file = 'input.c'): PreprocessedSource {
  const result = preprocess(text, file, { mode });
  if (result.kind !== 'preprocessed') throw new Error(`unexpected error: ${JSON.stringify(result.diagnostics)}`);
  return result.source;
}

function lines(text: string): string[] {
  return run(text).text.split('\n');
}

/** `text` as space-separated simple tokens, for comparisons that ignore layout. */
function tokensOf(text: string): string {
  return (text.match(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\w+|\S/g) ?? []).join(' ');
}

/** The output as simple tokens, ignoring layout. */
const T = tokensOf;

function squashed(text: string, mode: PreprocessMode = 'builtin'): string {
  return tokensOf(run(text, mode).text);
}

function errorOf(text: string, mode: PreprocessMode = 'builtin') {
  const result = preprocess(text, 'input.c', { mode });
  if (result.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(result.source.text)}`);
  return result.diagnostics[0]!;
}

describe('built-in preprocessor: macros', () => {
  it('expands object-like macros and keeps lines 1:1', () => {
    const output = lines('#define N 10\nint a[N];\n#define M (N + 1)\nint b = M;\n');
    expect(output[0]).toBe('');
    expect(output[1]).toBe('int a[10];');
    expect(output[2]).toBe('');
    expect(output[3]).toBe('int b = (10 + 1);');
  });

  it('expands function-like macros with nested calls and arguments spanning lines', () => {
    const text =
      '#define MAX(a, b) ((a) > (b) ? (a) : (b))\n#define SQUARE(x) ((x) * (x))\nint m = MAX(SQUARE(2),\n    MAX(1, 3));\nint after;\n';
    const output = lines(text);
    // the whole expansion sits on the line of the invocation; the `;` stays on its own line
    expect(T(output[2]!)).toBe(
      T('int m = ((((2) * (2))) > (((1) > (3) ? (1) : (3))) ? (((2) * (2))) : (((1) > (3) ? (1) : (3))))'),
    );
    expect(output[3]!.trim()).toBe(';');
    expect(output[4]).toBe('int after;');
  });

  it('does not expand a function-like macro name without arguments', () => {
    expect(squashed('#define f(x) x+1\nint (*p)(int) = f; int y = f (2);\n')).toBe(
      T('int (*p)(int) = f; int y = 2+1;'),
    );
  });

  it('stops recursive expansion (hide sets)', () => {
    expect(squashed('#define foo foo + 1\nint x = foo;\n')).toBe(T('int x = foo + 1;'));
    expect(squashed('#define a b\n#define b a\nint x = a;\n')).toBe(T('int x = a;'));
    expect(squashed('#define f(x) x + f(x)\nint y = f(f(1));\n')).toBe(T('int y = 1 + f(1) + f(1 + f(1));'));
  });

  it('stringizes and pastes', () => {
    expect(squashed('#define S(x) #x\nchar *s = S(a  +  "b\\n");\n')).toBe(T('char *s = "a + \\"b\\\\n\\"";'));
    expect(squashed('#define CAT(a, b) a ## b\nint CAT(var, 1) = CAT(1, 2) + CAT(, x) + CAT(y, );\n')).toBe(
      T('int var1 = 12 + x + y;'),
    );
    expect(squashed('#define XS(x) S(x)\n#define S(x) #x\n#define N 4\nchar *s = XS(N), *t = S(N);\n')).toBe(
      T('char *s = "4", *t = "N";'),
    );
  });

  it('keeps the space of an empty argument or expansion in stringized text, as GCC does', () => {
    const text =
      '#define E\n#define S(x) #x\n#define XS(x) S(x)\n#define F(a, b) [a b]\n#define H(a) a+\n' +
      'XS(F(,1)) XS(F(1,)) XS(+ E x) XS(+E x) XS(H() H( ) y) XS(1 E+E 2)\n';
    expect(squashed(text)).toBe(T('"[ 1]" "[1 ]" "+ x" "+ x" "+ + y" "1 + 2"'));
    // found by the macro property test: the empty __VA_ARGS__ leaves its space before ')'
    const variadic = '#define B F(, )\n#define F(a, b) V(, ) #a\n#define V(a, b, ...) F(a, __VA_ARGS__)\nV(B, )\n';
    expect(squashed(variadic)).toBe(T('V ( , ) "F(, ) \\"\\""'));
  });

  it('handles variadic macros and the GNU comma extension', () => {
    expect(squashed('#define P(fmt, ...) printf(fmt, __VA_ARGS__)\nP("%d %d", 1, 2);\n')).toBe(
      T('printf("%d %d", 1, 2);'),
    );
    expect(squashed('#define P(fmt, ...) f(fmt, ## __VA_ARGS__)\nP("a"); P("b", 3);\n')).toBe(T('f("a"); f("b", 3);'));
    expect(squashed('#define G(args...) g(args)\nG(1, 2);\n')).toBe(T('g(1, 2);'));
  });

  it('does not expand macros inside strings and character constants', () => {
    expect(squashed('#define N 3\nchar *s = "N"; char c = \'N\'; int n = N;\n')).toBe(
      T('char *s = "N"; char c = \'N\'; int n = 3;'),
    );
  });

  it('supports #undef and redefinition', () => {
    expect(squashed('#define N 1\nint a = N;\n#undef N\nint b = N;\n#define N 2\nint c = N;\n')).toBe(
      T('int a = 1; int b = N; int c = 2;'),
    );
  });

  it('keeps tokens apart that would glue together', () => {
    expect(squashed('#define NEG -1\nint x = -NEG;\n')).toBe(T('int x = - -1;'));
    const result = run('#define NEG -1\nint x = -NEG;\n').text;
    expect(result).not.toContain('--');
  });

  it('expands __LINE__ and __FILE__', () => {
    expect(lines('int a;\nint b = __LINE__;\nchar *f = __FILE__;\n').slice(1, 3).map(T)).toEqual([
      T('int b = 2;'),
      T('char *f = "input.c";'),
    ]);
  });
});

describe('built-in preprocessor: conditionals', () => {
  const pick = (condition: string, prelude = ''): string =>
    squashed(`${prelude}#if ${condition}\nyes\n#else\nno\n#endif\n`);

  it('evaluates integer constant expressions', () => {
    expect(pick('1 + 2 * 3 == 7')).toBe('yes');
    expect(pick('(1 << 4) - 1 == 0xf && 10 / 3 == 3 && -7 % 3 == -1')).toBe('yes');
    expect(pick('1 ? 0 : 1')).toBe('no');
    expect(pick('!0 && ~0 == -1 || 0')).toBe('yes');
    expect(pick('-1 < 0u')).toBe('no'); // -1 converts to UINTMAX_MAX
    expect(pick("'A' == 65 && '\\n' == 10")).toBe('yes');
    expect(pick('0 && 1 / 0')).toBe('no'); // the dead operand is not evaluated
  });

  it('handles defined, unknown identifiers and macros in conditions', () => {
    const prelude = '#define A 2\n#define B\n';
    expect(pick('defined(A) && defined B && !defined(C)', prelude)).toBe('yes');
    expect(pick('A * 2 == 4', prelude)).toBe('yes');
    expect(pick('UNKNOWN == 0', prelude)).toBe('yes');
    expect(pick('__STDC_VERSION__ >= 199901L')).toBe('yes');
  });

  it('handles #ifdef, #ifndef, #elif and nesting in skipped groups', () => {
    const text = [
      '#define X 3',
      '#ifdef Y',
      'one',
      '#elif X == 2',
      'two',
      '#elif X == 3',
      'three',
      '#else',
      'other',
      '#endif',
      '#ifndef Y',
      '#if 0',
      '#if 1 / 0',
      'bad',
      '#endif',
      'alsoBad',
      '#else',
      'four',
      '#endif',
      '#endif',
      '',
    ].join('\n');
    expect(squashed(text)).toBe(T('three four'));
  });

  it('ignores unknown directives and stray quotes in skipped groups', () => {
    expect(squashed("#if 0\n#frobnicate\nit's skipped\n#endif\nkept\n")).toBe(T('kept'));
  });

  it('reports conditional errors with positions', () => {
    expect(errorOf('int a;\n#if 1\nint b;\n')).toMatchObject({
      location: { line: 2 },
      message: 'unterminated conditional directive',
    });
    expect(errorOf('#endif\n').message).toContain('#endif without #if');
    expect(errorOf('#if 1\n#else\n#else\n#endif\n').message).toContain('#else after #else');
    expect(errorOf('\n#if 1 / 0\n#endif\n')).toMatchObject({
      location: { line: 2 },
      message: 'division by zero in #if',
    });
  });

  it('agrees with the system preprocessor on random #if expressions', () => {
    const system = findSystemPreprocessor();
    expect(system).toBeDefined();
    const operand = fc.oneof(
      fc.integer({ min: -20, max: 20 }).map(String),
      fc.constantFrom('0u', '1u', '7u', 'A', 'defined(A)', 'defined B'),
    );
    const expression = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        operand,
        fc
          .tuple(
            tie('node'),
            fc.constantFrom('+', '-', '*', '<', '>=', '==', '!=', '&&', '||', '&', '|', '^', '<<', '>>'),
            tie('node'),
          )
          .map(
            ([left, operator, right]) =>
              `(${left} ${operator} ${operator === '<<' || operator === '>>' ? `((${right}) & 7)` : right})`,
          ),
        fc.tuple(fc.constantFrom('-', '!', '~'), tie('node')).map(([operator, inner]) => `${operator}(${inner})`),
        fc
          .tuple(tie('node'), tie('node'), tie('node'))
          .map(([condition, left, right]) => `(${condition} ? ${left} : ${right})`),
      ),
    })).node;
    fc.assert(
      fc.property(expression, (condition) => {
        const text = `#define A 5\n#if ${condition}\nyes\n#else\nno\n#endif\n`;
        expect(squashed(text, 'builtin'), condition).toBe(squashed(text, 'system'));
      }),
      { numRuns: 60 },
    );
  });
});

describe('built-in preprocessor: lines, comments, continuations', () => {
  it('joins continuation lines in directives and text, keeping later lines in place', () => {
    const output = lines('#define SUM 1 + \\\n  2\nint x = SUM;\nint y \\\n = 3;\nint z;\n');
    expect(T(output[2]!)).toBe(T('int x = 1 + 2;'));
    // tokens stay on their physical lines
    expect(output[3]).toBe('int y');
    expect(output[4]).toBe(' = 3;');
    expect(output[5]).toBe('int z;');
  });

  it('removes comments, including multi-line ones inside directives', () => {
    const text =
      '/* a\n  #define HIDDEN 1\n*/ int a; // #define ALSO 2\n#define V /* two\nlines */ 7\nint b = V; int c = HIDDEN + ALSO;\n';
    const output = lines(text);
    expect(output[2]!.trim()).toBe('int a;');
    expect(output[5]).toBe('int b = 7; int c = HIDDEN + ALSO;'); // expansion to a token as long keeps columns
    expect(output).toHaveLength(text.split('\n').length);
  });

  it('keeps columns of tokens that no expansion moved, and maps lines back', () => {
    const source = run('#define N 1\n\tint  a   = N;\n  int b;\n');
    expect(source.text.split('\n')[1]).toBe(' int  a   = 1;');
    expect(source.originalPosition(3, 3)).toEqual({ file: 'input.c', line: 3, column: 3 });
  });

  it('maps a header prelude to <builtin> and the program lines back exactly', () => {
    const source = run('#include <stdbool.h>\n#include <stddef.h>\nbool f = true;\nsize_t n = 0;\n');
    const output = source.text.split('\n');
    const sizeLine = output.findIndex((line) => line.includes('size_t n'));
    expect(output[sizeLine]).toBe('size_t n = 0;');
    expect(source.originalPosition(sizeLine + 1, 1)).toEqual({ file: 'input.c', line: 4, column: 1 });
    expect(source.originalPosition(1, 1).file).toBe('<builtin>');
    expect(output.slice(0, sizeLine).join('\n')).toContain('typedef unsigned int size_t;');
    expect(T(output[sizeLine - 1]!)).toBe(T('_Bool f = 1;'));
  });

  it('uses the data model for size_t and limits', () => {
    const text = '#include <stdlib.h>\n#include <limits.h>\nlong m = LONG_MAX;\n';
    const lp64 = preprocess(text, 'input.c', { mode: 'builtin', dataModel: 'LP64' });
    const ilp32 = preprocess(text, 'input.c', { mode: 'builtin', dataModel: 'ILP32' });
    expect(lp64.kind === 'preprocessed' && lp64.source.text).toContain('typedef long unsigned int size_t;');
    expect(lp64.kind === 'preprocessed' && lp64.source.text).toContain('long m = 9223372036854775807L;');
    expect(ilp32.kind === 'preprocessed' && ilp32.source.text).toContain('long m = 2147483647L;');
  });

  it('applies #line to positions and __LINE__', () => {
    const source = run('int a;\n#line 100 "other.c"\nint b = __LINE__;\nint c;\n');
    expect(T(source.text.split('\n')[2]!)).toBe(T('int b = 100;'));
    expect(source.originalPosition(4, 1)).toEqual({ file: 'other.c', line: 101, column: 1 });
    expect(source.originalPosition(1, 1)).toEqual({ file: 'input.c', line: 1, column: 1 });
  });

  it('reports #error, unknown directives and unknown headers at their position', () => {
    expect(errorOf('int a;\n  #error stop here\n')).toMatchObject({
      file: 'input.c',
      location: { line: 2, column: 4 },
      severity: 'error',
      message: '#error stop here',
    });
    expect(errorOf('#bogus\n').message).toContain('invalid preprocessing directive');
    expect(errorOf('#include "mine.h"\n')).toMatchObject({
      severity: 'unsupported',
      location: { line: 1, column: 10 },
    });
    expect(errorOf('/* open\n').message).toBe('unterminated comment');
    expect(errorOf('#define F(x) x\nF(1, 2)\n').message).toContain('passed 2 arguments');
  });

  it('defines assert as glibc does, honouring NDEBUG', () => {
    const text =
      '#include <assert.h>\nvoid f(int x) { assert(x > 0); }\n#define NDEBUG\n#include <assert.h>\nvoid g(int x) { assert(x); }\n';
    const fromProgram = (output: string): string => output.slice(output.indexOf('void f'));
    expect(fromProgram(squashed(text))).toBe(fromProgram(squashed(text, 'system')));
    expect(squashed(text)).toContain(T('void g(int x) { ((void) (0)); }'));
  });

  it('supports __has_include and computed includes', () => {
    const text =
      '#if defined(__has_include) && __has_include(<stdbool.h>) && !__has_include("nothere.h")\nyes\n#endif\n#define H <limits.h>\n#include H\nint m = INT_MAX;\n';
    expect(squashed(text)).toBe(T('yes int m = 2147483647;'));
    expect(squashed(text, 'system')).toBe(T('yes int m = 0x7fffffff;'));
  });

  it('ignores #pragma and _Pragma and accepts user defines', () => {
    const result = preprocess('#pragma once\n_Pragma("GCC x") int v = V;\n', 'input.c', {
      mode: 'builtin',
      defines: new Map([['V', '42']]),
    });
    expect(result.kind === 'preprocessed' && T(result.source.text)).toBe(T('int v = 42;'));
  });
});

describe('preprocess: none and system paths, readSource', () => {
  it("mode 'none' keeps the text and blanks linemarkers", () => {
    const source = run('int a;\n# 10 "orig.c"\nint b;\n', 'none');
    expect(source.text).toBe('int a;\n\nint b;\n');
    expect(source.originalPosition(3, 5)).toEqual({ file: 'orig.c', line: 10, column: 5 });
    expect(preprocess('#define X 1\n', 'x.i', { mode: 'none' }).kind).toBe('error');
  });

  it('system mode maps lines through linemarkers and reports errors with positions', () => {
    const source = run('#include <stddef.h>\n#define N 3\nint a[N];\n', 'system', 'dir/file.c');
    const output = source.text.split('\n');
    const line = output.findIndex((text) => text.includes('int a[3];'));
    expect(line).toBeGreaterThan(2);
    expect(source.originalPosition(line + 1, 1)).toEqual({ file: 'dir/file.c', line: 3, column: 1 });
    expect(output.some((text) => text.startsWith('#'))).toBe(false);
    const diagnostic = errorOf('int a;\n#error nope\n', 'system');
    expect(diagnostic).toMatchObject({ file: 'input.c', location: { line: 2, column: 2 }, severity: 'error' });
    expect(diagnostic.message).toContain('nope');
  });

  it('readSource picks the mode by extension and reports unreadable files', () => {
    const directory = mkdtempSync(join(tmpdir(), 'encode-preprocess-'));
    writeFileSync(join(directory, 'a.i'), 'int N;\n');
    writeFileSync(join(directory, 'a.c'), '#define N 5\nint x = N;\n');
    const preprocessed = readSource(join(directory, 'a.i'));
    expect(preprocessed.kind === 'preprocessed' && preprocessed.preprocessor).toBe('none');
    const builtin = readSource(join(directory, 'a.c'), { mode: 'builtin' });
    expect(builtin.kind === 'preprocessed' && builtin.source.text).toBe('\nint x = 5;\n');
    // a file that includes nothing is preprocessed by the built-in preprocessor (no process started)
    const automatic = readSource(join(directory, 'a.c'));
    expect(automatic.kind === 'preprocessed' && automatic.preprocessor).toBe('builtin');
    writeFileSync(join(directory, 'b.c'), '#include <stdlib.h>\nint x = 5;\n');
    const including = readSource(join(directory, 'b.c'));
    expect(including.kind === 'preprocessed' && including.preprocessor).toBe(
      findSystemPreprocessor() === undefined ? 'builtin' : 'system',
    );
    const missing = readSource(join(directory, 'missing.c'));
    expect(missing.kind === 'error' && missing.diagnostics[0]).toMatchObject({
      location: { line: 1, column: 1 },
      severity: 'error',
    });
  });
});
