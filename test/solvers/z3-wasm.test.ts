// In-process z3 (WASM): sat/unsat/get-value, errors, timeouts, Spacer on small CHC systems, and
// that a Node process using it exits by itself after dispose().
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { intConstant, select, symbol, intSort, equal } from '../../src/smt/terms.js';
import { selectValue } from '../../src/solvers/sexpr.js';
import type { ModelValue } from '../../src/solvers/solver.js';
import { createZ3WasmSolver } from '../../src/solvers/z3-wasm.js';
import {
  a,
  arrayLoopSystem,
  bitvectorScript,
  byte,
  counterSystem,
  hardScript,
  hardSystem,
  questionSequence,
  questionSequenceAnswers,
  questionWithValues,
  satisfiableScript,
  script,
  unsatisfiableScript,
  x,
} from './fixtures.js';

const solver = createZ3WasmSolver();
afterAll(() => solver.dispose());
const integer = (number: number): ModelValue => ({ kind: 'integer', value: BigInt(number) });

describe('z3-wasm lanes', () => {
  it('runs calls made at the same time in separate modules, each answered as alone', async () => {
    const lanes = createZ3WasmSolver({ lanes: 2 });
    try {
      expect(lanes.concurrent).toBe(true);
      expect(createZ3WasmSolver({ lanes: 1 }).concurrent).toBe(false);
      lanes.warmUp?.();
      // a long call in one module does not hold back the short ones in the other
      const results = await Promise.all([
        lanes.checkScript(hardScript, { timeoutMilliseconds: 1_500 }),
        lanes.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 }),
        lanes.checkScript(satisfiableScript, { timeoutMilliseconds: 10_000, valuesOf: [x] }),
        lanes.checkChc(counterSystem(11), { timeoutMilliseconds: 10_000 }),
      ]);
      expect(results.map((result) => result.kind)).toEqual(['unknown', 'unsat', 'sat', 'unsat']);
    } finally {
      await lanes.dispose();
    }
  });

  it("sends a question to the module that keeps the questions, not behind the other lane's long call", async () => {
    const lanes = createZ3WasmSolver({ lanes: 2 });
    try {
      // the long call takes the first module; the first question then the second, which keeps its context
      const long = lanes.checkScript(hardScript, { timeoutMilliseconds: 6_000 });
      let longAnswered = false;
      void long.then(() => (longAnswered = true));
      const question = { timeoutMilliseconds: 10_000, question: true };
      expect(await lanes.checkScript(unsatisfiableScript, question)).toEqual({ kind: 'unsat' });
      // two questions at once: the second finds one call in each module (a tie) and goes to the
      // module of the questions, answered long before the long call ends
      const [first, second] = await Promise.all([
        lanes.checkScript(unsatisfiableScript, question),
        lanes.checkScript(satisfiableScript, question),
      ]);
      expect([first.kind, second.kind]).toEqual(['unsat', 'sat']);
      expect(longAnswered).toBe(false);
      expect((await long).kind).toBe('unknown');
    } finally {
      await lanes.dispose();
    }
  });

  it('stops a running call and skips a queued one when their signal aborts (the other lane decided)', async () => {
    const single = createZ3WasmSolver({ lanes: 1 });
    try {
      const stop = new AbortController();
      const started = Date.now();
      const running = single.checkScript(hardScript, { timeoutMilliseconds: 20_000, signal: stop.signal });
      const queued = single.checkScript(hardScript, { timeoutMilliseconds: 20_000, signal: stop.signal });
      setTimeout(() => stop.abort(), 300);
      expect(await running).toEqual({ kind: 'unknown', reason: 'timeout' });
      expect(await queued).toEqual({ kind: 'unknown', reason: 'timeout' });
      // well before either call's 20 s limit
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await single.dispose();
    }
  });

  it('answers a call as soon as its signal aborts, without waiting for the call before it in its module', async () => {
    const single = createZ3WasmSolver({ lanes: 1 });
    try {
      const first = new AbortController();
      const second = new AbortController();
      const running = single.checkScript(hardScript, { timeoutMilliseconds: 20_000, signal: first.signal });
      let runningAnswered = false;
      void running.then(() => (runningAnswered = true));
      const queued = single.checkScript(hardScript, { timeoutMilliseconds: 20_000, signal: second.signal });
      second.abort();
      expect(await queued).toEqual({ kind: 'unknown', reason: 'timeout' });
      // the hard call before it still runs (it has 20 s): the aborted one did not wait for it
      expect(runningAnswered).toBe(false);
      first.abort();
      expect(await running).toEqual({ kind: 'unknown', reason: 'timeout' });
    } finally {
      await single.dispose();
    }
  });
});

