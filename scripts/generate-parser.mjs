// Generates the TypeScript parser for grammars/C.g4 into src/frontend/generated/ with antlr-ng and
// then patches CParser.ts for speed: every parse-tree context class extends a plain-function base
// that initializes the ParserRuleContext fields by assignment. antlr4ng's ParserRuleContext sets
// them with class-field initializers, which V8 (Node 20) executes on a megamorphic slow path once
// ~80 context subclasses share it; that alone made parsing ~4x slower. The patched base keeps
// ParserRuleContext.prototype (and its statics) in the chain, so `instanceof` and all runtime
// methods behave exactly as before.
// Usage: node scripts/generate-parser.mjs

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outputDirectory = join(root, 'src', 'frontend', 'generated');
const tool = join(root, 'node_modules', 'antlr-ng', 'dist', 'cli', 'runner.js');

execFileSync(process.execPath, [
  tool, '-Dlanguage=TypeScript', '--generate-listener', 'false', '--generate-visitor', 'true',
  '-o', outputDirectory, join(root, 'grammars', 'C.g4'),
], { cwd: root, stdio: 'inherit' });

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
source = source.replace(/(export class \w+Context) extends antlr\.ParserRuleContext \{/g, '$1 extends FastParserRuleContext {');
if (source === before) {
  throw new Error('generate-parser: no context classes found to patch');
}
writeFileSync(parserFile, source);
