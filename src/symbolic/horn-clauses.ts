// The whole program as constrained Horn clauses with one predicate per loop head (large-block
// encoding), built on the symbolic executor (executor.ts): the loop-free code between loop heads is
// executed symbolically and becomes one clause per (segment start, reached loop head), plus one query
// per assert reachable in the segment. The chc encoding solves these clauses; witness builds them
// for its transformed program.
//
// - Predicate Inv_L(scalars..., arrays...) over every variable of the program; arrays are nested SMT
//   arrays (Array Int Int) in int semantics, bit-vector arrays in bv semantics (both supported).
// - Segments: the entry (initial state: everything 0, as in the interpreter) and, for each loop L,
//   Inv_L ∧ condition ∧ body ∧ update → Inv_L, and Inv_L ∧ (¬condition ∨ break) ∧ the code after the
//   loop → the next loop head / a query. Inner loops end a segment in their own head predicate.
// - Updated arrays are passed into heads as `store` terms; merged values at joins are fresh clause
//   variables defined by an equality. Havoc is a fresh clause variable (range-constrained in int mode).
//   Int-mode operators without an exact encoding become fresh clause variables (over-approximation).
//
// Soundness: a model of the clauses is an inductive invariant of the program in the executor's
// semantics (SAFE under variables.ts `safeAssumptions`); no model says only that the clauses have a
// counterexample, which must be found and replayed as a run before it counts.

import type { Block, LoopStatement, Program, Semantics } from '../ir/types.js';
import {
  and,
  applyFunction,
  boolSort,
  createChcSystem,
  declareFunction,
  falseTerm,
  freeSymbols,
  not,
  trueTerm,
  type ChcSystem,
  type FunctionDeclaration,
  type HornClause,
  type Sort,
  type SymbolTerm,
  type Term,
} from '../smt/terms.js';
import { arrayVariableSort, ExpressionTranslator, scalarSort } from './expressions.js';
import { SymbolicExecutor, type BlockResult, type Path, type SymbolicState } from './executor.js';
import { collectVariables, type ProgramVariables } from './variables.js';

type Container =
  | { readonly kind: 'root' }
  | { readonly kind: 'ifBranch'; readonly position: Position }
  | { readonly kind: 'loopBody'; readonly loop: LoopStatement; readonly position: Position }
  | { readonly kind: 'loopUpdate'; readonly loop: LoopStatement; readonly position: Position };

interface Position {
  readonly container: Container;
  readonly block: Block;
  readonly index: number;
}

function loopPositions(program: Program): Map<number, { loop: LoopStatement; position: Position }> {
  const positions = new Map<number, { loop: LoopStatement; position: Position }>();
  const visit = (block: Block, container: Container): void => {
    block.forEach((statement, index) => {
      const position: Position = { container, block, index };
      if (statement.kind === 'if') {
        visit(statement.then, { kind: 'ifBranch', position });
        visit(statement.else, { kind: 'ifBranch', position });
      } else if (statement.kind === 'loop') {
        positions.set(statement.id, { loop: statement, position });
        visit(statement.body, { kind: 'loopBody', loop: statement, position });
        visit(statement.update, { kind: 'loopUpdate', loop: statement, position });
      }
    });
  };
  visit(program.body, { kind: 'root' });
  return positions;
}

/** a loop-head predicate application */
type HeadFactory = (loop: LoopStatement, state: SymbolicState) => Term;

export interface ChcEncoding {
  readonly system: ChcSystem;
  readonly inexactReasons: readonly string[];
}

