// Entry of lowering: C AST (one translation unit) → IR Program.
//
// Globals are declared in order (their initialisation goes first in the body), function definitions
// are collected, and the entry function is lowered with every call inlined (only code reachable from
// the entry is ever lowered). An unsupported construct (LoweringError, or a ResourceLimitError)
// yields a located `unsupported: <what>` diagnostic; any other exception is a bug and is thrown
// again as an InternalLoweringError that carries the location being processed. The entry also
// gathers the recursive steps (calls.ts, statements.ts) into the `Lowerer` that every Context
// carries, so the files below them reach them without an import that runs back up.
//
// Soundness assumptions recorded as warnings: allocation never fails; uninitialised locals are
// nondeterministic; out-of-bounds accesses stay inside the same array (IR semantics).

import type { FunctionDefinition, SourceLocation, TranslationUnit } from '../../frontend/ast.js';
import { ResourceLimitError } from '../../frontend/nesting.js';
import type { Diagnostic } from '../../verdict.js';
import { createHavoc, createProgram } from '../factory.js';
import type { DataModel, Program, Statement } from '../types.js';
import { applyDeclarator, typeFromSpecifiers } from './c-types.js';
import { lowerCall } from './calls.js';
import { Context, InternalLoweringError, type Lowerer, LoweringError, unsupported } from './context.js';
import { lowerDeclaration } from './declarations.js';
import { resolverFor } from './expressions.js';
import { createObject } from './objects.js';
import { checkRowAllocations, settleRowContents } from './rows.js';
import { checkStructRowStores, dropUnusedStructRows } from './struct-rows.js';
import { BlockScope } from './scope.js';
import { lowerFunctionBody, lowerStatementExpression } from './statements.js';
import { walkedNames } from './walks.js';

export interface LowerOptions {
  dataModel: DataModel;
  /** default 'main' */
  entryFunction?: string;
  maxInlineDepth?: number;
}

export type LowerResult =
  { kind: 'lowered'; program: Program; warnings: Diagnostic[] } | { kind: 'unsupported'; diagnostics: Diagnostic[] };

/** the recursive steps, which the files below calls.ts and statements.ts reach through the context */
const lowerer: Lowerer = { lowerCall, lowerStatementExpression, lowerFunctionBody };

function functionName(definition: FunctionDefinition): string | undefined {
  let node = definition.declarator;
  for (;;) {
    if (node.kind === 'identifier') return node.name;
    if (node.kind === 'abstract') return undefined;
    node = node.inner;
  }
}

export function lowerTranslationUnit(unit: TranslationUnit, file: string, options: LowerOptions): LowerResult {
  const context = new Context(file, options.dataModel, options.maxInlineDepth ?? 32, lowerer);
  context.walkedPointers = walkedNames(unit);
  let current: SourceLocation = { line: 1, column: 1 };
  try {
    const root = new BlockScope(undefined);
    for (const item of unit.items) {
      current = item.location;
      if (item.kind === 'functionDefinition') {
        const name = functionName(item);
        if (name === undefined) continue;
        context.functions.set(name, item);
        root.declare(name, { kind: 'function', name, ctype: { kind: 'void' } });
      } else {
        lowerDeclaration(context, root, item, context.initialisation, true);
      }
    }
    const entry = options.entryFunction ?? 'main';
    const definition = context.functions.get(entry);
    if (definition === undefined) return unsupported(current, `no definition of the entry function '${entry}'`);
    current = definition.location;
    const entryScope = root.child();
    const prologue: Statement[] = [];
    // parameters of the entry function (argc, argv): nondeterministic integers, unbound pointers
    const resolver = resolverFor(context);
    const declared = applyDeclarator(
      typeFromSpecifiers(definition.specifiers, entryScope, resolver),
      definition.declarator,
      entryScope,
      resolver,
    );
    if (declared.ctype.kind === 'function') {
      for (const parameter of declared.ctype.parameters) {
        if (parameter.name === undefined) continue;
        const node = createObject(context, parameter.name, parameter.ctype, parameter.location, () =>
          unsupported(parameter.location, 'array parameter of the entry function'),
        );
        if (node.kind === 'scalar') prologue.push(createHavoc(node.variable, parameter.location));
        entryScope.declare(parameter.name, { kind: 'object', node });
      }
    }
    const body = lowerFunctionBody(context, entryScope, entry, definition, undefined, undefined, definition.location);
    settleRowContents(context);
    const statements = dropUnusedStructRows(context, [...context.initialisation, ...prologue, ...body]);
    checkRowAllocations(context, statements);
    checkStructRowStores(context, statements);
    const program = createProgram(file, context.scalars, context.arrays, statements, options.dataModel);
    const warnings: Diagnostic[] = context.warnings.map((warning) => ({
      file,
      location: warning.location,
      severity: 'warning',
      message: warning.message,
    }));
    return { kind: 'lowered', program, warnings };
  } catch (error) {
    if (error instanceof LoweringError) {
      return {
        kind: 'unsupported',
        diagnostics: [{ file, location: error.location, severity: error.severity, message: error.what }],
      };
    }
    if (error instanceof ResourceLimitError) {
      return {
        kind: 'unsupported',
        diagnostics: [{ file, location: error.location, severity: 'unsupported', message: error.message }],
      };
    }
    throw new InternalLoweringError(context.lastLocation ?? current, error);
  }
}
