// Symbolic execution of loop-free IR into SSA form, shared by bmc (which unrolls loops through the
// `loop` hook) and chc (whose hook ends the path in a loop-head predicate).
//
// A path is a guard (Bool term: the path is taken) and a state (a term per scalar and array). Joins
// merge paths with `ite` on their guards. Intermediate values are bound to fresh constants through
// definitions `c = term`; each definition has a fresh left side, so the conjunction of all
// definitions is satisfiable for every value of the other constants (callers may conjoin all
// definitions of a segment into every clause). Havoc values are fresh constants with a range
// constraint (int semantics). The run stops at a failed assert, a failed assume and at a division by
// zero, as in the interpreter: the guard after such a statement is conjoined with its condition.
//
// The control flow (sequencing, `if` with its join, break and continue) is the walker shared with
// viap (walker.ts); this file says what each statement does to a path, and the sync driver hands
// loops to the `loop` hook.
//
// Havoc copies are recorded in the order the executor meets them, which is the program order of the
// unrolled program: along any one path the interpreter consumes them in exactly this order.

import { budgetTick } from '../budget-check.js';
import { convertedTo } from '../ir/factory.js';
import type {
  ArrayVariable,
  Block,
  Expression,
  LoopStatement,
  Program,
  ScalarVariable,
  Semantics,
  SourceLocation,
} from '../ir/types.js';
import type { ModelValue } from '../solvers/solver.js';
import {
  add,
  and,
  applyFunction,
  constantArray,
  declareFunction,
  equal,
  implies,
  intConstant,
  intSort,
  less,
  lessEqual,
  multiply,
  negate,
  ite,
  not,
  or,
  select,
  store,
  symbol,
  type FunctionDeclaration,
  type Sort,
  type SymbolTerm,
  type Term,
} from '../smt/terms.js';
import {
  arrayVariableSort,
  constantTerm,
  ExpressionTranslator,
  rangeConstraint,
  scalarSort,
  type ExpressionEnvironment,
} from './expressions.js';
import type { ProgramVariables } from './variables.js';
import { runSynchronously, walkBlock, type Branching, type StatementSemantics, type WalkResult } from './walker.js';

/** the phase named when the budget runs out during symbolic execution (budget-check.ts) */
const executionPhase = 'symbolic execution (unrolling)';

export interface SymbolicState {
  readonly scalars: ReadonlyMap<number, Term>;
  readonly arrays: ReadonlyMap<number, Term>;
}

export interface Path {
  readonly guard: Term;
  readonly state: SymbolicState;
}

/** the path after a block (undefined: it ended) and the paths that met break or continue in it */
export type BlockResult = WalkResult<Path | undefined, Path>;

export interface HavocRecord {
  readonly guard: Term;
  readonly value: Term;
  readonly variable: ScalarVariable;
}

/** a group of choices repeated `repetitions` times in a row (e.g. the havocs of n loop iterations) */
export interface ChoicePiece {
  readonly group: readonly bigint[];
  readonly repetitions: number;
}

/**
 * A place in the formula that stands for choices in another way than one havoc (the typed extension
 * point of counterexample decoding: accel's accelerated stretches, accel/stretch.ts). `decode` gets
 * the model values of `terms` and returns the choices, in order, that this place consumed:
 * undefined when its path was not taken.
 */
export interface ChoiceExtension {
  readonly kind: 'extension';
  readonly terms: readonly Term[];
  decode(
    values: readonly ModelValue[],
    semantics: Semantics,
  ): ChoicePiece | undefined | { readonly kind: 'undecodable'; readonly reason: string };
}

export type ChoiceRecord = HavocRecord | ChoiceExtension;

export interface ArrayHavocRecord {
  readonly guard: Term;
  readonly value: Term;
  readonly array: ArrayVariable;
  /** the size of every dimension at the havoc, as index-sort-free value terms */
  readonly sizes: readonly Term[];
}

export interface Violation {
  /** the path reaches the assert and its condition is false */
  readonly condition: Term;
  readonly location: SourceLocation;
}

