// Tests of the IR control-flow walker (src/symbolic/walker.ts) on its own, with a small concrete
// semantics: a path is an environment of bigint values plus a trace of the statements run on it
// (their source lines), or `undefined` once it has ended. Checks the walker's promises: statements
// run in program order and only on live paths, `then` is walked before `else` and the join gets
// both ends, `break`/`continue` end their path and are reported in the order met, loops are handed
// to the caller as `LoopRequest`s (by hand, `runSynchronously`, `runAsynchronously`), and the jumps
// inside a loop's body are the caller's, not the enclosing block's.

import { describe, expect, it } from 'vitest';
import {
  createAssert,
  createAssign,
  createAssume,
  createBinary,
  createBreak,
  createConstant,
  createContinue,
  createHavoc,
  createIf,
  createLoop,
  createScalarVariable,
  createVariableExpression,
  intType,
} from '../../src/ir/factory.js';
import type { Block, Expression, LoopStatement, ScalarVariable, Statement } from '../../src/ir/types.js';
import {
  runAsynchronously,
  runSynchronously,
  walkBlock,
  type Branching,
  type LoopRequest,
  type StatementSemantics,
  type Walk,
  type WalkResult,
} from '../../src/symbolic/walker.js';

// ---------------------------------------------------------------- a concrete semantics

interface LivePath {
  readonly env: ReadonlyMap<number, bigint>;
  /** the source lines of the statements run on this path, in order */
  readonly trace: readonly number[];
  /** which branch choices led here ('T' then, 'E' else), for the forking semantics */
  readonly choices: string;
}
type Path = LivePath | undefined;

const at = (line: number) => ({ line, column: 1 });
const x = createScalarVariable(0, 'x', 'x', intType, undefined);
const y = createScalarVariable(1, 'y', 'y', intType, undefined);
const i = createScalarVariable(2, 'i', 'i', intType, undefined);
const s = createScalarVariable(3, 's', 's', intType, undefined);
const c = (value: number) => createConstant(BigInt(value));
const v = (variable: ScalarVariable) => createVariableExpression(variable);
const assign = (line: number, target: ScalarVariable, value: Expression) => createAssign(target, value, at(line));
const plus = (left: Expression, right: Expression) => createBinary('add', left, right);
const equals = (left: Expression, right: Expression) => createBinary('equal', left, right);
const less = (left: Expression, right: Expression) => createBinary('less', left, right);

function evaluate(expression: Expression, env: ReadonlyMap<number, bigint>): bigint {
  switch (expression.kind) {
    case 'constant':
      return expression.value;
    case 'variable':
      return env.get(expression.variable.id) ?? 0n;
    case 'binary': {
      const left = evaluate(expression.left, env);
      const right = evaluate(expression.right, env);
      switch (expression.operator) {
        case 'add':
          return left + right;
        case 'subtract':
          return left - right;
        case 'multiply':
          return left * right;
        case 'less':
          return left < right ? 1n : 0n;
        case 'greater':
          return left > right ? 1n : 0n;
        case 'equal':
          return left === right ? 1n : 0n;
        case 'notEqual':
          return left !== right ? 1n : 0n;
        default:
          throw new Error(`test semantics: no ${expression.operator}`);
      }
    }
    default:
      throw new Error(`test semantics: no ${expression.kind}`);
  }
}

function start(values: Record<number, bigint> = {}): LivePath {
  return { env: new Map(Object.entries(values).map(([id, value]) => [Number(id), value])), trace: [], choices: '' };
}

function stepped(path: LivePath, statement: Statement, env = path.env): LivePath {
  return { env, trace: [...path.trace, statement.location.line], choices: path.choices };
}

interface Recorder {
  /** every call of a semantics method, in order: `<method>@<line>` */
  readonly calls: string[];
  /** the statements `beforeStatement` was called with */
  readonly before: Statement[];
  /** the arguments of every join */
  readonly joins: [Path, Path][];
}

/**
 * `fork`: both branches of an `if` start live (the condition is not evaluated; the join takes the
 * then end if live, else the else end); otherwise `branch` evaluates the condition and gives the
 * other branch an ended path, and the join takes the live end.
 */
