// Sums tracked through writes at unpredictable indices: in the top-level block,
//   L:  a loop that writes cells of x (and y…) at indices it reads from nondeterministic choices
//   …   statements that write neither x nor y
//   i = S; while (i < E) { acc = acc + T(x[i], y[i], i); …more accumulators… } update { i = i + 1; }
// The fold R adds T over the cells [S, E) of the arrays as they are after L. A ghost variable G
// holds that same sum all along: before L it is computed by a copy of R's loop, and before each write
// x[k] = v inside L it moves by what that write changes in the sum:
//   G = G + ((S <= k && k < E) ? T(v, y[k], k) − T(x[k], y[k], k) : 0)
// (T is read at the cell k only: the cell it reads at its counter is the one the write changes). R is
// then `acc = acc + G`. What was a loop over array cells after L becomes a scalar that L carries, so
// an invariant of L about G (G = 0, G <= bound) proves the assertion on acc, with no quantifier.
//
// What is recognised (anything else is left alone): R's body only accumulator assignments
// `acc = acc ± e ± e …`, acc of a signed 64-bit type, the terms e reading only the counter, constants
// and one-dimensional cells at the counter; the counter starts from a constant, steps by one and is
// not read after R; E reads no array and no scalar that L or the statements up to R write; L writes
// the arrays T reads only cell by cell (no fill, no havoc of the whole array), at least one write at
// an index read from a choice L makes; the nearest statement before R that writes those arrays is L.
//
// Soundness: the rewrite is exact in mathematical integers (G equals the sum of T over the cells at
// every point after its copy of R, by induction over the writes, since T reads each cell at its own
// index only and nothing else that changes) and in bit-vectors (the same argument modulo 2^64, and
// acc + G modulo 2^64 is what the fold computes in 64 bits). It is applied to the program an encoder
// gets after the checks of the C semantics are inserted (kernel/run-encoding.ts): R must then hold no check.
// The ghost reads x[k] only for k in [S, E), which R reads anyway; it makes no choice, so a
// counterexample of the rewrite is replayed on the program as it is.

import {
  createArrayRead,
  createAssign,
  createBinary,
  createConditional,
  createConstant,
  createLoop,
  createProgram,
  createScalarVariable,
  createUnary,
  createVariableExpression,
  convertedTo,
  longLongType,
  unusedVariableId,
  updateIf,
  updateLoop,
} from '../ir/factory.js';
import { printExpression } from '../ir/print.js';
import type {
  ArrayReadExpression,
  ArrayVariable,
  ArrayWriteStatement,
  Block,
  Expression,
  IntegerType,
  LoopStatement,
  Program,
  ScalarVariable,
  Statement,
} from '../ir/types.js';
import {
  arrayReadsOf,
  forEachStatement,
  isVariableExpression,
  renumberLoops,
  sameExpression,
  scalarsReadBy,
  scalarsReadIn,
  someSubexpression,
  stripWideningCasts,
  substituteScalar,
  visitExpressionChildren,
  writtenVariables,
} from '../ir/visit.js';

/** one accumulator of the fold: acc = acc + Σ sign·term */
interface Accumulation {
  readonly accumulator: ScalarVariable;
  readonly terms: readonly { readonly negative: boolean; readonly term: Expression }[];
}

/** the fold R and the loop L before it (see the header) */
interface TrackedFold {
  readonly foldIndex: number;
  readonly writerIndex: number;
  readonly counter: ScalarVariable;
  readonly start: bigint;
  readonly end: Expression;
  readonly accumulations: readonly Accumulation[];
  readonly arrays: ReadonlyMap<number, ArrayVariable>;
}

export interface TrackedSums {
  readonly program: Program;
  /** one line per fold replaced, for a SAFE verdict's assumptions */
  readonly notes: readonly string[];
}

const wide: IntegerType = longLongType;

/** the program with each recognised fold replaced by its tracked sum, or undefined when none is */
export function trackSums(program: Program): TrackedSums | undefined {
  let body: Block = program.body;
  let nextId = unusedVariableId(program);
  const scalars = [...program.scalars];
  const notes: string[] = [];
  for (let index = body.length - 1; index >= 0; index--) {
    const fold = trackedFoldAt(body, index);
    if (fold === undefined) continue;
    const ghosts = fold.accumulations.map((accumulation) => {
      const ghost = createScalarVariable(
        nextId++,
        `${accumulation.accumulator.name}!tracked`,
        `${accumulation.accumulator.sourceName} (tracked)`,
        accumulation.accumulator.type,
        undefined,
      );
      scalars.push(ghost);
      return ghost;
    });
    const counter = createScalarVariable(
      nextId++,
      `${fold.counter.name}!tracked`,
      `${fold.counter.sourceName} (tracked)`,
      fold.counter.type,
      undefined,
    );
    scalars.push(counter);
    notes.push(
      `the sum at ${locationOf(body, fold)} is carried through the writes of the loop before it (an exact rewrite)`,
    );
    body = rewrite(body, fold, ghosts, counter);
  }
  if (notes.length === 0) return undefined;
  return {
    program: createProgram(program.file, scalars, program.arrays, renumberLoops(body), program.dataModel),
    notes,
  };
}

