// The one walker of IR control flow, shared by the symbolic executor (executor.ts: bmc, chc, accel,
// induct, shrink, …) and viap's translator (encoders/viap/translate.ts). The walker sequences a
// block, stops a path that has ended, runs both branches of an `if` and hands them to the join,
// collects the paths that met `break` and `continue`, and dispatches every statement kind (an
// exhaustive switch). What a statement does to a state — the value domain — is the caller's
// `StatementSemantics`: terms in SSA form for the executor, array views and facts for viap.
//
// Loops are the caller's too, and may need a solver (viap asks it for loop facts, asynchronously):
// the walker is a generator that yields a `LoopRequest` at each loop statement and goes on with the
// path it is sent back. `runSynchronously` (the executor's loop hooks) and `runAsynchronously`
// (viap's loop summaries) answer the requests.
//
// Soundness assumptions: none of its own. The walker runs each statement only on a path that the
// semantics calls live, in program order, `then` before `else`; a `break` or `continue` ends its
// path (the semantics says what the rest of an ended path is) and is reported to the caller in the
// order met, where the enclosing loop must route it (it does not leave a loop by itself: the loop's
// body is walked by the caller's loop hook, which receives these lists).

import type {
  ArrayFillStatement,
  ArrayHavocStatement,
  ArrayWriteStatement,
  AssertStatement,
  AssignStatement,
  AssumeStatement,
  Block,
  BreakStatement,
  ContinueStatement,
  HavocStatement,
  IfStatement,
  LoopStatement,
  Statement,
} from '../ir/types.js';

/** the outcome of a block: the path that runs on after it, and the paths that met break or continue in it */
export interface WalkResult<P, L extends P> {
  readonly normal: P;
  readonly breaks: readonly L[];
  readonly continues: readonly L[];
}

/** the two branches of an `if`, and how their ends join */
export interface Branching<P> {
  readonly then: P;
  readonly else: P;
  join(thenEnd: P, elseEnd: P): P;
}

/**
 * What statements do to a path (`P`, of which `L` are the live ones). Each method gets a live path
 * and returns the path after its statement, which may have ended (then the rest of the block does
 * not run on it).
 */
export interface StatementSemantics<P, L extends P> {
  /** whether statements still run on the path */
  live(path: P): path is L;
  /** called before each statement that runs (e.g. a budget check) */
  beforeStatement?(statement: Statement): void;
  assign(statement: AssignStatement, path: L): P;
  arrayWrite(statement: ArrayWriteStatement, path: L): P;
  havoc(statement: HavocStatement, path: L): P;
  arrayHavoc(statement: ArrayHavocStatement, path: L): P;
  arrayFill(statement: ArrayFillStatement, path: L): P;
  assume(statement: AssumeStatement, path: L): P;
  assert(statement: AssertStatement, path: L): P;
  /** the start paths of both branches (each may have ended already) */
  branch(statement: IfStatement, path: L): Branching<P>;
  /** the rest of a path that met `break` or `continue` (an ended path) */
  jump(statement: BreakStatement | ContinueStatement, path: L): P;
}

/** a loop statement met on a live path: the walker goes on with the path it is sent back */
export interface LoopRequest<L> {
  readonly loop: LoopStatement;
  readonly path: L;
}

export type Walk<P, L extends P> = Generator<LoopRequest<L>, WalkResult<P, L>, P>;

/** the statements of `block` in order from `path`, until the path ends */
export function* walkBlock<P, L extends P>(semantics: StatementSemantics<P, L>, block: Block, path: P): Walk<P, L> {
  let current = path;
  const breaks: L[] = [];
  const continues: L[] = [];
  for (const statement of block) {
    if (!semantics.live(current)) break;
    semantics.beforeStatement?.(statement);
    switch (statement.kind) {
      case 'assign':
        current = semantics.assign(statement, current);
        break;
      case 'arrayWrite':
        current = semantics.arrayWrite(statement, current);
        break;
      case 'havoc':
        current = semantics.havoc(statement, current);
        break;
      case 'arrayHavoc':
        current = semantics.arrayHavoc(statement, current);
        break;
      case 'arrayFill':
        current = semantics.arrayFill(statement, current);
        break;
      case 'assume':
        current = semantics.assume(statement, current);
        break;
      case 'assert':
        current = semantics.assert(statement, current);
        break;
      case 'if': {
        const result = yield* walkIf(semantics, statement, current);
        breaks.push(...result.breaks);
        continues.push(...result.continues);
        current = result.normal;
        break;
      }
      case 'loop':
        current = yield { loop: statement, path: current };
        break;
      case 'break':
        breaks.push(current);
        current = semantics.jump(statement, current);
        break;
      case 'continue':
        continues.push(current);
        current = semantics.jump(statement, current);
        break;
      default: {
        const never: never = statement;
        throw new Error(`unknown statement ${JSON.stringify(never)}`);
      }
    }
  }
  return { normal: current, breaks, continues };
}

function* walkIf<P, L extends P>(semantics: StatementSemantics<P, L>, statement: IfStatement, path: L): Walk<P, L> {
  const branching = semantics.branch(statement, path);
  const thenResult = yield* walkBlock(semantics, statement.then, branching.then);
  const elseResult = yield* walkBlock(semantics, statement.else, branching.else);
  return {
    normal: branching.join(thenResult.normal, elseResult.normal),
    breaks: [...thenResult.breaks, ...elseResult.breaks],
    continues: [...thenResult.continues, ...elseResult.continues],
  };
}

/** runs a walk whose loops are answered at once */
export function runSynchronously<P, L extends P>(
  walk: Walk<P, L>,
  loop: (statement: LoopStatement, path: L) => P,
): WalkResult<P, L> {
  let step = walk.next();
  while (step.done !== true) step = walk.next(loop(step.value.loop, step.value.path));
  return step.value;
}

/** runs a walk whose loops are answered by promises (one loop at a time, in program order) */
export async function runAsynchronously<P, L extends P>(
  walk: Walk<P, L>,
  loop: (statement: LoopStatement, path: L) => Promise<P>,
): Promise<WalkResult<P, L>> {
  let step = walk.next();
  while (step.done !== true) step = walk.next(await loop(step.value.loop, step.value.path));
  return step.value;
}