function concreteSemantics(options: { fork?: boolean } = {}): StatementSemantics<Path, LivePath> & Recorder {
  const calls: string[] = [];
  const before: Statement[] = [];
  const joins: [Path, Path][] = [];
  const note = (method: string, statement: Statement) => calls.push(`${method}@${statement.location.line}`);
  const unsupported = (statement: Statement): never => {
    throw new Error(`test semantics: no ${statement.kind}`);
  };
  return {
    calls,
    before,
    joins,
    live: (path): path is LivePath => path !== undefined,
    beforeStatement: (statement) => {
      before.push(statement);
    },
    assign: (statement, path) => {
      note('assign', statement);
      const env = new Map(path.env);
      env.set(statement.target.id, evaluate(statement.value, path.env));
      return stepped(path, statement, env);
    },
    havoc: (statement, path) => {
      note('havoc', statement);
      const env = new Map(path.env);
      env.set(statement.target.id, 7n);
      return stepped(path, statement, env);
    },
    assume: (statement, path) => {
      note('assume', statement);
      return evaluate(statement.condition, path.env) !== 0n ? stepped(path, statement) : undefined;
    },
    assert: (statement, path) => {
      note('assert', statement);
      return evaluate(statement.condition, path.env) !== 0n ? stepped(path, statement) : undefined;
    },
    branch: (statement, path): Branching<Path> => {
      note('branch', statement);
      const entered = stepped(path, statement);
      const join = (thenEnd: Path, elseEnd: Path): Path => {
        joins.push([thenEnd, elseEnd]);
        return thenEnd ?? elseEnd;
      };
      if (options.fork === true) {
        return {
          then: { ...entered, choices: `${entered.choices}T` },
          else: { ...entered, choices: `${entered.choices}E` },
          join,
        };
      }
      const taken = evaluate(statement.condition, path.env) !== 0n;
      return { then: taken ? entered : undefined, else: taken ? undefined : entered, join };
    },
    jump: (statement) => {
      note(statement.kind, statement);
      return undefined;
    },
    arrayWrite: unsupported,
    arrayHavoc: unsupported,
    arrayFill: unsupported,
  };
}

/** a walk with no loops in it, run to its end */
function walkLoopFree(
  semantics: StatementSemantics<Path, LivePath>,
  block: Block,
  path: Path,
): WalkResult<Path, LivePath> {
  return runSynchronously(walkBlock(semantics, block, path), () => {
    throw new Error('no loop expected');
  });
}

// ---------------------------------------------------------------- sequencing

describe('walker: sequencing and live paths', () => {
  it('runs the statements of a block in program order, each on the path the previous one returned', () => {
    const semantics = concreteSemantics();
    const block = [
      assign(1, x, c(1)),
      assign(2, y, plus(v(x), c(1))),
      assign(3, x, plus(v(y), v(x))),
      createHavoc(y, at(4)),
    ];
    const result = walkLoopFree(semantics, block, start());
    expect(result.normal?.trace).toEqual([1, 2, 3, 4]);
    expect(result.normal?.env.get(x.id)).toBe(3n);
    expect(result.normal?.env.get(y.id)).toBe(7n);
    expect(semantics.calls).toEqual(['assign@1', 'assign@2', 'assign@3', 'havoc@4']);
    expect(result.breaks).toEqual([]);
    expect(result.continues).toEqual([]);
  });

  it('an assume(false) ends the path: the later statements do not run and beforeStatement is not called for them', () => {
    const semantics = concreteSemantics();
    const block = [
      assign(1, x, c(5)),
      createAssume(equals(v(x), c(5)), at(2)),
      assign(3, y, c(1)),
      createAssume(c(0), at(4)),
      assign(5, x, c(99)),
      createIf(c(1), [assign(7, y, c(2))], [], at(6)),
      createBreak(at(8)),
      createLoop(0, c(1), [], [], at(9)),
      createAssert(c(0), at(10)),
    ];
    const result = walkLoopFree(semantics, block, start());
    expect(result.normal).toBeUndefined();
    expect(semantics.calls).toEqual(['assign@1', 'assume@2', 'assign@3', 'assume@4']);
    expect(semantics.before).toEqual(block.slice(0, 4));
    expect(semantics.before[3]).toBe(block[3]);
    expect(result.breaks).toEqual([]);
    expect(semantics.joins).toEqual([]);
  });

  it('a failed assert ends the path like an assume', () => {
    const semantics = concreteSemantics();
    const block = [assign(1, x, c(2)), createAssert(equals(v(x), c(3)), at(2)), assign(3, y, c(1))];
    const result = walkLoopFree(semantics, block, start());
    expect(result.normal).toBeUndefined();
    expect(semantics.calls).toEqual(['assign@1', 'assert@2']);
  });

  it('a walk that starts on an ended path runs nothing, not even beforeStatement', () => {
    const semantics = concreteSemantics();
    const block = [assign(1, x, c(1)), createBreak(at(2)), createLoop(0, c(1), [], [], at(3))];
    const walk = walkBlock(semantics, block, undefined);
    const step = walk.next();
    expect(step.done).toBe(true);
    expect(step.value).toEqual({ normal: undefined, breaks: [], continues: [] });
    expect(semantics.calls).toEqual([]);
    expect(semantics.before).toEqual([]);
  });

  it('beforeStatement sees each statement that runs, nested ones included, before the statement runs', () => {
    const order: string[] = [];
    const base = concreteSemantics();
    const semantics: StatementSemantics<Path, LivePath> = {
      ...base,
      beforeStatement: (statement) => {
        order.push(`before@${statement.location.line}`);
      },
      assign: (statement, path) => {
        order.push(`assign@${statement.location.line}`);
        return base.assign(statement, path);
      },
    };
    const block = [
      assign(1, x, c(1)),
      createIf(equals(v(x), c(1)), [assign(3, y, c(1)), assign(4, y, c(2))], [assign(5, y, c(3))], at(2)),
      assign(6, x, c(0)),
    ];
    walkLoopFree(semantics, block, start());
    expect(order).toEqual([
      'before@1',
      'assign@1',
      'before@2',
      'before@3',
      'assign@3',
      'before@4',
      'assign@4',
      'before@6',
      'assign@6',
    ]);
  });

  it('an unknown statement kind is an error, not silently skipped', () => {
    const semantics = concreteSemantics();
    const bogus = { kind: 'goto', location: at(1) } as unknown as Statement;
    expect(() => walkLoopFree(semantics, [bogus], start())).toThrow(/unknown statement/);
  });
});

