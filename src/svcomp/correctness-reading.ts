// Reading a correctness witness (SV-COMP's witness format 2.0: `invariant_set` entries) for
// `encode validate`: its loop invariants, each a C expression at a loop's location (line and column of
// the loop's keyword), and the hash of the program it is for. What the validation cannot use is said,
// not skipped: a `location_invariant` entry, an invariant in another format, a malformed entry.
//
// Soundness: nothing here decides anything; the invariants are claims that the validation checks
// (portfolio/invariant-certifier.ts, then the independent checker).

import type { SourceLocation } from '../ir/types.js';
import { yamlLibrary } from './witness.js';

/** one `loop_invariant` entry */
export interface WitnessInvariant {
  /** the loop's keyword */
  readonly location: SourceLocation;
  /** the function the witness names (not needed to find the loop; for messages) */
  readonly functionName: string | undefined;
  /** the C expression */
  readonly value: string;
}

export type ReadCorrectnessWitness =
  | {
      readonly kind: 'witness';
      readonly invariants: readonly WitnessInvariant[];
      /** the SHA-256 of the program, as the metadata gives it (undefined: it gives none) */
      readonly inputFileHash: string | undefined;
    }
  | { readonly kind: 'error'; readonly message: string };

/** the loop invariants of a format 2.0 correctness witness, or why it is not one this reads */
export function readCorrectnessWitness(text: string): ReadCorrectnessWitness {
  let document: unknown;
  try {
    document = yamlLibrary().parse(text);
  } catch (error) {
    return { kind: 'error', message: `not YAML: ${error instanceof Error ? error.message : String(error)}` };
  }
  const entries = Array.isArray(document) ? (document as unknown[]).filter(isRecord) : [];
  const sets = entries.filter((entry) => entry.entry_type === 'invariant_set');
  if (sets.length === 0 || sets.length !== entries.length)
    return { kind: 'error', message: 'not a list of invariant_set entries (witness format 2.0)' };
  const invariants: WitnessInvariant[] = [];
  let inputFileHash: string | undefined;
  for (const entry of sets) {
    const metadata = isRecord(entry.metadata) ? entry.metadata : undefined;
    if (metadata?.format_version !== '2.0')
      return { kind: 'error', message: `format_version ${String(metadata?.format_version)}, expected 2.0` };
    const task = isRecord(metadata.task) ? metadata.task : {};
    const hashes = isRecord(task.input_file_hashes) ? task.input_file_hashes : {};
    inputFileHash ??= Object.values(hashes).find((value): value is string => typeof value === 'string');
    const content = Array.isArray(entry.content) ? (entry.content as unknown[]) : [];
    for (const [index, item] of content.entries()) {
      const read = readInvariantEntry(item, index + 1);
      if (read.kind === 'error') return read;
      invariants.push(read.invariant);
    }
  }
  return { kind: 'witness', invariants, inputFileHash };
}

function readInvariantEntry(
  item: unknown,
  position: number,
):
  | { readonly kind: 'invariant'; readonly invariant: WitnessInvariant }
  | { readonly kind: 'error'; readonly message: string } {
  const invariant = isRecord(item) && isRecord(item.invariant) ? item.invariant : undefined;
  if (invariant === undefined) return { kind: 'error', message: `content item ${position} is not an invariant` };
  if (invariant.type !== 'loop_invariant')
    return {
      kind: 'error',
      message: `content item ${position}: a ${String(invariant.type)} (only loop_invariant entries are validated)`,
    };
  if (invariant.format !== 'c_expression')
    return { kind: 'error', message: `content item ${position}: format ${String(invariant.format)}, not c_expression` };
  const location = isRecord(invariant.location) ? invariant.location : undefined;
  if (typeof location?.line !== 'number' || typeof invariant.value !== 'string')
    return { kind: 'error', message: `content item ${position}: no location line or no value` };
  return {
    kind: 'invariant',
    invariant: {
      location: { line: location.line, column: typeof location.column === 'number' ? location.column : 0 },
      functionName: typeof location.function === 'string' ? location.function : undefined,
      value: invariant.value,
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
