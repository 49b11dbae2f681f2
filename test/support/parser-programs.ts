// Test support for the front end's prediction shortcuts: the repository's C programs (what
// scripts/freeze-dfa.mjs learns on, and what the AST and IR comparisons run over), and a way to
// empty the runtime's shared DFAs, as in a fresh process.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DFA } from 'antlr4ng';
import { CParser } from '../../src/frontend/generated/CParser.js';

const root = join(import.meta.dirname, '..', '..');

function programsUnder(directory: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...programsUnder(path));
    else if (/\.[ci]$/.test(entry.name)) found.push(path);
  }
  return found.sort();
}

/** every .c and .i file under test/ and bench/, sorted */
export function repositoryPrograms(): string[] {
  return [...programsUnder(join(root, 'test')), ...programsUnder(join(root, 'bench'))];
}

/** empties the runtime's shared DFAs, as in a fresh process */
export function forgetLiveDfas(): void {
  for (const dfa of (CParser as unknown as { decisionsToDFA: DFA[] }).decisionsToDFA) {
    if (dfa.isPrecedenceDfa) dfa.s0!.edges = [];
    else (dfa as { s0?: DFA['s0'] | undefined }).s0 = undefined; // antlr4ng types s0 as never set to undefined
  }
}
