// Emit = solve (issue 40): every file `encode prog.c --emit smt2 --encoding E` writes is a query that
// `--solve` asks, as the same text (comments aside), and in the order asked. For every registered
// encoding, on a few programs, a recording solver keeps the text of each query the solve asks
// (checkScript and checkChc, `question: true` calls marked) and of each query the emit asks itself,
// and the emitted files are printed; then:
// - every query the solve asks is an emitted file, or a question the emit asked too while building
//   its files (viap's "is this condition implied?", accel's path and monotonicity checks, induct's
//   runs that fit relations and guess strengthening facts, the permuted-reduction pass's laws), or a
//   query of the kernel's counterexample search (bmc of the program the encoder got at unwind
//   1, 2, 4, …), which no encoding writes;
// - the solved queries that are files follow the emitted order, as strongly as the encoding allows:
//   `equal` (induct: emit runs the same proof with the solver, so it writes exactly what solve
//   asks), `prefix` (bmc, chc, labmc, witness: the solve asks the first k files, in order, and stops
//   at the first decisive answer), `subsequence` (shrink: the checks for k = 1 … K, then the residual
//   of the least K only, then dense residuals; accel: per phase the unwindings 1, 2, 4, …, a phase
//   left at its first sat or unknown), `subset` (viap: the proof queries are asked in rounds of
//   growing time limits, the attempts in the order of their progress, the program as it is twice);
// - each encoding compares at least a minimum number of files, so one that emits nothing fails.
// `runs` is skipped: it runs the program on the interpreter, asks no solver and writes no file.
//
// Exception by design, not exercised here (C semantics computes in int): shrink in `bv` writes its
// queries with the first counter that may bound the loop; the solve uses the first counter whose
// no-wrap query is unsat, so when that is another counter its queries differ (the files' headers
// say so). Induct's lockstep files rely on the model of the fitting run and the strengthened
// premises on the models of the guessing runs: emit asks those runs itself, with the same solver, so
// the files are the same text as long as the solver gives the same models (z3 does).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encoders } from '../../src/encoders/index.js';
import type { Encoder } from '../../src/kernel/encoder.js';
import { Budget } from '../../src/kernel/budget.js';
import { applyTransforms } from '../../src/kernel/transforms.js';
import { runFrontEnd } from '../../src/pipeline.js';
import type { Program } from '../../src/ir/types.js';
import { printChcSystem, printSmtScript } from '../../src/smt/printer.js';
import type { ChcSystem, SmtScript } from '../../src/smt/terms.js';
import type { CheckOptions, Solver } from '../../src/solvers/solver.js';
import { unrolledScript, unrollProgram } from '../../src/symbolic/unroll.js';
import { emitWith, encodingOptionsFor, solveWith, type TestOptions } from '../support/encoding.js';
import { projectRoot } from '../support/cli.js';
import { testSolver } from '../support/solver.js';

const solver = testSolver();
afterAll(async () => solver.dispose());

interface Asked {
  readonly text: string;
  readonly question: boolean;
}

function withoutComments(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.startsWith(';'))
    .join('\n');
}

function textOf(content: SmtScript | ChcSystem): string {
  return withoutComments(content.kind === 'chcSystem' ? printChcSystem(content) : printSmtScript(content));
}

/** the solver, recording the text of every query (without its comments) */
function recording(inner: Solver): Solver & { readonly asked: Asked[] } {
  const asked: Asked[] = [];
  const record = (content: SmtScript | ChcSystem, options: CheckOptions): void => {
    asked.push({ text: textOf(content), question: options.question === true });
  };
  return {
    name: inner.name,
    asked,
    checkScript: async (script, options) => {
      record(script, options);
      return inner.checkScript(script, options);
    },
    checkChc: async (system, options) => {
      record(system, options);
      return inner.checkChc(system, options);
    },
    dispose: async () => undefined,
  };
}

const programs = new Map<string, Program>();
function program(path: string): Program {
  const known = programs.get(path);
  if (known !== undefined) return known;
  const front = runFrontEnd(isAbsolute(path) ? path : join(projectRoot, path), {
    dataModel: 'ILP32',
    preprocessor: 'builtin',
  });
  if (front.kind !== 'program') throw new Error(`${path}: ${front.kind}`);
  programs.set(path, front.program);
  return front.program;
}

/** a program of the test's own, written into a temporary folder: its path */
const ownFolder = mkdtempSync(join(tmpdir(), 'emit-equals-solve-'));
const prelude = [
  'extern void abort(void);',
  'void reach_error(void) {}',
  'extern int __VERIFIER_nondet_int(void);',
  'void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }',
  'void assume_abort_if_not(int cond) { if (!cond) abort(); }',
].join('\n');
function own(name: string, body: string): string {
  const path = join(ownFolder, `${name}.c`);
  writeFileSync(path, `${prelude}\n${body}\n`);
  return path;
}

type Relation = 'equal' | 'prefix' | 'subsequence' | 'subset';

