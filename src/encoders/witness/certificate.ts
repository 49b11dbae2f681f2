// The certificate of a witness SAFE (issue 41): Spacer's model of the array-free clauses (one
// predicate W_L per loop head over the scalars, the witness indices and values, and the transform's
// read temporaries) carried back to the ORIGINAL program's clauses as quantified invariants,
//
//   inv_loopL(x…, a…) := ∀ w… ∀ t…. (ranges ∧ cells ordered) → W_L(x…, w…, a[w]…, t…),
//
// one ∀ per witness index (a cell of every array of its group is read at it: nested selects for
// several dimensions), per read temporary and per other variable of the transformed program that
// has no value in the original (each over its type's range in int semantics); a size variable of
// the size-generalised clauses is the constant it replaced. W_L is the model's own definition,
// renamed `witness!inv_loopL` and kept beside as a helper definition.
//
// Why this is expected to be a model (the checker, certificates/check.ts, decides; nothing here is
// trusted): every run of the program is simulated by the abstraction for every choice of the
// witness cells (transform.ts), so for each fixed w the cell values along a run satisfy W_L, which
// is the ∀ above. The temporaries are havocked before each read, so a model that is one for every
// value of them (Spacer's models rarely mention them) is what the ∀ asks; one that is not is
// refuted by the checker at some clause, and then this is no certificate.
//
// What is refused (a `none` claim with why): a loop head of the program without a predicate in the
// witness clauses, or a model that does not define the witness predicates with their signatures.

import type { CertificateClaim, Invariant } from '../../certificates/certificate.js';
import { defineInvariant, readModel } from '../../certificates/certificate.js';
import type { Program, ScalarVariable, Semantics } from '../../ir/types.js';
import { strictChcComp } from '../../smt/chc-comp.js';
import { printTerm } from '../../smt/printer.js';
import {
  and,
  applyFunction,
  boolSort,
  declareFunction,
  forall,
  implies,
  less,
  or,
  not,
  equal,
  select,
  symbol,
  type ChcSystem,
  type FunctionDeclaration,
  type SymbolTerm,
  type Term,
} from '../../smt/terms.js';
import { parseSExpressions, printSmtSExpression, type SExpression } from '../../solvers/sexpr.js';
import { constantTerm, rangeConstraint } from '../../symbolic/expressions.js';
import { buildChcEncoding, loopHeadPredicates, type LoopHeadPredicate } from '../../symbolic/horn-clauses.js';
import type { WitnessGroupVariables } from './transform.js';

/** what the witness solve knows when its clauses were sat */
export interface SolvedWitnessClauses {
  /** the program the kernel handed the encoder (whose clauses the certificate is for) */
  readonly original: Program;
  readonly semantics: Semantics;
  /** the array-free program whose clauses were solved (the transform's, or its size-generalised copy) */
  readonly solvedProgram: Program;
  /** those clauses, as the solve built them (the model is of their strict form) */
  readonly solvedSystem: ChcSystem;
  readonly witnesses: readonly WitnessGroupVariables[];
  /** size variables of the generalised clauses → the constant each stands for */
  readonly sizeConstants: ReadonlyMap<number, bigint>;
  /** the solver's model text (define-funs) and its name */
  readonly model: string | undefined;
  readonly solverName: string;
}

const helperPrefix = 'witness!';

