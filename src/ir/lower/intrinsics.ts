// SV-COMP and C library functions that lowering knows by name, whatever the file defines: the
// `__VERIFIER_nondet_<suffix>` family with the integer type each returns, and the functions whose
// call never returns (the property violation, and the calls that end a run). calls.ts lowers calls
// to them; statements.ts recognises path-ending goto targets; expressions.ts lowers
// `x = __VERIFIER_nondet_T()` to a single havoc.

import {
  boolType,
  charType,
  int128Type,
  intType,
  longLongType,
  longType,
  shortType,
  unsignedCharType,
  unsignedInt128Type,
  unsignedIntType,
  unsignedLongLongType,
  unsignedLongType,
  unsignedShortType,
} from '../factory.js';
import type { IntegerType } from '../types.js';
import type { Context } from './context.js';

/** The type of `__VERIFIER_nondet_<suffix>`, given the function's full name; undefined if not one. */
export function nondetType(name: string, context: Context): IntegerType | undefined {
  if (!name.startsWith('__VERIFIER_nondet_')) return undefined;
  switch (name.slice('__VERIFIER_nondet_'.length)) {
    case 'int':
      return intType;
    case 'uint':
    case 'unsigned':
    case 'unsigned_int':
      return unsignedIntType;
    case 'long':
      return longType(context.dataModel);
    case 'ulong':
    case 'unsigned_long':
    case 'size_t':
      return unsignedLongType(context.dataModel);
    case 'longlong':
    case 'long_long':
      return longLongType;
    case 'ulonglong':
    case 'unsigned_long_long':
      return unsignedLongLongType;
    case 'short':
      return shortType;
    case 'ushort':
    case 'unsigned_short':
      return unsignedShortType;
    case 'char':
    case 'schar':
      return charType;
    case 'uchar':
    case 'unsigned_char':
      return unsignedCharType;
    case 'bool':
    case '_Bool':
      return boolType;
    case 'int128':
      return int128Type;
    case 'uint128':
      return unsignedInt128Type;
    case 'u8':
      return unsignedCharType;
    case 'u16':
      return unsignedShortType;
    case 'u32':
      return unsignedIntType;
    case 'loff_t':
      return longLongType;
    default:
      return undefined;
  }
}

/**
 * The functions whose call never returns, whatever the file defines: 'error' calls are the property
 * violation (lowered to `assert(0)`), 'end' calls end the run silently (lowered to `assume(0)` after
 * their arguments). The one table of path-ending calls: calls.ts lowers them, statements.ts uses it for
 * goto targets.
 */
export const nonReturningFunctions: ReadonlyMap<string, 'error' | 'end'> = new Map([
  ['reach_error', 'error'],
  ['__VERIFIER_error', 'error'],
  ['__assert_fail', 'error'],
  ['__assert_perror_fail', 'error'],
  ['__assert', 'error'],
  ['__assert_rtn', 'error'],
  ['abort', 'end'],
  ['exit', 'end'],
  ['_exit', 'end'],
  ['_Exit', 'end'],
  ['__builtin_abort', 'end'],
  ['__builtin_trap', 'end'],
  ['__builtin_unreachable', 'end'],
]);

/** true when a call to `name` never returns (an error function or one that ends the path) */
export function endsPath(name: string): boolean {
  return nonReturningFunctions.has(name);
}
