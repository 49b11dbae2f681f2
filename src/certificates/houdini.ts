// The template certifier (issue 41): the largest inductive subset of guessed invariants
// (templates.ts), found as Houdini does (Flanagan and Leino, 2001): start from every guess at every
// loop head of the program's Horn clauses (symbolic/horn-clauses.ts, in CHC-COMP's strict form as the
// checker reads them), drop each guess that some clause does not preserve (a solver's sat or unknown
// for "body under the current guesses ∧ the guess fails in the head"), and repeat until every clause
// preserves every guess left. When then every query clause (an assertion failing) is unsat under
// them, the guesses left are a model of the clauses: a certificate, as CHC-COMP's model format
// writes it (one define-fun per predicate, the strict form's error predicate false).
//
// When the guesses read off the program's text do not prove the queries, a second round starts from
// what the first kept and the guesses fitted to concrete runs (fitted-guesses.ts), in the time left.
//
// A search records how far each round got (search-progress.ts), and a later search of the same
// clauses in the process goes on from there: the portfolio's `templates` stage, aborted when the
// other lane decides, hands its work to the certificate step's template certifier that way. Only
// states reached by answers that got their full time are recorded (a question cut short by the
// search's end or an abort answers unknown, which drops a guess that may hold).
//
// Given invariants (GivenInvariants: a correctness witness's, portfolio/invariant-certifier.ts) join
// the guesses as required ones: the search ends `refuted` when one cannot be said exactly over the
// predicate's arguments or when some clause does not keep it (naming both).
//
// Soundness: none is needed here. The result is a candidate (CertificateClaim.candidate) that the
// kernel's independent checker confirms clause by clause with its own solvers before anyone calls it
// a certificate; a solver that erred here makes a certificate the checker refutes, never a verdict.
// Cost: one query per clause per round when every guess holds; otherwise first a few models of the
// failure (each drops every guess it makes false: such a guess fails alone too), then one query per
// guess left undecided; rounds end when a round drops nothing, at most one per guess. Every query
// gets the time left.
// Questions: each script declares every free symbol of its assertion and of the terms whose values
// it asks (`questionScript`); values are asked of one boolean indicator per goal, never of the goals
// themselves (z3 refuses a get-value of a quantified term).

import type { Expression, Program, ScalarVariable, Semantics } from '../ir/types.js';
import {
  constantAssignments,
  containsArrayRead,
  forEachStatement,
  scalarsReadBy,
  substituteScalar,
} from '../ir/visit.js';
import { createBinary, createUnary, createVariableExpression } from '../ir/factory.js';
import { strictChcComp } from '../smt/chc-comp.js';
import { printTerm } from '../smt/printer.js';
import {
  and,
  boolSort,
  createSmtScript,
  falseTerm,
  forall,
  freeSymbols,
  not,
  or,
  substituteTerm,
  symbol,
  trueTerm,
  type ChcSystem,
  type HornClause,
  type SmtScript,
  type SymbolTerm,
  type Term,
} from '../smt/terms.js';
import { timeoutReason, type Solver } from '../solvers/solver.js';
import { ExpressionTranslator, scalarSort, type ExpressionEnvironment } from '../symbolic/expressions.js';
import { buildChcEncoding, loopHeadPredicates, type LoopHeadPredicate } from '../symbolic/horn-clauses.js';
import { defineInvariant, type CertificateClaim, type Invariant } from './certificate.js';
import { fittedGuesses } from './fitted-guesses.js';
import {
  searchProgress,
  snapshot,
  type Candidates,
  type RoundEnd,
  type RoundName,
  type SearchProgress,
  type TemplateSearches,
} from './search-progress.js';
import { cellRanges } from './guess.js';
import { clauseGroups } from './clause-order.js';
import type { Guess } from './guess.js';
import { guessInvariants } from './templates.js';

export interface HoudiniSettings {
  /** the time of the whole search */
  readonly timeoutMilliseconds: number;
  readonly signal?: AbortSignal;
  /** the verification's earlier searches (search-progress.ts; absent: this search starts from nothing and records nothing) */
  readonly searches?: TemplateSearches;
}

export type HoudiniResult =
  | { readonly kind: 'found'; readonly claim: CertificateClaim & { kind: 'model' }; readonly queries: number }
  /** refuted: a required invariant (GivenInvariants) cannot be read exactly or is not preserved */
  | { readonly kind: 'none' | 'timeout' | 'refuted'; readonly reason: string; readonly queries: number };

