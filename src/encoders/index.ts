// The registry of encodings: the one place that maps an encoding name to its implementation.
// Adding an encoding is one folder under src/encoders (its declaration.ts and index.ts), one line
// here and one in ./catalogue.ts; the CLI (flags, help, validation) reads the catalogue, and every
// command that runs "all encodings" reads this list.

import { accelEncoder } from './accel/index.js';
import { bmcEncoder } from './bmc/index.js';
import { chcEncoder } from './chc/index.js';
import type { Encoder } from '../kernel/encoder.js';
import { inductEncoder } from './induct/index.js';
import { labmcEncoder } from './labmc/index.js';
import { runsEncoder } from './runs/index.js';
import { shrinkEncoder } from './shrink/index.js';
import { viapEncoder } from './viap/index.js';
import { witnessEncoder } from './witness/index.js';

export { declaredOptions, encoderNames, type DeclaredOption } from './catalogue.js';

export const encoders: ReadonlyMap<string, Encoder> = new Map<string, Encoder>(
  [
    accelEncoder,
    bmcEncoder,
    chcEncoder,
    inductEncoder,
    labmcEncoder,
    runsEncoder,
    shrinkEncoder,
    viapEncoder,
    witnessEncoder,
  ].map((encoder) => [encoder.name, encoder]),
);
