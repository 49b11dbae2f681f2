// The `witness` encoding (Jana et al., "Scaling Bounded Model Checking By Transforming
// Programs With Arrays"): a property of every array element is proven by reasoning about k
// nondeterministically chosen cells, so the cost does not depend on the arrays' sizes.
//
// The program is first transformed into an array-free IR program (transform.ts: witness indices
// chosen once at the start over the whole index type, reads `e == i ? x : nondet`, guarded writes,
// assertions on untracked cells as assumptions — see the soundness argument there). Then:
// - loops 'kept' (default): the array-free program goes through the chc encoding (one predicate per
//   loop head over the scalars and the witness pairs, no arrays in the clauses) and the CHC solver
//   (first with constant sizes generalised, see analysis/generalise-size.ts). `solve` first tries the loop-free
//   query of the 'removed' mode with a quarter of the budget, since it is one cheap SMT query;
//   both are sound over-approximations, so SAFE from either is SAFE;
// - loops 'removed' (the paper's Fig. 3): the program is loop-free, and the bmc encoding at unwind 0
//   gives one SMT query (is some assertion violated?).
//
// `--emit` writes these queries, in the order solve asks them (`witnessQueries`): with loops kept,
// NAME.witness-removed.smt2, NAME.witness-generalised.smt2 (int semantics, a constant size) and
// NAME.witness.smt2; with loops removed, the one query.
//
// Verdicts (approximation 'over'): `sat` of the Horn clauses / `unsat` of the query is SAFE, because
// every run of the original program is simulated by a run of the abstraction (transform.ts). A
// counterexample of the abstraction is never reported as such: bmc searches the ORIGINAL program
// with unwind 1, 2, 4, ... within the time budget and only a counterexample the interpreter replays
// gives UNSAFE; otherwise the verdict is UNKNOWN naming the first failing precision rule (Sect. 6).
//
// Certificates: a SAFE of the clauses (loops kept) carries Spacer's model, carried back to the
// program's own clauses as ∀-invariants over the cells (certificate.ts), a candidate the kernel
// checks; a SAFE of the loop-free query has none (--loop-free-first no skips that query).
//
// The extension "read of an untracked cell instantiates the cell predicate" is realised
// in its assertion form: an assertion whose reads all hit witness cells is checked, one that reads an
// untracked cell is assumed (sound by the first-failure argument in transform.ts, tested in
// test/encoders/witness-soundness.test.ts).

import { performance } from 'node:perf_hooks';
import { describeFirstFailure, evaluatePrecision } from '../../analysis/precision.js';
import { printExpression } from '../../ir/print.js';
import type { Program } from '../../ir/types.js';
import { createChcSystem, createSmtScript, type ChcSystem, type SmtScript } from '../../smt/terms.js';
import type { Solver, SolverResult } from '../../solvers/solver.js';
import { unknownVerdict } from '../../verdict.js';
import { unrolledScript, unrollProgram } from '../../symbolic/unroll.js';
import { OutcomeRecorder } from '../../kernel/outcome.js';
import { searchProveSearch } from '../../kernel/strategy.js';
import { buildChcEncoding } from '../../symbolic/horn-clauses.js';
import { safeAssumptions } from '../../symbolic/variables.js';
import type {
  EmitContext,
  EmitResult,
  Encoder,
  EncoderContext,
  EncodingOptions,
  SolveOutcome,
} from '../../kernel/encoder.js';
import type { Budget } from '../../kernel/budget.js';
import { optionValue, withOptions } from '../../kernel/options.js';
import { solverUnknown } from '../../kernel/reasons.js';
import { generaliseSizes } from '../../analysis/generalise-size.js';
import { transformWitness, type WitnessOptions, type WitnessTransformResult } from './transform.js';
import { witnessDeclaration, cellsOption, loopFreeFirstOption, loopsOption } from './declaration.js';
import { witnessCertificateClaim } from './certificate.js';
import type { CertificateClaim } from '../../certificates/certificate.js';
export { cellsOption, loopFreeFirstOption, loopsOption } from './declaration.js';

export { transformWitness, type WitnessOptions } from './transform.js';

export function witnessOptionsOf(options: EncodingOptions): WitnessOptions {
  return { cells: optionValue(options, cellsOption), loops: optionValue(options, loopsOption) };
}

type Transformed = Extract<WitnessTransformResult, { kind: 'ok' }>;

