// The wrap checks of src/analysis/wrap-checks.ts: which operations get a check and which do not,
// the exact rewrites, and the pass's soundness argument tested against gcc: on generated programs
// over all twelve integer types (test/generators/c-semantics.ts: promotions, conversions, mixed
// comparisons, shifts, compound assignments, values near the bounds), the program with wrap checks
// and signed-overflow checks, run by the interpreter in `int` semantics (mathematical integers),
// agrees with the program compiled by gcc on every run where no check fails: the error reached or
// not, the path ended by an assumption, and the final value of every object.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertWrapChecks } from '../../src/analysis/wrap-checks.js';
import { compareWithGcc, differentialVariants, type RunComparison } from '../../src/execution/differential.js';
import { replayCounterexample } from '../../src/interp/interpreter.js';
import { createAssert, createBinary, createConditional, createConstant } from '../../src/ir/factory.js';
import { printProgram } from '../../src/ir/print.js';
import type { Block, Expression, Program, Statement } from '../../src/ir/types.js';
import { visitBlock, visitExpressionChildren, visitStatementChildren } from '../../src/ir/visit.js';
import { cSemanticsProgram } from '../generators/c-semantics.js';
import { lowerSource } from '../soundness/harness.js';
import { describeWith, gcc32Requirement } from '../support/requirements.js';

const header = [
  'extern void abort(void);',
  'void reach_error(void){}',
  'extern unsigned int __VERIFIER_nondet_uint(void);',
  'extern int __VERIFIER_nondet_int(void);',
  'void assume_abort_if_not(int c){ if(!c) abort(); }',
].join('\n');

function checked(body: string): { text: string; sites: number } {
  const result = insertWrapChecks(lowerSource(`${header}\nint main(void) {\n${body}\n  return 0;\n}\n`));
  return { text: printProgram(result.program), sites: result.sites.length };
}

