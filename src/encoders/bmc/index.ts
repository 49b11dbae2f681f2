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
// With --deepen, an unknown answer of the first unwinding that only says "no violation within K"
// (kernel/search.ts) is followed by unwindings at 2K, 4K, … within the budget; each step is the same
// bounded check, so a SAFE still needs a complete unrolling and an UNSAFE a replayed counterexample.
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
import { searchCounterexample, searchFailure } from '../../kernel/search.js';
import { bmcDeclaration, deepenOption, unwindOption, unwindingAssertionsOption } from './declaration.js';
export { deepenOption, unwindOption, unwindingAssertionsOption } from './declaration.js';

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
    const settings = settingsOf(context.options);
    const result = await checkBounded(program, settings, context.solver, context.budget);
    if (!optionValue(context.options, deepenOption)) return result.outcome;
    return deepened(program, settings, context, result.outcome);
  },
};

/**
 * After a first unwinding that found no bug and proved nothing (`resourceLimit`: the unrolling was
 * cut), the kernel's search from twice that depth on, in what is left of the budget.
 */
async function deepened(
  program: Program,
  settings: BoundedSettings,
  context: EncoderContext,
  first: SolveOutcome,
): Promise<SolveOutcome> {
  const verdict = first.verdict;
  if (verdict.kind !== 'unknown' || verdict.reason.kind !== 'resourceLimit' || context.budget.expired()) return first;
  const search = await searchCounterexample(
    program,
    settings.semantics,
    context.solver,
    context.budget,
    Math.max(1, settings.unwind) * 2,
  );
  const times = { ...first.times, deepen: search.milliseconds };
  switch (search.kind) {
    case 'found':
    case 'exhausted':
      return { verdict: search.verdict, times, details: { ...first.details, deepenedTo: search.unwind } };
    case 'notFound':
      return {
        verdict: {
          kind: 'unknown',
          reason: searchFailure(`bmc: deepened from ${settings.unwind}`, search, 'resourceLimit'),
        },
        times,
        details: { ...first.details, deepenedTo: Math.max(settings.unwind, search.triedUnwind) },
      };
    default: {
      const never: never = search;
      throw new Error(`unknown search result ${JSON.stringify(never)}`);
    }
  }
}