function locationOf(body: Block, fold: TrackedFold): string {
  const location = body[fold.foldIndex]!.location;
  return `${location.line}:${location.column}`;
}

function isCounter(expression: Expression, counter: ScalarVariable): boolean {
  return isVariableExpression(stripWideningCasts(expression), counter);
}

function constantOf(expression: Expression): bigint | undefined {
  const stripped = stripWideningCasts(expression);
  if (stripped.kind === 'constant') return stripped.value;
  if (stripped.kind === 'unary' && stripped.operator === 'negate') {
    const operand = constantOf(stripped.operand);
    return operand === undefined ? undefined : -operand;
  }
  return undefined;
}

/** acc = acc ± e ± e … with acc the leftmost operand, or undefined */
function accumulationOf(statement: Statement, counter: ScalarVariable): Accumulation | undefined {
  if (statement.kind !== 'assign') return undefined;
  const accumulator = statement.target;
  if (!accumulator.type.signed || accumulator.type.width !== wide.width || accumulator.id === counter.id)
    return undefined;
  const terms: { negative: boolean; term: Expression }[] = [];
  let current = statement.value;
  while (
    current.kind === 'binary' &&
    (current.operator === 'add' || current.operator === 'subtract') &&
    current.type.width === wide.width &&
    current.type.signed
  ) {
    terms.unshift({ negative: current.operator === 'subtract', term: current.right });
    current = current.left;
  }
  if (current.kind !== 'variable' || current.variable.id !== accumulator.id || terms.length === 0) return undefined;
  const readsOnlyCells = terms.every(
    ({ term }) =>
      !someSubexpression(term, (node) => {
        if (node.kind === 'variable') return node.variable.id !== counter.id;
        return (
          node.kind === 'arrayRead' &&
          (node.indices.length !== 1 || !isCounter(node.indices[0]!, counter) || node.array.sizes.length !== 1)
        );
      }),
  );
  return readsOnlyCells ? { accumulator, terms } : undefined;
}

/** the value the nearest earlier top-level statement writing `counter` gives it, when a constant */
function startOf(body: Block, index: number, counter: ScalarVariable): bigint | undefined {
  for (let back = index - 1; back >= 0; back--) {
    const statement = body[back]!;
    if (!writtenVariables([statement]).scalars.has(counter.id)) continue;
    return statement.kind === 'assign' && statement.target.id === counter.id ? constantOf(statement.value) : undefined;
  }
  return undefined;
}

function trackedFoldAt(body: Block, index: number): TrackedFold | undefined {
  const loop = body[index]!;
  if (loop.kind !== 'loop' || loop.body.length === 0) return undefined;
  const condition = loop.condition;
  if (condition.kind !== 'binary' || condition.operator !== 'less') return undefined;
  const left = stripWideningCasts(condition.left);
  if (left.kind !== 'variable') return undefined;
  const counter = left.variable;
  const end = condition.right;
  if (
    arrayReadsOf(end).length > 0 ||
    scalarsReadBy(end).has(counter.id) ||
    end.type.width > wide.width ||
    (end.type.width === wide.width && !end.type.signed)
  )
    return undefined;
  const step = loop.update.length === 1 ? loop.update[0]! : undefined;
  if (
    step?.kind !== 'assign' ||
    step.target.id !== counter.id ||
    step.value.kind !== 'binary' ||
    step.value.operator !== 'add' ||
    !isCounter(step.value.left, counter) ||
    constantOf(step.value.right) !== 1n
  )
    return undefined;
  const accumulations = loop.body.map((statement) => accumulationOf(statement, counter));
  if (accumulations.some((found) => found === undefined)) return undefined;
  const found = accumulations as Accumulation[];
  const targets = new Set(found.map((accumulation) => accumulation.accumulator.id));
  if (
    targets.size !== found.length ||
    found.some(({ terms }) => terms.some(({ term }) => [...scalarsReadBy(term).keys()].some((id) => targets.has(id))))
  )
    return undefined;
  const start = startOf(body, index, counter);
  if (start === undefined || scalarsReadIn([body.slice(index + 1)]).has(counter.id)) return undefined;
  const arrays = new Map(
    found.flatMap(({ terms }) =>
      terms.flatMap(({ term }) =>
        arrayReadsOf(term).map((read): [number, ArrayVariable] => [read.array.id, read.array]),
      ),
    ),
  );
  if (arrays.size === 0) return undefined;
  const writerIndex = writerBefore(body, index, arrays);
  if (writerIndex === undefined) return undefined;
  const between = writtenVariables(body.slice(writerIndex, index) as Statement[]);
  if ([...scalarsReadBy(end).keys()].some((id) => between.scalars.has(id))) return undefined;
  const fold: TrackedFold = { foldIndex: index, writerIndex, counter, start, end, accumulations: found, arrays };
  return changesCancel(body, fold) ? fold : undefined;
}

