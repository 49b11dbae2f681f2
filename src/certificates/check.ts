// The independent checker of a certificate (certificate.ts): are the invariants a model of the
// program's Horn clauses? It shares nothing with the encodings but the clause builder on the one
// symbolic executor (symbolic/horn-clauses.ts `buildChcEncoding`): it builds the clauses itself
// from the certificate's program and semantics (never takes them from the encoding that found the
// invariants), puts them in CHC-COMP's strict form as the printer does (smt/chc-comp.ts: the text of
// the `--emit smt2` file, the system the solver solved; its rewrites keep the models of the
// builder's predicates), and asks each solver, per clause, in a script of its own (a fresh solver: a z3
// process of the pool starts each script after `(reset)`):
//
//   (set-logic ALL) (define-fun inv_loopN …)… (declare-fun v () S)… (assert (not (=> body head))) (check-sat)
//
// A clause is asked first after `(push 1)` (the solver's incremental mode: z3 then uses its SMT
// core alone), briefly, then as written; either script is the same question.
//
// `unsat` for every clause from a solver: the invariants satisfy every clause, so they are an
// inductive invariant of the program that implies every assertion (the clauses' queries), and the
// program is safe in the clauses' semantics. `sat` for a clause: the certificate is refuted, at that
// clause (a model of its negation is a state the invariants admit and the clause leaves). Anything
// else (unknown, a timeout, an error: a body the solver does not read) leaves the clause unchecked.
//
// Solvers: the run's (z3 or z3-wasm) and, as a second opinion, cvc5 when it is on PATH
// (`secondOpinion`). The verdict: `failed` when any solver refutes a clause; `checked` when at
// least one solver confirms every clause (each solver that did is named); otherwise `unchecked`.
// Soundness assumptions: the solvers are right when they answer unsat; the clause builder is exact
// or over-approximates (its inexact operators are fresh values, so a model of its clauses is a
// model of the exact ones); the model's text means what the solver that printed it meant (the
// checking solvers read the same SMT-LIB).

import { budgetTick } from '../budget-check.js';
import { strictChcComp } from '../smt/chc-comp.js';
import { printSort, printSymbol, printTerm } from '../smt/printer.js';
import { and, freeSymbols, implies, not, type ChcSystem, type HornClause } from '../smt/terms.js';
import { createExternalSolver } from '../solvers/external.js';
import { findExecutable } from '../solvers/index.js';
import { timeoutReason, type Solver, type SolverResult } from '../solvers/solver.js';
import { buildChcEncoding } from '../symbolic/horn-clauses.js';
import { printModel, readModel, type Certificate, type Invariant } from './certificate.js';

/** one clause of the program's system, numbered from 1 in the clause builder's order */
export interface NumberedClause {
  readonly index: number;
  readonly of: number;
  /** the builder's comment: the segment (entry, loop N at L:C) and, for a query, the assert */
  readonly comment: string;
  /** the clause as SMT-LIB text, `(=> body head)` over its variables */
  readonly text: string;
}

export type CertificateCheck =
  | {
      readonly kind: 'checked';
      /** the predicates the invariants interpret */
      readonly invariants: number;
      readonly clauses: number;
      /** the solvers that confirmed every clause */
      readonly solvers: readonly string[];
      /** solvers that could not confirm every clause (unknown), for people */
      readonly notes: readonly string[];
    }
  | { readonly kind: 'failed'; readonly clause: NumberedClause; readonly solver: string }
  | { readonly kind: 'unchecked'; readonly reason: string };

export interface CheckSettings {
  /** the time of the whole check (every solver, every clause) */
  readonly timeoutMilliseconds: number;
  readonly signal?: AbortSignal;
}

/** cvc5 as a second opinion, when it is on PATH (the caller disposes of it) */
export function secondOpinion(): Solver | undefined {
  const executable = findExecutable('cvc5');
  return executable === undefined ? undefined : createExternalSolver({ kind: 'cvc5', executable });
}

/** the clause scripts of a certificate, each a complete SMT-LIB script (for tests and people) */
export function clauseScripts(certificate: Certificate): { clauses: readonly NumberedClause[]; scripts: string[] } {
  const system = programClauses(certificate);
  const clauses = system.clauses.map((clause, position) => numberedClause(clause, position, system.clauses.length));
  return {
    clauses,
    scripts: system.clauses.map((clause, position) =>
      clauseScript(certificate.invariants, clause, clauses[position]!, false),
    ),
  };
}

