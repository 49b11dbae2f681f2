// answerQuestion: a question asked in a kept solver is asked again in a fresh one only when the kept
// solver gave up early (not for a timeout, an abort, or an answer).
import { describe, expect, it } from 'vitest';
import { answerQuestion, type CheckOptions, type SolverResult } from '../../src/solvers/solver.js';

const wait = (milliseconds: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function ask(
  kept: SolverResult,
  keptMilliseconds: number,
  options: CheckOptions,
): Promise<{ result: SolverResult; fresh: CheckOptions[] }> {
  const fresh: CheckOptions[] = [];
  const result = await answerQuestion(
    options,
    async () => {
      await wait(keptMilliseconds);
      return kept;
    },
    async (freshOptions) => {
      fresh.push(freshOptions);
      return { kind: 'unsat' };
    },
  );
  return { result, fresh };
}

describe('answerQuestion', () => {
  it('keeps an answer of the kept solver', async () => {
    for (const kept of [{ kind: 'unsat' }, { kind: 'sat', values: undefined }] as const) {
      const { result, fresh } = await ask(kept, 0, { timeoutMilliseconds: 1_000, question: true });
      expect(result).toEqual(kept);
      expect(fresh).toEqual([]);
    }
  });
  it('asks a fresh solver, with the time left, when the kept one gives up early', async () => {
    const { result, fresh } = await ask({ kind: 'unknown', reason: '(incomplete (theory arithmetic))' }, 100, {
      timeoutMilliseconds: 1_000,
      question: true,
    });
    expect(result).toEqual({ kind: 'unsat' });
    expect(fresh).toHaveLength(1);
    expect(fresh[0]!.question).toBe(false);
    expect(fresh[0]!.timeoutMilliseconds).toBeLessThanOrEqual(900);
    expect(fresh[0]!.timeoutMilliseconds).toBeGreaterThan(500);
  });
  it('does not ask again after a timeout, an abort, or an unknown at the time limit', async () => {
    expect((await ask({ kind: 'unknown', reason: 'timeout' }, 0, { timeoutMilliseconds: 1_000 })).fresh).toEqual([]);
    const aborted = new AbortController();
    aborted.abort();
    expect(
      (await ask({ kind: 'unknown', reason: 'incomplete' }, 0, { timeoutMilliseconds: 1_000, signal: aborted.signal }))
        .fresh,
    ).toEqual([]);
    const late = await ask({ kind: 'unknown', reason: 'incomplete' }, 200, { timeoutMilliseconds: 210 });
    expect(late).toEqual({ result: { kind: 'unknown', reason: 'timeout' }, fresh: [] });
  });
});
