// S-expression parsing of solver output and its conversion to `SolverResult` / `ModelValue`.
// Handles the value forms z3 and cvc5 print for `get-value`: integers (`5`, `(- 5)`), booleans,
// bit-vectors (`#b..`, `#x..`, `(_ bvN W)`, read unsigned), arrays as `((as const S) v)`, nested
// `(store ...)`, z3's `(lambda ((x Int)) body)` and `let`-wrapped values. Observed: with model
// completion, z3 4.15 (z3-wasm) prints arrays as const/store terms; Debian's z3 4.8 prints a lambda
// for arrays constrained by quantifiers; `(_ as-array f)` comes from get-model output, which is
// never decoded into values (it is reported as undecodable): a model asked for (CheckOptions.model,
// a CHC system's interpretation of its predicates) is separated out and kept as text.
// Soundness assumptions: anything not understood is an error result (never a guessed value); any
// `(error ...)` line makes the whole answer unknown (a solver that rejected part of a script may
// still answer sat/unsat for the rest); a lambda is decoded only when its parameter occurs solely
// in comparisons with literals, which makes it piecewise constant between those literals, so
// sampling at the literals and their neighbours determines it exactly.

import type { ModelValue, SolverResult } from './solver.js';

export type SExpression =
  | { readonly kind: 'atom'; readonly text: string }
  /** string literal, without quotes, escapes resolved */
  | { readonly kind: 'string'; readonly text: string }
  | { readonly kind: 'list'; readonly items: readonly SExpression[] };

export type ParseResult = { kind: 'ok'; expressions: SExpression[] } | { kind: 'error'; message: string };

/** Parses a sequence of S-expressions (iteratively; deep nesting is fine). Comments `;` are skipped. */
export function parseSExpressions(text: string): ParseResult {
  const stack: SExpression[][] = [[]];
  let position = 0;
  const length = text.length;
  while (position < length) {
    const character = text[position]!;
    if (character === ' ' || character === '\n' || character === '\t' || character === '\r') {
      position++;
    } else if (character === ';') {
      while (position < length && text[position] !== '\n') position++;
    } else if (character === '(') {
      stack.push([]);
      position++;
    } else if (character === ')') {
      if (stack.length === 1) return { kind: 'error', message: `unbalanced ')' at offset ${position}` };
      const items = stack.pop()!;
      stack[stack.length - 1]!.push({ kind: 'list', items });
      position++;
    } else if (character === '"') {
      let value = '';
      position++;
      for (;;) {
        if (position >= length) return { kind: 'error', message: 'unterminated string literal' };
        if (text[position] === '"') {
          if (text[position + 1] === '"') {
            value += '"';
            position += 2;
            continue;
          }
          position++;
          break;
        }
        value += text[position];
        position++;
      }
      stack[stack.length - 1]!.push({ kind: 'string', text: value });
    } else if (character === '|') {
      const end = text.indexOf('|', position + 1);
      if (end < 0) return { kind: 'error', message: 'unterminated quoted symbol' };
      // quoted and unquoted spellings denote the same symbol
      stack[stack.length - 1]!.push({ kind: 'atom', text: text.slice(position + 1, end) });
      position = end + 1;
    } else {
      const start = position;
      while (position < length && !' \n\t\r()";|'.includes(text[position]!)) position++;
      stack[stack.length - 1]!.push({ kind: 'atom', text: text.slice(start, position) });
    }
  }
  if (stack.length !== 1) return { kind: 'error', message: 'unbalanced parentheses: missing )' };
  return { kind: 'ok', expressions: stack[0]! };
}

export function printSExpression(expression: SExpression): string {
  switch (expression.kind) {
    case 'atom':
      return expression.text;
    case 'string':
      return JSON.stringify(expression.text);
    case 'list':
      return `(${expression.items.map(printSExpression).join(' ')})`;
    default: {
      const never: never = expression;
      throw new Error(`internal: ${JSON.stringify(never)}`);
    }
  }
}

