// Guesses over cells of three or more dimensions (issue 41), for the template certifier
// (templates.ts, houdini.ts): a nest of d ≥ 3 loops that writes or checks every cell of an array
// `a[n][m][p]`, in row-major order. grid-guesses.ts does the same for two dimensions.
// - A nest: loops L0 … L(d−1) over i0 … i(d−1), each of step 1 (from f_t(i0 … i(t−1)) while
//   i_t < C_t or i_t <= C_t), each inner loop the first loop of its enclosing loop's body.
// - The cells a nest has visited at the head of L_t, in row-major order: the cells of the planes,
//   rows, … it has finished at that level, ∀x_t ∈ [f_t, i_t), x_(t+1) … x_(d−1) over their whole
//   ranges. φ(i0 … i(t−1), x_t … x_(d−1)). (A head inherits its enclosing loops' guesses in
//   templates.ts, so the visited cells at L_t are the union of these ∀s at L0 … L_t.)
// - A write nest: `a[i_σ0] … [i_σ(d−1)] = e` at the top of the innermost body (its indices the
//   nest's iterators, each once, in any order), e reading neither the written cell nor a scalar the
//   nest changes other than its iterators: φ is `a[…] == e` over the visited cells at each head of
//   the nest, and over every cell at the top-level loops after it.
// - Unsigned cells written at the iterators by a value that may wrap (`+`, `-`, `*` outside indices),
//   and the unsigned cells that value reads, wherever a nest writes them (a nondeterministic value
//   too): their type's range over the cells written, and the range of each unsigned scalar the value
//   reads that the nest does not change, at every top-level loop's head (in `c` the values are read
//   over the integers; a wrap written exactly, b = a + d − 2^32 when a + d wraps, needs all three).
// - A check nest: an assertion φ of cells (reading an array; a scalar set once at the top of the
//   innermost body read as its value) at the top of the innermost body or under ifs whose conditions read
//   only the iterators and what the nest does not change (`if (i < q && j < m / 2)
//   assert(b[i][j][k] == a[i][j][k]); else assert(b[i][j][k] == 0);` checks `guard → φ` and
//   `¬guard → φ'`): every cell at every top-level loop's head (φ holds everywhere once the cells are
//   what the check asks; an inner head inherits it), and over the visited cells at the heads of
//   each nest of the same depth before it, its iterators said as that nest's (a running maximum:
//   `a[x][y][z] <= max` over the cells seen; a clamp in place; a fill of the values checked).
// Soundness: none is needed. Every guess is checked by Houdini and the certificate again by the
// checker (check.ts).

import type { LoopInfo } from '../analysis/loops.js';
import { createArrayRead, createBinary, createConstant, createUnary, createVariableExpression } from '../ir/factory.js';
import { typeRange } from '../ir/c-integers.js';
import type { Block, Expression, IntegerType, LoopStatement, ScalarVariable, Statement } from '../ir/types.js';
import {
  arrayReadsOf,
  forEachStatement,
  sameExpression,
  scalarsReadBy,
  substituteScalar,
  visitExpressionChildren,
  writtenVariables,
} from '../ir/visit.js';
import type { CellRange, Guess } from './guess.js';
import { fullRange, type Range } from './ranges.js';

/** a nest of d ≥ 3 loops of step 1, each inner loop the first loop of its enclosing loop's body */
interface Cube {
  /** outermost first */
  readonly loops: readonly LoopStatement[];
  readonly iterators: readonly ScalarVariable[];
  /** each iterator's full range, reading the iterators before it */
  readonly ranges: readonly Range[];
}

/** the least depth of a nest this module guesses for (two dimensions: grid-guesses.ts) */
const leastDepth = 3;

