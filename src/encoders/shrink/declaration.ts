// The shrink encoding as the command line sees it before loading it: its name, one line of help,
// its approximation and the options it reads (./index.ts adds the encoding itself).

import { allFormsModelled } from '../../analysis/control-flow-forms.js';
import { integerOption } from '../../kernel/options.js';
import type { EncoderDeclaration } from '../../kernel/encoder.js';

export const maxKOption = integerOption({
  name: 'max-k',
  valueName: 'k',
  minimum: 1,
  defaultValue: 5,
  help: 'the largest shrink factor tried',
});

export const shrinkDeclaration: EncoderDeclaration = {
  name: 'shrink',
  summary:
    'loop shrinking: the loop is k-shrinkable and the residual program over k iterations is safe (over-approximation)',
  approximation: 'over',
  acceptsOverApproximation: true,
  options: [maxKOption],
  emitUsesSolver: false,
  // an exit in a loop's update is not read by this encoding: the kernel moves it into the body
  // (exact, analysis/update-exits.ts) or refuses the loop
  controlFlow: {
    ...allFormsModelled,
    breakInUpdate: 'refused',
    continueInUpdate: 'refused',
    loopInUpdate: 'refused',
    // nested loops and assumptions inside loops are outside the loop shapes of Theorem 1: scope.ts
    // reads them and refuses its proof with the location, while the counterexample search still runs
  },
};
