// The `shrink` encoding (Kumar et al., "Property Checking Array Programs Using Loop Shrinking", Sect. 3-5): for a program Init; R; Q; ψ in scope
// (scope.ts), find the least k <= maxK for which the shrinkability check of Fig. 4 is unsat
// (Theorem 1: the loop is k-shrinkable), then solve the residual program of Fig. 5 over k
// non-deterministically chosen iterations. Both queries are loop-free and independent of the loop
// bound and of the array sizes.
//
// Verdicts: SAFE when the check at k and the residual at k are both unsat (in int or bv semantics; the
// assumptions of every SAFE of the semantics plus the over-approximation of loops before R). In bv,
// first the no-wrap queries (residual-queries.ts, buildBoundQuery) must be unsat for one stepping counter of R
// and for the assertion loop's counter; otherwise (or without a stepping counter) UNKNOWN with the reason.
// Cascaded loops with the same iteration count are coalesced into R first (coalesce.ts). A sat residual gives a
// candidate: if the loop has no loop-carried dependence (dependence.ts) its model is replayed; then
// (always, also with a dependence) a dense query — the first D = k+1 (then k+3) iterations are the
// whole loop, so a model is a real run — is solved and its model replayed. When loops before R were
// abstracted, the replay proposes their nondeterministic values from the model (replay.ts).
// UNSAFE only when the interpreter's replay on the original program fails the assertion; anything
// else is UNKNOWN with a reason. `--emit` writes every query solve may ask, in its order: the no-wrap
// checks (bv), the checks for k = 1 … maxK, the residuals, the dense residuals; in bv they use the
// first counter that may bound the loop, solve the first whose no-wrap check is unsat (said in
// their headers).

import { basename, extname } from 'node:path';
import type { Program, Semantics } from '../../ir/types.js';
import { unknownReason, unknownVerdict, type UnknownReason, type Verdict } from '../../verdict.js';
import { counterexampleRequest } from '../../symbolic/counterexample.js';
import { safeAssumptions } from '../../symbolic/variables.js';
import type {
  EmitContext,
  EmitResult,
  Encoder,
  EncoderContext,
  EmittedArtefact,
  SolveOutcome,
} from '../../kernel/encoder.js';
import { confirmCounterexample, type Candidate } from '../../kernel/confirm.js';
import { optionValue } from '../../kernel/options.js';
import { OutcomeRecorder, type PhaseTimer } from '../../kernel/outcome.js';
import { budgetSpent, solverUnknown } from '../../kernel/reasons.js';
import { loopCarriedDependence } from './dependence.js';
import { guidedReplay } from './replay.js';
import {
  boundingCandidates,
  buildBoundQuery,
  buildCheckQuery,
  buildResidualQuery,
  type ResidualQuery,
} from './residual-queries.js';
import { detectScope, type AcceleratedVariable, type ShrinkScope } from './scope.js';
import { shrinkDeclaration, maxKOption } from './declaration.js';
export { maxKOption } from './declaration.js';

function describeProperty(scope: ShrinkScope): string {
  const property = scope.property;
  if (property.kind === 'single') return 'single assertion after the loop';
  return (
    `${property.quantifier === 'forall' ? '∀' : '∃'} over the assertion loop at ${property.loop.location.line}:${property.loop.location.column}` +
    (property.flag === undefined ? '' : ` (flag ${property.flag.variable.sourceName})`)
  );
}

/** bv needs a stepping accelerated variable to bound the loop (residual-queries.ts); undefined when fine */
function bitvectorRefusal(scope: ShrinkScope, semantics: Semantics): string | undefined {
  if (semantics === 'int' || boundingCandidates(scope).length > 0) return undefined;
  return `shrink: no accelerated variable with a non-zero step in the loop at ${scope.loop.location.line}:${scope.loop.location.column} bounds its iterations (bv semantics)`;
}

function semanticsNote(semantics: Semantics): string {
  return semantics === 'int' ? 'int semantics' : 'bv semantics, given the unsat no-wrap queries of the counters';
}

