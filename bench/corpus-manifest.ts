// The sv-arrays manifest as the bench scripts read it: through the one reader of src/campaign
// (tasks.ts `readManifest`), so a missing data_model means ILP32 here as everywhere else.

import { join } from 'node:path';
import { readManifest, type CampaignTask } from '../src/campaign/tasks.js';

/** the tasks of `root`/manifest.json (`id`: the path in the manifest, `file`: the program's path) */
export function corpusManifest(root: string): readonly CampaignTask[] {
  const read = readManifest(join(root, 'manifest.json'));
  if (read.kind === 'error') throw new Error(read.message);
  return read.tasks;
}
