// Random integer expressions over variables of every integer type (mixed signedness and widths):
// gcc (-fwrapv, LP64) computes the values, then the same expressions are lowered with assertions
// that they equal gcc's values and run on the interpreter in bv semantics; every assertion must
// hold. This checks integer promotions, the usual arithmetic conversions and constant typing.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createRandomGenerator } from '../../src/interp/sources.js';
import { interpret, lowerOrFail } from './lower-harness.js';
import { describeWith, gccRequirement } from '../support/requirements.js';

const variables: [string, string][] = [
  ['signed char', 'a'],
  ['unsigned char', 'b'],
  ['short', 'c'],
  ['unsigned short', 'd'],
  ['int', 'e'],
  ['unsigned int', 'f'],
  ['long', 'g'],
  ['unsigned long', 'h'],
  ['long long', 'k'],
  ['unsigned long long', 'm'],
  ['_Bool', 'z'],
  ['char', 'y'],
];
const constants = [
  '0',
  '1',
  '7',
  '255',
  '-3',
  '100000',
  '0x7fffffff',
  '0xffffffff',
  '4294967296',
  '1u',
  '3UL',
  '-1LL',
  "'a'",
  '2147483648',
];
const binary = ['+', '-', '*', '&', '|', '^', '<', '>', '<=', '>=', '==', '!=', '&&', '||'];
const casts = ['int', 'unsigned', 'short', 'unsigned char', 'signed char', 'long', 'unsigned long long', '_Bool'];

function generate(random: () => number, depth: number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  if (depth === 0 || random() < 0.2) return random() < 0.7 ? pick(variables)[1] : pick(constants);
  const choice = random();
  if (choice < 0.5) return `(${generate(random, depth - 1)} ${pick(binary)} ${generate(random, depth - 1)})`;
  if (choice < 0.6) return `(${generate(random, depth - 1)} ${pick(['<<', '>>'])} ${Math.floor(random() * 8)})`;
  if (choice < 0.68) return `(${generate(random, depth - 1)} ${pick(['/', '%'])} ${1 + Math.floor(random() * 7)}u)`;
  if (choice < 0.8) return `(${pick(['-', '~', '!'])} ${generate(random, depth - 1)})`;
  if (choice < 0.9) return `((${pick(casts)}) ${generate(random, depth - 1)})`;
  return `(${generate(random, depth - 1)} ? ${generate(random, depth - 1)} : ${generate(random, depth - 1)})`;
}

function program(expressions: readonly string[], checks: readonly string[] | undefined): string {
  const declarations = variables
    .map(([type, name]) => `  ${type} ${name} = (${type}) __VERIFIER_nondet_int();`)
    .join('\n');
  const body = expressions
    .map((expression, index) => {
      const statement = `  unsigned long long r${index} = (unsigned long long) (${expression});`;
      return checks === undefined
        ? `${statement}\n  printf("%llu\\n", r${index});`
        : `${statement}\n  if (r${index} != ${checks[index]}ULL) reach_error();`;
    })
    .join('\n');
  return `extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint printf(const char *, ...);\nint main() {\n${declarations}\n${body}\n  return 0;\n}\n`;
}

describeWith([gccRequirement()], 'integer conversions agree with gcc', () => {
  it('on random expressions over all integer types', () => {
    const random = createRandomGenerator(20261122);
    const directory = mkdtempSync(join(tmpdir(), 'conversions-'));
    let checked = 0;
    for (let round = 0; round < 12; round++) {
      const expressions = Array.from({ length: 12 }, () => generate(random, 4));
      const values = variables.map(() => BigInt(Math.floor(random() * 600) - 300) * (random() < 0.3 ? 9_000_000n : 1n));
      const source = program(expressions, undefined);
      writeFileSync(
        join(directory, 'p.c'),
        `${source}\nint __VERIFIER_nondet_int(void) { static int i; static long long v[] = {${values.join(',')}}; return (int) v[i++]; }\nvoid reach_error(void) {}\n`,
      );
      execFileSync('gcc', ['-w', '-fwrapv', join(directory, 'p.c'), '-o', join(directory, 'p')], { stdio: 'pipe' });
      const printed = execFileSync(join(directory, 'p'), { encoding: 'utf8' }).trim().split('\n');
      const checkedProgram = lowerOrFail(program(expressions, printed));
      const inputs = values.map((value) => BigInt.asIntN(32, value));
      expect({ expressions, outcome: interpret(checkedProgram, inputs) }).toEqual({
        expressions,
        outcome: 'completed',
      });
      checked += expressions.length;
    }
    expect(checked).toBe(144);
  });
});
