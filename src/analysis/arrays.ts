// Equal-size array groups (the paper's Sect. 8): arrays whose size expressions are structurally equal
// (same number of dimensions, each size the same constant or the same frozen size variable, as for
// VLAs `int a[n], b[n]`) form one group. The witness encoding gives each group one shared witness
// index, so a loop that walks several equal-size arrays with one iterator tracks the same cell of
// each.
//
// Soundness: grouping only decides which arrays share a nondeterministic index choice; any grouping
// is sound (the index is still arbitrary). Structural equality is an under-approximation of value
// equality, which only costs precision. Arrays of structs are lowered to one array per field, so
// the grouping is field-sensitive by construction (the fields of one struct array share a group).

import type { ArrayVariable, Expression, Program } from '../ir/types.js';
import { forEachStatement, sameExpression, stripCasts } from '../ir/visit.js';

export interface ArrayGroup {
  /** position in `ArrayGroups.groups` */
  readonly id: number;
  readonly arrays: readonly ArrayVariable[];
  readonly dimensions: number;
}

export interface ArrayGroups {
  readonly groups: readonly ArrayGroup[];
  groupOf(array: ArrayVariable): ArrayGroup;
}

/** `resolve` maps a size expression to a canonical form (see `sizeResolver`) */
export function sameSizes(
  left: ArrayVariable,
  right: ArrayVariable,
  resolve: (size: Expression) => Expression = (size) => size,
): boolean {
  return (
    left.sizes.length === right.sizes.length &&
    left.sizes.every((size, dimension) => {
      const leftSize = stripCasts(resolve(size));
      const rightSize = stripCasts(resolve(right.sizes[dimension]!));
      return (
        sameExpression(leftSize, rightSize) ||
        (leftSize.kind === 'constant' && rightSize.kind === 'constant' && leftSize.value === rightSize.value)
      );
    })
  );
}

/**
 * Lowering freezes each VLA size into its own variable (`a_size = n; b_size = n;`). A variable with
 * exactly one defining statement in the whole program, an assignment, is replaced by its value
 * (repeatedly, a few levels deep), so both sizes above become `n`. This only decides grouping.
 */
export function sizeResolver(program: Program): (size: Expression) => Expression {
  const definitions = new Map<number, { count: number; value: Expression | undefined }>();
  forEachStatement(program.body, (statement) => {
    if (statement.kind !== 'assign' && statement.kind !== 'havoc') return;
    const entry = definitions.get(statement.target.id) ?? { count: 0, value: undefined };
    entry.count++;
    entry.value = statement.kind === 'assign' ? statement.value : undefined;
    definitions.set(statement.target.id, entry);
  });
  const resolve = (size: Expression, depth: number): Expression => {
    const stripped = stripCasts(size);
    if (depth > 4 || stripped.kind !== 'variable') return size;
    const definition = definitions.get(stripped.variable.id);
    if (definition === undefined || definition.count !== 1 || definition.value === undefined) return size;
    return resolve(definition.value, depth + 1);
  };
  return (size) => resolve(size, 0);
}

/** Partitions the program's arrays into groups of equal size (first-come order, deterministic). */
export function groupArraysBySize(program: Program): ArrayGroups {
  const members: ArrayVariable[][] = [];
  const resolve = sizeResolver(program);
  for (const array of program.arrays) {
    const existing = members.find((group) => sameSizes(group[0]!, array, resolve));
    if (existing !== undefined) existing.push(array);
    else members.push([array]);
  }
  const groups: ArrayGroup[] = members.map((arrays, id) =>
    Object.freeze({ id, arrays: Object.freeze(arrays), dimensions: arrays[0]!.sizes.length }),
  );
  const byArray = new Map<number, ArrayGroup>();
  for (const group of groups) for (const array of group.arrays) byArray.set(array.id, group);
  return {
    groups,
    groupOf(array: ArrayVariable): ArrayGroup {
      const group = byArray.get(array.id);
      if (group === undefined) throw new Error(`internal: array ${array.name} is not declared in the program`);
      return group;
    },
  };
}
