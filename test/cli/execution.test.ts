// --exec on the command line: verify runs an UNSAFE's counterexample natively by default (gcc on
// PATH), one encoding does with --exec, --no-exec turns it off, --json carries the result, and
// `validate --exec` judges a witness by the native run.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { encode, regression } from '../support/cli.js';
import { describeWith, gcc32Requirement, gccRequirement } from '../support/requirements.js';

const unsafeProgram = join(regression, 'nondet-unsafe.c');
const safeProgram = join(regression, 'copy-safe.c');

describeWith([gccRequirement()], 'encode --exec', () => {
  it('verify confirms its UNSAFE by a native run unless --no-exec', () => {
    const verified = encode('verify', unsafeProgram);
    expect(verified.status).toBe(10);
    expect(verified.stdout).toMatch(
      /^execution: confirmed: the program compiled with gcc .* reaches the error on the counterexample's \d+ input\(s\)/m,
    );
    const without = encode('verify', unsafeProgram, '--no-exec');
    expect(without.status).toBe(10);
    expect(without.stdout).not.toMatch(/execution:/);
    const safe = encode('verify', safeProgram);
    expect(safe.stdout).not.toMatch(/execution:/);
  });

  it('one encoding runs natively only with --exec, and --json says how the run ended', () => {
    expect(encode(unsafeProgram, '--encoding', 'bmc').stdout).not.toMatch(/execution:/);
    const result = encode(unsafeProgram, '--encoding', 'bmc', '--exec', '--json');
    expect(result.status).toBe(10);
    const record = JSON.parse(result.stdout.trim().split('\n').pop()!) as {
      verdict: string;
      counterexample: { scalars: string[] };
      execution: { result: string; inputs: string[]; compiler: string; notes: string[] };
    };
    expect(record.verdict).toBe('unsafe');
    expect(record.execution.result).toBe('confirmed');
    expect(record.execution.inputs).toEqual(record.counterexample.scalars);
    // the program is ILP32 (the default): built -m32 where gcc can (gcc-multilib), else for LP64 with a note saying so
    if (gcc32Requirement().available) expect(record.execution.compiler).toMatch(/^gcc -m32 /);
    else
      expect(record.execution.notes).toContainEqual(
        expect.stringMatching(/^built for LP64: gcc cannot link -m32 here/),
      );
  });

  it('validate --exec confirms a witness by running it, and the witness of another program is not confirmed', () => {
    const folder = mkdtempSync(join(tmpdir(), 'encode-exec-cli-'));
    const witness = join(folder, 'witness.yml');
    expect(encode(unsafeProgram, '--encoding', 'bmc', '--witness', witness).status).toBe(10);
    expect(readFileSync(witness, 'utf8')).toMatch(/violation_sequence|segment/);
    const validated = encode('validate', unsafeProgram, witness, '--exec');
    expect(validated.stdout).toMatch(/^execution: confirmed/m);
    expect(validated.stdout.trim().split('\n').pop()).toBe('Result: FALSE(unreach-call)');
    expect(validated.status).toBe(10);
    const elsewhere = encode('validate', join(regression, 'init-unsafe.c'), witness, '--exec');
    expect(elsewhere.stdout.trim().split('\n').pop()).toBe('Result: UNKNOWN');
    expect(elsewhere.status).toBe(20);
  });
});
