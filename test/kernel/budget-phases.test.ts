// The budget reaches the CPU phases between solver calls (budget-check.ts): a phase that finds the
// budget spent throws BudgetExhausted, which the kernel turns into UNKNOWN (timeout) naming the
// phase; printing a query counts against its solver call; the running record names every stage,
// and the watchdog prints it. End to end: a three-dimensional array program of bench/budget-3d
// (an SV-COMP-style copy of a partial block) through every encoding and `verify` at --timeout 3
// ends within 3 + 1.5 s after the front end (start-up measured and taken off; the margin is for a
// loaded 2-core CI), and its --json names the stages and their times.

import { allFormsModelled } from '../../src/analysis/control-flow-forms.js';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { BudgetExhausted, budgetTick, checkBudget, runWithin } from '../../src/budget-check.js';
import { encoderNames } from '../../src/encoders/index.js';
import { Budget } from '../../src/kernel/budget.js';
import type { Encoder } from '../../src/kernel/encoder.js';
import { runEncoding } from '../../src/kernel/run-encoding.js';
import { encodingOptions } from '../../src/kernel/options.js';
import { RunRecord } from '../../src/kernel/run-record.js';
import { printSmtScript } from '../../src/smt/printer.js';
import { add, createSmtScript, equal, intConstant, intSort, symbol, type Term } from '../../src/smt/terms.js';
import { timeLeft, type CheckOptions, type Solver } from '../../src/solvers/solver.js';
import { unknownVerdict } from '../../src/verdict.js';
import * as programs from '../support/sample-programs.js';

const projectRoot = resolve(import.meta.dirname, '..', '..');
const encodeBinary = join(projectRoot, 'bin', 'encode.js');
const program = join(projectRoot, 'bench', 'budget-3d', 'copy-partial-3d-safe.c');

/** the --timeout of the end-to-end runs, and what they may take beyond it after the front end */
const timeoutSeconds = 3;
const marginSeconds = 1.5;

function fakeEncoder(solve: Encoder['solve']): Encoder {
  return {
    name: 'fake',
    summary: 'a planted encoder',
    approximation: 'over',
    options: [],
    emitUsesSolver: false,
    controlFlow: allFormsModelled,
    emit: async () => ({ kind: 'unsupported', reason: 'none' }),
    solve,
  };
}

const unusedSolver: Solver = {
  name: 'unused',
  checkScript: async () => ({ kind: 'unknown', reason: 'unused' }),
  checkChc: async () => ({ kind: 'unknown', reason: 'unused' }),
  dispose: async () => undefined,
};

/** a sum of `size` distinct terms: printing it takes many budget ticks */
function largeTerm(size: number): Term {
  const parts: Term[] = [];
  for (let index = 0; index < size; index++) parts.push(add(symbol(`x${index}`, intSort), intConstant(BigInt(index))));
  return equal(add(...parts), intConstant(0n));
}

