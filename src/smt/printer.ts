// The one SMT-LIB 2.6 printer: terms, sorts, scripts (check-sat / get-value) and CHC systems in the
// CHC-COMP format. Printing is iterative (explicit work stacks), so a 10^5-deep nested store/ite
// chain does not overflow the JS stack, and DAG-aware: a compound subterm that is shared (the same
// immutable object reached more than once) is bound once with `let`, so the output is linear in the
// DAG size, not in the tree size.
// Soundness assumptions: `let` bindings are printed in levels so that a binding only refers to
// names bound in enclosing lets (SMT-LIB `let` is parallel); let names are chosen to differ from
// every symbol occurring in the printed term; quantifier and `let` bodies get their own sharing
// scope, so a subterm mentioning a bound variable is never lifted out of its binder.
// Printing a large query takes seconds: every loop ticks the run's budget (budget-check.ts), so a
// run whose budget is spent stops here too.

import { strictChcComp } from './chc-comp.js';
import { budgetTick } from '../budget-check.js';
import {
  isQueryClause,
  type ChcSystem,
  type FunctionDeclaration,
  type HornClause,
  type SmtScript,
  type Sort,
  type SymbolTerm,
  type Term,
} from './terms.js';

// ---------------------------------------------------------------- symbols and sorts

const simpleSymbolPattern = /^[A-Za-z~!@$%^&*_\-+=<>.?/][A-Za-z0-9~!@$%^&*_\-+=<>.?/]*$/;

/** SMT-LIB 2.6 reserved words (they cannot be used as simple symbols). */
const reservedWords = new Set([
  '!',
  '_',
  'as',
  'BINARY',
  'DECIMAL',
  'exists',
  'HEXADECIMAL',
  'forall',
  'let',
  'match',
  'NUMERAL',
  'par',
  'STRING',
  'assert',
  'check-sat',
  'check-sat-assuming',
  'declare-const',
  'declare-datatype',
  'declare-datatypes',
  'declare-fun',
  'declare-sort',
  'define-fun',
  'define-fun-rec',
  'define-funs-rec',
  'define-sort',
  'echo',
  'exit',
  'get-assertions',
  'get-assignment',
  'get-info',
  'get-model',
  'get-option',
  'get-proof',
  'get-unsat-assumptions',
  'get-unsat-core',
  'get-value',
  'pop',
  'push',
  'reset',
  'reset-assertions',
  'set-info',
  'set-logic',
  'set-option',
]);

/**
 * Names of theory symbols. z3 treats `|store|` as a user symbol distinct from the theory's `store`,
 * so a user name that clashes is quoted (cvc5 rejects such declarations: an error, hence unknown).
 */
const theorySymbols = new Set([
  'true',
  'false',
  'not',
  'and',
  'or',
  '=>',
  'xor',
  '=',
  'distinct',
  'ite',
  '+',
  '-',
  '*',
  '/',
  'div',
  'mod',
  'abs',
  '<',
  '<=',
  '>',
  '>=',
  'select',
  'store',
  'const',
  'Array',
  'Int',
  'Bool',
  'Real',
  'BitVec',
  'to_real',
  'to_int',
  'is_int',
  'bvadd',
  'bvsub',
  'bvmul',
  'bvneg',
  'bvudiv',
  'bvurem',
  'bvsdiv',
  'bvsrem',
  'bvsmod',
  'bvshl',
  'bvlshr',
  'bvashr',
  'bvand',
  'bvor',
  'bvxor',
  'bvnot',
  'bvult',
  'bvule',
  'bvugt',
  'bvuge',
  'bvslt',
  'bvsle',
  'bvsgt',
  'bvsge',
  'concat',
  'extract',
  'zero_extend',
  'sign_extend',
  'bv2nat',
  'int2bv',
  'bv2int',
  'lambda',
]);

