// The IR as a C program that compilers and other verifiers accept (SV-COMP conventions): used by
// `labmc --show-abstraction` to print the abstract program, so a user can read what was proven and
// rerun it through any bounded model checker; our own front end reads it back (a test checks it).
//
// Mapping:
// - every variable is spelt by its C source name where that is unique and not reserved, else by its
//   IR name with '.'/'!' replaced; scalars are locals declared at the top of main with the IR's
//   start value 0 (a C local without initialiser would be read back as havocked), arrays of constant
//   size globals, VLAs locals declared just before the first top-level statement that uses them (a
//   VLA's size variables are assigned by then: lowering freezes sizes before the declaration);
// - `havoc` is a call of `__VERIFIER_nondet_<type>()` (declared extern, as SV-COMP does); `assume`
//   is `if (!(c)) abort();`; `assert` is `if (!(c)) reach_error();` with reach_error defined the
//   SV-COMP way;
// - `havoc_array` and `fill` become loops over the declared sizes: C has no "every cell" statement,
//   so cells outside the declared size (total maps in the IR) are not touched;
// - a loop is `for (; c; update)` when its update is a list of assignments (C's `continue` then
//   runs the update, as in the IR), else `while (c) { body update }` with each `continue` of the
//   body printed as a `goto` to a label before the update.
// The text has C semantics (wrap-around of unsigned types, and so on): it matches the IR's `bv`
// semantics; in `int` semantics the IR assumes no overflow, as every verdict in that mode says.

import { printExpression, type Naming } from './print.js';
import { arrayAccessesIn, forEachStatement } from './visit.js';
import type { ArrayVariable, Block, Expression, IntegerType, Program, ScalarVariable, Statement } from './types.js';

const reservedWords = new Set([
  'auto',
  'break',
  'case',
  'char',
  'const',
  'continue',
  'default',
  'do',
  'double',
  'else',
  'enum',
  'extern',
  'float',
  'for',
  'goto',
  'if',
  'inline',
  'int',
  'long',
  'register',
  'restrict',
  'return',
  'short',
  'signed',
  'sizeof',
  'static',
  'struct',
  'switch',
  'typedef',
  'union',
  'unsigned',
  'void',
  'volatile',
  'while',
  '_Bool',
  'main',
  'abort',
  'reach_error',
  '__assert_fail',
]);

/** the nondet function of an integer type, by SV-COMP's names */
function nondetFunction(type: IntegerType): string {
  const byName: Record<string, string> = {
    _Bool: 'bool',
    char: 'char',
    'signed char': 'char',
    'unsigned char': 'uchar',
    short: 'short',
    'unsigned short': 'ushort',
    int: 'int',
    'unsigned int': 'uint',
    long: 'long',
    'unsigned long': 'ulong',
    'long long': 'longlong',
    'unsigned long long': 'ulonglong',
    __int128: 'int128',
    'unsigned __int128': 'uint128',
  };
  return `__VERIFIER_nondet_${byName[type.name] ?? 'int'}`;
}

function identifierOf(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[0-9]/.test(cleaned) ? `v_${cleaned}` : cleaned;
}

/** C identifiers for every variable: the source name where unique, else the cleaned IR name */
function cNaming(program: Program): Naming {
  const variables = [...program.scalars, ...program.arrays];
  const sourceCounts = new Map<string, number>();
  for (const variable of variables)
    sourceCounts.set(variable.sourceName, (sourceCounts.get(variable.sourceName) ?? 0) + 1);
  const taken = new Set<string>();
  const names = new Map<number, string>();
  for (const variable of variables) {
    const source = variable.sourceName;
    let name =
      sourceCounts.get(source) === 1 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(source) ? source : identifierOf(variable.name);
    if (reservedWords.has(name) || name.startsWith('__VERIFIER')) name = `v_${name}`;
    while (taken.has(name)) name = `${name}_`;
    taken.add(name);
    names.set(variable.id, name);
  }
  const lookup = (variable: ScalarVariable | ArrayVariable): string =>
    names.get(variable.id) ?? identifierOf(variable.name);
  return { scalar: lookup, array: lookup };
}

class CPrinter {
  private readonly lines: string[] = [];
  private labels = 0;
  private cellCounters = 0;
  /** per enclosing loop, innermost last: the label a `continue` jumps to, when it is printed as a goto */
  private readonly continueLabels: (string | undefined)[] = [];

  constructor(private readonly naming: Naming) {}

  text(): string[] {
    return this.lines;
  }

  expression(expression: Expression): string {
    return printExpression(expression, this.naming);
  }

  private cells(array: ArrayVariable, indent: string, assignment: (cell: string) => string): void {
    const counters = array.sizes.map(() => `cell_${this.cellCounters++}`);
    let inner = indent;
    array.sizes.forEach((size, dimension) => {
      this.lines.push(
        `${inner}for (long long ${counters[dimension]} = 0; ${counters[dimension]} < ${this.expression(size)}; ${counters[dimension]}++)`,
      );
      inner += '  ';
    });
    this.lines.push(
      `${inner}${assignment(`${this.naming.array(array)}${counters.map((counter) => `[${counter}]`).join('')}`)};`,
    );
  }

  block(block: Block, indent: string): void {
    for (const statement of block) this.statement(statement, indent);
  }