export function buildChcEncoding(program: Program, semantics: Semantics): ChcEncoding {
  const variables = collectVariables(program);
  const translator = new ExpressionTranslator(semantics);
  const positions = loopPositions(program);
  const predicates = loopPredicates(positions, variables, semantics);
  const head: HeadFactory = (loop, state) => {
    const predicate = predicates.get(loop.id)!;
    return applyFunction(predicate.declaration, stateArguments(predicate.live, state));
  };
  const clauses: HornClause[] = [];
  const queries: HornClause[] = [];
  let segmentCounter = 0;

  const runSegment = (
    comment: string,
    start: (executor: SymbolicExecutor) => { premise: Term | undefined; path: Path },
    run: (executor: SymbolicExecutor, path: Path, heads: Head[]) => void,
  ): void => {
    const heads: Head[] = [];
    const executor = new SymbolicExecutor(program, variables, translator, {
      inlineLimit: 24,
      linearDivision: true,
      namePrefix: `s${segmentCounter++}.`,
      loop: (loop, path) => {
        heads.push({ guard: path.guard, head: head(loop, path.state) });
        return undefined;
      },
    });
    const { premise, path } = start(executor);
    run(executor, path, heads);
    const premises = premise === undefined ? [] : [premise];
    const clause = (body: Term[], clauseHead: Term, clauseComment: string): HornClause =>
      segmentClause(executor.constants, body, clauseHead, clauseComment);
    for (const reached of heads) {
      if (reached.guard.kind === 'boolConstant' && !reached.guard.value) continue;
      clauses.push(clause([...premises, ...executor.definitions, reached.guard], reached.head, comment));
    }
    for (const violation of executor.violations) {
      queries.push(
        clause(
          [...premises, ...executor.definitions, violation.condition],
          falseTerm,
          `${comment}: assert at ${violation.location.line}:${violation.location.column} fails`,
        ),
      );
    }
  };

  const finish = (executor: SymbolicExecutor, container: Container, result: BlockResult, heads: Head[]): void => {
    switch (container.kind) {
      case 'root':
        return;
      case 'ifBranch':
        continueAfter(executor, container.position, result, heads);
        return;
      case 'loopBody':
        finishLoopBody(executor, container.loop, container.position, result, [], heads);
        return;
      case 'loopUpdate': {
        const back = executor.merge([result.normal, ...result.continues]);
        if (back !== undefined) heads.push({ guard: back.guard, head: head(container.loop, back.state) });
        continueAfter(
          executor,
          container.position,
          { normal: executor.merge(result.breaks), breaks: [], continues: [] },
          heads,
        );
        return;
      }
      default: {
        const never: never = container;
        throw new Error(`unknown container ${JSON.stringify(never)}`);
      }
    }
  };
  const finishLoopBody = (
    executor: SymbolicExecutor,
    loop: LoopStatement,
    position: Position,
    body: BlockResult,
    extraExits: Path[],
    heads: Head[],
  ): void => {
    const afterBody = executor.merge([body.normal, ...body.continues]);
    const exits: Path[] = [...extraExits, ...body.breaks];
    if (afterBody !== undefined) {
      const update = executor.executeBlock(loop.update, afterBody);
      const back = executor.merge([update.normal, ...update.continues]);
      if (back !== undefined) heads.push({ guard: back.guard, head: head(loop, back.state) });
      exits.push(...update.breaks);
    }
    continueAfter(executor, position, { normal: executor.merge(exits), breaks: [], continues: [] }, heads);
  };
  /** `result` is the outcome of the statement at `position`; run the rest of its block and go up */
  const continueAfter = (executor: SymbolicExecutor, position: Position, result: BlockResult, heads: Head[]): void => {
    if (result.normal === undefined && result.breaks.length === 0 && result.continues.length === 0) return;
    const rest =
      result.normal === undefined
        ? { normal: undefined, breaks: [], continues: [] }
        : executor.executeBlock(position.block.slice(position.index + 1), result.normal);
    finish(
      executor,
      position.container,
      {
        normal: rest.normal,
        breaks: [...result.breaks, ...rest.breaks],
        continues: [...result.continues, ...rest.continues],
      },
      heads,
    );
  };

  runSegment(
    'entry',
    (executor) => ({ premise: undefined, path: { guard: trueTerm, state: executor.initialState() } }),
    (executor, path) => {
      executor.executeBlock(program.body, path);
    },
  );
  for (const { loop, position } of positions.values()) {
    runSegment(
      `loop ${loop.id} at ${loop.location.line}:${loop.location.column}`,
      (executor) => {
        const state = executor.freshState('');
        return { premise: head(loop, state), path: { guard: trueTerm, state } };
      },
      (executor, path, heads) => {
        const translation = executor.condition(loop.condition, path.state);
        const defined = and(path.guard, translation.definedness);
        const condition = executor.define('loop', translation.term);
        const enter = and(defined, condition);
        const exit: Path = { guard: executor.guardTerm(and(defined, not(condition))), state: path.state };
        const body =
          enter.kind === 'boolConstant' && !enter.value
            ? { normal: undefined, breaks: [], continues: [] }
            : executor.executeBlock(loop.body, { guard: executor.guardTerm(enter), state: path.state });
        finishLoopBody(executor, loop, position, body, [exit], heads);
      },
    );
  }

  const inexactReasons = [...translator.inexactReasons];
  const predicateDeclarations = [...predicates.values()].map((predicate) => predicate.declaration);
  return {
    system: chcSystem(program, semantics, inexactReasons, predicateDeclarations, [...clauses, ...queries]),
    inexactReasons,
  };
}

