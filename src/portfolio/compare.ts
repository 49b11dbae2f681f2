// `encode compare`: every registered encoding on one program, under each solver asked for, each run
// with the full --timeout through the kernel (so the verdicts are the ones `--encoding NAME` gives),
// and the size of what the encoding hands a solver: the emitted artefacts' bytes, assertions (or
// Horn clauses) and quantifiers. Measuring only: nothing here decides a verdict.

import { performance } from 'node:perf_hooks';
import type { Encoder } from '../kernel/encoder.js';
import type { RequestOptions } from '../kernel/options.js';
import { encoders } from '../encoders/index.js';
import { Budget } from '../kernel/budget.js';
import { emitEncoding, runEncoding } from '../kernel/run-encoding.js';
import type { Program } from '../ir/types.js';
import { printChcSystem, printSmtScript } from '../smt/printer.js';
import { forEachSubterm, type ChcSystem, type SmtScript, type Term } from '../smt/terms.js';
import type { Solver } from '../solvers/solver.js';
import type { Verdict } from '../verdict.js';

export interface QuerySize {
  readonly artefacts: number;
  readonly bytes: number;
  /** assertions of the SMT-LIB scripts plus clauses of the CHC systems */
  readonly assertions: number;
  /** quantifier nodes (forall, exists), counting each Horn clause with variables as one */
  readonly quantifiers: number;
}

export type SizeResult =
  { readonly kind: 'measured'; readonly size: QuerySize } | { readonly kind: 'unavailable'; readonly reason: string };

export interface ComparisonRow {
  readonly encoding: string;
  readonly approximation: string;
  readonly solver: string;
  readonly verdict: Verdict;
  readonly milliseconds: number;
  readonly size: SizeResult;
}

export interface CompareSettings {
  readonly timeoutMilliseconds: number;
  readonly registry?: ReadonlyMap<string, Encoder>;
}

function countQuantifiers(terms: readonly Term[]): number {
  let count = 0;
  forEachSubterm(terms, (current) => {
    if (current.kind === 'quantifier' && current.quantifier !== 'lambda') count++;
  });
  return count;
}

function sizeOf(content: SmtScript | ChcSystem): QuerySize {
  if (content.kind === 'smtScript') {
    return {
      artefacts: 1,
      bytes: Buffer.byteLength(printSmtScript(content)),
      assertions: content.assertions.length,
      quantifiers: countQuantifiers(content.assertions.map((assertion) => assertion.term)),
    };
  }
  const quantified = content.clauses.filter((clause) => clause.variables.length > 0).length;
  const inner = countQuantifiers(content.clauses.flatMap((clause) => [...clause.body, clause.head]));
  return {
    artefacts: 1,
    bytes: Buffer.byteLength(printChcSystem(content)),
    assertions: content.clauses.length,
    quantifiers: quantified + inner,
  };
}

/** the emitted artefacts' size, or why there are none */
export async function querySize(
  encoder: Encoder,
  program: Program,
  options: RequestOptions,
  solver: Solver,
  milliseconds: number,
): Promise<SizeResult> {
  const emitted = await emitEncoding(encoder, program, options, solver, Budget.start(milliseconds));
  if (emitted.kind === 'unsupported') return { kind: 'unavailable', reason: emitted.reason };
  const total = emitted.artefacts
    .map((artefact) => sizeOf(artefact.content))
    .reduce<QuerySize>(
      (sum, size) => ({
        artefacts: sum.artefacts + 1,
        bytes: sum.bytes + size.bytes,
        assertions: sum.assertions + size.assertions,
        quantifiers: sum.quantifiers + size.quantifiers,
      }),
      { artefacts: 0, bytes: 0, assertions: 0, quantifiers: 0 },
    );
  return { kind: 'measured', size: total };
}

/** one row per solver and encoding, in the registry's order */
export async function compareEncodings(
  program: Program,
  options: RequestOptions,
  solvers: readonly Solver[],
  settings: CompareSettings,
): Promise<ComparisonRow[]> {
  const registry = settings.registry ?? encoders;
  const sizes = new Map<string, SizeResult>();
  const rows: ComparisonRow[] = [];
  for (const solver of solvers) {
    for (const encoder of registry.values()) {
      const started = performance.now();
      const run = await runEncoding(encoder, program, options, solver, {
        timeoutMilliseconds: settings.timeoutMilliseconds,
      });
      const milliseconds = performance.now() - started;
      let size = sizes.get(encoder.name);
      if (size === undefined) {
        size = await querySize(encoder, program, options, solver, settings.timeoutMilliseconds);
        sizes.set(encoder.name, size);
      }
      rows.push({
        encoding: encoder.name,
        approximation: encoder.approximation,
        solver: solver.name,
        verdict: run.verdict,
        milliseconds,
        size,
      });
    }
  }
  return rows;
}
