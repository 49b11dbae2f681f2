// Path selection for the `accel` encoding (acceleration paper, Sect. 3.5): the straight-line paths
// pi through one loop's body (loop condition, body along fixed branch decisions, update block)
// that are candidates for acceleration because pi;pi is feasible from some state.
//
// - Small bodies (at most `maximumPaths` syntactic paths): every branch combination is a candidate,
//   kept only when a solver finds pi;pi satisfiable from a fresh unconstrained state.
// - Larger bodies: the distinguisher construction of Fig. 3. Every `if` gets a distinguisher d_k
//   (0: not met, 1: then, 2: else) and a shadow s_k chosen once; two sequential copies of the
//   instrumented body both end in d_k = s_k, so a model is a path pi with pi;pi feasible, read from
//   the s_k. The found decision vector (only the ifs met) is blocked and the query repeated.
//
// Soundness: this module only selects candidates; a missing or extra candidate changes what gets
// accelerated, never the meaning of the program. Paths reaching `break` (or a literal assume(false))
// leave the loop and are not iterable: excluded. An assertion on the path becomes an assumption
// (accelerated iterations are exactly the ones that pass it); the caller must keep checking the
// assertion on the original loop. Nested loops, arrayHavoc and arrayFill in the loop make the loop
// not acceleratable here. Scalars of the fresh state are constrained to their type's range.

import {
  createAssign,
  createAssume,
  createConstant,
  createIf,
  createScalarVariable,
  createUnary,
  intType,
} from '../../ir/factory.js';
import type {
  AssumeStatement,
  Block,
  IfStatement,
  LoopStatement,
  Program,
  ScalarVariable,
  Semantics,
  SourceLocation,
  Statement,
} from '../../ir/types.js';
import {
  and,
  createSmtScript,
  equal,
  falseTerm,
  not,
  trueTerm,
  type FunctionDeclaration,
  type SmtScript,
  type Term,
} from '../../smt/terms.js';
import type { ModelValue, Solver, SolverResult } from '../../solvers/solver.js';
import { constantTerm, ExpressionTranslator, rangeConstraint, scalarSort } from '../../symbolic/expressions.js';
import { SymbolicExecutor, type Path, type SymbolicState } from '../../symbolic/executor.js';
import { unrolledScriptLogic } from '../../symbolic/logic.js';
import { collectVariables } from '../../symbolic/variables.js';

import type { PathStatement } from '../../analysis/path-polynomials.js';

export type { PathStatement } from '../../analysis/path-polynomials.js';

export interface BranchDecision {
  readonly location: SourceLocation;
  readonly taken: 'then' | 'else';
}

export interface LoopPath {
  readonly loop: LoopStatement;
  /** every `if` met along the path, in execution order */
  readonly decisions: readonly BranchDecision[];
  /**
   * straight-line pi: first `assume(loop.condition)`, then the body along the path (if ->
   * assume(condition) or assume(!condition); assert(c) -> assume(c); `continue` -> skip the rest of
   * the body), then the loop's update block (also straight-line along the path)
   */
  readonly statements: readonly PathStatement[];
  /** e.g. "then at 12:5, else at 14:7" or "straight-line body" */
  readonly description: string;
}

export interface RejectedPath {
  readonly description: string;
  readonly reason: string;
}

export type PathEnumeration =
  | {
      readonly kind: 'paths';
      readonly paths: readonly LoopPath[];
      readonly method: 'enumerated' | 'distinguisher';
      readonly truncated: boolean;
      readonly rejected: readonly RejectedPath[];
    }
  | { readonly kind: 'notAcceleratable'; readonly reason: string };

export interface PathEnumerationOptions {
  readonly semantics: Semantics;
  readonly solver: Solver;
  readonly timeoutMilliseconds: number;
  readonly maximumPaths: number;
}

export function formatLocation(location: SourceLocation): string {
  return `${location.line}:${location.column}`;
}

// ---------------------------------------------------------------- syntactic walk

type Ending =
  | { readonly kind: 'iterates' }
  | { readonly kind: 'break'; readonly location: SourceLocation }
  | { readonly kind: 'assumeFalse'; readonly location: SourceLocation };

interface RawPath {
  readonly decisions: readonly BranchDecision[];
  readonly statements: readonly PathStatement[];
  readonly ending: Ending;
}

/** which branches of an `if` to follow */
type Chooser = (statement: IfStatement) => readonly ('then' | 'else')[];

