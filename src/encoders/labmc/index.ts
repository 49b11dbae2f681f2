// The `labmc` encoding (Darke et al., "Over-approximating Loops to Prove Properties Using Bounded Model Checking"): loop abstraction for bounded model checking. Every loop is
// replaced by an abstract loop of at most |O| (+1) iterations whose input-output variables start
// each iteration at accelerated values (abstract.ts, classify.ts, regions.ts); the abstract program
// has only small known loop bounds, and bmc with unwinding assertions decides it.
//
// Verdicts:
// - the abstract program is safe (bmc unsat, unwinding proven sufficient) ⇒ SAFE: the abstraction
//   over-approximates every loop (abstract.ts states the argument and its assumptions);
// - otherwise the abstract program's failure may be spurious: a bmc counterexample search on the
//   ORIGINAL program (kernel/search.ts, replayed by the kernel) gives UNSAFE, else UNKNOWN with the
//   reason. A counterexample of the abstract program is never reported itself.
// `--emit` writes the bmc queries of the abstract program that solve asks (kernel/bounded-check.ts):
// NAME.labmc.smt2, then NAME.labmc-unwinding.smt2 where the abstract unrolling is not complete.
// Arrays: a loop that writes an array havocs it at the start of every abstract iteration (the
// verdict says which); reads of arrays the loop does not write are kept.

import { basename, extname } from 'node:path';
import { printProgramAsC } from '../../ir/print-c.js';
import type { Program, Semantics } from '../../ir/types.js';
import { createSmtScript, type SmtScript } from '../../smt/terms.js';
import { boundedQueries, checkBounded, type BoundedSettings } from '../../kernel/bounded-check.js';
import { OutcomeRecorder } from '../../kernel/outcome.js';
import { searchProveSearch } from '../../kernel/strategy.js';
import { safeAssumptions } from '../../symbolic/variables.js';
import type {
  EmitContext,
  EmitResult,
  EmittedArtefact,
  Encoder,
  EncoderContext,
  SolveOutcome,
} from '../../kernel/encoder.js';
import { optionValue } from '../../kernel/options.js';
import { abstractProgram, type AbstractProgram, type LoopAbstraction } from './abstract.js';
import type { Acceleration } from './classify.js';
import { labmcDeclaration, showAbstractionOption } from './declaration.js';
export { showAbstractionOption } from './declaration.js';

function names(variables: readonly { readonly sourceName: string }[]): string {
  return variables.length === 0 ? '-' : variables.map((variable) => variable.sourceName).join(', ');
}

function describeAcceleration(acceleration: Acceleration): string {
  const name = acceleration.variable.sourceName;
  switch (acceleration.kind) {
    case 'selfRecurrent':
      return `${name}: self-recurrent (${acceleration.increments.length} increment(s))`;
    case 'selfRecurrentWithReset':
      return `${name}: self-recurrent with ${acceleration.resets.length} reset(s) (${acceleration.increments.length} increment(s))`;
    case 'nonRecurrent':
      return `${name}: non-recurrent (${acceleration.resets.length} reset(s))`;
    case 'havoc':
      return `${name}: nondeterministic (${acceleration.why})`;
    default: {
      const never: never = acceleration;
      throw new Error(`unknown acceleration ${JSON.stringify(never)}`);
    }
  }
}

/** one comment block per loop: classes, bound, form, accelerations */
export function describeAbstraction(abstraction: AbstractProgram): string[] {
  return abstraction.loops.flatMap((loop: LoopAbstraction) => {
    const { classes } = loop;
    const where = `${classes.loop.location.line}:${classes.loop.location.column}`;
    return [
      `loop at ${where}: ${loop.form} abstraction, ${loop.bound} abstract iteration(s)`,
      `  I = {${names(classes.inputs)}}  IO = {${names(classes.inputOutputs)}}  PO = {${names(classes.pureOutputs)}}`,
      ...classes.accelerations.map((acceleration) => `  ${describeAcceleration(acceleration)}`),
      ...classes.havockedArrays.map(
        (array) => `  ${array.sourceName}[]: written by the loop, havocked at each abstract iteration`,
      ),
    ];
  });
}