/** header lines naming the witness variables and the arrays they stand for */
export function witnessHeader(original: Program, transformed: Transformed, options: WitnessOptions): string[] {
  const lines = [
    `witness encoding of ${original.file}: ${options.cells} cell(s) per array group, loops ${options.loops}`,
    'array-free over-approximation: each witness index is chosen once, nondeterministically, over the whole index type;',
    'a witness value is the content of its array at that index; reads of other cells are unconstrained values',
  ];
  for (const witness of transformed.witnesses) {
    const arrays = witness.group.arrays
      .map((array) => `${array.sourceName}[${array.sizes.map((size) => printExpression(size)).join('][')}]`)
      .join(', ');
    witness.indices.forEach((cell, position) => {
      lines.push(`cell ${position} of ${arrays}: index ${cell.map((variable) => variable.name).join(', ')}`);
      for (const array of witness.group.arrays) {
        const value = witness.values.get(array.id)![position]!;
        lines.push(`  ${value.name} = ${array.sourceName}[${cell.map((variable) => variable.name).join('][')}]`);
      }
    });
  }
  return lines;
}

export type WitnessArtefact =
  | {
      readonly kind: 'chc';
      readonly system: ChcSystem;
      /** the clauses with constant sizes generalised (int semantics, when a size is constant): asked first */
      readonly generalised: GeneralisedClauses | undefined;
      readonly transformed: Transformed;
    }
  | { readonly kind: 'query'; readonly script: SmtScript; readonly transformed: Transformed };

/** Builds the array-free Horn clauses (loops kept) or the loop-free query (loops removed). */
export function buildWitnessArtefact(
  program: Program,
  options: EncodingOptions,
): WitnessArtefact | { kind: 'unsupported'; reason: string } {
  const witnessOptions = witnessOptionsOf(options);
  const transformed = transformWitness(program, options.semantics, witnessOptions);
  if (transformed.kind === 'unsupported') return transformed;
  const header = witnessHeader(program, transformed, witnessOptions);
  if (witnessOptions.loops === 'kept') {
    const encoding = buildChcEncoding(transformed.program, options.semantics);
    const system = createChcSystem({
      ...encoding.system,
      headerComments: [...header, ...encoding.system.headerComments],
    });
    const generalised = options.semantics === 'int' ? generalisedSystem(program, transformed) : undefined;
    return { kind: 'chc', system, generalised, transformed };
  }
  const encoding = unrollProgram(transformed.program, 0, options.semantics);
  const script = unrolledScript(encoding, encoding.property, header);
  return { kind: 'query', script: createSmtScript({ ...script, headerComments: header }), transformed };
}

/** one query of the witness solve, as `witnessQueries` lists them */
interface WitnessQuery {
  readonly suffix: string;
  readonly content: SmtScript | ChcSystem;
}

/**
 * The queries `solveWitness` asks, in its order, each with what its answer means and what it is
 * asked after: loops kept, the loop-free query of the 'removed' mode first, then the
 * size-generalised clauses (int semantics), then the clauses as they are; loops removed, the one
 * query. Each is asked only when the ones before it did not prove the program safe.
 */
export function witnessQueries(
  program: Program,
  options: EncodingOptions,
): readonly WitnessQuery[] | { kind: 'unsupported'; reason: string } {
  const artefact = buildWitnessArtefact(program, options);
  if (artefact.kind === 'unsupported') return artefact;
  const witnessOptions = witnessOptionsOf(options);
  const cells = witnessOptions.cells > 1 ? `-k${witnessOptions.cells}` : '';
  const removedMeaning = [
    'unsat: no assertion can fail in the loop-free abstraction: the program is safe',
    'sat: the abstraction can fail (says nothing about the program)',
  ];
  if (artefact.kind === 'query')
    return [{ suffix: `.witness-removed${cells}.smt2`, content: withHeader(artefact.script, removedMeaning) }];
  const queries: WitnessQuery[] = [];
  const removed = loopFreeFirst(program, options);
  if (removed !== undefined)
    queries.push({
      suffix: `.witness-removed${cells}.smt2`,
      content: withHeader(removed.script, [
        ...removedMeaning,
        'asked first (a quarter of the budget); if not unsat, the Horn clauses next',
      ]),
    });
  const after = queries.length === 0 ? [] : ['asked when the loop-free query was not unsat'];
  if (artefact.generalised !== undefined)
    queries.push({
      suffix: `.witness-generalised${cells}.smt2`,
      content: withHeader(artefact.generalised.system, [
        'sat: the clauses with sizes generalised have a model: the program is safe',
        ...after,
        'if not sat, the clauses with the sizes as they are next',
      ]),
    });
  queries.push({
    suffix: `.witness${cells}.smt2`,
    content: withHeader(artefact.system, [
      ...(artefact.generalised === undefined ? after : ['asked when the size-generalised clauses were not sat']),
    ]),
  });
  return queries;
}