// ---------------------------------------------------------------- if

describe('walker: if', () => {
  it('walks the branch the semantics keeps live and continues after the if with the join', () => {
    const block = (line: number): Block => [
      createIf(
        less(v(x), c(0)),
        [assign(line + 1, y, c(-1))],
        [assign(line + 2, y, c(1)), assign(line + 3, y, plus(v(y), c(10)))],
        at(line),
      ),
      assign(line + 4, x, plus(v(y), c(100))),
    ];
    const negative = concreteSemantics();
    const onNegative = walkLoopFree(negative, block(10), start({ [x.id]: -5n }));
    expect(onNegative.normal?.trace).toEqual([10, 11, 14]);
    expect(onNegative.normal?.env.get(x.id)).toBe(99n);
    expect(negative.calls).toEqual(['branch@10', 'assign@11', 'assign@14']);

    const positive = concreteSemantics();
    const onPositive = walkLoopFree(positive, block(20), start({ [x.id]: 5n }));
    expect(onPositive.normal?.trace).toEqual([20, 22, 23, 24]);
    expect(onPositive.normal?.env.get(x.id)).toBe(111n);
    expect(positive.joins).toHaveLength(1);
    expect(positive.joins[0]![0]).toBeUndefined();
    expect(positive.joins[0]![1]?.trace).toEqual([20, 22, 23]);
  });

  it('walks then before else, and the join gets both ends (the objects the branches ended with)', () => {
    const semantics = concreteSemantics({ fork: true });
    const inner = createIf(c(1), [assign(4, x, c(4))], [assign(5, x, c(5))], at(3));
    const outer = createIf(c(1), [assign(2, x, c(2)), inner], [assign(6, x, c(6)), createAssume(c(0), at(7))], at(1));
    const result = walkLoopFree(semantics, [outer, assign(8, y, v(x))], start());
    expect(semantics.calls).toEqual([
      'branch@1',
      'assign@2',
      'branch@3',
      'assign@4',
      'assign@5',
      'assign@6',
      'assume@7',
      'assign@8',
    ]);
    // inner join first (with its two live ends), then the outer one (then end live, else end ended)
    expect(semantics.joins).toHaveLength(2);
    const [innerThen, innerElse] = semantics.joins[0]!;
    expect(innerThen).toMatchObject({ choices: 'TT', trace: [1, 2, 3, 4] });
    expect(innerElse).toMatchObject({ choices: 'TE', trace: [1, 2, 3, 5] });
    const [outerThen, outerElse] = semantics.joins[1]!;
    expect(outerThen).toBe(innerThen);
    expect(outerElse).toBeUndefined();
    expect(result.normal).toMatchObject({ choices: 'TT', trace: [1, 2, 3, 4, 8] });
    expect(result.normal?.env.get(y.id)).toBe(4n);
  });

  it('continues after the if with whatever the join returns, even a path neither branch ended with', () => {
    const base = concreteSemantics({ fork: true });
    const replacement = start({ [x.id]: 42n });
    const semantics: StatementSemantics<Path, LivePath> = {
      ...base,
      branch: (statement, path) => ({ ...base.branch(statement, path), join: () => replacement }),
    };
    const result = walkLoopFree(
      semantics,
      [createIf(c(1), [assign(2, x, c(1))], [assign(3, x, c(2))], at(1)), assign(4, y, v(x))],
      start(),
    );
    expect(result.normal?.env.get(y.id)).toBe(42n);
    expect(result.normal?.trace).toEqual([4]);
  });

  it('an if whose both branches end ends the path after it', () => {
    const semantics = concreteSemantics({ fork: true });
    const block = [createIf(c(1), [createAssume(c(0), at(2))], [createAssume(c(0), at(3))], at(1)), assign(4, x, c(1))];
    const result = walkLoopFree(semantics, block, start());
    expect(result.normal).toBeUndefined();
    expect(semantics.joins).toEqual([[undefined, undefined]]);
    expect(semantics.calls).not.toContain('assign@4');
  });
});