// ---------------------------------------------------------------- value evaluation

export type ValueResult = { kind: 'ok'; value: ModelValue } | { kind: 'error'; message: string };

class ValueError extends Error {}

type Environment = ReadonlyMap<string, ModelValue>;

function isAtom(expression: SExpression | undefined, text?: string): expression is { kind: 'atom'; text: string } {
  return expression !== undefined && expression.kind === 'atom' && (text === undefined || expression.text === text);
}

function describe(expression: SExpression): string {
  const text = printSExpression(expression);
  return text.length > 200 ? `${text.slice(0, 200)}...` : text;
}

/** Reads a literal atom: numeral, true/false, #b/#x. */
function literal(text: string): ModelValue | undefined {
  if (/^[0-9]+$/.test(text)) return { kind: 'integer', value: BigInt(text) };
  if (text === 'true' || text === 'false') return { kind: 'boolean', value: text === 'true' };
  if (/^#b[01]+$/.test(text)) return { kind: 'integer', value: BigInt(`0b${text.slice(2)}`) };
  if (/^#x[0-9a-fA-F]+$/.test(text)) return { kind: 'integer', value: BigInt(`0x${text.slice(2)}`) };
  return undefined;
}

export function modelValuesEqual(left: ModelValue, right: ModelValue): boolean {
  if (left.kind === 'integer' && right.kind === 'integer') return left.value === right.value;
  if (left.kind === 'boolean' && right.kind === 'boolean') return left.value === right.value;
  if (left.kind === 'array' && right.kind === 'array') {
    // compare as functions: every index mentioned on either side, and the defaults
    if (!modelValuesEqual(left.defaultValue, right.defaultValue)) return false;
    for (const entry of [...left.entries, ...right.entries]) {
      if (!modelValuesEqual(selectValue(left, entry.index), selectValue(right, entry.index))) return false;
    }
    return true;
  }
  return false;
}

export function selectValue(array: ModelValue, index: ModelValue): ModelValue {
  if (array.kind !== 'array') throw new ValueError('select on a non-array value');
  for (const entry of array.entries) if (modelValuesEqual(entry.index, index)) return entry.value;
  return array.defaultValue;
}

/** Key identifying a scalar value (undefined for arrays, which are compared structurally). */
function scalarKey(value: ModelValue): string | undefined {
  if (value.kind === 'integer') return `i${value.value}`;
  if (value.kind === 'boolean') return `b${value.value}`;
  return undefined;
}

/** Applies updates in order (later ones win); linear in the number of entries for scalar indices. */
function storeValues(array: ModelValue, updates: readonly { index: ModelValue; value: ModelValue }[]): ModelValue {
  if (array.kind !== 'array') throw new ValueError('store on a non-array value');
  const byKey = new Map<string, { index: ModelValue; value: ModelValue }>();
  let structural: { index: ModelValue; value: ModelValue }[] = [];
  const put = (entry: { index: ModelValue; value: ModelValue }): void => {
    const key = scalarKey(entry.index);
    if (key === undefined) {
      structural = structural.filter((existing) => !modelValuesEqual(existing.index, entry.index));
      structural.push(entry);
    } else {
      byKey.delete(key); // keep insertion order = order of last update
      byKey.set(key, entry);
    }
  };
  for (const entry of array.entries) put(entry);
  for (const update of updates) put(update);
  const entries = [...byKey.values(), ...structural].filter(
    (entry) => !modelValuesEqual(entry.value, array.defaultValue),
  );
  return { kind: 'array', defaultValue: array.defaultValue, entries };
}

function integerOf(value: ModelValue): bigint {
  if (value.kind !== 'integer') throw new ValueError(`expected a number, got ${value.kind}`);
  return value.value;
}
function booleanOf(value: ModelValue): boolean {
  if (value.kind !== 'boolean') throw new ValueError(`expected a Boolean, got ${value.kind}`);
  return value.value;
}

function euclideanDivision(dividend: bigint, divisor: bigint): { quotient: bigint; remainder: bigint } {
  if (divisor === 0n) throw new ValueError('division by zero in a model value');
  let remainder = dividend % divisor;
  if (remainder < 0n) remainder += divisor < 0n ? -divisor : divisor;
  return { quotient: (dividend - remainder) / divisor, remainder };
}

/** A lambda: parameter names/sorts and body, kept symbolic until converted to an array. */
interface LambdaValue {
  readonly parameter: string;
  readonly parameterSort: SExpression;
  readonly body: SExpression;
  readonly environment: Environment;
}

function evaluate(start: SExpression, startEnvironment: Environment): ModelValue {
  let expression = start;
  let environment = startEnvironment;
  // loop for tail positions (ite branches, let bodies) so long ite chains need no recursion
  for (;;) {
    if (expression.kind === 'string') throw new ValueError(`unexpected string ${describe(expression)}`);
    if (expression.kind === 'atom') {
      const bound = environment.get(expression.text);
      if (bound !== undefined) return bound;
      const value = literal(expression.text);
      if (value === undefined) throw new ValueError(`unsupported value atom ${expression.text}`);
      return value;
    }
    const items = expression.items;
    const head = items[0];
    if (head === undefined) throw new ValueError('empty list in a value');
    if (head.kind === 'list') {
      // ((as const S) v)
      if (isAtom(head.items[0], 'as') && isAtom(head.items[1], 'const') && items.length === 2) {
        return { kind: 'array', defaultValue: evaluate(items[1]!, environment), entries: [] };
      }
      throw new ValueError(`unsupported value ${describe(expression)}`);
    }
    if (head.kind !== 'atom') throw new ValueError(`unsupported value ${describe(expression)}`);
    const operator = head.text;
    const argumentsList = items.slice(1);
    switch (operator) {
      case '_': {
        // (_ bvN W)
        const name = argumentsList[0];
        if (isAtom(name) && /^bv[0-9]+$/.test(name.text) && argumentsList.length === 2) {
          return { kind: 'integer', value: BigInt(name.text.slice(2)) };
        }
        if (isAtom(name, 'as-array')) throw new ValueError('array value given as (_ as-array ...) cannot be decoded');
        throw new ValueError(`unsupported value ${describe(expression)}`);
      }
      case 'ite': {
        if (argumentsList.length !== 3) throw new ValueError('ite needs three arguments');
        expression = booleanOf(evaluate(argumentsList[0]!, environment)) ? argumentsList[1]! : argumentsList[2]!;
        continue;
      }
      case 'let': {
        const bindings = argumentsList[0];
        if (bindings === undefined || bindings.kind !== 'list' || argumentsList.length !== 2)
          throw new ValueError('malformed let');
        const extended = new Map(environment);
        for (const binding of bindings.items) {
          if (binding.kind !== 'list' || binding.items.length !== 2 || !isAtom(binding.items[0]))
            throw new ValueError('malformed let binding');
          extended.set(binding.items[0].text, evaluate(binding.items[1]!, environment));
        }
        environment = extended;
        expression = argumentsList[1]!;
        continue;
      }
      case 'store':
        return evaluateStoreChain(expression, environment);
      case 'lambda':
        return lambdaToArray(readLambda(expression, environment));
      default:
        return applyOperator(
          operator,
          argumentsList.map((argument) => evaluate(argument, environment)),
          expression,
        );
    }
  }
}

/** `(store (store ... base i1 v1) ... in vn)` evaluated with a loop over the chain. */
function evaluateStoreChain(expression: SExpression, environment: Environment): ModelValue {
  const updates: (readonly SExpression[])[] = [];
  let current = expression;
  while (current.kind === 'list' && isAtom(current.items[0], 'store')) {
    if (current.items.length !== 4) throw new ValueError('store needs three arguments');
    updates.push(current.items);
    current = current.items[1]!;
  }
  const base = evaluate(current, environment);
  const evaluated: { index: ModelValue; value: ModelValue }[] = [];
  for (let index = updates.length - 1; index >= 0; index--) {
    const update = updates[index]!;
    evaluated.push({ index: evaluate(update[2]!, environment), value: evaluate(update[3]!, environment) });
  }
  return storeValues(base, evaluated);
}

function applyOperator(operator: string, values: ModelValue[], expression: SExpression): ModelValue {
  const integers = (): bigint[] => values.map(integerOf);
  const booleans = (): boolean[] => values.map(booleanOf);
  const pairwise = (test: (left: bigint, right: bigint) => boolean): ModelValue => {
    const numbers = integers();
    for (let index = 0; index + 1 < numbers.length; index++)
      if (!test(numbers[index]!, numbers[index + 1]!)) return { kind: 'boolean', value: false };
    return { kind: 'boolean', value: true };
  };
  switch (operator) {
    case '-': {
      const numbers = integers();
      if (numbers.length === 1) return { kind: 'integer', value: -numbers[0]! };
      return { kind: 'integer', value: numbers.slice(1).reduce((total, number) => total - number, numbers[0]!) };
    }
    case '+':
      return { kind: 'integer', value: integers().reduce((total, number) => total + number, 0n) };
    case '*':
      return { kind: 'integer', value: integers().reduce((total, number) => total * number, 1n) };
    case 'div':
      return { kind: 'integer', value: euclideanDivision(integers()[0]!, integers()[1]!).quotient };
    case 'mod':
      return { kind: 'integer', value: euclideanDivision(integers()[0]!, integers()[1]!).remainder };
    case 'abs': {
      const number = integers()[0]!;
      return { kind: 'integer', value: number < 0n ? -number : number };
    }
    case '<':
      return pairwise((left, right) => left < right);
    case '<=':
      return pairwise((left, right) => left <= right);
    case '>':
      return pairwise((left, right) => left > right);
    case '>=':
      return pairwise((left, right) => left >= right);
    case '=': {
      for (let index = 0; index + 1 < values.length; index++)
        if (!modelValuesEqual(values[index]!, values[index + 1]!)) return { kind: 'boolean', value: false };
      return { kind: 'boolean', value: true };
    }
    case 'distinct': {
      for (let left = 0; left < values.length; left++) {
        for (let right = left + 1; right < values.length; right++)
          if (modelValuesEqual(values[left]!, values[right]!)) return { kind: 'boolean', value: false };
      }
      return { kind: 'boolean', value: true };
    }
    case 'not':
      return { kind: 'boolean', value: !booleans()[0]! };
    case 'and':
      return { kind: 'boolean', value: booleans().every((value) => value) };
    case 'or':
      return { kind: 'boolean', value: booleans().some((value) => value) };
    case 'xor':
      return { kind: 'boolean', value: booleans().reduce((total, value) => total !== value, false) };
    case '=>': {
      const list = booleans();
      return { kind: 'boolean', value: list.slice(0, -1).some((value) => !value) || list[list.length - 1]! };
    }
    case 'select':
      if (values.length !== 2) throw new ValueError('select needs two arguments');
      return selectValue(values[0]!, values[1]!);
    default:
      throw new ValueError(`unsupported operator ${operator} in ${describe(expression)}`);
  }
}

function readLambda(expression: SExpression, environment: Environment): LambdaValue {
  if (expression.kind !== 'list' || expression.items.length !== 3) throw new ValueError('malformed lambda');
  const parameters = expression.items[1]!;
  if (parameters.kind !== 'list' || parameters.items.length !== 1) {
    throw new ValueError('lambda with several parameters (multi-index array) cannot be decoded');
  }
  const parameter = parameters.items[0]!;
  if (parameter.kind !== 'list' || parameter.items.length !== 2 || !isAtom(parameter.items[0]))
    throw new ValueError('malformed lambda parameter');
  return {
    parameter: parameter.items[0].text,
    parameterSort: parameter.items[1]!,
    body: expression.items[2]!,
    environment,
  };
}

const comparisonOperators = new Set(['=', 'distinct', '<', '<=', '>', '>=']);
const maximumEnumeratedEntries = 10_000;

/** Literal integer/bit-vector value of an expression such as `5`, `(- 5)`, `#x05`, `(_ bv5 8)`; else undefined. */
function literalNumber(expression: SExpression): bigint | undefined {
  if (expression.kind === 'atom') {
    const value = literal(expression.text);
    return value?.kind === 'integer' ? value.value : undefined;
  }
  if (expression.kind !== 'list') return undefined;
  const [head, first, second] = expression.items;
  if (isAtom(head, '-') && expression.items.length === 2 && first !== undefined) {
    const inner = literalNumber(first);
    return inner === undefined ? undefined : -inner;
  }
  if (isAtom(head, '_') && isAtom(first) && /^bv[0-9]+$/.test(first.text) && second !== undefined)
    return BigInt(first.text.slice(2));
  return undefined;
}

/**
 * Collects the literals the parameter is compared with; throws when the parameter occurs anywhere
 * else (then the lambda need not be piecewise constant). Iterative walk.
 */
function comparisonLiterals(body: SExpression, parameter: string): { literals: bigint[]; onlyEquality: boolean } {
  const literals: bigint[] = [];
  let onlyEquality = true;
  const stack: SExpression[] = [body];
  while (stack.length > 0) {
    const expression = stack.pop()!;
    if (expression.kind === 'atom') {
      if (expression.text === parameter)
        throw new ValueError(`lambda parameter ${parameter} is used outside a comparison with a literal`);
      continue;
    }
    if (expression.kind !== 'list') continue;
    const [head, left, right] = expression.items;
    if (
      isAtom(head) &&
      comparisonOperators.has(head.text) &&
      expression.items.length === 3 &&
      left !== undefined &&
      right !== undefined
    ) {
      const leftIsParameter = isAtom(left, parameter);
      const rightIsParameter = isAtom(right, parameter);
      const other = leftIsParameter ? literalNumber(right) : rightIsParameter ? literalNumber(left) : undefined;
      if (other !== undefined) {
        literals.push(other);
        if (head.text !== '=' && head.text !== 'distinct') onlyEquality = false;
        continue;
      }
    }
    if (isAtom(head, 'let')) {
      // a let that rebinds the parameter name would make the syntactic check wrong
      const bindings = expression.items[1];
      if (
        bindings?.kind === 'list' &&
        bindings.items.some((binding) => binding.kind === 'list' && isAtom(binding.items[0], parameter))
      ) {
        throw new ValueError('lambda body rebinds its parameter');
      }
    }
    for (const item of expression.items) stack.push(item);
  }
  return { literals, onlyEquality };
}

/**
 * The pieces on which an Int lambda that compares its parameter only with the literals `sorted`
 * (ascending) is constant: each literal, and each open interval between consecutive literals
 * (`gap`). Below the first and above the last literal it is constant too (not listed).
 */
function constantPieces(
  at: (point: bigint) => ModelValue,
  sorted: readonly bigint[],
): { from: bigint; to: bigint; value: ModelValue; gap: boolean }[] {
  const pieces: { from: bigint; to: bigint; value: ModelValue; gap: boolean }[] = [];
  for (let index = 0; index < sorted.length; index++) {
    const point = sorted[index]!;
    pieces.push({ from: point, to: point + 1n, value: at(point), gap: false });
    const next = sorted[index + 1];
    if (next !== undefined && next - point > 1n)
      pieces.push({ from: point + 1n, to: next, value: at(point + 1n), gap: true });
  }
  return pieces;
}

/**
 * An Int-indexed array whose values towards -infinity and +infinity differ has no default value. It
 * is decoded exactly on the indices 0..m (m the largest literal the lambda compares with), with a
 * default that is the +infinity value when the cells of 0..m that differ from it are few enough to
 * list (then it is exact on every non-negative index), and otherwise the value that most cells of
 * 0..m hold (then the cells beyond m read it instead of the model's). Negative indices read the
 * default. Model values only ever become candidate counterexamples that the interpreter replays, so
 * an inexact cell cannot make a verdict wrong. `sorted`: the literals, ascending.
 */
function nonNegativePart(
  at: (point: bigint) => ModelValue,
  sorted: readonly bigint[],
  leftValue: ModelValue,
  rightValue: ModelValue,
): ModelValue {
  const segments = [{ from: 0n, to: sorted[0]!, value: leftValue }, ...constantPieces(at, sorted)];
  const clipped = segments
    .map((segment) => ({ ...segment, from: segment.from < 0n ? 0n : segment.from }))
    .filter((segment) => segment.from < segment.to);
  const cellsDiffering = (fallback: ModelValue): bigint =>
    clipped.reduce(
      (total, segment) => (modelValuesEqual(segment.value, fallback) ? total : total + segment.to - segment.from),
      0n,
    );
  let defaultValue = rightValue;
  let fewest = cellsDiffering(rightValue);
  if (fewest > BigInt(maximumEnumeratedEntries)) {
    for (const segment of clipped) {
      const differing = cellsDiffering(segment.value);
      if (differing < fewest) {
        fewest = differing;
        defaultValue = segment.value;
      }
    }
    if (fewest > BigInt(maximumEnumeratedEntries))
      throw new ValueError('array model has too many entries to enumerate');
  }
  const updates: { index: ModelValue; value: ModelValue }[] = [];
  for (const segment of clipped) {
    if (modelValuesEqual(segment.value, defaultValue)) continue;
    for (let point = segment.from; point < segment.to; point++)
      updates.push({ index: { kind: 'integer', value: point }, value: segment.value });
  }
  return storeValues({ kind: 'array', defaultValue, entries: [] }, updates);
}

function lambdaToArray(lambda: LambdaValue): ModelValue {
  const { literals, onlyEquality } = comparisonLiterals(lambda.body, lambda.parameter);
  const at = (point: bigint): ModelValue =>
    evaluate(lambda.body, new Map([...lambda.environment, [lambda.parameter, { kind: 'integer', value: point }]]));
  const sort = lambda.parameterSort;
  const sorted = [...new Set(literals)].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0));
  if (isAtom(sort, 'Int')) {
    if (sorted.length === 0) return { kind: 'array', defaultValue: at(0n), entries: [] };
    const minimum = sorted[0]!;
    const maximum = sorted[sorted.length - 1]!;
    const leftValue = at(minimum - 1n); // value on (-infinity, minimum)
    const rightValue = at(maximum + 1n); // value on (maximum, +infinity)
    if (!modelValuesEqual(leftValue, rightValue)) return nonNegativePart(at, sorted, leftValue, rightValue);
    const updates: { index: ModelValue; value: ModelValue }[] = [];
    let enumerated = 0; // cells of gaps listed (the literals are few)
    for (const piece of constantPieces(at, sorted)) {
      if (modelValuesEqual(piece.value, leftValue)) continue;
      if (piece.gap) {
        if (piece.to - piece.from > BigInt(maximumEnumeratedEntries - enumerated))
          throw new ValueError('array model has too many entries to enumerate');
        enumerated += Number(piece.to - piece.from);
      }
      for (let point = piece.from; point < piece.to; point++)
        updates.push({ index: { kind: 'integer', value: point }, value: piece.value });
    }
    return storeValues({ kind: 'array', defaultValue: leftValue, entries: [] }, updates);
  }
  if (sort.kind === 'list' && isAtom(sort.items[0], '_') && isAtom(sort.items[1], 'BitVec') && isAtom(sort.items[2])) {
    if (!onlyEquality) throw new ValueError('bit-vector lambda with ordering comparisons cannot be decoded');
    const width = BigInt(sort.items[2].text);
    const domainSize = 1n << width;
    const literalSet = new Set(sorted);
    let outside = 0n;
    while (literalSet.has(outside) && outside < domainSize) outside++;
    const defaultValue = outside < domainSize ? at(outside) : at(sorted[0]!);
    const updates = sorted
      .filter((point) => point >= 0n && point < domainSize)
      .map((point) => ({ index: { kind: 'integer', value: point } as ModelValue, value: at(point) }));
    return storeValues({ kind: 'array', defaultValue, entries: [] }, updates);
  }
  throw new ValueError(`lambda over ${describe(sort)} cannot be decoded`);
}

