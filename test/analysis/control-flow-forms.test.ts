// The control-flow forms of lowered programs (src/analysis/control-flow-forms.ts): each C shape the
// front end lowers lands on the forms its header names, and the exact move of update exits into loop
// bodies (src/analysis/update-exits.ts) keeps every run: the outcome of the interpreter (the
// assertion that fails, or completion), in bv and in int semantics, for every input of a small domain.

import { describe, expect, it } from 'vitest';
import { controlFlowForms, formsOf, type ControlFlowForm } from '../../src/analysis/control-flow-forms.js';
import { moveUpdateExitsIntoBody } from '../../src/analysis/update-exits.js';
import { createProgram } from '../../src/ir/factory.js';
import type { Program } from '../../src/ir/types.js';
import { runProgram } from '../../src/interp/interpreter.js';
import { flattenStatements } from '../../src/ir/visit.js';
import { lowerSource } from '../soundness/harness.js';

const prelude = [
  'extern void abort(void);',
  'void reach_error(){}',
  'extern int __VERIFIER_nondet_int(void);',
  'void __VERIFIER_assert(int c){ if(!c){ reach_error(); abort(); } }',
  'void assume_abort_if_not(int c){ if(!c) abort(); }',
].join('\n');

function lowered(body: string, helpers = ''): Program {
  return lowerSource(`${prelude}\n${helpers}\nint main(void) {\n${body}\n  return 0;\n}\n`);
}

function forms(body: string, helpers = ''): ControlFlowForm[] {
  return [...formsOf(lowered(body, helpers).body).keys()].sort();
}

const shapes: readonly {
  readonly name: string;
  readonly body: string;
  readonly helpers?: string;
  readonly expected: readonly ControlFlowForm[];
}[] = [
  { name: 'for', body: 'int s = 0; for (int i = 0; i < 3; i++) s += i;', expected: ['loop'] },
  { name: 'do-while', body: 'int i = 0; do { i++; } while (i < 3);', expected: ['breakInUpdate', 'loop'] },
  {
    name: 'while with a side effect in its condition',
    body: 'int i = 0; while (i++ < 3) { }',
    expected: ['breakInBody', 'loop'],
  },
  {
    name: 'for(;;) with an exit and a continue',
    body: 'int i = 0; for (;;) { i++; if (i == 1) continue; if (i > 3) break; }',
    expected: ['breakInBody', 'continueInBody', 'loop'],
  },
  {
    name: 'nested loops',
    body: 'int s = 0; for (int i = 0; i < 2; i++) for (int j = 0; j < 2; j++) s++;',
    expected: ['loop', 'nestedLoop'],
  },
  {
    name: 'an assertion and abort() in a loop',
    body: 'for (int i = 0; i < 2; i++) { int x = __VERIFIER_nondet_int(); if (x > 5) abort(); __VERIFIER_assert(x != 7); }',
    expected: ['assertInLoop', 'assumeInLoop', 'loop'],
  },
  {
    name: 'return from main inside a loop',
    body: 'for (int i = 0; i < 5; i++) { if (i == 2) return 0; }',
    expected: ['breakInBody', 'loop'],
  },
  {
    name: 'switch with a break inside a loop',
    body: 'int s = 0; for (int i = 0; i < 4; i++) { switch (i) { case 1: s++; break; case 2: s += 2; default: s++; } }',
    expected: ['loop'],
  },
  {
    name: "a helper with a loop in a for's update",
    helpers: 'int next(int i) { int j = i; while (j < i + 2) j++; return j; }',
    body: 'int s = 0; for (int i = 0; i < 6; i = next(i)) s++;',
    expected: ['loop', 'loopInUpdate'],
  },
  {
    name: 'a backward goto',
    body: 'int i = 0;\n again: i++;\n if (i < 3) goto again;',
    expected: ['breakInBody', 'continueInBody', 'loop'],
  },
];

describe('control-flow forms', () => {
  for (const shape of shapes) {
    it(`${shape.name} lowers to ${shape.expected.join(', ')}`, () => {
      const found = forms(shape.body, shape.helpers);
      // every form the shape must show is there; no form beyond the expected ones
      expect(found).toEqual([...shape.expected].sort());
    });
  }

  it('the shapes above cover every form but continueInUpdate, which no lowering rule produces', () => {
    const covered = new Set(shapes.flatMap((shape) => shape.expected));
    expect(controlFlowForms.filter((form) => !covered.has(form))).toEqual(['continueInUpdate']);
  });

  it('names the first location of a form', () => {
    const program = lowered('int i = 0;\n  do { i++; } while (i < 3);\n  do { i--; } while (i > 0);');
    expect(formsOf(program.body).get('breakInUpdate')?.line).toBe(9);
  });
});

