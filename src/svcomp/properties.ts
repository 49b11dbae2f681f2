// The properties encode checks, in one table: SV-COMP's unreach-call
// (`CHECK( init(main()), LTL(G ! call(reach_error())) )`) and no-overflow
// (`CHECK( init(main()), LTL(G ! overflow) )`). Each entry says how its .prp file reads, what a
// violation prints, and what the rest of the tool may do for it: whether the program's assertions are
// the property (so program passes that keep their reachability apply, kernel/transforms.ts), the
// semantics it can be checked in, whether bit-precise portfolio stages help, whether a violation
// witness is written. How a property is instrumented lives with C's semantics (kernel/c-semantics.ts:
// no-overflow's checks of every signed operation). Adding a property is one entry here and its
// instrumentation there; any other .prp file is unsupported.

import { readFileSync } from 'node:fs';
import type { PropertyKind, VerdictSemantics } from '../ir/types.js';
import type { Verdict } from '../verdict.js';

export interface PropertyDefinition {
  readonly kind: PropertyKind;
  /** the one formula line of its .prp file */
  readonly formula: RegExp;
  /** for messages: what the formula says */
  readonly description: string;
  /** the program's assertions are the property: passes that keep their reachability apply */
  readonly assertionsAreTheProperty: boolean;
  /** the semantics it can be checked in */
  readonly semantics: readonly VerdictSemantics[];
  /** a program that may wrap also gets the bit-precise portfolio stages (bit-vectors see no signed overflow) */
  readonly bitPreciseStages: boolean;
  /** `--witness` writes a violation witness for it */
  readonly violationWitness: boolean;
}

export const propertyDefinitions: readonly PropertyDefinition[] = [
  {
    kind: 'unreach-call',
    formula:
      /CHECK\(\s*init\(\s*main\(\)\s*\)\s*,\s*LTL\(\s*G\s*!\s*call\(\s*(reach_error|__VERIFIER_error)\(\)\s*\)\s*\)\s*\)/,
    description: 'G ! call(reach_error())',
    assertionsAreTheProperty: true,
    semantics: ['c', 'bv', 'int'],
    bitPreciseStages: true,
    violationWitness: true,
  },
  {
    kind: 'no-overflow',
    formula: /CHECK\(\s*init\(\s*main\(\)\s*\)\s*,\s*LTL\(\s*G\s*!\s*overflow\s*\)\s*\)/,
    description: 'G ! overflow',
    assertionsAreTheProperty: false,
    semantics: ['c'],
    bitPreciseStages: false,
    violationWitness: false,
  },
];

/** the definition of a property (absent: unreach-call, the default of every command) */
export function propertyDefinition(kind: PropertyKind | undefined): PropertyDefinition {
  return propertyDefinitions.find((definition) => definition.kind === (kind ?? 'unreach-call'))!;
}

export type PropertyCheck = { readonly kind: PropertyKind } | { readonly kind: 'unsupported'; readonly reason: string };

export function readProperty(path: string): PropertyCheck {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return {
      kind: 'unsupported',
      reason: `${path}: not readable (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'));
  const known =
    lines.length === 1 ? propertyDefinitions.find((definition) => definition.formula.test(lines[0]!)) : undefined;
  if (known !== undefined) return { kind: known.kind };
  const described = propertyDefinitions
    .map((definition) => `${definition.kind} (${definition.description})`)
    .join(' and ');
  return { kind: 'unsupported', reason: `${path}: only the ${described} properties are checked` };
}

/** SV-COMP's last line of a verdict about `property` */
export function svcompResultLine(verdict: Verdict, property: PropertyKind | undefined): string {
  switch (verdict.kind) {
    case 'safe':
      return 'Result: TRUE';
    case 'unsafe':
      return `Result: FALSE(${propertyDefinition(property).kind})`;
    case 'unknown':
      return 'Result: UNKNOWN';
    default: {
      const never: never = verdict;
      throw new Error(`unknown verdict ${JSON.stringify(never)}`);
    }
  }
}
