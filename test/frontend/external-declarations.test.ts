// The scan that predicts compilationUnit's choice (src/frontend/external-declarations.ts): every
// program parses to the same AST with the scan as with the runtime's prediction alone (tricky
// external declarations written here, the repository's C programs, the C library headers, and the
// sv-arrays corpus when it is there), and the scan settles the long declarations of the headers, so
// that the runtime is asked no more than a few times on a preprocessed file.

import { join } from 'node:path';
import { ParserATNSimulator } from 'antlr4ng';
import { describe, expect, it, vi } from 'vitest';
import { externalDeclarationDecision } from '../../src/frontend/external-declarations.js';
import { parseTranslationUnit } from '../../src/frontend/parse.js';
import { readSource } from '../../src/frontend/read-source.js';
import { corpus, corpusTasks } from '../corpus/corpus.js';
import { forgetLiveDfas, repositoryPrograms } from '../support/parser-programs.js';

const root = join(import.meta.dirname, '..', '..');
const decision = externalDeclarationDecision();

/**
 * the AST as JSON; `fresh`: with no learned DFA (as a fresh process without dist/frontend-dfa.json),
 * so that the scan is asked at every choice; 'unfrozen': without the frozen DFA, the live one kept
 */
function astOf(text: string, scanExternalDeclarations: boolean, fresh: boolean | 'unfrozen' = false): string {
  if (fresh === true) forgetLiveDfas();
  const result = parseTranslationUnit(
    text,
    'test.c',
    fresh === false ? { scanExternalDeclarations } : { scanExternalDeclarations, frozenDfa: null },
  );
  return JSON.stringify(result, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
}

const tricky: Record<string, string> = {
  'K&R parameters': 'int add(a, b) int a; int b; { return a + b; }\nint main(void) { return add(1, 2); }',
  'K&R with a struct parameter':
    'struct P { int x; };\nint get(p) struct P p; { return p.x; }\nint main(void) { struct P p = {1}; return get(p); }',
  'a function returning a struct pointer':
    'struct S { int v; };\nstruct S *make(void) { return 0; }\nint main(void) { return make() == 0; }',
  'a struct defined in the return type':
    'struct T { int a; int b; } pair(void) { struct T t = {1, 2}; return t; }\nint main(void) { return pair().a; }',
  'attributes before and after the declarator':
    'static __inline __attribute__ ((__always_inline__)) int f(int x) { return x; }\n' +
    'extern int g(int) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__pure__));\nint main(void) { return f(1); }',
  'an attribute between the header and the body':
    'int h(void) __attribute__((noinline));\nint h(void) __attribute__((unused)) { return 1; }\nint main(void) { return h(); }',
  'asm labels and a top-level asm':
    '__asm__("nop");\nextern int k(int) __asm__("k_alias");\nint main(void) { return 0; }',
  'function pointers':
    'int (*pick(int which))(int);\nvoid (*handlers[4])(int);\nint (*signal_like(int, void (*)(int)))(int);\nint main(void) { return 0; }',
  'typedefs of unions and enums with values':
    'typedef union { struct { int lock; unsigned count; } s; char size[40]; long align; } mutex_t;\n' +
    'typedef enum { A = 1, B = A + 2, C } letters;\nenum __attribute__((packed)) E { X = 3 };\nint main(void) { mutex_t m; m.align = 0; return (int) m.align + B; }',
  'initialisers with braces and statement expressions':
    'int a[3] = { 1, 2, 3 };\nstruct { int x, y; } pt = { .x = 1, .y = ({ 2; }) };\nint main(void) { return a[0] + pt.y; }',
  'static assertions and several declarators':
    '_Static_assert(sizeof(int) == 4, "int");\nint x, *y = 0, z[2];\ntypedef int T; T t1, t2;\nint main(void) { return x + z[0]; }',
  'typeof and alignment in specifiers': '__typeof__(1) q = 2;\n_Alignas(8) int aligned;\nint main(void) { return q; }',
  'nested struct bodies with attributes':
    'struct __attribute__((packed)) Outer { struct Inner { int v; } in; int w; } __attribute__((aligned(4))) outer;\n' +
    'struct Outer *pointer(void) { return &outer; }\nint main(void) { return pointer()->w; }',
};

describe("the scan of compilationUnit's choice", () => {
  it("is attached to the generated parser's decision", () => {
    expect(decision).toBe(0);
  });

  it.each(Object.entries(tricky))('%s: the same AST with the scan as with the runtime alone', (_name, text) => {
    const reference = astOf(text, false, true);
    expect(reference).toContain('"kind":"parsed"');
    expect(astOf(text, true, true)).toBe(reference);
  });

  it('settles most choices on the C library headers; the runtime decides K&R definitions', () => {
    const headers = readSource(join(root, 'bench', 'startup', 'system-headers.c'), { dataModel: 'ILP32' });
    expect(headers.kind).toBe('preprocessed');
    if (headers.kind !== 'preprocessed') return;
    const runtime = vi.spyOn(ParserATNSimulator.prototype, 'adaptivePredict');
    const runtimeChoices = (text: string, scanExternalDeclarations: boolean): number => {
      forgetLiveDfas();
      runtime.mockClear();
      parseTranslationUnit(text, 'test.c', { frozenDfa: null, scanExternalDeclarations });
      return runtime.mock.calls.filter((call) => call[1] === decision).length;
    };
    try {
      const without = runtimeChoices(headers.source.text, false);
      const withScan = runtimeChoices(headers.source.text, true);
      expect(without).toBeGreaterThan(10);
      expect(withScan).toBeLessThan(without / 4);
      // K&R parameters follow the declarator's ')': the scan leaves that choice to the runtime
      expect(runtimeChoices(tricky['K&R parameters']!, true)).toBeGreaterThan(0);
    } finally {
      runtime.mockRestore();
    }
  });

  it("gives the same AST on the repository's programs and the sv-arrays corpus", { timeout: 300_000 }, () => {
    const files = repositoryPrograms();
    if (corpus.available) files.push(...corpusTasks().map((task) => task.path));
    let compared = 0;
    forgetLiveDfas();
    for (const file of files) {
      const source = readSource(file, { dataModel: 'ILP32' });
      if (source.kind !== 'preprocessed') continue;
      // without the frozen DFA, the long choices (unique to each file) reach the scan
      expect(astOf(source.source.text, true, 'unfrozen'), file).toBe(astOf(source.source.text, false));
      compared++;
    }
    expect(compared).toBeGreaterThan(300);
  });
});
