// The built-in C preprocessor, used when no system `cpp` is available (or when asked for).
//
// It handles #define/#undef (object- and function-like, `#`, `##`, variadic), the conditional
// directives with integer constant expressions, #include of known standard headers (their macros
// are defined and their typedefs go into a prelude mapped to the pseudo file `<builtin>`), #line,
// #error, #pragma / #ident (ignored). Line numbers are kept 1:1: every directive line becomes an
// empty line and every output token is written on the line of the token (or macro invocation) it
// comes from, at its original column when nothing before it on the line grew.
// Soundness assumptions: an unknown directive, an unknown header or an expansion error is an error
// diagnostic, never silently skipped; `#include` of a local (non-standard) file is not supported.

import type { Diagnostic } from '../location.js';
import { evaluateCondition } from './preprocess-expression.js';
import { predefinedMacros, standardHeader } from './preprocess-headers.js';
import {
  ExpansionError,
  MacroExpander,
  parseDefinition,
  sameDefinition,
  type MacroDefinition,
} from './preprocess-macros.js';
import { tokenizePreprocessing, wouldGlue, type PreprocessingToken } from './preprocess-tokens.js';
import { segmentedSource, type DataModel, type LineSegment, type PreprocessResult } from './preprocess-types.js';

export const builtinPseudoFile = '<builtin>';

export interface BuiltinPreprocessOptions {
  readonly defines?: ReadonlyMap<string, string>;
  readonly dataModel?: DataModel;
}

interface ConditionalFrame {
  /** whether the enclosing group is active */
  readonly parentActive: boolean;
  /** whether the current branch is active */
  active: boolean;
  /** whether some branch of this conditional was taken already */
  taken: boolean;
  seenElse: boolean;
  readonly directive: PreprocessingToken;
}

class DirectiveError extends Error {
  constructor(
    readonly token: PreprocessingToken | undefined,
    message: string,
    readonly severity: 'error' | 'unsupported' = 'error',
  ) {
    super(message);
  }
}

function lineText(tokens: readonly PreprocessingToken[]): string {
  return tokens.map((token, index) => (index > 0 && token.leadingSpace ? ' ' : '') + token.text).join('');
}

class BuiltinPreprocessor {
  private readonly macros = new Map<string, MacroDefinition>();
  private readonly conditionals: ConditionalFrame[] = [];
  private readonly output: PreprocessingToken[] = [];
  private pendingText: PreprocessingToken[] = [];
  private readonly includedHeaders = new Set<string>();
  private readonly prelude: string[] = [];
  /** `#line` segments over physical lines */
  private readonly lineSegments: LineSegment[] = [];
  private counter = 0;
  private readonly expander: MacroExpander;
  private readonly dataModel: DataModel;

  constructor(
    private readonly file: string,
    options: BuiltinPreprocessOptions,
  ) {
    this.dataModel = options.dataModel ?? 'ILP32';
    this.expander = new MacroExpander({
      macros: this.macros,
      presumedPosition: (line) => this.presumedPosition(line),
      nextCounter: () => this.counter++,
      hasInclude: (headerName) => standardHeader(headerName, this.dataModel) !== undefined,
    });
    this.macros.set('__FILE__', { kind: 'builtin', name: '__FILE__' });
    this.macros.set('__LINE__', { kind: 'builtin', name: '__LINE__' });
    this.macros.set('__COUNTER__', { kind: 'builtin', name: '__COUNTER__' });
    this.macros.set('__has_include', { kind: 'builtin', name: '__has_include' });
    for (const definition of predefinedMacros(this.dataModel)) this.defineFromText(definition, true);
    this.commandLineDefines = options.defines ?? new Map<string, string>();
  }

  private readonly commandLineDefines: ReadonlyMap<string, string>;

  presumedPosition(physicalLine: number): { file: string; line: number } {
    let found: LineSegment | undefined;
    for (const segment of this.lineSegments) if (segment.outputLine <= physicalLine) found = segment;
    if (found === undefined) return { file: this.file, line: physicalLine };
    return { file: found.file, line: found.originalLine + (physicalLine - found.outputLine) };
  }

