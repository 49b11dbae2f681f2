// fast-check arbitrary of small C programs (as text) that draw every control-flow form the front end
// lowers onto the IR's one loop `loop(condition, body, update)` (src/ir/lower/statements.ts,
// src/ir/lower/gotos.ts): for, while, do-while (its exit test lands in the loop's update block),
// for(;;) / while (1) with exits, break and continue in loop bodies and in nested loops, switch in
// loops with and without fall-through (a `break` of the switch beside `break`/`continue` of the
// loop), early `return` from main inside loops, helpers with loops that return from inside them
// (inlined), helpers that write cells of the global array, the goto shapes gotos.ts places (a
// backward goto making a loop, a forward goto skipping statements, a goto to the statement after a
// loop, gotos to the error label `ERROR: { reach_error(); abort(); }`), loops counting down and by
// steps, conditions with side effects (`while (i++ < B)`, `do … while (++i < B)`,
// `while (n-- > 0)`), and loop conditions that also read a cell or a sum (`i < B && a[i] != x`).
// Each program carries the list of forms it contains (`forms`).
//
// Every program is bounded and free of undefined behaviour by construction: a loop's bound is at most
// 5 (the array's size) and each index expression is in 0..4 wherever it is read; every loop makes
// progress on every path (a `continue` is only drawn in loops whose counter moves before it or in
// the update or condition); values stay far from the int range (sums of small values over at most a
// few hundred iterations, no products). Its inputs (`__VERIFIER_nondet_int()`, all read at the start of
// main) are restricted by `assume_abort_if_not(lo <= v && v <= hi)` or `if (…) return 0;` to small
// ranges inside `controlFlowDomain`, so exhaustive enumeration over that domain is complete.
//
// The final assertions (one or two, as `__VERIFIER_assert` or as `if (!…) goto ERROR;`) compare an
// observed value (s, t, s + t, a cell, the last counter, or every cell of the array) with a
// constant chosen from the values the program can compute there: a probe version of the program
// (the same text with the assertions replaced by a chain of `if (v == c) reach_error();`, one line per
// value c) is lowered and run on the interpreter (bv) for every input, and the line each run fails
// on is the value it computed. About half of the programs are drawn to fail for some input; the
// truth of each is established by exhaustive enumeration in the harness (truth: 'enumeratedOnly').

import fc from 'fast-check';
import { compileProgram } from '../../src/interp/compile.js';
import type { NondetSource } from '../../src/interp/interpreter.js';
import type { Program, SourceLocation } from '../../src/ir/types.js';
import { lowerSource } from '../soundness/harness.js';
import { harness as prelude } from './programs.js';

/** the control-flow forms a generated program may contain (C shapes, before lowering) */
export const controlFlowForms = [
  'for',
  'while',
  'doWhile',
  'infiniteWithExit',
  'breakInBody',
  'continueInBody',
  'continueInDoWhile',
  'nestedLoop',
  'nestedBreak',
  'nestedContinue',
  'switchFallthrough',
  'switchNoFallthrough',
  'continueInSwitch',
  'earlyReturn',
  'helperReturnInLoop',
  'helperWritesCells',
  'forwardGoto',
  'backwardGoto',
  'backwardGotoWithExit',
  'gotoAfterLoop',
  'errorLabelGoto',
  'countDown',
  'stepLoop',
  'sideEffectCondition',
  'dataCondition',
  'arrayCells',
  'sums',
  'cellsAssertion',
  'twoAssertions',
  'inputByReturn',
] as const;

export type ControlFlowFormName = (typeof controlFlowForms)[number];

/** one nondet input: read on `line` (1-based), restricted to low..high */
export interface InputRange {
  readonly name: string;
  readonly line: number;
  readonly low: number;
  readonly high: number;
}

/** the values enumeration gives every nondet input (each input's range lies inside it) */
export const controlFlowDomain: readonly bigint[] = [-2n, -1n, 0n, 1n, 2n, 3n, 4n];

export interface ControlFlowProgram {
  /** judged by exhaustive enumeration alone (test/soundness/harness.ts) */
  readonly truth: 'enumeratedOnly';
  readonly source: string;
  readonly description: string;
  readonly domain: readonly bigint[];
  /** the forms the program contains, in the order of controlFlowForms */
  readonly forms: readonly ControlFlowFormName[];
  /** the inputs in the order main reads them */
  readonly inputs: readonly InputRange[];
  /** the loops of the lowered program: one per C loop, per backward goto, per inlined helper loop */
  readonly loops: number;
  /** whether the assertions' constants were drawn to fail for some input (the truth is enumeration's) */
  readonly drawnToFail: boolean;
}

