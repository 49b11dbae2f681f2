// The bench/counters family (two-counter programs for labmc, paper 004) at a chosen loop bound: each
// file defines `#define BOUND 1000000000` on a line of its own; `instantiate` replaces that line by
// another constant bound or by a nondeterministic one. Used by bench/counters.ts and the tests.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** bench/counters, from the sources (tests) or from dist/bench (the script) */
export const countersFolder = existsSync(resolve(import.meta.dirname, 'counters'))
  ? resolve(import.meta.dirname, 'counters')
  : resolve(import.meta.dirname, '..', '..', 'bench', 'counters');

export type Bound = bigint | 'nondet';

export interface CounterProgram {
  readonly name: string;
  readonly text: string;
  readonly expected: 'safe' | 'unsafe';
}

const boundLine = /^#define BOUND .*$/m;

export function counterPrograms(folder: string = countersFolder): CounterProgram[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.c'))
    .sort()
    .map((name) => {
      const text = readFileSync(join(folder, name), 'utf8');
      const expected = /^\/\/ expected: (safe|unsafe)/.exec(text)?.[1];
      if (expected !== 'safe' && expected !== 'unsafe') throw new Error(`${name} has no '// expected:' first line`);
      if (!boundLine.test(text)) throw new Error(`${name} has no '#define BOUND' line`);
      return { name, text, expected };
    });
}

/** the program's text with its bound replaced */
export function instantiate(program: CounterProgram, bound: Bound): string {
  const value = bound === 'nondet' ? '__VERIFIER_nondet_int()' : String(bound);
  return program.text.replace(boundLine, `#define BOUND ${value}`);
}

export function boundName(bound: Bound): string {
  return bound === 'nondet' ? 'nondet' : bound >= 1000n ? `10^${String(bound).length - 1}` : String(bound);
}
