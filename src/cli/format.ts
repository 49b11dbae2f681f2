// Human-readable text of a verdict's counterexample, for the CLI's non-JSON output.

import type { Verdict } from '../verdict.js';

export function formatCounterexample(file: string, verdict: Extract<Verdict, { kind: 'unsafe' }>): string {
  const lines: string[] = [];
  lines.push(`violated: ${file}:${verdict.violatedAt.line}:${verdict.violatedAt.column}`);
  const scalars = verdict.counterexample.scalars;
  lines.push(`nondet values in order (${scalars.length}): ${scalars.length === 0 ? '(none)' : compressRuns(scalars)}`);
  verdict.counterexample.arrays.forEach((array, index) => {
    const entries = [...array.entries].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    const shown = entries
      .slice(0, 20)
      .map(([cell, value]) => `[${cell}]=${value}`)
      .join(' ');
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
      while (
        position + (repeats + 1) * period <= values.length &&
        repeatsGroup(values, position, period, position + repeats * period)
      )
        repeats++;
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
  for (let offset = 0; offset < period; offset++)
    if (values[start + offset] !== values[groupStart + offset]) return false;
  return true;
}

/** a table with a header row, columns padded to their widest cell (the last column is not padded) */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}

/** the assumptions every SAFE in C's semantics shares (kernel/c-semantics.ts, symbolic/variables.ts), said once in short */
const standardAssumptions: readonly { readonly pattern: RegExp; readonly short: (match: RegExpExecArray) => string }[] =
  [
    {
      pattern:
        /^C integers \(unsigned arithmetic and conversions exact\); no undefined behaviour: no signed overflow, no oversized shift$/,
      short: () => 'signed overflow, oversized shift',
    },
    { pattern: /^runs stop at a division by zero$/, short: () => 'division by zero' },
    {
      pattern: /^arrays are total maps \(an out-of-bounds access touches a cell of the same array\)$/,
      short: () => 'out-of-bounds accesses stay in their array',
    },
    {
      pattern: /^no unsigned wrap-around or lossy conversion \((\d+) checks? proven with the property\)$/,
      short: (match) => `${match[1]} unsigned wrap ${match[1] === '1' ? 'check' : 'checks'} proven`,
    },
  ];

/**
 * A SAFE's assumptions for people: each said once, the standard ones of C's semantics folded into
 * one phrase ("no undefined behaviour in C (…)") where the first of them stood, the rest
 * in their order. `--json` and `--verbose` keep the full list.
 */
export function conciseAssumptions(assumptions: readonly string[]): string {
  const standard: string[] = [];
  // the folded phrase stands where the first standard assumption stood
  const said: (string | undefined)[] = [];
  for (const assumption of new Set(assumptions)) {
    const known = standardAssumptions
      .map((entry) => ({ entry, match: entry.pattern.exec(assumption) }))
      .find((candidate) => candidate.match !== null);
    if (known === undefined) said.push(assumption);
    else if (standard.push(known.entry.short(known.match!)) === 1) said.push(undefined);
  }
  const folded = `no undefined behaviour in C (${standard.join(', ')})`;
  return said.map((assumption) => assumption ?? folded).join('; ');
}

/** `text` broken at spaces into lines of at most `width` columns (a longer word stands alone) */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** the `assuming:` block of a SAFE: at most `maximumLines` lines of 100 columns unless `verbose` */
export function assumingLines(assumptions: readonly string[], verbose: boolean, maximumLines = 3): string[] {
  if (verbose) return [`assuming: ${assumptions.join('; ')}`];
  // continuation lines are indented by two columns: wrapped at 98, every line fits 100
  const lines = wrapText(`assuming: ${conciseAssumptions(assumptions)}`, 98).map((line, index) =>
    index === 0 ? line : `  ${line}`,
  );
  if (lines.length <= maximumLines) return lines;
  const kept = lines.slice(0, maximumLines);
  kept[maximumLines - 1] = `${kept[maximumLines - 1]!.slice(0, 60)} … (--verbose or --json: all)`;
  return kept;
}

/** warnings said once each: one line per message, with the other locations it was given at */
export function groupedWarnings(
  warnings: readonly {
    readonly file: string;
    readonly location: { readonly line: number; readonly column: number };
    readonly message: string;
  }[],
): string[] {
  const byMessage = new Map<string, { file: string; locations: string[] }>();
  for (const warning of warnings) {
    const entry = byMessage.get(warning.message) ?? { file: warning.file, locations: [] };
    const at = `${warning.location.line}:${warning.location.column}`;
    if (!entry.locations.includes(at)) entry.locations.push(at);
    byMessage.set(warning.message, entry);
  }
  return [...byMessage.entries()].map(([message, { file, locations }]) => {
    const others = locations.slice(1);
    const also =
      others.length === 0
        ? ''
        : ` (also at ${others.slice(0, 6).join(', ')}${others.length > 6 ? `, … ${others.length - 6} more` : ''})`;
    return `${file}:${locations[0]}: warning: ${message}${also}`;
  });
}
