// Counting regions of a loop body (Darke et al., relations 3, 4 and the structural relation of Fig. 1d):
// how often each statement outside nested loops ran in the k iterations a loop completed.
//
// A completed iteration runs the body to its end or to a `continue`, then the update; it never
// takes a `break` (the loop would have ended) and never stops in an `assume` (the run would have
// ended). So, with k the number of completed iterations:
// - the body's first statements and the whole update run exactly k times (the root region);
// - the branches of an `if` in region r run t and e times with t + e = r;
// - after a statement that may `continue` the loop, the rest of its block runs r' times with
//   0 ≤ r' ≤ r (a new region).
// Statements inside nested loops get no region (they run any number of times per iteration).

import type { Block, Statement } from '../../ir/types.js';
import { containsJump } from '../../ir/visit.js';

export type RegionRelation =
  | { readonly kind: 'branches'; readonly whole: number; readonly then: number; readonly else: number }
  | { readonly kind: 'atMost'; readonly part: number; readonly whole: number };

export interface Regions {
  /** region 0 is the root: exactly k */
  readonly count: number;
  readonly relations: readonly RegionRelation[];
  /** the region of each statement outside nested loops */
  readonly regionOf: ReadonlyMap<Statement, number>;
}

export function bodyRegions(body: Block, update: Block): Regions {
  let count = 1;
  const relations: RegionRelation[] = [];
  const regionOf = new Map<Statement, number>();
  const assign = (block: Block, region: number): void => {
    let current = region;
    for (const statement of block) {
      regionOf.set(statement, current);
      if (statement.kind === 'if') {
        const then = count++;
        const otherwise = count++;
        relations.push({ kind: 'branches', whole: current, then, else: otherwise });
        assign(statement.then, then);
        assign(statement.else, otherwise);
      }
      const continues =
        statement.kind === 'continue' ||
        (statement.kind === 'if' &&
          (containsJump(statement.then, 'continue') || containsJump(statement.else, 'continue')));
      if (continues) {
        const rest = count++;
        relations.push({ kind: 'atMost', part: rest, whole: current });
        current = rest;
      }
    }
  };
  assign(body, 0);
  assign(update, 0);
  return { count, relations, regionOf };
}