  private defineFromText(definitionText: string, replace: boolean): void {
    const lexed = tokenizePreprocessing(definitionText);
    if (lexed.kind !== 'ok') throw new Error(`invalid predefined macro ${definitionText}`);
    const parsed = parseDefinition(lexed.tokens.filter((token) => token.kind !== 'newline'));
    if (parsed.kind !== 'ok') throw new Error(`invalid predefined macro ${definitionText}: ${parsed.message}`);
    if (replace || !this.macros.has(parsed.definition.name)) this.macros.set(parsed.definition.name, parsed.definition);
  }

  private get active(): boolean {
    const top = this.conditionals[this.conditionals.length - 1];
    return top === undefined || top.active;
  }

  run(text: string): PreprocessResult {
    for (const [name, value] of this.commandLineDefines) {
      try {
        this.defineFromText(`${name} ${value}`, true);
      } catch (error) {
        return this.failure(1, 1, `invalid macro definition -D${name}=${value}`, 'error');
      }
    }
    const lexed = tokenizePreprocessing(text);
    if (lexed.kind === 'error') return this.failure(lexed.line, lexed.column, lexed.message, 'error');
    const lines: PreprocessingToken[][] = [[]];
    const lineEnds: (PreprocessingToken | undefined)[] = [];
    for (const token of lexed.tokens) {
      if (token.kind === 'newline') {
        lineEnds.push(token);
        lines.push([]);
      } else lines[lines.length - 1]!.push(token);
    }
    lineEnds.push(undefined);
    try {
      lines.forEach((line, index) => {
        const first = line[0];
        if (first !== undefined && first.kind === 'punctuator' && (first.text === '#' || first.text === '%:')) {
          this.flushText();
          const end = lineEnds[index];
          this.directive(first, line.slice(1), end === undefined ? lexed.physicalLineCount + 1 : end.line + 1);
        } else if (this.active) for (const token of line) this.pendingText.push(token); // no spread: lines may be huge
      });
      this.flushText();
      const unterminated = this.conditionals[this.conditionals.length - 1];
      if (unterminated !== undefined)
        throw new DirectiveError(unterminated.directive, 'unterminated conditional directive');
    } catch (error) {
      if (error instanceof DirectiveError || error instanceof ExpansionError) {
        const token = error.token;
        const severity = error instanceof DirectiveError ? error.severity : 'error';
        return this.failure(token?.line ?? 1, token?.column ?? 1, error.message, severity);
      }
      throw error;
    }
    return this.result(lexed.physicalLineCount);
  }

  private failure(line: number, column: number, message: string, severity: 'error' | 'unsupported'): PreprocessResult {
    const presumed = this.presumedPosition(line);
    const diagnostic: Diagnostic = {
      file: presumed.file,
      location: { line: presumed.line, column },
      severity,
      message,
    };
    return { kind: 'error', diagnostics: [diagnostic] };
  }

  private flushText(): void {
    if (this.pendingText.length === 0) return;
    const expanded = this.expander.expand(this.pendingText, false);
    this.pendingText = [];
    for (const token of expanded) this.output.push(token);
  }

