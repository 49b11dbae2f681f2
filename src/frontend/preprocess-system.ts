// The system preprocessor path: runs `cpp` (or `gcc -E`) synchronously and turns its linemarkers
// (`# 12 "file.c" 1 3 4`) into the position map of a PreprocessedSource, replacing every
// linemarker and `#pragma` / `#ident` line of the output with an empty line so the parser never
// sees a directive. Also used for already preprocessed `.i` text (mode 'none').
// Assumptions: the system headers are those of the host (GNU C, x86). For a data model other than
// the host's, `-m32` / `-m64` is passed when the host can preprocess a libc header with it
// (multilib installed). Without it the host's header macros and typedefs would have the wrong
// widths, so a program using a data-model-dependent name (LONG_MAX, int64_t, __LP64__ ...) is
// refused with an 'unsupported' diagnostic (the 'auto' mode then uses the built-in preprocessor).
// Other typedefs from host headers (size_t = unsigned long ...) stay right, because lowering takes
// the width of `long` from the data model.

import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';

import type { Diagnostic } from '../location.js';
import { tokenizePreprocessing } from './preprocess-tokens.js';
import { segmentedSource, type DataModel, type LineSegment, type PreprocessResult } from './preprocess-types.js';

const timeoutMilliseconds = 30_000;

export interface SystemPreprocessor {
  readonly command: string;
  readonly leadingArguments: readonly string[];
}

let cachedPreprocessor: SystemPreprocessor | null | undefined;
let cachedHostDataModel: DataModel | undefined;
const cachedTargetArguments = new Map<DataModel, readonly string[] | null>();

function runs(command: string, argumentList: readonly string[], input = ''): boolean {
  const result = spawnSync(command, [...argumentList], { input, encoding: 'utf8', timeout: timeoutMilliseconds });
  return result.error === undefined && result.status === 0;
}

/** The system preprocessor on PATH (`cpp`, else `gcc -E`), or undefined. Looked up once. */
export function findSystemPreprocessor(): SystemPreprocessor | undefined {
  if (cachedPreprocessor === undefined) {
    if (runs('cpp', ['--version'])) cachedPreprocessor = { command: 'cpp', leadingArguments: [] };
    else if (runs('gcc', ['--version'])) cachedPreprocessor = { command: 'gcc', leadingArguments: ['-E'] };
    else cachedPreprocessor = null;
  }
  return cachedPreprocessor ?? undefined;
}

function hostDataModel(preprocessor: SystemPreprocessor): DataModel {
  if (cachedHostDataModel === undefined) {
    const result = spawnSync(preprocessor.command, [...preprocessor.leadingArguments, '-dM', '-'], {
      input: '',
      encoding: 'utf8',
      timeout: timeoutMilliseconds,
    });
    cachedHostDataModel = /^#define __SIZEOF_LONG__ 8$/m.test(result.stdout ?? '') ? 'LP64' : 'ILP32';
  }
  return cachedHostDataModel;
}

/**
 * The arguments that make the system preprocessor target `dataModel` (none for the host's own,
 * `-m32` / `-m64` when the host can preprocess a libc header with it), or undefined if it cannot.
 */
export function targetArguments(preprocessor: SystemPreprocessor, dataModel: DataModel): readonly string[] | undefined {
  let cached = cachedTargetArguments.get(dataModel);
  if (cached === undefined) {
    if (hostDataModel(preprocessor) === dataModel) cached = [];
    else {
      const flag = dataModel === 'ILP32' ? '-m32' : '-m64';
      const works = runs(preprocessor.command, [...preprocessor.leadingArguments, flag, '-'], '#include <stdlib.h>\n');
      cached = works ? [flag] : null;
    }
    cachedTargetArguments.set(dataModel, cached);
  }
  return cached ?? undefined;
}

/**
 * Names whose meaning in the host's headers depends on the data model: macros with the width of
 * long / pointers and the 64-bit typedefs that are `long` on LP64 but `long long` on ILP32.
 */