/** Converts one printed value (e.g. the second element of a get-value pair) to a ModelValue. */
export function toModelValue(expression: SExpression): ValueResult {
  try {
    return { kind: 'ok', value: evaluate(expression, new Map()) };
  } catch (error) {
    if (error instanceof ValueError) return { kind: 'error', message: error.message };
    if (error instanceof RangeError) return { kind: 'error', message: `value too deeply nested: ${error.message}` };
    throw error;
  }
}

// ---------------------------------------------------------------- whole solver answers

/**
 * Interprets a solver's complete output for one script ending in check-sat [get-value]
 * [get-info :reason-unknown]. `expectedValues` is the number of get-value terms.
 */
export function interpretSolverOutput(output: string, expectedValues: number, withModel = false): SolverResult {
  const parsed = parseSExpressions(output);
  if (parsed.kind === 'error')
    return { kind: 'unknown', reason: `unparsable solver output (${parsed.message}): ${output.slice(0, 300)}` };
  if (!withModel) return interpretExpressions(parsed.expressions, output, expectedValues);
  const { rest, model } = separateModel(parsed.expressions);
  const result = interpretExpressions(rest, output, expectedValues);
  return result.kind === 'sat' && model !== undefined ? { ...result, model } : result;
}

/**
 * The answer to `(get-model)` taken out of a solver's output: after `sat`, the first list of
 * `define-fun`s (z3 4.8 and 4.15 print `( (define-fun …) … )`, older versions and the standard's
 * examples `(model (define-fun …) …)`), printed one definition a line; after `unsat` or `unknown`,
 * the error that get-model is then answered with ("model is not available") is dropped.
 */
