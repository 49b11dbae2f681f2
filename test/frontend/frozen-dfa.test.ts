// The parser's frozen DFA (src/frontend/frozen-dfa.ts): frozen and thawed it keeps every state,
// edge, prediction and predicate of the live DFA it was taken from; a file learned on another ATN
// is refused; a parse whose live DFA is empty predicts from the frozen states alone on a program
// they were learned on; and programs parse to the same AST with a frozen DFA learned on other
// programs as without one (the regression programs, and the sv-arrays corpus when it is there).

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ATNSimulator, ParserATNSimulator, SemanticContext, type DFA, type DFAState } from 'antlr4ng';
import { describe, expect, it, vi } from 'vitest';
import { freezeDfa, thawDfa, type FrozenDfaState, type StoredDfa } from '../../src/frontend/frozen-dfa.js';
import { CParser } from '../../src/frontend/generated/CParser.js';
import { parseTranslationUnit } from '../../src/frontend/parse.js';
import { readSource } from '../../src/frontend/read-source.js';
import { corpus, corpusTasks } from '../corpus/corpus.js';
import { regression } from '../support/cli.js';
import { forgetLiveDfas } from '../support/parser-programs.js';

const liveDfas = (): readonly DFA[] => (CParser as unknown as { decisionsToDFA: DFA[] }).decisionsToDFA;
const decisionCount = CParser._ATN.decisionToState.length;

function preprocessed(file: string): string {
  const result = readSource(file, { dataModel: 'ILP32' });
  if (result.kind !== 'preprocessed') throw new Error(`${file} does not preprocess`);
  return result.source.text;
}

function astOf(text: string, file: string, frozenDfa: Parameters<typeof parseTranslationUnit>[2]): string {
  const result = parseTranslationUnit(text, file, frozenDfa);
  return JSON.stringify(result, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
}

const programs = readdirSync(regression)
  .filter((name) => name.endsWith('.c'))
  .sort()
  .map((name) => join(regression, name));
const [learnedOn, heldOut] = [
  programs.filter((_, index) => index % 2 === 0),
  programs.filter((_, index) => index % 2 === 1),
];

/** a frozen DFA learned (from empty DFAs) on `files`, through the file format */
function learn(files: readonly string[]): StoredDfa {
  forgetLiveDfas();
  for (const file of files) parseTranslationUnit(preprocessed(file), file, { frozenDfa: null });
  return JSON.parse(JSON.stringify(freezeDfa(liveDfas(), CParser._serializedATN))) as StoredDfa;
}

/** whether the frozen states from `frozen` mirror the live ones from `live` (edges, predictions, predicates) */
function sameStates(live: DFAState, frozen: FrozenDfaState, seen = new Set<DFAState>()): boolean {
  if (seen.has(live)) return true;
  seen.add(live);
  if (live.isAcceptState !== frozen.isAcceptState || live.requiresFullContext !== frozen.requiresFullContext)
    return false;
  if (live.isAcceptState && live.prediction !== frozen.prediction) return false;
  const livePredicates = (live.predicates ?? []).map(
    (pair) => `${pair.pred === SemanticContext.NONE ? 'none' : String(pair.pred)}->${pair.alt}`,
  );
  const frozenPredicates = (frozen.predicates ?? []).map(
    (pair) => `${pair.pred === SemanticContext.NONE ? 'none' : String(pair.pred)}->${pair.alt}`,
  );
  if (livePredicates.join() !== frozenPredicates.join()) return false;
  for (let symbol = 0; symbol < Math.max(live.edges.length, frozen.edges.length); symbol++) {
    const next = live.edges[symbol];
    const frozenNext = frozen.edges[symbol];
    if (next === undefined || next === null || next === ATNSimulator.ERROR) {
      if (frozenNext !== undefined) return false;
      continue;
    }
    if (frozenNext === undefined || !sameStates(next, frozenNext, seen)) return false;
  }
  return true;
}

describe('the frozen DFA of the parser', () => {
  it('keeps every state, edge, prediction and predicate of the live DFA through the file', () => {
    const stored = learn(learnedOn);
    const thawed = thawDfa(stored, CParser._serializedATN, decisionCount)!;
    expect(thawed).toBeDefined();
    let decisions = 0;
    for (const dfa of liveDfas()) {
      if (dfa.s0 === undefined) continue;
      decisions++;
      const frozen = thawed[dfa.decision]!;
      if (dfa.isPrecedenceDfa) {
        dfa.s0.edges.forEach((start, precedence) => {
          if (start)
            expect(sameStates(start, frozen.precedenceStarts![precedence]!), `decision ${dfa.decision}`).toBe(true);
        });
      } else {
        expect(sameStates(dfa.s0, frozen.start!), `decision ${dfa.decision}`).toBe(true);
      }
    }
    expect(decisions).toBeGreaterThan(10);
  });

  it('is refused when it was learned on another ATN', () => {
    const stored = learn(learnedOn.slice(0, 2));
    const otherAtn = [...CParser._serializedATN];
    otherAtn[otherAtn.length - 1] = otherAtn[otherAtn.length - 1]! + 1;
    expect(thawDfa(stored, otherAtn, decisionCount)).toBeUndefined();
    expect(thawDfa({ ...stored, atnFingerprint: 'another' }, CParser._serializedATN, decisionCount)).toBeUndefined();
    expect(thawDfa(stored, CParser._serializedATN, decisionCount)).toBeDefined();
  });

  it('answers every prediction on a program it was learned on, with the live DFA empty', () => {
    const file = learnedOn[0]!;
    const frozen = thawDfa(learn([file]), CParser._serializedATN, decisionCount)!;
    const expected = astOf(preprocessed(file), file, { frozenDfa: null, scanExternalDeclarations: false });
    forgetLiveDfas();
    const runtime = vi.spyOn(ParserATNSimulator.prototype, 'adaptivePredict');
    try {
      expect(astOf(preprocessed(file), file, { frozenDfa: frozen })).toBe(expected);
      expect(runtime).not.toHaveBeenCalled();
    } finally {
      runtime.mockRestore();
    }
  });

  it('parses held-out programs to the same AST as the runtime alone', () => {
    const frozen = thawDfa(learn(learnedOn), CParser._serializedATN, decisionCount)!;
    const corpusFiles = corpus.available ? corpusTasks().map((task) => task.path) : [];
    // the frozen states are walked first whatever the live DFA holds; the runtime alone is the reference
    forgetLiveDfas();
    for (const file of [...heldOut, ...corpusFiles]) {
      const text = preprocessed(file);
      expect(astOf(text, file, { frozenDfa: frozen }), file).toBe(
        astOf(text, file, { frozenDfa: null, scanExternalDeclarations: false }),
      );
    }
  });
});