const dataModelSensitiveNames: ReadonlySet<string> = new Set([
  'LONG_MAX',
  'LONG_MIN',
  'ULONG_MAX',
  'LONG_BIT',
  'SSIZE_MAX',
  'SIZE_MAX',
  'PTRDIFF_MAX',
  'PTRDIFF_MIN',
  'INTPTR_MAX',
  'INTPTR_MIN',
  'UINTPTR_MAX',
  '__WORDSIZE',
  '__LP64__',
  '_LP64',
  '__ILP32__',
  '_ILP32',
  '__x86_64__',
  '__x86_64',
  '__amd64__',
  '__amd64',
  '__i386__',
  '__i386',
  'i386',
  '__SIZEOF_LONG__',
  '__SIZEOF_POINTER__',
  '__SIZEOF_SIZE_T__',
  '__SIZEOF_PTRDIFF_T__',
  '__LONG_MAX__',
  '__LONG_WIDTH__',
  '__PTRDIFF_MAX__',
  '__SIZE_MAX__',
  '__INTPTR_MAX__',
  '__UINTPTR_MAX__',
  '__SIZE_TYPE__',
  '__PTRDIFF_TYPE__',
  'int64_t',
  'uint64_t',
  'intmax_t',
  'uintmax_t',
  'int_least64_t',
  'uint_least64_t',
  'int_fast64_t',
  'uint_fast64_t',
  '__int64_t',
  '__uint64_t',
  'INT64_MAX',
  'INT64_MIN',
  'UINT64_MAX',
  'INTMAX_MAX',
  'INTMAX_MIN',
  'UINTMAX_MAX',
  'INT64_C',
  'UINT64_C',
  'INTMAX_C',
  'UINTMAX_C',
  'PRId64',
  'PRIi64',
  'PRIu64',
  'PRIx64',
  'PRIdMAX',
  'PRIuMAX',
]);

/**
 * When the system preprocessor cannot target `dataModel`, the first use in `text` of a name whose
 * host-header meaning would be wrong for it, as an 'unsupported' diagnostic; otherwise undefined.
 */
export function dataModelHazard(
  text: string,
  file: string,
  preprocessor: SystemPreprocessor,
  dataModel: DataModel,
): Diagnostic | undefined {
  if (targetArguments(preprocessor, dataModel) !== undefined) return undefined;
  const lexed = tokenizePreprocessing(text);
  if (lexed.kind !== 'ok') return undefined; // the preprocessor itself will report it
  const hazard = lexed.tokens.find((token) => token.kind === 'identifier' && dataModelSensitiveNames.has(token.text));
  if (hazard === undefined) return undefined;
  return {
    file,
    location: { line: hazard.line, column: hazard.column },
    severity: 'unsupported',
    message: `'${hazard.text}' depends on the ${dataModel} data model, which the system preprocessor cannot target here (${dataModel === 'ILP32' ? '-m32' : '-m64'} headers missing)`,
  };
}

function quoteFileName(file: string): string {
  return `"${file.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function unquoteFileName(quoted: string): string {
  return quoted.replace(/\\(.)/g, '$1');
}

const linemarkerPattern = /^#(?:line)?\s*(\d+)\s*"((?:[^"\\]|\\.)*)"(.*)$/;
const ignoredDirectivePattern = /^\s*#\s*(pragma|ident)\b/;
const anyDirectivePattern = /^\s*#/;

export type LinemarkerResult =
  | { readonly kind: 'ok'; readonly text: string; readonly segments: LineSegment[] }
  | { readonly kind: 'directive'; readonly line: number; readonly text: string };

/**
 * Blanks linemarker, `#pragma` and `#ident` lines and returns the segments they describe. Another
 * directive line is returned as `directive` (preprocessed text must not contain one).
 */
export function stripLinemarkers(text: string): LinemarkerResult {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const segments: LineSegment[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!anyDirectivePattern.test(line)) continue;
    const marker = linemarkerPattern.exec(line.trim());
    if (marker !== null) {
      segments.push({ outputLine: index + 2, file: unquoteFileName(marker[2]!), originalLine: Number(marker[1]) });
      lines[index] = '';
    } else if (ignoredDirectivePattern.test(line) || /^\s*#\s*$/.test(line)) {
      lines[index] = '';
    } else return { kind: 'directive', line: index + 1, text: line.trim() };
  }
  return { kind: 'ok', text: lines.join('\n'), segments };
}