type Draw = fc.GeneratorValue;

/** the lines of one statement (or of a few that belong together) */
type Item = readonly string[];

class Builder {
  readonly forms = new Set<ControlFlowFormName>();
  readonly helpers = new Map<string, string>();
  loops = 0;
  private labels = 0;
  constructor(private readonly g: Draw) {}
  int(min: number, max: number): number {
    return this.g(fc.integer, { min, max });
  }
  pick<T>(values: readonly T[]): T {
    return values[this.int(0, values.length - 1)]!;
  }
  chance(percent: number): boolean {
    return this.int(0, 99) < percent;
  }
  label(prefix: string): string {
    this.labels++;
    return `${prefix}_${this.labels}`;
  }
  form(...forms: ControlFlowFormName[]): void {
    for (const form of forms) this.forms.add(form);
  }
  /** inserts `item` at a drawn position of `items` */
  insert(items: Item[], item: Item): void {
    items.splice(this.int(0, items.length), 0, item);
  }
}

/** what the body of one loop may hold */
interface LoopFrame {
  /** 0: a loop of main's body (counter i), 1: a loop nested in it (counter j) */
  readonly depth: number;
  /** an index expression in 0..4 wherever the body runs */
  readonly index: string;
  readonly allowBreak: boolean;
  readonly allowContinue: boolean;
  readonly allowReturn: boolean;
  readonly doWhile: boolean;
  /** the label right after this loop that the body may jump to (gotoAfterLoop) */
  readonly outLabel: string | undefined;
}

const indent = (lines: readonly string[]): string[] => lines.map((line) => `  ${line}`);
const flat = (items: readonly Item[]): string[] => items.flatMap((item) => [...item]);

// ---------------------------------------------------------------- statements

function effect(b: Builder, index: string): Item {
  const effects: readonly [string, ControlFlowFormName[]][] = [
    [`s += ${index};`, ['sums']],
    [`s += a[${index}];`, ['sums', 'arrayCells']],
    [`a[${index}] = ${index} - x;`, ['arrayCells']],
    [`a[${index}] = a[${index}] + 1;`, ['arrayCells']],
    [`a[${index}] = t;`, ['arrayCells']],
    ['t = t + x;', []],
    ['t = t - 1;', []],
    [`if (a[${index}] > x) s++; else t++;`, ['arrayCells']],
    ['s = s + x;', ['sums']],
    [`t += a[${index}] % 2;`, ['arrayCells']],
  ];
  const [text, forms] = b.pick(effects);
  b.form(...forms);
  return [text];
}

function condition(b: Builder, index: string): string {
  return b.pick([
    `a[${index}] == x`,
    `${index} == x`,
    `s > ${b.int(0, 6)}`,
    `t < ${-b.int(0, 3)}`,
    `(${index} + x) % 2 == 0`,
    `a[${index}] > ${index}`,
    `${index} >= x + 2`,
    `s + t == ${b.int(-2, 4)}`,
  ]);
}

/** a switch; inside a loop its cases may `continue` the loop (allowContinue) */
function switchStatement(b: Builder, index: string, inLoop: boolean, allowContinue: boolean): Item {
  const selector = inLoop
    ? b.pick([`${index} % 3`, `a[${index}]`, `x + ${index}`, `(${index} + x) % 4`, 't % 3', 's % 2'])
    : b.pick(['x', 'n % 3', 's % 3', `a[${index}]`]);
  const values = [-1, 0, 1, 2, 3].filter(() => b.chance(45));
  if (values.length === 0) values.push(b.int(0, 2));
  const fallthroughWanted = b.chance(50);
  let fellThrough = false;
  const lines = [`switch (${selector}) {`];
  values.forEach((value, position) => {
    lines.push(`case ${value}:`);
    lines.push(...indent(effect(b, index)));
    if (b.chance(20)) lines.push(...indent([`if (${condition(b, index)}) break;`, ...effect(b, index)]));
    const last = position === values.length - 1;
    if (allowContinue && b.chance(20)) {
      lines.push('  continue;');
      b.form('continueInSwitch');
    } else if (fallthroughWanted && !last && b.chance(60)) {
      fellThrough = true;
    } else {
      lines.push('  break;');
    }
  });
  if (b.chance(70)) lines.push('default:', ...indent(effect(b, index)), '  break;');
  lines.push('}');
  b.form(fellThrough ? 'switchFallthrough' : 'switchNoFallthrough');
  return lines;
}

