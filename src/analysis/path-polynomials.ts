// A straight-line loop path read as polynomials (accel's acceleration, Kroening et al. Sect. 3.1, and
// induct's inner-loop summaries): the value of every scalar the path assigns, as a polynomial over
// the values at the start of the iteration, and the index of every array write. Polynomial variable names are the IR scalar names
// (values at the start of the iteration, or at the start of the stretch in closed forms), `#hK` for
// the value of the K-th havoc of the path (one value per stretch: every accelerated iteration makes
// the same choice, an under-approximation of fresh choices per iteration) and `#j` for the
// iteration number.
//
// Soundness: only +, -, * by anything, unary minus and casts are polynomial. In int semantics a cast
// is the identity except to _Bool; in bv semantics casts and the ring operations are read as exact
// integer arithmetic, which the encoder makes true by no-overflow guards on every arithmetic
// subterm (`arithmeticSubterms`). Everything else is not polynomial (`undefined`).

import {
  addPolynomials,
  constantPolynomial,
  multiplyPolynomials,
  negatePolynomial,
  subtractPolynomials,
  variablePolynomial,
  type Polynomial,
} from './polynomial.js';
import { arrayReadsOf } from '../ir/visit.js';
import type {
  ArrayVariable,
  ArrayWriteStatement,
  AssignStatement,
  AssumeStatement,
  Expression,
  HavocStatement,
  IntegerType,
  ScalarVariable,
  Semantics,
} from '../ir/types.js';

/** a statement of a straight-line loop path (branches resolved into assumptions) */
export type PathStatement = AssignStatement | ArrayWriteStatement | HavocStatement | AssumeStatement;

export const iterationName = '#j';

export function havocParameterName(index: number): string {
  return `#h${index}`;
}

/** an arithmetic node met while evaluating the path, with the C type whose range it must respect */
export interface ArithmeticSubterm {
  readonly value: Polynomial;
  readonly type: IntegerType;
}

export interface PathEvaluation {
  /** value after the path of every scalar it assigns or havocs (undefined: not polynomial) */
  readonly values: ReadonlyMap<string, Polynomial | undefined>;
  /** the scalars the path assigns or havocs, in first-assignment order */
  readonly modified: readonly ScalarVariable[];
  /** one per havoc statement, in path order */
  readonly havocs: readonly { readonly parameter: string; readonly variable: ScalarVariable }[];
  /** per array write, in path order: index and value polynomials (undefined: not polynomial) */
  readonly writes: readonly {
    readonly array: ArrayVariable;
    readonly index: Polynomial | undefined;
    readonly value: Polynomial | undefined;
  }[];
  /** every array read, with its index polynomial at its place in the path (undefined: not polynomial or several dimensions) */
  readonly reads: readonly { readonly array: ArrayVariable; readonly index: Polynomial | undefined }[];
  /** every arithmetic subterm (and assigned value) with a polynomial value */
  readonly subterms: readonly ArithmeticSubterm[];
  /** whether some arithmetic node on the path had no polynomial value */
  readonly nonPolynomialArithmetic: boolean;
}

/**
 * Evaluates the straight-line path over polynomials. `initial` gives the value of a scalar before
 * the path (undefined: not polynomial); a scalar it does not know is its own name.
 */
