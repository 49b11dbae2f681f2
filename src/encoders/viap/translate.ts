// The viap translation (VIAP paper, Sect. 2): a lowered program becomes first-order axioms over
// mathematical integers, with an explicit iteration counter per loop (loops.ts).
//
// The translator executes the IR symbolically. A scalar's value is a term; an array's value is an
// `ArrayView`, a function from index terms to the cell's term (Definition 22: the array as a
// function, updated with `ite` on the written index), so a loop can describe its arrays without a
// quantified array equality. What is collected:
// - definitions (`Collector.axioms`): axioms that define the fresh functions (a loop's recurrences,
//   the cells it writes, havoc values with their ranges). They are satisfiable whatever the run
//   does: each defines its function by (well-founded) recursion, so they may be conjoined to any
//   query.
// - facts (`Frame.facts`): what a run that reaches the current point satisfies: assumptions,
//   asserted conditions (a run goes on only when they hold), a loop's exit and its iteration count.
// - obligations: one per assert, the facts before it and the condition under which it fails (with
//   the existential constants it introduced, `skolems`). An obligation whose query with all
//   definitions is unsat cannot happen in any run.
// Guards: inside a branch, facts are implied by the branch condition; obligations conjoin it.
//
// Soundness assumptions: int semantics (values are mathematical integers; bv is refused by the
// encoder); a read or write outside an array's bounds touches a cell of that array (the IR's array
// semantics). A division by zero stops the run (its definedness is a fact, as in the interpreter).
// The control flow is the shared walker's (src/symbolic/walker.ts); this file says what each
// statement does to a state. `break` and `continue` end their path (its guard becomes false) and
// the walker returns the paths that met them; an `if` whose branch ended so keeps the other
// branch's values, which is exact on every path that goes on; loops.ts and `executeIteration` route
// the paths that met break or continue.

import type {
  ArrayVariable,
  Block,
  Expression,
  IfStatement,
  LoopStatement,
  Program,
  ScalarVariable,
  SourceLocation,
} from '../../ir/types.js';
import {
  and,
  applyFunction,
  boolConstant,
  declareFunction,
  equal,
  falseTerm,
  forall,
  implies,
  ite,
  not,
  or,
  select,
  symbol,
  trueTerm,
  type FunctionDeclaration,
  type Sort,
  type SymbolTerm,
  type Term,
} from '../../smt/terms.js';
import {
  arrayVariableSort,
  ExpressionTranslator,
  rangeConstraint,
  scalarSort,
  type ExpressionEnvironment,
} from '../../symbolic/expressions.js';
import { printTerm } from '../../smt/printer.js';
import {
  runAsynchronously,
  walkBlock,
  type Branching,
  type StatementSemantics,
  type WalkResult,
} from '../../symbolic/walker.js';
import type { Direction, ExitCount, ValueBound } from './loop-facts.js';
import { constantDifference, selectChain, withOperands } from './simplify.js';

export class Unsupported extends Error {
  constructor(
    message: string,
    readonly location: SourceLocation | undefined,
  ) {
    super(message);
  }
}

/** an array's content: the term of the cell at the given indices (one per dimension) */
export interface ArrayView {
  read(indices: readonly Term[]): Term;
}

export function termView(term: Term): ArrayView {
  return { read: (indices) => indices.reduce((array, index) => select(array, index), term) };
}

/** index equality, decided when both are constants or the same term */
export function sameIndex(left: Term, right: Term): Term {
  if (left === right) return trueTerm;
  if (left.kind === 'intConstant' && right.kind === 'intConstant') return boolConstant(left.value === right.value);
  if (printTerm(left) === printTerm(right)) return trueTerm;
  const difference = constantDifference(left, right);
  if (difference !== undefined) return boolConstant(difference === 0n);
  return equal(left, right);
}

export function storeView(base: ArrayView, at: readonly Term[], value: Term): ArrayView {
  return {
    read: (indices) => {
      const same = and(...indices.map((index, dimension) => sameIndex(index, at[dimension]!)));
      return same.kind === 'boolConstant'
        ? same.value
          ? value
          : base.read(indices)
        : ite(same, value, base.read(indices));
    },
  };
}

function mergeViews(condition: Term, thenView: ArrayView, elseView: ArrayView): ArrayView {
  if (thenView === elseView) return thenView;
  return { read: (indices) => ite(condition, thenView.read(indices), elseView.read(indices)) };
}

/** a write of a loop body: the indices of the written cell; `wildcards` range over inner loops' iterations */
export interface WriteRecord {
  readonly indices: readonly Term[] | 'everywhere';
  readonly wildcards: readonly SymbolTerm[];
}

