// A tiny evaluator of SMT terms for the encoder tests: Int, Bool and bit-vector operators and arrays
// (as functions with a default). Returns undefined for unknown symbols or unsupported operators.

import type { Term } from '../../src/smt/terms.js';

export type EvaluatedValue = bigint | boolean | EvaluatedArray;
export interface EvaluatedArray {
  readonly defaultValue: EvaluatedValue;
  readonly entries: ReadonlyMap<string, EvaluatedValue>;
}

function key(value: EvaluatedValue): string {
  if (typeof value === 'object') throw new Error('array index');
  return String(value);
}

function toSigned(value: bigint, width: number): bigint {
  return value >= 1n << BigInt(width - 1) ? value - (1n << BigInt(width)) : value;
}
function wrap(value: bigint, width: number): bigint {
  const modulus = 1n << BigInt(width);
  return ((value % modulus) + modulus) % modulus;
}
function euclideanDivide(left: bigint, right: bigint): bigint {
  const remainder = ((left % right) + (right < 0n ? -right : right)) % (right < 0n ? -right : right);
  return (left - remainder) / right;
}

export function evaluateTerm(term: Term, assignment: ReadonlyMap<string, EvaluatedValue>): EvaluatedValue | undefined {
  switch (term.kind) {
    case 'boolConstant':
    case 'intConstant':
    case 'bitvectorConstant':
      return term.value;
    case 'symbol':
      return assignment.get(term.name);
    case 'constantArray': {
      const value = evaluateTerm(term.value, assignment);
      return value === undefined ? undefined : { defaultValue: value, entries: new Map() };
    }
    case 'apply': {
      const values: EvaluatedValue[] = [];
      if (term.operator === 'ite') {
        const condition = evaluateTerm(term.arguments[0]!, assignment);
        if (condition === undefined) return undefined;
        return evaluateTerm(term.arguments[condition ? 1 : 2]!, assignment);
      }
      for (const argument of term.arguments) {
        const value = evaluateTerm(argument, assignment);
        if (value === undefined) return undefined;
        values.push(value);
      }
      const widthOf = (index: number): number => {
        const sort = term.arguments[index]!.sort;
        if (sort.kind !== 'bitvector') throw new Error('not a bit-vector');
        return sort.width;
      };
      const big = (index: number): bigint => values[index] as bigint;
      const bool = (index: number): boolean => values[index] as boolean;
      const resultWidth = term.sort.kind === 'bitvector' ? term.sort.width : 0;
      switch (term.operator) {
        case 'not':
          return !bool(0);
        case 'and':
          return values.every((value) => value === true);
        case 'or':
          return values.some((value) => value === true);
        case '=>':
          return !bool(0) || bool(1);
        case 'xor':
          return bool(0) !== bool(1);
        case '=':
          return key(values[0]!) === key(values[1]!);
        case 'distinct':
          return key(values[0]!) !== key(values[1]!);
        case '+':
          return values.reduce((sum, value) => (sum as bigint) + (value as bigint), 0n);
        case '-':
          return values.length === 1 ? -big(0) : big(0) - big(1);
        case '*':
          return values.reduce((product, value) => (product as bigint) * (value as bigint), 1n);
        case 'div':
          return big(1) === 0n ? 0n : euclideanDivide(big(0), big(1));
        case 'mod':
          return big(1) === 0n ? 0n : big(0) - big(1) * euclideanDivide(big(0), big(1));
        case '<':
          return big(0) < big(1);
        case '<=':
          return big(0) <= big(1);
        case '>':
          return big(0) > big(1);
        case '>=':
          return big(0) >= big(1);
        case 'select': {
          const array = values[0] as EvaluatedArray;
          return array.entries.get(key(values[1]!)) ?? array.defaultValue;
        }
        case 'store': {
          const array = values[0] as EvaluatedArray;
          const entries = new Map(array.entries);
          entries.set(key(values[1]!), values[2]!);
          return { defaultValue: array.defaultValue, entries };
        }
        case 'bvadd':
          return wrap(big(0) + big(1), resultWidth);
        case 'bvsub':
          return wrap(big(0) - big(1), resultWidth);
        case 'bvmul':
          return wrap(big(0) * big(1), resultWidth);
        case 'bvneg':
          return wrap(-big(0), resultWidth);
        case 'bvnot':
          return wrap(~big(0), resultWidth);
        case 'bvand':
          return big(0) & big(1);
        case 'bvor':
          return big(0) | big(1);
        case 'bvxor':
          return big(0) ^ big(1);
        case 'bvudiv':
          return big(1) === 0n ? wrap(-1n, resultWidth) : big(0) / big(1);
        case 'bvurem':
          return big(1) === 0n ? big(0) : big(0) % big(1);
        case 'bvsdiv': {
          const width = widthOf(0);
          const left = toSigned(big(0), width);
          const right = toSigned(big(1), width);
          if (right === 0n) return 0n; // unspecified: callers guard it by definedness
          return wrap(left / right, width);
        }
        case 'bvsrem': {
          const width = widthOf(0);
          const right = toSigned(big(1), width);
          if (right === 0n) return 0n;
          return wrap(toSigned(big(0), width) % right, width);
        }
        case 'bvshl':
          return big(1) >= BigInt(resultWidth) ? 0n : wrap(big(0) << big(1), resultWidth);
        case 'bvlshr':
          return big(1) >= BigInt(resultWidth) ? 0n : big(0) >> big(1);
        case 'bvashr': {
          const shift = big(1) >= BigInt(resultWidth) ? BigInt(resultWidth) : big(1);
          return wrap(toSigned(big(0), resultWidth) >> shift, resultWidth);
        }
        case 'bvult':
          return big(0) < big(1);
        case 'bvule':
          return big(0) <= big(1);
        case 'bvugt':
          return big(0) > big(1);
        case 'bvuge':
          return big(0) >= big(1);
        case 'bvslt':
          return toSigned(big(0), widthOf(0)) < toSigned(big(1), widthOf(1));
        case 'bvsle':
          return toSigned(big(0), widthOf(0)) <= toSigned(big(1), widthOf(1));
        case 'bvsgt':
          return toSigned(big(0), widthOf(0)) > toSigned(big(1), widthOf(1));
        case 'bvsge':
          return toSigned(big(0), widthOf(0)) >= toSigned(big(1), widthOf(1));
        case 'extract':
          return (big(0) >> BigInt(term.indices[1]!)) & ((1n << BigInt(term.indices[0]! - term.indices[1]! + 1)) - 1n);
        case 'zero_extend':
          return big(0);
        case 'sign_extend':
          return wrap(toSigned(big(0), widthOf(0)), resultWidth);
        default:
          return undefined;
      }
    }
    default:
      return undefined;
  }
}
