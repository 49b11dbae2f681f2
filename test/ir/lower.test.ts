// Unit tests of lowering: the shape of the IR (names, loops, arrays, types per data model) and the
// located `unsupported` diagnostics for constructs outside the supported fragment.

import { printProgram } from '../../src/ir/print.js';
import { describe, expect, it } from 'vitest';
import type { Block, Statement } from '../../src/ir/types.js';
import { interpret, lowerOrFail, lowerSource } from './lower-harness.js';

const prelude = `
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
`;

function statements(block: Block): Statement[] {
  const result: Statement[] = [];
  for (const statement of block) {
    result.push(statement);
    if (statement.kind === 'if') result.push(...statements(statement.then), ...statements(statement.else));
    if (statement.kind === 'loop') result.push(...statements(statement.body), ...statements(statement.update));
  }
  return result;
}

function unsupportedMessage(source: string): { message: string; line: number } {
  const result = lowerSource(prelude + source);
  if (result.kind !== 'unsupported') throw new Error('expected unsupported');
  const diagnostic = result.diagnostics[0]!;
  expect(diagnostic.severity).toBe('unsupported');
  return { message: diagnostic.message, line: diagnostic.location.line - prelude.split('\n').length + 1 };
}

describe('lowering: shape of the IR', () => {
  it('gives shadowed locals unique SMT-friendly names and numbers loops in source order', () => {
    const program = lowerOrFail(`${prelude}
int main() { int i = 0; for (int i = 0; i < 3; i++) { while (i < 2) { int i = 5; break; } } return i; }`);
    const names = program.scalars.map((variable) => variable.name);
    expect(names).toContain('i');
    expect(names).toContain('i_1');
    expect(names).toContain('i_2');
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    const loops = statements(program.body).filter((statement) => statement.kind === 'loop');
    expect(loops.map((loop) => loop.kind === 'loop' && loop.id)).toEqual([0, 1]);
  });

  it('uses the data model for long and sizeof', () => {
    const source = `${prelude} long g; int main() { long x = sizeof(long); __VERIFIER_assert(x == 4); return 0; }`;
    const ilp32 = lowerOrFail(source, 'ILP32');
    const lp64 = lowerOrFail(source, 'LP64');
    expect(ilp32.scalars.find((variable) => variable.name === 'g')?.type.width).toBe(32);
    expect(lp64.scalars.find((variable) => variable.name === 'g')?.type.width).toBe(64);
    expect(interpret(ilp32, [])).toBe('completed');
    expect(interpret(lp64, [])).toBe('error');
  });

  it('puts global initialisation first and havocs uninitialised locals', () => {
    const program = lowerOrFail(`${prelude} int g = 3; int zero; int table[4];
int main() { int local; int array[5]; local = g; return 0; }`);
    const kinds = program.body.map((statement) => statement.kind);
    expect(kinds.slice(0, 3)).toEqual(['assign', 'assign', 'arrayFill']);
    expect(kinds).toContain('havoc');
    expect(kinds).toContain('arrayHavoc');
  });

  it('maps a 2-D VLA to one array with frozen sizes and a malloc block to a 1-D array', () => {
    const program = lowerOrFail(`${prelude}
int main() { int n = __VERIFIER_nondet_int(); int m = n + 1; int a[n][m]; n = 0; a[1][2] = 3;
  int *p = malloc(m * sizeof(int)); p[0] = a[1][2]; free(p); return 0; }`);
    const grid = program.arrays.find((array) => array.sourceName === 'a')!;
    expect(grid.sizes).toHaveLength(2);
    for (const size of grid.sizes) {
      expect(size.kind).toBe('variable');
      if (size.kind === 'variable') expect(size.variable.name).toMatch(/_size/);
    }
    const block = program.arrays.find((array) => array.sourceName === 'p_block')!;
    expect(block.sizes).toHaveLength(1);
    const writes = statements(program.body).filter((statement) => statement.kind === 'arrayWrite');
    expect(writes.map((write) => write.kind === 'arrayWrite' && write.indices.length)).toEqual([2, 1]);
  });

  it('takes the sizeof factor anywhere in a malloc product: sizeof(int) * n * n and n * sizeof(int) * 2 count n·n and 2n cells', () => {
    const program = lowerOrFail(`${prelude}
int main() { int n = __VERIFIER_nondet_int(); if (n < 1 || n > 5) return 0;
  int *p = malloc(sizeof(int) * n * n); int *q = malloc(n * sizeof(int) * 2);
  p[n * n - 1] = 1; q[2 * n - 1] = 2; __VERIFIER_assert(p[n * n - 1] + q[2 * n - 1] != 3); return 0; }`);
    expect(program.arrays.map((array) => array.sourceName)).toEqual(expect.arrayContaining(['p_block', 'q_block']));
    expect(interpret(program, [3n])).toBe('error');
    const text = printProgram(program);
    expect(text).toMatch(/p_length = n \* n;/);
    expect(text).toMatch(/q_length = n \* 2;/);
  });

  it('lowers do-while with the exit test in the update block', () => {
    const program = lowerOrFail(
      `${prelude} int main() { int i = 0; do { i++; if (i == 2) continue; } while (i < 5); __VERIFIER_assert(i == 5); return 0; }`,
    );
    const loop = program.body.find((statement) => statement.kind === 'loop');
    expect(loop?.kind === 'loop' && loop.update[0]?.kind).toBe('if');
    expect(interpret(program, [])).toBe('completed');
  });

  it('maps memset of a whole array to arrayFill and __VERIFIER_assert to an assertion', () => {
    const program = lowerOrFail(
      `${prelude} int main() { int a[10]; memset(a, 0, sizeof(a)); __VERIFIER_assert(a[3] == 0); return 0; }`,
    );
    const kinds = statements(program.body).map((statement) => statement.kind);
    expect(kinds).toContain('arrayFill');
    expect(kinds).toContain('assert');
    expect(interpret(program, [])).toBe('completed');
  });

  it('ends the run at a return from main inside a loop', () => {
    const program = lowerOrFail(
      `${prelude} int main() { for (int i = 0; ; i++) { if (i == 3) return 0; } reach_error(); }`,
    );
    expect(interpret(program, [])).toBe('completed');
  });

  it('treats exit and abort as ends of the path and reach_error as the violation', () => {
    const program = lowerOrFail(
      `${prelude} int main() { int x = __VERIFIER_nondet_int(); if (x) exit(0); reach_error(); return 0; }`,
    );
    expect(interpret(program, [1n])).toBe('ended');
    expect(interpret(program, [0n])).toBe('error');
  });

  it('lowers the glibc expansion of assert() (statement expression calling __assert_fail)', () => {
    const program =
      lowerOrFail(`${prelude} extern void __assert_fail(const char *, const char *, unsigned int, const char *);
int main() { int x = __VERIFIER_nondet_int();
  ((void) sizeof ((x > 0) ? 1 : 0), __extension__ ({ if (x > 0) ; else __assert_fail ("x > 0", "f.c", 3, __extension__ __PRETTY_FUNCTION__); }));
  return 0; }`);
    expect(interpret(program, [1n])).toBe('completed');
    expect(interpret(program, [0n])).toBe('error');
  });

  it('replaces parameters that never change by their arguments', () => {
    const program = lowerOrFail(
      `${prelude} int main() { int a[4] = {0}; for (int i = 0; i < 4; i++) __VERIFIER_assert(a[i] == 0); return 0; }`,
    );
    expect(program.scalars.some((variable) => variable.sourceName === 'cond')).toBe(false);
    const asserts = statements(program.body).filter((statement) => statement.kind === 'assert');
    expect(asserts).toHaveLength(1);
    expect(asserts[0]?.kind === 'assert' && asserts[0].condition.kind).toBe('binary');
  });

  it('ignores unsupported constructs in functions that are never called, and unused floating globals', () => {
    const program = lowerOrFail(
      `${prelude} double ratio; int unused(int *p) { p++; return *p; } int main() { return 0; }`,
    );
    expect(program.scalars.some((variable) => variable.name === 'ratio')).toBe(false);
  });
});