/** Prints a symbol, quoting it as `|...|` when it is not a simple SMT-LIB symbol or clashes with a built-in. */
export function printSymbol(name: string): string {
  if (simpleSymbolPattern.test(name) && !reservedWords.has(name) && !theorySymbols.has(name)) return name;
  if (name.includes('|') || name.includes('\\')) {
    throw new Error(`internal: symbol ${JSON.stringify(name)} cannot be printed in SMT-LIB (contains | or \\)`);
  }
  return `|${name}|`;
}

export function printSort(sort: Sort): string {
  switch (sort.kind) {
    case 'bool':
      return 'Bool';
    case 'int':
      return 'Int';
    case 'bitvector':
      return `(_ BitVec ${sort.width})`;
    case 'array':
      return `(Array ${printSort(sort.index)} ${printSort(sort.element)})`;
    default: {
      const never: never = sort;
      throw new Error(`internal: unknown sort ${JSON.stringify(never)}`);
    }
  }
}

function printIntegerValue(value: bigint): string {
  return value < 0n ? `(- ${-value})` : value.toString();
}

function printBitvectorValue(value: bigint, width: number): string {
  if (width <= 8) return `#b${value.toString(2).padStart(width, '0')}`;
  return `(_ bv${value} ${width})`;
}

// ---------------------------------------------------------------- DAG analysis

/** Children that belong to the same sharing scope (quantifier and let bodies get their own). */
function scopeChildren(term: Term): readonly Term[] {
  switch (term.kind) {
    case 'apply':
    case 'applyFunction':
      return term.arguments;
    case 'constantArray':
      return [term.value];
    case 'boolConstant':
    case 'intConstant':
    case 'bitvectorConstant':
    case 'symbol':
    case 'quantifier':
    case 'let':
      return [];
    default: {
      const never: never = term;
      throw new Error(`internal: unknown term ${JSON.stringify(never)}`);
    }
  }
}

/** Every child, including quantifier and let bodies (for collecting names). */
function allChildren(term: Term): readonly Term[] {
  if (term.kind === 'quantifier') return [...term.variables, term.body];
  if (term.kind === 'let') return [...term.bindings.map((binding) => binding.value), term.body];
  return scopeChildren(term);
}

function isShareable(term: Term): boolean {
  switch (term.kind) {
    case 'apply':
    case 'applyFunction':
      return term.arguments.length > 0;
    case 'constantArray':
    case 'quantifier':
    case 'let':
      return true;
    default:
      return false;
  }
}

function isLeaf(term: Term): boolean {
  return (
    term.kind === 'boolConstant' ||
    term.kind === 'intConstant' ||
    term.kind === 'bitvectorConstant' ||
    term.kind === 'symbol'
  );
}

/** Collects every symbol name and user let name in the terms (whole tree, all scopes). */
function collectNames(roots: readonly Term[], names: Set<string>): void {
  const visited = new Set<Term>();
  const stack: Term[] = [...roots];
  while (stack.length > 0) {
    const term = stack.pop()!;
    budgetTick(printingPhase);
    if (term.kind === 'symbol') {
      names.add(term.name);
      continue;
    }
    if (isLeaf(term) || visited.has(term)) continue;
    visited.add(term);
    if (term.kind === 'let') for (const binding of term.bindings) names.add(binding.name);
    if (term.kind === 'applyFunction') names.add(term.function.name);
    for (const child of allChildren(term)) stack.push(child);
  }
}

/** Generates let names that clash with no symbol of the printed terms (names collected lazily). */
class LetNames {
  private counter = 0;
  private usedNames: Set<string> | undefined;
  constructor(private readonly roots: readonly Term[]) {}
  next(): string {
    if (this.usedNames === undefined) {
      this.usedNames = new Set();
      collectNames(this.roots, this.usedNames);
    }
    for (;;) {
      const name = `_let${this.counter++}`;
      if (!this.usedNames.has(name)) return name;
    }
  }
}

// ---------------------------------------------------------------- term printing

/** the phase named when the budget runs out while printing */
const printingPhase = 'term printing';

/** Prints a term as SMT-LIB text, binding shared compound subterms with `let`. */
export function printTerm(term: Term): string {
  const pieces: string[] = [];
  emitScoped(term, new LetNames([term]), pieces);
  return pieces.join('');
}

