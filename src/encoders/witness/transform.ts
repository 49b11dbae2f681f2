// The witness transformation (Jana et al., Fig. 3, generalised to k cells): an IR program with arrays
// becomes an array-free IR program over the scalars plus, per equal-size array group, k witness
// indices (shared by the group's arrays, Sect. 8) and, per array, k witness values.
//
// - Prologue (3.P): every witness index gets a nondeterministic value over the whole index type
//   (int semantics: __int128, so every index of a type of at most 64 bits; bv: 64 bits as the
//   encoders' array index sort), NOT restricted to [0, size): the IR's arrays are total maps and an
//   out-of-bounds cell is an ordinary cell, so tracking any index keeps the abstraction sound and
//   still proves properties of every in-bounds element. k > 1 indices of a group are pairwise
//   distinct (ordered for one-dimensional groups). Witness values start at 0 (the IR's initial
//   content of every array, as in the interpreter).
// - a[e] (3.E2) becomes `e == i1 ? x1 : e == i2 ? x2 : ... : t` with t a fresh scalar havocked right
//   before the statement (a value of the element type); a[e] = v (3.S1) becomes
//   `if (e == ij) xj = v` for each cell j; arrayFill sets every xj; arrayHavoc havocs every xj.
// - assert(φ): when every cell φ reads can be tracked at once (per group at most k distinct index
//   tuples, no division in an index expression), it becomes
//   `if (all reads of φ hit a cell) assert(φ') else assume(φ')`, otherwise `assert(φ')`.
//   Soundness of the `assume` branch: take the first failing assertion of a concrete run and choose
//   the witness cells to be the cells it reads (possible: at most k per group, indices of every run
//   are distinct values). The transformed program then simulates the run step by step (havocs take
//   the concrete values, tracked cells hold the concrete contents, every earlier assert / assume
//   condition held concretely), reaches that assertion with all reads tracked and fails it. The
//   "loops removed" mode keeps this simulation (see below), so the argument covers both modes.
// - loops, mode 'kept': loops stay; a condition with array reads becomes `loop(1) { havocs; if
//   (!c') break; body }`, so the Horn clauses over the array-free program have one predicate per loop
//   over the scalars and the witness pairs.
// - loops, mode 'removed' (3.S3 / 3.S4 with Sect. 7): a loop becomes a loop-free block: k copies of
//   "one iteration" (each starting with a havoc of everything the loop may assign, except the values
//   of iterator-indexed arrays), then a havoc of the same set and, without `break`, assume(!c').
//   A copy of a full-array-access loop runs iteration c_l (iterator := witness index l) exactly when
//   c_l lies between the iterator's entry value and the bound (the iteration really runs then);
//   other copies run under a nondeterministic condition with the iterator nondeterministic, bounded
//   by the entry value, the condition and the stride (Sect. 7). break/continue become flags.
//   Soundness: an iterator-indexed array's cell c is touched only by iteration c, so its witness value
//   at the start of that iteration is the value before the loop, and k copies can simulate the k
//   iterations that touch the k tracked cells (of one group: iterator-indexed arrays of other groups
//   are treated as ordinary written arrays, i.e. havocked). These facts need distinct iterator values
//   per iteration, so in bv semantics (wrap-around) no array is treated as iterator-indexed.

import { groupArraysBySize, type ArrayGroup, type ArrayGroups } from '../../analysis/arrays.js';
import { analyseLoops, type LoopInfo } from '../../analysis/loops.js';
import {
  convertTo,
  createAssert,
  createAssign,
  createAssume,
  createBinary,
  createBreak,
  createConditional,
  createConstant,
  createHavoc,
  createIf,
  createLoop,
  createProgram,
  createScalarVariable,
  createUnary,
  createVariableExpression,
  int128Type,
  intType,
  longLongType,
  updateAssign,
  updateAssume,
  updateIf,
} from '../../ir/factory.js';
import {
  arrayReadsOf,
  containsDivision,
  containsJump,
  expressionsOf,
  forEachStatement,
  sameExpression,
  stripCasts,
  substituteScalar,
  visitExpressionChildren,
  writtenVariables,
} from '../../ir/visit.js';
import type {
  ArrayVariable,
  Block,
  Expression,
  IntegerType,
  LoopStatement,
  Program,
  ScalarVariable,
  Semantics,
  SourceLocation,
  Statement,
} from '../../ir/types.js';

