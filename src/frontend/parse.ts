// Parses preprocessed C text into the AST of ./ast.ts. The only module (with build-ast*.ts) that
// touches antlr4ng. Strategy: a fast SLL pass with a bail-out error strategy; if it fails, the token
// stream is rewound and parsed again with full LL prediction and the default error strategy, whose
// syntax errors become diagnostics. Never prints; never throws for bad input: valid C that the AST
// cannot represent (UnsupportedSyntaxError) or that nests deeper than the limits of ./nesting.ts
// (ResourceLimitError) is an 'unsupported' result, and only a bug (any other exception) escapes,
// for the caller to report as an internal error. Prediction runs on
// a subclass of the runtime's simulator that answers from the cached DFA without the runtime's
// per-call allocations and falls back to the runtime whenever the DFA does not settle it (so the
// parse tree is the one the runtime would build). Lexing: fastTokens, a hand-written lexer, builds
// the tokens the generated lexer would for ordinary text and gives up on anything else (unknown
// characters, unterminated comments or literals, odd numbers), in which case the generated lexer
// runs (and reports the errors).
// Soundness assumptions: typedef names are classified by the scope-aware table kept by the parser
// (see grammars/C.g4); any lexer error is a syntax error (no character is silently dropped except
// comments, whitespace and `#` lines, which carry no meaning after preprocessing); fastTokens agrees
// with the lexer rules of grammars/C.g4 whenever it returns tokens (it must be kept in step with
// them).

import {
  BailErrorStrategy,
  BaseErrorListener,
  BitSet,
  CharStream,
  CommonToken,
  CommonTokenStream,
  DefaultErrorStrategy,
  ParseCancellationException,
  ParserATNSimulator,
  PredictionMode,
  SemanticContext,
  ATNSimulator,
  type DFAState,
  type ParserRuleContext,
  type PredPrediction,
  type TokenStream,
  type Lexer,
  type RecognitionException,
  type Recognizer,
  Token,
} from 'antlr4ng';
import type { TranslationUnit } from './ast.js';
import { CLexer } from './generated/CLexer.js';
import { CParser, type CompilationUnitContext } from './generated/CParser.js';
import { buildTranslationUnit } from './build-ast.js';
import { UnsupportedSyntaxError } from './build-ast-support.js';
import {
  bracketsTooDeep,
  firstTooDeepBracket,
  firstTooDeepContext,
  maximumBracketDepth,
  maximumSyntaxDepth,
  ResourceLimitError,
  syntaxTooDeep,
} from './nesting.js';
import type { Diagnostic } from '../location.js';
import { loadFrozenDfa, type FrozenDecision } from './frozen-dfa.js';
import { externalDeclarationDecision, predictExternalDeclaration } from './external-declarations.js';
import { withoutUnusedPrototypes } from './unused-prototypes.js';
import { literalTypes } from './token-types.js';

/** compilationUnit's choice, predicted by a scan where no DFA settles it (./external-declarations.ts) */
const externalDecision = externalDeclarationDecision();

export type ParseResult =
  | { kind: 'parsed'; unit: TranslationUnit }
  /** not valid C: diagnostics of severity 'error' */
  | { kind: 'syntaxError'; diagnostics: Diagnostic[] }
  /** valid C beyond what the AST represents or nested beyond our limits: severity 'unsupported' */
  | { kind: 'unsupported'; diagnostics: Diagnostic[] };

/**
 * Re-types identifier tokens as TypedefName (or back) whenever the parser reads them and the
 * parser's typedef table has changed since the token was last classified.
 */
class TypedefAwareTokenStream extends CommonTokenStream {
  private parser: CParser | undefined;
  private readonly classifiedAtVersion: number[] = [];
  /** Set by fillWithTexts: whether every token is on the default channel (see lookAhead). */
  private allOnDefaultChannel = false;

  public constructor(lexer: Lexer) {
    super(lexer);
  }

  public attach(parser: CParser): void {
    this.parser = parser;
  }

