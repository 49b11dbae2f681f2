// A checker of CHC-COMP's format (chc-comp.github.io, format.md) for the HORN files we write, written
// from the format's grammar and independent of our printer:
//   benchmark ::= logic fun_decl+ (assert chc_assert)* (assert chc_query) (check-sat)
//   chc_assert ::= (forall (var_decl+) (=> chc_tail chc_head)) | (forall (var_decl+) chc_head) | u_predicate
//   chc_head  ::= (P var*) with all variables distinct
//   chc_tail  ::= (P var*) | i_formula | (and (P var*)+ i_formula*)
//   chc_query ::= (forall (var_decl+) (=> chc_tail false))
// Predicates may appear only as conjuncts of a tail, never inside an i_formula. Known deviations are
// counted apart: `as const` (constant arrays, a z3/cvc5 extension).

import { parseSExpressions, type SExpression } from '../../src/solvers/sexpr.js';

export interface FormatReport {
  readonly problems: readonly string[];
  /** constructs outside the strict format that we still write, by name */
  readonly deviations: readonly string[];
}

type List = Extract<SExpression, { kind: 'list' }>;

function isList(expression: SExpression | undefined): expression is List {
  return expression?.kind === 'list';
}

function head(expression: SExpression | undefined): string | undefined {
  return isList(expression) && expression.items[0]?.kind === 'atom' ? expression.items[0].text : undefined;
}

function atoms(expression: SExpression, into: string[] = []): string[] {
  if (expression.kind === 'atom') into.push(expression.text);
  else if (expression.kind === 'list') for (const item of expression.items) atoms(item, into);
  return into;
}

export function checkChcCompFormat(text: string): FormatReport {
  const problems: string[] = [];
  const deviations = new Set<string>();
  const parsed = parseSExpressions(text);
  if (parsed.kind !== 'ok') return { problems: [`not S-expressions: ${parsed.message}`], deviations: [] };
  const commands = parsed.expressions;
  if (commands.some((command) => head(command) === 'as') || text.includes('(as const')) deviations.add('as const');
  const first = commands[0];
  if (!(
    head(first) === 'set-logic' &&
    isList(first) &&
    first.items[1]?.kind === 'atom' &&
    first.items[1].text === 'HORN'
  ))
    problems.push('the first command is not (set-logic HORN)');
  const predicates = new Map<string, number>();
  let index = 1;
  for (; index < commands.length && head(commands[index]) === 'declare-fun'; index++) {
    const declaration = commands[index] as List;
    const [, name, parameters, result] = declaration.items;
    if (name?.kind !== 'atom' || !isList(parameters) || result?.kind !== 'atom' || result.text !== 'Bool')
      problems.push(`declaration ${index} is not (declare-fun P (sorts) Bool)`);
    else predicates.set(name.text, parameters.items.length);
  }
  if (predicates.size === 0) problems.push('no predicate is declared');
  const asserts: List[] = [];
  for (; index < commands.length && head(commands[index]) === 'assert'; index++) asserts.push(commands[index] as List);
  const rest = commands.slice(index).map((command) => head(command) ?? '?');
  if (rest.length !== 1 || rest[0] !== 'check-sat')
    problems.push(`after the asserts: ${rest.join(' ') || 'nothing'}, not one (check-sat)`);
  for (const forbidden of ['define-fun', 'declare-const', 'define-sort'])
    if (commands.some((command) => head(command) === forbidden)) problems.push(`${forbidden} is not allowed`);
  let queries = 0;
  asserts.forEach((assertion, position) => {
    const clause = assertion.items[1];
    const where = `assert ${position + 1}`;
    if (clause?.kind === 'atom') {
      if (!predicates.has(clause.text)) problems.push(`${where}: a bare atom that is no predicate`);
      return;
    }
    if (
      head(clause) !== 'forall' ||
      !isList(clause) ||
      !isList(clause.items[1]) ||
      clause.items[1].items.length === 0
    ) {
      problems.push(`${where}: not (forall (var_decl+) …)`);
      return;
    }
    const variables = new Set(
      clause.items[1].items.map((declaration) =>
        isList(declaration) && declaration.items[0]?.kind === 'atom' ? declaration.items[0].text : '?',
      ),
    );
    const matrix = clause.items[2];
    const [tail, conclusion] =
      head(matrix) === '=>' && isList(matrix) ? [matrix.items[1], matrix.items[2]] : [undefined, matrix];
    if (conclusion === undefined) {
      problems.push(`${where}: no head`);
      return;
    }
    if (conclusion.kind === 'atom' && conclusion.text === 'false') {
      queries++;
      if (position !== asserts.length - 1) problems.push(`${where}: a query before the last assert`);
      if (tail === undefined) problems.push(`${where}: a query without a body`);
    } else {
      checkHead(conclusion, variables, predicates, `${where}`, problems);
    }
    if (tail !== undefined) checkTail(tail, predicates, where, problems);
  });
  if (queries !== 1) problems.push(`${queries} queries, not exactly one`);
  return { problems, deviations: [...deviations] };
}

function checkHead(
  conclusion: SExpression,
  variables: ReadonlySet<string>,
  predicates: ReadonlyMap<string, number>,
  where: string,
  problems: string[],
): void {
  if (conclusion.kind === 'atom') {
    if (!predicates.has(conclusion.text) || predicates.get(conclusion.text) !== 0)
      problems.push(`${where}: the head ${conclusion.text} is not a nullary predicate`);
    return;
  }
  const name = head(conclusion);
  if (name === undefined || !predicates.has(name) || !isList(conclusion)) {
    problems.push(`${where}: the head is not a predicate application`);
    return;
  }
  const argumentsList = conclusion.items.slice(1);
  const seen = new Set<string>();
  for (const argument of argumentsList) {
    if (argument.kind !== 'atom' || !variables.has(argument.text))
      problems.push(`${where}: a head argument that is not a quantified variable`);
    else if (seen.has(argument.text)) problems.push(`${where}: the variable ${argument.text} twice in the head`);
    else seen.add(argument.text);
  }
}

function checkTail(
  tail: SExpression,
  predicates: ReadonlyMap<string, number>,
  where: string,
  problems: string[],
): void {
  const conjuncts = head(tail) === 'and' && isList(tail) ? tail.items.slice(1) : [tail];
  for (const conjunct of conjuncts) {
    const name = conjunct.kind === 'atom' ? conjunct.text : head(conjunct);
    if (name !== undefined && predicates.has(name)) {
      if (isList(conjunct) && conjunct.items.slice(1).some((argument) => argument.kind !== 'atom'))
        problems.push(`${where}: a body predicate applied to a term that is not a variable`);
      continue;
    }
    if (atoms(conjunct).some((atom) => predicates.has(atom)))
      problems.push(`${where}: a predicate inside an interpreted formula`);
  }
}