/** the outcome of a run with inputs `inputs`: its kind and where it stopped */
function runWith(program: Program, inputs: readonly bigint[], semantics: 'bv' | 'int'): string {
  let next = 0;
  const outcome = runProgram(program, {
    semantics,
    maxSteps: 100_000,
    nondet: {
      nextScalar: () => inputs[next++ % inputs.length] ?? 0n,
      nextArray: () => ({ defaultValue: 0n, entries: new Map() }),
    },
  });
  const where = 'location' in outcome ? ` at ${outcome.location.line}:${outcome.location.column}` : '';
  return `${outcome.kind}${where}`;
}

const moveCases: readonly string[] = [
  'int n = __VERIFIER_nondet_int(); int i = 0, s = 0; do { if (i % 2 == 0) { i++; continue; } s += i; i++; } while (i < n); __VERIFIER_assert(s != 4);',
  'int n = __VERIFIER_nondet_int(); int a[10] = {0}; int i = 0; if (n > 9) return 0; do { a[i] = 2 * i; if (a[i] == 4) continue; a[i]++; } while (++i < n); __VERIFIER_assert(a[2] != 4);',
  'int n = __VERIFIER_nondet_int(); int c = 0; for (int j = 0; j < 2; j++) { int k = 0; do { k++; if (k % 2 == 0) continue; c++; if (c > 6) break; } while (k < n); } __VERIFIER_assert(c != 4);',
  'int n = __VERIFIER_nondet_int(); int i = 0, s = 0; do { do { s++; } while (s < i); i++; } while (i < n && s < 20); __VERIFIER_assert(s != 5);',
];

describe('update exits moved into the body (exact)', () => {
  for (const [index, body] of moveCases.entries()) {
    it(`case ${index}: the same outcome for n = -1 … 9, in bv and int`, () => {
      const program = lowered(body);
      expect(formsOf(program.body).has('breakInUpdate')).toBe(true);
      const moved = createProgram(
        program.file,
        program.scalars,
        program.arrays,
        moveUpdateExitsIntoBody(program.body),
        program.dataModel,
      );
      expect(formsOf(moved.body).has('breakInUpdate')).toBe(false);
      // the update copied to each continue is a copy of its own: no statement object stands in two places
      const statements = flattenStatements(moved.body);
      expect(new Set(statements).size).toBe(statements.length);
      const outcomes = new Set<string>();
      for (const semantics of ['bv', 'int'] as const) {
        for (let n = -1n; n <= 9n; n++) {
          const before = runWith(program, [n], semantics);
          expect(runWith(moved, [n], semantics), `n = ${n} (${semantics})`).toBe(before);
          outcomes.add(before.split(' ')[0]!);
        }
      }
      // the cases are chosen so that some input fails and some completes
      expect(outcomes.size).toBeGreaterThanOrEqual(2);
    });
  }

  it("moves an update that holds a loop (a helper with a loop in a for's step) into the body: the same outcomes", () => {
    const helpers = 'int next(int i) { int j = i + 1; while (j % 3 != 0) j++; return j; }';
    const program = lowered(
      'int n = __VERIFIER_nondet_int(); int s = 0; for (int i = 0; i < n; i = next(i)) s += i; __VERIFIER_assert(s != 9);',
      helpers,
    );
    expect(formsOf(program.body).has('loopInUpdate')).toBe(true);
    const moved = createProgram(
      program.file,
      program.scalars,
      program.arrays,
      moveUpdateExitsIntoBody(program.body),
      program.dataModel,
    );
    expect(formsOf(moved.body).has('loopInUpdate')).toBe(false);
    const outcomes = new Set<string>();
    for (let n = -1n; n <= 12n; n++) {
      const before = runWith(program, [n], 'bv');
      expect(runWith(moved, [n], 'bv'), `n = ${n}`).toBe(before);
      outcomes.add(before.split(' ')[0]!);
    }
    expect(outcomes.size).toBe(2);
  });

  it('leaves a loop whose update holds a loop and whose body continues as it is', () => {
    const program = lowered(
      'int s = 0; int i = 0; do { i++; if (i == 2) continue; s++; } while (({ int k = 0; while (k < 1) k++; i < 4; }));',
    );
    expect(formsOf(program.body).has('breakInUpdate')).toBe(true);
    expect(moveUpdateExitsIntoBody(program.body)).toBe(program.body);
  });
});