  /**
   * Lexes everything and stores each token's text once (the runtime recomputes it per access). The
   * tokens come from fastTokens when it can lex the text, else from the generated lexer, which is
   * then given the text as its input (it is created on an empty one: converting the text to a
   * CharStream costs time the fast path does not need; its tokens carry their text). On the fast
   * path, the prototypes of functions the file never names are dropped (./unused-prototypes.ts).
   */
  public fillWithTexts(source: string, lexer: Lexer, dropUnusedPrototypes: boolean): void {
    const indexable = !/[\uD800-\uDFFF]/.test(source); // code point index = UTF-16 index
    // `as`: antlr4ng's CommonToken (`get text(): string | undefined`) is a Token (`text?: string`)
    // that exactOptionalPropertyTypes cannot match structurally.
    const fast = indexable ? (fastTokens(source, [lexer, lexer.inputStream]) as Token[] | undefined) : undefined;
    if (fast !== undefined) {
      this.tokens = dropUnusedPrototypes ? withoutUnusedPrototypes(fast) : fast;
      this.fetchedEOF = true;
      this.allOnDefaultChannel = true;
      return;
    }
    lexer.inputStream = charStreamOf(source);
    this.fill();
    let allOnDefaultChannel = true;
    for (const token of this.getTokens()) {
      if (token instanceof CommonToken && token.type !== Token.EOF) {
        token.text = indexable ? source.slice(token.start, token.stop + 1) : (token.text ?? '');
      }
      allOnDefaultChannel &&= token.channel === Token.DEFAULT_CHANNEL;
    }
    this.allOnDefaultChannel = allOnDefaultChannel;
  }

  /**
   * LT(k) for k >= 1 once every token is buffered and on the default channel (the grammar skips
   * all else): the token k - 1 places after the current one, or EOF; the runtime's loop of sync and
   * nextTokenOnChannel calls gives the same token.
   */
  private lookAhead(k: number): Token | null {
    const tokens = this.tokens;
    if (k > 0 && this.allOnDefaultChannel && this.p >= 0 && this.fetchedEOF) {
      const index = this.p + k - 1;
      return tokens[index < tokens.length ? index : tokens.length - 1] ?? null;
    }
    return super.LT(k);
  }

  /**
   * The runtime's consume, shortened like lookAhead: with every token buffered and on the default
   * channel, the next token is the next index (the parser never consumes EOF; that case, like any
   * other, is left to the runtime).
   */
  public override consume(): void {
    if (this.allOnDefaultChannel && this.fetchedEOF && this.p >= 0 && this.p < this.tokens.length - 1) {
      this.p++;
      return;
    }
    super.consume();
  }

  public override LA(k: number): number {
    return this.LT(k)?.type ?? Token.INVALID_TYPE;
  }

  public override LT(k: number): Token | null {
    const token = this.lookAhead(k);
    const parser = this.parser;
    if (
      token !== null &&
      parser !== undefined &&
      (token.type === CParser.Identifier || token.type === CParser.TypedefName)
    ) {
      const version = parser.typedefVersion;
      if (this.classifiedAtVersion[token.tokenIndex] !== version) {
        this.classifiedAtVersion[token.tokenIndex] = version;
        token.type = parser.isTypedefName(token.text ?? '') ? CParser.TypedefName : CParser.Identifier;
      }
    }
    return token;
  }
}

const integerConstant =
  /^(?:[1-9][0-9']*|0[0-7']*|0[xX][0-9a-fA-F][0-9a-fA-F']*|0[bB][01][01']*)(?:[uU](?:[lL][lL]?)?|[lL][lL]?[uU]?|[uU](?:ll|LL)|(?:ll|LL)[uU])?$/;
const floatSuffix = '(?:[fFlL]|[fF](?:16|32|64|128)x?|[qQwW])?';
const floatingConstant = new RegExp(
  `^(?:(?:[0-9]*\\.[0-9]+|[0-9]+\\.)(?:[eE][+-]?[0-9]+)?${floatSuffix}|[0-9]+[eE][+-]?[0-9]+${floatSuffix}` +
    `|0[xX](?:[0-9a-fA-F]*\\.[0-9a-fA-F]+|[0-9a-fA-F]+\\.?)[pP][+-]?[0-9]+${floatSuffix})$`,
);

function isIdentifierStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36; // a-z A-Z _ $
}

function isIdentifierPart(code: number): boolean {
  return isIdentifierStart(code) || (code >= 48 && code <= 57);
}

/** Characters a number token may continue with (a superset; the token is then checked whole). */
function isNumberPart(code: number): boolean {
  return isIdentifierPart(code) || code === 46 || code === 39; // . '
}

/** The spelling of each literal token (keyword, punctuator) by its type. */
const literalSpellings: readonly string[] = CLexer.literalNames.map((name) => (name === null ? '' : name.slice(1, -1)));

