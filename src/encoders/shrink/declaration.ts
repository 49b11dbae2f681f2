// The shrink encoding as the command line sees it before loading it: its name, one line of help,
// its approximation and the options it reads (./index.ts adds the encoding itself).

import { integerOption } from '../../kernel/options.js';
import type { EncoderDeclaration } from '../../kernel/encoder.js';

export const maxKOption = integerOption({
  name: 'max-k', valueName: 'k', minimum: 1, defaultValue: 5, help: 'the largest shrink factor tried',
});

export const shrinkDeclaration: EncoderDeclaration = {
  name: 'shrink',
  summary: 'loop shrinking: the loop is k-shrinkable and the residual program over k iterations is safe (over-approximation)',
  approximation: 'over',
  options: [maxKOption],
  emitUsesSolver: false,
};
