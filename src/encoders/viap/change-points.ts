// The change points of a recurrence: the iterations at which its step singles out one index. In the
// step term x(n + 1) = F(n) of a loop with counter n, an atom `n + c = e` (either side, c a constant,
// e free of n) names the iteration e − c, as a write `if (k == size - 1) a[k] = …; else a[k] = …`
// (over-approximated to every index j, analysis/chosen-index-writes.ts) reaches a sum over the cells.
// iteration-proofs.ts guesses from each point p the invariant "x changes at no iteration below t
// but p": x(t) = x(0) + (x(p + 1) − x(p) where 0 <= p < t, else 0), whose base, step and use queries
// the solver checks (a point that is not one, or a step that changes x elsewhere, proves nothing).
//
// Soundness: none needed; the points only shape a guess. Only atoms outside binders are read (a
// bound variable must not leave its quantifier), and only those whose other side reads no symbol the
// step binds.

import { freeSymbolNames, intConstant, subtract, type SymbolTerm, type Term } from '../../smt/terms.js';

/** the points of the step term, at most `limit`, in the order of their atoms */
export function changePoints(step: Term, counter: SymbolTerm, limit: number): Term[] {
  const points: Term[] = [];
  const seen = new Set<Term>();
  const stack: Term[] = [step];
  while (stack.length > 0 && points.length < limit) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    if (current.kind === 'applyFunction') stack.push(...current.arguments);
    if (current.kind !== 'apply') continue;
    stack.push(...current.arguments);
    if (current.operator !== '=' || current.arguments.length !== 2) continue;
    const [left, right] = current.arguments as [Term, Term];
    const point = pointOf(left, right, counter) ?? pointOf(right, left, counter);
    if (point !== undefined && !points.some((known) => sameTerm(known, point))) points.push(point);
  }
  return points;
}

/** e − c where `offset` is n + c and `other` is free of n */
function pointOf(offset: Term, other: Term, counter: SymbolTerm): Term | undefined {
  const constant = offsetOf(offset, counter);
  if (constant === undefined || freeSymbolNames(other).has(counter.name)) return undefined;
  if (other.sort.kind !== 'int') return undefined;
  return subtract(other, intConstant(constant));
}

/** c where term is n + c (sums of n and constants, n once), else undefined */
function offsetOf(term: Term, counter: SymbolTerm): bigint | undefined {
  if (term.kind === 'symbol') return term.name === counter.name ? 0n : undefined;
  if (term.kind !== 'apply' || term.operator !== '+') return undefined;
  let constant = 0n;
  let counters = 0;
  for (const argument of term.arguments) {
    if (argument.kind === 'intConstant') constant += argument.value;
    else {
      const inner = offsetOf(argument, counter);
      if (inner === undefined) return undefined;
      constant += inner;
      counters++;
    }
  }
  return counters === 1 ? constant : undefined;
}

function sameTerm(left: Term, right: Term): boolean {
  return left === right || JSON.stringify(left, bigintText) === JSON.stringify(right, bigintText);
}

function bigintText(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}
