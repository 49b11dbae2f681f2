// SV-COMP property files (.prp): encode checks unreach-call
// (`CHECK( init(main()), LTL(G ! call(reach_error())) )`) and no-overflow
// (`CHECK( init(main()), LTL(G ! overflow) )`); any other is unsupported.

import { readFileSync } from 'node:fs';
import type { PropertyKind } from '../ir/types.js';

export type PropertyCheck = { readonly kind: PropertyKind } | { readonly kind: 'unsupported'; readonly reason: string };

const noOverflow = /CHECK\(\s*init\(\s*main\(\)\s*\)\s*,\s*LTL\(\s*G\s*!\s*overflow\s*\)\s*\)/;
const unreachCall = /CHECK\(\s*init\(\s*main\(\)\s*\)\s*,\s*LTL\(\s*G\s*!\s*call\(\s*(reach_error|__VERIFIER_error)\(\)\s*\)\s*\)\s*\)/;

export function readProperty(path: string): PropertyCheck {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { kind: 'unsupported', reason: `${path}: not readable (${error instanceof Error ? error.message : String(error)})` };
  }
  const lines = text.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('//'));
  if (lines.length === 1 && unreachCall.test(lines[0]!)) return { kind: 'unreach-call' };
  if (lines.length === 1 && noOverflow.test(lines[0]!)) return { kind: 'no-overflow' };
  return { kind: 'unsupported', reason: `${path}: only the unreach-call (G ! call(reach_error())) and no-overflow (G ! overflow) properties are checked` };
}
