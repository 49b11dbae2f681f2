// The registry of encodings: the one place that maps an encoding name to its implementation.
// Adding an encoding is one folder under src/encoders and one line here; the CLI (flags, help,
// validation) and every command that runs "all encodings" read this list.

import { accelEncoder } from './accel/index.js';
import { bmcEncoder } from './bmc/index.js';
import { chcEncoder } from './chc/index.js';
import type { Encoder } from '../kernel/encoder.js';
import { inductEncoder } from './induct/index.js';
import { labmcEncoder } from './labmc/index.js';
import type { AnyOptionDeclaration } from '../kernel/options.js';
import { shrinkEncoder } from './shrink/index.js';
import { viapEncoder } from './viap/index.js';
import { witnessEncoder } from './witness/index.js';

export const encoders: ReadonlyMap<string, Encoder> = new Map<string, Encoder>(
  [accelEncoder, bmcEncoder, chcEncoder, inductEncoder, labmcEncoder, shrinkEncoder, viapEncoder, witnessEncoder].map((encoder) => [encoder.name, encoder]),
);

export function encoderNames(): string[] {
  return [...encoders.keys()];
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
export function declaredOptions(registry: ReadonlyMap<string, Encoder> = encoders): DeclaredOption[] {
  const byName = new Map<string, { encoder: string; declaration: AnyOptionDeclaration }[]>();
  for (const encoder of registry.values()) {
    for (const declaration of encoder.options) {
      const readers = byName.get(declaration.name) ?? [];
      const first = readers[0]?.declaration;
      if (first !== undefined && (first.form !== declaration.form || first.valueName !== declaration.valueName)) {
        throw new Error(`option --${declaration.name} is declared differently by ${readers[0]!.encoder} and ${encoder.name}`);
      }
      readers.push({ encoder: encoder.name, declaration });
      byName.set(declaration.name, readers);
    }
  }
  return [...byName.entries()].map(([name, readers]) => ({ name, readers }));
}
