// How the tests run an encoding: always through the kernel (`runEncoding`: one budget, the
// soundness guard), with the options as one record that names the declared options of the
// encoders (src/encoders/*/index.ts): `unwind`, `unwindingAssertions`, `witness` (cells, loops),
// `shrink` (maxK) and `accel` (unwind: accel's own unwinding, which otherwise keeps its default).

import type { EmitResult, Encoder } from '../../src/kernel/encoder.js';
import { Budget } from '../../src/kernel/budget.js';
import { emitEncoding, runEncoding, type EncodingRun } from '../../src/kernel/guard.js';
import type { RequestOptions } from '../../src/kernel/options.js';
import type { Program, VerdictSemantics } from '../../src/ir/types.js';
import type { Solver } from '../../src/solvers/solver.js';

export interface TestOptions {
  readonly semantics: VerdictSemantics;
  readonly timeoutMilliseconds: number;
  readonly unwind?: number;
  readonly unwindingAssertions?: boolean;
  readonly witness?: { readonly cells: number; readonly loops: 'kept' | 'removed' };
  readonly shrink?: { readonly maxK: number };
  readonly accel?: { readonly unwind?: number; readonly showSummaries?: boolean };
}

/** the options record as the encoder `encoder` reads it */
export function encodingOptionsFor(encoder: Encoder, options: TestOptions): RequestOptions {
  const settings = new Map<string, unknown>();
  const unwind = encoder.name === 'accel' ? options.accel?.unwind : options.unwind;
  if (unwind !== undefined) settings.set('unwind', unwind);
  if (options.unwindingAssertions !== undefined) settings.set('unwinding-assertions', options.unwindingAssertions);
  if (options.witness !== undefined) {
    settings.set('cells', options.witness.cells);
    settings.set('loops', options.witness.loops);
  }
  if (options.shrink !== undefined) settings.set('max-k', options.shrink.maxK);
  if (options.accel?.showSummaries !== undefined) settings.set('show-summaries', options.accel.showSummaries);
  return { semantics: options.semantics, settings };
}

export function solveWith(encoder: Encoder, program: Program, options: TestOptions, solver: Solver): Promise<EncodingRun> {
  return runEncoding(encoder, program, encodingOptionsFor(encoder, options), solver, { timeoutMilliseconds: options.timeoutMilliseconds });
}

export function emitWith(encoder: Encoder, program: Program, options: TestOptions, solver?: Solver): Promise<EmitResult> {
  return emitEncoding(encoder, program, encodingOptionsFor(encoder, options), solver, Budget.start(options.timeoutMilliseconds));
}
