// HORN files in CHC-COMP's strict form (src/smt/chc-comp.ts, applied by the printer): the format
// checker (test/support/chc-comp-format.ts, written from the format's grammar) passes every chc and
// witness file of the repository's programs (bench/ and test/regression/), and z3 answers the strict
// clauses as it answers the clauses as built.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chcEncoder } from '../../src/encoders/chc/index.js';
import { witnessEncoder } from '../../src/encoders/witness/index.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { strictChcComp } from '../../src/smt/chc-comp.js';
import { printChcSystem } from '../../src/smt/printer.js';
import {
  add,
  applyFunction,
  arraySort,
  boolSort,
  constantArray,
  containsSubterm,
  createChcSystem,
  declareFunction,
  falseTerm,
  greater,
  intConstant,
  intSort,
  multiply,
  select,
  symbol,
  type ChcSystem,
} from '../../src/smt/terms.js';
import { checkChcCompFormat } from '../support/chc-comp-format.js';
import { projectRoot } from '../support/cli.js';
import { emitWith } from '../support/encoding.js';
import { itWith, solverRequirement } from '../support/requirements.js';

function programsUnder(folder: string): string[] {
  return (readdirSync(join(projectRoot, folder), { recursive: true, encoding: 'utf8' }) as string[])
    .filter((name) => name.endsWith('.c'))
    .sort()
    .map((name) => join(folder, name));
}

/** z3's answer to a HORN file (sat, unsat or unknown), with a time limit in seconds */
function z3Answer(text: string, seconds = 5): string {
  const directory = mkdtempSync(join(tmpdir(), 'encode-chc-comp-'));
  const file = join(directory, 'clauses.smt2');
  writeFileSync(file, text);
  const run = spawnSync('z3', [`-T:${seconds}`, file], { encoding: 'utf8', timeout: seconds * 1000 + 5000 });
  rmSync(directory, { recursive: true, force: true });
  const status = (run.stdout ?? '').trim().split('\n')[0] ?? '';
  return status === 'sat' || status === 'unsat' ? status : 'unknown';
}

const programs = [...programsUnder('bench'), ...programsUnder('test/regression')];

/** the Horn systems chc and witness write for a program */
async function hornSystems(path: string): Promise<{ readonly encoder: string; readonly system: ChcSystem }[]> {
  const front = runFrontEnd(join(projectRoot, path), { dataModel: 'ILP32', preprocessor: 'builtin' });
  if (front.kind !== 'program') return [];
  const systems: { encoder: string; system: ChcSystem }[] = [];
  for (const encoder of [chcEncoder, witnessEncoder]) {
    const emitted = await emitWith(encoder, front.program, { semantics: 'c', timeoutMilliseconds: 10_000 });
    if (emitted.kind !== 'emitted') continue;
    for (const artefact of emitted.artefacts)
      if (artefact.content.kind === 'chcSystem') systems.push({ encoder: encoder.name, system: artefact.content });
  }
  return systems;
}

let cachedSystems: Promise<{ path: string; encoder: string; system: ChcSystem }[]> | undefined;
/** the HORN systems of every program, built once for the file's tests */
function allSystems(): Promise<{ path: string; encoder: string; system: ChcSystem }[]> {
  cachedSystems ??= (async () => {
    const systems: { path: string; encoder: string; system: ChcSystem }[] = [];
    for (const path of programs)
      for (const { encoder, system } of await hornSystems(path)) systems.push({ path, encoder, system });
    return systems;
  })();
  return cachedSystems;
}

const hasConstantArray = (system: ChcSystem): boolean =>
  system.clauses.some((clause) =>
    [...clause.body, clause.head].some((term) =>
      containsSubterm(term, (inner) => inner.kind === 'constantArray', { intoBinders: true }),
    ),
  );

