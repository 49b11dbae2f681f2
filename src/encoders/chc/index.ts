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
// Verdicts: the CHC solver's `sat` (an inductive model) → SAFE under `safeAssumptions`, with that
// model (asked for with the answer: `(get-model)`, which z3 4.8 and z3-wasm 4.15 both print as a list
// of define-funs) as the SAFE's certificate claim, which the kernel checks (kernel/certify.ts);
// a model the solver does not print, or one that does not define every predicate with its
// signature, is no certificate (`none`, with why), and the SAFE stands on the solver's word. A model
// the kernel's checker refutes makes the SAFE UNKNOWN, unless the second attempt this encoder offers
// for it (`retryCertificate`: the clauses once more, in the time left, with z3's slicing off; z3
// 4.8.12's Spacer answers some sliced systems sat with a model that fails a clause, and turning
// slicing off for every call made other programs 50 times slower) answers sat with a model the
// checker confirms. `unsat` means
// a counterexample exists under the encoding; a concrete one is searched with bmc at unwind 1, 2, 4,
// ... within what is left of the time budget (one budget for the whole solve) and replayed; only a
// replayed failing assertion gives UNSAFE.

import type { Program } from '../../ir/types.js';
import { readModel, type CertificateClaim } from '../../certificates/certificate.js';
import { OutcomeRecorder } from '../../kernel/outcome.js';
import { searchProveSearch } from '../../kernel/strategy.js';
import { buildChcEncoding } from '../../symbolic/horn-clauses.js';
import { safeAssumptions } from '../../symbolic/variables.js';
import { strictChcComp } from '../../smt/chc-comp.js';
import type { FunctionDeclaration } from '../../smt/terms.js';
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
    let certificateClaim: CertificateClaim | undefined;
    const outcome = await searchProveSearch(program, context, recorder, {
      // one budget for the whole solve: the CHC query, then the counterexample search in what is left
      prove: async () => {
        const result = await recorder.timed('solve', () =>
          solver.checkChc(encoding.system, { timeoutMilliseconds: budget.solverTimeout(), model: true }),
        );
        switch (result.kind) {
          case 'sat':
            // the solver solved (and modelled) the clauses in CHC-COMP's strict form
            certificateClaim = claimOf(result.model, strictChcComp(encoding.system).predicates, solver.name);
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
    if (outcome.verdict.kind !== 'safe' || certificateClaim === undefined) return outcome;
    const predicates = strictChcComp(encoding.system).predicates;
    // asked only after the checker refuted the first model (run-encoding.ts)
    const retryCertificate = async (): Promise<CertificateClaim | undefined> => {
      if (budget.expired()) return undefined;
      const result = await solver.checkChc(encoding.system, {
        timeoutMilliseconds: budget.solverTimeout(),
        model: true,
        chcSlicing: false,
      });
      return result.kind === 'sat' ? claimOf(result.model, predicates, solver.name, ', slicing off') : undefined;
    };
    return { ...outcome, certificateClaim, retryCertificate };
  },
};

/** the solver's model as the SAFE's certificate claim, or why it is none */
function claimOf(
  model: string | undefined,
  predicates: readonly FunctionDeclaration[],
  solverName: string,
  variant = '',
): CertificateClaim {
  if (model === undefined) return { kind: 'none', reason: `${solverName} printed no model with its sat answer` };
  const reading = readModel(model, predicates);
  if (reading.kind === 'malformed') return { kind: 'none', reason: `${solverName}'s model: ${reading.reason}` };
  return { kind: 'model', invariants: reading.invariants, source: `${solverName} (Spacer${variant})` };
}
