// Replay of a shrink-encoding model on the original program when loops before R were abstracted
// (their modified variables havocked): such loops consume nondeterministic values that the model
// does not list. A guided source answers them:
// - a fill loop `for (v = c; ...; v = v + s) { ... t = nondet(); A[v] = t; ... }` (the havoc at the
//   top level, no break/continue) gets, at its n-th call, the model's value of A after the loop at
//   index c + n·s (clamped into the type's range);
// - any other choice inside an abstracted loop gets 0 (an empty array for an array havoc);
// - every other choice comes from the decoded model, in order (0 once it runs out).
// The source only proposes inputs: the interpreter's run decides, and only a failed assertion
// there gives UNSAFE (with the choices the run actually consumed).

import { typeRange } from '../../ir/factory.js';
import type { Block, IntegerType, Program, ScalarVariable, Semantics, SourceLocation } from '../../ir/types.js';
import { modelIndexToValue, modelIntegerToValue } from '../../symbolic/expressions.js';
import { runProgram, type RunOutcome } from '../../interp/interpreter.js';
import type { Term } from '../../smt/terms.js';
import type { ModelValue } from '../../solvers/solver.js';
import type { ArrayContent, Counterexample } from '../../verdict.js';
import type { AbstractedLoop } from './residual-queries.js';
import { flattenStatements, stripCasts, writesScalar as assignedIn } from '../../ir/visit.js';
import { acceleratedVariables } from './scope.js';

interface Fill {
  readonly term: Term;
  readonly entry: bigint;
  readonly step: bigint;
}

export interface GuidedReplay {
  /** model terms to request in addition to the counterexample's */
  readonly terms: readonly Term[];
  /** stops by `maximumSteps` and soon after `deadline` (performance.now()'s time line) */
  run(
    program: Program,
    decoded: Counterexample,
    values: readonly ModelValue[],
    maximumSteps: number,
    deadline: number,
  ): RunOutcome;
}

function key(location: SourceLocation): string {
  return `${location.line}:${location.column}`;
}

export function guidedReplay(
  init: Block,
  abstracted: readonly AbstractedLoop[],
  semantics: Semantics = 'int',
): GuidedReplay {
  const fills = new Map<string, Fill>();
  const loopChoices = new Set<string>();
  for (const { loop, arrays } of abstracted) {
    for (const statement of flattenStatements([loop])) {
      if (statement.kind === 'havoc' || statement.kind === 'arrayHavoc') loopChoices.add(key(statement.location));
    }
    const entryOf = (variable: ScalarVariable): bigint | undefined => {
      const position = init.indexOf(loop);
      if (position < 0) return undefined;
      for (let index = position - 1; index >= 0; index--) {
        const statement = init[index]!;
        if (statement.kind === 'assign' && statement.target.id === variable.id) {
          const value = stripCasts(statement.value);
          return value.kind === 'constant' ? value.value : undefined;
        }
        if (assignedIn([statement], variable)) return undefined;
      }
      return undefined;
    };
    const jumps = flattenStatements(loop.body).some(
      (statement) => statement.kind === 'break' || statement.kind === 'continue',
    );
    if (jumps) continue;
    const counters = acceleratedVariables(loop, semantics).filter(
      (entry) => entry.step !== 0n && !assignedIn(loop.body, entry.variable),
    );
    loop.body.forEach((statement, index) => {
      const next = loop.body[index + 1];
      if (statement.kind !== 'havoc' || next === undefined || next.kind !== 'arrayWrite' || next.indices.length !== 1)
        return;
      const value = stripCasts(next.value);
      const position = stripCasts(next.indices[0]!);
      if (value.kind !== 'variable' || value.variable.id !== statement.target.id || position.kind !== 'variable')
        return;
      const counter = counters.find((entry) => entry.variable.id === position.variable.id);
      const term = arrays.get(next.array.id);
      if (counter === undefined || term === undefined) return;
      const entry = entryOf(counter.variable);
      if (entry === undefined) return;
      fills.set(key(statement.location), { term, entry, step: counter.step });
    });
  }
  const fillList = [...fills.entries()];
  return {
    terms: fillList.map(([, fill]) => fill.term),
    run(program, decoded, values, maximumSteps, deadline) {
      const models = new Map<string, ModelValue>();
      fillList.forEach(([location], index) => {
        const value = values[index];
        if (value !== undefined) models.set(location, value);
      });
      const counts = new Map<string, number>();
      let scalarIndex = 0;
      let arrayIndex = 0;
      return runProgram(program, {
        semantics,
        maxSteps: maximumSteps,
        deadline,
        nondet: {
          nextScalar(type, location) {
            const where = key(location);
            const fill = fills.get(where);
            if (fill !== undefined) {
              const count = counts.get(where) ?? 0;
              counts.set(where, count + 1);
              const cell = cellValue(models.get(where), fill.entry + BigInt(count) * fill.step, type, semantics) ?? 0n;
              const { minimum, maximum } = typeRange(type);
              return cell < minimum ? minimum : cell > maximum ? maximum : cell;
            }
            if (loopChoices.has(where)) return 0n;
            return scalarIndex < decoded.scalars.length ? decoded.scalars[scalarIndex++] : 0n;
          },
          nextArray(_array, location): ArrayContent {
            if (loopChoices.has(key(location))) return { defaultValue: 0n, entries: new Map() };
            return arrayIndex < decoded.arrays.length
              ? decoded.arrays[arrayIndex++]!
              : { defaultValue: 0n, entries: new Map() };
          },
        },
      });
    },
  };
}

function cellValue(
  value: ModelValue | undefined,
  index: bigint,
  type: IntegerType,
  semantics: Semantics,
): bigint | undefined {
  if (value === undefined || value.kind !== 'array') return undefined;
  for (const entry of value.entries) {
    if (entry.index.kind === 'integer' && modelIndexToValue(entry.index.value, semantics) === index) {
      return entry.value.kind === 'integer' ? modelIntegerToValue(entry.value.value, type, semantics) : undefined;
    }
  }
  return value.defaultValue.kind === 'integer'
    ? modelIntegerToValue(value.defaultValue.value, type, semantics)
    : undefined;
}