function boundHeader(program: Program, counter: string): string[] {
  return [
    `shrink encoding of ${program.file}: no-wrap check of the counter ${counter} (bv semantics)`,
    `unsat: while its loop runs, ${counter} never leaves its type's range (induction over the iterations)`,
    'sat: it may wrap around: the shrink queries are not conclusive in bv semantics',
  ];
}

function checkHeader(program: Program, scope: ShrinkScope, k: number, semantics: Semantics): string[] {
  return [
    `shrink encoding of ${program.file}: shrinkability check (Fig. 4, Theorem 1) for k = ${k}`,
    `loop at ${scope.loop.location.line}:${scope.loop.location.column}; property: ${describeProperty(scope)}`,
    ...(k > 1 ? [`asked when the checks for k = 1 … ${k - 1} were not unsat`] : []),
    `unsat: every iteration sequence of length ${k + 1} is ${k}-shrinkable, so the loop is ${k}-shrinkable (${semanticsNote(semantics)})`,
    `sat: some sequence of length ${k + 1} is not ${k}-shrinkable from some state: try a larger k (says nothing about safety)`,
  ];
}

function residualHeader(program: Program, scope: ShrinkScope, k: number, semantics: Semantics): string[] {
  return [
    `shrink encoding of ${program.file}: residual program (Fig. 5) over ${k} chosen iterations`,
    `loop at ${scope.loop.location.line}:${scope.loop.location.column}; property: ${describeProperty(scope)}`,
    `asked when ${baseName(program)}.shrink-k${k}.smt2 is unsat and the checks for smaller k are not (k = ${k} is the least shrink factor)`,
    `unsat: the program is safe (${semantics === 'int' ? 'int semantics, no overflow' : 'bv semantics'})`,
    'sat: the residual property fails for some choice: a candidate counterexample only (its model is replayed, then the dense queries are asked)',
  ];
}

function denseHeader(program: Program, scope: ShrinkScope, depth: number, factors: readonly number[]): string[] {
  return [
    `shrink encoding of ${program.file}: dense residual program, the first ${depth} iterations of the loop at ${scope.loop.location.line}:${scope.loop.location.column} as the whole loop`,
    `asked when the residual query for k = ${factors.join(' or ')} is sat and its model did not replay`,
    'sat: a run of the program (its model is replayed on the interpreter: UNSAFE when the replay fails)',
    'unsat: no run of that length fails (says nothing about longer runs)',
  ];
}

/** the lengths of the dense queries asked after a sat residual at shrink factor k, in order */
function denseDepths(k: number): number[] {
  return [k + 1, k + 3];
}

/** the name --out-dir gives the program's files, before the suffix */
function baseName(program: Program): string {
  return basename(program.file, extname(program.file));
}

/** bv: the queries after the no-wrap checks assume the first counter's; solve asks them with the first proven */
function boundNote(program: Program, counter: AcceleratedVariable | undefined): string[] {
  if (counter === undefined) return [];
  const name = counter.variable.sourceName;
  return [
    `relies on ${baseName(program)}.bound-${name}.smt2 being unsat (${name} bounds the loop's iterations); solve asks this query with the first counter whose no-wrap query is unsat, so with another counter it asks that counter's version of it`,
  ];
}

