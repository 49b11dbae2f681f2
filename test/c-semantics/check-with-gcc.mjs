#!/usr/bin/env node
// The gcc check of the C-semantics family (test/c-semantics/programs): every program is compiled by
// gcc and run natively on the inputs written in its header, so the expected answers rest on what gcc
// on x86 computes, not on anyone's reading of the standard.
//
// - a buggy program (`// expected: unsafe`) names in `// failing input: v1 v2 ...` the values its
//   `__VERIFIER_nondet_*` calls return, in call order; with them it must reach `reach_error`;
// - a safe program names in `// gcc inputs: v1 v2 | w1 w2 | ...` input lists, type extremes among
//   them; with none of them may it reach `reach_error` (stopping in `assume_abort_if_not` is fine).
//
// Each program is built four ways: `-m32` (ILP32, the tool's default data model) and native (LP64),
// each once optimised (`-O2`) and once with `-O0 -fsanitize=undefined,address
// -fno-sanitize-recover=all`, so a run that reaches the error or ends normally has met no undefined
// behaviour (signed overflow, bad shifts, out-of-bounds VLA or array accesses) on the way.
//
// The harness (harnessSource) defines `reach_error` (exit status 113) and every
// `__VERIFIER_nondet_<type>`: each returns the next value read from standard input converted to its
// type by C's own conversion; when the list runs out, the last value repeats (0 for an empty list),
// so `999 255` fills an array of 999 bytes with 255. The program's own empty `void reach_error(void) {}`
// is turned into a declaration before compiling (on the same line, so line numbers stay).
//
// Usage: node test/c-semantics/check-with-gcc.mjs [program.c ...]   (default: every program)
// Exit status 0 when every program passes. family.test.ts imports the same functions.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const programsFolder = join(import.meta.dirname, 'programs');

/** exit statuses of a harnessed run */
export const status = Object.freeze({ reachedError: 113, undefinedBehaviour: 116, addressError: 117 });

/**
 * The family: name, path, expected answer, what it tests (second line), and the input lists of its
 * header (one for a buggy program: its failing input; one or more for a safe one).
 */
export function readFamily(folder = programsFolder) {
  return readdirSync(folder).filter((name) => name.endsWith('.c')).sort().map((name) => readProgram(join(folder, name)));
}

export function readProgram(path) {
  const name = basename(path);
  const lines = readFileSync(path, 'utf8').split('\n');
  const expected = /^\/\/ expected: (safe|unsafe)$/.exec(lines[0] ?? '')?.[1];
  if (expected === undefined) throw new Error(`${name}: the first line is not '// expected: safe|unsafe'`);
  const what = /^\/\/ (.+)$/.exec(lines[1] ?? '')?.[1];
  if (what === undefined) throw new Error(`${name}: the second line is not a comment saying what it tests`);
  const key = expected === 'unsafe' ? 'failing input' : 'gcc inputs';
  const inputLine = lines.slice(0, 5).map((line) => new RegExp(`^// ${key}:(.*)$`).exec(line)?.[1]).find((found) => found !== undefined);
  if (inputLine === undefined) throw new Error(`${name}: no '// ${key}: ...' line in its header`);
  const inputs = inputLine.split('|').map((list) => list.trim().split(/\s+/).filter((word) => word !== '').map((word) => BigInt(word)));
  if (expected === 'unsafe' && inputs.length !== 1) throw new Error(`${name}: a buggy program has one failing input`);
  return { name, path, expected, what, inputs };
}

const nondetTypes = [
  ['int', 'int'], ['uint', 'unsigned int'], ['unsigned', 'unsigned int'], ['long', 'long'], ['ulong', 'unsigned long'],
  ['longlong', 'long long'], ['ulonglong', 'unsigned long long'], ['short', 'short'], ['ushort', 'unsigned short'],
  ['char', 'char'], ['schar', 'signed char'], ['uchar', 'unsigned char'], ['bool', '_Bool'],
];

/** the harness's C text: reach_error and the nondet functions, inputs from standard input */
export function harnessSource() {
  return [
    '#include <stdio.h>',
    '#include <stdlib.h>',
    '#include <unistd.h>',
    '#define MAX_INPUTS 4096',
    'static unsigned long long inputs[MAX_INPUTS];',
    'static int input_count = -1, position;',
    'static unsigned long long next_input(void) {',
    '  if (input_count < 0) {',
    '    char word[64];',
    '    input_count = 0;',
    '    while (input_count < MAX_INPUTS && scanf("%63s", word) == 1)',
    "      inputs[input_count++] = word[0] == '-' ? (unsigned long long) strtoll(word, 0, 10) : strtoull(word, 0, 10);",
    '  }',
    '  if (input_count == 0) return 0;',
    '  if (position < input_count) return inputs[position++];',
    '  return inputs[input_count - 1];',
    '}',
    ...nondetTypes.map(([suffix, type]) => `${type} __VERIFIER_nondet_${suffix}(void) { return (${type}) next_input(); }`),
    `void reach_error(void) { fflush(stdout); _exit(${status.reachedError}); }`,
    '',
  ].join('\n');
}

/** the program's text with its empty reach_error definition turned into a declaration */
export function withoutReachErrorDefinition(text) {
  return text.replace(/\bvoid\s+reach_error\s*\(\s*(void)?\s*\)\s*\{\s*\}/g, 'extern void reach_error(void);');
}

