// Whether the copy segments analysis/permuted-copies.ts found make y a permutation of x over a fold's
// range [low, high): the questions asked of the solver (kernel/reordered-folds.ts asks them with the
// laws of the two folds). With R(m) = low ≤ m < high (in the folds' counter type, the type of every
// index involved), covers_t(m) = "segment t writes y[m]" (A ≤ m ∧ m < B for a loop, m = e for one
// cell), src_t(m) its source index and D the definedness of the expressions the segments evaluate
// (divisions by a non-zero value; a run that reaches the folds evaluated them):
//   cover:     R(m) → some covers_t(m);
//   once:      R(m) ∧ covers_t(m) → ¬covers_u(m)                 (t ≠ u);
//   inside:    R(m) ∧ covers_t(m) → R(src_t(m));
//   injective: R(m) ∧ R(m') ∧ m ≠ m' ∧ covers_t(m) ∧ covers_u(m') → src_t(m) ≠ src_u(m').
// Every cell of the range is then written by exactly one segment (the order of the segments does not
// matter) with x[src(m)], src maps the range injectively into itself, hence onto it: the cells of y
// over the range are those of x in another order (x and y keep them until the folds: the analysis
// checks it), and a fold whose exchange law holds gives the same result over both. A premise of the
// questions (the facts that hold in the block, `facts`) is only what holds on every run there.
//
// Soundness: the answers other than unsat leave the folds alone; every index is converted to the array
// index sort by the same injective conversion (the counter type is at most 64 bits wide).

import { convertTo, createBinary, createVariableExpression } from '../ir/factory.js';
import type { Expression, ScalarVariable, Semantics } from '../ir/types.js';
import { scalarsReadBy } from '../ir/visit.js';
import type { CopySegment, PermutedCopy } from '../analysis/permuted-copies.js';
import type { OrderedFold } from '../analysis/reordered-folds.js';
import { and, distinct, falseTerm, implies, or, type Term } from '../smt/terms.js';
import { bitvectorIndexWidth } from '../symbolic/expressions.js';
import { FoldTerms, NotExact } from './fold-terms.js';

/** the questions of the header, as laws (each proven when its negation is unsat); NotExact when an expression cannot be read */
export function permutationLaws(
  copy: PermutedCopy,
  fold: OrderedFold,
  semantics: Semantics,
  facts: readonly Expression[],
): Term[] {
  const counter = fold.counter;
  if (counter.type.width > bitvectorIndexWidth) throw new NotExact('index wider than the index sort');
  const terms = new FoldTerms(
    { ...fold, step: (fold.loop.update[0] as Extract<(typeof fold.loop.update)[0], { kind: 'assign' }>).value },
    semantics,
  );
  const values = new Map<number, Term>();
  const expressions: Expression[] = [fold.low, fold.high, ...facts];
  for (const segment of copy.segments)
    expressions.push(
      ...(segment.kind === 'loop'
        ? [segment.from, segment.condition, segment.source]
        : [segment.target, segment.source]),
    );
  const variables = new Map<number, ScalarVariable>();
  for (const expression of expressions)
    for (const [id, variable] of scalarsReadBy(expression)) variables.set(id, variable);
  for (const [id, variable] of variables) values.set(id, terms.fresh(`v${id}`, variable));
  // the definedness of what a run evaluates whatever m is (bounds, loop starts and conditions, cells)
  const definedness: Term[] = [];
  const read = (
    expression: Expression,
    at: ReadonlyMap<number, Term>,
    as: 'value' | 'condition',
    sink: Term[] = definedness,
  ): Term => {
    const translation = terms.translation(expression, new Map([...values, ...at]), undefined, as);
    sink.push(translation.definedness);
    return translation.term;
  };
  const counterValue = createVariableExpression(counter);
  const inRange = (point: Term): Term =>
    and(
      read(
        createBinary('lessEqual', convertTo(fold.low, counter.type), counterValue),
        new Map([[counter.id, point]]),
        'condition',
      ),
      read(
        createBinary('less', counterValue, convertTo(fold.high, counter.type)),
        new Map([[counter.id, point]]),
        'condition',
      ),
    );
  const covers = (segment: CopySegment, point: Term): Term => {
    if (segment.kind === 'cell')
      return read(createBinary('equal', counterValue, segment.target), new Map([[counter.id, point]]), 'condition');
    const at = new Map([[segment.counter.id, point]]);
    const loopCounter = createVariableExpression(segment.counter);
    return and(
      read(createBinary('lessEqual', convertTo(segment.from, segment.counter.type), loopCounter), at, 'condition'),
      read(segment.condition, at, 'condition'),
    );
  };
  // σ(m) is evaluated only where its segment writes y[m]: its definedness is a premise there alone
  const source = (segment: CopySegment, point: Term, premises: Term[]): Term =>
    segment.kind === 'loop'
      ? read(segment.source, new Map([[segment.counter.id, point]]), 'value', premises)
      : read(segment.source, new Map(), 'value');
  const known = facts.map((fact) => read(fact, new Map(), 'condition'));
  const [m, other] = [terms.fresh('m', counter), terms.fresh('mOther', counter)];
  const laws: Term[] = [];
  const { segments } = copy;
  // each law's own expressions first, then its premises with the definedness read so far
  const law = (build: (premises: Term[]) => Term): void => {
    const premises: Term[] = [];
    const conclusion = build(premises);
    laws.push(implies(and(...known, ...definedness, ...premises), conclusion));
  };
  law((premises) => {
    premises.push(inRange(m));
    return or(...segments.map((segment) => covers(segment, m)));
  });
  for (const [position, segment] of segments.entries()) {
    for (const later of segments.slice(position + 1))
      law((premises) => {
        premises.push(inRange(m), covers(segment, m), covers(later, m));
        return falseTerm;
      });
    law((premises) => {
      premises.push(inRange(m), covers(segment, m));
      return inRange(source(segment, m, premises));
    });
    for (const second of segments.slice(position))
      law((premises) => {
        premises.push(inRange(m), inRange(other), distinct(m, other), covers(segment, m), covers(second, other));
        return distinct(source(segment, m, premises), source(second, other, premises));
      });
  }
  return laws;
}
