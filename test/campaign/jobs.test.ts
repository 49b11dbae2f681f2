// The job list of a campaign (src/campaign/jobs.ts) and the merge of results run in pieces
// (src/campaign/merge.ts): stable ids, shards that cover every job once, record files, and a merge
// that keeps one result per job, counts duplicates, lists different verdicts and calls SAFE against
// UNSAFE a contradiction.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { campaignJobs, jobId, parseShard, readRecordFiles, shardJobs, writeRecord } from '../../src/campaign/jobs.js';
import { mergeFolders } from '../../src/campaign/merge.js';
import { judge, type CampaignResult, type CampaignVerdict } from '../../src/campaign/run.js';
import type { CampaignTask } from '../../src/campaign/tasks.js';

const tasks: CampaignTask[] = ['a.c', 'b.c', 'c.c', 'd.c', 'e.c'].map((id) => ({
  id,
  file: `/t/${id}`,
  expected: 'safe',
  dataModel: 'ILP32',
}));

function result(task: string, encoding: string, verdict: CampaignVerdict, host?: string): CampaignResult {
  return {
    job: jobId(task, encoding, 'z3', 5),
    task,
    encoding,
    solver: 'z3',
    timeoutSeconds: 5,
    expected: 'safe',
    verdict,
    ...judge('safe', verdict),
    timeout: false,
    seconds: 1,
    ...(host === undefined ? {} : { host }),
  };
}

function folderWith(results: readonly CampaignResult[], form: 'jsonl' | 'records'): string {
  const directory = mkdtempSync(join(tmpdir(), 'encode-jobs-'));
  if (form === 'jsonl')
    writeFileSync(join(directory, 'results.jsonl'), results.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
  else for (const entry of results) writeRecord(directory, entry.job!, entry);
  return directory;
}

describe('campaign jobs', () => {
  it('have ids that depend on task, encoding, solver and budget only, and differ between jobs', () => {
    const jobs = campaignJobs(tasks, ['bmc', 'viap'], 'z3', 5);
    expect(jobs.length).toBe(10);
    expect(new Set(jobs.map((job) => job.id)).size).toBe(10);
    expect(
      campaignJobs([...tasks].reverse(), ['viap', 'bmc'], 'z3', 5)
        .map((job) => job.id)
        .sort(),
    ).toEqual(jobs.map((job) => job.id).sort());
    expect(jobId('a.c', 'bmc', 'z3', 5)).not.toBe(jobId('a.c', 'bmc', 'z3', 10));
    expect(jobId('a.c', 'bmc', 'z3', 5)).not.toBe(jobId('a.c', 'bmc', 'cvc5', 5));
  });

  it('split into shards that cover every job once, each with a share of every encoding', () => {
    const jobs = campaignJobs(tasks, ['bmc', 'viap', 'induct'], 'z3', 5);
    const shards = [0, 1, 2, 3].map((index) => shardJobs(jobs, { index, count: 4 }));
    expect(
      shards
        .flat()
        .map((job) => job.id)
        .sort(),
    ).toEqual(jobs.map((job) => job.id).sort());
    for (const shard of shards) expect(new Set(shard.map((job) => job.encoding)).size).toBe(3);
    expect(parseShard('2/4')).toEqual({ kind: 'shard', shard: { index: 2, count: 4 } });
    for (const bad of ['4/4', '1/0', 'two/4', '1']) expect(parseShard(bad).kind, bad).toBe('error');
  });

  it('write one record file per job, which a reader finds again (a torn one is left out)', () => {
    const directory = folderWith([result('a.c', 'bmc', 'safe'), result('b.c', 'bmc', 'unknown')], 'records');
    writeFileSync(join(directory, 'records', 'jtorn.json'), '{"task": "c.c", "enc');
    expect(
      readRecordFiles(directory)
        .map((record) => (record as CampaignResult).task)
        .sort(),
    ).toEqual(['a.c', 'b.c']);
  });
});

describe('merging campaign folders', () => {
  it('keeps one result per job from results.jsonl and record files, counting duplicates', () => {
    const first = folderWith([result('a.c', 'bmc', 'safe'), result('b.c', 'bmc', 'safe')], 'jsonl');
    const second = folderWith([result('b.c', 'bmc', 'safe'), result('c.c', 'bmc', 'unknown')], 'records');
    const merged = mergeFolders([first, second]);
    expect(merged.results.map((entry) => entry.task).sort()).toEqual(['a.c', 'b.c', 'c.c']);
    expect(merged.duplicates).toBe(1);
    expect(merged.differences).toEqual([]);
    expect(merged.perFolder.map((folder) => folder.results)).toEqual([2, 2]);
  });

  it('lists different verdicts of one job, keeps the definite one, and calls SAFE against UNSAFE a contradiction', () => {
    const first = folderWith([result('a.c', 'bmc', 'unknown', 'slow'), result('b.c', 'bmc', 'safe', 'one')], 'jsonl');
    const second = folderWith([result('a.c', 'bmc', 'safe', 'fast'), result('b.c', 'bmc', 'unsafe', 'two')], 'records');
    const merged = mergeFolders([first, second]);
    expect(merged.results.find((entry) => entry.task === 'a.c')?.verdict).toBe('safe');
    const differences = Object.fromEntries(merged.differences.map((difference) => [difference.task, difference]));
    expect(differences['a.c']?.contradiction).toBe(false);
    expect(differences['b.c']?.contradiction).toBe(true);
    expect(differences['b.c']?.found.map((entry) => `${entry.verdict} ${entry.host}`)).toEqual([
      'safe one',
      'unsafe two',
    ]);
  });
});