/** invariants given from outside (a correctness witness's), with a label for messages */
export interface LabelledGuess {
  readonly guess: Guess;
  readonly label: string;
}

/**
 * Invariants to check rather than guess: each required one must be kept by every round (dropped,
 * the search ends `refuted`, naming it and the clause); the certifier's own guesses may join them
 * as helpers that Houdini drops as it does any guess.
 */
export interface GivenInvariants {
  /** per loop id */
  readonly required: ReadonlyMap<number, readonly LabelledGuess[]>;
  readonly withOwnGuesses: boolean;
}

/** a guess that cannot be said over the predicate's arguments (a variable not live there, an opaque operation) */
class Unsayable extends Error {}

/**
 * Searches the inductive subset of the guesses and, when it proves every query, gives its claim.
 * First over the guesses read off the program's text; when their inductive subset does not prove
 * the queries, a second time over that subset and the guesses fitted to concrete runs
 * (fitted-guesses.ts), in the time left. (Fitted guesses are often nonlinear and quantified: asked
 * together with the text's guesses from the start they slow down the programs those already prove.)
 */
export async function searchInvariants(
  program: Program,
  semantics: Semantics,
  solver: Solver,
  settings: HoudiniSettings,
  given?: GivenInvariants,
): Promise<HoudiniResult> {
  const started = Date.now();
  const system = strictChcComp(buildChcEncoding(program, semantics).system);
  const clauses: RoundClauses = {
    system,
    heads: new Map(loopHeadPredicates(program, semantics).map((predicate) => [predicate.name, predicate])),
    constants: onceAssignedValues(program),
    // a search with required invariants is a witness's check: its rounds are not the certifier's
    ...(given === undefined && settings.searches !== undefined
      ? { progress: searchProgress(system, semantics, settings.searches) }
      : {}),
  };
  const first: RoundOutput = {};
  const result = await searchRound(program, clauses, semantics, solver, settings, given, { fitted: false }, first);
  if (result.kind !== 'none' || given !== undefined || first.kept === undefined) return result;
  const left = settings.timeoutMilliseconds - (Date.now() - started);
  if (left < minimumFittedRoundMilliseconds) return result;
  const second = await searchRound(
    program,
    clauses,
    semantics,
    solver,
    { ...settings, timeoutMilliseconds: left },
    undefined,
    { fitted: true, seed: first.kept },
    {},
  );
  const queries = result.queries + second.queries;
  if (second.kind === 'found') return { ...second, queries };
  return { ...result, reason: `${result.reason}; with the fitted guesses: ${second.reason}`, queries };
}

/** the least time worth a second round with the fitted guesses */
const minimumFittedRoundMilliseconds = 300;

/** which guesses a round starts from: the program text's, or the fitted ones and what a first round kept */
interface Round {
  readonly fitted: boolean;
  /** per predicate name, terms over its parameters p!0 … */
  readonly seed?: ReadonlyMap<string, readonly Term[]>;
}

/**
 * what both rounds search over: the program's Horn clauses (strict form), its loop heads by
 * predicate name, and its once-assigned values (constants, `half = n / 2`); and what earlier searches of the same clauses did
 * (search-progress.ts; none for a search with required invariants)
 */
interface RoundClauses {
  readonly system: ChcSystem;
  readonly heads: ReadonlyMap<string, LoopHeadPredicate>;
  readonly constants: ReadonlyMap<number, Expression>;
  readonly progress?: SearchProgress;
}

/** what a round that ends `none` kept */
interface RoundOutput {
  kept?: ReadonlyMap<string, readonly Term[]>;
}