/** what the abstraction lost, for the assumptions of a SAFE verdict */
function abstractionNotes(abstraction: AbstractProgram): string[] {
  const notes = [
    `${abstraction.loops.length} loop(s) abstracted (Darke et al.), abstract program decided by bmc with unwind ${abstraction.unwind}; iteration counts below 2^127`,
  ];
  for (const loop of abstraction.loops) {
    for (const array of loop.classes.havockedArrays) {
      notes.push(
        `the contents of ${array.sourceName} written by the loop at ${loop.classes.loop.location.line}:${loop.classes.loop.location.column} are havocked`,
      );
    }
  }
  return notes;
}

async function solveLabmc(program: Program, context: EncoderContext): Promise<SolveOutcome> {
  const { options, solver, budget } = context;
  const semantics = options.semantics;
  const show = optionValue(options, showAbstractionOption);
  const recorder = new OutcomeRecorder({ showReport: show });
  const abstraction = recorder.measure('abstract', () => abstractProgram(program, semantics));
  recorder.details.loops = abstraction.loops.map((loop) => ({
    line: loop.classes.loop.location.line,
    bound: loop.bound,
    form: loop.form,
  }));
  recorder.details.unwind = abstraction.unwind;
  if (show)
    recorder.report.push(
      printProgramAsC(abstraction.program, [
        'labmc abstraction (Darke et al.): if this program is safe, so is the original',
        ...describeAbstraction(abstraction),
      ]),
    );
  return searchProveSearch(program, context, recorder, {
    prove: async () => {
      const checked = await recorder.timed('abstractBmc', () =>
        checkBounded(abstraction.program, abstractSettings(abstraction, semantics), solver, budget),
      );
      const abstractVerdict = checked.outcome.verdict;
      recorder.details.abstractVerdict = abstractVerdict.kind;
      if (abstractVerdict.kind === 'safe')
        return {
          kind: 'decided',
          verdict: { kind: 'safe', assumptions: [...safeAssumptions(semantics), ...abstractionNotes(abstraction)] },
        };
      // the abstract program's failure may be spurious: only a replayed run of the original counts
      const why =
        abstractVerdict.kind === 'unsafe'
          ? 'labmc: the abstract program can fail (the abstraction may be too coarse)'
          : `labmc: the abstract program is not proven safe (${abstractVerdict.reason.message})`;
      return {
        kind: 'search',
        why,
        unknownKind: abstractVerdict.kind === 'unknown' ? abstractVerdict.reason.kind : 'imprecise',
      };
    },
  });
}

/** the bmc settings the abstract program is decided with (solve and emit alike) */
function abstractSettings(abstraction: AbstractProgram, semantics: Semantics): BoundedSettings {
  return { semantics, unwind: abstraction.unwind, unwindingAssertions: true };
}

/** the queries solve asks of the abstract program, in its order (kernel/bounded-check.ts) */
async function emitLabmc(program: Program, context: EmitContext): Promise<EmitResult> {
  const semantics = context.options.semantics;
  const abstraction = abstractProgram(program, semantics);
  const queries = boundedQueries(abstraction.program, abstractSettings(abstraction, semantics));
  const title = `labmc encoding of ${program.file} (${semantics} semantics): bmc of the abstract program (Darke et al.), unwind ${abstraction.unwind}`;
  const said = (script: SmtScript, lines: readonly string[]): SmtScript =>
    createSmtScript({ ...script, headerComments: [title, ...lines, ...describeAbstraction(abstraction)] });
  const artefacts: EmittedArtefact[] = [
    {
      suffix: '.labmc.smt2',
      content: said(queries.property, [
        'sat: the abstract program can fail: says nothing about the original (a counterexample search of the original follows)',
        queries.unwinding === undefined
          ? 'unsat: the abstract program is safe, and so is the original (the abstraction over-approximates every loop)'
          : `unsat: no failure within the unwinding; with ${baseName(program)}.labmc-unwinding.smt2 unsat too, the original is safe`,
      ]),
    },
  ];
  if (queries.unwinding !== undefined)
    artefacts.push({
      suffix: '.labmc-unwinding.smt2',
      content: said(queries.unwinding, [
        `asked after ${baseName(program)}.labmc.smt2 was unsat`,
        'unsat: the unwinding covers every abstract run: the abstract program is safe, and so is the original',
        'sat: some abstract loop outruns its bound: says nothing about the original (a counterexample search follows)',
      ]),
    });
  return { kind: 'emitted', artefacts };
}

/** the name --out-dir gives the program's files, before the suffix */
function baseName(program: Program): string {
  return basename(program.file, extname(program.file));
}

export const labmcEncoder: Encoder = {
  ...labmcDeclaration,
  emit: emitLabmc,
  solve: solveLabmc,
};
