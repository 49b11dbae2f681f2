// Accelerated path summaries (Kroening et al., Sect. 3–4): for one loop path pi, a template of the
// auxiliary path pi~ that stands for n >= 1 iterations of pi at once:
//   n := *; [n >= 1]; [feasibility: for all j in [0, n): guard of pi at the state after j iterations];
//   X := closed forms at n; a := array summaries
// over template symbols (the values at the start of the stretch, n, the havoc values); the encoder
// instantiates the template at every unrolled loop head by substitution.
//
// Soundness (this is an under-approximation: every state it reaches is reached by the real loop
// after n iterations of pi, when the closed forms hold):
// - closed forms come from src/analysis/closed-forms.ts (syntactic, or fitted and proven by the
//   induction step); a variable without one gets a fresh value (⊥) and the summary is marked
//   inexact; a path whose feasibility depends on such a variable is not accelerated;
// - every havoc on the path takes one value for the whole stretch (a subset of the real choices);
// - feasibility (Lemma 2): each conjunct of the guard is instantiated at the closed forms of
//   iteration j; the quantifier over j is dropped only when the solver proves the conjunct monotone
//   in j (Proposition 1: holds at n-1 => holds before, or holds at 0 => holds after), or after
//   splitting x != c into x < c and x > c (Fig. 4, two path variants); otherwise it stays quantified;
// - arrays (eq. 6): one write per array, to an array the path does not read; with an index linear in j
//   with a constant stride the membership test is quantifier-free (Lemma 3) and the new array is a
//   lambda; otherwise the quantified eq. (6) over a fresh array;
// - bv semantics (Sect. 3.4): closed forms are evaluated in mathematical integers and every
//   arithmetic subterm of the path is required to stay in its type's range for every accelerated
//   iteration (checked at both ends of the range, plus monotonicity for quadratic subterms), so the
//   modular bv computation equals the integer one. Every counterexample is replayed anyway.

import { computeClosedForms, type ClosedForm } from '../../analysis/closed-forms.js';
import {
  constantPolynomial,
  degreeIn,
  formatPolynomial,
  isConstantPolynomial,
  polynomialVariables,
  substitutePolynomial,
  subtractPolynomials,
  totalDegree,
  withCommonDenominator,
  type Polynomial,
} from '../../analysis/polynomial.js';
import { typeRange } from '../../ir/factory.js';
import { arrayReadsOf, expressionsOf, scalarsReadBy } from '../../ir/visit.js';
import type { ArrayVariable, Program, ScalarVariable, Semantics } from '../../ir/types.js';
import {
  and,
  bitvectorComparison,
  containsSubterm,
  createSmtScript,
  equal,
  exists,
  forall,
  freeSymbolNames,
  freeSymbols,
  greater,
  implies,
  intSort,
  ite,
  lambda,
  less,
  not,
  or,
  select,
  substituteTerm,
  symbol,
  type SymbolTerm,
  type Term,
} from '../../smt/terms.js';
import type { Solver } from '../../solvers/solver.js';
import { arrayVariableSort, ExpressionTranslator, indexSort, scalarSort } from '../../symbolic/expressions.js';
import { arithmeticFor, type Arithmetic } from './arithmetic.js';
import { formatTerm } from '../../smt/format.js';
import { executeStraightLine, type StraightLineTerms } from '../../symbolic/straight-line.js';
import { checkBudget } from '../../budget-check.js';
import { formatLocation, type LoopPath } from './paths.js';
import { evaluatePath, iterationName, type ArithmeticSubterm } from '../../analysis/path-polynomials.js';

export interface SummaryCondition {
  readonly term: Term;
  /** how the condition was obtained, for --show-summaries */
  readonly rule: string;
}

export interface PathSummary {
  readonly path: LoopPath;
  /** the number domain of n and the closed forms */
  readonly arithmetic: Arithmetic;
  /** '' or the split that produced this variant, e.g. "i < 10 of i != 10" */
  readonly variant: string;
  readonly semantics: Semantics;
  /** value at the start of the stretch of every scalar and array the path uses */
  readonly initialScalars: ReadonlyMap<number, SymbolTerm>;
  readonly initialArrays: ReadonlyMap<number, SymbolTerm>;
  readonly count: SymbolTerm;
  readonly havocs: readonly { readonly symbol: SymbolTerm; readonly variable: ScalarVariable }[];
  /** scalars without a closed form (⊥): a fresh value after the stretch */
  readonly undefinedScalars: ReadonlyMap<number, SymbolTerm>;
  /** arrays summarised by the quantified eq. (6): a fresh array constrained by the conditions */
  readonly quantifiedArrays: ReadonlyMap<number, SymbolTerm>;
  /** all hold iff the stretch of `count` iterations is taken (n >= 1 included) */
  readonly conditions: readonly SummaryCondition[];
  readonly finalScalars: ReadonlyMap<number, Term>;
  readonly finalArrays: ReadonlyMap<number, Term>;
  /** the scalars and arrays a stretch may change (CBMC's "variables it may overwrite") */
  readonly overwrites: readonly (ScalarVariable | ArrayVariable)[];
  readonly exact: boolean;
  /** no quantifier left in the conditions and no quantified array summary */
  readonly quantifierFree: boolean;
  /** human-readable lines for --show-summaries and emitted comments */
  readonly report: readonly string[];
}