/** the four builds of the gcc check; family.test.ts uses the sanitised ones */
export const configurations = Object.freeze([
  { name: 'm32 -O2', flags: ['-m32', '-O2'] },
  { name: 'm32 -O0 sanitised', flags: ['-m32', '-O0', '-fsanitize=undefined,address', '-fno-sanitize-recover=all'] },
  { name: 'native -O2', flags: ['-O2'] },
  { name: 'native -O0 sanitised', flags: ['-O0', '-fsanitize=undefined,address', '-fno-sanitize-recover=all'] },
]);

/** whether gcc on PATH builds and runs -m32 programs (Debian's gcc-multilib) */
export function canBuild32() {
  const directory = mkdtempSync(join(tmpdir(), 'c-semantics-probe-'));
  try {
    writeFileSync(join(directory, 'probe.c'), 'int main(void) { return sizeof(long) == 4 ? 0 : 1; }\n');
    const built = spawnSync('gcc', ['-m32', join(directory, 'probe.c'), '-o', join(directory, 'probe')], { stdio: 'pipe' });
    return built.status === 0 && spawnSync(join(directory, 'probe'), [], { stdio: 'pipe' }).status === 0;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * Builds `program` (a readProgram record) with the harness into `directory`; returns the binary's
 * path, or throws with gcc's messages.
 */
export function build(program, flags, directory) {
  const source = join(directory, program.name);
  const harness = join(directory, 'harness.c');
  const binary = join(directory, `${program.name.replace(/\.c$/, '')}.${flags.join('').replace(/[^A-Za-z0-9]/g, '')}`);
  writeFileSync(source, withoutReachErrorDefinition(readFileSync(program.path, 'utf8')));
  writeFileSync(harness, harnessSource());
  const compiled = spawnSync('gcc', ['-std=gnu11', '-w', ...flags, source, harness, '-o', binary], { encoding: 'utf8' });
  if (compiled.status !== 0) throw new Error(`gcc ${flags.join(' ')} ${program.name}: ${compiled.stderr || compiled.error}`);
  return binary;
}

/**
 * Runs a built binary on one input list: 'reachedError', 'completed' (status 0), 'aborted' (an
 * assume_abort_if_not stopped it), 'undefinedBehaviour' (with the sanitiser's message) or 'other'.
 */
export function run(binary, inputs, timeoutMilliseconds = 30_000) {
  const result = spawnSync(binary, [], {
    input: `${inputs.join('\n')}\n`, encoding: 'utf8', timeout: timeoutMilliseconds, killSignal: 'SIGKILL',
    env: {
      ...process.env,
      UBSAN_OPTIONS: `halt_on_error=1:exitcode=${status.undefinedBehaviour}:print_stacktrace=0`,
      ASAN_OPTIONS: `exitcode=${status.addressError}:detect_leaks=0`,
    },
  });
  const error = result.error;
  if (error !== undefined && !(error.code === 'EPIPE' && (result.status !== null || result.signal !== null))) {
    return { kind: 'other', detail: error.code === 'ETIMEDOUT' ? 'timed out' : error.message };
  }
  if (result.signal === 'SIGABRT') return { kind: 'aborted', detail: 'abort()' };
  if (result.signal !== null) return { kind: 'other', detail: `killed by ${result.signal}` };
  if (result.status === status.reachedError) return { kind: 'reachedError', detail: 'reach_error' };
  if (result.status === 0) return { kind: 'completed', detail: 'returned 0' };
  if (result.status === status.undefinedBehaviour || result.status === status.addressError) {
    const message = /(runtime error: [^\n]*|ERROR: AddressSanitizer: [^\n]*)/.exec(result.stderr ?? '')?.[1] ?? 'sanitizer report';
    return { kind: 'undefinedBehaviour', detail: message };
  }
  return { kind: 'other', detail: `exit status ${result.status}` };
}

/** a run's outcome is what the program's expected answer needs */
export function runAgrees(program, outcome) {
  return program.expected === 'unsafe' ? outcome.kind === 'reachedError' : outcome.kind === 'completed' || outcome.kind === 'aborted';
}

/** checks programs under the given configurations; returns one line per run and the failures */
export function checkPrograms(programs, chosen = configurations) {
  const directory = mkdtempSync(join(tmpdir(), 'c-semantics-gcc-'));
  const lines = [];
  const failures = [];
  try {
    for (const program of programs) {
      for (const configuration of chosen) {
        let binary;
        try {
          binary = build(program, configuration.flags, directory);
        } catch (error) {
          failures.push(`${program.name} [${configuration.name}]: does not build: ${error.message}`);
          continue;
        }
        for (const inputs of program.inputs) {
          const outcome = run(binary, inputs);
          const ok = runAgrees(program, outcome);
          const line = `${ok ? 'ok  ' : 'FAIL'} ${program.name} [${configuration.name}] input ${inputs.join(' ') || '(none)'}: ${outcome.detail}`;
          lines.push(line);
          if (!ok) failures.push(line);
        }
      }
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return { lines, failures };
}

function main() {
  const arguments_ = process.argv.slice(2);
  const programs = arguments_.length === 0 ? readFamily() : arguments_.map((path) => readProgram(resolve(path)));
  const chosen = canBuild32() ? configurations : configurations.filter((configuration) => !configuration.flags.includes('-m32'));
  if (chosen.length < configurations.length) console.log('note: gcc cannot build -m32 programs here (apt-get install gcc-multilib); native builds only');
  const { lines, failures } = checkPrograms(programs, chosen);
  for (const line of lines) console.log(line);
  const unsafe = programs.filter((program) => program.expected === 'unsafe').length;
  console.log(`\n${programs.length} programs (${unsafe} buggy, ${programs.length - unsafe} safe), ${chosen.length} builds each, ${lines.length} runs: ${failures.length} failed`);
  for (const failure of failures) console.log(failure);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
