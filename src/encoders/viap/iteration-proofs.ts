// The second proof strategy of viap (VIAP paper, Sect. 3.2, extended): induction on the iteration
// count N_L of a loop before the assert.
//
// The candidate I(t) is the assert's "does not fail" with N_L replaced by t, and, when the loop
// count is max(0, E + r) for a symbol E (the size, typically), also E replaced by t − r: the
// property as it would read if the loop ran t times. Three queries, each with every definition
// and every fact F of the run before the assert:
//   base: F ∧ ¬I(0);   step: F ∧ 0 <= t < B ∧ I(t) ∧ ¬I(t + 1);   use: F ∧ I(B) ∧ the assert fails,
// with the bound B = N_L. All unsat: in every model of the definitions and F, I(0) holds and I
// carries from t to t + 1 below B, so I(B) holds, and then the assert cannot fail. This is sound
// whatever I is (the guess only decides whether the proof goes through).
//
// More kinds of candidate, tried after those (they cost queries where they are not needed):
// - a recurrence x of the loop changing at one iteration p alone, where x's step singles out p (an
//   atom `n + c = e` in it, change-points.ts): x(t) = x(0) + (x(p + 1) − x(p) if 0 <= p < t, else
//   0): a sum over cells written at a chosen index, whose per-index deltas cancel but at the last
//   index (the assert then needs only the step at p, a disjunction or a bound of its values);
// - I(t) strengthened by a relation u(t) = v(t) between a recurrence u of the loop and a recurrence
//   v of an earlier loop (a second loop counting again, cell by cell, what the first counted);
// - I(t) with the size replaced in the assert's condition only, the path's assumptions kept as they
//   are (`limit <= n` on the path: replacing n there too makes I(t) vacuous where limit > t), alone
//   and with such a relation;
// - for an assert inside a loop of known count C: I(t) = "the assert fails at no iteration below t"
//   with such a relation, and B = C. The failure there requires 0 <= iteration < C, so where C <= 0
//   the use query is unsat by itself, and where C > 0 the induction gives I(C): still sound.
//   Its step is asked in an equivalent form (failingStep): given I(t), I(t + 1) fails exactly when
//   the assert fails at iteration t itself, so the query states that instead of ¬I(t + 1), with t
//   written as p + 1 for a fresh p (a definition: p = t − 1) so that the recurrences' axioms, whose
//   patterns are f(n + 1), fire at t. On the negated quantifier, z3 4.8.12 finds the instance or
//   not depending on the formula's shape (0.03 s on one form, over 10 s on an equivalent one).