export interface ExecutionState {
  readonly scalars: ReadonlyMap<number, Term>;
  readonly arrays: ReadonlyMap<number, ArrayView>;
  /** the branch conditions that lead here */
  readonly guard: Term;
  /** per array, the writes executed since the start of the innermost loop body */
  readonly writes: ReadonlyMap<number, readonly WriteRecord[]>;
}

export interface Obligation {
  /** facts of the run before the assert (conjunction) */
  readonly facts: Term;
  /** the assert is reached and fails */
  readonly failure: Term;
  /** the failure without "every earlier iteration passed" (weaker: a guess for induction, never a fact) */
  readonly relaxedFailure: Term;
  /**
   * for an assert of the top level of its frame: its condition failing (definedness ∧ ¬condition)
   * without the path guard, so that an induction guess can replace a size in the property alone
   * and keep the assumptions on the path as they are (a guess only, never a fact)
   */
  readonly conditionFailure?: Term;
  /** existential constants (iterations at which an assert inside a loop fails) */
  readonly skolems: readonly SymbolTerm[];
  readonly location: SourceLocation;
  /** the guard of the path to the assert's scope (the facts of the loops before it hold under it) */
  readonly guard: Term;
  /**
   * for an assert inside a loop of the top level that runs a known count of iterations: that loop's
   * site, the skolem of the iteration at which the assert fails and the count, which bounds it (a
   * proof by induction on that iteration, iteration-proofs.ts)
   */
  readonly failingIteration?: { readonly site: IterationCountSite; readonly failing: SymbolTerm; readonly count: Term };
}

/** facts and obligations of one scope: the program, or a loop body at a symbolic iteration */
export class Frame {
  readonly facts: Term[] = [];
  readonly obligations: Obligation[] = [];
  /** a loop body's frame (at the top level there is no loop that `break` or `continue` could leave) */
  readonly inLoop: boolean;

  /**
   * what holds around this frame (the enclosing loops' facts before them, their counters' ranges and
   * conditions): assumptions of the decider's questions only, never facts of the run
   */
  readonly context: readonly Term[];

  constructor(inLoop: boolean, context: readonly Term[] = []) {
    this.inLoop = inLoop;
    this.context = context;
  }

  addFact(guard: Term, fact: Term): void {
    const term = implies(guard, fact);
    if (!(term.kind === 'boolConstant' && term.value)) this.facts.push(term);
  }
}

/** a readable account of one loop's translation, for --show-axioms */
export interface LoopReport {
  readonly location: SourceLocation;
  readonly lines: readonly string[];
}

/** a loop of the program's top level: the iteration count a proof by induction can run on (iteration-proofs.ts) */
export interface IterationCountSite {
  readonly location: SourceLocation;
  /** the constant N_L: the number of iterations */
  readonly iterations: SymbolTerm;
  readonly exit: ExitCount | undefined;
  /**
   * the scalars the loop defines by a recurrence function (no closed form), each as its value at
   * the start of an iteration: candidates of a relation to another loop's recurrence
   */
  readonly recurrences: readonly {
    readonly name: string;
    readonly sort: Sort;
    readonly valueAt: (at: Term) => Term;
    /** the iterations its step singles out (change-points.ts): guesses of where alone it changes */
    readonly points: readonly Term[];
  }[];
}

/** a write function's closed form over its cell variable (index-recurrences.ts) */
export interface IndexForm {
  readonly cell: SymbolTerm;
  readonly form: Term;
}

/** definitions, declarations and loop reports of one (tentative) execution */
export class Collector {
  readonly sites: IterationCountSite[] = [];
  readonly axioms: { readonly term: Term; readonly comment: string }[] = [];
  readonly functions: FunctionDeclaration[] = [];
  readonly constants: SymbolTerm[] = [];
  readonly reports: LoopReport[] = [];
  /** order lemmas of recurrences (monotone.ts) and their initial axioms: assumptions of later order questions */
  readonly orderFacts: Term[] = [];
  /** the recurrence functions with an order lemma, and its direction */
  readonly orderedFunctions = new Map<string, Direction>();
  /** per recurrence function, the values below (above) it proven without facts (monotone.ts) */
  readonly valueBounds = new Map<string, ValueBound[]>();
  /** per write function, its proven closed form in the cell's index (index-recurrences.ts), for the loops after it */
  readonly indexForms = new Map<string, IndexForm>();

