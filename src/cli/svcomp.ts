// SV-COMP compatibility of the command line: a task definition (.yml) as input, `--property FILE`,
// the `Result: TRUE | FALSE(unreach-call) | UNKNOWN` last line of that mode, the witness of
// `--witness FILE` (a violation witness of an UNSAFE, a correctness witness of a SAFE whose
// certificate was checked), and `encode validate TASK WITNESS`.

import { readFileSync, writeFileSync } from 'node:fs';
import { readTaskDefinition } from '../campaign/tasks.js';
import type { Program, PropertyKind } from '../ir/types.js';
import { runFrontEnd } from '../pipeline.js';
import { propertyDefinition, readProperty } from '../svcomp/properties.js';
import { validateWitness } from '../svcomp/validate.js';
import { readViolationWitness, violationWitness } from '../svcomp/witness.js';
import { correctnessWitness } from '../svcomp/correctness-witness.js';
import { readCorrectnessWitness } from '../svcomp/correctness-reading.js';
import { describeCertificate, type CertificateStatus } from '../kernel/certify.js';
import { formatDiagnostic, type Verdict } from '../verdict.js';
import { UsageError, type CommandLine } from './command-line.js';
import { readPackageVersion } from './version.js';
import { describeReport, executeCounterexample, isDisagreement, type ProgramInput } from './execution.js';
import { replaySemantics } from '../kernel/c-semantics.js';
import { InternalError } from '../kernel/run-encoding.js';

/** the program file, data model and property of the command line's input (a C file or a task) */
export interface ResolvedInput extends ProgramInput {
  /** SV-COMP mode: a task or a property file was given; the last line is `Result: …` */
  readonly svcomp: boolean;
  /** why the task's or the given property is not one encode checks */
  readonly unsupportedProperty: string | undefined;
}

export function resolveInput(commandLine: CommandLine): ResolvedInput {
  const property = commandLine.property === undefined ? undefined : readProperty(commandLine.property);
  const propertyProblem = property?.kind === 'unsupported' ? property.reason : undefined;
  const given: PropertyKind | undefined =
    property === undefined || property.kind === 'unsupported' ? undefined : property.kind;
  const resolved = resolveTask(commandLine, given);
  const definition = propertyDefinition(resolved.property);
  if (!definition.semantics.includes(commandLine.semantics)) {
    throw new UsageError(
      `the ${definition.kind} property is checked in ${definition.semantics.join(' or ')} semantics (the default is c), not with --semantics ${commandLine.semantics}`,
    );
  }
  return {
    ...resolved,
    svcomp: resolved.svcomp || property !== undefined,
    unsupportedProperty: resolved.unsupportedProperty ?? propertyProblem,
  };
}

/** the program, data model and property of a plain file or of a task .yml (svcomp: a task was given) */
function resolveTask(commandLine: CommandLine, given: PropertyKind | undefined): ResolvedInput {
  if (!/\.ya?ml$/.test(commandLine.file)) {
    return {
      programFile: commandLine.file,
      dataModel: commandLine.dataModel,
      svcomp: false,
      unsupportedProperty: undefined,
      property: given ?? 'unreach-call',
    };
  }
  const definition = readTaskDefinition(commandLine.file, commandLine.file, given);
  if (definition.kind === 'error') throw new UsageError(definition.message);
  if (definition.task === undefined) {
    // no such property: nothing to check (run() answers before reading the program)
    return {
      programFile: commandLine.file,
      dataModel: commandLine.dataModel,
      svcomp: true,
      unsupportedProperty: `${commandLine.file}: the task has no ${given ?? 'unreach-call or no-overflow'} property`,
      property: given ?? 'unreach-call',
    };
  }
  return {
    programFile: definition.task.file,
    dataModel: definition.task.dataModel,
    svcomp: true,
    unsupportedProperty: undefined,
    property: definition.task.property ?? 'unreach-call',
  };
}

export { svcompResultLine } from '../svcomp/properties.js';

/**
 * --witness FILE: the violation witness of an UNSAFE verdict, the correctness witness of a SAFE
 * (unreach-call) whose certificate the checker confirmed; nothing for the others (a warning says why)
 */
export function writeWitnessIfAsked(
  commandLine: CommandLine,
  input: ResolvedInput,
  program: Program,
  verdict: Verdict,
  certificate: CertificateStatus | undefined,
): string | undefined {
  if (commandLine.witnessFile === undefined) return undefined;
  if (verdict.kind === 'safe') return writeCorrectnessWitness(commandLine.witnessFile, input, certificate);
  if (verdict.kind !== 'unsafe') return undefined;
  if (!propertyDefinition(input.property).violationWitness) {
    process.stderr.write(
      `encode: warning: no violation witness is written for the ${propertyDefinition(input.property).kind} property\n`,
    );
    return undefined;
  }
  const text = violationWitness(
    program,
    verdict.counterexample,
    verdict.violatedAt,
    replaySemantics(commandLine.semantics),
    {
      file: input.programFile,
      dataModel: input.dataModel,
      producerVersion: readPackageVersion(),
    },
  );
  writeFileSync(commandLine.witnessFile, text);
  return commandLine.witnessFile;
}