import {
  polynomialVariables,
  subtractPolynomials,
  variablePolynomial,
  type Polynomial,
} from '../../analysis/polynomial.js';
import type { Program } from '../../ir/types.js';
import {
  add,
  and,
  createSmtScript,
  equal,
  forall,
  freeSymbolNames,
  implies,
  intConstant,
  intSort,
  ite,
  less,
  lessEqual,
  negate,
  not,
  or,
  sortsEqual,
  substituteTerm,
  subtract,
  symbol,
  type SmtScript,
  type SymbolTerm,
  type Term,
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
/** the relations to an earlier loop's recurrences tried per site */
const maximumRelations = 2;
/** the candidates of a recurrence changing at one point tried per assert (nearest loop first) */
const maximumChangeCandidates = 2;

export function iterationProofs(
  program: Program,
  translation: ViapTranslation,
  obligation: Obligation,
): IterationProof[] {
  const candidates: IterationProof[] = [];
  const changeOnce: IterationProof[] = [];
  const strengthened: IterationProof[] = [];
  const conditionOnly: IterationProof[] = [];
  const alongsideRelation: IterationProof[] = [];
  const allSites = translation.collector.sites;
  const sites = allSites
    .filter((site) => mentions(obligation, site.iterations))
    .reverse()
    .slice(0, maximumSites);
  for (const site of sites) {
    const relations = recurrenceRelations(allSites, site).slice(0, maximumRelations);
    for (const recurrence of site.recurrences)
      for (const point of recurrence.points)
        changeOnce.push(
          candidate(
            program,
            translation,
            obligation,
            site,
            `, ${recurrence.name} changing at no iteration but ${printable(point)}`,
            changingOnlyAt(obligation, recurrence.valueAt, point),
            site.iterations,
          ),
        );
    for (const replacement of sizeReplacements(site)) {
      const invariant = countInvariant(obligation, site, replacement);
      candidates.push(
        candidate(program, translation, obligation, site, replacement.description, invariant, site.iterations),
      );
      const propertyInvariant = conditionInvariant(obligation, site, replacement, []);
      if (propertyInvariant !== undefined) {
        const detail = `${replacement.description} in the assert's condition only`;
        conditionOnly.push(
          candidate(program, translation, obligation, site, detail, propertyInvariant, site.iterations),
          ...relations.map((relation) =>
            candidate(
              program,
              translation,
              obligation,
              site,
              `${detail}${relation.description}`,
              withRelation(obligation, relation, propertyInvariant),
              site.iterations,
            ),
          ),
        );
        for (const relation of relations) {
          // the earlier loop's final values read at t as well: "recount == marked" at each t
          const alongside = conditionInvariant(obligation, site, replacement, [relation.earlierIterations])!;
          alongsideRelation.push(
            candidate(
              program,
              translation,
              obligation,
              site,
              `${detail}, ${relation.earlierIterations.name} := t${relation.description}`,
              withRelation(obligation, relation, alongside),
              site.iterations,
            ),
          );
        }
      }
      for (const relation of relations) {
        const described = `${replacement.description}${relation.description}`;
        strengthened.push(
          candidate(
            program,
            translation,
            obligation,
            site,
            described,
            withRelation(obligation, relation, invariant),
            site.iterations,
          ),
        );
      }
    }
  }
  // an assert inside a loop: induction on the iteration at which it fails, with a relation
  const inside = obligation.failingIteration;
  if (inside !== undefined) {
    // alone first: a count kept by the loop of the assert itself needs no earlier loop; each with
    // its step in the first form, then in the second (failingStep): z3 finds the instance the step
    // needs in one form and not the other, and which form depends on the program (the first proves
    // partial_mod_count_limited_base in 1 s where the second runs out of 4 s; the second proves
    // running-mod4-bound, where the first takes over 10 s). The rounds' short first limit keeps a
    // form that wanders cheap.
    const relations = [undefined, ...recurrenceRelations(allSites, inside.site).slice(0, maximumRelations)];
    for (const relation of relations) {
      const invariant =
        relation === undefined
          ? failingInvariant(obligation, inside.failing)
          : withRelation(obligation, relation, failingInvariant(obligation, inside.failing));
      const detail = `, the assert holding at every earlier iteration${relation?.description ?? ''}`;
      for (const stepForm of [undefined, failingStep(obligation, inside.failing, relation)])
        strengthened.push(
          candidate(program, translation, obligation, inside.site, detail, invariant, inside.count, stepForm),
        );
    }
  }
  // the order: every plain candidate; then those of a recurrence changing at one point (only where
  // its step singles out an iteration); then those with the size and the related loop's count both at
  // t (the relation of a recount to the count kept while marking; cheap where they do not hold);
  // then the strengthened ones (they cost queries where no relation is needed); last, those
  // replacing a size in the assert's condition only (where the path's assumptions read the size
  // with another variable, `limit <= n`, replacing it there too makes I(t) vacuous)
  return [
    ...candidates,
    ...changeOnce.slice(0, maximumChangeCandidates),
    ...alongsideRelation,
    ...strengthened,
    ...conditionOnly,
  ];
}

type Invariant = (at: Term) => Term;

/** the obligation's skolems as the variables of a universal invariant, and the map renaming them */
function universalSkolems(obligation: Obligation): {
  readonly renamed: SymbolTerm[];
  readonly replacements: Map<string, Term>;
} {
  const renamed = obligation.skolems.map((skolem) => symbol(`${skolem.name}!all`, skolem.sort));
  return {
    renamed,
    replacements: new Map<string, Term>(obligation.skolems.map((skolem, index) => [skolem.name, renamed[index]!])),
  };
}

/** I(t): the assert's "does not fail" with the count N_L (and a size symbol, by the replacement) at t */
function countInvariant(obligation: Obligation, site: IterationCountSite, replacement: SizeReplacement): Invariant {
  return (at) => {
    const { renamed, replacements } = universalSkolems(obligation);
    replacements.set(site.iterations.name, at);
    if (replacement.symbol !== undefined) replacements.set(replacement.symbol.name, replacement.valueAt(at));
    return forall(renamed, not(substituteTerm(obligation.relaxedFailure, replacements)));
  };
}

/**
 * I(t): the path to the assert, as it is, implies the assert's condition with the count N_L and the
 * size symbol (and the counts of alsoAtT: an earlier loop's, where a relation ties its recurrence
 * to this loop's) at t. Only for a replaced size symbol and an assert of the top level (no skolems).
 * A guess like the others: the base and step queries check it, whatever it says.
 */
function conditionInvariant(
  obligation: Obligation,
  site: IterationCountSite,
  replacement: SizeReplacement,
  alsoAtT: readonly SymbolTerm[],
): Invariant | undefined {
  const conditionFailure = obligation.conditionFailure;
  if (replacement.symbol === undefined || conditionFailure === undefined || obligation.skolems.length > 0) {
    return undefined;
  }
  const size = replacement.symbol;
  return (at) => {
    const replacements = new Map<string, Term>([
      [site.iterations.name, at],
      [size.name, replacement.valueAt(at)],
    ]);
    for (const other of alsoAtT) replacements.set(other.name, at);
    return not(and(obligation.guard, substituteTerm(conditionFailure, replacements)));
  };
}

/** I(t): an assert inside the loop does not fail at any iteration below t */
function failingInvariant(obligation: Obligation, failing: SymbolTerm): Invariant {
  return (at) => {
    const { renamed, replacements } = universalSkolems(obligation);
    const failingNow = renamed[obligation.skolems.indexOf(failing)]!;
    return forall(renamed, not(and(less(failingNow, at), substituteTerm(obligation.relaxedFailure, replacements))));
  };
}

/**
 * The step of failingInvariant (with a relation, or none) in its second form. With I(t) = "no
 * failure at an iteration below t", I(t) ∧ ¬I(t + 1) holds exactly when I(t) holds and the assert
 * fails at t itself (a failure below t + 1 and not below t is at t: iterations are integers), the
 * other skolems of the obligation existential (fresh constants); with a relation R, ¬I(t + 1) adds
 * the disjunct "R fails at t + 1 where the scope is reached". So the query has the same models as
 * the first form's.
 */
function failingStep(obligation: Obligation, failing: SymbolTerm, relation: RecurrenceRelation | undefined): StepForm {
  const others = obligation.skolems.filter((skolem) => skolem !== failing);
  const fresh = others.map((skolem) => symbol(`${skolem.name}!step`, skolem.sort));
  return {
    constants: fresh,
    failsNext: (at) => {
      const replacements = new Map<string, Term>(others.map((skolem, index) => [skolem.name, fresh[index]!]));
      replacements.set(failing.name, at);
      const failsAt = substituteTerm(obligation.relaxedFailure, replacements);
      if (relation === undefined) return failsAt;
      return or(and(obligation.guard, not(relation.holds(add(at, intConstant(1n))))), failsAt);
    },
  };
}

/** the step's "the invariant fails at t + 1", given the invariant at t, and the constants it declares */
interface StepForm {
  readonly failsNext: (at: Term) => Term;
  readonly constants: readonly SymbolTerm[];
}

/**
 * I(t): where the assert's scope is reached, the recurrence x changes at no iteration below t but p:
 * x(t) = x(0) + (x(p + 1) − x(p) if 0 <= p < t, else 0). A guess like the others (a sum whose
 * per-index deltas the solver proves zero but at one index, change-points.ts); the use query then
 * needs only the step at p.
 */
function changingOnlyAt(obligation: Obligation, valueAt: (at: Term) => Term, point: Term): Invariant {
  const change = subtract(valueAt(add(point, intConstant(1n))), valueAt(point));
  return (at) =>
    implies(
      obligation.guard,
      equal(
        valueAt(at),
        add(
          valueAt(intConstant(0n)),
          ite(and(lessEqual(intConstant(0n), point), less(point, at)), change, intConstant(0n)),
        ),
      ),
    );
}

/** the relation where the assert's scope is reached (elsewhere the loops' counts are unconstrained) */
function withRelation(obligation: Obligation, relation: RecurrenceRelation, invariant: Invariant): Invariant {
  return (at) => and(implies(obligation.guard, relation.holds(at)), invariant(at));
}

/**
 * A guessed relation between a recurrence u of the loop and a recurrence v of an earlier loop:
 * u(t) = v(t) for every t up to the count, as when a second loop counts again, cell by cell, what
 * the first one counted while it wrote the cells. It only strengthens the candidate: the base and
 * step check it like the rest.
 */
interface RecurrenceRelation {
  readonly holds: (at: Term) => Term;
  /** the earlier loop's count N_L', replaced by t too where only the assert's condition is guessed */
  readonly earlierIterations: SymbolTerm;
  readonly description: string;
}

function recurrenceRelations(sites: readonly IterationCountSite[], site: IterationCountSite): RecurrenceRelation[] {
  const earlier = sites.slice(0, sites.indexOf(site));
  return site.recurrences.flatMap((mine) =>
    earlier.flatMap((other) =>
      other.recurrences
        .filter((theirs) => sortsEqual(theirs.sort, mine.sort))
        .map((theirs) => ({
          holds: (at: Term) => equal(mine.valueAt(at), theirs.valueAt(at)),
          earlierIterations: other.iterations,
          description: `, with ${mine.name} = ${theirs.name} of the loop at ${other.location.line}:${other.location.column} at each iteration`,
        })),
    ),
  );
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
    result.push({
      symbol: term,
      valueAt: (t) => add(t, negate(restTerm)),
      description: `, ${term.name} := t - (${printable(restTerm)})`,
    });
  }
  return result;
}

