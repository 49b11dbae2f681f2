// Scope by declaration, refusal by default: the kernel admits a program to an encoding only when the
// encoding declares that it models every control-flow form the program holds
// (analysis/control-flow-forms.ts; each encoding's `controlFlow` in its declaration.ts).
//
// Before refusing, one exact rewrite is tried: an exit in a loop's update (a do-while's test) or a
// loop there (a helper with a loop in a for's step) moved into the body (analysis/update-exits.ts),
// for an encoding that does not model that form. Any
// form still not modelled after it makes the run UNKNOWN (unsupported), naming the form and its
// first location, before the encoder sees the program. runEncoding and emitEncoding both go
// through here, so the files written are those of the program that is solved.

import { createProgram } from '../ir/factory.js';
import type { Program, SourceLocation } from '../ir/types.js';
import {
  describeForm,
  formsNotModelled,
  formsOf,
  type ControlFlowDeclaration,
} from '../analysis/control-flow-forms.js';
import { moveUpdateExitsIntoBody } from '../analysis/update-exits.js';

export type ControlFlowAdmission =
  | { readonly kind: 'admitted'; readonly program: Program }
  | { readonly kind: 'refused'; readonly message: string; readonly location: SourceLocation };

/** The program as the encoding may see it (update exits moved where it does not model them), or why it may not. */
export function admitControlFlow(
  encoderName: string,
  declaration: ControlFlowDeclaration,
  program: Program,
): ControlFlowAdmission {
  let admitted = program;
  let missing = formsNotModelled(formsOf(admitted.body), declaration);
  if (missing.some((entry) => entry.form === 'breakInUpdate' || entry.form === 'loopInUpdate')) {
    const body = moveUpdateExitsIntoBody(admitted.body);
    if (body !== admitted.body) {
      admitted = createProgram(program.file, program.scalars, program.arrays, body, program.dataModel);
      missing = formsNotModelled(formsOf(admitted.body), declaration);
    }
  }
  const first = missing[0];
  if (first === undefined) return { kind: 'admitted', program: admitted };
  return {
    kind: 'refused',
    message: `${encoderName} does not model ${describeForm(first.form)} (control-flow form '${first.form}')`,
    location: first.location,
  };
}
