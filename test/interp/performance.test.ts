// Performance of the interpreter on a 10^7-iteration array loop plus a checking loop.

import { describe, expect, it } from 'vitest';
import { createArrayFill, createArrayWrite, createAssert, createAssign, createLoop } from '../../src/ir/factory.js';
import { runProgram } from '../../src/interp/interpreter.js';
import { createCounterexampleSource } from '../../src/interp/sources.js';
import type { Semantics } from '../../src/ir/types.js';
import { at, binary, constant, IrBuilder, read, variable } from '../generators/ir.js';

function fillAndCheck(cells: number) {
  const builder = new IrBuilder();
  const i = builder.scalar('i');
  const a = builder.array('a', [BigInt(cells)]);
  const n = constant(cells);
  const increment = createAssign(i, binary('add', variable(i), constant(1)), at(3));
  return builder.program([
    createArrayFill(a, constant(0), at(1)),
    createAssign(i, constant(0), at(2)),
    createLoop(
      0,
      binary('less', variable(i), n),
      [createArrayWrite(a, [variable(i)], variable(i), at(2))],
      [increment],
      at(2),
    ),
    createAssign(i, constant(0), at(4)),
    createLoop(
      1,
      binary('less', variable(i), n),
      [createAssert(binary('equal', read(a, variable(i)), variable(i)), at(5))],
      [increment],
      at(4),
    ),
  ]);
}

describe('interpreter performance', () => {
  for (const semantics of ['int', 'bv'] as Semantics[]) {
    it(`runs 2 x 10^7 loop iterations over an array in seconds (${semantics})`, () => {
      const program = fillAndCheck(10_000_000);
      const start = performance.now();
      const outcome = runProgram(program, {
        semantics,
        nondet: createCounterexampleSource({ scalars: [], arrays: [] }),
        maxSteps: 1e9,
      });
      const elapsed = performance.now() - start;
      console.log(`10^7 fill + check loop (${semantics}): ${elapsed.toFixed(0)} ms, ${outcome.kind}`);
      expect(outcome.kind).toBe('completed');
      expect(elapsed).toBeLessThan(60_000); // generous: the test machine may be shared
    });
  }
});