const bothBranches: Chooser = () => ['then', 'else'];

/** A reason the loop cannot be accelerated here (nested loop, arrayHavoc, arrayFill), or undefined. */
export function unsupportedStatement(loop: LoopStatement): string | undefined {
  const visit = (block: Block, part: string): string | undefined => {
    for (const statement of block) {
      switch (statement.kind) {
        case 'loop':
          return `loop at ${formatLocation(loop.location)} contains a loop at ${formatLocation(statement.location)}`;
        case 'arrayHavoc':
        case 'arrayFill':
          return `${statement.kind} in the ${part} at ${formatLocation(statement.location)} (loop at ${formatLocation(loop.location)})`;
        case 'if': {
          const found = visit(statement.then, part) ?? visit(statement.else, part);
          if (found !== undefined) return found;
          break;
        }
        case 'assign':
        case 'arrayWrite':
        case 'havoc':
        case 'assume':
        case 'assert':
        case 'break':
        case 'continue':
          break;
        default: {
          const never: never = statement;
          throw new Error(`unknown statement ${JSON.stringify(never)}`);
        }
      }
    }
    return undefined;
  };
  return visit(loop.body, 'body') ?? visit(loop.update, 'update');
}

function isLiteralFalse(statement: AssumeStatement): boolean {
  return statement.condition.kind === 'constant' && statement.condition.value === 0n;
}

/** Every syntactic path of one iteration (body then update), in then-before-else order. */
function* walkIteration(loop: LoopStatement, choose: Chooser): Generator<RawPath> {
  const start: PathStatement[] = [createAssume(loop.condition, loop.location)];
  yield* walk(loop, choose, loop.body, 'body', [], start);
}

function* walk(
  loop: LoopStatement,
  choose: Chooser,
  pending: readonly Statement[],
  phase: 'body' | 'update',
  decisions: readonly BranchDecision[],
  statements: readonly PathStatement[],
): Generator<RawPath> {
  let index = 0;
  let current = statements;
  const append = (statement: PathStatement) => {
    current = [...current, statement];
  };
  for (; index < pending.length; index++) {
    const statement = pending[index]!;
    switch (statement.kind) {
      case 'assign':
      case 'arrayWrite':
      case 'havoc':
        append(statement);
        break;
      case 'assume':
        append(statement);
        if (isLiteralFalse(statement)) {
          yield { decisions, statements: current, ending: { kind: 'assumeFalse', location: statement.location } };
          return;
        }
        break;
      case 'assert':
        append(createAssume(statement.condition, statement.location));
        break;
      case 'if': {
        const rest = pending.slice(index + 1);
        for (const taken of choose(statement)) {
          const condition =
            taken === 'then' ? statement.condition : createUnary('logicalNot', statement.condition, intType);
          yield* walk(
            loop,
            choose,
            [...(taken === 'then' ? statement.then : statement.else), ...rest],
            phase,
            [...decisions, { location: statement.location, taken }],
            [...current, createAssume(condition, statement.location)],
          );
        }
        return;
      }
      case 'break':
        yield { decisions, statements: current, ending: { kind: 'break', location: statement.location } };
        return;
      case 'continue':
        // in the body: jump to the update; in the update: the iteration ends (as in bmc's merge)
        index = pending.length;
        break;
      case 'loop':
      case 'arrayHavoc':
      case 'arrayFill':
        throw new Error(`internal: ${statement.kind} at ${formatLocation(statement.location)} in a path walk`);
      default: {
        const never: never = statement;
        throw new Error(`unknown statement ${JSON.stringify(never)}`);
      }
    }
  }
  if (phase === 'body') {
    yield* walk(loop, choose, loop.update, 'update', decisions, current);
    return;
  }
  yield { decisions, statements: current, ending: { kind: 'iterates' } };
}

export function describeDecisions(decisions: readonly BranchDecision[]): string {
  if (decisions.length === 0) return 'straight-line body';
  return decisions.map((decision) => `${decision.taken} at ${formatLocation(decision.location)}`).join(', ');
}

function toLoopPath(loop: LoopStatement, raw: RawPath): LoopPath {
  return Object.freeze({
    loop,
    decisions: Object.freeze([...raw.decisions]),
    statements: Object.freeze([...raw.statements]),
    description: describeDecisions(raw.decisions),
  });
}