/**
 * whether each write of L changes the sums by an amount that, once its terms cancel (linear
 * arithmetic, cells that an assumption of L fixes read as their value), reads no tracked cell (the
 * sum is then a scalar of L), or reads nothing but the cells it overwrites (the values written
 * cancel: a relation between those cells, such as a[k] = k and b[n − 1 − k] = −k, keeps the sum);
 * otherwise the sum depends on the values of the cells, and the fold as it stands serves the
 * encodings better (a choice of strategy, not of soundness)
 */
function changesCancel(body: Block, fold: TrackedFold): boolean {
  const writer = body[fold.writerIndex] as LoopStatement;
  const constants = constantScalars(body, fold.writerIndex);
  const fixed: { readonly read: ArrayReadExpression; readonly value: bigint }[] = [];
  forEachStatement([writer], (statement) => {
    if (statement.kind !== 'assume') return;
    for (const conjunct of conjunctsOf(statement.condition)) {
      const comparison = stripWideningCasts(conjunct);
      if (comparison.kind !== 'binary' || comparison.operator !== 'equal') continue;
      const [left, right] = [stripWideningCasts(comparison.left), constantOf(comparison.right)];
      if (left.kind === 'arrayRead' && right !== undefined) fixed.push({ read: left, value: right });
    }
  });
  const fixedValue = (read: ArrayReadExpression): bigint | undefined =>
    fixed.find(
      (candidate) =>
        candidate.read.array.id === read.array.id &&
        candidate.read.indices.length === read.indices.length &&
        candidate.read.indices.every((index, position) =>
          sameExpression(withoutWideningCasts(index), withoutWideningCasts(read.indices[position]!)),
        ),
    )?.value;
  const valueOf = (expression: Expression): bigint | undefined => {
    if (expression.kind === 'arrayRead') return fixedValue(expression);
    if (expression.kind === 'variable') return constants.get(expression.variable.id);
    return constantOf(expression);
  };
  // one change per accumulator for all the writes of L together (branches added up: a heuristic)
  const forms = fold.accumulations.map(() => new Map<string, { coefficient: bigint; atom: Expression }>());
  forEachStatement([writer], (statement) => {
    if (statement.kind !== 'arrayWrite' || !fold.arrays.has(statement.array.id)) return;
    const index = convertedTo(statement.indices[0]!, fold.counter.type);
    fold.accumulations.forEach((accumulation, position) => {
      linearForm(
        sumAt(accumulation, index, statement.indices[0]!, fold.counter, {
          array: statement.array,
          value: statement.value,
        }),
        1n,
        forms[position]!,
        valueOf,
      );
      linearForm(
        sumAt(accumulation, index, statement.indices[0]!, fold.counter, undefined),
        -1n,
        forms[position]!,
        valueOf,
      );
    });
  });
  const readsCell = (atom: Expression): boolean =>
    someSubexpression(atom, (node) => node.kind === 'arrayRead' && fold.arrays.has(node.array.id));
  return forms.every((form) => {
    const left = [...form.values()].filter(({ coefficient }) => coefficient !== 0n);
    // either no cell is left (the sum moves by a scalar), or only old cells are (the values written cancel)
    return !left.some(({ atom }) => readsCell(atom)) || !left.some(({ atom }) => !readsCell(atom));
  });
}

/** the expression with every cast that keeps all values removed, at every depth (a key for comparing atoms) */
function withoutWideningCasts(expression: Expression): Expression {
  return visitExpressionChildren(stripWideningCasts(expression), withoutWideningCasts);
}

function conjunctsOf(expression: Expression): Expression[] {
  const stripped = stripWideningCasts(expression);
  if (stripped.kind === 'binary' && stripped.operator === 'logicalAnd')
    return [...conjunctsOf(stripped.left), ...conjunctsOf(stripped.right)];
  return [stripped];
}

