// Access to the SV-COMP array corpus for the corpus tests: ../shared/bench/sv-arrays beside the
// project, or the copy ENCODE_CORPUS names (test/support/requirements.ts). Without a corpus the
// corpus groups skip (describeWith(corpus, …)) and the run's summary says so; with
// ENCODE_REQUIRE_CORPUS=1 (.ci/run) a missing corpus fails the run instead.

import { join } from 'node:path';
import { readManifest } from '../../src/campaign/tasks.js';
import type { DataModel } from '../../src/ir/types.js';
import { corpusRequirement, corpusRoot } from '../support/requirements.js';

export { corpusRoot };

/** whether the corpus is there (throws when it must be and is not) */
export const corpus = corpusRequirement();

export interface CorpusTask {
  /** the manifest's file name, relative to the corpus */
  readonly file: string;
  readonly path: string;
  readonly expected: 'safe' | 'unsafe';
  /** as the manifest says, else SV-COMP's default ILP32 (src/campaign/tasks.ts, the one manifest reader) */
  readonly dataModel: DataModel;
}

/**
 * The tasks of the corpus's manifest.json, read as `encode bench` reads it (only call where the
 * corpus is available; throws on a manifest that is not one, or a task without a verdict).
 */
export function corpusTasks(): CorpusTask[] {
  const loaded = readManifest(join(corpusRoot, 'manifest.json'));
  if (loaded.kind === 'error') throw new Error(loaded.message);
  return loaded.tasks.map((task) => {
    if (task.expected === undefined) throw new Error(`${task.id}: the corpus manifest gives no verdict`);
    return { file: task.id, path: task.file, expected: task.expected, dataModel: task.dataModel };
  });
}
