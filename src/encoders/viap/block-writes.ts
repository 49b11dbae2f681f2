// The closed form of a cell that a loop writes at most once, each write at the one iteration whose
// block of cells holds it (viap encoding). The flattened grid `for (i …) for (j = 0; j < N; j++)
// a[i * N + j] = V` gives the cell recurrence x(n + 1) = ite(0 <= c − n·N and c − n·N < N, V(n),
// x(n)): pass n writes the cells [n·N, n·N + N). A copy from both ends, `b[i] = a[i]; b[S − 1 − i] =
// a[S − 1 − i]` for i < S/2, gives a chain ite(c = S − 1 − n, V2(n), ite(c = n, V1(n), x(n))).
//
// Each write's condition is Q1(n) >= 0 and Q2(n) >= 0 (an equality is two such bounds) with
// Q1 = β1 − K·n and Q2 = K·n + β2 (K, β1, β2 free of n and x; a strict `<` read as `<= … − 1`),
// that is −β2 <= K·n <= β1. With K > 0 and β1 + β2 <= K − 1 at most one n satisfies it:
// n* = β1 div K, when β1 mod K <= β1 + β2. "Written before n" is that, with 0 <= n* < n. With
// several writes, no cell may be written by two of them within the loop's run (asked of the
// solver, for an arbitrary cell). Then x(n) = ite(written by the first before n, V1(n1*), ite(…,
// x(0))).
//
// Soundness (K > 0, the widths and the disjointness are checked, K > 0 by the solver at the
// iterations the loop runs, K being loop-invariant): x(0) is the value before the loop; if write k
// happens at n (and no write before it in the chain), n = nk*, no other write reaches the cell
// before the count, and the form at n + 1 is Vk(n); if none happens, no n* equals n and the form
// does not change from n to n + 1, as x does not. By induction on n the form holds for
// 0 <= n <= count (decided).

import { constantPolynomial, degreeIn, isConstantPolynomial, subtractPolynomials, substitutePolynomial, addPolynomials, type Polynomial } from '../../analysis/polynomial.js';
import {
  and, euclideanDivide, euclideanModulo, intConstant, ite, less, lessEqual, multiply, not, substituteTerm, type SymbolTerm, type Term,
} from '../../smt/terms.js';
import type { LoopContext } from './forms.js';
import { dependsOn, polynomialTerm, termPolynomial } from './polynomial-terms.js';

/** one conjunct as Q >= 0, Q affine in the counter: Q = slope·n + rest */
interface AffineBound {
  readonly slope: Polynomial;
  readonly rest: Polynomial;
}

/** the most writes in one chain */
const maximumWrites = 3;

/** what the solver is asked: the goal holds at the iterations the loop runs */
export type Decide = (goal: Term) => Promise<boolean>;

/**
 * x(n) for x(n + 1) = `replaced` (over the placeholder of x(n)) when it is a chain of block writes,
 * else undefined; `count` is the loop's number of iterations.
 */
export async function blockWriteForm(
  context: LoopContext, placeholder: SymbolTerm, replaced: Term, initial: Term, count: Term, decide: Decide,
): Promise<Term | undefined> {
  const self = new Set([placeholder.name]);
  const writes: { readonly block: Block; readonly value: Term }[] = [];
  let rest = replaced;
  while (rest.kind === 'apply' && rest.operator === 'ite' && writes.length < maximumWrites) {
    const [condition, value, otherwise] = rest.arguments as readonly [Term, Term, Term];
    if (dependsOn(value, self) || dependsOn(condition, self)) return undefined;
    const block = await blockOf(context, condition, placeholder, decide);
    if (block === undefined) return undefined;
    writes.push({ block, value });
    rest = otherwise;
  }
  if (rest !== placeholder || writes.length === 0) return undefined;
  for (let first = 0; first < writes.length; first++) {
    for (let second = first + 1; second < writes.length; second++) {
      if (!(await decide(not(and(writes[first]!.block.writtenBefore(count), writes[second]!.block.writtenBefore(count)))))) return undefined;
    }
  }
  return writes.reduceRight<Term>(
    (otherwise, write) => ite(write.block.writtenBefore(context.counter), substituteTerm(write.value, new Map([[context.counter.name, write.block.iteration]])), otherwise),
    initial,
  );
}

/** one write's block: the iteration n* that writes the cell, and "written before `at`" */
interface Block {
  readonly iteration: Term;
  writtenBefore(at: Term): Term;
}