function withHeader<Content extends SmtScript | ChcSystem>(content: Content, lines: readonly string[]): Content {
  return { ...content, headerComments: [...content.headerComments, ...lines] };
}

export const witnessEncoder: Encoder = {
  ...witnessDeclaration,
  async emit(program: Program, context: EmitContext): Promise<EmitResult> {
    const queries = witnessQueries(program, context.options);
    if ('kind' in queries) return queries;
    return { kind: 'emitted', artefacts: queries };
  },
  solve: solveWitness,
};

export async function solveWitness(program: Program, context: EncoderContext): Promise<SolveOutcome> {
  const { options, solver, budget } = context;
  const witnessOptions = witnessOptionsOf(options);
  const recorder = new OutcomeRecorder({ details: { cells: witnessOptions.cells, loops: witnessOptions.loops } });
  const artefact = recorder.measure('encode', () => buildWitnessArtefact(program, options));
  if (artefact.kind === 'unsupported') return recorder.done(unknownVerdict('unsupported', artefact.reason));
  recorder.details.witnessVariables = artefact.transformed.witnesses.reduce(
    (count, witness) => count + witness.indices.length * (1 + witness.values.size),
    0,
  );
  let certificateClaim: CertificateClaim = {
    kind: 'none',
    reason:
      witnessOptions.loops === 'removed'
        ? 'the loop-free query has no invariants (--loops kept gives them)'
        : 'the loop-free query proved it, with no invariants (--loop-free-first no asks the clauses)',
  };
  const outcome = await searchProveSearch(program, context, recorder, {
    prove: async () => {
      if (artefact.kind === 'chc') {
        // the loop-free abstraction is one cheap query and often enough: try it first (a quarter of the budget)
        const removed = loopFreeFirst(program, options);
        if (removed !== undefined) {
          const quick = await checkAbstraction(program, removed, options, solver, budget.share(1 / 4));
          recorder.addTime('solveLoopsRemoved', quick.times.solve ?? 0);
          recorder.details.loopsRemoved = quick.kind;
          if (quick.kind === 'safe')
            return { kind: 'decided', verdict: { kind: 'safe', assumptions: safeAssumptions(options.semantics) } };
        }
      }
      const checked = await checkAbstraction(program, artefact, options, solver, budget);
      for (const [phase, milliseconds] of Object.entries(checked.times)) recorder.addTime(phase, milliseconds);
      if (checked.generalised !== undefined) recorder.details.generalised = checked.generalised;
      if (checked.kind === 'unknown')
        return { kind: 'decided', verdict: { kind: 'unknown', reason: solverUnknown('witness', checked.result) } };
      if (checked.kind === 'safe') {
        if (checked.solved !== undefined && artefact.kind === 'chc')
          certificateClaim = recorder.measure('certificate', () =>
            witnessCertificateClaim({
              original: program,
              semantics: options.semantics,
              solvedProgram: checked.solved!.program,
              solvedSystem: checked.solved!.system,
              witnesses: artefact.transformed.witnesses,
              sizeConstants: checked.solved!.sizeConstants,
              model: checked.solved!.model,
              solverName: solver.name,
            }),
          );
        return { kind: 'decided', verdict: { kind: 'safe', assumptions: safeAssumptions(options.semantics) } };
      }
      // the abstraction has a counterexample: look for a concrete one of the original program
      const precision = evaluatePrecision(program, artefact.transformed.loops);
      const imprecision = describeFirstFailure(precision);
      recorder.details.precision = precision.map((assertion) => ({
        assertion: `${assertion.location.line}:${assertion.location.column}`,
        failing: assertion.failures.map((failure) => failure.rule),
      }));
      const why =
        imprecision !== undefined
          ? `witness abstraction imprecise: ${imprecision}`
          : 'witness abstraction has a counterexample that was not found in the program (precision rules hold)';
      return { kind: 'search', why, unknownKind: 'imprecise' };
    },
  });
  return outcome.verdict.kind === 'safe' ? { ...outcome, certificateClaim } : outcome;
}