describe('z3-wasm calls one after another in one module', () => {
  /** the pigeonhole principle for `holes` holes: unsat, but only after many conflicts */
  const pigeonholes = (holes: number): string => {
    const pigeons = Array.from({ length: holes + 1 }, (_, pigeon) => pigeon);
    const holeNumbers = Array.from({ length: holes }, (_, hole) => hole);
    const name = (pigeon: number, hole: number): string => `p${pigeon}_${hole}`;
    const lines = pigeons.flatMap((pigeon) => holeNumbers.map((hole) => `(declare-const ${name(pigeon, hole)} Bool)`));
    for (const pigeon of pigeons)
      lines.push(`(assert (or ${holeNumbers.map((hole) => name(pigeon, hole)).join(' ')}))`);
    for (const hole of holeNumbers)
      for (const first of pigeons)
        for (const second of pigeons.slice(first + 1))
          lines.push(`(assert (not (and ${name(first, hole)} ${name(second, hole)})))`);
    return lines.join('\n') + '\n(check-sat)\n';
  };
  const leaked = (value: number): string => `(declare-fun leaked () Int)\n(assert (= leaked ${value}))\n(check-sat)\n`;

  it('lets no declaration, assertion or option of one call reach the next', async () => {
    const single = createZ3WasmSolver({ lanes: 1 });
    try {
      const options = { timeoutMilliseconds: 10_000 };
      expect((await single.checkText!(pigeonholes(5), options)).kind).toBe('unsat');
      // options a text sets are global to the module in z3 (not to its context): a call that
      // forbids conflicts and sets a 1 ms timeout, then calls that need conflicts and time
      const first = await single.checkText!(
        '(set-option :smt.max_conflicts 0)\n(set-option :sat.max_conflicts 0)\n(set-option :timeout 1)\n' + leaked(1),
        options,
      );
      expect(first.kind).not.toBe('unsat');
      // declared and asserted again: an error if the declaration stayed, unsat if the assertion did
      expect(await single.checkText!(leaked(2), options)).toEqual({ kind: 'sat', values: undefined });
      expect(await single.checkText!(pigeonholes(5), options)).toEqual({ kind: 'unsat' });
      expect((await single.checkScript(satisfiableScript, { ...options, valuesOf: [x] })).kind).toBe('sat');
      expect(await single.checkChc(counterSystem(11), options)).toEqual({ kind: 'unsat' });
    } finally {
      await single.dispose();
    }
  });
});

