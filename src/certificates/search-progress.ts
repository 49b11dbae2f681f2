// What a template search (houdini.ts) has done so far on a program's Horn clauses, kept for the next
// search of the same clauses in the same verification (issue 41; the run's memory, kernel/
// run-memory.ts, holds the store: `templateSearches`): the portfolio's `templates` stage (lane 1) is
// aborted when the other lane decides, and the certificate step then runs the template certifier on
// the same clauses; with this it goes on from where the stage stopped instead of from nothing. Per
// round (the program text's guesses, then the fitted ones): the candidates as they stood after the
// last clause whose questions all got their full time, and the round's end when it ended (`none`
// with what it kept, or `found`); and the fitted guesses' terms (fitted-guesses.ts: concrete runs and
// nullspaces, up to seconds of JavaScript).
//
// The key is the clauses' text in CHC-COMP's strict form with the semantics: candidates are terms
// over the predicates' parameters (p!0 …), so they mean the same for any program whose clauses print
// the same.
//
// Soundness: none needed, as for any guess. Houdini drops a guess only when a clause does not keep it
// under the guesses held then, which are at least those of any later state: a dropped guess is in
// no inductive subset of the candidates, and a search that starts from the recorded candidates ends
// where the full search would (a question cut short by the end of a search, an answer that may be
// wrong, is never recorded: houdini.ts records only rounds none of whose questions were cut). A
// `found` is a candidate certificate, which the kernel's checker confirms as it does any.
// Memory: the most recent `keptSearches` clause systems of the run only.

import type { Semantics } from '../ir/types.js';
import { printChcSystem } from '../smt/printer.js';
import type { ChcSystem, Term } from '../smt/terms.js';

/** candidates per predicate name, each a term over the predicate's parameters p!0 … */
export type Candidates = ReadonlyMap<string, readonly Term[]>;

export type RoundName = 'text' | 'fitted';

/** how a round ended: `none` (its inductive guesses do not prove a query) with what it kept, or `found` */
export type RoundEnd =
  | { readonly kind: 'none'; readonly kept: Candidates; readonly reason: string }
  | { readonly kind: 'found'; readonly kept: Candidates };

export interface RoundProgress {
  /** the candidates after the last clause whose questions all got their full time */
  readonly candidates: Candidates;
  readonly end?: RoundEnd;
}

export interface SearchProgress {
  readonly rounds: Map<RoundName, RoundProgress>;
  /** the fitted guesses as terms (with the text round's kept ones not yet joined) */
  fittedTerms?: Candidates;
}

/** the most clause systems whose progress is kept (the most recent ones) */
const keptSearches = 8;

/** the searches of one verification, by semantics and clause text (oldest first) */
export type TemplateSearches = Map<string, SearchProgress>;

/** the run's store of template searches: a slot of the run's memory (kernel/run-memory.ts `MemorySlot`) */
export const templateSearches = {
  name: 'template searches',
  create: (): TemplateSearches => new Map(),
} as const;

/** the progress recorded in `searches` for these clauses in this semantics (a new, empty one the first time) */
export function searchProgress(system: ChcSystem, semantics: Semantics, searches: TemplateSearches): SearchProgress {
  // (the system is in the strict form already: houdini.ts searches that)
  const key = `${semantics}\n${printChcSystem(system, 'asBuilt')}`;
  const found = searches.get(key);
  if (found !== undefined) {
    // most recently used last
    searches.delete(key);
    searches.set(key, found);
    return found;
  }
  const progress: SearchProgress = { rounds: new Map() };
  searches.set(key, progress);
  while (searches.size > keptSearches) searches.delete(searches.keys().next().value!);
  return progress;
}

/** a copy of the candidates (the search changes its map as it goes) */
export function snapshot(candidates: Candidates): Candidates {
  return new Map([...candidates].map(([name, terms]) => [name, [...terms]]));
}
