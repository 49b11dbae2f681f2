// SV-COMP's no-overflow property (`CHECK( init(main()), LTL(G ! overflow) )`), end to end: given
// with --property or named by a task .yml, it is proven (Result: TRUE: every signed operation that
// may overflow is checked, with no assumption left), refuted with a replayed counterexample (Result:
// FALSE(no-overflow)) that gcc confirms when UBSan's signed-overflow check stops the compiled
// program, or left UNKNOWN; the program's own reach_error calls do not count. Asked with
// --semantics int or bv (which cannot state it), it is a usage error.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findToolchain } from '../../src/execution/gcc.js';
import { encode } from '../support/cli.js';

const noOverflow = 'CHECK( init(main()), LTL(G ! overflow) )\n';
const header =
  'extern int __VERIFIER_nondet_int(void);\nextern void abort(void);\nvoid reach_error(void) {}\nvoid assume_abort_if_not(int c) { if (!c) abort(); }\n';

const programs: Readonly<Record<string, string>> = {
  // the sum of 0 … n-1 for n <= 1000 stays below 2^31
  'bounded-sum.c': `${header}int main(void) {\n  int n = __VERIFIER_nondet_int();\n  assume_abort_if_not(n >= 0 && n <= 1000);\n  int s = 0;\n  for (int i = 0; i < n; i++) s += i;\n  return s;\n}\n`,
  // x * 1000 overflows for x > 2147483
  'product.c': `${header}int main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x > 10) { int y = x * 1000; return y; }\n  return 0;\n}\n`,
  // the negation of INT_MIN overflows
  'negation.c': `${header}int main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x < -5) { int y = -x; return y; }\n  return 0;\n}\n`,
  // reach_error is reachable, and nothing overflows
  'reachable-error.c': `${header}int main(void) {\n  int x = __VERIFIER_nondet_int();\n  assume_abort_if_not(x >= 0 && x < 100);\n  if (x == 7) reach_error();\n  return x + 1;\n}\n`,
};

function folder(): string {
  const directory = mkdtempSync(join(tmpdir(), 'encode-no-overflow-'));
  writeFileSync(join(directory, 'no-overflow.prp'), noOverflow);
  for (const [name, text] of Object.entries(programs)) writeFileSync(join(directory, name), text);
  return directory;
}

function lastLine(text: string): string {
  return text.trimEnd().split('\n').pop()!;
}

describe('the no-overflow property', () => {
  it(
    'proves, refutes (with gcc confirming under UBSan) and ignores reach_error, with --property',
    { timeout: 120_000 },
    () => {
      const directory = folder();
      const property = join(directory, 'no-overflow.prp');
      const expected: Readonly<Record<string, string>> = {
        'bounded-sum.c': 'Result: TRUE',
        'product.c': 'Result: FALSE(no-overflow)',
        'negation.c': 'Result: FALSE(no-overflow)',
        'reachable-error.c': 'Result: TRUE',
      };
      const gcc = findToolchain().kind === 'found';
      for (const [name, result] of Object.entries(expected)) {
        const answer = encode('verify', join(directory, name), '--property', property, '--timeout', '20');
        expect(lastLine(answer.stdout), `${name}\n${answer.stdout}${answer.stderr}`).toBe(result);
        if (result.startsWith('Result: FALSE') && gcc)
          expect(answer.stdout).toMatch(/execution: confirmed: .*signed-integer-overflow.* stops at a signed overflow/);
        if (result === 'Result: TRUE')
          expect(answer.stdout).toMatch(/assuming: no signed overflow \(\d+ operations? checked/);
      }
    },
  );

  it('reads the property from a task .yml, and refuses --semantics bv and int for it', () => {
    const directory = folder();
    const task = join(directory, 'task.yml');
    writeFileSync(
      task,
      `format_version: '2.0'\ninput_files: 'product.c'\nproperties:\n  - property_file: ./no-overflow.prp\n    expected_verdict: false\noptions:\n  language: C\n  data_model: ILP32\n`,
    );
    const answer = encode('verify', task, '--timeout', '20', '--json');
    expect((JSON.parse(answer.stdout) as { svcompResult: string }).svcompResult).toBe('FALSE(no-overflow)');
    for (const semantics of ['bv', 'int']) {
      const refused = encode(
        'verify',
        join(directory, 'product.c'),
        '--property',
        join(directory, 'no-overflow.prp'),
        '--semantics',
        semantics,
      );
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('no-overflow property is checked in c semantics');
    }
  });
});
