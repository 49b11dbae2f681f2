// Printing of the C-semantics generator's model (c-semantics-model.ts) as C text, with the list of
// observed expressions and the input vectors (one value per nondet site, in the order the program
// calls them). Every expression is fully parenthesised, so C's precedence never matters; the
// guards that exclude undefined behaviour (divisor, shift count, indices) are written here.

import fc from 'fast-check';
import { observationMarker } from '../../src/execution/differential.js';
import type { DataModel } from '../../src/ir/types.js';
import {
  typeLimits,
  type CProgramModel,
  type EffectModel,
  type ExpressionModel,
  type GeneratedCProgram,
  type IndexModel,
  type InputChoice,
  type IntegerTypeName,
  type LvalueModel,
  type StatementModel,
  type StructReference,
} from './c-semantics-model.js';

export const globalArraySize = 4;
export const structArraySize = 2;
export const matrixRows = 2;
export const matrixColumns = 3;
export const fieldCount = 3;
export const localCount = 4;
export const maximumPrologue = 3;
/** the most nondet sites a program has: every local and the longest prologue */
export const maximumSites = localCount + maximumPrologue;

function printIndex(index: IndexModel, size: number): string {
  switch (index.kind) {
    case 'constant':
      return String(index.value % size);
    case 'masked':
      return `((${printExpression(index.expression)}) & ${(size & (size - 1)) === 0 ? size - 1 : 1})`;
    case 'modulo':
      return `((unsigned)(${printExpression(index.expression)}) % ${size}u)`;
    default: {
      const never: never = index;
      throw new Error(`unknown index ${JSON.stringify(never)}`);
    }
  }
}

export function printLvalue(target: LvalueModel): string {
  switch (target.kind) {
    case 'scalar':
      return target.name;
    case 'field':
      return `${target.base}.f${target.field}`;
    case 'globalCell':
      return `ga[${printIndex(target.index, globalArraySize)}]`;
    case 'structCell':
      return `sa[${printIndex(target.index, structArraySize)}].f${target.field}`;
    case 'matrixCell':
      return `m[${printIndex(target.row, matrixRows)}][${printIndex(target.column, matrixColumns)}]`;
    default: {
      const never: never = target;
      throw new Error(`unknown lvalue ${JSON.stringify(never)}`);
    }
  }
}

export function printExpression(expression: ExpressionModel): string {
  switch (expression.kind) {
    case 'constant':
      return expression.text.startsWith('-') ? `(${expression.text})` : expression.text;
    case 'read':
      return printLvalue(expression.target);
    case 'unary':
      return `(${expression.operator}(${printExpression(expression.operand)}))`;
    case 'cast':
      return `((${expression.type})(${printExpression(expression.operand)}))`;
    case 'binary':
      return `(${printExpression(expression.left)} ${expression.operator} ${printExpression(expression.right)})`;
    case 'shift':
      return `(${printExpression(expression.left)} ${expression.operator} ((${printExpression(expression.right)}) & 31))`;
    case 'division': {
      const divisor = printExpression(expression.right);
      return `(${printExpression(expression.left)} ${expression.operator} (${divisor} ? ${divisor} : 1))`;
    }
    case 'conditional':
      return `(${printExpression(expression.condition)} ? ${printExpression(expression.then)} : ${printExpression(expression.else)})`;
    case 'call':
      return `helper(${printExpression(expression.first)}, ${printExpression(expression.second)}, ${printStructReference(expression.third)})`;
    default: {
      const never: never = expression;
      throw new Error(`unknown expression ${JSON.stringify(never)}`);
    }
  }
}

function printEffect(effect: EffectModel): string {
  const target = printLvalue(effect.target);
  switch (effect.kind) {
    case 'increment':
      return effect.prefix ? `(${effect.operator}${target})` : `(${target}${effect.operator})`;
    case 'assignment':
      return `(${target} ${effect.operator} ${printExpression(effect.value)})`;
    default: {
      const never: never = effect;
      throw new Error(`unknown effect ${JSON.stringify(never)}`);
    }
  }
}

