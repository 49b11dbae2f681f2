// Failures reach the user as the right kind, through the real command: a planted bug is an
// internal error (exit 70) without a stack trace unless --debug, a forged UNSAFE is stopped by the
// kernel's guard, options of other encodings are warned about, and the verdict names its solver.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const projectRoot = resolve(import.meta.dirname, '..', '..');
const encodeBinary = join(projectRoot, 'bin', 'encode.js');
const regression = join(projectRoot, 'test', 'regression');

function encode(
  argumentsList: string[],
  environment: Record<string, string> = {},
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [encodeBinary, ...argumentsList], {
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, ENCODE_DEBUG: '', ...environment },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const stackLine = /\n\s+at /;

describe('failure kinds at the command line', () => {
  it('a planted bug is an internal error: exit 70, no stack trace unless --debug', () => {
    const file = join(regression, 'copy-safe.c');
    const plain = encode([file, '--encoding', 'bmc', '--timeout', '5'], { ENCODE_TEST_PLANT: 'throw' });
    expect(plain.status).toBe(70);
    expect(plain.stderr).toMatch(/^encode: internal error: planted bug/);
    expect(plain.stderr).not.toMatch(stackLine);
    const debug = encode([file, '--encoding', 'bmc', '--timeout', '5', '--debug'], { ENCODE_TEST_PLANT: 'throw' });
    expect(debug.status).toBe(70);
    expect(debug.stderr).toMatch(stackLine);
  });

  it('a forged UNSAFE never reaches the user as a verdict: the guard makes it an internal error', () => {
    const result = encode([join(regression, 'copy-safe.c'), '--encoding', 'witness', '--timeout', '5'], {
      ENCODE_TEST_PLANT: 'forged-unsafe',
    });
    expect(result.status).toBe(70);
    expect(result.stdout).not.toMatch(/UNSAFE/);
    expect(result.stderr).toMatch(/internal error: .*UNSAFE without a counterexample replayed/);
  });

  it('an option the chosen encoding does not read is warned about; a bad value is a usage error', () => {
    const warned = encode([join(regression, 'nondet-unsafe.c'), '--encoding', 'bmc', '--max-k', '3', '--emit', 'smt2']);
    expect(warned.status).toBe(0);
    expect(warned.stderr).toMatch(/warning: --max-k is read by shrink, not by bmc/);
    const bad = encode([join(regression, 'nondet-unsafe.c'), '--encoding', 'shrink', '--max-k', '0']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--max-k takes an integer of at least 1/);
  });

  it('the help text lists every declared option with the encodings that read it', () => {
    const help = encode(['--help']);
    expect(help.status).toBe(0);
    for (const flag of [
      '--unwind <k>',
      '--unwinding-assertions',
      '--max-k <k>',
      '--cells <k>',
      '--loops <kept|removed>',
      '--show-summaries',
    ]) {
      expect(help.stdout).toContain(flag);
    }
    expect(help.stdout).toMatch(/--unwind <k>\s+accel, bmc: .*default 3 for accel, 10 for bmc/);
  });

  it('the verdict says which solver answered (auto: z3 when installed, else z3-wasm)', () => {
    const result = encode([join(regression, 'nondet-unsafe.c'), '--encoding', 'bmc', '--timeout', '30']);
    expect(result.status).toBe(10);
    expect(result.stdout).toMatch(/^solver: (z3|z3-wasm)$/m);
    const json = encode([
      join(regression, 'nondet-unsafe.c'),
      '--encoding',
      'bmc',
      '--timeout',
      '30',
      '--json',
      '--solver',
      'z3-wasm',
    ]);
    expect(JSON.parse(json.stdout.trim())).toMatchObject({ verdict: 'unsafe', solver: 'z3-wasm' });
  });

  it('an UNKNOWN says why in a typed field of --json', () => {
    const directory = mkdtempSync(join(tmpdir(), 'encode-failures-'));
    const file = join(directory, 'loop.c');
    writeFileSync(
      file,
      'extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint main(void) {\n  int n = __VERIFIER_nondet_int();\n  int i = 0;\n  while (i < n) i++;\n  if (i < n) reach_error();\n  return 0;\n}\n',
    );
    const result = encode([file, '--encoding', 'bmc', '--unwind', '2', '--json', '--timeout', '30']);
    expect(result.status).toBe(20);
    expect(JSON.parse(result.stdout.trim())).toMatchObject({ verdict: 'unknown', reasonKind: 'resourceLimit' });
  });
});
