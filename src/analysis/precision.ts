// The precision rules of the witness paper (Sect. 6) per assertion: when all hold, the witness
// abstraction adds no nondeterminism that reaches the assertion, so a failure of the abstraction is
// a failure of the program. They are used only to explain an UNKNOWN verdict ("rule a3 fails for the
// loop at 14:3"); no verdict depends on them (an abstract counterexample is never reported as
// UNSAFE without a concrete replay).
//
// For an assertion (its condition plus the conditions of the `if`s around it inside its innermost
// loop S_A): V_imp are the scalars and E_imp the array reads it depends on; S_def are the loops that
// write an array of E_imp.
// - l1: fullarrayaccess(S) for S_A and every S in S_def;
// - a2: every a[e] in E_imp has e = the iterator of S_A;
// - a3: no array of E_imp is in loopdefs(S), S in {S_A} ∪ S_def;
// - s4: no scalar of V_imp is in loopdefs(S) (relaxed for S_A as in the paper: x is assigned in S_A only
//   a constant or the iterator, and one such assignment precedes the assertion in the body);
// - d5: a write a[e1] = e2 in S_def whose value reads an array reads it at the iterator of S;
// - d6: the scalars of such an e2 are not in loopdefs(S).

import type {
  ArrayReadExpression,
  ArrayVariable,
  Block,
  Expression,
  LoopStatement,
  Program,
  ScalarVariable,
  SourceLocation,
} from '../ir/types.js';
import { arrayReadsOf, forEachStatement, scalarsReadBy, stripCasts } from '../ir/visit.js';
import { isIteratorExpression } from './induction-variables.js';
import type { LoopInfo } from './loops.js';

export type PrecisionRule = 'l1' | 'a2' | 'a3' | 's4' | 'd5' | 'd6';

export interface PrecisionFailure {
  readonly rule: PrecisionRule;
  /** the loop the rule fails for; undefined for an assertion outside every loop */
  readonly loop: SourceLocation | undefined;
  readonly detail: string;
}

export interface AssertionPrecision {
  readonly location: SourceLocation;
  readonly failures: readonly PrecisionFailure[];
}

interface AssertionContext {
  readonly location: SourceLocation;
  readonly expressions: readonly Expression[];
  /** innermost enclosing loop */
  readonly loop: LoopStatement | undefined;
  /** statements of the loop body preceding the one that contains the assertion */
  readonly before: Block;
}

function collectAssertions(program: Program): AssertionContext[] {
  const result: AssertionContext[] = [];
  const walk = (
    block: Block,
    conditions: readonly Expression[],
    loop: LoopStatement | undefined,
    prefix: Block | undefined,
  ): void => {
    block.forEach((statement, position) => {
      const before = prefix ?? block.slice(0, position);
      switch (statement.kind) {
        case 'assert':
          result.push({
            location: statement.location,
            expressions: [...conditions, statement.condition],
            loop,
            before,
          });
          break;
        case 'if':
          walk(statement.then, [...conditions, statement.condition], loop, before);
          walk(statement.else, [...conditions, statement.condition], loop, before);
          break;
        case 'loop':
          walk(statement.body, [], statement, undefined);
          walk(statement.update, [], statement, undefined);
          break;
        default:
          break;
      }
    });
  };
  walk(program.body, [], undefined, undefined);
  return result;
}

function locationText(location: SourceLocation): string {
  return `${location.line}:${location.column}`;
}

