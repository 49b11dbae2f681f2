// Scope by declaration, refusal by default (src/kernel/control-flow.ts): every encoding names every
// control-flow form of the IR, the kernel refuses a form an encoding does not model before the
// encoder sees the program (solve and emit alike), and moves a do-while's exit out of the update for
// an encoding that does not read exits there.

import { describe, expect, it } from 'vitest';
import {
  allFormsModelled,
  controlFlowForms,
  formsOf,
  type ControlFlowDeclaration,
} from '../../src/analysis/control-flow-forms.js';
import { encoderCatalogue } from '../../src/encoders/catalogue.js';
import { encoders } from '../../src/encoders/index.js';
import { Budget } from '../../src/kernel/budget.js';
import type { Encoder } from '../../src/kernel/encoder.js';
import { emitEncoding, runEncoding } from '../../src/kernel/run-encoding.js';
import { encodingOptions } from '../../src/kernel/options.js';
import type { Program } from '../../src/ir/types.js';
import type { Solver } from '../../src/solvers/solver.js';
import { unknownVerdict } from '../../src/verdict.js';
import { lowerSource } from '../soundness/harness.js';

const unusedSolver: Solver = {
  name: 'unused',
  checkScript: async () => ({ kind: 'unknown', reason: 'unused' }),
  checkChc: async () => ({ kind: 'unknown', reason: 'unused' }),
  dispose: async () => undefined,
};

/** an encoder with the given declaration that records the programs it is given */
function recordingEncoder(controlFlow: ControlFlowDeclaration, seen: Program[]): Encoder {
  return {
    name: 'planted',
    summary: 'a test double',
    approximation: 'over',
    options: [],
    emitUsesSolver: false,
    controlFlow,
    emit: async (program) => {
      seen.push(program);
      return { kind: 'unsupported', reason: 'test double' };
    },
    solve: async (program) => {
      seen.push(program);
      return { verdict: unknownVerdict('imprecise', 'test double'), times: {}, details: {} };
    },
  };
}

const doWhile = lowerSource(
  [
    'extern int __VERIFIER_nondet_int(void);',
    'extern void reach_error(void);',
    'void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }',
    'int main() {',
    '  int n = __VERIFIER_nondet_int();',
    '  if (n < 1 || n > 9) return 0;',
    '  int i = 0;',
    '  do { i++; } while (i < n);',
    '  __VERIFIER_assert(i != 3);',
    '  return 0;',
    '}',
  ].join('\n'),
);

describe('control-flow declarations', () => {
  it('every registered encoding names every form, in its declaration and as run', () => {
    for (const [name, encoder] of encoders) {
      expect(Object.keys(encoder.controlFlow).sort(), name).toEqual([...controlFlowForms].sort());
      for (const form of controlFlowForms)
        expect(['modelled', 'refused'], `${name}: ${form}`).toContain(encoder.controlFlow[form]);
      // the command line's light declaration is the one the encoder runs with
      expect(encoderCatalogue.get(name)?.controlFlow, name).toBe(encoder.controlFlow);
    }
  });

  it('the encodings that execute the IR exactly model every form; the others name what they refuse', () => {
    for (const name of ['bmc', 'chc', 'runs']) expect(encoders.get(name)?.controlFlow, name).toEqual(allFormsModelled);
    for (const [name, encoder] of encoders) {
      if (['bmc', 'chc', 'runs'].includes(name)) continue;
      expect(encoder.controlFlow.breakInUpdate, name).toBe('refused');
    }
  });
});

describe('the kernel admits a program by its forms', () => {
  const int = encodingOptions('int');

  it("moves a do-while's exit into the body for an encoding that does not read exits in an update", async () => {
    expect(formsOf(doWhile.body).has('breakInUpdate')).toBe(true);
    const seen: Program[] = [];
    await runEncoding(
      recordingEncoder({ ...allFormsModelled, breakInUpdate: 'refused' }, seen),
      doWhile,
      int,
      unusedSolver,
      { timeoutMilliseconds: 1_000 },
    );
    expect(seen).toHaveLength(1);
    expect(formsOf(seen[0]!.body).has('breakInUpdate')).toBe(false);
    expect(formsOf(seen[0]!.body).has('breakInBody')).toBe(true);
  });

  it('gives the loop as it is to an encoding that models exits in an update', async () => {
    const seen: Program[] = [];
    await runEncoding(recordingEncoder(allFormsModelled, seen), doWhile, int, unusedSolver, {
      timeoutMilliseconds: 1_000,
    });
    expect(formsOf(seen[0]!.body).has('breakInUpdate')).toBe(true);
  });

  it('refuses a form the encoding does not model before it runs, with the form and its location', async () => {
    const seen: Program[] = [];
    const encoder = recordingEncoder({ ...allFormsModelled, loop: 'refused' }, seen);
    const run = await runEncoding(encoder, doWhile, int, unusedSolver, { timeoutMilliseconds: 1_000 });
    expect(seen).toHaveLength(0);
    expect(run.verdict.kind).toBe('unknown');
    if (run.verdict.kind !== 'unknown') return;
    expect(run.verdict.reason.kind).toBe('unsupported');
    expect(run.verdict.reason.message).toContain("'loop'");
    expect(run.verdict.reason.location?.line).toBe(8);
    const emitted = await emitEncoding(encoder, doWhile, int, undefined, Budget.start(1_000));
    expect(emitted.kind).toBe('unsupported');
    expect(seen).toHaveLength(0);
  });

  it('refuses a do-while whose exit cannot be moved exactly (a loop in its update and a continue in its body)', async () => {
    const program = lowerSource(
      [
        'int main() {',
        '  int s = 0; int i = 0;',
        '  do { i++; if (i == 2) continue; s++; } while (({ int k = 0; while (k < 1) k++; i < 4; }));',
        '  return 0;',
        '}',
      ].join('\n'),
    );
    const seen: Program[] = [];
    const run = await runEncoding(
      recordingEncoder({ ...allFormsModelled, breakInUpdate: 'refused' }, seen),
      program,
      int,
      unusedSolver,
      { timeoutMilliseconds: 1_000 },
    );
    expect(seen).toHaveLength(0);
    expect(run.verdict.kind === 'unknown' && run.verdict.reason.kind).toBe('unsupported');
  });
});
