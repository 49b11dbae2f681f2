// The induct encoding as the command line sees it before loading it: its name, one line of help,
// its approximation and the options it reads (./index.ts adds the encoding itself).

import { allFormsModelled } from '../../analysis/control-flow-forms.js';
import { flagOption, integerOption } from '../../kernel/options.js';
import type { EncoderDeclaration } from '../../kernel/encoder.js';

export const strengthenOption = integerOption({
  name: 'strengthen',
  valueName: 'K',
  defaultValue: 3,
  minimum: 0,
  help: 'rounds of strengthening when the inductive step fails: guessed closed forms in N of the final values (degree 2 in the first round, one more in each next), asserted and proven too; 0: none',
});
export const showInductionOption = flagOption({
  name: 'show-induction',
  help: 'print the shape found (size, peeled loops, base cases), the inductive step as a program, and the difference relations proven between P(N) and P(N-1)',
});

export const inductDeclaration: EncoderDeclaration = {
  name: 'induct',
  summary: 'induction on the size parameter N: base cases by bmc, peeled last iterations, the step P(N-1) => P(N)',
  approximation: 'over',
  acceptsOverApproximation: true,
  options: [showInductionOption, strengthenOption],
  emitUsesSolver: true,
  // an exit in a loop's update is not read by this encoding: the kernel moves it into the body
  // (exact, analysis/update-exits.ts) or refuses the loop
  controlFlow: { ...allFormsModelled, breakInUpdate: 'refused', continueInUpdate: 'refused', loopInUpdate: 'refused' },
};
