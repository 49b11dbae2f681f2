// Shared state of one lowering run: fresh variables with unique SMT-friendly names, loop ids, the
// function table, exit flags (function return, switch break), the error used to abandon lowering
// when a construct is not supported and the one that wraps a bug, and the `Lowerer` through which
// the recursive steps (calls, function bodies, statement expressions) are reached from the files
// below the ones that define them. Nothing here is global: a Context is created per translation
// unit. It takes only types (model.ts) from this folder, so every lowering file may use it.

import type {
  CompoundStatement,
  Expression as AstExpression,
  FunctionDefinition,
  SourceLocation,
} from '../../frontend/ast.js';
import { loweredTooDeep, maximumLoweredDepth } from '../../frontend/nesting.js';
import { createArrayVariable, createScalarVariable } from '../factory.js';
import type { ObjectNode, RowAllocation, Scope, StructPointerArray, Value } from './model.js';
import type { ArrayVariable, Block, DataModel, Expression, IntegerType, ScalarVariable, Statement } from '../types.js';

/**
 * Thrown inside lowering; caught at the entry and turned into an `unsupported` diagnostic whose
 * message is `what` (printed by formatDiagnostic as `file:line:column: unsupported: <what>`).
 */
export class LoweringError extends Error {
  constructor(
    readonly location: SourceLocation,
    readonly what: string,
    readonly severity: 'unsupported' | 'error' = 'unsupported',
  ) {
    super(what);
  }
}

/**
 * An unexpected exception (a bug) inside lowering, with the location being lowered when it was
 * thrown; lowerTranslationUnit throws it for the pipeline to report as an internal error.
 */
export class InternalLoweringError extends Error {
  constructor(
    readonly location: SourceLocation,
    override readonly cause: unknown,
  ) {
    super(`internal error in lowering at ${location.line}:${location.column}`, { cause });
    this.name = 'InternalLoweringError';
  }
}

export function unsupported(location: SourceLocation, what: string): never {
  throw new LoweringError(location, what);
}

/**
 * A non-local exit lowered with a flag: `return` out of an inlined function (or main), `break` out of a
 * switch. `loopDepth` is the IR loop depth where the target starts: code at a deeper depth leaves the
 * IR loops with `break` after setting the flag.
 */
export interface ExitFlag {
  readonly kind: 'return' | 'switch';
  readonly flag: ScalarVariable;
  readonly loopDepth: number;
  used: boolean;
}

export interface FunctionFrame {
  readonly name: string;
  readonly definition: FunctionDefinition | undefined;
  readonly returnFlag: ExitFlag;
  /** where the return value goes; undefined for void functions and main */
  readonly result: ScalarVariable | undefined;
  readonly resultType: IntegerType | undefined;
  /** innermost last: what a C `break` refers to */
  readonly breakTargets: ('loop' | ExitFlag)[];
}

/**
 * The lowering steps that recurse up the chain of files: lowering an expression lowers a call
 * (calls.ts), which inlines the callee's body (statements.ts), whose statements lower declarations
 * and expressions again; a statement expression `({ …; e; })` lowers statements inside an
 * expression. The entry (index.ts) gathers the implementations into the Context, so that
 * expressions.ts and calls.ts reach them without importing the files above them.
 */
export interface Lowerer {
  /** a call: an intrinsic, or the callee's body inlined (calls.ts); `discard`: the value is not used */
  lowerCall(
    context: Context,
    scope: Scope,
    expression: Extract<AstExpression, { kind: 'call' }>,
    out: Statement[],
    discard: boolean,
  ): Value;
  /** a GNU statement expression: the value of its last expression statement, if any (statements.ts) */
  lowerStatementExpression(context: Context, scope: Scope, body: CompoundStatement, out: Statement[]): Value;
  /** the body of a function being inlined (or of the entry), in a frame of its own (statements.ts) */
  lowerFunctionBody(
    context: Context,
    scope: Scope,
    name: string,
    definition: FunctionDefinition,
    result: ScalarVariable | undefined,
    resultType: IntegerType | undefined,
    location: SourceLocation,
  ): Block;
}

