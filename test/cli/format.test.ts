// The CLI's counterexample text: runs of repeated values and groups are compressed.

import { describe, expect, it } from 'vitest';
import { assumingLines, compressRuns, conciseAssumptions, groupedWarnings, wrapText } from '../../src/cli/format.js';

describe('compressRuns', () => {
  it('prints short lists as they are', () => {
    expect(compressRuns([1n, 2n, 3n])).toBe('1, 2, 3');
    expect(compressRuns([5n, 5n])).toBe('5, 5');
  });
  it('compresses runs of one value and of repeated groups of up to four', () => {
    expect(compressRuns([0n, ...Array<bigint>(1000).fill(-1n), 7n])).toBe('0, -1 × 1000, 7');
    const pairs = Array.from({ length: 300 }, (_, index) => (index % 2 === 0 ? 4n : 9n));
    expect(compressRuns([...pairs, 1n])).toBe('(4, 9) × 150, 1');
  });
  it('shows at most 60 groups', () => {
    const distinct = Array.from({ length: 100 }, (_, index) => BigInt(index));
    expect(compressRuns(distinct)).toMatch(/, 59, … \(40 more\)$/);
  });
  it('compresses a million repeated choices quickly', () => {
    const started = performance.now();
    expect(compressRuns([...Array<bigint>(1_000_000).fill(-1n), 0n])).toBe('-1 × 1000000, 0');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

const standard = [
  'C integers (unsigned arithmetic and conversions exact); no undefined behaviour: no signed overflow, no oversized shift',
  'arrays are total maps (an out-of-bounds access touches a cell of the same array)',
  'runs stop at a division by zero',
];

describe('assumptions of a SAFE for people', () => {
  it('folds the standard assumptions into one phrase where the first stood, and says each other fact once', () => {
    const text = conciseAssumptions([
      'no signed overflow (3 operations checked)',
      ...standard,
      'no unsigned wrap-around or lossy conversion (2 checks proven with the property)',
      'tracked sums',
      'tracked sums',
    ]);
    expect(text).toBe(
      'no signed overflow (3 operations checked); no undefined behaviour in C (signed overflow, oversized shift, ' +
        'out-of-bounds accesses stay in their array, division by zero, 2 unsigned wrap checks proven); tracked sums',
    );
  });

  it('wraps at the width, and cuts the block at three lines unless verbose', () => {
    expect(wrapText('aa bb cc dd', 5)).toEqual(['aa bb', 'cc dd']);
    const long = [...standard, ...Array.from({ length: 40 }, (_, index) => `fact number ${index}`)];
    const lines = assumingLines(long, false);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/--verbose or --json: all\)$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    expect(assumingLines(long, true)).toEqual([`assuming: ${long.join('; ')}`]);
    expect(assumingLines(standard, false)).toHaveLength(2);
  });

  it('groups repeated warnings by message', () => {
    const warning = (line: number, message: string) => ({ file: 'p.c', location: { line, column: 3 }, message });
    const lines = groupedWarnings([
      warning(17, 'malloc never fails'),
      warning(23, 'malloc never fails'),
      warning(17, 'malloc never fails'),
      warning(24, 'rows'),
    ]);
    expect(lines).toEqual(['p.c:17:3: warning: malloc never fails (also at 23:3)', 'p.c:24:3: warning: rows']);
  });
});