export interface ExecutorOptions {
  /** bind every assigned value to a fresh constant (bmc) or inline small terms (chc) */
  readonly inlineLimit: number;
  /** what to do at a loop statement */
  readonly loop: (loop: LoopStatement, path: Path, executor: SymbolicExecutor) => Path | undefined;
  /** prefix of fresh constant names, to keep names unique across executors */
  readonly namePrefix: string;
  /** int-mode division by constants through linearly constrained fresh constants (for Spacer) */
  readonly linearDivision?: boolean;
  /** int-mode exact divisions by constants (src/analysis/exact-division.ts) through a fresh quotient q with dividend = divisor·q */
  readonly exactDivision?: boolean;
  /**
   * never bind array values to constants: array terms (stores, ite merges, lambdas) stay inline, so
   * every array occurs under a `select` that the solver's rewriter can reduce. z3 4.15 answers
   * unknown ("incomplete (theory array)") as soon as a lambda — accel's array summaries — is equated
   * with an array constant
   */
  readonly inlineArrays?: boolean;
  /**
   * never bind any value to a constant (merges and guards included): every state holds its value as
   * one term over the havoc values (a DAG; certificates/unrolled-invariants.ts reads the states of a
   * complete unrolling this way)
   */
  readonly inlineAll?: boolean;
}

export class SymbolicExecutor implements Pick<ExpressionEnvironment, 'opaque'> {
  readonly constants: SymbolTerm[] = [];
  readonly definitions: Term[] = [];
  readonly violations: Violation[] = [];
  readonly havocs: ChoiceRecord[] = [];
  readonly arrayHavocs: ArrayHavocRecord[] = [];
  private counter = 0;

  constructor(
    readonly program: Program,
    readonly variables: ProgramVariables,
    readonly translator: ExpressionTranslator,
    private readonly options: ExecutorOptions,
  ) {}

  get semantics() {
    return this.translator.semantics;
  }

  /** adds a constraint every run of the formula satisfies (e.g. a fresh value's range) */
  assume(term: Term): void {
    if (!(term.kind === 'boolConstant' && term.value)) this.definitions.push(term);
  }

  /** records a place that stands for choices of the run (in program order), see ChoiceExtension */
  recordChoices(extension: ChoiceExtension): void {
    this.havocs.push(extension);
  }

  fresh(base: string, sort: Sort): SymbolTerm {
    const constant = symbol(`${base}@${this.options.namePrefix}${this.counter++}`, sort);
    this.constants.push(constant);
    return constant;
  }

  /** a constant equal to `term`, or `term` itself when it is small enough to inline */
  define(base: string, term: Term, inlineLimit = this.options.inlineLimit): Term {
    if (this.options.inlineAll === true) return term;
    if (this.options.inlineArrays === true && term.sort.kind === 'array') return term;
    if (
      term.kind === 'symbol' ||
      term.kind === 'boolConstant' ||
      term.kind === 'intConstant' ||
      term.kind === 'bitvectorConstant'
    )
      return term;
    if (termSize(term, inlineLimit + 1) <= inlineLimit) return term;
    const constant = this.fresh(base, term.sort);
    this.definitions.push(equal(constant, term));
    return constant;
  }

  opaque(operation: string, operands: readonly Term[], sort: Sort): Term {
    // a fresh unconstrained value: over-approximates any function of the operands
    void operands;
    return this.fresh(operation, sort);
  }

  environment(state: SymbolicState, opaque?: ExpressionEnvironment['opaque']): ExpressionEnvironment {
    return {
      scalar: (variable) => {
        const term = state.scalars.get(variable.id);
        if (term === undefined) throw new Error(`internal: no value for ${variable.name}`);
        return term;
      },
      array: (array) => {
        const term = state.arrays.get(array.id);
        if (term === undefined) throw new Error(`internal: no value for ${array.name}`);
        return term;
      },
      opaque: opaque ?? ((operation, operands, sort) => this.opaque(operation, operands, sort)),
      ...(this.options.linearDivision === true && this.semantics === 'int'
        ? {
            euclidean: (dividend: Term, divisor: bigint) => this.euclidean(dividend, divisor),
            nonlinearDivision: (operator: 'divide' | 'remainder', dividend: Term, divisor: Term) =>
              this.linearDivisionBounds(operator, dividend, divisor),
          }
        : {}),
      ...(this.options.exactDivision === true && this.semantics === 'int'
        ? { exactQuotient: (dividend: Term, divisor: bigint) => this.exactQuotient(dividend, divisor) }
        : {}),
    };
  }