/** adds factor · expression to `form` as Σ coefficient · atom (sums, differences, negations, constant multiples) */
function linearForm(
  expression: Expression,
  factor: bigint,
  form: Map<string, { coefficient: bigint; atom: Expression }>,
  valueOf: (expression: Expression) => bigint | undefined,
): void {
  const current = stripWideningCasts(expression);
  const add = (key: string, atom: Expression, coefficient: bigint): void => {
    form.set(key, { coefficient: (form.get(key)?.coefficient ?? 0n) + coefficient, atom });
  };
  const constant = valueOf(current);
  if (constant !== undefined) return add('#constant', createConstant(constant, wide), factor * constant);
  if (current.kind === 'unary' && current.operator === 'negate')
    return linearForm(current.operand, -factor, form, valueOf);
  if (current.kind === 'binary' && (current.operator === 'add' || current.operator === 'subtract')) {
    linearForm(current.left, factor, form, valueOf);
    return linearForm(current.right, current.operator === 'add' ? factor : -factor, form, valueOf);
  }
  if (current.kind === 'binary' && current.operator === 'multiply') {
    const [left, right] = [valueOf(stripWideningCasts(current.left)), valueOf(stripWideningCasts(current.right))];
    if (left !== undefined) return linearForm(current.right, factor * left, form, valueOf);
    if (right !== undefined) return linearForm(current.left, factor * right, form, valueOf);
  }
  add(printExpression(withoutWideningCasts(current)), current, factor);
}

/** the scalars the body assigns once, at its top level before `before`, a constant, and never writes again: their values */
function constantScalars(body: Block, before: number): Map<number, bigint> {
  const writes = new Map<number, number>();
  forEachStatement(body, (statement) => {
    if (statement.kind === 'assign' || statement.kind === 'havoc')
      writes.set(statement.target.id, (writes.get(statement.target.id) ?? 0) + 1);
  });
  const constants = new Map<number, bigint>();
  body.slice(0, before).forEach((statement) => {
    if (statement.kind !== 'assign' || writes.get(statement.target.id) !== 1) return;
    const value = constantOf(statement.value);
    if (value !== undefined) constants.set(statement.target.id, value);
  });
  return constants;
}

/** the nearest top-level loop before `index` that writes the arrays, when it writes them as the header asks */
function writerBefore(body: Block, index: number, arrays: ReadonlyMap<number, ArrayVariable>): number | undefined {
  for (let back = index - 1; back >= 0; back--) {
    const statement = body[back]!;
    const written = writtenVariables([statement]).arrays;
    if (![...written.keys()].some((id) => arrays.has(id))) continue;
    if (statement.kind !== 'loop') return undefined;
    let cellwise = true;
    let unpredictable = false;
    const chosen = new Set<number>();
    forEachStatement([statement], (inner) => {
      if (inner.kind === 'havoc') chosen.add(inner.target.id);
    });
    forEachStatement([statement], (inner) => {
      if ((inner.kind === 'arrayFill' || inner.kind === 'arrayHavoc') && arrays.has(inner.array.id)) cellwise = false;
      if (inner.kind !== 'arrayWrite' || !arrays.has(inner.array.id)) return;
      if (inner.indices.length !== 1) cellwise = false;
      else if ([...scalarsReadBy(inner.indices[0]!).keys()].some((id) => chosen.has(id))) unpredictable = true;
    });
    return cellwise && unpredictable ? back : undefined;
  }
  return undefined;
}

/** the body with the ghosts' initial sums before L, their updates inside L and R replaced */
function rewrite(body: Block, fold: TrackedFold, ghosts: readonly ScalarVariable[], counter: ScalarVariable): Block {
  const original = body[fold.foldIndex] as LoopStatement;
  const location = original.location;
  const renamed = (expression: Expression): Expression =>
    substituteScalar(expression, fold.counter, createVariableExpression(counter));
  const step = original.update[0] as Extract<Statement, { kind: 'assign' }>;
  const initialSums: Statement[] = [
    ...ghosts.map((ghost) => createAssign(ghost, createConstant(0n, ghost.type), location)),
    createAssign(counter, createConstant(fold.start, counter.type), location),
    createLoop(
      -1,
      renamed(original.condition),
      fold.accumulations.map((accumulation, position) => {
        const ghost = ghosts[position]!;
        const term = convertedTo(
          sumAt(
            accumulation,
            createVariableExpression(counter),
            createVariableExpression(counter),
            fold.counter,
            undefined,
          ),
          ghost.type,
        );
        return createAssign(ghost, createBinary('add', createVariableExpression(ghost), term, ghost.type), location);
      }),
      [createAssign(counter, renamed(step.value), step.location)],
      location,
    ),
  ];
  const writer = body[fold.writerIndex]!;
  const tracked = withDeltas([writer], fold, ghosts);
  const replaced = fold.accumulations.map((accumulation, position) =>
    createAssign(
      accumulation.accumulator,
      createBinary(
        'add',
        createVariableExpression(accumulation.accumulator),
        createVariableExpression(ghosts[position]!),
        accumulation.accumulator.type,
      ),
      location,
    ),
  );
  return [
    ...body.slice(0, fold.writerIndex),
    ...initialSums,
    ...tracked,
    ...body.slice(fold.writerIndex + 1, fold.foldIndex),
    ...replaced,
    ...body.slice(fold.foldIndex + 1),
  ];
}

