// Shared by the corpus verdict tests: no verdict on the corpus may contradict manifest.json, and each
// encoding must still decide a minimum of tasks (a regression to "UNKNOWN everywhere" fails).
// Budgets are short (the full 20-second run is `npm run bench:corpus`). Where gcc is on PATH every
// UNSAFE is also run natively (src/execution): it must reach the error, or fail to for a known
// reason (indeterminate values, integer semantics, data model); a disagreement fails the check. Tasks whose expected verdict
// is shown wrong for the stored text would be listed in an exception list here, with the evidence;
// there are none.

import { expect } from 'vitest';
import type { Encoder } from '../../src/kernel/encoder.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { createSolver } from '../../src/solvers/index.js';
import type { Solver } from '../../src/solvers/solver.js';
import type { UnknownKind } from '../../src/verdict.js';
import { corpusTasks } from './corpus.js';
import { findToolchain } from '../../src/execution/gcc.js';
import { describeExecution, validateByExecution } from '../../src/execution/validate.js';
import { solveWith, type TestOptions } from '../support/encoding.js';
import { replaySemantics } from '../../src/kernel/c-semantics.js';

/** the embedded solver, as a user gets it by default */
export function corpusSolver(): Solver {
  const created = createSolver('z3-wasm');
  if (created.kind !== 'ok') throw new Error(created.message);
  return created.solver;
}

export interface CorpusCounts {
  /** tasks the front end accepts (the others are not run) */
  lowered: number;
  /** SAFE answers (all on expected-true tasks: a wrong one fails the check) */
  safe: number;
  /** UNSAFE answers (all on expected-false tasks) */
  unsafe: number;
  unknown: number;
  /** safe + unsafe */
  decided: number;
  /** the UNKNOWN answers by the reason's kind */
  unknownBy: Partial<Record<UnknownKind, number>>;
  /** the native runs of the UNSAFE answers (gcc on PATH), by how they ended */
  executions: Partial<Record<'confirmed' | 'explained' | 'couldNotBuild', number>>;
}

/**
 * Runs `encoder` on every lowered task; fails on any verdict that contradicts the manifest.
 * `budgets` gives single tasks (by manifest file name) a budget other than options.timeoutMilliseconds.
 */
export async function checkCorpus(
  encoder: Encoder,
  options: TestOptions,
  solver: Solver,
  budgets: ReadonlyMap<string, number> = new Map(),
): Promise<CorpusCounts> {
  const counts: CorpusCounts = {
    lowered: 0,
    safe: 0,
    unsafe: 0,
    unknown: 0,
    decided: 0,
    unknownBy: {},
    executions: {},
  };
  const wrong: string[] = [];
  const execute = findToolchain().kind === 'found';
  const started = performance.now();
  const tasks = corpusTasks();
  for (const file of budgets.keys())
    expect(
      tasks.map((task) => task.file),
      'a task with its own budget',
    ).toContain(file);
  for (const task of tasks) {
    const frontEnd = runFrontEnd(task.path, { dataModel: task.dataModel, preprocessor: 'default' });
    if (frontEnd.kind !== 'program') continue;
    counts.lowered++;
    const budget = budgets.get(task.file) ?? options.timeoutMilliseconds;
    const outcome = await solveWith(encoder, frontEnd.program, { ...options, timeoutMilliseconds: budget }, solver);
    const verdict = outcome.verdict;
    if (verdict.kind === 'unknown') {
      counts.unknown++;
      counts.unknownBy[verdict.reason.kind] = (counts.unknownBy[verdict.reason.kind] ?? 0) + 1;
    } else if (verdict.kind !== task.expected)
      wrong.push(`${task.file}: expected ${task.expected}, got ${verdict.kind}`);
    else counts[verdict.kind]++;
    if (verdict.kind === 'unsafe' && execute) {
      const check = validateByExecution(task.path, frontEnd.program, verdict.counterexample, {
        semantics: replaySemantics(options.semantics),
        dataModel: task.dataModel,
        timeoutMilliseconds: 30_000,
      });
      const key =
        check.kind === 'notReached' ? (check.explanation === undefined ? undefined : 'explained') : check.kind;
      if (key === undefined)
        wrong.push(`${task.file}: the UNSAFE does not reproduce natively: ${describeExecution(check)}`);
      else counts.executions[key] = (counts.executions[key] ?? 0) + 1;
    }
  }
  counts.decided = counts.safe + counts.unsafe;
  console.log(
    `${encoder.name} on the corpus (${options.timeoutMilliseconds} ms per task): ${JSON.stringify(counts)}, wrong ${wrong.length}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  expect(wrong).toEqual([]);
  // measured: every UNSAFE of every encoding confirmed natively (accel 13 of 13); explained misses are allowed, not many
  if (execute) expect(counts.executions.confirmed ?? 0).toBeGreaterThanOrEqual(Math.ceil(counts.unsafe * 0.8));
  // the front end still accepts the corpus (111 of 114 tasks lower today)
  expect(counts.lowered).toBeGreaterThanOrEqual(109);
  return counts;
}