  /** dividend = divisor · q for a division known to be exact: a total definition of a fresh q */
  private exactQuotient(dividend: Term, divisor: bigint): Term {
    const quotient = this.fresh('quotient', intSort);
    this.definitions.push(equal(dividend, multiply(intConstant(divisor), quotient)));
    return quotient;
  }

  /** dividend = divisor * q + r with 0 <= r < |divisor|: a total definition of fresh q and r */
  private euclidean(dividend: Term, divisor: bigint): { quotient: Term; remainder: Term } {
    if (dividend.kind === 'intConstant') {
      const absolute = divisor < 0n ? -divisor : divisor;
      const remainder = ((dividend.value % absolute) + absolute) % absolute;
      return { quotient: intConstant((dividend.value - remainder) / divisor), remainder: intConstant(remainder) };
    }
    const quotient = this.fresh('quotient', intSort);
    const remainder = this.fresh('remainder', intSort);
    const absolute = divisor < 0n ? -divisor : divisor;
    this.definitions.push(
      and(
        equal(dividend, add(multiply(intConstant(divisor), quotient), remainder)),
        lessEqual(intConstant(0n), remainder),
        less(remainder, intConstant(absolute)),
      ),
    );
    return { quotient, remainder };
  }

  /**
   * A fresh constant for C `dividend / divisor` or `dividend % divisor` (non-constant divisor) with
   * linear constraints that the true value satisfies; satisfiable for all operands (0 satisfies them).
   */
  private linearDivisionBounds(operator: 'divide' | 'remainder', dividend: Term, divisor: Term): Term {
    const zero = intConstant(0n);
    const value = this.fresh(operator, intSort);
    if (operator === 'remainder') {
      // the remainder has the dividend's sign and |r| < |divisor|, |r| <= |dividend|
      this.definitions.push(
        and(
          implies(lessEqual(zero, dividend), and(lessEqual(zero, value), lessEqual(value, dividend))),
          implies(lessEqual(dividend, zero), and(lessEqual(value, zero), lessEqual(dividend, value))),
          implies(less(zero, divisor), and(less(value, divisor), less(negate(divisor), value))),
          implies(less(divisor, zero), and(less(value, negate(divisor)), less(divisor, value))),
        ),
      );
    } else {
      // for a non-negative dividend and a positive divisor the quotient lies in [0, dividend]
      this.definitions.push(
        implies(
          and(lessEqual(zero, dividend), less(zero, divisor)),
          and(lessEqual(zero, value), lessEqual(value, dividend)),
        ),
      );
    }
    return value;
  }

  /** opaque hook used by translations; see `useUninterpretedFunctions` */
  opaqueHook: ExpressionEnvironment['opaque'] | undefined;

  /**
   * Operators without an exact encoding (e.g. bitwise operators on mathematical integers) become
   * uninterpreted functions, each declared once in `functions` (an over-approximation: sound for
   * SAFE, and every counterexample is replayed anyway).
   */
  useUninterpretedFunctions(functions: Map<string, FunctionDeclaration>): void {
    this.opaqueHook = (operation, operands, sort) => {
      let declaration = functions.get(operation);
      if (declaration === undefined) {
        declaration = declareFunction(
          operation,
          operands.map((operand) => operand.sort as Sort),
          sort,
        );
        functions.set(operation, declaration);
      }
      return applyFunction(declaration, operands);
    };
  }

  translate(expression: Expression, state: SymbolicState) {
    return this.translator.translate(expression, this.environment(state, this.opaqueHook));
  }
  condition(expression: Expression, state: SymbolicState) {
    return this.translator.toBool(expression, this.environment(state, this.opaqueHook));
  }

  /** a state in which every variable is a fresh constant */
  freshState(suffix: string): SymbolicState {
    const scalars = new Map<number, Term>();
    const arrays = new Map<number, Term>();
    for (const variable of this.variables.scalars)
      scalars.set(variable.id, this.fresh(`${variable.name}${suffix}`, scalarSort(variable.type, this.semantics)));
    for (const array of this.variables.arrays)
      arrays.set(array.id, this.fresh(`${array.name}${suffix}`, arrayVariableSort(array, this.semantics)));
    return { scalars, arrays };
  }

