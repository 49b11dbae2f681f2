// Human-readable text of a verdict's counterexample, for the CLI's non-JSON output.

import type { Verdict } from '../verdict.js';

export function formatCounterexample(file: string, verdict: Extract<Verdict, { kind: 'unsafe' }>): string {
  const lines: string[] = [];
  lines.push(`violated: ${file}:${verdict.violatedAt.line}:${verdict.violatedAt.column}`);
  const scalars = verdict.counterexample.scalars;
  lines.push(`nondet values in order (${scalars.length}): ${scalars.length === 0 ? '(none)' : scalars.map(String).join(', ')}`);
  verdict.counterexample.arrays.forEach((array, index) => {
    const entries = [...array.entries].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    const shown = entries.slice(0, 20).map(([cell, value]) => `[${cell}]=${value}`).join(' ');
    const more = entries.length > 20 ? ` … (${entries.length - 20} more)` : '';
    lines.push(`nondet array #${index + 1}: default ${array.defaultValue}${shown ? `, ${shown}` : ''}${more}`);
  });
  return `${lines.join('\n')}\n`;
}
