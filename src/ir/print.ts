// Readable C-like text of the IR, for `encode --emit ir` and test failure messages. Not meant to be
// parsed back: IR-only constructs print as pseudo-calls (`havoc()`, `havoc_array(a)`, `fill(a, v)`,
// `assume(c)`, `assert(c)`), and a loop prints as `while (c) { body } update { ... }` with its id.
// Expressions are parenthesised by C precedence; a constant of a type other than `int` and every
// cast show their type.

import type {
  ArrayVariable,
  BinaryOperator,
  Block,
  Expression,
  Program,
  ScalarVariable,
  Statement,
  UnaryOperator,
} from './types.js';

/** how variables are spelt in the printed text (print-c.ts gives C identifiers) */
export interface Naming {
  scalar(variable: ScalarVariable): string;
  array(array: ArrayVariable): string;
}

const irNames: Naming = { scalar: (variable) => variable.name, array: (array) => array.name };

const binarySymbols: Record<BinaryOperator, string> = {
  add: '+',
  subtract: '-',
  multiply: '*',
  divide: '/',
  remainder: '%',
  shiftLeft: '<<',
  shiftRight: '>>',
  bitwiseAnd: '&',
  bitwiseOr: '|',
  bitwiseXor: '^',
  less: '<',
  lessEqual: '<=',
  greater: '>',
  greaterEqual: '>=',
  equal: '==',
  notEqual: '!=',
  logicalAnd: '&&',
  logicalOr: '||',
};

/** C precedence: larger binds tighter */
const binaryPrecedence: Record<BinaryOperator, number> = {
  multiply: 13,
  divide: 13,
  remainder: 13,
  add: 12,
  subtract: 12,
  shiftLeft: 11,
  shiftRight: 11,
  less: 10,
  lessEqual: 10,
  greater: 10,
  greaterEqual: 10,
  equal: 9,
  notEqual: 9,
  bitwiseAnd: 8,
  bitwiseXor: 7,
  bitwiseOr: 6,
  logicalAnd: 5,
  logicalOr: 4,
};
const conditionalPrecedence = 3;
const unaryPrecedence = 14;
const primaryPrecedence = 16;

const unarySymbols: Record<UnaryOperator, string> = { negate: '-', bitwiseNot: '~', logicalNot: '!' };

function precedenceOf(expression: Expression): number {
  switch (expression.kind) {
    case 'constant':
      return expression.value < 0n || expression.type.name !== 'int' ? unaryPrecedence : primaryPrecedence;
    case 'variable':
    case 'arrayRead':
      return primaryPrecedence;
    case 'unary':
    case 'cast':
      return unaryPrecedence;
    case 'binary':
      return binaryPrecedence[expression.operator];
    case 'conditional':
      return conditionalPrecedence;
    default: {
      const unreachable: never = expression;
      return unreachable;
    }
  }
}

function operand(expression: Expression, minimum: number, naming: Naming): string {
  const text = printExpression(expression, naming);
  return precedenceOf(expression) < minimum ? `(${text})` : text;
}

export function printExpression(expression: Expression, naming: Naming = irNames): string {
  switch (expression.kind) {
    case 'constant':
      return expression.type.name === 'int' ? String(expression.value) : `(${expression.type.name})${expression.value}`;
    case 'variable':
      return naming.scalar(expression.variable);
    case 'arrayRead':
      return `${naming.array(expression.array)}${expression.indices.map((index) => `[${printExpression(index, naming)}]`).join('')}`;
    case 'unary': {
      const text = operand(expression.operand, unaryPrecedence, naming);
      // keep "- -x" and "- -1" from reading as "--"
      const separator = expression.operator === 'negate' && text.startsWith('-') ? ' ' : '';
      return `${unarySymbols[expression.operator]}${separator}${text}`;
    }
    case 'binary': {
      const precedence = binaryPrecedence[expression.operator];
      // left-associative: the right operand needs parentheses at equal precedence
      return `${operand(expression.left, precedence, naming)} ${binarySymbols[expression.operator]} ${operand(expression.right, precedence + 1, naming)}`;
    }
    case 'conditional':
      return `${operand(expression.condition, conditionalPrecedence + 1, naming)} ? ${printExpression(expression.then, naming)} : ${operand(expression.else, conditionalPrecedence, naming)}`;
    case 'cast':
      return `(${expression.type.name})${operand(expression.operand, unaryPrecedence, naming)}`;
    default: {
      const unreachable: never = expression;
      return unreachable;
    }
  }
}

function printBlock(block: Block, indent: string, lines: string[]): void {
  for (const statement of block) printStatement(statement, indent, lines);
}

function printStatement(statement: Statement, indent: string, lines: string[]): void {
  const inner = `${indent}  `;
  switch (statement.kind) {
    case 'assign':
      lines.push(`${indent}${statement.target.name} = ${printExpression(statement.value)};`);
      return;
    case 'arrayWrite':
      lines.push(
        `${indent}${statement.array.name}${statement.indices.map((index) => `[${printExpression(index)}]`).join('')} = ${printExpression(statement.value)};`,
      );
      return;
    case 'havoc':
      lines.push(`${indent}${statement.target.name} = havoc(); // any ${statement.target.type.name}`);
      return;
    case 'arrayHavoc':
      lines.push(`${indent}havoc_array(${statement.array.name});`);
      return;
    case 'arrayFill':
      lines.push(`${indent}fill(${statement.array.name}, ${printExpression(statement.value)});`);
      return;
    case 'assume':
      lines.push(`${indent}assume(${printExpression(statement.condition)});`);
      return;
    case 'assert':
      lines.push(`${indent}assert(${printExpression(statement.condition)}); // line ${statement.location.line}`);
      return;
    case 'if':
      lines.push(`${indent}if (${printExpression(statement.condition)}) {`);
      printBlock(statement.then, inner, lines);
      if (statement.else.length > 0) {
        lines.push(`${indent}} else {`);
        printBlock(statement.else, inner, lines);
      }
      lines.push(`${indent}}`);
      return;
    case 'loop':
      lines.push(
        `${indent}while (${printExpression(statement.condition)}) { // loop ${statement.id}, line ${statement.location.line}`,
      );
      printBlock(statement.body, inner, lines);
      if (statement.update.length > 0) {
        lines.push(`${indent}} update {`);
        printBlock(statement.update, inner, lines);
      }
      lines.push(`${indent}}`);
      return;
    case 'break':
      lines.push(`${indent}break;`);
      return;
    case 'continue':
      lines.push(`${indent}continue;`);
      return;
    default: {
      const unreachable: never = statement;
      return unreachable;
    }
  }
}

function printArrayDeclaration(array: ArrayVariable): string {
  return `${array.elementType.name} ${array.name}${array.sizes.map((size) => `[${printExpression(size)}]`).join('')};`;
}

export function printProgram(program: Program): string {
  const lines: string[] = [`// ${program.file} (${program.dataModel})`];
  for (const scalar of program.scalars) {
    const origin = scalar.sourceName !== scalar.name ? ` // ${scalar.sourceName}` : '';
    lines.push(`${scalar.type.name} ${scalar.name};${origin}`);
  }
  for (const array of program.arrays) {
    const origin = array.sourceName !== array.name ? ` // ${array.sourceName}` : '';
    lines.push(`${printArrayDeclaration(array)}${origin}`);
  }
  lines.push('main() {');
  printBlock(program.body, '  ', lines);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