/** the loop-free query asked before the clauses (unless --loop-free-first no), if it is one */
function loopFreeFirst(
  program: Program,
  options: EncodingOptions,
): Extract<WitnessArtefact, { kind: 'query' }> | undefined {
  if (optionValue(options, loopFreeFirstOption) === 'no') return undefined;
  const removed = buildWitnessArtefact(program, withOptions(options, { [loopsOption.name]: 'removed' }));
  return removed.kind === 'query' ? removed : undefined;
}

/** the clauses a SAFE of the kept loops came from: their program, its size constants, the model */
export interface SolvedClauses {
  readonly program: Program;
  readonly system: ChcSystem;
  readonly sizeConstants: ReadonlyMap<number, bigint>;
  readonly model: string | undefined;
}

export type AbstractionResult =
  | {
      readonly kind: 'safe' | 'counterexample';
      readonly times: Record<string, number>;
      readonly generalised?: string | undefined;
      /** with a SAFE of kept loops */
      readonly solved?: SolvedClauses;
    }
  | {
      readonly kind: 'unknown';
      readonly result: Extract<SolverResult, { kind: 'unknown' }>;
      readonly times: Record<string, number>;
      readonly generalised?: string | undefined;
    };

/**
 * Solves the abstraction only: 'safe' (the program is safe), 'counterexample' (the abstraction can
 * fail; says nothing about the program) or 'unknown'. Kept loops: the size-generalised clauses get
 * half of the budget first, then the clauses as they are.
 */
export async function checkAbstraction(
  program: Program,
  artefact: WitnessArtefact,
  options: EncodingOptions,
  solver: Solver,
  budget: Budget,
): Promise<AbstractionResult> {
  const times: Record<string, number> = {};
  let generalisedAnswer: string | undefined;
  let start = performance.now();
  if (artefact.kind === 'chc') {
    const generalised = artefact.generalised;
    if (generalised !== undefined) {
      const result = await solver.checkChc(generalised.system, {
        timeoutMilliseconds: budget.share(1 / 2).solverTimeout(),
        model: true,
      });
      times.solveGeneralised = performance.now() - start;
      generalisedAnswer = result.kind;
      if (result.kind === 'sat') {
        const { program: solvedProgram, system, sizeConstants } = generalised;
        const solved = { program: solvedProgram, system, sizeConstants, model: result.model };
        return { kind: 'safe', times, generalised: generalisedAnswer, solved };
      }
      start = performance.now();
    }
    const result = await solver.checkChc(artefact.system, { timeoutMilliseconds: budget.solverTimeout(), model: true });
    times.solve = performance.now() - start;
    if (result.kind === 'unknown') return { kind: 'unknown', result, times, generalised: generalisedAnswer };
    if (result.kind === 'unsat') return { kind: 'counterexample', times, generalised: generalisedAnswer };
    const solved = {
      program: artefact.transformed.program,
      system: artefact.system,
      sizeConstants: new Map(),
      model: result.model,
    };
    return { kind: 'safe', times, generalised: generalisedAnswer, solved };
  }
  const result = await solver.checkScript(artefact.script, { timeoutMilliseconds: budget.solverTimeout() });
  times.solve = performance.now() - start;
  if (result.kind === 'unknown') return { kind: 'unknown', result, times };
  return { kind: result.kind === 'unsat' ? 'safe' : 'counterexample', times };
}

/** the size-generalised witness clauses, their program, and each size variable's constant */
export interface GeneralisedClauses {
  readonly system: ChcSystem;
  readonly program: Program;
  readonly sizeConstants: ReadonlyMap<number, bigint>;
}

/** the witness clauses with constant array sizes generalised (analysis/generalise-size.ts); undefined when nothing changes */
export function generalisedSystem(program: Program, transformed: Transformed): GeneralisedClauses | undefined {
  const sizes = program.arrays.flatMap((array) =>
    array.sizes.flatMap((size) => (size.kind === 'constant' ? [size.value] : [])),
  );
  const generalised = generaliseSizes(transformed.program, sizes);
  if (generalised === undefined) return undefined;
  const encoding = buildChcEncoding(generalised.program, 'int');
  const note = [...generalised.replaced.entries()]
    .map(([value, variable]) => `${value} -> ${variable.name}`)
    .join(', ');
  const system = createChcSystem({
    ...encoding.system,
    headerComments: [
      `size-generalised witness clauses (constants ${note}, each >= 0)`,
      ...encoding.system.headerComments,
    ],
  });
  const sizeConstants = new Map([...generalised.replaced.entries()].map(([value, variable]) => [variable.id, value]));
  return { system, program: generalised.program, sizeConstants };
}