describe('z3-wasm scripts', () => {
  it('answers sat with values of ints, arrays and bit-vectors', async () => {
    const result = await solver.checkScript(satisfiableScript, {
      timeoutMilliseconds: 10_000,
      valuesOf: [x, a, byte, select(a, intConstant(3))],
    });
    expect(result.kind).toBe('sat');
    if (result.kind !== 'sat') return;
    const [xValue, arrayValue, byteValue, selected] = result.values!;
    expect(xValue).toEqual(integer(-5));
    expect(selectValue(arrayValue!, integer(3))).toEqual(integer(7));
    expect(byteValue).toEqual(integer(128));
    expect(selected).toEqual(integer(7));
  });
  it('answers unsat', async () => {
    expect(await solver.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 })).toEqual({ kind: 'unsat' });
  });
  it('answers unsat when values were requested (they are asked for only after sat)', async () => {
    expect(await solver.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000, valuesOf: [x] })).toEqual({
      kind: 'unsat',
    });
    const timedOut = await solver.checkScript(hardScript, { timeoutMilliseconds: 500, valuesOf: [x] });
    expect(timedOut).toEqual({ kind: 'unknown', reason: 'timeout' });
  });
  it('reads unsigned bit-vector values', async () => {
    const result = await solver.checkScript(bitvectorScript, { timeoutMilliseconds: 10_000, valuesOf: [byte] });
    expect(result.kind).toBe('sat');
    if (result.kind === 'sat')
      expect(result.values![0]!.kind === 'integer' && result.values![0]!.value).toBeGreaterThan(200n);
  });
  it('decodes an array constrained by a quantifier (lambda or store form)', async () => {
    const { forall, and, lessEqual, less, implies } = await import('../../src/smt/terms.js');
    const k = symbol('k', intSort);
    const quantified = script(
      [
        forall(
          [k],
          implies(and(lessEqual(intConstant(0), k), less(k, intConstant(4))), equal(select(a, k), intConstant(7))),
        ),
      ],
      [a],
    );
    const result = await solver.checkScript(quantified, { timeoutMilliseconds: 10_000, valuesOf: [a] });
    expect(result.kind).toBe('sat');
    if (result.kind !== 'sat') return;
    for (const index of [0, 1, 2, 3]) expect(selectValue(result.values![0]!, integer(index))).toEqual(integer(7));
  });
  it('turns a script error into unknown with the error text', async () => {
    const undeclared = symbol('undeclared', intSort);
    const result = await solver.checkScript(script([equal(undeclared, intConstant(1))], [x]), {
      timeoutMilliseconds: 10_000,
    });
    expect(result.kind).toBe('unknown');
    if (result.kind === 'unknown') expect(result.reason).toMatch(/undeclared/);
  });
  it('stops a hard nonlinear query at the timeout', async () => {
    const started = Date.now();
    const result = await solver.checkScript(hardScript, { timeoutMilliseconds: 1_000 });
    const elapsed = Date.now() - started;
    expect(result).toEqual({ kind: 'unknown', reason: 'timeout' });
    expect(elapsed).toBeLessThan(3_000);
    // the module is still usable afterwards
    expect(await solver.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 })).toEqual({ kind: 'unsat' });
  });
  it('gives stable answers over many checks (regression: z3-solver freed the script text too early)', async () => {
    for (let round = 0; round < 8; round++) {
      const answers = [
        await solver.checkScript(satisfiableScript, { timeoutMilliseconds: 10_000, valuesOf: [x, a, byte] }),
        await solver.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 }),
        await solver.checkChc(counterSystem(11), { timeoutMilliseconds: 10_000 }),
      ];
      expect(answers.map((answer) => (answer.kind === 'unknown' ? answer.reason : answer.kind))).toEqual([
        'sat',
        'unsat',
        'unsat',
      ]);
    }
  });
  it('answers a question with values in a fresh context, leaving nothing in the kept one', async () => {
    expect(await questionWithValues(solver)).toEqual(['true', 'false', 'sat', 'sat']);
  });

  it('answers questions in a kept context, each in a scope of its own, between scripts', async () => {
    expect(await questionSequence(solver)).toEqual(questionSequenceAnswers);
  });
  it('serialises concurrent checks', async () => {
    const results = await Promise.all([
      solver.checkScript(unsatisfiableScript, { timeoutMilliseconds: 10_000 }),
      solver.checkScript(satisfiableScript, { timeoutMilliseconds: 10_000 }),
      solver.checkChc(counterSystem(10), { timeoutMilliseconds: 10_000 }),
    ]);
    expect(results.map((result) => result.kind)).toEqual(['unsat', 'sat', 'sat']);
  });
});

describe('z3-wasm CHC (Spacer)', () => {
  it('proves the counter loop safe (sat) and finds the violation (unsat)', async () => {
    expect(await solver.checkChc(counterSystem(10), { timeoutMilliseconds: 20_000 })).toEqual({
      kind: 'sat',
      values: undefined,
    });
    expect(await solver.checkChc(counterSystem(11), { timeoutMilliseconds: 20_000 })).toEqual({ kind: 'unsat' });
  });
  it('solves a loop over an array (safe and unsafe variants)', async () => {
    expect((await solver.checkChc(arrayLoopSystem(5), { timeoutMilliseconds: 30_000 })).kind).toBe('sat');
    expect((await solver.checkChc(arrayLoopSystem(6), { timeoutMilliseconds: 30_000 })).kind).toBe('unsat');
  });
  it('stops a hard CHC system at the timeout', async () => {
    const started = Date.now();
    const result = await solver.checkChc(hardSystem(), { timeoutMilliseconds: 1_000 });
    expect(Date.now() - started).toBeLessThan(3_500);
    expect(result.kind).toBe('unknown');
    if (result.kind === 'unknown') expect(result.reason).toBe('timeout');
  });
});

