// The labmc encoding as the command line sees it before loading it: its name, one line of help,
// its approximation and the options it reads (./index.ts adds the encoding itself).

import { allFormsModelled } from '../../analysis/control-flow-forms.js';
import { flagOption } from '../../kernel/options.js';
import type { EncoderDeclaration } from '../../kernel/encoder.js';

export const showAbstractionOption = flagOption({
  name: 'show-abstraction',
  help: 'print the abstract program as C (every loop replaced by its bounded abstraction) and the variable classes',
});

export const labmcDeclaration: EncoderDeclaration = {
  name: 'labmc',
  summary:
    'loop abstraction (Darke et al.): each loop becomes at most |O| abstract iterations with accelerated counters, decided by bmc',
  approximation: 'over',
  acceptsOverApproximation: true,
  options: [showAbstractionOption],
  emitUsesSolver: false,
  // an exit in a loop's update is not read by this encoding: the kernel moves it into the body
  // (exact, analysis/update-exits.ts) or refuses the loop
  controlFlow: { ...allFormsModelled, breakInUpdate: 'refused', continueInUpdate: 'refused', loopInUpdate: 'refused' },
};
