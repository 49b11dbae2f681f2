// `goto` in a function body rewritten into structured statements before lowering, for the shapes
// that generated C holds (CIL's loops, CFA-reduced programs: `label: if (c) { …; goto label; }`,
// `if (c) goto done;`, jumps out of a loop to the statement after it). The rewriting works on the
// AST and leaves every goto it cannot place exactly; those stay unsupported (statements.ts), except
// gotos to an error label (`ERROR: reach_error(); abort();`), which statements.ts copies.
//
// The rules, in a block (a compound statement's items, with `L: s` read as a marker L before s):
// - a backward goto: a marker L at item i and gotos L inside items (i, j], none elsewhere in the
//   function: items (i, j] become `while (1) { …; break; }` with each `goto L` a `continue` (the
//   loop runs the items once, again at each goto);
// - a forward goto: gotos M inside items [p, k) and the marker M at k, none elsewhere: the items
//   after the goto's item move onto every path through it that does not end in `goto M` (a path
//   that does skips them), and the gotos are removed (`if (c) goto M; S` becomes `if (!c) S`, an
//   unconditional goto drops the dead items up to M);
// - a goto to the marker right after a loop, from that loop's body: `break` (other gotos to the
//   marker are left to the rules above); to the marker that starts the body of a loop without
//   condition and update (`while (1)`, `for (;;)`): `continue`.
// A goto is moved only where it is not inside a loop or switch nested in the region (the jump would
// leave it), the region holds no `break` or `continue` that the new loop would capture, no
// declaration at its top level (its scope would shrink) and no marker another goto targets (it
// would be copied or entered from outside). Copies of moved statements are capped, so that nested
// branches do not grow the program exponentially.
//
// Soundness: each rule gives the statement sequence that runs on every path the goto version runs
// (C's semantics of goto within one function); anything else is left as it was.

import type {
  CompoundStatement,
  Declaration,
  FunctionDefinition,
  SourceLocation,
  Statement,
} from '../../frontend/ast.js';

type Item = Statement | Declaration;

/** how many copies of moved statements a function may receive before the rewriting gives up */
const copyBudget = 64;

/** the statements directly inside an item (a loop's or switch's body included) */
function childItems(item: Item): readonly Item[] {
  switch (item.kind) {
    case 'compound':
      return item.items;
    case 'if':
      return item.else === undefined ? [item.then] : [item.then, item.else];
    case 'labeled':
    case 'case':
    case 'default':
    case 'while':
    case 'doWhile':
    case 'for':
    case 'switch':
      return [item.body];
    default:
      return [];
  }
}

/** a statement that `break` leaves (and that holds the jumps of its body) */
function isLoopOrSwitch(item: Item): boolean {
  return item.kind === 'while' || item.kind === 'doWhile' || item.kind === 'for' || item.kind === 'switch';
}