/** Evaluates the Sect. 6 rules for every assertion of the (original) program. */
export function evaluatePrecision(program: Program, loops: ReadonlyMap<number, LoopInfo>): AssertionPrecision[] {
  const writers = new Map<number, LoopInfo[]>();
  for (const info of loops.values()) {
    for (const array of info.arraysWritten) writers.set(array.id, [...(writers.get(array.id) ?? []), info]);
  }
  return collectAssertions(program).map((assertion) => {
    const failures: PrecisionFailure[] = [];
    const reads: ArrayReadExpression[] = assertion.expressions.flatMap((expression) => arrayReadsOf(expression));
    const readById = new Map<number, ScalarVariable>();
    for (const expression of assertion.expressions) scalarsReadBy(expression, readById);
    const scalars = new Set(readById.values());
    const own = assertion.loop === undefined ? undefined : loops.get(assertion.loop.id);
    const arrays = new Set<ArrayVariable>(reads.map((read) => read.array));
    const definers = new Map<number, LoopInfo>();
    for (const array of arrays) for (const info of writers.get(array.id) ?? []) definers.set(info.loop.id, info);
    const relevant = new Map<number, LoopInfo>(definers);
    if (own !== undefined) relevant.set(own.loop.id, own);
    // l1
    for (const info of relevant.values()) {
      if (!info.fullArrayAccess)
        failures.push({ rule: 'l1', loop: info.location, detail: info.notFullReason ?? 'not a full array access' });
    }
    // a2
    for (const read of reads) {
      const iterator = own?.iterator;
      if (
        iterator === undefined ||
        read.indices.length !== 1 ||
        !isIteratorExpression(read.indices[0]!, iterator.variable)
      ) {
        failures.push({
          rule: 'a2',
          loop: own?.location,
          detail: `${read.array.sourceName} is read at an index other than the loop iterator`,
        });
        break;
      }
    }
    // a3
    for (const info of relevant.values()) {
      for (const array of arrays) {
        if (info.loopdefs.arrays.has(array))
          failures.push({ rule: 'a3', loop: info.location, detail: `${array.sourceName} is in loopdefs` });
      }
    }
    // s4
    for (const info of relevant.values()) {
      for (const scalar of scalars) {
        if (!info.loopdefs.scalars.has(scalar)) continue;
        if (info === own && relaxedScalar(scalar, own, assertion.before)) continue;
        failures.push({ rule: 's4', loop: info.location, detail: `${scalar.sourceName} is in loopdefs` });
      }
    }
    // d5, d6
    for (const info of definers.values()) {
      forEachStatement([...info.loop.body, ...info.loop.update], (statement) => {
        if (statement.kind !== 'arrayWrite' || !arrays.has(statement.array)) return;
        for (const read of arrayReadsOf(statement.value)) {
          if (
            info.iterator === undefined ||
            read.indices.length !== 1 ||
            !isIteratorExpression(read.indices[0]!, info.iterator.variable)
          ) {
            failures.push({
              rule: 'd5',
              loop: info.location,
              detail: `the value written to ${statement.array.sourceName} reads ${read.array.sourceName} at an index other than the iterator`,
            });
          }
        }
        for (const scalar of scalarsReadBy(statement.value).values()) {
          if (info.loopdefs.scalars.has(scalar))
            failures.push({
              rule: 'd6',
              loop: info.location,
              detail: `the value written to ${statement.array.sourceName} uses ${scalar.sourceName}, which is in loopdefs`,
            });
        }
      });
    }
    return { location: assertion.location, failures };
  });
}

function relaxedScalar(scalar: ScalarVariable, own: LoopInfo, before: Block): boolean {
  const iterator = own.iterator?.variable;
  const simple = (value: Expression): boolean => {
    const stripped = stripCasts(value);
    return stripped.kind === 'constant' || (iterator !== undefined && isIteratorExpression(value, iterator));
  };
  let allSimple = true;
  forEachStatement([...own.loop.body, ...own.loop.update], (statement) => {
    if (statement.kind === 'havoc' && statement.target.id === scalar.id) allSimple = false;
    if (statement.kind === 'assign' && statement.target.id === scalar.id && !simple(statement.value)) allSimple = false;
  });
  return allSimple && before.some((statement) => statement.kind === 'assign' && statement.target.id === scalar.id);
}

/** "rule a3 fails for the loop at 14:3" for the first failing rule, or undefined when all hold */
export function describeFirstFailure(precision: readonly AssertionPrecision[]): string | undefined {
  for (const assertion of precision) {
    const failure = assertion.failures[0];
    if (failure === undefined) continue;
    const where =
      failure.loop === undefined
        ? `the assertion at ${locationText(assertion.location)} (outside every loop)`
        : `the loop at ${locationText(failure.loop)}`;
    return `rule ${failure.rule} fails for ${where}: ${failure.detail}`;
  }
  return undefined;
}
