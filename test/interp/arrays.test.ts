// ArrayStore (src/interp/arrays.ts): a havoc or fill of an array larger than the dense part
// allocates at most `presizeLimit` cells at once (issue 42: three havocked arrays of 2^31 − 1 cells took a fresh
// `verify` past 1.5 GB), and reads and writes past the pre-sized part behave as inside it.
import { describe, expect, it } from 'vitest';
import { ArrayStore, denseLimit, presizeLimit } from '../../src/interp/arrays.js';

describe('ArrayStore pre-sizing', () => {
  it('pre-sizes a huge array only up to presizeLimit cells', () => {
    const store = new ArrayStore();
    store.reset(7, true, 2 ** 31 - 1);
    expect(presizeLimit).toBeLessThan(denseLimit);
    expect(store.dense.length).toBe(presizeLimit);
    // a cell inside the pre-sized part reads the default without marking a nondeterministic read
    expect(store.read(presizeLimit - 1)).toBe(7);
    expect(store.nondeterministicDefaultRead).toBe(false);
    // past it: the same default, and the read is marked (conservative for an exploration)
    expect(store.read(presizeLimit + 10)).toBe(7);
    expect(store.nondeterministicDefaultRead).toBe(true);
  });

  it('keeps every write past the pre-sized part: appends grow the dense part, others go to the map', () => {
    const store = new ArrayStore();
    store.reset(0, false, 2 ** 31 - 1);
    store.write(presizeLimit, 5);
    expect(store.dense.length).toBe(presizeLimit + 1);
    store.write(presizeLimit + 100, 9);
    expect(store.read(presizeLimit)).toBe(5);
    expect(store.read(presizeLimit + 100)).toBe(9);
    expect(store.read(presizeLimit + 99)).toBe(0);
    expect(store.entries()).toEqual(
      new Map([
        [BigInt(presizeLimit), 5n],
        [BigInt(presizeLimit + 100), 9n],
      ]),
    );
  });

  it('pre-sizes an array the dense part holds whole to its size', () => {
    const store = new ArrayStore();
    store.reset(3, false, 10);
    expect(store.dense).toEqual(new Array(10).fill(3));
    store.reset(0, false, presizeLimit + 5);
    expect(store.dense.length).toBe(presizeLimit + 5);
  });
});
