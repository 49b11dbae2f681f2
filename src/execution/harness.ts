// The C harness that a program is linked against for a native run (execution-based validation of
// counterexamples, and the differential test of the interpreter against gcc).
//
// The harness defines what SV-COMP leaves to the verifier:
// - every `__VERIFIER_nondet_<type>()` returns the next recorded input, converted to its type by C's
//   own conversion (values are stored modulo 2^64; a 128-bit input is stored in two halves); when the
//   inputs run out the run ends with `exitStatus.inputsExhausted`;
// - the error functions that the front end lowers to a failed assertion (`reach_error`,
//   `__VERIFIER_error`, `__assert_fail`, `__assert_perror_fail`, `__assert`, `__assert_rtn`) end the
//   run with `exitStatus.reachedError`, a status no SV-COMP program uses;
// - `__VERIFIER_assume(c)` ends the run with `exitStatus.assumptionBlocked` when c is 0;
// - weak `__VERIFIER_assert` and `assume_abort_if_not`, for programs that only declare them.
// The program's own definitions of the functions the harness defines strongly are made weak in its
// object file (gcc.ts), so the harness's win even where the program defines `reach_error(){}`.
//
// Inputs are either written into the harness (a file a user can read and rerun: `inputs` given) or
// read from standard input, one decimal value per line (many runs of one binary).

/** exit statuses of a harnessed run; chosen above what programs return and below 126 (shell codes) */
export const exitStatus = Object.freeze({
  reachedError: 113,
  inputsExhausted: 114,
  assumptionBlocked: 115,
  undefinedBehaviour: 116,
});

/** the functions the harness defines (the program's definitions of them are weakened) */
export const harnessDefinedFunctions: readonly string[] = Object.freeze([
  'reach_error',
  '__VERIFIER_error',
  '__assert_fail',
  '__assert_perror_fail',
  '__assert',
  '__assert_rtn',
  '__VERIFIER_assume',
]);

/** `__VERIFIER_nondet_<suffix>` and the C type it returns (the suffixes the front end knows, calls.ts nondetType) */
const nondetReturnTypes: readonly (readonly [string, string])[] = [
  ['int', 'int'],
  ['uint', 'unsigned int'],
  ['unsigned', 'unsigned int'],
  ['unsigned_int', 'unsigned int'],
  ['long', 'long'],
  ['ulong', 'unsigned long'],
  ['unsigned_long', 'unsigned long'],
  ['size_t', 'unsigned long'],
  ['longlong', 'long long'],
  ['long_long', 'long long'],
  ['ulonglong', 'unsigned long long'],
  ['unsigned_long_long', 'unsigned long long'],
  ['short', 'short'],
  ['ushort', 'unsigned short'],
  ['unsigned_short', 'unsigned short'],
  ['char', 'char'],
  ['schar', 'signed char'],
  ['uchar', 'unsigned char'],
  ['unsigned_char', 'unsigned char'],
  ['bool', '_Bool'],
  ['_Bool', '_Bool'],
  ['u8', 'unsigned char'],
  ['u16', 'unsigned short'],
  ['u32', 'unsigned int'],
  ['loff_t', 'long long'],
];
const wideNondetReturnTypes: readonly (readonly [string, string])[] = [
  ['int128', '__int128'],
  ['uint128', 'unsigned __int128'],
];

export const nondetFunctionNames: readonly string[] = Object.freeze(
  [...nondetReturnTypes, ...wideNondetReturnTypes].map(([suffix]) => `__VERIFIER_nondet_${suffix}`),
);

const modulus64 = 1n << 64n;

/** the value as an unsigned 64-bit C literal (two's complement modulo 2^64) */
function literal64(value: bigint): string {
  return `0x${(((value % modulus64) + modulus64) % modulus64).toString(16)}ULL`;
}

function inputTable(inputs: readonly bigint[]): string[] {
  const low = inputs.map(literal64);
  const high = inputs.map((value) => literal64(value >> 64n));
  const rows = (values: string[]): string => (values.length === 0 ? '0' : values.join(',\n  '));
  return [
    `static const unsigned long long encode_inputs_low[] = {\n  ${rows(low)}\n};`,
    `static const unsigned long long encode_inputs_high[] = {\n  ${rows(high)}\n};`,
    `static const unsigned long encode_input_count = ${inputs.length};`,
    'static int encode_read(void) { return 0; }',
  ];
}