async function blockOf(context: LoopContext, condition: Term, placeholder: SymbolTerm, decide: Decide): Promise<Block | undefined> {
  if (condition.kind !== 'apply' || condition.arguments.length !== 2) return undefined;
  const [left, right] = condition.arguments as readonly [Term, Term];
  const conjuncts = condition.operator === '=' ? [lessEqual(left, right), lessEqual(right, left)] : condition.operator === 'and' ? [left, right] : undefined;
  if (conjuncts === undefined) return undefined;
  const counter = context.counter.name;
  const varying = new Set([counter, placeholder.name]);
  const bounds: AffineBound[] = [];
  for (const conjunct of conjuncts) {
    const bound = affineBound(conjunct, counter, varying, context);
    if (bound === undefined) return undefined;
    bounds.push(bound);
  }
  const [first, second] = bounds as [AffineBound, AffineBound];
  if (isConstantPolynomial(addPolynomials(first.slope, second.slope))?.numerator !== 0n) return undefined;
  const termOf = (polynomial: Polynomial): Term => polynomialTerm(polynomial, (name) => {
    if (name === counter) return context.counter;
    const term = context.atoms.termOf(name);
    if (term === undefined) throw new Error(`internal: viap: unknown polynomial variable ${name}`);
    return term;
  });
  // the bound with slope −K (an upper bound on n) and the one with slope K, K > 0: either order
  for (const [upper, lower] of [[first, second], [second, first]] as const) {
    const factor = subtractPolynomials(constantPolynomial(0n), upper.slope);
    // β1 + β2 − (K − 1) must be a constant <= 0 (at most one n per cell)
    const slack = isConstantPolynomial(subtractPolynomials(addPolynomials(upper.rest, lower.rest), subtractPolynomials(factor, constantPolynomial(1n))));
    if (slack === undefined || slack.denominator !== 1n || slack.numerator > 0n) continue;
    const constantFactor = isConstantPolynomial(factor);
    if (constantFactor !== undefined ? constantFactor.numerator <= 0n || constantFactor.denominator !== 1n : !(await decide(less(intConstant(0n), termOf(factor))))) continue;
    const divisor = termOf(factor);
    const beta1 = termOf(upper.rest);
    const unit = constantFactor?.numerator === 1n;
    const hits = slack.numerator === 0n ? [] : [lessEqual(euclideanModulo(beta1, divisor), termOf(addPolynomials(upper.rest, lower.rest)))];
    return {
      iteration: unit ? beta1 : euclideanDivide(beta1, divisor),
      // 0 <= n* < at, written without the division (K > 0): 0 <= β1 and β1 < at·K
      writtenBefore: (at) => and(...hits, lessEqual(intConstant(0n), beta1), less(beta1, unit ? at : multiply(at, divisor))),
    };
  }
  return undefined;
}

/** `A <= B` or `A < B` (or their mirrors) as Q >= 0 with Q affine in the counter, else undefined */
function affineBound(conjunct: Term, counter: string, varying: ReadonlySet<string>, context: LoopContext): AffineBound | undefined {
  if (conjunct.kind !== 'apply' || conjunct.arguments.length !== 2) return undefined;
  const [left, right] = conjunct.arguments as readonly [Term, Term];
  let low: Term;
  let high: Term;
  let strict: boolean;
  switch (conjunct.operator) {
    case '<=': [low, high, strict] = [left, right, false]; break;
    case '<': [low, high, strict] = [left, right, true]; break;
    case '>=': [low, high, strict] = [right, left, false]; break;
    case '>': [low, high, strict] = [right, left, true]; break;
    default: return undefined;
  }
  const lowPolynomial = termPolynomial(low, varying, context.atoms);
  const highPolynomial = termPolynomial(high, varying, context.atoms);
  if (lowPolynomial === undefined || highPolynomial === undefined) return undefined;
  let difference = subtractPolynomials(highPolynomial, lowPolynomial);
  if (strict) difference = subtractPolynomials(difference, constantPolynomial(1n));
  if (degreeIn(difference, counter) !== 1) return undefined;
  const rest = substitutePolynomial(difference, new Map([[counter, constantPolynomial(0n)]]));
  const slope = subtractPolynomials(substitutePolynomial(difference, new Map([[counter, constantPolynomial(1n)]])), rest);
  if (degreeIn(slope, counter) !== 0 || degreeIn(rest, counter) !== 0) return undefined;
  return { slope, rest };
}
