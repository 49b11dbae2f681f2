// Paper 004, Sect. II-B to II-E: every loop of the program replaced by an abstract loop of at most
// |O| (+1) iterations, innermost loops first. The result is an IR program whose loops all have small
// known bounds, so plain bmc with unwinding assertions decides it.
//
// One loop `while (c) { B } update { U }` with classes from classify.ts becomes (simple form):
//
//   v⁰ = v;  …                          for every accelerated IO scalar v
//   exited = 0;                          only when B or U can `break` the loop
//   j = 0;
//   while (!exited && j < bound) {       bound = |O|, +1 when the loop can break
//     stop = nondet; if (stop) break;
//     k = nondet ≥ 0; region counts = nondet ≥ 0 with their relations (regions.ts)
//     v = acceleration of v;  …          (classify.ts); other IO scalars and IO arrays: havoc
//     assume(c);
//     B   (a `break` of the loop sets `exited` first)
//   } update { U; j = j + 1; }
//   if (!exited) assume(!c);
//
// Why this over-approximates (the paper's argument, with breaks): take any run of the loop. Each
// output variable has a last iteration that writes it; those iterations, plus the one that leaves
// by `break` if any, are at most `bound`. Replay exactly those, in order: at the start of each, the
// IO variables get the values they have at that point of the real run (the accelerations can
// produce them: k and the region counts are the counts of the iterations completed before), the
// inputs I are unchanged, and B ∪ U reads nothing else, so the iteration writes what the real one
// wrote. After the last one every output holds its final value; pure outputs are never read, so
// skipping the other iterations changes nothing. The `stop` exit then leaves the abstract loop, and
// the real loop's exit condition holds. Nested loops were abstracted first: their abstraction
// over-approximates them, so the argument carries over to the enclosing loop.
//
// Induction form (an assertion in B or U, Sect. II-D): the first iteration runs concretely (the
// base case, assertions checked), then the abstract loop with every assertion turned into an
// assumption (the iterations before a first failure satisfied them), then one concrete iteration
// with the assertions (the step), then `assume(!c)`. The first failing iteration of any run is
// either the first (base) or follows completed ones the abstract loop reproduces (step).
//
// Assumptions: counts of completed iterations below 2^127 (k is an __int128); int semantics for
// increments (classify.ts); values of IO scalars within their types (havoc; in int semantics every
// verdict assumes no overflow).

