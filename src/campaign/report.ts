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
