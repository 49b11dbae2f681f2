// The encodings as the command line sees them without loading them: names, help lines and the
// options each reads, from the light src/encoders/<name>/declaration.ts files. `encode --help` and
// the parsing of argv read this list; the encodings themselves (./index.ts, which loads all of
// their code) are imported only by a command that runs one. ./index.ts holds the same list in the
// same order (test/encoders/catalogue.test.ts checks it).

import { accelDeclaration } from './accel/declaration.js';
import { bmcDeclaration } from './bmc/declaration.js';
import { chcDeclaration } from './chc/declaration.js';
import { inductDeclaration } from './induct/declaration.js';
import { labmcDeclaration } from './labmc/declaration.js';
import { runsDeclaration } from './runs/declaration.js';
import { shrinkDeclaration } from './shrink/declaration.js';
import { viapDeclaration } from './viap/declaration.js';
import { witnessDeclaration } from './witness/declaration.js';
import type { EncoderDeclaration } from '../kernel/encoder.js';
import type { AnyOptionDeclaration } from '../kernel/options.js';

export const encoderCatalogue: ReadonlyMap<string, EncoderDeclaration> = new Map<string, EncoderDeclaration>(
  [
    accelDeclaration,
    bmcDeclaration,
    chcDeclaration,
    inductDeclaration,
    labmcDeclaration,
    runsDeclaration,
    shrinkDeclaration,
    viapDeclaration,
    witnessDeclaration,
  ].map((declaration) => [declaration.name, declaration]),
);

export function encoderNames(): string[] {
  return [...encoderCatalogue.keys()];
}

/** One command-line option and every encoder that reads it (with its own default). */
export interface DeclaredOption {
  readonly name: string;
  readonly readers: readonly { readonly encoder: string; readonly declaration: AnyOptionDeclaration }[];
}

/**
 * The options of all registered encoders, grouped by name. Declarations that share a name must
 * agree on the form (flag or value) and the placeholder; a mismatch is a programming error.
 */
export function declaredOptions(
  registry: ReadonlyMap<string, EncoderDeclaration> = encoderCatalogue,
): DeclaredOption[] {
  const byName = new Map<string, { encoder: string; declaration: AnyOptionDeclaration }[]>();
  for (const encoder of registry.values()) {
    for (const declaration of encoder.options) {
      const readers = byName.get(declaration.name) ?? [];
      const first = readers[0]?.declaration;
      if (first !== undefined && (first.form !== declaration.form || first.valueName !== declaration.valueName)) {
        throw new Error(
          `option --${declaration.name} is declared differently by ${readers[0]!.encoder} and ${encoder.name}`,
        );
      }
      readers.push({ encoder: encoder.name, declaration });
      byName.set(declaration.name, readers);
    }
  }
  return [...byName.entries()].map(([name, readers]) => ({ name, readers }));
}