function printable(term: Term): string {
  return term.kind === 'intConstant' ? term.value.toString() : term.kind === 'symbol' ? term.name : '…';
}

function candidate(
  program: Program,
  translation: ViapTranslation,
  obligation: Obligation,
  site: IterationCountSite,
  detail: string,
  invariant: Invariant,
  bound: Term,
  stepForm?: StepForm,
): IterationProof {
  const t = symbol(`${site.iterations.name}!t`, intSort);
  const where = `${obligation.location.line}:${obligation.location.column}`;
  const description = `by induction on the iterations of the loop at ${site.location.line}:${site.location.column}${detail}`;
  const script = (
    part: string,
    goal: readonly { term: Term; comment: string }[],
    extra: readonly SymbolTerm[],
  ): SmtScript =>
    createSmtScript({
      headerComments: [
        `viap encoding of ${program.file}: the assert at ${where}, ${description}: ${part}`,
        'unsat: this part of the induction holds (base, step and use together prove the assert)',
      ],
      logic: 'ALL',
      constants: [...translation.collector.constants, ...extra],
      functions: translation.collector.functions,
      assertions: withDivisibilityLemmas([
        ...translation.collector.axioms,
        { term: obligation.facts, comment: 'what the run did before the assert' },
        ...goal,
      ]),
    });
  const next = add(t, intConstant(1n));
  // the second form: t as p + 1 (p fresh), and the failure at t + 1 as stepForm says
  const previous = symbol(`${site.iterations.name}!p`, intSort);
  const step =
    stepForm === undefined
      ? script(
          'step',
          [
            { term: and(lessEqual(intConstant(0n), t), less(t, bound)), comment: 'an iteration t of the loop' },
            { term: invariant(t), comment: 'the invariant at t' },
            { term: not(invariant(next)), comment: 'the invariant fails at t + 1' },
          ],
          [t],
        )
      : script(
          'step',
          [
            { term: and(lessEqual(intConstant(0n), t), less(t, bound)), comment: 'an iteration t of the loop' },
            { term: equal(t, add(previous, intConstant(1n))), comment: 'p = t - 1 (a definition)' },
            { term: invariant(t), comment: 'the invariant at t' },
            { term: stepForm.failsNext(t), comment: 'the invariant fails at t + 1: at t itself, given it holds at t' },
          ],
          [t, previous, ...stepForm.constants],
        );
  return {
    description,
    scripts: [
      script(
        'base',
        [{ term: not(invariant(intConstant(0n))), comment: 'the invariant fails before the first iteration' }],
        [],
      ),
      step,
      script(
        'use',
        [
          { term: invariant(bound), comment: 'the invariant after the loop' },
          { term: obligation.failure, comment: 'the assert fails' },
        ],
        [],
      ),
    ],
  };
}