function emitScoped(root: Term, letNames: LetNames, pieces: string[]): void {
  // 1. reference counts of compound terms within this scope (leaves are never shared)
  const counts = new Map<Term, number>();
  const countStack: Term[] = [root];
  const shared = new Set<Term>();
  while (countStack.length > 0) {
    const term = countStack.pop()!;
    budgetTick(printingPhase);
    const seen = counts.get(term);
    if (seen === undefined) {
      counts.set(term, 1);
      for (const child of scopeChildren(term)) if (!isLeaf(child)) countStack.push(child);
    } else if (seen === 1) {
      counts.set(term, 2);
      if (term !== root && isShareable(term)) shared.add(term);
    }
  }

  if (shared.size === 0) {
    emitTree(root, new Map(), letNames, pieces);
    return;
  }

  // 2. let levels: level(shared n) = 1 + max level of shared terms below n (through unshared ones)
  const below = new Map<Term, number>(); // max level of shared terms reachable below (exclusive)
  const level = new Map<Term, number>();
  const postStack: { term: Term; expanded: boolean }[] = [{ term: root, expanded: false }];
  while (postStack.length > 0) {
    const top = postStack.pop()!;
    budgetTick(printingPhase);
    if (below.has(top.term)) continue;
    const children = scopeChildren(top.term);
    if (!top.expanded) {
      postStack.push({ term: top.term, expanded: true });
      for (const child of children)
        if (!isLeaf(child) && !below.has(child)) postStack.push({ term: child, expanded: false });
      continue;
    }
    let maximum = 0;
    for (const child of children) {
      if (isLeaf(child)) continue;
      const childLevel = level.get(child);
      maximum = Math.max(maximum, childLevel ?? below.get(child)!);
    }
    below.set(top.term, maximum);
    if (shared.has(top.term)) level.set(top.term, maximum + 1);
  }
  const levelCount = below.get(root)!;
  const byLevel: Term[][] = Array.from({ length: levelCount }, () => []);
  // deterministic order: post-order discovery order of `level` map insertion
  for (const [term, termLevel] of level) byLevel[termLevel - 1]!.push(term);

  // 3. print nested lets, one per level, then the body
  const bound = new Map<Term, string>();
  for (const group of byLevel) {
    pieces.push('(let (');
    group.forEach((term, index) => {
      const name = letNames.next();
      if (index > 0) pieces.push(' ');
      pieces.push(`(${name} `);
      emitTree(term, bound, letNames, pieces);
      pieces.push(')');
      bound.set(term, name);
    });
    pieces.push(') ');
  }
  emitTree(root, bound, letNames, pieces);
  pieces.push(')'.repeat(levelCount));
}

