// Rewrites that bring more programs into the shape of shape.ts, each keeping the original's failing
// runs (a run fails an assertion after the rewrite if and only if it did before):
// - statements after the last assertion that contain no assertion are dropped (`main_returned = 1`):
//   they cannot fail;
// - a final `if (c) { A } else { B }` whose branch A has no assertion becomes `assume(!c); B` (and
//   symmetrically; main's body behind a guard, `if (N > 1) { … }`): the runs through A end there
//   and fail no assertion;
// - main's early return, `if (c) { f = 1; } assume(!f);` with the flag f = 0 before, becomes
//   `assume(!c);` (the lowering's `if (N <= 0) return 1;`);
// - a scalar set once to a constant C (`int N = 100000;`) that bounds a loop becomes a size read
//   from a nondet call with 1 <= N <= C: the original is the instance N = C;
// - a loop counter's initialisation separated from its loop by independent statements moves down to it;
// - `t = e; assert(… t …)` with t read nowhere else becomes `assert(… e …)` (the lowering's temporary
//   for a `__VERIFIER_assert` argument converted to int).
// A counterexample is always replayed on the original program (index.ts), never on these.

import {
  convertTo,
  createAssert,
  createAssume,
  createIf,
  createLoop,
  createProgram,
  createUnary,
} from '../../ir/factory.js';
import type { Block, Program, ScalarVariable, Statement } from '../../ir/types.js';
import {
  containsArrayRead,
  expressionsOf,
  flattenStatements,
  forEachStatement,
  scalarsReadBy,
  scalarsReadIn,
  stripCasts,
  substituteScalar,
  writtenVariables,
} from '../../ir/visit.js';

function containsAssertion(block: Block): boolean {
  let found = false;
  forEachStatement(block, (statement) => {
    if (statement.kind === 'assert') found = true;
  });
  return found;
}

/**
 * `P; if (c) { Q } else { R }` as `P; assume(c); Q` when R has no assertion (or `assume(!c); R`
 * when Q has none), repeatedly, with the statements without assertions at the end dropped first
 */
export function unwrapFinalConditional(program: Program): Program {
  let body: readonly Statement[] = program.body;
  for (;;) {
    let end = body.length;
    while (end > 0 && !containsAssertion([body[end - 1]!])) end--;
    if (end < body.length) body = body.slice(0, end);
    const last = body[body.length - 1];
    if (last === undefined || last.kind !== 'if') break;
    if (!containsAssertion(last.else))
      body = [...body.slice(0, -1), createAssume(last.condition, last.location), ...last.then];
    else if (!containsAssertion(last.then))
      body = [
        ...body.slice(0, -1),
        createAssume(createUnary('logicalNot', last.condition), last.location),
        ...last.else,
      ];
    else break;
  }
  body = foldReturnFlags(body);
  return body === program.body
    ? program
    : createProgram(program.file, program.scalars, program.arrays, body, program.dataModel);
}

/** the flag f of `assume(!f)` or `assume(f == 0)` */
function assumedClear(statement: Statement | undefined): ScalarVariable | undefined {
  if (statement?.kind !== 'assume') return undefined;
  const condition = stripCasts(statement.condition);
  if (condition.kind === 'unary' && condition.operator === 'logicalNot') {
    const operand = stripCasts(condition.operand);
    return operand.kind === 'variable' ? operand.variable : undefined;
  }
  if (condition.kind === 'binary' && condition.operator === 'equal') {
    const left = stripCasts(condition.left);
    const right = stripCasts(condition.right);
    if (left.kind === 'variable' && right.kind === 'constant' && right.value === 0n) return left.variable;
  }
  return undefined;
}

/**
 * `f = 0; S; if (c) { f = 1; } assume(!f);` as `f = 0; S; assume(!c);` when S does not write f:
 * f is 0 before the if, so the assume holds exactly when the branch is not taken
 */
function foldReturnFlags(body: readonly Statement[]): readonly Statement[] {
  let result = body;
  for (let index = 0; index + 1 < result.length; index++) {
    const guard = result[index]!;
    const flag = assumedClear(result[index + 1]);
    if (flag === undefined || guard.kind !== 'if' || guard.else.length !== 0 || guard.then.length !== 1) continue;
    const set = guard.then[0]!;
    if (set.kind !== 'assign' || set.target.id !== flag.id || scalarsReadBy(guard.condition).has(flag.id)) continue;
    let cleared = false;
    for (let position = index - 1; position >= 0; position--) {
      const before = result[position]!;
      if (before.kind === 'assign' && before.target.id === flag.id) {
        const value = stripCasts(before.value);
        cleared = value.kind === 'constant' && value.value === 0n;
        break;
      }
      if (writtenVariables([before]).scalars.has(flag.id)) break;
    }
    if (!cleared) continue;
    const folded = createAssume(createUnary('logicalNot', guard.condition), guard.location);
    result = [...result.slice(0, index), folded, ...result.slice(index + 2)];
  }
  return result;
}