export interface WitnessOptions {
  readonly cells: number;
  readonly loops: 'kept' | 'removed';
}

export interface WitnessGroupVariables {
  readonly group: ArrayGroup;
  /** [cell][dimension] */
  readonly indices: readonly (readonly ScalarVariable[])[];
  /** array id → one value per cell */
  readonly values: ReadonlyMap<number, readonly ScalarVariable[]>;
}

export type WitnessTransformResult =
  | {
      readonly kind: 'ok';
      readonly program: Program;
      readonly witnesses: readonly WitnessGroupVariables[];
      readonly groups: ArrayGroups;
      readonly loops: ReadonlyMap<number, LoopInfo>;
    }
  | { readonly kind: 'unsupported'; readonly reason: string };

/** the sort of witness indices: wide enough for every index value the encoders distinguish */
export function witnessIndexType(semantics: Semantics): IntegerType {
  return semantics === 'int' ? int128Type : longLongType;
}

/** Transforms `program` into its array-free witness abstraction. */
export function transformWitness(
  program: Program,
  semantics: Semantics,
  options: WitnessOptions,
): WitnessTransformResult {
  if (!Number.isInteger(options.cells) || options.cells < 1)
    return { kind: 'unsupported', reason: `witness cells must be a positive integer, got ${options.cells}` };
  let wideIndex: string | undefined;
  forEachStatement(program.body, (statement) => {
    const check = (indices: readonly Expression[]): void => {
      for (const index of indices) if (index.type.width > 64) wideIndex ??= `an array index of type ${index.type.name}`;
    };
    if (statement.kind === 'arrayWrite') check(statement.indices);
    for (const expression of expressionsOf(statement)) for (const read of arrayReadsOf(expression)) check(read.indices);
  });
  if (wideIndex !== undefined) return { kind: 'unsupported', reason: `witness: ${wideIndex} is wider than 64 bits` };
  const groups = groupArraysBySize(program);
  const loops = analyseLoops(program, groups);
  const transformer = new WitnessTransformer(program, semantics, options, groups, loops);
  const body = transformer.run();
  return {
    kind: 'ok',
    program: createProgram(program.file, [...program.scalars, ...transformer.newScalars], [], body, program.dataModel),
    witnesses: transformer.witnesses,
    groups,
    loops,
  };
}

interface TransformedRead {
  readonly array: ArrayVariable;
  readonly originalIndices: readonly Expression[];
  readonly indices: readonly Expression[];
}

class WitnessTransformer {
  readonly newScalars: ScalarVariable[] = [];
  readonly witnesses: WitnessGroupVariables[] = [];
  private readonly witnessByGroup = new Map<number, WitnessGroupVariables>();
  private nextId: number;
  private readonly names = new Set<string>();
  private readonly indexType: IntegerType;

  constructor(
    private readonly program: Program,
    private readonly semantics: Semantics,
    private readonly options: WitnessOptions,
    private readonly groups: ArrayGroups,
    private readonly loops: ReadonlyMap<number, LoopInfo>,
  ) {
    let maximum = -1;
    for (const variable of [...program.scalars, ...program.arrays]) {
      maximum = Math.max(maximum, variable.id);
      this.names.add(variable.name);
    }
    this.nextId = maximum + 1;
    this.indexType = witnessIndexType(semantics);
  }