type SolverVerdict =
  | { readonly kind: 'confirmed' }
  | { readonly kind: 'refuted'; readonly clause: NumberedClause }
  | { readonly kind: 'undecided'; readonly reason: string };

/** Checks the certificate with each solver (at the same time), every clause by itself. */
export async function checkCertificate(
  certificate: Certificate,
  solvers: readonly Solver[],
  settings: CheckSettings,
): Promise<CertificateCheck> {
  const started = Date.now();
  const system = programClauses(certificate);
  const reading = readModel(printModel(certificate.invariants), system.predicates);
  if (reading.kind === 'malformed')
    return { kind: 'unchecked', reason: `not a model of the clauses: ${reading.reason}` };
  const usable = solvers.filter((solver) => solver.checkText !== undefined);
  if (usable.length === 0) return { kind: 'unchecked', reason: 'no solver that reads SMT-LIB text' };
  const clauses = system.clauses.map((clause, position) => numberedClause(clause, position, system.clauses.length));
  const scripts = system.clauses.map((clause, position) => ({
    plain: clauseScript(reading.invariants, clause, clauses[position]!, false),
    incremental: clauseScript(reading.invariants, clause, clauses[position]!, true),
  }));
  const remaining = (): number => settings.timeoutMilliseconds - (Date.now() - started);
  const verdicts = await checkWithEach(usable, clauses, scripts, remaining, settings.signal);
  const refuted = verdicts.findIndex((verdict) => verdict.kind === 'refuted');
  if (refuted >= 0)
    return {
      kind: 'failed',
      clause: (verdicts[refuted] as Extract<SolverVerdict, { kind: 'refuted' }>).clause,
      solver: usable[refuted]!.name,
    };
  const confirming = usable.filter((_solver, position) => verdicts[position]!.kind === 'confirmed');
  const undecided = usable.flatMap((solver, position) => {
    const verdict = verdicts[position]!;
    return verdict.kind === 'undecided' ? [`${solver.name}: ${verdict.reason}`] : [];
  });
  if (confirming.length === 0) return { kind: 'unchecked', reason: undecided.join('; ') };
  return {
    kind: 'checked',
    invariants: system.predicates.length,
    clauses: clauses.length,
    solvers: confirming.map((solver) => solver.name),
    notes: undecided,
  };
}

/**
 * Every solver over the clauses at the same time. Once one has confirmed every clause after t ms,
 * the others get as long again (at least `graceMilliseconds`) and are then stopped: the verdict is
 * `checked` already, and a second opinion stuck on one clause held the certificate step (and the
 * command) until the check's time was over. A refutation stops the others at once.
 */
async function checkWithEach(
  solvers: readonly Solver[],
  clauses: readonly NumberedClause[],
  scripts: readonly ClauseScripts[],
  remaining: () => number,
  signal: AbortSignal | undefined,
): Promise<SolverVerdict[]> {
  const started = Date.now();
  const stops = solvers.map(() => new AbortController());
  const stopAll = (): void => stops.forEach((stop) => stop.abort());
  signal?.addEventListener('abort', stopAll, { once: true });
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  let confirmedBy: { readonly solver: string; readonly milliseconds: number } | undefined;
  try {
    return await Promise.all(
      solvers.map(async (solver, position) => {
        const verdict = await checkWith(solver, clauses, scripts, remaining, stops[position]!.signal);
        if (verdict.kind === 'refuted') stopAll();
        if (verdict.kind === 'confirmed' && confirmedBy === undefined) {
          confirmedBy = { solver: solver.name, milliseconds: Date.now() - started };
          graceTimer = setTimeout(stopAll, Math.max(graceMilliseconds, confirmedBy.milliseconds));
        }
        if (verdict.kind !== 'undecided' || signal?.aborted === true || confirmedBy === undefined) return verdict;
        return {
          kind: 'undecided',
          reason: `${verdict.reason} (stopped: ${confirmedBy.solver} confirmed every clause in ${confirmedBy.milliseconds} ms)`,
        } satisfies SolverVerdict;
      }),
    );
  } finally {
    clearTimeout(graceTimer);
    signal?.removeEventListener('abort', stopAll);
  }
}

/** the least time the other solvers get once one has confirmed every clause */
const graceMilliseconds = 500;

