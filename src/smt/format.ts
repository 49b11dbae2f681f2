// Readable infix text of summary terms for --show-summaries and the comments of emitted scripts
// (e.g. "0 <= k - x^0 and k - x^0 < n"). Display only: the solver always gets the printer's SMT-LIB.
// Operators it does not know are shown in SMT-LIB syntax.

import { printTerm } from './printer.js';
import type { Term } from './terms.js';

const infix: Readonly<Record<string, string>> = {
  '+': '+',
  '-': '-',
  '*': '*',
  div: '/',
  mod: 'mod',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  '=': '=',
  '=>': '=>',
  bvadd: '+',
  bvsub: '-',
  bvmul: '*',
  bvsdiv: '/',
  bvsmod: 'mod',
  bvslt: '<',
  bvsle: '<=',
  bvsgt: '>',
  bvsge: '>=',
  bvult: '<u',
  bvule: '<=u',
  bvugt: '>u',
  bvuge: '>=u',
  and: 'and',
  or: 'or',
};

/** binding strength: higher binds tighter */
const strength: Readonly<Record<string, number>> = {
  '=>': 1,
  or: 2,
  and: 3,
  '<': 4,
  '<=': 4,
  '>': 4,
  '>=': 4,
  '=': 4,
  '<u': 4,
  '<=u': 4,
  '>u': 4,
  '>=u': 4,
  '+': 5,
  '-': 5,
  '*': 6,
  '/': 6,
  mod: 6,
};

export function formatTerm(term: Term): string {
  return format(term, 0);
}

function format(term: Term, context: number): string {
  switch (term.kind) {
    case 'boolConstant':
      return String(term.value);
    case 'intConstant':
      return term.value.toString();
    case 'bitvectorConstant': {
      const width = term.sort.kind === 'bitvector' ? term.sort.width : 0;
      const signedValue =
        width > 0 && term.value >= 1n << BigInt(width - 1) ? term.value - (1n << BigInt(width)) : term.value;
      return signedValue.toString();
    }
    case 'symbol':
      return term.name;
    case 'apply': {
      const operands = term.arguments;
      if (term.operator === 'not') {
        const inner = operands[0]!;
        if (inner.kind === 'apply' && inner.operator === '=' && inner.arguments.length === 2) {
          return wrap(`${format(inner.arguments[0]!, 5)} != ${format(inner.arguments[1]!, 5)}`, 4, context);
        }
        return `not ${format(inner, 7)}`;
      }
      if (term.operator === 'select') return `${format(operands[0]!, 8)}[${format(operands[1]!, 0)}]`;
      if (term.operator === 'ite') {
        return wrap(
          `if ${format(operands[0]!, 0)} then ${format(operands[1]!, 0)} else ${format(operands[2]!, 0)}`,
          0,
          context + 1,
        );
      }
      if (
        (term.operator === 'sign_extend' || term.operator === 'zero_extend' || term.operator === 'extract') &&
        operands.length === 1
      ) {
        return format(operands[0]!, context);
      }
      if (term.operator === '-' && operands.length === 1) return `-${format(operands[0]!, 7)}`;
      const symbolText = infix[term.operator];
      if (symbolText === undefined || operands.length < 2) return printTerm(term);
      const level = strength[symbolText] ?? 0;
      // left-associative: the right operand of - / mod needs parentheses at the same level
      const parts = operands.map((operand, index) =>
        format(
          operand,
          index === 0
            ? level
            : level + (symbolText === '+' || symbolText === '*' || symbolText === 'and' || symbolText === 'or' ? 0 : 1),
        ),
      );
      return wrap(parts.join(` ${symbolText} `), level, context);
    }
    case 'quantifier': {
      const variables = term.variables.map((variable) => variable.name).join(', ');
      const text =
        term.quantifier === 'lambda'
          ? `(${variables} => ${format(term.body, 0)})`
          : `${term.quantifier} ${variables}. ${format(term.body, 0)}`;
      return wrap(text, 0, context + 1);
    }
    default:
      return printTerm(term);
  }
}

function wrap(text: string, level: number, context: number): string {
  return level < context ? `(${text})` : text;
}
