// The order in which the template certifier's Houdini (houdini.ts) visits the clauses that define
// loop heads (issue 41): grouped by the strongly connected components of the predicates' graph (an
// edge from each predicate of a clause's body to its head's), the groups in topological order, each
// clause in the system's order within its group. Houdini runs each group to its fixed point before
// the next: a group's clauses only drop guesses of its own heads, and read only the heads of its own
// and earlier groups, so a later group starts from what every earlier one finally keeps.
//
// Why: in the system's order a nest's exit clause was asked while the loop before it still held
// guesses that its own back edge drops later (`i == 0` at the head of a loop over i); under them
// the exit's body is unsatisfiable, so every guess of the next nest's heads was kept, and the clauses
// of that nest were asked again and again under those guesses, whose ∀ over 2-D cells z3 cannot
// model in the question's time (each such question ran out at 200 ms; add-2-n-u of the corpus, exact
// wraps: 19 such questions of 180).
//
// Soundness: none is needed. The order only decides which questions are asked; Houdini's greatest
// fixed point is the same in every order when every answer is exact, and the candidate it gives is
// checked by the independent checker (check.ts).

import type { ChcSystem, HornClause, Term } from '../smt/terms.js';

/** the names of the predicates applied in a clause's body */
function bodyPredicates(clause: HornClause): string[] {
  return clause.body.flatMap((term: Term) => (term.kind === 'applyFunction' ? [term.function.name] : []));
}

/**
 * The clauses whose head is a predicate, grouped by the strongly connected component of their head,
 * the groups in topological order (a group's bodies read only its own and earlier groups' heads).
 */
export function clauseGroups(system: ChcSystem): HornClause[][] {
  const defining = system.clauses.filter((clause) => clause.head.kind === 'applyFunction');
  const headOf = (clause: HornClause): string =>
    (clause.head as Extract<Term, { kind: 'applyFunction' }>).function.name;
  const successors = new Map<string, Set<string>>(
    system.predicates.map((declaration) => [declaration.name, new Set()]),
  );
  for (const clause of defining)
    for (const predicate of bodyPredicates(clause)) successors.get(predicate)?.add(headOf(clause));
  const component = stronglyConnectedComponents([...successors.keys()], successors);
  const groups = new Map<number, HornClause[]>();
  for (const clause of defining) {
    const index = component.get(headOf(clause)) ?? 0;
    groups.set(index, [...(groups.get(index) ?? []), clause]);
  }
  return [...groups.entries()].sort(([left], [right]) => left - right).map(([, clauses]) => clauses);
}

/**
 * Tarjan's algorithm, iterative: each node's component index, components numbered in topological
 * order (every edge goes from a component to itself or to one with a larger index).
 */
function stronglyConnectedComponents(
  nodes: readonly string[],
  successors: ReadonlyMap<string, ReadonlySet<string>>,
): Map<string, number> {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const finished: string[][] = [];
  for (const root of nodes) {
    if (order.has(root)) continue;
    const work: { node: string; next: Iterator<string> }[] = [];
    const visit = (node: string): void => {
      order.set(node, order.size);
      lowest.set(node, order.get(node)!);
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: (successors.get(node) ?? new Set<string>()).values() });
    };
    visit(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const step = frame.next.next();
      if (!step.done) {
        const successor = step.value;
        if (!order.has(successor)) visit(successor);
        else if (onStack.has(successor))
          lowest.set(frame.node, Math.min(lowest.get(frame.node)!, order.get(successor)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) lowest.set(parent.node, Math.min(lowest.get(parent.node)!, lowest.get(frame.node)!));
      if (lowest.get(frame.node) !== order.get(frame.node)) continue;
      const members: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        members.push(member);
        if (member === frame.node) break;
      }
      finished.push(members);
    }
  }
  // Tarjan finishes a component after every component it reaches: reversed, the order is topological
  const component = new Map<string, number>();
  finished.reverse().forEach((members, index) => members.forEach((member) => component.set(member, index)));
  return component;
}