describe('wrap checks', () => {
  it('checks an unsigned increment that may pass UINT_MAX, and a conversion of a negative int to unsigned', () => {
    const increment = checked('  unsigned int x = __VERIFIER_nondet_uint();\n  x++;\n  if (x == 0u) reach_error();');
    expect(increment.sites).toBe(1);
    expect(increment.text).toContain('<= (unsigned int)4294967295');
    const comparison = checked('  int x = __VERIFIER_nondet_int();\n  if (x < 1u) reach_error();');
    expect(comparison.sites).toBe(1);
    expect(comparison.text).toMatch(/0 <= x/);
  });

  it('folds conversions of constants to the value C gives them, with no check', () => {
    const folded = checked(
      '  unsigned char c = 300;\n  unsigned int m = -1;\n  signed char s = 200;\n  if (c + m + s == 0) reach_error();',
    );
    expect(folded.text).toContain('c = (unsigned char)44');
    expect(folded.text).toContain('m = (unsigned int)4294967295');
    expect(folded.text).toContain('s = (signed char)-56');
  });

  it('writes an unsigned ~x as UINT_MAX - x, which needs no check', () => {
    const complement = checked(
      '  unsigned int x = __VERIFIER_nondet_uint();\n  unsigned int y = ~x;\n  if (y == 5u) reach_error();',
    );
    expect(complement.sites).toBe(0);
    expect(complement.text).toContain('4294967295 - x');
  });

  it('needs no check for a counter below its loop bound, nor for int arithmetic on narrow operands', () => {
    const counter = checked(
      '  unsigned int n = __VERIFIER_nondet_uint();\n  for (unsigned int i = 0; i < n; i++) { if (i == 7u) reach_error(); }',
    );
    expect(counter.sites).toBe(0);
    const promoted = checked(
      '  unsigned char a = 200, b = 100;\n  unsigned int s = a + b;\n  if (s != 300u) reach_error();',
    );
    expect(promoted.sites).toBe(0);
    const down = checked('  unsigned int k = __VERIFIER_nondet_uint();\n  while (k > 0u) { k--; }');
    expect(down.sites).toBe(0);
  });

  it('checks a narrowing conversion under an assumption only where the assumption does not bound the value', () => {
    const bounded = checked(
      '  int x = __VERIFIER_nondet_int();\n  assume_abort_if_not(x >= 0 && x < 200);\n  unsigned char c = x;\n  if (c == 7) reach_error();',
    );
    expect(bounded.sites).toBe(0);
    const unbounded = checked(
      '  int x = __VERIFIER_nondet_int();\n  assume_abort_if_not(x < 300);\n  unsigned char c = x;\n  if (c == 7) reach_error();',
    );
    expect(unbounded.sites).toBe(1);
  });

  it('leaves a program without unsigned or narrow arithmetic unchanged (the same object)', () => {
    const program = lowerSource(
      `${header}\nint main(void) { int a[4]; int s = 0; for (int i = 0; i < 4; i++) { a[i] = i; s += a[i]; } if (s != 6) reach_error(); return 0; }\n`,
    );
    expect(insertWrapChecks(program).program).toBe(program);
  });

  it("with exact wraps, the int reading of each boundary value is C's (the interpreter in bv on the original)", () => {
    const bodies = [
      'unsigned int x = __VERIFIER_nondet_uint(); unsigned int y = x + 1u; if (y == 0u) reach_error();',
      'unsigned int x = __VERIFIER_nondet_uint(); unsigned int y = x - 1u; if (y == 4294967295u) reach_error();',
      'unsigned int x = __VERIFIER_nondet_uint(); unsigned int y = __VERIFIER_nondet_uint(); unsigned int z = x + y; if (z < x) reach_error();',
      'int x = __VERIFIER_nondet_int(); unsigned int u = x; if (u > 2147483647u) reach_error();',
      'unsigned int x = __VERIFIER_nondet_uint(); int s = x; if (s < 0) reach_error();',
      'unsigned int x = __VERIFIER_nondet_uint(); unsigned int y = -x; if (y == x) reach_error();',
    ];
    const values = [0n, 1n, 2147483646n, 2147483647n, 2147483648n, 4294967294n, 4294967295n, -1n, -2147483648n];
    let compared = 0;
    let failing = 0;
    for (const body of bodies) {
      const original = lowerSource(`${header}\nint main(void) { ${body} return 0; }\n`);
      const rewritten = insertWrapChecks(original, { exactWraps: true });
      expect(rewritten.sites, body).toEqual([]);
      for (const first of values) {
        for (const second of values) {
          const choices = { scalars: [first, second], arrays: [] };
          const inC = replayCounterexample(original, choices, 'bv');
          const inInt = replayCounterexample(rewritten.program, choices, 'int');
          if (inC.kind === 'invalidInput') continue;
          expect(inInt.kind, `${body} on ${first}, ${second}`).toBe(inC.kind);
          compared++;
          if (inC.kind === 'assertionFailed') failing++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(failing).toBeGreaterThan(10);
  });

  it('checks signed overflow only when asked (the no-overflow property)', () => {
    const program = lowerSource(
      `${header}\nint main(void) { int x = __VERIFIER_nondet_int(); int y = x + 1; if (y == 0) reach_error(); return 0; }\n`,
    );
    expect(insertWrapChecks(program).sites.length).toBe(0);
    const withOverflow = insertWrapChecks(program, { signedOverflow: true });
    expect(withOverflow.sites.map((site) => site.description)).toEqual(['addition of int values may overflow']);
  });
});

/**
 * The checked program as the test runs it: each check moved to a line of its own (from 100000 on),
 * so that a run stopped by one is told apart; the harness's observations `(unsigned long long)(e) !=
 * v` (at `observationLines`) read e modulo 2^64 as C does, with no check (they are the test's, not
 * the program's).
 */
function testView(program: Program, checks: ReadonlySet<Statement>, observationLines: readonly number[]): Program {
  let next = 100_000;
  const modular = (expression: Expression): Expression => {
    const visited = visitExpressionChildren(expression, modular);
    if (visited.kind !== 'cast' || visited.type.width !== 64 || visited.type.signed || !visited.operand.type.signed)
      return visited;
    const wrapped = createBinary('add', visited, createConstant(1n << 64n, visited.type), visited.type);
    return createConditional(
      createBinary('less', visited.operand, createConstant(0n, visited.operand.type)),
      wrapped,
      visited,
      visited.type,
    );
  };
  const block = (input: Block): Block =>
    visitBlock(input, (statement) => {
      const observation = observationLines.includes(statement.location.line);
      if (checks.has(statement) && statement.kind === 'assert')
        return observation ? [] : createAssert(statement.condition, { line: next++, column: 1 });
      if (observation && statement.kind === 'assert')
        return createAssert(modular(statement.condition), statement.location);
      return visitStatementChildren(statement, (expression) => expression, block);
    });
  return { ...program, body: block(program.body) };
}

const runsPerProgram = 5;

/** the generated programs against gcc, the interpreter running the checked program (with `options`) in int semantics */
function compareChecked(
  programs: number,
  seed: number,
  options: { readonly exactWraps: boolean },
): { runs: number; agree: number; stoppedByCheck: number; excluded: number; reachedError: number } {
  const counts = { runs: 0, agree: 0, stoppedByCheck: 0, excluded: 0, reachedError: 0 };
  fc.assert(
    fc.property(cSemanticsProgram('ILP32', { runsPerProgram }), (generated) => {
      const observationLines = differentialVariants(generated.program).observationLines;
      const result = compareWithGcc(generated.program, generated.inputs, {
        dataModel: 'ILP32',
        interpreterView: (program) => {
          const withChecks = insertWrapChecks(program, { signedOverflow: true, exactWraps: options.exactWraps });
          return {
            program: testView(withChecks.program, withChecks.checkStatements, observationLines),
            semantics: 'int',
          };
        },
      });
      if (result.kind !== 'compared') throw new Error(`not compared: ${result.kind}: ${result.reason}`);
      for (const run of result.runs as readonly RunComparison[]) {
        counts.runs++;
        if (run.interpreter.kind === 'reachedError' && run.interpreter.line >= 100_000) {
          counts.stoppedByCheck++;
          continue;
        }
        if (run.verdict.kind === 'excluded') {
          counts.excluded++;
          continue;
        }
        if (run.verdict.kind === 'disagree')
          throw new Error(`inputs [${run.inputs.join(', ')}]: ${run.verdict.description}\n${generated.program.source}`);
        counts.agree++;
        if (run.native.kind === 'reachedError') counts.reachedError++;
      }
    }),
    { numRuns: programs, seed },
  );
  return counts;
}

// the generated programs are ILP32 (sizeof(long) == 4 among them): they need gcc -m32 (gcc-multilib)
describeWith([gcc32Requirement()], 'wrap checks against gcc', () => {
  it(
    'the checked program over mathematical integers agrees with gcc until a check fails (generated programs)',
    { timeout: 300_000 },
    () => {
      const counts = compareChecked(60, 4242, { exactWraps: false });
      console.log(`wrap checks against gcc: ${JSON.stringify(counts)}`);
      // the generator makes wrap-around and lossy conversions common: both outcomes must occur often
      expect(counts.stoppedByCheck).toBeGreaterThanOrEqual(0.2 * 60 * runsPerProgram);
      expect(counts.agree).toBeGreaterThanOrEqual(0.08 * 60 * runsPerProgram);
    },
  );

  it(
    'with exact wrap-around (conditional corrections instead of checks) it agrees with gcc on more runs (generated programs)',
    { timeout: 300_000 },
    () => {
      const checked = compareChecked(40, 4343, { exactWraps: false });
      const exact = compareChecked(40, 4343, { exactWraps: true });
      console.log(`exact wraps against gcc: ${JSON.stringify(exact)} (checks only: ${JSON.stringify(checked)})`);
      expect(exact.agree).toBeGreaterThan(checked.agree);
      expect(exact.agree).toBeGreaterThanOrEqual(0.1 * 40 * runsPerProgram);
    },
  );
});
