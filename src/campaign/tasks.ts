// The tasks of a benchmark campaign (`encode bench`), read from one of three sources:
//   - a manifest.json (the format of ../shared/bench/sv-arrays: [{file, verdict, data_model?}],
//     files relative to the manifest's folder, verdict true = safe),
//   - a folder of SV-COMP task definitions (*.yml, format 2.0: input_files, the property
//     unreach-call.prp with its expected_verdict, options.data_model), searched recursively,
//   - a folder of C programs (*.c, *.i) whose first line may say `// expected: safe|unsafe`.
// A task without an expected answer is still run; it is counted as neither correct nor wrong.
// A task that names no data model (a manifest entry without data_model, a task definition without
// options.data_model, a bare C program) gets SV-COMP's default, ILP32 (`defaultDataModel`). This is
// the one reader of such manifests: the tests read the corpus's manifest.json through `readManifest`.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { DataModel, PropertyKind } from '../ir/types.js';
import { propertyDefinitions } from '../svcomp/properties.js';

/** the YAML library, loaded on first use (it costs start-up time that most commands do not need) */
const yaml = (): typeof Yaml => createRequire(import.meta.url)('yaml') as typeof Yaml;

export type Expected = 'safe' | 'unsafe' | undefined;

export interface CampaignTask {
  /** the name in tables and result files: the path relative to the source */
  readonly id: string;
  /** the program's path */
  readonly file: string;
  readonly expected: Expected;
  readonly dataModel: DataModel;
  /** the property the expected answer is about (default unreach-call: manifests and folders of programs) */
  readonly property?: PropertyKind;
}

/** the data model of a task that names none: SV-COMP's default */
export const defaultDataModel: DataModel = 'ILP32';

/** a task's data_model as written (manifest entry, task definition): LP64 when it says so, else the default */
export function dataModelOf(value: unknown): DataModel {
  return value === 'LP64' ? 'LP64' : defaultDataModel;
}

export type TaskSource =
  | { readonly kind: 'tasks'; readonly tasks: readonly CampaignTask[] }
  | { readonly kind: 'error'; readonly message: string };

export function loadTasks(source: string): TaskSource {
  if (!existsSync(source)) return { kind: 'error', message: `${source}: no such file or folder` };
  if (statSync(source).isDirectory()) {
    const files = (readdirSync(source, { recursive: true, encoding: 'utf8' }) as string[]).sort();
    const definitions = files.filter((name) => name.endsWith('.yml') || name.endsWith('.yaml'));
    if (definitions.length > 0) {
      const tasks: CampaignTask[] = [];
      for (const name of definitions) {
        const task = readTaskDefinition(join(source, name), name, 'unreach-call');
        if (task.kind === 'error') return task;
        if (task.task !== undefined) tasks.push(task.task);
      }
      return { kind: 'tasks', tasks };
    }
    const programs = files.filter((name) => name.endsWith('.c') || name.endsWith('.i'));
    return {
      kind: 'tasks',
      tasks: programs.map((name) => ({
        id: name,
        file: join(source, name),
        expected: expectedInProgram(join(source, name)),
        dataModel: defaultDataModel,
      })),
    };
  }
  if (source.endsWith('.json')) return readManifest(source);
  if (source.endsWith('.yml') || source.endsWith('.yaml')) {
    const task = readTaskDefinition(source, basename(source));
    if (task.kind === 'error') return task;
    return { kind: 'tasks', tasks: task.task === undefined ? [] : [task.task] };
  }
  return { kind: 'error', message: `${source}: give a manifest .json, a task .yml or a folder of .yml or .c files` };
}

function expectedInProgram(path: string): Expected {
  const match = /^\/\/ expected: (safe|unsafe)\b/.exec(readFileSync(path, 'utf8'));
  return match === null ? undefined : (match[1] as 'safe' | 'unsafe');
}

/** the tasks of a manifest .json ([{file, verdict, data_model?}], files relative to its folder) */
export function readManifest(path: string): TaskSource {
  let entries: unknown;
  try {
    entries = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return { kind: 'error', message: `${path}: not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!Array.isArray(entries)) return { kind: 'error', message: `${path}: expected a JSON array of {file, verdict}` };
  const tasks: CampaignTask[] = [];
  for (const entry of entries as Record<string, unknown>[]) {
    if (typeof entry?.file !== 'string') return { kind: 'error', message: `${path}: an entry without a "file"` };
    tasks.push({
      id: entry.file,
      file: join(dirname(path), entry.file),
      expected: entry.verdict === true ? 'safe' : entry.verdict === false ? 'unsafe' : undefined,
      dataModel: dataModelOf(entry.data_model),
    });
  }
  return { kind: 'tasks', tasks };
}

/**
 * the task an SV-COMP task definition describes for one property (undefined: it does not have that
 * property); without `wanted`, unreach-call if it has it, else no-overflow
 */
export type TaskDefinition =
  | { readonly kind: 'task'; readonly task: CampaignTask | undefined }
  | { readonly kind: 'error'; readonly message: string };

export function readTaskDefinition(path: string, id: string, wanted?: PropertyKind): TaskDefinition {
  let definition: Record<string, unknown>;
  try {
    definition = yaml().parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    return {
      kind: 'error',
      message: `${path}: not a task definition (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const inputs = definition?.input_files;
  const input =
    typeof inputs === 'string'
      ? inputs
      : Array.isArray(inputs) && inputs.length === 1 && typeof inputs[0] === 'string'
        ? inputs[0]
        : undefined;
  if (input === undefined) return { kind: 'error', message: `${path}: input_files must name one program` };
  const properties = Array.isArray(definition.properties) ? (definition.properties as Record<string, unknown>[]) : [];
  const find = (kind: PropertyKind): Record<string, unknown> | undefined =>
    properties.find(
      (property) => typeof property?.property_file === 'string' && basename(property.property_file) === `${kind}.prp`,
    );
  // without a wanted property: the first of the table's properties the task has (unreach-call first)
  const kind: PropertyKind =
    wanted ?? propertyDefinitions.find((definition) => find(definition.kind) !== undefined)?.kind ?? 'unreach-call';
  const reachability = find(kind);
  if (reachability === undefined) return { kind: 'task', task: undefined };
  const options = (definition.options ?? {}) as Record<string, unknown>;
  const verdict = reachability.expected_verdict;
  return {
    kind: 'task',
    task: {
      id: relative('.', id),
      file: isAbsolute(input) ? input : join(dirname(path), input), // relative to the task's folder
      expected: verdict === true ? 'safe' : verdict === false ? 'unsafe' : undefined,
      dataModel: dataModelOf(options.data_model),
      property: kind,
    },
  };
}
