// External solver processes (Debian's z3 and cvc5, custom command templates), solver selection,
// and acceptance of everything the printer produces by Debian's z3.
// Tests needing an executable run only when it is installed; otherwise they are skipped with the
// note 'needs z3: …' / 'needs cvc5: …', which the run's summary prints once at the end. With
// ENCODE_REQUIRE_SOLVERS=1 (set by .ci/run) a missing solver is a failure instead.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printChcSystem, printSmtScript } from '../../src/smt/printer.js';
import {
  add,
  and,
  bitvectorBinary,
  bitvectorConstant,
  bitvectorSort,
  constantArray,
  equal,
  exists,
  extract,
  forall,
  intConstant,
  intSort,
  ite,
  letTerm,
  less,
  not,
  select,
  signExtend,
  store,
  symbol,
  zeroExtend,
  type Term,
} from '../../src/smt/terms.js';
import { createExternalSolver, type ExternalSolver } from '../../src/solvers/external.js';
import { createSolver, findExecutable } from '../../src/solvers/index.js';
import { selectValue } from '../../src/solvers/sexpr.js';
import type { ModelValue } from '../../src/solvers/solver.js';
import {
  a,
  arrayLoopSystem,
  byte,
  counterSystem,
  hardScript,
  hardSystem,
  intArray,
  questionSequence,
  questionSequenceAnswers,
  questionWithValues,
  satisfiableScript,
  script,
  unsatisfiableScript,
  x,
  y,
} from './fixtures.js';
import { describeWith, itWith, solverRequirement } from '../support/requirements.js';

// solverRequirement throws when ENCODE_REQUIRE_SOLVERS=1 and the executable is missing
const z3 = solverRequirement('z3');
const cvc5 = solverRequirement('cvc5');
const z3Path = findExecutable('z3');
const cvc5Path = findExecutable('cvc5');
const integer = (number: number): ModelValue => ({ kind: 'integer', value: BigInt(number) });

describe('createSolver', () => {
  it('selects back ends and rejects unknown specifications', () => {
    const wasm = createSolver('z3-wasm');
    expect(wasm.kind === 'ok' && wasm.solver.name).toBe('z3-wasm');
    expect(createSolver().kind).toBe('ok');
    const unknown = createSolver('yices');
    expect(unknown.kind).toBe('error');
    if (unknown.kind === 'error') expect(unknown.message).toMatch(/unknown solver 'yices'.*\{file\}/);
    const missingProgram = createSolver('no-such-solver-program --smt2 {file}');
    expect(missingProgram.kind).toBe('error');
    if (missingProgram.kind === 'error') expect(missingProgram.message).toMatch(/no-such-solver-program.*not found/);
  });
  it('finds executables on PATH only', () => {
    expect(findExecutable('sh')).toMatch(/\/sh$/);
    expect(findExecutable('sh', '/nonexistent-directory')).toBeUndefined();
    expect(findExecutable('definitely-not-a-program-xyz')).toBeUndefined();
  });
  itWith([z3], 'creates an external z3 solver when installed', {}, () => {
    const z3 = createSolver('z3');
    expect(z3.kind === 'ok' && z3.solver.name).toBe('z3');
  });
  itWith([cvc5], 'creates an external cvc5 solver when installed', {}, () => {
    const cvc5 = createSolver(' cvc5 ');
    expect(cvc5.kind === 'ok' && cvc5.solver.name).toBe('cvc5');
  });
});

