// Loops that write cells at an index they choose, over-approximated by a loop over every index:
//   while (1) {
//     t = havoc(); k = e(t);                          (or k = havoc())
//     assume(L <= k && k < H);                        (or if (!(k >= L && k < H)) { s = c; …; break; })
//     x[k] = f(k); if (g(k)) { y[k] = h(k); } else { … }   (writes at k only)
//     u = havoc(); if (p(u)) { break; }
//   }
// becomes
//   j = L; while (j < H) { w = havoc(); if (w != 0) { x[j] = f(j); … } } update { j = j + 1; }
//   v = havoc(); if (v != 0) { s = c; … }             (only with the `if` form of the range test)
//
// What is recognised (anything else is left alone): a loop whose condition is a non-zero constant and
// whose update is empty; its body in that order: the choice of k (a havoc of k, or a havoc of t and
// one assignment of k from t and constants), the range test of k (`k >= L && k < H` in either order
// and with either side of each comparison, k itself an operand, no conversion; L and H read no array
// and no scalar the loop writes) as an assumption or as an `if` whose branch assigns constants to
// scalars and breaks (no else), then at least one statement of writes `x[k] = v` at the index k
// itself and `if`s around them, then the exit: a havoc of u and `if (p(u)) { break; }`. The values v
// and the conditions of those `if`s read k, constants, scalars the loop does not write and cells of
// arrays the loop does not write (no cell of an array it writes, no loop-carried scalar). t, k and u
// are read nowhere else in the program (they are dead after the loop); k is at least as wide as int.
//
// Soundness (an over-approximation, for SAFE only): an iteration that passes the range test at k
// gives every cell x[k] it writes the same value, a function of k and of values the loop does not
// change, and writes no other cell. So after any run of the loop each cell x[j] either keeps its value
// before the loop or holds the value the body writes at j, for a set of indices j in [L, H) (those
// chosen, repeats and order do not matter) — a state the new loop reaches by choosing exactly that
// set, since it visits every j in [L, H) of k's type (j < H, so j + 1 does not overflow). A run that
// leaves through the range test's branch has done the same writes and then the branch's constant
// assignments, which the new code after the loop may do. t, k and u are dead, so their values do not
// matter. Every state after the loop is thus one of the new program's, and every evaluation of a value
// or condition (with its checks, inserted afterwards by the C semantics) happens in the new program
// at the same index: a SAFE of the new program is one of the old. The new program has more runs (it
// need not write at all), so its UNSAFE proves nothing: it is replayed on the program as it was
// (kernel/transforms.ts), where it seldom replays. No certificate is translated back.
//
// After the rewrite (and only then), consecutive folds over the same range are merged into one loop
// (analysis/merged-folds.ts, exact), so that one loop reads every array's cell at an index.

import {
  createAssign,
  createBinary,
  createConstant,
  createHavoc,
  createIf,
  createLoop,
  createProgram,
  createScalarVariable,
  createVariableExpression,
  intType,
  unusedVariableId,
  updateIf,
  updateLoop,
} from '../ir/factory.js';
import type {
  Block,
  Expression,
  IfStatement,
  LoopStatement,
  Program,
  ScalarVariable,
  SourceLocation,
  Statement,
} from '../ir/types.js';
import {
  expressionsOf,
  isVariableExpression,
  renumberLoops,
  scalarsReadBy,
  someSubexpression,
  substituteScalarInBlock,
  type WrittenVariables,
  visitBlock,
  writtenVariables,
} from '../ir/visit.js';
import { mergeFolds } from './merged-folds.js';

/** a recognised loop: the parts the new loop is built from */
interface ChosenIndexLoop {
  readonly index: ScalarVariable;
  readonly lower: Expression;
  readonly upper: Expression;
  /** the statements after the range test and before the exit (the writes at k) */
  readonly writes: Block;
  /** with the `if` form of the range test: its branch without the break */
  readonly rangeExit: Block | undefined;
  /** the scalars the loop writes that must be dead after it (the choices and k) */
  readonly dead: readonly ScalarVariable[];
}

