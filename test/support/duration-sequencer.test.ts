// The test files' order (test/support/duration-sequencer.ts): every file of its table exists (a
// renamed or removed file would silently fall back to vitest's order), and the listed files come
// first, the slowest first, then the others, larger first.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import DurationSequencer, { fileSeconds } from './duration-sequencer.js';

const root = join(import.meta.dirname, '..', '..');

describe('the duration sequencer', () => {
  it('lists only test files that exist', () => {
    const listed = Object.keys(fileSeconds);
    expect(listed.length).toBeGreaterThan(20);
    for (const path of listed) {
      expect(path, path).toMatch(/\.test\.ts$/);
      expect(existsSync(join(root, path)), path).toBe(true);
    }
  });

  it('starts the listed files slowest first, then the unlisted ones, larger first', async () => {
    const sequencer = new DurationSequencer({ config: { root } } as unknown as Vitest);
    const specification = (path: string) => ({ moduleId: join(root, path) }) as unknown as TestSpecification;
    const paths = [
      'test/support/duration-sequencer.test.ts',
      'test/corpus/verdicts-accel.test.ts',
      'test/architecture.test.ts',
      'test/encoders/viap.test.ts',
      'test/support/no-such-file.test.ts',
    ];
    const sorted = (await sequencer.sort(paths.map(specification))).map((file) => file.moduleId.slice(root.length + 1));
    expect(sorted.slice(0, 2)).toEqual(['test/encoders/viap.test.ts', 'test/corpus/verdicts-accel.test.ts']);
    expect(fileSeconds['test/encoders/viap.test.ts']!).toBeGreaterThan(
      fileSeconds['test/corpus/verdicts-accel.test.ts']!,
    );
    // not listed: the larger file first, the missing one (size 0) last
    expect(sorted.at(-1)).toBe('test/support/no-such-file.test.ts');
    expect(sorted).toHaveLength(paths.length);
  });
});
