// Access to the SV-COMP array corpus in ../shared/bench/sv-arrays for the corpus tests.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DataModel } from '../../src/ir/types.js';

export const corpusRoot = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'bench', 'sv-arrays');

export interface CorpusTask {
  readonly file: string;
  readonly path: string;
  readonly expected: 'safe' | 'unsafe';
  readonly dataModel: DataModel;
}

export function corpusTasks(): CorpusTask[] {
  const manifest = JSON.parse(readFileSync(join(corpusRoot, 'manifest.json'), 'utf8')) as { file: string; verdict: boolean; data_model?: string }[];
  return manifest.map((task) => ({
    file: task.file,
    path: join(corpusRoot, task.file),
    expected: task.verdict ? 'safe' : 'unsafe',
    dataModel: task.data_model === 'LP64' ? 'LP64' : 'ILP32',
  }));
}