export class Context {
  readonly scalars: ScalarVariable[] = [];
  readonly arrays: ArrayVariable[] = [];
  readonly warnings: { location: SourceLocation; message: string }[] = [];
  /** statements that must run at program start (globals, static locals) */
  readonly initialisation: Statement[] = [];
  readonly functions = new Map<string, FunctionDefinition>();
  readonly declaredFunctions = new Set<string>();
  /** static local objects, shared by every inlined copy of their function */
  readonly staticLocals = new Map<object, ObjectNode>();
  /** per array of pointers that is dereferenced, the array of its rows (rows.ts) */
  readonly rowArrays = new Map<ArrayVariable, ArrayVariable>();
  /** the row allocations lowered so far, checked on the finished program (rows.ts) */
  readonly rowAllocations: RowAllocation[] = [];
  /** per array of pointers to structs that stores or dereferences went through (struct-rows.ts) */
  readonly structPointerArrays = new Map<ArrayVariable, StructPointerArray>();
  /** the names of pointer variables the unit may move (walks.ts) */
  walkedPointers: ReadonlySet<string> = new Set();
  private readonly usedNames = new Set<string>();
  /**
   * Per base name, the counter after the last suffix handed out: names are never released, so every
   * smaller counter is taken and the search can resume there (same names as scanning from 1, without
   * the quadratic scan when a function is inlined many times).
   */
  private readonly nextCounter = new Map<string, number>();
  private nextVariableId = 0;
  private nextLoopId = 0;
  /** IR loop nesting depth at the current point */
  loopDepth = 0;
  /** the ids of the IR loops around the current point, outermost first (length `loopDepth`) */
  readonly loopStack: number[] = [];
  /** the last statement or declaration being lowered, for internal-error diagnostics */
  lastLocation: SourceLocation | undefined;
  /** number of enclosing C loops inside which a statement is executed (for malloc in loops) */
  readonly frames: FunctionFrame[] = [];
  /** flags that the code lowered since the last mark may have set */
  possiblySet = new Set<ExitFlag>();
  /** how many `nested` calls are running */
  private nestingDepth = 0;

  constructor(
    readonly file: string,
    readonly dataModel: DataModel,
    readonly maxInlineDepth: number,
    readonly lowerer: Lowerer,
  ) {}

  uniqueName(sourceName: string): string {
    let base = sourceName;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(base)) {
      // a plain identifier needs no rewriting
      base = sourceName.replace(/[^A-Za-z0-9_]/g, '_');
      if (base === '' || /^[0-9]/.test(base)) base = `v_${base}`;
    }
    if (!this.usedNames.has(base)) {
      this.usedNames.add(base);
      return base;
    }
    for (let counter = this.nextCounter.get(base) ?? 1; ; counter++) {
      const candidate = `${base}_${counter}`;
      if (!this.usedNames.has(candidate)) {
        this.usedNames.add(candidate);
        this.nextCounter.set(base, counter + 1);
        return candidate;
      }
    }
  }

  freshScalar(sourceName: string, type: IntegerType, location: SourceLocation | undefined): ScalarVariable {
    const variable = createScalarVariable(
      this.nextVariableId++,
      this.uniqueName(sourceName),
      sourceName,
      type,
      location,
    );
    this.scalars.push(variable);
    return variable;
  }

  freshArray(
    sourceName: string,
    elementType: IntegerType,
    sizes: readonly Expression[],
    location: SourceLocation | undefined,
  ): ArrayVariable {
    const array = createArrayVariable(
      this.nextVariableId++,
      this.uniqueName(sourceName),
      sourceName,
      elementType,
      sizes,
      location,
    );
    this.arrays.push(array);
    return array;
  }

  /** forgets a variable that turned out not to be needed (e.g. an unused "returned" flag) */
  removeScalar(variable: ScalarVariable): void {
    const index = this.scalars.indexOf(variable);
    if (index >= 0) this.scalars.splice(index, 1);
  }

  /**
   * Runs `lower`, which nests what it lowers one level deeper (the rest of a block inside a guard);
   * more than maximumLoweredDepth such levels throw ResourceLimitError at `location` (reported as
   * unsupported) before the stack overflows.
   */
  nested<T>(location: SourceLocation, lower: () => T): T {
    if (this.nestingDepth >= maximumLoweredDepth) throw loweredTooDeep(location);
    this.nestingDepth++;
    try {
      return lower();
    } finally {
      this.nestingDepth--;
    }
  }

  allocateLoopId(): number {
    return this.nextLoopId++;
  }

  get frame(): FunctionFrame {
    const frame = this.frames[this.frames.length - 1];
    if (frame === undefined) throw new Error('internal: no function frame');
    return frame;
  }
}
