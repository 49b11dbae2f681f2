// Prototypes that nothing else names, dropped before parsing (src/frontend/unused-prototypes.ts):
// every program lowers to the same IR with and without the drop (tricky shapes written here, the
// repository's C programs and the sv-arrays corpus when it is there, whose preprocessed headers are
// where the drop matters), and the shapes that must be kept are kept.

import { describe, expect, it } from 'vitest';
import { parseTranslationUnit } from '../../src/frontend/parse.js';
import { readSource } from '../../src/frontend/read-source.js';
import { lowerTranslationUnit } from '../../src/ir/lower/index.js';
import { printProgram } from '../../src/ir/print.js';
import { corpus, corpusTasks } from '../corpus/corpus.js';
import { repositoryPrograms } from '../support/parser-programs.js';

/**
 * the lowered program with its warnings, or the kind of failure (an unsupported construct may be
 * met first at another place when an unused prototype held one), and how many external
 * declarations the parse saw
 */
function lowered(text: string, dropUnusedPrototypes: boolean): { readonly ir: string; readonly items: number } {
  const parsed = parseTranslationUnit(text, 'test.c', { dropUnusedPrototypes });
  if (parsed.kind !== 'parsed') return { ir: parsed.kind, items: 0 };
  const result = lowerTranslationUnit(parsed.unit, 'test.c', { dataModel: 'ILP32' });
  const ir = result.kind === 'lowered' ? printProgram(result.program) + JSON.stringify(result.warnings) : result.kind;
  return { ir, items: parsed.unit.items.length };
}

const kept: Record<string, string> = {
  'a called function': 'extern int helper(int);\nint main(void) { return helper(1); }\nint helper(int x) { return x; }',
  'K&R parameters after an unused name': 'int unused(a) int a; { return a; }\nint main(void) { return 0; }',
  'several declarators': 'extern int first(void), second(void);\nint main(void) { return 0; }',
  'a typedef of a function type': 'typedef int handler(int);\nint main(void) { return 0; }',
  'a function pointer': 'void (*install(int, void (*)(int)))(int);\nint main(void) { return 0; }',
  'a name that is also a field':
    'extern int size(void);\nstruct S { int size; };\nint main(void) { struct S s; s.size = 1; return s.size; }',
};

describe('unused prototypes', () => {
  it('drops a prototype nothing names, with its attributes and asm label', () => {
    const text =
      'extern void *unused_alloc(unsigned long size) __attribute__((__malloc__)) __asm__("alias");\nstatic int also_unused(int);\nint main(void) { return 0; }';
    expect(lowered(text, true).items).toBe(1);
    expect(lowered(text, false).items).toBe(3);
    expect(lowered(text, true).ir).toBe(lowered(text, false).ir);
  });

  it.each(Object.entries(kept))('keeps %s', (_name, text) => {
    expect(lowered(text, true)).toEqual(lowered(text, false));
  });

  it(
    "lowers the repository's programs and the corpus to the same IR, dropping most of the headers' prototypes",
    { timeout: 300_000 },
    () => {
      const files = repositoryPrograms();
      if (corpus.available) files.push(...corpusTasks().map((task) => task.path));
      let [compared, programs] = [0, 0];
      let [itemsKept, itemsAll] = [0, 0];
      for (const file of files) {
        const source = readSource(file, { dataModel: 'ILP32' });
        if (source.kind !== 'preprocessed') continue;
        const [dropping, keeping] = [lowered(source.source.text, true), lowered(source.source.text, false)];
        expect(dropping.ir, file).toBe(keeping.ir);
        if (!['unsupported', 'syntaxError'].includes(keeping.ir)) programs++;
        itemsKept += dropping.items;
        itemsAll += keeping.items;
        compared++;
      }
      expect(compared).toBeGreaterThan(300);
      expect(programs).toBeGreaterThan(300);
      // the system-headers program alone holds hundreds of unused prototypes
      expect(itemsAll - itemsKept).toBeGreaterThan(300);
    },
  );
});