function printStructReference(reference: StructReference): string {
  return reference.kind === 'sa' ? `sa[${printIndex(reference.index, structArraySize)}]` : reference.kind;
}

function printEffectExpression(statement: Extract<StatementModel, { kind: 'effect' | 'effectIf' }>): string {
  const other = printExpression(statement.other);
  return statement.shape === '?:'
    ? `${other} ? ${printEffect(statement.effect)} : ${printExpression(statement.second)}`
    : `${other} ${statement.shape} ${printEffect(statement.effect)}`;
}

function printCompound(statement: Extract<StatementModel, { kind: 'compound' }>): string {
  const target = printLvalue(statement.target);
  const value = printExpression(statement.value);
  switch (statement.operator) {
    case '/=':
    case '%=':
      return `${target} ${statement.operator} (${value} ? ${value} : 1);`;
    case '<<=':
    case '>>=':
      return `${target} ${statement.operator} ((${value}) & 31);`;
    default:
      return `${target} ${statement.operator} ${value};`;
  }
}

/** `depth`: the loops around the statements (the counter of a loop at depth d is kd) */
function printStatements(statements: readonly StatementModel[], indent: string, depth: number, lines: string[]): void {
  for (const statement of statements) {
    switch (statement.kind) {
      case 'assign':
        lines.push(`${indent}${printLvalue(statement.target)} = ${printExpression(statement.value)};`);
        break;
      case 'compound':
        lines.push(`${indent}${printCompound(statement)}`);
        break;
      case 'increment': {
        const target = printLvalue(statement.target);
        lines.push(
          `${indent}${statement.prefix ? `${statement.operator}${target}` : `${target}${statement.operator}`};`,
        );
        break;
      }
      case 'effect':
        lines.push(`${indent}${printLvalue(statement.target)} = ${printEffectExpression(statement)};`);
        break;
      case 'effectIf':
        lines.push(`${indent}if (${printEffectExpression(statement)}) {`);
        printStatements(statement.then, `${indent}  `, depth, lines);
        if (statement.else.length > 0) {
          lines.push(`${indent}} else {`);
          printStatements(statement.else, `${indent}  `, depth, lines);
        }
        lines.push(`${indent}}`);
        break;
      case 'indexEffect': {
        const index = `(${printEffect(statement.effect)}) & ${statement.array === 'ga' ? globalArraySize - 1 : 1}`;
        const target =
          statement.array === 'ga'
            ? `ga[${index}]`
            : statement.array === 'sa'
              ? `sa[${index}].f${statement.field}`
              : `m[${index}][${matrixColumns - 1}]`;
        lines.push(`${indent}${target} ${statement.operator} ${printExpression(statement.value)};`);
        break;
      }
      case 'nondet':
        lines.push(`${indent}${printLvalue(statement.target)} = ${nondetCall(statement.type)};`);
        break;
      case 'structCopy':
        lines.push(`${indent}${printStructReference(statement.target)} = ${printStructReference(statement.source)};`);
        break;
      case 'if':
        lines.push(`${indent}if (${printExpression(statement.condition)}) {`);
        printStatements(statement.then, `${indent}  `, depth, lines);
        if (statement.else.length > 0) {
          lines.push(`${indent}} else {`);
          printStatements(statement.else, `${indent}  `, depth, lines);
        }
        lines.push(`${indent}}`);
        break;
      case 'loop':
        printLoop(statement, indent, depth, lines);
        break;
      case 'jumpIf':
        lines.push(`${indent}if (${printExpression(statement.condition)}) ${statement.jump};`);
        break;
      case 'assert':
        lines.push(`${indent}__VERIFIER_assert(${printExpression(statement.condition)});`);
        break;
      case 'errorIf':
        lines.push(`${indent}if (${printExpression(statement.condition)}) reach_error();`);
        break;
      case 'assume':
        lines.push(`${indent}__VERIFIER_assume(${printExpression(statement.condition)});`);
        break;
      case 'returnIf':
        lines.push(`${indent}if (${printExpression(statement.condition)}) return ${printExpression(statement.value)};`);
        break;
      default: {
        const never: never = statement;
        throw new Error(`unknown statement ${JSON.stringify(never)}`);
      }
    }
  }
}