describeWith([z3], 'external z3', () => {
  const solver = createExternalSolver({ kind: 'z3', executable: z3Path ?? 'z3' });
  it('answers sat with values and unsat', async () => {
    const result = await solver.checkScript(satisfiableScript, { timeoutMilliseconds: 10_000, valuesOf: [x, a, byte] });
    expect(result.kind).toBe('sat');
    if (result.kind === 'sat') {
      expect(result.values![0]).toEqual(integer(-5));
      expect(selectValue(result.values![1]!, integer(3))).toEqual(integer(7));
      expect(result.values![2]).toEqual(integer(128));
    }
    expect(await solver.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 })).toEqual({ kind: 'unsat' });
    // values are asked for only after sat: unsat stays unsat
    expect(await solver.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000, valuesOf: [x] })).toEqual({
      kind: 'unsat',
    });
  });
  it('decodes a quantified array model (z3 prints a lambda)', async () => {
    const k = symbol('k', intSort);
    const quantified = script(
      [
        forall(
          [k],
          ite(
            and(less(intConstant(-1), k), less(k, intConstant(4))),
            equal(select(a, k), intConstant(7)),
            equal(select(a, k), intConstant(0)),
          ),
        ),
      ],
      [a],
    );
    const result = await solver.checkScript(quantified, { timeoutMilliseconds: 10_000, valuesOf: [a] });
    expect(result.kind).toBe('sat');
    if (result.kind !== 'sat') return;
    for (const index of [0, 1, 2, 3]) expect(selectValue(result.values![0]!, integer(index))).toEqual(integer(7));
    for (const index of [-1, 4, 100]) expect(selectValue(result.values![0]!, integer(index))).toEqual(integer(0));
  });
  it('turns a script error into unknown with the error text', async () => {
    const undeclared = symbol('undeclared', intSort);
    const result = await solver.checkScript(script([equal(undeclared, intConstant(1))], [x]), {
      timeoutMilliseconds: 10_000,
    });
    expect(result.kind).toBe('unknown');
    if (result.kind === 'unknown') expect(result.reason).toMatch(/undeclared/);
  });
  it('answers script after script from its running processes, each call in a fresh state', async () => {
    await expectAnswersFromRunningProcesses(createExternalSolver({ kind: 'z3', executable: z3Path ?? 'z3' }));
  });
  it('answers questions in a kept solver, each in a scope of its own, between scripts', async () => {
    const pooled = createExternalSolver({ kind: 'z3', executable: z3Path ?? 'z3' });
    try {
      expect(await questionSequence(pooled)).toEqual(questionSequenceAnswers);
      expect(pooled.liveProcesses()).toBe(0);
    } finally {
      await pooled.dispose();
    }
  });
  it('answers a question with values in the kept solver, its assertion gone after it', async () => {
    const pooled = createExternalSolver({ kind: 'z3', executable: z3Path ?? 'z3' });
    try {
      expect(await questionWithValues(pooled)).toEqual(['true', 'false', 'sat', 'sat']);
    } finally {
      await pooled.dispose();
    }
  });
  it('stops at the timeout', async () => {
    const started = Date.now();
    expect(await solver.checkScript(hardScript, { timeoutMilliseconds: 1_000 })).toEqual({
      kind: 'unknown',
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(4_000);
  });
  it('solves CHC systems with Spacer', async () => {
    expect((await solver.checkChc(counterSystem(10), { timeoutMilliseconds: 20_000 })).kind).toBe('sat');
    expect((await solver.checkChc(counterSystem(11), { timeoutMilliseconds: 20_000 })).kind).toBe('unsat');
    expect((await solver.checkChc(arrayLoopSystem(5), { timeoutMilliseconds: 20_000 })).kind).toBe('sat');
    expect((await solver.checkChc(arrayLoopSystem(6), { timeoutMilliseconds: 20_000 })).kind).toBe('unsat');
    const started = Date.now();
    expect((await solver.checkChc(hardSystem(), { timeoutMilliseconds: 1_000 })).kind).toBe('unknown');
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describeWith([cvc5], 'external cvc5', () => {
  const solver = createExternalSolver({ kind: 'cvc5', executable: cvc5Path ?? 'cvc5' });
  it('answers sat with values and unsat', async () => {
    const result = await solver.checkScript(satisfiableScript, { timeoutMilliseconds: 10_000, valuesOf: [x, a, byte] });
    expect(result.kind).toBe('sat');
    if (result.kind === 'sat') {
      expect(result.values![0]).toEqual(integer(-5));
      expect(selectValue(result.values![1]!, integer(3))).toEqual(integer(7));
      expect(result.values![2]).toEqual(integer(128));
    }
    expect(await solver.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 })).toEqual({ kind: 'unsat' });
    expect(await solver.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000, valuesOf: [x] })).toEqual({
      kind: 'unsat',
    });
  });
  it('stops at the timeout and refuses CHC', async () => {
    const started = Date.now();
    expect(await solver.checkScript(hardScript, { timeoutMilliseconds: 1_000 })).toEqual({
      kind: 'unknown',
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(await solver.checkChc(counterSystem(10), { timeoutMilliseconds: 1_000 })).toEqual({
      kind: 'unknown',
      reason: 'cvc5 does not solve CHC',
    });
  });
  it('answers script after script from its running processes, each call in a fresh state', async () => {
    await expectAnswersFromRunningProcesses(createExternalSolver({ kind: 'cvc5', executable: cvc5Path ?? 'cvc5' }));
  });
  it('turns a script error into unknown', async () => {
    const undeclared = symbol('undeclared', intSort);
    const result = await solver.checkScript(script([equal(undeclared, intConstant(1))], [x]), {
      timeoutMilliseconds: 10_000,
    });
    expect(result.kind).toBe('unknown');
    if (result.kind === 'unknown') expect(result.reason).toMatch(/undeclared/);
  });
});

/**
 * Script after script from a solver's running processes (session.ts): each in a fresh state (an
 * earlier declaration is gone: an error, after which cvc5's process exits and another starts), a
 * call out of time or aborted leaving the next ones their answers, and no process held at the end.
 */
async function expectAnswersFromRunningProcesses(pooled: ExternalSolver): Promise<void> {
  try {
    const before = process
      .getActiveResourcesInfo()
      .filter((resource) => resource === 'ProcessWrap' || resource === 'PipeWrap').length;
    for (let round = 0; round < 3; round++) {
      expect((await pooled.checkScript(satisfiableScript, { timeoutMilliseconds: 10_000 })).kind).toBe('sat');
      expect(await pooled.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 })).toEqual({
        kind: 'unsat',
      });
    }
    // nothing declared by an earlier call survives: a script that uses x without declaring it is an error
    const undeclared = await pooled.checkScript(script([equal(x, intConstant(1))], []), {
      timeoutMilliseconds: 10_000,
    });
    expect(undeclared.kind).toBe('unknown');
    if (undeclared.kind === 'unknown') expect(undeclared.reason).toMatch(/x/);
    // a call that runs out of time, and one aborted, leave the next calls their answers
    expect(await pooled.checkScript(hardScript, { timeoutMilliseconds: 1_000 })).toEqual({
      kind: 'unknown',
      reason: 'timeout',
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    expect(
      (await pooled.checkScript(hardScript, { timeoutMilliseconds: 20_000, signal: controller.signal })).kind,
    ).toBe('unknown');
    expect(await pooled.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 })).toEqual({ kind: 'unsat' });
    const values = await pooled.checkScript(satisfiableScript, { timeoutMilliseconds: 10_000, valuesOf: [x] });
    expect(values.kind === 'sat' && values.values![0]).toEqual(integer(-5));
    expect(pooled.liveProcesses()).toBe(0);
    // the idle processes do not hold Node's event loop
    const after = process
      .getActiveResourcesInfo()
      .filter((resource) => resource === 'ProcessWrap' || resource === 'PipeWrap').length;
    expect(after).toBeLessThanOrEqual(before);
  } finally {
    await pooled.dispose();
  }
}

