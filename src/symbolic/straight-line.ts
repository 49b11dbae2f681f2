// Symbolic execution of one straight-line loop path (branches already resolved into assumptions,
// accel's paths.ts) with every value inline: no fresh constants, no definitions, so the result can
// be rewritten and quantified over (accel's summaries eliminate quantifiers from these terms). The
// statement rules are the executor's (executor.ts): an assigned or stored value is converted to its
// object's type, an assumption and the definedness of every value restrict the path, a write
// stores into the array term. Havocs take the values the caller gives, in path order.
//
// Soundness: exact in the translator's semantics for the operators it encodes exactly; any other
// operator goes to `reject` (the caller refuses the path), never to an approximation.

import { convertedTo } from '../ir/factory.js';
import type { ArrayVariable } from '../ir/types.js';
import type { PathStatement } from '../analysis/path-polynomials.js';
import { store, type Term } from '../smt/terms.js';
import type { ExpressionEnvironment, ExpressionTranslator } from './expressions.js';

export interface StraightLineTerms {
  /** the path's condition as conjuncts (definedness and assumptions, in path order) */
  readonly conjuncts: readonly Term[];
  /** the array writes in path order */
  readonly writes: readonly { readonly array: ArrayVariable; readonly index: Term; readonly value: Term }[];
}

export interface StraightLineStart {
  readonly scalars: ReadonlyMap<number, Term>;
  readonly arrays: ReadonlyMap<number, Term>;
}

/**
 * The path's conjuncts and array writes from `start` (havocs take `havocValues` in order); `reject`
 * is called (and must throw) on an operator without an exact encoding or a write to several
 * dimensions.
 */
export function executeStraightLine(
  statements: readonly PathStatement[],
  start: StraightLineStart,
  havocValues: readonly Term[],
  translator: ExpressionTranslator,
  reject: (message: string) => never,
): StraightLineTerms {
  const scalars = new Map(start.scalars);
  const arrays = new Map(start.arrays);
  const environment: ExpressionEnvironment = {
    scalar: (variable) => scalars.get(variable.id)!,
    array: (array) => arrays.get(array.id)!,
    opaque: (operation) =>
      reject(`the path uses ${operation}, which has no exact encoding in ${translator.semantics} semantics`),
  };
  const conjuncts: Term[] = [];
  const addConjuncts = (term: Term): void => {
    if (term.kind === 'apply' && term.operator === 'and') term.arguments.forEach(addConjuncts);
    else if (!(term.kind === 'boolConstant' && term.value)) conjuncts.push(term);
  };
  const writes: { array: ArrayVariable; index: Term; value: Term }[] = [];
  let havocIndex = 0;
  for (const statement of statements) {
    switch (statement.kind) {
      case 'assume': {
        const translation = translator.toBool(statement.condition, environment);
        addConjuncts(translation.definedness);
        addConjuncts(translation.term);
        break;
      }
      case 'assign': {
        const translation = translator.translate(convertedTo(statement.value, statement.target.type), environment);
        addConjuncts(translation.definedness);
        scalars.set(statement.target.id, translation.term);
        break;
      }
      case 'havoc':
        scalars.set(statement.target.id, havocValues[havocIndex++]!);
        break;
      case 'arrayWrite': {
        if (statement.indices.length !== 1) reject(`multi-dimensional write to ${statement.array.sourceName}`);
        const translation = translator.translate(
          convertedTo(statement.value, statement.array.elementType),
          environment,
        );
        const index = translator.translateIndex(statement.indices[0]!, environment);
        addConjuncts(translation.definedness);
        addConjuncts(index.definedness);
        writes.push({ array: statement.array, index: index.term, value: translation.term });
        arrays.set(statement.array.id, store(arrays.get(statement.array.id)!, index.term, translation.term));
        break;
      }
      default: {
        const never: never = statement;
        throw new Error(`internal: unknown statement ${JSON.stringify(never)}`);
      }
    }
  }
  return { conjuncts, writes };
}