  run(): Statement[] {
    const location = this.program.body[0]?.location ?? { line: 1, column: 1 };
    const prologue: Statement[] = [];
    for (const group of this.groups.groups) {
      const indices: ScalarVariable[][] = [];
      for (let cell = 0; cell < this.options.cells; cell++) {
        const row: ScalarVariable[] = [];
        for (let dimension = 0; dimension < group.dimensions; dimension++) {
          const suffix = group.dimensions > 1 ? `.d${dimension}` : '';
          const variable = this.fresh(`witness!index.${group.arrays[0]!.name}.c${cell}${suffix}`, this.indexType);
          row.push(variable);
          prologue.push(createHavoc(variable, location));
        }
        indices.push(row);
      }
      for (let first = 0; first < indices.length; first++) {
        for (let second = first + 1; second < indices.length; second++) {
          const left = indices[first]!;
          const right = indices[second]!;
          const condition =
            group.dimensions === 1
              ? createBinary('less', variableOf(left[0]!), variableOf(right[0]!))
              : left
                  .map((variable, dimension) =>
                    createBinary('notEqual', variableOf(variable), variableOf(right[dimension]!)),
                  )
                  .reduce((accumulated, next) => createBinary('logicalOr', accumulated, next));
          prologue.push(createAssume(condition, location));
        }
      }
      const values = new Map<number, ScalarVariable[]>();
      for (const array of group.arrays) {
        const perCell: ScalarVariable[] = [];
        for (let cell = 0; cell < this.options.cells; cell++) {
          const variable = this.fresh(`witness!value.${array.name}.c${cell}`, array.elementType);
          perCell.push(variable);
          prologue.push(createAssign(variable, createConstant(0n, array.elementType), location));
        }
        values.set(array.id, perCell);
      }
      const witness: WitnessGroupVariables = { group, indices, values };
      this.witnesses.push(witness);
      this.witnessByGroup.set(group.id, witness);
    }
    return [...prologue, ...this.block(this.program.body)];
  }

  private fresh(base: string, type: IntegerType): ScalarVariable {
    let name = base;
    for (let suffix = 1; this.names.has(name); suffix++) name = `${base}!${suffix}`;
    this.names.add(name);
    const variable = createScalarVariable(this.nextId++, name, base, type, undefined);
    this.newScalars.push(variable);
    return variable;
  }

  private witnessOf(array: ArrayVariable): WitnessGroupVariables {
    const witness = this.witnessByGroup.get(this.groups.groupOf(array).id);
    if (witness === undefined) throw new Error(`internal: no witness for ${array.name}`);
    return witness;
  }

  /** `indices` name witness cell `cell` of the array's group */
  private cellMatch(array: ArrayVariable, cell: number, indices: readonly Expression[]): Expression {
    const witness = this.witnessOf(array);
    return indices
      .map((index, dimension) =>
        createBinary('equal', convertTo(index, this.indexType), variableOf(witness.indices[cell]![dimension]!)),
      )
      .reduce((accumulated, next) => createBinary('logicalAnd', accumulated, next));
  }

  private anyCellMatch(array: ArrayVariable, indices: readonly Expression[]): Expression {
    let result: Expression | undefined;
    for (let cell = 0; cell < this.options.cells; cell++) {
      const match = this.cellMatch(array, cell, indices);
      result = result === undefined ? match : createBinary('logicalOr', result, match);
    }
    return result!;
  }

  private valuesOf(array: ArrayVariable): readonly ScalarVariable[] {
    return this.witnessOf(array).values.get(array.id)!;
  }

  private expression(
    expression: Expression,
    pending: Statement[],
    location: SourceLocation,
    reads?: TransformedRead[],
  ): Expression {
    switch (expression.kind) {
      case 'constant':
      case 'variable':
        return expression;
      case 'arrayRead': {
        const indices = expression.indices.map((index) => this.expression(index, pending, location, reads));
        reads?.push({ array: expression.array, originalIndices: expression.indices, indices });
        const unknown = this.fresh(`witness!read.${expression.array.name}`, expression.array.elementType);
        pending.push(createHavoc(unknown, location));
        const values = this.valuesOf(expression.array);
        let result: Expression = createVariableExpression(unknown);
        for (let cell = this.options.cells - 1; cell >= 0; cell--) {
          result = createConditional(
            this.cellMatch(expression.array, cell, indices),
            variableOf(values[cell]!),
            result,
            expression.array.elementType,
          );
        }
        return convertTo(result, expression.type);
      }
      default:
        return visitExpressionChildren(expression, (child) => this.expression(child, pending, location, reads));
    }
  }

