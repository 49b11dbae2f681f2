// Loop coalescing of the shrink encoding ("Loop shrinking", end of Sect. 5.2): cascaded simple loops
// with the same iteration count become one loop whose iteration t runs the earlier body and then the
// later body of iteration t; the shrink procedure then runs on the fused loop instead of havocking
// what the earlier loops modify.
//
// Fusion of `P; L1; M; L2` (L1 = loop(C1, B1, U1) the last loop of Init before R = L2, M the
// statements between them) into `P; M'; loop(C1, B1; B2, U1; U2')` is done only when all of the
// following hold (syntactic and conservative; anything else keeps the current behaviour):
// 1. Shape: L1 and L2 are simple (no nested loop, assert, assume, havoc, array havoc or fill, break or
//    continue anywhere); each has a counter c (c1, c2): the target of its first update statement,
//    `c = c + d` (d ≠ 0, the same d and the same update expression in both, c2 renamed); every update
//    statement steps a distinct variable by d (more than one after an earlier fusion) and the bodies
//    never assign them; the further counters of one loop are not touched by the other.
// 2. Same iteration count: C2 is C1 with c2 renamed to c1, and C1 reads only c1 and variables that
//    L1, M and L2 never write; both counters start from the same expression s: the last top-level
//    assignment `c1 = s` in P and `c2 = s` in M (s without array reads, reading no variable that is
//    written after that assignment up to L2, nor c1 / c2). Then both counters take the same sequence
//    of values and both conditions the same truth values: the loops run equally often (in either
//    semantics: the expressions and values are identical, wrap-around included).
// 3. M commutes with L1: M is loop-free, has no assert or assume, and apart from the assignment
//    `c2 = s` (dropped when c2 is c1, kept before the fused loop otherwise) neither reads nor writes
//    anything L1 writes, and writes nothing L1 reads. M is moved before the fused loop (its
//    nondeterministic choices keep their order: the loops have none).
// 4. No dependence across the fusion, scalars: every scalar written in B1 (other than c1) is neither
//    read nor written by L2, and every scalar written in B2 (other than c2) is neither read nor written
//    by L1; when c2 is not c1, c1 is not read by L2 and c2 not read by L1.
// 5. No dependence across the fusion, arrays: for each array written by one loop and accessed by the
//    other, every access to it in both loops (reads, writes, in conditions, bodies, updates) uses the
//    same index list (with c2 — and the counters of L2 synchronised with it by earlier fusions — renamed to c1) whose first index is c1, c1 + k or c1 - k and whose other
//    indices read no variable written by L1, M or L2. Iteration t of either loop then touches only the
//    cell of iteration t, distinct iterations touch distinct cells, and each cell sees B1's accesses
//    before B2's, in both the original and the fused order; other arrays are touched by one loop only
//    or only read. With 4, the fused loop ends in the state the two loops end in.
// Fusion repeats backwards (L0; L1; L2 → one loop) while the conditions hold.

import { incrementStep } from '../../analysis/induction-variables.js';
import { updateLoop } from '../../ir/factory.js';
import type { ArrayVariable, Block, Expression, LoopStatement, ScalarVariable } from '../../ir/types.js';
import {
  arrayAccessesIn,
  containsArrayRead,
  flattenStatements,
  sameExpressionModulo,
  scalarsReadBy,
  scalarsReadIn,
  stripWideningCasts,
  writesScalar,
  writtenVariables,
} from '../../ir/visit.js';

export interface Coalesced {
  readonly init: Block;
  readonly loop: LoopStatement;
  /** how many source loops the loop stands for (1: no fusion) */
  readonly loops: number;
}

interface Counter {
  readonly variable: ScalarVariable;
  readonly step: bigint;
}

/** fuses the trailing loops of `init` into `loop` while legal (see the header) */
export function coalesce(init: Block, loop: LoopStatement): Coalesced {
  let currentInit = init;
  let currentLoop = loop;
  let loops = 1;
  const counter = counterOf(loop);
  // the counters of the current loop known to hold the same value at every iteration
  let synchronized = new Set<number>(counter === undefined ? [] : [counter.variable.id]);
  for (;;) {
    const fused = fuseLast(currentInit, currentLoop, synchronized);
    if (fused === undefined) return { init: currentInit, loop: currentLoop, loops };
    currentInit = fused.init;
    currentLoop = fused.loop;
    synchronized = fused.synchronized;
    loops++;
  }
}

function simple(loop: LoopStatement): boolean {
  return flattenStatements([...loop.body, ...loop.update]).every(
    (statement) =>
      !(
        statement.kind === 'loop' ||
        statement.kind === 'assert' ||
        statement.kind === 'assume' ||
        statement.kind === 'havoc' ||
        statement.kind === 'arrayHavoc' ||
        statement.kind === 'arrayFill' ||
        statement.kind === 'break' ||
        statement.kind === 'continue'
      ),
  );
}