export interface ChosenIndexWrites {
  readonly program: Program;
  /** one line per loop over-approximated, for a SAFE verdict's assumptions */
  readonly notes: readonly string[];
}

/** the program with every recognised loop over-approximated (see the header), or undefined when none is */
export function overApproximateChosenIndexWrites(program: Program): ChosenIndexWrites | undefined {
  const notes: string[] = [];
  const scalars = [...program.scalars];
  let nextId = unusedVariableId(program);
  const fresh = (name: string, sourceName: string, type = intType): ScalarVariable => {
    const variable = createScalarVariable(nextId++, `${name}!chosen`, sourceName, type, undefined);
    scalars.push(variable);
    return variable;
  };
  const rewriteBlock = (block: Block): Block =>
    visitBlock(block, (statement) => {
      if (statement.kind === 'if')
        return updateIf(statement, statement.condition, rewriteBlock(statement.then), rewriteBlock(statement.else));
      if (statement.kind !== 'loop') return statement;
      const recognised = recogniseLoop(statement, program);
      if (recognised === undefined)
        return updateLoop(statement, statement.condition, rewriteBlock(statement.body), statement.update);
      const location = statement.location;
      notes.push(
        `the writes at a chosen index of the loop at ${location.line}:${location.column} are over-approximated by a choice at every index (program pass; SAFE only)`,
      );
      return overApproximation(recognised, location, {
        counter: fresh(
          `${recognised.index.name}!counter`,
          `${recognised.index.sourceName} (every index)`,
          recognised.index.type,
        ),
        choice: fresh(`${recognised.index.name}!choice`, 'a choice of the index'),
        exitChoice: fresh(`${recognised.index.name}!exit`, 'a choice of the range exit'),
      });
    });
  const rewritten = rewriteBlock(program.body);
  if (notes.length === 0) return undefined;
  const merged = { count: 0 };
  const body = mergeFolds(rewritten, merged);
  if (merged.count > 0)
    notes.push(
      `${merged.count} run(s) of folds over the same range merged into one loop each (exact; analysis/merged-folds.ts)`,
    );
  return {
    program: createProgram(program.file, scalars, program.arrays, renumberLoops(body), program.dataModel),
    notes,
  };
}

interface FreshVariables {
  readonly counter: ScalarVariable;
  readonly choice: ScalarVariable;
  readonly exitChoice: ScalarVariable;
}

function overApproximation(loop: ChosenIndexLoop, location: SourceLocation, fresh: FreshVariables): Statement[] {
  const counter = createVariableExpression(fresh.counter);
  const chosen = createIf(
    createBinary('notEqual', createVariableExpression(fresh.choice), createConstant(0n)),
    substituteScalarInBlock(loop.writes, loop.index, counter),
    [],
    location,
  );
  const everyIndex = createLoop(
    0,
    createBinary('less', counter, loop.upper),
    [createHavoc(fresh.choice, location, 'input'), chosen],
    [createAssign(fresh.counter, createBinary('add', counter, createConstant(1n, fresh.counter.type)), location)],
    location,
  );
  const statements: Statement[] = [createAssign(fresh.counter, loop.lower, location), everyIndex];
  if (loop.rangeExit !== undefined) {
    statements.push(
      createHavoc(fresh.exitChoice, location, 'input'),
      createIf(
        createBinary('notEqual', createVariableExpression(fresh.exitChoice), createConstant(0n)),
        loop.rangeExit,
        [],
        location,
      ),
    );
  }
  return statements;
}

