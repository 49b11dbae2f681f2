// Property test: random macro definitions and uses (object- and function-like macros referring to
// each other, `#`, `##`, variadic arguments, recursion) expand to the same tokens with the built-in
// preprocessor as with the system one.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { findSystemPreprocessor, preprocess, type PreprocessedSource } from '../../src/frontend/preprocess.js';

function tokensFromFile(source: PreprocessedSource, file: string): string {
  const tokens: string[] = [];
  source.text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/"(?:\\.|[^"\\])*"|\w+|\S/g)) {
      if (source.originalPosition(index + 1, match.index + 1).file === file) tokens.push(match[0]);
    }
  });
  return tokens.join(' ');
}

const objectNames = ['A', 'B', 'C'];
const functionNames = ['F', 'G', 'V'];
const atom = fc.constantFrom('x', 'y', '1', '2', ...objectNames, ...functionNames);
const argumentText = fc.array(atom, { maxLength: 2 }).map((argument) => argument.join(' '));
const call = fc
  .oneof(
    fc.tuple(fc.constantFrom('F', 'G'), fc.array(argumentText, { minLength: 2, maxLength: 2 })),
    fc.tuple(fc.constant('V'), fc.array(argumentText, { minLength: 2, maxLength: 4 })),
  )
  .map(([name, argumentList]) => `${name}(${argumentList.join(', ')})`);
// a stray parenthesis or comma now and then exercises unbalanced invocations
const element = fc.oneof(
  { weight: 8, arbitrary: fc.oneof(atom, call, fc.constant('+')) },
  { weight: 1, arbitrary: fc.constantFrom('(', ')', ',') },
);
const objectBody = fc
  .array(fc.oneof(atom, call, fc.constantFrom('+')), { maxLength: 4 })
  .map((parts) => parts.join(' '));
const functionBody = fc
  .array(fc.oneof(atom, fc.constantFrom('a', 'b', '#a', '#b', 'a ## b', 'b ## x', '1 ## a', '+'), call), {
    maxLength: 5,
  })
  .map((parts) => parts.join(' '));

const program = fc
  .record({
    objects: fc.array(objectBody, { minLength: 3, maxLength: 3 }),
    functions: fc.array(functionBody, { minLength: 2, maxLength: 2 }),
    variadic: fc.constantFrom('F(a, __VA_ARGS__)', 'b ## x , ## __VA_ARGS__', '#__VA_ARGS__', 'G(__VA_ARGS__) b'),
    uses: fc.array(fc.array(element, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }),
  })
  .map(({ objects, functions, variadic, uses }) =>
    [
      ...objects.map((body, index) => `#define ${objectNames[index]} ${body}`),
      `#define F(a, b) ${functions[0]}`,
      `#define G(a, b) ${functions[1]}`,
      `#define V(a, b, ...) ${variadic}`,
      ...uses.map((parts) => parts.join(' ')),
      '',
    ].join('\n'),
  );

describe('macro expansion agrees with the system preprocessor', () => {
  it('on random macro programs', () => {
    expect(findSystemPreprocessor()).toBeDefined();
    let bothExpanded = 0;
    fc.assert(
      fc.property(program, (text) => {
        const builtin = preprocess(text, 'm.c', { mode: 'builtin' });
        const system = preprocess(text, 'm.c', { mode: 'system' });
        // both must accept or both reject (e.g. wrong argument counts, invalid pastes)
        expect(builtin.kind, text).toBe(system.kind);
        if (builtin.kind === 'preprocessed' && system.kind === 'preprocessed') {
          bothExpanded++;
          expect(tokensFromFile(builtin.source, 'm.c'), text).toBe(tokensFromFile(system.source, 'm.c'));
        }
      }),
      { numRuns: 150 },
    );
    expect(bothExpanded).toBeGreaterThan(75);
  });
});
