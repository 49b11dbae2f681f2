// A certificate's invariants as C expressions at the loop heads of the program (for SV-COMP's
// correctness witnesses, svcomp/correctness-witness.ts): each loop head's predicate (one per loop,
// symbolic/horn-clauses.ts `loopHeadPredicates`; its arguments are the variables live at the head,
// then the ghosts of CHC-COMP's strict form) has its definition's body translated from SMT-LIB to a C
// expression over the program's variables, or left out with the reason.
//
// What is translated: quantifier-free bodies over integers (the `int` reading of `c` semantics: the
// program with its wrap checks, whose values are C's), with and, or, not, =>, =, distinct, the
// comparisons, + - *, div and mod by a positive constant (as C's `%` made Euclidean), ite, let
// (substituted), select of an argument array (`a[i]`, `a[i][j]`), and integer and Boolean constants.
// A read at a constant index outside the array's constant size is left out; a read at a variable
// index is written as it is (C reads it where the invariant holds: assumed in bounds there).
// Left out: a quantifier (∀ over array cells: no C expression), bit-vector invariants (`bv`
// semantics), a ghost argument, a symbol or operator outside that list, a body longer than
// `maximumExpressionLength` once lets are substituted, a loop whose head C does not have where the
// program's does (a do-while, whose test the lowering put in the update), and a loop that is not
// the only one at its source location (a function inlined twice).
//
// Soundness assumptions: the body means over the integers what its C expression means in C. C's
// arithmetic and comparisons differ from the integers' where a value overflows or a comparison
// mixes signedness; so every comparison whose sides hold arithmetic, an unsigned or 64-bit value, or
// a constant beyond int, reads its leaves as `(long long)` (exact while no intermediate value leaves
// 64 bits: true of 32-bit variables under sums and constant multiples; 64-bit unsigned variables are
// left out). A variable is written by its C name only where that name means it at the loop head:
// the program declares it (the caller's `isDeclared`: the lowering's temporaries, `nondet`, `tmp`,
// `f_result`, are not C variables), its name is unique in the program or every other variable of
// that name is a `for` loop's own counter of a loop that neither is nor encloses this one (the
// lowering's `i_1` for a second `for (int i …)`), and it is not itself the counter of another loop.
// Let-bound names are taken to be distinct from each other (as z3 prints them: a!1, a!2, …).

import type { LoopStatement, Program, ScalarVariable, ArrayVariable, SourceLocation } from '../ir/types.js';
import { parseSExpressions, printSmtSExpression, type SExpression } from '../solvers/sexpr.js';
import { loopHeadPredicates, type LoopHeadPredicate } from '../symbolic/horn-clauses.js';
import type { Certificate } from './certificate.js';

/** a body longer than this (after its lets are substituted) is left out: no person or validator reads it */
export const maximumExpressionLength = 4_000;

export type CLoopInvariant =
  | {
      readonly kind: 'expression';
      readonly predicate: string;
      readonly loop: SourceLocation;
      readonly expression: string;
    }
  | { readonly kind: 'leftOut'; readonly predicate: string; readonly loop: SourceLocation; readonly reason: string };

/** whether the program's source declares the variable under its C name (not a lowering's temporary) */
export type DeclarationCheck = (variable: ScalarVariable | ArrayVariable) => boolean;

/** the invariant of each loop head of the certificate's program, as C or left out with why */
export function cLoopInvariants(certificate: Certificate, isDeclared: DeclarationCheck): CLoopInvariant[] {
  const predicates = loopHeadPredicates(certificate.program, certificate.semantics);
  const definitions = new Map(certificate.invariants.map((invariant) => [invariant.name, invariant.definition]));
  const cNameAt = cNames(certificate.program, isDeclared);
  const atLocation = new Map<string, number>();
  for (const predicate of predicates) {
    const key = locationKey(predicate.loop.location);
    atLocation.set(key, (atLocation.get(key) ?? 0) + 1);
  }
  return predicates.map((predicate): CLoopInvariant => {
    const loop = predicate.loop.location;
    const leftOut = (reason: string): CLoopInvariant => ({ kind: 'leftOut', predicate: predicate.name, loop, reason });
    if (certificate.semantics === 'bv') return leftOut('a bit-vector invariant (bv semantics) is not translated to C');
    const copies = atLocation.get(locationKey(loop)) ?? 0;
    if (copies > 1) return leftOut(`the loop at ${loop.line}:${loop.column} is inlined ${copies} times`);
    if (isDoWhile(predicate.loop))
      return leftOut('a do-while loop: its head in the program is not where C tests its condition');
    const definition = definitions.get(predicate.name);
    if (definition === undefined) return leftOut('the certificate does not define it');
    const names = (variable: ScalarVariable | ArrayVariable): string | undefined => cNameAt(variable, predicate.loop);
    const translated = translateDefinition(definition, predicate, names);
    return translated.kind === 'expression'
      ? { kind: 'expression', predicate: predicate.name, loop, expression: translated.text }
      : leftOut(translated.reason);
  });
}