/** a call of a helper (defined once before main); `index` is an index in 0..4 */
function helperCall(b: Builder, index: string, bound: string): Item {
  const helpers: readonly {
    name: string;
    definition: string;
    call: string;
    loop: boolean;
    forms: ControlFlowFormName[];
  }[] = [
    {
      name: 'find',
      loop: true,
      forms: ['helperReturnInLoop', 'for'],
      call: 's += find(x);',
      definition:
        'int find(int v) {\n  int k = 0;\n  for (k = 0; k < 5; k++) {\n    if (a[k] == v) return k;\n  }\n  return -1;\n}',
    },
    {
      name: 'firstAbove',
      loop: true,
      forms: ['helperReturnInLoop', 'while'],
      call: `t += firstAbove(${bound}, x);`,
      definition:
        'int firstAbove(int b, int v) {\n  int k = 0;\n  while (k < b) {\n    if (a[k] > v) return k + 1;\n    k++;\n  }\n  return 0;\n}',
    },
    {
      name: 'countTo',
      loop: true,
      forms: ['helperReturnInLoop', 'doWhile'],
      call: `s += countTo(${bound});`,
      definition:
        'int countTo(int b) {\n  int k = 0;\n  do {\n    if (k >= b) return k + 10;\n    k++;\n  } while (k < 4);\n  return k;\n}',
    },
    {
      name: 'sumUpTo',
      loop: true,
      forms: ['helperReturnInLoop', 'infiniteWithExit'],
      call: `s += sumUpTo(${bound});`,
      definition:
        'int sumUpTo(int b) {\n  int k = 0, r = 0;\n  for (;;) {\n    if (k >= b) return r;\n    r += a[k];\n    k++;\n  }\n}',
    },
    {
      name: 'put',
      loop: false,
      forms: ['helperWritesCells'],
      call: `put(${index}, ${b.pick(['t', 'x - 1', 's % 4'])});`,
      definition: 'void put(int k, int v) {\n  a[k] = v;\n}',
    },
    {
      name: 'bump',
      loop: false,
      forms: ['helperWritesCells'],
      call: `bump(${index});`,
      definition: 'void bump(int k) {\n  a[k] = a[k] + 1;\n}',
    },
    {
      name: 'fillTo',
      loop: true,
      forms: ['helperWritesCells', 'for'],
      call: `fillTo(${bound}, ${b.pick(['x', 't % 3', '1'])});`,
      definition: 'void fillTo(int b, int v) {\n  int k = 0;\n  for (k = 0; k < b; k++) a[k] = v + k;\n}',
    },
    {
      name: 'setAt',
      loop: false,
      forms: ['helperWritesCells'],
      call: `s += setAt(${index}, x);`,
      definition: 'int setAt(int k, int v) {\n  if (a[k] == v) return 0;\n  a[k] = v;\n  return 1;\n}',
    },
  ];
  const helper = b.pick(helpers);
  b.helpers.set(helper.name, helper.definition);
  b.form(...helper.forms);
  if (helper.loop) b.loops++;
  return [helper.call];
}

/** `if (c) goto L; <items>; L: ;` around a drawn run of the items (forwardGoto) */
function wrapInForwardGoto(b: Builder, items: Item[], index: string): void {
  if (items.length === 0) return;
  const start = b.int(0, items.length - 1);
  const end = b.int(start + 1, Math.min(items.length, start + 2));
  const label = b.label('SKIP');
  const skipped = items.slice(start, end);
  items.splice(start, end - start, [`if (${condition(b, index)}) goto ${label};`], ...skipped, [`${label}: ;`]);
  b.form('forwardGoto');
}

// ---------------------------------------------------------------- loops

interface Shell {
  readonly forms: readonly ControlFlowFormName[];
  /** the index expression inside the body */
  readonly index: string;
  readonly allowBreak: boolean;
  readonly allowContinue: boolean;
  readonly doWhile?: boolean;
  /** a goto-made loop: its body may hold no break, continue, return (gotos.ts would leave it) */
  readonly gotoLoop?: boolean;
  /** its condition has the drawn conjunct over a cell or a sum (dataCondition) */
  readonly dataCondition?: boolean;
  readonly wrap: (body: string[]) => string[];
}

