// Differential tests of lowering: each C program is lowered and run on the interpreter (bv
// semantics) and compiled with gcc (-fwrapv, LP64) against a harness that plays the same
// nondeterministic values; the outcomes (error reached, path ended, completed) must agree.

import { expect, it } from 'vitest';
import { createRandomGenerator } from '../../src/interp/sources.js';
import { compileWithGcc, interpret, lowerOrFail, runCompiled } from './lower-harness.js';
import { describeWith, gccRequirement } from '../support/requirements.js';

const prelude = `
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
`;

const programs: Record<string, string> = {
  conversions: `
int main() {
  int x = __VERIFIER_nondet_int();
  unsigned int u = 1;
  if (x < 0 && x < u) reach_error();            /* x converted to unsigned: never below 1 when negative */
  unsigned char c = 250; c += x;                 /* wraps modulo 256 */
  if (x == 3 && c != 253) reach_error();
  if (x == 5 && c != 255) reach_error();
  signed char s = 127; s = s + x;
  if (x == 1 && s != -128) reach_error();
  short h = -1; unsigned short uh = h;
  if (uh != 65535) reach_error();
  _Bool b = x + 256;
  if (x == 0 && b != 1) reach_error();
  long long big = 0xFFFFFFFF;
  if (big != 4294967295LL) reach_error();
  if (-7 / 2 != -3 || -7 % 2 != -1) reach_error();
  if ((x >> 1) == 2) __VERIFIER_assert(x == 4 || x == 5);
  if (sizeof(long) != 8 || sizeof(int) != 4 || sizeof(short) * 2 != 4) reach_error();
  __VERIFIER_assert(x != 2);
  return 0;
}`,
  loops: `
int main() {
  int n = __VERIFIER_nondet_int();
  int sum = 0, i;
  for (i = 0; i < n; i++) { if (i == 2) continue; if (i == 4) break; sum += i; }
  __VERIFIER_assert(n != 5 || sum == 4);
  int k = 0;
  do { k++; if (k == 2) continue; sum++; } while (k < n);
  if (n == 3) __VERIFIER_assert(sum == 6);
  int w = n;
  while (w-- > 0) sum--;
  __VERIFIER_assert(w == -1 || n <= 0);
  return 0;
}`,
  earlyReturn: `
int find(int a[], int n, int x) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 2; j++) { if (a[i] + j == x) return i * 10 + j; }
  }
  return -1;
}
int main() {
  int a[4];
  for (int i = 0; i < 4; i++) a[i] = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  int r = find(a, 4, x);
  if (r >= 0) __VERIFIER_assert(a[r / 10] + r % 10 == x);
  if (r == 10) reach_error();
  return 0;
}`,
  switches: `
int classify(int v) {
  int r = 0;
  switch (v) {
    case 0: r = 10;
    case 1: r += 1; break;
    case 2: case 3: r = 30; break;
    default: r = -1;
    case 4: r += 100;
  }
  return r;
}
int main() {
  int v = __VERIFIER_nondet_int();
  int r = classify(v);
  if (v == 0) __VERIFIER_assert(r == 11);
  if (v == 3) __VERIFIER_assert(r == 30);
  if (v == 4) __VERIFIER_assert(r == 100);
  if (v == 5) __VERIFIER_assert(r == 99);
  int count = 0;
  for (int i = 0; i < 5; i++) { switch (i) { case 1: continue; case 3: break; default: count++; } count += 10; }
  __VERIFIER_assert(count == 43);
  if (v == -1) __VERIFIER_assert(r == 1);
  return 0;
}`,
  shortCircuit: `
int calls = 0;
int bump(int v) { calls++; return v; }
int main() {
  int x = __VERIFIER_nondet_int();
  if (x > 0 && bump(x) > 2) calls += 100;
  if (x == 3) __VERIFIER_assert(calls == 101);
  if (x == -1) __VERIFIER_assert(calls == 0);
  int i = 0;
  int r = (i++ < x) || bump(5);
  __VERIFIER_assert(i == 1 && r == 1);
  int y = x > 1 ? bump(7) : __VERIFIER_nondet_int();
  if (x > 1) __VERIFIER_assert(y == 7);
  int z = (x, y, 42);
  __VERIFIER_assert(z == 42);
  __VERIFIER_assert(y != 4);
  return 0;
}`,
  increments: `
int main() {
  int a[5] = {1, 2};
  int i = 0;
  a[i++] = 7;
  a[++i] = 9;
  int v = a[i--];
  __VERIFIER_assert(i == 1 && v == 9 && a[0] == 7 && a[1] == 2 && a[3] == 0);
  int x = __VERIFIER_nondet_int();
  int y = x++ + 1;
  __VERIFIER_assert(y == x);
  a[x & 3] += 5;
  if ((x & 3) == 1) __VERIFIER_assert(a[1] == 7);
  __VERIFIER_assert(a[1] != 7);
  return 0;
}`,
  structs: `
struct P { int x; int y; };
struct Q { struct P p; int tag; int data[3]; };
struct P global_points[4];
int sum(struct P p) { p.x += 1; return p.x + p.y; }
int main() {
  struct P p = {1, 2};
  struct P r = {0, 0};
  r = p;
  r.x = 5;
  __VERIFIER_assert(p.x == 1 && r.y == 2);
  __VERIFIER_assert(sum(r) == 8 && r.x == 5);
  struct Q q = {{0, 0}, 0, {0}};
  q.p.x = __VERIFIER_nondet_int();
  q.data[2] = q.p.x * 2;
  for (int i = 0; i < 4; i++) { global_points[i].x = i; global_points[i].y = -i; }
  __VERIFIER_assert(global_points[3].x + global_points[3].y == 0);
  struct P *pointer = &p;
  pointer->y = 40;
  __VERIFIER_assert(p.y == 40);
  if (q.p.x == 2) __VERIFIER_assert(q.data[2] == 3);
  return 0;
}`,
  arrays: `
int total(int m[][3], int rows) {
  int s = 0;
  for (int i = 0; i < rows; i++) for (int j = 0; j < 3; j++) s += m[i][j];
  return s;
}
int main() {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 4) return 0;
  int grid[n][3];
  for (int i = 0; i < n; i++) for (int j = 0; j < 3; j++) grid[i][j] = i + j;
  int t = total(grid, n);
  if (n == 2) __VERIFIER_assert(t == 9);
  int vla[n + 1];
  __VERIFIER_assert(sizeof(vla) == (n + 1) * sizeof(int));
  char word[] = "abc";
  __VERIFIER_assert(sizeof(word) == 4 && word[1] == 'b' && word[3] == 0);
  int designated[6] = {[2] = 5, 6, [0] = 1};
  __VERIFIER_assert(designated[3] == 6 && designated[1] == 0 && designated[0] == 1);
  if (n == 4) __VERIFIER_assert(t != 30);
  return 0;
}`,
  heap: `
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 5) return 0;
  int *p = malloc(n * sizeof(int));
  int *z = calloc(n, sizeof(int));
  for (int i = 0; i < n; i++) *(p + i) = i * i;
  *p = 3;
  __VERIFIER_assert(p[0] == 3 && z[n - 1] == 0);
  if (p == 0) reach_error();
  free(p);
  if (n == 3) __VERIFIER_assert(p[2] == 5);
  return 0;
}`,
  returns: `
int g;
int main() {
  int x = __VERIFIER_nondet_int();
  g = g + 1;
  for (int i = 0; i < 10; i++) {
    if (i == x) return 0;
  }
  if (x == 20) { int g = 5; g++; }
  __VERIFIER_assert(g == 1);
  __VERIFIER_assert(x < 0 || x >= 10);
  __VERIFIER_assert(x != 10);
  return 0;
}`,
  statics: `
int counter(void) { static int calls; calls++; return calls; }
enum colour { RED, GREEN = 5, BLUE };
typedef unsigned char byte;
int main() {
  counter(); counter();
  __VERIFIER_assert(counter() == 3);
  enum colour c = BLUE;
  __VERIFIER_assert(c == 6);
  byte b = 255; b++;
  __VERIFIER_assert(b == 0);
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 2);
  __VERIFIER_assert(x != 3);
  return 0;
}`,
  opaquePointers: `
struct Node { int *data; int value; };
int *slots[6];
int main() {
  int limit = __VERIFIER_nondet_int();
  for (int i = 0; i < 6; i++) slots[i] = 0;
  for (int i = 0; i < limit && i < 6; i++) slots[i] = malloc(sizeof(int));
  struct Node nodes[3];
  for (int i = 0; i < 3; i++) { if (i == limit) nodes[i].data = 0; else nodes[i].data = slots[i]; nodes[i].value = i; }
  struct Node copy = nodes[1];
  if (limit >= 2 && limit != 1) __VERIFIER_assert(copy.data != 0);
  if (slots[3] != 0) __VERIFIER_assert(limit > 3);
  __VERIFIER_assert(!slots[4] || limit != 5);
  return 0;
}`,
  parameters: `
int g;
int addGlobal(int x) { g = 5; return x + g; }
int bumpParameter(int x) { x++; return x * 2; }
int twice(int v) { return addGlobal(v) + bumpParameter(v); }
int main() {
  int x = __VERIFIER_nondet_int();
  g = 1;
  int r = addGlobal(g);
  __VERIFIER_assert(r == 6 && g == 5);
  __VERIFIER_assert(bumpParameter(x) == 2 * x + 2);
  g = 0;
  int t = twice(x);
  __VERIFIER_assert(t == 3 * x + 7);
  __VERIFIER_assert(t != 10);
  return 0;
}`,
  switchExits: `
int pick(int v) {
  for (int i = 0; i < 4; i++) {
    switch (v + i) {
      case 2: if (v == 1) break; return 100 + i;
      case 5: while (1) { if (i > 0) return 200 + i; break; }
      default: v = v + 0;
    }
  }
  return -1;
}
int main() {
  int v = __VERIFIER_nondet_int();
  int r = pick(v);
  if (v == 1) __VERIFIER_assert(r == -1 || r == 204);
  if (v == 2) __VERIFIER_assert(r == 100);
  if (v == 0) __VERIFIER_assert(r == 102);
  if (v == 4) __VERIFIER_assert(r == 201);
  __VERIFIER_assert(r != 201);
  return 0;
}`,
  gotoError: `
int main() {
  int x = __VERIFIER_nondet_int();
  if (x == 4) goto ERROR;
  if (x > 100) abort();
  return 0;
  ERROR: reach_error(); abort();
}`,
};

describeWith([gccRequirement()], 'lowering agrees with gcc on small programs', () => {
  for (const [name, body] of Object.entries(programs)) {
    it(name, () => {
      const source = prelude + body;
      const program = lowerOrFail(source);
      const binary = compileWithGcc(source);
      const random = createRandomGenerator(name.length * 7919);
      const outcomes = new Set<string>();
      for (let run = 0; run < 24; run++) {
        const values = Array.from({ length: 12 }, () =>
          BigInt(Math.floor(random() * 9) - 3 + (run % 3 === 0 ? 0 : run % 7)),
        );
        const expected = runCompiled(binary, values);
        const actual = interpret(program, values);
        expect({ values: values.map(String), actual }).toEqual({ values: values.map(String), actual: expected });
        outcomes.add(actual);
      }
      // every program is written so that some input reaches the error
      expect(outcomes.has('error')).toBe(true);
    });
  }
});