export type SummaryResult =
  | { readonly kind: 'summaries'; readonly summaries: readonly PathSummary[] }
  | { readonly kind: 'rejected'; readonly reason: string };

export interface SummaryContext {
  readonly program: Program;
  readonly semantics: Semantics;
  /** undefined: no solver (emit without solving): every j-dependent conjunct stays quantified */
  readonly solver: Solver | undefined;
  readonly queryTimeoutMilliseconds: number;
  /** distinguishes template symbols of different paths */
  readonly tag: string;
}

/** the most variants one path may split into (Fig. 4) */
const maximumVariants = 4;
/** the most iterations one accelerated stretch may stand for (keeps replays short) */
export const maximumStretch = 1n << 25n;

class Rejection extends Error {}

// ---------------------------------------------------------------- numbers

/** the number term of a polynomial; `valueOf` gives the number term of each variable */
function polynomialTerm(polynomial: Polynomial, valueOf: (name: string) => Term, arithmetic: Arithmetic): Term {
  const { numerator, denominator } = withCommonDenominator(polynomial);
  const monomials = numerator.monomials.map((monomial) => {
    const factors: Term[] = [];
    const coefficient = monomial.coefficient.numerator;
    if (coefficient !== 1n || monomial.powers.size === 0) factors.push(arithmetic.constant(coefficient));
    for (const [name, power] of monomial.powers)
      for (let count = 0; count < power; count++) factors.push(valueOf(name));
    return factors.length === 1 ? factors[0]! : arithmetic.multiply(...factors);
  });
  const sum =
    monomials.length === 0
      ? arithmetic.constant(0n)
      : monomials.length === 1
        ? monomials[0]!
        : arithmetic.add(...monomials);
  return denominator === 1n ? sum : arithmetic.divide(sum, denominator);
}

/** bits that keep every closed form of the summary exact (bv semantics); undefined when too wide */
function numberWidth(polynomials: readonly Polynomial[], program: Program): number | undefined {
  let degree = 1;
  let coefficientBits = 1;
  for (const polynomial of polynomials) {
    degree = Math.max(degree, totalDegree(polynomial));
    const { numerator } = withCommonDenominator(polynomial);
    let sum = 0n;
    for (const monomial of numerator.monomials)
      sum += monomial.coefficient.numerator < 0n ? -monomial.coefficient.numerator : monomial.coefficient.numerator;
    coefficientBits = Math.max(coefficientBits, sum.toString(2).length);
  }
  const valueWidth = Math.max(64, ...program.scalars.map((variable) => variable.type.width));
  const width = valueWidth * (degree + 1) + coefficientBits + 8;
  return width > 640 ? undefined : width;
}

// ---------------------------------------------------------------- the summary of one path

export async function summarisePath(path: LoopPath, context: SummaryContext): Promise<SummaryResult> {
  try {
    return await buildSummaries(path, context);
  } catch (error) {
    if (error instanceof Rejection) return { kind: 'rejected', reason: error.message };
    throw error;
  }
}

/** what the closed forms of one path give: its symbols at the start of a stretch, and values after j iterations */
interface Template {
  readonly path: LoopPath;
  readonly context: SummaryContext;
  readonly used: ReturnType<typeof usedVariables>;
  readonly evaluation: ReturnType<typeof evaluatePath>;
  readonly forms: ReadonlyMap<string, ClosedForm>;
  /** the value of each arithmetic subterm of the path at iteration j (undefined: no closed form) */
  readonly subtermsAtIteration: readonly (Polynomial | undefined)[];
  readonly arithmetic: Arithmetic;
  readonly initialScalars: ReadonlyMap<number, SymbolTerm>;
  readonly initialArrays: ReadonlyMap<number, SymbolTerm>;
  readonly count: SymbolTerm;
  readonly iteration: SymbolTerm;
  readonly havocs: readonly {
    readonly symbol: SymbolTerm;
    readonly variable: ScalarVariable;
    readonly parameter: string;
  }[];
  readonly undefinedScalars: ReadonlyMap<number, SymbolTerm>;
  /** integer value of a polynomial variable name (initial values, havoc values, the iteration) */
  readonly integerValueOf: (iterationTerm: Term) => (name: string) => Term;
  /** the state after `iterationTerm` iterations (`atLeastOne`: the term is >= 1) */
  readonly stateAt: (
    iterationTerm: Term,
    atLeastOne: boolean,
  ) => { scalars: Map<number, Term>; arrays: Map<number, Term> };
}

/** the phase named when the budget runs out while summarising (budget-check.ts) */
const summarisingPhase = 'summarising loop paths (accel)';

