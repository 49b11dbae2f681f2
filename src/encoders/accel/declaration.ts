// The accel encoding as the command line sees it before loading it: its name, one line of help,
// its approximation and the options it reads (./index.ts adds the encoding itself).

import { allFormsModelled } from '../../analysis/control-flow-forms.js';
import { flagOption, integerOption } from '../../kernel/options.js';
import type { EncoderDeclaration } from '../../kernel/encoder.js';

/** the same flag as bmc's --unwind, with accel's own default */
export const accelUnwindOption = integerOption({
  name: 'unwind',
  valueName: 'k',
  minimum: 0,
  defaultValue: 3,
  help: 'unwinding of the accelerated program (tried at 1, 2, 4, … first)',
});
export const showSummariesOption = flagOption({
  name: 'show-summaries',
  help: 'print every accelerated path: closed forms, feasibility conditions, eliminated quantifiers',
});

export const accelDeclaration: EncoderDeclaration = {
  name: 'accel',
  summary:
    'deep bugs: loop paths accelerated by closed forms, checked by bmc at a small unwinding (under-approximation)',
  approximation: 'under',
  options: [accelUnwindOption, showSummariesOption],
  emitUsesSolver: true,
  // an exit in a loop's update is not read by this encoding: the kernel moves it into the body
  // (exact, analysis/update-exits.ts) or refuses the loop
  controlFlow: { ...allFormsModelled, breakInUpdate: 'refused', continueInUpdate: 'refused', loopInUpdate: 'refused' },
};
