// What a campaign's results say: one summary row per encoding (the portfolio is one of them), as a
// Markdown table; every result as CSV; and the tasks whose verdict changed or that got more than
// twice as slow against an earlier campaign's results. Times are wall-clock seconds of the child
// process (an external solver's time is in it; CPU time of the child's children is not measurable
// from Node).

import type { CampaignResult } from './run.js';

export interface EncodingSummary {
  readonly encoding: string;
  readonly tasks: number;
  readonly correctSafe: number;
  readonly correctUnsafe: number;
  readonly wrong: number;
  readonly unknown: number;
  readonly timeouts: number;
  /** crashes and input errors */
  readonly failures: number;
  /** median seconds over the correct results (undefined when there are none) */
  readonly medianCorrectSeconds: number | undefined;
  readonly totalSeconds: number;
}

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarise(results: readonly CampaignResult[], encodings: readonly string[]): EncodingSummary[] {
  return encodings.map((encoding) => {
    const mine = results.filter((result) => result.encoding === encoding);
    const correct = mine.filter((result) => result.correct);
    return {
      encoding,
      tasks: mine.length,
      correctSafe: correct.filter((result) => result.verdict === 'safe').length,
      correctUnsafe: correct.filter((result) => result.verdict === 'unsafe').length,
      wrong: mine.filter((result) => result.wrong).length,
      unknown: mine.filter((result) => result.verdict === 'unknown').length,
      timeouts: mine.filter((result) => result.timeout).length,
      failures: mine.filter((result) => result.verdict === 'crash' || result.verdict === 'error').length,
      medianCorrectSeconds: median(correct.map((result) => result.seconds)),
      totalSeconds: mine.reduce((sum, result) => sum + result.seconds, 0),
    };
  });
}

