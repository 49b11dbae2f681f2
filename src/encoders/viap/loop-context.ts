// The shared types of one loop's summary in the viap encoding (loops.ts): what the loop's analyses
// (forms.ts, arrays.ts, pointwise-forms.ts, block-writes.ts, monotone.ts) receive about the loop,
// and the plan chosen for each array it writes. Types only: they sit below those files, so each
// reads them without importing the others.

import type { ArrayVariable, LoopStatement, ScalarVariable } from '../../ir/types.js';
import type { FunctionDeclaration, SymbolTerm, Term } from '../../smt/terms.js';
import type { AtomTable } from './polynomial-terms.js';
import type { ExecutionState, Parameters, Translator } from './translate.js';

/** one loop being summarised: its translator, state before it, counter and what holds around it */
export interface LoopContext {
  readonly translator: Translator;
  readonly loop: LoopStatement;
  readonly state: ExecutionState;
  readonly parameters: Parameters;
  readonly counter: SymbolTerm;
  readonly scalars: readonly ScalarVariable[];
  readonly arrays: readonly ArrayVariable[];
  readonly atoms: AtomTable;
  /** placeholder name → the slot's value before the loop */
  readonly initialByPlaceholder: Map<string, Term>;
  /** what a run that reaches the loop satisfies (conjunction) */
  readonly factsBefore: Term;
  /** what holds around the loop (Frame.context of the frame it runs in) */
  readonly enclosing: readonly Term[];
}

/** how a written array is described (arrays.ts): cells of forms.ts, instantiation at disjoint cells, or a recurrence */
export type ArrayPlan =
  | { readonly kind: 'cells' }
  | {
      readonly kind: 'instantiated';
      readonly dimension: number;
      readonly stride: bigint;
      readonly offsets: readonly Term[];
      readonly function: FunctionDeclaration;
      /**
       * per offset, W_a's defining value over the cell variables, once the body is known and when it
       * does not read W_a itself: views after the loop use it in place of W_a (the axiom's instance)
       */
      definitions?: readonly { readonly cells: readonly SymbolTerm[]; readonly value: Term }[];
    }
  | {
      readonly kind: 'recurrence';
      readonly function: FunctionDeclaration;
      readonly reason: string;
      /**
       * each cell's value at iteration n (the counter) over the cell variables, when every cell evolves
       * on its own (pointwiseClosedForm); set once the body is known, so only the views after the loop
       * (at a count >= 0 on every run that reaches the loop) read through it
       */
      pointwise?: PointwiseForm;
    };

/** a closed form over the cell variables and the counter, and whether it holds only up to the count */
export interface PointwiseForm {
  readonly cells: readonly SymbolTerm[];
  readonly value: Term;
  readonly decided: boolean;
}