/**
 * one solver over every clause, in order: the first refuted or undecided clause ends it. A clause
 * is asked of z3 in its incremental mode first (the script after `(push 1)`: z3 then runs its
 * SMT core without its non-incremental tactics, which settles at once nonlinear clauses that z3
 * 4.8's default strategy for logic ALL does not; at most `firstAttemptMilliseconds`), then as
 * written (as long again), then as written with the time left.
 */
async function checkWith(
  solver: Solver,
  clauses: readonly NumberedClause[],
  scripts: readonly ClauseScripts[],
  remaining: () => number,
  signal: AbortSignal | undefined,
): Promise<SolverVerdict> {
  for (const [position, script] of scripts.entries()) {
    const clause = clauses[position]!;
    // (cvc5 refuses `(push 1)` unless started incremental: it gets the script as written)
    const attempts: [string, number][] = z3Solvers.has(solver.name)
      ? [
          [script.incremental, firstAttemptMilliseconds],
          [script.plain, firstAttemptMilliseconds],
          [script.plain, Number.POSITIVE_INFINITY],
        ]
      : [[script.plain, Number.POSITIVE_INFINITY]];
    let result: SolverResult | undefined;
    for (const [text, most] of attempts) {
      const left = remaining();
      if (left < 1 || signal?.aborted === true) break;
      result = await solver.checkText!(text, {
        timeoutMilliseconds: Math.min(left, most),
        ...(signal === undefined ? {} : { signal }),
      });
      if (result.kind !== 'unknown' || result.reason !== timeoutReason) break;
    }
    if (result === undefined)
      return { kind: 'undecided', reason: `no time left at clause ${clause.index} of ${clause.of}` };
    switch (result.kind) {
      case 'unsat':
        continue;
      case 'sat':
        return { kind: 'refuted', clause };
      case 'unknown':
        return {
          kind: 'undecided',
          reason: `clause ${clause.index} of ${clause.of} (${clause.comment}): ${result.reason === timeoutReason ? 'timeout' : `unknown (${result.reason})`}`,
        };
      default: {
        const never: never = result;
        throw new Error(`unknown solver result ${JSON.stringify(never)}`);
      }
    }
  }
  return { kind: 'confirmed' };
}

/** the solvers (by name) that get a clause in incremental mode first: z3, external or WASM */
const z3Solvers: ReadonlySet<string> = new Set(['z3', 'z3-wasm']);

/** the time each of a clause's first two attempts gets */
const firstAttemptMilliseconds = 1_000;

/** a clause's script as written, and in the solver's incremental mode */
interface ClauseScripts {
  readonly plain: string;
  readonly incremental: string;
}

/**
 * The clauses the invariants must satisfy: the builder's, in CHC-COMP's strict form, which is what
 * `--emit smt2` writes and the solver solved (smt/chc-comp.ts: its rewrites keep the models of the
 * builder's predicates, with the error predicate false and each ghost the constant array it stands
 * for, so a model of these is one of the builder's clauses)
 */
function programClauses(certificate: Certificate): ChcSystem {
  return strictChcComp(buildChcEncoding(certificate.program, certificate.semantics).system);
}

function numberedClause(clause: HornClause, position: number, count: number): NumberedClause {
  budgetTick('certificate check');
  const body = and(...clause.body);
  return {
    index: position + 1,
    of: count,
    comment: clause.comment ?? (clause.head.kind === 'boolConstant' ? 'query' : 'clause'),
    text: printTerm(implies(body, clause.head)),
  };
}

/** the script whose unsat says that the invariants satisfy the clause */
function clauseScript(
  invariants: readonly Invariant[],
  clause: HornClause,
  numbered: NumberedClause,
  incremental: boolean,
): string {
  const negated = not(implies(and(...clause.body), clause.head));
  const symbols = new Map(freeSymbols(negated).map((found) => [found.name, found]));
  return [
    `; clause ${numbered.index} of ${numbered.of}: ${numbered.comment.replace(/\n/g, ' ')}`,
    '(set-logic ALL)',
    ...(incremental ? ['(push 1)'] : []),
    ...invariants.map((invariant) => invariant.definition),
    ...[...symbols.values()].map((found) => `(declare-fun ${printSymbol(found.name)} () ${printSort(found.sort)})`),
    `(assert ${printTerm(negated)})`,
    '(check-sat)',
    '',
  ].join('\n');
}
