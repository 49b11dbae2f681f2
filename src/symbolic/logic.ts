// The SMT-LIB logic of a script built by the symbolic executor (bmc and the unrolled queries of
// accel, shrink, induct and the kernel's searches): one choice for all of them.
// - constant arrays (initial contents, fills) are outside the QF_AUF* logics: ALL;
// - bit-vector semantics: QF_AUFBV;
// - nonlinear integer terms (products of unknowns, closed forms of inner loops): AUFNIRA, so that z3
//   runs its general core rather than its QF_NIA strategy. Measured on the bmc and induct queries of
//   bench/symbolic (2026-11-29): the same answers on every query; 33 s against 20 s in all with
//   Debian's z3 4.8.12, 44 s against 28 s with z3-wasm 4.15 (one query 9.7 s against 0.9 s), and
//   induct's fixed-size base cases 7.2 s against 3.1 s with z3-wasm: QF_NIA's strategy first tries
//   bit-blasting small bounds (nla2bv), thousands of SAT variables per query;
// - otherwise QF_AUFLIA.
// The logic only selects the solver's strategy: the assertions and their meaning are the same.

import type { Semantics } from '../ir/types.js';
import { containsConstantArray, type Term } from '../smt/terms.js';

export type UnrolledScriptLogic = 'ALL' | 'QF_AUFBV' | 'AUFNIRA' | 'QF_AUFLIA';

export function unrolledScriptLogic(
  terms: Iterable<Term>,
  semantics: Semantics,
  nonlinear: boolean,
): UnrolledScriptLogic {
  for (const term of terms) if (containsConstantArray(term)) return 'ALL';
  if (semantics === 'bv') return 'QF_AUFBV';
  return nonlinear ? 'AUFNIRA' : 'QF_AUFLIA';
}
