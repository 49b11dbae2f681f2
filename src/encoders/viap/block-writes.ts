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
// several writes where no cell is written by two of them within the loop's run (asked of the
// solver, for an arbitrary cell), x(n) = ite(written by the first before n, V1(n1*), ite(…, x(0)));
// otherwise the write with the latest n* < n gives the value (at a tie the outer write of the chain,
// the later statement). Other conjuncts of a write's condition (`i >= 0` around the write) are
// conditions of the write, read at n*.
//
// Soundness (K > 0, the widths and the disjointness are checked, K > 0 by the solver at the
// iterations the loop runs, K being loop-invariant): x(0) is the value before the loop; if write k
// is the outermost write that happens at n, n = nk*, which is the latest n* below n + 1 (the writes
// outer to k do not happen at n), so the form at n + 1 is Vk(n); if none happens, no n* equals n
// and the form does not change from n to n + 1, as x does not. By induction on n the form holds
// for 0 <= n <= count (decided).

import {
  constantPolynomial,
  degreeIn,
  isConstantPolynomial,
  subtractPolynomials,
  substitutePolynomial,
  addPolynomials,
  type Polynomial,
} from '../../analysis/polynomial.js';
import {
  and,
  euclideanDivide,
  euclideanModulo,
  implies,
  intConstant,
  ite,
  less,
  lessEqual,
  multiply,
  not,
  substituteTerm,
  type SymbolTerm,
  type Term,
} from '../../smt/terms.js';
import { printTerm } from '../../smt/printer.js';
import type { LoopContext } from './loop-context.js';
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
  context: LoopContext,
  placeholder: SymbolTerm,
  replaced: Term,
  initial: Term,
  count: Term,
  decide: Decide,
): Promise<Term | undefined> {
  const self = new Set([placeholder.name]);
  const writes: { readonly block: Block; readonly value: Term }[] = [];
  let rest = replaced;
  while (rest.kind === 'apply' && rest.operator === 'ite' && writes.length < maximumWrites) {
    rest = guardedWrite(rest);
    const [condition, value, otherwise] = (rest as Extract<Term, { kind: 'apply' }>).arguments as readonly [
      Term,
      Term,
      Term,
    ];
    if (dependsOn(value, self) || dependsOn(condition, self)) return undefined;
    const block = await blockOf(context, condition, placeholder, decide);
    if (block === undefined) return undefined;
    writes.push({ block, value });
    rest = otherwise;
  }
  if (rest !== placeholder || writes.length === 0) return undefined;
  const valueOf = (write: (typeof writes)[number]): Term =>
    substituteTerm(write.value, new Map([[context.counter.name, write.block.iteration]]));
  if (
    await disjoint(
      writes.map((write) => write.block),
      count,
      decide,
    )
  ) {
    return writes.reduceRight<Term>(
      (otherwise, write) => ite(write.block.writtenBefore(context.counter), valueOf(write), otherwise),
      initial,
    );
  }
  // writes that may reach the same cell: the last one wins, the outer write of the chain at the
  // same iteration (it is the later statement)
  return writes.reduceRight<Term>((otherwise, write, index) => {
    const latest = writes
      .slice(index + 1)
      .map((other) =>
        implies(other.block.writtenBefore(context.counter), lessEqual(other.block.iteration, write.block.iteration)),
      );
    return ite(and(write.block.writtenBefore(context.counter), ...latest), valueOf(write), otherwise);
  }, initial);
}

/** ite(g, ite(c, V, R), R) as ite(g and c, V, R): a write under a condition (`if (i >= 0) a[i] = V`) */
function guardedWrite(term: Extract<Term, { kind: 'apply' }>): Term {
  const [guard, inner, otherwise] = term.arguments as readonly [Term, Term, Term];
  if (inner.kind !== 'apply' || inner.operator !== 'ite' || printTerm(inner.arguments[2]!) !== printTerm(otherwise))
    return term;
  return ite(and(guard, inner.arguments[0]!), inner.arguments[1]!, otherwise);
}

/** whether no cell is written by two of the writes within the run (the solver asked for an arbitrary cell) */
async function disjoint(blocks: readonly Block[], count: Term, decide: Decide): Promise<boolean> {
  for (let first = 0; first < blocks.length; first++) {
    for (let second = first + 1; second < blocks.length; second++) {
      if (!(await decide(not(and(blocks[first]!.writtenBefore(count), blocks[second]!.writtenBefore(count))))))
        return false;
    }
  }
  return true;
}

/** one write's block: the iteration n* that writes the cell, and "written before `at`" */
interface Block {
  readonly iteration: Term;
  writtenBefore(at: Term): Term;
}

