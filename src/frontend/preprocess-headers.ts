// What the built-in preprocessor knows about the standard headers it does not read.
//
// An `#include` of a known standard header is dropped; instead its macros that programs use
// (NULL, true/false, INT_MAX, assert, ...) are defined, and the typedefs / declarations it provides
// are collected into a prelude placed before the program (mapped to the pseudo file `<builtin>`).
// The definitions follow glibc + GCC on x86, with the widths of the requested data model, so the
// built-in and the system preprocessor give the same program text from the input file.
// Soundness assumption: a header not listed here is unknown, and including it is reported as
// unsupported rather than silently ignored.

import type { DataModel } from './preprocess-types.js';

export interface StandardHeader {
  /** macro definitions as written after `#define` */
  readonly macros: readonly string[];
  /** declarations to place in the prelude, one per line */
  readonly prelude: readonly string[];
}

/** Macros every translation unit starts with (besides __FILE__ / __LINE__). */
export function predefinedMacros(dataModel: DataModel): readonly string[] {
  const isLp64 = dataModel === 'LP64';
  return [
    '__STDC__ 1',
    '__STDC_VERSION__ 201710L',
    '__STDC_HOSTED__ 1',
    '__CHAR_BIT__ 8',
    '__SCHAR_MAX__ 0x7f',
    '__SHRT_MAX__ 0x7fff',
    '__INT_MAX__ 0x7fffffff',
    `__LONG_MAX__ ${isLp64 ? '0x7fffffffffffffffL' : '0x7fffffffL'}`,
    '__LONG_LONG_MAX__ 0x7fffffffffffffffLL',
    '__SIZEOF_SHORT__ 2',
    '__SIZEOF_INT__ 4',
    `__SIZEOF_LONG__ ${isLp64 ? 8 : 4}`,
    '__SIZEOF_LONG_LONG__ 8',
    `__SIZEOF_POINTER__ ${isLp64 ? 8 : 4}`,
    `__SIZEOF_SIZE_T__ ${isLp64 ? 8 : 4}`,
    `__SIZE_TYPE__ ${sizeType(dataModel)}`,
    `__PTRDIFF_TYPE__ ${isLp64 ? 'long int' : 'int'}`,
    `__WCHAR_TYPE__ ${wcharType(dataModel)}`,
    isLp64 ? '__LP64__ 1' : '__ILP32__ 1',
    isLp64 ? '_LP64 1' : '_ILP32 1',
    // GNU C on x86 Linux, as the system preprocessor of the benchmarks' toolchain (gnu17 mode)
    '__GNUC__ 12',
    '__GNUC_MINOR__ 2',
    '__GNUC_PATCHLEVEL__ 0',
    '__ELF__ 1',
    '__linux__ 1',
    '__linux 1',
    'linux 1',
    '__gnu_linux__ 1',
    '__unix__ 1',
    '__unix 1',
    'unix 1',
    ...(isLp64 ? ['__x86_64__ 1', '__x86_64 1', '__amd64__ 1', '__amd64 1'] : ['__i386__ 1', '__i386 1', 'i386 1']),
    '__ORDER_LITTLE_ENDIAN__ 1234',
    '__ORDER_BIG_ENDIAN__ 4321',
    '__BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__',
  ];
}

function sizeType(dataModel: DataModel): string {
  return dataModel === 'LP64' ? 'long unsigned int' : 'unsigned int';
}

function sizeTypedefs(dataModel: DataModel): string[] {
  return [`typedef ${sizeType(dataModel)} size_t;`];
}

const nullMacro = 'NULL ((void *)0)';
/** gcc's wchar_t: `long int` on i386 (ILP32), `int` on x86-64 */
function wcharType(dataModel: DataModel): string {
  return dataModel === 'LP64' ? 'int' : 'long int';
}

function wcharTypedef(dataModel: DataModel): string {
  return `typedef ${wcharType(dataModel)} wchar_t;`;
}

function limitsMacros(dataModel: DataModel): string[] {
  const isLp64 = dataModel === 'LP64';
  return [
    'CHAR_BIT 8',
    'SCHAR_MIN (-SCHAR_MAX - 1)',
    'SCHAR_MAX 127',
    'UCHAR_MAX 255',
    'CHAR_MIN SCHAR_MIN',
    'CHAR_MAX SCHAR_MAX',
    'SHRT_MIN (-SHRT_MAX - 1)',
    'SHRT_MAX 32767',
    'USHRT_MAX 65535',
    'INT_MIN (-INT_MAX - 1)',
    'INT_MAX 2147483647',
    'UINT_MAX 4294967295U',
    `LONG_MAX ${isLp64 ? '9223372036854775807L' : '2147483647L'}`,
    'LONG_MIN (-LONG_MAX - 1L)',
    `ULONG_MAX ${isLp64 ? '18446744073709551615UL' : '4294967295UL'}`,
    'LLONG_MAX 9223372036854775807LL',
    'LLONG_MIN (-LLONG_MAX - 1LL)',
    'ULLONG_MAX 18446744073709551615ULL',
  ];
}

