// Maps every source location of an AST from positions in the preprocessed text (what the parser
// saw) back to positions in the original file, so that everything downstream (IR, encodings,
// counterexamples, diagnostics) speaks of the lines the user wrote.
// Returns new objects; the input is not modified. Only properties named `location` whose value has
// numeric `line` and `column` are rewritten.

import type { SourceLocation } from './ast.js';

export function remapLocations<T>(node: T, map: (location: SourceLocation) => SourceLocation): T {
  return remap(node, map) as T;
}

function isLocation(value: unknown): value is SourceLocation {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { line?: unknown }).line === 'number' &&
    typeof (value as { column?: unknown }).column === 'number'
  );
}

function remap(value: unknown, map: (location: SourceLocation) => SourceLocation): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let index = 0; index < value.length; index++) copy[index] = remap(value[index], map);
    return copy;
  }
  const result: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record); // the same keys, in the same order, as Object.entries
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const item = record[key];
    result[key] = key === 'location' && isLocation(item) ? map(item) : remap(item, map);
  }
  return result;
}
