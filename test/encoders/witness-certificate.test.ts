// Certificates of witness SAFE verdicts (src/encoders/witness/certificate.ts): Spacer's model of the
// array-free clauses, carried back to the program's own Horn clauses as ∀-invariants over the cells,
// is confirmed by the independent checker on the regression programs witness proves; a model of
// clauses with a step left out (a planted bug in the abstraction) is refuted at the clause it
// breaks; a candidate that the checker refutes leaves the SAFE standing without a certificate
// (kernel/certify.ts), naming the clause.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCertificate } from '../../src/certificates/check.js';
import { encoders } from '../../src/encoders/index.js';
import { buildWitnessArtefact } from '../../src/encoders/witness/index.js';
import { witnessCertificateClaim } from '../../src/encoders/witness/certificate.js';
import { Budget } from '../../src/kernel/budget.js';
import { certify } from '../../src/kernel/certify.js';
import { encodingOptions } from '../../src/kernel/options.js';
import { applyTransforms } from '../../src/kernel/transforms.js';
import { runEncoding } from '../../src/kernel/run-encoding.js';
import type { Program } from '../../src/ir/types.js';
import { runFrontEnd } from '../../src/pipeline.js';
import { regression } from '../support/cli.js';
import { testSolver } from '../support/solver.js';
import { withoutStepOf } from '../support/clauses.js';

const solver = testSolver();
afterAll(async () => solver.dispose());
const witness = encoders.get('witness')!;
const certifying = { semantics: 'c' as const, settings: new Map<string, unknown>([['loop-free-first', 'no']]) };

function lowered(path: string): Program {
  const frontEnd = runFrontEnd(path, { dataModel: 'ILP32', preprocessor: 'default' });
  if (frontEnd.kind !== 'program') throw new Error(`${path}: ${frontEnd.kind}`);
  return frontEnd.program;
}

/** the program witness gets in `c` semantics (kernel/transforms.ts), and its semantics */
async function witnessProgram(path: string): Promise<{ program: Program; semantics: 'int' | 'bv' }> {
  const transformed = await applyTransforms(lowered(path), {
    options: { semantics: 'c', settings: new Map() },
    encoder: witness,
    solver: undefined,
    budget: Budget.start(10_000),
  });
  if (transformed.kind !== 'ready') throw new Error(`${path}: refused`);
  return { program: transformed.program, semantics: transformed.semantics };
}

const safePrograms = (readdirSync(regression, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((name) => name.endsWith('-safe.c'))
  .sort();

describe('certificates of witness', () => {
  it(
    `carries witness models back to checked certificates of test/regression/**/*-safe.c (${safePrograms.length} programs)`,
    { timeout: 180_000 },
    async () => {
      const certified: string[] = [];
      const otherwise: string[] = [];
      for (const name of safePrograms) {
        const run = await runEncoding(witness, lowered(join(regression, name)), certifying, solver, {
          timeoutMilliseconds: 5_000,
          proofOnly: true,
        });
        expect(run.verdict.kind, name).not.toBe('unsafe');
        if (run.verdict.kind === 'safe' && run.certificate?.kind === 'checked') certified.push(name);
        else otherwise.push(`${name}: ${run.verdict.kind} ${JSON.stringify(run.certificate ?? {}).slice(0, 200)}`);
        // a refuted certificate would have made the SAFE UNKNOWN: witness's are candidates, never that
        expect(run.certificate?.kind, name).not.toBe('failed');
      }
      // Debian z3 and z3-wasm: copy-safe.c, counter-safe.c, accel-overflow-safe.c, battery-controller-safe.c
      expect(certified.length, otherwise.join('\n')).toBeGreaterThanOrEqual(4);
      expect(certified).toContain('copy-safe.c');
    },
  );

  it('gives quantified invariants over the cells, beside the model of the array-free clauses', async () => {
    const run = await runEncoding(witness, lowered(join(regression, 'copy-safe.c')), certifying, solver, {
      timeoutMilliseconds: 20_000,
      proofOnly: true,
    });
    expect(run.certificate?.kind).toBe('checked');
    if (run.certificate?.kind !== 'checked') return;
    const definitions = run.certificate.certificate.invariants.map((invariant) => invariant.definition);
    expect(definitions.some((text) => /^\(define-fun witness!inv_loop\d+ /.test(text))).toBe(true);
    const loop1 = definitions.find((text) => text.startsWith('(define-fun inv_loop1 '));
    expect(loop1).toMatch(/\(forall \(\(w!0 Int\)/);
    expect(loop1).toMatch(/\(select x!\d+ w!0\)/);
  });

  it('is refuted where the witness clauses lose a loop step (a planted bug), naming the clause', async () => {
    const path = join(regression, 'copy-safe.c');
    const { program, semantics } = await witnessProgram(path);
    const options = encodingOptions(semantics);
    const artefact = buildWitnessArtefact(program, options);
    if (artefact.kind !== 'chc') throw new Error(`artefact ${artefact.kind}`);
    // copy-safe.c's loop 1 (14:3) copies source into target; without its step, its invariant need
    // say nothing of the cells it copies, and the query after it fails under the carried invariants
    const planted = withoutStepOf('inv_loop1')(artefact.system);
    const result = await solver.checkChc(planted, { timeoutMilliseconds: 20_000, model: true });
    expect(result.kind).toBe('sat');
    if (result.kind !== 'sat') return;
    const claim = witnessCertificateClaim({
      original: program,
      semantics,
      solvedProgram: artefact.transformed.program,
      solvedSystem: planted,
      witnesses: artefact.transformed.witnesses,
      sizeConstants: new Map(),
      model: result.model,
      solverName: solver.name,
    });
    expect(claim.kind).toBe('model');
    if (claim.kind !== 'model') return;
    expect(claim.candidate).toBe(true);
    const certificate = { program, semantics, invariants: claim.invariants, source: claim.source };
    const check = await checkCertificate(certificate, [solver], { timeoutMilliseconds: 20_000 });
    expect(check.kind, JSON.stringify(check)).toBe('failed');
    if (check.kind === 'failed') expect(check.clause.comment).toMatch(/^loop 1 at 14:3/);

    // through the kernel: a refuted candidate is no certificate, and says which clause
    const status = await certify({
      encoderName: 'witness',
      claim,
      program,
      semantics,
      applied: [],
      solver,
      budget: Budget.start(20_000),
    });
    expect(status.kind).toBe('none');
    if (status.kind === 'none') expect(status.reason).toMatch(/do not satisfy clause \d+ of \d+ \(loop 1 at 14:3/);
  });
});
