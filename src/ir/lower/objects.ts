// Objects of the C program and how they map onto IR variables.
//
// - an integer object is a scalar variable, or one cell of an array variable;
// - an array of integers (any number of dimensions) is one array variable; a partially indexed
//   array (`A[i]` of `int A[n][m]`) is the same array with a prefix of the indices fixed;
// - a struct is flattened to one node per field (`s.x` → scalar `s_x`), an array of structs to one
//   array per field (`a[i].x` → `a_x[i]`); nesting flattens recursively;
// - a pointer variable is a slot statically bound to ONE target object for its whole life.
// - a pointer stored in an array or a struct is "opaque": only whether it is NULL is modelled (a
//   _Bool cell: 0 = NULL, 1 = some object or block); dereferencing it is refused, so the block it
//   points to is never observable, except the rows of an array of pointers to integers (rows.ts).
// Unions are refused. The `ObjectNode` shape is in model.ts; this file creates, navigates, reads
// and writes objects.

import type { SourceLocation } from '../../frontend/ast.js';
import { boolType, createArrayRead, createArrayWrite, createAssign, createVariableExpression } from '../factory.js';
import type { ArrayVariable, Expression, IntegerType, Statement } from '../types.js';
import { describeType } from './c-types.js';
import { type Context, unsupported } from './context.js';
import type { ArraySize, CType, ObjectNode } from './model.js';

export type SizeResolver = (size: ArraySize, location: SourceLocation) => Expression;

function wrap(ctype: CType, outerTypes: readonly ArraySize[]): CType {
  let result = ctype;
  for (let index = outerTypes.length - 1; index >= 0; index--) {
    result = { kind: 'array', element: result, size: outerTypes[index]! };
  }
  return result;
}

/** Creates fresh IR variables for an object of the given type. */
export function createObject(
  context: Context,
  sourceName: string,
  ctype: CType,
  location: SourceLocation,
  resolveSize: SizeResolver,
  outerSizes: readonly Expression[] = [],
  outerTypes: readonly ArraySize[] = [],
  insideStruct = false,
): ObjectNode {
  switch (ctype.kind) {
    case 'integer': {
      if (outerSizes.length === 0)
        return { kind: 'scalar', variable: context.freshScalar(sourceName, ctype.type, location), ctype };
      const array = context.freshArray(sourceName, ctype.type, outerSizes, location);
      return { kind: 'cell', array, indices: [], ctype: wrap(ctype, outerTypes) };
    }
    case 'array': {
      const size = resolveSize(ctype.size, location);
      return createObject(
        context,
        sourceName,
        ctype.element,
        location,
        resolveSize,
        [...outerSizes, size],
        [...outerTypes, ctype.size],
        insideStruct,
      );
    }
    case 'struct': {
      const definition = ctype.definition;
      if (definition.isUnion) return unsupported(location, 'union');
      if (definition.fields === undefined) return unsupported(location, `incomplete type ${describeType(ctype)}`);
      const fields = new Map<string, ObjectNode>();
      for (const field of definition.fields) {
        fields.set(
          field.name,
          createObject(
            context,
            `${sourceName}_${field.name}`,
            field.ctype,
            location,
            resolveSize,
            outerSizes,
            outerTypes,
            true,
          ),
        );
      }
      return { kind: 'struct', fields, ctype: wrap(ctype, outerTypes) };
    }
    case 'pointer': {
      if (outerSizes.length === 0 && !insideStruct)
        return { kind: 'pointer', slot: { target: undefined, sourceName, location }, ctype };
      // opaque pointer: its nullness only
      if (outerSizes.length === 0)
        return { kind: 'scalar', variable: context.freshScalar(sourceName, boolType, location), ctype };
      const array = context.freshArray(sourceName, boolType, outerSizes, location);
      return { kind: 'cell', array, indices: [], ctype: wrap(ctype, outerTypes) };
    }
    case 'float':
      return unsupported(location, `floating-point object '${sourceName}'`);
    case 'void':
      return unsupported(location, `object '${sourceName}' of type void`);
    case 'function':
      return unsupported(location, `object '${sourceName}' of function type`);
    default: {
      const never: never = ctype;
      return never;
    }
  }
}