/** Prints `root` (always expanded) with bound subterms replaced by their let names. Iterative. */
function emitTree(root: Term, bound: ReadonlyMap<Term, string>, letNames: LetNames, pieces: string[]): void {
  const stack: (Term | string)[] = [root];
  let isRoot = true;
  while (stack.length > 0) {
    const item = stack.pop()!;
    budgetTick(printingPhase);
    if (typeof item === 'string') {
      pieces.push(item);
      continue;
    }
    const term = item;
    if (!isRoot) {
      const name = bound.get(term);
      if (name !== undefined) {
        pieces.push(name);
        continue;
      }
    }
    isRoot = false;
    switch (term.kind) {
      case 'boolConstant':
        pieces.push(term.value ? 'true' : 'false');
        break;
      case 'intConstant':
        pieces.push(printIntegerValue(term.value));
        break;
      case 'bitvectorConstant':
        if (term.sort.kind !== 'bitvector') throw new Error('internal: bit-vector constant of a non-bit-vector sort');
        pieces.push(printBitvectorValue(term.value, term.sort.width));
        break;
      case 'symbol':
        pieces.push(printSymbol(term.name));
        break;
      case 'apply': {
        const head = term.indices.length > 0 ? `(_ ${term.operator} ${term.indices.join(' ')})` : term.operator;
        if (term.arguments.length === 0) {
          pieces.push(head);
          break;
        }
        pieces.push(`(${head}`);
        pushArguments(stack, term.arguments);
        break;
      }
      case 'applyFunction':
        if (term.arguments.length === 0) {
          pieces.push(printSymbol(term.function.name));
          break;
        }
        pieces.push(`(${printSymbol(term.function.name)}`);
        pushArguments(stack, term.arguments);
        break;
      case 'constantArray':
        pieces.push(`((as const ${printSort(term.sort)})`);
        pushArguments(stack, [term.value]);
        break;
      case 'quantifier': {
        const variables = term.variables.map(
          (variable) => `(${printSymbol(variable.name)} ${printSort(variable.sort)})`,
        );
        pieces.push(`(${term.quantifier} (${variables.join(' ')}) `);
        const patterns = term.patterns ?? [];
        if (patterns.length > 0) pieces.push('(! ');
        emitScoped(term.body, letNames, pieces); // recursion depth = quantifier nesting depth
        for (const group of patterns) {
          // patterns are printed whole: a let of the body does not reach them
          pieces.push(' :pattern (');
          group.forEach((pattern, index) => {
            if (index > 0) pieces.push(' ');
            emitTree(pattern, new Map(), letNames, pieces);
          });
          pieces.push(')');
        }
        if (patterns.length > 0) pieces.push(')');
        pieces.push(')');
        break;
      }
      case 'let': {
        pieces.push('(let (');
        term.bindings.forEach((binding, index) => {
          pieces.push(`${index > 0 ? ' ' : ''}(${printSymbol(binding.name)} `);
          emitScoped(binding.value, letNames, pieces);
          pieces.push(')');
        });
        pieces.push(') ');
        emitScoped(term.body, letNames, pieces);
        pieces.push(')');
        break;
      }
      default: {
        const never: never = term;
        throw new Error(`internal: unknown term ${JSON.stringify(never)}`);
      }
    }
  }
}

function pushArguments(stack: (Term | string)[], argumentsList: readonly Term[]): void {
  stack.push(')');
  for (let index = argumentsList.length - 1; index >= 0; index--) {
    stack.push(argumentsList[index]!);
    stack.push(' ');
  }
}

// ---------------------------------------------------------------- scripts

function commentLines(text: string): string[] {
  return text.split(/\r?\n/).map((line) => (line.length > 0 ? `; ${line}` : ';'));
}

function printDeclaration(declaration: FunctionDeclaration): string {
  const parameters = declaration.parameterSorts.map(printSort).join(' ');
  return `(declare-fun ${printSymbol(declaration.name)} (${parameters}) ${printSort(declaration.resultSort)})`;
}

function printConstantDeclaration(constant: SymbolTerm): string {
  return `(declare-fun ${printSymbol(constant.name)} () ${printSort(constant.sort)})`;
}

export interface PrintScriptOptions {
  /** terms printed in one `(get-value (...))` after `(check-sat)`; turns on produce-models */
  readonly getValues?: readonly Term[];
  readonly produceModels?: boolean;
}

export function printSmtScript(script: SmtScript, options: PrintScriptOptions = {}): string {
  const lines: string[] = [];
  for (const comment of script.headerComments) lines.push(...commentLines(comment));
  const getValues = options.getValues ?? [];
  if (getValues.length > 0 || options.produceModels === true) lines.push('(set-option :produce-models true)');
  if (script.logic !== undefined) lines.push(`(set-logic ${script.logic})`);
  for (const constant of script.constants) lines.push(printConstantDeclaration(constant));
  for (const declaration of script.functions) lines.push(printDeclaration(declaration));
  for (const assertion of script.assertions) {
    if (assertion.comment !== undefined) lines.push(...commentLines(assertion.comment));
    lines.push(`(assert ${printTerm(assertion.term)})`);
  }
  lines.push('(check-sat)');
  if (getValues.length > 0) lines.push(printGetValue(getValues));
  return lines.join('\n') + '\n';
}

