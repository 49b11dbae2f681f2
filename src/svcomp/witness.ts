// Violation witnesses in SV-COMP's YAML format 2.0 (one `violation_sequence` entry), written for an
// UNSAFE verdict and read back by `encode validate`.
//
// Writing: the counterexample is replayed once on the interpreter with a source that notes where
// each value is taken, so every nondeterministic scalar becomes a segment with one `function_return`
// waypoint at its call (`\result == V`), every havocked array (an uninitialised local array) an
// `assumption` waypoint at the havoc listing its cells (`a[0] == 3 && a[1] == 0`; all cells up to
// `maximumListedCells`, else the cells that differ from 0), and the failing assert the final
// `target` segment.
// Reading: the same waypoints back into a Counterexample (values in order) and the target's
// location. A witness is valid only when its replay fails the assertion at the target's line
// (validate.ts); anything unreadable is an error with the reason, never a guess.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { Program, SourceLocation } from '../ir/types.js';
import { defaultReplaySteps, runProgram, type NondetSource } from '../interp/interpreter.js';
import { createCounterexampleSource } from '../interp/sources.js';
import type { ArrayContent, Counterexample } from '../verdict.js';

/** the YAML library, loaded on first use (it costs start-up time that most commands do not need) */
const yaml = (): typeof Yaml => createRequire(import.meta.url)('yaml') as typeof Yaml;

/** up to this many cells an array's content is listed cell by cell (default values included) */
const maximumListedCells = 4096;

export const unreachCallSpecification = 'G ! call(reach_error())';

export interface WitnessTask {
  /** the program file as the task names it */
  readonly file: string;
  readonly dataModel: string;
  readonly producerVersion: string;
}

interface LocatedValue {
  readonly kind: 'scalar';
  readonly location: SourceLocation;
  readonly value: bigint;
}

interface LocatedArray {
  readonly kind: 'array';
  readonly location: SourceLocation;
  readonly name: string;
  readonly cells: bigint;
  readonly content: ArrayContent;
}

/** the choices of the counterexample, each with the place the program takes it */
function locateChoices(
  program: Program,
  counterexample: Counterexample,
  semantics: 'int' | 'bv',
): (LocatedValue | LocatedArray)[] {
  const inner = createCounterexampleSource(counterexample);
  const located: (LocatedValue | LocatedArray)[] = [];
  const source: NondetSource = {
    nextScalar: (type, location, origin) => {
      const value = inner.nextScalar(type, location, origin);
      if (value !== undefined) located.push({ kind: 'scalar', location, value });
      return value;
    },
    nextArray: (array, location, sizes) => {
      const content = inner.nextArray(array, location, sizes);
      if (content !== undefined)
        located.push({
          kind: 'array',
          location,
          name: array.sourceName,
          cells: sizes.reduce((product, size) => product * size, 1n),
          content,
        });
      return content;
    },
  };
  runProgram(program, { semantics, nondet: source, maxSteps: defaultReplaySteps });
  return located;
}

function arrayConstraint(choice: LocatedArray): string {
  const parts: string[] = [];
  if (choice.cells <= BigInt(maximumListedCells)) {
    for (let cell = 0n; cell < choice.cells; cell++)
      parts.push(`${choice.name}[${cell}] == ${choice.content.entries.get(cell) ?? choice.content.defaultValue}`);
  } else {
    for (const [cell, value] of [...choice.content.entries].sort(([left], [right]) => (left < right ? -1 : 1)))
      parts.push(`${choice.name}[${cell}] == ${value}`);
  }
  return parts.length === 0 ? '1' : parts.join(' && ');
}

function location(file: string, at: SourceLocation): Record<string, unknown> {
  return { file_name: file, line: at.line, column: at.column, function: 'main' };
}

export function violationWitness(
  program: Program,
  counterexample: Counterexample,
  violatedAt: SourceLocation,
  semantics: 'int' | 'bv',
  task: WitnessTask,
  now: Date = new Date(),
): string {
  const file = basename(task.file);
  const segments = locateChoices(program, counterexample, semantics).map((choice) => ({
    segment: [
      {
        waypoint:
          choice.kind === 'scalar'
            ? {
                type: 'function_return',
                action: 'follow',
                location: location(file, choice.location),
                constraint: { value: `\\result == ${choice.value}`, format: 'c_expression' },
              }
            : {
                type: 'assumption',
                action: 'follow',
                location: location(file, choice.location),
                constraint: { value: arrayConstraint(choice), format: 'c_expression' },
              },
      },
    ],
  }));
  segments.push({
    segment: [{ waypoint: { type: 'target', action: 'follow', location: location(file, violatedAt) } as never }],
  });
  const entry = { entry_type: 'violation_sequence', metadata: witnessMetadata(task, now), content: segments };
  return yaml().stringify([entry], { lineWidth: 0 });
}

