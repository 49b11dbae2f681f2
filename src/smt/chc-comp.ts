// Horn clauses in CHC-COMP's strict form (chc-comp.github.io, format.md), which every HORN file we
// write and every CHC system we solve is put in by the printer (printer.ts `printChcSystem`):
// - no constant arrays (`(as const …)`, a z3/cvc5/Eldarica extension, which Golem does not read):
//   each distinct constant array whose value is closed (a zero-initialised or memset array) becomes a
//   ghost variable `chc!const.K` of the same sort, passed unchanged as an extra argument of every
//   predicate; each clause that reads a cell `(select T i)` of an array of that sort gets
//   `(= (select chc!const.K i) v)` in its body. See `withoutConstantArrays` for why this keeps the answers;
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
// old query's body does), so sat and unsat mean what they meant. What stays outside the strict form
// is said in the header of the system (`strictFormNotes`): constant arrays whose value is not closed
// (a fill with a variable), clauses with quantifiers or lets (constant arrays are then kept), and
// nonlinear arithmetic where the program multiplies variables (CHC-COMP's LIA tracks are linear).

import {
  apply,
  applyFunction,
  boolSort,
  containsSubterm,
  createChcSystem,
  declareFunction,
  equal,
  falseTerm,
  forEachSubterm,
  isQueryClause,
  select,
  sortsEqual,
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

/** A constant array of the system with the ghost variable that stands for it. */
interface Ghost {
  readonly variable: SymbolTerm;
  /** the constant's value with inner constant arrays replaced by their ghosts */
  readonly value: Term;
}

/** a key of a closed constant (a literal, or a constant array of one), undefined for any other term */
export function closedConstantKey(term: Term): string | undefined {
  switch (term.kind) {
    case 'boolConstant':
    case 'intConstant':
    case 'bitvectorConstant':
      return `${term.kind}:${term.value}:${JSON.stringify(term.sort)}`;
    case 'constantArray': {
      const inner = closedConstantKey(term.value);
      return inner === undefined ? undefined : `const:${JSON.stringify(term.sort)}(${inner})`;
    }
    default:
      return undefined;
  }
}

/**
 * every term below `term` (outside binders) with each constant array replaced through `ghostOf`
 * (which may give the constant back: left as it is); `memo` keeps the terms already replaced
 */
export function replaceConstantArrays(term: Term, ghostOf: (constant: Term) => Term, memo: Map<Term, Term>): Term {
  const known = memo.get(term);
  if (known !== undefined) return known;
  let result: Term = term;
  if (term.kind === 'constantArray') result = ghostOf(term);
  else if (term.kind === 'apply' || term.kind === 'applyFunction') {
    const argumentsList = term.arguments.map((argument) => replaceConstantArrays(argument, ghostOf, memo));
    if (argumentsList.some((argument, index) => argument !== term.arguments[index]))
      result =
        term.kind === 'apply'
          ? apply(term.operator, argumentsList, term.sort, term.indices)
          : applyFunction(term.function, argumentsList);
  }
  memo.set(term, result);
  return result;
}

const isBinder = (term: Term): boolean => term.kind === 'quantifier' || term.kind === 'let';

/**
 * The system with every constant array replaced by a ghost variable (see the file's header), or the
 * system unchanged when it has none, when one has a value that is not closed, or when a clause has a
 * quantifier or let (whose bound variables the read constraints could not name).
 *
 * Why the answers stay: a derivation of the original system is one of the new system with each ghost
 * equal to its constant array (every added `(select g i) = v` then holds), so a model of the new
 * system is a model of the original: a SAFE stays sound. Conversely a derivation of the new system
 * constrains a ghost only at the cells its clauses read, where it equals v; the executor's clauses use
 * arrays only through select, store, ite and equalities that define a variable, so the same
 * derivation with the ghost set to the constant array (and the arrays defined from it changed only at
 * cells never read) is one of the original. Were that to fail, the new system would only have more
 * derivations: an unsat answer (UNSAFE) is replayed on the interpreter before it is printed, and the
 * tests compare the answers of both forms.
 */
function withoutConstantArrays(system: ChcSystem): ChcSystem {
  const ghosts = systemGhosts(system);
  if (ghosts === undefined) return system;
  const ghostOf = (constant: Term): SymbolTerm => ghosts.get(closedConstantKey(constant)!)!.variable;
  const memo = new Map<Term, Term>();
  const ghostList = [...ghosts.values()];
  const ghostVariables = ghostList.map((ghost) => ghost.variable);
  const predicates = new Map(
    system.predicates.map((predicate) => [
      predicate.name,
      declareFunction(
        predicate.name,
        [...predicate.parameterSorts, ...ghostVariables.map((variable) => variable.sort)],
        predicate.resultSort,
      ),
    ]),
  );
  const withGhosts = (term: Term): Term => {
    const replaced = replaceConstantArrays(term, ghostOf, memo);
    if (replaced.kind !== 'applyFunction') return replaced;
    const declaration = predicates.get(replaced.function.name);
    return declaration === undefined
      ? replaced
      : applyFunction(declaration, [...replaced.arguments, ...ghostVariables]);
  };
  const clauses = system.clauses.map((clause): HornClause => {
    const body = clause.body.map(withGhosts);
    const head = withGhosts(clause.head);
    return {
      ...clause,
      variables: [...clause.variables, ...ghostVariables],
      body: [...body, ...readConstraints([...body, head], ghostList)],
      head,
    };
  });
  return createChcSystem({ headerComments: system.headerComments, predicates: [...predicates.values()], clauses });
}

/**
 * The ghosts of the system's constant arrays by their keys (closedConstantKey), in the order of the
 * ghost arguments, or undefined when `withoutConstantArrays` leaves the system as it is.
 */
function systemGhosts(system: ChcSystem): Map<string, Ghost> | undefined {
  const terms = system.clauses.flatMap((clause) => [...clause.body, clause.head]);
  const constants: Term[] = [];
  forEachSubterm(terms, (term) => {
    if (term.kind === 'constantArray') constants.push(term);
  });
  if (constants.length === 0) return undefined;
  if (constants.some((constant) => closedConstantKey(constant) === undefined)) return undefined;
  if (terms.some((term) => containsSubterm(term, isBinder, { intoBinders: false }))) return undefined;
  const ghosts = new Map<string, Ghost>();
  const ghostOf = (constant: Term): SymbolTerm => {
    const key = closedConstantKey(constant)!;
    const known = ghosts.get(key);
    if (known !== undefined) return known.variable;
    if (constant.kind !== 'constantArray') throw new Error('internal: a ghost for a non-array constant');
    const value = constant.value.kind === 'constantArray' ? ghostOf(constant.value) : constant.value;
    const variable = symbol(`chc!const.${ghosts.size}`, constant.sort);
    ghosts.set(key, { variable, value });
    return variable;
  };
  for (const constant of constants) ghostOf(constant);
  return ghosts;
}

/**
 * The constant arrays that `strictChcComp` passes as ghost arguments of every predicate (after the
 * predicate's own arguments, in this order), each as its key (`closedConstantKey`); empty when the
 * system keeps its constant arrays. A model of the strict system reads such a constant as its ghost.
 */
export function ghostArgumentKeys(system: ChcSystem): string[] {
  return [...(systemGhosts(system)?.keys() ?? [])];
}

/** `(select g i) = v` for each ghost g and each index i at which the terms read a cell of g's sort */
function readConstraints(terms: readonly Term[], ghosts: readonly Ghost[]): Term[] {
  const constraints: Term[] = [];
  const seen = new Map<string, Set<Term>>(ghosts.map((ghost) => [ghost.variable.name, new Set()]));
  forEachSubterm(terms, (term) => {
    if (term.kind !== 'apply' || term.operator !== 'select') return;
    const [array, index] = term.arguments as [Term, Term];
    for (const ghost of ghosts) {
      if (!sortsEqual(array.sort, ghost.variable.sort)) continue;
      const indices = seen.get(ghost.variable.name)!;
      if (indices.has(index)) continue;
      indices.add(index);
      constraints.push(equal(select(ghost.variable, index), ghost.value));
    }
  });
  return constraints;
}

/** header lines saying what of the system stays outside CHC-COMP's strict form and linear arithmetic */
function strictFormNotes(system: ChcSystem): string[] {
  const terms = system.clauses.flatMap((clause) => [...clause.body, clause.head]);
  const notes: string[] = [];
  if (terms.some((term) => containsSubterm(term, (inner) => inner.kind === 'constantArray', { intoBinders: true })))
    notes.push(
      'outside CHC-COMP strict form: constant arrays ((as const ...) v), a z3/cvc5/Eldarica extension ' +
        '(a fill with a variable value, or a clause with a quantifier)',
    );
  const nonlinear = new Set<string>();
  forEachSubterm(terms, (term) => {
    if (term.kind !== 'apply') return;
    const variableOperands = term.arguments.filter((argument) => !isNumeral(argument)).length;
    if ((term.operator === '*' || term.operator === 'bvmul') && variableOperands >= 2) nonlinear.add(term.operator);
    const divisor = term.arguments[1];
    if (
      ['div', 'mod', 'bvudiv', 'bvurem', 'bvsdiv', 'bvsrem', 'bvsmod'].includes(term.operator) &&
      divisor !== undefined &&
      !isNumeral(divisor)
    )
      nonlinear.add(term.operator);
  });
  if (nonlinear.size > 0)
    notes.push(
      `nonlinear arithmetic: ${[...nonlinear].join(', ')} of two variables, where the program multiplies or divides ` +
        "variables (outside CHC-COMP's linear tracks; z3 and Eldarica read it, Golem does not)",
    );
  return notes;
}

function isNumeral(term: Term): boolean {
  if (term.kind === 'intConstant' || term.kind === 'bitvectorConstant') return true;
  return term.kind === 'apply' && term.operator === '-' && term.arguments.length === 1 && isNumeral(term.arguments[0]!);
}

/** The system in CHC-COMP's strict form (see the header); the same models, the same answers. */
export function strictChcComp(given: ChcSystem): ChcSystem {
  const withoutConstants = withoutConstantArrays(given);
  const system = createChcSystem({
    ...withoutConstants,
    headerComments: [...withoutConstants.headerComments, ...strictFormNotes(withoutConstants)],
  });
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
