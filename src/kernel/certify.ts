// The kernel's side of certificates: after a SAFE, the invariants an encoder handed back (its
// `certificate` claim) become a certificate of the program the encoder got, if every program pass
// in front of it keeps certificates (transforms.ts, `certificate` of each way back), and are
// checked by the independent checker (certificates/check.ts) with the run's solver and cvc5 when it
// is installed. The encoder's word is not taken: the kernel names the program (the one it handed
// the encoder) and the checker builds that program's clauses itself.
//
// Time: the check gets what is left of the run's budget, and at least `minimumCheckMilliseconds`
// (a SAFE found at the end of the budget is still checked, so a run may end up to that much
// later; the portfolio asks for less, to end within a second of its --timeout); an aborted run
// (the portfolio's other lane decided) checks nothing.
//
// A certificate that a solver refutes (a clause the invariants do not satisfy) turns the SAFE into
// UNKNOWN (run-encoding.ts): the encoding's proof and the checker disagree, and neither is trusted.
// Except a candidate (CertificateClaim.candidate: invariants carried over from a model of other
// clauses by a mapping that may ask too much, witness's): refuted, it is no certificate (`none`,
// naming the clause) and the SAFE stays as it would without one.

import { BudgetExhausted } from '../budget-check.js';
import type { Certificate, CertificateClaim } from '../certificates/certificate.js';
import { checkCertificate, secondOpinion, type CertificateCheck } from '../certificates/check.js';
import type { Program, Semantics } from '../ir/types.js';
import type { Solver } from '../solvers/solver.js';
import type { Budget } from './budget.js';
import type { AppliedTransform } from './transforms.js';

/** the least time a certificate's check gets, even when the run's budget is spent */
export const minimumCheckMilliseconds = 1_000;

/** what became of a SAFE's certificate */
export type CertificateStatus =
  (CertificateCheck & { readonly certificate: Certificate }) | { readonly kind: 'none'; readonly reason: string };

export interface CertifyRequest {
  readonly encoderName: string;
  readonly claim: CertificateClaim | undefined;
  /** the program the encoder got and its semantics */
  readonly program: Program;
  readonly semantics: Semantics;
  readonly applied: readonly AppliedTransform[];
  readonly solver: Solver;
  readonly budget: Budget;
  /** the least time the check gets (default `minimumCheckMilliseconds`) */
  readonly minimumCheckMilliseconds?: number;
}

/** the certificate of a SAFE (see the header) */
export async function certify(request: CertifyRequest): Promise<CertificateStatus> {
  const { claim } = request;
  if (claim === undefined) return { kind: 'none', reason: `${request.encoderName} gives no certificate` };
  if (claim.kind === 'none') return claim;
  const lost = request.applied.find((applied) => applied.back.certificate.kind === 'lost');
  if (lost !== undefined && lost.back.certificate.kind === 'lost')
    return { kind: 'none', reason: lost.back.certificate.reason };
  const certificate: Certificate = {
    program: request.program,
    semantics: request.semantics,
    invariants: claim.invariants,
    source: claim.source,
  };
  if (request.budget.signal?.aborted === true)
    return { kind: 'unchecked', reason: 'the run was stopped before its check', certificate };
  const cvc5 = request.solver.name === 'cvc5' ? undefined : secondOpinion();
  try {
    const check = await checkCertificate(certificate, cvc5 === undefined ? [request.solver] : [request.solver, cvc5], {
      timeoutMilliseconds: Math.max(
        request.budget.remaining(),
        request.minimumCheckMilliseconds ?? minimumCheckMilliseconds,
      ),
      ...(request.budget.signal === undefined ? {} : { signal: request.budget.signal }),
    });
    if (check.kind === 'failed' && claim.candidate === true)
      return {
        kind: 'none',
        reason: `${claim.source}'s invariants, carried to the program's clauses, do not satisfy clause ${check.clause.index} of ${check.clause.of} (${check.clause.comment}) for ${check.solver}`,
      };
    return { ...check, certificate };
  } catch (error) {
    if (!(error instanceof BudgetExhausted)) throw error;
    return { kind: 'unchecked', reason: `no time left (${error.phase})`, certificate };
  } finally {
    await cvc5?.dispose();
  }
}

/** the status in one line for people: `checked (N invariants, K clauses; z3, cvc5)`, `none (why)`, … */
export function describeCertificate(status: CertificateStatus): string {
  switch (status.kind) {
    case 'checked':
      return `checked (${status.invariants} ${status.invariants === 1 ? 'invariant' : 'invariants'}, ${status.clauses} ${status.clauses === 1 ? 'clause' : 'clauses'}; ${status.solvers.join(', ')})`;
    case 'failed':
      return `failed: clause ${status.clause.index} of ${status.clause.of} (${status.clause.comment}) does not hold for ${status.solver}`;
    case 'unchecked':
      return `unchecked (${status.reason})`;
    case 'none':
      return `none (${status.reason})`;
    default: {
      const never: never = status;
      throw new Error(`unknown certificate status ${JSON.stringify(never)}`);
    }
  }
}