const diagnosticPattern = /^(.*?):(\d+):(?:(\d+):)? (fatal error|error): (.*)$/;

function firstError(stderr: string, file: string): Diagnostic {
  for (const line of stderr.split('\n')) {
    const match = diagnosticPattern.exec(line);
    if (match !== null) {
      const reportedFile = match[1] === '<stdin>' ? file : match[1]!;
      return {
        file: reportedFile,
        location: { line: Number(match[2]), column: Number(match[3] ?? 1) },
        severity: 'error',
        message: match[5]!,
      };
    }
  }
  const firstLine = stderr.split('\n').find((line) => line.trim() !== '') ?? 'the system preprocessor failed';
  return { file, location: { line: 1, column: 1 }, severity: 'error', message: firstLine.trim() };
}

export interface SystemPreprocessOptions {
  readonly defines?: ReadonlyMap<string, string>;
  readonly dataModel?: DataModel;
}

/** Runs the system preprocessor on `text` as if it were the contents of `file`. */
export function preprocessSystem(
  text: string,
  file: string,
  preprocessor: SystemPreprocessor,
  options: SystemPreprocessOptions = {},
): PreprocessResult {
  const dataModel = options.dataModel ?? 'ILP32';
  const hazard = dataModelHazard(text, file, preprocessor, dataModel);
  if (hazard !== undefined) return { kind: 'error', diagnostics: [hazard] };
  const argumentList = [...preprocessor.leadingArguments, ...(targetArguments(preprocessor, dataModel) ?? [])];
  for (const [name, value] of options.defines ?? new Map<string, string>()) argumentList.push(`-D${name}=${value}`);
  argumentList.push('-iquote', dirname(file), '-');
  // the leading linemarker makes __FILE__, diagnostics and linemarkers name `file` as given
  const input = `# 1 ${quoteFileName(file)}\n${text.endsWith('\n') ? text : text + '\n'}`;
  const result = spawnSync(preprocessor.command, argumentList, {
    input,
    encoding: 'utf8',
    timeout: timeoutMilliseconds,
    maxBuffer: 512 * 1024 * 1024,
  });
  if (result.error !== undefined) {
    const diagnostic: Diagnostic = {
      file,
      location: { line: 1, column: 1 },
      severity: 'error',
      message: `running ${preprocessor.command} failed: ${result.error.message}`,
    };
    return { kind: 'error', diagnostics: [diagnostic] };
  }
  if (result.status !== 0) return { kind: 'error', diagnostics: [firstError(result.stderr, file)] };
  const stripped = stripLinemarkers(result.stdout);
  if (stripped.kind === 'directive') {
    const diagnostic: Diagnostic = {
      file,
      location: { line: 1, column: 1 },
      severity: 'unsupported',
      message: `unexpected directive in ${preprocessor.command} output: ${stripped.text}`,
    };
    return { kind: 'error', diagnostics: [diagnostic] };
  }
  return {
    kind: 'preprocessed',
    source: segmentedSource(stripped.text, file, stripped.segments),
    preprocessor: 'system',
  };
}

/** Uses already preprocessed text as it is (linemarkers, `#pragma` and `#ident` lines are blanked). */
export function preprocessNone(text: string, file: string): PreprocessResult {
  const stripped = stripLinemarkers(text);
  if (stripped.kind === 'directive') {
    const diagnostic: Diagnostic = {
      file,
      location: { line: stripped.line, column: 1 },
      severity: 'unsupported',
      message: `preprocessing directive in a preprocessed (.i) file: ${stripped.text}`,
    };
    return { kind: 'error', diagnostics: [diagnostic] };
  }
  return {
    kind: 'preprocessed',
    source: segmentedSource(stripped.text, file, stripped.segments),
    preprocessor: 'none',
  };
}