  private directive(hash: PreprocessingToken, tokens: PreprocessingToken[], nextPhysicalLine: number): void {
    const nameToken = tokens[0];
    if (nameToken === undefined) return; // null directive
    const rest = tokens.slice(1);
    if (nameToken.kind === 'number') {
      // GNU linemarker form `# 12 "file"`, same as #line
      if (this.active) this.lineDirective(hash, tokens, nextPhysicalLine);
      return;
    }
    const name = nameToken.kind === 'identifier' ? nameToken.text : '';
    switch (name) {
      case 'if':
      case 'ifdef':
      case 'ifndef': {
        const parentActive = this.active;
        const taken = parentActive && this.condition(name, nameToken, rest);
        this.conditionals.push({ parentActive, active: taken, taken, seenElse: false, directive: nameToken });
        return;
      }
      case 'elif':
      case 'elifdef':
      case 'elifndef': {
        const frame = this.conditionals[this.conditionals.length - 1];
        if (frame === undefined) throw new DirectiveError(nameToken, `#${name} without #if`);
        if (frame.seenElse) throw new DirectiveError(nameToken, `#${name} after #else`);
        if (!frame.parentActive || frame.taken) {
          frame.active = false;
          return;
        }
        const kind = name === 'elif' ? 'if' : name === 'elifdef' ? 'ifdef' : 'ifndef';
        frame.active = this.condition(kind, nameToken, rest);
        frame.taken = frame.active;
        return;
      }
      case 'else': {
        const frame = this.conditionals[this.conditionals.length - 1];
        if (frame === undefined) throw new DirectiveError(nameToken, '#else without #if');
        if (frame.seenElse) throw new DirectiveError(nameToken, '#else after #else');
        frame.seenElse = true;
        frame.active = frame.parentActive && !frame.taken;
        frame.taken = true;
        return;
      }
      case 'endif': {
        if (this.conditionals.pop() === undefined) throw new DirectiveError(nameToken, '#endif without #if');
        return;
      }
      default:
        break;
    }
    if (!this.active) return;
    switch (name) {
      case 'define': {
        const parsed = parseDefinition(rest);
        if (parsed.kind === 'error') throw new DirectiveError(parsed.token ?? nameToken, parsed.message);
        const previous = this.macros.get(parsed.definition.name);
        if (previous?.kind === 'builtin')
          throw new DirectiveError(rest[0], `cannot redefine builtin macro "${previous.name}"`);
        // a differing redefinition is only a warning in GCC; the new definition wins there too
        if (previous === undefined || !sameDefinition(previous, parsed.definition))
          this.macros.set(parsed.definition.name, parsed.definition);
        return;
      }
      case 'undef': {
        const target = rest[0];
        if (target === undefined || target.kind !== 'identifier')
          throw new DirectiveError(target ?? nameToken, 'macro names must be identifiers');
        if (this.macros.get(target.text)?.kind === 'builtin')
          throw new DirectiveError(target, `cannot undefine builtin macro "${target.text}"`);
        this.macros.delete(target.text);
        return;
      }
      case 'include':
      case 'include_next':
      case 'import':
        this.include(nameToken, rest);
        return;
      case 'line':
        this.lineDirective(nameToken, rest, nextPhysicalLine);
        return;
      case 'error':
        throw new DirectiveError(nameToken, `#error ${lineText(rest)}`);
      case 'warning':
      case 'pragma':
      case 'ident':
      case 'sccs':
      case 'assert':
      case 'unassert':
        return;
      default:
        throw new DirectiveError(nameToken, `invalid preprocessing directive #${nameToken.text}`);
    }
  }

  private condition(
    kind: 'if' | 'ifdef' | 'ifndef',
    nameToken: PreprocessingToken,
    rest: PreprocessingToken[],
  ): boolean {
    if (kind !== 'if') {
      const target = rest[0];
      if (target === undefined || target.kind !== 'identifier')
        throw new DirectiveError(target ?? nameToken, `no macro name given in #${kind} directive`);
      return this.macros.has(target.text) === (kind === 'ifdef');
    }
    const expanded = this.expander.expand(rest, true);
    const evaluated = evaluateCondition(expanded);
    if (evaluated.kind === 'error') throw new DirectiveError(evaluated.token ?? nameToken, evaluated.message);
    return evaluated.value.value !== 0n;
  }