/**
 * Σ ±term at the cell `index` (the counter's value, of its type; `cell`: the same value as the index
 * of the cell read), with the cells of `written` (array, value) read as that value
 */
function sumAt(
  accumulation: Accumulation,
  index: Expression,
  cell: Expression,
  counter: ScalarVariable,
  written: { readonly array: ArrayVariable; readonly value: Expression } | undefined,
): Expression {
  const at = (term: Expression): Expression => {
    const visit = (expression: Expression): Expression => {
      if (isVariableExpression(expression, counter)) return index;
      if (expression.kind === 'arrayRead') {
        if (written !== undefined && expression.array.id === written.array.id)
          return convertedTo(convertedTo(written.value, written.array.elementType), expression.type);
        // the cell at the counter (the analysis checked it), read at the index itself: in [S, E) the counter's type holds it
        return createArrayRead(expression.array, [cell]);
      }
      return visitExpressionChildren(expression, visit);
    };
    return convertedTo(visit(term), wide);
  };
  const [first, ...rest] = accumulation.terms;
  const initial = first!.negative ? createUnary('negate', at(first!.term), wide) : at(first!.term);
  return rest.reduce<Expression>(
    (sum, { negative, term }) => createBinary(negative ? 'subtract' : 'add', sum, at(term), wide),
    initial,
  );
}

/** the statements with each write of a tracked array preceded by the ghosts' updates */
function withDeltas(block: Block, fold: TrackedFold, ghosts: readonly ScalarVariable[]): Statement[] {
  return block.flatMap((statement): Statement[] => {
    switch (statement.kind) {
      case 'arrayWrite':
        return fold.arrays.has(statement.array.id) ? [...deltas(statement, fold, ghosts), statement] : [statement];
      case 'if':
        return [
          updateIf(
            statement,
            statement.condition,
            withDeltas(statement.then, fold, ghosts),
            withDeltas(statement.else, fold, ghosts),
          ),
        ];
      case 'loop':
        return [
          updateLoop(
            statement,
            statement.condition,
            withDeltas(statement.body, fold, ghosts),
            withDeltas(statement.update, fold, ghosts),
          ),
        ];
      default:
        return [statement];
    }
  });
}

/** G = G + ((S <= k && k < E) ? T(new) − T(old) : 0) for each accumulator whose terms read the written array */
function deltas(write: ArrayWriteStatement, fold: TrackedFold, ghosts: readonly ScalarVariable[]): Statement[] {
  const index = write.indices[0]!;
  const wideIndex = convertedTo(index, wide);
  const inRange = createBinary(
    'logicalAnd',
    createBinary('lessEqual', createConstant(fold.start, wide), wideIndex),
    createBinary('less', wideIndex, convertedTo(fold.end, wide)),
  );
  const atIndex = convertedTo(index, fold.counter.type);
  const statements: Statement[] = [];
  fold.accumulations.forEach((accumulation, position) => {
    const reads = accumulation.terms.some(({ term }) =>
      arrayReadsOf(term).some((read) => read.array.id === write.array.id),
    );
    if (!reads) return;
    const ghost = ghosts[position]!;
    const after = sumAt(accumulation, atIndex, index, fold.counter, { array: write.array, value: write.value });
    const before = sumAt(accumulation, atIndex, index, fold.counter, undefined);
    const change = createConditional(
      inRange,
      createBinary('subtract', after, before, wide),
      createConstant(0n, wide),
      wide,
    );
    statements.push(
      createAssign(
        ghost,
        createBinary('add', createVariableExpression(ghost), convertedTo(change, ghost.type), ghost.type),
        write.location,
      ),
    );
  });
  return statements;
}