/** the queries solve may ask, in its order: the no-wrap checks (bv), the checks for k = 1 … maxK, the residuals, the dense residuals */
function emitShrink(program: Program, context: EmitContext): EmitResult {
  const options = context.options;
  const semantics = options.semantics;
  const detected = detectScope(program, semantics);
  if (detected.kind === 'outOfScope') return { kind: 'unsupported', reason: `shrink: ${detected.reason}` };
  const scope = detected.scope;
  const refused = bitvectorRefusal(scope, semantics);
  if (refused !== undefined) return { kind: 'unsupported', reason: refused };
  const artefacts: EmittedArtefact[] = [];
  if (semantics === 'bv') {
    // the counters' no-wrap proofs the bv queries rely on, asked in this order until one is unsat
    boundingCandidates(scope).forEach((counter) =>
      artefacts.push({
        suffix: `.bound-${counter.variable.sourceName}.smt2`,
        content: buildBoundQuery(program, scope, counter, boundHeader(program, counter.variable.sourceName)).script,
      }),
    );
    if (scope.property.kind === 'loop') {
      artefacts.push({
        suffix: '.bound-assertion-loop.smt2',
        content: buildBoundQuery(program, scope, undefined, boundHeader(program, scope.property.counter.sourceName))
          .script,
      });
    }
  }
  const bounded = semantics === 'bv' ? boundingCandidates(scope)[0] : undefined;
  const note = boundNote(program, bounded);
  const maxK = optionValue(options, maxKOption);
  const ks = Array.from({ length: maxK }, (_, index) => index + 1);
  for (const k of ks) {
    const header = [...checkHeader(program, scope, k, semantics), ...note];
    artefacts.push({
      suffix: `.shrink-k${k}.smt2`,
      content: buildCheckQuery(program, scope, k, header, semantics, bounded).script,
    });
  }
  for (const k of ks) {
    const header = [...residualHeader(program, scope, k, semantics), ...note];
    artefacts.push({
      suffix: `.residual-k${k}.smt2`,
      content: buildResidualQuery(program, scope, k, header, false, semantics, bounded).script,
    });
  }
  for (const depth of [...new Set(ks.flatMap(denseDepths))].sort((left, right) => left - right)) {
    const factors = ks.filter((k) => denseDepths(k).includes(depth));
    const header = [...denseHeader(program, scope, depth, factors), ...note];
    artefacts.push({
      suffix: `.residual-dense-${depth}.smt2`,
      content: buildResidualQuery(program, scope, depth, header, true, semantics, bounded).script,
    });
  }
  return { kind: 'emitted', artefacts };
}

export const shrinkEncoder: Encoder = {
  ...shrinkDeclaration,
  emit: async (program, context) => emitShrink(program, context),
  solve: solveShrink,
};

/** bv: a counter of R and the assertion loop's counter never wrap (else the queries say nothing) */
async function proveNoWrap(
  program: Program,
  scope: ShrinkScope,
  context: EncoderContext,
  timed: PhaseTimer,
  details: Record<string, unknown>,
): Promise<{ kind: 'bounded'; counter: AcceleratedVariable } | { kind: 'unknown'; reason: UnknownReason }> {
  const { solver, budget } = context;
  const proved: string[] = [];
  const attempts: string[] = [];
  let bounded: AcceleratedVariable | undefined;
  for (const counter of boundingCandidates(scope)) {
    const name = counter.variable.sourceName;
    const query = buildBoundQuery(program, scope, counter, boundHeader(program, name));
    const result = await timed(`bound-${name}`, () =>
      solver.checkScript(query.script, { timeoutMilliseconds: budget.solverTimeout() }),
    );
    if (result.kind === 'unsat') {
      proved.push(name);
      bounded = counter;
      break;
    }
    attempts.push(`${name}: ${result.kind === 'unknown' ? `unknown (${result.reason})` : 'may wrap'}`);
  }
  const where = `${scope.loop.location.line}:${scope.loop.location.column}`;
  if (bounded === undefined) {
    const kind = budget.expired() ? 'timeout' : 'imprecise';
    return {
      kind: 'unknown',
      reason: unknownReason(
        kind,
        `shrink: no counter of the loop at ${where} is shown not to wrap around (bv semantics: ${attempts.join(', ')})`,
        scope.loop.location,
      ),
    };
  }
  if (scope.property.kind === 'loop') {
    const name = scope.property.counter.sourceName;
    const query = buildBoundQuery(program, scope, undefined, boundHeader(program, name));
    const result = await timed('bound-assertion-loop', () =>
      solver.checkScript(query.script, { timeoutMilliseconds: budget.solverTimeout() }),
    );
    if (result.kind !== 'unsat') {
      const kind = result.kind === 'unknown' ? solverUnknown('shrink', result).kind : 'imprecise';
      return {
        kind: 'unknown',
        reason: unknownReason(
          kind,
          `shrink: the assertion loop counter ${name} is not shown not to wrap around (bv semantics: ${result.kind === 'unknown' ? result.reason : 'it may'})`,
        ),
      };
    }
    proved.push(name);
  }
  details.noWrapCounters = proved;
  return { kind: 'bounded', counter: bounded };
}

