// Learns the parser's prediction DFAs on the repository's own C programs (test/ and bench/) and
// writes them to dist/frontend-dfa.json, which the parser of every later process starts from
// (src/frontend/frozen-dfa.ts says why this is sound and what the file holds). Runs after tsc, on
// the compiled front end; the old file is removed first, so that what is written was learned here.
// Usage: node scripts/freeze-dfa.mjs (part of npm run build)

import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const output = join(root, 'dist', 'frontend-dfa.json');
rmSync(output, { force: true });

const { CParser } = await import(join(root, 'dist', 'src', 'frontend', 'generated', 'CParser.js'));
const { freezeDfa } = await import(join(root, 'dist', 'src', 'frontend', 'frozen-dfa.js'));
const { runFrontEnd } = await import(join(root, 'dist', 'src', 'pipeline.js'));

function programs(directory) {
  const found = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...programs(path));
    else if (/\.[ci]$/.test(entry.name)) found.push(path);
  }
  return found;
}

const files = [...programs(join(root, 'test')), ...programs(join(root, 'bench'))].sort();
for (const file of files) runFrontEnd(file, { dataModel: 'ILP32', preprocessor: 'default' });
const frozen = freezeDfa(CParser.decisionsToDFA, CParser._serializedATN);
writeFileSync(output, JSON.stringify(frozen));
const states = frozen.decisions.reduce((sum, decision) => sum + decision.states.length, 0);
process.stdout.write(
  `freeze-dfa: ${states} DFA states of ${frozen.decisions.length} decisions, learned on ${files.length} programs\n`,
);
