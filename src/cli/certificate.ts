// What the command line says about a SAFE's certificate (kernel/certify.ts): the line
// `certificate: checked (N invariants, K clauses; z3, cvc5)` or `certificate: none (<why>)`, its
// `--json` field, the model file of `--certificate FILE` (CHC-COMP's model format, one define-fun
// per predicate of the clauses that `--emit smt2` writes for the same options), and
// `--require-certificate`, which turns a SAFE whose certificate was not checked into UNKNOWN.
// In the portfolio the certificate may come from chc, asked after another encoding's SAFE
// (portfolio/certificate.ts): the line then says `; from chc`, and --json its origin and time.

import { writeFileSync } from 'node:fs';
import { printModel } from '../certificates/certificate.js';
import { describeCertificate, type CertificateStatus } from '../kernel/certify.js';
import type { EncodingRun } from '../kernel/run-encoding.js';
import type { PortfolioRun } from '../portfolio/index.js';
import { unknownReason, type Verdict } from '../verdict.js';
import type { CommandLine } from './command-line.js';

/** what is said of a SAFE's certificate: its status, and where it came from when it was asked for */
export interface CertificateReport {
  readonly status: CertificateStatus;
  /** the stage asked for it after another's SAFE (portfolio/certificate.ts) */
  readonly askedOf?: string;
  /** the time of that asking (the certifier's runs, their checks included) */
  readonly stepMilliseconds?: number;
  /** the time of the check of the certificate reported */
  readonly checkMilliseconds?: number;
}

/** the report of one encoding's run (undefined: no SAFE, nothing to report) */
export function runCertificateReport(run: EncodingRun): CertificateReport | undefined {
  if (run.certificate === undefined) return undefined;
  const check = run.certificate.kind === 'none' ? undefined : run.times['certificateCheck'];
  return { status: run.certificate, ...(check === undefined ? {} : { checkMilliseconds: check }) };
}

/** the report of the portfolio's certificate step (undefined: no SAFE) */
export function portfolioCertificateReport(run: PortfolioRun): CertificateReport | undefined {
  const certificate = run.certificate;
  if (certificate === undefined) return undefined;
  const source = certificate.asked
    ? certificate.attempts.find((attempt) => attempt.encoding === certificate.from)?.run
    : run.attempts.find((attempt) => attempt.encoding === certificate.from)?.run;
  const check = certificate.status.kind === 'none' ? undefined : source?.times['certificateCheck'];
  return {
    status: certificate.status,
    ...(certificate.asked ? { askedOf: certificate.from } : {}),
    ...(certificate.attempts.length === 0 ? {} : { stepMilliseconds: certificate.milliseconds }),
    ...(check === undefined ? {} : { checkMilliseconds: check }),
  };
}

/** the line printed after a SAFE: `certificate: checked (…; from chc)` when chc was asked for it */
export function certificateLine(report: CertificateReport): string {
  const { status, askedOf } = report;
  const description = describeCertificate(status);
  if (askedOf === undefined) return `certificate: ${description}`;
  switch (status.kind) {
    case 'checked':
    case 'unchecked':
      return `certificate: ${description.slice(0, -1)}; from ${askedOf})`;
    case 'failed':
      return `certificate: ${description} (from ${askedOf})`;
    case 'none':
      return `certificate: ${description}`;
    default: {
      const never: never = status;
      throw new Error(`unknown certificate status ${JSON.stringify(never)}`);
    }
  }
}

/** the `certificate` field of the --json record: the status, and its origin and times */
export function certificateRecord(report: CertificateReport): Record<string, unknown> {
  return {
    ...statusRecord(report.status),
    ...(report.askedOf === undefined ? {} : { from: report.askedOf }),
    ...(report.stepMilliseconds === undefined ? {} : { stepMilliseconds: Math.round(report.stepMilliseconds) }),
    ...(report.checkMilliseconds === undefined ? {} : { checkMilliseconds: Math.round(report.checkMilliseconds) }),
  };
}

function statusRecord(status: CertificateStatus): Record<string, unknown> {
  const source = status.kind === 'none' ? {} : { source: status.certificate.source };
  switch (status.kind) {
    case 'checked':
      return {
        status: 'checked',
        invariants: status.invariants,
        clauses: status.clauses,
        solvers: status.solvers,
        ...(status.notes.length === 0 ? {} : { notes: status.notes }),
        ...source,
      };
    case 'failed':
      return { status: 'failed', clause: status.clause, solver: status.solver, ...source };
    case 'unchecked':
      return { status: 'unchecked', reason: status.reason, ...source };
    case 'none':
      return { status: 'none', reason: status.reason };
    default: {
      const never: never = status;
      throw new Error(`unknown certificate status ${JSON.stringify(never)}`);
    }
  }
}

/**
 * --certificate FILE: the model of a SAFE's certificate (checked or not: the file says which), with
 * a header naming the clauses it is a model of; nothing when there is no certificate
 */
export function writeCertificateIfAsked(
  commandLine: CommandLine,
  verdict: Verdict,
  status: CertificateStatus | undefined,
): string | undefined {
  if (commandLine.certificateFile === undefined || verdict.kind !== 'safe') return undefined;
  if (status === undefined || status.kind === 'none') {
    process.stderr.write(
      `encode: warning: no certificate written: ${status === undefined ? 'none' : describeCertificate(status)}\n`,
    );
    return undefined;
  }
  const { certificate } = status;
  const header = [
    `certificate of ${commandLine.file}: ${describeCertificate(status)}`,
    `found by ${certificate.source}; CHC-COMP's model format: one define-fun per predicate`,
    `a model of the Horn clauses of \`encode ${commandLine.file} --encoding chc --emit smt2 --semantics ${certificate.semantics === 'bv' ? 'bv' : commandLine.semantics}\``,
    `(the program ${certificate.program.file} in ${certificate.semantics} semantics${commandLine.semantics === 'c' ? ', its wrap checks asserted' : ''}):`,
    'each clause (assert (forall (…) C)) holds when these definitions, (declare-fun …) of its variables and',
    '(assert (not C)) are unsat in z3 or cvc5 (README, "Certificates of SAFE verdicts")',
  ];
  writeFileSync(commandLine.certificateFile, printModel(certificate.invariants, header));
  return commandLine.certificateFile;
}

/** --require-certificate: a SAFE stays SAFE only with a checked certificate */
export function requiredCertificate(
  verdict: Verdict,
  status: CertificateStatus | undefined,
  commandLine: CommandLine,
): Verdict {
  if (!commandLine.requireCertificate || verdict.kind !== 'safe' || status?.kind === 'checked') return verdict;
  return {
    kind: 'unknown',
    reason: unknownReason(
      'imprecise',
      `SAFE, but --require-certificate and its certificate is ${status === undefined ? 'none' : describeCertificate(status)}`,
    ),
  };
}
