// The template certifier as the kernel runs it (an encoder that is not in the registry: neither the
// command line nor the portfolio's stages see it, only the certificate step, certificate.ts): it
// proves SAFE only when guessed invariants (certificates/templates.ts) have an inductive subset that
// proves every query (certificates/houdini.ts), and hands that subset back as its certificate, which
// the kernel checks with the independent checker like any other (kernel/certify.ts). Otherwise it
// answers UNKNOWN with why; it never searches for counterexamples (a certifier runs after a SAFE).
//
// Approximation: over (a model of the program's clauses proves them safe); it writes no files.

import { performance } from 'node:perf_hooks';
import { allFormsModelled } from '../analysis/control-flow-forms.js';
import { searchInvariants } from '../certificates/houdini.js';
import type { Encoder } from '../kernel/encoder.js';
import { safeAssumptions } from '../symbolic/variables.js';
import { unknownVerdict } from '../verdict.js';

export const templateCertifier: Encoder = {
  name: 'templates',
  summary: 'guessed loop invariants, their inductive subset (Houdini): a certifier of SAFE verdicts',
  approximation: 'over',
  options: [],
  emitUsesSolver: false,
  controlFlow: allFormsModelled,
  emit: async () => ({ kind: 'unsupported', reason: 'templates writes no files: it is a certifier' }),
  solve: async (program, context) => {
    const started = performance.now();
    const result = await searchInvariants(program, context.options.semantics, context.solver, {
      timeoutMilliseconds: context.budget.remaining(),
      ...(context.budget.signal === undefined ? {} : { signal: context.budget.signal }),
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
      certificateClaim: result.claim,
    };
  },
};