describe('custom command templates', () => {
  itWith([z3], 'runs a template with {file}', {}, async () => {
    const created = createSolver('z3 -smt2 {file}');
    expect(created.kind).toBe('ok');
    if (created.kind !== 'ok') return;
    expect(await created.solver.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 })).toEqual({
      kind: 'unsat',
    });
    expect((await created.solver.checkChc(counterSystem(10), { timeoutMilliseconds: 10_000 })).kind).toBe('sat');
  });
  it('kills a solver that overruns the timeout and removes the temporary file', async () => {
    const solver = createExternalSolver({ kind: 'command', template: 'echo {file}; sleep 60; echo unsat' });
    const started = Date.now();
    const result = await solver.checkScript(unsatisfiableScript, { timeoutMilliseconds: 500 });
    expect(result).toEqual({ kind: 'unknown', reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
    // the file exists while the solver runs (the answer proves it) and is removed afterwards
    const probeDirectory = mkdtempSync(join(tmpdir(), 'encode-probe-'));
    try {
      const record = join(probeDirectory, 'path.txt');
      const probe = createExternalSolver({
        kind: 'command',
        template: `echo {file} > ${record}; test -f {file} && echo unsat`,
      });
      expect(await probe.checkScript(unsatisfiableScript, { timeoutMilliseconds: 5_000 })).toEqual({ kind: 'unsat' });
      const usedFile = readFileSync(record, 'utf8').trim();
      expect(usedFile).toMatch(/\.smt2$/);
      expect(existsSync(usedFile)).toBe(false);
    } finally {
      rmSync(probeDirectory, { recursive: true, force: true });
    }
  });
  it('reports a solver that prints no answer', async () => {
    const solver = createExternalSolver({ kind: 'command', template: 'echo oops >&2; exit 3; {file}' });
    const result = await solver.checkScript(unsatisfiableScript, { timeoutMilliseconds: 5_000 });
    expect(result.kind).toBe('unknown');
    if (result.kind === 'unknown') expect(result.reason).toMatch(/exit code 3.*oops/);
  });
});