function printLoop(
  statement: Extract<StatementModel, { kind: 'loop' }>,
  indent: string,
  depth: number,
  lines: string[],
): void {
  const counter = `k${depth}`;
  const bound =
    printExpression(statement.bound) + (statement.guard === undefined ? '' : ` && ${printEffect(statement.guard)}`);
  if (statement.form === 'for') {
    lines.push(`${indent}for (int ${counter} = 0; ${counter} < ${bound}; ${counter}++) {`);
    printStatements(statement.body, `${indent}  `, depth + 1, lines);
    lines.push(`${indent}}`);
    return;
  }
  lines.push(`${indent}{`, `${indent}  int ${counter} = 0;`, `${indent}  do {`);
  printStatements(statement.body, `${indent}    `, depth + 1, lines);
  lines.push(`${indent}  } while (++${counter} < ${bound});`, `${indent}}`);
}

const preamble = [
  'extern void abort(void);',
  'extern void reach_error(void);',
  'extern void __VERIFIER_assume(int);',
  'extern _Bool __VERIFIER_nondet_bool(void);',
  'extern char __VERIFIER_nondet_char(void);',
  'extern signed char __VERIFIER_nondet_schar(void);',
  'extern unsigned char __VERIFIER_nondet_uchar(void);',
  'extern short __VERIFIER_nondet_short(void);',
  'extern unsigned short __VERIFIER_nondet_ushort(void);',
  'extern int __VERIFIER_nondet_int(void);',
  'extern unsigned int __VERIFIER_nondet_uint(void);',
  'extern long __VERIFIER_nondet_long(void);',
  'extern unsigned long __VERIFIER_nondet_ulong(void);',
  'extern long long __VERIFIER_nondet_longlong(void);',
  'extern unsigned long long __VERIFIER_nondet_ulonglong(void);',
  'void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }',
];

const nondetKind: Record<IntegerTypeName, string> = {
  _Bool: 'bool',
  char: 'char',
  'signed char': 'schar',
  'unsigned char': 'uchar',
  short: 'short',
  'unsigned short': 'ushort',
  int: 'int',
  'unsigned int': 'uint',
  long: 'long',
  'unsigned long': 'ulong',
  'long long': 'longlong',
  'unsigned long long': 'ulonglong',
};

function nondetCall(type: IntegerTypeName): string {
  return `__VERIFIER_nondet_${nondetKind[type]}()`;
}

function list(values: readonly string[]): string {
  return `{ ${values.join(', ')} }`;
}

function printDeclarations(model: CProgramModel, lines: string[]): void {
  lines.push(`struct record { ${model.fieldTypes.map((type, field) => `${type} f${field};`).join(' ')} };`);
  model.globalTypes.forEach((type, index) => {
    const initial = model.globalInitial[index];
    lines.push(`${type} g${index}${initial === undefined ? '' : ` = ${initial}`};`);
  });
  lines.push(
    `${model.globalArrayType} ga[${globalArraySize}]${model.globalArrayInitial === undefined ? '' : ` = ${list(model.globalArrayInitial)}`};`,
  );
  lines.push(
    `struct record gs${model.globalStructInitial === undefined ? '' : ` = ${list(model.globalStructInitial)}`};`,
  );
  const helper = model.helper;
  lines.push(
    `${helper.returnType} helper(${helper.parameterTypes[0]} p, ${helper.parameterTypes[1]} q, struct record t) {`,
  );
  lines.push(`  ${helper.localType} r = ${printExpression(helper.localInitial)};`);
  printStatements(helper.body, '  ', 0, lines);
  lines.push(`  return ${printExpression(helper.result)};`, '}');
}

