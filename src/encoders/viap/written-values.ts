// Which values the cells of an array written at unpredictable indices can hold (viap encoding,
// arrays.ts): a loop such as
//   while (1) { k = nondet(); assume(0 <= k && k < n); a[k] = f(k); b[k] = g(k); if (nondet()) break; }
// has no closed form per cell (the index is not a function of the iteration), but every cell holds
// either its value before the loop or a value the body writes at that index, read with the written
// index replaced by the cell:
//   ∀n >= 0, c.  (a_L(n)[c] = a_before(c) ∧ b_L(n)[c] = b_before(c)) ∨ (a_L(n)[c] = f(c) ∧ b_L(n)[c] = g(c)).
// The joint form (both arrays take the same option) is tried first, then one form per array. Arrays
// written under the same branches pair the values of each branch; arrays written at indices made of
// one value t of the iteration, ±t + rest (a[k] and b[n − 1 − k]), are paired at the cells those
// indices take together (a at c, b at n − 1 − c), and t in a written value is read off the cell. A
// written value that still depends on the iteration (a counter, a nondeterministic value of that
// iteration) gives no candidate.
//
// Soundness: a candidate is a guess read off the step axiom. It is added only once the solver proves
// its base (n = 0, from the axiom of the array before the loop) and its step (the candidate at n and
// the step axiom at n, for the same cell, imply the candidate at n + 1); by induction on n it then
// follows from the definitions, which hold whatever the run does. Nothing unproven is added.

import type { ArrayVariable } from '../../ir/types.js';
import {
  add,
  and,
  applyFunction,
  equal,
  forall,
  implies,
  intConstant,
  intSort,
  lessEqual,
  exists,
  not,
  or,
  select,
  substituteTerm,
  subtract,
  trueTerm,
  type FunctionDeclaration,
  type SymbolTerm,
  type Term,
} from '../../smt/terms.js';
import { printTerm } from '../../smt/printer.js';
import type { LoopContext } from './loop-context.js';
import { AtomTable, dependsOn, polynomialTerm, splitAffine, termPolynomial } from './polynomial-terms.js';
import { conjunctsOf, replaceWhere, simplifyTerm, withOperands } from './simplify.js';
import type { Collector } from './translate.js';

/** an array of the loop described by a recurrence A_L(n) with no closed form per cell */
export interface UnresolvedArray {
  readonly array: ArrayVariable;
  readonly function: FunctionDeclaration;
  /** the cell variables */
  readonly cells: readonly SymbolTerm[];
  /** the cell after one iteration, over A_L(n) at the cells */
  readonly afterBody: Term;
  /** the cell before the loop */
  readonly initial: Term;
  /** where the cell is read, when not at `cells` themselves (an array aligned with another's cells in a joint lemma) */
  readonly readAt?: readonly Term[];
}

/** one array's options for a cell: its value before the loop, or one of the values written there */
interface CellOptions {
  readonly entry: UnresolvedArray;
  readonly written: readonly WrittenValue[];
  /** the one index every write of a one-dimensional array uses, when it is ±t + rest for one value t of the iteration */
  readonly index?: AffineIndex;
}

/** an index ±t + rest, where t is a value of the iteration and rest does not depend on it */
interface AffineIndex {
  readonly term: Term;
  readonly atom: Term;
  /** the t that makes the index equal `cell` */
  readonly inverse: (cell: Term) => Term;
}

/**
 * a value written into the cell, under a condition on the cell; `bound`: the values of the
 * iteration it reads (a counter, a nondeterministic value), each an existential variable
 */
interface WrittenValue {
  readonly condition: Term;
  readonly value: Term;
  readonly bound: readonly SymbolTerm[];
}

/**
 * the terms of one iteration that a written value reads (applications and reads at the counter),
 * each named by one existential variable; shared by the loop's arrays, so that arrays written from
 * the same value of an iteration (a[k] = x; b[k] = -x) keep that relation
 */
class IterationValues {
  private readonly variables = new Map<string, SymbolTerm>();

  constructor(private readonly context: LoopContext) {}