function exitReason(ending: Exclude<Ending, { kind: 'iterates' }>): string {
  switch (ending.kind) {
    case 'break':
      return `leaves the loop at break ${formatLocation(ending.location)}`;
    case 'assumeFalse':
      return `ends the run at assume(false) ${formatLocation(ending.location)}`;
    default: {
      const never: never = ending;
      throw new Error(`unknown ending ${JSON.stringify(never)}`);
    }
  }
}

interface SyntacticCollection {
  readonly iterable: RawPath[];
  readonly rejected: RejectedPath[];
  /** more paths exist than were collected */
  readonly truncated: boolean;
}

/** up to `limit` iterable paths; stops early after `limit * 16 + 64` paths of any kind */
function collectSyntactic(loop: LoopStatement, limit: number): SyntacticCollection {
  const iterable: RawPath[] = [];
  const rejected: RejectedPath[] = [];
  const walkLimit = limit * 16 + 64;
  let walked = 0;
  for (const raw of walkIteration(loop, bothBranches)) {
    if (walked++ >= walkLimit) return { iterable, rejected, truncated: true };
    if (raw.ending.kind === 'iterates') {
      if (iterable.length >= limit) return { iterable, rejected, truncated: true };
      iterable.push(raw);
    } else {
      rejected.push({ description: describeDecisions(raw.decisions), reason: exitReason(raw.ending) });
    }
  }
  return { iterable, rejected, truncated: false };
}

/** Syntactic paths without feasibility checks (for emit, which has no solver); break paths excluded. */
export function syntacticLoopPaths(loop: LoopStatement, maximumPaths: number): PathEnumeration {
  const unsupported = unsupportedStatement(loop);
  if (unsupported !== undefined) return { kind: 'notAcceleratable', reason: unsupported };
  const collection = collectSyntactic(loop, maximumPaths);
  return {
    kind: 'paths',
    paths: collection.iterable.map((raw) => toLoopPath(loop, raw)),
    method: 'enumerated',
    truncated: collection.truncated,
    rejected: collection.rejected,
  };
}

// ---------------------------------------------------------------- solver queries

interface QueryContext {
  readonly executor: SymbolicExecutor;
  readonly translator: ExpressionTranslator;
  readonly functions: Map<string, FunctionDeclaration>;
  readonly assumptions: Term[];
}

function createContext(
  program: Program,
  semantics: Semantics,
  namePrefix: string,
  extraScalars: readonly ScalarVariable[] = [],
): QueryContext {
  const translator = new ExpressionTranslator(semantics);
  const functions = new Map<string, FunctionDeclaration>();
  const variables = collectVariables(program);
  const executor = new SymbolicExecutor(
    program,
    { scalars: [...variables.scalars, ...extraScalars], arrays: variables.arrays },
    translator,
    {
      inlineLimit: 0,
      namePrefix,
      loop: (loop) => {
        throw new Error(`internal: loop at ${formatLocation(loop.location)} in a loop path`);
      },
    },
  );
  executor.useUninterpretedFunctions(functions);
  return { executor, translator, functions, assumptions: [] };
}

/** a fresh unconstrained state whose scalars lie in their types' ranges */
function freshRangedState(context: QueryContext, suffix: string): SymbolicState {
  const state = context.executor.freshState(suffix);
  for (const variable of context.executor.variables.scalars) {
    const range = rangeConstraint(state.scalars.get(variable.id)!, variable.type, context.executor.semantics);
    if (!(range.kind === 'boolConstant' && range.value)) context.assumptions.push(range);
  }
  return state;
}

function queryScript(context: QueryContext, goal: Term, comment: string): SmtScript {
  const { executor, translator } = context;
  const terms = [...executor.definitions, ...context.assumptions, goal];
  const logic = unrolledScriptLogic(terms, executor.semantics, translator.nonlinear);
  return createSmtScript({
    headerComments: [comment],
    logic,
    constants: executor.constants,
    functions: [...context.functions.values()],
    assertions: [
      ...executor.definitions.map((term) => ({ term })),
      ...context.assumptions.map((term) => ({ term, comment: 'fresh state in range' })),
      { term: goal, comment: 'goal' },
    ],
  });
}

