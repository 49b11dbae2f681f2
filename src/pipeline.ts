// The pipeline from a file on disk to an IR program: read + preprocess → parse → lower → the program
// passes every encoding gets (analysis/program-passes.ts: exact rewrites that keep every run).
// Pure with respect to the process: it never prints or exits; the CLI and the tests call it.
// Every failure is a typed result, classified by the class of what went wrong, never by its text:
// - inputError: the input is not valid C, cannot be read, or does not preprocess (a user error);
// - unsupported: valid C outside what `encode` handles (UnsupportedSyntaxError of the AST builder,
//   LoweringError of lowering, ResourceLimitError for nesting beyond the limits of
//   ./frontend/nesting.ts, checked by the parser, by lowering and here on the lowered program);
// - internalError: any other exception, wherever it comes from (a hook included): a bug in `encode`.
// Every diagnostic is mapped back to the original file's line and column. Tests may pass hooks
// (FrontEndHooks) to observe or disturb a run; nothing here is global.

import { performance } from 'node:perf_hooks';
import type { TranslationUnit } from './frontend/ast.js';
import { UnsupportedSyntaxError } from './frontend/build-ast-support.js';
import { loweredTooDeep, maximumLoweredDepth, ResourceLimitError } from './frontend/nesting.js';
import { parseTranslationUnit } from './frontend/parse.js';
import type { PreprocessMode, PreprocessedSource } from './frontend/preprocess.js';
import { readSource } from './frontend/read-source.js';
import { remapLocations } from './frontend/remap-locations.js';
import { runProgramPasses } from './analysis/program-passes.js';
import { InternalLoweringError } from './ir/lower/context.js';
import { lowerTranslationUnit } from './ir/lower/index.js';
import type { Block, DataModel, Expression, Program, Statement } from './ir/types.js';
import { formatDiagnostic, type Diagnostic, type PhaseTimes } from './verdict.js';

/** Callbacks into the pipeline, for tests (e.g. to plant a failure); none by default. */
export interface FrontEndHooks {
  /** called with the parsed translation unit (locations already in the original file) before lowering */
  readonly afterParse?: (unit: TranslationUnit) => void;
}

export interface FrontEndOptions {
  readonly dataModel: DataModel;
  readonly preprocessor: PreprocessMode | 'default';
  readonly hooks?: FrontEndHooks;
}

export type FrontEndResult =
  | {
      readonly kind: 'program';
      readonly program: Program;
      readonly warnings: readonly Diagnostic[];
      readonly times: PhaseTimes;
      readonly lines: number;
    }
  /** the input is not valid C, cannot be read or does not preprocess: a user error (`file:line:col: error: …`) */
  | { readonly kind: 'inputError'; readonly diagnostics: readonly Diagnostic[]; readonly times: PhaseTimes }
  /** valid C, but outside what `encode` handles soundly (`file:line:col: unsupported: …`) */
  | { readonly kind: 'unsupported'; readonly diagnostics: readonly Diagnostic[]; readonly times: PhaseTimes }
  /** a bug in `encode`: an unexpected exception in one of the phases */
  | { readonly kind: 'internalError'; readonly message: string; readonly stack?: string; readonly times: PhaseTimes };

type Phase = 'preprocessing' | 'parsing' | 'lowering';

/** The phase being run, updated as the pipeline goes on, for the message of an internal error. */
interface Progress {
  phase: Phase;
}

function mapDiagnostic(diagnostic: Diagnostic, source: PreprocessedSource): Diagnostic {
  const position = source.originalPosition(diagnostic.location.line, diagnostic.location.column);
  return { ...diagnostic, file: position.file, location: { line: position.line, column: position.column } };
}

/**
 * Reads, preprocesses, parses and lowers `path`. Never throws: an exception from any phase (or
 * from a hook) is classified by its class into `unsupported` or `internalError`.
 */
