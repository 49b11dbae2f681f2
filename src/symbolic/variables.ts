// Collects every scalar and array variable a program mentions (the declared lists plus any variable
// only referenced in statements), in a stable order: declared ones first, then by first mention.
// Also the assumptions shared by every SAFE verdict of the encodings.

import type { ArrayVariable, Block, Expression, Program, ScalarVariable, Semantics } from '../ir/types.js';
import { mathematicalIntegersAssumption } from '../verdict.js';

export interface ProgramVariables {
  readonly scalars: readonly ScalarVariable[];
  readonly arrays: readonly ArrayVariable[];
}

/** `readsOnly`: only variables read by an expression (not assignment or havoc targets, not declarations) */
export function collectVariables(
  program: Program,
  options: { readsOnly: boolean } = { readsOnly: false },
): ProgramVariables {
  const scalars = new Map<number, ScalarVariable>();
  const arrays = new Map<number, ArrayVariable>();
  const readsOnly = options.readsOnly;
  for (const variable of program.scalars) scalars.set(variable.id, variable);
  for (const array of program.arrays) arrays.set(array.id, array);
  const visitArray = (array: ArrayVariable): void => {
    if (arrays.has(array.id)) return;
    arrays.set(array.id, array);
    array.sizes.forEach(visitExpression);
  };
  const visitExpression = (expression: Expression): void => {
    switch (expression.kind) {
      case 'constant':
        return;
      case 'variable':
        if (!scalars.has(expression.variable.id)) scalars.set(expression.variable.id, expression.variable);
        return;
      case 'arrayRead':
        visitArray(expression.array);
        expression.indices.forEach(visitExpression);
        return;
      case 'unary':
      case 'cast':
        visitExpression(expression.operand);
        return;
      case 'binary':
        visitExpression(expression.left);
        visitExpression(expression.right);
        return;
      case 'conditional':
        visitExpression(expression.condition);
        visitExpression(expression.then);
        visitExpression(expression.else);
        return;
      default: {
        const never: never = expression;
        throw new Error(`unknown expression ${JSON.stringify(never)}`);
      }
    }
  };
  const visitBlock = (block: Block): void => {
    for (const statement of block) {
      switch (statement.kind) {
        case 'assign':
          if (!readsOnly)
            visitExpression({ kind: 'variable', variable: statement.target, type: statement.target.type });
          visitExpression(statement.value);
          break;
        case 'arrayWrite':
          // a write keeps the other cells: the array is read
          visitArray(statement.array);
          statement.indices.forEach(visitExpression);
          visitExpression(statement.value);
          break;
        case 'havoc':
          if (!readsOnly)
            visitExpression({ kind: 'variable', variable: statement.target, type: statement.target.type });
          break;
        case 'arrayHavoc':
          if (!readsOnly) visitArray(statement.array);
          break;
        case 'arrayFill':
          if (!readsOnly) visitArray(statement.array);
          visitExpression(statement.value);
          break;
        case 'assume':
        case 'assert':
          visitExpression(statement.condition);
          break;
        case 'if':
          visitExpression(statement.condition);
          visitBlock(statement.then);
          visitBlock(statement.else);
          break;
        case 'loop':
          visitExpression(statement.condition);
          visitBlock(statement.body);
          visitBlock(statement.update);
          break;
        case 'break':
        case 'continue':
          break;
        default: {
          const never: never = statement;
          throw new Error(`unknown statement ${JSON.stringify(never)}`);
        }
      }
    }
  };
  if (!readsOnly) program.arrays.forEach((array) => array.sizes.forEach(visitExpression));
  visitBlock(program.body);
  return { scalars: [...scalars.values()], arrays: [...arrays.values()] };
}

/** what every SAFE verdict of an encoding in this semantics assumes */
export function safeAssumptions(semantics: Semantics): string[] {
  const assumptions = [
    'arrays are total maps (an out-of-bounds access touches a cell of the same array)',
    'runs stop at a division by zero',
  ];
  if (semantics === 'int') assumptions.unshift(mathematicalIntegersAssumption);
  return assumptions;
}
