// The terms of a fold's laws and the one way they are asked: FoldTerms translates a fold's INIT,
// step F and counter step (read from the program's expressions, in C's semantics: bv, or int when the
// run asks for mathematical integers) into solver terms over fresh symbols; lawsProven asks the solver
// each law's negation. Used by kernel/permuted-reductions.ts, kernel/reordered-folds.ts and
// kernel/permuted-copies.ts.
//
// The program passes run again in every stage of the portfolio; the answers to the same laws are
// kept for the run by the solver they are asked of (kernel/remembered-answers.ts, transforms.ts).
//
// Soundness: a law counts as proven only on unsat of its negation (any other answer, a timeout
// included, is no); an expression that reads a variable without a given value, another array, an
// opaque operation, or (in `evaluate`) may be undefined, is no term at all (NotExact).

import { convertedTo } from '../ir/factory.js';
import type { ArrayVariable, Expression, ScalarVariable, Semantics } from '../ir/types.js';
import type { Reduction } from '../analysis/reductions.js';
import { createSmtScript, freeSymbols, not, symbol, type SymbolTerm, type Term } from '../smt/terms.js';
import type { Solver } from '../solvers/solver.js';
import {
  arrayVariableSort,
  constantTerm,
  ExpressionTranslator,
  scalarSort,
  type ExpressionEnvironment,
  type Translation,
} from '../symbolic/expressions.js';
import type { Budget } from './budget.js';

/** the limit of one law's query, in milliseconds */
const lawMilliseconds = 2_000;

export class NotExact extends Error {}

/** what FoldTerms reads of a fold: its variables, INIT, F and the counter's step */
export type FoldParts = Pick<Reduction, 'accumulator' | 'counter' | 'array' | 'initial' | 'update' | 'step'>;

/** the fold's terms in one semantics: F at (r, i, X), the counter's successor, G at X, a cell's index */
export class FoldTerms {
  readonly translator: ExpressionTranslator;

  constructor(
    private readonly reduction: FoldParts,
    readonly semantics: Semantics,
  ) {
    this.translator = new ExpressionTranslator(semantics);
  }

  /** the expression's value (reading the fold's array as `array`); NotExact when it reads anything else or may be undefined */
  evaluate(expression: Expression, values: ReadonlyMap<number, Term>, array: Term | undefined): Term {
    const translation = this.translation(expression, values, array, 'value');
    if (!(translation.definedness.kind === 'boolConstant' && translation.definedness.value))
      throw new NotExact('may be undefined');
    return translation.term;
  }

  /** the expression's value or truth with its definedness; NotExact when it reads a variable without a value or another array */
  translation(
    expression: Expression,
    values: ReadonlyMap<number, Term>,
    array: Term | undefined,
    as: 'value' | 'condition',
  ): Translation {
    const environment: ExpressionEnvironment = {
      scalar: (variable) => {
        const value = values.get(variable.id);
        if (value === undefined) throw new NotExact(`reads ${variable.name}`);
        return value;
      },
      array: (read) => {
        if (array === undefined || read.id !== this.reduction.array.id) throw new NotExact(`reads ${read.sourceName}`);
        return array;
      },
      opaque: (operation) => {
        throw new NotExact(`uses ${operation}`);
      },
    };
    return as === 'value'
      ? this.translator.translate(expression, environment)
      : this.translator.toBool(expression, environment);
  }

  step(accumulator: Term, counter: Term, array: Term): Term {
    const { reduction } = this;
    return this.evaluate(
      convertedTo(reduction.update, reduction.accumulator.type),
      new Map([
        [reduction.accumulator.id, accumulator],
        [reduction.counter.id, counter],
      ]),
      array,
    );
  }

  next(counter: Term): Term {
    const { reduction } = this;
    return this.evaluate(
      convertedTo(reduction.step, reduction.counter.type),
      new Map([[reduction.counter.id, counter]]),
      undefined,
    );
  }

  initial(array: Term): Term {
    const { reduction } = this;
    return this.evaluate(convertedTo(reduction.initial, reduction.accumulator.type), new Map(), array);
  }

  index(counter: Term): Term {
    return this.translator.convertIndex(counter, this.reduction.counter.type);
  }

  constant(value: bigint, variable: ScalarVariable): Term {
    return constantTerm(value, variable.type, this.semantics);
  }

  fresh(name: string, variable: ScalarVariable | ArrayVariable): SymbolTerm {
    return symbol(
      `${name}!law`,
      variable.kind === 'array'
        ? arrayVariableSort(variable, this.semantics)
        : scalarSort(variable.type, this.semantics),
    );
  }

  element(name: string): SymbolTerm {
    return symbol(`${name}!law`, scalarSort(this.reduction.array.elementType, this.semantics));
  }
}

/** whether the solver proves every law (unsat of its negation), in order; any other answer is no */
export async function lawsProven(laws: readonly Term[], solver: Solver, budget: Budget): Promise<boolean> {
  for (const law of laws) {
    if (budget.expired()) return false;
    const query = not(law);
    const script = createSmtScript({
      headerComments: ['a law of a fold (a reduction repeated, reordered or split): unsat proves it'],
      logic: 'ALL',
      constants: freeSymbols(query),
      functions: [],
      assertions: [{ term: query }],
    });
    const result = await solver.checkScript(script, { timeoutMilliseconds: budget.solverTimeout(lawMilliseconds) });
    if (result.kind !== 'unsat') return false;
  }
  return true;
}