export function runFrontEnd(path: string, options: FrontEndOptions): FrontEndResult {
  const times: Record<string, number> = {};
  const progress: Progress = { phase: 'preprocessing' };
  try {
    return runPhases(path, options, times, progress);
  } catch (error) {
    return classifyException(error, path, progress.phase, times);
  }
}

function runPhases(
  path: string,
  options: FrontEndOptions,
  times: Record<string, number>,
  progress: Progress,
): FrontEndResult {
  let start = performance.now();
  const preprocessed = readSource(path, {
    mode: options.preprocessor === 'default' ? undefined : options.preprocessor,
    dataModel: options.dataModel,
  });
  times.preprocess = performance.now() - start;
  if (preprocessed.kind === 'error') return { kind: 'inputError', diagnostics: preprocessed.diagnostics, times };
  const source = preprocessed.source;

  progress.phase = 'parsing';
  start = performance.now();
  const parsed = parseTranslationUnit(source.text, path);
  times.parse = performance.now() - start;
  switch (parsed.kind) {
    case 'syntaxError':
      return {
        kind: 'inputError',
        diagnostics: parsed.diagnostics.map((diagnostic) => mapDiagnostic(diagnostic, source)),
        times,
      };
    case 'unsupported':
      return {
        kind: 'unsupported',
        diagnostics: parsed.diagnostics.map((diagnostic) => mapDiagnostic(diagnostic, source)),
        times,
      };
    case 'parsed':
      break;
    default: {
      const never: never = parsed;
      throw new Error(`unknown parse result ${JSON.stringify(never)}`);
    }
  }

  // From here on every location is a position in the original file.
  const unit = remapLocations(parsed.unit, (location) => {
    const position = source.originalPosition(location.line, location.column);
    return { line: position.line, column: position.column };
  });
  options.hooks?.afterParse?.(unit);

  progress.phase = 'lowering';
  start = performance.now();
  const lowered = lowerTranslationUnit(unit, path, { dataModel: options.dataModel });
  times.lower = performance.now() - start;
  switch (lowered.kind) {
    case 'unsupported':
      return { kind: 'unsupported', diagnostics: lowered.diagnostics, times };
    case 'lowered': {
      const tooDeep = firstTooDeepStatement(lowered.program.body, maximumLoweredDepth);
      if (tooDeep !== undefined) return unsupportedResult(loweredTooDeep(tooDeep.location), path, times);
      return {
        kind: 'program',
        program: runProgramPasses(lowered.program),
        warnings: lowered.warnings,
        times,
        lines: countLines(source.text),
      };
    }
    default: {
      const never: never = lowered;
      throw new Error(`unknown lowering result ${JSON.stringify(never)}`);
    }
  }
}

/**
 * An exception thrown out of a phase: a limit of ours or a construct the AST cannot represent is
 * `unsupported` at its location (already in the original file: the parser turns the ones it
 * throws into results, so these come later); anything else is a bug.
 */
function classifyException(error: unknown, path: string, phase: Phase, times: PhaseTimes): FrontEndResult {
  if (error instanceof ResourceLimitError || error instanceof UnsupportedSyntaxError)
    return unsupportedResult(error, path, times);
  if (error instanceof InternalLoweringError) {
    return internalError(
      `${describe(error.cause, phase)} (at ${path}:${error.location.line}:${error.location.column})`,
      error.cause,
      times,
    );
  }
  return internalError(describe(error, phase), error, times);
}

/** `file:line:col: unsupported: <message>`, the location being one in the original file */
function unsupportedResult(
  error: ResourceLimitError | UnsupportedSyntaxError,
  path: string,
  times: PhaseTimes,
): FrontEndResult {
  return {
    kind: 'unsupported',
    diagnostics: [{ file: path, location: error.location, severity: 'unsupported', message: error.message }],
    times,
  };
}