/** the nest of loops from `outer` down its first inner loops, when every loop counts up by 1 and there are at least three */
function cubeOf(outer: LoopStatement, infos: ReadonlyMap<number, LoopInfo>): Cube | undefined {
  const loops: LoopStatement[] = [];
  const iterators: ScalarVariable[] = [];
  const ranges: Range[] = [];
  for (let loop: LoopStatement | undefined = outer; loop !== undefined; loop = firstLoop(loop.body)) {
    const info = infos.get(loop.id);
    const range = info?.iterator?.step === 1n ? fullRange(info) : undefined;
    if (range === undefined) break;
    loops.push(loop);
    iterators.push(info!.iterator!.variable);
    ranges.push(range);
  }
  if (loops.length < leastDepth || new Set(iterators.map((iterator) => iterator.id)).size !== iterators.length)
    return undefined;
  return { loops, iterators, ranges };
}

function firstLoop(block: Block): LoopStatement | undefined {
  return block.find((statement): statement is LoopStatement => statement.kind === 'loop');
}

/**
 * the loops inside a nest of three or more loops (all but its outermost): a grid of two of them
 * (grid-guesses.ts) says per plane what the nest's own guesses say over the cells
 */
export function innerCubeLoops(loops: readonly LoopStatement[], infos: ReadonlyMap<number, LoopInfo>): Set<number> {
  const inner = new Set<number>();
  for (const loop of loops) for (const member of cubeOf(loop, infos)?.loops.slice(1) ?? []) inner.add(member.id);
  return inner;
}

/** the nest's innermost loop */
function innermost(cube: Cube): LoopStatement {
  return cube.loops[cube.loops.length - 1]!;
}

/**
 * φ (over the cell variables) over the cells the nest has visited at the head of its loop at
 * `level`: the iterators above that level stay, the cell variables from it on range over
 * [f_level, i_level) and then the whole ranges
 */
function visited(cube: Cube, level: number, condition: Expression, cells: readonly ScalarVariable[]): Guess {
  const outerKept = (expression: Expression): Expression =>
    cube.iterators
      .slice(0, level)
      .reduce(
        (replaced, iterator, position) =>
          substituteScalar(replaced, cells[position]!, createVariableExpression(iterator)),
        expression,
      );
  const ranges: CellRange[] = cube.ranges.slice(level).map((range, offset) => {
    const position = level + offset;
    const upper =
      offset === 0 ? createVariableExpression(cube.iterators[position]!) : overCells(cube, range.upper, cells);
    return {
      variable: cells[position]!,
      lower: outerKept(overCells(cube, range.lower, cells)),
      upper: outerKept(upper),
    };
  });
  return quantified(ranges, outerKept(condition));
}

/** φ (over the cell variables) over every cell of the nest */
function everywhere(cube: Cube, condition: Expression, cells: readonly ScalarVariable[]): Guess {
  const ranges: CellRange[] = cube.ranges.map((range, position) => ({
    variable: cells[position]!,
    lower: overCells(cube, range.lower, cells),
    upper: overCells(cube, range.upper, cells),
  }));
  return quantified(ranges, condition);
}

function quantified(ranges: readonly CellRange[], condition: Expression): Guess {
  const [first, second, ...deeper] = ranges;
  return {
    kind: 'forall',
    ...first!,
    condition,
    ...(second === undefined ? {} : { second }),
    ...(deeper.length === 0 ? {} : { deeper }),
  };
}

/** the expression with the nest's iterators replaced by the cell variables */
function overCells(cube: Cube, expression: Expression, cells: readonly ScalarVariable[]): Expression {
  return cube.iterators.reduce(
    (replaced, iterator, position) => substituteScalar(replaced, iterator, createVariableExpression(cells[position]!)),
    expression,
  );
}

type ArrayWrite = Extract<Statement, { kind: 'arrayWrite' }>;

/** the writes at the top of the innermost body whose indices are the iterators, each once */
function cellWrites(cube: Cube): ArrayWrite[] {
  const iteratorIds = new Set(cube.iterators.map((iterator) => iterator.id));
  return innermost(cube).body.flatMap((statement) => {
    if (statement.kind !== 'arrayWrite' || statement.indices.length !== cube.iterators.length) return [];
    const names = statement.indices.map((index) => (index.kind === 'variable' ? index.variable.id : undefined));
    if (names.some((id) => id === undefined || !iteratorIds.has(id)) || new Set(names).size !== names.length) return [];
    return [statement];
  });
}

