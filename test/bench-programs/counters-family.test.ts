// The bench/counters family (two-counter programs for labmc): every `// expected:` line checked on
// the interpreter in C (bv) semantics by exhaustive enumeration at BOUND 6 (every nondet branch
// choice from {0, 1}):
// a safe program never fails, its buggy twin fails on some run. Every safe program has its twin.

import { describe, expect, it } from 'vitest';
import { counterPrograms, instantiate } from '../../bench/counters-programs.js';
import { exploreAll } from '../../src/interp/explore.js';
import { lowerSource } from '../soundness/harness.js';

const programs = counterPrograms();

describe('bench/counters family', () => {
  it('pairs every safe program with its buggy twin, and has a minimum of pairs', () => {
    const names = new Set(programs.map((program) => program.name));
    expect(programs.filter((program) => program.expected === 'safe').length).toBeGreaterThanOrEqual(10);
    for (const program of programs) {
      const suffix = program.expected === 'safe' ? '-safe.c' : '-unsafe.c';
      expect(program.name.endsWith(suffix), program.name).toBe(true);
      const twin =
        program.expected === 'safe'
          ? program.name.replace(/-safe\.c$/, '-unsafe.c')
          : program.name.replace(/-unsafe\.c$/, '-safe.c');
      expect(names.has(twin), `${program.name} has its twin`).toBe(true);
    }
  });

  it.each(programs.map((program) => [program.name, program] as const))(
    '%s is what its first line says at BOUND 6',
    (_name, program) => {
      for (const semantics of ['bv'] as const) {
        const lowered = lowerSource(instantiate(program, 6n), program.name);
        const truth = exploreAll(lowered, { semantics, domain: [0n, 1n], maxRuns: 100_000, maxSteps: 1_000_000 });
        if (program.expected === 'unsafe') {
          expect(truth.kind, `${program.name} (${semantics})`).toBe('failureFound');
        } else {
          expect(
            truth.kind === 'noFailure' && truth.complete,
            `${program.name} (${semantics}): ${JSON.stringify(truth)}`,
          ).toBe(true);
        }
      }
    },
  );
});
