// A certificate of a SAFE verdict: one invariant per predicate of the program's Horn clauses (one
// predicate per loop head, symbolic/horn-clauses.ts, in CHC-COMP's strict form as the printer writes
// and the solver solves them: smt/chc-comp.ts, whose error predicate and ghost arguments for constant
// arrays are part of it), in CHC-COMP's model format, one `(define-fun inv_loopN ((x!0 Int) …) Bool
// body)` per predicate. It is a certificate when the invariants satisfy every clause
// (certificates/check.ts checks that; nothing here does).
//
// Representation: the bodies stay SMT-LIB text as the solver printed them (z3's Spacer: `let`s,
// `(* (- 1) x)`, array selects, at times quantifiers), re-printed from their s-expressions; they are
// not parsed into our terms (their language is whatever the solver prints, and the checker needs
// them only as text beside the clauses). What is read here: each definition's name, its parameter
// sorts and result sort, held against the predicates' declarations, so that a model with a missing
// predicate or a wrong signature is refused before any solver sees it.
//
// Which program: `program` and `semantics` are those whose clauses the invariants model, set by the
// kernel (never by the encoder that found them): the program after the passes that keep a
// certificate a certificate of the C program (kernel/transforms.ts, `certificate` of each way
// back). In `c` semantics this is the program with wrap checks as assertions, read over the
// mathematical integers: the program whose clauses `--emit smt2` writes.

import type { Program, Semantics } from '../ir/types.js';
import { printSort, printSymbol } from '../smt/printer.js';
import type { FunctionDeclaration, SymbolTerm } from '../smt/terms.js';
import { parseSExpressions, printSmtSExpression, type SExpression } from '../solvers/sexpr.js';

/** one `(define-fun …)` of a model */
export interface Invariant {
  /** the predicate's (or helper function's) name */
  readonly name: string;
  /** the whole definition as SMT-LIB text */
  readonly definition: string;
}

/** what an encoding hands the kernel with a SAFE: the model it found, or why it has none */
export type CertificateClaim =
  | {
      readonly kind: 'model';
      /** the definitions in the solver's order (the predicates', and any it defined besides) */
      readonly invariants: readonly Invariant[];
      /** who found it, for people: e.g. 'z3 (Spacer)' */
      readonly source: string;
      /**
       * set when the invariants were derived from a model of OTHER clauses (witness's array-free
       * ones) by a mapping that may ask too much: a clause they fail is then no certificate, not a
       * sign that the verdict is wrong (the kernel says `none`, naming the clause)
       */
      readonly candidate?: boolean;
      /**
       * set when the SAFE stands only on a certificate the checker confirms (the template prover's:
       * its proof is Houdini's answers in a kept solver, the checker's fresh ones are the evidence):
       * a certificate that is not `checked` (refuted, out of time, lost by a pass) makes it UNKNOWN
       */
      readonly checkRequired?: boolean;
    }
  | { readonly kind: 'none'; readonly reason: string };

export interface Certificate {
  /** the program whose clauses the invariants model, and the semantics it is read in */
  readonly program: Program;
  readonly semantics: Semantics;
  readonly invariants: readonly Invariant[];
  readonly source: string;
}

export type ModelReading =
  | { readonly kind: 'model'; readonly invariants: readonly Invariant[] }
  | { readonly kind: 'malformed'; readonly reason: string };

/**
 * The definitions of a solver's model (CheckOptions.model text, or a model file), each checked to
 * be a well-formed `define-fun`; every predicate of `predicates` must be defined with its
 * declaration's parameter sorts and result sort Bool.
 */