async function buildSummaries(path: LoopPath, context: SummaryContext): Promise<SummaryResult> {
  checkBudget(summarisingPhase);
  const template = buildTemplate(path, context);
  const { evaluation, forms, arithmetic, count, undefinedScalars } = template;
  const atIteration = pathAtIteration(template);
  const display = displayFunction(template);
  const report: string[] = [];
  report.push(`loop at ${formatLocation(path.loop.location)}, path: ${path.description}`);
  const formLines = evaluation.modified.map(
    (variable) => `    ${describeForm(variable, forms.get(variable.name), template.havocs)}`,
  );
  report.push('  closed forms (value after j iterations; x means x at the start of the stretch):', ...formLines);

  // feasibility conjuncts, with quantifier elimination
  const common: SummaryCondition[] = [
    {
      term: and(
        arithmetic.lessEqual(arithmetic.constant(1n), count),
        arithmetic.lessEqual(count, arithmetic.constant(maximumStretch)),
      ),
      rule: `1 <= n <= ${maximumStretch} (a stretch stays replayable)`,
    },
  ];
  if (context.semantics === 'bv')
    common.push(
      ...overflowGuards(evaluation.subterms, template.subtermsAtIteration, template.integerValueOf, count, arithmetic),
    );
  const variants = await feasibilityVariants(template, atIteration.conjuncts, display, common);
  const arrays = summariseArrays(template, atIteration, display);

  const finalState = template.stateAt(count, true);
  const finalScalars = new Map<number, Term>();
  for (const variable of evaluation.modified) finalScalars.set(variable.id, finalState.scalars.get(variable.id)!);
  const exact = undefinedScalars.size === 0;
  const overwritten: (ScalarVariable | ArrayVariable)[] = [
    ...evaluation.modified,
    ...atIteration.writes.map((write) => write.array),
  ];
  const overwrites = overwritten.map((variable) => variable.sourceName);
  const inexactNames = [...undefinedScalars.keys()].map(
    (id) => context.program.scalars.find((variable) => variable.id === id)?.sourceName,
  );

  const summaries = variants.map((variant): PathSummary => {
    const conditions = [...common, ...variant.conditions, ...arrays.conditions];
    const lines = [
      ...report,
      ...(variant.label === '' ? [] : [`  split (Fig. 4): ${variant.label}`]),
      '  feasibility and side conditions:',
      ...conditions.map((condition) => `    ${display(condition.term)}   [${condition.rule}]`),
      ...(arrays.lines.length === 0 ? [] : ['  arrays:', ...arrays.lines]),
      `  overwrites: ${overwrites.join(', ') || 'nothing'}; ${exact ? 'exact' : `inexact (⊥: ${inexactNames.join(', ')})`}`,
    ];
    return {
      path,
      arithmetic,
      variant: variant.label,
      semantics: context.semantics,
      initialScalars: template.initialScalars,
      initialArrays: template.initialArrays,
      count,
      havocs: template.havocs.map((havoc) => ({ symbol: havoc.symbol, variable: havoc.variable })),
      undefinedScalars,
      quantifiedArrays: arrays.quantified,
      conditions,
      finalScalars,
      finalArrays: arrays.final,
      overwrites: overwritten,
      exact,
      report: lines,
      quantifierFree:
        arrays.quantified.size === 0 && conditions.every((condition) => !containsQuantifier(condition.term)),
    };
  });
  return { kind: 'summaries', summaries };
}

/** closed forms, the number domain and the template symbols of one path (Rejection: the path cannot be summarised) */
function buildTemplate(path: LoopPath, context: SummaryContext): Template {
  const { semantics, tag } = context;
  const used = usedVariables(path);

  // closed forms of the scalars the path modifies
  const evaluation = evaluatePath(path.statements, semantics);
  const forms = computeClosedForms({ updates: evaluation.values }, { iterationVariable: iterationName });
  checkBudget(summarisingPhase);

  // the number domain: bv needs a width in which no closed form wraps
  const widthPolynomials: Polynomial[] = [];
  for (const form of forms.values()) if (form.kind !== 'undefined') widthPolynomials.push(form.value);
  const subtermsAtIteration = evaluation.subterms.map((subterm) =>
    atIterationPolynomial(subterm.value, forms, evaluation.modified),
  );
  for (const polynomial of subtermsAtIteration) if (polynomial !== undefined) widthPolynomials.push(polynomial);
  for (const write of evaluation.writes) {
    const index = atIterationPolynomial(write.index, forms, evaluation.modified);
    if (index !== undefined) widthPolynomials.push(index);
  }
  const width = semantics === 'bv' ? numberWidth(widthPolynomials, context.program) : 0;
  if (width === undefined) throw new Rejection('bv: the closed forms need too wide a number domain');
  const arithmetic = arithmeticFor(semantics, width);

  // template symbols
  const initialScalars = new Map<number, SymbolTerm>();
  for (const variable of used.scalars.values())
    initialScalars.set(variable.id, symbol(`${variable.name}@${tag}.0`, scalarSort(variable.type, semantics)));
  const initialArrays = new Map<number, SymbolTerm>();
  for (const array of used.arrays.values())
    initialArrays.set(array.id, symbol(`${array.name}@${tag}.0`, arrayVariableSort(array, semantics)));
  const havocs = evaluation.havocs.map((havoc, index) => ({
    symbol: symbol(`${havoc.variable.name}@${tag}.h${index}`, scalarSort(havoc.variable.type, semantics)),
    variable: havoc.variable,
    parameter: havoc.parameter,
  }));
  const undefinedScalars = new Map<number, SymbolTerm>();
  for (const variable of evaluation.modified) {
    if (forms.get(variable.name)?.kind === 'undefined') {
      undefinedScalars.set(variable.id, symbol(`${variable.name}@${tag}.bottom`, scalarSort(variable.type, semantics)));
    }
  }
  const partial = {
    path,
    context,
    used,
    evaluation,
    forms,
    subtermsAtIteration,
    arithmetic,
    initialScalars,
    initialArrays,
    count: symbol(`n@${tag}`, arithmetic.sort),
    iteration: symbol(`j@${tag}`, arithmetic.sort),
    havocs,
    undefinedScalars,
  };
  const integerValueOf = integerValues(partial);
  return { ...partial, integerValueOf, stateAt: statesAt({ ...partial, integerValueOf }) };
}

