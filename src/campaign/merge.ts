// Merging the results of a campaign run in pieces (shards, GNU parallel hosts, Slurm array tasks,
// or several folders copied from several machines) into one list: one result per job id.
//
// A job found more than once is kept once. Its results are checked against each other: the same
// verdict is a duplicate (the first one found is kept, so a merge is deterministic in the order of
// the folders); different verdicts are a difference, listed. A difference between a definite
// verdict and UNKNOWN, an error or a crash is a matter of time or machine (a timeout on a slower
// host), and the definite verdict is kept; SAFE against UNSAFE for the same job is a contradiction:
// one of them is wrong, which is a bug in encode, and the merge says so (the CLI exits 70).

import { readCampaignFolder, resultJob, type CampaignResult, type CampaignVerdict } from './run.js';

export interface VerdictDifference {
  readonly job: string;
  readonly task: string;
  readonly encoding: string;
  /** each verdict found, with the folder it came from */
  readonly found: readonly { readonly verdict: CampaignVerdict; readonly folder: string; readonly host?: string }[];
  /** SAFE and UNSAFE both found */
  readonly contradiction: boolean;
}

export interface MergedCampaign {
  /** one result per job, in the order first found */
  readonly results: readonly CampaignResult[];
  /** results found more than once with the same verdict */
  readonly duplicates: number;
  readonly differences: readonly VerdictDifference[];
  /** results read per folder, in the order given */
  readonly perFolder: readonly { readonly folder: string; readonly results: number }[];
}

function definite(verdict: CampaignVerdict): boolean {
  return verdict === 'safe' || verdict === 'unsafe';
}

/** gathers the results of the folders (results.jsonl and records/ of each) into one result per job */
export function mergeFolders(folders: readonly string[]): MergedCampaign {
  const kept = new Map<string, CampaignResult>();
  const seen = new Map<string, { verdict: CampaignVerdict; folder: string; host?: string }[]>();
  const perFolder: { folder: string; results: number }[] = [];
  let duplicates = 0;
  for (const folder of folders) {
    const results = readCampaignFolder(folder);
    perFolder.push({ folder, results: results.length });
    for (const result of results) {
      const id = resultJob(result);
      const found = seen.get(id) ?? [];
      found.push({ verdict: result.verdict, folder, ...(result.host === undefined ? {} : { host: result.host }) });
      seen.set(id, found);
      const earlier = kept.get(id);
      if (earlier === undefined) {
        kept.set(id, { ...result, job: id });
      } else if (earlier.verdict === result.verdict) {
        duplicates++;
      } else if (!definite(earlier.verdict) && definite(result.verdict)) {
        kept.set(id, { ...result, job: id });
      }
    }
  }
  const differences: VerdictDifference[] = [];
  for (const [id, found] of seen) {
    const verdicts = new Set(found.map((entry) => entry.verdict));
    if (verdicts.size < 2) continue;
    const result = kept.get(id)!;
    differences.push({
      job: id,
      task: result.task,
      encoding: result.encoding,
      found,
      contradiction: verdicts.has('safe') && verdicts.has('unsafe'),
    });
  }
  return { results: [...kept.values()], duplicates, differences, perFolder };
}

/** one line per difference: `job task encoding: safe (folder A, host) / unsafe (folder B)` */
export function describeDifference(difference: VerdictDifference): string {
  const found = difference.found
    .map((entry) => `${entry.verdict} (${entry.folder}${entry.host === undefined ? '' : `, ${entry.host}`})`)
    .join(' / ');
  return `${difference.contradiction ? 'CONTRADICTION' : 'differs'} ${difference.job} ${difference.encoding} ${difference.task}: ${found}`;
}