/** Index after the run of identifier characters from `from`. */
function identifierEnd(text: string, from: number): number {
  let index = from;
  while (index < text.length && isIdentifierPart(text.charCodeAt(index))) {
    index++;
  }
  return index;
}

/** Index after the longest run from `from` that some number rule could contain (signs only after e E p P). */
function numberEnd(text: string, from: number): number {
  let index = from;
  while (index < text.length) {
    const part = text.charCodeAt(index);
    if (isNumberPart(part)) {
      index++;
      continue;
    }
    const previous = text.charCodeAt(index - 1);
    if ((part === 43 || part === 45) && (previous === 101 || previous === 69 || previous === 112 || previous === 80)) {
      index++; // a sign after e E p P
      continue;
    }
    break;
  }
  return index;
}

/** Index after the quoted literal starting at `from` (the quote), or -1 if the lexer would not match it. */
function quotedEnd(text: string, from: number, quote: number): number {
  const length = text.length;
  let position = from + 1;
  while (position < length) {
    const code = text.charCodeAt(position);
    if (code === quote) {
      return quote === 39 && position === from + 1 ? -1 : position + 1; // '' is no character constant
    }
    if (code === 10 || code === 13) {
      return -1;
    }
    if (code === 92) {
      // backslash: an escape, or (in strings) a line continuation
      const next = position + 1 < length ? text.charCodeAt(position + 1) : -1;
      if (next === -1 || next === 13 || next === 10) {
        return -1; // continuations inside literals are left to the generated lexer
      }
      position += 2;
      continue;
    }
    position++;
  }
  return -1;
}

/** The type of the longest literal token (punctuator) at `index`, or -1 if none starts there. */
function punctuatorAt(text: string, index: number): number {
  for (let size = 3; size >= 1; size--) {
    const type = index + size <= text.length ? literalTypes.get(text.slice(index, index + size)) : undefined;
    if (type !== undefined) {
      return type;
    }
  }
  return -1;
}

/**
 * Lexes the text as the generated lexer (grammars/C.g4) would, for the common case: the same tokens
 * (types, positions, lines, columns; texts and indexes set as TypedefAwareTokenStream sets them), the
 * skipped tokens left out, EOF last. Returns undefined as
 * soon as anything is not certainly lexed the same way (an unknown character, an unterminated
 * comment or literal, a number that is not one whole IntegerConstant or FloatingConstant, ...); the
 * caller then uses the generated lexer, which also reports the lexer errors. Requires text without
 * surrogate pairs (UTF-16 index = code point index, as the runtime counts).
 * Longest match with the earlier rule winning ties, as ANTLR: a keyword is an identifier-shaped run
 * that equals a literal token; `L`, `u`, `U`, `u8` before a quote start a literal; a number is the
 * longest run of characters any number rule could contain, accepted only if a number rule matches
 * all of it (IntegerConstant first); punctuators are the longest literal token.
 */
