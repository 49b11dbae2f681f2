// The program a certificate is about: a C file through the front end and the program passes chc asks
// for in `c` semantics (the certificate's program), with the semantics it is read in; `exactWraps`:
// as the portfolio's "exact wraps" stages read it (unsigned wrap-around written exactly). And the
// guess families' shared test: a safe program certified and checked, its buggy twin not.

import { expect } from 'vitest';
import { checkCertificate } from '../../src/certificates/check.js';
import { searchInvariants } from '../../src/certificates/houdini.js';
import { encoders } from '../../src/encoders/index.js';
import type { Program, Semantics } from '../../src/ir/types.js';
import { Budget } from '../../src/kernel/budget.js';
import { applyTransforms } from '../../src/kernel/transforms.js';
import { runFrontEnd } from '../../src/pipeline.js';
import type { Solver } from '../../src/solvers/solver.js';

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

/**
 * The template search over `base`-safe.c finds invariants the checker confirms, and over its buggy
 * twin `base`-unsafe.c finds none (the shared body of the guess families' tests).
 */
export async function expectCertifiedPair(
  base: string,
  solver: Solver,
  settings: { readonly exactWraps?: boolean; readonly milliseconds?: number; readonly twinMilliseconds?: number } = {},
): Promise<void> {
  const milliseconds = settings.milliseconds ?? 30_000;
  const safe = await certifiedProgram(`${base}-safe.c`, settings.exactWraps ?? false);
  const found = await searchInvariants(safe.program, safe.semantics, solver, { timeoutMilliseconds: milliseconds });
  expect(found.kind, found.kind === 'found' ? '' : found.reason).toBe('found');
  if (found.kind !== 'found') return;
  const check = await checkCertificate(
    { ...safe, invariants: found.claim.invariants, source: found.claim.source },
    [solver],
    { timeoutMilliseconds: milliseconds },
  );
  expect(check.kind).toBe('checked');
  const buggy = await certifiedProgram(`${base}-unsafe.c`, settings.exactWraps ?? false);
  const none = await searchInvariants(buggy.program, buggy.semantics, solver, {
    timeoutMilliseconds: settings.twinMilliseconds ?? milliseconds,
  });
  expect(none.kind).not.toBe('found');
}
