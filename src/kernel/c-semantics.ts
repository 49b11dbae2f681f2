// The default semantics `c`: verdicts about the C program as gcc compiles and runs it, for every
// encoding, whatever it computes in.
//
// An encoding asked for `c` computes in `int` semantics (mathematical integers) on the program with
// wrap checks (analysis/wrap-checks.ts): every unsigned operation and conversion whose mathematical
// value may differ from C's is preceded by an assertion that it does not. Then:
// - SAFE: no assertion, check or property, fails over the mathematical integers; by the argument of
//   wrap-checks.ts no assertion of the program fails in C. The one assumption is the absence of
//   undefined behaviour (signed overflow, division by zero, oversized shifts, out-of-bounds access),
//   and the verdict says so.
// - UNSAFE: the encoding's counterexample (replayed by the kernel on the checked program) is replayed
//   once more on the ORIGINAL program in `bv` semantics, which is C's (the interpreter is held to
//   gcc): only a failure there is UNSAFE. A counterexample that stops at a check (a wrap is legal C)
//   or that fails only over the mathematical integers is UNKNOWN, with the check's location.
// An encoding asked for `bv` computes in bit-vectors and needs none of this; `int` (mathematical
// integers, research only) is passed through and its verdicts say what they assume.

import { ghostNarrowAccumulators } from '../analysis/narrow-accumulators.js';
import { insertWrapChecks, type WrapCheckSite } from '../analysis/wrap-checks.js';
import { createAssume } from '../ir/factory.js';
import type {
  Block,
  Program,
  PropertyKind,
  Semantics,
  SourceLocation,
  Statement,
  VerdictSemantics,
} from '../ir/types.js';
import { visitBlock, visitStatementChildren } from '../ir/visit.js';
import { mathematicalIntegersAssumption, unknownReason, type Verdict } from '../verdict.js';
import type { Budget } from './budget.js';
import { confirmCounterexample } from './confirm.js';

/** the step limit asked for the replay in C: what is left of the budget decides (kernel/confirm.ts) */
const unboundedReplaySteps = 10_000_000_000;

/** what a SAFE of `c` semantics assumes in place of mathematical integers */
export const cIntegersAssumption =
  'C integers (unsigned arithmetic and conversions exact); no undefined behaviour: no signed overflow, no oversized shift';

/** A run of one encoding on the program as the encoder reads it, and how its verdict is turned back into one about C. */
export interface PreparedProgram {
  /** the program the encoder gets */
  readonly program: Program;
  /** the semantics the encoder computes in */
  readonly semantics: Semantics;
  /** the checks inserted (none for `int` and `bv`) */
  readonly sites: readonly WrapCheckSite[];
  /** the encoder's verdict on `program` as a verdict on the original program in the asked semantics */
  finish(verdict: Verdict, budget: Budget): Verdict;
  /** the program a finished UNSAFE was replayed on (the guard checks its provenance there) */
  readonly confirmedOn: Program;
}

/** Thrown for a property asked in a semantics that cannot state it (no-overflow needs `c`): a usage error of the caller. */
export class PropertySemanticsError extends Error {
  override readonly name = 'PropertySemanticsError';
}

export function prepareProgram(
  original: Program,
  semantics: VerdictSemantics,
  property: PropertyKind = 'unreach-call',
  exactWraps = false,
): PreparedProgram {
  if (property === 'no-overflow') {
    if (semantics !== 'c')
      throw new PropertySemanticsError(`the no-overflow property is checked in c semantics, not ${semantics}`);
    return prepareNoOverflow(original);
  }
  switch (semantics) {
    case 'int':
    case 'bv':
      return { program: original, semantics, sites: [], finish: (verdict) => verdict, confirmedOn: original };
    case 'c': {
      // with exact wraps, narrow accumulators and conversions read modulo 2^w too (narrow-accumulators.ts)
      const read = exactWraps ? ghostNarrowAccumulators(original) : original;
      const checked = insertWrapChecks(read, { exactWraps });
      return {
        program: checked.program,
        semantics: 'int',
        sites: checked.sites,
        finish: (verdict, budget) => finishC(original, checked.sites, verdict, budget),
        confirmedOn: original,
      };
    }
    default: {
      const never: never = semantics;
      throw new Error(`unknown semantics ${JSON.stringify(never)}`);
    }
  }
}