  absorb(other: Collector): void {
    this.orderFacts.push(...other.orderFacts);
    for (const [name, direction] of other.orderedFunctions) this.orderedFunctions.set(name, direction);
    for (const [name, bounds] of other.valueBounds) {
      const known = this.valueBounds.get(name) ?? [];
      this.valueBounds.set(name, [...known, ...bounds.filter((bound) => !known.includes(bound))]);
    }
    for (const [name, form] of other.indexForms) this.indexForms.set(name, form);
    this.axioms.push(...other.axioms);
    this.functions.push(...other.functions);
    this.constants.push(...other.constants);
    this.reports.push(...other.reports);
    this.sites.push(...other.sites);
  }
}

/** a translated program: the definitions and declarations, and one obligation per assert */
export interface ViapTranslation {
  readonly collector: Collector;
  readonly obligations: readonly Obligation[];
}

/** the outer loops' iteration counters: every fresh function takes them as its first arguments */
export type Parameters = readonly SymbolTerm[];

export type LoopSummariser = (
  translator: Translator,
  loop: LoopStatement,
  frame: Frame,
  collector: Collector,
  state: ExecutionState,
  parameters: Parameters,
) => Promise<ExecutionState>;

export class Translator {
  readonly expressions = new ExpressionTranslator('int');
  private counter = 0;
  private readonly opaqueFunctions = new Map<string, FunctionDeclaration>();
  /** placeholder array symbol name → the view it stands for, while an expression is translated */
  private readonly placeholders = new Map<number, SymbolTerm>();

  constructor(
    readonly program: Program,
    private readonly summariseLoop: LoopSummariser,
    /** whether `assumptions ⇒ goal` is valid (a solver query); undefined or false: not known */
    readonly decide?: (assumptions: readonly Term[], goal: Term) => Promise<boolean>,
  ) {
    for (const array of program.arrays)
      this.placeholders.set(array.id, symbol(`${array.name}!view`, arrayVariableSort(array, 'int')));
  }

  freshName(base: string): string {
    return `${base}@v${this.counter++}`;
  }

  freshSymbol(base: string, sort: Sort): SymbolTerm {
    return symbol(this.freshName(base), sort);
  }

  /** a fresh constant (no parameters) or function of the parameters, declared in the collector */
  freshValue(base: string, sort: Sort, parameters: Parameters, collector: Collector): Term {
    if (parameters.length === 0) {
      const constant = this.freshSymbol(base, sort);
      collector.constants.push(constant);
      return constant;
    }
    const declaration = declareFunction(
      this.freshName(base),
      parameters.map((parameter) => parameter.sort),
      sort,
    );
    collector.functions.push(declaration);
    return applyFunction(declaration, parameters);
  }

  initialState(collector: Collector): ExecutionState {
    const scalars = new Map<number, Term>();
    for (const scalar of this.program.scalars) {
      const value = this.freshSymbol(`${scalar.name}!initial`, scalarSort(scalar.type, 'int'));
      collector.constants.push(value);
      scalars.set(scalar.id, value);
    }
    const arrays = new Map<number, ArrayView>();
    for (const array of this.program.arrays) {
      const value = this.freshSymbol(`${array.name}!initial`, arrayVariableSort(array, 'int'));
      collector.constants.push(value);
      arrays.set(array.id, termView(value));
    }
    return { scalars, arrays, guard: trueTerm, writes: new Map() };
  }

  private environment(state: ExecutionState, collector: Collector): ExpressionEnvironment {
    return {
      scalar: (variable) => state.scalars.get(variable.id) ?? this.missing(variable.sourceName),
      array: (array) => this.placeholders.get(array.id)!,
      opaque: (operation, operands, sort) => {
        const key = `${operation}:${operands.map((operand) => JSON.stringify(operand.sort)).join(',')}`;
        let declaration = this.opaqueFunctions.get(key);
        if (declaration === undefined) {
          declaration = declareFunction(
            this.freshName(`opaque_${operation}`),
            operands.map((operand) => operand.sort),
            sort,
          );
          this.opaqueFunctions.set(key, declaration);
          collector.functions.push(declaration);
        }
        return applyFunction(declaration, operands);
      },
    };
  }

  private missing(name: string): never {
    throw new Error(`internal: viap: no value for ${name}`);
  }

  /** replaces reads of placeholder arrays by the views' cells */
  private resolveViews(term: Term, state: ExecutionState): Term {
    const byName = new Map<string, ArrayView>();
    for (const [id, placeholder] of this.placeholders) {
      const view = state.arrays.get(id);
      if (view !== undefined) byName.set(placeholder.name, view);
    }
    const memo = new Map<Term, Term>();
    const visit = (current: Term): Term => {
      const known = memo.get(current);
      if (known !== undefined) return known;
      let result: Term = current;
      if (current.kind === 'apply' && current.operator === 'select') {
        const { base, indices } = selectChain(current);
        const view = base.kind === 'symbol' ? byName.get(base.name) : undefined;
        if (view !== undefined) result = view.read(indices.map(visit));
        else result = withOperands(current, current.arguments.map(visit));
      } else if (current.kind === 'apply' || current.kind === 'applyFunction') {
        result = withOperands(current, current.arguments.map(visit));
      }
      memo.set(current, result);
      return result;
    };
    return visit(term);
  }