import {
  boolType,
  createArrayHavoc,
  createAssign,
  createAssume,
  createBinary,
  createBreak,
  createConstant,
  createHavoc,
  createIf,
  createLoop,
  createProgram,
  createScalarVariable,
  createUnary,
  createVariableExpression,
  convertTo,
  int128Type,
  intType,
  unusedVariableId,
} from '../../ir/factory.js';
import type {
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
import { renumberLoops, visitBlock, visitStatementChildren } from '../../ir/visit.js';
import { classifyLoop, type Acceleration, type LoopClasses } from './classify.js';
import { bodyRegions, type Regions } from './regions.js';

export interface LoopAbstraction {
  readonly classes: LoopClasses;
  /** iterations of the abstract loop */
  readonly bound: number;
  readonly form: 'simple' | 'induction';
}

export interface AbstractProgram {
  readonly program: Program;
  /** innermost first */
  readonly loops: readonly LoopAbstraction[];
  /** an unwinding that covers every abstract loop */
  readonly unwind: number;
}

/** fresh scalars of the abstract program */
class FreshVariables {
  readonly created: ScalarVariable[] = [];
  private nextId: number;

  constructor(program: Program) {
    this.nextId = unusedVariableId(program);
  }

  make(what: string, loop: LoopStatement, type: IntegerType): ScalarVariable {
    const id = this.nextId++;
    const variable = createScalarVariable(
      id,
      `labmc.${what}.${loop.id}.${id}`,
      `${what}_${loop.id}`,
      type,
      loop.location,
    );
    this.created.push(variable);
    return variable;
  }
}

const read = (variable: ScalarVariable): Expression => createVariableExpression(variable);
const not = (expression: Expression): Expression => createUnary('logicalNot', expression);
const and = (left: Expression, right: Expression): Expression => createBinary('logicalAnd', left, right);
const wide = (value: bigint): Expression => createConstant(value, int128Type);

/** every `break` of the block's own loop (not of nested loops) preceded by `exited = 1` */
function markBreaks(block: Block, exited: ScalarVariable): Block {
  return visitBlock(block, (statement) => {
    if (statement.kind === 'break')
      return [createAssign(exited, createConstant(1n, boolType), statement.location), statement];
    if (statement.kind === 'if')
      return createIf(
        statement.condition,
        markBreaks(statement.then, exited),
        markBreaks(statement.else, exited),
        statement.location,
      );
    return statement;
  });
}

/** every assertion of the block, nested blocks included, as an assumption */
export function assertionsAsAssumptions(block: Block): Block {
  return visitBlock(block, (statement) => {
    if (statement.kind === 'assert') return createAssume(statement.condition, statement.location);
    return visitStatementChildren(statement, (expression) => expression, assertionsAsAssumptions);
  });
}

class Abstractor {
  readonly fresh: FreshVariables;
  readonly loops: LoopAbstraction[] = [];

  constructor(
    program: Program,
    private readonly semantics: Semantics,
  ) {
    this.fresh = new FreshVariables(program);
  }

  block(block: Block): Block {
    return visitBlock(block, (statement) => {
      if (statement.kind === 'loop') return this.loop(statement);
      if (statement.kind === 'if')
        return createIf(
          statement.condition,
          this.block(statement.then),
          this.block(statement.else),
          statement.location,
        );
      return statement;
    });
  }

  /** the counts of the regions (region 0 is k), havocked with their relations */
  private regionCounts(
    regions: Regions,
    loop: LoopStatement,
    location: SourceLocation,
  ): { statements: Statement[]; counts: ScalarVariable[] } {
    const counts = Array.from({ length: regions.count }, (_, region) =>
      this.fresh.make(region === 0 ? 'k' : `k${region}`, loop, int128Type),
    );
    const statements: Statement[] = [];
    for (const count of counts) {
      statements.push(
        createHavoc(count, location),
        createAssume(createBinary('greaterEqual', read(count), wide(0n)), location),
      );
    }
    for (const relation of regions.relations) {
      const condition =
        relation.kind === 'branches'
          ? createBinary(
              'equal',
              createBinary('add', read(counts[relation.then]!), read(counts[relation.else]!), int128Type),
              read(counts[relation.whole]!),
            )
          : createBinary('lessEqual', read(counts[relation.part]!), read(counts[relation.whole]!));
      statements.push(createAssume(condition, location));
    }
    return { statements, counts };
  }

  /** the statements giving an IO scalar its abstract value at the start of an abstract iteration */
  private accelerate(
    acceleration: Acceleration,
    initial: ReadonlyMap<number, ScalarVariable>,
    regions: Regions,
    counts: readonly ScalarVariable[],
    loop: LoopStatement,
  ): Statement[] {
    const location = loop.location;
    const variable = acceleration.variable;
    const oneOf = (target: ScalarVariable, resets: readonly Expression[]): Statement[] => {
      const choices = [read(initial.get(variable.id)!), ...resets].map((value) =>
        createBinary('equal', read(target), convertTo(value, target.type)),
      );
      return [
        createHavoc(target, location),
        createAssume(
          choices.reduce((left, right) => createBinary('logicalOr', left, right)),
          location,
        ),
      ];
    };
    const sum = (
      base: Expression,
      terms: readonly { count: ScalarVariable; step: Expression; negative: boolean }[],
    ): Expression => {
      let total = convertTo(base, int128Type);
      for (const term of terms) {
        const product = createBinary('multiply', read(term.count), convertTo(term.step, int128Type), int128Type);
        total = createBinary(term.negative ? 'subtract' : 'add', total, product, int128Type);
      }
      return convertTo(total, variable.type);
    };
    switch (acceleration.kind) {
      case 'havoc':
        return [createHavoc(variable, location)];
      case 'nonRecurrent':
        return oneOf(variable, acceleration.resets);
      case 'selfRecurrent': {
        const terms = acceleration.increments.map((increment) => ({
          count: counts[regions.regionOf.get(increment.statement)!]!,
          step: increment.step,
          negative: increment.negative,
        }));
        return [createAssign(variable, sum(read(initial.get(variable.id)!), terms), location)];
      }
      case 'selfRecurrentWithReset': {
        const base = this.fresh.make(`${variable.sourceName}_reset`, loop, variable.type);
        const statements = oneOf(base, acceleration.resets);
        const terms = acceleration.increments.map((increment) => {
          const count = this.fresh.make(`${variable.sourceName}_since_reset`, loop, int128Type);
          const whole = counts[regions.regionOf.get(increment.statement)!]!;
          statements.push(
            createHavoc(count, location),
            createAssume(
              and(
                createBinary('greaterEqual', read(count), wide(0n)),
                createBinary('lessEqual', read(count), read(whole)),
              ),
              location,
            ),
          );
          return { count, step: increment.step, negative: increment.negative };
        });
        statements.push(createAssign(variable, sum(read(base), terms), location));
        return statements;
      }
      default: {
        const never: never = acceleration;
        throw new Error(`unknown acceleration ${JSON.stringify(never)}`);
      }
    }
  }

  loop(original: LoopStatement): Statement[] {
    const classes = classifyLoop(original, this.semantics);
    const body = this.block(original.body);
    const update = this.block(original.update);
    const location = original.location;
    const induction = classes.containsAssertion;
    const bound = classes.inputOutputs.length + classes.pureOutputs.length + (!induction && classes.breaks ? 1 : 0);
    this.loops.push({ classes, bound, form: induction ? 'induction' : 'simple' });

    const statements: Statement[] = [];
    const initial = new Map<number, ScalarVariable>();
    for (const acceleration of classes.accelerations) {
      if (acceleration.kind === 'havoc') continue;
      const copy = this.fresh.make(`${acceleration.variable.sourceName}0`, original, acceleration.variable.type);
      initial.set(acceleration.variable.id, copy);
      statements.push(createAssign(copy, read(acceleration.variable), location));
    }
    const exited = classes.breaks ? this.fresh.make('exited', original, boolType) : undefined;
    const flagged = (block: Block): Block => (exited === undefined ? block : markBreaks(block, exited));
    const stillIn = (condition: Expression): Expression =>
      exited === undefined ? condition : and(not(read(exited)), condition);
    if (exited !== undefined) statements.push(createAssign(exited, createConstant(0n, boolType), location));
    // one concrete iteration: the base case and the step of the induction form
    const concreteIteration = (): Statement =>
      createLoop(
        original.id,
        stillIn(original.condition),
        flagged(body),
        [...flagged(update), createBreak(location)],
        location,
      );
    if (induction) statements.push(concreteIteration());

    const counter = this.fresh.make('j', original, intType);
    const stop = this.fresh.make('stop', original, boolType);
    const regions = bodyRegions(original.body, original.update);
    const increments = classes.accelerations.some(
      (acceleration) => acceleration.kind === 'selfRecurrent' || acceleration.kind === 'selfRecurrentWithReset',
    );
    const counting = increments ? this.regionCounts(regions, original, location) : { statements: [], counts: [] };
    const abstractBody: Statement[] = [
      createHavoc(stop, location),
      createIf(read(stop), [createBreak(location)], [], location),
      ...counting.statements,
      ...classes.accelerations.flatMap((acceleration) =>
        this.accelerate(acceleration, initial, regions, counting.counts, original),
      ),
      ...classes.havockedArrays.map((array) => createArrayHavoc(array, location)),
      createAssume(original.condition, location),
      ...(induction ? assertionsAsAssumptions(flagged(body)) : flagged(body)),
    ];
    const abstractUpdate: Statement[] = [
      ...(induction ? assertionsAsAssumptions(flagged(update)) : flagged(update)),
      createAssign(counter, createBinary('add', read(counter), createConstant(1n)), location),
    ];
    statements.push(
      createAssign(counter, createConstant(0n), location),
      createLoop(
        original.id,
        stillIn(createBinary('less', read(counter), createConstant(BigInt(bound)))),
        abstractBody,
        abstractUpdate,
        location,
      ),
    );
    if (induction) statements.push(concreteIteration());
    const exit = createAssume(not(original.condition), location);
    statements.push(exited === undefined ? exit : createIf(not(read(exited)), [exit], [], location));
    return statements;
  }
}

export function abstractProgram(program: Program, semantics: Semantics): AbstractProgram {
  const abstractor = new Abstractor(program, semantics);
  const body = renumberLoops(abstractor.block(program.body));
  const abstract = createProgram(
    program.file,
    [...program.scalars, ...abstractor.fresh.created],
    program.arrays,
    body,
    program.dataModel,
  );
  const unwind = Math.max(1, ...abstractor.loops.map((loop) => loop.bound));
  return { program: abstract, loops: abstractor.loops, unwind };
}