/** the loop shapes; `c` is the counter, `m` a second variable, `bound` at most 5 */
function shells(b: Builder, c: string, m: string, bound: string, depth: number): Shell[] {
  const again = b.label('AGAIN');
  const end = b.label('END');
  // a conjunct over a cell or a sum, evaluated only where the counter is an index (after `c < bound` or `c >= 0`)
  const data = b.chance(30)
    ? ` && ${b.pick([`a[${c}] != x`, `s < ${b.int(1, 8)}`, `t > ${-b.int(0, 4)}`, `a[${c}] <= ${b.int(0, 3)}`, `s + a[${c}] < ${b.int(2, 9)}`])}`
    : '';
  const withData = data !== '';
  const list: Shell[] = [
    {
      forms: ['for'],
      index: c,
      allowBreak: true,
      allowContinue: true,
      dataCondition: withData,
      wrap: (body) => [`for (${c} = 0; ${c} < ${bound}${data}; ${c}++) {`, ...indent(body), '}'],
    },
    {
      forms: ['while'],
      index: c,
      allowBreak: true,
      allowContinue: false,
      dataCondition: withData,
      wrap: (body) => [`${c} = 0;`, `while (${c} < ${bound}${data}) {`, ...indent(body), `  ${c}++;`, '}'],
    },
    {
      forms: ['while'],
      index: `${c} - 1`,
      allowBreak: true,
      allowContinue: true,
      wrap: (body) => [`${c} = 0;`, `while (${c} < ${bound}) {`, `  ${c}++;`, ...indent(body), '}'],
    },
    {
      forms: ['doWhile'],
      index: c,
      allowBreak: true,
      allowContinue: false,
      doWhile: true,
      dataCondition: withData,
      wrap: (body) => [`${c} = 0;`, 'do {', ...indent(body), `  ${c}++;`, `} while (${c} < ${bound}${data});`],
    },
    {
      forms: ['doWhile'],
      index: `${c} - 1`,
      allowBreak: true,
      allowContinue: true,
      doWhile: true,
      wrap: (body) => [`${c} = 0;`, 'do {', `  ${c}++;`, ...indent(body), `} while (${c} < ${bound});`],
    },
    {
      forms: ['infiniteWithExit'],
      index: c,
      allowBreak: true,
      allowContinue: false,
      wrap: (body) => [`${c} = 0;`, 'for (;;) {', `  if (${c} >= ${bound}) break;`, ...indent(body), `  ${c}++;`, '}'],
    },
    {
      forms: ['infiniteWithExit'],
      index: `${c} - 1`,
      allowBreak: true,
      allowContinue: true,
      wrap: (body) => [`${c} = 0;`, 'for (;;) {', `  if (${c} >= ${bound}) break;`, `  ${c}++;`, ...indent(body), '}'],
    },
    {
      forms: ['infiniteWithExit'],
      index: `${c} - 1`,
      allowBreak: true,
      allowContinue: false,
      wrap: (body) => [`${c} = 0;`, 'while (1) {', `  ${c}++;`, ...indent(body), `  if (${c} >= ${bound}) break;`, '}'],
    },
    {
      forms: ['countDown', 'for'],
      index: c,
      allowBreak: true,
      allowContinue: true,
      dataCondition: withData,
      wrap: (body) => [`for (${c} = ${bound} - 1; ${c} >= 0${data}; ${c}--) {`, ...indent(body), '}'],
    },
    {
      forms: ['countDown', 'while'],
      index: c,
      allowBreak: true,
      allowContinue: true,
      wrap: (body) => [`${c} = ${bound};`, `while (${c} > 0) {`, `  ${c}--;`, ...indent(body), '}'],
    },
    {
      forms: ['stepLoop', 'for'],
      index: c,
      allowBreak: true,
      allowContinue: true,
      wrap: (body) => [`for (${c} = 0; ${c} < ${bound}; ${c} += 2) {`, ...indent(body), '}'],
    },
    {
      forms: ['stepLoop', 'countDown', 'for'],
      index: c,
      allowBreak: true,
      allowContinue: true,
      wrap: (body) => [`for (${c} = 4; ${c} >= 0; ${c} -= 3) {`, ...indent(body), '}'],
    },
    {
      forms: ['stepLoop', 'countDown', 'for'],
      index: c,
      allowBreak: true,
      allowContinue: true,
      wrap: (body) => [`for (${c} = ${bound} - 1; ${c} >= 0; ${c} -= 2) {`, ...indent(body), '}'],
    },
    {
      forms: ['sideEffectCondition', 'while'],
      index: `${c} - 1`,
      allowBreak: true,
      allowContinue: true,
      wrap: (body) => [`${c} = 0;`, `while (${c}++ < ${bound}) {`, ...indent(body), '}'],
    },
    {
      forms: ['sideEffectCondition', 'doWhile'],
      index: c,
      allowBreak: true,
      allowContinue: true,
      doWhile: true,
      wrap: (body) => [`${c} = 0;`, 'do {', ...indent(body), `} while (++${c} < ${bound});`],
    },
    {
      forms: ['sideEffectCondition', 'while', 'countDown'],
      index: m,
      allowBreak: true,
      allowContinue: true,
      wrap: (body) => [`${m} = ${bound};`, `while (${m}-- > 0) {`, ...indent(body), '}'],
    },
    {
      forms: ['backwardGoto'],
      index: c,
      allowBreak: false,
      allowContinue: false,
      gotoLoop: true,
      wrap: (body) => [`${c} = 0;`, `${again}:`, ...body, `${c}++;`, `if (${c} < ${bound}) goto ${again};`],
    },
    {
      forms: ['backwardGoto', 'backwardGotoWithExit'],
      index: c,
      allowBreak: false,
      allowContinue: false,
      gotoLoop: true,
      wrap: (body) => [
        `${c} = 0;`,
        `${again}:`,
        `if (${c} >= ${bound}) goto ${end};`,
        ...body,
        `${c}++;`,
        `goto ${again};`,
        `${end}: ;`,
      ],
    },
  ];
  // `while (n-- > 0)` on the input itself (n is never an index; a later bound n or n + 1 is then at most 0)
  if (depth === 0 && bound === 'n') {
    list.push({
      forms: ['sideEffectCondition', 'while', 'countDown'],
      index: 'n',
      allowBreak: true,
      allowContinue: true,
      wrap: (body) => ['while (n-- > 0) {', ...indent(body), '}'],
    });
  }
  return list;
}

