// Certificates from a complete unrolling (issue 41: bmc's SAFE on programs whose loops all have
// constant bounds): each loop head's invariant is the set of states the unrolling reaches there
// (unrolled-states.ts), one disjunct per visit of the head,
//
//   inv_loopN(p…) := ⋁ over the visits (guard ∧ ranges of the choices ∧ ⋀ over the live variables p_v = value_v)
//
// over the predicate's parameters (the variables live at the head, then the ghosts of constant arrays
// of CHC-COMP's strict form, smt/chc-comp.ts), in the form the checker (check.ts) asks about: one
// `define-fun` per predicate of the strict clauses, `false` for the error predicate and for the head
// of a loop no run reaches.
//
// The values are terms over the run's nondeterministic choices, which a predicate cannot mention;
// each choice is replaced by a term over the parameters that holds its value in that visit's state:
// a scalar variable holding it (`p_v` where value_v is the choice), or a cell of an array that holds
// it (`(select p_a i)` where value_a stores it at numeral i and no store nearer the top writes i
// again, nor at an index that is not a numeral), and an array havoc by the array itself. Replacing
// the choices this way keeps every state of the visit (its choices are read back from it) and adds
// none when the recovered terms are what the visit stored (the checker judges that). A choice held
// nowhere at the head (read into a variable that was overwritten since) is refused: no existential
// is written, since a predicate's definition appears negated in the clauses whose head it is.
//
// Limits: `maxRounds` rounds per loop and `maxSnapshots` head visits in all (unrolled-states.ts), and
// `maxCharacters` of printed definitions; above them the certificate is refused with the reason.
// Soundness: nothing here is trusted; the checker asks z3 and cvc5 whether the definitions satisfy
// every clause of the program's own Horn clauses.

import type { Program, Semantics } from '../ir/types.js';
import { ghostArgumentKeys, closedConstantKey, replaceConstantArrays, strictChcComp } from '../smt/chc-comp.js';
import { printTerm } from '../smt/printer.js';
import {
  and,
  equal,
  freeSymbols,
  or,
  select,
  substituteTerm,
  symbol,
  type SymbolTerm,
  type Term,
} from '../smt/terms.js';
import { buildChcEncoding, loopHeadPredicates, type LoopHeadPredicate } from '../symbolic/horn-clauses.js';
import { defineInvariant, type Invariant } from './certificate.js';
import { StateTerms } from './state-terms.js';
import { unrolledStates, type HeadSnapshot, type UnrollingLimits } from './unrolled-states.js';

export interface UnrolledInvariantLimits extends UnrollingLimits {
  /** the most characters of the printed definitions */
  readonly maxCharacters: number;
}

/** the limits the unrolling certifier uses: bmc deepened's largest unrolling, and checks of a second or two */
export const defaultUnrolledInvariantLimits: UnrolledInvariantLimits = {
  maxRounds: 1024,
  maxSnapshots: 1100,
  maxCharacters: 2_000_000,
};

export type UnrolledInvariants =
  | {
      readonly kind: 'invariants';
      readonly invariants: readonly Invariant[];
      /** the head visits stated (disjuncts before merging equal ones) */
      readonly snapshots: number;
      readonly characters: number;
    }
  | { readonly kind: 'refused'; readonly reason: string };

/** a visit's state that cannot be said over the head's parameters */
class Unsayable extends Error {}

/** the invariants of the complete unrolling of `program` in `semantics`, or why there are none (see the header) */
export function unrolledInvariants(
  program: Program,
  semantics: Semantics,
  limits: UnrolledInvariantLimits = defaultUnrolledInvariantLimits,
): UnrolledInvariants {
  const states = unrolledStates(program, semantics, limits);
  if (states.kind === 'refused') return states;
  const built = buildChcEncoding(program, semantics).system;
  const strict = strictChcComp(built);
  const ghosts = ghostArgumentKeys(built);
  const heads = new Map(loopHeadPredicates(program, semantics).map((head) => [head.name, head]));
  const ranges = rangesByChoice(states.constraints);
  const byLoop = new Map<number, HeadSnapshot[]>();
  for (const snapshot of states.snapshots)
    byLoop.set(snapshot.loop.id, [...(byLoop.get(snapshot.loop.id) ?? []), snapshot]);
  const terms = new StateTerms();
  const invariants: Invariant[] = [];
  let characters = 0;
  try {
    for (const declaration of strict.predicates) {
      const parameters = declaration.parameterSorts.map((sort, position) => symbol(`p!${position}`, sort));
      const head = heads.get(declaration.name);
      const visits = head === undefined ? [] : (byLoop.get(head.loop.id) ?? []);
      const body =
        head === undefined
          ? or()
          : or(...visits.map((visit) => terms.simplify(visitCondition(visit, head, parameters, ranges, terms))));
      const said = withGhosts(terms.simplify(body), parameters.slice(parameters.length - ghosts.length), ghosts);
      const invariant = defineInvariant(declaration.name, parameters, printTerm(said));
      characters += invariant.definition.length;
      if (characters > limits.maxCharacters)
        return {
          kind: 'refused',
          reason: `the unrolled states take more than ${limits.maxCharacters} characters to write`,
        };
      invariants.push(invariant);
    }
  } catch (error) {
    if (error instanceof Unsayable) return { kind: 'refused', reason: error.message };
    throw error;
  }
  return { kind: 'invariants', invariants, snapshots: states.snapshots.length, characters };
}

