// Validating a violation witness (`encode validate`): its values replayed on the interpreter must
// fail an assertion on the line of its target; a witness for another program (its input file hash
// differs) or one whose replay ends any other way is rejected with the reason. The replay stops at
// `deadline` (the command's --timeout; a replay holds the JavaScript thread): a witness whose replay
// is cut there is rejected as out of time, never confirmed.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Program, Semantics, SourceLocation } from '../ir/types.js';
import { defaultReplaySteps, describeOutcome, replayCounterexample } from '../interp/interpreter.js';
import type { ReadWitness } from './witness.js';

export type Validation =
  | { readonly kind: 'confirmed'; readonly violatedAt: SourceLocation }
  | { readonly kind: 'rejected'; readonly reason: string };

export function validateWitness(
  program: Program,
  programFile: string,
  witness: Extract<ReadWitness, { kind: 'witness' }>,
  semantics: Semantics,
  deadline: number,
): Validation {
  if (witness.inputFileHash !== undefined) {
    const hash = createHash('sha256').update(readFileSync(programFile)).digest('hex');
    if (hash !== witness.inputFileHash.toLowerCase())
      return {
        kind: 'rejected',
        reason: `the witness is for another program: its input file hash ${witness.inputFileHash} is not ${hash}`,
      };
  }
  const outcome = replayCounterexample(program, witness.counterexample, semantics, defaultReplaySteps, deadline);
  if (outcome.kind === 'stepLimitReached' && outcome.byDeadline === true)
    return { kind: 'rejected', reason: `out of time: the replay of its values ${describeOutcome(outcome)}` };
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