/** one loop (with its setup) at `depth`, and the statement after it when the body jumps there */
function loopStatement(b: Builder, depth: number, outerIndex: string | undefined): Item {
  const [c, m] = depth === 0 ? ['i', 'm'] : ['j', 'r'];
  const bound =
    depth === 0 ? b.pick(['n', 'n', '2', '3', '4', '5', '(n + 1)']) : b.pick(['2', '3', 'n', `(${outerIndex} + 1)`]);
  const shell = b.pick(shells(b, c, m, bound, depth));
  b.loops++;
  b.form(...shell.forms);
  if (shell.dataCondition === true) b.form('dataCondition');
  if (depth > 0) b.form('nestedLoop');
  const outLabel = !shell.gotoLoop && b.chance(20) ? b.label('OUT') : undefined;
  const frame: LoopFrame = {
    depth,
    index: shell.index,
    allowBreak: shell.allowBreak,
    allowContinue: shell.allowContinue,
    allowReturn: !shell.gotoLoop,
    doWhile: shell.doWhile === true,
    outLabel,
  };
  const lines = shell.wrap(loopBody(b, frame));
  if (outLabel === undefined) return lines;
  b.form('gotoAfterLoop');
  return [...lines, `${outLabel}: t = t + ${c};`];
}

function loopBody(b: Builder, frame: LoopFrame): string[] {
  const items: Item[] = [];
  const count = b.int(1, 2);
  for (let index = 0; index < count; index++) items.push(effect(b, frame.index));
  if (frame.depth === 0 && b.chance(22)) {
    b.insert(items, [...loopStatement(b, 1, frame.index), b.pick(['s += j;', 't = t + j;', 's = s + r;'])]);
  }
  if (b.chance(20)) b.insert(items, switchStatement(b, frame.index, true, frame.allowContinue));
  if (b.chance(16)) b.insert(items, helperCall(b, frame.index, b.pick(['2', '3', 'n', '5'])));
  if (b.chance(12)) wrapInForwardGoto(b, items, frame.index);
  if (frame.allowBreak && b.chance(35)) {
    b.insert(items, [`if (${condition(b, frame.index)}) break;`]);
    b.form(frame.depth === 0 ? 'breakInBody' : 'nestedBreak');
  }
  if (frame.allowContinue && b.chance(30)) {
    b.insert(items, [`if (${condition(b, frame.index)}) continue;`]);
    b.form(frame.depth === 0 ? 'continueInBody' : 'nestedContinue');
    if (frame.doWhile) b.form('continueInDoWhile');
  }
  if (frame.allowReturn && b.chance(15)) {
    b.insert(items, [`if (${condition(b, frame.index)}) return 0;`]);
    b.form('earlyReturn');
  }
  if (frame.outLabel !== undefined) b.insert(items, [`if (${condition(b, frame.index)}) goto ${frame.outLabel};`]);
  return flat(items);
}

