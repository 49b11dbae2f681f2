// The choices of an accelerated stretch, for counterexample decoding (the ChoiceExtension of
// symbolic/executor.ts): every iteration of a stretch executes the same havocs in the same order with the
// same values, `count` times in a row. From the model's values of the stretch's guard, its count
// and its havoc values, the decoder gets one group of values repeated `count` times; the kernel's
// replay then decides whether that run fails.

import type { ScalarVariable, Semantics } from '../../ir/types.js';
import type { Term } from '../../smt/terms.js';
import type { ModelValue } from '../../solvers/solver.js';
import { isTrue } from '../../symbolic/counterexample.js';
import { modelIntegerToValue } from '../../symbolic/expressions.js';
import type { ChoiceExtension, ChoicePiece } from '../../symbolic/executor.js';

export interface StretchHavoc {
  readonly value: Term;
  readonly variable: ScalarVariable;
}

export function stretchChoices(guard: Term, count: Term, havocs: readonly StretchHavoc[]): ChoiceExtension {
  return {
    kind: 'extension',
    terms: [guard, count, ...havocs.map((havoc) => havoc.value)],
    decode(
      values: readonly ModelValue[],
      semantics: Semantics,
    ): ChoicePiece | undefined | { kind: 'undecodable'; reason: string } {
      const [guardValue, countValue, ...havocValues] = values;
      if (guardValue === undefined || countValue === undefined || !isTrue(guardValue)) return undefined;
      if (countValue.kind !== 'integer') return { kind: 'undecodable', reason: 'iteration count is not an integer' };
      const group: bigint[] = [];
      for (const [index, value] of havocValues.entries()) {
        const variable = havocs[index]!.variable;
        if (value.kind !== 'integer')
          return { kind: 'undecodable', reason: `value of ${variable.name} is not an integer` };
        group.push(modelIntegerToValue(value.value, variable.type, semantics));
      }
      // a count beyond what can be replayed is refused by the decoder's limit
      const repetitions =
        countValue.value < 0n
          ? 0
          : countValue.value > BigInt(Number.MAX_SAFE_INTEGER)
            ? Number.MAX_SAFE_INTEGER
            : Number(countValue.value);
      return { group, repetitions };
    },
  };
}
