// The light catalogue of encodings (src/encoders/catalogue.ts, read by --help and argv parsing
// without loading any encoding) against the registry of the encodings themselves: the same
// encodings in the same order, each with the very declaration (name, help, approximation, options)
// its encoder carries.

import { describe, expect, it } from 'vitest';
import { encoderCatalogue } from '../../src/encoders/catalogue.js';
import { encoders } from '../../src/encoders/index.js';

describe('the catalogue of encodings', () => {
  it("names the registered encodings in the registry's order", () => {
    expect([...encoderCatalogue.keys()]).toEqual([...encoders.keys()]);
  });

  it("carries each encoder's own declaration: help line, approximation and option objects", () => {
    for (const [name, encoder] of encoders) {
      const declaration = encoderCatalogue.get(name)!;
      expect(declaration.summary, name).toBe(encoder.summary);
      expect(declaration.approximation, name).toBe(encoder.approximation);
      expect(declaration.emitUsesSolver, name).toBe(encoder.emitUsesSolver);
      expect(declaration.options.length, name).toBe(encoder.options.length);
      declaration.options.forEach((option, index) =>
        expect(option, `${name} --${option.name}`).toBe(encoder.options[index]),
      );
    }
  });
});
