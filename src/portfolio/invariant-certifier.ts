// The certifier of a correctness witness (`encode validate TASK WITNESS`, issue 41): an encoder, run
// through the kernel as the template certifier is (kernel/run-encoding.ts: the program passes, then
// the independent checker, kernel/certify.ts), that proves SAFE only when the witness's loop
// invariants are invariants and, with guesses of its own (certificates/templates.ts), prove every
// assertion. Each witness invariant is read at the loops of the program at its location
// (svcomp/invariant-expressions.ts, names as certificates/c-invariants.ts gives them) and is a
// required guess of the Houdini search (certificates/houdini.ts): the search ends `refuted` when one
// cannot be read exactly or some clause is not shown to preserve it; the certifier's own guesses are
// helpers that the search drops as it drops any guess. What it answers:
// - SAFE with the model found (a candidate certificate; the caller confirms the witness only when
//   the kernel's checker confirmed it, `checked`);
// - UNKNOWN, with the reason: an invariant that is unreadable, at no loop of the program, at a
//   do-while (C tests its condition after the body: the lowering's loop head is not C's), not
//   preserved, or too weak with the helpers to prove the assertions; or the time ran out.
//
// Approximation: over (a model of the program's clauses proves them safe); it writes no files.

import { performance } from 'node:perf_hooks';
import { allFormsModelled } from '../analysis/control-flow-forms.js';
import { cNames, type DeclarationCheck } from '../certificates/c-invariants.js';
import { searchInvariants, type LabelledGuess } from '../certificates/houdini.js';
import type { Encoder } from '../kernel/encoder.js';
import type { Program, SourceLocation } from '../ir/types.js';
import type { WitnessInvariant } from '../svcomp/correctness-reading.js';
import { readInvariant } from '../svcomp/invariant-expressions.js';
import { loopHeadPredicates } from '../symbolic/horn-clauses.js';
import { safeAssumptions } from '../symbolic/variables.js';
import { unknownVerdict } from '../verdict.js';

export interface WitnessInvariants {
  readonly invariants: readonly WitnessInvariant[];
  /** whether the program's source declares a variable under its C name (svcomp/correctness-witness.ts) */
  readonly isDeclared: DeclarationCheck;
  /** the locations of the program's do-while loops, `line:column`, as the front end lowered them */
  readonly doWhileLoops: ReadonlySet<string>;
}

/** the certifier of these invariants (see the header) */
export function invariantCertifier(witness: WitnessInvariants): Encoder {
  return {
    name: 'witness-invariants',
    summary: "a correctness witness's loop invariants, checked with guesses of our own (Houdini)",
    approximation: 'over',
    options: [],
    emitUsesSolver: false,
    controlFlow: allFormsModelled,
    emit: async () => ({ kind: 'unsupported', reason: 'witness-invariants writes no files: it is a certifier' }),
    solve: async (program, context) => {
      const started = performance.now();
      const required = requiredInvariants(program, context.options.semantics, witness);
      if (required.kind === 'unreadable')
        return { verdict: unknownVerdict('unsupported', required.reason), times: {}, details: {} };
      const result = await searchInvariants(
        program,
        context.options.semantics,
        context.solver,
        {
          timeoutMilliseconds: context.budget.remaining(),
          ...(context.budget.signal === undefined ? {} : { signal: context.budget.signal }),
        },
        { required: required.byLoop, withOwnGuesses: true },
      );
      const times = { search: performance.now() - started };
      const details = { queries: result.queries, invariants: required.count };
      if (result.kind !== 'found')
        return {
          verdict: unknownVerdict(result.kind === 'timeout' ? 'timeout' : 'imprecise', result.reason),
          times,
          details,
        };
      return {
        verdict: { kind: 'safe', assumptions: safeAssumptions(context.options.semantics) },
        times,
        details,
        certificateClaim: result.claim,
      };
    },
  };
}

type RequiredInvariants =
  | { readonly kind: 'read'; readonly byLoop: Map<number, LabelledGuess[]>; readonly count: number }
  | { readonly kind: 'unreadable'; readonly reason: string };

/** each witness invariant as a required guess at every loop of the program at its location */
function requiredInvariants(
  program: Program,
  semantics: Parameters<typeof loopHeadPredicates>[1],
  witness: WitnessInvariants,
): RequiredInvariants {
  const heads = loopHeadPredicates(program, semantics);
  const cNameAt = cNames(program, witness.isDeclared);
  const byLoop = new Map<number, LabelledGuess[]>();
  for (const invariant of witness.invariants) {
    const { line, column } = invariant.location;
    const label = `at ${line}:${column} (${JSON.stringify(invariant.value)})`;
    const at = heads.filter((head) => matches(head.loop.location, invariant.location));
    if (at.length === 0) return { kind: 'unreadable', reason: `the invariant ${label} is at no loop of the program` };
    for (const head of at) {
      if (witness.doWhileLoops.has(`${head.loop.location.line}:${head.loop.location.column}`))
        return {
          kind: 'unreadable',
          reason: `the invariant ${label} is at a do-while loop, whose head in C is not where it tests its condition`,
        };
      const live = [...head.live.scalars, ...head.live.arrays];
      const reading = readInvariant(
        invariant.value,
        (name) => {
          const named = live.filter((variable) => cNameAt(variable, head.loop) === name);
          return named.length === 1 ? named[0] : undefined;
        },
        program.dataModel,
      );
      if (reading.kind === 'unreadable')
        return { kind: 'unreadable', reason: `the invariant ${label} is not read: ${reading.reason}` };
      const guesses = byLoop.get(head.loop.id) ?? [];
      guesses.push({ guess: { kind: 'plain', condition: reading.condition }, label });
      byLoop.set(head.loop.id, guesses);
    }
  }
  return { kind: 'read', byLoop, count: witness.invariants.length };
}

/** the witness's location names the loop's keyword (a column of 0: any loop on that line) */
function matches(loop: SourceLocation, at: SourceLocation): boolean {
  return loop.line === at.line && (at.column === 0 || loop.column === at.column);
}
