// The template certifier and the template prover as the kernel runs them (encoders that are not in
// the registry: the command line does not offer them; the certifier runs in the portfolio's
// certificate step, certificate.ts, the prover as a stage of the portfolio, index.ts): both answer
// SAFE only when guessed invariants (certificates/templates.ts, fitted-guesses.ts) have an inductive
// subset that proves every query (certificates/houdini.ts), and hand that subset back as their
// certificate, which the kernel checks with the independent checker like any other
// (kernel/certify.ts). Otherwise they answer UNKNOWN with why; they never search for counterexamples.
//
// The two differ in what a refuted certificate means. The certifier runs after another encoding's
// SAFE: its claim is a candidate, so a clause the checker refutes makes it no certificate and leaves
// that SAFE alone. The prover's SAFE is its own: its claim is not a candidate and requires the check
// (CertificateClaim.checkRequired), so a certificate that the checker does not confirm (refuted,
// out of time, lost by a program pass) turns its SAFE into UNKNOWN (run-encoding.ts): Houdini's
// answers come from a solver kept across questions, whose state once leaked between them
// (z3-wasm's values), and the checker's fresh solvers are what the SAFE stands on.
//
// Soundness of the prover's SAFE: Houdini ends `found` only when, with the final guesses, the
// solver answered unsat for every clause of the program's exact Horn clauses (each clause that
// defines a loop head preserves them, in a round that dropped nothing, and each query is unsat
// under them): the guesses are then an inductive invariant that implies every assertion, in the
// semantics the kernel gave (`c`: integers with the wrap checks, analysis/wrap-checks.ts). The
// independent checker asks again, clause by clause, with z3 and cvc5.
// Approximation: over (a model of the program's clauses proves them safe); it writes no files.

import { performance } from 'node:perf_hooks';
import { allFormsModelled } from '../analysis/control-flow-forms.js';
import { searchInvariants } from '../certificates/houdini.js';
import { templateSearches } from '../certificates/search-progress.js';
import type { Encoder } from '../kernel/encoder.js';
import { safeAssumptions } from '../symbolic/variables.js';
import { unknownVerdict } from '../verdict.js';

/** certifier: after another encoding's SAFE (its claim a candidate); prover: a stage of its own */
type TemplateRole = 'certifier' | 'prover';

function templateEncoder(role: TemplateRole): Encoder {
  return {
    name: 'templates',
    summary:
      role === 'certifier'
        ? 'guessed loop invariants, their inductive subset (Houdini): a certifier of SAFE verdicts'
        : 'guessed loop invariants, their inductive subset (Houdini): a proof when it implies every assertion',
    approximation: 'over',
    options: [],
    emitUsesSolver: false,
    controlFlow: allFormsModelled,
    emit: async () => ({ kind: 'unsupported', reason: 'templates writes no files' }),
    solve: async (program, context) => {
      const started = performance.now();
      const result = await searchInvariants(program, context.options.semantics, context.solver, {
        timeoutMilliseconds: context.budget.remaining(),
        ...(context.budget.signal === undefined ? {} : { signal: context.budget.signal }),
        ...(context.memory === undefined ? {} : { searches: context.memory.slot(templateSearches) }),
      });
      const times = { search: performance.now() - started };
      const details = { queries: result.queries };
      if (result.kind !== 'found')
        return {
          verdict: unknownVerdict(result.kind === 'timeout' ? 'timeout' : 'imprecise', `templates: ${result.reason}`),
          times,
          details,
        };
      return {
        verdict: { kind: 'safe', assumptions: safeAssumptions(context.options.semantics) },
        times,
        details,
        certificateClaim:
          role === 'certifier' ? result.claim : { ...result.claim, candidate: false, checkRequired: true },
      };
    },
  };
}

export const templateCertifier: Encoder = templateEncoder('certifier');
export const templateProver: Encoder = templateEncoder('prover');
