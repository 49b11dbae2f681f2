// Vitest setup: fast-check properties without an explicit seed run from one fixed seed, so a test
// run (and CI) is reproducible. ENCODE_PROPERTY_SEED=<number> picks another seed;
// ENCODE_PROPERTY_SEED=random (as in `npm run test:explore`) draws a fresh one per property, which
// fast-check prints on failure together with the shrunk counterexample.

import fc from 'fast-check';

const defaultSeed = 20261122;
const requested = process.env.ENCODE_PROPERTY_SEED;
if (requested !== 'random') {
  const seed = requested === undefined || requested === '' ? defaultSeed : Number(requested);
  if (!Number.isInteger(seed))
    throw new Error(`ENCODE_PROPERTY_SEED must be an integer or "random", not "${requested}"`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}