/** integer value of a polynomial variable name (initial values, havoc values, the iteration) */
function integerValues(
  template: Pick<Template, 'context' | 'arithmetic' | 'havocs' | 'initialScalars'>,
): Template['integerValueOf'] {
  const { arithmetic, havocs, initialScalars } = template;
  const scalarsByName = new Map(template.context.program.scalars.map((variable) => [variable.name, variable]));
  return (iterationTerm: Term) =>
    (name: string): Term => {
      if (name === iterationName) return iterationTerm;
      const havoc = havocs.find((entry) => entry.parameter === name);
      if (havoc !== undefined) return arithmetic.fromProgram(havoc.symbol, havoc.variable.type);
      const variable = scalarsByName.get(name);
      const initial = variable === undefined ? undefined : initialScalars.get(variable.id);
      if (variable === undefined || initial === undefined) throw new Error(`internal: no template symbol for ${name}`);
      return arithmetic.fromProgram(initial, variable.type);
    };
}

/** the state after a number of iterations: every used scalar at its closed form, the arrays at the start */
function statesAt(template: Omit<Template, 'stateAt'>): Template['stateAt'] {
  const { forms, arithmetic, initialScalars, initialArrays, undefinedScalars, integerValueOf } = template;
  /** the value of a modified scalar after `iterationTerm` iterations (`atLeastOne`: the term is >= 1) */
  const valueAt = (variable: ScalarVariable, iterationTerm: Term, atLeastOne: boolean): Term => {
    const form = forms.get(variable.name);
    const initial = initialScalars.get(variable.id)!;
    if (form === undefined) return initial;
    switch (form.kind) {
      case 'polynomial':
        return arithmetic.toProgram(
          polynomialTerm(form.value, integerValueOf(iterationTerm), arithmetic),
          variable.type,
        );
      case 'fromFirstIteration': {
        const later = arithmetic.toProgram(
          polynomialTerm(form.value, integerValueOf(iterationTerm), arithmetic),
          variable.type,
        );
        return atLeastOne ? later : ite(equal(iterationTerm, arithmetic.constant(0n)), initial, later);
      }
      case 'undefined':
        return undefinedScalars.get(variable.id)!;
      default: {
        const never: never = form;
        throw new Error(`internal: unknown closed form ${JSON.stringify(never)}`);
      }
    }
  };
  return (iterationTerm: Term, atLeastOne: boolean) => {
    const scalars = new Map<number, Term>();
    for (const variable of template.used.scalars.values())
      scalars.set(variable.id, valueAt(variable, iterationTerm, atLeastOne));
    return { scalars, arrays: new Map<number, Term>(initialArrays) };
  };
}

/** the path at iteration j, as terms: its guard conjuncts and its array writes (Rejection: not summarisable) */
function pathAtIteration(template: Template): PathTerms {
  const { path, evaluation, forms, undefinedScalars } = template;
  const translator = new ExpressionTranslator(template.context.semantics);
  const atIteration = executeStraightLine(
    path.statements,
    template.stateAt(template.iteration, false),
    template.havocs.map((havoc) => havoc.symbol),
    translator,
    rejectPath,
  );
  const written = new Set(atIteration.writes.map((write) => write.array.id));
  if (written.size !== atIteration.writes.length) throw new Rejection('the path writes one array twice');
  for (const array of template.used.readArrays.values()) {
    if (!written.has(array.id)) continue;
    const problem = readsOfWrittenArray(array, evaluation, forms);
    if (problem !== undefined) throw new Rejection(`the path reads and writes ${array.sourceName}: ${problem}`);
  }
  const bottomNames = new Set([...undefinedScalars.values()].map((entry) => entry.name));
  for (const conjunct of atIteration.conjuncts) {
    const names = freeSymbolNames(conjunct);
    for (const variable of evaluation.modified) {
      if (undefinedScalars.has(variable.id) && names.has(undefinedScalars.get(variable.id)!.name)) {
        const form = forms.get(variable.name) as Extract<ClosedForm, { kind: 'undefined' }>;
        throw new Rejection(
          `the path's guard depends on ${variable.sourceName}, which has no closed form (${form.reason})`,
        );
      }
    }
  }
  for (const write of atIteration.writes) {
    for (const name of freeSymbolNames(write.index)) {
      if (bottomNames.has(name))
        throw new Rejection(`the index written in ${write.array.sourceName} has no closed form`);
    }
  }
  return atIteration;
}