/** the parts of a loop of the recognised shape (see the header), or undefined */
function recogniseLoop(loop: LoopStatement, program: Program): ChosenIndexLoop | undefined {
  if (loop.condition.kind !== 'constant' || loop.condition.value === 0n || loop.update.length !== 0) return undefined;
  const body = loop.body;
  const choice = indexChoice(body);
  if (choice === undefined) return undefined;
  const { index } = choice;
  if (index.type.width < intType.width) return undefined;
  const written = writtenVariables(body);
  const rangeStatement = body[choice.length];
  if (rangeStatement === undefined) return undefined;
  const range = rangeTest(rangeStatement, index, written);
  if (range === undefined) return undefined;
  const exit = exitChoice(body);
  if (exit === undefined) return undefined;
  const writes = body.slice(choice.length + 1, body.length - 2);
  if (writtenVariables(writes).arrays.size === 0) return undefined;
  if (!writes.every((statement) => isWriteAtIndex(statement, index, written))) return undefined;
  const dead = [...choice.choices, index, exit];
  if (!deadOutside(program.body, loop, dead)) return undefined;
  return { index, lower: range.lower, upper: range.upper, writes, rangeExit: range.exit, dead };
}

/** `havoc(k)`, or `havoc(t); k = e(t)` with e reading t and constants only */
function indexChoice(
  body: Block,
):
  { readonly index: ScalarVariable; readonly choices: readonly ScalarVariable[]; readonly length: number } | undefined {
  const first = body[0];
  if (first?.kind !== 'havoc') return undefined;
  const second = body[1];
  if (second?.kind !== 'assign') return { index: first.target, choices: [], length: 1 };
  const reads = scalarsReadBy(second.value);
  if (second.target.id === first.target.id || [...reads.keys()].some((id) => id !== first.target.id)) return undefined;
  if (someSubexpression(second.value, (node) => node.kind === 'arrayRead')) return undefined;
  return { index: second.target, choices: [first.target], length: 2 };
}

interface RangeTest {
  readonly lower: Expression;
  readonly upper: Expression;
  readonly exit: Block | undefined;
}

/** `assume(k >= L && k < H)` or `if (!(k >= L && k < H)) { s = c; …; break; }` */
function rangeTest(statement: Statement, index: ScalarVariable, written: WrittenVariables): RangeTest | undefined {
  if (statement.kind === 'assume') {
    const bounds = rangeBounds(statement.condition, index, written);
    return bounds === undefined ? undefined : { ...bounds, exit: undefined };
  }
  if (statement.kind !== 'if' || statement.else.length !== 0) return undefined;
  const condition = statement.condition;
  if (condition.kind !== 'unary' || condition.operator !== 'logicalNot') return undefined;
  const bounds = rangeBounds(condition.operand, index, written);
  const exit = rangeExitAssignments(statement);
  return bounds === undefined || exit === undefined ? undefined : { ...bounds, exit };
}

/** the branch of the range test without its final break: constant assignments only */
function rangeExitAssignments(statement: IfStatement): Block | undefined {
  const branch = statement.then;
  if (branch.length === 0 || branch[branch.length - 1]!.kind !== 'break') return undefined;
  const assignments = branch.slice(0, -1);
  const constant = (entry: Statement): boolean => entry.kind === 'assign' && entry.value.kind === 'constant';
  return assignments.every(constant) ? assignments : undefined;
}

/** L and H of `k >= L && k < H` (either order, either side), reading nothing the loop writes */
export function rangeBounds(
  condition: Expression,
  index: ScalarVariable,
  written: WrittenVariables,
): { readonly lower: Expression; readonly upper: Expression } | undefined {
  if (condition.kind !== 'binary' || condition.operator !== 'logicalAnd') return undefined;
  const sides = [condition.left, condition.right];
  let lower: Expression | undefined;
  let upper: Expression | undefined;
  for (const side of sides) {
    const bound = comparedBound(side, index);
    if (bound === undefined) return undefined;
    if (bound.kind === 'lower') lower = bound.bound;
    else upper = bound.bound;
  }
  if (lower === undefined || upper === undefined) return undefined;
  const invariant = (expression: Expression): boolean =>
    expression.type.name === index.type.name &&
    !someSubexpression(
      expression,
      (node) => node.kind === 'arrayRead' || (node.kind === 'variable' && written.scalars.has(node.variable.id)),
    );
  return invariant(lower) && invariant(upper) ? { lower, upper } : undefined;
}

