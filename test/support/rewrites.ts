// The soundness check of a program pass's rewrite (kernel/permuted-reductions.ts and the passes it
// runs): the rewritten program must fail for exactly the sizes and inputs where the original fails,
// on sampled C runs (the bv interpreter, soundness/harness.ts), never by the pass's own reasoning.

import { expect } from 'vitest';
import { printProgram } from '../../src/ir/print.js';
import type { Program } from '../../src/ir/types.js';
import { Budget } from '../../src/kernel/budget.js';
import { copyPermutedReductions } from '../../src/kernel/permuted-reductions.js';
import type { Solver } from '../../src/solvers/solver.js';
import { failsForSmallSizes, lowerSource } from '../soundness/harness.js';

/** the pass's rewrite of the C text, asserted to keep C's answer; undefined when it rewrites nothing */
export async function rewriteKeepingAnswer(
  text: string,
  solver: Solver,
): Promise<{ rewritten: NonNullable<Awaited<ReturnType<typeof copyPermutedReductions>>>; fails: boolean } | undefined> {
  const program: Program = lowerSource(text);
  const rewritten = await copyPermutedReductions(program, 'bv', solver, Budget.start(10_000));
  if (rewritten === undefined) return undefined;
  const fails = failsForSmallSizes(program);
  expect(
    failsForSmallSizes(rewritten.program),
    `the rewrite changes C's answer on sampled runs:\n${text}\n${printProgram(rewritten.program)}`,
  ).toBe(fails);
  return { rewritten, fails };
}
