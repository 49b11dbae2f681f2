// Types shared by the preprocessing paths (system `cpp`, built-in, none). See preprocess.ts.

import type { Diagnostic } from '../location.js';

export interface OriginalPosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export interface PreprocessedSource {
  /** what the parser reads; contains no directive or linemarker lines */
  readonly text: string;
  /** the input file name as given */
  readonly file: string;
  /** maps a 1-based line (and column) of `text` to the original file and line, for diagnostics */
  originalPosition(line: number, column: number): OriginalPosition;
}

export type PreprocessMode = 'auto' | 'system' | 'builtin' | 'none';

export type DataModel = 'ILP32' | 'LP64';

export interface PreprocessOptions {
  readonly mode: PreprocessMode;
  /** extra macros, like `-D`: name (or `NAME(params)`) to replacement text */
  readonly defines?: ReadonlyMap<string, string>;
  /** ILP32 by default (the SV-COMP data model of the array tasks) */
  readonly dataModel?: DataModel;
}

export type PreprocessResult =
  | {
      readonly kind: 'preprocessed';
      readonly source: PreprocessedSource;
      readonly preprocessor: 'system' | 'builtin' | 'none';
    }
  | { readonly kind: 'error'; readonly diagnostics: Diagnostic[] };

/** One stretch of output lines that map linearly to lines of one original file. */
export interface LineSegment {
  /** first output line (1-based) of the stretch */
  readonly outputLine: number;
  readonly file: string;
  /** original line of `outputLine` */
  readonly originalLine: number;
}

/**
 * A PreprocessedSource whose position map is a sorted list of segments: output line L maps to
 * `segment.originalLine + (L - segment.outputLine)` in `segment.file` for the last segment starting
 * at or before L. Lines before the first segment map to themselves in `file`.
 */
export function segmentedSource(text: string, file: string, segments: readonly LineSegment[]): PreprocessedSource {
  const sorted = [...segments].sort((left, right) => left.outputLine - right.outputLine);
  return {
    text,
    file,
    originalPosition(line: number, column: number): OriginalPosition {
      let low = 0;
      let high = sorted.length - 1;
      let found: LineSegment | undefined;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const segment = sorted[middle]!;
        if (segment.outputLine <= line) {
          found = segment;
          low = middle + 1;
        } else high = middle - 1;
      }
      if (found === undefined) return { file, line, column };
      return { file: found.file, line: found.originalLine + (line - found.outputLine), column };
    },
  };
}
