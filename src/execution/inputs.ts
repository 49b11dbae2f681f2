// A counterexample as what a real run of the program consumes.
//
// A Counterexample lists every nondeterministic choice of the interpreter in order. Only some of
// them are inputs of a real run: the values returned by `__VERIFIER_nondet_*` calls (havocs whose
// origin is 'input'). The others are values C leaves indeterminate (uninitialised locals and the
// entry function's parameters: scalar havocs of origin 'indeterminate'; uninitialised local and
// malloc'ed arrays: every array havoc) that our model chose; a compiled program picks its own.
// The split replays the counterexample on the interpreter and sorts each consumed value by the
// origin of the havoc that took it.

import { defaultReplaySteps, runProgram, type NondetSource, type RunOutcome } from '../interp/interpreter.js';
import { createCounterexampleSource } from '../interp/sources.js';
import { typeRange } from '../ir/factory.js';
import type { Program, Semantics, SourceLocation } from '../ir/types.js';
import type { Counterexample } from '../verdict.js';

export interface IndeterminateChoice {
  readonly location: SourceLocation;
  /** `x = 5` for a scalar, `a[...]` for an array's contents */
  readonly description: string;
}

export interface ProgramInputs {
  /** the values of the `__VERIFIER_nondet_*` calls, in the order the run makes them */
  readonly inputs: readonly bigint[];
  /** the values the model chose for what C leaves indeterminate, in the order they were taken */
  readonly indeterminate: readonly IndeterminateChoice[];
  /** how the interpreter's replay of the whole counterexample ended */
  readonly replay: RunOutcome;
}

export function programInputs(
  program: Program,
  counterexample: Counterexample,
  semantics: Semantics,
  maxSteps = defaultReplaySteps,
  deadline?: number,
): ProgramInputs {
  const inner = createCounterexampleSource(counterexample);
  const inputs: bigint[] = [];
  const indeterminate: IndeterminateChoice[] = [];
  const source: NondetSource = {
    nextScalar: (type, location, origin) => {
      const value = inner.nextScalar(type, location, origin);
      if (value === undefined) return value;
      if (origin === 'input') inputs.push(value);
      else indeterminate.push({ location, description: `a ${type.name} = ${value}` });
      return value;
    },
    nextArray: (array, location, sizes) => {
      const content = inner.nextArray(array, location, sizes);
      if (content !== undefined) {
        const cells = [...content.entries].slice(0, 3).map(([cell, value]) => `[${cell}] = ${value}`);
        const more = content.entries.size > 3 ? ', …' : '';
        indeterminate.push({
          location,
          description: `${array.sourceName}: every cell ${content.defaultValue}${cells.length > 0 ? `, ${cells.join(', ')}${more}` : ''}`,
        });
      }
      return content;
    },
  };
  const replay = runProgram(program, {
    semantics,
    nondet: source,
    maxSteps,
    ...(deadline === undefined ? {} : { deadline }),
  });
  return { inputs, indeterminate, replay };
}

/**
 * Whether the failure needs the model's indeterminate values: the counterexample is replayed with
 * the same inputs and with every indeterminate value replaced by `alternative` (clamped to the
 * type; arrays filled with it), for 0 and 1; 'depends' when one of those replays ends and does not
 * fail, 'outOfTime' when a replay was cut by its deadline before any did, otherwise 'independent'.
 */
export function failureDependsOnIndeterminate(
  program: Program,
  counterexample: Counterexample,
  semantics: Semantics,
  maxSteps = defaultReplaySteps,
  deadline?: number,
): 'depends' | 'independent' | 'outOfTime' {
  let cut = false;
  for (const alternative of [0n, 1n]) {
    const inner = createCounterexampleSource(counterexample);
    const source: NondetSource = {
      nextScalar: (type, location, origin) => {
        const value = inner.nextScalar(type, location, origin);
        if (value === undefined || origin === 'input') return value;
        const { minimum, maximum } = typeRange(type);
        return alternative < minimum ? minimum : alternative > maximum ? maximum : alternative;
      },
      nextArray: (array, location, sizes) => {
        const content = inner.nextArray(array, location, sizes);
        return content === undefined ? content : { defaultValue: alternative, entries: new Map() };
      },
    };
    const outcome = runProgram(program, {
      semantics,
      nondet: source,
      maxSteps,
      ...(deadline === undefined ? {} : { deadline }),
    });
    if (outcome.kind === 'stepLimitReached' && outcome.byDeadline === true) cut = true;
    else if (outcome.kind !== 'assertionFailed') return 'depends';
  }
  return cut ? 'outOfTime' : 'independent';
}
