// Entry point of preprocessing: picks the system preprocessor, the built-in one, or none.
//
// 'auto' uses the built-in preprocessor for a file that includes nothing; otherwise the system `cpp`
// (or `gcc -E`) when one is on PATH, and the built-in preprocessor when there is none or when the
// system one cannot target the data model and the program uses a name whose meaning depends on it
// (see preprocess-system.ts); 'system' fails with a diagnostic when there is none; 'none' takes the
// text as already preprocessed (`.i`). Both preprocessors give the same program text for the input file's own code
// (checked on the benchmark corpus by test/frontend/preprocess-corpus.test.ts).

import type { Diagnostic } from '../location.js';
import { preprocessBuiltin } from './builtin-preprocessor.js';
import { dataModelHazard, findSystemPreprocessor, preprocessNone, preprocessSystem } from './preprocess-system.js';
import type { PreprocessOptions, PreprocessResult } from './preprocess-types.js';

export type {
  DataModel,
  OriginalPosition,
  PreprocessedSource,
  PreprocessMode,
  PreprocessOptions,
  PreprocessResult,
} from './preprocess-types.js';
export { builtinPseudoFile } from './builtin-preprocessor.js';
export { findSystemPreprocessor } from './preprocess-system.js';

/** Preprocesses `text`, the contents of `file` (the name is used for diagnostics and __FILE__). */
export function preprocess(text: string, file: string, options: PreprocessOptions): PreprocessResult {
  const dataModel = options.dataModel ?? 'ILP32';
  const common = { dataModel, ...(options.defines === undefined ? {} : { defines: options.defines }) };
  switch (options.mode) {
    case 'none':
      return preprocessNone(text, file);
    case 'builtin':
      return preprocessBuiltin(text, file, common);
    case 'system': {
      const system = findSystemPreprocessor();
      if (system === undefined) {
        const diagnostic: Diagnostic = {
          file,
          location: { line: 1, column: 1 },
          severity: 'error',
          message: 'no system preprocessor (cpp or gcc) found on PATH',
        };
        return { kind: 'error', diagnostics: [diagnostic] };
      }
      return preprocessSystem(text, file, system, common);
    }
    case 'auto': {
      // a file that includes nothing needs no system header: the built-in preprocessor gives the
      // same text without starting the system one (a process or four per run otherwise)
      if (!includesAnything(text)) return preprocessBuiltin(text, file, common);
      const system = findSystemPreprocessor();
      if (system === undefined || dataModelHazard(text, file, system, dataModel) !== undefined) {
        return preprocessBuiltin(text, file, common);
      }
      return preprocessSystem(text, file, system, common);
    }
    default: {
      const exhaustive: never = options.mode;
      throw new Error(`unknown preprocess mode ${String(exhaustive)}`);
    }
  }
}

/** whether a line of `text` is an include directive (`#include`, `#include_next`, `#import`) */
function includesAnything(text: string): boolean {
  return /^[ \t]*#[ \t]*(include|include_next|import)\b/m.test(text) || text.includes('__has_include');
}