export async function solveShrink(program: Program, context: EncoderContext): Promise<SolveOutcome> {
  const { options, solver, budget } = context;
  const recorder = new OutcomeRecorder();
  const { details, timed } = recorder;
  const semantics = options.semantics;
  const detected = recorder.measure('scope', () => detectScope(program, semantics));
  if (detected.kind === 'outOfScope') {
    details.inScope = false;
    return recorder.done(unknownVerdict('unsupported', `shrink: ${detected.reason}`));
  }
  const scope = detected.scope;
  const refused = bitvectorRefusal(scope, semantics);
  if (refused !== undefined) {
    details.inScope = false;
    return recorder.done(unknownVerdict('unsupported', refused, scope.loop.location));
  }
  details.inScope = true;
  details.coalescedLoops = scope.coalescedLoops;
  let bounded: AcceleratedVariable | undefined;
  if (semantics === 'bv') {
    const noWrap = await proveNoWrap(program, scope, context, timed, details);
    if (noWrap.kind === 'unknown') return recorder.done({ kind: 'unknown', reason: noWrap.reason });
    bounded = noWrap.counter;
  }
  details.property = describeProperty(scope);
  details.accelerated = scope.accelerated.map((entry) => `${entry.variable.sourceName} (step ${entry.step})`);
  details.abstractedInitLoops = scope.abstractedInitLoops;
  const maxK = optionValue(options, maxKOption);
  details.maxK = maxK;
  let shrinkFactor: number | undefined;
  const unknownChecks: string[] = [];
  for (let k = 1; k <= maxK && shrinkFactor === undefined; k++) {
    if (budget.expired())
      return recorder.done({ kind: 'unknown', reason: budgetSpent('shrink', `the shrinkability check for k = ${k}`) });
    const query = recorder.measure(`encode-k${k}`, () =>
      buildCheckQuery(program, scope, k, checkHeader(program, scope, k, semantics), semantics, bounded),
    );
    const result = await timed(`check-k${k}`, () =>
      solver.checkScript(query.script, { timeoutMilliseconds: budget.solverTimeout() }),
    );
    if (result.kind === 'unsat') shrinkFactor = k;
    else if (result.kind === 'unknown') unknownChecks.push(`k=${k}: ${result.reason}`);
  }
  details.shrinkFactor = shrinkFactor ?? null;
  if (shrinkFactor === undefined) {
    const suffix = unknownChecks.length > 0 ? ` (solver unknown at ${unknownChecks.join(', ')})` : '';
    const kind = budget.expired() ? 'timeout' : unknownChecks.length > 0 ? 'solverUnknown' : 'imprecise';
    return recorder.done(
      unknownVerdict(
        kind,
        `shrink: the loop is not shown k-shrinkable for any k <= ${maxK}${suffix}`,
        scope.loop.location,
      ),
    );
  }
  const k = shrinkFactor;
  const residual = recorder.measure('encodeResidual', () =>
    buildResidualQuery(program, scope, k, residualHeader(program, scope, k, semantics), false, semantics, bounded),
  );
  const residualResult = await timed('residual', () =>
    solver.checkScript(residual.script, { timeoutMilliseconds: budget.solverTimeout() }),
  );
  switch (residualResult.kind) {
    case 'unsat': {
      const assumptions = safeAssumptions(semantics);
      if (scope.coalescedLoops > 1)
        assumptions.push(`${scope.coalescedLoops} cascaded loops coalesced into one (no dependence across the fusion)`);
      if (scope.abstractedInitLoops > 0)
        assumptions.push(`loops before the array-processing loop over-approximated (${scope.abstractedInitLoops})`);
      return recorder.done({ kind: 'safe', assumptions });
    }
    case 'unknown':
      return recorder.done({
        kind: 'unknown',
        reason: solverUnknown(`shrink: ${k}-shrinkable, but the residual program`, residualResult),
      });
    case 'sat':
      break;
    default: {
      const never: never = residualResult;
      throw new Error(`unknown solver result ${JSON.stringify(never)}`);
    }
  }
  return recorder.done(await confirmResidual(program, scope, k, bounded, residual, context, timed, details));
}