/**
 * no-overflow: the property is the overflows alone, so the program's own assertions are not checked,
 * and every signed operation that may overflow gets a check, besides the wrap checks. The encoder
 * proves all checks on the program whose assertions are dropped: a run goes on past an error call,
 * as it does where reach_error returns, and runs that stop there (an abort after it, or an error
 * function that does not return) are among these runs (SAFE: no signed overflow in C, with no
 * assumption at all; unsigned wrap-around proven absent too, a limit of this reading). A
 * counterexample is replayed on the program whose assertions are assumptions (a run stops at an
 * error call, as it does where the error function aborts) and whose wrap checks are assumptions
 * too: there, over the mathematical integers, every run agrees with C until its first failed check,
 * and every assertion is an overflow check, so a failure is a signed overflow of the C program.
 */
function prepareNoOverflow(original: Program): PreparedProgram {
  const proven = insertWrapChecks(withoutAssertions(original, 'drop'), { signedOverflow: true });
  const replayed = insertWrapChecks(withoutAssertions(original, 'assume'), {
    signedOverflow: true,
    wrapChecksAsAssumptions: true,
  });
  const overflowChecks = proven.sites.filter((site) => site.kind === 'overflow').length;
  const finish = (verdict: Verdict, budget: Budget): Verdict => {
    switch (verdict.kind) {
      case 'unknown':
        return verdict;
      case 'safe': {
        const rest = withoutMathematicalIntegers(verdict.assumptions);
        return {
          kind: 'safe',
          assumptions: [
            `no signed overflow (${overflowChecks} ${overflowChecks === 1 ? 'operation' : 'operations'} checked; C integers, and no unsigned wrap-around either where it could change a value)`,
            ...rest,
          ],
        };
      }
      case 'unsafe': {
        const confirmation = confirmCounterexample(
          replayed.program,
          { kind: 'choices', counterexample: verdict.counterexample },
          { semantics: 'int', budget, maximumSteps: unboundedReplaySteps },
        );
        if (confirmation.kind === 'confirmed') return confirmation.verdict;
        const site = proven.sites.find(
          (candidate) => candidate.kind === 'wrap' && sameLocation(candidate.location, verdict.violatedAt),
        );
        if (site !== undefined)
          return {
            kind: 'unknown',
            reason: unknownReason(
              'imprecise',
              `${site.description} here, before any signed overflow, and this encoding reads integers mathematically`,
              site.location,
            ),
          };
        return {
          kind: 'unknown',
          reason: {
            ...confirmation.reason,
            message: `the counterexample does not overflow in C (${confirmation.reason.message})`,
          },
        };
      }
      default: {
        const never: never = verdict;
        throw new Error(`unknown verdict ${JSON.stringify(never)}`);
      }
    }
  };
  return { program: proven.program, semantics: 'int', sites: proven.sites, finish, confirmedOn: replayed.program };
}

/** the program without its assertions (the reachability property): dropped, or assumptions that end a run where they fail */
function withoutAssertions(program: Program, mode: 'drop' | 'assume'): Program {
  const replace = (statement: Extract<Statement, { kind: 'assert' }>): readonly Statement[] =>
    mode === 'drop' ? [] : [createAssume(statement.condition, statement.location)];
  const block = (input: Block): Block =>
    visitBlock(input, (statement) =>
      statement.kind === 'assert'
        ? replace(statement)
        : visitStatementChildren(statement, (expression) => expression, block),
    );
  const body = block(program.body);
  return body === program.body ? program : Object.freeze({ ...program, body });
}

