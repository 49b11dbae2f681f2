// Small validity questions of the viap translation ("do the facts before a loop and the loop
// condition imply this condition?"), asked to the solver under a short time limit. Only a proven
// `unsat` answers yes; everything else (sat, unknown, timeout, spent budget) answers "not known",
// which the translation treats as "keep the term as it is", so the answer can only make it more
// precise, never wrong.

import {
  and,
  createSmtScript,
  forEachSubterm,
  freeSymbols,
  not,
  type FunctionDeclaration,
  type Term,
} from '../../smt/terms.js';
import type { Solver } from '../../solvers/solver.js';
import type { Budget } from '../../kernel/budget.js';

/** the limit of one question, in milliseconds */
const questionMilliseconds = 500;

function functionsOf(terms: readonly Term[]): FunctionDeclaration[] {
  const found = new Map<string, FunctionDeclaration>();
  forEachSubterm(terms, (current) => {
    if (current.kind === 'applyFunction') found.set(current.function.name, current.function);
  });
  return [...found.values()];
}

export function decider(
  solver: Solver,
  budget: Budget,
): (assumptions: readonly Term[], goal: Term) => Promise<boolean> {
  return async (assumptions, goal) => {
    if (budget.expired()) return false;
    const query = and(...assumptions, not(goal));
    const script = createSmtScript({
      headerComments: ['viap: is the condition implied?'],
      logic: 'ALL',
      constants: freeSymbols(query),
      functions: functionsOf([query]),
      assertions: [{ term: query }],
    });
    const result = await solver.checkScript(script, {
      timeoutMilliseconds: budget.share(0.05).solverTimeout(questionMilliseconds),
      question: true,
    });
    return result.kind === 'unsat';
  };
}
