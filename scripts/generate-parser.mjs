// Generates the TypeScript parser for grammars/C.g4 into src/frontend/generated/ with antlr-ng and
// then patches CParser.ts for speed: every parse-tree context class extends a plain-function base
// that initializes the ParserRuleContext fields by assignment. antlr4ng's ParserRuleContext sets
// them with class-field initializers, which V8 (Node 20) executes on a megamorphic slow path once
// ~80 context subclasses share it; that alone made parsing ~4x slower. The patched base keeps
// ParserRuleContext.prototype (and its statics) in the chain, so `instanceof` and all runtime
// methods behave exactly as before.
// The generated lexer is patched too: its ATN is deserialized on first use (see the end of this file).
// Every generated .ts file starts with `// @ts-nocheck`: antlr-ng's output is not written for the project's
// stricter compiler options (noUnusedLocals, noUncheckedIndexedAccess); its types are still exported.
// Usage: node scripts/generate-parser.mjs

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outputDirectory = join(root, 'src', 'frontend', 'generated');
const tool = join(root, 'node_modules', 'antlr-ng', 'dist', 'cli', 'runner.js');

execFileSync(
  process.execPath,
  [
    tool,
    '-Dlanguage=TypeScript',
    '--generate-listener',
    'false',
    '--generate-visitor',
    'true',
    '-o',
    outputDirectory,
    join(root, 'grammars', 'C.g4'),
  ],
  { cwd: root, stdio: 'inherit' },
);

const parserFile = join(outputDirectory, 'CParser.ts');
let source = readFileSync(parserFile, 'utf8');
const marker = 'import { CVisitor } from "./CVisitor.js";';
if (!source.includes(marker)) {
  throw new Error(`generate-parser: cannot find '${marker}' in CParser.ts`);
}
const base = `${marker}

// Patched in by scripts/generate-parser.mjs: a ParserRuleContext base whose fields are set by plain
// assignment (fast in V8 for many subclasses); prototype chain and statics are ParserRuleContext's.
function fastParserRuleContext(
    this: { start: Token | null; stop: Token | null; children: unknown[]; invokingState: number; parent: unknown },
    parent: antlr.ParserRuleContext | null,
    invokingState = -1,
): void {
    this.start = null;
    this.stop = null;
    this.children = [];
    this.invokingState = invokingState;
    this.parent = parent;
}
fastParserRuleContext.prototype = Object.create(antlr.ParserRuleContext.prototype, {
    constructor: { value: fastParserRuleContext, writable: true, configurable: true },
});
Object.setPrototypeOf(fastParserRuleContext, antlr.ParserRuleContext);
const FastParserRuleContext = fastParserRuleContext as unknown as typeof antlr.ParserRuleContext;
`;
source = source.replace(marker, base);
const before = source;
source = source.replace(
  /(export class \w+Context) extends antlr\.ParserRuleContext \{/g,
  '$1 extends FastParserRuleContext {',
);
if (source === before) {
  throw new Error('generate-parser: no context classes found to patch');
}
writeFileSync(parserFile, source);

// CLexer: its ATN is deserialized (~10 ms in a fresh process) only when the generated lexer runs,
// which is only when the hand-written fast lexer of src/frontend/parse.ts gives up; a CLexer is
// still constructed for every parse (its tokens' source). Its interpreter is created on first use
// (the same simulator the constructor would build), and decisionsToDFA on first read.
const lexerFile = join(outputDirectory, 'CLexer.ts');
let lexer = readFileSync(lexerFile, 'utf8');
const eagerInterpreter =
  '        this.interpreter = new antlr.LexerATNSimulator(this, CLexer._ATN, CLexer.decisionsToDFA, new antlr.PredictionContextCache());';
const eagerDecisions =
  '    private static readonly decisionsToDFA = CLexer._ATN.decisionToState.map( (ds: antlr.DecisionState, index: number) => new antlr.DFA(ds, index) );';
if (!lexer.includes(eagerInterpreter) || !lexer.includes(eagerDecisions)) {
  throw new Error('generate-parser: cannot find the interpreter and decisionsToDFA of CLexer.ts to make lazy');
}
lexer = lexer.replace(
  eagerInterpreter,
  `        // patched in by scripts/generate-parser.mjs: the simulator (and the ATN) on first use
        let simulator: antlr.LexerATNSimulator | undefined;
        Object.defineProperty(this, 'interpreter', {
            get: () => (simulator ??= new antlr.LexerATNSimulator(this, CLexer._ATN, CLexer.decisionsToDFA, new antlr.PredictionContextCache())),
            set: (value: antlr.LexerATNSimulator) => { simulator = value; },
            configurable: true,
            enumerable: true,
        });`,
);
lexer = lexer.replace(
  eagerDecisions,
  `    // patched in by scripts/generate-parser.mjs: built on first read
    private static lazyDecisionsToDFA: antlr.DFA[] | undefined;
    private static get decisionsToDFA(): antlr.DFA[] {
        return CLexer.lazyDecisionsToDFA ??= CLexer._ATN.decisionToState.map( (ds: antlr.DecisionState, index: number) => new antlr.DFA(ds, index) );
    }`,
);
writeFileSync(lexerFile, lexer);

// The `// @ts-nocheck` header of every generated .ts file (see the top of this file).
const noCheck =
  '// @ts-nocheck\n// Generated by antlr-ng via scripts/generate-parser.mjs: not type-checked; do not edit.\n';
for (const name of readdirSync(outputDirectory)) {
  if (!name.endsWith('.ts')) continue;
  const file = join(outputDirectory, name);
  const text = readFileSync(file, 'utf8');
  if (!text.startsWith('// @ts-nocheck')) writeFileSync(file, noCheck + text);
}
