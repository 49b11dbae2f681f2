// The chc encoding as the command line sees it before loading it: its name, one line of help,
// its approximation and the options it reads (./index.ts adds the encoding itself).

import { allFormsModelled } from '../../analysis/control-flow-forms.js';
import type { EncoderDeclaration } from '../../kernel/encoder.js';

export const chcDeclaration: EncoderDeclaration = {
  name: 'chc',
  summary: 'constrained Horn clauses, one predicate per loop head (CHC-COMP format; Spacer solves them)',
  approximation: 'exact',
  options: [],
  emitUsesSolver: false,
  controlFlow: allFormsModelled,
};