/** Is pi;pi satisfiable from some state (havocs fresh in each copy)? */
export async function checkSquareFeasible(
  program: Program,
  path: LoopPath,
  options: Omit<PathEnumerationOptions, 'maximumPaths'>,
): Promise<SolverResult> {
  const context = createContext(program, options.semantics, 'square');
  let current: Path | undefined = { guard: trueTerm, state: freshRangedState(context, '.start') };
  for (let copy = 0; copy < 2 && current !== undefined; copy++) {
    const result = context.executor.executeBlock(path.statements, current);
    current = result.normal;
  }
  const goal = current === undefined ? falseTerm : current.guard;
  const script = queryScript(context, goal, `accel path selection: is pi;pi feasible for ${path.description}?`);
  return options.solver.checkScript(script, { timeoutMilliseconds: options.timeoutMilliseconds });
}

// ---------------------------------------------------------------- enumeration

/** Paths through one loop's body whose square pi;pi is feasible from some state. */
export async function enumerateLoopPaths(
  program: Program,
  loop: LoopStatement,
  options: PathEnumerationOptions,
): Promise<PathEnumeration> {
  const unsupported = unsupportedStatement(loop);
  if (unsupported !== undefined) return { kind: 'notAcceleratable', reason: unsupported };
  const collection = collectSyntactic(loop, options.maximumPaths);
  if (collection.truncated) return distinguisherPaths(program, loop, options);
  const paths: LoopPath[] = [];
  const rejected: RejectedPath[] = [...collection.rejected];
  for (const raw of collection.iterable) {
    const path = toLoopPath(loop, raw);
    const result = await checkSquareFeasible(program, path, options);
    switch (result.kind) {
      case 'sat':
        paths.push(path);
        break;
      case 'unsat':
        rejected.push({ description: path.description, reason: 'pi;pi is infeasible' });
        break;
      // pi;pi feasibility only predicts which paths are worth a summary (the summary's own
      // conditions decide feasibility), so a path the solver could not decide is kept
      case 'unknown':
        paths.push(path);
        break;
      default: {
        const never: never = result;
        throw new Error(`unknown solver result ${JSON.stringify(never)}`);
      }
    }
  }
  return { kind: 'paths', paths, method: 'enumerated', truncated: false, rejected };
}

/** every `if` of the body and the update, numbered in a fixed order */
function numberIfs(loop: LoopStatement): Map<IfStatement, number> {
  const numbers = new Map<IfStatement, number>();
  const visit = (block: Block): void => {
    for (const statement of block) {
      if (statement.kind !== 'if') continue;
      numbers.set(statement, numbers.size);
      visit(statement.then);
      visit(statement.else);
    }
  };
  visit(loop.body);
  visit(loop.update);
  return numbers;
}

/** Fig. 3: `if` -> (d_k := 1; then) or (d_k := 2; else); break -> assume(false); assert(c) -> assume(c) */
function instrument(
  block: Block,
  numbers: ReadonlyMap<IfStatement, number>,
  distinguishers: readonly ScalarVariable[],
): Statement[] {
  return block.map((statement): Statement => {
    switch (statement.kind) {
      case 'if': {
        const distinguisher = distinguishers[numbers.get(statement)!]!;
        return createIf(
          statement.condition,
          [
            createAssign(distinguisher, createConstant(thenCode), statement.location),
            ...instrument(statement.then, numbers, distinguishers),
          ],
          [
            createAssign(distinguisher, createConstant(elseCode), statement.location),
            ...instrument(statement.else, numbers, distinguishers),
          ],
          statement.location,
        );
      }
      case 'break':
        return createAssume(createConstant(0n), statement.location);
      case 'assert':
        return createAssume(statement.condition, statement.location);
      case 'assign':
      case 'arrayWrite':
      case 'havoc':
      case 'assume':
      case 'continue':
        return statement;
      case 'loop':
      case 'arrayHavoc':
      case 'arrayFill':
        throw new Error(`internal: ${statement.kind} at ${formatLocation(statement.location)} in a loop path`);
      default: {
        const never: never = statement;
        throw new Error(`unknown statement ${JSON.stringify(never)}`);
      }
    }
  });
}

const thenCode = 1n;
const elseCode = 2n;

