// Reading a counterexample back from a model (the kernel's confirm.ts replays it).
//
// The terms to evaluate are, for every havoc copy in program order of the (unrolled) program, its
// path guard and its value; for every arrayHavoc copy its guard, its array value and its sizes. The
// copies whose guard is true are, in order, exactly the choices the interpreter consumes on that
// path. Multi-dimensional array values are flattened row-major (only cells within the sizes; the
// interpreter keys other cells separately). A counterexample is only believed after replay.

import { typeRange } from '../ir/factory.js';
import type { IntegerType, Program, Semantics } from '../ir/types.js';
import type { Term } from '../smt/terms.js';
import type { ModelValue } from '../solvers/solver.js';
import type { ArrayContent, Counterexample } from '../verdict.js';
import { modelIndexToValue, modelIntegerToValue } from './expressions.js';
import type { ArrayHavocRecord, ChoicePiece, ChoiceRecord } from './executor.js';

export interface CounterexampleRequest {
  readonly terms: readonly Term[];
  decode(values: readonly ModelValue[]): Counterexample | { kind: 'undecodable'; reason: string };
}

/** the most scalar choices a counterexample may expand to (repeated havocs of accelerated loops) */
const expandedChoicesLimit = 40_000_000;

/**
 * the most cells enumerated when flattening a multi-dimensional array value (all its dimensions
 * together: a model of a 10^4 × 10^5 array would otherwise take minutes of the JavaScript thread,
 * outside any budget, to walk)
 */
const flattenLimit = 1_000_000n;

export function counterexampleRequest(
  havocs: readonly ChoiceRecord[],
  arrayHavocs: readonly ArrayHavocRecord[],
  semantics: Semantics,
): CounterexampleRequest {
  const terms: Term[] = [];
  for (const record of havocs) {
    if ('kind' in record) terms.push(...record.terms);
    else terms.push(record.guard, record.value);
  }
  for (const record of arrayHavocs) terms.push(record.guard, record.value, ...record.sizes);
  return {
    terms,
    decode(values) {
      let position = 0;
      const next = (): ModelValue => {
        const value = values[position++];
        if (value === undefined) throw new Error('internal: too few model values');
        return value;
      };
      // the choices as pieces (a stretch's group of values repeated n times), expanded at the end
      // into one preallocated array: pushing millions of values one by one is several times slower
      const pieces: ChoicePiece[] = [];
      let total = 0;
      for (const record of havocs) {
        if ('kind' in record) {
          const piece = record.decode(
            record.terms.map(() => next()),
            semantics,
          );
          if (piece === undefined) continue;
          if ('kind' in piece) return piece;
          if (piece.repetitions * piece.group.length + total > expandedChoicesLimit) {
            return {
              kind: 'undecodable',
              reason: `a stretch of ${piece.repetitions} repetitions is too long to replay`,
            };
          }
          pieces.push(piece);
          total += piece.repetitions * piece.group.length;
          continue;
        }
        const guard = next();
        const value = next();
        if (!isTrue(guard)) continue;
        if (value.kind !== 'integer')
          return { kind: 'undecodable', reason: `value of ${record.variable.name} is not an integer` };
        pieces.push({ group: [modelIntegerToValue(value.value, record.variable.type, semantics)], repetitions: 1 });
        total += 1;
      }
      const scalars = expandPieces(pieces, total);
      const arrays: ArrayContent[] = [];
      for (const record of arrayHavocs) {
        const guard = next();
        const value = next();
        const sizes = record.sizes.map(() => next());
        if (!isTrue(guard)) continue;
        const sizeValues: bigint[] = [];
        for (const [index, size] of sizes.entries()) {
          if (size.kind !== 'integer')
            return { kind: 'undecodable', reason: `size of ${record.array.name} is not an integer` };
          sizeValues.push(modelIntegerToValue(size.value, record.array.sizes[index]!.type, semantics));
        }
        const content = flattenArray(value, sizeValues, record.array.elementType, semantics);
        if ('kind' in content) return content;
        arrays.push(content);
      }
      return { scalars, arrays };
    },
  };
}

