// Access to the SV-COMP array corpus for the corpus tests: ../shared/bench/sv-arrays beside the
// project, or the copy ENCODE_CORPUS names (test/support/requirements.ts). Without a corpus the
// corpus groups skip (describeWith(corpus, …)) and the run's summary says so; with
// ENCODE_REQUIRE_CORPUS=1 (.ci/run) a missing corpus fails the run instead.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataModel } from '../../src/ir/types.js';
import { corpusRequirement, corpusRoot } from '../support/requirements.js';

export { corpusRoot };

/** whether the corpus is there (throws when it must be and is not) */
export const corpus = corpusRequirement();

export interface CorpusTask {
  readonly file: string;
  readonly path: string;
  readonly expected: 'safe' | 'unsafe';
  readonly dataModel: DataModel;
  /** the manifest's entry as it stands */
  readonly entry: CorpusManifestEntry;
}

export interface CorpusManifestEntry {
  readonly file: string;
  readonly verdict: boolean;
  readonly data_model?: 'ILP32' | 'LP64';
}

/** manifest.json of the corpus (only call where the corpus is available) */
export function corpusManifest(): CorpusManifestEntry[] {
  return JSON.parse(readFileSync(join(corpusRoot, 'manifest.json'), 'utf8')) as CorpusManifestEntry[];
}

export function corpusTasks(): CorpusTask[] {
  return corpusManifest().map((task) => ({
    file: task.file,
    path: join(corpusRoot, task.file),
    expected: task.verdict ? 'safe' : 'unsafe',
    dataModel: task.data_model === 'LP64' ? 'LP64' : 'ILP32',
    entry: task,
  }));
}