interface EncodingCase {
  readonly relation: Relation;
  readonly paths: readonly string[];
  readonly options: TestOptions;
  /** the fewest solved queries that are files, over the programs */
  readonly minimum: number;
  /** files of these kinds (suffixes) are among the solved ones on some program: the later queries of the sequence */
  readonly reaches: readonly RegExp[];
}

const regression = 'test/regression';
const c = (timeoutMilliseconds: number, extra: Partial<TestOptions> = {}): TestOptions => ({
  semantics: 'c',
  timeoutMilliseconds,
  ...extra,
});

const cases: Readonly<Record<string, EncodingCase>> = {
  bmc: {
    relation: 'prefix',
    paths: [
      `${regression}/counter-safe.c`,
      `${regression}/loop-exits/nested-dowhile-unsafe.c`,
      `${regression}/labmc/paper-fig1a-safe.c`,
    ],
    options: c(8_000, { unwind: 3, unwindingAssertions: true }),
    minimum: 4,
    reaches: [/^\.bmc\.smt2$/, /^\.bmc-unwinding\.smt2$/],
  },
  chc: {
    relation: 'prefix',
    paths: [
      `${regression}/loop-exits/dowhile-count-safe.c`,
      'bench/commuting-reductions/count-positive-safe.c',
      `${regression}/nondet-unsafe.c`,
    ],
    options: c(8_000),
    minimum: 3,
    reaches: [/^\.chc\.smt2$/],
  },
  witness: {
    relation: 'prefix',
    paths: [`${regression}/copy-safe.c`, 'bench/loop-forms/do-preinc-copy-safe.c', `${regression}/init-unsafe.c`],
    options: c(8_000),
    minimum: 5,
    reaches: [/^\.witness-removed\.smt2$/, /^\.witness-generalised\.smt2$/, /^\.witness\.smt2$/],
  },
  labmc: {
    relation: 'prefix',
    paths: [
      `${regression}/labmc/paper-fig1a-safe.c`,
      `${regression}/labmc/paper-fig1a-unsafe.c`,
      `${regression}/counter-safe.c`,
    ],
    options: c(8_000),
    minimum: 3,
    reaches: [/^\.labmc\.smt2$/],
  },
  shrink: {
    relation: 'subsequence',
    paths: [
      `${regression}/shrink/min2.c`,
      `${regression}/shrink/copy-forall-bug.c`,
      `${regression}/shrink/buggy-min.c`,
    ],
    options: c(8_000, { encodings: { shrink: { 'max-k': 3 } } }),
    minimum: 6,
    reaches: [/^\.shrink-k\d\.smt2$/, /^\.residual-k\d\.smt2$/, /^\.residual-dense-\d\.smt2$/],
  },
  accel: {
    relation: 'subsequence',
    paths: [
      `${regression}/accel-overflow-unsafe.c`,
      `${regression}/counter-safe.c`,
      // s has no closed form (⊥): the summary is inexact, and a phase with the exact summaries only follows
      own(
        'doubling-unsafe',
        'int main(void) { int a[1000]; int i = 0; int s = 1;\n  while (i < 40) { s = s * 2; a[i] = 0; i++; }\n  __VERIFIER_assert(i < 39); return 0; }',
      ),
    ],
    options: c(8_000),
    minimum: 5,
    reaches: [/^\.accel-u1\.smt2$/, /^\.accel-u3\.smt2$/],
  },
  viap: {
    relation: 'subset',
    paths: [
      `${regression}/counter-safe.c`,
      `${regression}/loop-exits/nested-dowhile-continue-safe.c`,
      'bench/nondet-writes/nondet-values-safe.c',
      // a prefix sum of nondet steps: proven by induction once the constant N is generalised
      own(
        'prefix-sum-constant-safe',
        '#define N 10000\nint p[N];\nint main(void) { p[0] = 0;\n  for (int i = 1; i < N; i++) { int x = __VERIFIER_nondet_int(); assume_abort_if_not(0 <= x && x <= 1); p[i] = p[i - 1] + x; }\n  __VERIFIER_assert(p[N - 1] <= N); return 0; }',
      ),
    ],
    options: c(10_000),
    minimum: 6,
    reaches: [/^\.viap-direct-\d\.smt2$/, /^\.viap-induction-/, /^\.viap-generalised-induction-/],
  },
  induct: {
    relation: 'equal',
    paths: [
      'bench/symbolic/count-below-size-safe.c',
      'bench/symbolic/recurrence-chain-two-safe.c',
      `${regression}/copy-safe.c`,
    ],
    options: c(10_000, { encodings: { induct: { strengthen: 1 } } }),
    minimum: 20,
    reaches: [/^\.induct-base-1\.smt2$/, /^\.induct-commute-1\.smt2$/, /^\.induct-lockstep-/, /^\.induct-size-/],
  },
};

/** whether `part` is `whole` with some elements left out, in order */
function isSubsequence(part: readonly string[], whole: readonly string[]): boolean {
  let position = 0;
  for (const element of part) {
    while (position < whole.length && whole[position] !== element) position++;
    if (position === whole.length) return false;
    position++;
  }
  return true;
}

