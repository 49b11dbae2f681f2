// Candidate closed forms of a cell updated by the iterations of one interval (viap encoding,
// pointwise-forms.ts): an outer pass over i runs an inner loop over j <= i (or j >= i) that sets a[j],
// or takes a maximum or minimum into it. The update of the cell x at iteration n is
//   x(n + 1) = ite(C(n), G(x(n), n), x(n))
// with C a threshold or point condition on n (counted-sums.ts intervalWhere: C holds at the
// iterations [lo, hi) of [0, n)), and G one of
// - a set, G = v(n) free of x: the last iteration that wrote the cell decides, x(n) = v(hi − 1);
// - a maximum, G = ite(x < v(n), v(n), x) (or its mirrored spellings): x(n) = max(x(0), v(t)) at
//   the t of [lo, hi) where v is largest, hi − 1 when v grows with n, lo when it shrinks;
// - a minimum, likewise;
// and x(n) = x(0) where the interval is empty (hi <= lo) or its guard (conditions free of n) fails.
//
// Soundness: these are guesses. The caller (decidedPointwiseForm) keeps one only once the solver
// shows that it starts at the cell's value and satisfies the update at every iteration the loop runs,
// so by induction on n it is the cell's value over that range; a wrong guess (v not monotone) fails
// that check and is dropped.

import { and, intConstant, ite, less, substituteTerm, subtract, type SymbolTerm, type Term } from '../../smt/terms.js';
import { printTerm } from '../../smt/printer.js';
import { intervalWhere } from './counted-sums.js';
import { dependsOn } from './polynomial-terms.js';

type Extremum = 'maximum' | 'minimum';

/** the candidate forms of x(n + 1) = `replaced` over the placeholder of x(n); empty when the update has another shape */
export function intervalCandidates(
  placeholder: SymbolTerm,
  replaced: Term,
  initial: Term,
  counter: SymbolTerm,
): Term[] {
  if (
    replaced.kind !== 'apply' ||
    replaced.operator !== 'ite' ||
    printTerm(replaced.arguments[2]!) !== printTerm(placeholder)
  )
    return [];
  const [condition, update] = replaced.arguments as readonly [Term, Term, Term];
  const self = new Set([placeholder.name]);
  if (dependsOn(condition, self)) return [];
  const interval = intervalWhere(condition, counter, new Set([placeholder.name, counter.name]));
  if (interval === undefined) return [];
  const written = and(...interval.guard, less(interval.lo, interval.hi));
  const at = (value: Term, iteration: Term): Term => substituteTerm(value, new Map([[counter.name, iteration]]));
  const last = subtract(interval.hi, intConstant(1n));
  if (!dependsOn(update, self)) return [ite(written, at(update, last), initial)];
  const extremum = extremumOf(update, placeholder);
  if (extremum === undefined || dependsOn(extremum.value, self)) return [];
  const better = (offered: Term): Term => {
    const replaces = extremum.kind === 'maximum' ? less(initial, offered) : less(offered, initial);
    return ite(replaces, offered, initial);
  };
  return [last, interval.lo].map((iteration) => ite(written, better(at(extremum.value, iteration)), initial));
}

/** G = ite(x < v, v, x) and its spellings as a maximum of x and v; the mirrored ones as a minimum */
function extremumOf(
  update: Term,
  placeholder: SymbolTerm,
): { readonly kind: Extremum; readonly value: Term } | undefined {
  if (update.kind !== 'apply' || update.operator !== 'ite') return undefined;
  let [condition, thenValue, elseValue] = update.arguments as readonly [Term, Term, Term];
  if (condition.kind === 'apply' && condition.operator === 'not') {
    condition = condition.arguments[0]!;
    [thenValue, elseValue] = [elseValue, thenValue];
  }
  if (condition.kind !== 'apply' || condition.arguments.length !== 2) return undefined;
  const [left, right] = condition.arguments as readonly [Term, Term];
  // ite(x < v, v, x): the value v replaces x when it is larger
  const smallerSide =
    condition.operator === '<' || condition.operator === '<='
      ? left
      : condition.operator === '>' || condition.operator === '>='
        ? right
        : undefined;
  const largerSide = smallerSide === left ? right : left;
  if (smallerSide === undefined) return undefined;
  const same = (one: Term, other: Term): boolean => one === other || printTerm(one) === printTerm(other);
  const x = placeholder;
  if (same(smallerSide, x) && same(thenValue, largerSide) && same(elseValue, x))
    return { kind: 'maximum', value: largerSide };
  if (same(largerSide, x) && same(thenValue, smallerSide) && same(elseValue, x))
    return { kind: 'minimum', value: smallerSide };
  if (same(smallerSide, x) && same(thenValue, x) && same(elseValue, largerSide))
    return { kind: 'minimum', value: largerSide };
  if (same(largerSide, x) && same(thenValue, x) && same(elseValue, smallerSide))
    return { kind: 'maximum', value: smallerSide };
  return undefined;
}
