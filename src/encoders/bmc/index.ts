// Bounded model checking: every loop is unrolled `unwind` times into one SSA formula (symbolic
// execution with path guards, ite-merges at joins, break/continue as guarded paths). The formula
// size is O(unwind * body) per loop nesting level, independent of the program's loop bounds.
//
// The encoder is thin: the unrolled formula is symbolic/unroll.ts, the check with its replay is
// kernel/bounded-check.ts (shared with the kernel's counterexample search).
//
// Property query: some assert is reached with a false condition within the unwinding. Paths that need
// more than `unwind` iterations of a loop are cut, so `unsat` alone means only "no violation within
// K unwindings" (UNKNOWN), unless every loop is unrolled completely (constant bounds within the
// unwinding), when it gives SAFE. With unwinding assertions a second query asks whether some path
// reaches iteration K+1 of a loop; both unsat gives SAFE. `sat` gives a model from which the havoc
// choices are read back in program order; the counterexample is replayed on the interpreter and only
// a failing assertion in the replay gives UNSAFE. `--emit` writes the queries the solve asks, in its
// order: NAME.bmc.smt2 (the property) and, where a second query is asked, NAME.bmc-unwinding.smt2.
//
// Soundness assumptions of SAFE: see symbolic/variables.ts `safeAssumptions` (int semantics: no
// overflow; arrays are total maps; runs stop at a division by zero). Havoc'd arrays are
// unconstrained in int semantics (an over-approximation: cells may hold values outside the element
// type); int-mode operators without an exact encoding are uninterpreted functions (over-approximation).

import type { Program } from '../../ir/types.js';
import { boundedQueries, checkBounded, type BoundedSettings } from '../../kernel/bounded-check.js';
import type {
  EmitContext,
  EmitResult,
  EmittedArtefact,
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
  // SAFE where the unrolling is complete, by construction or by the unwinding assertions' query
  canProveSafe: () => true,
  async emit(program: Program, context: EmitContext): Promise<EmitResult> {
    // the queries checkBounded asks, in its order: the property, then the unwinding assertions
    const queries = boundedQueries(program, settingsOf(context.options));
    const artefacts: EmittedArtefact[] = [{ suffix: '.bmc.smt2', content: queries.property }];
    if (queries.unwinding !== undefined) artefacts.push({ suffix: '.bmc-unwinding.smt2', content: queries.unwinding });
    return { kind: 'emitted', artefacts };
  },
  async solve(program: Program, context: EncoderContext): Promise<SolveOutcome> {
    const result = await checkBounded(program, settingsOf(context.options), context.solver, context.budget);
    return result.outcome;
  },
};