async function searchRound(
  program: Program,
  clauses: RoundClauses,
  semantics: Semantics,
  solver: Solver,
  settings: HoudiniSettings,
  given: GivenInvariants | undefined,
  round: Round,
  output: RoundOutput,
): Promise<HoudiniResult> {
  const started = Date.now();
  const { system, progress } = clauses;
  const remaining = (): number => settings.timeoutMilliseconds - (Date.now() - started);
  const parameters = new Map(
    system.predicates.map((declaration) => [
      declaration.name,
      declaration.parameterSorts.map((sort, position) => symbol(`p!${position}`, sort)),
    ]),
  );
  // an earlier search of the same clauses: its end, or its candidates to go on from
  const roundName: RoundName = round.fitted ? 'fitted' : 'text';
  const recorded = progress?.rounds.get(roundName);
  if (recorded?.end !== undefined) {
    if (recorded.end.kind === 'found') return foundResult(system, parameters, recorded.end.kept, solver, 0);
    output.kept = recorded.end.kept;
    return { kind: 'none', reason: recorded.end.reason, queries: 0 };
  }
  const initial =
    recorded === undefined
      ? initialCandidates(program, clauses, semantics, given, round, parameters)
      : {
          kind: 'candidates' as const,
          candidates: recorded.candidates,
          required: new Map<string, Map<string, string>>(),
        };
  if (initial.kind === 'unreadable')
    return { kind: 'refuted', reason: `the invariant ${initial.label} cannot be read exactly`, queries: 0 };
  const candidates = new Map([...initial.candidates].map(([name, terms]) => [name, [...terms]]));
  const required = initial.required;
  // whether an answer came from a question cut short (the search's end, an abort): the round's
  // state is then no longer one that search-progress.ts may record
  let cut = false;
  const record = (end?: RoundEnd): void => {
    if (progress !== undefined && !cut)
      progress.rounds.set(roundName, { candidates: snapshot(candidates), ...(end === undefined ? {} : { end }) });
  };
  record();
  let queries = 0;
  const lanes = solver.concurrent === true ? 2 : 1;
  const signal = settings.signal === undefined ? {} : { signal: settings.signal };
  // the time a question may take, counted; out of time or aborted ends the search
  const startQuestion = (): number => {
    const left = remaining();
    if (left < 1 || settings.signal?.aborted === true) throw new OutOfTime();
    queries++;
    return left;
  };
  const ask = async (body: Term, goal: Term): Promise<Answer> => {
    const left = startQuestion();
    const script = failureScript(body, goal);
    // many small questions: first in a kept solver (solver.ts), cheap; what it leaves open without
    // running out of time (answerQuestion has already retried z3's "incomplete" ones fresh) again
    // in a fresh solver. A question that ran out of its time is a guess dropped: asked again fresh
    // for 1 s, 0 of 81 such questions on a fifth of the corpus came back unsat (2026-11-29). Not in
    // the fitted round: its guesses are nonlinear, and under load their questions need more than the
    // kept solver's time (the fitted guesses' test lost column-weights in a loaded full suite)
    const keptTime = Math.min(left, keptQueryMilliseconds);
    const kept = await solver.checkScript(script, { timeoutMilliseconds: keptTime, question: true, ...signal });
    const droppedOnTimeout = kept.kind === 'unknown' && kept.reason === timeoutReason && !round.fitted;
    if (kept.kind !== 'unknown' || droppedOnTimeout) {
      if (kept.kind === 'unknown' && (keptTime < keptQueryMilliseconds || settings.signal?.aborted === true))
        cut = true;
      return kept.kind === 'unsat' ? 'holds' : kept.kind === 'sat' ? 'fails' : 'undecided';
    }
    const freshTime = Math.min(remaining(), perQueryMilliseconds);
    const fresh = await solver.checkScript(script, { timeoutMilliseconds: freshTime, ...signal });
    if (fresh.kind === 'unknown' && (freshTime < perQueryMilliseconds || settings.signal?.aborted === true)) cut = true;
    return fresh.kind === 'unsat' ? 'holds' : fresh.kind === 'sat' ? 'fails' : 'undecided';
  };
  // which goals a model of `body ∧ ¬(g1 ∧ … ∧ gk)` makes false, asked in the kept solver (each such
  // goal fails alone too: the model satisfies body ∧ ¬gi); undefined when the solver answers anything
  // but sat with a boolean value for each goal. Asked through one indicator bi per goal:
  // body ∧ ¬(b1 ∧ … ∧ bk) ∧ ⋀ (bi ∨ ¬gi), equisatisfiable with the conjunction's failure and its
  // quantifiers where they were (under a negation), and a model's false bi is a goal it makes false.
  // (The goals' own values cannot be asked: z3 refuses get-value of a quantified term, "term must be
  // ground", and every clause with a ∀-guess was asked guess by guess: 295 questions in 4.4 s of
  // triangular-self/upper-subtract's first round, 2026-11-29)
  const falsified = async (body: Term, goals: readonly Term[]): Promise<readonly boolean[] | undefined> => {
    const left = startQuestion();
    const indicators = goals.map((_goal, position) => symbol(`houdini!goal!${position}`, boolSort));
    const failure = and(
      body,
      not(and(...indicators)),
      ...goals.map((goal, position) => or(indicators[position]!, not(goal))),
    );
    const result = await solver.checkScript(questionScript(failure, indicators), {
      timeoutMilliseconds: Math.min(left, keptQueryMilliseconds),
      question: true,
      valuesOf: indicators,
      ...signal,
    });
    if (result.kind !== 'sat' || result.values?.length !== goals.length) return undefined;
    const values = result.values.map((value) => (value.kind === 'boolean' ? !value.value : undefined));
    return values.every((value) => value !== undefined) ? (values as boolean[]) : undefined;
  };

  const instantiate = (term: Term): Term => {
    if (term.kind !== 'applyFunction') return term;
    const held = candidates.get(term.function.name);
    if (held === undefined) return term;
    const symbols = parameters.get(term.function.name)!;
    const replacements = new Map(symbols.map((parameter, position) => [parameter.name, term.arguments[position]!]));
    return and(...held.map((candidate) => substituteTerm(candidate, replacements)));
  };
  try {
    // each group of clauses (a component of the predicates' graph, clause-order.ts) to its fixed
    // point before the next: the later groups' bodies then hold only what the earlier ones keep
    for (const group of clauseGroups(system))
      for (let changed = true; changed;) {
        changed = false;
        for (const clause of group) {
          if (!(await dropUnpreserved(clause, candidates, parameters, instantiate, { ask, falsified }, lanes)))
            continue;
          changed = true;
          const lost = lostRequired(clause, candidates, required);
          if (lost !== undefined)
            return {
              kind: 'refuted',
              reason: `the invariant ${lost} is not shown to be preserved by ${clause.comment ?? 'a clause'}`,
              queries,
            };
          record();
        }
      }
    for (const clause of system.clauses.filter((entry) => entry.head.kind !== 'applyFunction')) {
      const body = and(...clause.body.map(instantiate));
      if ((await ask(body, falseTerm)) !== 'holds') {
        const reason = `the inductive guesses do not prove ${clause.comment ?? 'a query'}`;
        record({ kind: 'none', kept: snapshot(candidates), reason });
        output.kept = candidates;
        return { kind: 'none', reason, queries };
      }
    }
  } catch (error) {
    if (!(error instanceof OutOfTime)) throw error;
    return { kind: 'timeout', reason: 'no time left for the guessed invariants', queries };
  }
  record({ kind: 'found', kept: snapshot(candidates) });
  return foundResult(system, parameters, candidates, solver, queries);
}