// ---------------------------------------------------------------- the program

type Operator = '<' | '<=' | '==' | '!=' | '>' | '>=';

interface Check {
  /** a C expression, or every cell of `a` (checked in a loop) */
  readonly observed: string | 'cells';
  readonly operator: Operator;
}

interface Skeleton {
  readonly globals: string[];
  /** main's lines up to the assertions */
  readonly main: string[];
  readonly inputs: { name: string; mainLine: number; low: number; high: number }[];
  readonly checks: Check[];
  readonly errorLabel: boolean;
  readonly builder: Builder;
}

function inputLines(b: Builder, target: string, low: number, high: number): string[] {
  const read = target.startsWith('a[')
    ? `${target} = __VERIFIER_nondet_int();`
    : `int ${target} = __VERIFIER_nondet_int();`;
  if (b.chance(25)) {
    b.form('inputByReturn');
    return [read, `if (${target} < ${low} || ${target} > ${high}) return 0;`];
  }
  return [read, `assume_abort_if_not(${low} <= ${target} && ${target} <= ${high});`];
}

function skeleton(g: Draw): Skeleton {
  const b = new Builder(g);
  const initial = b.chance(40) ? ` = {${Array.from({ length: 5 }, () => b.int(-2, 3)).join(', ')}}` : '';
  const globals = [`int a[5]${initial};`];
  const main: string[] = [];
  const inputs: Skeleton['inputs'] = [];
  const addInput = (name: string, low: number, high: number): void => {
    inputs.push({ name, mainLine: main.length, low, high });
    main.push(...inputLines(b, name, low, high));
  };
  addInput('n', 0, b.pick([3, 4]));
  const [xLow, xHigh] = b.pick([
    [-2, 2],
    [0, 2],
    [-1, 1],
    [0, 3],
  ] as const);
  addInput('x', xLow, xHigh);
  if (b.chance(30)) addInput(`a[${b.int(0, 4)}]`, -1, 1);
  main.push('int s = 0, t = 0, i = 0, j = 0, k = 0, m = 0, r = 0;');
  const fragments: Item[] = [];
  const count = b.pick([1, 1, 2, 2, 2, 3]);
  for (let index = 0; index < count; index++) {
    const kind = b.int(0, 9);
    if (kind <= 6 || fragments.length === 0) fragments.push(loopStatement(b, 0, undefined));
    else if (kind === 7) fragments.push(helperCall(b, String(b.int(0, 4)), b.pick(['n', '3', '5'])));
    else if (kind === 8) fragments.push(switchStatement(b, String(b.int(0, 4)), false, false));
    else fragments.push(effect(b, String(b.int(0, 4))));
  }
  if (b.chance(20)) wrapInForwardGoto(b, fragments, String(b.int(0, 4)));
  main.push(...flat(fragments));
  const checks: Check[] = [];
  const checkCount = b.chance(25) ? 2 : 1;
  for (let index = 0; index < checkCount; index++) {
    const observed = b.pick(['s', 't', 's + t', `a[${b.int(0, 4)}]`, 'i', `s - a[${b.int(0, 4)}]`, 'cells']);
    const operator: Operator =
      observed === 'cells'
        ? b.pick(['<', '<=', '>', '>='] as const)
        : b.pick(['<', '<=', '==', '!=', '>', '>='] as const);
    checks.push({ observed, operator });
    if (observed === 'cells') b.form('cellsAssertion', 'arrayCells');
  }
  if (checkCount === 2) b.form('twoAssertions');
  const errorLabel = b.chance(30);
  if (errorLabel) b.form('errorLabelGoto');
  return { globals, main, inputs, checks, errorLabel, builder: b };
}

function headerLines(skeleton: Skeleton): string[] {
  return [
    ...prelude,
    ...skeleton.globals,
    ...[...skeleton.builder.helpers.values()].flatMap((helper) => helper.split('\n')),
    'int main() {',
  ];
}