async function distinguisherPaths(
  program: Program,
  loop: LoopStatement,
  options: PathEnumerationOptions,
): Promise<PathEnumeration> {
  const numbers = numberIfs(loop);
  const maximumId = Math.max(-1, ...collectVariables(program).scalars.map((variable) => variable.id));
  const distinguishers = [...numbers.values()].map((number) =>
    createScalarVariable(maximumId + 1 + number, `accel.distinguisher${number}`, `d${number}`, intType, loop.location),
  );
  const context = createContext(program, options.semantics, 'distinguisher', distinguishers);
  const { executor } = context;
  const shadows = distinguishers.map((variable) =>
    executor.fresh(`accel.shadow.${variable.sourceName}`, scalarSort(intType, options.semantics)),
  );
  const reset = distinguishers.map((variable) => createAssign(variable, createConstant(0n), loop.location));
  const body = [
    createAssume(loop.condition, loop.location),
    ...reset,
    ...instrument(loop.body, numbers, distinguishers),
  ];
  const update = instrument(loop.update, numbers, distinguishers);

  let current: Path | undefined = { guard: trueTerm, state: freshRangedState(context, '.start') };
  for (let copy = 0; copy < 2 && current !== undefined; copy++) {
    const bodyResult = executor.executeBlock(body, current);
    const afterBody = executor.merge([bodyResult.normal, ...bodyResult.continues]);
    if (afterBody === undefined) {
      current = undefined;
      break;
    }
    const updateResult = executor.executeBlock(update, afterBody);
    const afterUpdate = executor.merge([updateResult.normal, ...updateResult.continues]);
    if (afterUpdate === undefined) {
      current = undefined;
      break;
    }
    const agree = distinguishers.map((variable, index) =>
      equal(afterUpdate.state.scalars.get(variable.id)!, shadows[index]!),
    );
    current = { guard: executor.guardTerm(and(afterUpdate.guard, ...agree)), state: afterUpdate.state };
  }
  const paths: LoopPath[] = [];
  const rejected: RejectedPath[] = [];
  if (current === undefined) return { kind: 'paths', paths, method: 'distinguisher', truncated: false, rejected };
  const blocking: Term[] = [];
  const codeOf = (value: ModelValue | undefined): bigint | undefined =>
    value?.kind === 'integer' ? value.value : undefined;
  const description = `accel path selection (Fig. 3 distinguishers) for the loop at ${formatLocation(loop.location)}`;
  // one query more than maximumPaths: it tells whether the limit cut the enumeration
  for (let round = 0; round <= options.maximumPaths; round++) {
    const script = queryScript(context, and(current.guard, ...blocking), description);
    // the values of the last round are not needed (it only tells whether the limit cut the enumeration)
    const valuesOf = round < options.maximumPaths ? shadows : [];
    const result = await options.solver.checkScript(script, {
      timeoutMilliseconds: options.timeoutMilliseconds,
      valuesOf,
    });
    switch (result.kind) {
      case 'unsat':
        return { kind: 'paths', paths, method: 'distinguisher', truncated: false, rejected };
      case 'unknown':
        rejected.push({
          description: paths.length === 0 ? 'any path' : 'further paths',
          reason: `distinguisher query unknown (${result.reason})`,
        });
        return { kind: 'paths', paths, method: 'distinguisher', truncated: true, rejected };
      case 'sat':
        break;
      default: {
        const never: never = result;
        throw new Error(`unknown solver result ${JSON.stringify(never)}`);
      }
    }
    if (round === options.maximumPaths)
      return { kind: 'paths', paths, method: 'distinguisher', truncated: true, rejected };
    const codes = shadows.map((_, index) => codeOf(result.values?.[index]));
    const chooser: Chooser = (statement) => {
      const code = codes[numbers.get(statement)!];
      return code === thenCode ? ['then'] : code === elseCode ? ['else'] : [];
    };
    const walked = [...walkIteration(loop, chooser)];
    const raw = walked[0];
    if (walked.length !== 1 || raw === undefined || raw.ending.kind !== 'iterates') {
      rejected.push({
        description: 'further paths',
        reason: `internal: the model's decisions ${codes.join(',')} do not name an iterating path`,
      });
      return { kind: 'paths', paths, method: 'distinguisher', truncated: true, rejected };
    }
    paths.push(toLoopPath(loop, raw));
    const met = shadows.flatMap((shadow, index) =>
      codes[index] === thenCode || codes[index] === elseCode
        ? [equal(shadow, constantTerm(codes[index]!, intType, options.semantics))]
        : [],
    );
    blocking.push(not(and(...met)));
  }
  return { kind: 'paths', paths, method: 'distinguisher', truncated: true, rejected };
}