/** the claim of a search that found invariants proving every query: one define-fun per predicate */
function foundResult(
  system: ChcSystem,
  parameters: ReadonlyMap<string, readonly ReturnType<typeof symbol>[]>,
  candidates: Candidates,
  solver: Solver,
  queries: number,
): HoudiniResult & { kind: 'found' } {
  const invariants: Invariant[] = system.predicates.map((declaration) =>
    defineInvariant(
      declaration.name,
      parameters.get(declaration.name)!,
      printTerm(and(...candidates.get(declaration.name)!)),
    ),
  );
  return {
    kind: 'found',
    claim: { kind: 'model', invariants, source: `${solver.name} (guessed invariants)`, candidate: true },
    queries,
  };
}

/**
 * The candidates a round starts from, per predicate: false for a predicate that is no loop head;
 * else the required invariants, the seed (what the text's round kept) and the round's guesses (the
 * program text's, or the fitted ones, whose terms search-progress.ts keeps for a later search of
 * the same clauses); or the first required invariant that cannot be said exactly.
 */
function initialCandidates(
  program: Program,
  { system, heads, constants, progress }: RoundClauses,
  semantics: Semantics,
  given: GivenInvariants | undefined,
  round: Round,
  parameters: ReadonlyMap<string, readonly ReturnType<typeof symbol>[]>,
):
  | {
      readonly kind: 'candidates';
      readonly candidates: Candidates;
      readonly required: Map<string, Map<string, string>>;
    }
  | { readonly kind: 'unreadable'; readonly label: string } {
  const ownGuesses = given === undefined || given.withOwnGuesses;
  const guessed = round.fitted ? undefined : ownGuesses ? guessInvariants(program) : new Map<number, Guess[]>();
  let fitted = round.fitted ? progress?.fittedTerms : undefined;
  if (round.fitted && fitted === undefined) {
    const fittedByLoop = fittedGuesses(program, semantics, [...heads.values()]);
    fitted = new Map(
      [...heads.values()].map((head) => [
        head.name,
        guessTerms(fittedByLoop.get(head.loop.id) ?? [], head, parameters.get(head.name)!, semantics, constants),
      ]),
    );
    if (progress !== undefined) progress.fittedTerms = fitted;
  }
  const candidates = new Map<string, Term[]>();
  /** per predicate, the required invariants' terms (printed) and labels */
  const required = new Map<string, Map<string, string>>();
  for (const declaration of system.predicates) {
    const symbols = parameters.get(declaration.name)!;
    const head = heads.get(declaration.name);
    if (head === undefined) {
      candidates.set(declaration.name, [falseTerm]);
      continue;
    }
    const own =
      fitted?.get(declaration.name) ??
      guessTerms(guessed?.get(head.loop.id) ?? [], head, symbols, semantics, constants);
    const labelled = requiredTerms(given?.required.get(head.loop.id) ?? [], head, symbols, semantics);
    if (labelled.kind === 'unreadable') return labelled;
    required.set(declaration.name, new Map(labelled.terms.map(({ term, label }) => [printTerm(term), label])));
    const seeded = round.seed?.get(declaration.name) ?? [];
    const terms = new Map(
      [...labelled.terms.map(({ term }) => term), ...seeded, ...own].map((term) => [printTerm(term), term]),
    );
    candidates.set(declaration.name, [...terms.values()]);
  }
  return { kind: 'candidates', candidates, required };
}