/** an encoder's SAFE assumptions less the one about mathematical integers, which the checks replace */
function withoutMathematicalIntegers(assumptions: readonly string[]): readonly string[] {
  return assumptions.filter((assumption) => assumption !== mathematicalIntegersAssumption);
}

function sameLocation(left: SourceLocation, right: SourceLocation): boolean {
  return left.line === right.line && left.column === right.column;
}

function finishC(original: Program, sites: readonly WrapCheckSite[], verdict: Verdict, budget: Budget): Verdict {
  switch (verdict.kind) {
    case 'unknown':
      return verdict;
    case 'safe': {
      const rest = withoutMathematicalIntegers(verdict.assumptions);
      const checks =
        sites.length === 0
          ? []
          : [
              `no unsigned wrap-around or lossy conversion (${sites.length} ${sites.length === 1 ? 'check' : 'checks'} proven with the property)`,
            ];
      return { kind: 'safe', assumptions: [cIntegersAssumption, ...checks, ...rest] };
    }
    case 'unsafe': {
      // the encoder's own replay of these choices ran to the failure within its step limit (an
      // accelerated path may stand for 2^25 iterations): this one is bounded by the budget alone
      const confirmation = confirmCounterexample(
        original,
        { kind: 'choices', counterexample: verdict.counterexample },
        { semantics: 'bv', budget, maximumSteps: unboundedReplaySteps },
      );
      if (confirmation.kind === 'confirmed') return confirmation.verdict;
      const site = sites.find((candidate) => sameLocation(candidate.location, verdict.violatedAt));
      if (site !== undefined) {
        return {
          kind: 'unknown',
          reason: unknownReason(
            'imprecise',
            `${site.description} here, and this encoding reads integers mathematically (C wraps; no bug follows from it in a C run)`,
            site.location,
          ),
        };
      }
      return {
        kind: 'unknown',
        reason: {
          ...confirmation.reason,
          message: `a counterexample over the mathematical integers does not fail in C (${confirmation.reason.message})`,
        },
      };
    }
    default: {
      const never: never = verdict;
      throw new Error(`unknown verdict ${JSON.stringify(never)}`);
    }
  }
}

/** the header lines of an emitted file in the asked semantics: what its answers mean for the C program */
export function semanticsHeader(
  semantics: VerdictSemantics,
  sites: readonly WrapCheckSite[],
  property: PropertyKind = 'unreach-call',
): string[] {
  if (property === 'no-overflow') {
    return [
      "property: no-overflow: the program's assertions are dropped; every assertion here is a check (C integers read mathematically)",
      'unsat/safe: no signed overflow in C; a model may stop at an unsigned wrap check, which is legal C and no overflow:',
      ...sites.map((site) => `  check at ${site.location.line}:${site.location.column}: ${site.description}`),
    ];
  }
  switch (semantics) {
    case 'int':
      return ['semantics: mathematical integers (research mode: no wrap-around; an answer may be wrong for C)'];
    case 'bv':
      return ["semantics: two's complement bit-vectors (C as gcc computes it)"];
    case 'c':
      if (sites.length === 0)
        return [
          'semantics: C integers read mathematically; no operation of this program can wrap (no signed overflow assumed)',
        ];
      return [
        `semantics: C integers read mathematically, with ${sites.length} wrap ${sites.length === 1 ? 'check' : 'checks'} asserted as part of the property`,
        '(unsigned wrap-around and lossy conversions; no signed overflow assumed): unsat/safe holds for C,',
        'a model may stop at a check, which is legal C and no bug:',
        ...sites.map((site) => `  check at ${site.location.line}:${site.location.column}: ${site.description}`),
      ];
    default: {
      const never: never = semantics;
      throw new Error(`unknown semantics ${JSON.stringify(never)}`);
    }
  }
}

/** the semantics a run of the C program is replayed in for a verdict of `semantics` (C's is `bv`) */
export function replaySemantics(semantics: VerdictSemantics): Semantics {
  return semantics === 'c' ? 'bv' : semantics;
}
