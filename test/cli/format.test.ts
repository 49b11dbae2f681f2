// The CLI's counterexample text: runs of repeated values and groups are compressed.

import { describe, expect, it } from 'vitest';
import { compressRuns } from '../../src/cli/format.js';

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