  private block(block: Block): Statement[] {
    return block.flatMap((statement) => this.statement(statement));
  }

  private statement(statement: Statement): Statement[] {
    const location = statement.location;
    const pending: Statement[] = [];
    switch (statement.kind) {
      case 'assign': {
        const value = this.expression(statement.value, pending, location);
        return [...pending, updateAssign(statement, value)];
      }
      case 'arrayWrite': {
        const indices = statement.indices.map((index) => this.expression(index, pending, location));
        const value = convertTo(this.expression(statement.value, pending, location), statement.array.elementType);
        const values = this.valuesOf(statement.array);
        if (this.options.cells === 1) {
          return [
            ...pending,
            createIf(
              this.cellMatch(statement.array, 0, indices),
              [createAssign(values[0]!, value, location)],
              [],
              location,
            ),
          ];
        }
        const temporary = this.fresh(`witness!write.${statement.array.name}`, statement.array.elementType);
        return [
          ...pending,
          createAssign(temporary, value, location),
          ...values.map((cellValue, cell) =>
            createIf(
              this.cellMatch(statement.array, cell, indices),
              [createAssign(cellValue, variableOf(temporary), location)],
              [],
              location,
            ),
          ),
        ];
      }
      case 'havoc':
      case 'break':
      case 'continue':
        return [statement];
      case 'arrayHavoc':
        return this.valuesOf(statement.array).map((value) => createHavoc(value, location));
      case 'arrayFill': {
        const value = convertTo(this.expression(statement.value, pending, location), statement.array.elementType);
        return [
          ...pending,
          ...this.valuesOf(statement.array).map((cellValue) => createAssign(cellValue, value, location)),
        ];
      }
      case 'assume': {
        const condition = this.expression(statement.condition, pending, location);
        return [...pending, updateAssume(statement, condition)];
      }
      case 'assert':
        return this.assertion(statement.condition, location);
      case 'if': {
        // `if (c) { assert(0); ... }` (reach_error) is `assert(!c)`; the other branch follows
        const thenFailure = failureOf(statement.then);
        if (thenFailure !== undefined)
          return [
            ...this.assertion(createUnary('logicalNot', statement.condition), thenFailure),
            ...this.block(statement.else),
          ];
        const elseFailure = failureOf(statement.else);
        if (elseFailure !== undefined)
          return [...this.assertion(statement.condition, elseFailure), ...this.block(statement.then)];
        const condition = this.expression(statement.condition, pending, location);
        return [...pending, updateIf(statement, condition, this.block(statement.then), this.block(statement.else))];
      }
      case 'loop':
        return this.options.loops === 'kept' ? this.keptLoop(statement) : this.removedLoop(statement);
      default: {
        const never: never = statement;
        throw new Error(`unknown statement ${JSON.stringify(never)}`);
      }
    }
  }

  private assertion(condition: Expression, location: SourceLocation): Statement[] {
    const pending: Statement[] = [];
    const reads: TransformedRead[] = [];
    const transformed = this.expression(condition, pending, location, reads);
    if (reads.length === 0 || !this.trackable(reads)) return [...pending, createAssert(transformed, location)];
    const tracked = reads
      .map((read) => this.anyCellMatch(read.array, read.indices))
      .reduce((accumulated, next) => createBinary('logicalAnd', accumulated, next));
    return [
      ...pending,
      createIf(tracked, [createAssert(transformed, location)], [createAssume(transformed, location)], location),
    ];
  }

  /** at most k distinct index tuples per group, no division in an index */
  private trackable(reads: readonly TransformedRead[]): boolean {
    const tuples = new Map<number, (readonly Expression[])[]>();
    for (const read of reads) {
      if (read.originalIndices.some(containsDivision)) return false;
      const group = this.groups.groupOf(read.array).id;
      const list = tuples.get(group) ?? [];
      if (
        !list.some((tuple) =>
          tuple.every((index, dimension) => sameExpression(index, read.originalIndices[dimension]!)),
        )
      )
        list.push(read.originalIndices);
      tuples.set(group, list);
      if (list.length > this.options.cells) return false;
    }
    return true;
  }

