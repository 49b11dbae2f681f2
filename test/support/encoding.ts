// How the tests run an encoding: always through the kernel (`runEncoding`: one budget, the
// soundness guard), with the options as one record. The options are the ones the encoders declare
// (src/encoders/*/index.ts, by their declared names), read from the registry: `unwind` and
// `unwindingAssertions` reach every encoding that declares `unwind` / `unwinding-assertions` (as a
// value given on the command line does: bmc and accel both declare `unwind`), and `encodings` gives
// one encoding, by its registry name, values of its own options. Nothing here names an encoding, so
// a new one needs no edit.

import { encoders } from '../../src/encoders/index.js';
import type { EmitResult, Encoder } from '../../src/kernel/encoder.js';
import { Budget } from '../../src/kernel/budget.js';
import { emitEncoding, runEncoding, type EncodingRun } from '../../src/kernel/run-encoding.js';
import type { RequestOptions } from '../../src/kernel/options.js';
import type { Program, VerdictSemantics } from '../../src/ir/types.js';
import type { Solver } from '../../src/solvers/solver.js';

export interface TestOptions {
  readonly semantics: VerdictSemantics;
  readonly timeoutMilliseconds: number;
  /** `--unwind` of every encoding that declares it */
  readonly unwind?: number;
  /** `--unwinding-assertions` of every encoding that declares it */
  readonly unwindingAssertions?: boolean;
  /**
   * encoding name (as in the registry) → option name (as declared) → value, for that encoding only
   * and over the shared values above, e.g. `{ witness: { cells: 1, loops: 'kept' }, shrink: { 'max-k': 3 } }`;
   * a value `undefined` keeps that encoding's own default
   */
  readonly encodings?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** the options record as the encoder `encoder` reads it: only options it declares; a misspelt encoding or option throws */
export function encodingOptionsFor(encoder: Encoder, options: TestOptions): RequestOptions {
  for (const [name, values] of Object.entries(options.encodings ?? {})) {
    const named = name === encoder.name ? encoder : encoders.get(name);
    if (named === undefined)
      throw new Error(
        `TestOptions.encodings names ${name}, which is not a registered encoding (${[...encoders.keys()].join(', ')})`,
      );
    for (const option of Object.keys(values)) {
      if (!named.options.some((declaration) => declaration.name === option))
        throw new Error(`TestOptions.encodings.${name} sets ${option}, which ${name} does not declare`);
    }
  }
  const declared = new Set(encoder.options.map((declaration) => declaration.name));
  const given: Record<string, unknown> = {
    unwind: options.unwind,
    'unwinding-assertions': options.unwindingAssertions,
    ...options.encodings?.[encoder.name],
  };
  const settings = new Map(Object.entries(given).filter(([name, value]) => value !== undefined && declared.has(name)));
  return { semantics: options.semantics, settings };
}

export function solveWith(
  encoder: Encoder,
  program: Program,
  options: TestOptions,
  solver: Solver,
): Promise<EncodingRun> {
  return runEncoding(encoder, program, encodingOptionsFor(encoder, options), solver, {
    timeoutMilliseconds: options.timeoutMilliseconds,
  });
}

export function emitWith(
  encoder: Encoder,
  program: Program,
  options: TestOptions,
  solver?: Solver,
): Promise<EmitResult> {
  return emitEncoding(
    encoder,
    program,
    encodingOptionsFor(encoder, options),
    solver,
    Budget.start(options.timeoutMilliseconds),
  );
}
