// The certificate of a SAFE in a campaign's result (issue 41): what the command's --json record
// says of it (cli/certificate.ts `certificateRecord`: its status, the stage asked for it, the times
// of the asking and of the check), read into flat fields of the result, with the time of the proof
// beside it so that a campaign can say what a certificate costs against the proof it certifies.
//
// Times: `proofSeconds` is the deciding run's time without its own certificate check (the portfolio's
// deciding attempt, or one encoding's whole `encoding` phase); `certificateSeconds` is what the
// certificate cost after the proof (the certificate step when one was asked, else the check);
// `checkSeconds` is the checker's time alone. All are read from the record, never measured here.

export type CertificateStatusName = 'checked' | 'unchecked' | 'failed' | 'none';

export interface CertificateFields {
  /** a SAFE's certificate (absent: no SAFE, or a record written before certificates) */
  readonly certificate?: CertificateStatusName;
  /** the stage that gave it, when the portfolio asked one after another's SAFE */
  readonly certificateFrom?: string;
  /** why it is none, unchecked or failed */
  readonly certificateReason?: string;
  readonly proofSeconds?: number;
  readonly certificateSeconds?: number;
  readonly checkSeconds?: number;
}

const statusNames: ReadonlySet<string> = new Set<CertificateStatusName>(['checked', 'unchecked', 'failed', 'none']);

function numberField(record: Record<string, unknown> | undefined, name: string): number | undefined {
  const value = record?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function objectField(record: Record<string, unknown> | undefined, name: string): Record<string, unknown> | undefined {
  const value = record?.[name];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** the deciding run's milliseconds: the portfolio's deciding attempt, or one encoding's `encoding` phase */
function decidingMilliseconds(record: Record<string, unknown>): number | undefined {
  const attempts = record['attempts'];
  if (Array.isArray(attempts)) {
    const decided = attempts.find(
      (attempt: unknown) =>
        typeof attempt === 'object' &&
        attempt !== null &&
        (attempt as Record<string, unknown>)['encoding'] === record['decidedBy'] &&
        (attempt as Record<string, unknown>)['verdict'] !== 'unknown',
    ) as Record<string, unknown> | undefined;
    return numberField(decided, 'milliseconds');
  }
  return numberField(objectField(record, 'times'), 'encoding');
}

/** the certificate fields of a command's --json record (none when it has no certificate) */
export function certificateFields(record: Record<string, unknown>): CertificateFields {
  const certificate = objectField(record, 'certificate');
  const status = certificate?.['status'];
  if (certificate === undefined || typeof status !== 'string' || !statusNames.has(status)) return {};
  const from = typeof certificate['from'] === 'string' ? certificate['from'] : undefined;
  const reason =
    typeof certificate['reason'] === 'string'
      ? certificate['reason']
      : typeof certificate['clause'] === 'object' && certificate['clause'] !== null
        ? `clause ${JSON.stringify(certificate['clause'])} refuted by ${String(certificate['solver'])}`
        : undefined;
  const check = numberField(certificate, 'checkMilliseconds');
  const step = numberField(certificate, 'stepMilliseconds');
  const deciding = decidingMilliseconds(record);
  // the deciding run's own check is part of its time; an asked certificate's check is part of the step
  const proof = deciding === undefined ? undefined : deciding - (from === undefined ? (check ?? 0) : 0);
  const after = step ?? (from === undefined ? check : undefined);
  return {
    certificate: status as CertificateStatusName,
    ...(from === undefined ? {} : { certificateFrom: from }),
    ...(reason === undefined ? {} : { certificateReason: reason }),
    ...(proof === undefined ? {} : { proofSeconds: Math.max(0, proof) / 1000 }),
    ...(after === undefined ? {} : { certificateSeconds: after / 1000 }),
    ...(check === undefined ? {} : { checkSeconds: check / 1000 }),
  };
}
