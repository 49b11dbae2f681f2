// Bounded model checking: every loop is unrolled `unwind` times into one SSA formula (symbolic
// execution with path guards, ite-merges at joins, break/continue as guarded paths). The formula
// size is O(unwind * body) per loop nesting level, independent of the program's loop bounds.
//
// Property query: some assert is reached with a false condition within the unwinding. Paths that need
// more than `unwind` iterations of a loop are cut, so `unsat` alone means only "no violation within
// K unwindings" (UNKNOWN). With unwinding assertions a second query asks whether some path reaches
// iteration K+1 of a loop; both unsat gives SAFE. `sat` gives a model from which the havoc choices
// are read back in program order; the counterexample is replayed on the interpreter and only a
// failing assertion in the replay gives UNSAFE.
//
// Soundness assumptions of SAFE: see common/variables.ts `safeAssumptions` (int semantics: no
// overflow; arrays are total maps; runs stop at a division by zero). Havoc'd arrays are
// unconstrained in int semantics (an over-approximation: cells may hold values outside the element
// type); int-mode operators without an exact encoding are uninterpreted functions (over-approximation).

import { performance } from 'node:perf_hooks';
import type { LoopStatement, Program } from '../../ir/types.js';
import {
  and, containsConstantArray, createSmtScript, not, or, trueTerm, type FunctionDeclaration, type SmtScript, type Term,
} from '../../smt/terms.js';
import type { Solver } from '../../solvers/solver.js';
import type { Verdict } from '../../verdict.js';
import { counterexampleRequest, replay } from '../common/counterexample.js';
import { ExpressionTranslator } from '../common/expressions.js';
import { SymbolicExecutor, type Path } from '../common/ssa.js';
import { collectVariables, safeAssumptions } from '../common/variables.js';
import type { EmitResult, Encoder, EncodingOptions, SolveOutcome } from '../encoder.js';

export interface BmcEncoding {
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
 * Extra ways around a loop (the accel encoding): at each unrolled iteration whose condition holds,
 * `paths` returns paths from the loop head back to the loop head (each standing for several
 * iterations) and the extra guard under which the ordinary body is taken instead; the guards must
 * exclude each other (the executor merges with ite).
 */
export type LoopAcceleration = (loop: LoopStatement, entry: Path, executor: SymbolicExecutor) => {
  readonly bodyGuard: Term;
  readonly paths: readonly Path[];
};

export function buildBmcEncoding(
  program: Program, unwind: number, semantics: EncodingOptions['semantics'], acceleration?: LoopAcceleration,
): BmcEncoding {
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
    inlineLimit: 0, loop: unrollLoop, namePrefix: '', inlineArrays: acceleration !== undefined,
  });
  executor.useUninterpretedFunctions(functions);
  executor.executeBlock(program.body, { guard: trueTerm, state: executor.initialState() });
  // constant arrays (initial contents, fills) are outside the QF_AUF* logics: use ALL then
  const usesConstantArrays = executor.definitions.some((term) => containsConstantArray(term))
    || executor.violations.some((violation) => containsConstantArray(violation.condition));
  const logic = usesConstantArrays ? 'ALL' : semantics === 'bv' ? 'QF_AUFBV' : translator.nonlinear ? 'QF_AUFNIA' : 'QF_AUFLIA';
  return {
    executor,
    functions: [...functions.values()],
    property: or(...executor.violations.map((violation) => violation.condition)),
    unwindingViolation: or(...unwindingCuts),
    logic,
    inexactReasons: [...translator.inexactReasons],
  };
}


export function bmcScript(encoding: BmcEncoding, goal: Term, headerComments: readonly string[]): SmtScript {
  return createSmtScript({
    headerComments,
    logic: encoding.logic,
    constants: encoding.executor.constants,
    functions: encoding.functions,
    assertions: [
      ...encoding.executor.definitions.map((term) => ({ term })),
      { term: goal, comment: 'goal' },
    ],
  });
}