export function evaluatePath(
  statements: readonly PathStatement[],
  semantics: Semantics,
  initial: ReadonlyMap<string, Polynomial | undefined> = new Map(),
): PathEvaluation {
  const values = new Map<string, Polynomial | undefined>(initial);
  const assigned = new Map<string, Polynomial | undefined>();
  const modified: ScalarVariable[] = [];
  const havocs: { parameter: string; variable: ScalarVariable }[] = [];
  const writes: { array: ArrayVariable; index: Polynomial | undefined; value: Polynomial | undefined }[] = [];
  const subterms: ArithmeticSubterm[] = [];
  const reads: { array: ArrayVariable; index: Polynomial | undefined }[] = [];
  let nonPolynomialArithmetic = false;
  const lookup = (variable: ScalarVariable): Polynomial | undefined =>
    values.has(variable.name) ? values.get(variable.name) : variablePolynomial(variable.name);
  const recordReads = (expression: Expression): void => {
    for (const read of arrayReadsOf(expression)) {
      reads.push({
        array: read.array,
        index: read.indices.length === 1 ? expressionPolynomial(read.indices[0]!, lookup, semantics, []) : undefined,
      });
    }
  };

  const evaluate = (expression: Expression): Polynomial | undefined => {
    recordReads(expression);
    const result = expressionPolynomial(expression, lookup, semantics, subterms);
    if (result === undefined) nonPolynomialArithmetic = true;
    return result;
  };
  const assign = (variable: ScalarVariable, value: Polynomial | undefined): void => {
    if (!assigned.has(variable.name)) modified.push(variable);
    assigned.set(variable.name, value);
    values.set(variable.name, value);
    if (value !== undefined) subterms.push({ value, type: variable.type });
  };
  for (const statement of statements) {
    switch (statement.kind) {
      case 'assign':
        assign(statement.target, evaluate(statement.value));
        break;
      case 'havoc': {
        const parameter = havocParameterName(havocs.length);
        havocs.push({ parameter, variable: statement.target });
        assign(statement.target, variablePolynomial(parameter));
        break;
      }
      case 'arrayWrite': {
        const index = statement.indices.length === 1 ? evaluate(statement.indices[0]!) : undefined;
        const value = evaluate(statement.value);
        if (value !== undefined) subterms.push({ value, type: statement.array.elementType });
        writes.push({ array: statement.array, index, value });
        break;
      }
      case 'assume':
        recordReads(statement.condition);
        break;
      default: {
        const never: never = statement;
        throw new Error(`internal: unexpected path statement ${JSON.stringify(never)}`);
      }
    }
  }
  return { values: assigned, modified, havocs, writes, reads, subterms, nonPolynomialArithmetic };
}

/** the polynomial value of an expression, or undefined; records arithmetic subterms */
export function expressionPolynomial(
  expression: Expression,
  lookup: (variable: ScalarVariable) => Polynomial | undefined,
  semantics: Semantics,
  subterms: ArithmeticSubterm[],
): Polynomial | undefined {
  const visit = (current: Expression): Polynomial | undefined => {
    switch (current.kind) {
      case 'constant':
        return constantPolynomial(current.value);
      case 'variable':
        return lookup(current.variable);
      case 'unary': {
        if (current.operator !== 'negate') return undefined;
        const operand = visit(current.operand);
        return operand === undefined ? undefined : record(negatePolynomial(operand), current.type);
      }
      case 'binary': {
        if (current.operator !== 'add' && current.operator !== 'subtract' && current.operator !== 'multiply')
          return undefined;
        const left = visit(current.left);
        const right = visit(current.right);
        if (left === undefined || right === undefined) return undefined;
        const value =
          current.operator === 'add'
            ? addPolynomials(left, right)
            : current.operator === 'subtract'
              ? subtractPolynomials(left, right)
              : multiplyPolynomials(left, right);
        return record(value, current.type);
      }
      case 'cast': {
        if (current.type.width === 1) return undefined; // _Bool: x != 0
        const operand = visit(current.operand);
        if (operand === undefined) return undefined;
        // in bv semantics the cast is the identity only while the value fits the target type
        return semantics === 'bv' ? record(operand, current.type) : operand;
      }
      case 'arrayRead':
      case 'conditional':
        return undefined;
      default: {
        const never: never = current;
        throw new Error(`internal: unknown expression ${JSON.stringify(never)}`);
      }
    }
  };
  const record = (value: Polynomial, type: IntegerType): Polynomial => {
    subterms.push({ value, type });
    return value;
  };
  return visit(expression);
}
