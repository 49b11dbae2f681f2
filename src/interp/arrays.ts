// Concrete array contents: a total map from indices to values with a default value.
//
// Semantics (src/ir/types.ts): arrays are total maps over mathematical indices; a read or write
// outside the declared size touches a cell of the same array. One-dimensional arrays are keyed by
// the index itself. Multi-dimensional arrays are keyed by the row-major flattened index when every
// index lies within its dimension (the same key a Counterexample uses), and by the tuple of indices
// (a string key) otherwise, so two different index tuples never share a cell.
//
// Storage: a dense JS array for the keys 0..dense.length-1 (grown by appends up to `denseLimit`
// cells, pre-sized by fills and havocs up to `presizeLimit` cells) plus a Map for every other key.
// Pre-sizing only saves appends (and their copies as the array grows: an array of up to
// `denseLimit` cells is pre-sized whole), but an array larger than the dense part can hold
// (`int a[N]` with N = 2^31 − 1 in a run with any values) gets only `presizeLimit` cells at once:
// 2^24 cells per such array, which the run may never touch, took a fresh `verify` with three of
// them past 1.5 GB (issue 42). A cell past the
// pre-sized part reads the default, as a pre-filled one does; only `nondeterministicDefaultRead`
// is set more often then (the run reads a havocked cell it did not choose), which makes an
// exploration incomplete, never complete. Keys are canonical Values
// (number for safe integers, bigint otherwise) or strings (out-of-range tuples).

import { normalize, toBigInt, type Value } from './values.js';

/** at most this many cells are kept in the dense part (the rest lives in the map) */
export const denseLimit = 1 << 24;
/** at most this many cells are allocated at once by a reset of an array of more than denseLimit cells */
export const presizeLimit = 1 << 20;

export type CellKey = Value | string;

export class ArrayStore {
  defaultValue: Value = 0;
  /** true when `defaultValue` came from a nondeterministic choice (set by havoc) */
  defaultIsNondeterministic = false;
  /** set when a read returned `defaultValue` while `defaultIsNondeterministic` */
  nondeterministicDefaultRead = false;
  dense: Value[] = [];
  sparse: Map<CellKey, Value> = new Map();

  /** forget every cell; `cells` (when a small non-negative count) pre-sizes the dense part */
  reset(defaultValue: Value, defaultIsNondeterministic: boolean, cells: Value | undefined): void {
    this.defaultValue = defaultValue;
    this.defaultIsNondeterministic = defaultIsNondeterministic;
    this.sparse = new Map();
    // an array the dense part holds whole is pre-sized whole (appends would copy it as it grows);
    // a larger one, which no run fills within its steps, only up to presizeLimit
    const count = typeof cells === 'number' && cells > 0 ? (cells <= denseLimit ? cells : presizeLimit) : 0;
    this.dense = count > 0 ? new Array<Value>(count).fill(defaultValue) : [];
  }

  read(key: CellKey): Value {
    if (typeof key === 'number' && key >= 0 && key < this.dense.length) return this.dense[key]!;
    if (this.sparse.size > 0) {
      const value = this.sparse.get(key);
      if (value !== undefined) return value;
    }
    if (this.defaultIsNondeterministic) this.nondeterministicDefaultRead = true;
    return this.defaultValue;
  }

  write(key: CellKey, value: Value): void {
    const dense = this.dense;
    if (typeof key === 'number' && key >= 0) {
      if (key < dense.length) {
        dense[key] = value;
        return;
      }
      if (key === dense.length && key < denseLimit) {
        dense.push(value);
        if (this.sparse.size > 0) this.sparse.delete(key);
        return;
      }
    }
    this.sparse.set(key, value);
  }

  /** every cell that differs from the default or was written, keyed as a Counterexample keys them */
  entries(): Map<bigint, bigint> {
    const result = new Map<bigint, bigint>();
    for (let index = 0; index < this.dense.length; index++) {
      const value = this.dense[index]!;
      if (value !== this.defaultValue) result.set(BigInt(index), toBigInt(value));
    }
    for (const [key, value] of this.sparse) {
      if (typeof key !== 'string') result.set(toBigInt(key), toBigInt(value));
    }
    return result;
  }
}

/**
 * The key of a cell: `indices` evaluated, `sizes` the array's sizes evaluated (only used with more
 * than one dimension).
 */
export function cellKey(indices: readonly Value[], sizes: readonly Value[]): CellKey {
  if (indices.length === 1) return indices[0]!;
  let flat = 0;
  let exact = true;
  for (let dimension = 0; dimension < indices.length; dimension++) {
    const index = indices[dimension]!;
    const size = sizes[dimension]!;
    if (!(index >= 0 && index < size)) return indices.map(String).join(',');
    if (exact && typeof index === 'number' && typeof size === 'number') {
      flat = flat * size + index;
      if (flat > Number.MAX_SAFE_INTEGER) exact = false;
    } else {
      exact = false;
    }
  }
  if (exact) return flat;
  let flatBig = 0n;
  for (let dimension = 0; dimension < indices.length; dimension++) {
    flatBig = flatBig * toBigInt(sizes[dimension]!) + toBigInt(indices[dimension]!);
  }
  return normalize(flatBig);
}

/** cellKey for two dimensions without allocating on the fast path */
export function cellKey2(index0: Value, index1: Value, size0: Value, size1: Value): CellKey {
  if (
    typeof index0 === 'number' &&
    typeof index1 === 'number' &&
    typeof size1 === 'number' &&
    index0 >= 0 &&
    index0 < size0 &&
    index1 >= 0 &&
    index1 < size1
  ) {
    const flat = index0 * size1 + index1;
    if (flat <= Number.MAX_SAFE_INTEGER) return flat;
  }
  return cellKey([index0, index1], [size0, size1]);
}
