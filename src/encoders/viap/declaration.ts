// The viap encoding as the command line sees it before loading it: its name, one line of help,
// its approximation and the options it reads (./index.ts adds the encoding itself).

import { flagOption } from '../../kernel/options.js';
import type { EncoderDeclaration } from '../../kernel/encoder.js';

export const showAxiomsOption = flagOption({
  name: 'show-axioms', help: 'print the loops\' closed forms, iteration counts and array instantiations, and the axioms (viap)',
});

export const viapDeclaration: EncoderDeclaration = {
  name: 'viap',
  summary: 'the program as first-order axioms: loop counters, closed forms, array instantiation, induction on the iteration count (paper 001)',
  approximation: 'over',
  options: [showAxiomsOption],
  emitUsesSolver: true,
};