// ---------------------------------------------------------------- break and continue

describe('walker: break and continue', () => {
  it('a break ends its path, is reported with the path it met, and the rest of the block does not run', () => {
    const semantics = concreteSemantics();
    const block = [assign(1, x, c(3)), createBreak(at(2)), assign(3, x, c(4)), createContinue(at(4))];
    const result = walkLoopFree(semantics, block, start());
    expect(result.normal).toBeUndefined();
    expect(result.breaks).toHaveLength(1);
    expect(result.breaks[0]!.trace).toEqual([1]);
    expect(result.breaks[0]!.env.get(x.id)).toBe(3n);
    expect(result.continues).toEqual([]);
    expect(semantics.calls).toEqual(['assign@1', 'break@2']);
    expect(semantics.before.map((statement) => statement.location.line)).toEqual([1, 2]);
  });

  it('a continue inside nested ifs is reported, and ends the path after the ifs', () => {
    const semantics = concreteSemantics();
    const block = [
      assign(1, x, c(1)),
      createIf(
        equals(v(x), c(1)),
        [
          assign(3, y, c(5)),
          createIf(c(1), [createContinue(at(5)), assign(6, y, c(6))], [], at(4)),
          assign(7, y, c(7)),
        ],
        [],
        at(2),
      ),
      assign(8, x, c(8)),
    ];
    const result = walkLoopFree(semantics, block, start());
    expect(result.normal).toBeUndefined();
    expect(result.breaks).toEqual([]);
    expect(result.continues.map((path) => path.trace)).toEqual([[1, 2, 3, 4]]);
    expect(result.continues[0]!.env.get(y.id)).toBe(5n);
    expect(semantics.calls).toEqual(['assign@1', 'branch@2', 'assign@3', 'branch@4', 'continue@5']);
  });

  it('reports the jumps of several paths in the order met: then before else, earlier statements first', () => {
    const semantics = concreteSemantics({ fork: true });
    const block = [
      createIf(
        c(1),
        [createIf(c(1), [createBreak(at(3))], [createContinue(at(4))], at(2))],
        [createBreak(at(6))],
        at(1),
      ),
    ];
    const result = walkLoopFree(semantics, block, start());
    expect(result.normal).toBeUndefined();
    expect(result.breaks.map((path) => path.choices)).toEqual(['TT', 'E']);
    expect(result.continues.map((path) => path.choices)).toEqual(['TE']);
    expect(semantics.calls).toEqual(['branch@1', 'branch@2', 'break@3', 'continue@4', 'break@6']);
  });

  it('jumps from one if and later statements: the surviving path goes on and its later jumps are appended', () => {
    const semantics = concreteSemantics({ fork: true });
    const block = [
      createIf(c(1), [assign(2, x, c(1)), createBreak(at(3))], [], at(1)),
      assign(4, x, c(2)),
      createIf(c(1), [createContinue(at(6))], [assign(7, y, c(1))], at(5)),
      createIf(c(1), [createBreak(at(9))], [], at(8)),
      createContinue(at(10)),
      assign(11, x, c(3)),
    ];
    const result = walkLoopFree(semantics, block, start());
    expect(result.normal).toBeUndefined();
    expect(result.breaks.map((path) => [path.choices, path.env.get(x.id)])).toEqual([
      ['T', 1n],
      ['EET', 2n],
    ]);
    expect(result.continues.map((path) => [path.choices, path.env.get(x.id), path.env.get(y.id)])).toEqual([
      ['ET', 2n, undefined],
      ['EEE', 2n, 1n],
    ]);
    expect(semantics.calls).not.toContain('assign@11');
  });

  it('the jump hook decides what the rest of a jumping path is (a live rest runs on)', () => {
    const base = concreteSemantics();
    const semantics: StatementSemantics<Path, LivePath> = {
      ...base,
      jump: (statement, path) => stepped(path, statement),
    };
    const result = walkLoopFree(semantics, [createBreak(at(1)), assign(2, x, c(2))], start());
    expect(result.breaks).toHaveLength(1);
    expect(result.normal?.trace).toEqual([1, 2]);
  });
});