/**
 * The C name that means a variable at a loop's head (the rules of the header: declared by the
 * program under that name, unique there but for other loops' own counters), or undefined. Used both
 * ways: to write an invariant in C (here) and to read one (svcomp's correctness witnesses).
 */
export function cNames(
  program: Program,
  isDeclared: DeclarationCheck,
): (variable: ScalarVariable | ArrayVariable, loop: LoopStatement) => string | undefined {
  const enclosing = enclosingLoops(program);
  const counters = loopCounters(program);
  return (variable, loop) => (isDeclared(variable) ? cName(variable, loop, program, enclosing, counters) : undefined);
}

function locationKey(location: SourceLocation): string {
  return `${location.line}:${location.column}`;
}

/** the lowering's do-while: `while (1)` whose update ends the loop */
export function isDoWhile(loop: LoopStatement): boolean {
  const constantTrue = loop.condition.kind === 'constant' && loop.condition.value !== 0n;
  return (
    constantTrue &&
    loop.update.some(
      (statement) =>
        statement.kind === 'break' ||
        (statement.kind === 'if' && [...statement.then, ...statement.else].some((inner) => inner.kind === 'break')),
    )
  );
}

/** for each loop id, the ids of the loops around it */
function enclosingLoops(program: Program): Map<number, Set<number>> {
  const result = new Map<number, Set<number>>();
  const visit = (block: Program['body'], around: readonly number[]): void => {
    for (const statement of block) {
      if (statement.kind === 'if') {
        visit(statement.then, around);
        visit(statement.else, around);
      } else if (statement.kind === 'loop') {
        result.set(statement.id, new Set(around));
        visit(statement.body, [...around, statement.id]);
        visit(statement.update, [...around, statement.id]);
      }
    }
  };
  visit(program.body, []);
  return result;
}

/** the loops whose `for` header declares a variable: the variable's id to the loop's id */
function loopCounters(program: Program): Map<number, number> {
  const loops: LoopStatement[] = [];
  const visit = (block: Program['body']): void => {
    for (const statement of block) {
      if (statement.kind === 'if') {
        visit(statement.then);
        visit(statement.else);
      } else if (statement.kind === 'loop') {
        loops.push(statement);
        visit(statement.body);
        visit(statement.update);
      }
    }
  };
  visit(program.body);
  const counters = new Map<number, number>();
  for (const variable of [...program.scalars, ...program.arrays]) {
    const at = variable.location;
    if (at === undefined) continue;
    // declared in the loop's header: on its line, after its keyword (the nearest such loop)
    const owner = loops
      .filter((loop) => loop.location.line === at.line && loop.location.column < at.column)
      .sort((left, right) => right.location.column - left.location.column)[0];
    if (owner !== undefined && variable.kind === 'scalar') counters.set(variable.id, owner.id);
  }
  return counters;
}

/** the C name that means `variable` at `loop`'s head (see the header), or undefined */
function cName(
  variable: ScalarVariable | ArrayVariable,
  loop: LoopStatement,
  program: Program,
  enclosing: ReadonlyMap<number, ReadonlySet<number>>,
  counters: ReadonlyMap<number, number>,
): string | undefined {
  const name = variable.sourceName;
  if (!/^[A-Za-z_]\w*$/.test(name) || variable.location === undefined) return undefined;
  const around = enclosing.get(loop.id) ?? new Set<number>();
  const inScopeHere = (counterOf: number | undefined): boolean =>
    counterOf === undefined || counterOf === loop.id || around.has(counterOf);
  if (!inScopeHere(counters.get(variable.id))) return undefined;
  const others = [...program.scalars, ...program.arrays].filter(
    (other) => other.sourceName === name && !(other.kind === variable.kind && other.id === variable.id),
  );
  const hidden = others.every((other) => {
    const counterOf = other.kind === 'scalar' ? counters.get(other.id) : undefined;
    return counterOf !== undefined && !inScopeHere(counterOf);
  });
  return hidden ? name : undefined;
}

type Translation =
  { readonly kind: 'expression'; readonly text: string } | { readonly kind: 'leftOut'; readonly reason: string };