function separateModel(expressions: readonly SExpression[]): { rest: SExpression[]; model: string | undefined } {
  const statusIndex = statusIndexIn(expressions);
  if (statusIndex < 0) return { rest: [...expressions], model: undefined };
  if (!isAtom(expressions[statusIndex], 'sat')) {
    const rest = expressions.filter(
      (expression, index) =>
        index < statusIndex ||
        !(
          expression.kind === 'list' &&
          isAtom(expression.items[0], 'error') &&
          /model/i.test(expression.items[1] === undefined ? '' : printSExpression(expression.items[1]))
        ),
    );
    return { rest, model: undefined };
  }
  const isDefinition = (item: SExpression): boolean => item.kind === 'list' && isAtom(item.items[0], 'define-fun');
  const modelIndex = expressions.findIndex((expression, index) => {
    if (index <= statusIndex || expression.kind !== 'list') return false;
    const items = isAtom(expression.items[0], 'model') ? expression.items.slice(1) : expression.items;
    return items.every(isDefinition);
  });
  if (modelIndex < 0) return { rest: [...expressions], model: undefined };
  const found = expressions[modelIndex] as { readonly items: readonly SExpression[] };
  const definitions = found.items.filter(isDefinition);
  return {
    rest: expressions.filter((_expression, index) => index !== modelIndex),
    model: definitions.map(printSmtSExpression).join('\n'),
  };
}