describe('CHC-COMP strict form', () => {
  it('puts head arguments in distinct variables, asks one query, declares a predicate', () => {
    const inv = declareFunction('inv', [intSort, intSort], boolSort);
    const x = symbol('x', intSort);
    const system = createChcSystem({
      headerComments: [],
      predicates: [inv],
      clauses: [
        { variables: [], body: [], head: applyFunction(inv, [intConstant(0n), intConstant(0n)]) },
        { variables: [x], body: [applyFunction(inv, [x, x])], head: applyFunction(inv, [add(x, intConstant(1n)), x]) },
        { variables: [x], body: [applyFunction(inv, [x, x]), greater(x, intConstant(5n))], head: falseTerm },
        { variables: [x], body: [applyFunction(inv, [x, x]), greater(intConstant(0n), x)], head: falseTerm },
      ],
    });
    const before = checkChcCompFormat(printChcSystem(system, 'asBuilt'));
    expect(before.problems.length).toBeGreaterThan(0);
    const strict = printChcSystem(system);
    expect(checkChcCompFormat(strict)).toEqual({ problems: [], deviations: [] });
    expect(strictChcComp(system).clauses.filter((clause) => clause.head.kind === 'boolConstant')).toHaveLength(1);
    // a system without predicates (a program without loops) gets the error predicate
    const flat = createChcSystem({
      headerComments: [],
      predicates: [],
      clauses: [{ variables: [x], body: [greater(x, intConstant(5n))], head: falseTerm }],
    });
    expect(checkChcCompFormat(printChcSystem(flat)).problems).toEqual([]);
  });

  it('replaces constant arrays (nested too) by ghost arguments constrained where a cell is read', () => {
    const row = arraySort(intSort, intSort);
    const matrix = arraySort(intSort, row);
    const inv = declareFunction('inv', [intSort, matrix], boolSort);
    const i = symbol('i', intSort);
    const m = symbol('m', matrix);
    const zeroMatrix = constantArray(matrix, constantArray(row, intConstant(0n)));
    const system = createChcSystem({
      headerComments: [],
      predicates: [inv],
      clauses: [
        { variables: [], body: [], head: applyFunction(inv, [intConstant(0n), zeroMatrix]) },
        {
          variables: [i, m],
          body: [applyFunction(inv, [i, m]), greater(select(select(m, i), intConstant(1n)), intConstant(0n))],
          head: falseTerm,
        },
      ],
    });
    const text = printChcSystem(system);
    expect(text).not.toContain('as const');
    expect(checkChcCompFormat(text)).toEqual({ problems: [], deviations: [] });
    // one ghost per constant (the row and the matrix), each an argument of the predicate
    expect(text).toContain(
      '(declare-fun inv (Int (Array Int (Array Int Int)) (Array Int Int) (Array Int (Array Int Int))) Bool)',
    );
    // the query reads row i of m, then cell 1 of that row: the ghosts equal their constants there
    expect(text).toContain('(= (select chc!const.1 i) chc!const.0)');
    expect(text).toContain('(= (select chc!const.0 1) 0)');
    expect(text).not.toContain('nonlinear');
  });

  it('says in the header where the clauses multiply variables', () => {
    const inv = declareFunction('inv', [intSort], boolSort);
    const x = symbol('x', intSort);
    const system = createChcSystem({
      headerComments: [],
      predicates: [inv],
      clauses: [
        { variables: [x], body: [greater(x, intConstant(0n))], head: applyFunction(inv, [x]) },
        { variables: [x], body: [applyFunction(inv, [x]), greater(intConstant(0n), multiply(x, x))], head: falseTerm },
      ],
    });
    expect(printChcSystem(system)).toMatch(/^; nonlinear arithmetic: \* of two variables/m);
    const linear = createChcSystem({ ...system, clauses: [system.clauses[0]!] });
    expect(printChcSystem(linear)).not.toContain('nonlinear');
  });

  it(
    `every HORN file of the repository's programs (${programs.length}) passes the format checker`,
    { timeout: 600_000 },
    async () => {
      let files = 0;
      const deviations = new Map<string, number>();
      const failures: string[] = [];
      for (const { path, encoder, system } of await allSystems()) {
        files++;
        const report = checkChcCompFormat(printChcSystem(system));
        if (report.problems.length > 0)
          failures.push(`${path} (${encoder}): ${report.problems.slice(0, 3).join('; ')}`);
        for (const deviation of report.deviations) deviations.set(deviation, (deviations.get(deviation) ?? 0) + 1);
      }
      console.log(
        `CHC-COMP format: ${files} HORN files, ${failures.length} failing; deviations: ${JSON.stringify(Object.fromEntries(deviations))}`,
      );
      expect(files).toBeGreaterThan(programs.length);
      expect(failures).toEqual([]);
      // constant arrays are replaced by ghost arguments wherever their value is closed (every program here)
      expect(deviations.get('as const') ?? 0).toBe(0);
    },
  );

  itWith(
    [solverRequirement('z3')],
    'replaces constant arrays by ghost arguments, and z3 answers those files as it answers the clauses as built',
    { timeout: 600_000 },
    async () => {
      const withConstants = (await allSystems()).filter(({ system }) => hasConstantArray(system));
      let decided = 0;
      const disagreements: string[] = [];
      for (const { path, encoder, system } of withConstants) {
        const strictText = printChcSystem(system);
        expect(strictText, path).not.toContain('(as const');
        // measured at 5 s: 19 systems, the same answer in both forms on each (8 decided, 11 unknown in both)
        const asBuilt = z3Answer(printChcSystem(system, 'asBuilt'), 2);
        if (asBuilt === 'unknown') continue;
        const strict = z3Answer(strictText, 4);
        decided++;
        if (strict !== asBuilt) disagreements.push(`${path} (${encoder}): strict ${strict}, as built ${asBuilt}`);
      }
      console.log(`constant arrays: ${withConstants.length} HORN systems, ${decided} decided by z3 in both forms`);
      expect(withConstants.length).toBeGreaterThanOrEqual(10);
      expect(disagreements).toEqual([]);
      expect(decided).toBeGreaterThanOrEqual(6);
    },
  );

  itWith(
    [solverRequirement('z3')],
    'z3 answers the strict clauses as it answers the clauses as built',
    { timeout: 600_000 },
    async () => {
      const answer = (text: string): string => z3Answer(text, 1);
      let compared = 0;
      let decided = 0;
      for (const path of programs.filter((_, index) => index % 30 === 0)) {
        for (const { encoder, system } of await hornSystems(path)) {
          if (encoder !== 'chc') continue;
          const strict = answer(printChcSystem(system));
          const asBuilt = answer(printChcSystem(system, 'asBuilt'));
          compared++;
          if (strict !== 'unknown' && asBuilt !== 'unknown') {
            decided++;
            expect(strict, path).toBe(asBuilt);
          }
        }
      }
      console.log(`z3 on strict vs as-built clauses: ${compared} systems, ${decided} decided by both, 0 disagree`);
      // measured: every 30th program at 1 s, 18 systems, 7 decided by both (every 6th at 3 s: 88 systems, 36 decided, 0 disagree)
      expect(decided).toBeGreaterThanOrEqual(4);
    },
  );
});
