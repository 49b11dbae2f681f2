// The slots' forms of viap (src/encoders/viap/forms.ts, computeSlotForms) on loops that write a
// global array with an initialiser and read it in the updates of other slots. The body is run over a
// placeholder `a!start` for the array at the start of an iteration; a read of it is the cell at
// iteration n, so it must never become a loop-invariant atom of a closed form (it once did, and the
// query named the undeclared constant: "solver error: unknown constant a!start"). Each program is
// checked both ways: SAFE as written, UNSAFE with its bound one off (so a verdict cannot come from
// the solver failing). The programs are ours, of the shape the control-flow harness generates.

import { afterAll, describe, expect, it } from 'vitest';
import { viapEncoder } from '../../src/encoders/viap/index.js';
import { lowerSource } from '../soundness/harness.js';
import { solveWith, type TestOptions } from '../support/encoding.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(() => solver.dispose());
const options: TestOptions = { semantics: 'c', timeoutMilliseconds: 10_000 };

const prelude = `extern void abort(void);
void reach_error(){}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c){ if(!c){ reach_error(); abort(); } }
`;

/** s adds a[i] once, at the round x + i == 3 (a counted sum whose value reads the array at n) */
const countedRead = (bound: number) => `${prelude}int a[5] = {3, 3, 2, 0, -1};
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) return 0;
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 2) return 0;
  int s = 0;
  for (int i = 0; i < n; i++) {
    a[i] = a[i] + 1;
    switch (x + i) {
    case 3: s += a[i]; break;
    case 0: a[i] = i - x; break;
    }
  }
  __VERIFIER_assert(s <= ${bound});
  return 0;
}`;

/** a cell array (a[0], a[1] written) whose updates read cells the loop never writes */
const cellRead = (offset: number) => `${prelude}int a[5] = {0, 1, 2, 3, 4};
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  for (int i = 0; i < n; i++) {
    a[0] = a[0] + a[3];
    a[1] = a[a[2]] + 1;
  }
  __VERIFIER_assert(a[0] == 3 * n + ${offset});
  return 0;
}`;

describe('viap slot forms over an array written in the loop', () => {
  for (const [name, safe, unsafe] of [
    ['a counted sum reading a[i] (s <= 4 holds, s <= 3 fails at x = 2)', countedRead(4), countedRead(3)],
    ['a cell array reading unwritten cells (a[0] == 3n)', cellRead(0), cellRead(1)],
  ] as const) {
    it(name, { timeout: 60_000 }, async () => {
      const proved = await solveWith(viapEncoder, lowerSource(safe), options, solver);
      expect(JSON.stringify(proved.verdict)).not.toMatch(/unknown constant|solver error/);
      expect(proved.verdict.kind).toBe('safe');
      const refuted = await solveWith(viapEncoder, lowerSource(unsafe), options, solver);
      expect(refuted.verdict.kind).toBe('unsafe');
    });
  }
});
