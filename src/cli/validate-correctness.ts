// `encode validate TASK WITNESS` for a correctness witness (witness format 2.0, `invariant_set`):
// its loop invariants are checked (portfolio/invariant-certifier.ts through the kernel) and the
// witness is confirmed only when the certificate they make, with our own helper invariants, is one
// that the independent checker confirmed (kernel/certify.ts: z3, and cvc5 when installed). A witness
// for another program (its input file hash differs), an invariant that cannot be read, is at no
// loop, is not preserved, or invariants too weak to prove the property are not confirmed, with the
// reason. Prints the verdict on the witness and SV-COMP's result line; --timeout bounds the check.

import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { isDoWhile } from '../certificates/c-invariants.js';
import { describeCertificate } from '../kernel/certify.js';
import { runEncoding } from '../kernel/run-encoding.js';
import type { RequestOptions } from '../kernel/options.js';
import type { Block, Program, PropertyKind } from '../ir/types.js';
import { forEachStatement } from '../ir/visit.js';
import { invariantCertifier } from '../portfolio/invariant-certifier.js';
import type { ReadCorrectnessWitness } from '../svcomp/correctness-reading.js';
import { declarationCheck } from '../svcomp/correctness-witness.js';
import { describeReason } from '../verdict.js';
import { UsageError, type CommandLine } from './command-line.js';

/** the exit codes of a correctness witness's validation: confirmed (TRUE), not confirmed */
export interface CorrectnessExitCodes {
  readonly confirmed: number;
  readonly rejected: number;
}

/** validates the correctness witness; prints what became of it and the result line; the exit code */
export async function validateCorrectness(
  commandLine: CommandLine,
  input: { readonly programFile: string; readonly property: PropertyKind },
  program: Program,
  witness: Extract<ReadCorrectnessWitness, { kind: 'witness' }>,
  codes: CorrectnessExitCodes,
): Promise<number> {
  const source = readFileSync(input.programFile);
  const hash = createHash('sha256').update(source).digest('hex');
  if (witness.inputFileHash !== undefined && witness.inputFileHash.toLowerCase() !== hash) {
    process.stdout.write(
      `witness rejected: the witness is for another program: its input file hash ${witness.inputFileHash} is not ${hash}\nResult: UNKNOWN\n`,
    );
    return codes.rejected;
  }
  const { createSolver } = await import('../solvers/index.js');
  const created = createSolver(commandLine.solver);
  if (created.kind === 'error') throw new UsageError(created.message);
  const solver = created.solver;
  try {
    const options: RequestOptions = {
      semantics: commandLine.semantics,
      settings: new Map(),
      property: input.property,
    };
    const certifier = invariantCertifier({
      invariants: witness.invariants,
      isDeclared: declarationCheck(source.toString('utf8')),
      doWhileLoops: doWhileLocations(program.body),
    });
    const run = await runEncoding(certifier, program, options, solver, {
      timeoutMilliseconds: commandLine.timeoutSeconds * 1000,
    });
    const certificate = run.certificate;
    const count = `${witness.invariants.length} loop ${witness.invariants.length === 1 ? 'invariant' : 'invariants'}`;
    if (run.verdict.kind === 'safe' && certificate?.kind === 'checked') {
      process.stdout.write(
        `witness confirmed (${count}): ${witness.invariants.length === 0 ? 'the property is proven with invariants of our own' : 'every one is an invariant, and they prove the property with invariants of our own where needed'}\ncertificate: ${describeCertificate(certificate)}\nResult: TRUE\n`,
      );
      return codes.confirmed;
    }
    const why =
      run.verdict.kind === 'unknown'
        ? describeReason(run.verdict.reason)
        : certificate === undefined
          ? 'no certificate'
          : `its certificate is ${describeCertificate(certificate)}`;
    process.stdout.write(`witness not confirmed (${count}): ${why}\nResult: UNKNOWN\n`);
    return codes.rejected;
  } finally {
    await solver.dispose();
  }
}

/** `line:column` of each do-while loop of the lowered program (certificates/c-invariants.ts `isDoWhile`) */
function doWhileLocations(block: Block): Set<string> {
  const locations = new Set<string>();
  forEachStatement(block, (statement) => {
    if (statement.kind === 'loop' && isDoWhile(statement))
      locations.add(`${statement.location.line}:${statement.location.column}`);
  });
  return locations;
}