/** the metadata of a format 2.0 witness of the unreach-call property: the task's file and its hash */
export function witnessMetadata(task: WitnessTask, now: Date): Record<string, unknown> {
  const file = basename(task.file);
  const hash = createHash('sha256').update(readFileSync(task.file)).digest('hex');
  return {
    format_version: '2.0',
    uuid: uuidFrom(hash, now),
    creation_time: now.toISOString(),
    producer: { name: 'encode', version: task.producerVersion },
    task: {
      input_files: [file],
      input_file_hashes: { [file]: hash },
      specification: unreachCallSpecification,
      data_model: task.dataModel,
      language: 'C',
    },
  };
}

/** the YAML library (loaded on first use) */
export function yamlLibrary(): typeof Yaml {
  return yaml();
}

/** a version-4-shaped UUID from the program's hash and the time (witnesses need one; not random on purpose) */
function uuidFrom(hash: string, now: Date): string {
  const digest = createHash('sha256').update(`${hash}${now.toISOString()}`).digest('hex');
  return `${digest.slice(0, 8)}-${digest.slice(8, 12)}-4${digest.slice(13, 16)}-8${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
}

export type ReadWitness =
  | {
      readonly kind: 'witness';
      readonly counterexample: Counterexample;
      readonly target: SourceLocation;
      readonly inputFileHash: string | undefined;
    }
  | { readonly kind: 'error'; readonly message: string };

const resultPattern = /^\\result\s*==\s*(-?\d+)$/;
const cellPattern = /^\s*[A-Za-z_]\w*\[(\d+)\]\s*==\s*(-?\d+)\s*$/;

export function readViolationWitness(text: string): ReadWitness {
  let document: unknown;
  try {
    document = yaml().parse(text);
  } catch (error) {
    return { kind: 'error', message: `not YAML: ${error instanceof Error ? error.message : String(error)}` };
  }
  const entry = Array.isArray(document) ? (document[0] as Record<string, unknown> | undefined) : undefined;
  if (entry?.entry_type !== 'violation_sequence')
    return { kind: 'error', message: 'no violation_sequence entry (witness format 2.0)' };
  const metadata = entry.metadata as Record<string, unknown> | undefined;
  if (metadata?.format_version !== '2.0')
    return { kind: 'error', message: `format_version ${String(metadata?.format_version)}, expected 2.0` };
  const hashes = ((metadata.task as Record<string, unknown> | undefined)?.input_file_hashes ?? {}) as Record<
    string,
    unknown
  >;
  const content = Array.isArray(entry.content) ? (entry.content as Record<string, unknown>[]) : [];
  const scalars: bigint[] = [];
  const arrays: ArrayContent[] = [];
  let target: SourceLocation | undefined;
  for (const [index, item] of content.entries()) {
    const follow = (Array.isArray(item?.segment) ? (item.segment as Record<string, unknown>[]) : [])
      .map((element) => element?.waypoint as Record<string, unknown> | undefined)
      .find((waypoint) => waypoint?.action === 'follow');
    if (follow === undefined) return { kind: 'error', message: `segment ${index + 1} has no follow waypoint` };
    const value = String((follow.constraint as Record<string, unknown> | undefined)?.value ?? '');
    switch (follow.type) {
      case 'function_return': {
        const match = resultPattern.exec(value.trim());
        if (match === null)
          return {
            kind: 'error',
            message: `segment ${index + 1}: the constraint '${value}' is not \\result == <integer>`,
          };
        scalars.push(BigInt(match[1]!));
        break;
      }
      case 'assumption': {
        const entries = new Map<bigint, bigint>();
        if (value.trim() !== '1') {
          for (const conjunct of value.split('&&')) {
            const match = cellPattern.exec(conjunct);
            if (match === null)
              return {
                kind: 'error',
                message: `segment ${index + 1}: '${conjunct.trim()}' is not <array>[<cell>] == <integer>`,
              };
            entries.set(BigInt(match[1]!), BigInt(match[2]!));
          }
        }
        arrays.push({ defaultValue: 0n, entries });
        break;
      }
      case 'target': {
        const at = follow.location as Record<string, unknown> | undefined;
        if (typeof at?.line !== 'number') return { kind: 'error', message: 'the target waypoint has no line' };
        target = { line: at.line, column: typeof at.column === 'number' ? at.column : 0 };
        if (index !== content.length - 1) return { kind: 'error', message: 'the target is not the last segment' };
        break;
      }
      default:
        return {
          kind: 'error',
          message: `segment ${index + 1}: waypoint type ${String(follow.type)} is not supported`,
        };
    }
  }
  if (target === undefined) return { kind: 'error', message: 'no target waypoint' };
  const hash = Object.values(hashes).find((value): value is string => typeof value === 'string');
  return { kind: 'witness', counterexample: { scalars, arrays }, target, inputFileHash: hash };
}
