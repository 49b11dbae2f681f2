// Path selection of the accel encoding (paper Sect. 3.5, Fig. 3): small bodies by enumeration with a
// pi;pi feasibility check, larger ones through distinguisher/shadow variables, break paths excluded,
// nested loops not acceleratable. Programs come from C text through the real front end.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkSquareFeasible,
  enumerateLoopPaths,
  syntacticLoopPaths,
  type LoopPath,
  type PathEnumeration,
  type PathEnumerationOptions,
} from '../../src/encoders/accel/paths.js';
import { printExpression } from '../../src/ir/print.js';
import type { Block, LoopStatement, Program } from '../../src/ir/types.js';
import type { Solver } from '../../src/solvers/solver.js';
import { lowerSource } from '../soundness/harness.js';
import { testSolver } from '../support/solver.js';

const prelude = `
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
extern void __VERIFIER_assert(int cond);
`;

const preludeLines = prelude.split('\n').length - 1;

let solver: Solver;
beforeAll(() => {
  solver = testSolver();
});
afterAll(async () => {
  await solver.dispose();
});

function loopsOf(block: Block): LoopStatement[] {
  const loops: LoopStatement[] = [];
  for (const statement of block) {
    if (statement.kind === 'loop') loops.push(statement, ...loopsOf(statement.body), ...loopsOf(statement.update));
    if (statement.kind === 'if') loops.push(...loopsOf(statement.then), ...loopsOf(statement.else));
  }
  return loops;
}

function lowerWithLoop(body: string): { program: Program; loop: LoopStatement } {
  const program = lowerSource(prelude + body, 'accel-paths.c');
  const loop = loopsOf(program.body)[0];
  if (loop === undefined) throw new Error('no loop in the program');
  return { program, loop };
}

const options = (maximumPaths: number): PathEnumerationOptions => ({
  semantics: 'int',
  solver,
  timeoutMilliseconds: 20_000,
  maximumPaths,
});

function pathsOf(enumeration: PathEnumeration) {
  if (enumeration.kind !== 'paths') throw new Error(`expected paths, got ${enumeration.reason}`);
  return enumeration;
}

const decisionVector = (path: LoopPath) =>
  path.decisions.map((decision) => `${decision.location.line}:${decision.location.column}=${decision.taken}`).join(' ');

describe('enumerated path selection', () => {
  it('gives one path for a straight-line body, starting with the loop condition and ending with the update', async () => {
    const { program, loop } = lowerWithLoop(`
int main() { int a[10]; int i = 0;
  while (i < 9) { i++; a[i] = 0; }
  return 0; }`);
    const result = pathsOf(await enumerateLoopPaths(program, loop, options(8)));
    expect(result.method).toBe('enumerated');
    expect(result.truncated).toBe(false);
    expect(result.paths).toHaveLength(1);
    const path = result.paths[0]!;
    expect(path.description).toBe('straight-line body');
    expect(path.decisions).toEqual([]);
    expect(path.statements[0]).toMatchObject({ kind: 'assume', condition: loop.condition });
    expect(path.statements.map((statement) => statement.kind)).toContain('arrayWrite');
  });

  it('gives two paths for if (x>0) x--; else x++;', async () => {
    const { program, loop } = lowerWithLoop(`
int main() { int x = __VERIFIER_nondet_int(); int n = __VERIFIER_nondet_int(); int k = 0;
  while (k < n) { if (x > 0) x--; else x++; k++; }
  return 0; }`);
    const result = pathsOf(await enumerateLoopPaths(program, loop, options(8)));
    expect(result.method).toBe('enumerated');
    expect(result.paths).toHaveLength(2);
    expect(result.paths.map((path) => path.decisions.map((decision) => decision.taken))).toEqual([['then'], ['else']]);
    expect(result.paths[0]!.description).toMatch(/^then at \d+:\d+$/);
    // the else path assumes the negated condition
    const elseAssumes = result.paths[1]!.statements.filter((statement) => statement.kind === 'assume');
    expect(
      elseAssumes.some(
        (statement) =>
          statement.kind === 'assume' &&
          statement.condition.kind === 'unary' &&
          statement.condition.operator === 'logicalNot',
      ),
    ).toBe(true);
  });

  it('keeps only the iterating path of the buffer-overflow loop, with the assertion as an assumption', async () => {
    const { program, loop } = lowerWithLoop(`
#define LEN 10
int main() { char buf[LEN]; int i = 0; char ch;
  while (1) { ch = __VERIFIER_nondet_char(); if (ch == 0) break; __VERIFIER_assert(i < LEN); buf[i] = ch; i++; }
  return 0; }`);
    for (const result of [
      pathsOf(await enumerateLoopPaths(program, loop, options(8))),
      pathsOf(syntacticLoopPaths(loop, 8)),
    ]) {
      expect(result.paths).toHaveLength(1);
      const path = result.paths[0]!;
      expect(path.decisions.map((decision) => decision.taken)).toEqual(['else']);
      const assumed = path.statements
        .filter((statement) => statement.kind === 'assume')
        .map((statement) => printExpression(statement.condition));
      expect(assumed.some((text) => /\bi\b.*<.*10/.test(text))).toBe(true);
      expect(path.statements.some((statement) => statement.kind === 'havoc')).toBe(true);
      expect(result.rejected.some((rejected) => /break/.test(rejected.reason))).toBe(true);
    }
  });

  it('excludes a path whose square is infeasible (the then branch leaves the loop condition false)', async () => {
    const { program, loop } = lowerWithLoop(`
int main() { int x = __VERIFIER_nondet_int();
  while (x < 10) { if (x == 5) { x = 20; } else { x = x + 1; } }
  return 0; }`);
    const result = pathsOf(await enumerateLoopPaths(program, loop, options(8)));
    expect(result.method).toBe('enumerated');
    expect(result.paths.map((path) => path.decisions.map((decision) => decision.taken))).toEqual([['else']]);
    expect(result.rejected.map((rejected) => rejected.reason)).toContain('pi;pi is infeasible');
    // without a solver both paths are candidates
    expect(pathsOf(syntacticLoopPaths(loop, 8)).paths).toHaveLength(2);
  });

  it('treats continue as skipping the rest of the body but still running the update', async () => {
    const { program, loop } = lowerWithLoop(`
int main() { int a[10]; int i; int s = 0;
  for (i = 0; i < 10; i++) { if (a[i] == 0) continue; s = s + a[i]; }
  return 0; }`);
    const result = pathsOf(await enumerateLoopPaths(program, loop, options(8)));
    expect(result.paths).toHaveLength(2);
    const continued = result.paths.find((path) => path.decisions[0]?.taken === 'then')!;
    const assignedNames = continued.statements.flatMap((statement) =>
      statement.kind === 'assign' ? [statement.target.sourceName] : [],
    );
    expect(assignedNames).toContain('i');
    expect(assignedNames).not.toContain('s');
  });
});