export function fastTokens(text: string, tokenSource: [Lexer, CharStream]): CommonToken[] | undefined {
  const tokens: CommonToken[] = [];
  const length = text.length;
  let index = 0;
  let line = 1;
  let lineStart = 0;
  /** The token as the runtime's token factory builds it, with its text and index set as the stream would. */
  const push = (type: number, start: number, end: number, tokenText: string = text.slice(start, end)): void => {
    const token = CommonToken.fromSource(tokenSource, type, Token.DEFAULT_CHANNEL, start, end - 1);
    token.line = line;
    token.column = start - lineStart;
    token.text = tokenText;
    token.tokenIndex = tokens.length;
    tokens.push(token);
  };
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code === 10) {
      line++;
      index++;
      lineStart = index;
      continue;
    }
    if (code === 32 || code === 9 || code === 13 || code === 12 || code === 11) {
      index++;
      continue;
    }
    const start = index;
    let quote = code === 34 || code === 39 ? code : -1; // the quote at `index` of a literal starting at `start`
    if (isIdentifierStart(code)) {
      index = identifierEnd(text, index + 1);
      const word = text.slice(start, index);
      const after = index < length ? text.charCodeAt(index) : -1;
      if ((after !== 34 && after !== 39) || (word !== 'L' && word !== 'u' && word !== 'U' && word !== 'u8')) {
        push(literalTypes.get(word) ?? CLexer.Identifier, start, index, word);
        continue;
      }
      quote = after; // an encoding prefix: the literal starts at the word
    }
    const next = index + 1 < length ? text.charCodeAt(index + 1) : -1;
    if ((code >= 48 && code <= 57) || (code === 46 && next >= 48 && next <= 57)) {
      index = numberEnd(text, index + 1);
      const number = text.slice(start, index);
      if (integerConstant.test(number)) {
        push(CLexer.IntegerConstant, start, index, number);
      } else if (floatingConstant.test(number)) {
        push(CLexer.FloatingConstant, start, index, number);
      } else {
        return undefined;
      }
      continue;
    }
    if (quote >= 0) {
      const end = quotedEnd(text, index, quote);
      if (end < 0) {
        return undefined;
      }
      push(quote === 34 ? CLexer.StringLiteral : CLexer.CharacterConstant, start, end);
      index = end;
      continue;
    }
    if (code === 47 && next === 42) {
      // block comment: up to the first */
      const end = text.indexOf('*/', index + 2);
      if (end < 0) {
        return undefined;
      }
      for (let position = index; position < end; position++) {
        if (text.charCodeAt(position) === 10) {
          line++;
          lineStart = position + 1;
        }
      }
      index = end + 2;
      continue;
    }
    if (code === 35 || (code === 47 && next === 47)) {
      // directive or line comment: up to the line end
      while (index < length && text.charCodeAt(index) !== 10 && text.charCodeAt(index) !== 13) {
        index++;
      }
      continue;
    }
    const type = punctuatorAt(text, index);
    if (type < 0) {
      return undefined; // a character no rule starts with: the generated lexer reports it
    }
    const spelling = literalSpellings[type]!;
    push(type, start, index + spelling.length, spelling);
    index += spelling.length;
  }
  const eof = CommonToken.fromSource(tokenSource, Token.EOF, Token.DEFAULT_CHANNEL, length, length - 1);
  eof.line = line;
  eof.column = length - lineStart;
  eof.tokenIndex = tokens.length;
  tokens.push(eof);
  return tokens;
}

/**
 * A BitSet whose nextSetBit scans the words directly. The runtime's version iterates the set with a
 * generator-like iterator whose `next` closure is re-created and renamed (Object.defineProperty) on
 * every call; with the precedence predicates of the expression rule that was ~8% of parse time.
 * Same result: the smallest set index >= fromIndex, or undefined.
 */
class ScanningBitSet extends BitSet {
  public override nextSetBit(fromIndex: number): number | undefined {
    if (fromIndex < 0) {
      throw new RangeError('index cannot be negative');
    }
    const words = (this as unknown as { data: Uint32Array }).data;
    for (let slot = 0; slot < words.length; slot++) {
      let word = words[slot]!;
      while (word !== 0) {
        const lowest = word & -word;
        const index = (slot << 5) + (31 - Math.clz32(lowest));
        if (index >= fromIndex) {
          return index;
        }
        word ^= lowest;
      }
    }
    return undefined;
  }
}

/** what prediction reads of a DFA state: a live one of the runtime or a frozen one */
type DfaStateView = Pick<DFAState, 'isAcceptState' | 'prediction' | 'requiresFullContext' | 'predicates'> & {
  readonly edges: readonly (DfaStateView | undefined)[];
};

/**
 * The runtime's prediction with two shortcuts, both giving the alternative the runtime would give:
 * - adaptivePredict first walks the cached DFA by lookahead (LA(1), LA(2), ...) without consuming;
 *   if it reaches an accept state that needs no full-context retry (and whose predicates, if any,
 *   leave exactly one alternative) that state's alternative is returned. The runtime allocates a
 *   prediction state and a merge cache and seeks the stream on every call, even when the DFA answers
 *   at once, which is almost always after the first file. Anything else (a missing edge, an error
 *   state, full context in LL mode, ambiguous predicates) falls back to the runtime unchanged.
 *   Predicates are side-effect free here (only precedence predicates), and the token stream sees the
 *   same LT calls on the same tokens, so the typedef classification is the same.
 * - predicate evaluation returns a ScanningBitSet (the loop is the runtime's evalSemanticContext
 *   without its debug logging).
 * Before the live DFA, the frozen one of ./frozen-dfa.ts (learned by the build on the repository's
 * programs, for this grammar) is walked the same way, so that a fresh process rarely needs the
 * runtime's slow path of building DFA states from the ATN. Where neither settles compilationUnit's
 * choice (a declaration or function header too long for any learned DFA), a scan of the tokens
 * names the one viable alternative (./external-declarations.ts) before the runtime is asked.
 */
