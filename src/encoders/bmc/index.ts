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
import type { LoopStatement, Program, Semantics } from '../../ir/types.js';
import {
  and, containsConstantArray, createSmtScript, not, or, trueTerm, type FunctionDeclaration, type SmtScript, type Term,
} from '../../smt/terms.js';
import type { Solver } from '../../solvers/solver.js';
import { unknownVerdict, type Verdict } from '../../verdict.js';
import { counterexampleRequest } from '../common/counterexample.js';
import { ExpressionTranslator } from '../common/expressions.js';
import { SymbolicExecutor, type Path } from '../common/ssa.js';
import { collectVariables, safeAssumptions } from '../common/variables.js';
import type { EmitContext, EmitResult, Encoder, EncoderContext, EncodingOptions, SolveOutcome } from '../encoder.js';
import type { Budget } from '../kernel/budget.js';
import { confirmModel } from '../kernel/confirm.js';
import { flagOption, integerOption, optionValue } from '../kernel/options.js';
import { solverUnknown } from '../kernel/reasons.js';

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
 * Extra ways around a loop, for encodings built on bmc: at each unrolled iteration whose condition
 * holds, `paths` returns paths from the loop head back to the loop head (each may stand for several
 * iterations) and the extra guard under which the ordinary body is taken instead; the guards must
 * exclude each other (the executor merges with ite).
 */
export type ExtraLoopPaths = (loop: LoopStatement, entry: Path, executor: SymbolicExecutor) => {
  readonly bodyGuard: Term;
  readonly paths: readonly Path[];
};

export interface BmcBuildOptions {
  readonly extraLoopPaths?: ExtraLoopPaths;
  /** keep array terms inline instead of naming them by constants (for read-over-write reduction) */
  readonly inlineArrays?: boolean;
  /**
   * a nonlinear script under AUFNIRA rather than QF_AUFNIA: z3 then runs its general core, which
   * proves the polynomial identities of closed forms (sums of inner loops) at once, where its QF_NIA
   * strategy may take seconds (induct's loop-free queries: 36 ms against 4.6 s for one step)
   */
  readonly generalCore?: boolean;
}

export function buildBmcEncoding(
  program: Program, unwind: number, semantics: Semantics, build: BmcBuildOptions = {},
): BmcEncoding {
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
    inlineLimit: 0, loop: unrollLoop, namePrefix: '', inlineArrays: build.inlineArrays === true,
  });
  executor.useUninterpretedFunctions(functions);
  executor.executeBlock(program.body, { guard: trueTerm, state: executor.initialState() });
  // constant arrays (initial contents, fills) are outside the QF_AUF* logics: use ALL then
  const usesConstantArrays = executor.definitions.some((term) => containsConstantArray(term))
    || executor.violations.some((violation) => containsConstantArray(violation.condition));
  const nonlinearLogic = build.generalCore === true ? 'AUFNIRA' : 'QF_AUFNIA';
  const logic = usesConstantArrays ? 'ALL' : semantics === 'bv' ? 'QF_AUFBV' : translator.nonlinear ? nonlinearLogic : 'QF_AUFLIA';
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

function header(program: Program, settings: BmcSettings, withUnwinding: boolean): string[] {
  return [
    `bmc encoding of ${program.file} (${settings.semantics} semantics, unwind ${settings.unwind})`,
    withUnwinding
      ? 'sat: an assertion can fail within the unwinding, or some loop needs more iterations than the unwinding'
      : 'sat: an assertion can fail within the unwinding (a candidate counterexample; replay it)',
    withUnwinding
      ? 'unsat: no assertion can fail (the program is safe)'
      : 'unsat: no assertion can fail on paths within the unwinding (longer paths were cut)',
  ];
}

export const unwindOption = integerOption({
  name: 'unwind', valueName: 'k', minimum: 0, defaultValue: 10,
  help: 'loop unwinding depth of bounded model checking',
});
export const unwindingAssertionsOption = flagOption({
  name: 'unwinding-assertions', help: 'prove that the unwinding suffices for every loop, which allows SAFE',
});

/** what one bmc check needs */
export interface BmcSettings {
  readonly semantics: Semantics;
  readonly unwind: number;
  readonly unwindingAssertions: boolean;
  /** see BmcBuildOptions.generalCore */
  readonly generalCore?: boolean;
}

function settingsOf(options: EncodingOptions): BmcSettings {
  return { semantics: options.semantics, unwind: optionValue(options, unwindOption), unwindingAssertions: optionValue(options, unwindingAssertionsOption) };
}