describe('distinguisher path selection', () => {
  it('finds 8 distinct square-feasible paths among 32 and reports truncation', async () => {
    const { program, loop } = lowerWithLoop(`
int main() { int x = 0; int n = __VERIFIER_nondet_int(); int k = 0; int c;
  while (k < n) {
    c = __VERIFIER_nondet_int(); if (c > 0) x++; else x--;
    c = __VERIFIER_nondet_int(); if (c > 0) x = x + 2; else x = x - 2;
    c = __VERIFIER_nondet_int(); if (c > 0) x = x + 3; else x = x - 3;
    c = __VERIFIER_nondet_int(); if (c > 0) x = x + 4; else x = x - 4;
    c = __VERIFIER_nondet_int(); if (c > 0) x = x + 5; else x = x - 5;
    k++;
  }
  return 0; }`);
    expect(pathsOf(syntacticLoopPaths(loop, 64)).paths).toHaveLength(32);
    const result = pathsOf(await enumerateLoopPaths(program, loop, options(8)));
    expect(result.method).toBe('distinguisher');
    expect(result.truncated).toBe(true);
    expect(result.paths).toHaveLength(8);
    expect(new Set(result.paths.map(decisionVector)).size).toBe(8);
    for (const path of result.paths) {
      expect(path.decisions).toHaveLength(5);
      expect((await checkSquareFeasible(program, path, options(8))).kind).toBe('sat');
    }
  });

  it('finds exactly the square-feasible path and stops without truncation', async () => {
    const { program, loop } = lowerWithLoop(`
int main() { int x = __VERIFIER_nondet_int();
  while (x < 10) { if (x == 5) x = 20; else if (x == 6) x = 30; else x++; }
  return 0; }`);
    const result = pathsOf(await enumerateLoopPaths(program, loop, options(2)));
    expect(result.method).toBe('distinguisher');
    expect(result.truncated).toBe(false);
    expect(result.paths.map((path) => path.decisions.map((decision) => decision.taken))).toEqual([['else', 'else']]);
  });

  it('reads the decisions from bit-vector models in bv semantics', async () => {
    const { program, loop } = lowerWithLoop(`
int main() { int x = __VERIFIER_nondet_int();
  while (x < 10) { if (x == 5) x = 20; else if (x == 6) x = 30; else x++; }
  return 0; }`);
    const result = pathsOf(await enumerateLoopPaths(program, loop, { ...options(1), semantics: 'bv' }));
    expect(result.method).toBe('distinguisher');
    expect(result.truncated).toBe(false);
    expect(result.paths.map((path) => path.description)).toEqual([
      `else at ${preludeLines + 3}:20, else at ${preludeLines + 3}:45`,
    ]);
  });

  it('excludes break paths in the distinguisher query', async () => {
    const { program, loop } = lowerWithLoop(`
int main() { int x = __VERIFIER_nondet_int(); int c;
  while (1) { c = __VERIFIER_nondet_int(); if (c == 0) break; if (c == 1) break; if (x > 0) x--; else x++; }
  return 0; }`);
    const result = pathsOf(await enumerateLoopPaths(program, loop, options(1)));
    expect(result.method).toBe('distinguisher');
    expect(result.truncated).toBe(true);
    expect(result.paths).toHaveLength(1);
    expect(result.paths[0]!.decisions.map((decision) => decision.taken).slice(0, 2)).toEqual(['else', 'else']);
  });
});

describe('loops that are not acceleratable', () => {
  it('rejects a nested loop with its location', async () => {
    const { program, loop } = lowerWithLoop(`
int main() { int a[10]; int i; int j;
  for (i = 0; i < 10; i++) {
    for (j = 0; j < 10; j++) a[j] = i;
  }
  return 0; }`);
    for (const result of [await enumerateLoopPaths(program, loop, options(8)), syntacticLoopPaths(loop, 8)]) {
      expect(result.kind).toBe('notAcceleratable');
      if (result.kind === 'notAcceleratable')
        expect(result.reason).toMatch(
          new RegExp(`^loop at ${preludeLines + 3}:\\d+ contains a loop at ${preludeLines + 4}:\\d+$`),
        );
    }
  });
});
