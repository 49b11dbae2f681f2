// Correctness witnesses in SV-COMP's YAML format 2.0 (one `invariant_set` entry), written for a TRUE
// whose certificate the checker confirmed (certificates/check.ts): each loop head's invariant of the
// certificate as a `loop_invariant` in C (certificates/c-invariants.ts), at the loop's location
// (line and column of its keyword), in the function whose body holds it. What cannot be said in C
// (a quantified invariant, a ghost, a lowering's temporary) is left out, with a note: as a comment
// at the top of the file, and returned to the caller. The metadata is that of violation witnesses
// (witness.ts: the program's SHA-256, the unreach-call specification, the data model).
//
// Soundness assumptions: those of c-invariants.ts (the translation), and that the invariants hold
// at the loop heads of the C program because they model its Horn clauses (the checker's word). A
// loop is placed in a function by the braces of the source text (`functionBodies`: comments, strings
// and preprocessor lines skipped); a loop outside every function body found is left out. A variable
// counts as declared when its name stands at its declaration (the line of its location, from its
// column to the next `;`): a lowering's temporary (`nondet`, `tmp`) stands at an expression instead.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Certificate } from '../certificates/certificate.js';
import { cLoopInvariants, type DeclarationCheck } from '../certificates/c-invariants.js';
import type { SourceLocation } from '../ir/types.js';
import { witnessMetadata, yamlLibrary, type WitnessTask } from './witness.js';

export interface CorrectnessWitness {
  /** the YAML text */
  readonly text: string;
  /** the loop invariants written */
  readonly invariants: number;
  /** what was left out and why, one line each */
  readonly notes: readonly string[];
}

/** a function definition's name and its body's extent in the source (from `{` to `}`) */
export interface FunctionBody {
  readonly name: string;
  readonly start: SourceLocation;
  readonly end: SourceLocation;
}

/** the correctness witness of a checked certificate of `task`'s program */
export function correctnessWitness(
  certificate: Certificate,
  task: WitnessTask,
  now: Date = new Date(),
): CorrectnessWitness {
  const source = readFileSync(task.file, 'utf8');
  const file = basename(task.file);
  const bodies = functionBodies(source);
  const notes: string[] = [];
  const content: unknown[] = [];
  for (const invariant of cLoopInvariants(certificate, declarationCheck(source))) {
    const at = `${invariant.predicate} (the loop at ${invariant.loop.line}:${invariant.loop.column})`;
    if (invariant.kind === 'leftOut') {
      notes.push(`left out ${at}: ${invariant.reason}`);
      continue;
    }
    // `1` says nothing: no entry
    if (invariant.expression === '1') continue;
    const owner = bodies.find((body) => contains(body, invariant.loop));
    if (owner === undefined) {
      notes.push(`left out ${at}: in no function body of ${file}`);
      continue;
    }
    content.push({
      invariant: {
        type: 'loop_invariant',
        location: { file_name: file, line: invariant.loop.line, column: invariant.loop.column, function: owner.name },
        value: invariant.expression,
        format: 'c_expression',
      },
    });
  }
  const entry = { entry_type: 'invariant_set', metadata: witnessMetadata(task, now), content };
  const header = [
    `correctness witness of ${file}: the loop invariants of a certificate found by ${certificate.source} and checked`,
    ...notes,
  ].map((line) => `# ${line}\n`);
  return {
    text: `${header.join('')}${yamlLibrary().stringify([entry], { lineWidth: 0 })}`,
    invariants: content.length,
    notes,
  };
}

function contains(body: FunctionBody, at: SourceLocation): boolean {
  const after = at.line > body.start.line || (at.line === body.start.line && at.column > body.start.column);
  const before = at.line < body.end.line || (at.line === body.end.line && at.column < body.end.column);
  return after && before;
}

/** a variable is declared where its name stands at its location, before the next `;` (see the header) */
export function declarationCheck(source: string): DeclarationCheck {
  const lines = source.split('\n');
  return (variable) => {
    const at = variable.location;
    const line = at === undefined ? undefined : lines[at.line - 1];
    if (at === undefined || line === undefined) return false;
    const declaration = line.slice(Math.max(0, at.column - 1)).split(';')[0]!;
    return new RegExp(`(^|[^\\w])${variable.sourceName}($|[^\\w])`).test(declaration);
  };
}

/**
 * The function definitions of a C source: at file level, a `{` after `name(…)` (a parameter list,
 * with nothing but spaces between it and the brace) opens the body of `name`, which ends at its
 * matching `}`. Comments, string and character literals and preprocessor lines are skipped.
 */
export function functionBodies(source: string): FunctionBody[] {
  const lineStarts = [0];
  for (let index = 0; index < source.length; index++) if (source[index] === '\n') lineStarts.push(index + 1);
  const locationOf = (index: number): SourceLocation => {
    let line = lineStarts.length - 1;
    while (lineStarts[line]! > index) line--;
    return { line: line + 1, column: index - lineStarts[line]! + 1 };
  };
  const bodies: FunctionBody[] = [];
  let depth = 0;
  let header = '';
  let open: { name: string; start: number } | undefined;
  for (let index = 0; index < source.length; index++) {
    const skipped = skipLexeme(source, index);
    if (skipped > index) {
      if (depth === 0) header += ' ';
      index = skipped - 1;
      continue;
    }
    const character = source[index]!;
    if (character === '{') {
      if (depth === 0) {
        const match = /([A-Za-z_]\w*)\s*\([^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*\)\s*$/.exec(header);
        open = match === null ? undefined : { name: match[1]!, start: index };
      }
      depth++;
    } else if (character === '}') {
      depth = Math.max(0, depth - 1);
      if (depth === 0) {
        if (open !== undefined) bodies.push({ name: open.name, start: locationOf(open.start), end: locationOf(index) });
        open = undefined;
        header = '';
      }
    } else if (depth === 0) {
      header = character === ';' ? '' : header + character;
    }
  }
  return bodies;
}

/** the end of a comment, string, character literal or preprocessor line starting at `index`, else `index` */
function skipLexeme(source: string, index: number): number {
  const character = source[index];
  const next = source[index + 1];
  if (character === '/' && next === '/') return lineEnd(source, index);
  if (character === '/' && next === '*') {
    const end = source.indexOf('*/', index + 2);
    return end < 0 ? source.length : end + 2;
  }
  if (character === '"' || character === "'") {
    let position = index + 1;
    while (position < source.length && source[position] !== character && source[position] !== '\n')
      position += source[position] === '\\' ? 2 : 1;
    return Math.min(source.length, position + 1);
  }
  if (character === '#' && /(^|\n)[ \t]*$/.test(source.slice(Math.max(0, index - 200), index))) {
    // a preprocessor line, with its continuation lines
    let end = lineEnd(source, index);
    while (end > 0 && source[end - 1] === '\\' && end < source.length) end = lineEnd(source, end + 1);
    return end;
  }
  return index;
}

function lineEnd(source: string, index: number): number {
  const end = source.indexOf('\n', index);
  return end < 0 ? source.length : end;
}
