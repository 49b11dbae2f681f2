// Read-over-write elimination: every `select` over an array term built from `store`, `ite`,
// constant arrays and array lambdas is rewritten, exactly, into an `ite` tree over selects of
// array *constants*:
//   select(store(a, i, v), j)   = ite(i = j, v, select(a, j))
//   select(ite(c, a, b), j)     = ite(c, select(a, j), select(b, j))
//   select(const(v), j)         = v
//   select(lambda k. body, j)   = body[k := j]
// The accel encoding uses it so that no array lambda reaches the solver: z3 4.15 gives up
// ("incomplete (theory array)") on lambdas that occur other than directly under a select.
// Precondition: array-sorted terms occur only as the array argument of select/store/ite (no array
// equalities, no arrays passed to functions); `eliminateArrayWrites` throws otherwise, so a caller
// never gets a silently different formula.

import { checkBudget } from '../budget-check.js';
import { apply, ite, substituteTerm, equal, type Term } from './terms.js';

/**
 * The rewrite was stopped by its caller's `stop` (the result can grow exponentially with the
 * nesting of array merges, so the caller bounds it by its time budget).
 */
export class RewriteStopped extends Error {
  override readonly name = 'RewriteStopped';
}

export interface RewriteLimits {
  /** asked every few thousand steps; true stops the rewrite with `RewriteStopped` */
  readonly stop?: () => boolean;
}

/** steps between two questions to `stop` */
const stepsBetweenChecks = 2048;

export function eliminateArrayWrites(root: Term, limits: RewriteLimits = {}): Term {
  const rewritten = new Map<Term, Term>();
  const reads = new Map<Term, Map<Term, Term>>();
  let steps = 0;
  const step = (): void => {
    if (++steps % stepsBetweenChecks !== 0) return;
    if (limits.stop?.() === true) throw new RewriteStopped(`read-over-write stopped after ${steps} steps`);
    // the run's budget (budget-check.ts), for callers without a `stop` of their own
    checkBudget('read-over-write elimination');
  };

  /** select(array, index) with `index` already rewritten */
  const read = (array: Term, index: Term): Term => {
    step();
    let byIndex = reads.get(array);
    if (byIndex === undefined) {
      byIndex = new Map();
      reads.set(array, byIndex);
    }
    const known = byIndex.get(index);
    if (known !== undefined) return known;
    let result: Term;
    switch (array.kind) {
      case 'symbol':
        result = apply('select', [array, index], elementSort(array));
        break;
      case 'constantArray':
        result = array.value.sort.kind === 'array' ? array.value : rewrite(array.value);
        break;
      case 'quantifier': {
        if (array.quantifier !== 'lambda') throw new Error('internal: read-over-write: a quantifier of array sort');
        const body = substituteTerm(array.body, new Map([[array.variables[0]!.name, index]]));
        result = body.sort.kind === 'array' ? body : rewrite(body);
        break;
      }
      case 'apply': {
        if (array.operator === 'store') {
          const [base, written, value] = array.arguments as [Term, Term, Term];
          const writtenIndex = rewrite(written);
          // an array-valued cell (nested arrays) stays an array term: the enclosing select reads it
          const cell = value.sort.kind === 'array' ? value : rewrite(value);
          result = writtenIndex === index ? cell : ite(equal(writtenIndex, index), cell, read(base, index));
        } else if (array.operator === 'ite') {
          const [condition, whenTrue, whenFalse] = array.arguments as [Term, Term, Term];
          result = ite(rewrite(condition), read(whenTrue, index), read(whenFalse, index));
        } else if (array.operator === 'select') {
          // an array read out of a nested array: reduce the inner read first
          const inner = rewrite(array);
          if (inner === array) {
            result = apply('select', [array, index], elementSort(array));
          } else {
            result = read(inner, index);
          }
        } else {
          throw new Error(`internal: read-over-write: array-sorted ${array.operator}`);
        }
        break;
      }
      default:
        throw new Error(`internal: read-over-write: array-sorted ${array.kind}`);
    }
    byIndex.set(index, result);
    return result;
  };

  const rewrite = (term: Term): Term => {
    const known = rewritten.get(term);
    if (known !== undefined) return known;
    step();
    let result: Term;
    switch (term.kind) {
      case 'boolConstant':
      case 'intConstant':
      case 'bitvectorConstant':
      case 'symbol':
        result = term;
        break;
      case 'apply': {
        if (term.operator === 'select') {
          result = read(term.arguments[0]!, rewrite(term.arguments[1]!));
          break;
        }
        if (term.arguments.some((argument) => argument.sort.kind === 'array') && term.operator !== 'ite') {
          throw new Error(`internal: read-over-write: an array argument of ${term.operator}`);
        }
        if (term.operator === 'ite' && term.sort.kind === 'array') {
          // an array-valued ite outside a select is left for `read` to push into
          result = term;
          break;
        }
        const argumentsList = term.arguments.map(rewrite);
        result = argumentsList.every((argument, index) => argument === term.arguments[index])
          ? term
          : apply(term.operator, argumentsList, term.sort, term.indices);
        break;
      }
      case 'applyFunction': {
        if (term.arguments.some((argument) => argument.sort.kind === 'array'))
          throw new Error('internal: read-over-write: an array passed to a function');
        const argumentsList = term.arguments.map(rewrite);
        result = argumentsList.every((argument, index) => argument === term.arguments[index])
          ? term
          : Object.freeze({ ...term, arguments: Object.freeze(argumentsList) });
        break;
      }
      case 'constantArray':
        result = term;
        break;
      case 'quantifier': {
        const body = rewrite(term.body);
        result = body === term.body ? term : Object.freeze({ ...term, body });
        break;
      }
      case 'let':
        throw new Error('internal: read-over-write: let terms are not expected');
      default: {
        const never: never = term;
        throw new Error(`internal: unknown term ${JSON.stringify(never)}`);
      }
    }
    rewritten.set(term, result);
    return result;
  };

  if (root.sort.kind === 'array') throw new Error('internal: read-over-write: an array-sorted root');
  return rewrite(root);
}

function elementSort(array: Term) {
  if (array.sort.kind !== 'array') throw new Error('internal: select on a non-array');
  return array.sort.element;
}