const stdinReader = [
  '#define ENCODE_MAX_INPUTS 65536',
  'static unsigned long long encode_inputs_low[ENCODE_MAX_INPUTS], encode_inputs_high[ENCODE_MAX_INPUTS];',
  'static unsigned long encode_input_count;',
  '/* one decimal value per line on standard input; values beyond 64 bits are not read this way */',
  'static int encode_read(void) {',
  '  static int done;',
  '  if (done) return 0;',
  '  done = 1;',
  '  char line[128];',
  '  while (encode_input_count < ENCODE_MAX_INPUTS && fgets(line, sizeof line, stdin) != 0) {',
  '    long long value = strtoll(line, 0, 10);',
  "    if (line[0] != '-') encode_inputs_low[encode_input_count] = strtoull(line, 0, 10);",
  '    else encode_inputs_low[encode_input_count] = (unsigned long long) value;',
  "    encode_inputs_high[encode_input_count++] = line[0] == '-' ? ~0ULL : 0;",
  '  }',
  '  return 0;',
  '}',
];

/**
 * The harness's C text. `inputs`: the values written into it; 'stdin': read at the first call.
 * The 128-bit nondet functions are compiled only where the compiler has `__int128`.
 */
export function harnessSource(inputs: readonly bigint[] | 'stdin', note = ''): string {
  const lines = [
    "/* harness written by encode: the program's nondeterministic inputs and error functions */",
    ...(note === '' ? [] : [`/* ${note.replace(/\*\//g, '* /')} */`]),
    '#include <stdio.h>',
    '#include <stdlib.h>',
    '#include <unistd.h>',
    ...(inputs === 'stdin' ? stdinReader : inputTable(inputs)),
    'static unsigned long encode_position;',
    'static unsigned long encode_take(void) {',
    '  encode_read();',
    `  if (encode_position >= encode_input_count) { fflush(stdout); _exit(${exitStatus.inputsExhausted}); }`,
    '  return encode_position++;',
    '}',
    ...nondetReturnTypes.map(([suffix, type]) =>
      type === '_Bool'
        ? `${type} __VERIFIER_nondet_${suffix}(void) { return encode_inputs_low[encode_take()] != 0; }`
        : `${type} __VERIFIER_nondet_${suffix}(void) { return (${type}) encode_inputs_low[encode_take()]; }`,
    ),
    '#ifdef __SIZEOF_INT128__',
    ...wideNondetReturnTypes.map(
      ([suffix, type]) =>
        `${type} __VERIFIER_nondet_${suffix}(void) { unsigned long i = encode_take(); return (${type}) (((unsigned __int128) encode_inputs_high[i] << 64) | encode_inputs_low[i]); }`,
    ),
    '#endif',
    `static void encode_reached(void) { fflush(stdout); _exit(${exitStatus.reachedError}); }`,
    'void reach_error(void) { encode_reached(); }',
    'void __VERIFIER_error(void) { encode_reached(); }',
    'void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function) { (void) assertion; (void) file; (void) line; (void) function; encode_reached(); }',
    'void __assert_perror_fail(int error, const char *file, unsigned int line, const char *function) { (void) error; (void) file; (void) line; (void) function; encode_reached(); }',
    'void __assert(const char *assertion, const char *file, int line) { (void) assertion; (void) file; (void) line; encode_reached(); }',
    'void __assert_rtn(const char *function, const char *file, int line, const char *assertion) { (void) function; (void) file; (void) line; (void) assertion; encode_reached(); }',
    `void __VERIFIER_assume(int condition) { if (!condition) { fflush(stdout); _exit(${exitStatus.assumptionBlocked}); } }`,
    '__attribute__((weak)) void __VERIFIER_assert(int condition) { if (!condition) encode_reached(); }',
    `__attribute__((weak)) void assume_abort_if_not(int condition) { if (!condition) abort(); }`,
    '',
  ];
  return lines.join('\n');
}