/** the correctness witness of a SAFE, from its checked certificate (svcomp/correctness-witness.ts) */
function writeCorrectnessWitness(
  file: string,
  input: ResolvedInput,
  certificate: CertificateStatus | undefined,
): string | undefined {
  const property = propertyDefinition(input.property);
  const refuse = (why: string): undefined => {
    process.stderr.write(`encode: warning: no correctness witness written: ${why}\n`);
    return undefined;
  };
  if (!property.violationWitness) return refuse(`none is written for the ${property.kind} property`);
  if (certificate?.kind !== 'checked')
    return refuse(
      `the certificate is ${certificate === undefined ? 'none' : describeCertificate(certificate)}, not checked`,
    );
  const witness = correctnessWitness(certificate.certificate, {
    file: input.programFile,
    dataModel: input.dataModel,
    producerVersion: readPackageVersion(),
  });
  for (const note of witness.notes) process.stderr.write(`encode: note: correctness witness: ${note}\n`);
  writeFileSync(file, witness.text);
  return file;
}

/**
 * the exit codes validate shares with the verdicts: 10 a violation witness confirmed (FALSE), 0 a
 * correctness witness confirmed (TRUE), 20 rejected or not confirmed, 3 unreadable
 */
export interface ValidateExitCodes {
  readonly confirmed: number;
  readonly confirmedCorrect: number;
  readonly rejected: number;
  readonly inputError: number;
}

/**
 * `encode validate TASK WITNESS`: a violation witness is replayed, a correctness witness's invariants
 * are checked (validate-correctness.ts); prints the verdict on it and the SV-COMP result
 */
export async function runValidate(commandLine: CommandLine, codes: ValidateExitCodes): Promise<number> {
  const witnessPath = commandLine.validatedWitness!;
  const input = resolveInput(commandLine);
  const frontEnd = runFrontEnd(input.programFile, {
    dataModel: input.dataModel,
    preprocessor: commandLine.preprocessor,
  });
  if (frontEnd.kind !== 'program') {
    if (frontEnd.kind === 'inputError' || frontEnd.kind === 'unsupported')
      for (const diagnostic of frontEnd.diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
    process.stdout.write(`witness not validated: the program could not be read\nResult: UNKNOWN\n`);
    return codes.inputError;
  }
  let text: string;
  try {
    text = readFileSync(witnessPath, 'utf8');
  } catch (error) {
    process.stderr.write(`${witnessPath}: error: ${error instanceof Error ? error.message : String(error)}\n`);
    return codes.inputError;
  }
  const witness = readViolationWitness(text);
  if (witness.kind === 'error') {
    const correctness = readCorrectnessWitness(text);
    if (correctness.kind === 'witness') {
      const { validateCorrectness } = await import('./validate-correctness.js');
      return validateCorrectness(commandLine, input, frontEnd.program, correctness, {
        confirmed: codes.confirmedCorrect,
        rejected: codes.rejected,
      });
    }
    process.stderr.write(
      `${witnessPath}: error: ${witness.message}; as a correctness witness: ${correctness.message}\n`,
    );
    process.stdout.write('witness rejected: not a readable violation or correctness witness\nResult: UNKNOWN\n');
    return codes.inputError;
  }
  const validation = validateWitness(
    frontEnd.program,
    input.programFile,
    witness,
    replaySemantics(commandLine.semantics),
    performance.now() + commandLine.timeoutSeconds * 1000,
  );
  if (validation.kind === 'rejected') process.stdout.write(`witness rejected: ${validation.reason}\n`);
  else
    process.stdout.write(
      `witness confirmed: the replay fails the assertion at ${input.programFile}:${validation.violatedAt.line}:${validation.violatedAt.column}\n`,
    );
  if (commandLine.execution !== 'on') {
    process.stdout.write(validation.kind === 'confirmed' ? 'Result: FALSE(unreach-call)\n' : 'Result: UNKNOWN\n');
    return validation.kind === 'confirmed' ? codes.confirmed : codes.rejected;
  }
  // --exec: the witness is confirmed when both the interpreter's replay and the native run reach the error
  const execution = executeCounterexample(
    commandLine,
    input,
    frontEnd.program,
    witness.counterexample,
    commandLine.timeoutSeconds * 1000,
  );
  process.stdout.write(`execution: ${describeReport(execution)}\n`);
  const reached = execution.kind === 'confirmed' && validation.kind === 'confirmed';
  if (validation.kind === 'confirmed' && isDisagreement(execution)) {
    throw new InternalError(
      `the interpreter's replay of the witness and the program compiled with gcc disagree: ${describeReport(execution)}`,
    );
  }
  process.stdout.write(reached ? 'Result: FALSE(unreach-call)\n' : 'Result: UNKNOWN\n');
  return reached ? codes.confirmed : codes.rejected;
}
