// The program passes run after lowering, before every encoding (pipeline.ts), in this order:
// unsigned countdown loops that wrap past 0 read over a counter that stops at 0
// (unsigned-countdowns.ts), stopping branches and early returns of main as assumptions (guard-assumptions.ts),
// divisors that are scalars assigned once from a constant read as that constant (constant-divisors.ts:
// after the guards, whose early returns would otherwise nest the assignment), then indices pinned by a branch on the
// counter (pinned-indices.ts). Each keeps every run of the program exactly (in int and in bv
// semantics), so a verdict on the result is a verdict on the program as lowered; the soundness
// harness judges encodings given the result by runs of the program before the passes.

import type { Program } from '../ir/types.js';
import { foldConstantDivisors } from './constant-divisors.js';
import { assumeGuards } from './guard-assumptions.js';
import { pinIndices } from './pinned-indices.js';
import { rewriteUnsignedCountdowns } from './unsigned-countdowns.js';

export function runProgramPasses(program: Program): Program {
  return pinIndices(foldConstantDivisors(assumeGuards(rewriteUnsignedCountdowns(program))));
}
