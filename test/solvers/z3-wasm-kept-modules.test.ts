// z3-wasm modules kept between solvers (keepModulesBetweenSolvers, as the bench worker does): a
// disposed solver hands its healthy modules to the next one, which answers as a fresh one would; a
// module abandoned after a stuck call is never handed on. In a file of its own: keeping is process-wide.
import { afterAll, describe, expect, it } from 'vitest';
import {
  compiledWasmTiering,
  createZ3WasmSolver,
  keepModulesBetweenSolvers,
  keptModuleCount,
} from '../../src/solvers/z3-wasm.js';
import {
  hardScript,
  questionSequence,
  questionSequenceAnswers,
  satisfiableScript,
  unsatisfiableScript,
  x,
} from './fixtures.js';

keepModulesBetweenSolvers();
const last = createZ3WasmSolver({ lanes: 1 });
afterAll(() => last.dispose());

describe('z3-wasm modules kept between solvers', () => {
  it('hands a disposed solver’s module to the next solver, which answers as a fresh one', async () => {
    const first = createZ3WasmSolver({ lanes: 2 });
    const both = await Promise.all([
      first.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 }),
      first.checkScript(satisfiableScript, { timeoutMilliseconds: 10_000, valuesOf: [x] }),
    ]);
    expect(both.map((result) => result.kind)).toEqual(['unsat', 'sat']);
    // a process that keeps its modules runs many commands: z3's hot functions tier up (issue 42)
    expect(compiledWasmTiering()).toBe('optimising');
    // a question leaves a kept context in the module: dispose deletes it before handing the module on
    expect((await first.checkScript(satisfiableScript, { timeoutMilliseconds: 10_000, question: true })).kind).toBe(
      'sat',
    );
    expect(keptModuleCount()).toBe(0);
    await first.dispose();
    expect(keptModuleCount()).toBe(2);
    const second = createZ3WasmSolver({ lanes: 1 });
    const answers = [
      await second.checkScript(satisfiableScript, { timeoutMilliseconds: 10_000, valuesOf: [x] }),
      await second.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 }),
    ];
    expect(keptModuleCount()).toBe(1);
    expect(answers.map((result) => result.kind)).toEqual(['sat', 'unsat']);
    // the questions of the second solver see none of the first one's declarations
    expect(await questionSequence(second)).toEqual(questionSequenceAnswers);
    await second.dispose();
    expect(keptModuleCount()).toBe(2);
  }, 60_000);

  it('never hands on a module abandoned after a stuck call', async () => {
    const impatient = createZ3WasmSolver({ lanes: 1, abandonGraceMilliseconds: -9_000 });
    const before = keptModuleCount();
    const stuck = await impatient.checkScript(hardScript, { timeoutMilliseconds: 10_000 });
    expect(stuck).toEqual({ kind: 'unknown', reason: 'timeout' });
    await impatient.dispose();
    // it took one kept module, abandoned it, and gave none back
    expect(keptModuleCount()).toBe(before - 1);
    expect((await last.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 })).kind).toBe('unsat');
  }, 60_000);
});
