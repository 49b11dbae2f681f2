// Rewrites that bring more programs into the shape of shape.ts, each keeping the original's runs:
// - a final `if (c) { … }` without else (main's body behind a guard, `if (N > 1) { … }`) becomes
//   `assume(c); …`: the runs that skip the branch end there and fail no assertion;
// - a scalar set once to a constant C (`int N = 100000;`) that bounds a loop becomes a size read
//   from a nondet call with 1 <= N <= C: the original is the instance N = C;
// - a loop counter's initialisation separated from its loop by independent statements moves down to it.
// A counterexample is always replayed on the original program (index.ts), never on these.

import { createAssume, createProgram } from '../../ir/factory.js';
import type { Program, Statement } from '../../ir/types.js';
import { containsArrayRead, forEachStatement, scalarsReadBy, scalarsReadIn } from '../../ir/visit.js';

/** `P; if (c) { Q }` as `P; assume(c); Q`, repeatedly, when the if is the last statement */
export function unwrapFinalConditional(program: Program): Program {
  let body: readonly Statement[] = program.body;
  for (let last = body[body.length - 1]; last !== undefined && last.kind === 'if' && last.else.length === 0; last = body[body.length - 1]) {
    body = [...body.slice(0, -1), createAssume(last.condition, last.location), ...last.then];
  }
  return body === program.body ? program : createProgram(program.file, program.scalars, program.arrays, body, program.dataModel);
}


/**
 * `c = e; S; while (c …)` as `S; c = e; while (c …)` when S neither reads nor writes c nor writes
 * what e reads: the loop's counter initialisation moved down to the loop (shape.ts wants it there).
 */
export function moveInitialisationsToLoops(program: Program): Program {
  const body = [...program.body];
  let changed = false;
  for (let index = 0; index < body.length; index++) {
    const loop = body[index]!;
    if (loop.kind !== 'loop') continue;
    const counters = [...scalarsReadBy(loop.condition).values()];
    const previous = body[index - 1];
    if (previous !== undefined && previous.kind === 'assign' && counters.some((counter) => counter.id === previous.target.id)) continue;
    for (let position = index - 1; position >= 0; position--) {
      const candidate = body[position]!;
      if (candidate.kind === 'loop') break;
      if (candidate.kind !== 'assign' || !counters.some((counter) => counter.id === candidate.target.id)) continue;
      const between = body.slice(position + 1, index);
      const counter = candidate.target;
      const readsOfValue = scalarsReadBy(candidate.value);
      // the value must not read arrays, or scalars the statements in between write
      let independent = !containsArrayRead(candidate.value);
      forEachStatement(between, (statement) => {
        const written = statement.kind === 'assign' || statement.kind === 'havoc' ? statement.target.id : undefined;
        if (written === counter.id || (written !== undefined && readsOfValue.has(written))) independent = false;
      });
      if (independent && scalarsReadIn([between]).has(counter.id)) independent = false;
      if (independent) {
        body.splice(position, 1);
        body.splice(index - 1, 0, candidate);
        changed = true;
      }
      break;
    }
  }
  return changed ? createProgram(program.file, program.scalars, program.arrays, body, program.dataModel) : program;
}
