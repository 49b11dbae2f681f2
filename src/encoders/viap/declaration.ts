// The viap encoding as the command line sees it before loading it: its name, one line of help,
// its approximation and the options it reads (./index.ts adds the encoding itself).

import { allFormsModelled } from '../../analysis/control-flow-forms.js';
import { flagOption } from '../../kernel/options.js';
import type { EncoderDeclaration } from '../../kernel/encoder.js';

export const showAxiomsOption = flagOption({
  name: 'show-axioms',
  help: "print the loops' closed forms, iteration counts and array instantiations, and the axioms (viap)",
});

export const viapDeclaration: EncoderDeclaration = {
  name: 'viap',
  summary:
    'the program as first-order axioms: loop counters, closed forms, array instantiation, induction on the iteration count (VIAP)',
  approximation: 'over',
  acceptsOverApproximation: true,
  // its shallow search (a tenth of the budget, as in ./index.ts) on the program as it is
  searchBeforeOverApproximation: 0.1,
  options: [showAxiomsOption],
  emitUsesSolver: true,
  // an exit in a loop's update is not read by this encoding: the kernel moves it into the body
  // (exact, analysis/update-exits.ts) or refuses the loop
  controlFlow: { ...allFormsModelled, breakInUpdate: 'refused', continueInUpdate: 'refused', loopInUpdate: 'refused' },
};