/** a reason to leave an invariant out, thrown inside the translation and caught at its top */
class Inexpressible extends Error {}

interface Parameter {
  readonly kind: 'scalar' | 'array';
  /** the C name, or undefined when the variable has none at this head (or is a ghost) */
  readonly name: string | undefined;
  /** why it has no name, for the note */
  readonly why: string;
  /** read as `(long long)` in comparisons: unsigned or 64-bit values */
  readonly wide: boolean;
  /** an array's cells per dimension, where constant */
  readonly sizes: readonly (bigint | undefined)[];
}

function translateDefinition(
  definition: string,
  predicate: LoopHeadPredicate,
  names: (variable: ScalarVariable | ArrayVariable) => string | undefined,
): Translation {
  const parsed = parseSExpressions(definition);
  const top = parsed.kind === 'ok' ? parsed.expressions[0] : undefined;
  if (top?.kind !== 'list' || top.items.length !== 5 || top.items[2]?.kind !== 'list')
    return { kind: 'leftOut', reason: 'not a (define-fun …) the translation reads' };
  const live: (ScalarVariable | ArrayVariable)[] = [...predicate.live.scalars, ...predicate.live.arrays];
  const parameters = new Map<string, Parameter>();
  top.items[2].items.forEach((item, index) => {
    const parameterName = item.kind === 'list' && item.items[0]?.kind === 'atom' ? item.items[0].text : undefined;
    if (parameterName === undefined) return;
    const variable = live[index];
    if (variable === undefined) {
      parameters.set(parameterName, {
        kind: 'array',
        name: undefined,
        why: 'a ghost argument',
        wide: false,
        sizes: [],
      });
      return;
    }
    const type = variable.kind === 'scalar' ? variable.type : variable.elementType;
    parameters.set(parameterName, {
      kind: variable.kind,
      name: type.width > 32 && !type.signed ? undefined : names(variable),
      why:
        type.width > 32 && !type.signed
          ? `${variable.sourceName} is a 64-bit unsigned value`
          : `${variable.sourceName} has no C name of its own at the loop head`,
      wide: !type.signed || type.width > 32,
      sizes:
        variable.kind === 'array'
          ? variable.sizes.map((size) => (size.kind === 'constant' ? size.value : undefined))
          : [],
    });
  });
  try {
    const text = new CTranslator(parameters).boolean(top.items[4]!, new Map());
    if (text.length > maximumExpressionLength)
      return {
        kind: 'leftOut',
        reason: `longer than ${maximumExpressionLength} characters once its lets are substituted`,
      };
    return { kind: 'expression', text };
  } catch (error) {
    if (error instanceof Inexpressible) return { kind: 'leftOut', reason: error.message };
    throw error;
  }
}

type Bindings = ReadonlyMap<string, SExpression>;

const comparisons: Readonly<Record<string, string>> = { '<=': '<=', '<': '<', '>=': '>=', '>': '>' };
const intLimit = 2n ** 31n;

/** SMT-LIB terms to C text (see the header); every method throws Inexpressible where C has no reading */
class CTranslator {
  private length = 0;

  constructor(private readonly parameters: ReadonlyMap<string, Parameter>) {}

  /** a Boolean term as a C condition */
  boolean(term: SExpression, bindings: Bindings): string {
    this.grow();
    if (term.kind === 'atom') {
      if (term.text === 'true') return '1';
      if (term.text === 'false') return '0';
      const bound = bindings.get(term.text);
      if (bound !== undefined) return this.boolean(bound, bindings);
      throw new Inexpressible(`the Boolean symbol ${term.text}`);
    }
    if (term.kind !== 'list' || term.items[0]?.kind !== 'atom')
      throw new Inexpressible(`the term ${printSmtSExpression(term).slice(0, 60)}`);
    const operator = term.items[0].text;
    const operands = term.items.slice(1);
    switch (operator) {
      case 'and':
      case 'or': {
        if (operands.length === 0) return operator === 'and' ? '1' : '0';
        const joined = operands.map((operand) => `(${this.boolean(operand, bindings)})`);
        return joined.join(operator === 'and' ? ' && ' : ' || ');
      }
      case 'not':
        return `!(${this.boolean(operands[0]!, bindings)})`;
      case '=>':
        return `!(${this.boolean(operands[0]!, bindings)}) || (${this.boolean(operands[1]!, bindings)})`;
      case 'ite':
        return `(${this.boolean(operands[0]!, bindings)}) ? (${this.boolean(operands[1]!, bindings)}) : (${this.boolean(operands[2]!, bindings)})`;
      case 'let':
        return this.boolean(operands[1]!, this.bind(operands[0]!, bindings));
      case 'forall':
      case 'exists':
        throw new Inexpressible('quantified (over array cells): no C expression');
      case '=':
      case 'distinct':
        return this.equality(operator, operands, bindings);
      default:
        if (comparisons[operator] !== undefined && operands.length === 2)
          return this.compare(operator, operands, bindings);
        throw new Inexpressible(`the operator ${operator}`);
    }
  }

