// Both preprocessing paths give text the parser accepts, for every `.c` program of the corpus (and
// the `.i` programs, used as they are, parse too).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect, it } from 'vitest';

import { parseTranslationUnit } from '../../src/frontend/parse.js';
import { preprocess, type PreprocessMode } from '../../src/frontend/preprocess.js';
import { corpus, corpusRoot as corpusDirectory, corpusTasks } from '../corpus/corpus.js';
import { describeWith } from '../support/requirements.js';

describeWith([corpus], 'preprocessed corpus parses', () => {
  const manifest = corpusTasks();
  const cases: [PreprocessMode, (file: string) => boolean][] = [
    ['builtin', (file) => file.endsWith('.c')],
    ['system', (file) => file.endsWith('.c')],
    ['none', (file) => file.endsWith('.i')],
  ];
  for (const [mode, selects] of cases) {
    it(`parses every corpus program preprocessed with mode '${mode}'`, () => {
      const failures: string[] = [];
      const files = manifest.map((entry) => entry.file).filter(selects);
      expect(files.length).toBeGreaterThan(50);
      for (const file of files) {
        const result = preprocess(readFileSync(join(corpusDirectory, file), 'utf8'), file, { mode });
        if (result.kind !== 'preprocessed') {
          failures.push(`${file}: ${result.diagnostics[0]?.message ?? ''}`);
          continue;
        }
        const parsed = parseTranslationUnit(result.source.text, file);
        if (parsed.kind !== 'parsed') {
          const diagnostic = parsed.diagnostics[0];
          const original =
            diagnostic === undefined
              ? undefined
              : result.source.originalPosition(diagnostic.location.line, diagnostic.location.column);
          failures.push(`${file}: ${diagnostic?.message ?? ''} at ${JSON.stringify(original)}`);
        }
      }
      console.log(`preprocess+parse (${mode}): ${files.length - failures.length}/${files.length} parse`);
      expect(failures).toEqual([]);
    });
  }
});