class OutOfTime extends Error {}

/** the question whether the clause's body can hold with the goal false: `body ∧ ¬goal` */
function failureScript(body: Term, goal: Term): SmtScript {
  return questionScript(and(body, not(goal)));
}

/**
 * The question whether the formula can hold. It declares every free symbol of the formula and of
 * `valueTerms`, the terms whose values are asked after sat: `and` simplifies (a goal `false` makes
 * `bi ∨ ¬gi` true), so symbols can drop out of the assertion while their values are still asked
 * (z3: "unknown constant", the question lost).
 */
function questionScript(negated: Term, valueTerms: readonly Term[] = []): SmtScript {
  const constants = new Map<string, SymbolTerm>();
  for (const term of [negated, ...valueTerms])
    for (const constant of freeSymbols(term)) if (!constants.has(constant.name)) constants.set(constant.name, constant);
  return createSmtScript({
    headerComments: [],
    logic: 'ALL',
    constants: [...constants.values()],
    functions: [],
    assertions: [{ term: negated }],
  });
}

/** the most time one query gets in a fresh solver (a guess a solver cannot decide in it is dropped) */
const perQueryMilliseconds = 1_000;
/** the most time one query gets in the kept solver before it is asked again in a fresh one */
const keptQueryMilliseconds = 200;

/** a question's answer: the goal holds (unsat), fails (sat), or the solver did not decide (a guess dropped all the same) */
type Answer = 'holds' | 'fails' | 'undecided';

/** the two kinds of question: does the goal hold; which goals a model of their failure makes false */
interface Questions {
  readonly ask: (body: Term, goal: Term) => Promise<Answer>;
  readonly falsified: (body: Term, goals: readonly Term[]) => Promise<readonly boolean[] | undefined>;
}

/** the most models asked for per clause before the guesses left are asked one by one */
const maximumModelsPerClause = 4;

/**
 * Drops the guesses of the clause's head that the clause does not preserve; whether it dropped any.
 * When their conjunction fails, first by models (Houdini's usual shortcut): every guess a model of
 * the failure makes false is dropped at once, and the conjunction of the others asked again; what is
 * left undecided then (no model, no values, a few models spent) is asked one by one. A model only
 * ever drops guesses that fail (it satisfies the body and not the guess), so the result is the one
 * the questions one by one give; fewer questions where many guesses fail.
 */
