// The witness encoding end to end (C text → pipeline → witness → solver): Fig. 1-style programs
// proven SAFE in both loop modes, two-cell properties with --cells 2, UNSAFE only with a replayed
// counterexample, UNKNOWN naming the failing precision rule, out-of-bounds cells, and the emitted
// array-free clauses accepted by z3.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildWitnessArtefact, checkAbstraction, witnessEncoder } from '../../src/encoders/witness/index.js';
import { generaliseSizes } from '../../src/analysis/generalise-size.js';
import { replayCounterexample } from '../../src/interp/interpreter.js';
import type { Program } from '../../src/ir/types.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { printChcSystem, printSmtScript } from '../../src/smt/printer.js';
import { findExecutable } from '../../src/solvers/index.js';
import { testSolver } from '../support/solver.js';
import { itWith, solverRequirement } from '../support/requirements.js';
import { emitWith, encodingOptionsFor, solveWith, type TestOptions } from '../support/encoding.js';
import { Budget } from '../../src/kernel/budget.js';

const directory = mkdtempSync(join(tmpdir(), 'witness-'));
let counter = 0;
const solver = testSolver();
afterAll(async () => solver.dispose());

function lower(body: string, globals = ''): Program {
  const file = join(directory, `program${counter++}.c`);
  writeFileSync(
    file,
    `extern void abort(void);\nvoid reach_error(void) { abort(); }\nextern int __VERIFIER_nondet_int(void);\n${globals}\nint main(void) {\n${body}\n  return 0;\n}\n`,
  );
  const result = runFrontEnd(file, { dataModel: 'ILP32', preprocessor: 'default' });
  if (result.kind !== 'program') throw new Error(JSON.stringify(result));
  return result.program;
}

function options(cells: number, loops: 'kept' | 'removed', timeoutMilliseconds = 30_000): TestOptions {
  return { semantics: 'int', timeoutMilliseconds, encodings: { witness: { cells, loops } } };
}

const figure1 = `
  int i, k;
  for (i = 0; i < 100000; i++) { k = i; a[i].p = k; a[i].q = k * k; }
  for (i = 0; i < 100000; i++) { if (!(a[i].q == a[i].p * a[i].p)) reach_error(); }`;
const figure1Globals = 'struct S { unsigned int p; unsigned int q; } a[100000];';

const initialiseCopyCheck = `
  int i; static int a[1000000]; static int b[1000000];
  for (i = 0; i < 1000000; i++) a[i] = i;
  for (i = 0; i < 1000000; i++) b[i] = a[i] + 1;
  for (i = 0; i < 1000000; i++) { if (b[i] != i + 1) reach_error(); }`;

describe('witness proves Fig. 1-style programs SAFE', () => {
  it("the paper's Fig. 1 with loops removed (one query, array of structs, k = 1 and 2)", async () => {
    const program = lower(figure1, figure1Globals);
    for (const cells of [1, 2]) {
      const outcome = await solveWith(witnessEncoder, program, options(cells, 'removed'), solver);
      expect(outcome.verdict.kind, JSON.stringify(outcome.verdict)).toBe('safe');
    }
  });

  it('initialise / transform / check of 10^6 elements, loops removed', async () => {
    const outcome = await solveWith(witnessEncoder, lower(initialiseCopyCheck), options(1, 'removed'), solver);
    expect(outcome.verdict.kind, JSON.stringify(outcome.verdict)).toBe('safe');
  });

  // Debian z3's Spacer proves the size-generalised clauses; z3-wasm does not within the budget
  // (UNKNOWN after 30 s, already before the solve-kernel refactor): skipped without the z3 executable
  itWith(
    [solverRequirement('z3')],
    'initialise then check of 10^6 elements, loops kept (size-generalised Horn clauses)',
    {},
    async () => {
      const program = lower(`
  int i; static int a[1000000];
  for (i = 0; i < 1000000; i++) a[i] = 7;
  for (i = 0; i < 1000000; i++) { if (a[i] != 7) reach_error(); }`);
      const outcome = await solveWith(witnessEncoder, program, options(1, 'kept'), solver);
      expect(outcome.verdict.kind, JSON.stringify(outcome.verdict)).toBe('safe');
      // the Horn clauses on their own (solve() tries the loop-free query first)
      const witnessOptions = {
        settings: encodingOptionsFor(witnessEncoder, options(1, 'kept')).settings,
        semantics: 'int' as const,
      };
      const artefact = buildWitnessArtefact(program, witnessOptions);
      expect(artefact.kind).toBe('chc');
      if (artefact.kind !== 'chc') return;
      const clauses = await checkAbstraction(program, artefact, witnessOptions, solver, Budget.start(30_000));
      expect(clauses.kind).toBe('safe');
      expect(clauses.generalised).toBe('sat');
    },
  );

  it('a VLA of symbolic size (copy then check), loops kept and removed', async () => {
    const program = lower(`
  int n = __VERIFIER_nondet_int(); int i;
  if (n <= 0) return 0;
  int a[n]; int b[n];
  for (i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < n; i++) b[i] = a[i];
  for (i = 0; i < n; i++) { if (b[i] != a[i]) reach_error(); }`);
    for (const loops of ['kept', 'removed'] as const) {
      const outcome = await solveWith(witnessEncoder, program, options(1, loops), solver);
      expect(outcome.verdict.kind, `${loops}: ${JSON.stringify(outcome.verdict)}`).toBe('safe');
    }
  });
});