// ---------------------------------------------------------------- loops

describe("walker: loops are the caller's", () => {
  const loopBody = [
    createIf(equals(v(i), c(3)), [createContinue(at(31))], [], at(30)),
    createIf(equals(v(i), c(6)), [createBreak(at(33))], [], at(32)),
    createAssign(s, plus(v(s), v(i)), at(34)),
  ];
  const loop = createLoop(0, less(v(i), c(10)), loopBody, [createAssign(i, plus(v(i), c(1)), at(35))], at(29));
  const program: Block = [assign(1, i, c(0)), assign(2, s, c(0)), loop, assign(40, y, plus(v(s), c(1000)))];

  it('yields a LoopRequest with the loop and the current path, and goes on with the path sent back (by hand)', () => {
    const semantics = concreteSemantics();
    const walk: Walk<Path, LivePath> = walkBlock(semantics, program, start());
    const first = walk.next();
    expect(first.done).toBe(false);
    const request = first.value as LoopRequest<LivePath>;
    expect(request.loop).toBe(loop);
    expect(request.path.trace).toEqual([1, 2]);
    expect(semantics.calls).toEqual(['assign@1', 'assign@2']);
    // the walk waits: the loop's body has not run, nor the statement after it
    const resumed = start({ [s.id]: 5n });
    const last = walk.next(resumed);
    expect(last.done).toBe(true);
    const result = last.value as WalkResult<Path, LivePath>;
    expect(result.normal?.env.get(y.id)).toBe(1005n);
    expect(result.normal?.trace).toEqual([40]);
    expect(semantics.calls).toEqual(['assign@1', 'assign@2', 'assign@40']);
    expect(semantics.before.map((statement) => statement.location.line)).toEqual([1, 2, 29, 40]);
    expect(result.breaks).toEqual([]);
    expect(result.continues).toEqual([]);
  });

  it('an ended path sent back for a loop ends the walk', () => {
    const semantics = concreteSemantics();
    const walk = walkBlock(semantics, program, start());
    expect(walk.next().done).toBe(false);
    const last = walk.next(undefined);
    expect(last).toEqual({ done: true, value: { normal: undefined, breaks: [], continues: [] } });
    expect(semantics.calls).not.toContain('assign@40');
  });

  it('a loop inside an if is requested from inside the walk of the branch; the join gets the path sent back', () => {
    const semantics = concreteSemantics();
    const inner = createLoop(1, c(1), [createBreak(at(4))], [], at(3));
    const block = [
      createIf(c(1), [assign(2, x, c(1)), inner, assign(5, x, plus(v(x), c(1)))], [], at(1)),
      createBreak(at(6)),
    ];
    const walk = walkBlock(semantics, block, start());
    const request = walk.next().value as LoopRequest<LivePath>;
    expect(request.loop).toBe(inner);
    expect(request.path.trace).toEqual([1, 2]);
    const last = walk.next(start({ [x.id]: 10n }));
    expect(last.done).toBe(true);
    const result = last.value as WalkResult<Path, LivePath>;
    expect(semantics.joins).toHaveLength(1);
    expect(semantics.joins[0]![0]?.env.get(x.id)).toBe(11n);
    // the break at line 4 is in the loop's body: only the break at line 6 is this block's
    expect(result.breaks.map((path) => path.env.get(x.id))).toEqual([11n]);
    expect(semantics.calls).not.toContain('break@4');
  });

  it('runSynchronously answers each loop with the hook; a caller that walks the body itself routes its jumps', () => {
    const semantics = concreteSemantics();
    const requests: { loop: LoopStatement; trace: readonly number[] }[] = [];
    // a concrete while loop: body walked by the hook, continue goes to the update, break leaves
    const runLoop = (statement: LoopStatement, path: LivePath): Path => {
      requests.push({ loop: statement, trace: path.trace });
      let current: Path = path;
      for (let iteration = 0; iteration < 100 && current !== undefined; iteration++) {
        if (evaluate(statement.condition, current.env) === 0n) return current;
        const body: WalkResult<Path, LivePath> = runSynchronously(
          walkBlock(semantics, statement.body, current),
          runLoop,
        );
        if (body.breaks.length > 0) return body.breaks[0];
        const afterBody: Path = body.normal ?? body.continues[0];
        if (afterBody === undefined) return undefined;
        current = runSynchronously(walkBlock(semantics, statement.update, afterBody), runLoop).normal;
      }
      throw new Error('loop did not end');
    };
    const result = runSynchronously(walkBlock(semantics, program, start()), runLoop);
    // s = 0 + 1 + 2 + 4 + 5 (3 skipped by continue, 6 breaks)
    expect(result.normal?.env.get(s.id)).toBe(12n);
    expect(result.normal?.env.get(y.id)).toBe(1012n);
    expect(result.normal?.env.get(i.id)).toBe(6n);
    expect(requests).toEqual([{ loop, trace: [1, 2] }]);
    // the body's break and continue were reported to the loop, not to the enclosing block
    expect(result.breaks).toEqual([]);
    expect(result.continues).toEqual([]);
    expect(semantics.calls.filter((call) => call.startsWith('break') || call.startsWith('continue'))).toEqual([
      'continue@31',
      'break@33',
    ]);
  });

  it('runSynchronously calls the hook once per loop met on a live path, in program order', () => {
    const semantics = concreteSemantics();
    const first = createLoop(0, c(1), [], [], at(2));
    const second = createLoop(1, c(1), [], [], at(4));
    const third = createLoop(2, c(1), [], [], at(7));
    const block = [
      assign(1, x, c(1)),
      first,
      assign(3, x, plus(v(x), c(1))),
      second,
      createIf(equals(v(x), c(0)), [createLoop(3, c(1), [], [], at(6))], [], at(5)),
      third,
    ];
    const seen: [number, bigint | undefined][] = [];
    const result = runSynchronously(walkBlock(semantics, block, start()), (statement, path) => {
      seen.push([statement.id, path.env.get(x.id)]);
      const env = new Map(path.env);
      env.set(x.id, (path.env.get(x.id) ?? 0n) * 10n);
      return { ...path, env };
    });
    expect(seen).toEqual([
      [0, 1n],
      [1, 11n],
      [2, 110n],
    ]);
    expect(result.normal?.env.get(x.id)).toBe(1100n);
  });

  it('runAsynchronously answers loops with promises, one at a time, in program order', async () => {
    const semantics = concreteSemantics();
    const block = [
      assign(1, x, c(1)),
      createLoop(0, c(1), [], [], at(2)),
      createLoop(1, c(1), [], [], at(3)),
      assign(4, y, v(x)),
    ];
    let inFlight = 0;
    let maxInFlight = 0;
    const events: string[] = [];
    const result = await runAsynchronously(walkBlock(semantics, block, start()), async (statement, path) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      events.push(`start ${statement.id} x=${path.env.get(x.id)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push(`end ${statement.id}`);
      inFlight--;
      const env = new Map(path.env);
      env.set(x.id, (path.env.get(x.id) ?? 0n) + 1n);
      return { ...path, env };
    });
    expect(events).toEqual(['start 0 x=1', 'end 0', 'start 1 x=2', 'end 1']);
    expect(maxInFlight).toBe(1);
    expect(result.normal?.env.get(y.id)).toBe(3n);
    expect(semantics.calls).toEqual(['assign@1', 'assign@4']);
  });

  it('runAsynchronously: a hook answering an ended path stops the block, and a rejected hook rejects the run', async () => {
    const semantics = concreteSemantics();
    const block = [createLoop(0, c(1), [], [], at(1)), assign(2, x, c(1)), createLoop(1, c(1), [], [], at(3))];
    const ended = await runAsynchronously(walkBlock(semantics, block, start()), async () => undefined);
    expect(ended.normal).toBeUndefined();
    expect(semantics.calls).toEqual([]);
    await expect(
      runAsynchronously(walkBlock(concreteSemantics(), block, start()), async () => {
        throw new Error('solver failed');
      }),
    ).rejects.toThrow('solver failed');
  });
});
