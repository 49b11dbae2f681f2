// Exhaustive exploration of a program's nondeterministic choices over a small domain, by depth-first
// search (each run replays a prefix of choices from the start; the program is compiled once).
//
// What is enumerated:
// - a scalar `havoc`: every value of `domain` that lies in the target type's range;
// - an `arrayHavoc` of at most `maxEnumeratedCells` (default 6) cells (sizes evaluated at the havoc,
//   row-major flattened): every assignment of domain values to the cells 0..cells-1, independently;
//   a larger array gets only the constant arrays (every cell the same domain value) and makes the
//   result incomplete;
// - cells outside 0..cells-1 of a havocked array all hold the first fitting domain value; a run that
//   reads such a cell makes the result incomplete (those cells were not enumerated).
// `complete: true` therefore means: every run with values from the domain was executed to its end
// (no step limit hit, no run cut off by `maxRuns`). It says nothing about values outside the domain.
// A run that reaches undefined behaviour stops the exploration with `undefinedBehaviour`.

import { typeRange } from '../ir/factory.js';
import type { ArrayVariable, IntegerType, Program, Semantics, SourceLocation } from '../ir/types.js';
import type { ArrayContent, Counterexample } from '../verdict.js';
import { compileProgram } from './compile.js';
import type { NondetSource } from './run-types.js';

export interface ExploreOptions {
  readonly semantics: Semantics;
  readonly domain: readonly bigint[];
  readonly maxRuns: number;
  readonly maxSteps: number;
  readonly maxEnumeratedCells?: number;
}

export type ExploreResult =
  | { kind: 'failureFound'; counterexample: Counterexample; location: SourceLocation; runs: number }
  | {
      kind: 'undefinedBehaviour';
      reason: string;
      location: SourceLocation;
      counterexample: Counterexample;
      runs: number;
    }
  | { kind: 'noFailure'; runs: number; complete: boolean; incompleteReasons: readonly string[] };

interface ChoicePoint {
  index: number;
  readonly count: number;
}

export function exploreAll(program: Program, options: ExploreOptions): ExploreResult {
  const compiled = compileProgram(program, options.semantics);
  const maxEnumeratedCells = options.maxEnumeratedCells ?? 6;
  const incompleteReasons = new Set<string>();
  const choices: ChoicePoint[] = [];
  let runs = 0;

  function fitting(type: IntegerType): bigint[] {
    const { minimum, maximum } = typeRange(type);
    const values = options.domain.filter((value) => value >= minimum && value <= maximum);
    if (values.length > 0) return values;
    incompleteReasons.add(`no domain value fits ${type.name}`);
    return [minimum];
  }

  for (;;) {
    runs++;
    let position = 0;
    const scalars: bigint[] = [];
    const arrays: ArrayContent[] = [];
    const choose = (count: number): number => {
      if (position < choices.length) return choices[position++]!.index;
      choices.push({ index: 0, count });
      position++;
      return 0;
    };
    const source: NondetSource = {
      nextScalar(type: IntegerType) {
        const values = fitting(type);
        const value = values[choose(values.length)]!;
        scalars.push(value);
        return value;
      },
      nextArray(array: ArrayVariable, _location: SourceLocation, sizes: readonly bigint[]) {
        const values = fitting(array.elementType);
        let cells = 1n;
        for (const size of sizes) cells *= size < 0n ? 0n : size;
        const entries = new Map<bigint, bigint>();
        let content: ArrayContent;
        if (cells <= BigInt(maxEnumeratedCells)) {
          const count = values.length ** Number(cells);
          let code = choose(count);
          for (let cell = 0; cell < Number(cells); cell++) {
            entries.set(BigInt(cell), values[code % values.length]!);
            code = Math.floor(code / values.length);
          }
          content = { defaultValue: values[0]!, entries };
        } else {
          incompleteReasons.add(`${array.sourceName} has ${cells} cells; only constant contents were enumerated`);
          content = { defaultValue: values[choose(values.length)]!, entries };
        }
        arrays.push(content);
        return content;
      },
    };
    const { outcome, nondeterministicDefaultRead } = compiled.run(source, options.maxSteps);
    if (nondeterministicDefaultRead)
      incompleteReasons.add("a run read a cell outside a havocked array's enumerated cells");
    switch (outcome.kind) {
      case 'assertionFailed':
        return { kind: 'failureFound', counterexample: outcome.consumed, location: outcome.location, runs };
      case 'undefinedBehaviour':
        return {
          kind: 'undefinedBehaviour',
          reason: outcome.reason,
          location: outcome.location,
          counterexample: { scalars, arrays },
          runs,
        };
      case 'stepLimitReached':
        incompleteReasons.add(`a run reached the step limit ${options.maxSteps}`);
        break;
      case 'inputExhausted':
      case 'invalidInput':
        throw new Error(`internal: exploration source produced ${outcome.kind}`);
      case 'assumptionFailed':
      case 'completed':
        break;
      default: {
        const unreachable: never = outcome;
        throw new Error(`internal: unknown outcome ${JSON.stringify(unreachable)}`);
      }
    }
    // the choices past this run's last consumption belong to no run any more
    choices.length = position;
    while (choices.length > 0 && choices[choices.length - 1]!.index + 1 >= choices[choices.length - 1]!.count)
      choices.pop();
    if (choices.length === 0) break;
    if (runs >= options.maxRuns) {
      incompleteReasons.add(`stopped after ${options.maxRuns} runs`);
      break;
    }
    choices[choices.length - 1]!.index++;
  }
  return { kind: 'noFailure', runs, complete: incompleteReasons.size === 0, incompleteReasons: [...incompleteReasons] };
}
