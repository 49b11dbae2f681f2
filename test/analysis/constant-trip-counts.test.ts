// The largest constant number of iterations of a program's loops (src/analysis/constant-trip-counts.ts),
// which decides where the portfolio runs its deepened bmc: counted on small C programs, and none
// where some loop's bound or start is not a constant.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { largestConstantTripCount } from '../../src/analysis/constant-trip-counts.js';
import type { Program } from '../../src/ir/types.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { constantBoundsBeyondUnwind } from '../../src/portfolio/index.js';

const directory = mkdtempSync(join(tmpdir(), 'trip-counts-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
let counter = 0;

function lower(body: string): Program {
  const file = join(directory, `program${counter++}.c`);
  writeFileSync(
    file,
    `extern int __VERIFIER_nondet_int(void);\n#define N 64\nint main(void) {\n  int a[N]; int i; int j; int s = 0;\n${body}\n  return 0;\n}\n`,
  );
  const result = runFrontEnd(file, { dataModel: 'ILP32', preprocessor: 'default' });
  if (result.kind !== 'program') throw new Error(JSON.stringify(result));
  return result.program;
}

describe('largestConstantTripCount', () => {
  it('counts loops from a constant start to a constant bound, with constant expressions of both', () => {
    expect(largestConstantTripCount(lower('for (i = 0; i < N; i++) a[i] = 0;'))).toBe(64);
    expect(largestConstantTripCount(lower('for (i = N / 2 + 1; i < N; i++) s += a[i];'))).toBe(31);
    expect(largestConstantTripCount(lower('for (i = N - 1; i >= 0; i--) s += a[i];'))).toBe(64);
    expect(largestConstantTripCount(lower('for (i = 0; i <= 20; i += 3) s += a[i];'))).toBe(7);
    // a nest counts its iterations times those around it
    expect(largestConstantTripCount(lower('for (i = 0; i < 8; i++) for (j = 0; j < 100; j++) s++;'))).toBe(800);
    expect(largestConstantTripCount(lower('for (i = 5; i < 3; i++) s++;'))).toBe(0);
  });

  it('says none where some loop has a bound or a start that is not a constant', () => {
    const n = 'int n = __VERIFIER_nondet_int();';
    expect(largestConstantTripCount(lower(`${n} for (i = 0; i < n; i++) s++;`))).toBeUndefined();
    expect(
      largestConstantTripCount(lower(`${n} for (i = 0; i < 8; i++) s++; for (i = n; i < 8; i++) s++;`)),
    ).toBeUndefined();
    expect(largestConstantTripCount(lower('while (__VERIFIER_nondet_int()) s++;'))).toBeUndefined();
  });

  it('gates the deepened bmc stage: constant bounds beyond 10 and within the search', () => {
    expect(constantBoundsBeyondUnwind.holds(lower('for (i = 0; i < N; i++) a[i] = 0;'))).toBe(true);
    expect(constantBoundsBeyondUnwind.holds(lower('for (i = 0; i < 8; i++) s++;'))).toBe(false);
    expect(constantBoundsBeyondUnwind.holds(lower('for (i = 0; i < 100000; i++) s++;'))).toBe(false);
    expect(constantBoundsBeyondUnwind.holds(lower('for (i = 0; i < 40; i++) for (j = 0; j < 40; j++) s++;'))).toBe(
      false,
    );
    expect(
      constantBoundsBeyondUnwind.holds(lower('int n = __VERIFIER_nondet_int(); for (i = 0; i < n; i++) s++;')),
    ).toBe(false);
  });
});
