// The states at every loop head of a complete unrolling: the program executed symbolically with every
// loop unrolled until its condition is false by constant folding (a loop of constant bound), each
// visit of a loop head recorded as a snapshot (its path guard and the value of every variable, terms
// over the run's nondeterministic values). Where every loop's unrolling ends this way, the snapshots
// of a loop head are all the states any run reaches there, and no other: the unrolling certifier
// (unrolled-invariants.ts) states them as that head's invariant.
//
// The unrolling is the one of bmc (symbolic/unroll.ts: the same executor, the same iterations, the
// same cut), with every value kept inline (the executor's `inlineAll`: no definitions but the havocs'
// ranges), so that a snapshot's terms mention only nondeterministic values (havocs, array havocs,
// opaque values of operators without an exact encoding) and constants.
//
// Refused (with the reason): a loop whose condition is still open after `maxRounds` rounds (its bound
// is not a constant, or too large), more than `maxSnapshots` loop-head visits in all, an operator
// without an exact encoding in the semantics (its values are opaque: the clauses over-approximate it,
// and the states below are not theirs).
//
// Soundness: nothing here is trusted; the invariants built on the snapshots are a certificate only
// when the independent checker (check.ts) confirms them against the program's own clauses.

import type { LoopStatement, Program, Semantics } from '../ir/types.js';
import { and, not, trueTerm, type Term } from '../smt/terms.js';
import { SymbolicExecutor, type Path, type SymbolicState } from '../symbolic/executor.js';
import { ExpressionTranslator } from '../symbolic/expressions.js';
import { collectVariables } from '../symbolic/variables.js';

/** one visit of a loop head: the path that reaches it and the state there */
export interface HeadSnapshot {
  readonly loop: LoopStatement;
  /** the round of the loop this visit starts (0: the first test of its condition) */
  readonly round: number;
  readonly guard: Term;
  readonly state: SymbolicState;
}

export interface UnrollingLimits {
  /** the most rounds of one loop (per entry of the loop) */
  readonly maxRounds: number;
  /** the most loop-head visits in all (nests multiplied) */
  readonly maxSnapshots: number;
}

export type UnrolledStates =
  | {
      readonly kind: 'complete';
      readonly snapshots: readonly HeadSnapshot[];
      /** constraints every run satisfies (the havocs' ranges in `int`) */
      readonly constraints: readonly Term[];
    }
  | { readonly kind: 'refused'; readonly reason: string };

/** a loop that does not end by constant folding within the limits (see the header) */
class Incomplete extends Error {}

/** every loop-head state of the program's complete unrolling, or why there is none (see the header) */
export function unrolledStates(program: Program, semantics: Semantics, limits: UnrollingLimits): UnrolledStates {
  const translator = new ExpressionTranslator(semantics);
  const snapshots: HeadSnapshot[] = [];
  const record = (loop: LoopStatement, round: number, path: Path): void => {
    if (snapshots.length >= limits.maxSnapshots)
      throw new Incomplete(`the loops' heads are visited more than ${limits.maxSnapshots} times in all`);
    snapshots.push({ loop, round, guard: path.guard, state: path.state });
  };
  const unrollLoop = (loop: LoopStatement, path: Path, executor: SymbolicExecutor): Path | undefined => {
    const exits: Path[] = [];
    let current: Path | undefined = path;
    for (let round = 0; current !== undefined; round++) {
      record(loop, round, current);
      const translation = executor.condition(loop.condition, current.state);
      const defined = and(current.guard, translation.definedness);
      const condition = translation.term;
      exits.push({ guard: and(defined, not(condition)), state: current.state });
      const enter = and(defined, condition);
      if (enter.kind === 'boolConstant' && !enter.value) break;
      if (round === limits.maxRounds)
        throw new Incomplete(
          `the loop at ${loop.location.line}:${loop.location.column} is still open after ${limits.maxRounds} rounds (its bound is not a constant within ${limits.maxRounds})`,
        );
      const body = executor.executeBlock(loop.body, { guard: enter, state: current.state });
      exits.push(...body.breaks);
      const afterBody = executor.merge([body.normal, ...body.continues]);
      const update = afterBody === undefined ? undefined : executor.executeBlock(loop.update, afterBody);
      if (update !== undefined) exits.push(...update.breaks);
      current = executor.merge([update?.normal, ...(update?.continues ?? [])]);
    }
    return executor.merge(exits.filter((exit) => !(exit.guard.kind === 'boolConstant' && !exit.guard.value)));
  };
  const executor = new SymbolicExecutor(program, collectVariables(program), translator, {
    inlineLimit: 0,
    inlineAll: true,
    loop: unrollLoop,
    namePrefix: 'unrolled.',
  });
  try {
    executor.executeBlock(program.body, { guard: trueTerm, state: executor.initialState() });
  } catch (error) {
    if (error instanceof Incomplete) return { kind: 'refused', reason: error.message };
    throw error;
  }
  // with every value inline, the executor's only constants are the havocs' values and opaque values
  const choices = new Set<string>(
    [
      ...executor.havocs.flatMap((choice) => ('kind' in choice ? [] : [choice.value])),
      ...executor.arrayHavocs.map((choice) => choice.value),
    ].flatMap((value) => (value.kind === 'symbol' ? [value.name] : [])),
  );
  if (executor.constants.some((constant) => !choices.has(constant.name)))
    return {
      kind: 'refused',
      reason: `the unrolled states are not exact (${[...translator.inexactReasons].join('; ') || 'a value without an exact encoding'})`,
    };
  return { kind: 'complete', snapshots, constraints: executor.definitions };
}
