// Generated C programs through the parser and lowering: exhaustive exploration of the lowered IR
// terminates completely and agrees with the generator's model oracle, in both semantics.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printProgram } from '../../src/ir/print.js';
import { exploreAll } from '../../src/interp/explore.js';
import { replayCounterexample } from '../../src/interp/interpreter.js';
import type { Semantics } from '../../src/ir/types.js';
import { arbitraryProgram } from './programs.js';
import { lowerSource as lower } from '../soundness/harness.js';

const domain = [-2n, -1n, 0n, 1n, 2n];

describe('generated programs through parser and lowering', () => {
  it('explore completely and agree with the model oracle', () => {
    let failing = 0;
    fc.assert(
      fc.property(arbitraryProgram(), (generated) => {
        const program = lower(generated.source);
        for (const semantics of ['int', 'bv'] as Semantics[]) {
          const result = exploreAll(program, { semantics, domain, maxRuns: 100_000, maxSteps: 100_000 });
          const context = `${generated.description}\n${generated.source}\n${printProgram(program)}`;
          expect(result.kind, context).not.toBe('undefinedBehaviour');
          if (result.kind === 'noFailure')
            expect(result.complete, `${result.incompleteReasons.join('; ')}\n${context}`).toBe(true);
          expect(result.kind === 'failureFound', context).toBe(generated.expectedFailure);
          if (result.kind === 'failureFound') {
            expect(replayCounterexample(program, result.counterexample, semantics).kind).toBe('assertionFailed');
            if (semantics === 'int') failing++;
          }
        }
      }),
      { numRuns: 200, seed: 20261122 },
    );
    console.log(`pipeline: ${failing}/200 generated programs have a reachable failure`);
  });
});
