// bench/c-integer-rules (issue 43, class 6): programs safe because of C's integer rules — unsigned
// counters counting down past 0 to UINT_MAX (`for (j = n - 1; j < n; j--)`, `while (m-- > 0)`),
// indices cast to unsigned char (i modulo 256), unsigned char, unsigned short and signed char counters
// that wrap (incremented n times, += 700 per step, decremented past -128), unsigned short cells
// compared after promotion to int, rows of a 2-D VLA changed in place by a called function, a global
// array whose initialiser leaves a zero tail, and narrowing compound assignments (unsigned char,
// unsigned short, signed char as gcc converts; constant steps and cells) that wrap and wrap back.
// Natively (gcc, UBSan, signed overflow trapped) for n = 1 … 1000 (94, 128, 255, 256 and 300 among
// them) on four value patterns: a safe program never reaches the error, a buggy twin does. Through
// `encode verify` (Debian z3, --timeout 10): 15 of 15 bugs found, 14 of 15 safe programs proven
// (bench/c-integer-rules/README.md).

import { describeMeasuredFamily } from '../support/measured-family.js';

const values = (value: (position: number) => number): string =>
  Array.from({ length: 1100 }, (_, position) => String(value(position))).join('\n');
const tails = [
  values((position) => position + 1),
  values((position) => 65535 - position),
  values(() => 7),
  values((position) => (position * 37) % 300),
];

describeMeasuredFamily('c-integer-rules', {
  inputs: [1, 2, 3, 10, 94, 128, 255, 256, 300, 1000, 0, 1001].flatMap((size) =>
    tails.map((tail) => `${size}\n${tail}`),
  ),
  unprovenSafe: {
    'uchar-index-safe.c':
      'mark[(unsigned char) i] for i < n <= 1000, checked at i % 256: viap does not prove it from its axioms, bmc needs 1000 unwindings',
  },
});
