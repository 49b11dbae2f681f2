// Runtime helpers of the generated-JavaScript interpreter backend (src/interp/codegen.ts): the
// functions generated code calls for everything off its inline fast paths (exact arithmetic from
// values.ts, cell keys from arrays.ts, and from run-checks.ts the run stops with their outcomes,
// checked nondet choices, array havocs and fills), gathered into one object whose names the
// generated source binds as locals.
//
// Soundness assumptions: none of its own. Nothing is re-implemented here: the closure compiler
// (src/interp/compile.ts) calls the same functions, so both back ends stop with the same outcomes;
// the differential test (test/interp/codegen.test.ts) holds them to it.

import { cellKey, cellKey2 } from './arrays.js';
import {
  assertionFailed,
  assumptionFailed,
  checkedChoice,
  consumedOf,
  fillArray,
  havocArray,
  inputExhausted,
  productTooLarge,
  shiftUndefined,
  stepCheckpoint,
  undefinedBehaviour,
} from './run-checks.js';
import {
  add,
  bitwiseAnd,
  bitwiseNot,
  bitwiseOr,
  bitwiseXor,
  divide,
  multiply,
  negate,
  remainder,
  shiftLeft,
  shiftRight,
  subtract,
} from './values.js';

export const runtime = {
  add,
  subtract,
  multiply,
  divide,
  remainder,
  shiftLeft,
  shiftRight,
  bitwiseAnd,
  bitwiseOr,
  bitwiseXor,
  negate,
  bitwiseNot,
  cellKey,
  cellKey2,
  stepCheckpoint,
  undefinedBehaviour,
  shiftUndefined,
  productTooLarge,
  assumptionFailed,
  assertionFailed,
  inputExhausted,
  checkedChoice,
  consumedOf,
  havocArray,
  fillArray,
};
export const runtimeNames = Object.keys(runtime);