/** a term as people read it: template symbols by their source names (x^0, n, j, k, nondet0(x)) */
function displayFunction(template: Template): (term: Term) => string {
  const displayNames = new Map<string, Term>();
  for (const variable of template.used.scalars.values())
    displayNames.set(template.initialScalars.get(variable.id)!.name, symbol(`${variable.sourceName}^0`, intSort));
  for (const array of template.used.arrays.values())
    displayNames.set(template.initialArrays.get(array.id)!.name, symbol(`${array.sourceName}^0`, intSort));
  template.havocs.forEach((havoc, index) =>
    displayNames.set(havoc.symbol.name, symbol(`nondet${index}(${havoc.variable.sourceName})`, intSort)),
  );
  displayNames.set(template.count.name, symbol('n', intSort));
  displayNames.set(template.iteration.name, symbol('j', intSort));
  displayNames.set(`k@${template.context.tag}`, symbol('k', intSort));
  return (term: Term): string => formatTerm(substituteTerm(term, displayNames));
}

/** the guard's conjuncts without their quantifier over j where possible; a split (Fig. 4) makes variants */
async function feasibilityVariants(
  template: Template,
  conjuncts: readonly Term[],
  display: (term: Term) => string,
  common: readonly SummaryCondition[],
): Promise<{ label: string; conditions: SummaryCondition[] }[]> {
  const { iteration, count, arithmetic } = template;
  let variants: { label: string; conditions: SummaryCondition[] }[] = [{ label: '', conditions: [] }];
  for (const conjunct of conjuncts) {
    checkBudget(summarisingPhase);
    const elimination = await eliminate(
      conjunct,
      iteration,
      count,
      template.context,
      display,
      common.map((condition) => condition.term),
      arithmetic,
    );
    if (elimination.kind === 'split' && variants.length * 2 <= maximumVariants) {
      variants = variants.flatMap((variant) =>
        elimination.parts.map((part) => ({
          label: variant.label === '' ? part.label : `${variant.label}; ${part.label}`,
          conditions: [...variant.conditions, part.condition],
        })),
      );
    } else {
      const condition =
        elimination.kind === 'split' ? quantified(conjunct, iteration, count, arithmetic) : elimination.condition;
      for (const variant of variants) variant.conditions.push(condition);
    }
  }
  return variants;
}

/** eq. (6) for every array the path writes: the arrays after the stretch, and their conditions */
function summariseArrays(template: Template, atIteration: PathTerms, display: (term: Term) => string) {
  const { evaluation, forms, iteration, count, arithmetic, context } = template;
  const final = new Map<number, Term>();
  const quantified = new Map<number, SymbolTerm>();
  const conditions: SummaryCondition[] = [];
  const lines: string[] = [];
  atIteration.writes.forEach((write, position) => {
    const indexPolynomial = atIterationPolynomial(evaluation.writes[position]!.index, forms, evaluation.modified);
    const initialArray = template.initialArrays.get(write.array.id)!;
    const summary = summariseWrite(
      write,
      indexPolynomial,
      initialArray,
      iteration,
      count,
      template.integerValueOf,
      context.semantics,
      context.tag,
      arithmetic,
    );
    if (summary.kind === 'lambda') {
      final.set(write.array.id, summary.array);
      lines.push(
        `    ${write.array.sourceName}[k] after the stretch: written iff ${display(summary.membership)}   [${summary.rule}]`,
      );
    } else {
      const fresh = symbol(`${write.array.name}@${context.tag}.1`, arrayVariableSort(write.array, context.semantics));
      quantified.set(write.array.id, fresh);
      final.set(write.array.id, fresh);
      conditions.push(...summary.conditions(fresh));
      lines.push(`    ${write.array.sourceName}: quantified eq. (6) (${summary.reason})`);
    }
  });
  return { final, quantified, conditions, lines };
}

// ---------------------------------------------------------------- pieces

/**
 * An array the path writes (once, at f(j)) may also be read at g(j) when no read can see a cell
 * written by an earlier iteration of the stretch: f linear in j with constant stride d != 0 and
 * g = f + c with c/d not a negative integer. The reads then see the content at the start of the
 * stretch, or this iteration's own write (the path's terms apply it in order).
 */
function readsOfWrittenArray(
  array: ArrayVariable,
  evaluation: ReturnType<typeof evaluatePath>,
  forms: ReadonlyMap<string, ClosedForm>,
): string | undefined {
  const write = atIterationPolynomial(
    evaluation.writes.find((entry) => entry.array.id === array.id)?.index,
    forms,
    evaluation.modified,
  );
  if (write === undefined || degreeIn(write, iterationName) !== 1) return 'the written index is not linear in j';
  const start = substitutePolynomial(write, new Map([[iterationName, constantPolynomial(0n)]]));
  const stride = isConstantPolynomial(
    subtractPolynomials(substitutePolynomial(write, new Map([[iterationName, constantPolynomial(1n)]])), start),
  );
  if (stride === undefined || stride.denominator !== 1n || stride.numerator === 0n)
    return 'the written index has no constant stride';
  for (const read of evaluation.reads) {
    if (read.array.id !== array.id) continue;
    const index = atIterationPolynomial(read.index, forms, evaluation.modified);
    const offset = index === undefined ? undefined : isConstantPolynomial(subtractPolynomials(index, write));
    if (offset === undefined || offset.denominator !== 1n)
      return 'a read index is not the written index plus a constant';
    const distance = offset.numerator;
    if (distance % stride.numerator === 0n && distance / stride.numerator < 0n)
      return 'a read sees a cell written by an earlier iteration';
  }
  return undefined;
}