/** `(get-value (t1 t2 …))` for terms over the constants of a script already given to the solver */
export function printGetValue(terms: readonly Term[]): string {
  return `(get-value (${terms.map(printTerm).join(' ')}))`;
}

// ---------------------------------------------------------------- CHC systems

/** Predicate applications are printed flat (`(P a b)`), their arguments with own let scopes. */
function printBodyElement(term: Term, predicates: ReadonlySet<string>): string {
  if (term.kind === 'applyFunction' && predicates.has(term.function.name)) {
    if (term.arguments.length === 0) return printSymbol(term.function.name);
    return `(${printSymbol(term.function.name)} ${term.arguments.map(printTerm).join(' ')})`;
  }
  return printTerm(term);
}

/** Free symbols of a term (symbols not bound by an enclosing quantifier in the term). */
function checkClauseVariables(clause: HornClause, index: number): void {
  const declared = new Set(clause.variables.map((variable) => variable.name));
  const names = new Set<string>();
  const roots = [...clause.body, clause.head];
  const visited = new Set<Term>();
  const stack: Term[] = [...roots];
  while (stack.length > 0) {
    const term = stack.pop()!;
    budgetTick(printingPhase);
    if (visited.has(term)) continue;
    visited.add(term);
    if (term.kind === 'symbol') names.add(term.name);
    // bound variables of nested quantifiers / lets count as declared
    if (term.kind === 'quantifier') for (const variable of term.variables) declared.add(variable.name);
    if (term.kind === 'let') for (const binding of term.bindings) declared.add(binding.name);
    for (const child of allChildren(term)) stack.push(child);
  }
  for (const name of names) {
    if (!declared.has(name)) throw new Error(`internal: CHC clause ${index} uses the undeclared variable ${name}`);
  }
}

/**
 * Prints the system in the CHC-COMP format: HORN logic, predicates, clauses, the one query last, one
 * check-sat; in the strict form of chc-comp.ts (distinct head variables, one query, a predicate).
 */
export function printChcSystem(given: ChcSystem, form: 'strict' | 'asBuilt' = 'strict'): string {
  // 'asBuilt': the clauses as the encoder built them (tests compare the answers of both forms)
  const system = form === 'strict' ? strictChcComp(given) : given;
  const lines: string[] = [];
  for (const comment of system.headerComments) lines.push(...commentLines(comment));
  lines.push('(set-logic HORN)');
  for (const predicate of system.predicates) {
    if (predicate.resultSort.kind !== 'bool')
      throw new Error(`internal: predicate ${predicate.name} is not Bool-valued`);
    lines.push(printDeclaration(predicate));
  }
  const predicateNames = new Set(system.predicates.map((predicate) => predicate.name));
  const ordered = [
    ...system.clauses.filter((clause) => !isQueryClause(clause)),
    ...system.clauses.filter(isQueryClause),
  ];
  ordered.forEach((clause, index) => {
    checkClauseVariables(clause, index);
    if (clause.comment !== undefined) lines.push(...commentLines(clause.comment));
    const bodyElements = clause.body.filter((term) => !(term.kind === 'boolConstant' && term.value));
    const bodyTexts = bodyElements.map((term) => printBodyElement(term, predicateNames));
    const body =
      bodyTexts.length === 0 ? 'true' : bodyTexts.length === 1 ? bodyTexts[0]! : `(and ${bodyTexts.join(' ')})`;
    const head = isQueryClause(clause) ? 'false' : printBodyElement(clause.head, predicateNames);
    const implication = `(=> ${body} ${head})`;
    if (clause.variables.length === 0) {
      lines.push(`(assert ${implication})`);
    } else {
      const variables = clause.variables.map(
        (variable) => `(${printSymbol(variable.name)} ${printSort(variable.sort)})`,
      );
      lines.push(`(assert (forall (${variables.join(' ')}) ${implication}))`);
    }
  });
  lines.push('(check-sat)');
  return lines.join('\n') + '\n';
}
