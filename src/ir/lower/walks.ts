// The pointer variables a translation unit may move after binding them (a pointer walk): the names
// that appear as the operand of `++`/`--`, the target of `+=`/`-=`, or the target of `p = p ± e`.
// A pointer of such a name gets an offset variable when it is bound to an array (pointers.ts), so
// that a move is an assignment to that variable and every dereference reads the array at it,
// inside loops too (a loop body is lowered once, before the move is seen).
//
// Soundness: purely syntactic and by name, so it may give a pointer that never moves an offset
// variable (that is exact too, only less compact); it never misses a move of a bound pointer, since
// moves are recognised by these same shapes when lowered.

import type { Expression, TranslationUnit } from '../../frontend/ast.js';

function identifierName(expression: Expression): string | undefined {
  return expression.kind === 'identifier' ? expression.name : undefined;
}

/** the name a move of this expression moves, if the expression is a move */
function movedName(node: Expression): string | undefined {
  switch (node.kind) {
    case 'postfix':
      return identifierName(node.operand);
    case 'unary':
      return node.operator === 'preIncrement' || node.operator === 'preDecrement'
        ? identifierName(node.operand)
        : undefined;
    case 'assignment': {
      const target = identifierName(node.target);
      if (target === undefined) return undefined;
      if (node.operator === '+=' || node.operator === '-=') return target;
      const value = node.value;
      const fromItself =
        node.operator === '=' &&
        value.kind === 'binary' &&
        (value.operator === '+' || value.operator === '-') &&
        identifierName(value.left) === target;
      return fromItself ? target : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * every name a move in the unit moves: a generic walk over the nodes of the function bodies
 * (locations, which hold no expression, are not entered). Declarations at file scope are not
 * walked: their initialisers are constant expressions, which hold no increment or assignment (and
 * a preprocessed file's header declarations are most of its AST).
 */
export function walkedNames(unit: TranslationUnit): Set<string> {
  const names = new Set<string>();
  const seen = new Set<object>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const node = value as { kind?: unknown };
    if (typeof node.kind === 'string') {
      const name = movedName(node as Expression);
      if (name !== undefined) names.add(name);
    }
    for (const key in value) {
      if (key === 'location' || key === 'kind') continue;
      visit((value as Record<string, unknown>)[key]);
    }
  };
  for (const item of unit.items) if (item.kind === 'functionDefinition') visit(item.body);
  return names;
}
