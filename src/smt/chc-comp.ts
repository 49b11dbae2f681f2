// Horn clauses in CHC-COMP's strict form (chc-comp.github.io, format.md), which every HORN file we
// write and every CHC system we solve is put in by the printer (printer.ts `printChcSystem`):
// - the arguments of a clause's head are distinct variables: an argument that is any other term, or
//   a variable already used earlier in the head, becomes a fresh variable `chc!head.K` with `(= chc!head.K term)`
//   added to the body;
// - exactly one query, asserted last: with several queries (or none that a predicate could carry),
//   each query's body implies a fresh nullary predicate `chc!error`, and the one query is
//   `(forall ((chc!unused Bool)) (=> chc!error false))`; a file whose clauses name no predicate
//   gets the same, so it declares at least one predicate;
// - every clause is quantified over at least one variable (a fact or query without variables gets
//   an unused Bool one), as the format's grammar asks.
// Each rewrite keeps the set of models of the predicates (the error predicate holds exactly when some
// old query's body does), so sat and unsat mean what they meant. What stays outside the strict form,
// said by `chcCompDeviations`: constant arrays `((as const (Array …)) v)` (zero-initialised arrays; a
// z3/cvc5/Eldarica extension) and nonlinear arithmetic where the program multiplies variables.

import {
  applyFunction,
  boolSort,
  createChcSystem,
  declareFunction,
  equal,
  falseTerm,
  isQueryClause,
  symbol,
  type ChcSystem,
  type FunctionDeclaration,
  type HornClause,
  type SymbolTerm,
  type Term,
} from './terms.js';

const errorPredicateName = 'chc!error';

/** the clause with its head's arguments distinct variables (equalities moved into the body) */
function distinctHeadVariables(clause: HornClause, fresh: () => string): HornClause {
  const head = clause.head;
  if (head.kind !== 'applyFunction') return clause;
  const bound = new Set(clause.variables.map((variable) => variable.name));
  const used = new Set<string>();
  const variables: SymbolTerm[] = [...clause.variables];
  const equalities: Term[] = [];
  const argumentsList = head.arguments.map((argument) => {
    if (argument.kind === 'symbol' && bound.has(argument.name) && !used.has(argument.name)) {
      used.add(argument.name);
      return argument;
    }
    const variable = symbol(fresh(), argument.sort);
    variables.push(variable);
    equalities.push(equal(variable, argument));
    return variable;
  });
  if (equalities.length === 0) return clause;
  return {
    ...clause,
    variables,
    body: [...clause.body, ...equalities],
    head: applyFunction(head.function, argumentsList),
  };
}

/** at least one quantified variable (the format's `forall (var_decl+)`) */
function quantified(clause: HornClause): HornClause {
  return clause.variables.length > 0 ? clause : { ...clause, variables: [symbol('chc!unused', boolSort)] };
}

/** The system in CHC-COMP's strict form (see the header); the same models, the same answers. */
export function strictChcComp(system: ChcSystem): ChcSystem {
  let counter = 0;
  const fresh = (): string => `chc!head.${counter++}`;
  const rules = system.clauses
    .filter((clause) => !isQueryClause(clause))
    .map((clause) => quantified(distinctHeadVariables(clause, fresh)));
  const queries = system.clauses.filter(isQueryClause);
  const predicates: FunctionDeclaration[] = [...system.predicates];
  let finalQueries: HornClause[];
  if (queries.length === 1 && predicates.length > 0) {
    finalQueries = queries.map(quantified);
  } else {
    const error = declareFunction(errorPredicateName, [], boolSort);
    predicates.push(error);
    const errorAtom = applyFunction(error, []);
    rules.push(...queries.map((query) => quantified({ ...query, head: errorAtom })));
    finalQueries = [
      quantified({ variables: [], body: [errorAtom], head: falseTerm, comment: 'the one query: some assertion fails' }),
    ];
  }
  return createChcSystem({ headerComments: system.headerComments, predicates, clauses: [...rules, ...finalQueries] });
}