  private equality(operator: '=' | 'distinct', operands: readonly SExpression[], bindings: Bindings): string {
    if (operands.length !== 2) throw new Inexpressible(`${operator} of ${operands.length} terms`);
    const symbol = operator === '=' ? '==' : '!=';
    if (this.isBoolean(operands[0]!, bindings) || this.isBoolean(operands[1]!, bindings))
      return `!(${this.boolean(operands[0]!, bindings)}) ${symbol} !(${this.boolean(operands[1]!, bindings)})`;
    return this.compare(symbol, operands, bindings);
  }

  private compare(symbol: string, operands: readonly SExpression[], bindings: Bindings): string {
    const wide = operands.some((operand) => this.needsWide(operand, bindings));
    return `${this.integer(operands[0]!, bindings, wide)} ${symbol} ${this.integer(operands[1]!, bindings, wide)}`;
  }

  /** an integer term as C (`wide`: leaves read as long long) */
  private integer(term: SExpression, bindings: Bindings, wide: boolean): string {
    this.grow();
    if (term.kind === 'atom') return this.integerAtom(term.text, bindings, wide);
    if (term.kind !== 'list' || term.items[0]?.kind !== 'atom')
      throw new Inexpressible(`the term ${printSmtSExpression(term).slice(0, 60)}`);
    const operator = term.items[0].text;
    const operands = term.items.slice(1);
    const each = (): string[] => operands.map((operand) => this.integer(operand, bindings, wide));
    switch (operator) {
      case '+':
        return `(${each().join(' + ')})`;
      case '*':
        return `(${each().join(' * ')})`;
      case '-':
        return operands.length === 1 ? `(-${each()[0]!})` : `(${each().join(' - ')})`;
      case 'div':
      case 'mod':
        return this.euclidean(operator, operands, bindings, wide);
      case 'ite':
        return `((${this.boolean(operands[0]!, bindings)}) ? ${this.integer(operands[1]!, bindings, wide)} : ${this.integer(operands[2]!, bindings, wide)})`;
      case 'let':
        return this.integer(operands[1]!, this.bind(operands[0]!, bindings), wide);
      case 'select':
        return wide ? `(long long)${this.select(term, bindings)}` : this.select(term, bindings);
      default:
        throw new Inexpressible(`the operator ${operator}`);
    }
  }

  private integerAtom(text: string, bindings: Bindings, wide: boolean): string {
    if (/^\d+$/.test(text)) return BigInt(text) >= intLimit || wide ? `${text}LL` : text;
    const bound = bindings.get(text);
    if (bound !== undefined) return this.integer(bound, bindings, wide);
    const parameter = this.parameters.get(text);
    if (parameter === undefined) throw new Inexpressible(`the symbol ${text}`);
    if (parameter.name === undefined) throw new Inexpressible(parameter.why);
    if (parameter.kind === 'array') throw new Inexpressible(`the array ${parameter.name} as a value`);
    return wide ? `(long long)${parameter.name}` : parameter.name;
  }

  /** SMT-LIB's div and mod by a positive constant k: mod is `((a % k) + k) % k`, div is `(a - mod) / k` */
  private euclidean(
    operator: 'div' | 'mod',
    operands: readonly SExpression[],
    bindings: Bindings,
    wide: boolean,
  ): string {
    const divisor = operands[1];
    if (operands.length !== 2 || divisor?.kind !== 'atom' || !/^[1-9]\d*$/.test(divisor.text))
      throw new Inexpressible(`${operator} by a term that is not a positive constant`);
    const dividend = this.integer(operands[0]!, bindings, wide);
    const modulo = `((${dividend} % ${divisor.text} + ${divisor.text}) % ${divisor.text})`;
    return operator === 'mod' ? modulo : `((${dividend} - ${modulo}) / ${divisor.text})`;
  }