async function blockOf(
  context: LoopContext,
  condition: Term,
  placeholder: SymbolTerm,
  decide: Decide,
): Promise<Block | undefined> {
  const conjuncts = boundsOf(condition);
  if (conjuncts.length < 2 || conjuncts.length > maximumConjuncts) return undefined;
  const counter = context.counter.name;
  const varying = new Set([counter, placeholder.name]);
  const bounds = conjuncts.map((conjunct) => affineBound(conjunct, counter, varying, context));
  const termOf = (polynomial: Polynomial): Term =>
    polynomialTerm(polynomial, (name) => {
      if (name === counter) return context.counter;
      const term = context.atoms.termOf(name);
      if (term === undefined) throw new Error(`internal: viap: unknown polynomial variable ${name}`);
      return term;
    });
  // a bound with slope −K (an upper bound on n) and one with slope K, K > 0; the other conjuncts
  // are conditions on the write, read at n*
  for (const [upperIndex, upper] of bounds.entries()) {
    for (const [lowerIndex, lower] of bounds.entries()) {
      if (upper === undefined || lower === undefined || upperIndex === lowerIndex) continue;
      if (isConstantPolynomial(addPolynomials(upper.slope, lower.slope))?.numerator !== 0n) continue;
      const factor = subtractPolynomials(constantPolynomial(0n), upper.slope);
      // β1 + β2 − (K − 1) must be a constant <= 0 (at most one n per cell)
      const slack = isConstantPolynomial(
        subtractPolynomials(
          addPolynomials(upper.rest, lower.rest),
          subtractPolynomials(factor, constantPolynomial(1n)),
        ),
      );
      if (slack === undefined || slack.denominator !== 1n || slack.numerator > 0n) continue;
      const constantFactor = isConstantPolynomial(factor);
      if (
        constantFactor !== undefined
          ? constantFactor.numerator <= 0n || constantFactor.denominator !== 1n
          : !(await decide(less(intConstant(0n), termOf(factor))))
      )
        continue;
      const divisor = termOf(factor);
      const beta1 = termOf(upper.rest);
      const unit = constantFactor?.numerator === 1n;
      const iteration = unit ? beta1 : euclideanDivide(beta1, divisor);
      const hits =
        slack.numerator === 0n
          ? []
          : [lessEqual(euclideanModulo(beta1, divisor), termOf(addPolynomials(upper.rest, lower.rest)))];
      const others = conjuncts
        .filter((_, index) => index !== upperIndex && index !== lowerIndex)
        .map((conjunct) => substituteTerm(conjunct, new Map([[counter, iteration]])));
      return {
        iteration,
        // 0 <= n* < at, written without the division (K > 0): 0 <= β1 and β1 < at·K
        writtenBefore: (at) =>
          and(...hits, ...others, lessEqual(intConstant(0n), beta1), less(beta1, unit ? at : multiply(at, divisor))),
      };
    }
  }
  return undefined;
}

/** the most conjuncts in one write's condition */
const maximumConjuncts = 4;

/** the conjuncts of a write's condition, an equality as two bounds */
function boundsOf(condition: Term): Term[] {
  if (condition.kind !== 'apply') return [condition];
  if (condition.operator === 'and') return condition.arguments.flatMap(boundsOf);
  if (condition.operator === '=' && condition.arguments.length === 2 && condition.arguments[0]!.sort.kind === 'int') {
    const [left, right] = condition.arguments as readonly [Term, Term];
    return [lessEqual(left, right), lessEqual(right, left)];
  }
  return [condition];
}

/** `A <= B` or `A < B` (or their mirrors) as Q >= 0 with Q affine in the counter, else undefined */
function affineBound(
  conjunct: Term,
  counter: string,
  varying: ReadonlySet<string>,
  context: LoopContext,
): AffineBound | undefined {
  if (conjunct.kind !== 'apply' || conjunct.arguments.length !== 2) return undefined;
  const [left, right] = conjunct.arguments as readonly [Term, Term];
  let low: Term;
  let high: Term;
  let strict: boolean;
  switch (conjunct.operator) {
    case '<=':
      [low, high, strict] = [left, right, false];
      break;
    case '<':
      [low, high, strict] = [left, right, true];
      break;
    case '>=':
      [low, high, strict] = [right, left, false];
      break;
    case '>':
      [low, high, strict] = [right, left, true];
      break;
    default:
      return undefined;
  }
  const lowPolynomial = termPolynomial(low, varying, context.atoms);
  const highPolynomial = termPolynomial(high, varying, context.atoms);
  if (lowPolynomial === undefined || highPolynomial === undefined) return undefined;
  let difference = subtractPolynomials(highPolynomial, lowPolynomial);
  if (strict) difference = subtractPolynomials(difference, constantPolynomial(1n));
  if (degreeIn(difference, counter) !== 1) return undefined;
  const rest = substitutePolynomial(difference, new Map([[counter, constantPolynomial(0n)]]));
  const slope = subtractPolynomials(
    substitutePolynomial(difference, new Map([[counter, constantPolynomial(1n)]])),
    rest,
  );
  if (degreeIn(slope, counter) !== 0 || degreeIn(rest, counter) !== 0) return undefined;
  return { slope, rest };
}
