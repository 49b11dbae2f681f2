// Solver selection from a `--solver` specification: 'auto' (the default: Debian's `z3` as an
// external process when it is on PATH, 7-20x faster than the WASM build on our queries, else the
// embedded z3-wasm), 'z3-wasm' (in-process), 'z3' or 'cvc5' (executables found on PATH), or a
// custom command template containing `{file}`.
// Assumption: an external executable is checked for existence up front so the user gets a clear
// error instead of a stream of unknown answers.

import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { createExternalSolver } from './external.js';
import type { Solver } from './solver.js';
import { createZ3WasmSolver } from './z3-wasm.js';

export type CreateSolverResult = { kind: 'ok'; solver: Solver } | { kind: 'error'; message: string };

export const defaultSolverSpecification = 'auto';

export { solverChoicesHelp } from './solver.js';

/** Finds an executable by name on PATH (or checks a path containing '/'); undefined when absent. */
export function findExecutable(
  name: string,
  pathVariable: string | undefined = process.env['PATH'],
): string | undefined {
  const candidates =
    name.includes('/') || isAbsolute(name)
      ? [name]
      : (pathVariable ?? '')
          .split(delimiter)
          .filter((directory) => directory !== '')
          .map((directory) => join(directory, name));
  for (const candidate of candidates) {
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

export function createSolver(specification: string = defaultSolverSpecification): CreateSolverResult {
  const trimmed = specification.trim();
  if (trimmed === 'auto') {
    const executable = findExecutable('z3');
    return {
      kind: 'ok',
      solver: executable === undefined ? createZ3WasmSolver() : createExternalSolver({ kind: 'z3', executable }),
    };
  }
  if (trimmed === 'z3-wasm') return { kind: 'ok', solver: createZ3WasmSolver() };
  if (trimmed === 'z3' || trimmed === 'cvc5') {
    const executable = findExecutable(trimmed);
    if (executable === undefined) {
      return {
        kind: 'error',
        message: `solver '${trimmed}' was requested but no '${trimmed}' executable is on PATH (install it, e.g. 'apt-get install ${trimmed}', or use --solver z3-wasm)`,
      };
    }
    return { kind: 'ok', solver: createExternalSolver({ kind: trimmed, executable }) };
  }
  if (trimmed.includes('{file}')) {
    const program = trimmed.split(/\s+/)[0]!;
    if (program !== '{file}' && !program.includes('{file}') && findExecutable(program) === undefined) {
      return { kind: 'error', message: `solver command '${trimmed}': the program '${program}' was not found on PATH` };
    }
    return { kind: 'ok', solver: createExternalSolver({ kind: 'command', template: trimmed }) };
  }
  return {
    kind: 'error',
    message: `unknown solver '${specification}': use 'auto', 'z3-wasm', 'z3', 'cvc5', or a command template containing {file} (e.g. 'z3 -smt2 {file}')`,
  };
}