/** the C text with the assertions' constants */
function finalSource(skeleton: Skeleton, constants: readonly number[]): string {
  const literal = (value: number): string => (value < 0 ? `(${value})` : String(value));
  const lines = [...headerLines(skeleton), ...indent(skeleton.main)];
  skeleton.checks.forEach((check, index) => {
    const holds = (observed: string): string => `${observed} ${check.operator} ${literal(constants[index]!)}`;
    const assertion = (observed: string): string =>
      skeleton.errorLabel ? `if (!(${holds(observed)})) goto ERROR;` : `__VERIFIER_assert(${holds(observed)});`;
    if (check.observed === 'cells') lines.push(`  for (k = 0; k < 5; k++) {`, `    ${assertion('a[k]')}`, '  }');
    else lines.push(`  ${assertion(check.observed)}`);
  });
  lines.push('  return 0;');
  if (skeleton.errorLabel) lines.push('ERROR:', '  { reach_error(); abort(); }', '  return 1;');
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

/** observed values are probed in -probeOffset .. probeOffset - 1, as two base-16 digits of value + probeOffset */
const probeOffset = 128;

/**
 * The observed values at each check over every input (values outside the probed range are left
 * out): the probe reads two selectors after main's statements, the check and the digit, and fails
 * on the line of the digit's value; the two runs of one input and check give the value.
 */
function probeValues(skeleton: Skeleton): number[][] {
  const header = headerLines(skeleton);
  const lines = [...header, ...indent(skeleton.main)];
  const selectLine = lines.length + 1;
  lines.push('  int probe_select = __VERIFIER_nondet_int();');
  const digitLine = lines.length + 1;
  lines.push('  int probe_digit = __VERIFIER_nondet_int();', '  int probe_value = 0;');
  skeleton.checks.forEach((check, index) => {
    if (check.observed !== 'cells') lines.push(`  if (probe_select == ${index}) probe_value = ${check.observed};`);
    else {
      const better = check.operator === '<' || check.operator === '<=' ? '>' : '<';
      lines.push(
        `  if (probe_select == ${index}) {`,
        '    probe_value = a[0];',
        `    for (k = 1; k < 5; k++) if (a[k] ${better} probe_value) probe_value = a[k];`,
        '  }',
      );
    }
  });
  lines.push(
    `  probe_value = probe_value + ${probeOffset};`,
    `  if (probe_value < 0 || probe_value >= ${2 * probeOffset}) return 0;`,
  );
  lines.push('  if (probe_digit == 0) probe_value = probe_value / 16; else probe_value = probe_value % 16;');
  const firstDigitLine = lines.length + 1;
  for (let digit = 0; digit < 16; digit++) lines.push(`  if (probe_value == ${digit}) reach_error();`);
  lines.push('  return 0;', '}');
  const program = lowerSource(`${lines.join('\n')}\n`, 'probe.c');
  const ranges = new Map<number, readonly [number, number]>(
    skeleton.inputs.map((input) => [header.length + input.mainLine + 1, [input.low, input.high]]),
  );
  ranges.set(selectLine, [0, skeleton.checks.length - 1]);
  ranges.set(digitLine, [0, 1]);
  const high = new Map<string, number>();
  const values: number[][] = skeleton.checks.map(() => []);
  enumerateRuns(program, ranges, (failedLine, choices) => {
    const digit = failedLine - firstDigitLine;
    const key = choices.slice(0, -1).join(',');
    if (choices[choices.length - 1] === 0) high.set(key, digit);
    else if (high.has(key)) values[choices[choices.length - 2]!]!.push(high.get(key)! * 16 + digit - probeOffset);
  });
  return values;
}

/** runs the program for every choice of the havocs (each ranging over its line's range); `failed` gets the line of each failed assertion */
function enumerateRuns(
  program: Program,
  ranges: ReadonlyMap<number, readonly [number, number]>,
  failed: (line: number, choices: readonly number[]) => void,
): void {
  const compiled = compileProgram(program, 'bv');
  const choices: { value: number; high: number }[] = [];
  for (let runs = 0; runs < 100_000; runs++) {
    let position = 0;
    const taken: number[] = [];
    const source: NondetSource = {
      nextScalar(_type, location: SourceLocation) {
        const range = ranges.get(location.line);
        if (range === undefined)
          throw new Error(`generator: a nondet value on line ${location.line}, which reads no input`);
        if (position === choices.length) choices.push({ value: range[0], high: range[1] });
        const value = choices[position++]!.value;
        taken.push(value);
        return BigInt(value);
      },
      nextArray() {
        throw new Error('generator: an array havoc');
      },
    };
    const { outcome } = compiled.run(source, 1_000_000);
    if (outcome.kind === 'assertionFailed') failed(outcome.location.line, taken);
    else if (outcome.kind !== 'completed' && outcome.kind !== 'assumptionFailed')
      throw new Error(`generator: a probe run ended with ${outcome.kind}`);
    choices.length = position;
    while (choices.length > 0 && choices[choices.length - 1]!.value >= choices[choices.length - 1]!.high) choices.pop();
    if (choices.length === 0) return;
    choices[choices.length - 1]!.value++;
  }
  throw new Error('generator: more than 100,000 probe runs');
}

/** the constant K of `observed OP K`: failing for some observed value when `fail`, for none otherwise */
function chooseConstant(
  b: Builder,
  values: readonly number[],
  operator: Operator,
  fail: boolean,
): { operator: Operator; constant: number } {
  if (values.length === 0) return { operator, constant: b.int(-3, 6) };
  const minimum = Math.min(...values);
  const maximum = Math.max(...values);
  const distinct = [...new Set(values)];
  const slack = b.int(0, 1);
  switch (operator) {
    case '<=':
      return { operator, constant: fail ? maximum - 1 - slack : maximum + slack };
    case '<':
      return { operator, constant: fail ? maximum - slack : maximum + 1 + slack };
    case '>=':
      return { operator, constant: fail ? minimum + 1 + slack : minimum - slack };
    case '>':
      return { operator, constant: fail ? minimum + slack : minimum - 1 - slack };
    case '!=':
      return { operator, constant: fail ? b.pick(distinct) : slack === 0 ? maximum + 1 : minimum - 1 };
    case '==':
      if (fail) return { operator, constant: distinct.length > 1 ? b.pick(distinct) : maximum + 1 };
      return distinct.length === 1 ? { operator, constant: maximum } : { operator: '<=', constant: maximum };
    default: {
      const never: never = operator;
      return never;
    }
  }
}

function generate(g: Draw, failureRatio: number): ControlFlowProgram {
  const drawn = skeleton(g);
  const b = drawn.builder;
  const observed = probeValues(drawn);
  const drawnToFail = b.int(0, 9999) < failureRatio * 10_000;
  const failing = drawnToFail ? b.int(0, drawn.checks.length - 1) : -1;
  const constants: number[] = [];
  const checks = drawn.checks.map((check, index) => {
    const chosen = chooseConstant(b, observed[index]!, check.operator, index === failing);
    constants.push(chosen.constant);
    return { ...check, operator: chosen.operator };
  });
  const final: Skeleton = { ...drawn, checks };
  if (checks.some((check) => check.observed === 'cells'))
    b.loops += checks.filter((check) => check.observed === 'cells').length;
  const source = finalSource(final, constants);
  const header = headerLines(final).length;
  const inputs = drawn.inputs.map((input) => ({
    name: input.name,
    line: header + input.mainLine + 1,
    low: input.low,
    high: input.high,
  }));
  const forms = controlFlowForms.filter((form) => b.forms.has(form));
  const description =
    `forms: ${forms.join(', ')}; inputs: ${inputs.map((input) => `${input.name} in ${input.low}..${input.high}`).join(', ')}; ` +
    `${b.loops} loop(s); assertions drawn to ${drawnToFail ? 'fail for some input' : 'hold'}`;
  return {
    truth: 'enumeratedOnly',
    source,
    description,
    domain: controlFlowDomain,
    forms,
    inputs,
    loops: b.loops,
    drawnToFail,
  };
}

export interface ControlFlowOptions {
  /** the share of programs whose assertions are drawn to fail for some input; default 0.5 */
  readonly failureRatio?: number;
}

/** a small bounded C program drawing the control-flow forms of `controlFlowForms`, as text with the forms it holds */
export function arbitraryControlFlowProgram(options: ControlFlowOptions = {}): fc.Arbitrary<ControlFlowProgram> {
  return fc.gen().map((g) => generate(g, options.failureRatio ?? 0.5));
}

/** every input vector of the program (the product of the inputs' ranges, in the order main reads them) */
export function inputVectors(program: ControlFlowProgram): bigint[][] {
  let vectors: bigint[][] = [[]];
  for (const input of program.inputs) {
    const next: bigint[][] = [];
    for (const vector of vectors)
      for (let value = input.low; value <= input.high; value++) next.push([...vector, BigInt(value)]);
    vectors = next;
  }
  return vectors;
}
