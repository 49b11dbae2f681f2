// The registry of encodings: the one place that maps an encoding name to its implementation.

import { accelEncoder } from './accel/index.js';
import { bmcEncoder } from './bmc/index.js';
import { chcEncoder } from './chc/index.js';
import type { Encoder } from './encoder.js';
import { shrinkEncoder } from './shrink/index.js';
import { witnessEncoder } from './witness/index.js';

export const encoders: ReadonlyMap<string, Encoder> = new Map<string, Encoder>([
  ['accel', accelEncoder],
  ['bmc', bmcEncoder],
  ['chc', chcEncoder],
  ['shrink', shrinkEncoder],
  ['witness', witnessEncoder],
]);

export function encoderNames(): string[] {
  return [...encoders.keys()];
}
