// Options declared by the encoders themselves. Each encoder lists the options it reads (name,
// value parser, default, help); the CLI builds its flags, help text and validation from the
// registry, and an encoder reads a value with `optionValue(options, declaration)`, which falls back
// to that declaration's default. Two encoders may declare an option of the same name (e.g.
// `unwind`: bmc's default is 10, accel's 3) as long as they parse it the same way; a value given
// on the command line then reaches both.
//
// Only values given explicitly are stored in `EncodingOptions.settings`, so each encoder's default
// applies wherever the user said nothing.

import type { PropertyKind, Semantics, VerdictSemantics } from '../ir/types.js';

export type ParsedOption<T> =
  { readonly kind: 'ok'; readonly value: T } | { readonly kind: 'error'; readonly message: string };

export interface OptionDeclaration<T> {
  /** the flag without dashes, e.g. 'max-k' for `--max-k` */
  readonly name: string;
  /** `flag`: present or absent (boolean); `value`: takes a value */
  readonly form: 'flag' | 'value';
  /** the placeholder of the value in the help text, e.g. 'k' */
  readonly valueName: string;
  readonly help: string;
  readonly defaultValue: T;
  parse(text: string): ParsedOption<T>;
  /** whether a stored value is one this option can hold (what `optionValue` checks before use) */
  accepts(value: unknown): value is T;
}

export type AnyOptionDeclaration = OptionDeclaration<unknown>;

/** What every encoding reads: the semantics, plus the explicitly given values of declared options. */
export interface EncodingOptions {
  readonly semantics: Semantics;
  /** option name → parsed value, for the options given explicitly */
  readonly settings: ReadonlyMap<string, unknown>;
}

/**
 * What a run of an encoding is asked with (kernel/run-encoding.ts `runEncoding`, the portfolio): the same
 * record, with a semantics that may be `c`, which the kernel turns into what the encoder computes in.
 */
export interface RequestOptions {
  readonly semantics: VerdictSemantics;
  readonly settings: ReadonlyMap<string, unknown>;
  /** the property checked (default unreach-call) */
  readonly property?: PropertyKind;
  /** in `c`: unsigned wrap-around written exactly where it can be (analysis/wrap-checks.ts `exactWraps`), not only checked */
  readonly exactWraps?: boolean;
}

export function encodingOptions(
  semantics: Semantics,
  settings: Readonly<Record<string, unknown>> = {},
): EncodingOptions {
  return { semantics, settings: new Map(Object.entries(settings)) };
}

/**
 * the value of a declared option: the given one, else the declaration's default. A stored value
 * the declaration does not accept (a caller that set a value by hand with the wrong type) is a
 * programming error, not a value to guess at.
 */
export function optionValue<T>(options: EncodingOptions, declaration: OptionDeclaration<T>): T {
  if (!options.settings.has(declaration.name)) return declaration.defaultValue;
  const value = options.settings.get(declaration.name);
  if (!declaration.accepts(value)) {
    throw new Error(`option --${declaration.name}: the value ${JSON.stringify(value)} is not one it takes`);
  }
  return value;
}

/** the same options with some values set (encoders calling each other with other settings) */
export function withOptions(options: EncodingOptions, values: Readonly<Record<string, unknown>>): EncodingOptions {
  const settings = new Map(options.settings);
  for (const [name, value] of Object.entries(values)) settings.set(name, value);
  return { semantics: options.semantics, settings };
}

export function integerOption(spec: {
  readonly name: string;
  readonly valueName: string;
  readonly help: string;
  readonly defaultValue: number;
  readonly minimum: number;
}): OptionDeclaration<number> {
  return {
    name: spec.name,
    form: 'value',
    valueName: spec.valueName,
    help: spec.help,
    defaultValue: spec.defaultValue,
    parse(text) {
      const value = Number(text);
      if (text.trim() === '' || !Number.isInteger(value) || value < spec.minimum) {
        return { kind: 'error', message: `--${spec.name} takes an integer of at least ${spec.minimum}, not '${text}'` };
      }
      return { kind: 'ok', value };
    },
    accepts: (value): value is number => typeof value === 'number' && Number.isInteger(value) && value >= spec.minimum,
  };
}

export function choiceOption<T extends string>(spec: {
  readonly name: string;
  readonly help: string;
  readonly choices: readonly T[];
  readonly defaultValue: T;
}): OptionDeclaration<T> {
  return {
    name: spec.name,
    form: 'value',
    valueName: spec.choices.join('|'),
    help: spec.help,
    defaultValue: spec.defaultValue,
    parse(text) {
      const found = spec.choices.find((choice) => choice === text);
      if (found === undefined)
        return { kind: 'error', message: `--${spec.name} takes ${spec.choices.join(' or ')}, not '${text}'` };
      return { kind: 'ok', value: found };
    },
    accepts: (value): value is T => spec.choices.some((choice) => choice === value),
  };
}

export function flagOption(spec: { readonly name: string; readonly help: string }): OptionDeclaration<boolean> {
  return {
    name: spec.name,
    form: 'flag',
    valueName: '',
    help: spec.help,
    defaultValue: false,
    parse(text) {
      if (text === 'true' || text === '') return { kind: 'ok', value: true };
      if (text === 'false') return { kind: 'ok', value: false };
      return { kind: 'error', message: `--${spec.name} takes no value` };
    },
    accepts: (value): value is boolean => typeof value === 'boolean',
  };
}