  /** the term with each maximal application or read at the counter replaced by its variable */
  abstract(term: Term, bound: Set<SymbolTerm>): Term {
    const iteration = new Set([this.context.counter.name]);
    const visit = (current: Term): Term => {
      if (!dependsOn(current, iteration)) return current;
      const atomic =
        current.kind === 'symbol' ||
        current.kind === 'applyFunction' ||
        (current.kind === 'apply' && current.operator === 'select');
      if (!atomic && current.kind === 'apply') return withOperands(current, current.arguments.map(visit));
      const text = printTerm(current);
      let variable = this.variables.get(text);
      if (variable === undefined) {
        variable = this.context.translator.freshSymbol('v!written', current.sort);
        this.variables.set(text, variable);
      }
      bound.add(variable);
      return variable;
    };
    return visit(term);
  }
}

/** the most written values one array may have to be a candidate (each is one disjunct) */
const maximumWrittenValues = 4;

/** proves and adds the written-values lemmas of the loop's unresolved arrays (see the header) */
export async function writtenValueLemmas(
  context: LoopContext,
  entries: readonly UnresolvedArray[],
  collector: Collector,
  where: string,
): Promise<void> {
  if (context.translator.decide === undefined) return;
  const values = new IterationValues(context);
  const options = entries
    .map((entry) => cellOptions(context, entry, values))
    .filter((found): found is CellOptions => found !== undefined);
  if (options.length === 0) return;
  const proven = new Set<UnresolvedArray>();
  const joint = jointCandidate(options);
  if (joint !== undefined && (await proveCandidate(context, joint, collector, where))) {
    for (const option of options) proven.add(option.entry);
  }
  for (const option of options) {
    if (proven.has(option.entry)) continue;
    const single = {
      options: [option],
      disjuncts: [[...initialOption([option])], ...option.written.map((value) => [equalCell(option, value)])],
    };
    await proveCandidate(context, single, collector, where);
  }
}

function cellsAt(entry: UnresolvedArray, counter: Term): Term {
  return (entry.readAt ?? entry.cells).reduce<Term>(
    (array, cell) => select(array, cell),
    applyFunction(entry.function, [counter]),
  );
}

/**
 * the values the body writes into the cell, as functions of the cell: the leaves of the ite tree
 * other than the cell's old value, each with the conditions on its path (those that depend on the
 * iteration dropped: a weaker option), each index the path compared the cell with replaced by the
 * cell and what is left of the iteration named by existential variables; undefined when there are
 * too many
 */
function cellOptions(context: LoopContext, entry: UnresolvedArray, values: IterationValues): CellOptions | undefined {
  if (context.parameters.length !== 0) return undefined;
  const old = printTerm(cellsAt(entry, context.counter));
  const iteration = new Set([context.counter.name]);
  const written: WrittenValue[] = [];
  const seen = new Set<string>();
  type Replacement = readonly [Term, Term];
  const visit = (term: Term, replacements: readonly Replacement[], conditions: readonly Term[]): void => {
    if (term.kind === 'apply' && term.operator === 'ite') {
      const [condition, thenValue, elseValue] = term.arguments as [Term, Term, Term];
      const equalities = indexEqualities(condition, entry.cells);
      const others = conjunctsOf(condition).filter(
        (conjunct) => !equalities.some((equality) => equality[2] === conjunct),
      );
      for (const [index] of equalities) indices.set(printTerm(index), index);
      // the index replaced by the cell, then the value of the iteration it is made of (k in n − 1 − k) by its inverse
      const inverses = equalities.flatMap(([index, cell]): Replacement[] => {
        const affine = affineIndex(index, iteration);
        return affine === undefined || affine.term === affine.atom ? [] : [[affine.atom, affine.inverse(cell)]];
      });
      visit(
        thenValue,
        [...replacements, ...equalities.map(([index, cell]): Replacement => [index, cell]), ...inverses],
        [...conditions, ...others],
      );
      visit(elseValue, replacements, equalities.length === 0 ? [...conditions, not(condition)] : conditions);
      return;
    }
    if (printTerm(term) === old) return;
    const replaced = (current: Term): Term =>
      simplifyTerm(replacements.reduce((result, [index, cell]) => replaceTerm(result, index, cell), current));
    const bound = new Set<SymbolTerm>();
    const value = values.abstract(replaced(term), bound);
    const condition = and(...conditions.map(replaced).filter((current) => !dependsOn(current, iteration)));
    const text = `${printTerm(condition)} ${printTerm(value)}`;
    if (!seen.has(text)) {
      seen.add(text);
      written.push({ condition, value, bound: [...bound] });
    }
  };
  const indices = new Map<string, Term>();
  visit(entry.afterBody, [], []);
  if (written.length === 0 || written.length > maximumWrittenValues) return undefined;
  const index =
    indices.size === 1 && entry.cells.length === 1 ? affineIndex([...indices.values()][0]!, iteration) : undefined;
  return index === undefined ? { entry, written } : { entry, written, index };
}

