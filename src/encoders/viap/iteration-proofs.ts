// The second proof strategy of viap (paper 001, Sect. 3.2, extended): induction on the iteration
// count N_L of a loop before the assert.
//
// The candidate I(t) is the assert's "does not fail" with N_L replaced by t, and, when the loop
// count is max(0, E + r) for a symbol E (the size, typically), also E replaced by t − r: the
// property as it would read if the loop ran t times. Three queries, each with every definition
// and every fact F of the run before the assert:
//   base: F ∧ ¬I(0);   step: F ∧ 0 <= t < N_L ∧ I(t) ∧ ¬I(t + 1);   use: F ∧ I(N_L) ∧ the assert fails.
// All unsat: in every model of the definitions and F, I(0) holds and I carries from t to t + 1
// below N_L, so I(N_L) holds, and then the assert cannot fail. This is sound whatever I is (the
// guess only decides whether the proof goes through).

import { polynomialVariables, subtractPolynomials, variablePolynomial, type Polynomial } from '../../analysis/polynomial.js';
import type { Program } from '../../ir/types.js';
import {
  add, and, createSmtScript, forall, freeSymbolNames, intConstant, intSort, less, lessEqual, negate, not, substituteTerm, symbol, type SmtScript, type SymbolTerm, type Term,
} from '../../smt/terms.js';
import { withDivisibilityLemmas } from './divisibility.js';
import { polynomialTerm } from './polynomial-terms.js';
import type { IterationCountSite, Obligation, ViapTranslation } from './translate.js';

export interface IterationProof {
  readonly description: string;
  /** base, step, use: all unsat proves the obligation */
  readonly scripts: readonly SmtScript[];
}

/** the sites tried, nearest loop first */
const maximumSites = 3;

export function iterationProofs(program: Program, translation: ViapTranslation, obligation: Obligation): IterationProof[] {
  const candidates: IterationProof[] = [];
  const sites = translation.collector.sites.filter((site) => mentions(obligation, site.iterations)).reverse().slice(0, maximumSites);
  for (const site of sites) {
    for (const replacement of sizeReplacements(site)) {
      candidates.push(candidate(program, translation, obligation, site, replacement));
    }
  }
  return candidates;
}

function mentions(obligation: Obligation, iterations: SymbolTerm): boolean {
  return freeSymbolNames(obligation.facts).has(iterations.name);
}

interface SizeReplacement {
  /** the symbol replaced, and the value it gets at t as a function of t */
  readonly symbol: SymbolTerm | undefined;
  readonly valueAt: (t: Term) => Term;
  readonly description: string;
}

/** no replacement, and E := t − r for each symbol E with coefficient 1 in the count E + r */
function sizeReplacements(site: IterationCountSite): SizeReplacement[] {
  const result: SizeReplacement[] = [{ symbol: undefined, valueAt: (t) => t, description: '' }];
  const exit = site.exit;
  if (exit?.quotient === undefined) return result;
  const quotient = exit.quotient;
  for (const name of polynomialVariables(quotient)) {
    const term = exit.atoms.termOf(name);
    if (term === undefined || term.kind !== 'symbol') continue;
    const rest: Polynomial = subtractPolynomials(quotient, variablePolynomial(name));
    if (polynomialVariables(rest).has(name)) continue;
    const restTerm = polynomialTerm(rest, (other) => exit.atoms.termOf(other)!);
    result.push({ symbol: term, valueAt: (t) => add(t, negate(restTerm)), description: `, ${term.name} := t - (${printable(restTerm)})` });
  }
  return result;
}

function printable(term: Term): string {
  return term.kind === 'intConstant' ? term.value.toString() : term.kind === 'symbol' ? term.name : '…';
}

function candidate(program: Program, translation: ViapTranslation, obligation: Obligation, site: IterationCountSite, replacement: SizeReplacement): IterationProof {
  const t = symbol(`${site.iterations.name}!t`, intSort);
  const invariant = (at: Term): Term => {
    const replacements = new Map<string, Term>([[site.iterations.name, at]]);
    if (replacement.symbol !== undefined) replacements.set(replacement.symbol.name, replacement.valueAt(at));
    const renamed = obligation.skolems.map((skolem) => symbol(`${skolem.name}!all`, skolem.sort));
    for (const [index, skolem] of obligation.skolems.entries()) replacements.set(skolem.name, renamed[index]!);
    return forall(renamed, not(substituteTerm(obligation.relaxedFailure, replacements)));
  };
  const where = `${obligation.location.line}:${obligation.location.column}`;
  const description = `by induction on the iterations of the loop at ${site.location.line}:${site.location.column}${replacement.description}`;
  const script = (part: string, goal: readonly { term: Term; comment: string }[], extra: readonly SymbolTerm[]): SmtScript => createSmtScript({
    headerComments: [
      `viap encoding of ${program.file}: the assert at ${where}, ${description}: ${part}`,
      'unsat: this part of the induction holds (base, step and use together prove the assert)',
    ],
    logic: 'ALL',
    constants: [...translation.collector.constants, ...extra],
    functions: translation.collector.functions,
    assertions: withDivisibilityLemmas([...translation.collector.axioms, { term: obligation.facts, comment: 'what the run did before the assert' }, ...goal]),
  });
  const next = add(t, intConstant(1n));
  return {
    description,
    scripts: [
      script('base', [{ term: not(invariant(intConstant(0n))), comment: 'the invariant fails before the first iteration' }], []),
      script('step', [
        { term: and(lessEqual(intConstant(0n), t), less(t, site.iterations)), comment: 'an iteration t of the loop' },
        { term: invariant(t), comment: 'the invariant at t' },
        { term: not(invariant(next)), comment: 'the invariant fails at t + 1' },
      ], [t]),
      script('use', [
        { term: invariant(site.iterations), comment: 'the invariant after the loop' },
        { term: obligation.failure, comment: 'the assert fails' },
      ], []),
    ],
  };
}
