// The witness encoding as the command line sees it before loading it: its name, one line of help,
// its approximation and the options it reads (./index.ts adds the encoding itself).

import { allFormsModelled } from '../../analysis/control-flow-forms.js';
import { choiceOption, integerOption } from '../../kernel/options.js';
import type { EncoderDeclaration } from '../../kernel/encoder.js';

export const cellsOption = integerOption({
  name: 'cells',
  valueName: 'k',
  minimum: 1,
  defaultValue: 1,
  help: 'distinguished cells per array group',
});
export const loopsOption = choiceOption({
  name: 'loops',
  choices: ['kept', 'removed'] as const,
  defaultValue: 'kept',
  help: "loops kept as Horn-clause predicates, or removed by the paper's rules into one loop-free query",
});

export const loopFreeFirstOption = choiceOption({
  name: 'loop-free-first',
  choices: ['yes', 'no'] as const,
  defaultValue: 'yes',
  help: 'with loops kept, ask the loop-free query first (a SAFE from it has no invariants, so no certificate)',
});

export const witnessDeclaration: EncoderDeclaration = {
  name: 'witness',
  summary: 'witness index: k nondeterministically chosen cells per array, sizes generalised (over-approximation)',
  approximation: 'over',
  options: [cellsOption, loopsOption, loopFreeFirstOption],
  emitUsesSolver: false,
  // an exit in a loop's update is not read by this encoding: the kernel moves it into the body
  // (exact, analysis/update-exits.ts) or refuses the loop
  controlFlow: { ...allFormsModelled, breakInUpdate: 'refused', continueInUpdate: 'refused', loopInUpdate: 'refused' },
};
