// Rows of an array of pointers (src/ir/lower/rows.ts): `int **a` with rows allocated in a loop
// becomes one two-dimensional array whose rows are independent; a program where a row could be
// allocated twice, aliased, or zero-filled is refused with a located reason. The interpreter's
// outcomes on the lowered program are compared with the same program compiled by gcc.

import { describe, expect, it } from 'vitest';
import { compileWithGcc, hasGcc, interpret, lowerOrFail, lowerSource, runCompiled } from './lower-harness.js';

const prelude = `
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
`;

/** each row written with its own pattern, then checked: rows that aliased would fail */
const rowsProgram = (check: string): string => `${prelude}
int main() {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 6) return 0;
  int **a = malloc(sizeof(int *) * n);
  for (int i = 0; i < n; i++) a[i] = malloc(sizeof(int) * n);
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) a[i][j] = 10 * i + j;
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) __VERIFIER_assert(${check});
  return 0;
}`;

function refusal(body: string): string {
  const result = lowerSource(
    `${prelude}\nint main() { int n = __VERIFIER_nondet_int(); if (n <= 0) return 0; ${body} return 0; }`,
  );
  if (result.kind !== 'unsupported') throw new Error('expected unsupported');
  return result.diagnostics[0]!.message;
}

describe('lowering: rows of an array of pointers', () => {
  it('lowers a[i][j] to a two-dimensional rows array, havocked once at program start', () => {
    const program = lowerOrFail(rowsProgram('a[i][j] == 10 * i + j'));
    const rows = program.arrays.filter((array) => array.sourceName.endsWith('_rows'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sizes).toHaveLength(2);
    expect(
      program.body.filter((statement) => statement.kind === 'arrayHavoc' && statement.array === rows[0]),
    ).toHaveLength(1);
  });

  it('keeps the rows apart: the right check completes, a wrong one fails, on the interpreter', () => {
    const safe = lowerOrFail(rowsProgram('a[i][j] == 10 * i + j'));
    const unsafe = lowerOrFail(rowsProgram('a[i][j] == 10 * j + i'));
    for (let n = 1n; n <= 4n; n++) {
      expect(interpret(safe, [n])).toBe('completed');
      expect(interpret(unsafe, [n])).toBe(n === 1n ? 'completed' : 'error');
    }
  });

  it.skipIf(!hasGcc())('agrees with gcc on the outcome of every size 1..6', () => {
    for (const check of ['a[i][j] == 10 * i + j', 'a[i][j] != 23', 'a[j][i] == 10 * j + i']) {
      const source = rowsProgram(check);
      const program = lowerOrFail(source);
      const binary = compileWithGcc(source);
      for (let n = 1n; n <= 6n; n++)
        expect(interpret(program, [n]), `${check} at n = ${n}`).toBe(runCompiled(binary, [n]));
    }
  });

  it("passes the rows on through an int ** parameter: the function writes the caller's rows", () => {
    const program = lowerOrFail(`${prelude}
void fill(int **m, int n) { for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) m[i][j] = i - j; }
int main() { int n = __VERIFIER_nondet_int(); if (n <= 0 || n > 5) return 0; int **a = malloc(sizeof(int *) * n);
  for (int i = 0; i < n; i++) a[i] = malloc(sizeof(int) * n);
  fill(a, n); __VERIFIER_assert(a[n - 1][0] == n - 1); return 0; }`);
    for (let n = 1n; n <= 5n; n++) expect(interpret(program, [n])).toBe('completed');
  });

  it('rows that calloc allocates start as zeros: a sum of them is 0 on the interpreter, whatever the arrays given', () => {
    const program = lowerOrFail(`${prelude}
int main() { int n = __VERIFIER_nondet_int(); if (n <= 0 || n > 5) return 0; int **a = malloc(sizeof(int *) * n); int s = 0;
  for (int i = 0; i < n; i++) a[i] = calloc(n, sizeof(int));
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) s += a[i][j];
  __VERIFIER_assert(s == 0); return 0; }`);
    expect(
      program.body.some((statement) => statement.kind === 'arrayFill' && statement.array.sourceName.endsWith('_rows')),
    ).toBe(true);
    for (let n = 1n; n <= 5n; n++) expect(interpret(program, [n])).toBe('completed');
  });

  it('accepts rows allocated in a while loop whose body steps the index once, at its top level', () => {
    const program = lowerOrFail(`${prelude}
int main() { int n = __VERIFIER_nondet_int(); if (n <= 0 || n > 5) return 0; int **a = malloc(sizeof(int *) * n); int i = 0;
  while (i < n) { a[i] = malloc(sizeof(int) * 2); a[i][1] = i; i = i + 1; }
  __VERIFIER_assert(a[n - 1][1] == n - 1); return 0; }`);
    for (let n = 1n; n <= 5n; n++) expect(interpret(program, [n])).toBe('completed');
  });

  it('accepts rows allocated at distinct constant indices outside loops (an array of pointers declared)', () => {
    const program = lowerOrFail(`${prelude}
int main() { int *a[2]; a[0] = malloc(sizeof(int) * 3); a[1] = malloc(sizeof(int) * 3);
  a[0][1] = 1; a[1][1] = 2; __VERIFIER_assert(a[0][1] == 1); return 0; }`);
    expect(interpret(program, [])).toBe('completed');
  });

  it('refuses a row that may be allocated twice, aliased or zero-filled, with the reason', () => {
    expect(
      refusal(
        'int **a = malloc(sizeof(int *) * n); for (int k = 0; k < 2; k++) for (int i = 0; i < n; i++) a[i] = malloc(sizeof(int) * n); a[0][0] = 1;',
      ),
    ).toMatch(/nested loops/);
    expect(
      refusal('int **a = malloc(sizeof(int *) * 2); a[0] = malloc(sizeof(int) * n); a[1] = a[0]; a[1][0] = 1;'),
    ).toMatch(/other than a fresh allocation/);
    expect(
      refusal(
        'int **a = malloc(sizeof(int *) * 2); a[0] = calloc(n, sizeof(int)); a[1] = malloc(sizeof(int) * n); a[0][0] = 1;',
      ),
    ).toMatch(/both by malloc and by calloc/);
    expect(
      refusal(
        'int **a = malloc(sizeof(int *) * n); int i = 0; while (i < n) { a[i] = malloc(sizeof(int) * n); if (n > 3) i++; else i += 1; } a[0][0] = 1;',
      ),
    ).toMatch(/other than the loop counter/);
    expect(
      refusal(
        'int **a = malloc(sizeof(int *) * n); int i = 0; while (i < n) { a[i] = malloc(sizeof(int) * n); if (n > 3) continue; i++; } a[0][0] = 1;',
      ),
    ).toMatch(/other than the loop counter/);
    expect(
      refusal(
        'int **a = malloc(sizeof(int *) * 2); a[0] = malloc(sizeof(int) * n); a[0] = malloc(sizeof(int) * n); a[0][0] = 1;',
      ),
    ).toMatch(/may coincide/);
  });

  it('leaves an array of pointers that is never dereferenced as before (only nullness)', () => {
    const program = lowerOrFail(`${prelude}
int main() { int n = __VERIFIER_nondet_int(); if (n <= 0) return 0; int **a = malloc(sizeof(int *) * n);
  for (int k = 0; k < 2; k++) for (int i = 0; i < n; i++) a[i] = malloc(sizeof(int)); __VERIFIER_assert(a[0] != 0); return 0; }`);
    expect(program.arrays.some((array) => array.sourceName.endsWith('_rows'))).toBe(false);
  });
});