function usedVariables(path: LoopPath) {
  const scalars = new Map<number, ScalarVariable>();
  const arrays = new Map<number, ArrayVariable>();
  const readArrays = new Map<number, ArrayVariable>();
  for (const statement of path.statements) {
    if (statement.kind === 'assign' || statement.kind === 'havoc') scalars.set(statement.target.id, statement.target);
    if (statement.kind === 'arrayWrite') arrays.set(statement.array.id, statement.array);
    for (const expression of expressionsOf(statement)) {
      scalarsReadBy(expression, scalars);
      for (const read of arrayReadsOf(expression)) {
        arrays.set(read.array.id, read.array);
        readArrays.set(read.array.id, read.array);
      }
    }
  }
  return { scalars, arrays, readArrays };
}

type PathTerms = StraightLineTerms;

/** throws the Rejection of a path that cannot be summarised */
function rejectPath(message: string): never {
  throw new Rejection(message);
}

/** a polynomial over start-of-iteration values rewritten over stretch-start values and `#j` */
function atIterationPolynomial(
  polynomial: Polynomial | undefined,
  forms: ReadonlyMap<string, ClosedForm>,
  modified: readonly ScalarVariable[],
): Polynomial | undefined {
  if (polynomial === undefined) return undefined;
  const replacements = new Map<string, Polynomial>();
  for (const variable of modified) {
    if (!polynomialVariables(polynomial).has(variable.name)) continue;
    const form = forms.get(variable.name);
    if (form?.kind !== 'polynomial') return undefined;
    replacements.set(variable.name, form.value);
  }
  return substitutePolynomial(polynomial, replacements);
}