async function dropUnpreserved(
  clause: HornClause,
  candidates: Map<string, Term[]>,
  parameters: ReadonlyMap<string, readonly ReturnType<typeof symbol>[]>,
  instantiate: (term: Term) => Term,
  { ask, falsified }: Questions,
  lanes: number,
): Promise<boolean> {
  const head = clause.head as Extract<Term, { kind: 'applyFunction' }>;
  const held = candidates.get(head.function.name) ?? [];
  if (held.length === 0) return false;
  const symbols = parameters.get(head.function.name)!;
  const replacements = new Map(symbols.map((parameter, position) => [parameter.name, head.arguments[position]!]));
  const body = and(...clause.body.map(instantiate));
  const goals = held.map((candidate) => substituteTerm(candidate, replacements));
  const together = await ask(body, and(...goals));
  if (together === 'holds') return false;
  let open = goals.map((_goal, position) => position);
  const dropped = new Set<number>();
  // models of the failure, each dropping every guess it makes false; not when the solver could not
  // decide the guesses together (its model of the failure then ran out of time too in 12 of 13
  // such clauses: add-2-n-u of the corpus and reverse-unsigned of bench/unsigned-3d, exact wraps)
  const models = together === 'fails' ? maximumModelsPerClause : 0;
  for (let model = 0; model < models && open.length > 0; model++) {
    const values = await falsified(
      body,
      open.map((position) => goals[position]!),
    );
    if (values === undefined || !values.some((value) => value)) break;
    open.forEach((position, index) => {
      if (values[index] === true) dropped.add(position);
    });
    open = open.filter((position) => !dropped.has(position));
    if (open.length > 0 && (await ask(body, and(...open.map((position) => goals[position]!)))) === 'holds') open = [];
  }
  // the guesses left undecided one by one, two at a time where the solver runs two calls at once
  // (two z3 processes, two WASM modules): each question is independent of the others
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < open.length) {
      const position = open[next++]!;
      if ((await ask(body, goals[position]!)) !== 'holds') dropped.add(position);
    }
  };
  await Promise.all(Array.from({ length: lanes }, worker));
  candidates.set(
    head.function.name,
    held.filter((_candidate, position) => !dropped.has(position)),
  );
  return dropped.size > 0;
}

/** the label of a required invariant of the clause's head that is no longer a candidate, if any */
function lostRequired(
  clause: HornClause,
  candidates: ReadonlyMap<string, readonly Term[]>,
  required: ReadonlyMap<string, ReadonlyMap<string, string>>,
): string | undefined {
  if (clause.head.kind !== 'applyFunction') return undefined;
  const name = clause.head.function.name;
  const kept = new Set((candidates.get(name) ?? []).map((term) => printTerm(term)));
  for (const [key, label] of required.get(name) ?? new Map<string, string>()) if (!kept.has(key)) return label;
  return undefined;
}

/** the required invariants as terms over the predicate's parameters, or the first that cannot be said exactly */
function requiredTerms(
  given: readonly LabelledGuess[],
  head: LoopHeadPredicate,
  symbols: readonly ReturnType<typeof symbol>[],
  semantics: Semantics,
):
  | { readonly kind: 'terms'; readonly terms: readonly { readonly term: Term; readonly label: string }[] }
  | { readonly kind: 'unreadable'; readonly label: string } {
  const terms: { term: Term; label: string }[] = [];
  for (const { guess, label } of given) {
    const term = guessTerms([guess], head, symbols, semantics, new Map())[0];
    if (term === undefined) return { kind: 'unreadable', label };
    terms.push({ term, label });
  }
  return { kind: 'terms', terms };
}

/**
 * The scalars assigned once in the whole program, a constant (`int MINVAL = 2;`), and never read from
 * input: a guess over one that is not an argument of the predicate (not live at the loop) reads it as
 * that constant instead of being left out. Only a guess: Houdini and the checker judge it.
 */
function onceAssignedValues(program: Program): ReadonlyMap<number, Expression> {
  const values = new Map<number, Expression>(
    [...constantAssignments(program.body)].flatMap(([id, { constants }]) =>
      constants.length === 1 ? [[id, constants[0]!] as const] : [],
    ),
  );
  // `half = n / 2` at the top of the program, half and n written nowhere else: half reads as n / 2
  // where half is not live (a guess over half at a loop after its last use); a guess only, checked
  const writes = new Map<number, number>();
  forEachStatement(program.body, (statement) => {
    if (statement.kind === 'assign' || statement.kind === 'havoc')
      writes.set(statement.target.id, (writes.get(statement.target.id) ?? 0) + 1);
  });
  for (const statement of program.body) {
    if (statement.kind !== 'assign' || values.has(statement.target.id) || writes.get(statement.target.id) !== 1)
      continue;
    const read = [...scalarsReadBy(statement.value).keys()];
    if (
      containsArrayRead(statement.value) ||
      read.some((id) => id === statement.target.id || (writes.get(id) ?? 0) > 1)
    )
      continue;
    values.set(statement.target.id, statement.value);
  }
  return values;
}

