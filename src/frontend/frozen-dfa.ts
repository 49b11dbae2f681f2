// The parser's prediction DFA frozen after a training run, so that a new process does not start
// with every DFA empty. ANTLR caches what adaptive prediction learns in one DFA per decision of the
// grammar: from a decision's start state, the lookahead token types lead along edges to an accept
// state that names the alternative (or to one whose precedence predicates choose it). These states
// hold for any input of the same grammar (that is why the runtime shares them between parses), but
// building them from the ATN is what a fresh process spends most of its parse time on.
// `npm run build` parses the repository's C programs and writes the DFAs it learned to
// dist/frontend-dfa.json (scripts/freeze-dfa.mjs, through `freezeDfa`); parse.ts reads that file
// (`loadFrozenDfa`) and walks the frozen states before the live ones, falling back to the runtime
// wherever the frozen states do not settle a prediction (a missing edge, a state that needs full
// context in LL mode, predicates that leave more than one alternative).
// Soundness: the file carries a fingerprint of the serialized ATN it was learned from; a file of
// another grammar (or an unreadable one) is ignored. Only accept states whose predicates are
// precedence predicates (the only ones of grammars/C.g4) or NONE keep their predicates; any other
// accept state is frozen as a dead end, so that the runtime decides there.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ATNSimulator, SemanticContext, type DFA, type DFAState, type PredPrediction } from 'antlr4ng';

/** one frozen state: the fields of DFAState that prediction reads */
export interface FrozenDfaState {
  /** by token type + 1 (EOF is -1) */
  readonly edges: (FrozenDfaState | undefined)[];
  readonly isAcceptState: boolean;
  readonly prediction: number;
  readonly requiresFullContext: boolean;
  readonly predicates: PredPrediction[] | null;
}

/** a decision's frozen start: s0, or for a precedence DFA the start state of each precedence */
export interface FrozenDecision {
  readonly start: FrozenDfaState | undefined;
  /** precedence DFAs only (undefined otherwise), by precedence */
  readonly precedenceStarts: readonly (FrozenDfaState | undefined)[] | undefined;
}

/** a predicate as stored: NONE, or a precedence predicate */
type StoredPredicate = { readonly kind: 'none' } | { readonly kind: 'precedence'; readonly precedence: number };

interface StoredState {
  /** [token type + 1, target state index] */
  readonly edges: readonly (readonly [number, number])[];
  /** the predicted alternative of an accept state, -1 for any other */
  readonly prediction: number;
  readonly fullContext: boolean;
  readonly predicates: readonly { readonly predicate: StoredPredicate; readonly alternative: number }[] | null;
}

interface StoredDecision {
  readonly decision: number;
  /** s0's index, or for a precedence DFA [precedence, state index] pairs */
  readonly start: number | null;
  readonly precedenceStarts: readonly (readonly [number, number])[] | null;
  readonly states: readonly StoredState[];
}

/** the file's content */
export interface StoredDfa {
  readonly format: 1;
  readonly atnFingerprint: string;
  readonly decisions: readonly StoredDecision[];
}

/** a digest of the serialized ATN: which grammar the DFAs were learned on */
export function atnFingerprint(serializedAtn: readonly number[]): string {
  return `${serializedAtn.length}:${createHash('sha256').update(Uint32Array.from(serializedAtn)).digest('hex')}`;
}

function storedPredicates(state: DFAState): StoredState['predicates'] | 'unsupported' {
  if (state.predicates === null) return null;
  const stored: { predicate: StoredPredicate; alternative: number }[] = [];
  for (const pair of state.predicates) {
    if (pair.pred === SemanticContext.NONE) stored.push({ predicate: { kind: 'none' }, alternative: pair.alt });
    else if (pair.pred instanceof SemanticContext.PrecedencePredicate)
      stored.push({ predicate: { kind: 'precedence', precedence: pair.pred.precedence }, alternative: pair.alt });
    else return 'unsupported';
  }
  return stored;
}

/** the states reachable from `roots` (in a fixed order), each as stored, with their indices */
function storeStates(roots: readonly DFAState[]): { states: StoredState[]; indexOf: Map<DFAState, number> } {
  const indexOf = new Map<DFAState, number>();
  const order: DFAState[] = [];
  const visit = (state: DFAState): void => {
    if (indexOf.has(state) || state === ATNSimulator.ERROR) return;
    indexOf.set(state, order.length);
    order.push(state);
    state.edges.forEach((target) => {
      if (target !== undefined && target !== null) visit(target);
    });
  };
  roots.forEach(visit);
  const states = order.map((state): StoredState => {
    const predicates = storedPredicates(state);
    if (predicates === 'unsupported') return { edges: [], prediction: -1, fullContext: false, predicates: null }; // a dead end: the runtime decides
    const edges: [number, number][] = [];
    state.edges.forEach((target, symbol) => {
      if (target !== undefined && target !== null && indexOf.has(target)) edges.push([symbol, indexOf.get(target)!]);
    });
    return {
      edges,
      prediction: state.isAcceptState ? state.prediction : -1,
      fullContext: state.requiresFullContext,
      predicates,
    };
  });
  return { states, indexOf };
}