/** the writes of cellWrites whose value is fixed per cell: it reads neither the written cell nor a scalar the nest changes other than its iterators */
function cubeWrites(cube: Cube): ArrayWrite[] {
  const changed = writtenVariables(cube.loops[0]!.body, cube.loops[0]!.update).scalars;
  const iteratorIds = new Set(cube.iterators.map((iterator) => iterator.id));
  return cellWrites(cube).filter((write) => {
    const readsCell = arrayReadsOf(write.value).some(
      (read) =>
        read.array.id === write.array.id &&
        read.indices.every((index, position) => sameExpression(index, write.indices[position]!)),
    );
    const varies = [...scalarsReadBy(write.value).keys()].some((id) => !iteratorIds.has(id) && changed.has(id));
    return !readsCell && !varies;
  });
}

/**
 * the unsigned arrays and scalars whose type's range a guess says: those a nest writes with a value
 * computed by `+`, `-`, `*` or a negation outside indices (which may wrap), and the unsigned arrays
 * and scalars such a value reads (in `c` the values are read over the integers, and a wrap written
 * exactly, b = a + d − 2^32 when a + d wraps, needs the ranges of b, a and d); the scalars only when
 * the nest does not change them
 */
function rangedArrays(cubes: readonly Cube[]): { arrays: Set<number>; scalars: ScalarVariable[] } {
  const arrays = new Set<number>();
  const scalars = new Map<number, ScalarVariable>();
  const computes = (expression: Expression): boolean => {
    if (expression.kind === 'arrayRead') return false;
    if (expression.kind === 'unary' && expression.operator === 'negate') return true;
    if (expression.kind === 'binary' && ['add', 'subtract', 'multiply'].includes(expression.operator)) return true;
    let found = false;
    visitExpressionChildren(expression, (child) => {
      found ||= computes(child);
      return child;
    });
    return found;
  };
  for (const cube of cubes) {
    const changed = writtenVariables(cube.loops[0]!.body, cube.loops[0]!.update).scalars;
    for (const write of cellWrites(cube)) {
      if (write.array.elementType.signed || !computes(write.value)) continue;
      arrays.add(write.array.id);
      for (const read of arrayReadsOf(write.value)) if (!read.array.elementType.signed) arrays.add(read.array.id);
      for (const scalar of scalarsReadBy(write.value).values())
        if (!scalar.type.signed && !changed.has(scalar.id) && !cube.iterators.includes(scalar))
          scalars.set(scalar.id, scalar);
    }
  }
  return { arrays, scalars: [...scalars.values()] };
}

/** min <= e && e <= max of the type's range */
function withinType(expression: Expression, type: IntegerType): Expression {
  const { minimum, maximum } = typeRange(type);
  return createBinary(
    'logicalAnd',
    createBinary('lessEqual', createConstant(minimum, type), expression),
    createBinary('lessEqual', expression, createConstant(maximum, type)),
  );
}

/**
 * the checks of cells in the innermost body, at its top or under ifs, each as `guard → φ` (guards
 * steady in the nest), φ reading an array (a check of no cell says nothing per cell: wrap checks of
 * index arithmetic). A scalar that the nest sets once, at the top of the innermost body, to a value
 * steady in the nest but for the iterators (`cond = b[i][j][k] == a[i][j][k]; assert(cond);`, the
 * argument of an inlined call) is read as that value.
 */
