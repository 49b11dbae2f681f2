// --exec on the command line: an UNSAFE verdict's counterexample run natively (src/execution).
//
// In `verify` it is on by default when gcc is on PATH; with one encoding and in `validate` it is
// asked for with --exec. It runs within what is left of the --timeout budget (skipped, with the
// reason, when less than half a second is left). A native run that does not reach the error, with
// no explanation (indeterminate values, integer semantics, data model), means that the interpreter
// and gcc disagree on the program: the caller reports it as an internal error (exit 70) after
// printing the verdict, so it is counted, never hidden.

import { replaySemantics } from '../kernel/c-semantics.js';
import type { DataModel, Program, PropertyKind } from '../ir/types.js';
import { findToolchain } from '../execution/gcc.js';
import { describeExecution, validateByExecution, type ExecutionCheck } from '../execution/validate.js';
import type { Counterexample } from '../verdict.js';
import type { CommandLine } from './command-line.js';

/** the program a counterexample runs on and how (svcomp.ts's ResolvedInput, of a file or a task, is one) */
export interface ProgramInput {
  /** the C program to read */
  readonly programFile: string;
  readonly dataModel: DataModel;
  /** the property checked: the given one, or the task's (unreach-call when it has it, else no-overflow) */
  readonly property: PropertyKind;
}

export type ExecutionReport = ExecutionCheck | { readonly kind: 'skipped'; readonly reason: string };

/** the smallest budget left that still runs the program */
const minimumMilliseconds = 500;

/** whether this command runs counterexamples natively; 'auto' means: in verify, when gcc is there */
export function executionWanted(commandLine: CommandLine): boolean {
  switch (commandLine.execution) {
    case 'on':
      return true;
    case 'off':
      return false;
    case 'auto':
      return commandLine.command === 'verify' && findToolchain().kind === 'found';
    default: {
      const never: never = commandLine.execution;
      throw new Error(`unknown --exec setting ${String(never)}`);
    }
  }
}

export function executeCounterexample(
  commandLine: CommandLine,
  input: ProgramInput,
  program: Program,
  counterexample: Counterexample,
  remainingMilliseconds: number,
): ExecutionReport {
  if (remainingMilliseconds < minimumMilliseconds) return { kind: 'skipped', reason: 'the --timeout budget is spent' };
  return validateByExecution(input.programFile, program, counterexample, {
    semantics: replaySemantics(commandLine.semantics),
    dataModel: input.dataModel,
    timeoutMilliseconds: remainingMilliseconds,
    property: input.property,
  });
}

export function describeReport(report: ExecutionReport): string {
  return report.kind === 'skipped' ? `not run: ${report.reason}` : describeExecution(report);
}

/** true when the native run contradicts the interpreter's replay without a known cause */
export function isDisagreement(report: ExecutionReport): boolean {
  return report.kind === 'notReached' && report.explanation === undefined;
}

/** the record's `execution` field (--json) */
export function executionRecord(report: ExecutionReport): Record<string, unknown> {
  switch (report.kind) {
    case 'skipped':
      return { result: 'skipped', reason: report.reason };
    case 'couldNotBuild':
      return { result: 'couldNotBuild', reason: report.reason, milliseconds: Math.round(report.milliseconds) };
    case 'confirmed':
    case 'notReached':
      return {
        result: report.kind,
        ...(report.kind === 'notReached' ? { outcome: report.outcome, explanation: report.explanation ?? null } : {}),
        compiler: report.compiler,
        inputs: report.inputs.map(String),
        indeterminate: report.indeterminate.length,
        directory: report.directory,
        notes: report.notes,
        milliseconds: Math.round(report.milliseconds),
      };
    default: {
      const never: never = report;
      throw new Error(`unknown execution report ${JSON.stringify(never)}`);
    }
  }
}