/**
 * the counter: the target of the first update statement; every update statement must be `x = x + d`
 * with the same d ≠ 0 for distinct x the body never assigns (a fused loop steps all its counters)
 */
function counterOf(loop: LoopStatement): Counter | undefined {
  const bodyWritten = writtenVariables(loop.body).scalars;
  const targets = new Set<number>();
  let counter: Counter | undefined;
  for (const update of loop.update) {
    if (update.kind !== 'assign' || targets.has(update.target.id) || bodyWritten.has(update.target.id))
      return undefined;
    const step = incrementStep(update.target, update.value, 'int');
    if (step === undefined || step === 0n || (counter !== undefined && step !== counter.step)) return undefined;
    targets.add(update.target.id);
    counter ??= { variable: update.target, step };
  }
  return counter;
}

type AccessesByArray = Map<number, { array: ArrayVariable; indices: (readonly Expression[])[] }>;

/** the index lists of every read and write in the blocks and expressions, per array */
function accessesByArray(
  blocks: readonly Block[],
  expressions: readonly Expression[],
  kinds: readonly ('read' | 'write')[],
): AccessesByArray {
  const result: AccessesByArray = new Map();
  for (const access of arrayAccessesIn(blocks, expressions)) {
    if (access.kind === 'whole' || !kinds.includes(access.kind)) continue;
    const entry = result.get(access.array.id) ?? { array: access.array, indices: [] };
    entry.indices.push(access.indices);
    result.set(access.array.id, entry);
  }
  return result;
}

function accessesOf(loop: LoopStatement): AccessesByArray {
  return accessesByArray([loop.body, loop.update], [loop.condition], ['read', 'write']);
}

/** index of the last top-level assignment to `variable` in `block` */
function lastAssignment(block: Block, variable: ScalarVariable): number | undefined {
  for (let index = block.length - 1; index >= 0; index--) {
    const statement = block[index]!;
    if (statement.kind === 'assign' && statement.target.id === variable.id) return index;
    if (writesScalar([statement], variable)) return undefined;
  }
  return undefined;
}