  /** the interpreter's initial state: every scalar 0, every array cell 0 */
  initialState(): SymbolicState {
    const scalars = new Map<number, Term>();
    const arrays = new Map<number, Term>();
    for (const variable of this.variables.scalars)
      scalars.set(variable.id, constantTerm(0n, variable.type, this.semantics));
    for (const array of this.variables.arrays) {
      let content = constantTerm(0n, array.elementType, this.semantics);
      const sorts: Sort[] = [];
      for (
        let current: Sort = arrayVariableSort(array, this.semantics);
        current.kind === 'array';
        current = current.element
      )
        sorts.push(current);
      for (let level = sorts.length - 1; level >= 0; level--) content = constantArray(sorts[level]!, content);
      arrays.set(array.id, content);
    }
    return { scalars, arrays };
  }

  guardTerm(term: Term): Term {
    return this.define('guard', term);
  }

  /** the block's statements from `path` (src/symbolic/walker.ts); loops go to the `loop` hook */
  executeBlock(block: Block, path: Path): BlockResult {
    return runSynchronously(walkBlock(this.statementSemantics, block, path), this.loopHook);
  }

  private readonly loopHook = (loop: LoopStatement, path: Path): Path | undefined =>
    this.options.loop(loop, path, this);

  private restrict(path: Path, condition: Term): Path | undefined {
    const guard = and(path.guard, condition);
    if (guard.kind === 'boolConstant' && !guard.value) return undefined;
    return { guard: this.guardTerm(guard), state: path.state };
  }

  private withScalar(path: Path, variable: ScalarVariable, value: Term): Path {
    const scalars = new Map(path.state.scalars);
    scalars.set(variable.id, value);
    return { guard: path.guard, state: { scalars, arrays: path.state.arrays } };
  }

  private withArray(path: Path, array: ArrayVariable, value: Term): Path {
    const arrays = new Map(path.state.arrays);
    arrays.set(array.id, value);
    return { guard: path.guard, state: { scalars: path.state.scalars, arrays } };
  }

  /** what each statement does to a path: SSA terms, a path that ends is undefined */
  private readonly statementSemantics: StatementSemantics<Path | undefined, Path> = {
    live: (path): path is Path => path !== undefined,
    // a deep unrolling of nested loops takes seconds: the statements tick the run's budget
    beforeStatement: () => budgetTick(executionPhase),
    assign: (statement, path) => {
      const value = convertedTo(statement.value, statement.target.type);
      const translation = this.translate(value, path.state);
      const defined = this.restrict(path, translation.definedness);
      if (defined === undefined) return undefined;
      return this.withScalar(defined, statement.target, this.define(statement.target.name, translation.term));
    },
    arrayWrite: (statement, path) => {
      const array = statement.array;
      const value = convertedTo(statement.value, array.elementType);
      const translation = this.translate(value, path.state);
      const conditions: Term[] = [translation.definedness];
      const indices = statement.indices.map((index) => {
        const indexTranslation = this.translator.translateIndex(index, this.environment(path.state, this.opaqueHook));
        conditions.push(indexTranslation.definedness);
        return indexTranslation.term;
      });
      const defined = this.restrict(path, and(...conditions));
      if (defined === undefined) return undefined;
      const updated = nestedStore(path.state.arrays.get(array.id)!, indices, translation.term);
      return this.withArray(defined, array, this.define(array.name, updated));
    },
    havoc: (statement, path) => {
      const variable = statement.target;
      const value = this.fresh(`${variable.name}.havoc`, scalarSort(variable.type, this.semantics));
      const range = rangeConstraint(value, variable.type, this.semantics);
      if (!(range.kind === 'boolConstant' && range.value)) this.definitions.push(range);
      this.havocs.push({ guard: path.guard, value, variable });
      return this.withScalar(path, variable, value);
    },
    arrayHavoc: (statement, path) => {
      const array = statement.array;
      const value = this.fresh(`${array.name}.havoc`, arrayVariableSort(array, this.semantics));
      const sizes = array.sizes.map((size) => this.translate(size, path.state).term);
      this.arrayHavocs.push({ guard: path.guard, value, array, sizes });
      return this.withArray(path, array, value);
    },
    arrayFill: (statement, path) => {
      const array = statement.array;
      const value = convertedTo(statement.value, array.elementType);
      const translation = this.translate(value, path.state);
      const defined = this.restrict(path, translation.definedness);
      if (defined === undefined) return undefined;
      let content = translation.term;
      let sort: Sort = content.sort;
      const fullSort = arrayVariableSort(array, this.semantics);
      const sorts: Sort[] = [];
      for (let current: Sort = fullSort; current.kind === 'array'; current = current.element) sorts.push(current);
      for (let level = sorts.length - 1; level >= 0; level--) {
        sort = sorts[level]!;
        content = constantArray(sort, content);
      }
      return this.withArray(defined, array, content);
    },
    assume: (statement, path) => {
      const translation = this.condition(statement.condition, path.state);
      return this.restrict(path, and(translation.definedness, translation.term));
    },
    assert: (statement, path) => {
      const translation = this.condition(statement.condition, path.state);
      const defined = this.restrict(path, translation.definedness);
      if (defined === undefined) return undefined;
      const failing = and(defined.guard, not(translation.term));
      if (!(failing.kind === 'boolConstant' && !failing.value))
        this.violations.push({ condition: failing, location: statement.location });
      return this.restrict(defined, translation.term);
    },
    branch: (statement, path) => {
      const translation = this.condition(statement.condition, path.state);
      const defined = this.restrict(path, translation.definedness);
      if (defined === undefined) return endedBranching;
      const condition = this.define('condition', translation.term);
      return {
        then: this.restrict(defined, condition),
        else: this.restrict(defined, not(condition)),
        join: this.joinBranches,
      };
    },
    jump: () => undefined,
  };

