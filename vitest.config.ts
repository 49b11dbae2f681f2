import { defineConfig } from 'vitest/config';
import DurationSequencer from './test/support/duration-sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the slow files wait on solvers (separate processes or WASM threads): use both cores of CI
    maxWorkers: 2,
    // the slowest files first, from measured durations (see the file): the two workers end together
    sequence: { sequencer: DurationSequencer },
    reporters: ['default', './test/support/summary-reporter.ts'],
    // fixed fast-check seed unless ENCODE_PROPERTY_SEED says otherwise (see the file)
    setupFiles: ['./test/support/property-seed.ts'],
  },
});
