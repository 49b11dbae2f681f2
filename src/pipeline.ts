// The pipeline from a file on disk to an IR program: read + preprocess → parse → lower.
// Pure with respect to the process: it never prints or exits; the CLI and the tests call it.
// Each phase's failure is a typed result (input error vs unsupported construct), and every
// diagnostic is mapped back to the original file's line and column.

import { performance } from 'node:perf_hooks';
import { parseTranslationUnit } from './frontend/parse.js';
import type { PreprocessMode, PreprocessedSource } from './frontend/preprocess.js';
import { readSource } from './frontend/read-source.js';
import { remapLocations } from './frontend/remap-locations.js';
import { lowerTranslationUnit } from './ir/lower/index.js';
import type { DataModel, Program } from './ir/types.js';
import type { Diagnostic, PhaseTimes } from './verdict.js';

export interface FrontEndOptions {
  readonly dataModel: DataModel;
  readonly preprocessor: PreprocessMode | 'default';
}

export type FrontEndResult =
  | { readonly kind: 'program'; readonly program: Program; readonly warnings: readonly Diagnostic[]; readonly times: PhaseTimes; readonly lines: number }
  /** the input is not valid C (or cannot be read): a user error */
  | { readonly kind: 'inputError'; readonly diagnostics: readonly Diagnostic[]; readonly times: PhaseTimes }
  /** valid C, but outside what `encode` handles soundly */
  | { readonly kind: 'unsupported'; readonly diagnostics: readonly Diagnostic[]; readonly times: PhaseTimes };

function mapDiagnostic(diagnostic: Diagnostic, source: PreprocessedSource): Diagnostic {
  const position = source.originalPosition(diagnostic.location.line, diagnostic.location.column);
  return { ...diagnostic, file: position.file, location: { line: position.line, column: position.column } };
}

export function runFrontEnd(path: string, options: FrontEndOptions): FrontEndResult {
  const times: Record<string, number> = {};
  let start = performance.now();
  const preprocessed = readSource(path, {
    mode: options.preprocessor === 'default' ? undefined : options.preprocessor,
    dataModel: options.dataModel,
  });
  times.preprocess = performance.now() - start;
  if (preprocessed.kind === 'error') return { kind: 'inputError', diagnostics: preprocessed.diagnostics, times };
  const source = preprocessed.source;

  start = performance.now();
  const parsed = parseTranslationUnit(source.text, path);
  times.parse = performance.now() - start;
  if (parsed.kind === 'syntaxError') {
    return { kind: 'inputError', diagnostics: parsed.diagnostics.map((diagnostic) => mapDiagnostic(diagnostic, source)), times };
  }

  // From here on every location is a position in the original file.
  const unit = remapLocations(parsed.unit, (location) => {
    const position = source.originalPosition(location.line, location.column);
    return { line: position.line, column: position.column };
  });

  start = performance.now();
  const lowered = lowerTranslationUnit(unit, path, { dataModel: options.dataModel });
  times.lower = performance.now() - start;
  switch (lowered.kind) {
    case 'unsupported':
      return { kind: 'unsupported', diagnostics: lowered.diagnostics, times };
    case 'lowered':
      return {
        kind: 'program',
        program: lowered.program,
        warnings: lowered.warnings,
        times,
        lines: countLines(source.text),
      };
    default: {
      const never: never = lowered;
      throw new Error(`unknown lowering result ${JSON.stringify(never)}`);
    }
  }
}

function countLines(text: string): number {
  let lines = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++;
  return lines;
}