function header(program: Program, options: EncodingOptions, withUnwinding: boolean): string[] {
  return [
    `bmc encoding of ${program.file} (${options.semantics} semantics, unwind ${options.unwind})`,
    withUnwinding
      ? 'sat: an assertion can fail within the unwinding, or some loop needs more iterations than the unwinding'
      : 'sat: an assertion can fail within the unwinding (a candidate counterexample; replay it)',
    withUnwinding
      ? 'unsat: no assertion can fail (the program is safe)'
      : 'unsat: no assertion can fail on paths within the unwinding (longer paths were cut)',
  ];
}

export const bmcEncoder: Encoder = {
  name: 'bmc',
  approximation: 'exact-bounded',
  emit(program: Program, options: EncodingOptions): EmitResult {
    const encoding = buildBmcEncoding(program, options.unwind, options.semantics);
    const goal = options.unwindingAssertions ? or(encoding.property, encoding.unwindingViolation) : encoding.property;
    return { kind: 'emitted', artefacts: [{ suffix: '.bmc.smt2', content: bmcScript(encoding, goal, header(program, options, options.unwindingAssertions)) }] };
  },
  async solve(program: Program, options: EncodingOptions, solver: Solver): Promise<SolveOutcome> {
    return solveBmc(program, options, solver);
  },
};

export async function solveBmc(program: Program, options: EncodingOptions, solver: Solver): Promise<SolveOutcome> {
  const times: Record<string, number> = {};
  let start = performance.now();
  const encoding = buildBmcEncoding(program, options.unwind, options.semantics);
  const request = counterexampleRequest(encoding.executor.havocs, encoding.executor.arrayHavocs, options.semantics);
  times.encode = performance.now() - start;
  const details: Record<string, unknown> = {
    unwind: options.unwind,
    constants: encoding.executor.constants.length,
    assertions: encoding.executor.definitions.length,
    inexact: encoding.inexactReasons,
  };
  const done = (verdict: Verdict): SolveOutcome => ({ verdict, times, details });

  start = performance.now();
  // the solver asks for the model values only after a sat answer (solver.ts)
  const propertyScript = bmcScript(encoding, encoding.property, header(program, options, false));
  const result = await solver.checkScript(propertyScript, { timeoutMilliseconds: options.timeoutMilliseconds, valuesOf: request.terms });
  times.solve = performance.now() - start;
  switch (result.kind) {
    case 'unknown':
      return done({ kind: 'unknown', reason: `bmc: solver answered unknown (${result.reason})` });
    case 'sat': {
      start = performance.now();
      const counterexample = request.decode(result.values ?? []);
      if ('kind' in counterexample) {
        times.replay = performance.now() - start;
        return done({ kind: 'unknown', reason: `bmc: counterexample could not be read: ${counterexample.reason}` });
      }
      const replayed = replay(program, counterexample, options.semantics);
      times.replay = performance.now() - start;
      if (replayed.kind === 'violation') {
        return done({ kind: 'unsafe', counterexample: replayed.counterexample, violatedAt: replayed.location });
      }
      return done({ kind: 'unknown', reason: `bmc: ${replayed.reason}` });
    }
    case 'unsat':
      break;
    default: {
      const never: never = result;
      throw new Error(`unknown solver result ${JSON.stringify(never)}`);
    }
  }
  if (!options.unwindingAssertions) {
    return done({ kind: 'unknown', reason: `bmc: no violation within ${options.unwind} unwindings` });
  }
  if (encoding.unwindingViolation.kind === 'boolConstant' && !encoding.unwindingViolation.value) {
    return done({ kind: 'safe', assumptions: safeAssumptions(options.semantics) });
  }
  start = performance.now();
  const unwinding = await solver.checkScript(bmcScript(encoding, encoding.unwindingViolation, header(program, options, true)), {
    timeoutMilliseconds: options.timeoutMilliseconds,
  });
  times.unwindingCheck = performance.now() - start;
  switch (unwinding.kind) {
    case 'unsat':
      return done({ kind: 'safe', assumptions: safeAssumptions(options.semantics) });
    case 'sat':
      return done({ kind: 'unknown', reason: `bmc: no violation within ${options.unwind} unwindings, but some loop can run longer` });
    case 'unknown':
      return done({ kind: 'unknown', reason: `bmc: no violation within ${options.unwind} unwindings; unwinding check unknown (${unwinding.reason})` });
    default: {
      const never: never = unwinding;
      throw new Error(`unknown solver result ${JSON.stringify(never)}`);
    }
  }
}
