// gotos placed in structured statements (src/ir/lower/gotos.ts): programs of each rule (backward
// gotos as loops, forward gotos moving statements, jumps out of a loop, CIL's continue labels, dead
// code between a loop and its exit, error labels beside them) are lowered and run on the interpreter
// (bv) beside gcc with the same inputs, and the outcomes must agree; the shapes no rule places
// exactly stay unsupported.

import { describe, expect, it } from 'vitest';
import { compileWithGcc, diagnosticOf, interpretInputs, lowerSource, runCompiled } from './lower-harness.js';
import { describeWith, gccRequirement } from '../support/requirements.js';

const prelude = `extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } }
`;

const placed: Record<string, string> = {
  'a backward goto with a forward exit': `int main(void) {
  int n = __VERIFIER_nondet_int(), i = 0, s = 0;
  if (n > 8) goto done;
  top:
  if (i < n) { s = s + __VERIFIER_nondet_int(); i = i + 1; goto top; } else { goto next; }
  next:
  if (s == 3) reach_error();
  done:
  return 0;
}`,
  'a loop tested at its end and a skip inside another': `int main(void) {
  int n = __VERIFIER_nondet_int(), i = 0, c = 0, x;
  if (!(n > 0 && n < 9)) goto end;
  body:
  x = __VERIFIER_nondet_int();
  if (x > 0) goto skip;
  c = c + 1;
  skip:
  i = i + 1;
  if (i < n) goto body;
  __VERIFIER_assert(c != 2);
  end:
  return 0;
}`,
  'CIL loops with continue and break labels': `int main(void) {
  int n = __VERIFIER_nondet_int(), i = 0, s = 0;
  if (n > 8) return 0;
  while (1) {
    while_0_continue: ;
    if (!(i < n)) goto while_0_break;
    i++;
    if (__VERIFIER_nondet_int() == 1) goto while_0_continue;
    s = s + i;
  }
  while_0_break: ;
  __VERIFIER_assert(s != 3);
  return 0;
}`,
  'nested label loops': `int main(void) {
  int n = __VERIFIER_nondet_int(), i = 0, j, c = 0;
  if (!(n > 0 && n < 6)) goto out;
  outer:
  if (!(i < n)) goto after;
  j = 0;
  inner:
  if (!(j < i)) goto next;
  c = c + __VERIFIER_nondet_int();
  j = j + 1;
  goto inner;
  next:
  i = i + 1;
  goto outer;
  after:
  __VERIFIER_assert(c < 4);
  out:
  return 0;
}`,
  'a search leaving its loop and an error label after an endless loop': `int main(void) {
  int n = __VERIFIER_nondet_int(), i = 0, key = __VERIFIER_nondet_int();
  if (!(n > 0 && n < 9)) goto out;
  loop:
  if (!(i < n)) goto out;
  if (__VERIFIER_nondet_int() == key) goto ERROR;
  i = i + 1;
  goto loop;
  ERROR:
  reach_error();
  abort();
  out:
  return 0;
}`,
  'an unconditional forward goto over dead code': `int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 2) goto big;
  x = x + 10;
  goto join;
  big:
  x = x - 10;
  join:
  __VERIFIER_assert(x != 11 && x != -7);
  return 0;
}`,
};

const refused: Record<string, string> = {
  'a goto into a loop body from before it': `int main(void) {
  int i = __VERIFIER_nondet_int();
  goto inside;
  while (i < 10) {
    i = i + 2;
    inside:
    i = i + 1;
  }
  return 0;
}`,
  'a goto from a nested loop to a label before the outer one': `int main(void) {
  int i = 0, j;
  top:
  i = i + 1;
  for (j = 0; j < 3; j++) { if (__VERIFIER_nondet_int()) goto top; }
  return 0;
}`,
  'two labels that jump into each other (irreducible)': `int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x) goto b;
  a:
  x = x + 1;
  b:
  x = x + 2;
  if (x < 10) goto a;
  return 0;
}`,
};

/** per run: eight inputs drawn from -3 … 5 */
const runs: bigint[][] = Array.from({ length: 40 }, (_, run) =>
  Array.from({ length: 40 }, (_, position) => BigInt(((run * 7 + position * 5 + run * position) % 9) - 3)),
);

describeWith([gccRequirement()], 'gotos placed in structured statements agree with gcc', () => {
  it.each(Object.entries(placed))('%s', (_name, body) => {
    const source = prelude + body;
    const lowered = lowerSource(source);
    expect(lowered.kind, JSON.stringify(lowered.kind === 'lowered' ? '' : lowered.diagnostics)).toBe('lowered');
    if (lowered.kind !== 'lowered') return;
    const binary = compileWithGcc(source);
    const outcomes = new Set<string>();
    for (const inputs of runs) {
      const expected = runCompiled(binary, inputs);
      expect({ inputs: inputs.map(String), actual: interpretInputs(lowered.program, inputs) }).toEqual({
        inputs: inputs.map(String),
        actual: expected,
      });
      outcomes.add(expected);
    }
    // every program is written so that some input reaches the error and some does not
    expect(outcomes.has('error') && outcomes.has('completed')).toBe(true);
  });
});

describe('gotos no rule places exactly stay unsupported', () => {
  it.each(Object.entries(refused))('%s', (_name, body) => {
    expect(diagnosticOf(prelude + body)).toMatch(/goto/);
  });
});
