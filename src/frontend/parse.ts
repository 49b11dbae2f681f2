// Parses preprocessed C text into the AST of ./ast.ts. The only module (with build-ast*.ts) that
// touches antlr4ng. Strategy: a fast SLL pass with a bail-out error strategy; if it fails, the token
// stream is rewound and parsed again with full LL prediction and the default error strategy, whose
// syntax errors become diagnostics. Never throws for bad input and never prints. Prediction runs on
// a subclass of the runtime's simulator that answers from the cached DFA without the runtime's
// per-call allocations and falls back to the runtime whenever the DFA does not settle it (so the
// parse tree is the one the runtime would build).
// Soundness assumptions: typedef names are classified by the scope-aware table kept by the parser
// (see grammars/C.g4); any lexer error is a syntax error (no character is silently dropped except
// comments, whitespace and `#` lines, which carry no meaning after preprocessing).

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
import { buildTranslationUnit, UnsupportedSyntaxError } from './build-ast.js';
import type { Diagnostic } from '../verdict.js';

export type ParseResult =
  | { kind: 'parsed'; unit: TranslationUnit }
  | { kind: 'syntaxError'; diagnostics: Diagnostic[] };

/**
 * Re-types identifier tokens as TypedefName (or back) whenever the parser reads them and the
 * parser's typedef table has changed since the token was last classified.
 */
class TypedefAwareTokenStream extends CommonTokenStream {
  private parser: CParser | undefined;
  private readonly classifiedAtVersion: number[] = [];

  public constructor(lexer: Lexer) {
    super(lexer);
  }

  public attach(parser: CParser): void {
    this.parser = parser;
  }

  /** Lexes everything and stores each token's text once (the runtime recomputes it per access). */
  public fillWithTexts(source: string): void {
    this.fill();
    const indexable = !/[\uD800-\uDFFF]/.test(source); // code point index = UTF-16 index
    for (const token of this.getTokens()) {
      if (token instanceof CommonToken && token.type !== Token.EOF) {
        token.text = indexable ? source.slice(token.start, token.stop + 1) : (token.text ?? '');
      }
    }
  }

  public override LT(k: number): Token | null {
    const token = super.LT(k);
    const parser = this.parser;
    if (token !== null && parser !== undefined && (token.type === CParser.Identifier || token.type === CParser.TypedefName)) {
      const version = parser.typedefVersion;
      if (this.classifiedAtVersion[token.tokenIndex] !== version) {
        this.classifiedAtVersion[token.tokenIndex] = version;
        token.type = parser.isTypedefName(token.text ?? '') ? CParser.TypedefName : CParser.Identifier;
      }
    }
    return token;
  }
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
 */
class ScanningParserATNSimulator extends ParserATNSimulator {
  public override adaptivePredict(input: TokenStream, decision: number, outerContext: ParserRuleContext | null): number {
    const dfa = this.decisionToDFA[decision];
    let state: DFAState | undefined;
    if (dfa !== undefined) {
      state = dfa.isPrecedenceDfa ? dfa.getPrecedenceStartState(this.parser.getPrecedence()) : dfa.s0;
    }
    let offset = 1;
    while (state !== undefined) {
      const symbol = input.LA(offset);
      const next: DFAState | undefined = state.edges[symbol + 1];
      if (next === undefined || next === ATNSimulator.ERROR) {
        break;
      }
      if (next.requiresFullContext && this.predictionMode !== PredictionMode.SLL) {
        break;
      }
      if (next.isAcceptState) {
        if (next.predicates === null) {
          return next.prediction;
        }
        const alternative = outerContext === null ? undefined : this.soleTrueAlternative(next.predicates, outerContext);
        if (alternative !== undefined) {
          return alternative;
        }
        break;
      }
      state = next;
      if (symbol !== Token.EOF) {
        offset++;
      }
    }
    return super.adaptivePredict(input, decision, outerContext);
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

  protected override evalSemanticContext(predictions: PredPrediction[], outerContext: ParserRuleContext, complete: boolean): BitSet {
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

/** ANTLR lists every expected token; keep the first few. */
function shortenExpectedSet(message: string): string {
  return message.replace(/\{([^{}]*)\}/g, (whole: string, inner: string) => {
    const items = inner.split(', ');
    return items.length <= 6 ? whole : `{${items.slice(0, 6).join(', ')}, ... (${items.length - 6} more)}`;
  });
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

function parseTree(parser: CParser, tokens: TypedefAwareTokenStream, listener: CollectingErrorListener):
  { kind: 'ok'; tree: CompilationUnitContext } | { kind: 'failed' } {
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

export function parseTranslationUnit(text: string, file: string): ParseResult {
  const lexerListener = new CollectingErrorListener(file);
  const parserListener = new CollectingErrorListener(file);
  try {
    const lexer = new CLexer(charStreamOf(text));
    lexer.removeErrorListeners();
    lexer.addErrorListener(lexerListener);
    const tokens = new TypedefAwareTokenStream(lexer);
    tokens.fillWithTexts(text);
    if (lexerListener.diagnostics.length > 0) {
      return { kind: 'syntaxError', diagnostics: lexerListener.diagnostics };
    }
    const parser = new CParser(tokens);
    const generated = parser.interpreter;
    parser.interpreter = new ScanningParserATNSimulator(parser, generated.atn, generated.decisionToDFA, generated.sharedContextCache);
    tokens.attach(parser);
    const result = withoutStackTraces(() => parseTree(parser, tokens, parserListener));
    if (result.kind === 'failed') {
      return { kind: 'syntaxError', diagnostics: parserListener.diagnostics };
    }
    return { kind: 'parsed', unit: buildTranslationUnit(result.tree) };
  } catch (error) {
    if (error instanceof UnsupportedSyntaxError) {
      return {
        kind: 'syntaxError',
        diagnostics: [{ file, location: error.location, severity: 'unsupported', message: error.message }],
      };
    }
    const message = error instanceof Error ? error.message : String(error);
    const diagnostics = [...lexerListener.diagnostics, ...parserListener.diagnostics];
    diagnostics.push({ file, location: { line: 1, column: 1 }, severity: 'error', message: `internal parser error: ${message}` });
    return { kind: 'syntaxError', diagnostics };
  }
}