/** a loop head's predicate as `buildChcEncoding` declares it: its loop and its arguments' variables */
export interface LoopHeadPredicate {
  readonly name: string;
  readonly loop: LoopStatement;
  /** the arguments, in order: these scalars, then these arrays (the variables live at the head) */
  readonly live: ProgramVariables;
}

/** the loop-head predicates of `buildChcEncoding(program, semantics)`, in its order (by loop id) */
export function loopHeadPredicates(program: Program, semantics: Semantics): LoopHeadPredicate[] {
  const positions = loopPositions(program);
  const predicates = loopPredicates(positions, collectVariables(program), semantics);
  return [...predicates.entries()].map(([id, predicate]) => ({
    name: predicate.declaration.name,
    loop: positions.get(id)!.loop,
    live: predicate.live,
  }));
}

/** a clause of one segment: quantified over the segment's constants that occur in it */
function segmentClause(constants: readonly SymbolTerm[], body: Term[], head: Term, comment: string): HornClause {
  const occurring = new Set([...body, head].flatMap((term) => freeSymbols(term).map((found) => found.name)));
  return { variables: constants.filter((constant) => occurring.has(constant.name)), body, head, comment };
}

/** one predicate per loop head, over the variables live there (liveAtHead), in loop order */
function loopPredicates(
  positions: ReturnType<typeof loopPositions>,
  variables: ProgramVariables,
  semantics: Semantics,
): Map<number, { declaration: FunctionDeclaration; live: ProgramVariables }> {
  const predicates = new Map<number, { declaration: FunctionDeclaration; live: ProgramVariables }>();
  for (const { loop, position } of [...positions.values()].sort((left, right) => left.loop.id - right.loop.id)) {
    const live = liveAtHead(loop, position, variables);
    const sorts: Sort[] = [
      ...live.scalars.map((variable) => scalarSort(variable.type, semantics)),
      ...live.arrays.map((array) => arrayVariableSort(array, semantics)),
    ];
    predicates.set(loop.id, { declaration: declareFunction(`inv_loop${loop.id}`, sorts, boolSort), live });
  }
  return predicates;
}

/** the system with its header: what sat and unsat mean, and where the encoding over-approximates */
function chcSystem(
  program: Program,
  semantics: Semantics,
  inexactReasons: readonly string[],
  predicates: readonly FunctionDeclaration[],
  clauses: readonly HornClause[],
): ChcSystem {
  return createChcSystem({
    headerComments: [
      `chc encoding of ${program.file} (${semantics} semantics): one predicate per loop head`,
      'sat: the clauses have a model (the program is safe, under the encoding assumptions)',
      'unsat: some assertion can fail under the encoding (a counterexample must still be found and replayed)',
      ...inexactReasons.map((reason) => `over-approximation: ${reason}`),
    ],
    predicates,
    clauses,
  });
}

/**
 * The variables a loop head's predicate keeps: those read in the loop, in any enclosing loop, or in
 * any statement after the loop (in program order). Any other variable is never read again once
 * control is at the head (control only goes back to earlier code through an enclosing loop), so its
 * value does not matter.
 */
function liveAtHead(loop: LoopStatement, position: Position, variables: ProgramVariables): ProgramVariables {
  const scalarIds = new Set<number>();
  const arrayIds = new Set<number>();
  const readsOf = (statements: Block): void => {
    const used = collectVariables(
      { file: '', scalars: [], arrays: [], body: statements, dataModel: 'ILP32' },
      { readsOnly: true },
    );
    for (const variable of used.scalars) scalarIds.add(variable.id);
    for (const array of used.arrays) arrayIds.add(array.id);
  };
  readsOf([loop]);
  for (let current: Position | undefined = position; current !== undefined;) {
    readsOf(current.block.slice(current.index + 1));
    const container: Container = current.container;
    switch (container.kind) {
      case 'root':
        current = undefined;
        break;
      case 'ifBranch':
        current = container.position;
        break;
      case 'loopBody':
      case 'loopUpdate':
        readsOf([container.loop]);
        current = container.position;
        break;
      default: {
        const never: never = container;
        throw new Error(`unknown container ${JSON.stringify(never)}`);
      }
    }
  }
  return {
    scalars: variables.scalars.filter((variable) => scalarIds.has(variable.id)),
    arrays: variables.arrays.filter((array) => arrayIds.has(array.id)),
  };
}

interface Head {
  readonly guard: Term;
  readonly head: Term;
}

function stateArguments(variables: ProgramVariables, state: SymbolicState): Term[] {
  return [
    ...variables.scalars.map((variable) => state.scalars.get(variable.id)!),
    ...variables.arrays.map((array) => state.arrays.get(array.id)!),
  ];
}