class ScanningParserATNSimulator extends ParserATNSimulator {
  /** the DFAs learned before this process (./frozen-dfa.ts), by decision; walked before the live ones */
  public frozen: readonly (FrozenDecision | undefined)[] | undefined;
  /** whether compilationUnit's choice is scanned (./external-declarations.ts) before the runtime is asked */
  public scansExternalDeclarations = true;

  public override adaptivePredict(
    input: TokenStream,
    decision: number,
    outerContext: ParserRuleContext | null,
  ): number {
    const frozen = this.frozen?.[decision];
    if (frozen !== undefined) {
      const start =
        frozen.precedenceStarts === undefined ? frozen.start : frozen.precedenceStarts[this.parser.getPrecedence()];
      const alternative = this.predictFromDfa(start, input, outerContext);
      if (alternative !== undefined) {
        return alternative;
      }
    }
    const dfa = this.decisionToDFA[decision];
    if (dfa !== undefined) {
      const alternative = this.predictFromDfa(
        dfa.isPrecedenceDfa ? dfa.getPrecedenceStartState(this.parser.getPrecedence()) : dfa.s0,
        input,
        outerContext,
      );
      if (alternative !== undefined) {
        return alternative;
      }
    }
    if (decision === externalDecision && this.scansExternalDeclarations) {
      const alternative = predictExternalDeclaration(input);
      if (alternative !== undefined) {
        return alternative;
      }
    }
    return super.adaptivePredict(input, decision, outerContext);
  }

  /** the alternative a DFA (live or frozen) settles from `start` on the lookahead, or undefined */
  private predictFromDfa(
    start: DfaStateView | undefined,
    input: TokenStream,
    outerContext: ParserRuleContext | null,
  ): number | undefined {
    let state = start;
    let offset = 1;
    while (state !== undefined) {
      const symbol = input.LA(offset);
      const next: DfaStateView | undefined = state.edges[symbol + 1];
      if (next === undefined || next === ATNSimulator.ERROR) {
        return undefined;
      }
      if (next.requiresFullContext && this.predictionMode !== PredictionMode.SLL) {
        return undefined;
      }
      if (next.isAcceptState) {
        if (next.predicates === null) {
          return next.prediction;
        }
        return outerContext === null ? undefined : this.soleTrueAlternative(next.predicates, outerContext);
      }
      state = next;
      if (symbol !== Token.EOF) {
        offset++;
      }
    }
    return undefined;
  }

  /** The one alternative whose predicate holds (NONE always holds), or undefined if not exactly one. */
  private soleTrueAlternative(predictions: PredPrediction[], outerContext: ParserRuleContext): number | undefined {
    let found: number | undefined;
    for (const pair of predictions) {
      if (pair.pred === SemanticContext.NONE || pair.pred.evaluate(this.parser, outerContext)) {
        if (found !== undefined && found !== pair.alt) {
          return undefined;
        }
        found = pair.alt;
      }
    }
    return found;
  }

  protected override evalSemanticContext(
    predictions: PredPrediction[],
    outerContext: ParserRuleContext,
    complete: boolean,
  ): BitSet {
    const result = new ScanningBitSet();
    for (const pair of predictions) {
      if (pair.pred === SemanticContext.NONE) {
        result.set(pair.alt);
        if (!complete) {
          break;
        }
        continue;
      }
      if (pair.pred.evaluate(this.parser, outerContext)) {
        result.set(pair.alt);
        if (!complete) {
          break;
        }
      }
    }
    return result;
  }
}

/**
 * The generated parser, counting the rules it is inside (its recursion depth: each rule is a
 * JavaScript call). Entering one more than maximumSyntaxDepth throws ResourceLimitError at the
 * current token, long before the stack would overflow. The generated rule methods call enterRule
 * (or enterRecursionRule) before their try block and exitRule (or unrollRecursionContexts) in its
 * finally block, so the count stays exact while the parse goes on.
 */
class DepthLimitedParser extends CParser {
  private depth = 0;

  public override enterRule(localContext: ParserRuleContext, state: number, ruleIndex: number): void {
    this.enterLevel();
    super.enterRule(localContext, state, ruleIndex);
  }