  private readonly joinBranches = (thenEnd: Path | undefined, elseEnd: Path | undefined): Path | undefined =>
    this.merge([thenEnd, elseEnd]);

  /** one path that is the disjunction of the given ones, with ite-merged values */
  merge(candidates: readonly (Path | undefined)[]): Path | undefined {
    const paths = candidates.filter((path): path is Path => path !== undefined);
    if (paths.length === 0) return undefined;
    if (paths.length === 1) return paths[0];
    const guard = this.guardTerm(or(...paths.map((path) => path.guard)));
    const mergeMap = (
      select: (state: SymbolicState) => ReadonlyMap<number, Term>,
      names: Map<number, string>,
    ): Map<number, Term> => {
      const merged = new Map<number, Term>();
      for (const [id, first] of select(paths[0]!.state)) {
        const values = paths.map((path) => select(path.state).get(id)!);
        if (values.every((value) => value === first)) {
          merged.set(id, first);
          continue;
        }
        let term = values[values.length - 1]!;
        for (let index = values.length - 2; index >= 0; index--) term = ite(paths[index]!.guard, values[index]!, term);
        merged.set(id, this.define(names.get(id) ?? 'merge', term, 0));
      }
      return merged;
    };
    return {
      guard,
      state: {
        scalars: mergeMap((state) => state.scalars, this.scalarNames),
        arrays: mergeMap((state) => state.arrays, this.arrayNames),
      },
    };
  }

  private get scalarNames(): Map<number, string> {
    return new Map(this.variables.scalars.map((variable) => [variable.id, variable.name] as const));
  }
  private get arrayNames(): Map<number, string> {
    return new Map(this.variables.arrays.map((array) => [array.id, array.name] as const));
  }
}

/** the branches of an `if` whose condition is undefined on the path: both have ended */
const endedBranching: Branching<Path | undefined> = { then: undefined, else: undefined, join: () => undefined };

export function nestedStore(array: Term, indices: readonly Term[], value: Term): Term {
  if (indices.length === 0) return value;
  const [first, ...rest] = indices;
  return store(array, first!, nestedStore(select(array, first!), rest, value));
}

/** number of nodes of the term as a tree, counting stops once `limit` is exceeded */
export function termSize(term: Term, limit: number): number {
  let count = 0;
  const stack: Term[] = [term];
  while (stack.length > 0 && count <= limit) {
    const current = stack.pop()!;
    count++;
    switch (current.kind) {
      case 'apply':
      case 'applyFunction':
        stack.push(...current.arguments);
        break;
      case 'constantArray':
        stack.push(current.value);
        break;
      case 'quantifier':
        stack.push(current.body);
        break;
      case 'let':
        stack.push(current.body, ...current.bindings.map((binding) => binding.value));
        break;
      default:
        break;
    }
  }
  return count;
}