/** the certificate claim of a witness SAFE (see the header) */
export function witnessCertificateClaim(solved: SolvedWitnessClauses): CertificateClaim {
  if (solved.model === undefined)
    return { kind: 'none', reason: `${solved.solverName} printed no model of the witness clauses` };
  const witnessPredicates = loopHeadPredicates(solved.solvedProgram, solved.semantics);
  const witnessStrict = strictChcComp(solved.solvedSystem).predicates;
  const reading = readModel(solved.model, witnessStrict);
  if (reading.kind === 'malformed') return { kind: 'none', reason: `the witness model: ${reading.reason}` };
  const originalPredicates = loopHeadPredicates(solved.original, solved.semantics);
  const originalStrict = strictChcComp(buildChcEncoding(solved.original, solved.semantics).system).predicates;
  const renamed = new Map(witnessStrict.map((predicate) => [predicate.name, `${helperPrefix}${predicate.name}`]));
  const helpers: Invariant[] = [];
  for (const invariant of reading.invariants) {
    const helper = renamedDefinition(invariant, renamed);
    if (helper === undefined) return { kind: 'none', reason: `the witness model's ${invariant.name} is unreadable` };
    helpers.push(helper);
  }
  const definitions: Invariant[] = [];
  for (const declaration of originalStrict) {
    const predicate = originalPredicates.find((candidate) => candidate.name === declaration.name);
    if (predicate === undefined) {
      // the strict form's error predicate: no assertion fails under the invariants
      definitions.push(defineInvariant(declaration.name, [], 'false'));
      continue;
    }
    const witness = witnessPredicates.find((candidate) => candidate.loop.id === predicate.loop.id);
    const witnessDeclaration = witnessStrict.find((candidate) => candidate.name === witness?.name);
    if (witness === undefined || witnessDeclaration === undefined)
      return {
        kind: 'none',
        reason: `the witness clauses have no predicate for loop ${predicate.loop.id} at ${predicate.loop.location.line}:${predicate.loop.location.column}`,
      };
    const helper = helpers.find((candidate) => candidate.name === `${helperPrefix}${witness.name}`);
    definitions.push(mappedDefinition(solved, declaration, predicate, witness, witnessDeclaration, helper));
  }
  return {
    kind: 'model',
    invariants: [...helpers, ...definitions],
    source: `${solved.solverName} (Spacer, witness cells)`,
    candidate: true,
  };
}

/** the original predicate defined as ∀ cells. W(…) (see the header) */
function mappedDefinition(
  solved: SolvedWitnessClauses,
  declaration: FunctionDeclaration,
  predicate: LoopHeadPredicate,
  witness: LoopHeadPredicate,
  witnessDeclaration: FunctionDeclaration,
  helperDefinition: Invariant | undefined,
): Invariant {
  const parameters = declaration.parameterSorts.map((sort, position) => symbol(`x!${position}`, sort));
  const scalarParameter = new Map(
    predicate.live.scalars.map((variable, position) => [variable.id, parameters[position]!]),
  );
  const arrayParameter = new Map(
    predicate.live.arrays.map((array, position) => [array.id, parameters[predicate.live.scalars.length + position]!]),
  );
  const bound = new Map<number, { symbol: SymbolTerm; variable: ScalarVariable }>();
  const boundOf = (variable: ScalarVariable, sort: SymbolTerm['sort']): SymbolTerm => {
    const known = bound.get(variable.id);
    if (known !== undefined) return known.symbol;
    const created = symbol(`w!${bound.size}`, sort);
    bound.set(variable.id, { symbol: created, variable });
    return created;
  };
  const cellOf = cellLookup(solved.witnesses);
  const argumentsList = witness.live.scalars.map((variable, position): Term => {
    const sort = witnessDeclaration.parameterSorts[position]!;
    const constant = solved.sizeConstants.get(variable.id);
    if (constant !== undefined) return constantTerm(constant, variable.type, solved.semantics);
    const original = scalarParameter.get(variable.id);
    if (original !== undefined) return original;
    const cell = cellOf.get(variable.id);
    const array = cell?.kind === 'value' ? arrayParameter.get(cell.arrayId) : undefined;
    if (cell?.kind === 'value' && array !== undefined)
      return cell.indices.reduce<Term>(
        (term, index) => select(term, boundOf(index, indexSortOf(solved, index))),
        array,
      );
    return boundOf(variable, sort);
  });
  const helper = declareFunction(`${helperPrefix}${witness.name}`, witnessDeclaration.parameterSorts, boolSort);
  const call = applyFunction(helper, argumentsList);
  const variables = [...bound.values()];
  const conditions = [
    // the ranges of what the transform havocs over a type in int semantics; not of the witness
    // indices: the program's own index values need not lie in the index type's range (the clauses do
    // not bound an int variable), and the invariant must speak of every cell a state can read
    ...(solved.semantics === 'int'
      ? variables
          .filter((entry) => cellOf.get(entry.variable.id)?.kind !== 'index')
          .map((entry) => rangeConstraint(entry.symbol, entry.variable.type, solved.semantics))
      : []),
    // the transform's order of a group's cells (k > 1), as its prologue assumes it (int semantics)
    ...(solved.semantics === 'int' ? cellOrders(solved.witnesses, (variable) => bound.get(variable.id)?.symbol) : []),
  ];
  if (variables.length === 0) {
    // no cell and no temporary (a program without arrays): the helper's body itself, for readers
    // that take one formula per loop (the correctness witness's C invariants)
    const inlined = helperDefinition === undefined ? undefined : inlinedCall(helperDefinition, argumentsList);
    if (inlined !== undefined) return defineInvariant(declaration.name, parameters, inlined);
  }
  const body = forall(
    variables.map((entry) => entry.symbol),
    conditions.length === 0 ? call : implies(and(...conditions), call),
  );
  return defineInvariant(declaration.name, parameters, printTerm(body));
}