  statement(statement: Statement, indent: string): void {
    const inner = `${indent}  `;
    switch (statement.kind) {
      case 'assign':
        this.lines.push(`${indent}${this.naming.scalar(statement.target)} = ${this.expression(statement.value)};`);
        return;
      case 'arrayWrite':
        this.lines.push(
          `${indent}${this.naming.array(statement.array)}${statement.indices.map((index) => `[${this.expression(index)}]`).join('')} = ${this.expression(statement.value)};`,
        );
        return;
      case 'havoc':
        this.lines.push(
          `${indent}${this.naming.scalar(statement.target)} = ${nondetFunction(statement.target.type)}();`,
        );
        return;
      case 'arrayHavoc':
        this.cells(statement.array, indent, (cell) => `${cell} = ${nondetFunction(statement.array.elementType)}()`);
        return;
      case 'arrayFill':
        this.cells(statement.array, indent, (cell) => `${cell} = ${this.expression(statement.value)}`);
        return;
      case 'assume':
        this.lines.push(`${indent}if (!(${this.expression(statement.condition)})) abort();`);
        return;
      case 'assert':
        this.lines.push(
          `${indent}if (!(${this.expression(statement.condition)})) reach_error(); // line ${statement.location.line}`,
        );
        return;
      case 'if':
        this.lines.push(`${indent}if (${this.expression(statement.condition)}) {`);
        this.block(statement.then, inner);
        if (statement.else.length > 0) {
          this.lines.push(`${indent}} else {`);
          this.block(statement.else, inner);
        }
        this.lines.push(`${indent}}`);
        return;
      case 'loop':
        this.loop(statement, indent);
        return;
      case 'break':
        this.lines.push(`${indent}break;`);
        return;
      case 'continue': {
        const label = this.continueLabels[this.continueLabels.length - 1];
        this.lines.push(label === undefined ? `${indent}continue;` : `${indent}goto ${label};`);
        return;
      }
      default: {
        const unreachable: never = statement;
        return unreachable;
      }
    }
  }

  private loop(loop: Extract<Statement, { kind: 'loop' }>, indent: string): void {
    const inner = `${indent}  `;
    const condition = this.expression(loop.condition);
    const assignments = loop.update.every((statement) => statement.kind === 'assign');
    if (assignments) {
      const update = loop.update
        .map((statement) =>
          statement.kind === 'assign'
            ? `${this.naming.scalar(statement.target)} = ${this.expression(statement.value)}`
            : '',
        )
        .join(', ');
      this.lines.push(`${indent}for (; ${condition}; ${update}) {`);
      this.continueLabels.push(undefined);
      this.block(loop.body, inner);
      this.continueLabels.pop();
      this.lines.push(`${indent}}`);
      return;
    }
    const label = continuesLoop(loop.body) ? `update_${this.labels++}` : undefined;
    this.lines.push(`${indent}while (${condition}) {`);
    this.continueLabels.push(label);
    this.block(loop.body, inner);
    this.continueLabels.pop();
    if (label !== undefined) this.lines.push(`${indent}${label}:;`);
    this.continueLabels.push(undefined);
    this.block(loop.update, inner);
    this.continueLabels.pop();
    this.lines.push(`${indent}}`);
  }
}

/** whether a `continue` in the block (outside nested loops) targets the enclosing loop */
function continuesLoop(block: Block): boolean {
  return block.some((statement) => {
    switch (statement.kind) {
      case 'continue':
        return true;
      case 'if':
        return continuesLoop(statement.then) || continuesLoop(statement.else);
      default:
        return false;
    }
  });
}

/** the arrays used (read, written, filled or havocked) anywhere in the statement */
function arraysUsedBy(statement: Statement): Set<number> {
  return new Set(arrayAccessesIn([[statement]]).map((access) => access.array.id));
}

const preamble = [
  'extern void abort(void);',
  'extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));',
];

/** the program as C text (see the header for the mapping); `comments` go first, as // lines */
export function printProgramAsC(program: Program, comments: readonly string[] = []): string {
  const naming = cNaming(program);
  const printer = new CPrinter(naming);
  const nondetTypes = new Map<string, IntegerType>();
  forEachStatement(program.body, (statement) => {
    if (statement.kind === 'havoc') nondetTypes.set(statement.target.type.name, statement.target.type);
    if (statement.kind === 'arrayHavoc') nondetTypes.set(statement.array.elementType.name, statement.array.elementType);
  });
  const lines = [
    ...comments.map((comment) => `// ${comment}`),
    ...preamble,
    `void reach_error(void) { __assert_fail("0", "${program.file.replace(/["\\]/g, '_')}", 0, "reach_error"); }`,
    ...[...nondetTypes.values()].map((type) => `extern ${type.name} ${nondetFunction(type)}(void);`),
  ];
  // arrays of constant size are globals (zero-initialised: cheaper for a reader that enumerates
  // contents; the program's own fill or havoc statements follow anyway), VLAs are locals
  const declaration = (array: ArrayVariable): string =>
    `${array.elementType.name} ${naming.array(array)}${array.sizes.map((size) => `[${printer.expression(size)}]`).join('')};`;
  const declared = new Set<number>();
  for (const array of program.arrays) {
    if (array.sizes.every((size) => size.kind === 'constant')) {
      declared.add(array.id);
      lines.push(declaration(array));
    }
  }
  lines.push(
    'int main(void) {',
    ...program.scalars.map((scalar) => `  ${scalar.type.name} ${naming.scalar(scalar)} = 0;`),
  );
  for (const statement of program.body) {
    for (const id of arraysUsedBy(statement)) {
      const array = program.arrays.find((candidate) => candidate.id === id);
      if (array === undefined || declared.has(id)) continue;
      declared.add(id);
      lines.push(`  ${declaration(array)}`);
    }
    printer.statement(statement, '  ');
    lines.push(...printer.text().splice(0));
  }
  lines.push('  return 0;', '}');
  return `${lines.join('\n')}\n`;
}