  value(expression: Expression, state: ExecutionState, collector: Collector): { term: Term; definedness: Term } {
    const translation = this.expressions.translate(expression, this.environment(state, collector));
    return {
      term: this.resolveViews(translation.term, state),
      definedness: this.resolveViews(translation.definedness, state),
    };
  }

  condition(expression: Expression, state: ExecutionState, collector: Collector): { term: Term; definedness: Term } {
    const translation = this.expressions.toBool(expression, this.environment(state, collector));
    return {
      term: this.resolveViews(translation.term, state),
      definedness: this.resolveViews(translation.definedness, state),
    };
  }

  indices(
    indices: readonly Expression[],
    state: ExecutionState,
    collector: Collector,
  ): { terms: Term[]; definedness: Term } {
    const terms: Term[] = [];
    const conditions: Term[] = [];
    for (const index of indices) {
      const translated = this.value(index, state, collector);
      terms.push(translated.term);
      conditions.push(translated.definedness);
    }
    return { terms, definedness: and(...conditions) };
  }

  /**
   * One iteration of a loop: its body, the paths that met `continue` merged at the body's end, then
   * the update; the paths that met `break` separately (with their writes counted as the iteration's).
   */
  async executeIteration(
    loop: LoopStatement,
    frame: Frame,
    collector: Collector,
    state: ExecutionState,
    parameters: Parameters,
  ): Promise<{ readonly after: ExecutionState; readonly breaks: readonly ExecutionState[] }> {
    const body = await this.executeBlock(loop.body, frame, collector, state, parameters);
    let merged = body.normal;
    for (const jump of body.continues) {
      merged = isFalse(merged.guard)
        ? jump
        : { ...mergeStates(jump.guard, jump, merged), guard: or(jump.guard, merged.guard) };
    }
    const update = await this.executeBlock(loop.update, frame, collector, merged, parameters);
    const breaks = [...body.breaks, ...update.breaks];
    let writes: ReadonlyMap<number, readonly WriteRecord[]> = update.normal.writes;
    for (const jump of breaks) writes = mergeWrites(writes, jump.writes);
    return { after: { ...update.normal, writes }, breaks };
  }

  /**
   * The block's statements from `state` (the control flow: src/symbolic/walker.ts); a path that met
   * `break` or `continue` ends (its guard is false) and is in the result's lists.
   */
  async executeBlock(
    block: Block,
    frame: Frame,
    collector: Collector,
    state: ExecutionState,
    parameters: Parameters,
  ): Promise<WalkResult<ExecutionState, ExecutionState>> {
    const walk = walkBlock(this.statementSemantics(frame, collector, parameters), block, state);
    return runAsynchronously(walk, (loop, current) =>
      this.summariseLoop(this, loop, frame, collector, current, parameters),
    );
  }