function cubeChecks(cube: Cube): Expression[] {
  const changed = writtenVariables(cube.loops[0]!.body, cube.loops[0]!.update).scalars;
  const iteratorIds = new Set(cube.iterators.map((iterator) => iterator.id));
  const steady = (condition: Expression): boolean =>
    [...scalarsReadBy(condition).keys()].every((id) => iteratorIds.has(id) || !changed.has(id));
  const assignments = new Map<number, number>();
  forEachStatement([...cube.loops[0]!.body, ...cube.loops[0]!.update], (statement) => {
    if (statement.kind === 'assign')
      assignments.set(statement.target.id, (assignments.get(statement.target.id) ?? 0) + 1);
  });
  let copies = (expression: Expression): Expression => expression;
  const checks: Expression[] = [];
  const visit = (block: Block, guards: readonly Expression[]): void => {
    for (const statement of block) {
      if (statement.kind === 'assert' && arrayReadsOf(copies(statement.condition)).length > 0)
        checks.push(
          guards.reduce<Expression>(
            (joined, guard) => createBinary('logicalOr', createUnary('logicalNot', guard), joined),
            copies(statement.condition),
          ),
        );
      if (statement.kind === 'if' && steady(copies(statement.condition))) {
        visit(statement.then, [...guards, copies(statement.condition)]);
        visit(statement.else, [...guards, createUnary('logicalNot', copies(statement.condition))]);
      }
    }
  };
  const body = innermost(cube).body;
  for (const statement of body) {
    if (
      statement.kind === 'assign' &&
      assignments.get(statement.target.id) === 1 &&
      !iteratorIds.has(statement.target.id) &&
      steady(statement.value)
    ) {
      const earlier = copies;
      const value = earlier(statement.value);
      copies = (expression) => substituteScalar(earlier(expression), statement.target, value);
    }
    visit([statement], []);
  }
  return checks;
}

/**
 * the guesses of the write and check nests of at least three loops, by loop id (see the header);
 * `loops` in program order, `topLevel` the loops outside every loop, `cellVariable(t)` the cell
 * variable of the t-th dimension
 */
export function cubeGuesses(
  loops: readonly LoopStatement[],
  topLevel: readonly LoopStatement[],
  infos: ReadonlyMap<number, LoopInfo>,
  cellVariable: (position: number) => ScalarVariable,
): Map<number, Guess[]> {
  const guesses = new Map<number, Guess[]>();
  const add = (loop: LoopStatement, guess: Guess): void => {
    guesses.set(loop.id, [...(guesses.get(loop.id) ?? []), guess]);
  };
  const cubes = loops.flatMap((loop) => {
    const cube = cubeOf(loop, infos);
    return cube === undefined ? [] : [cube];
  });
  const ranged = rangedArrays(cubes);
  for (const cube of cubes) {
    const cells = cube.iterators.map((_, position) => cellVariable(position));
    const addVisited = (condition: Expression): void =>
      cube.loops.forEach((loop, level) => add(loop, visited(cube, level, condition, cells)));
    // unsigned cells stay in their type's range where a value computed from them may wrap (see rangedArrays)
    const after = topLevel.filter((other) => loops.indexOf(other) > loops.indexOf(cube.loops[0]!));
    for (const write of cellWrites(cube)) {
      if (!ranged.arrays.has(write.array.id)) continue;
      const range = overCells(
        cube,
        withinType(createArrayRead(write.array, write.indices), write.array.elementType),
        cells,
      );
      addVisited(range);
      for (const later of after) add(later, everywhere(cube, range, cells));
    }
    for (const scalar of ranged.scalars)
      for (const loop of topLevel)
        add(loop, { kind: 'plain', condition: withinType(createVariableExpression(scalar), scalar.type) });
    for (const write of cubeWrites(cube)) {
      const equality = overCells(
        cube,
        createBinary('equal', createArrayRead(write.array, write.indices), write.value),
        cells,
      );
      addVisited(equality);
      for (const later of after) add(later, everywhere(cube, equality, cells));
    }
    for (const check of cubeChecks(cube)) {
      const condition = overCells(cube, check, cells);
      for (const loop of topLevel) add(loop, everywhere(cube, condition, cells));
      for (const earlier of cubes) {
        const before = loops.indexOf(earlier.loops[0]!) < loops.indexOf(cube.loops[0]!);
        if (!before || earlier.loops.length !== cube.loops.length || earlier.loops.includes(cube.loops[0]!)) continue;
        cube.loops.forEach((_, level) => add(earlier.loops[level]!, visited(earlier, level, condition, cells)));
      }
    }
  }
  return guesses;
}
