// The one table of path-ending calls (src/ir/lower/intrinsics.ts): error functions are the property
// violation, the others end the run silently, both as direct calls and as the target of a goto to an
// error label (which lowering supports only when the label's statement ends the path).

import { describe, expect, it } from 'vitest';
import { endsPath } from '../../src/ir/lower/intrinsics.js';
import { interpret, lowerOrFail } from './lower-harness.js';

const errorFunctions = [
  'reach_error',
  '__VERIFIER_error',
  '__assert_fail',
  '__assert_perror_fail',
  '__assert',
  '__assert_rtn',
];
const endingFunctions = [
  'abort',
  'exit',
  '_exit',
  '_Exit',
  '__builtin_abort',
  '__builtin_trap',
  '__builtin_unreachable',
];

const prelude = `extern int __VERIFIER_nondet_int(void);
${[...errorFunctions, ...endingFunctions].map((name) => `extern void ${name}();`).join('\n')}
`;

describe('path-ending calls', () => {
  it('one table: every error function and every ending function ends a path', () => {
    for (const name of [...errorFunctions, ...endingFunctions]) expect(endsPath(name)).toBe(true);
    expect(endsPath('printf')).toBe(false);
  });

  it.each(errorFunctions)('%s is the violation, directly and as a goto target', (name) => {
    const direct = lowerOrFail(`${prelude} int main() { if (__VERIFIER_nondet_int()) ${name}(); return 0; }`);
    expect(interpret(direct, [1n])).toBe('error');
    expect(interpret(direct, [0n])).toBe('completed');
    const viaGoto = lowerOrFail(
      `${prelude} int main() { if (__VERIFIER_nondet_int()) goto ERROR; return 0; ERROR: ${name}(); return 1; }`,
    );
    expect(interpret(viaGoto, [1n])).toBe('error');
    expect(interpret(viaGoto, [0n])).toBe('completed');
  });

  it.each(endingFunctions)('%s ends the run silently, directly and as a goto target', (name) => {
    const argument = name.includes('exit') || name === '_Exit' ? '0' : '';
    const direct = lowerOrFail(
      `${prelude} int main() { if (__VERIFIER_nondet_int()) ${name}(${argument}); reach_error(); return 0; }`,
    );
    expect(interpret(direct, [1n])).toBe('ended');
    expect(interpret(direct, [0n])).toBe('error');
    const viaGoto = lowerOrFail(
      `${prelude} int main() { if (__VERIFIER_nondet_int()) goto END; reach_error(); return 0; END: ${name}(${argument}); return 1; }`,
    );
    expect(interpret(viaGoto, [1n])).toBe('ended');
  });
});