  public override exitRule(): void {
    super.exitRule();
    this.depth--;
  }

  public override enterRecursionRule(
    localContext: ParserRuleContext,
    state: number,
    ruleIndex: number,
    precedence: number,
  ): void {
    this.enterLevel();
    super.enterRecursionRule(localContext, state, ruleIndex, precedence);
  }

  public override unrollRecursionContexts(parent: ParserRuleContext | null): void {
    super.unrollRecursionContexts(parent);
    this.depth--;
  }

  public override reset(): void {
    super.reset();
    this.depth = 0;
  }

  private enterLevel(): void {
    this.depth++;
    if (this.depth > maximumSyntaxDepth) {
      throw syntaxTooDeep(this.getCurrentToken());
    }
  }
}

/** the most expected tokens a message names */
const expectedTokensShown = 4;

/**
 * ANTLR lists every expected token (`expecting {'void', 'char', …, '{', …}`, about 50 after a
 * declaration); keep the first few and count the rest. The set runs from `expecting {` to the
 * message's last `}` (a token of the set may itself be '{' or '}').
 */
function shortenExpectedSet(message: string): string {
  const start = message.indexOf('expecting {');
  const end = message.lastIndexOf('}');
  if (start < 0 || end <= start) return message;
  const inner = message.slice(start + 'expecting {'.length, end);
  const items = inner.split(', ');
  if (items.length <= expectedTokensShown) return message;
  const shown = `expecting ${items.slice(0, expectedTokensShown).join(', ')} or ${items.length - expectedTokensShown} other tokens`;
  return `${message.slice(0, start)}${shown}${message.slice(end + 1)}`;
}

class CollectingErrorListener extends BaseErrorListener {
  public readonly diagnostics: Diagnostic[] = [];

  public constructor(private readonly file: string) {
    super();
  }

  public override syntaxError<S extends Token, T extends ATNSimulator>(
    _recognizer: Recognizer<T>,
    offendingSymbol: S | null,
    line: number,
    charPositionInLine: number,
    message: string,
    _exception: RecognitionException | null,
  ): void {
    const detail = shortenExpectedSet(message);
    let text: string;
    if (offendingSymbol === null) {
      text = `syntax error: ${detail}`; // lexer error: the message names the character
    } else if (offendingSymbol.type === CParser.EOF) {
      text = `syntax error: unexpected end of file (${detail})`;
    } else {
      text = `syntax error: unexpected '${offendingSymbol.text ?? ''}' (${detail})`;
    }
    this.diagnostics.push({
      file: this.file,
      location: { line, column: charPositionInLine + 1 },
      severity: 'error',
      message: text,
    });
  }
}

function parseTree(
  parser: CParser,
  tokens: TypedefAwareTokenStream,
  listener: CollectingErrorListener,
): { kind: 'ok'; tree: CompilationUnitContext } | { kind: 'failed' } {
  // Phase 1: SLL, bail out at the first error.
  parser.interpreter.predictionMode = PredictionMode.SLL;
  parser.errorHandler = new BailErrorStrategy();
  parser.removeErrorListeners();
  try {
    return { kind: 'ok', tree: parser.compilationUnit() };
  } catch (error) {
    if (!(error instanceof ParseCancellationException)) {
      throw error;
    }
  }
  // Phase 2: full LL with error reporting.
  tokens.seek(0);
  parser.reset();
  parser.resetTypedefScopes();
  parser.interpreter.predictionMode = PredictionMode.LL;
  parser.errorHandler = new DefaultErrorStrategy();
  parser.addErrorListener(listener);
  const tree = parser.compilationUnit();
  return listener.diagnostics.length > 0 ? { kind: 'failed' } : { kind: 'ok', tree };
}

/**
 * CharStream.fromString decodes code points one by one through an iterator, which dominated lexing
 * time on large headers. For text without surrogate pairs (code unit = code point) the same stream
 * is built directly from the UTF-16 code units; otherwise, or if the runtime's internals differ,
 * the library's own conversion is used.
 */
function charStreamOf(text: string): CharStream {
  if (/[\uD800-\uDFFF]/.test(text)) {
    return CharStream.fromString(text);
  }
  const stream = CharStream.fromString('');
  const internals = stream as unknown as { data?: unknown };
  if (!(internals.data instanceof Uint32Array)) {
    return CharStream.fromString(text);
  }
  const data = new Uint32Array(text.length);
  for (let index = 0; index < text.length; index++) {
    data[index] = text.charCodeAt(index);
  }
  internals.data = data;
  return stream;
}