export const bmcEncoder: Encoder = {
  name: 'bmc',
  summary: 'bounded model checking: every loop unrolled --unwind times',
  approximation: 'exact-bounded',
  options: [unwindOption, unwindingAssertionsOption],
  emitUsesSolver: false,
  canProveSafe: (options) => optionValue(options, unwindingAssertionsOption),
  async emit(program: Program, context: EmitContext): Promise<EmitResult> {
    const settings = settingsOf(context.options);
    const encoding = buildBmcEncoding(program, settings.unwind, settings.semantics);
    const goal = settings.unwindingAssertions ? or(encoding.property, encoding.unwindingViolation) : encoding.property;
    return { kind: 'emitted', artefacts: [{ suffix: '.bmc.smt2', content: bmcScript(encoding, goal, header(program, settings, settings.unwindingAssertions)) }] };
  },
  async solve(program: Program, context: EncoderContext): Promise<SolveOutcome> {
    const result = await solveBmc(program, settingsOf(context.options), context.solver, context.budget);
    return result.outcome;
  },
};

export interface BmcResult {
  readonly outcome: SolveOutcome;
  /** the size of the formula (constants), for callers that deepen the unwinding */
  readonly constants: number;
}

export async function solveBmc(program: Program, settings: BmcSettings, solver: Solver, budget: Budget): Promise<BmcResult> {
  const times: Record<string, number> = {};
  let start = performance.now();
  const encoding = buildBmcEncoding(program, settings.unwind, settings.semantics, { generalCore: settings.generalCore === true });
  const request = counterexampleRequest(encoding.executor.havocs, encoding.executor.arrayHavocs, settings.semantics);
  times.encode = performance.now() - start;
  const constants = encoding.executor.constants.length;
  const details: Record<string, unknown> = {
    unwind: settings.unwind,
    constants,
    assertions: encoding.executor.definitions.length,
    inexact: encoding.inexactReasons,
  };
  const done = (verdict: Verdict): BmcResult => ({ outcome: { verdict, times, details }, constants });

  start = performance.now();
  // the solver asks for the model values only after a sat answer (solver.ts)
  const propertyScript = bmcScript(encoding, encoding.property, header(program, settings, false));
  const result = await solver.checkScript(propertyScript, { timeoutMilliseconds: budget.solverTimeout(), valuesOf: request.terms });
  times.solve = performance.now() - start;
  switch (result.kind) {
    case 'unknown':
      return done({ kind: 'unknown', reason: solverUnknown('bmc', result) });
    case 'sat': {
      start = performance.now();
      const confirmation = confirmModel(program, request, result.values ?? [], { semantics: settings.semantics, budget });
      times.replay = performance.now() - start;
      if (confirmation.kind === 'confirmed') return done(confirmation.verdict);
      return done({ kind: 'unknown', reason: { ...confirmation.reason, message: `bmc: ${confirmation.reason.message}` } });
    }
    case 'unsat':
      break;
    default: {
      const never: never = result;
      throw new Error(`unknown solver result ${JSON.stringify(never)}`);
    }
  }
  if (!settings.unwindingAssertions) {
    return done(unknownVerdict('resourceLimit', `bmc: no violation within ${settings.unwind} unwindings`));
  }
  if (encoding.unwindingViolation.kind === 'boolConstant' && !encoding.unwindingViolation.value) {
    return done({ kind: 'safe', assumptions: safeAssumptions(settings.semantics) });
  }
  start = performance.now();
  const unwinding = await solver.checkScript(bmcScript(encoding, encoding.unwindingViolation, header(program, settings, true)), {
    timeoutMilliseconds: budget.solverTimeout(),
  });
  times.unwindingCheck = performance.now() - start;
  switch (unwinding.kind) {
    case 'unsat':
      return done({ kind: 'safe', assumptions: safeAssumptions(settings.semantics) });
    case 'sat':
      return done(unknownVerdict('resourceLimit', `bmc: no violation within ${settings.unwind} unwindings, but some loop can run longer`));
    case 'unknown': {
      const reason = solverUnknown(`bmc: no violation within ${settings.unwind} unwindings; unwinding check`, unwinding);
      return done({ kind: 'unknown', reason });
    }
    default: {
      const never: never = unwinding;
      throw new Error(`unknown solver result ${JSON.stringify(never)}`);
    }
  }
}
