// Bounded unrolling of a whole program into one SSA formula, on the symbolic executor (executor.ts):
// every loop is unrolled `unwind` times (path guards, ite-merges at joins, break/continue as guarded
// paths). The formula size is O(unwind * body) per loop nesting level, independent of the program's
// loop bounds. `property` holds when some assert fails within the unwinding; `unwindingViolation`
// when some path needs more than `unwind` iterations of a loop (paths that do are cut).
//
// This is the bounded formula that bmc checks, that the kernel's counterexample search deepens, and
// that accel, induct, labmc and witness build their own queries on (accel plugs its accelerated
// stretches in through the typed hook `ExtraLoopPaths`).
//
// Soundness: exact up to the unwinding in the executor's semantics (see executor.ts and
// variables.ts `safeAssumptions`): havoc'd arrays are unconstrained in int semantics (an
// over-approximation), int-mode operators without an exact encoding are uninterpreted functions
// (over-approximation, listed in `inexactReasons`).

import type { LoopStatement, Program, Semantics } from '../ir/types.js';
import {
  and,
  createSmtScript,
  not,
  or,
  trueTerm,
  type FunctionDeclaration,
  type SmtScript,
  type Term,
} from '../smt/terms.js';
import { ExpressionTranslator } from './expressions.js';
import { unrolledScriptLogic } from './logic.js';
import { SymbolicExecutor, type Path } from './executor.js';
import { collectVariables } from './variables.js';

export interface UnrolledProgram {
  readonly executor: SymbolicExecutor;
  readonly functions: readonly FunctionDeclaration[];
  /** some assert fails within the unwinding */
  readonly property: Term;
  /** some path needs more than `unwind` iterations of a loop */
  readonly unwindingViolation: Term;
  readonly logic: string;
  readonly inexactReasons: readonly string[];
}

/**
 * Extra ways around a loop, for encodings built on the unrolling: at each unrolled iteration whose condition
 * holds, `paths` returns paths from the loop head back to the loop head (each may stand for several
 * iterations) and the extra guard under which the ordinary body is taken instead; the guards must
 * exclude each other (the executor merges with ite).
 */
export type ExtraLoopPaths = (
  loop: LoopStatement,
  entry: Path,
  executor: SymbolicExecutor,
) => {
  readonly bodyGuard: Term;
  readonly paths: readonly Path[];
};

export interface UnrollOptions {
  readonly extraLoopPaths?: ExtraLoopPaths;
  /** keep array terms inline instead of naming them by constants (for read-over-write reduction) */
  readonly inlineArrays?: boolean;
}

export function unrollProgram(
  program: Program,
  unwind: number,
  semantics: Semantics,
  build: UnrollOptions = {},
): UnrolledProgram {
  const acceleration = build.extraLoopPaths;
  const translator = new ExpressionTranslator(semantics);
  const unwindingCuts: Term[] = [];
  const functions = new Map<string, FunctionDeclaration>();
  const unrollLoop = (loop: LoopStatement, path: Path, executor: SymbolicExecutor): Path | undefined => {
    const exits: Path[] = [];
    let current: Path | undefined = path;
    for (let iteration = 0; iteration <= unwind && current !== undefined; iteration++) {
      const translation = executor.condition(loop.condition, current.state);
      const defined = executor.guardTerm(and(current.guard, translation.definedness));
      const condition = executor.define('loop', translation.term);
      exits.push({ guard: executor.guardTerm(and(defined, not(condition))), state: current.state });
      const enter = and(defined, condition);
      if (iteration === unwind) {
        unwindingCuts.push(enter);
        break;
      }
      if (enter.kind === 'boolConstant' && !enter.value) break;
      const accelerated = acceleration?.(loop, { guard: executor.guardTerm(enter), state: current.state }, executor);
      const bodyGuard = accelerated === undefined ? enter : and(enter, accelerated.bodyGuard);
      const body = executor.executeBlock(loop.body, { guard: executor.guardTerm(bodyGuard), state: current.state });
      exits.push(...body.breaks);
      const afterBody = executor.merge([body.normal, ...body.continues]);
      const update = afterBody === undefined ? undefined : executor.executeBlock(loop.update, afterBody);
      if (update !== undefined) exits.push(...update.breaks);
      current = executor.merge([update?.normal, ...(update?.continues ?? []), ...(accelerated?.paths ?? [])]);
      if (current === undefined) break;
    }
    return executor.merge(exits.filter((exit) => !(exit.guard.kind === 'boolConstant' && !exit.guard.value)));
  };
  const executor = new SymbolicExecutor(program, collectVariables(program), translator, {
    inlineLimit: 0,
    loop: unrollLoop,
    namePrefix: '',
    inlineArrays: build.inlineArrays === true,
  });
  executor.useUninterpretedFunctions(functions);
  executor.executeBlock(program.body, { guard: trueTerm, state: executor.initialState() });
  const logic = unrolledScriptLogic(
    [...executor.definitions, ...executor.violations.map((violation) => violation.condition)],
    semantics,
    translator.nonlinear,
  );
  return {
    executor,
    functions: [...functions.values()],
    property: or(...executor.violations.map((violation) => violation.condition)),
    unwindingViolation: or(...unwindingCuts),
    logic,
    inexactReasons: [...translator.inexactReasons],
  };
}

export function unrolledScript(encoding: UnrolledProgram, goal: Term, headerComments: readonly string[]): SmtScript {
  return createSmtScript({
    headerComments,
    logic: encoding.logic,
    constants: encoding.executor.constants,
    functions: encoding.functions,
    assertions: [...encoding.executor.definitions.map((term) => ({ term })), { term: goal, comment: 'goal' }],
  });
}
