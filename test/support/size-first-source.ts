// A nondeterministic source for runs of a program whose first choice is its size: that choice gets
// `size`, every later one comes from `rest` (the tests that hold a program pass to C runs).
import type { NondetSource } from '../../src/interp/run-types.js';

export function sizeFirstSource(size: bigint | number, rest: NondetSource): NondetSource {
  let first = true;
  return {
    nextScalar: (type, location, origin) => {
      if (first) {
        first = false;
        return BigInt(size);
      }
      return rest.nextScalar(type, location, origin);
    },
    nextArray: (array, location, sizes) => rest.nextArray(array, location, sizes),
  };
}
