// Mutations of Horn-clause systems for the certificate tests (planted bugs): a loop's step left out.

import { createChcSystem, type ChcSystem } from '../../src/smt/terms.js';

/** the system without the step of the loop whose head is `predicate` (its clause from its head back to it) */
export function withoutStepOf(predicate: string): (system: ChcSystem) => ChcSystem {
  return (system) =>
    createChcSystem({
      ...system,
      clauses: system.clauses.filter(
        (clause) =>
          !(
            clause.head.kind === 'applyFunction' &&
            clause.head.function.name === predicate &&
            clause.body.some((term) => term.kind === 'applyFunction' && term.function.name === predicate)
          ),
      ),
    });
}
