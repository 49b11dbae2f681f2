// Human-readable text of a verdict's counterexample, for the CLI's non-JSON output.

import type { Verdict } from '../verdict.js';

export function formatCounterexample(file: string, verdict: Extract<Verdict, { kind: 'unsafe' }>): string {
  const lines: string[] = [];
  lines.push(`violated: ${file}:${verdict.violatedAt.line}:${verdict.violatedAt.column}`);
  const scalars = verdict.counterexample.scalars;
  lines.push(`nondet values in order (${scalars.length}): ${scalars.length === 0 ? '(none)' : compressRuns(scalars)}`);
  verdict.counterexample.arrays.forEach((array, index) => {
    const entries = [...array.entries].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    const shown = entries.slice(0, 20).map(([cell, value]) => `[${cell}]=${value}`).join(' ');
    const more = entries.length > 20 ? ` … (${entries.length - 20} more)` : '';
    lines.push(`nondet array #${index + 1}: default ${array.defaultValue}${shown ? `, ${shown}` : ''}${more}`);
  });
  return `${lines.join('\n')}\n`;
}

/**
 * The values with repeated runs shortened: a run of one value or of a repeated group of up to four
 * values (an accelerated loop's choices) is printed once with its count, e.g. "(5, 7) × 1000".
 * At most 60 groups are shown.
 */
export function compressRuns(values: readonly bigint[]): string {
  const pieces: string[] = [];
  let position = 0;
  while (position < values.length && pieces.length < 60) {
    let best = { period: 1, repeats: 1 };
    for (let period = 1; period <= 4 && position + period <= values.length; period++) {
      let repeats = 1;
      while (position + (repeats + 1) * period <= values.length && repeatsGroup(values, position, period, position + repeats * period)) repeats++;
      if (repeats >= 3 && repeats * period > best.repeats * best.period) best = { period, repeats };
    }
    const group = values.slice(position, position + best.period).map(String);
    if (best.repeats >= 3) {
      pieces.push(`${best.period === 1 ? group[0] : `(${group.join(', ')})`} × ${best.repeats}`);
      position += best.period * best.repeats;
    } else {
      pieces.push(group[0]!);
      position += 1;
    }
  }
  return pieces.join(', ') + (position < values.length ? `, … (${values.length - position} more)` : '');
}

/** whether values[start .. start+period) equals the group values[groupStart .. groupStart+period) */
function repeatsGroup(values: readonly bigint[], groupStart: number, period: number, start: number): boolean {
  for (let offset = 0; offset < period; offset++) if (values[start + offset] !== values[groupStart + offset]) return false;
  return true;
}

/** a table with a header row, columns padded to their widest cell (the last column is not padded) */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ').trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}