export function indexObject(node: ObjectNode, index: Expression, location: SourceLocation): ObjectNode {
  if (node.ctype.kind !== 'array')
    return unsupported(location, `subscript of a non-array (${describeType(node.ctype)})`);
  const element = node.ctype.element;
  switch (node.kind) {
    case 'cell':
      return { kind: 'cell', array: node.array, indices: [...node.indices, index], ctype: element };
    case 'struct': {
      const fields = new Map<string, ObjectNode>();
      for (const [name, field] of node.fields) fields.set(name, indexObject(field, index, location));
      return { kind: 'struct', fields, ctype: element };
    }
    default:
      return unsupported(location, 'subscript');
  }
}

export function memberObject(node: ObjectNode, field: string, location: SourceLocation): ObjectNode {
  if (node.kind !== 'struct' || node.ctype.kind !== 'struct')
    return unsupported(location, `member '${field}' of a non-struct`);
  const result = node.fields.get(field);
  if (result === undefined) return unsupported(location, `no field '${field}'`);
  return result;
}

export function isIntegerNode(node: ObjectNode): boolean {
  return node.ctype.kind === 'integer' && (node.kind === 'scalar' || node.kind === 'cell');
}

/** A pointer stored in an array or struct, modelled by its nullness only. */
export function isOpaquePointer(node: ObjectNode): boolean {
  return node.ctype.kind === 'pointer' && (node.kind === 'scalar' || node.kind === 'cell');
}

/** The IR type of an integer or opaque-pointer leaf. */
export function leafType(node: ObjectNode, location: SourceLocation): IntegerType {
  if (node.kind === 'scalar') return node.variable.type;
  if (node.kind === 'cell' && (node.ctype.kind === 'integer' || node.ctype.kind === 'pointer'))
    return node.array.elementType;
  return unsupported(location, `${describeType(node.ctype)} used as a value`);
}

export function readObject(node: ObjectNode, location: SourceLocation): Expression {
  if (node.ctype.kind === 'integer' || isOpaquePointer(node)) {
    if (node.kind === 'scalar') return createVariableExpression(node.variable);
    if (node.kind === 'cell') return createArrayRead(node.array, node.indices);
  }
  return unsupported(location, `use of ${describeType(node.ctype)} as a value`);
}

export function writeObject(node: ObjectNode, value: Expression, location: SourceLocation): Statement {
  if (node.ctype.kind === 'integer' || isOpaquePointer(node)) {
    if (node.kind === 'scalar') return createAssign(node.variable, value, location);
    if (node.kind === 'cell') return createArrayWrite(node.array, node.indices, value, location);
  }
  return unsupported(location, `assignment to ${describeType(node.ctype)}`);
}

/** Every integer leaf of a struct object, for struct copies (arrays inside are refused). */
export function integerLeaves(node: ObjectNode, location: SourceLocation): Map<string, ObjectNode> {
  const result = new Map<string, ObjectNode>();
  const visit = (current: ObjectNode, path: string): void => {
    if (current.kind === 'struct') {
      for (const [name, field] of current.fields) visit(field, `${path}.${name}`);
      return;
    }
    if (current.ctype.kind !== 'integer' && !isOpaquePointer(current))
      unsupported(location, 'copy of a struct containing arrays');
    result.set(path, current);
  };
  visit(node, '');
  return result;
}

/** The array variables (with fixed index prefixes) that make up an array object. */
export function arrayLeaves(
  node: ObjectNode,
  location: SourceLocation,
): { array: ArrayVariable; indices: readonly Expression[] }[] {
  switch (node.kind) {
    case 'cell':
      return [{ array: node.array, indices: node.indices }];
    case 'struct':
      return [...node.fields.values()].flatMap((field) => arrayLeaves(field, location));
    case 'scalar':
      return unsupported(location, 'scalar used as an array');
    case 'pointer':
      return unsupported(location, 'pointer inside an array object');
    default: {
      const never: never = node;
      return never;
    }
  }
}

/** The number of elements of the outermost dimension of an array object. */
export function outerLength(node: ObjectNode, location: SourceLocation): Expression {
  const leaves = arrayLeaves(node, location);
  const first = leaves[0];
  if (first === undefined) return unsupported(location, 'empty struct array');
  const size = first.array.sizes[first.indices.length];
  if (size === undefined) return unsupported(location, 'array dimension');
  return size;
}
