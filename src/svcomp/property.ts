// SV-COMP property files (.prp): encode checks one property, unreach-call
// (`CHECK( init(main()), LTL(G ! call(reach_error())) )`); any other is unsupported.

import { readFileSync } from 'node:fs';

export type PropertyCheck = { readonly kind: 'unreach-call' } | { readonly kind: 'unsupported'; readonly reason: string };

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
  return { kind: 'unsupported', reason: `${path}: only the unreach-call property (G ! call(reach_error())) is checked` };
}