/** the expression as SMT-LIB text: symbols that are not simple (or are reserved) quoted with |…| */
export function printSmtSExpression(expression: SExpression): string {
  switch (expression.kind) {
    case 'atom':
      return /^[A-Za-z0-9~!@$%^&*_\-+=<>.?/:#]+$/.test(expression.text) ? expression.text : `|${expression.text}|`;
    case 'string':
      return `"${expression.text.replace(/"/g, '""')}"`;
    case 'list':
      return `(${expression.items.map(printSmtSExpression).join(' ')})`;
    default: {
      const never: never = expression;
      throw new Error(`internal: ${JSON.stringify(never)}`);
    }
  }
}

function interpretExpressions(
  expressions: readonly SExpression[],
  output: string,
  expectedValues: number,
): SolverResult {
  const errors = expressions.filter((expression) => expression.kind === 'list' && isAtom(expression.items[0], 'error'));
  const statusIndex = statusIndexIn(expressions);
  const errorText = errors
    .map((error) =>
      error.kind === 'list' && error.items[1]?.kind === 'string' ? error.items[1].text : printSExpression(error),
    )
    .join('; ');
  if (statusIndex < 0) {
    return {
      kind: 'unknown',
      reason:
        errors.length > 0
          ? `solver error: ${errorText}`
          : `no sat/unsat/unknown in solver output: ${output.slice(0, 300)}`,
    };
  }
  const status = (expressions[statusIndex] as { text: string }).text;
  if (status === 'unknown') {
    const reasonInfo = expressions.find(
      (expression) => expression.kind === 'list' && isAtom(expression.items[0], ':reason-unknown'),
    );
    const reasonItem = reasonInfo?.kind === 'list' ? reasonInfo.items[1] : undefined;
    const reasonText =
      reasonItem === undefined ? '' : reasonItem.kind === 'list' ? printSExpression(reasonItem) : reasonItem.text;
    if (reasonText !== '') return { kind: 'unknown', reason: normaliseReason(reasonText) };
    return { kind: 'unknown', reason: errors.length > 0 ? `solver error: ${errorText}` : 'solver returned unknown' };
  }
  if (errors.length > 0) return { kind: 'unknown', reason: `solver error: ${errorText}` };
  if (status === 'unsat') return { kind: 'unsat' };
  if (expectedValues === 0) return { kind: 'sat', values: undefined };
  const valueList = expressions
    .slice(statusIndex + 1)
    .find(
      (expression) =>
        expression.kind === 'list' &&
        expression.items.length === expectedValues &&
        expression.items.every((pair) => pair.kind === 'list' && pair.items.length === 2),
    );
  if (valueList === undefined || valueList.kind !== 'list')
    return { kind: 'unknown', reason: 'sat, but the solver printed no get-value answer' };
  const values: ModelValue[] = [];
  for (const pair of valueList.items) {
    const converted = toModelValue((pair as { items: readonly SExpression[] }).items[1]!);
    if (converted.kind === 'error')
      return { kind: 'unknown', reason: `sat, but a model value cannot be decoded: ${converted.message}` };
    values.push(converted.value);
  }
  return { kind: 'sat', values };
}

/** The position of the first sat/unsat/unknown answer among a solver's printed expressions, or -1. */
function statusIndexIn(expressions: readonly SExpression[]): number {
  return expressions.findIndex(
    (expression) => isAtom(expression, 'sat') || isAtom(expression, 'unsat') || isAtom(expression, 'unknown'),
  );
}

/** The first sat/unsat/unknown answer in a solver's output, if any. */
export function statusInOutput(output: string): 'sat' | 'unsat' | 'unknown' | undefined {
  const parsed = parseSExpressions(output);
  if (parsed.kind === 'error') return undefined;
  const status = parsed.expressions[statusIndexIn(parsed.expressions)];
  return status === undefined ? undefined : (status as { text: 'sat' | 'unsat' | 'unknown' }).text;
}

/** Maps solver reasons for unknown onto the shared vocabulary ('timeout' is what callers test for). */
export function normaliseReason(reason: string): string {
  if (/timeout|canceled|cancelled|interrupted/i.test(reason)) return 'timeout';
  return reason;
}
