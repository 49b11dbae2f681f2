// Concrete states at loop heads (issue 41, for the fitted guesses of fitted-guesses.ts): the program
// run on the interpreter (src/interp, closures back end with its loop-head observer) under the
// verdict's semantics on small random inputs, and the state recorded at each loop head visit: every
// scalar, and the first cells of the one-dimensional arrays. Only runs that complete are kept (a run
// that fails an assumption, or hits undefined behaviour or the step limit, leaves no samples).
// Bounded: a few dozen runs, a step limit per run, a cap on samples per loop, a time cap (also the
// deadline of each run: a run under load stops near it rather than at its step limit).
// Soundness: none needed; samples only shape guesses, which Houdini and the checker judge.

import { performance } from 'node:perf_hooks';
import type { Program, Semantics } from '../ir/types.js';
import { compileProgram, type LoopHeadView } from '../interp/compile.js';
import { createRandomGenerator, createRandomSource } from '../interp/sources.js';

/** the state at one loop-head visit */
export interface LoopHeadSample {
  /** by variable id */
  readonly scalars: ReadonlyMap<number, bigint>;
  /** by array id: cells 0 … sampledCells − 1 of the one-dimensional arrays */
  readonly cells: ReadonlyMap<number, readonly bigint[]>;
}

/** how many leading cells of each array a sample holds */
export const sampledCells = 64;

export interface SamplingLimits {
  readonly runs: number;
  readonly milliseconds: number;
  readonly samplesPerLoop: number;
  readonly stepsPerRun: number;
}

export const defaultSamplingLimits: SamplingLimits = {
  runs: 40,
  milliseconds: 150,
  samplesPerLoop: 400,
  stepsPerRun: 200_000,
};

/** the domains the runs draw their values from: small ones first, some negative values later */
const domains: readonly (readonly bigint[])[] = [
  [0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n],
  [-3n, -2n, -1n, 0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n],
  [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n, 11n, 12n],
];

/** samples per loop id; empty when no run completed in the limits */
export function sampleLoopHeads(
  program: Program,
  semantics: Semantics,
  limits: SamplingLimits = defaultSamplingLimits,
): Map<number, LoopHeadSample[]> {
  const started = performance.now();
  const deadline = started + limits.milliseconds;
  const oneDimensional = program.arrays.filter((array) => array.sizes.length === 1);
  const samples = new Map<number, LoopHeadSample[]>();
  let pending: [number, LoopHeadSample][] = [];
  const visits = new Map<number, number>();
  let random = createRandomGenerator(1);
  const observer = (loopId: number, view: LoopHeadView): void => {
    const count = (visits.get(loopId) ?? 0) + 1;
    visits.set(loopId, count);
    // every early visit, then a random fifth of them (long runs would otherwise flood the samples)
    if (count > 12 && random() > 0.2) return;
    if (count > 200) return;
    const scalars = new Map(program.scalars.map((variable) => [variable.id, view.scalar(variable.id)]));
    const cells = new Map(
      oneDimensional.map((array) => [
        array.id,
        Array.from({ length: sampledCells }, (_, index) => view.cell(array.id, BigInt(index))),
      ]),
    );
    pending.push([loopId, { scalars, cells }]);
  };
  const compiled = compileProgram(program, semantics, { loopHeadObserver: observer });
  for (let run = 0; run < limits.runs && performance.now() < deadline; run++) {
    pending = [];
    visits.clear();
    random = createRandomGenerator(run + 17);
    const domain = domains[run % domains.length]!;
    const { outcome } = compiled.run(
      createRandomSource({ seed: run + 1, domain, maxArrayCells: sampledCells }),
      limits.stepsPerRun,
      deadline,
    );
    if (outcome.kind !== 'completed') continue;
    const kept = new Map<number, number>();
    for (const [loopId, sample] of pending) {
      const list = samples.get(loopId) ?? [];
      const keptThisRun = kept.get(loopId) ?? 0;
      // a share per run, so that later runs' inputs are seen too
      if (list.length < limits.samplesPerLoop && keptThisRun < limits.samplesPerLoop / 8) list.push(sample);
      kept.set(loopId, keptThisRun + 1);
      samples.set(loopId, list);
    }
  }
  return samples;
}