  /** what each statement does to a state: facts and obligations go to `frame`, definitions to `collector` */
  private statementSemantics(
    frame: Frame,
    collector: Collector,
    parameters: Parameters,
  ): StatementSemantics<ExecutionState, ExecutionState> {
    return {
      live: (state): state is ExecutionState => !isFalse(state.guard),
      assign: (statement, state) => {
        const { term, definedness } = this.value(statement.value, state, collector);
        frame.addFact(state.guard, definedness);
        return withScalar(state, statement.target, term);
      },
      havoc: (statement, state) => {
        const value = this.freshValue(
          `${statement.target.name}!havoc`,
          scalarSort(statement.target.type, 'int'),
          parameters,
          collector,
        );
        const range = rangeConstraint(value, statement.target.type, 'int');
        const bound = forall(parameters, range);
        collector.axioms.push({
          term: bound,
          comment: `the range of ${statement.target.sourceName} (nondet at ${statement.location.line}:${statement.location.column})`,
        });
        return withScalar(state, statement.target, value);
      },
      arrayWrite: (statement, state) => {
        const at = this.indices(statement.indices, state, collector);
        const { term, definedness } = this.value(statement.value, state, collector);
        frame.addFact(state.guard, and(at.definedness, definedness));
        const view = storeView(state.arrays.get(statement.array.id)!, at.terms, term);
        return withArray(state, statement.array, view, { indices: at.terms, wildcards: [] });
      },
      arrayHavoc: (statement, state) => {
        const value = this.freshValue(
          `${statement.array.name}!havoc`,
          arrayVariableSort(statement.array, 'int'),
          parameters,
          collector,
        );
        return withArray(state, statement.array, termView(value), { indices: 'everywhere', wildcards: [] });
      },
      arrayFill: (statement, state) => {
        const { term, definedness } = this.value(statement.value, state, collector);
        frame.addFact(state.guard, definedness);
        return withArray(state, statement.array, { read: () => term }, { indices: 'everywhere', wildcards: [] });
      },
      assume: (statement, state) => {
        const { term, definedness } = this.condition(statement.condition, state, collector);
        frame.addFact(state.guard, and(definedness, term));
        return state;
      },
      assert: (statement, state) => {
        const { term, definedness } = this.condition(statement.condition, state, collector);
        const conditionFailure = and(definedness, not(term));
        const failure = and(state.guard, conditionFailure);
        frame.obligations.push({
          facts: and(...frame.facts),
          failure,
          relaxedFailure: failure,
          conditionFailure,
          skolems: [],
          location: statement.location,
          guard: state.guard,
        });
        frame.addFact(state.guard, and(definedness, term));
        return state;
      },
      branch: (statement, state) => this.branch(statement, frame, collector, state),
      jump: (statement, state) => {
        if (!frame.inLoop) throw new Unsupported(`viap: ${statement.kind} outside a loop`, statement.location);
        return { ...state, guard: falseTerm };
      },
    };
  }

  private branch(
    statement: IfStatement,
    frame: Frame,
    collector: Collector,
    state: ExecutionState,
  ): Branching<ExecutionState> {
    const { term: condition, definedness } = this.condition(statement.condition, state, collector);
    frame.addFact(state.guard, definedness);
    const thenStart = and(state.guard, condition);
    const elseStart = and(state.guard, not(condition));
    const join = (thenState: ExecutionState, elseState: ExecutionState): ExecutionState => {
      const writes = mergeWrites(thenState.writes, elseState.writes);
      // a branch that ended in break or continue leaves the other branch's values (its own paths
      // went to the loop's exit or update, loops.ts)
      if (isFalse(thenState.guard)) return { ...elseState, writes };
      if (isFalse(elseState.guard)) return { ...thenState, writes };
      const merged = mergeStates(condition, thenState, elseState);
      const guard =
        thenState.guard === thenStart && elseState.guard === elseStart
          ? state.guard
          : or(thenState.guard, elseState.guard);
      return { ...merged, guard, writes };
    };
    return { then: { ...state, guard: thenStart }, else: { ...state, guard: elseStart }, join };
  }
}

function isFalse(term: Term): boolean {
  return term.kind === 'boolConstant' && !term.value;
}

/** per array, the write records of both states */
export function mergeWrites(
  left: ReadonlyMap<number, readonly WriteRecord[]>,
  right: ReadonlyMap<number, readonly WriteRecord[]>,
): Map<number, readonly WriteRecord[]> {
  const writes = new Map(left);
  for (const [id, records] of right) writes.set(id, [...new Set([...(writes.get(id) ?? []), ...records])]);
  return writes;
}

/** the values of `thenState` where `condition` holds, else those of `elseState` (guard: `elseState`'s) */
export function mergeStates(condition: Term, thenState: ExecutionState, elseState: ExecutionState): ExecutionState {
  const scalars = new Map(elseState.scalars);
  for (const [id, thenValue] of thenState.scalars) {
    const elseValue = elseState.scalars.get(id)!;
    scalars.set(id, thenValue === elseValue ? thenValue : ite(condition, thenValue, elseValue));
  }
  const arrays = new Map(elseState.arrays);
  for (const [id, thenView] of thenState.arrays)
    arrays.set(id, mergeViews(condition, thenView, elseState.arrays.get(id)!));
  return { scalars, arrays, guard: elseState.guard, writes: mergeWrites(thenState.writes, elseState.writes) };
}

function withScalar(state: ExecutionState, variable: ScalarVariable, value: Term): ExecutionState {
  const scalars = new Map(state.scalars);
  scalars.set(variable.id, value);
  return { ...state, scalars };
}

function withArray(state: ExecutionState, array: ArrayVariable, view: ArrayView, record: WriteRecord): ExecutionState {
  const arrays = new Map(state.arrays);
  arrays.set(array.id, view);
  const writes = new Map(state.writes);
  writes.set(array.id, [...(writes.get(array.id) ?? []), record]);
  return { ...state, arrays, writes };
}