/** consecutive repeats dropped (shrink asks its residual again for a model) */
function collapsed(texts: readonly string[]): string[] {
  return texts.filter((text, index) => index === 0 || texts[index - 1] !== text);
}

/**
 * The bmc property queries of the kernel's counterexample search on the program the encoder got:
 * unwind 1, 2, 4, … while the formula stays within the search's limit (kernel/search.ts)
 */
async function searchQueries(
  encoder: Encoder,
  input: Program,
  options: TestOptions,
): Promise<(text: string) => boolean> {
  const transformed = await applyTransforms(input, {
    options: encodingOptionsFor(encoder, options),
    encoder,
    solver,
    budget: Budget.start(options.timeoutMilliseconds),
  });
  if (transformed.kind !== 'ready') throw new Error(`${input.file}: refused by the passes`);
  const texts = new Set<string>();
  let next = 1;
  // built as far as needed only: the deep unwindings are large
  return (text) => {
    while (!texts.has(text) && next <= 1024) {
      const encoding = unrollProgram(transformed.program, next, transformed.semantics);
      texts.add(textOf(unrolledScript(encoding, encoding.property, [])));
      next = encoding.executor.constants.length > 400_000 / 8 ? Infinity : next * 2;
    }
    return texts.has(text);
  };
}

function assertOrder(relation: Relation, solved: readonly string[], emitted: readonly string[], where: string): void {
  switch (relation) {
    case 'equal':
      expect(solved, `${where}: the solved queries are the emitted files`).toEqual(emitted);
      return;
    case 'prefix':
      expect(solved, `${where}: the solved queries are the first emitted files, in order`).toEqual(
        emitted.slice(0, solved.length),
      );
      return;
    case 'subsequence':
      expect(isSubsequence(collapsed(solved), emitted), `${where}: the solved queries follow the emitted order`).toBe(
        true,
      );
      return;
    case 'subset':
      // every solved proof query is an emitted file (checked by membership); the first asked is the first written
      if (solved.length > 0)
        expect(solved[0], `${where}: the first solved query is the first emitted file`).toBe(emitted[0]);
      return;
    default: {
      const never: never = relation;
      throw new Error(`unknown relation ${String(never)}`);
    }
  }
}

/**
 * One program: the emitted files, the queries the emit asked itself, the queries the solve asked;
 * asserts that each solved query is a file, an emit question or a search query, and the order.
 * Returns the suffixes of the files the solve asked and how many distinct files it asked.
 */
async function compare(name: string, encodingCase: EncodingCase, path: string): Promise<readonly string[]> {
  const encoder = encoders.get(name)!;
  const input = program(path);
  const emitSolver = recording(solver);
  const emitted = await emitWith(encoder, input, encodingCase.options, emitSolver);
  expect(emitted.kind, `${name} emits ${path}`).toBe('emitted');
  if (emitted.kind !== 'emitted') return [];
  const files = emitted.artefacts.map((artefact) => textOf(artefact.content));
  expect(files.length, `${name} writes files for ${path}`).toBeGreaterThan(0);
  const suffixOf = new Map(files.map((text, index) => [text, emitted.artefacts[index]!.suffix]));
  const questions = new Set(emitSolver.asked.map((asked) => asked.text));
  const recorder = recording(solver);
  await solveWith(encoder, input, encodingCase.options, recorder);
  const isSearch = await searchQueries(encoder, input, encodingCase.options);
  const asked: string[] = [];
  for (const [index, query] of recorder.asked.entries()) {
    if (suffixOf.has(query.text)) {
      asked.push(query.text);
      continue;
    }
    expect(
      questions.has(query.text) || isSearch(query.text),
      `${name} on ${path}: solved query ${index + 1}${query.question ? ' (a question)' : ''} is neither an emitted file, nor a question the emit asked, nor a counterexample search query:\n${query.text.slice(0, 600)}`,
    ).toBe(true);
  }
  assertOrder(encodingCase.relation, asked, files, `${name} on ${path}`);
  return [...new Set(asked)].map((text) => suffixOf.get(text)!);
}

describe('emit = solve: every emitted file is a query the solve asks', () => {
  it('covers every registered encoding that asks a solver', () => {
    // runs asks no solver: it runs the program on the interpreter and writes no file
    expect([...encoders.keys()].filter((name) => name !== 'runs').sort()).toEqual(Object.keys(cases).sort());
  });

  for (const [name, encodingCase] of Object.entries(cases)) {
    it(
      `${name}: the solved queries are the emitted files (${encodingCase.relation})`,
      { timeout: 60_000 },
      async () => {
        const reached: string[] = [];
        for (const path of encodingCase.paths) reached.push(...(await compare(name, encodingCase, path)));
        expect(reached.length, `${name}: solved queries compared with emitted files`).toBeGreaterThanOrEqual(
          encodingCase.minimum,
        );
        for (const kind of encodingCase.reaches)
          expect(
            reached.some((suffix) => kind.test(suffix)),
            `${name}: some solved query is a file ${String(kind)} (solved: ${reached.join(' ')})`,
          ).toBe(true);
      },
    );
  }
});
