// Validating a violation witness (`encode validate`): its values replayed on the interpreter must
// fail an assertion on the line of its target; a witness for another program (its input file hash
// differs) or one whose replay ends any other way is rejected with the reason.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Program, Semantics, SourceLocation } from '../ir/types.js';
import { describeOutcome, replayCounterexample } from '../interp/interpreter.js';
import type { ReadWitness } from './witness.js';

export type Validation =
  | { readonly kind: 'confirmed'; readonly violatedAt: SourceLocation }
  | { readonly kind: 'rejected'; readonly reason: string };

export function validateWitness(
  program: Program,
  programFile: string,
  witness: Extract<ReadWitness, { kind: 'witness' }>,
  semantics: Semantics,
): Validation {
  if (witness.inputFileHash !== undefined) {
    const hash = createHash('sha256').update(readFileSync(programFile)).digest('hex');
    if (hash !== witness.inputFileHash.toLowerCase())
      return {
        kind: 'rejected',
        reason: `the witness is for another program: its input file hash ${witness.inputFileHash} is not ${hash}`,
      };
  }
  const outcome = replayCounterexample(program, witness.counterexample, semantics);
  if (outcome.kind !== 'assertionFailed')
    return { kind: 'rejected', reason: `its values do not reach the error: the replay ${describeOutcome(outcome)}` };
  if (outcome.location.line !== witness.target.line) {
    return {
      kind: 'rejected',
      reason: `the replay fails the assertion at line ${outcome.location.line}, not at the target's line ${witness.target.line}`,
    };
  }
  return { kind: 'confirmed', violatedAt: outcome.location };
}