function stdintHeader(dataModel: DataModel): StandardHeader {
  const isLp64 = dataModel === 'LP64';
  const int64 = isLp64 ? 'long int' : 'long long int';
  const uint64 = isLp64 ? 'unsigned long int' : 'unsigned long long int';
  const pointerSized = isLp64 ? 'long int' : 'int';
  const unsignedPointerSized = isLp64 ? 'unsigned long int' : 'unsigned int';
  const suffix64 = isLp64 ? 'L' : 'LL';
  return {
    macros: [
      'INT8_MIN (-128)',
      'INT16_MIN (-32767-1)',
      'INT32_MIN (-2147483647-1)',
      `INT64_MIN (-9223372036854775807${suffix64}-1)`,
      'INT8_MAX (127)',
      'INT16_MAX (32767)',
      'INT32_MAX (2147483647)',
      `INT64_MAX (9223372036854775807${suffix64})`,
      'UINT8_MAX (255)',
      'UINT16_MAX (65535)',
      'UINT32_MAX (4294967295U)',
      `UINT64_MAX (18446744073709551615U${suffix64})`,
      `INTPTR_MIN ${isLp64 ? '(-9223372036854775807L-1)' : '(-2147483647-1)'}`,
      `INTPTR_MAX ${isLp64 ? '(9223372036854775807L)' : '(2147483647)'}`,
      `UINTPTR_MAX ${isLp64 ? '(18446744073709551615UL)' : '(4294967295U)'}`,
      `INTMAX_MIN (-9223372036854775807${suffix64}-1)`,
      `INTMAX_MAX (9223372036854775807${suffix64})`,
      `UINTMAX_MAX (18446744073709551615U${suffix64})`,
      `PTRDIFF_MIN ${isLp64 ? '(-9223372036854775807L-1)' : '(-2147483647-1)'}`,
      `PTRDIFF_MAX ${isLp64 ? '(9223372036854775807L)' : '(2147483647)'}`,
      `SIZE_MAX ${isLp64 ? '(18446744073709551615UL)' : '(4294967295U)'}`,
    ],
    prelude: [
      'typedef signed char int8_t;',
      'typedef short int int16_t;',
      'typedef int int32_t;',
      `typedef ${int64} int64_t;`,
      'typedef unsigned char uint8_t;',
      'typedef unsigned short int uint16_t;',
      'typedef unsigned int uint32_t;',
      `typedef ${uint64} uint64_t;`,
      `typedef ${pointerSized} intptr_t;`,
      `typedef ${unsignedPointerSized} uintptr_t;`,
      `typedef ${int64} intmax_t;`,
      `typedef ${uint64} uintmax_t;`,
    ],
  };
}

/** The header named in `#include <name>` / `#include "name"`, or undefined if it is not known. */
export function standardHeader(name: string, dataModel: DataModel): StandardHeader | undefined {
  const ptrdiffTypedef = `typedef ${dataModel === 'LP64' ? 'long int' : 'int'} ptrdiff_t;`;
  switch (name) {
    case 'assert.h':
      return {
        // glibc's definition for GCC in C mode, so both preprocessors give the same text
        macros: [
          'assert(expr) ((void) sizeof ((expr) ? 1 : 0), __extension__ ({ if (expr) ; else __assert_fail (#expr, __FILE__, __LINE__, __extension__ __PRETTY_FUNCTION__); }))',
          'static_assert _Static_assert',
        ],
        prelude: [
          'extern void __assert_fail (const char *__assertion, const char *__file, unsigned int __line, const char *__function) __attribute__ ((__noreturn__));',
        ],
      };
    case 'stdbool.h':
      return { macros: ['bool _Bool', 'true 1', 'false 0', '__bool_true_false_are_defined 1'], prelude: [] };
    case 'stddef.h':
      return {
        macros: [nullMacro, 'offsetof(TYPE, MEMBER) __builtin_offsetof (TYPE, MEMBER)'],
        prelude: [ptrdiffTypedef, ...sizeTypedefs(dataModel), wcharTypedef(dataModel)],
      };
    case 'stdlib.h':
      return {
        macros: [nullMacro, 'EXIT_FAILURE 1', 'EXIT_SUCCESS 0', 'RAND_MAX 2147483647'],
        prelude: [...sizeTypedefs(dataModel), wcharTypedef(dataModel)],
      };
    case 'stdio.h':
      return { macros: [nullMacro, 'EOF (-1)'], prelude: sizeTypedefs(dataModel) };
    case 'string.h':
    case 'strings.h':
    case 'memory.h':
    case 'malloc.h':
    case 'time.h':
    case 'wchar.h':
      return { macros: [nullMacro], prelude: sizeTypedefs(dataModel) };
    case 'limits.h':
      return { macros: limitsMacros(dataModel), prelude: [] };
    case 'stdint.h':
      return stdintHeader(dataModel);
    case 'inttypes.h':
      return stdintHeader(dataModel);
    case 'sys/types.h':
      return { macros: [], prelude: sizeTypedefs(dataModel) };
    // headers whose declarations are only functions (which lowering knows or refuses by name)
    case 'math.h':
    case 'ctype.h':
    case 'unistd.h':
      return { macros: [], prelude: [] };
    default:
      return undefined;
  }
}
