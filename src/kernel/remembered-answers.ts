// The definite answers of one verification, kept for the program passes that ask the solver
// (permuted reductions' fold laws, kernel/fold-terms.ts): every stage of the portfolio runs the
// program passes again on the same program, and a law that z3 refutes only after 1.3–1.7 s (a 64-bit
// product in an order-dependent fold) cost each stage that much before it began (bench/
// commuting-reductions' index-map-sum-unsafe: the `runs` stage ran no run, and every stage timed out,
// on a 2-core VM). The run's memory (run-memory.ts) holds one `AnswerMemory`, handed to every stage;
// nothing outlives the run.
//
// `rememberingSolver` answers a script it has seen with the answer it got then: only sat and unsat,
// only for a `checkScript` that asks for no values and no model (the answer is then the whole
// result), keyed by the solver's name and the printed script. An unknown answer depends on the time
// given and is not kept. Sound: the same script asked of the same solver has the same definite answer.

import { printSmtScript } from '../smt/printer.js';
import type { Solver } from '../solvers/solver.js';

/** the definite answers of one run, by solver name and printed script (oldest first) */
export class AnswerMemory {
  private readonly answers = new Map<string, 'sat' | 'unsat'>();

  constructor(private readonly capacity = 256) {}

  get(key: string): 'sat' | 'unsat' | undefined {
    return this.answers.get(key);
  }

  set(key: string, answer: 'sat' | 'unsat'): void {
    this.answers.set(key, answer);
    while (this.answers.size > this.capacity) this.answers.delete(this.answers.keys().next().value!);
  }

  get size(): number {
    return this.answers.size;
  }
}

/** `solver`, answering again from `memory` the scripts whose definite answer it holds (see the header) */
export function rememberingSolver(solver: Solver, memory: AnswerMemory): Solver {
  return {
    name: solver.name,
    ...(solver.concurrent === undefined ? {} : { concurrent: solver.concurrent }),
    checkScript: async (script, options) => {
      if (options.valuesOf !== undefined || options.model === true) return solver.checkScript(script, options);
      const key = `${solver.name}\n${printSmtScript(script)}`;
      const known = memory.get(key);
      if (known !== undefined) return known === 'sat' ? { kind: 'sat', values: undefined } : { kind: 'unsat' };
      const result = await solver.checkScript(script, options);
      if (result.kind === 'sat' || result.kind === 'unsat') memory.set(key, result.kind);
      return result;
    },
    checkChc: (system, options) => solver.checkChc(system, options),
    ...(solver.checkText === undefined ? {} : { checkText: solver.checkText.bind(solver) }),
    // the wrapped solver is the caller's, who disposes of it
    dispose: () => Promise.resolve(),
  };
}