describe('lowering: unsupported constructs are reported at their location', () => {
  it('recursion', () => {
    const { message, line } = unsupportedMessage(`
int f(int n) { return n <= 0 ? 0 : f(n - 1); }
int main() { return f(3); }`);
    expect(message).toMatch(/recursion/);
    expect(line).toBe(2);
  });
  it('pointer arithmetic on a pointer to a single object (a walk over an array is supported)', () => {
    expect(unsupportedMessage(`int main() { int x = 0; int *p = &x; p++; return 0; }`).message).toMatch(
      /pointer arithmetic/,
    );
    const walk = (check: string): string =>
      `${prelude}int main() { int a[6]; a[1] = 5; int *p = a; p++; p += 2; *p = 1; p = p - 1; p[1] = 2; --p; ${check} return 0; }`;
    expect(interpret(lowerOrFail(walk('__VERIFIER_assert(a[3] == 2 && *p == 5);')), [])).toBe('completed');
    expect(interpret(lowerOrFail(walk('__VERIFIER_assert(a[3] == 1);')), [])).toBe('error');
  });
  it('floating-point objects', () => {
    expect(unsupportedMessage(`int main() { double d = 1.0; return 0; }`).message).toMatch(/floating-point/);
  });
  it('function pointers', () => {
    expect(
      unsupportedMessage(`int g(void) { return 1; } int main() { int (*f)(void) = g; return f(); }`).message,
    ).toMatch(/function pointer/);
  });
  it('unions', () => {
    expect(
      unsupportedMessage(`union U { int a; char b; }; int main() { union U u; u.a = 1; return 0; }`).message,
    ).toMatch(/union/);
  });
  it('a pointer bound to two different objects', () => {
    expect(unsupportedMessage(`int main() { int a[2], b[2]; int *p = a; p = b; return 0; }`).message).toMatch(
      /reassigned/,
    );
  });
  it('a goto no rule of gotos.ts places (into a loop body from outside it)', () => {
    expect(
      unsupportedMessage(`int main() { int x = 0; goto inside; while (x < 9) { x += 2; inside: x++; } return 0; }`)
        .message,
    ).toMatch(/goto/);
  });
  it('a missing entry function', () => {
    const result = lowerSource('int f(void) { return 0; }');
    expect(result.kind).toBe('unsupported');
  });
  it('never throws on calls to unknown functions', () => {
    expect(unsupportedMessage(`int main() { return mystery(3); }`).message).toMatch(/mystery/);
  });
});
