// Constrained Horn clauses with one predicate per loop head (large-block encoding). The clauses are
// built by symbolic/horn-clauses.ts (shared with witness); this encoder solves them. In short:
//
// - Predicate Inv_L(scalars..., arrays...) over every variable of the program; arrays are nested SMT
//   arrays (Array Int Int) in int semantics, bit-vector arrays in bv semantics (both supported).
// - Segments: the entry (initial state: everything 0, as in the interpreter) and, for each loop L,
//   Inv_L ∧ condition ∧ body ∧ update → Inv_L, and Inv_L ∧ (¬condition ∨ break) ∧ the code after the
//   loop → the next loop head / a query. Inner loops end a segment in their own head predicate.
// - Updated arrays are passed into heads as `store` terms; merged values at joins are fresh clause
//   variables defined by an equality. Havoc is a fresh clause variable (range-constrained in int mode).
//   Int-mode operators without an exact encoding become fresh clause variables (over-approximation).
//
// Verdicts: the CHC solver's `sat` (an inductive model) → SAFE under `safeAssumptions`. `unsat` means
// a counterexample exists under the encoding; a concrete one is searched with bmc at unwind 1, 2, 4,
// ... within what is left of the time budget (one budget for the whole solve) and replayed; only a
// replayed failing assertion gives UNSAFE.

import type { Program } from '../../ir/types.js';
import { OutcomeRecorder } from '../../kernel/outcome.js';
import { searchProveSearch } from '../../kernel/strategy.js';
import { buildChcEncoding } from '../../symbolic/horn-clauses.js';
import { safeAssumptions } from '../../symbolic/variables.js';
import type { EmitContext, EmitResult, Encoder, EncoderContext, SolveOutcome } from '../../kernel/encoder.js';
import { solverUnknown } from '../../kernel/reasons.js';
import { chcDeclaration } from './declaration.js';

export const chcEncoder: Encoder = {
  ...chcDeclaration,
  async emit(program: Program, context: EmitContext): Promise<EmitResult> {
    const encoding = buildChcEncoding(program, context.options.semantics);
    return { kind: 'emitted', artefacts: [{ suffix: '.chc.smt2', content: encoding.system }] };
  },
  async solve(program: Program, context: EncoderContext): Promise<SolveOutcome> {
    const { options, solver, budget } = context;
    const recorder = new OutcomeRecorder();
    const encoding = recorder.measure('encode', () => buildChcEncoding(program, options.semantics));
    Object.assign(recorder.details, {
      predicates: encoding.system.predicates.length,
      clauses: encoding.system.clauses.length,
      inexact: encoding.inexactReasons,
    });
    return searchProveSearch(program, context, recorder, {
      // one budget for the whole solve: the CHC query, then the counterexample search in what is left
      prove: async () => {
        const result = await recorder.timed('solve', () =>
          solver.checkChc(encoding.system, { timeoutMilliseconds: budget.solverTimeout() }),
        );
        switch (result.kind) {
          case 'sat':
            return { kind: 'decided', verdict: { kind: 'safe', assumptions: safeAssumptions(options.semantics) } };
          case 'unknown':
            return { kind: 'decided', verdict: { kind: 'unknown', reason: solverUnknown('chc', result) } };
          case 'unsat':
            return { kind: 'search', why: 'chc: the clauses have no model', unknownKind: 'noReplay' };
          default: {
            const never: never = result;
            throw new Error(`unknown solver result ${JSON.stringify(never)}`);
          }
        }
      },
    });
  },
};