function fuseLast(
  init: Block,
  second: LoopStatement,
  synchronized: ReadonlySet<number>,
): { init: Block; loop: LoopStatement; synchronized: Set<number> } | undefined {
  let firstIndex = -1;
  for (let index = init.length - 1; index >= 0; index--) {
    if (init[index]!.kind === 'loop') {
      firstIndex = index;
      break;
    }
  }
  if (firstIndex < 0) return undefined;
  const first = init[firstIndex] as LoopStatement;
  const prefix = init.slice(0, firstIndex);
  const middle = init.slice(firstIndex + 1);
  // 1. shape
  if (!simple(first) || !simple(second)) return undefined;
  const counter1 = counterOf(first);
  const counter2 = counterOf(second);
  if (counter1 === undefined || counter2 === undefined || counter1.step !== counter2.step) return undefined;
  const c1 = counter1.variable;
  const c2 = counter2.variable;
  if (!synchronized.has(c2.id)) return undefined;
  // every counter of L2 that equals c2 at each iteration is read as c1
  const renaming = new Map<number, ScalarVariable>([...synchronized].map((id) => [id, c1] as const));
  const update1 = first.update[0]!;
  const update2 = second.update[0]!;
  if (
    update1.kind !== 'assign' ||
    update2.kind !== 'assign' ||
    !sameExpressionModulo(update2.value, update1.value, renaming)
  )
    return undefined;
  // 3. the middle part
  if (
    flattenStatements(middle).some(
      (statement) => statement.kind === 'loop' || statement.kind === 'assert' || statement.kind === 'assume',
    )
  )
    return undefined;
  const startIndex2 = lastAssignment(middle, c2);
  if (startIndex2 === undefined) return undefined;
  const start2 = middle[startIndex2]!;
  if (start2.kind !== 'assign') return undefined;
  // the start of c2 is dropped when c2 is c1 (the fused loop starts from c1 = s), else moved along
  const movedMiddle = c1.id === c2.id ? middle.filter((_, index) => index !== startIndex2) : middle;
  const { scalars: firstWrittenScalars, arrays: firstWrittenArrays } = writtenVariables([first]);
  const firstReads = scalarsReadIn([first.body, first.update], [first.condition]);
  const firstArrays = accessesOf(first);
  const { scalars: middleWrittenScalars, arrays: middleWrittenArrays } = writtenVariables(movedMiddle);
  const middleReads = scalarsReadIn([movedMiddle]);
  const middleArrays = accessesByArray([movedMiddle], [], ['read']);
  for (const id of [...middleReads.keys(), ...middleWrittenScalars.keys()])
    if (firstWrittenScalars.has(id)) return undefined;
  for (const id of middleWrittenScalars.keys()) if (firstReads.has(id)) return undefined;
  for (const id of [...middleArrays.keys(), ...middleWrittenArrays.keys()])
    if (firstWrittenArrays.has(id)) return undefined;
  for (const id of middleWrittenArrays.keys()) if (firstArrays.has(id)) return undefined;
  // 2. same iteration count
  const startIndex1 = lastAssignment(prefix, c1);
  if (startIndex1 === undefined) return undefined;
  const start1 = prefix[startIndex1]!;
  if (start1.kind !== 'assign') return undefined;
  if (!sameExpressionModulo(start2.value, start1.value, new Map())) return undefined;
  if (containsArrayRead(start1.value)) return undefined;
  const afterStart: Block = [...prefix.slice(startIndex1 + 1), first, ...middle.slice(0, startIndex2)];
  const changedBetween = writtenVariables(afterStart).scalars;
  for (const id of scalarsReadBy(start1.value).keys())
    if (changedBetween.has(id) || id === c1.id || id === c2.id) return undefined;
  if (!sameExpressionModulo(second.condition, first.condition, renaming)) return undefined;
  const everything: Block = [first, ...middle, second];
  const writtenAnywhere = writtenVariables(everything).scalars;
  for (const [id] of scalarsReadBy(first.condition)) if (id !== c1.id && writtenAnywhere.has(id)) return undefined;
  if (containsArrayRead(first.condition)) return undefined;
  // 4. scalars
  const body1Written = writtenVariables(first.body).scalars;
  const body2Written = writtenVariables(second.body).scalars;
  const secondReads = scalarsReadIn([second.body, second.update], [second.condition]);
  const { scalars: secondWrittenScalars, arrays: secondWrittenArrays } = writtenVariables([second]);
  for (const id of body1Written.keys())
    if (id !== c1.id && (secondReads.has(id) || secondWrittenScalars.has(id))) return undefined;
  for (const id of body2Written.keys())
    if (id !== c2.id && (firstReads.has(id) || firstWrittenScalars.has(id))) return undefined;
  // further counters of a loop fused before: stepped only in its update, never touched by L1
  for (const id of writtenVariables(second.update).scalars.keys())
    if (id !== c2.id && (firstReads.has(id) || firstWrittenScalars.has(id))) return undefined;
  for (const id of writtenVariables(first.update).scalars.keys())
    if (id !== c1.id && (secondReads.has(id) || secondWrittenScalars.has(id))) return undefined;
  if (c1.id !== c2.id) {
    if (secondReads.has(c1.id) || firstReads.has(c2.id) || middleReads.has(c1.id) || middleWrittenScalars.has(c1.id))
      return undefined;
  }
  // 5. arrays
  const secondArrays = accessesOf(second);
  const shared = new Set(
    [...firstWrittenArrays.keys()]
      .filter((id) => secondArrays.has(id))
      .concat([...secondWrittenArrays.keys()].filter((id) => firstArrays.has(id))),
  );
  for (const id of shared) {
    const all = [
      ...(firstArrays.get(id)?.indices ?? []),
      ...(secondArrays.get(id)?.indices ?? []).map((indices) => indices),
    ];
    const reference = firstArrays.get(id)?.indices[0] ?? all[0]!;
    const same = all.every(
      (indices) =>
        indices.length === reference.length &&
        indices.every((index, position) => sameExpressionModulo(index, reference[position]!, renaming)),
    );
    if (!same) return undefined;
    if (!indexedByCounter(reference[0]!, (id) => id === c1.id || synchronized.has(id))) return undefined;
    for (const index of reference.slice(1)) {
      if (containsArrayRead(index)) return undefined;
      for (const variableId of scalarsReadBy(index).keys()) if (writtenAnywhere.has(variableId)) return undefined;
    }
  }
  // the fused loop: B1; B2 per iteration, U1 then U2 (without its step of c2 when c2 is c1)
  const update = [
    ...first.update,
    ...second.update.filter(
      (statement) => !(c1.id === c2.id && statement.kind === 'assign' && statement.target.id === c2.id),
    ),
  ];
  const fused = updateLoop(first, first.condition, [...first.body, ...second.body], update);
  return { init: [...prefix, ...movedMiddle], loop: fused, synchronized: new Set([c1.id, ...synchronized]) };
}

/**
 * c, c + k, c - k or k + c for the counter (c1, or c2 renamed), through value-preserving casts only:
 * distinct counter values give distinct cells in both semantics
 */
function indexedByCounter(index: Expression, counter: (id: number) => boolean): boolean {
  const isCounter = (expression: Expression): boolean =>
    expression.kind === 'variable' && counter(expression.variable.id);
  const leading = stripWideningCasts(index);
  if (isCounter(leading)) return true;
  if (leading.kind !== 'binary') return false;
  const left = stripWideningCasts(leading.left);
  const right = stripWideningCasts(leading.right);
  if (leading.operator === 'add')
    return (isCounter(left) && right.kind === 'constant') || (isCounter(right) && left.kind === 'constant');
  if (leading.operator === 'subtract') return isCounter(left) && right.kind === 'constant';
  return false;
}
