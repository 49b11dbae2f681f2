// The control-flow forms of the IR: the ways a loop can be entered, left and nested once lowering
// has mapped C's statements onto the one IR loop `loop(condition, body, update)`.
//
// Every encoding declares, form by form, whether it models the form (src/encoders/<name>/declaration.ts,
// `controlFlow`), and the kernel refuses a program with a form its encoding does not model
// (kernel/control-flow.ts) before the encoder sees it: a new lowering rule that produces a new
// shape reaches no encoder unread. The list below is the whole vocabulary; `formsOf` finds them
// with an exhaustive switch over the IR's statements, so a new statement kind does not compile
// until it is placed here.
//
// How the front end's rules land on these forms (src/ir/lower/statements.ts, gotos.ts):
// - for / while: `loop(C, B, [S])`; a condition with side effects moves into the body as
//   `…; if (!C) break;` (breakInBody);
// - do { B } while (C): `loop(1, B, […; if (!C) break])`: breakInUpdate;
// - for (;;) / while (1) with exits, goto-placed loops (a backward goto), a goto to the statement
//   after a loop: breakInBody / continueInBody;
// - return inside a loop (main or an inlined helper) and `break` out of a switch inside a loop: a
//   flag and `break`, then `if (flag) break;` after an inner loop: breakInBody, nestedLoop;
// - a helper with a loop called from a for's update (`i = next(i)`): loopInUpdate;
// - abort(), exit(), assume_abort_if_not() inside a loop: assumeInLoop (the run ends there);
// - an assertion inside a loop: assertInLoop.
// A statement outside every loop has no form: straight-line code and if/else are modelled by all.

import type { Block, LoopStatement, SourceLocation, Statement } from '../ir/types.js';

export const controlFlowForms = [
  /** a loop */
  'loop',
  /** a loop inside another loop's body */
  'nestedLoop',
  /** a loop inside another loop's update block */
  'loopInUpdate',
  /** `break` of a loop in its body (at any depth of if/else) */
  'breakInBody',
  /** `continue` of a loop in its body (at any depth of if/else): the update runs next */
  'continueInBody',
  /** `break` of a loop in its update block (a do-while's exit test) */
  'breakInUpdate',
  /** `continue` of a loop in its update block (the update starts again) */
  'continueInUpdate',
  /** an assertion inside a loop */
  'assertInLoop',
  /** an assumption inside a loop (abort(), exit(), assume_abort_if_not: the run may end there) */
  'assumeInLoop',
] as const;

export type ControlFlowForm = (typeof controlFlowForms)[number];

/** what an encoding says of each form: every form is named, so a new one does not compile until each encoding places it */
export type ControlFlowDeclaration = { readonly [form in ControlFlowForm]: 'modelled' | 'refused' };

/** every form modelled (encodings that execute the IR exactly: the interpreter, the symbolic executor) */
export const allFormsModelled: ControlFlowDeclaration = Object.freeze(
  Object.fromEntries(controlFlowForms.map((form) => [form, 'modelled'])) as Record<ControlFlowForm, 'modelled'>,
);

/** the first place each form occurs in a program, in source order of the statements */
export type FormsFound = ReadonlyMap<ControlFlowForm, SourceLocation>;

type Position = 'outside' | 'body' | 'update';

/** The forms of `block` with the location of the first statement showing each. */
export function formsOf(block: Block): FormsFound {
  const found = new Map<ControlFlowForm, SourceLocation>();
  const note = (form: ControlFlowForm, location: SourceLocation): void => {
    if (!found.has(form)) found.set(form, location);
  };
  const visit = (statements: Block, position: Position, insideLoop: boolean): void => {
    for (const statement of statements) visitStatement(statement, position, insideLoop);
  };
  const visitLoop = (loop: LoopStatement, position: Position, insideLoop: boolean): void => {
    note('loop', loop.location);
    if (insideLoop) note(position === 'update' ? 'loopInUpdate' : 'nestedLoop', loop.location);
    visit(loop.body, 'body', true);
    visit(loop.update, 'update', true);
  };
  const visitStatement = (statement: Statement, position: Position, insideLoop: boolean): void => {
    switch (statement.kind) {
      case 'assign':
      case 'arrayWrite':
      case 'havoc':
      case 'arrayHavoc':
      case 'arrayFill':
        return;
      case 'assume':
        if (insideLoop) note('assumeInLoop', statement.location);
        return;
      case 'assert':
        if (insideLoop) note('assertInLoop', statement.location);
        return;
      case 'if':
        visit(statement.then, position, insideLoop);
        visit(statement.else, position, insideLoop);
        return;
      case 'loop':
        visitLoop(statement, position, insideLoop);
        return;
      case 'break':
        note(position === 'update' ? 'breakInUpdate' : 'breakInBody', statement.location);
        return;
      case 'continue':
        note(position === 'update' ? 'continueInUpdate' : 'continueInBody', statement.location);
        return;
      default: {
        const never: never = statement;
        throw new Error(`internal: unknown statement ${JSON.stringify(never)}`);
      }
    }
  };
  visit(block, 'outside', false);
  return found;
}

/** the forms of `found` that `declaration` does not model, in the list's order, each with its first location */
export function formsNotModelled(
  found: FormsFound,
  declaration: ControlFlowDeclaration,
): { readonly form: ControlFlowForm; readonly location: SourceLocation }[] {
  return controlFlowForms
    .filter((form) => found.has(form) && declaration[form] !== 'modelled')
    .map((form) => ({ form, location: found.get(form)! }));
}

/** how a form is named in a message */
export function describeForm(form: ControlFlowForm): string {
  switch (form) {
    case 'loop':
      return 'a loop';
    case 'nestedLoop':
      return 'a nested loop';
    case 'loopInUpdate':
      return "a loop in a loop's update";
    case 'breakInBody':
      return "a break in a loop's body";
    case 'continueInBody':
      return "a continue in a loop's body";
    case 'breakInUpdate':
      return "an exit in a loop's update (a do-while's test)";
    case 'continueInUpdate':
      return "a continue in a loop's update";
    case 'assertInLoop':
      return 'an assertion inside a loop';
    case 'assumeInLoop':
      return 'an assumption inside a loop (the run may end in it)';
    default: {
      const never: never = form;
      return never;
    }
  }
}