/** one visit's state over the head's parameters (see the header), or Unsayable */
function visitCondition(
  visit: HeadSnapshot,
  head: LoopHeadPredicate,
  parameters: readonly SymbolTerm[],
  ranges: ReadonlyMap<string, readonly Term[]>,
  terms: StateTerms,
): Term {
  // simplified first: a cell copied from another cell at a numeral (a swap) then holds the choice itself
  const values = [
    ...head.live.scalars.map((variable) => visit.state.scalars.get(variable.id)!),
    ...head.live.arrays.map((array) => visit.state.arrays.get(array.id)!),
  ].map((value) => terms.simplify(value));
  const recovered = new Map<string, Term>();
  values.forEach((value, position) => {
    if (value.kind === 'symbol' && !recovered.has(value.name)) recovered.set(value.name, parameters[position]!);
  });
  values.forEach((value, position) => {
    if (value.sort.kind === 'array') recoverCells(value, parameters[position]!, recovered);
  });
  // the variables of numeral value first (the loop counters: which visit it is), which both z3 and
  // cvc5 decide a clause's case split on far sooner (cvc5 4x on a 64-round fold)
  const equalities = values.map((value, position) => equal(parameters[position]!, value));
  const numeral = (value: Term): boolean => value.kind === 'intConstant' || value.kind === 'bitvectorConstant';
  const ordered = [
    ...equalities.filter((_equality, position) => numeral(values[position]!)),
    ...equalities.filter((_equality, position) => !numeral(values[position]!)),
  ];
  const stated = and(...ordered, terms.simplify(visit.guard));
  const parameterNames = new Set(parameters.map((parameter) => parameter.name));
  const choices = freeSymbols(stated).filter((found) => !parameterNames.has(found.name));
  const missing = choices.find((choice) => !recovered.has(choice.name));
  if (missing !== undefined)
    throw new Unsayable(
      `a value chosen before the loop at ${head.loop.location.line}:${head.loop.location.column} (${choiceName(missing)}) is held in no variable at its head`,
    );
  const constraints = choices.flatMap((choice) => ranges.get(choice.name) ?? []);
  return substituteTerm(and(...constraints, stated), recovered);
}

/**
 * The choices an array value holds at numeral indices, each read back as a cell of `holder`: the
 * stores from the top down, while their indices are numerals, each cell once (the store nearest the
 * top is the cell's value); an array choice at the bottom is the holder itself.
 */
function recoverCells(value: Term, holder: Term, recovered: Map<string, Term>): void {
  const written = new Set<string>();
  let current = value;
  while (current.kind === 'apply' && current.operator === 'store') {
    const [inner, index, stored] = current.arguments as [Term, Term, Term];
    if (index.kind !== 'intConstant' && index.kind !== 'bitvectorConstant') return;
    const key = `${index.value}`;
    if (!written.has(key)) {
      written.add(key);
      const cell = select(holder, index);
      if (stored.kind === 'symbol' && !recovered.has(stored.name)) recovered.set(stored.name, cell);
      else if (stored.sort.kind === 'array') recoverCells(stored, cell, recovered);
    }
    current = inner;
  }
  if (current.kind === 'symbol' && !recovered.has(current.name)) recovered.set(current.name, holder);
}

/** the program's name of a choice's symbol (`x.havoc@unrolled.12` is a value chosen for x) */
function choiceName(choice: SymbolTerm): string {
  const name = choice.name.split('@')[0]!;
  return name.endsWith('.havoc') ? `a nondeterministic value of ${name.slice(0, -'.havoc'.length)}` : name;
}

/** the constraints on each choice alone (its range), by the choice's name */
function rangesByChoice(constraints: readonly Term[]): Map<string, Term[]> {
  const ranges = new Map<string, Term[]>();
  for (const constraint of constraints) {
    const symbols = freeSymbols(constraint);
    if (symbols.length !== 1) continue;
    const name = symbols[0]!.name;
    ranges.set(name, [...(ranges.get(name) ?? []), constraint]);
  }
  return ranges;
}

/** the term with each constant array that the strict form passes as a ghost replaced by its ghost parameter */
function withGhosts(term: Term, ghostParameters: readonly SymbolTerm[], keys: readonly string[]): Term {
  if (keys.length === 0) return term;
  const ghostOf = (constant: Term): Term => {
    const key = closedConstantKey(constant);
    const position = key === undefined ? -1 : keys.indexOf(key);
    return position >= 0 ? ghostParameters[position]! : constant;
  };
  return replaceConstantArrays(term, ghostOf, new Map());
}