  private keptLoop(loop: LoopStatement): Statement[] {
    const pending: Statement[] = [];
    const condition = this.expression(loop.condition, pending, loop.location);
    const body = this.block(loop.body);
    const update = this.block(loop.update);
    if (pending.length === 0) return [createLoop(loop.id, condition, body, update, loop.location)];
    const exit = createIf(condition, [], [createBreak(loop.location)], loop.location);
    return [createLoop(loop.id, createConstant(1n, intType), [...pending, exit, ...body], update, loop.location)];
  }

  private removedLoop(loop: LoopStatement): Statement[] {
    const info = this.loops.get(loop.id);
    if (info === undefined) throw new Error(`internal: loop ${loop.id} was not analysed`);
    const location = loop.location;
    const body = this.block(loop.body);
    const update = this.block(loop.update);
    const conditionPending: Statement[] = [];
    const condition = this.expression(loop.condition, conditionPending, location);
    const iterator = info.iterator;
    const exact = this.semantics === 'int';
    // iterator-indexed arrays of one group keep their witness values across the loop
    let pureGroup: ArrayGroup | undefined;
    if (exact && info.iteratorIndexedArrays.size > 0) {
      const counts = new Map<number, number>();
      for (const array of info.iteratorIndexedArrays) {
        const id = this.groups.groupOf(array).id;
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      const best = [...counts.entries()].sort((left, right) => right[1] - left[1] || left[0] - right[0])[0]![0];
      pureGroup = this.groups.groups[best];
    }
    const kept = new Set<ScalarVariable>();
    if (pureGroup !== undefined) {
      for (const array of info.iteratorIndexedArrays) {
        if (this.groups.groupOf(array).id === pureGroup.id) for (const value of this.valuesOf(array)) kept.add(value);
      }
    }
    const defined = [...writtenVariables(body, update, conditionPending).scalars.values()].filter(
      (variable) => !kept.has(variable),
    );
    if (iterator !== undefined && !defined.includes(iterator.variable)) defined.push(iterator.variable);
    const havocDefined = (): Statement[] => defined.map((variable) => createHavoc(variable, location));
    const output: Statement[] = [];
    let entry: ScalarVariable | undefined;
    if (iterator !== undefined) {
      entry = this.fresh(`witness!entry.${iterator.variable.name}`, iterator.variable.type);
      output.push(createAssign(entry, variableOf(iterator.variable), location));
    }
    const iteratorConstraints = (): Statement[] => {
      if (!exact || iterator === undefined || entry === undefined) return [];
      const variable = variableOf(iterator.variable);
      const start = variableOf(entry);
      const constraints: Statement[] = [
        createAssume(createBinary(iterator.step > 0n ? 'greaterEqual' : 'lessEqual', variable, start), location),
      ];
      if (iterator.step !== 1n && iterator.step !== -1n) {
        const difference = createBinary('subtract', variable, start, iterator.variable.type);
        const remainder = createBinary(
          'remainder',
          difference,
          createConstant(iterator.step < 0n ? -iterator.step : iterator.step, iterator.variable.type),
          iterator.variable.type,
        );
        constraints.push(
          createAssume(createBinary('equal', remainder, createConstant(0n, iterator.variable.type)), location),
        );
      }
      return constraints;
    };
    // iteration c runs exactly when c lies between the entry value and the bound (step ±1, no break)
    const exactSpace =
      exact &&
      iterator !== undefined &&
      entry !== undefined &&
      iterator.bound !== undefined &&
      (iterator.step === 1n || iterator.step === -1n) &&
      !info.hasBreak;
    const once = (): Statement[] => {
      const broke = this.fresh(`witness!break.${loop.id}`, intType);
      const continued = this.fresh(`witness!continue.${loop.id}`, intType);
      return [
        createAssign(broke, createConstant(0n), location),
        createAssign(continued, createConstant(0n), location),
        ...eliminateJumps(body, broke, continued, location),
        createIf(createBinary('equal', variableOf(broke), createConstant(0n)), update, [], location),
      ];
    };
    const anyIteration = (): Statement[] => {
      const choice = this.fresh(`witness!iteration.${loop.id}`, intType);
      return [
        createHavoc(choice, location),
        createIf(
          variableOf(choice),
          [
            ...havocDefined(),
            ...iteratorConstraints(),
            ...conditionPending,
            createAssume(condition, location),
            ...once(),
          ],
          [],
          location,
        ),
      ];
    };
    if (pureGroup !== undefined && exactSpace) {
      // 3.S3: the iterations of the tracked cells run for sure; when the loop also accesses other
      // cells, one arbitrary iteration runs first (it may be the one that fails)
      if (!info.fullArrayAccess) output.push(...anyIteration());
      const cells = this.witnessByGroup.get(pureGroup.id)!.indices;
      for (let copy = 0; copy < this.options.cells; copy++) {
        const cellIndex = cells[copy]![0]!;
        const asIterator = convertTo(variableOf(cellIndex), iterator!.variable.type);
        const conditionAtCell = substituteScalar(condition, iterator!.variable, asIterator);
        const entryCheck = createBinary(
          iterator!.step > 0n ? 'lessEqual' : 'greaterEqual',
          convertTo(variableOf(entry!), this.indexType),
          variableOf(cellIndex),
        );
        output.push(
          ...conditionPending,
          createIf(
            createBinary('logicalAnd', entryCheck, conditionAtCell),
            [...havocDefined(), createAssign(iterator!.variable, asIterator, location), ...once()],
            [],
            location,
          ),
        );
      }
    } else {
      // 3.S4: arbitrary iterations, k of them when cells of iterator-indexed arrays must all be simulated
      const copies = pureGroup !== undefined ? this.options.cells : 1;
      for (let copy = 0; copy < copies; copy++) output.push(...anyIteration());
    }
    output.push(...havocDefined(), ...iteratorConstraints());
    if (!info.hasBreak) output.push(...conditionPending, createAssume(createUnary('logicalNot', condition), location));
    return output;
  }
}

/** the location of `assert(0)` when the block starts with it (the rest of the block is unreachable) */
function failureOf(block: Block): SourceLocation | undefined {
  const first = block[0];
  if (first === undefined || first.kind !== 'assert') return undefined;
  const condition = stripCasts(first.condition);
  return condition.kind === 'constant' && condition.value === 0n ? first.location : undefined;
}

function variableOf(variable: ScalarVariable): Expression {
  return createVariableExpression(variable);
}

/** break/continue of the (removed) loop become flag assignments; later statements run only while both flags are 0 */
function eliminateJumps(
  block: Block,
  broke: ScalarVariable,
  continued: ScalarVariable,
  location: SourceLocation,
): Statement[] {
  const output: Statement[] = [];
  for (let position = 0; position < block.length; position++) {
    const statement = block[position]!;
    switch (statement.kind) {
      case 'break':
        output.push(createAssign(broke, createConstant(1n), statement.location));
        return output;
      case 'continue':
        output.push(createAssign(continued, createConstant(1n), statement.location));
        return output;
      case 'if': {
        const thenBlock = eliminateJumps(statement.then, broke, continued, location);
        const elseBlock = eliminateJumps(statement.else, broke, continued, location);
        output.push(createIf(statement.condition, thenBlock, elseBlock, statement.location));
        if (jumps(statement)) {
          const rest = eliminateJumps(block.slice(position + 1), broke, continued, location);
          if (rest.length > 0) {
            const neither = createBinary(
              'logicalAnd',
              createBinary('equal', variableOf(broke), createConstant(0n)),
              createBinary('equal', variableOf(continued), createConstant(0n)),
            );
            output.push(createIf(neither, rest, [], location));
          }
          return output;
        }
        break;
      }
      case 'loop':
        throw new Error('internal: nested loops are removed before their enclosing loop');
      default:
        output.push(statement);
    }
  }
  return output;
}

function jumps(statement: Statement): boolean {
  return containsJump([statement], 'break') || containsJump([statement], 'continue');
}