export function readModel(text: string, predicates: readonly FunctionDeclaration[]): ModelReading {
  const parsed = parseSExpressions(text);
  if (parsed.kind === 'error') return { kind: 'malformed', reason: `unparsable model: ${parsed.message}` };
  // a model file may hold the definitions at top level or inside one list (`( … )` or `(model …)`)
  const top = parsed.expressions;
  const definitions: SExpression[] =
    top.length === 1 && top[0]!.kind === 'list' && !isAtom(top[0]!.items[0], 'define-fun')
      ? top[0]!.items.filter((item) => !isAtom(item, 'model'))
      : top;
  const invariants: Invariant[] = [];
  const signatures = new Map<string, { parameters: string[]; result: string }>();
  for (const definition of definitions) {
    const signature = definitionSignature(definition);
    if (signature.kind === 'malformed') return signature;
    if (signatures.has(signature.name))
      return { kind: 'malformed', reason: `${signature.name} is defined twice in the model` };
    signatures.set(signature.name, signature);
    invariants.push({ name: signature.name, definition: printSmtSExpression(definition) });
  }
  for (const predicate of predicates) {
    const signature = signatures.get(predicate.name);
    if (signature === undefined) return { kind: 'malformed', reason: `the model defines no ${predicate.name}` };
    const expected = predicate.parameterSorts.map((sort) => normaliseSort(printSort(sort)));
    if (
      signature.result !== 'Bool' ||
      signature.parameters.length !== expected.length ||
      signature.parameters.some((sort, index) => sort !== expected[index])
    )
      return {
        kind: 'malformed',
        reason: `${predicate.name} is defined over (${signature.parameters.join(' ')}) → ${signature.result}, declared over (${expected.join(' ')}) → Bool`,
      };
  }
  return { kind: 'model', invariants };
}

/** `(define-fun NAME ((P SORT) …) Bool BODY)`: a predicate's invariant, its body given as SMT-LIB text */
export function defineInvariant(name: string, parameters: readonly SymbolTerm[], body: string): Invariant {
  const list = parameters.map((parameter) => `(${printSymbol(parameter.name)} ${printSort(parameter.sort)})`).join(' ');
  return { name, definition: `(define-fun ${printSymbol(name)} (${list}) Bool ${body})` };
}

/** the model as a CHC-COMP model file: one definition a line, in the solver's order */
export function printModel(invariants: readonly Invariant[], headerComments: readonly string[] = []): string {
  return [...headerComments.map((line) => `; ${line}`), ...invariants.map((invariant) => invariant.definition)]
    .map((line) => `${line}\n`)
    .join('');
}

type Signature =
  | { readonly kind: 'signature'; readonly name: string; readonly parameters: string[]; readonly result: string }
  | { readonly kind: 'malformed'; readonly reason: string };

/** `(define-fun NAME ((P SORT) …) SORT BODY)`: the name and the sorts, or why it is not one */
function definitionSignature(definition: SExpression): Signature {
  const text = printSmtSExpression(definition).slice(0, 120);
  if (definition.kind !== 'list' || definition.items.length !== 5 || !isAtom(definition.items[0], 'define-fun'))
    return { kind: 'malformed', reason: `not a (define-fun name (parameters) sort body): ${text}` };
  const [, name, parameters, result] = definition.items;
  if (name?.kind !== 'atom' || parameters?.kind !== 'list' || result === undefined)
    return { kind: 'malformed', reason: `not a (define-fun name (parameters) sort body): ${text}` };
  const sorts: string[] = [];
  for (const parameter of parameters.items) {
    if (parameter.kind !== 'list' || parameter.items.length !== 2 || parameter.items[0]?.kind !== 'atom')
      return { kind: 'malformed', reason: `a parameter of ${name.text} is not (name sort): ${text}` };
    sorts.push(normaliseSort(printSmtSExpression(parameter.items[1]!)));
  }
  return { kind: 'signature', name: name.text, parameters: sorts, result: normaliseSort(printSmtSExpression(result)) };
}

/** a sort's text with its spacing made canonical (solvers and our printer space it alike, but need not) */
function normaliseSort(text: string): string {
  const parsed = parseSExpressions(text);
  return parsed.kind === 'ok' ? parsed.expressions.map(printSmtSExpression).join(' ') : text;
}

function isAtom(expression: SExpression | undefined, text: string): boolean {
  return expression?.kind === 'atom' && expression.text === text;
}