/**
 * `c = e; S; while (c …)` as `S; c = e; while (c …)` when S neither reads nor writes c nor writes
 * what e reads: the loop's counter initialisation moved down to the loop (shape.ts wants it there).
 */
export function moveInitialisationsToLoops(program: Program): Program {
  const body = [...program.body];
  let changed = false;
  for (let index = 0; index < body.length; index++) {
    const loop = body[index]!;
    if (loop.kind !== 'loop') continue;
    const counters = [...scalarsReadBy(loop.condition).values()];
    const previous = body[index - 1];
    if (
      previous !== undefined &&
      previous.kind === 'assign' &&
      counters.some((counter) => counter.id === previous.target.id)
    )
      continue;
    for (let position = index - 1; position >= 0; position--) {
      const candidate = body[position]!;
      if (candidate.kind === 'loop') break;
      if (candidate.kind !== 'assign' || !counters.some((counter) => counter.id === candidate.target.id)) continue;
      const between = body.slice(position + 1, index);
      const counter = candidate.target;
      const readsOfValue = scalarsReadBy(candidate.value);
      // the value must not read arrays, or scalars the statements in between write
      let independent = !containsArrayRead(candidate.value);
      forEachStatement(between, (statement) => {
        const written = statement.kind === 'assign' || statement.kind === 'havoc' ? statement.target.id : undefined;
        if (written === counter.id || (written !== undefined && readsOfValue.has(written))) independent = false;
      });
      if (independent && scalarsReadIn([between]).has(counter.id)) independent = false;
      if (independent) {
        body.splice(position, 1);
        body.splice(index - 1, 0, candidate);
        changed = true;
      }
      break;
    }
  }
  return changed ? createProgram(program.file, program.scalars, program.arrays, body, program.dataModel) : program;
}

/**
 * `t = e; assert(c)` as `assert(c[t := e])` when c reads t and no other statement of the program
 * does (the lowering's temporary for an assertion argument): the same value is tested at the same point
 */
export function inlineAssertionTemporaries(program: Program): Program {
  const readers = new Map<number, number>();
  for (const statement of flattenStatements(program.body)) {
    const read = new Set<number>();
    for (const expression of expressionsOf(statement)) for (const id of scalarsReadBy(expression).keys()) read.add(id);
    for (const id of read) readers.set(id, (readers.get(id) ?? 0) + 1);
  }
  let changed = false;
  const rewrite = (block: Block): Block => {
    const result: Statement[] = [];
    for (let index = 0; index < block.length; index++) {
      const statement = block[index]!;
      const next = block[index + 1];
      if (
        statement.kind === 'assign' &&
        next?.kind === 'assert' &&
        scalarsReadBy(next.condition).has(statement.target.id) &&
        readers.get(statement.target.id) === 1 &&
        !scalarsReadBy(statement.value).has(statement.target.id)
      ) {
        result.push(
          createAssert(
            substituteScalar(next.condition, statement.target, convertTo(statement.value, statement.target.type)),
            next.location,
          ),
        );
        changed = true;
        index++;
        continue;
      }
      if (statement.kind === 'if')
        result.push(
          createIf(statement.condition, rewrite(statement.then), rewrite(statement.else), statement.location),
        );
      else if (statement.kind === 'loop')
        result.push(
          createLoop(
            statement.id,
            statement.condition,
            rewrite(statement.body),
            rewrite(statement.update),
            statement.location,
          ),
        );
      else result.push(statement);
    }
    return result;
  };
  const body = rewrite(program.body);
  return changed ? createProgram(program.file, program.scalars, program.arrays, body, program.dataModel) : program;
}

/**
 * The assertions of the loop-free prefix (the top-level statements before the first one holding a
 * loop: the guards of C's semantics on a size read, `(unsigned) N` where N < 0 would wrap): the
 * prefix alone, to be proven by bmc (exact: it has no loop), and the program with those assertions
 * as assumptions. Once the prefix is proven, the two programs have the same failing runs: an
 * assertion that never fails blocks no run as an assumption. Undefined when the prefix has none.
 */
export function prefixAssertions(
  program: Program,
): { readonly prefix: Program; readonly assumed: Program } | undefined {
  const body = program.body;
  const end = body.findIndex((statement) => flattenStatements([statement]).some((inner) => inner.kind === 'loop'));
  const length = end < 0 ? body.length : end;
  if (!containsAssertion(body.slice(0, length))) return undefined;
  const asAssumptions = (block: Block): Block =>
    block.map((statement): Statement => {
      if (statement.kind === 'assert') return createAssume(statement.condition, statement.location);
      if (statement.kind === 'if')
        return createIf(
          statement.condition,
          asAssumptions(statement.then),
          asAssumptions(statement.else),
          statement.location,
        );
      return statement;
    });
  return {
    prefix: { ...program, body: body.slice(0, length) },
    assumed: { ...program, body: [...asAssumptions(body.slice(0, length)), ...body.slice(length)] },
  };
}
