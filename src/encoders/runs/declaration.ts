// The runs engine as the command line sees it before loading it: its name, one line of help, its
// approximation and the options it reads (./index.ts adds the engine itself).

import { allFormsModelled } from '../../analysis/control-flow-forms.js';
import type { EncoderDeclaration } from '../../kernel/encoder.js';

export const runsDeclaration: EncoderDeclaration = {
  name: 'runs',
  summary:
    'concrete runs on the interpreter with seeded inputs (small values, then any): bugs behind long loops of constant bounds that no unrolling reaches (under-approximation; writes no SMT)',
  approximation: 'under',
  options: [],
  emitUsesSolver: false,
  controlFlow: allFormsModelled,
};