describe('z3-wasm process exit', () => {
  it('lets a Node process exit by itself after dispose(), and with a solver never disposed', async () => {
    const projectRoot = resolve(import.meta.dirname, '..', '..');
    // compile the back end with tsc into a scratch directory inside the project (so 'z3-solver' resolves)
    const outputDirectory = mkdtempSync(join(projectRoot, 'node_modules', '.cache-encode-exit-test-'));
    try {
      execFileSync(
        process.execPath,
        [
          join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc'),
          '--outDir',
          outputDirectory,
          '--rootDir',
          join(projectRoot, 'src'),
          '--module',
          'NodeNext',
          '--moduleResolution',
          'NodeNext',
          '--target',
          'ES2022',
          '--skipLibCheck',
          '--strict',
          join(projectRoot, 'src', 'solvers', 'z3-wasm.ts'),
        ],
        { stdio: 'pipe' },
      );
      writeFileSync(join(outputDirectory, 'package.json'), '{"type":"module"}');
      const childScript = join(outputDirectory, 'child.mjs');
      writeFileSync(
        childScript,
        `
        import { createZ3WasmSolver } from './solvers/z3-wasm.js';
        import { createSmtScript, symbol, intSort, greater, intConstant, multiply, equal, add } from './smt/terms.js';
        const x = symbol('x', intSort), y = symbol('y', intSort), z = symbol('z', intSort);
        const solver = createZ3WasmSolver();
        const easy = createSmtScript({ headerComments: [], logic: undefined, constants: [x], functions: [], assertions: [{ term: greater(x, intConstant(1)) }] });
        const hard = createSmtScript({ headerComments: [], logic: undefined, constants: [x, y, z], functions: [], assertions: [
          { term: greater(x, intConstant(1)) }, { term: greater(y, intConstant(1)) }, { term: greater(z, intConstant(1)) },
          { term: equal(add(multiply(x, x, x), multiply(y, y, y)), multiply(z, z, z)) }] });
        const first = await solver.checkScript(easy, { timeoutMilliseconds: 10000, valuesOf: [x] });
        // A check that z3 stops by its own timeout option (5 s: generous on a loaded CI machine;
        // should it still overrun, the module is abandoned, which the next check covers too).
        const second = await solver.checkScript(hard, { timeoutMilliseconds: 5000 });
        // A check abandoned on purpose: the deadline (1 s) comes long before z3's timeout (10 s).
        // Abandoning terminates the module's threads and clears z3-solver's keep-alive timer.
        const impatient = createZ3WasmSolver({ abandonGraceMilliseconds: -9000 });
        const abandonedStarted = Date.now();
        const third = await impatient.checkScript(hard, { timeoutMilliseconds: 10000 });
        const abandonedElapsed = Date.now() - abandonedStarted;
        // a fresh module answers after an abandoned one
        const fourth = await solver.checkScript(easy, { timeoutMilliseconds: 10000 });
        // a question leaves a context kept for the next ones; dispose() deletes it
        const fifth = await solver.checkScript(easy, { timeoutMilliseconds: 10000, question: true });
        await solver.dispose();
        // a call whose signal aborts (the other lane decided) is answered at once, and dispose()
        // abandons its module instead of waiting for z3 to stop
        const aborting = createZ3WasmSolver({ lanes: 1 });
        const stop = new AbortController();
        const aborted = aborting.checkScript(hard, { timeoutMilliseconds: 20000, signal: stop.signal });
        setTimeout(() => stop.abort(), 1000);
        const seventh = await aborted;
        await aborting.dispose();
        // a solver never disposed: the worker threads started for its modules (two, the second
        // never asked) do not keep the process alive
        const forgotten = createZ3WasmSolver({ lanes: 2 });
        forgotten.warmUp();
        const sixth = await forgotten.checkScript(easy, { timeoutMilliseconds: 10000 });
        console.log([first.kind, second.kind, third.kind, third.reason, abandonedElapsed < 8000, fourth.kind, fifth.kind, seventh.kind, seventh.reason, sixth.kind].join(' '));
      `,
      );
      const outcome = await new Promise<{ code: number | null; stdout: string; elapsed: number }>((resolvePromise) => {
        const started = Date.now();
        const child = spawn(process.execPath, [childScript], { stdio: ['ignore', 'pipe', 'inherit'] });
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
        });
        const killer = setTimeout(() => child.kill('SIGKILL'), 45_000);
        child.on('close', (code) => {
          clearTimeout(killer);
          resolvePromise({ code, stdout, elapsed: Date.now() - started });
        });
      });
      expect(outcome.stdout.trim()).toBe('sat unknown unknown timeout true sat sat unknown timeout sat');
      expect(outcome.code).toBe(0);
      expect(outcome.elapsed).toBeLessThan(25_000);
    } finally {
      rmSync(outputDirectory, { recursive: true, force: true });
    }
  });
});