  /**
   * `(select … (select a i) … j)` of an argument array as `a[i][j]`; a constant index outside the
   * array's constant size has no C reading (SMT arrays have every cell, C's do not)
   */
  private select(term: SExpression, bindings: Bindings): string {
    const indices: string[] = [];
    const constants: (bigint | undefined)[] = [];
    let current: SExpression = term;
    while (current.kind === 'list' && current.items[0]?.kind === 'atom' && current.items[0].text === 'select') {
      const index = current.items[2]!;
      indices.unshift(this.integer(index, bindings, this.needsWide(index, bindings)));
      constants.unshift(constantValue(index));
      current = current.items[1]!;
    }
    if (current.kind === 'atom' && bindings.has(current.text))
      return this.select(bindings.get(current.text)!, bindings);
    const parameter = current.kind === 'atom' ? this.parameters.get(current.text) : undefined;
    if (parameter?.kind !== 'array')
      throw new Inexpressible(
        `a read of ${printSmtSExpression(current).slice(0, 60)}, which is no array of the program`,
      );
    if (parameter.name === undefined) throw new Inexpressible(parameter.why);
    constants.forEach((value, dimension) => {
      const size = parameter.sizes[dimension];
      if (value !== undefined && size !== undefined && (value < 0n || value >= size))
        throw new Inexpressible(`it reads ${parameter.name}'s cell ${value}, outside its ${size} cells`);
    });
    return `${parameter.name}${indices.map((index) => `[${index}]`).join('')}`;
  }

  /** whether the comparison of `term` must read its leaves as long long (see the header) */
  private needsWide(term: SExpression, bindings: Bindings): boolean {
    if (term.kind === 'atom') {
      if (/^\d+$/.test(term.text)) return BigInt(term.text) >= intLimit;
      const bound = bindings.get(term.text);
      if (bound !== undefined) return this.needsWide(bound, bindings);
      return this.parameters.get(term.text)?.wide ?? false;
    }
    if (term.kind !== 'list') return false;
    const operator = term.items[0]?.kind === 'atom' ? term.items[0].text : '';
    if (['+', '-', '*', 'div', 'mod'].includes(operator)) return true;
    if (operator === 'select') {
      let array: SExpression | undefined = term;
      while (array?.kind === 'list') array = array.items[1];
      return array?.kind === 'atom' && (this.parameters.get(array.text)?.wide ?? false);
    }
    // ite's branches, let's body
    return term.items.slice(1).some((item) => this.needsWide(item, bindings));
  }

  private isBoolean(term: SExpression, bindings: Bindings): boolean {
    if (term.kind === 'atom') {
      if (term.text === 'true' || term.text === 'false') return true;
      const bound = bindings.get(term.text);
      return bound !== undefined && this.isBoolean(bound, bindings);
    }
    if (term.kind !== 'list' || term.items[0]?.kind !== 'atom') return false;
    const operator = term.items[0].text;
    if (operator === 'ite') return this.isBoolean(term.items[2]!, bindings);
    if (operator === 'let') return this.isBoolean(term.items[2]!, this.bind(term.items[1]!, bindings));
    return ['and', 'or', 'not', '=>', '=', 'distinct', 'forall', 'exists', ...Object.keys(comparisons)].includes(
      operator,
    );
  }

  /** the bindings of a let (each bound to its term, read in the outer bindings) */
  private bind(list: SExpression, bindings: Bindings): Bindings {
    if (list.kind !== 'list') throw new Inexpressible('a malformed let');
    const inner = new Map(bindings);
    for (const binding of list.items) {
      if (binding.kind !== 'list' || binding.items[0]?.kind !== 'atom' || binding.items[1] === undefined)
        throw new Inexpressible('a malformed let');
      inner.set(binding.items[0].text, closed(binding.items[1], bindings));
    }
    return inner;
  }

  /** counts the work: a let-heavy body substituted out grows without bound */
  private grow(): void {
    if (++this.length > 20 * maximumExpressionLength)
      throw new Inexpressible(`longer than ${maximumExpressionLength} characters once its lets are substituted`);
  }
}

/** the value of an integer constant term (`5`, `(- 5)`), else undefined */
function constantValue(term: SExpression): bigint | undefined {
  if (term.kind === 'atom') return /^\d+$/.test(term.text) ? BigInt(term.text) : undefined;
  if (term.kind !== 'list' || term.items.length !== 2 || term.items[0]?.kind !== 'atom' || term.items[0].text !== '-')
    return undefined;
  const inner = constantValue(term.items[1]!);
  return inner === undefined ? undefined : -inner;
}

/** `term` with the let-bound symbols of `bindings` substituted, so that it means the same in any scope */
function closed(term: SExpression, bindings: Bindings): SExpression {
  if (bindings.size === 0) return term;
  if (term.kind === 'atom') return bindings.get(term.text) ?? term;
  if (term.kind !== 'list') return term;
  return { kind: 'list', items: term.items.map((item) => closed(item, bindings)) };
}
