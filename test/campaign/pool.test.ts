// The worker lanes of a campaign (src/campaign/pool.ts) with a stand-in worker module that answers,
// crashes, spins forever or answers and exits as told: many tasks run in one worker process; a
// crash, a task past its deadline (the worker is killed) and a worker that exits after its answer
// each leave the lane able to run the next task in a fresh worker.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerLane } from '../../src/campaign/pool.js';

/** answers `pid` with its process id; `crash` writes to stderr and exits 3; `spin` never answers; `last` answers and exits */
const standInWorker = `
process.on('disconnect', () => process.exit(0));
process.on('message', (message) => {
  const [what] = message.argv;
  if (what === 'crash') { process.stderr.write('fatal: planted crash\\n'); process.exit(3); }
  if (what === 'spin') { for (;;) {} }
  const answer = { kind: 'answer', code: what === 'last' ? 20 : 0, output: String(process.pid) + '\\n', errors: 'note\\n', final: what === 'last' };
  process.send(answer, undefined, {}, () => { if (what === 'last') process.exit(20); });
});
`;

function workerModule(): string {
  const directory = mkdtempSync(join(tmpdir(), 'encode-pool-'));
  const path = join(directory, 'worker.mjs');
  writeFileSync(path, standInWorker);
  return path;
}

const lanes: WorkerLane[] = [];

function lane(): WorkerLane {
  const created = new WorkerLane(workerModule());
  lanes.push(created);
  return created;
}

afterEach(() => {
  for (const each of lanes.splice(0)) each.retire();
});

describe('worker lanes', () => {
  it('run many tasks in one worker process, each answered with its code, stdout and stderr', async () => {
    const subject = lane();
    const first = await subject.run(['pid'], 10_000);
    const second = await subject.run(['pid'], 10_000);
    expect(first).toMatchObject({ kind: 'answered', code: 0, errors: 'note\n' });
    expect(second.kind === 'answered' && second.output).toBe(first.kind === 'answered' && first.output);
  });

  it('give a task whose worker crashed a died result with its stderr, and run the next task in a new worker', async () => {
    const subject = lane();
    const before = await subject.run(['pid'], 10_000);
    const crashed = await subject.run(['crash'], 10_000);
    expect(crashed).toEqual({ kind: 'died', exitCode: 3, signal: null, errors: 'fatal: planted crash\n' });
    const after = await subject.run(['pid'], 10_000);
    expect(after.kind).toBe('answered');
    expect(after.kind === 'answered' && after.output).not.toBe(before.kind === 'answered' && before.output);
  });

  it('kill a worker whose task outlives its deadline, and go on in a new worker', async () => {
    const subject = lane();
    const started = Date.now();
    const spun = await subject.run(['spin'], 300);
    expect(spun).toMatchObject({ kind: 'died', exitCode: null, signal: 'SIGKILL' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await subject.run(['pid'], 10_000)).kind).toBe('answered');
  });

  it('send no task to a worker that said its answer was its last', async () => {
    const subject = lane();
    const last = await subject.run(['last'], 10_000);
    expect(last).toMatchObject({ kind: 'answered', code: 20 });
    const next = await subject.run(['pid'], 10_000);
    expect(next.kind).toBe('answered');
    expect(next.kind === 'answered' && next.output).not.toBe(last.kind === 'answered' && last.output);
  });
});