  private include(nameToken: PreprocessingToken, rest: PreprocessingToken[]): void {
    let operand = rest;
    if (operand[0]?.kind !== 'string' && operand[0]?.text !== '<') operand = this.expander.expand(rest, false);
    const first = operand[0];
    let headerName: string | undefined;
    if (first?.kind === 'string' && first.text.startsWith('"')) headerName = first.text.slice(1, -1);
    else if (first?.text === '<') {
      const closing = operand.findIndex((token) => token.text === '>');
      if (closing > 0)
        headerName = operand
          .slice(1, closing)
          .map((token) => token.text)
          .join('');
    }
    if (headerName === undefined) throw new DirectiveError(nameToken, '#include expects "FILENAME" or <FILENAME>');
    const header = standardHeader(headerName, this.dataModel);
    if (header === undefined) {
      throw new DirectiveError(
        first,
        `#include "${headerName}": the built-in preprocessor only knows standard headers (use the system preprocessor)`,
        'unsupported',
      );
    }
    // include guards; <assert.h> has none: it redefines assert by NDEBUG each time (C17 §7.2)
    if (this.includedHeaders.has(headerName) && headerName !== 'assert.h') return;
    this.includedHeaders.add(headerName);
    for (const definition of header.macros) {
      const disabledAssert = headerName === 'assert.h' && definition.startsWith('assert(') && this.macros.has('NDEBUG');
      this.defineFromText(disabledAssert ? 'assert(expr) ((void) (0))' : definition, true);
    }
    for (const declaration of header.prelude) if (!this.prelude.includes(declaration)) this.prelude.push(declaration);
  }

  private lineDirective(at: PreprocessingToken, rest: PreprocessingToken[], nextPhysicalLine: number): void {
    const operand = this.expander.expand(rest, false);
    const lineToken = operand[0];
    if (lineToken === undefined || lineToken.kind !== 'number' || !/^[0-9]+$/.test(lineToken.text)) {
      throw new DirectiveError(lineToken ?? at, `"${lineToken?.text ?? ''}" after #line is not a positive integer`);
    }
    const fileToken = operand[1];
    let file = this.presumedPosition(at.line).file;
    if (fileToken !== undefined) {
      if (fileToken.kind !== 'string' || !fileToken.text.startsWith('"'))
        throw new DirectiveError(fileToken, `invalid filename "${fileToken.text}"`);
      file = fileToken.text.slice(1, -1).replace(/\\(.)/g, '$1');
    }
    this.lineSegments.push({ outputLine: nextPhysicalLine, file, originalLine: Number(lineToken.text) });
  }

  /** Writes the output tokens on their original lines and builds the position map. */
  private result(physicalLineCount: number): PreprocessResult {
    let text = '';
    let currentLine = 1;
    let currentColumn = 1;
    let previous: PreprocessingToken | undefined;
    for (const token of this.output) {
      if (token.line > currentLine) {
        text += '\n'.repeat(token.line - currentLine);
        currentLine = token.line;
        currentColumn = 1;
        previous = undefined;
      }
      if (currentColumn < token.column) {
        text += ' '.repeat(token.column - currentColumn);
        currentColumn = token.column;
      } else if (previous !== undefined && (token.leadingSpace || wouldGlue(previous, token))) {
        text += ' ';
        currentColumn++;
      }
      text += token.text;
      currentColumn += token.text.length;
      previous = token;
    }
    if (currentLine < physicalLineCount) text += '\n'.repeat(physicalLineCount - currentLine);
    const preludeLength = this.prelude.length;
    const segments: LineSegment[] = [];
    if (preludeLength > 0) {
      text = this.prelude.join('\n') + '\n' + text;
      segments.push({ outputLine: 1, file: builtinPseudoFile, originalLine: 1 });
      segments.push({ outputLine: preludeLength + 1, file: this.file, originalLine: 1 });
    }
    for (const segment of this.lineSegments) {
      segments.push({ ...segment, outputLine: segment.outputLine + preludeLength });
    }
    return { kind: 'preprocessed', source: segmentedSource(text, this.file, segments), preprocessor: 'builtin' };
  }
}

/** Preprocesses `text` (the contents of `file`) with the built-in preprocessor. */
export function preprocessBuiltin(
  text: string,
  file: string,
  options: BuiltinPreprocessOptions = {},
): PreprocessResult {
  return new BuiltinPreprocessor(file, options).run(text);
}