/** `k >= L` / `L <= k` (lower) or `k < H` / `H > k` (upper), k itself an operand */
function comparedBound(
  comparison: Expression,
  index: ScalarVariable,
): { readonly kind: 'lower' | 'upper'; readonly bound: Expression } | undefined {
  if (comparison.kind !== 'binary') return undefined;
  const isIndex = (expression: Expression): boolean => isVariableExpression(expression, index);
  const { operator, left, right } = comparison;
  if (isIndex(left) && !isIndex(right)) {
    if (operator === 'greaterEqual') return { kind: 'lower', bound: right };
    if (operator === 'less') return { kind: 'upper', bound: right };
  }
  if (isIndex(right) && !isIndex(left)) {
    if (operator === 'lessEqual') return { kind: 'lower', bound: left };
    if (operator === 'greater') return { kind: 'upper', bound: left };
  }
  return undefined;
}

/** the last two statements: `havoc(u); if (p(u)) { break; }` with p reading u and constants only */
function exitChoice(body: Block): ScalarVariable | undefined {
  const havoc = body[body.length - 2];
  const exit = body[body.length - 1];
  if (havoc?.kind !== 'havoc' || exit?.kind !== 'if' || exit.else.length !== 0) return undefined;
  if (exit.then.length !== 1 || exit.then[0]!.kind !== 'break') return undefined;
  const reads = scalarsReadBy(exit.condition);
  if ([...reads.keys()].some((id) => id !== havoc.target.id)) return undefined;
  if (someSubexpression(exit.condition, (node) => node.kind === 'arrayRead')) return undefined;
  return havoc.target;
}

/** `x[k] = v` at the index k itself, or an `if` of such writes, values and conditions reading k and what the loop does not write */
function isWriteAtIndex(statement: Statement, index: ScalarVariable, written: WrittenVariables): boolean {
  const unchanged = (expression: Expression): boolean =>
    !someSubexpression(
      expression,
      (node) =>
        (node.kind === 'variable' && node.variable.id !== index.id && written.scalars.has(node.variable.id)) ||
        (node.kind === 'arrayRead' && written.arrays.has(node.array.id)),
    );
  switch (statement.kind) {
    case 'arrayWrite': {
      const [position] = statement.indices;
      return (
        statement.indices.length === 1 &&
        position?.kind === 'variable' &&
        position.variable.id === index.id &&
        unchanged(statement.value)
      );
    }
    case 'if':
      return (
        unchanged(statement.condition) &&
        [...statement.then, ...statement.else].every((entry) => isWriteAtIndex(entry, index, written))
      );
    case 'assign':
    case 'arrayFill':
    case 'assume':
    case 'assert':
    case 'loop':
    case 'havoc':
    case 'arrayHavoc':
    case 'break':
    case 'continue':
      return false;
    default: {
      const never: never = statement;
      throw new Error(`unknown statement ${JSON.stringify(never)}`);
    }
  }
}

/** whether no statement of the program outside `loop` reads one of the variables */
function deadOutside(body: Block, loop: LoopStatement, variables: readonly ScalarVariable[]): boolean {
  const ids = new Set(variables.map((variable) => variable.id));
  let read = false;
  const visit = (block: Block): void => {
    for (const statement of block) {
      if (statement === loop) continue;
      for (const expression of expressionsOf(statement))
        if ([...scalarsReadBy(expression).keys()].some((id) => ids.has(id))) read = true;
      if (statement.kind === 'if') {
        visit(statement.then);
        visit(statement.else);
      }
      if (statement.kind === 'loop') {
        visit(statement.body);
        visit(statement.update);
      }
    }
  };
  visit(body);
  return !read;
}
