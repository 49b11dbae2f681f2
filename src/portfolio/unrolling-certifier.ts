// The unrolling certifier as the kernel runs it (an encoder that is not in the registry: the
// portfolio's certificate step runs it after a SAFE, certificate.ts): where every loop of the program
// has a constant bound, the states of its complete unrolling at each loop head, stated as that
// head's invariant (certificates/unrolled-invariants.ts), are its claim; the kernel's checker
// (kernel/certify.ts) confirms them against the program's own Horn clauses or not. It is the
// certificate of bmc's SAFE from a complete unrolling (bmc itself hands none, so that a `verify`
// that asks for no certificate pays nothing for it).
//
// It declares `needsOriginalLoops`: the passes that rewrite folds and sums (permuted reductions,
// tracked sums), whose certificates are lost, leave its program alone, so a reduction repeated
// after a permutation is certified on the program's own two folds.
//
// Programs with a loop that analysis/constant-trip-counts.ts finds no constant number of rounds for
// are refused at once (scheduling only: such an unrolling would seldom end, and would take the time
// of the certifiers after it).
//
// Soundness of its SAFE: none of its own. The claim requires the check (checkRequired: a SAFE whose
// certificate the checker does not confirm is UNKNOWN) and is a candidate (a refuted one is no
// certificate, and leaves the SAFE of the stage it certifies as it was). It never searches for
// counterexamples and writes no files.

import { performance } from 'node:perf_hooks';
import { largestConstantTripCount } from '../analysis/constant-trip-counts.js';
import { allFormsModelled } from '../analysis/control-flow-forms.js';
import { unrolledInvariants } from '../certificates/unrolled-invariants.js';
import type { Encoder } from '../kernel/encoder.js';
import { safeAssumptions } from '../symbolic/variables.js';
import { unknownVerdict } from '../verdict.js';

export const unrollingCertifier: Encoder = {
  name: 'unrolling',
  summary:
    'the states of a complete unrolling (every loop of constant bound) as loop invariants: a certifier of SAFE verdicts',
  approximation: 'over',
  options: [],
  emitUsesSolver: false,
  controlFlow: allFormsModelled,
  needsOriginalLoops: true,
  emit: async () => ({ kind: 'unsupported', reason: 'unrolling writes no files' }),
  solve: async (program, context) => {
    const started = performance.now();
    // a cheap look first: a program with a loop of no constant bound is refused before any unrolling
    // (an unrolling to the limit on such a program took the time of the certifiers after it)
    if (largestConstantTripCount(program) === undefined)
      return {
        verdict: unknownVerdict('unsupported', 'unrolling: not every loop runs a constant number of rounds'),
        times: { unroll: performance.now() - started },
        details: {},
      };
    const built = unrolledInvariants(program, context.options.semantics);
    const times = { unroll: performance.now() - started };
    if (built.kind === 'refused')
      return { verdict: unknownVerdict('unsupported', `unrolling: ${built.reason}`), times, details: {} };
    return {
      verdict: {
        kind: 'safe',
        assumptions: [...safeAssumptions(context.options.semantics), 'the certificate of a complete unrolling'],
      },
      times,
      details: { snapshots: built.snapshots, characters: built.characters },
      certificateClaim: {
        kind: 'model',
        invariants: built.invariants,
        source: 'complete unrolling',
        candidate: true,
        checkRequired: true,
      },
    };
  },
};