function expandPieces(pieces: readonly ChoicePiece[], total: number): bigint[] {
  const scalars = new Array<bigint>(total);
  let at = 0;
  for (const { group, repetitions } of pieces) {
    if (group.length === 1) {
      scalars.fill(group[0]!, at, at + repetitions);
      at += repetitions;
      continue;
    }
    for (let iteration = 0; iteration < repetitions; iteration++) for (const value of group) scalars[at++] = value;
  }
  return scalars;
}

/** a model value read as a truth value (guards) */
export function isTrue(value: ModelValue): boolean {
  return value.kind === 'boolean' ? value.value : value.kind === 'integer' ? value.value !== 0n : false;
}

function flattenArray(
  value: ModelValue,
  sizes: readonly bigint[],
  elementType: Program['scalars'][number]['type'],
  semantics: Semantics,
): ArrayContent | { kind: 'undecodable'; reason: string } {
  const entries = new Map<bigint, bigint>();
  let defaultCell: ModelValue = value;
  while (defaultCell.kind === 'array') defaultCell = defaultCell.defaultValue;
  if (defaultCell.kind !== 'integer') return { kind: 'undecodable', reason: 'array default is not an integer' };
  // In int semantics the solver may pick a default outside the element type (a havocked array's
  // range is constrained cell by cell, where it is read). The default is clamped into the type:
  // a decoded model is only a candidate that the replay confirms or rejects, so this cannot make a
  // verdict wrong, and it keeps the models whose run never reads a default cell.
  const defaultValue = clampToType(modelIntegerToValue(defaultCell.value, elementType, semantics), elementType);
  const problem = visitRowMajor(value, sizes, elementType, semantics, entries, defaultValue);
  if (problem !== undefined) return { kind: 'undecodable', reason: problem };
  return { defaultValue, entries };
}

function clampToType(value: bigint, type: IntegerType): bigint {
  const { minimum, maximum } = typeRange(type);
  return value < minimum ? minimum : value > maximum ? maximum : value;
}

/** row-major: key = ((i0 * s1 + i1) * s2 + i2) ... */
function visitRowMajor(
  value: ModelValue,
  sizes: readonly bigint[],
  elementType: Program['scalars'][number]['type'],
  semantics: Semantics,
  entries: Map<bigint, bigint>,
  defaultValue: bigint,
): string | undefined {
  if (sizes.length <= 1) {
    if (value.kind !== 'array') return 'array value is not an array';
    for (const entry of value.entries) {
      if (entry.index.kind !== 'integer' || entry.value.kind !== 'integer') return 'array entry is not an integer';
      entries.set(
        modelIndexToValue(entry.index.value, semantics),
        modelIntegerToValue(entry.value.value, elementType, semantics),
      );
    }
    return undefined;
  }
  const cells = sizes.reduce((product, size) => product * (size > 0n ? size : 0n), 1n);
  if (cells > flattenLimit) return 'multi-dimensional array too large to flatten';
  const walk = (current: ModelValue, dimension: number, key: bigint): string | undefined => {
    if (dimension === sizes.length) {
      if (current.kind !== 'integer') return 'array cell is not an integer';
      const cell = modelIntegerToValue(current.value, elementType, semantics);
      if (cell !== defaultValue) entries.set(key, cell);
      return undefined;
    }
    if (current.kind !== 'array') return 'array value is not an array';
    const size = sizes[dimension]!;
    const explicit = new Map<bigint, ModelValue>();
    for (const entry of current.entries) {
      if (entry.index.kind !== 'integer') return 'array index is not an integer';
      explicit.set(modelIndexToValue(entry.index.value, semantics), entry.value);
    }
    for (let index = 0n; index < size; index++) {
      const problem = walk(explicit.get(index) ?? current.defaultValue, dimension + 1, key * size + index);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
  return walk(value, 0, 0n);
}