/** wrong first (a wrong verdict is the worst outcome), then correct, unknown, timeouts and times */
export function markdownTable(summaries: readonly EncodingSummary[]): string {
  const lines = [
    '| encoding | wrong | correct (safe + unsafe) | unknown | of which timeouts | crashes, errors | median s (correct) | total s |',
    '|---|---|---|---|---|---|---|---|',
    ...summaries.map(
      (row) =>
        `| ${row.encoding} | ${row.wrong} | ${row.correctSafe + row.correctUnsafe} (${row.correctSafe} + ${row.correctUnsafe}) | ${row.unknown} | ${row.timeouts} | ${row.failures} | ${row.medianCorrectSeconds === undefined ? '-' : row.medianCorrectSeconds.toFixed(2)} | ${row.totalSeconds.toFixed(1)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** the certificates of one encoding's SAFE verdicts (./certificates.ts) */
export interface CertificateSummary {
  readonly encoding: string;
  readonly safe: number;
  readonly checked: number;
  /** of the checked ones, those asked of another stage after the SAFE (the portfolio's step) */
  readonly asked: number;
  readonly unchecked: number;
  readonly none: number;
  readonly failed: number;
  /** SAFE verdicts whose record says nothing of a certificate (written before certificates) */
  readonly unrecorded: number;
  /** medians over the checked ones: the proof, the certificate after it (asking and checking), the check */
  readonly medianProofSeconds: number | undefined;
  readonly medianCertificateSeconds: number | undefined;
  readonly medianCheckSeconds: number | undefined;
  /** the reasons of the none, most frequent first, with their counts */
  readonly noneReasons: readonly (readonly [string, number])[];
}

/** a reason with its numbers masked, to group alike reasons */
function reasonGroup(reason: string | undefined): string {
  return (reason ?? '(no reason)').replace(/\d+(\.\d+)?/g, 'N').slice(0, 160);
}

export function summariseCertificates(
  results: readonly CampaignResult[],
  encodings: readonly string[],
): CertificateSummary[] {
  return encodings.map((encoding) => {
    const safe = results.filter(
      (result) => result.encoding === encoding && (result.verdict === 'safe' || result.certificate === 'failed'),
    );
    const checked = safe.filter((result) => result.certificate === 'checked');
    const none = safe.filter((result) => result.certificate === 'none');
    const reasons = new Map<string, number>();
    for (const result of none) {
      const group = reasonGroup(result.certificateReason);
      reasons.set(group, (reasons.get(group) ?? 0) + 1);
    }
    const seconds = (pick: (result: CampaignResult) => number | undefined): number | undefined =>
      median(checked.flatMap((result) => (pick(result) === undefined ? [] : [pick(result)!])));
    return {
      encoding,
      safe: safe.length,
      checked: checked.length,
      asked: checked.filter((result) => result.certificateFrom !== undefined).length,
      unchecked: safe.filter((result) => result.certificate === 'unchecked').length,
      none: none.length,
      failed: safe.filter((result) => result.certificate === 'failed').length,
      unrecorded: safe.filter((result) => result.certificate === undefined).length,
      medianProofSeconds: seconds((result) => result.proofSeconds),
      medianCertificateSeconds: seconds((result) => result.certificateSeconds),
      medianCheckSeconds: seconds((result) => result.checkSeconds),
      noneReasons: [...reasons.entries()].sort((left, right) => right[1] - left[1]),
    };
  });
}

/** the certificates table of table.md (SAFE verdicts include those a refuted certificate made UNKNOWN) */
export function certificateTable(summaries: readonly CertificateSummary[]): string {
  const format = (value: number | undefined): string => (value === undefined ? '-' : value.toFixed(2));
  const lines = [
    '| encoding | SAFE | certified (checked) | of which asked of chc | unchecked | none | refuted | median s: proof, certificate, check (certified) |',
    '|---|---|---|---|---|---|---|---|',
    ...summaries
      .filter((row) => row.safe > 0)
      .map(
        (row) =>
          `| ${row.encoding} | ${row.safe} | ${row.checked}${row.safe > 0 ? ` (${Math.round((100 * row.checked) / row.safe)} %)` : ''} | ${row.asked} | ${row.unchecked} | ${row.none} | ${row.failed} | ${format(row.medianProofSeconds)}, ${format(row.medianCertificateSeconds)}, ${format(row.medianCheckSeconds)} |`,
      ),
  ];
  const reasons = summaries.flatMap((row) =>
    row.noneReasons.slice(0, 5).map(([reason, count]) => `- ${row.encoding}, ${count}×: ${reason}`),
  );
  return `${lines.join('\n')}\n${reasons.length === 0 ? '' : `\nno certificate, the most frequent reasons:\n${reasons.join('\n')}\n`}`;
}

function csvField(value: unknown): string {
  const text = value === undefined || value === null ? '' : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function resultsCsv(results: readonly CampaignResult[]): string {
  const columns = [
    'task',
    'encoding',
    'solver',
    'timeoutSeconds',
    'expected',
    'verdict',
    'correct',
    'wrong',
    'timeout',
    'seconds',
    'decidedBy',
    'reason',
    'certificate',
    'certificateFrom',
    'proofSeconds',
    'certificateSeconds',
    'checkSeconds',
    'certificateReason',
  ] as const;
  const rows = results.map((result) => columns.map((column) => csvField(result[column])).join(','));
  return `${[columns.join(','), ...rows].join('\n')}\n`;
}

export interface Change {
  readonly task: string;
  readonly encoding: string;
  readonly what: string;
}

/** a slowdown counts when the time more than doubled and grew by at least this many seconds */
const slowdownFloorSeconds = 1;

/** the pairs whose verdict changed, or that got more than 2× slower, against an earlier campaign */
export function changesAgainst(previous: readonly CampaignResult[], current: readonly CampaignResult[]): Change[] {
  const before = new Map(previous.map((result) => [`${result.task}\u0000${result.encoding}`, result]));
  const changes: Change[] = [];
  for (const result of current) {
    const earlier = before.get(`${result.task}\u0000${result.encoding}`);
    if (earlier === undefined) continue;
    if (earlier.verdict !== result.verdict) {
      changes.push({
        task: result.task,
        encoding: result.encoding,
        what: `${earlier.verdict} -> ${result.verdict}${result.wrong ? ' (WRONG)' : ''}`,
      });
    } else if (result.seconds > 2 * earlier.seconds && result.seconds - earlier.seconds >= slowdownFloorSeconds) {
      changes.push({
        task: result.task,
        encoding: result.encoding,
        what: `${earlier.seconds.toFixed(2)} s -> ${result.seconds.toFixed(2)} s (${(result.seconds / earlier.seconds).toFixed(1)}x slower)`,
      });
    }
  }
  return changes;
}
