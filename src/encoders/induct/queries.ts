// How the premises of `induct` ask the solver, so that `--emit` writes the very queries `--solve`
// asks. Which query comes next depends on the answers before it (the least size the precondition
// allows, whether the peels commute, which relations are inductive, whether the step needs
// strengthening, whether a larger size fails), so emit runs the proof as solve does, with the same
// solver, and records each premise's queries as files, named and in the order asked, each with a
// header saying what it is asked after. Questions whose answers only guess (the runs that fit
// difference relations and strengthening facts, fit-relations.ts and strengthen.ts) are asked
// unrecorded: the files after them say that they rely on their models.
//
// In solve, `askDirectly` hands every premise the solver itself.

import type { EmittedArtefact } from '../../kernel/encoder.js';
import { createChcSystem, createSmtScript } from '../../smt/terms.js';
import type { Solver } from '../../solvers/solver.js';

/** the file name (after `.induct-`, before `.smt2`) of the i-th query of one premise */
export type QueryName = (index: number) => string;

/** one query, then `-2`, `-3`, … for any more */
export function single(name: string): QueryName {
  return (index) => (index === 0 ? name : `${name}-${index + 1}`);
}

/** a bounded check (kernel/bounded-check.ts): the property, then the unwinding assertions */
export function bounded(name: string): QueryName {
  return (index) => (index === 0 ? name : index === 1 ? `${name}-unwinding` : `${name}-${index + 1}`);
}

/** queries numbered from 1: `name-1`, `name-2`, … */
export function numbered(name: string): QueryName {
  return (index) => `${name}-${index + 1}`;
}

export interface Asking {
  /** the solver one premise asks its queries with; `what` says what they are and what they are asked after */
  solver(name: QueryName, what: readonly string[]): Solver;
  /** the same, with every name prefixed and `what` extended (the premises of a strengthened program) */
  within(prefix: string, what: readonly string[]): Asking;
}

/** solve: every premise asks the solver itself */
export function askDirectly(solver: Solver): Asking {
  const asking: Asking = { solver: () => solver, within: () => asking };
  return asking;
}

/** emit: every premise asks the solver, and each query it asks is recorded as a file */
export class QueryRecorder {
  readonly artefacts: EmittedArtefact[] = [];

  constructor(
    private readonly inner: Solver,
    private readonly title: string,
  ) {}

  asking(prefix = '', context: readonly string[] = []): Asking {
    return {
      solver: (name, what) => this.recording(prefix, name, [...context, ...what]),
      within: (inner, what) => this.asking(`${prefix}${inner}-`, [...context, ...what]),
    };
  }

  private recording(prefix: string, name: QueryName, what: readonly string[]): Solver {
    const inner = this.inner;
    let asked = 0;
    const next = (headerComments: readonly string[]) => ({
      suffix: `.induct-${prefix}${name(asked++)}.smt2`,
      headerComments: [this.title, ...what, ...headerComments],
    });
    return {
      name: inner.name,
      ...(inner.concurrent === undefined ? {} : { concurrent: inner.concurrent }),
      checkScript: (script, options) => {
        const { suffix, headerComments } = next(script.headerComments);
        this.artefacts.push({ suffix, content: createSmtScript({ ...script, headerComments }) });
        return inner.checkScript(script, options);
      },
      checkChc: (system, options) => {
        const { suffix, headerComments } = next(system.headerComments);
        this.artefacts.push({ suffix, content: createChcSystem({ ...system, headerComments }) });
        return inner.checkChc(system, options);
      },
      // the solver is the run's: whoever made it disposes of it
      dispose: async () => undefined,
    };
  }
}