/** the DFAs learned so far (the parser's decisionsToDFA), as the file stores them */
export function freezeDfa(decisionsToDfa: readonly DFA[], serializedAtn: readonly number[]): StoredDfa {
  const decisions: StoredDecision[] = [];
  for (const dfa of decisionsToDfa) {
    if (dfa.s0 === undefined) continue;
    if (dfa.isPrecedenceDfa) {
      const starts: [number, DFAState][] = [];
      dfa.s0.edges.forEach((state, precedence) => {
        if (state !== undefined && state !== null && state !== ATNSimulator.ERROR) starts.push([precedence, state]);
      });
      const { states, indexOf } = storeStates(starts.map(([, state]) => state));
      decisions.push({
        decision: dfa.decision,
        start: null,
        precedenceStarts: starts.map(([precedence, state]) => [precedence, indexOf.get(state)!]),
        states,
      });
    } else {
      const { states, indexOf } = storeStates([dfa.s0]);
      decisions.push({ decision: dfa.decision, start: indexOf.get(dfa.s0)!, precedenceStarts: null, states });
    }
  }
  return { format: 1, atnFingerprint: atnFingerprint(serializedAtn), decisions };
}

function thawPredicate(predicate: StoredPredicate): SemanticContext {
  switch (predicate.kind) {
    case 'none':
      return SemanticContext.NONE;
    case 'precedence':
      return new SemanticContext.PrecedencePredicate(predicate.precedence);
    default: {
      const never: never = predicate;
      throw new Error(`unknown stored predicate ${JSON.stringify(never)}`);
    }
  }
}

function thawDecision(stored: StoredDecision): FrozenDecision {
  const states = stored.states.map((state) => ({
    edges: [] as (FrozenDfaState | undefined)[],
    isAcceptState: state.prediction >= 0,
    prediction: state.prediction,
    requiresFullContext: state.fullContext,
    predicates:
      state.predicates === null
        ? null
        : state.predicates.map((pair) => ({ pred: thawPredicate(pair.predicate), alt: pair.alternative })),
  }));
  stored.states.forEach((state, index) => {
    for (const [symbol, target] of state.edges) states[index]!.edges[symbol] = states[target];
  });
  if (stored.precedenceStarts === null)
    return { start: stored.start === null ? undefined : states[stored.start], precedenceStarts: undefined };
  const precedenceStarts: (FrozenDfaState | undefined)[] = [];
  for (const [precedence, index] of stored.precedenceStarts) precedenceStarts[precedence] = states[index];
  return { start: undefined, precedenceStarts };
}

/** the frozen DFAs of `stored`, by decision, if they were learned on this ATN */
export function thawDfa(
  stored: StoredDfa,
  serializedAtn: readonly number[],
  decisionCount: number,
): (FrozenDecision | undefined)[] | undefined {
  if (stored.format !== 1 || stored.atnFingerprint !== atnFingerprint(serializedAtn)) return undefined;
  const decisions: (FrozenDecision | undefined)[] = new Array(decisionCount).fill(undefined);
  for (const decision of stored.decisions)
    if (decision.decision >= 0 && decision.decision < decisionCount)
      decisions[decision.decision] = thawDecision(decision);
  return decisions;
}

/** dist/frontend-dfa.json of the package this module belongs to (dist/src/frontend, src/frontend or the bundle) */
export function frozenDfaPath(): string | undefined {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth++) {
    try {
      const parsed = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { name?: string };
      if (parsed.name === 'encode') return join(directory, 'dist', 'frontend-dfa.json');
    } catch {
      // not here; look one level up
    }
    directory = dirname(directory);
  }
  return undefined;
}

/** the frozen DFAs of dist/frontend-dfa.json for this ATN, or undefined (no file, unreadable, another grammar) */
export function loadFrozenDfa(
  serializedAtn: readonly number[],
  decisionCount: number,
): (FrozenDecision | undefined)[] | undefined {
  const path = frozenDfaPath();
  if (path === undefined) return undefined;
  try {
    return thawDfa(JSON.parse(readFileSync(path, 'utf8')) as StoredDfa, serializedAtn, decisionCount);
  } catch {
    return undefined;
  }
}