describeWith([z3], 'printer output accepted by Debian z3', () => {
  function z3Errors(text: string): string[] {
    const directory = mkdtempSync(join(tmpdir(), 'encode-printer-'));
    try {
      const file = join(directory, 'check.smt2');
      writeFileSync(file, text);
      const result = spawnSync(z3Path ?? 'z3', ['-smt2', '-T:20', file], { encoding: 'utf8' });
      expect(result.stdout).toMatch(/^(sat|unsat|unknown)\n/m);
      // get-value after unsat/unknown is refused; that is the answer, not a printing problem
      return result.stdout
        .split('\n')
        .filter((line) => line.startsWith('(error') && !line.includes('model is not available'));
    } finally {
      rmSync(directory, { recursive: true, force: true });
      expect(existsSync(directory)).toBe(false);
    }
  }
  it('accepts scripts with every term form', () => {
    const word = symbol('w 32', bitvectorSort(32));
    const clash = symbol('store', intSort); // a C variable named like a theory function
    const k = symbol('k', intSort);
    const shared = add(x, intConstant(-7));
    const terms: Term[] = [
      less(add(shared, shared), y),
      and(
        equal(select(store(constantArray(intArray, intConstant(-1)), shared, x), intConstant(3)), y),
        not(less(x, y)),
      ),
      equal(bitvectorBinary('bvadd', word, bitvectorConstant(-1, 32)), zeroExtend(24, byte)),
      equal(extract(7, 0, word), bitvectorBinary('bvmul', byte, bitvectorConstant(3, 8))),
      equal(signExtend(8, extract(3, 0, byte)), bitvectorConstant(5, 12)),
      forall([k], less(select(a, k), add(select(a, k), intConstant(1)))),
      exists([k], equal(select(a, k), x)),
      less(clash, intConstant(0)),
      letTerm([{ name: 'v', value: shared }], less(symbol('v', intSort), add(symbol('v', intSort), intConstant(1)))),
    ];
    const text = printSmtScript(script(terms, [x, y, a, byte, word, clash], 'ALL'), {
      getValues: [x, a, word, shared, clash],
    });
    expect(z3Errors(text)).toEqual([]);
  });
  it('accepts CHC systems in the CHC-COMP shape', () => {
    for (const system of [counterSystem(10), arrayLoopSystem(5), hardSystem()]) {
      expect(z3Errors(printChcSystem(system))).toEqual([]);
    }
  });
});