/** a sat residual: its model (without a loop-carried dependence), then dense queries, replayed */
async function confirmResidual(
  program: Program,
  scope: ShrinkScope,
  k: number,
  bounded: AcceleratedVariable | undefined,
  residual: ResidualQuery,
  context: EncoderContext,
  timed: PhaseTimer,
  details: Record<string, unknown>,
): Promise<Verdict> {
  const { options, solver, budget } = context;
  const semantics = options.semantics;
  const dependence = loopCarriedDependence(scope.loop, scope.accelerated);
  details.loopCarriedDependence = dependence.kind === 'none' ? false : dependence.reason;
  const attempts: string[] = [];
  const tryQuery = async (name: string, query: ResidualQuery): Promise<Verdict | undefined> => {
    const request = counterexampleRequest(query.executor.havocs, query.executor.arrayHavocs, semantics);
    const guided = query.abstracted.length > 0 ? guidedReplay(scope.init, query.abstracted, semantics) : undefined;
    const terms = [...request.terms, ...(guided?.terms ?? [])];
    // the solver asks for the values only after a sat answer (solver.ts)
    const result = await timed(name, () =>
      solver.checkScript(query.script, { timeoutMilliseconds: budget.solverTimeout(), valuesOf: terms }),
    );
    if (result.kind !== 'sat') {
      attempts.push(`${name}: ${result.kind === 'unknown' ? `unknown (${result.reason})` : 'unsat'}`);
      return undefined;
    }
    const values = result.values ?? [];
    const decoded = request.decode(values.slice(0, request.terms.length));
    if ('kind' in decoded) {
      attempts.push(`${name}: ${decoded.reason}`);
      return undefined;
    }
    // the havocs after the loop that the encoding left out (overwritten before any read) get 0
    const completed = {
      scalars: [...decoded.scalars, ...Array.from({ length: scope.deadHavocs }, () => 0n)],
      arrays: decoded.arrays,
    };
    const candidate: Candidate =
      guided === undefined
        ? { kind: 'choices', counterexample: completed }
        : // loops before R were abstracted: their choices are proposed from the model, the run decides
          {
            kind: 'guided',
            run: (original, maximumSteps, deadline) =>
              guided.run(original, completed, values.slice(request.terms.length), maximumSteps, deadline),
          };
    const confirmation = confirmCounterexample(program, candidate, { semantics, budget });
    if (confirmation.kind === 'confirmed') return confirmation.verdict;
    attempts.push(`${name}: ${confirmation.reason.message}`);
    return undefined;
  };
  if (dependence.kind === 'none') {
    const verdict = await tryQuery('residual-model', residual);
    if (verdict !== undefined) return verdict;
  } else {
    attempts.push(`residual model not tried: loop-carried dependence (${dependence.reason})`);
  }
  for (const depth of denseDepths(k)) {
    if (budget.expired()) break;
    const dense = buildResidualQuery(
      program,
      scope,
      depth,
      denseHeader(program, scope, depth, [k]),
      true,
      semantics,
      bounded,
    );
    const verdict = await tryQuery(`dense-${depth}`, dense);
    if (verdict !== undefined) return verdict;
  }
  const kind = budget.expired() ? 'timeout' : 'noReplay';
  return unknownVerdict(
    kind,
    `shrink: ${k}-shrinkable, the residual program fails, but no counterexample replayed (${attempts.join('; ')})`,
  );
}