describe('two cells', () => {
  // (a nondeterministic size: with a constant one, the kernel's counterexample search unrolls every
  // loop completely and proves the program whatever the abstraction can do)
  const sorted = `
  int i; int n = __VERIFIER_nondet_int(); if (n < 1 || n > 1000) return 0;
  int a[n];
  for (i = 0; i < n; i++) a[i] = 2 * i;
  for (i = 0; i + 1 < n; i++) { if (a[i] > a[i + 1]) reach_error(); }`;

  it('sortedness a[i] <= a[i+1] is proven with k = 2 (loops removed) but not with k = 1', async () => {
    const program = lower(sorted);
    const two = await solveWith(witnessEncoder, program, options(2, 'removed'), solver);
    expect(two.verdict.kind, JSON.stringify(two.verdict)).toBe('safe');
    const one = await solveWith(witnessEncoder, program, options(1, 'removed', 4000), solver);
    expect(one.verdict.kind).toBe('unknown');
    expect(one.verdict.kind === 'unknown' ? one.verdict.reason.message : '').toMatch(
      /^witness abstraction imprecise: rule (l1|a2) fails/,
    );
    expect(one.verdict.kind === 'unknown' ? one.verdict.reason.kind : '').toMatch(/^(imprecise|timeout)$/);
  });

  it('reversal b[i] == a[n-1-i] is proven with k = 2 (loops removed)', async () => {
    const program = lower(`
  int i; int a[100]; int b[100];
  for (i = 0; i < 100; i++) a[i] = __VERIFIER_nondet_int();
  for (i = 0; i < 100; i++) b[i] = a[99 - i];
  for (i = 0; i < 100; i++) { if (b[i] != a[99 - i]) reach_error(); }`);
    const outcome = await solveWith(witnessEncoder, program, options(2, 'removed'), solver);
    expect(outcome.verdict.kind, JSON.stringify(outcome.verdict)).toBe('safe');
  });
});

describe('verdicts other than SAFE', () => {
  it('a real failure is UNSAFE only with a counterexample the interpreter replays', async () => {
    const program = lower(`
  int i; int a[10];
  for (i = 0; i < 9; i++) a[i] = 1;
  for (i = 0; i < 10; i++) { if (a[i] != 1) reach_error(); }`);
    for (const loops of ['kept', 'removed'] as const) {
      const outcome = await solveWith(witnessEncoder, program, options(1, loops), solver);
      expect(outcome.verdict.kind).toBe('unsafe');
      if (outcome.verdict.kind === 'unsafe') {
        expect(replayCounterexample(program, outcome.verdict.counterexample, 'int').kind).toBe('assertionFailed');
      }
    }
  });

  it('an out-of-bounds cell is tracked like any other (total maps): never SAFE', async () => {
    const program = lower(`
  int a[10]; int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 10) return 0;
  a[i] = 1;
  if (a[10] != 0) reach_error();`);
    for (const loops of ['kept', 'removed'] as const) {
      const outcome = await solveWith(witnessEncoder, program, options(1, loops, 5000), solver);
      expect(outcome.verdict.kind).not.toBe('safe');
    }
  });

  it('an assertion over two cells with k = 1 is checked, not assumed', async () => {
    const program = lower(`
  int a[10];
  a[0] = 1; a[1] = 2;
  if (a[0] == a[1] - 1) reach_error();`);
    const outcome = await solveWith(witnessEncoder, program, options(1, 'removed', 5000), solver);
    expect(outcome.verdict.kind).not.toBe('safe');
  });

  it('a safe program outside the precise fragment is UNKNOWN with the failing rule', async () => {
    const program = lower(`
  int i; int n = __VERIFIER_nondet_int(); if (n < 1 || n > 10) return 0;
  int a[n];
  a[0] = 0;
  for (i = 0; i + 1 < n; i++) a[i + 1] = a[i];
  for (i = 0; i < n; i++) { if (a[i] != 0) reach_error(); }`);
    const outcome = await solveWith(witnessEncoder, program, options(1, 'removed', 3000), solver);
    expect(outcome.verdict.kind).toBe('unknown');
    expect(outcome.verdict.kind === 'unknown' ? outcome.verdict.reason.message : '').toMatch(
      /^witness abstraction imprecise: rule \w\d fails for the loop at \d+:\d+/,
    );
  });
});

