// Preprocessing tokens for the built-in C preprocessor (translation phases 1–3 of C17 §5.1.1.2).
//
// `tokenizePreprocessing` splices backslash-newlines away, replaces comments by whitespace and splits
// the text into preprocessing tokens, each carrying the physical line and column of its first
// character. A newline token is produced for every newline that is not inside a comment or spliced
// away, so directives end where the standard says they end. The tokenizer never fails on stray
// characters or unterminated quotes (they may sit in skipped groups); only an unterminated block
// comment is reported, because it would silently swallow the rest of the program.

export type PreprocessingTokenKind =
  'identifier' | 'number' | 'string' | 'character' | 'punctuator' | 'other' | 'newline';

export interface PreprocessingToken {
  readonly kind: PreprocessingTokenKind;
  readonly text: string;
  /** 1-based physical line of the first character (for expansions: of the macro invocation) */
  readonly line: number;
  readonly column: number;
  /** whitespace (or a comment) precedes the token on its line */
  readonly leadingSpace: boolean;
  /** names of the macros whose expansion produced this token (Prosser's hide set) */
  readonly hideSet: ReadonlySet<string>;
}

export type TokenizeResult =
  | { readonly kind: 'ok'; readonly tokens: PreprocessingToken[]; readonly physicalLineCount: number }
  | { readonly kind: 'error'; readonly line: number; readonly column: number; readonly message: string };

export const emptyHideSet: ReadonlySet<string> = new Set<string>();

/**
 * One preprocessing token (or whitespace / comment / newline) at the current position. The groups
 * are: 1 blank, 2 newline, 3 block comment start, 4 line comment, 5 string literal, 6 character
 * constant, 7 pp-number, 8 identifier, 9 punctuator. Anything else is one 'other' character.
 */
const tokenPattern = new RegExp(
  [
    '([ \\t\\f\\v\\r]+)',
    '(\\n)',
    '(\\/\\*)',
    '(\\/\\/[^\\n]*)',
    '((?:u8|[uUL])?"(?:\\\\.|[^"\\\\\\n])*")',
    "((?:u8|[uUL])?'(?:\\\\.|[^'\\\\\\n])*')",
    '(\\.?[0-9](?:[eEpP][+-]|[0-9A-Za-z_.$\\u0080-\\uffff])*)',
    '([A-Za-z_$\\u0080-\\uffff][A-Za-z0-9_$\\u0080-\\uffff]*)',
    '(%:%:|\\.\\.\\.|<<=|>>=|->|\\+\\+|--|<<|>>|<=|>=|==|!=|&&|\\|\\||[*\\/%+\\-&^|]=|##|<:|:>|<%|%>|%:|[\\[\\](){}.&*+\\-~!\\/%<>^|?:;=,#])',
  ].join('|'),
  'y',
);

/** The text after line splicing, with the physical position of every remaining character. */
interface SplicedText {
  readonly code: string;
  readonly lines: Int32Array;
  readonly columns: Int32Array;
  readonly physicalLineCount: number;
}

function splice(text: string): SplicedText {
  const normalized = text.replace(/\r\n?/g, '\n');
  const lines = new Int32Array(normalized.length + 1);
  const columns = new Int32Array(normalized.length + 1);
  const parts: string[] = [];
  let line = 1;
  let column = 1;
  let length = 0;
  let segmentStart = 0;
  for (let index = 0; index < normalized.length; index++) {
    const code = normalized.charCodeAt(index);
    if (code === 92 /* \ */ && normalized.charCodeAt(index + 1) === 10) {
      parts.push(normalized.slice(segmentStart, index));
      segmentStart = index + 2;
      index++;
      line++;
      column = 1;
      continue;
    }
    lines[length] = line;
    columns[length] = column;
    length++;
    if (code === 10) {
      line++;
      column = 1;
    } else column++;
  }
  parts.push(normalized.slice(segmentStart));
  lines[length] = line;
  columns[length] = column;
  return { code: parts.join(''), lines, columns, physicalLineCount: line };
}

const kindOfGroup: readonly (PreprocessingTokenKind | undefined)[] = [
  undefined,
  undefined,
  'newline',
  undefined,
  undefined,
  'string',
  'character',
  'number',
  'identifier',
  'punctuator',
];

/** Splits C source text into preprocessing tokens (see the file header). */
export function tokenizePreprocessing(text: string): TokenizeResult {
  const { code, lines, columns, physicalLineCount } = splice(text);
  const tokens: PreprocessingToken[] = [];
  let index = 0;
  let leadingSpace = false;
  while (index < code.length) {
    tokenPattern.lastIndex = index;
    const match = tokenPattern.exec(code);
    if (match === null) {
      tokens.push({
        kind: 'other',
        text: code[index]!,
        line: lines[index]!,
        column: columns[index]!,
        leadingSpace,
        hideSet: emptyHideSet,
      });
      leadingSpace = false;
      index++;
      continue;
    }
    if (match[1] !== undefined || match[4] !== undefined) {
      leadingSpace = true;
      index += match[0].length;
      continue;
    }
    if (match[3] !== undefined) {
      const end = code.indexOf('*/', index + 2);
      if (end < 0)
        return { kind: 'error', line: lines[index]!, column: columns[index]!, message: 'unterminated comment' };
      leadingSpace = true;
      index = end + 2;
      continue;
    }
    let group = 2;
    while (match[group] === undefined) group++;
    tokens.push({
      kind: kindOfGroup[group]!,
      text: match[0],
      line: lines[index]!,
      column: columns[index]!,
      leadingSpace,
      hideSet: emptyHideSet,
    });
    leadingSpace = false;
    index += match[0].length;
  }
  return { kind: 'ok', tokens, physicalLineCount };
}

function firstTokenLength(text: string): number {
  tokenPattern.lastIndex = 0;
  const match = tokenPattern.exec(text);
  return match === null ? 1 : match[0].length;
}

const identifierCharacter = /[A-Za-z0-9_$\u0080-\uffff]/;
const encodingPrefixes: ReadonlySet<string> = new Set(['u8', 'u', 'U', 'L']);

/**
 * True when writing `right` directly after `left` (no space) would lex differently, e.g. `-` `-`
 * becoming `--`, or two identifiers running together.
 */
export function wouldGlue(left: PreprocessingToken, right: PreprocessingToken): boolean {
  const last = left.text[left.text.length - 1];
  const first = right.text[0];
  if (last === undefined || first === undefined) return false;
  switch (left.kind) {
    case 'identifier':
      return (
        identifierCharacter.test(first) ||
        ((right.kind === 'string' || right.kind === 'character') && encodingPrefixes.has(left.text))
      );
    case 'number':
      return (
        identifierCharacter.test(first) || first === '.' || ((first === '+' || first === '-') && /[eEpP]/.test(last))
      );
    case 'string':
    case 'character':
      return false;
    case 'punctuator':
    case 'other':
    case 'newline':
      if (last === '/' && (first === '/' || first === '*')) return true;
      return firstTokenLength(left.text + right.text) !== left.text.length;
    default: {
      const exhaustive: never = left.kind;
      throw new Error(`unreachable ${String(exhaustive)}`);
    }
  }
}