/** the index as ±t + rest (see AffineIndex), or undefined */
function affineIndex(term: Term, iteration: ReadonlySet<string>): AffineIndex | undefined {
  const atoms = new AtomTable();
  const polynomial = termPolynomial(term, new Set(), atoms);
  if (polynomial === undefined) return undefined;
  const varying = [...atoms.terms].filter(([, atom]) => dependsOn(atom, iteration));
  if (varying.length !== 1 || [...atoms.symbols.values()].some((symbol) => dependsOn(symbol, iteration)))
    return undefined;
  const [name, atom] = varying[0]!;
  const { slope, rest } = splitAffine(polynomial, name);
  if (slope !== 1n && slope !== -1n) return undefined;
  const restTerm = polynomialTerm(rest, (variable) => atoms.termOf(variable)!);
  return {
    term,
    atom,
    inverse: (cell) => simplifyTerm(slope === 1n ? subtract(cell, restTerm) : subtract(restTerm, cell)),
  };
}

/** the conjuncts `cell = index` (either side) of an ite condition: the index, the cell, the conjunct */
function indexEqualities(condition: Term, cells: readonly SymbolTerm[]): (readonly [Term, SymbolTerm, Term])[] {
  const found: (readonly [Term, SymbolTerm, Term])[] = [];
  for (const conjunct of conjunctsOf(condition)) {
    if (conjunct.kind !== 'apply' || conjunct.operator !== '=' || conjunct.arguments.length !== 2) continue;
    const [left, right] = conjunct.arguments as [Term, Term];
    for (const cell of cells) {
      if (left.kind === 'symbol' && left.name === cell.name && right !== cell) found.push([right, cell, conjunct]);
      else if (right.kind === 'symbol' && right.name === cell.name && left !== cell) found.push([left, cell, conjunct]);
    }
  }
  return found;
}

/** every occurrence of `target` (as printed) in `term` replaced by `replacement` */
function replaceTerm(term: Term, target: Term, replacement: Term): Term {
  const text = printTerm(target);
  return replaceWhere(
    term,
    (current) => current === target || (current.kind === target.kind && printTerm(current) === text),
    replacement,
  );
}

interface Candidate {
  readonly options: readonly CellOptions[];
  /** each disjunct a conjunction of cell equalities over A_L(counter) */
  readonly disjuncts: readonly (readonly CellEquality[])[];
}

interface CellEquality {
  readonly bound: readonly SymbolTerm[];
  readonly at: (counter: Term) => Term;
}

function equalCell(option: CellOptions, written: WrittenValue): CellEquality {
  return {
    bound: written.bound,
    at: (counter) => and(written.condition, equal(cellsAt(option.entry, counter), written.value)),
  };
}

function initialOption(options: readonly CellOptions[]): CellEquality[] {
  return options.map((option) => equalCell(option, { condition: trueTerm, value: option.entry.initial, bound: [] }));
}

/**
 * every array at its value before the loop, or every array at the i-th value it is written, where
 * the arrays are written under the same conditions on the cell (the same branches of the body)
 */