describe('the budget in CPU phases', () => {
  it('checks do nothing outside a run, and throw BudgetExhausted naming the phase inside a spent one', () => {
    expect(() => checkBudget('outside')).not.toThrow();
    let now = 0;
    const budget = Budget.start(1_000, () => now);
    expect(() => runWithin(budget, () => checkBudget('early'))).not.toThrow();
    now = 1_000;
    expect(() => runWithin(budget, () => checkBudget('late'))).toThrow(BudgetExhausted);
    const thrown = (() => {
      try {
        runWithin(budget, () => checkBudget('summarising'));
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(BudgetExhausted);
    expect((thrown as BudgetExhausted).phase).toBe('summarising');
  });

  it('a nested share is checked together with the run it narrows', () => {
    let now = 0;
    const run = Budget.start(1_000, () => now);
    const share = run.share(1 / 2);
    now = 600;
    expect(() => runWithin(run, () => runWithin(share, () => checkBudget('part')))).toThrow(BudgetExhausted);
    expect(() => runWithin(run, () => checkBudget('whole'))).not.toThrow();
  });

  it('printing a large query stops once the budget is spent', () => {
    const script = createSmtScript({
      headerComments: [],
      logic: 'ALL',
      constants: [],
      functions: [],
      assertions: [{ term: largeTerm(5_000) }],
    });
    expect(printSmtScript(script).length).toBeGreaterThan(10_000);
    const spent = Budget.start(0);
    expect(() => runWithin(spent, () => printSmtScript(script))).toThrow(/term printing/);
  });

  it('the kernel turns BudgetExhausted into UNKNOWN (timeout) naming the phase, with the times so far, soon after the budget', async () => {
    const spinning = fakeEncoder(async () => {
      for (;;) budgetTick('a planted endless phase');
    });
    const record = new RunRecord();
    const started = performance.now();
    const run = await runEncoding(spinning, programs.countingSafe, encodingOptions('int'), unusedSolver, {
      timeoutMilliseconds: 300,
      record,
      stageName: 'spinning',
    });
    const elapsed = performance.now() - started;
    expect(run.verdict).toEqual(unknownVerdict('timeout', 'fake: timeout during a planted endless phase'));
    expect(run.details).toEqual({ budgetExhaustedIn: 'a planted endless phase' });
    expect(typeof run.times['encoding']).toBe('number');
    expect(elapsed).toBeLessThan(300 + 500);
    expect(record.snapshot()).toEqual([
      expect.objectContaining({
        encoding: 'spinning',
        verdict: 'unknown',
        reasonKind: 'timeout',
        phase: 'a planted endless phase',
      }),
    ]);
  });

  it('other errors pass through the kernel unchanged', async () => {
    const failing = fakeEncoder(async () => {
      throw new Error('planted');
    });
    await expect(
      runEncoding(failing, programs.countingSafe, encodingOptions('int'), unusedSolver, { timeoutMilliseconds: 1_000 }),
    ).rejects.toThrow('planted');
  });

  it('the running record lists running stages with their phase and times, ended ones with their verdict', async () => {
    let now = 0;
    const record = new RunRecord(() => now);
    const budget = Budget.start(10_000);
    const scope = { deadline: budget, parent: undefined, phase: 'unrolling', times: { encode: 12.4 } };
    const first = record.start('bmc', scope);
    now = 250;
    record.end(first, unknownVerdict('timeout', 'bmc: timeout'));
    record.start('viap', { deadline: budget, parent: undefined, phase: 'term printing' });
    now = 400;
    expect(record.snapshot()).toEqual([
      {
        encoding: 'bmc',
        verdict: 'unknown',
        reason: 'bmc: timeout',
        reasonKind: 'timeout',
        milliseconds: 250,
        phase: 'unrolling',
        times: { encode: 12 },
      },
      { encoding: 'viap', verdict: 'running', milliseconds: 150, phase: 'term printing' },
    ]);
    expect(record.running()).toEqual(['viap (in term printing)']);
  });

  it('the time a back end spends printing a query is taken off its solver call', () => {
    const options: CheckOptions = { timeoutMilliseconds: 1_000 };
    const started = performance.now() - 400;
    const left = timeLeft(options, started)!;
    expect(left.timeoutMilliseconds).toBeLessThanOrEqual(600);
    expect(left.timeoutMilliseconds).toBeGreaterThan(400);
    expect(timeLeft(options, performance.now() - 2_000)).toBeUndefined();
  });
});

interface JsonRecord {
  readonly verdict?: string;
  readonly reason?: string;
  readonly times?: Record<string, number>;
  readonly attempts?: readonly { readonly encoding: string; readonly verdict: string; readonly milliseconds: number }[];
}

/** one run of the command: its wall-clock seconds and the --json record it printed */
function encode(
  argumentsList: readonly string[],
  environment: Record<string, string> = {},
): { seconds: number; status: number | null; record: JsonRecord; stderr: string } {
  const started = performance.now();
  const result = spawnSync(process.execPath, [encodeBinary, ...argumentsList], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, ENCODE_DEBUG: '', ...environment },
  });
  const seconds = (performance.now() - started) / 1000;
  const lastLine = result.stdout.trim().split('\n').pop() ?? '';
  let record: JsonRecord = {};
  try {
    record = JSON.parse(lastLine) as JsonRecord;
  } catch {
    record = { verdict: `unreadable: ${result.stdout.slice(0, 200)} ${result.stderr.slice(0, 200)}` };
  }
  return { seconds, status: result.status, record, stderr: result.stderr };
}

function frontEndSeconds(record: JsonRecord): number {
  return ['preprocess', 'parse', 'lower'].reduce((sum, phase) => sum + (record.times?.[phase] ?? 0), 0) / 1000;
}

describe(`--timeout ${timeoutSeconds} on a three-dimensional array program, through the command`, () => {
  /** the command's start-up (node, loading the modules), measured: the budget starts after it and the front end */
  let startUpSeconds = 0;
  beforeAll(() => {
    startUpSeconds = encode(['--version']).seconds;
  });

  for (const encoding of [...encoderNames(), 'verify']) {
    it(`${encoding} ends within ${timeoutSeconds} + ${marginSeconds} s after the front end, and its --json has the times${encoding === 'verify' ? ' and the attempts' : ''}`, () => {
      const selection = encoding === 'verify' ? ['verify', program] : [program, '--encoding', encoding];
      const run = encode([...selection, '--timeout', String(timeoutSeconds), '--json']);
      const afterFrontEnd = run.seconds - startUpSeconds - frontEndSeconds(run.record);
      expect(run.record.verdict, run.stderr).toBeDefined();
      expect(run.record.reason ?? '', JSON.stringify(run.record)).not.toContain('watchdog');
      expect(afterFrontEnd, JSON.stringify(run.record)).toBeLessThan(timeoutSeconds + marginSeconds);
      expect(run.record.times?.['parse']).toBeTypeOf('number');
      expect(run.record.times?.['total']).toBeTypeOf('number');
      if (encoding === 'verify') {
        expect(run.record.attempts?.length ?? 0).toBeGreaterThan(0);
        for (const attempt of run.record.attempts ?? []) expect(attempt.milliseconds).toBeTypeOf('number');
      } else {
        expect(run.record.times?.['encoding']).toBeTypeOf('number');
      }
    });
  }

  it('the watchdog, when it has to end a run, prints the stages that ran, how long, and the times', () => {
    const run = encode([program, '--encoding', 'bmc', '--timeout', '1', '--json'], { ENCODE_TEST_PLANT: 'hang' });
    expect(run.status).toBe(20);
    expect(run.record.reason).toMatch(/^timeout \(watchdog\): still running bmc/);
    expect(run.record.attempts).toEqual([expect.objectContaining({ encoding: 'bmc', verdict: 'running' })]);
    expect(run.record.attempts![0]!.milliseconds).toBeGreaterThanOrEqual(1_000);
    expect(run.record.times?.['parse']).toBeTypeOf('number');
    expect(run.record.times?.['total']).toBeTypeOf('number');
  });
});