/**
 * The runtime builds (and often discards) NoViableAltException objects during prediction; capturing
 * their stack traces dominates parse time, so it is switched off while parsing.
 */
function withoutStackTraces<T>(run: () => T): T {
  const saved = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return run();
  } finally {
    Error.stackTraceLimit = saved;
  }
}

/**
 * Lexes, checks the bracket nesting, parses, checks the depth of the parse tree and builds the AST.
 * Throws UnsupportedSyntaxError or ResourceLimitError for valid C we do not take (and anything
 * else only for a bug).
 */
function lexParseAndBuild(text: string, file: string, options: ParseOptions): ParseResult {
  const lexerListener = new CollectingErrorListener(file);
  const parserListener = new CollectingErrorListener(file);
  const lexer = new CLexer(CharStream.fromString(''));
  lexer.removeErrorListeners();
  lexer.addErrorListener(lexerListener);
  const tokens = new TypedefAwareTokenStream(lexer);
  tokens.fillWithTexts(text, lexer, options.dropUnusedPrototypes ?? true);
  if (lexerListener.diagnostics.length > 0) {
    return { kind: 'syntaxError', diagnostics: lexerListener.diagnostics };
  }
  const tooDeepBracket = firstTooDeepBracket(tokens.getTokens(), maximumBracketDepth);
  if (tooDeepBracket !== undefined) {
    throw bracketsTooDeep(tooDeepBracket);
  }
  const parser = new DepthLimitedParser(tokens);
  const generated = parser.interpreter;
  const simulator = new ScanningParserATNSimulator(
    parser,
    generated.atn,
    generated.decisionToDFA,
    generated.sharedContextCache,
  );
  simulator.frozen = options.frozenDfa === undefined ? processFrozenDfa() : (options.frozenDfa ?? undefined);
  simulator.scansExternalDeclarations = options.scanExternalDeclarations ?? true;
  parser.interpreter = simulator;
  tokens.attach(parser);
  const result = withoutStackTraces(() => parseTree(parser, tokens, parserListener));
  if (result.kind === 'failed') {
    return { kind: 'syntaxError', diagnostics: parserListener.diagnostics };
  }
  // The parser recursed at most maximumSyntaxDepth rules deep, but a left-associative chain
  // (`a + b + c ...`) is built by a loop and nests the tree as deep as the chain is long.
  const tooDeepContext = firstTooDeepContext(result.tree, maximumSyntaxDepth);
  if (tooDeepContext !== undefined) {
    throw syntaxTooDeep(tooDeepContext.start ?? parser.getCurrentToken());
  }
  return { kind: 'parsed', unit: buildTranslationUnit(result.tree) };
}

export interface ParseOptions {
  /** the frozen DFAs to predict with; null: none; absent: dist/frontend-dfa.json's, if any (./frozen-dfa.ts) */
  readonly frozenDfa?: readonly (FrozenDecision | undefined)[] | null;
  /** whether compilationUnit's choice is scanned for where no DFA settles it (default true; ./external-declarations.ts) */
  readonly scanExternalDeclarations?: boolean;
  /** whether prototypes of functions the file never names are dropped before parsing (default true; ./unused-prototypes.ts) */
  readonly dropUnusedPrototypes?: boolean;
}

/** dist/frontend-dfa.json's DFAs for this grammar, read once per process (undefined: none) */
let frozenOfProcess: { readonly decisions: readonly (FrozenDecision | undefined)[] | undefined } | undefined;

function processFrozenDfa(): readonly (FrozenDecision | undefined)[] | undefined {
  frozenOfProcess ??= { decisions: loadFrozenDfa(CParser._serializedATN, CParser._ATN.decisionToState.length) };
  return frozenOfProcess.decisions;
}

export function parseTranslationUnit(text: string, file: string, options: ParseOptions = {}): ParseResult {
  try {
    return lexParseAndBuild(text, file, options);
  } catch (error) {
    if (error instanceof UnsupportedSyntaxError || error instanceof ResourceLimitError) {
      return {
        kind: 'unsupported',
        diagnostics: [{ file, location: error.location, severity: 'unsupported', message: error.message }],
      };
    }
    throw error; // a bug: the caller reports it as an internal error
  }
}
