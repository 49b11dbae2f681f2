// Bounded model checking: every loop is unrolled `unwind` times into one SSA formula (symbolic
// execution with path guards, ite-merges at joins, break/continue as guarded paths). The formula
// size is O(unwind * body) per loop nesting level, independent of the program's loop bounds.
//
// The encoder is thin: the unrolled formula is symbolic/unroll.ts, the check with its replay is
// kernel/bounded-check.ts (shared with the kernel's counterexample search).
//
// Property query: some assert is reached with a false condition within the unwinding. Paths that need
// more than `unwind` iterations of a loop are cut, so `unsat` alone means only "no violation within
// K unwindings" (UNKNOWN). With unwinding assertions a second query asks whether some path reaches
// iteration K+1 of a loop; both unsat gives SAFE. `sat` gives a model from which the havoc choices
// are read back in program order; the counterexample is replayed on the interpreter and only a
// failing assertion in the replay gives UNSAFE.
//
// Soundness assumptions of SAFE: see symbolic/variables.ts `safeAssumptions` (int semantics: no
// overflow; arrays are total maps; runs stop at a division by zero). Havoc'd arrays are
// unconstrained in int semantics (an over-approximation: cells may hold values outside the element
// type); int-mode operators without an exact encoding are uninterpreted functions (over-approximation).

import type { Program } from '../../ir/types.js';
import { or } from '../../smt/terms.js';
import { unrolledScript, unrollProgram } from '../../symbolic/unroll.js';
import { checkBounded, boundedHeader, type BoundedSettings } from '../../kernel/bounded-check.js';
import type {
  EmitContext,
  EmitResult,
  Encoder,
  EncoderContext,
  EncodingOptions,
  SolveOutcome,
} from '../../kernel/encoder.js';
import { optionValue } from '../../kernel/options.js';
import { bmcDeclaration, unwindOption, unwindingAssertionsOption } from './declaration.js';
export { unwindOption, unwindingAssertionsOption } from './declaration.js';

function settingsOf(options: EncodingOptions): BoundedSettings {
  return {
    semantics: options.semantics,
    unwind: optionValue(options, unwindOption),
    unwindingAssertions: optionValue(options, unwindingAssertionsOption),
  };
}

export const bmcEncoder: Encoder = {
  ...bmcDeclaration,
  canProveSafe: (options) => optionValue(options, unwindingAssertionsOption),
  async emit(program: Program, context: EmitContext): Promise<EmitResult> {
    const settings = settingsOf(context.options);
    const encoding = unrollProgram(program, settings.unwind, settings.semantics);
    const goal = settings.unwindingAssertions ? or(encoding.property, encoding.unwindingViolation) : encoding.property;
    return {
      kind: 'emitted',
      artefacts: [
        {
          suffix: '.bmc.smt2',
          content: unrolledScript(encoding, goal, boundedHeader(program, settings, settings.unwindingAssertions)),
        },
      ],
    };
  },
  async solve(program: Program, context: EncoderContext): Promise<SolveOutcome> {
    const result = await checkBounded(program, settingsOf(context.options), context.solver, context.budget);
    return result.outcome;
  },
};
