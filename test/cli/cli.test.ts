// End-to-end tests of the `encode` command as a user runs it: exit codes, messages with
// file:line:col, no stack traces, output files, JSON records. Runs the compiled bin/encode.js
// (`npm test` builds first).

import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encoders } from '../../src/encoders/index.js';
import { encode, regression } from '../support/cli.js';

function temporaryDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'encode-cli-'));
}

describe('encode command line', () => {
  it('prints help and the version with exit 0', () => {
    const help = encode('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--encoding');
    expect(help.stdout).toContain('Exit codes');
    const version = encode('--version');
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('rejects an unknown option and a bad value with exit 2 and no stack trace', () => {
    for (const argumentsList of [
      ['x.c', '--no-such-flag'],
      ['x.c', '--encoding', 'nope'],
      ['x.c', '--timeout', '-3'],
      [],
    ]) {
      const result = encode(...argumentsList);
      expect(result.status, argumentsList.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^encode: error: /);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('--strict turns a SAFE that assumes mathematical integers (--semantics int) into UNKNOWN, and leaves a SAFE of C (the default) or bv and an UNSAFE alone', () => {
    const program = join(regression, 'copy-safe.c');
    const plain = encode(program, '--encoding', 'witness', '--timeout', '20', '--strict');
    expect(plain.stdout).toMatch(/^SAFE\n/);
    expect(plain.stdout).toMatch(/assuming: no undefined behaviour in C/);
    const strict = encode(
      program,
      '--encoding',
      'witness',
      '--timeout',
      '20',
      '--semantics',
      'int',
      '--strict',
      '--json',
    );
    expect(strict.status).toBe(20);
    const record = JSON.parse(strict.stdout) as { verdict: string; reasonKind: string; reason: string };
    expect([record.verdict, record.reasonKind]).toEqual(['unknown', 'imprecise']);
    expect(record.reason).toContain('--strict');
    // bv takes witness longest (about 10 s alone, more beside the other test files): a generous budget
    const bitVectors = encode(program, '--encoding', 'witness', '--semantics', 'bv', '--timeout', '60', '--strict');
    expect(bitVectors.status).toBe(0);
    expect(bitVectors.stdout).toMatch(/^SAFE\n/);
    const bug = encode('verify', join(regression, 'init-unsafe.c'), '--timeout', '20', '--strict');
    expect(bug.status).toBe(10);
  });

  it('reports a missing file as an input error (exit 3)', () => {
    const result = encode(join(temporaryDirectory(), 'missing.c'));
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(/missing\.c:\d+:\d+: error: /);
  });

  it('reports a syntax error with file:line:col and exit 3', () => {
    const directory = temporaryDirectory();
    const file = join(directory, 'broken.c');
    writeFileSync(file, 'int main(void) {\n  int x = 1;\n  x = (x + ;\n  return 0;\n}\n');
    for (const preprocessor of ['system', 'builtin']) {
      const result = encode(file, '--emit', 'smt2', '--preprocessor', preprocessor);
      expect(result.status, preprocessor).toBe(3);
      expect(result.stderr, preprocessor).toMatch(/broken\.c:3:\d+: error: /);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('caps the errors of a file that is not C: the first few in short, then a count, and a warning for its extension', () => {
    const directory = temporaryDirectory();
    const file = join(directory, 'list.txt');
    writeFileSync(file, Array.from({ length: 110 }, (_, index) => `file_${index + 1}.c`).join('\n') + '\n');
    const result = encode(file);
    expect(result.status).toBe(3);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(12);
    expect(lines[0]).toMatch(/warning: .*list\.txt: not a \.c or \.i file/);
    expect(result.stderr).toMatch(/list\.txt:1:7: error: syntax error/);
    expect(result.stderr).toMatch(/list\.txt: \d+ more errors not shown/);
    // expected-token lists are cut to a few names
    for (const line of lines) expect(line.length, line).toBeLessThan(200);
  });

  it('reports unsupported input with a location: exit 5 when emitting, UNKNOWN (exit 20) when solving', () => {
    const directory = temporaryDirectory();
    const file = join(directory, 'pointers.c');
    // arithmetic on a pointer to a single object (a walk over an array is supported)
    writeFileSync(
      file,
      'extern void reach_error(void);\nint main(void) {\n  int x = 0;\n  int *p = &x;\n  p = p + 1;\n  if (*p) reach_error();\n  return 0;\n}\n',
    );
    const emitted = encode(file, '--emit', 'smt2');
    expect(emitted.status).toBe(5);
    expect(emitted.stderr).toMatch(/pointers\.c:\d+:\d+: unsupported: /);
    const solved = encode(file, '--solve');
    expect(solved.status).toBe(20);
    expect(solved.stdout).toMatch(/^UNKNOWN \(.*\d+:\d+\)/);
  });

  it('writes SMT-LIB to stdout, to -o FILE and into --out-dir', () => {
    const input = join(regression, 'copy-safe.c');
    const toStdout = encode(input, '--emit', 'smt2', '--encoding', 'chc');
    expect(toStdout.status).toBe(0);
    expect(toStdout.stdout).toContain('(set-logic HORN)');
    expect(toStdout.stdout).toContain('(check-sat)');
    const directory = temporaryDirectory();
    const single = join(directory, 'out.smt2');
    expect(encode(input, '--emit', 'smt2', '--encoding', 'bmc', '-o', single).status).toBe(0);
    expect(readFileSync(single, 'utf8')).toContain('(check-sat)');
    const outDirectory = join(directory, 'smtlib-out');
    expect(encode(input, '--emit', 'smt2', '--encoding', 'chc', '--out-dir', outDirectory).status).toBe(0);
    expect(readdirSync(outDirectory)).toEqual(['copy-safe.chc.smt2']);
  });

  it('solves with the embedded z3 and prints one JSON record with times per phase', () => {
    const started = performance.now();
    const result = encode(join(regression, 'nondet-unsafe.c'), '--encoding', 'bmc', '--json', '--timeout', '30');
    const wall = performance.now() - started;
    expect(result.status).toBe(10);
    const record = JSON.parse(result.stdout.trim()) as {
      verdict: string;
      times: Record<string, number>;
      counterexample: { scalars: string[] };
    };
    expect(record.verdict).toBe('unsafe');
    // the phases of the front end, of bmc (its UNSAFE is replayed) and of the kernel, each a duration
    const { times } = record;
    const frontEnd = ['preprocess', 'parse', 'lower'];
    const bmc = ['encode', 'solve', 'replay'];
    expect(Object.keys(times)).toEqual(expect.arrayContaining([...frontEnd, ...bmc, 'encoding', 'total']));
    for (const [phase, milliseconds] of Object.entries(times))
      expect(Number.isFinite(milliseconds) && milliseconds >= 0, `${phase}: ${milliseconds}`).toBe(true);
    // phases run one after the other: bmc's within the encoding, the front end and the encoding within
    // the total, and the total within the wall time of the whole command
    const sum = (phases: readonly string[]) => phases.reduce((total, phase) => total + times[phase]!, 0);
    expect(sum(bmc)).toBeLessThanOrEqual(times.encoding! + 0.01);
    expect(sum([...frontEnd, 'encoding'])).toBeLessThanOrEqual(times.total! + 0.01);
    expect(times.total).toBeLessThanOrEqual(wall);
    const [x, y] = record.counterexample.scalars.map(BigInt);
    expect(x! >= 10n && x! <= 20n).toBe(true);
    expect(y).toBe(x! + 3n);
  });

  it('prints SAFE for a program chc proves, and the process exits by itself', () => {
    const started = Date.now();
    const result = encode(join(regression, 'counter-safe.c'), '--encoding', 'chc', '--timeout', '30');
    expect(result.stdout.split('\n')[0]).toBe('SAFE');
    expect(result.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('without --encoding (or with verify) runs the portfolio and says which encoding decided', () => {
    const plain = encode(join(regression, 'nondet-unsafe.c'), '--timeout', '30');
    expect(plain.stdout.split('\n')[0]).toBe('UNSAFE');
    expect(plain.status).toBe(10);
    expect(plain.stdout).toMatch(/^portfolio: decided by \w+ in \d+\.\d\d s/m);
    const json = encode('verify', join(regression, 'copy-safe.c'), '--timeout', '30', '--json');
    const record = JSON.parse(json.stdout) as {
      encoding: string;
      verdict: string;
      decidedBy: string;
      attempts: { encoding: string; verdict: string }[];
    };
    expect(record.encoding).toBe('portfolio');
    expect(record.verdict).toBe('safe');
    // two lanes may both have started; the deciding attempt is the one that answered SAFE
    expect(record.attempts).toContainEqual(expect.objectContaining({ encoding: record.decidedBy, verdict: 'safe' }));
    expect(json.status).toBe(0);
  });

  it('verify honours --timeout over all its stages, and refuses --encoding and --emit', () => {
    const started = Date.now();
    // a bug that only a run over 10^9 cells reaches: no stage decides it
    const result = encode(
      'verify',
      join(import.meta.dirname, '..', '..', 'bench', 'budget-3d', 'copy-partial-3d-unsafe.c'),
      '--timeout',
      '4',
    );
    expect(result.status).toBe(20);
    expect(result.stdout).toMatch(/^UNKNOWN \(portfolio: (runs|bmc): /);
    expect(result.stdout).toMatch(/^portfolio: no encoding decided/m);
    expect(Date.now() - started).toBeLessThan(4_000 + 3_000); // the front end and node's start-up besides
    expect(encode('verify', join(regression, 'copy-safe.c'), '--encoding', 'bmc').status).toBe(2);
    expect(encode('verify', join(regression, 'copy-safe.c'), '--emit', 'smt2').status).toBe(2);
  });

  it('compare runs every encoding and reports verdict, time and query size per encoding (--json)', () => {
    const result = encode('compare', join(regression, 'nondet-unsafe.c'), '--timeout', '5', '--json');
    expect(result.status, result.stderr).toBe(0);
    const record = JSON.parse(result.stdout) as {
      rows: {
        encoding: string;
        verdict: string;
        milliseconds: number;
        query: { bytes: number; assertions: number } | null;
      }[];
    };
    expect(record.rows.map((row) => row.encoding).sort()).toEqual([...encoders.keys()].sort());
    const bmc = record.rows.find((row) => row.encoding === 'bmc')!;
    expect(bmc.verdict).toBe('unsafe');
    expect(bmc.query!.bytes).toBeGreaterThan(100);
    expect(bmc.query!.assertions).toBeGreaterThan(0);
    expect(record.rows.filter((row) => row.verdict === 'safe')).toEqual([]);
    const text = encode('compare', join(regression, 'nondet-unsafe.c'), '--timeout', '5');
    expect(text.stdout.split('\n')[0]).toMatch(
      /^encoding\s+approximation\s+solver\s+verdict\s+seconds\s+files\s+bytes\s+assertions\s+quantifiers\s+reason$/,
    );
  });
});