/** `(let ((v!0 a0) …) body)`: the definition's body with its parameters renamed v!k, bound to the arguments */
function inlinedCall(definition: Invariant, argumentsList: readonly Term[]): string | undefined {
  const parsed = parseSExpressions(definition.definition);
  if (parsed.kind === 'error' || parsed.expressions.length !== 1) return undefined;
  const [, , parameterList, , body] = parsed.expressions[0]!.kind === 'list' ? parsed.expressions[0]!.items : [];
  if (parameterList?.kind !== 'list' || body === undefined || parameterList.items.length !== argumentsList.length)
    return undefined;
  const renamed = new Map<string, string>();
  for (const [position, parameter] of parameterList.items.entries()) {
    const name = parameter.kind === 'list' ? parameter.items[0] : undefined;
    if (name?.kind !== 'atom') return undefined;
    renamed.set(name.text, `v!${position}`);
  }
  if (argumentsList.length === 0) return printSmtSExpression(body);
  const bindings = argumentsList.map((argument, position) => `(v!${position} ${printTerm(argument)})`).join(' ');
  return `(let (${bindings}) ${printSmtSExpression(renameAtoms(body, renamed))})`;
}

function renameAtoms(expression: SExpression, renamed: ReadonlyMap<string, string>): SExpression {
  switch (expression.kind) {
    case 'atom':
      return renamed.has(expression.text) ? { kind: 'atom', text: renamed.get(expression.text)! } : expression;
    case 'string':
      return expression;
    case 'list':
      return { kind: 'list', items: expression.items.map((item) => renameAtoms(item, renamed)) };
    default: {
      const never: never = expression;
      throw new Error(`unknown s-expression ${JSON.stringify(never)}`);
    }
  }
}

function indexSortOf(solved: SolvedWitnessClauses, index: ScalarVariable): SymbolTerm['sort'] {
  return constantTerm(0n, index.type, solved.semantics).sort;
}

type CellRole =
  | { readonly kind: 'index' }
  | { readonly kind: 'value'; readonly arrayId: number; readonly indices: readonly ScalarVariable[] };

/** each witness variable's role: an index of a cell, or the value of an array at a cell */
function cellLookup(witnesses: readonly WitnessGroupVariables[]): Map<number, CellRole> {
  const roles = new Map<number, CellRole>();
  for (const witness of witnesses) {
    for (const cell of witness.indices) for (const index of cell) roles.set(index.id, { kind: 'index' });
    for (const [arrayId, values] of witness.values)
      values.forEach((value, position) =>
        roles.set(value.id, { kind: 'value', arrayId, indices: witness.indices[position]! }),
      );
  }
  return roles;
}

/** the transform's assumptions on the cells of a group (k > 1): ordered, or distinct tuples */
function cellOrders(
  witnesses: readonly WitnessGroupVariables[],
  symbolOf: (variable: ScalarVariable) => SymbolTerm | undefined,
): Term[] {
  const conditions: Term[] = [];
  for (const witness of witnesses)
    for (let first = 0; first < witness.indices.length; first++)
      for (let second = first + 1; second < witness.indices.length; second++) {
        const left = witness.indices[first]!.map(symbolOf);
        const right = witness.indices[second]!.map(symbolOf);
        if (left.some((term) => term === undefined) || right.some((term) => term === undefined)) continue;
        conditions.push(
          left.length === 1
            ? less(left[0]!, right[0]!)
            : or(...left.map((term, dimension) => not(equal(term!, right[dimension]!)))),
        );
      }
  return conditions;
}

/** the definition with its name (and any predicate it calls) renamed to the helper names */
function renamedDefinition(invariant: Invariant, renamed: ReadonlyMap<string, string>): Invariant | undefined {
  const parsed = parseSExpressions(invariant.definition);
  if (parsed.kind === 'error' || parsed.expressions.length !== 1) return undefined;
  const name = renamed.get(invariant.name) ?? `${helperPrefix}${invariant.name}`;
  return { name, definition: printSmtSExpression(renameAtoms(parsed.expressions[0]!, renamed)) };
}