/** the guesses as terms over the predicate's parameters, each once; those that cannot be said left out */
function guessTerms(
  guesses: readonly Guess[],
  head: LoopHeadPredicate,
  symbols: readonly ReturnType<typeof symbol>[],
  semantics: Semantics,
  constants: ReadonlyMap<number, Expression>,
): Term[] {
  const scalars = new Map(head.live.scalars.map((variable, position) => [variable.id, symbols[position]!]));
  const arrays = new Map(
    head.live.arrays.map((array, position) => [array.id, symbols[head.live.scalars.length + position]!]),
  );
  const terms = new Map<string, Term>();
  for (const guess of guesses) {
    try {
      const term = guessTerm(readConstants(guess, constants, scalars), scalars, arrays, semantics);
      if (term !== undefined) terms.set(printTerm(term), term);
    } catch (error) {
      if (!(error instanceof Unsayable)) throw error;
    }
  }
  return [...terms.values()];
}

/** the guess with each scalar of `constants` that is not live read as its constant */
function readConstants(
  guess: Guess,
  constants: ReadonlyMap<number, Expression>,
  live: ReadonlyMap<number, Term>,
): Guess {
  const replace = (expression: Expression): Expression => {
    let result = expression;
    for (const [id, variable] of scalarsReadBy(expression))
      if (!live.has(id) && constants.has(id)) result = substituteScalar(result, variable, constants.get(id)!);
    return result;
  };
  if (guess.kind === 'plain') return { kind: 'plain', condition: replace(guess.condition) };
  return {
    ...guess,
    lower: replace(guess.lower),
    upper: replace(guess.upper),
    condition: replace(guess.condition),
    ...(guess.second === undefined
      ? {}
      : { second: { ...guess.second, lower: replace(guess.second.lower), upper: replace(guess.second.upper) } }),
    ...(guess.deeper === undefined
      ? {}
      : {
          deeper: guess.deeper.map((range) => ({ ...range, lower: replace(range.lower), upper: replace(range.upper) })),
        }),
  };
}

function guessTerm(
  guess: Guess,
  scalars: ReadonlyMap<number, Term>,
  arrays: ReadonlyMap<number, Term>,
  semantics: Semantics,
): Term | undefined {
  const ranges = cellRanges(guess);
  const bound = new Map(
    ranges.map(({ variable }) => [variable.id, symbol(`cell!${variable.id}`, scalarSort(variable.type, semantics))]),
  );
  const environment: ExpressionEnvironment = {
    scalar: (variable: ScalarVariable) => {
      const found = bound.get(variable.id) ?? scalars.get(variable.id);
      if (found === undefined) throw new Unsayable();
      return found;
    },
    array: (array) => {
      const found = arrays.get(array.id);
      if (found === undefined) throw new Unsayable();
      return found;
    },
    opaque: () => {
      throw new Unsayable();
    },
  };
  const translator = new ExpressionTranslator(semantics);
  const within = (variable: ScalarVariable, lower: Expression, upper: Expression): Expression =>
    createBinary(
      'logicalAnd',
      createBinary('lessEqual', lower, createVariableExpression(variable)),
      createBinary('less', createVariableExpression(variable), upper),
    );
  const condition: Expression =
    guess.kind === 'plain'
      ? guess.condition
      : createBinary(
          'logicalOr',
          createUnary(
            'logicalNot',
            ranges
              .map((range) => within(range.variable, range.lower, range.upper))
              .reduce((joined, next) => createBinary('logicalAnd', joined, next)),
          ),
          guess.condition,
        );
  const translated = translator.toBool(condition, environment);
  if (translated.definedness !== trueTerm || translator.inexactReasons.size > 0) return undefined;
  return bound.size === 0 ? translated.term : forall([...bound.values()], translated.term);
}