describe('emitted artefacts', () => {
  it('loops kept: array-free Horn clauses with a header naming the witness variables', async () => {
    const program = lower(initialiseCopyCheck);
    const emitted = await emitWith(witnessEncoder, program, options(1, 'kept'));
    expect(emitted.kind).toBe('emitted');
    if (emitted.kind !== 'emitted') return;
    // the queries of the solve in its order: the loop-free query, the clauses with the sizes generalised, the clauses
    expect(emitted.artefacts.map((artefact) => artefact.suffix)).toEqual([
      '.witness-removed.smt2',
      '.witness-generalised.smt2',
      '.witness.smt2',
    ]);
    const artefact = emitted.artefacts[2]!;
    expect(artefact.content.kind).toBe('chcSystem');
    const text = artefact.content.kind === 'chcSystem' ? printChcSystem(artefact.content) : '';
    expect(text).toMatch(/^; witness encoding of .*1 cell\(s\) per array group, loops kept/);
    expect(text).toMatch(/; cell 0 of a\[1000000\], b\[1000000\]: index witness!index\.a\.c0/);
    expect(text).toMatch(/;\s+witness!value\.b\.c0 = b\[witness!index\.a\.c0\]/);
    expect(text).not.toMatch(/Array/);
    expect(text).toMatch(/\(set-logic HORN\)/);
    if (findExecutable('z3') !== undefined) {
      const file = join(directory, 'emitted.smt2');
      writeFileSync(file, text);
      const answer = execFileSync('z3', ['-T:20', file], { encoding: 'utf8' }).trim();
      expect(['sat', 'unknown', 'timeout']).toContain(answer.split('\n')[0]);
    }
  });

  it('loops removed, k = 2: one loop-free query without arrays, accepted by z3', async () => {
    const program = lower(figure1, figure1Globals);
    const emitted = await emitWith(witnessEncoder, program, options(2, 'removed'));
    expect(emitted.kind).toBe('emitted');
    if (emitted.kind !== 'emitted') return;
    const artefact = emitted.artefacts[0]!;
    expect(artefact.suffix).toBe('.witness-removed-k2.smt2');
    const text = artefact.content.kind === 'smtScript' ? printSmtScript(artefact.content) : '';
    expect(text).toMatch(/witness!index\.a_p\.c1/);
    expect(text).not.toMatch(/Array|select|store/);
    expect((text.match(/\(check-sat\)/g) ?? []).length).toBe(1);
    if (findExecutable('z3') !== undefined) {
      const file = join(directory, 'emitted-removed.smt2');
      writeFileSync(file, text);
      expect(execFileSync('z3', ['-T:20', file], { encoding: 'utf8' }).trim().split('\n')[0]).toBe('unsat');
    }
  });
});

describe('size generalisation', () => {
  it('keeps the identical objects for statements and subtrees without a size constant', () => {
    const program = lower(`
  int a[8]; int i; int x = __VERIFIER_nondet_int(); int y = x + 1;
  for (i = 0; i < 8; i++) a[i] = y;
  if (x > 3) { y = 2; } else { y = x * 8; }`);
    const generalised = generaliseSizes(program, [8n]);
    if (generalised === undefined) throw new Error('nothing generalised');
    const body = generalised.program.body.slice(generalised.program.body.length - program.body.length);
    const loopIndex = program.body.findIndex((statement) => statement.kind === 'loop');
    const ifIndex = program.body.findIndex((statement) => statement.kind === 'if');
    program.body.forEach((statement, index) => {
      if (index === loopIndex || index === ifIndex) expect(body[index]).not.toBe(statement);
      else expect(body[index]).toBe(statement);
    });
    const [loop, branch] = [program.body[loopIndex]!, program.body[ifIndex]!];
    const [newLoop, newBranch] = [body[loopIndex]!, body[ifIndex]!];
    if (loop.kind !== 'loop' || newLoop.kind !== 'loop' || branch.kind !== 'if' || newBranch.kind !== 'if')
      throw new Error('shape');
    // i < 8 changes; the body a[i] = y and the update i = i + 1 do not
    expect(newLoop.condition).not.toBe(loop.condition);
    expect(newLoop.body).toBe(loop.body);
    expect(newLoop.update).toBe(loop.update);
    // y = 2 is kept, y = x * 8 is rebuilt with its unchanged left operand
    expect(newBranch.then).toBe(branch.then);
    const [oldElse, newElse] = [branch.else[0]!, newBranch.else[0]!];
    if (oldElse.kind !== 'assign' || newElse.kind !== 'assign') throw new Error('shape');
    if (oldElse.value.kind !== 'binary' || newElse.value.kind !== 'binary') throw new Error('shape');
    expect(newElse).not.toBe(oldElse);
    expect(newElse.value.left).toBe(oldElse.value.left);
  });
});
