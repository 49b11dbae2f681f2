// The bmc encoding as the command line sees it before loading it: its name, one line of help,
// its approximation and the options it reads (./index.ts adds the encoding itself).

import { allFormsModelled } from '../../analysis/control-flow-forms.js';
import { flagOption, integerOption } from '../../kernel/options.js';
import type { EncoderDeclaration } from '../../kernel/encoder.js';

export const unwindOption = integerOption({
  name: 'unwind',
  valueName: 'k',
  minimum: 0,
  defaultValue: 10,
  help: 'loop unwinding depth of bounded model checking',
});
export const unwindingAssertionsOption = flagOption({
  name: 'unwinding-assertions',
  help: 'prove that the unwinding suffices for every loop, which allows SAFE (without it: SAFE only where every loop has a constant bound within --unwind)',
});

export const deepenOption = flagOption({
  name: 'deepen',
  help: 'where --unwind finds no bug and proves nothing, unroll again at twice the depth, and again, while the time allows: until every loop is unrolled completely (SAFE), a bug, or a formula too large',
});

export const bmcDeclaration: EncoderDeclaration = {
  name: 'bmc',
  summary: 'bounded model checking: every loop unrolled --unwind times',
  approximation: 'exact-bounded',
  options: [unwindOption, unwindingAssertionsOption, deepenOption],
  emitUsesSolver: false,
  controlFlow: allFormsModelled,
};