function internalError(message: string, error: unknown, times: PhaseTimes): FrontEndResult {
  const stack = error instanceof Error && error.stack !== undefined && error.stack !== '' ? error.stack : undefined;
  return stack === undefined
    ? { kind: 'internalError', message, times }
    : { kind: 'internalError', message, stack, times };
}

/** e.g. `unexpected TypeError while lowering: x is undefined` (the CLI says that it is an internal error) */
function describe(error: unknown, phase: Phase): string {
  if (error instanceof Error)
    return `unexpected ${error.name === 'Error' ? 'error' : error.name} while ${phase}: ${error.message}`;
  return `unexpected exception while ${phase}: ${String(error)}`;
}

/** A statement, or (with `expression`) one of the expressions inside it, at a depth. */
interface Pending {
  readonly statement: Statement;
  readonly expression: Expression | undefined;
  readonly depth: number;
}

/**
 * The first statement (in pre-order) whose statements or expressions nest deeper than `limit`
 * levels (a statement of `body` is level 1; an operand one level below its parent), or undefined.
 * Uses an explicit stack: the printers and encoders recurse over this depth, this must not.
 */
function firstTooDeepStatement(body: Block, limit: number): Statement | undefined {
  const pending: Pending[] = [];
  const pushBlock = (block: Block, depth: number): void => {
    for (let index = block.length - 1; index >= 0; index--)
      pending.push({ statement: block[index]!, expression: undefined, depth });
  };
  pushBlock(body, 1);
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (item.depth > limit) return item.statement;
    const children =
      item.expression === undefined ? statementChildren(item.statement) : expressionChildren(item.expression);
    for (const block of children.blocks) pushBlock(block, item.depth + 1);
    for (const expression of children.expressions)
      pending.push({ statement: item.statement, expression, depth: item.depth + 1 });
  }
  return undefined;
}

interface Children {
  readonly blocks: readonly Block[];
  readonly expressions: readonly Expression[];
}

function statementChildren(statement: Statement): Children {
  switch (statement.kind) {
    case 'assign':
    case 'arrayFill':
      return { blocks: [], expressions: [statement.value] };
    case 'arrayWrite':
      return { blocks: [], expressions: [...statement.indices, statement.value] };
    case 'assume':
    case 'assert':
      return { blocks: [], expressions: [statement.condition] };
    case 'if':
      return { blocks: [statement.then, statement.else], expressions: [statement.condition] };
    case 'loop':
      return { blocks: [statement.body, statement.update], expressions: [statement.condition] };
    case 'havoc':
    case 'arrayHavoc':
    case 'break':
    case 'continue':
      return { blocks: [], expressions: [] };
    default: {
      const never: never = statement;
      throw new Error(`unknown statement ${JSON.stringify(never)}`);
    }
  }
}

function expressionChildren(expression: Expression): Children {
  switch (expression.kind) {
    case 'constant':
    case 'variable':
      return { blocks: [], expressions: [] };
    case 'arrayRead':
      return { blocks: [], expressions: expression.indices };
    case 'unary':
    case 'cast':
      return { blocks: [], expressions: [expression.operand] };
    case 'binary':
      return { blocks: [], expressions: [expression.left, expression.right] };
    case 'conditional':
      return { blocks: [], expressions: [expression.condition, expression.then, expression.else] };
    default: {
      const never: never = expression;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

/** One line per diagnostic (or the internal error's message) of a front end that did not give a program. */
export function describeFrontEndFailure(result: Exclude<FrontEndResult, { kind: 'program' }>): string {
  switch (result.kind) {
    case 'inputError':
    case 'unsupported':
      return result.diagnostics.map(formatDiagnostic).join('\n');
    case 'internalError':
      return result.message;
    default: {
      const never: never = result;
      throw new Error(`unknown front-end result ${JSON.stringify(never)}`);
    }
  }
}

function countLines(text: string): number {
  let lines = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) lines++;
  return lines;
}
