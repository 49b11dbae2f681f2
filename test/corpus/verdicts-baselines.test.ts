// No chc or bmc verdict on the corpus contradicts manifest.json (short budgets).
import { afterAll, describe, it } from 'vitest';
import { checkCorpus, corpusSolver } from './check-verdicts.js';
import { bmcEncoder } from '../../src/encoders/bmc/index.js';
import { chcEncoder } from '../../src/encoders/chc/index.js';

const solver = corpusSolver();
afterAll(async () => solver.dispose());

describe('corpus verdicts never contradict the manifest: baselines', () => {
  it('chc (0.5 s per task)', { timeout: 900_000 }, async () => {
    await checkCorpus(chcEncoder, { semantics: 'int', unwind: 3, unwindingAssertions: false, timeoutMilliseconds: 500 }, solver);
  });
  it('bmc (unwind 3, unwinding assertions, 1 s per task)', { timeout: 900_000 }, async () => {
    await checkCorpus(bmcEncoder, { semantics: 'int', unwind: 3, unwindingAssertions: true, timeoutMilliseconds: 1000 }, solver);
  });
});
