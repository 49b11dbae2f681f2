// One bounded check of a program (the unrolled formula of symbolic/unroll.ts) with the kernel's
// budget and replay: the check bmc makes, and the step of the kernel's counterexample search
// (search.ts) that every encoding without concrete runs of its own calls.
//
// Property query: some assert is reached with a false condition within the unwinding. Paths that need
// more than `unwind` iterations of a loop are cut, so `unsat` alone means only "no violation within
// K unwindings" (UNKNOWN), unless the unrolling is complete: no path can reach iteration K+1 of any
// loop by the unroller's own construction (every loop's bound a constant within the unwinding), when
// `unsat` gives SAFE with no second query, whatever the unwinding-assertion setting (the cheapest proof
// there is: a program whose loops run 8 times each is proven by one query at unwind 10). Otherwise,
// with unwinding assertions a second query asks whether some path reaches iteration K+1 of a loop;
// both unsat gives SAFE. `sat` gives a model from which the havoc choices
// are read back in program order; the counterexample is replayed on the interpreter and only a
// failing assertion in the replay gives UNSAFE. `boundedQueries` builds both scripts, in that order:
// what `checkBounded` asks is what the encodings built on it (bmc, labmc, induct) write with --emit.
//
// Soundness assumptions of SAFE: see symbolic/variables.ts `safeAssumptions` (int semantics: no
// overflow; arrays are total maps; runs stop at a division by zero).

import type { Program, Semantics } from '../ir/types.js';
import type { Solver } from '../solvers/solver.js';
import { unknownVerdict, type Verdict } from '../verdict.js';
import { counterexampleRequest } from '../symbolic/counterexample.js';
import { unrolledScript, unrollProgram, type UnrolledProgram } from '../symbolic/unroll.js';
import type { SmtScript } from '../smt/terms.js';
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
}

/** which query of a bounded check a script is: the property, or the unwinding assertions asked after it */
export type BoundedQueryRole = 'property' | 'unwinding';

/** the header comments of a bounded script: what its answers mean (`followed`: an unwinding query comes after it) */
export function boundedHeader(
  program: Program,
  settings: BoundedSettings,
  role: BoundedQueryRole,
  followed = false,
): string[] {
  const title = `bmc encoding of ${program.file} (${settings.semantics} semantics, unwind ${settings.unwind})`;
  if (role === 'unwinding')
    return [
      `${title}: the unwinding assertions, asked after the property query was unsat`,
      `sat: some loop can run more than ${settings.unwind} iterations (the unwinding is not enough: UNKNOWN)`,
      `unsat: ${settings.unwind} unwindings suffice; with the property query unsat, no assertion can fail (the program is safe)`,
    ];
  return [
    title,
    'sat: an assertion can fail within the unwinding (a candidate counterexample; replay it)',
    followed
      ? 'unsat: no assertion can fail on paths within the unwinding; safe if the unwinding query after it is unsat too'
      : 'unsat: no assertion can fail on paths within the unwinding (longer paths were cut)',
  ];
}

/**
 * The queries of one bounded check, in the order `checkBounded` asks them: the property, then (with
 * unwinding assertions, when the unrolling is not complete) the unwinding assertions, asked only
 * after the property was unsat. The one source of the scripts that `checkBounded` solves and that
 * the encodings built on it write with `--emit`.
 */
export interface BoundedQueries {
  readonly encoding: UnrolledProgram;
  readonly property: SmtScript;
  /** absent when no such query is asked: no unwinding assertions, or a complete unrolling */
  readonly unwinding: SmtScript | undefined;
  /** every loop was unrolled completely: the property's unsat alone is SAFE */
  readonly complete: boolean;
}

export function boundedQueries(program: Program, settings: BoundedSettings): BoundedQueries {
  const encoding = unrollProgram(program, settings.unwind, settings.semantics);
  const complete = encoding.unwindingViolation.kind === 'boolConstant' && !encoding.unwindingViolation.value;
  const asksUnwinding = settings.unwindingAssertions && !complete;
  return {
    encoding,
    property: unrolledScript(encoding, encoding.property, boundedHeader(program, settings, 'property', asksUnwinding)),
    unwinding: asksUnwinding
      ? unrolledScript(encoding, encoding.unwindingViolation, boundedHeader(program, settings, 'unwinding'))
      : undefined,
    complete,
  };
}

export interface BoundedCheckResult {
  readonly outcome: SolveOutcome;
  /** the size of the formula (constants), for callers that deepen the unwinding */
  readonly constants: number;
}

/** SAFE from a complete unrolling whose property query was unsat */
function completeUnrollingSafe(settings: BoundedSettings): Verdict {
  return {
    kind: 'safe',
    assumptions: [...safeAssumptions(settings.semantics), `every loop fully unrolled (unwind ${settings.unwind})`],
  };
}

export async function checkBounded(
  program: Program,
  settings: BoundedSettings,
  solver: Solver,
  budget: Budget,
): Promise<BoundedCheckResult> {
  const recorder = new OutcomeRecorder();
  const queries = recorder.measure('encode', () => boundedQueries(program, settings));
  const { encoding, complete } = queries;
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
  const result = await recorder.timed('solve', () =>
    solver.checkScript(queries.property, { timeoutMilliseconds: budget.solverTimeout(), valuesOf: request.terms }),
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
  if (complete) return done(completeUnrollingSafe(settings));
  const unwindingScript = queries.unwinding;
  if (unwindingScript === undefined) {
    return done(unknownVerdict('resourceLimit', `bmc: no violation within ${settings.unwind} unwindings`));
  }
  const unwinding = await recorder.timed('unwindingCheck', () =>
    solver.checkScript(unwindingScript, { timeoutMilliseconds: budget.solverTimeout() }),
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