/** bv: every arithmetic subterm stays in range for j in [0, n) (Sect. 3.4) */
function overflowGuards(
  subterms: readonly ArithmeticSubterm[],
  atIterationValues: readonly (Polynomial | undefined)[],
  integerValueOf: (iterationTerm: Term) => (name: string) => Term,
  count: SymbolTerm,
  arithmetic: Arithmetic,
): SummaryCondition[] {
  const guards: SummaryCondition[] = [];
  const seen = new Set<string>();
  const zero = arithmetic.constant(0n);
  subterms.forEach((subterm, position) => {
    const atIteration = atIterationValues[position];
    if (atIteration === undefined)
      throw new Rejection('bv: an arithmetic subterm has no closed form, so its overflow cannot be ruled out');
    const degree = degreeIn(atIteration, iterationName);
    if (degree > 2) throw new Rejection('bv: an arithmetic subterm grows faster than quadratically');
    if (isConstantPolynomial(atIteration) !== undefined) return;
    const key = `${formatPolynomial(atIteration)}:${subterm.type.width}:${subterm.type.signed}`;
    if (seen.has(key)) return;
    seen.add(key);
    const { minimum, maximum } = typeRange(subterm.type);
    const valueAt = (iterationTerm: Term): Term =>
      polynomialTerm(atIteration, integerValueOf(iterationTerm), arithmetic);
    const inRange = (iterationTerm: Term): Term => {
      const value = valueAt(iterationTerm);
      return and(
        arithmetic.lessEqual(arithmetic.constant(minimum), value),
        arithmetic.lessEqual(value, arithmetic.constant(maximum)),
      );
    };
    const conditions = [inRange(zero), inRange(arithmetic.subtract(count, arithmetic.constant(1n)))];
    if (degree === 2) {
      // the difference p(j+1) - p(j) is linear in j: the same sign at both ends makes p monotone
      const difference = (iterationTerm: Term): Term =>
        arithmetic.subtract(valueAt(arithmetic.add(iterationTerm, arithmetic.constant(1n))), valueAt(iterationTerm));
      const first = difference(zero);
      const penultimate = difference(arithmetic.subtract(count, arithmetic.constant(2n)));
      conditions.push(
        or(
          arithmetic.lessEqual(count, arithmetic.constant(1n)),
          and(arithmetic.lessEqual(zero, first), arithmetic.lessEqual(zero, penultimate)),
          and(arithmetic.lessEqual(first, zero), arithmetic.lessEqual(penultimate, zero)),
        ),
      );
    }
    const text = formatPolynomial(atIteration)
      .split(iterationName)
      .join('j')
      .replace(/#h(\d+)/g, 'nondet$1');
    guards.push({ term: and(...conditions), rule: `no overflow of ${text} (${subterm.type.name}) for j in [0, n)` });
  });
  return guards;
}

type Elimination =
  | { readonly kind: 'single'; readonly condition: SummaryCondition }
  | {
      readonly kind: 'split';
      readonly parts: readonly { readonly label: string; readonly condition: SummaryCondition }[];
    };

function quantified(
  conjunct: Term,
  iteration: SymbolTerm,
  count: SymbolTerm,
  arithmetic: Arithmetic,
): SummaryCondition {
  return {
    term: forall(
      [iteration],
      implies(
        and(arithmetic.lessEqual(arithmetic.constant(0n), iteration), arithmetic.less(iteration, count)),
        conjunct,
      ),
    ),
    rule: 'kept quantified (not monotone in j)',
  };
}

async function eliminate(
  conjunct: Term,
  iteration: SymbolTerm,
  count: SymbolTerm,
  context: SummaryContext,
  display: (term: Term) => string,
  sideConditions: readonly Term[],
  arithmetic: Arithmetic,
): Promise<Elimination> {
  const single = await eliminateMonotone(conjunct, iteration, count, context, sideConditions, arithmetic);
  if (single !== undefined) return { kind: 'single', condition: single };
  // x != c: split into x < c and x > c (Fig. 4) when both halves are monotone
  const operands = distinctOperands(conjunct);
  if (operands !== undefined && context.solver !== undefined) {
    const [left, right] = operands;
    const orders: [Term, Term, string, string][] =
      left.sort.kind === 'int'
        ? [[less(left, right), greater(left, right), '<', '>']]
        : [
            [bitvectorComparison('bvslt', left, right), bitvectorComparison('bvsgt', left, right), '<s', '>s'],
            [bitvectorComparison('bvult', left, right), bitvectorComparison('bvugt', left, right), '<u', '>u'],
          ];
    for (const [lower, upper, lowerText, upperText] of orders) {
      const first = await eliminateMonotone(lower, iteration, count, context, sideConditions, arithmetic);
      if (first === undefined) continue;
      const second = await eliminateMonotone(upper, iteration, count, context, sideConditions, arithmetic);
      if (second === undefined) continue;
      const text = display(conjunct);
      return {
        kind: 'split',
        parts: [
          {
            label: `${lowerText} of ${text}`,
            condition: { term: first.term, rule: `${first.rule}, after splitting ${text}` },
          },
          {
            label: `${upperText} of ${text}`,
            condition: { term: second.term, rule: `${second.rule}, after splitting ${text}` },
          },
        ],
      };
    }
  }
  return { kind: 'single', condition: quantified(conjunct, iteration, count, arithmetic) };
}

function distinctOperands(term: Term): [Term, Term] | undefined {
  if (term.kind === 'apply' && term.operator === 'not') {
    const inner = term.arguments[0]!;
    if (
      inner.kind === 'apply' &&
      inner.operator === '=' &&
      inner.arguments.length === 2 &&
      inner.arguments[0]!.sort.kind !== 'bool'
    ) {
      return [inner.arguments[0]!, inner.arguments[1]!];
    }
  }
  if (
    term.kind === 'apply' &&
    term.operator === 'distinct' &&
    term.arguments.length === 2 &&
    term.arguments[0]!.sort.kind !== 'bool'
  ) {
    return [term.arguments[0]!, term.arguments[1]!];
  }
  return undefined;
}

/** the conjunct without its quantifier over j, when it does not depend on j or is monotone in j */
async function eliminateMonotone(
  conjunct: Term,
  iteration: SymbolTerm,
  count: SymbolTerm,
  context: SummaryContext,
  sideConditions: readonly Term[],
  arithmetic: Arithmetic,
): Promise<SummaryCondition | undefined> {
  if (!freeSymbolNames(conjunct).has(iteration.name)) return { term: conjunct, rule: 'independent of j' };
  if (context.solver === undefined) return undefined;
  const other = symbol(`m@${context.tag}`, arithmetic.sort);
  const at = (term: Term) => substituteTerm(conjunct, new Map([[iteration.name, term]]));
  // monotone on the iterations of the stretch: 0 <= m <= j < n, under its side conditions (n >= 1,
  // bv: no overflow on [0, n)), which are part of every instance of the summary
  const ordered = and(
    arithmetic.lessEqual(arithmetic.constant(0n), other),
    arithmetic.lessEqual(other, iteration),
    arithmetic.less(iteration, count),
    ...sideConditions,
  );
  // holds at j => holds at every m <= j: then "for all j < n" is "at n - 1" (Proposition 1)
  if (await unsatisfiable(and(ordered, conjunct, not(at(other))), context)) {
    return {
      term: at(arithmetic.subtract(count, arithmetic.constant(1n))),
      rule: 'monotone in j: instantiated at j = n-1 (Proposition 1)',
    };
  }
  // holds at m => holds at every j >= m: then it is "at 0"
  if (await unsatisfiable(and(ordered, at(other), not(conjunct)), context)) {
    return { term: at(arithmetic.constant(0n)), rule: 'monotone in j (decreasing): instantiated at j = 0' };
  }
  return undefined;
}

async function unsatisfiable(formula: Term, context: SummaryContext): Promise<boolean> {
  const solver = context.solver!;
  const constants = freeSymbols(formula);
  const script = createSmtScript({
    headerComments: ['accel: monotonicity check (unsat: the quantifier over j can be dropped)'],
    logic: undefined,
    constants,
    functions: [],
    assertions: [{ term: formula }],
  });
  const result = await solver.checkScript(script, { timeoutMilliseconds: context.queryTimeoutMilliseconds });
  return result.kind === 'unsat';
}

export function containsQuantifier(term: Term): boolean {
  return containsSubterm(term, (current) => current.kind === 'quantifier' && current.quantifier !== 'lambda', {
    intoBinders: true,
  });
}

type WriteSummary =
  | { readonly kind: 'lambda'; readonly array: Term; readonly membership: Term; readonly rule: string }
  | {
      readonly kind: 'quantified';
      readonly reason: string;
      readonly conditions: (fresh: SymbolTerm) => SummaryCondition[];
    };

/** eq. (6) for one write a[f_i(j)] := f_e(j), quantifier-free by Lemma 3 where possible */
function summariseWrite(
  write: { readonly array: ArrayVariable; readonly index: Term; readonly value: Term },
  indexPolynomial: Polynomial | undefined,
  initial: SymbolTerm,
  iteration: SymbolTerm,
  count: SymbolTerm,
  integerValueOf: (iterationTerm: Term) => (name: string) => Term,
  semantics: Semantics,
  tag: string,
  arithmetic: Arithmetic,
): WriteSummary {
  const zero = arithmetic.constant(0n);
  const quantifiedSummary = (reason: string): WriteSummary => ({
    kind: 'quantified',
    reason,
    conditions: (fresh) => {
      const cell = symbol(`k@${tag}`, indexSort(semantics));
      const inRange = and(arithmetic.lessEqual(zero, iteration), arithmetic.less(iteration, count));
      const writes = forall([iteration], implies(inRange, equal(select(fresh, write.index), write.value)));
      const member = exists([iteration], and(inRange, equal(cell, write.index)));
      const frame = forall([cell], or(member, equal(select(fresh, cell), select(initial, cell))));
      return [
        { term: writes, rule: `eq. (6): ${write.array.sourceName} holds the written values` },
        {
          term: frame,
          rule: `eq. (6): other cells of ${write.array.sourceName} unchanged (quantified membership test)`,
        },
      ];
    },
  });
  if (indexPolynomial === undefined) return quantifiedSummary('the index has no polynomial closed form');
  if (degreeIn(indexPolynomial, iterationName) > 1) return quantifiedSummary('the index is not linear in j');
  const start = substitutePolynomial(indexPolynomial, new Map([[iterationName, constantPolynomial(0n)]]));
  const next = substitutePolynomial(indexPolynomial, new Map([[iterationName, constantPolynomial(1n)]]));
  const stride = isConstantPolynomial(subtractPolynomials(next, start));
  if (stride === undefined || stride.denominator !== 1n) return quantifiedSummary('the index stride is not a constant');
  const delta = stride.numerator;
  const cell = symbol(`k@${tag}`, indexSort(semantics));
  const cellValue = arithmetic.fromIndex(cell);
  const startTerm = polynomialTerm(start, integerValueOf(zero), arithmetic);
  const offset = arithmetic.subtract(cellValue, startTerm);
  let member: Term;
  let iterationOf: Term;
  let rule: string;
  if (delta === 0n) {
    member = equal(cellValue, startTerm);
    iterationOf = arithmetic.subtract(count, arithmetic.constant(1n));
    rule = 'constant index: the last write wins';
  } else if (delta === 1n) {
    member = and(arithmetic.lessEqual(zero, offset), arithmetic.less(offset, count));
    iterationOf = offset;
    rule = 'Lemma 3: dense and strictly increasing';
  } else if (delta === -1n) {
    const back = arithmetic.subtract(startTerm, cellValue);
    member = and(arithmetic.lessEqual(zero, back), arithmetic.less(back, count));
    iterationOf = back;
    rule = 'Lemma 3: dense and strictly decreasing';
  } else {
    const magnitude = delta < 0n ? -delta : delta;
    const distance = delta < 0n ? arithmetic.subtract(startTerm, cellValue) : offset;
    member = and(
      arithmetic.lessEqual(zero, distance),
      equal(arithmetic.modulo(distance, magnitude), zero),
      arithmetic.less(arithmetic.divide(distance, magnitude), count),
    );
    iterationOf = arithmetic.divide(distance, magnitude);
    rule = `Lemma 3: strictly ${delta < 0n ? 'decreasing' : 'increasing'} with stride ${delta}`;
  }
  const value = substituteTerm(write.value, new Map([[iteration.name, iterationOf]]));
  const array = lambda(cell, ite(member, value, select(initial, cell)));
  return { kind: 'lambda', array, membership: member, rule };
}

function describeForm(
  variable: ScalarVariable,
  form: ClosedForm | undefined,
  havocs: readonly { readonly parameter: string; readonly variable: ScalarVariable }[],
): string {
  const rename = (text: string): string => {
    let result = text;
    for (const havoc of havocs) result = result.split(havoc.parameter).join(`nondet(${havoc.variable.sourceName})`);
    return result.split(iterationName).join('j');
  };
  if (form === undefined) return `${variable.sourceName}: unchanged`;
  switch (form.kind) {
    case 'polynomial':
      return `${variable.sourceName}(j) = ${rename(formatPolynomial(form.value))}   [${form.method}]`;
    case 'fromFirstIteration':
      return `${variable.sourceName}(j) = ${rename(formatPolynomial(form.value))} for j >= 1   [syntactic]`;
    case 'undefined':
      return `${variable.sourceName}(j) = ⊥   [${form.reason}]`;
    default: {
      const never: never = form;
      throw new Error(`internal: unknown closed form ${JSON.stringify(never)}`);
    }
  }
}
