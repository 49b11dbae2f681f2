// The program a certificate is about: a C file through the front end and the program passes chc asks
// for in `c` semantics (the certificate's program), with the semantics it is read in; `exactWraps`:
// as the portfolio's "exact wraps" stages read it (unsigned wrap-around written exactly).

import { encoders } from '../../src/encoders/index.js';
import type { Program, Semantics } from '../../src/ir/types.js';
import { Budget } from '../../src/kernel/budget.js';
import { applyTransforms } from '../../src/kernel/transforms.js';
import { runFrontEnd } from '../../src/pipeline.js';

export async function certifiedProgram(
  path: string,
  exactWraps = false,
): Promise<{ program: Program; semantics: Semantics }> {
  const frontEnd = runFrontEnd(path, { dataModel: 'ILP32', preprocessor: 'default' });
  if (frontEnd.kind !== 'program') throw new Error(`${path}: ${frontEnd.kind}`);
  const transformed = await applyTransforms(frontEnd.program, {
    options: { semantics: 'c', settings: new Map(), ...(exactWraps ? { exactWraps: true } : {}) },
    encoder: encoders.get('chc')!,
    solver: undefined,
    budget: Budget.start(10_000),
  });
  if (transformed.kind !== 'ready') throw new Error(`${path}: refused`);
  return { program: transformed.program, semantics: transformed.semantics };
}
