// One bounded check of a program (the unrolled formula of symbolic/unroll.ts) with the kernel's
// budget and replay: the check bmc makes, and the step of the kernel's counterexample search
// (search.ts) that every encoding without concrete runs of its own calls.
//
// Property query: some assert is reached with a false condition within the unwinding. Paths that need
// more than `unwind` iterations of a loop are cut, so `unsat` alone means only "no violation within
// K unwindings" (UNKNOWN). With unwinding assertions a second query asks whether some path reaches
// iteration K+1 of a loop; both unsat gives SAFE. `sat` gives a model from which the havoc choices
// are read back in program order; the counterexample is replayed on the interpreter and only a
// failing assertion in the replay gives UNSAFE.
//
// Soundness assumptions of SAFE: see symbolic/variables.ts `safeAssumptions` (int semantics: no
// overflow; arrays are total maps; runs stop at a division by zero).

import type { Program, Semantics } from '../ir/types.js';
import type { Solver } from '../solvers/solver.js';
import { unknownVerdict, type Verdict } from '../verdict.js';
import { counterexampleRequest } from '../symbolic/counterexample.js';
import { unrolledScript, unrollProgram } from '../symbolic/unroll.js';
import { safeAssumptions } from '../symbolic/variables.js';
import type { SolveOutcome } from './encoder.js';
import type { Budget } from './budget.js';
import { confirmModel } from './confirm.js';
import { OutcomeRecorder } from './outcome.js';
import { solverUnknown } from './reasons.js';

/** what one bmc check needs */
export interface BoundedSettings {
  readonly semantics: Semantics;
  readonly unwind: number;
  readonly unwindingAssertions: boolean;
  /** see UnrollOptions.generalCore */
  readonly generalCore?: boolean;
}

/** the header comments of a bounded script */
export function boundedHeader(program: Program, settings: BoundedSettings, withUnwinding: boolean): string[] {
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

export interface BoundedCheckResult {
  readonly outcome: SolveOutcome;
  /** the size of the formula (constants), for callers that deepen the unwinding */
  readonly constants: number;
}

export async function checkBounded(
  program: Program,
  settings: BoundedSettings,
  solver: Solver,
  budget: Budget,
): Promise<BoundedCheckResult> {
  const recorder = new OutcomeRecorder();
  const encoding = recorder.measure('encode', () =>
    unrollProgram(program, settings.unwind, settings.semantics, { generalCore: settings.generalCore === true }),
  );
  const request = recorder.measure('encode', () =>
    counterexampleRequest(encoding.executor.havocs, encoding.executor.arrayHavocs, settings.semantics),
  );
  const constants = encoding.executor.constants.length;
  Object.assign(recorder.details, {
    unwind: settings.unwind,
    constants,
    assertions: encoding.executor.definitions.length,
    inexact: encoding.inexactReasons,
  });
  const done = (verdict: Verdict): BoundedCheckResult => ({ outcome: recorder.done(verdict), constants });

  // the solver asks for the model values only after a sat answer (solver.ts)
  const propertyScript = unrolledScript(encoding, encoding.property, boundedHeader(program, settings, false));
  const result = await recorder.timed('solve', () =>
    solver.checkScript(propertyScript, { timeoutMilliseconds: budget.solverTimeout(), valuesOf: request.terms }),
  );
  switch (result.kind) {
    case 'unknown':
      return done({ kind: 'unknown', reason: solverUnknown('bmc', result) });
    case 'sat': {
      const confirmation = recorder.measure('replay', () =>
        confirmModel(program, request, result.values ?? [], { semantics: settings.semantics, budget }),
      );
      if (confirmation.kind === 'confirmed') return done(confirmation.verdict);
      return done({
        kind: 'unknown',
        reason: { ...confirmation.reason, message: `bmc: ${confirmation.reason.message}` },
      });
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
  const unwinding = await recorder.timed('unwindingCheck', () =>
    solver.checkScript(unrolledScript(encoding, encoding.unwindingViolation, boundedHeader(program, settings, true)), {
      timeoutMilliseconds: budget.solverTimeout(),
    }),
  );
  switch (unwinding.kind) {
    case 'unsat':
      return done({ kind: 'safe', assumptions: safeAssumptions(settings.semantics) });
    case 'sat':
      return done(
        unknownVerdict(
          'resourceLimit',
          `bmc: no violation within ${settings.unwind} unwindings, but some loop can run longer`,
        ),
      );
    case 'unknown': {
      const reason = solverUnknown(
        `bmc: no violation within ${settings.unwind} unwindings; unwinding check`,
        unwinding,
      );
      return done({ kind: 'unknown', reason });
    }
    default: {
      const never: never = unwinding;
      throw new Error(`unknown solver result ${JSON.stringify(never)}`);
    }
  }
}