/** the statement a label marks, found anywhere in `statement` */
export function findLabel(statement: Item, label: string): Statement | undefined {
  if (statement.kind === 'labeled' && statement.label === label) return statement.body;
  for (const child of childItems(statement)) {
    const found = findLabel(child, label);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** the gotos of a subtree by label; `nested`: those inside a loop or switch of the subtree */
interface GotoCount {
  readonly all: Map<string, number>;
  readonly nested: Map<string, number>;
}

function countGotos(item: Item, counts: GotoCount = { all: new Map(), nested: new Map() }, inLoop = false): GotoCount {
  if (item.kind === 'goto') {
    counts.all.set(item.label, (counts.all.get(item.label) ?? 0) + 1);
    if (inLoop) counts.nested.set(item.label, (counts.nested.get(item.label) ?? 0) + 1);
  }
  for (const child of childItems(item)) countGotos(child, counts, inLoop || isLoopOrSwitch(item));
  return counts;
}

/** the labels defined in a subtree */
function labelsIn(item: Item, into: Set<string> = new Set()): Set<string> {
  if (item.kind === 'labeled') into.add(item.label);
  for (const child of childItems(item)) labelsIn(child, into);
  return into;
}

/** a jump of the given kinds in the subtree that is not inside a loop or switch of the subtree */
function hasFreeJump(item: Item, kinds: ReadonlySet<string> = breakOrContinue): boolean {
  if (kinds.has(item.kind)) return true;
  return !isLoopOrSwitch(item) && childItems(item).some((child) => hasFreeJump(child, kinds));
}

const breakOrContinue: ReadonlySet<string> = new Set(['break', 'continue']);
const breakOnly: ReadonlySet<string> = new Set(['break']);

/** what the rewriting of one function knows: every goto's count, the error labels, the copy budget */
class Rewriter {
  private copies = 0;
  constructor(
    private readonly totals: Map<string, number>,
    private readonly errorLabels: ReadonlySet<string>,
  ) {}

  /** whether the gotos to `label` can move (not an error label, all of them inside `region`) */
  movable(label: string, region: GotoCount): boolean {
    return (
      !this.errorLabels.has(label) &&
      (region.all.get(label) ?? 0) === (this.totals.get(label) ?? 0) &&
      (region.nested.get(label) ?? 0) === 0
    );
  }

  /**
   * the items may be copied: no top-level declaration, no label that a goto still targets (error
   * labels aside: their gotos copy their statement, so a copy of the label changes nothing)
   */
  movableItems(items: readonly Item[]): boolean {
    if (items.some((item) => item.kind === 'declaration')) return false;
    for (const item of items) {
      for (const label of labelsIn(item))
        if ((this.totals.get(label) ?? 0) > 0 && !this.errorLabels.has(label)) return false;
    }
    return true;
  }

  /** the items may move as a whole into a loop: no top-level declaration, every goto to a label inside comes from inside */
  selfContained(items: readonly Item[], location: SourceLocation): boolean {
    if (items.some((item) => item.kind === 'declaration')) return false;
    const inside = countGotos({ kind: 'compound', items, location });
    for (const item of items) {
      for (const label of labelsIn(item))
        if ((inside.all.get(label) ?? 0) !== (this.totals.get(label) ?? 0)) return false;
    }
    return true;
  }

  /** counts `count` copies of the items; false once the budget is spent */
  copy(items: readonly Item[], count: number): boolean {
    if (items.length === 0) return true;
    this.copies += count;
    return this.copies <= copyBudget;
  }

  forget(label: string): void {
    this.totals.set(label, 0);
  }

  block(items: readonly Item[], location: SourceLocation): Item[] {
    const rewritten = items.map((item) => this.statement(item));
    return this.resolveLabels(markers(rewritten, this.errorLabels), location);
  }

  private statement(item: Item): Item {
    switch (item.kind) {
      case 'compound':
        return { ...item, items: this.block(item.items, item.location) };
      case 'if':
        return {
          ...item,
          then: this.statement(item.then) as Statement,
          else: item.else === undefined ? undefined : (this.statement(item.else) as Statement),
        };
      case 'while':
      case 'doWhile':
      case 'for':
        return { ...item, body: this.loopBody(item) };
      case 'labeled':
      case 'case':
      case 'default':
        return { ...item, body: this.statement(item.body) as Statement };
      case 'switch':
        return { ...item, body: this.statement(item.body) as Statement };
      default:
        return item;
    }
  }

  /** a loop's body, with a goto to the label that starts an unconditional loop's body made `continue` */
  private loopBody(loop: Extract<Statement, { kind: 'while' | 'doWhile' | 'for' }>): Statement {
    const unconditional =
      (loop.kind === 'while' && isTrue(loop.condition)) ||
      (loop.kind === 'for' && loop.condition === undefined && loop.update === undefined);
    const raw = loop.body;
    const first = raw.kind === 'compound' ? raw.items[0] : undefined;
    if (!unconditional || raw.kind !== 'compound' || first?.kind !== 'labeled' || this.errorLabels.has(first.label))
      return this.statement(raw) as Statement;
    const label = first.label;
    const items = [first.body, ...raw.items.slice(1)];
    if (!this.movable(label, countGotos({ ...raw, items }))) return this.statement(raw) as Statement;
    this.forget(label);
    return this.statement({ ...raw, items: items.map((item) => replaceGotos(item, label, 'continue')) }) as Statement;
  }

  private resolveLabels(items: Item[], location: SourceLocation): Item[] {
    let current = items;
    // loops first (a backward goto, a jump out of a loop), then forward jumps; each rule may enable
    // another (a jump out of a loop that a backward goto made), so each pass runs to a fixpoint
    const passes: ((items: Item[], index: number) => Item[] | undefined)[] = [
      (now, index) => this.backward(now, index, location) ?? this.afterLoop(now, index),
      (now, index) => this.forward(now, index),
    ];
    for (const pass of passes) {
      for (let changed = true; changed;) {
        changed = false;
        for (let index = current.length - 1; index >= 0 && !changed; index--) {
          if (current[index]?.kind !== 'labeled') continue;
          const next = pass(current, index);
          if (next !== undefined) [current, changed] = [next, true];
        }
      }
    }
    return current.filter(
      (item) =>
        !(
          item.kind === 'labeled' &&
          isMarker(item) &&
          (this.totals.get(item.label) ?? 0) === 0 &&
          !this.errorLabels.has(item.label)
        ),
    );
  }

  /** marker L at `index` with gotos L after it: the region up to the last of them as a loop */
  private backward(items: Item[], index: number, location: SourceLocation): Item[] | undefined {
    const label = (items[index] as Extract<Statement, { kind: 'labeled' }>).label;
    let last = -1;
    for (let position = index + 1; position < items.length; position++)
      if ((countGotos(items[position]!).all.get(label) ?? 0) > 0) last = position;
    if (last < 0) return undefined;
    const region = items.slice(index + 1, last + 1);
    const counts = countGotos({ kind: 'compound', items: region, location });
    if (
      !this.movable(label, counts) ||
      region.some((item) => hasFreeJump(item)) ||
      !this.selfContained(region, location)
    )
      return undefined;
    this.forget(label);
    // the region's own labels (forward gotos inside it) resolved in the new body
    const inner = this.resolveLabels(
      region.map((item) => replaceGotos(item, label, 'continue')),
      location,
    );
    const body: CompoundStatement = { kind: 'compound', items: [...inner, { kind: 'break', location }], location };
    const loop = canonicalLoop({
      kind: 'while',
      condition: { kind: 'integerConstant', text: '1', value: 1n, suffix: '', location },
      body,
      location: items[index]!.location,
    });
    return [...items.slice(0, index), loop, ...items.slice(last + 1)];
  }

  /**
   * marker M right after a loop: the gotos M in the loop's body (not in a loop nested in it) become
   * `break`. Between the loop and M may stand statements that only gotos to error labels reach (the
   * loop never ends but by a jump: an unconditional loop with no break of its own); they are
   * dropped, since the gotos to their labels copy the labelled statements (statements.ts).
   */
  private afterLoop(items: Item[], index: number): Item[] | undefined {
    const label = (items[index] as Extract<Statement, { kind: 'labeled' }>).label;
    let position = index - 1;
    while (position >= 0 && !isLoop(items[position]!)) position--;
    const loop = items[position];
    if (loop === undefined || (loop.kind !== 'while' && loop.kind !== 'doWhile' && loop.kind !== 'for'))
      return undefined;
    const gap = items.slice(position + 1, index);
    if (
      gap.length > 0 &&
      !(isEndless(loop) && gap.every((item) => [...labelsIn(item)].every((inner) => this.errorLabels.has(inner))))
    )
      return undefined;
    const inside = countGotos(loop.body);
    const count = inside.all.get(label) ?? 0;
    if (count === 0 || this.errorLabels.has(label) || (inside.nested.get(label) ?? 0) > 0) return undefined;
    this.totals.set(label, (this.totals.get(label) ?? 0) - count);
    const replaced = { ...loop, body: replaceGotos(loop.body, label, 'break') as Statement };
    return [
      ...items.slice(0, position),
      replaced.kind === 'while' ? canonicalLoop(replaced) : replaced,
      ...items.slice(index),
    ];
  }

  /** marker M at `index` with gotos M before it: the items between move onto the paths that do not jump */
  private forward(items: Item[], index: number): Item[] | undefined {
    const label = (items[index] as Extract<Statement, { kind: 'labeled' }>).label;
    const first = items.findIndex((item, position) => position < index && (countGotos(item).all.get(label) ?? 0) > 0);
    if (first < 0) return undefined;
    const region = items.slice(first, index);
    if (!this.movable(label, countGotos({ kind: 'compound', items: region, location: items[first]!.location })))
      return undefined;
    if (!this.movableItems(region.slice(1))) return undefined;
    const absorbed = this.absorb(items[first]!, region.slice(1), label);
    if (absorbed === undefined) return undefined;
    this.forget(label);
    return [...items.slice(0, first), ...absorbed, ...items.slice(index)];
  }

  /** `item` followed by `rest`, with the gotos to `label` removed and `rest` on the paths without one */
  private absorb(item: Item, rest: readonly Item[], label: string): Item[] | undefined {
    if ((countGotos(item).all.get(label) ?? 0) === 0) {
      const tail = rest.findIndex((next) => (countGotos(next).all.get(label) ?? 0) > 0);
      if (tail < 0) return [item, ...rest];
      const absorbed = this.absorb(rest[tail]!, rest.slice(tail + 1), label);
      return absorbed === undefined ? undefined : [item, ...rest.slice(0, tail), ...absorbed];
    }
    switch (item.kind) {
      case 'goto':
        return [];
      case 'compound': {
        const [head, ...tail] = item.items;
        if (head === undefined) return [...rest];
        // moved into this block, the items could see its declarations instead of the names they meant
        if (rest.length > 0 && item.items.some((inner) => inner.kind === 'declaration')) return undefined;
        const absorbed = this.absorb(head, [...tail, ...rest], label);
        return absorbed === undefined ? undefined : [{ ...item, items: absorbed }];
      }
      case 'if': {
        if (!this.copy(rest, 2)) return undefined; // one copy on each branch
        const thenItems = this.absorb(item.then, rest, label);
        const elseItems = this.absorb(
          item.else ?? { kind: 'compound', items: [], location: item.location },
          rest,
          label,
        );
        if (thenItems === undefined || elseItems === undefined) return undefined;
        const wrap = (items: Item[]): Statement => ({ kind: 'compound', items, location: item.location });
        return [{ ...item, then: wrap(thenItems), else: wrap(elseItems) }];
      }
      case 'labeled': {
        const absorbed = this.absorb(item.body, rest, label);
        return absorbed === undefined
          ? undefined
          : [{ ...item, body: { kind: 'compound', items: absorbed, location: item.location } }];
      }
      default:
        return undefined;
    }
  }
}

function isLoop(item: Item): item is Extract<Statement, { kind: 'while' | 'doWhile' | 'for' }> {
  return item.kind === 'while' || item.kind === 'doWhile' || item.kind === 'for';
}

/** an unconditional loop without a break of its own: it ends only by return or goto */
function isEndless(loop: Extract<Statement, { kind: 'while' | 'doWhile' | 'for' }>): boolean {
  const unconditional =
    (loop.kind === 'while' && isTrue(loop.condition)) || (loop.kind === 'for' && loop.condition === undefined);
  return unconditional && !hasFreeJump(loop.body, breakOnly);
}

/** whether every path through the item ends in break, continue, return or goto */
function alwaysJumps(item: Item): boolean {
  switch (item.kind) {
    case 'break':
    case 'continue':
    case 'return':
    case 'goto':
      return true;
    case 'compound':
      return item.items.some(alwaysJumps);
    case 'if':
      return item.else !== undefined && alwaysJumps(item.then) && alwaysJumps(item.else);
    default:
      return false;
  }
}

function itemsOf(statement: Statement): readonly Item[] {
  return statement.kind === 'compound' ? statement.items : [statement];
}

/** the items without the last when it is `kind` (at the top level) */
function withoutTrailing(items: readonly Item[], kind: 'break' | 'continue'): Item[] | undefined {
  return items[items.length - 1]?.kind === kind ? items.slice(0, -1) : undefined;
}

/**
 * A loop body made by `backward` in the shape the lowering and the encoders know (a test that breaks,
 * then the body): empty statements and what follows a statement that always jumps are dropped, a continue at the end is
 * dropped, and a final `if (c) { T; continue; } else { E; break; }` becomes `if (!c) { E; break; } T`
 * (or the mirror), the same paths in the same order.
 */
function simplifiedLoopBody(items: readonly Item[]): Item[] {
  const statements = items.filter((item) => !(item.kind === 'expressionStatement' && item.expression === undefined));
  const cut = statements.findIndex(alwaysJumps);
  let result = cut < 0 ? statements : statements.slice(0, cut + 1);
  for (;;) {
    const last = result[result.length - 1];
    if (last?.kind === 'continue') {
      result = result.slice(0, -1);
      continue;
    }
    if (last?.kind !== 'if' || last.else === undefined) return result;
    const [thenItems, elseItems] = [itemsOf(last.then), itemsOf(last.else)];
    const thenContinues = withoutTrailing(thenItems, 'continue');
    const elseContinues = withoutTrailing(elseItems, 'continue');
    const leaving = (statement: Statement): boolean => withoutTrailing(itemsOf(statement), 'break') !== undefined;
    const location = last.location;
    if (thenContinues !== undefined && leaving(last.else)) {
      const negated = { kind: 'unary', operator: '!', operand: last.condition, location } as const;
      result = [
        ...result.slice(0, -1),
        { kind: 'if', condition: negated, then: last.else, else: undefined, location },
        ...thenContinues,
      ];
    } else if (elseContinues !== undefined && leaving(last.then)) {
      result = [
        ...result.slice(0, -1),
        { kind: 'if', condition: last.condition, then: last.then, else: undefined, location },
        ...elseContinues,
      ];
    } else {
      return result;
    }
  }
}

/**
 * `while (1) { … }` with its body simplified (simplifiedLoopBody) and, when the body starts with
 * `if (c) break;`, the test moved into the condition: `while (!c) { rest }` (the same test at the
 * same point of every iteration; a `continue` in the rest reaches it either way)
 */
function canonicalLoop(loop: Extract<Statement, { kind: 'while' }>): Statement {
  if (!isTrue(loop.condition) || loop.body.kind !== 'compound') return loop;
  const items = simplifiedLoopBody(loop.body.items);
  const first = items[0];
  const body = { ...loop.body, items };
  if (first?.kind !== 'if' || first.else !== undefined || !isBreak(first.then)) return { ...loop, body };
  const condition =
    first.condition.kind === 'unary' && first.condition.operator === '!'
      ? first.condition.operand
      : ({ kind: 'unary', operator: '!', operand: first.condition, location: first.location } as const);
  return { ...loop, condition, body: { ...body, items: items.slice(1) } };
}

function isBreak(statement: Statement): boolean {
  return (
    statement.kind === 'break' ||
    (statement.kind === 'compound' && statement.items.length === 1 && statement.items[0]!.kind === 'break')
  );
}

function isTrue(expression: Extract<Statement, { kind: 'while' }>['condition']): boolean {
  return expression.kind === 'integerConstant' && expression.value !== 0n;
}

/** `L: ;` (a marker with no statement of its own) */
function isMarker(item: Extract<Statement, { kind: 'labeled' }>): boolean {
  return item.body.kind === 'expressionStatement' && item.body.expression === undefined;
}

/** `L: s` split into the marker `L: ;` and s, so that rules see markers between items (error labels keep their statement) */
function markers(items: readonly Item[], errorLabels: ReadonlySet<string>): Item[] {
  const result: Item[] = [];
  for (const item of items) {
    if (item.kind === 'labeled' && !isMarker(item) && !errorLabels.has(item.label)) {
      result.push({
        kind: 'labeled',
        label: item.label,
        body: { kind: 'expressionStatement', expression: undefined, location: item.location },
        location: item.location,
      });
      result.push(...markers([item.body], errorLabels));
    } else {
      result.push(item);
    }
  }
  return result;
}

/** every `goto label` (outside nested loops and switches) replaced by `break` or `continue` */
function replaceGotos(item: Item, label: string, jump: 'break' | 'continue'): Item {
  switch (item.kind) {
    case 'goto':
      return item.label === label ? { kind: jump, location: item.location } : item;
    case 'compound':
      return { ...item, items: item.items.map((inner) => replaceGotos(inner, label, jump)) };
    case 'if':
      return {
        ...item,
        then: replaceGotos(item.then, label, jump) as Statement,
        else: item.else === undefined ? undefined : (replaceGotos(item.else, label, jump) as Statement),
      };
    case 'labeled':
      return { ...item, body: replaceGotos(item.body, label, jump) as Statement };
    default:
      return item;
  }
}

/**
 * The function with its gotos placed (where the rules apply); `isErrorLabel` tells the labels whose
 * gotos statements.ts copies (they are left alone).
 */
export function structureGotos(
  definition: FunctionDefinition,
  isErrorLabel: (statement: Statement) => boolean,
): FunctionDefinition {
  const counts = countGotos(definition.body);
  if (counts.all.size === 0) return definition;
  const errorLabels = new Set<string>();
  for (const label of counts.all.keys()) {
    const target = findLabel(definition.body, label);
    if (target !== undefined && isErrorLabel(target)) errorLabels.add(label);
  }
  if ([...counts.all.keys()].every((label) => errorLabels.has(label))) return definition;
  const rewriter = new Rewriter(new Map(counts.all), errorLabels);
  return {
    ...definition,
    body: { ...definition.body, items: rewriter.block(definition.body.items, definition.body.location) },
  };
}