function jointCandidate(options: readonly CellOptions[]): Candidate | undefined {
  if (options.length < 2) return undefined;
  const count = options[0]!.written.length;
  if (options.some((option) => option.written.length !== count)) return undefined;
  if (options.some((option) => option.entry.cells.length !== options[0]!.entry.cells.length)) return undefined;
  // the arrays' cell variables differ: the candidate reads every array at the first one's cells, or,
  // for arrays written at different indices of one value t of the iteration (k and n − 1 − k), each
  // at the cell its own index takes when the first one's takes the cell
  const cells = options[0]!.entry.cells;
  const first = options[0]!.index;
  const sameIndex = options.every((option) =>
    option.index === undefined
      ? first === undefined
      : first !== undefined && printTerm(option.index.term) === printTerm(first.term),
  );
  const mirrored =
    !sameIndex &&
    first !== undefined &&
    options.every((option) => option.index !== undefined && printTerm(option.index.atom) === printTerm(first.atom));
  // the value t takes when the first array's index is the cell (mirrored only: one dimension)
  const atom = mirrored ? first!.inverse(cells[0]!) : undefined;
  const atomText = mirrored ? printTerm(first!.atom) : undefined;
  const cellOf = (option: CellOptions, dimension: number): Term =>
    atom === undefined
      ? cells[dimension]!
      : simplifyTerm(replaceWhere(option.index!.term, (current) => printTerm(current) === atomText, atom));
  const aligned = options.map((option): CellOptions => {
    const readAt = option.entry.cells.map((_, dimension) => cellOf(option, dimension));
    const renaming = new Map(
      option.entry.cells.map((cell, dimension): [string, Term] => [cell.name, readAt[dimension]!]),
    );
    const rename = (term: Term): Term => substituteTerm(term, renaming);
    return {
      entry: {
        ...option.entry,
        cells,
        readAt,
        afterBody: rename(option.entry.afterBody),
        initial: rename(option.entry.initial),
      },
      written: option.written.map((written) => ({
        condition: rename(written.condition),
        value: rename(written.value),
        bound: written.bound,
      })),
    };
  });
  const conditions = aligned[0]!.written.map((written) => printTerm(written.condition));
  if (
    aligned.some((option) =>
      option.written.some((written, index) => printTerm(written.condition) !== conditions[index]),
    )
  )
    return undefined;
  const writes = conditions.map((_, index) => aligned.map((option) => equalCell(option, option.written[index]!)));
  return { options: aligned, disjuncts: [initialOption(aligned), ...writes] };
}

function candidateAt(candidate: Candidate, counter: Term): Term {
  return or(
    ...candidate.disjuncts.map((disjunct) => {
      const bound = [...new Set(disjunct.flatMap((cellEquality) => cellEquality.bound))];
      const body = and(...disjunct.map((cellEquality) => cellEquality.at(counter)));
      return bound.length === 0 ? body : exists(bound, body);
    }),
  );
}

/** base and step by the solver; once both hold, the lemma for every n >= 0 and every cell */
async function proveCandidate(
  context: LoopContext,
  candidate: Candidate,
  collector: Collector,
  where: string,
): Promise<boolean> {
  const decide = context.translator.decide!;
  const cells = candidate.options[0]!.entry.cells;
  const zero = intConstant(0n);
  const base = candidate.options.map((option) => equal(cellsAt(option.entry, zero), option.entry.initial));
  if (!(await decide(base, candidateAt(candidate, zero)))) return false;
  const n = context.translator.freshSymbol('n!written', intSort);
  const next = add(n, intConstant(1n));
  const rename = new Map([[context.counter.name, n as Term]]);
  const step = candidate.options.map((option) =>
    equal(cellsAt(option.entry, next), substituteTerm(option.entry.afterBody, rename)),
  );
  if (!(await decide([lessEqual(zero, n), ...step, candidateAt(candidate, n)], candidateAt(candidate, next))))
    return false;
  const counter = context.counter;
  collector.axioms.push({
    term: forall([counter, ...cells], implies(lessEqual(zero, counter), candidateAt(candidate, counter))),
    comment: `${candidate.options.map((option) => option.entry.array.sourceName).join(', ')}: each cell holds its value before the ${where} or a value the loop writes at that index (proven by induction on the iterations)`,
  });
  return true;
}
