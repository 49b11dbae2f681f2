// SV-COMP correctness witnesses (src/svcomp/correctness-witness.ts, src/certificates/c-invariants.ts):
// a SAFE with a checked certificate writes a format 2.0 `invariant_set` whose `loop_invariant`
// entries are C expressions at the loops' locations; what C cannot say (a quantifier, a lowering's
// temporary, a do-while's head) is left out with a note. The invariants are held against gcc: put
// into the loop conditions of the program (`for (init; (check(INV), cond); update)`), compiled and
// run on random inputs, none may fail.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { cLoopInvariants } from '../../src/certificates/c-invariants.js';
import type { Certificate } from '../../src/certificates/certificate.js';
import type { Program } from '../../src/ir/types.js';
import { functionBodies } from '../../src/svcomp/correctness-witness.js';
import { loopHeadPredicates } from '../../src/symbolic/horn-clauses.js';
import { encode, regression } from '../support/cli.js';
import { lowerSource } from '../soundness/harness.js';
import { gccRequirement, itWith, solverRequirement } from '../support/requirements.js';

const z3 = solverRequirement('z3');
const gcc = gccRequirement();
const directory = mkdtempSync(join(tmpdir(), 'encode-correctness-witness-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** a certificate of `program` whose predicates are defined by `bodies` (in the order of the loops) */
function certificateOf(program: Program, bodies: readonly string[]): Certificate {
  const predicates = loopHeadPredicates(program, 'int');
  return {
    program,
    semantics: 'int',
    source: 'test',
    invariants: predicates.map((predicate, index) => {
      const count = predicate.live.scalars.length + predicate.live.arrays.length;
      const sorts = [...predicate.live.scalars.map(() => 'Int'), ...predicate.live.arrays.map(() => '(Array Int Int)')];
      const parameters = sorts.map((sort, position) => `(x!${position} ${sort})`).join(' ');
      expect(sorts).toHaveLength(count);
      return {
        name: predicate.name,
        definition: `(define-fun ${predicate.name} (${parameters}) Bool ${bodies[index] ?? 'true'})`,
      };
    }),
  };
}

const everyDeclared = (): boolean => true;

describe('loop invariants in C', () => {
  const program = lowerSource(`
    extern int __VERIFIER_nondet_int(void);
    int main(void) {
      int n = __VERIFIER_nondet_int();
      int s = 0;
      int a[4];
      for (int i = 0; i < n; i++) s += 2;
      for (int i = 0; i < 4; i++) a[i] = i;
      return 0;
    }`);

  it('translates arithmetic, lets, mod and array reads, reading sums as long long', () => {
    // loop 0: (n, s, i, and the second loop's i: read after the loop); loop 1: (i, a)
    const [first, second] = loopHeadPredicates(program, 'int');
    expect(first!.live.scalars.map((variable) => variable.sourceName)).toEqual(['n', 's', 'i', 'i']);
    expect(second!.live.scalars.map((variable) => variable.sourceName)).toEqual(['i']);
    const invariants = cLoopInvariants(
      certificateOf(program, [
        '(let ((a!1 (* 2 x!2))) (and (= x!1 a!1) (<= x!2 x!0) (= (mod x!1 2) 0)))',
        '(and (<= 0 x!0) (=> (>= x!0 1) (= (select x!1 0) 0)))',
      ]),
      everyDeclared,
    );
    expect(invariants).toEqual([
      {
        kind: 'expression',
        predicate: 'inv_loop0',
        loop: first!.loop.location,
        expression: '((long long)s == (2LL * (long long)i)) && (i <= n) && ((((long long)s % 2 + 2) % 2) == 0LL)',
      },
      {
        kind: 'expression',
        predicate: 'inv_loop1',
        loop: second!.loop.location,
        expression: '(0 <= i) && (!(i >= 1) || (a[0] == 0))',
      },
    ]);
  });

  it('leaves out a quantifier, a cell outside the array and a temporary, saying why', () => {
    const certificate = certificateOf(program, [
      '(= x!1 0)',
      '(forall ((k Int)) (=> (and (<= 0 k) (< k x!0)) (= (select x!1 k) k)))',
    ]);
    const notDeclared = cLoopInvariants(certificate, (variable) => variable.sourceName !== 's');
    expect(notDeclared[0]).toMatchObject({ kind: 'leftOut', reason: 's has no C name of its own at the loop head' });
    expect(notDeclared[1]).toMatchObject({ kind: 'leftOut', reason: 'quantified (over array cells): no C expression' });
    const outside = cLoopInvariants(certificateOf(program, ['(= x!3 0)', '(= (select x!1 4) 0)']), everyDeclared);
    // the second loop's counter at the first loop's head: `i` there is the first loop's
    expect(outside[0]).toMatchObject({ kind: 'leftOut', reason: 'i has no C name of its own at the loop head' });
    expect(outside[1]).toMatchObject({ kind: 'leftOut', reason: "it reads a's cell 4, outside its 4 cells" });
  });

  it('names a variable by its C name only where that name means it', () => {
    const shadowed = lowerSource(`
      extern int __VERIFIER_nondet_int(void);
      int main(void) {
        int x = __VERIFIER_nondet_int();
        { int x = 2; while (x < 5) x++; }
        while (x < 10) x++;
        return x;
      }`);
    const [inner, outer] = cLoopInvariants(certificateOf(shadowed, ['(<= x!0 5)', '(<= x!0 10)']), everyDeclared);
    // two variables named x that are not for-loop counters: neither is written as x
    expect(inner).toMatchObject({ kind: 'leftOut' });
    expect(outer).toMatchObject({ kind: 'leftOut' });
  });

  it('finds the function bodies of a source, past braces in comments, strings and macros', () => {
    const source = [
      '#define BLOCK { }',
      'int f(int a) { /* } */ return a; }',
      'const char *text = "{";',
      'int table[2] = { 1, 2 };',
      'int main(void)',
      '{',
      "  char c = '}';",
      '  return f(1);',
      '}',
    ].join('\n');
    expect(functionBodies(source)).toEqual([
      { name: 'f', start: { line: 2, column: 14 }, end: { line: 2, column: 34 } },
      { name: 'main', start: { line: 6, column: 1 }, end: { line: 9, column: 1 } },
    ]);
  });
});

describe('the command line', () => {
  for (const name of ['copy-safe.c', 'counter-safe.c']) {
    itWith(
      [z3, gcc],
      `verify --witness writes the loop invariants of ${name}, which gcc runs hold`,
      { timeout: 60_000 },
      () => {
        const program = join(regression, name);
        const witnessFile = join(directory, `${name}.yml`);
        const result = encode('verify', program, '--solver', 'z3', '--timeout', '20', '--witness', witnessFile);
        expect(result.stdout).toMatch(/^SAFE\n/);
        expect(result.stdout).toMatch(/^certificate: checked /m);
        expect(result.stdout).toContain(`witness: ${witnessFile}`);
        const document = parse(readFileSync(witnessFile, 'utf8')) as unknown;
        expect(Array.isArray(document) && document.length).toBe(1);
        const [entry] = document as Record<string, unknown>[];
        expect(entry).toMatchObject({
          entry_type: 'invariant_set',
          metadata: {
            format_version: '2.0',
            producer: { name: 'encode' },
            task: {
              input_files: [name],
              specification: 'G ! call(reach_error())',
              data_model: 'ILP32',
              language: 'C',
            },
          },
        });
        const content = entry!['content'] as { invariant: Record<string, unknown> }[];
        expect(content.length).toBeGreaterThan(0);
        for (const { invariant } of content) {
          expect(Object.keys(invariant).sort()).toEqual(['format', 'location', 'type', 'value']);
          expect(invariant).toMatchObject({ type: 'loop_invariant', format: 'c_expression' });
          expect(invariant['location']).toMatchObject({ file_name: name, function: 'main' });
          expect(typeof invariant['value']).toBe('string');
        }
        expect(invariantsHoldInRuns(program, content)).toEqual([]);
      },
    );
  }

  itWith([z3], 'writes no correctness witness without a checked certificate, and says so', { timeout: 60_000 }, () => {
    const witnessFile = join(directory, 'induct.yml');
    const result = encode(
      join(regression, 'copy-safe.c'),
      '--encoding',
      'induct',
      '--solver',
      'z3',
      '--witness',
      witnessFile,
    );
    expect(result.stdout).toMatch(/^SAFE\n/);
    expect(result.stderr).toContain(
      'no correctness witness written: the certificate is none (induct gives no certificate)',
    );
  });
});

/**
 * The program with each invariant checked at its for loop's head (in the loop's condition), built
 * with gcc and run on random inputs; the runs whose invariant failed, as messages (none: they hold)
 */
function invariantsHoldInRuns(program: string, content: readonly { invariant: Record<string, unknown> }[]): string[] {
  const lines = readFileSync(program, 'utf8').split('\n');
  for (const { invariant } of content) {
    const location = invariant['location'] as { line: number; column: number };
    const line = lines[location.line - 1]!;
    if (!line.startsWith('for (', location.column - 1))
      throw new Error(`no for loop at ${location.line}:${location.column}: ${line}`);
    // for (init; COND; update) becomes for (init; (check_invariant(INV, LINE), COND); update)
    const first = line.indexOf(';', location.column - 1);
    const second = line.indexOf(';', first + 1);
    const condition = line.slice(first + 1, second);
    lines[location.line - 1] =
      `${line.slice(0, first + 1)} (check_invariant(${String(invariant['value'])}, ${location.line}), ${condition})${line.slice(second)}`;
  }
  const source = join(directory, 'checked.c');
  const binary = join(directory, 'checked');
  writeFileSync(
    source,
    [
      '#include <stdio.h>',
      '#include <stdlib.h>',
      'static void check_invariant(int holds, int line) { if (!holds) { printf("invariant at line %d fails\\n", line); exit(99); } }',
      '__attribute__((constructor)) static void seed(void) { srand(atoi(getenv("SEED"))); }',
      'int __VERIFIER_nondet_int(void) { return rand() % 41 - 20; }',
      ...lines,
    ].join('\n'),
  );
  const built = spawnSync('gcc', ['-O0', '-w', '-o', binary, source], { encoding: 'utf8' });
  if (built.status !== 0) return [`gcc: ${built.stderr}`];
  const failures: string[] = [];
  for (let seed = 0; seed < 20; seed++) {
    const run = spawnSync(binary, [], { encoding: 'utf8', env: { ...process.env, SEED: String(seed) } });
    if (run.status === 99) failures.push(run.stdout.trim());
  }
  return failures;
}
