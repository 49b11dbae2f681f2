// Reads a C source file and preprocesses it according to its extension.
//
// `.i` files are already preprocessed and used as they are (mode 'none'); `.c`, `.h` and any other
// extension go through 'auto' (system cpp when present, else the built-in preprocessor), unless
// `options.mode` forces a mode. A file that cannot be read is an error Diagnostic at line 1, col 1.

import { readFileSync } from 'node:fs';
import { extname } from 'node:path';

import type { Diagnostic } from '../location.js';
import { preprocess } from './preprocess.js';
import type { DataModel, PreprocessMode, PreprocessResult } from './preprocess-types.js';

export interface ReadSourceOptions {
  /** forces a mode; by default chosen from the extension */
  readonly mode?: PreprocessMode | undefined;
  readonly defines?: ReadonlyMap<string, string>;
  readonly dataModel?: DataModel;
}

/** The mode used for `path` when none is forced. */
export function modeForPath(path: string): PreprocessMode {
  return extname(path).toLowerCase() === '.i' ? 'none' : 'auto';
}

export function readSource(path: string, options: ReadSourceOptions = {}): PreprocessResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const diagnostic: Diagnostic = {
      file: path,
      location: { line: 1, column: 1 },
      severity: 'error',
      message: `cannot read source file: ${reason}`,
    };
    return { kind: 'error', diagnostics: [diagnostic] };
  }
  return preprocess(text, path, {
    mode: options.mode ?? modeForPath(path),
    ...(options.defines === undefined ? {} : { defines: options.defines }),
    ...(options.dataModel === undefined ? {} : { dataModel: options.dataModel }),
  });
}