/** the model as C text, its observed expressions and its input vectors for `dataModel` */
export function printCProgram(model: CProgramModel, dataModel: DataModel): GeneratedCProgram {
  const lines = [...preamble];
  printDeclarations(model, lines);
  lines.push('int main(void) {');
  const siteTypes: IntegerTypeName[] = [];
  model.localTypes.forEach((type, index) => {
    const initial = model.localInitial[index]!;
    if (initial.kind === 'nondet') siteTypes.push(initial.type);
    lines.push(`  ${type} v${index} = ${initial.kind === 'constant' ? initial.text : nondetCall(initial.type)};`);
  });
  lines.push(`  struct record s = ${list(model.structInitial)};`);
  lines.push(`  struct record sa[${structArraySize}] = ${list(model.structArrayInitial.map(list))};`);
  lines.push(`  ${model.matrixType} m[${matrixRows}][${matrixColumns}] = ${list(model.matrixInitial.map(list))};`);
  for (const input of model.prologue) {
    siteTypes.push(input.type);
    lines.push(`  ${printLvalue(input.target)} = ${nondetCall(input.type)};`);
  }
  printStatements(model.body, '  ', 0, lines);
  lines.push(`  ${observationMarker}`, '  return 0;', '}', '');
  const inputs = model.inputs.map((choices, run) => [
    ...siteTypes.map((type, site) => inputValue(choices[site]!, type, dataModel)),
    ...model.extraInputTypes.map((type, extra) => inputValue(model.extraInputs[run]![extra]!, type, dataModel)),
  ]);
  const source = lines.join('\n');
  // fast-check prints a counterexample through this: the C text and the inputs, not the model
  const describe = (): string =>
    `${dataModel} program:\n${source}\ninputs: ${inputs.map((vector) => `[${vector.join(', ')}]`).join(' ')}`;
  const generated: GeneratedCProgram = {
    program: { source, observed: observedExpressions(model) },
    inputs,
    dataModel,
    model,
  };
  return Object.assign(generated, { [fc.toStringMethod]: describe });
}

function observedExpressions(model: CProgramModel): string[] {
  const fields = Array.from({ length: fieldCount }, (_unused, field) => `f${field}`);
  return [
    ...model.globalTypes.map((_type, index) => `g${index}`),
    ...Array.from({ length: globalArraySize }, (_unused, index) => `ga[${index}]`),
    ...fields.map((field) => `gs.${field}`),
    ...model.localTypes.map((_type, index) => `v${index}`),
    ...fields.map((field) => `s.${field}`),
    ...Array.from({ length: structArraySize }, (_unused, index) =>
      fields.map((field) => `sa[${index}].${field}`),
    ).flat(),
    ...Array.from({ length: matrixRows }, (_unused, row) =>
      Array.from({ length: matrixColumns }, (_other, column) => `m[${row}][${column}]`),
    ).flat(),
  ];
}

const specialValues: readonly bigint[] = [
  0n,
  1n,
  -1n,
  2n,
  -2n,
  127n,
  128n,
  -128n,
  -129n,
  255n,
  256n,
  32767n,
  32768n,
  -32768n,
  65535n,
  65536n,
  (1n << 31n) - 1n,
  1n << 31n,
  -(1n << 31n),
  (1n << 32n) - 1n,
  1n << 32n,
  (1n << 63n) - 1n,
];
/** how many special choices there are: the fixed values above and the type's four extremes */
export const specialChoiceCount = specialValues.length + 4;

/** the input of one site: a special value that fits the type (taken modulo their count) or uniform in the range */
export function inputValue(choice: InputChoice, type: IntegerTypeName, dataModel: DataModel): bigint {
  const { minimum, maximum } = typeLimits(type, dataModel);
  if (choice.kind === 'uniform') return minimum + (choice.bits % (maximum - minimum + 1n));
  const fitting = [minimum, maximum, minimum + 1n, maximum - 1n, ...specialValues].filter(
    (value) => value >= minimum && value <= maximum,
  );
  return fitting[choice.index % fitting.length]!;
}
