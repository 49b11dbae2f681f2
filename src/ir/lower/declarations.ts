// Declarations: typedefs, function prototypes, global/static/local objects and their initialisers.
// - globals and static locals are zero-initialised unless initialised; their initialisation runs
//   at program start (context.initialisation);
// - uninitialised local scalars get `havoc`, uninitialised local arrays `arrayHavoc` (C leaves them
//   indeterminate; a nondeterministic value is the sound choice), at each execution of the
//   declaration (a declaration inside a loop body re-executes every iteration);
// - variable-length array sizes are frozen into fresh scalars at the declaration;
// - `int a[5] = {1, 2}` → arrayFill 0 then writes (designators supported); string literals for
//   char arrays; brace elision is unsupported.

import type {
  Declaration,
  Expression as AstExpression,
  Initializer,
  InitDeclarator,
  SourceLocation,
} from '../../frontend/ast.js';
import { createArrayFill, createArrayHavoc, createConstant, createHavoc, convertTo, intType } from '../factory.js';
import type { Expression, IntegerType, Statement } from '../types.js';
import { applyDeclarator, describeType, typeFromSpecifiers } from './c-types.js';
import { evaluateConstant, isNullPointerConstant } from './constants.js';
import { type Context, LoweringError, unsupported } from './context.js';
import { copyStruct, lowerExpression, lowerRvalue, resolverFor, tryDirectHavoc } from './expressions.js';
import type { ArraySize, CType, ObjectNode, Scope } from './model.js';
import { createObject, indexObject, isOpaquePointer, memberObject, writeObject } from './objects.js';
import { bindPointer, storeOpaquePointer } from './pointers.js';
import { freeze, toPointer } from './values.js';

export function lowerDeclaration(
  context: Context,
  scope: Scope,
  declaration: Declaration,
  out: Statement[],
  isGlobal: boolean,
): void {
  const resolver = resolverFor(context);
  const storage = declaration.specifiers.storage;
  let base: CType;
  try {
    base = typeFromSpecifiers(declaration.specifiers, scope, resolver);
  } catch (error) {
    // a global declaration of a type we cannot model matters only if it is used
    if (!(isGlobal && error instanceof LoweringError)) throw error;
    for (const item of declaration.declarators) {
      const name = declaratorName(item);
      if (name !== undefined)
        scope.declare(name, { kind: 'unavailable', reason: error.what, location: error.location });
    }
    return;
  }
  for (const item of declaration.declarators) {
    const declared = applyDeclarator(base, item.declarator, scope, resolver);
    const name = declared.name;
    if (name === undefined) continue;
    const location = item.location;
    if (storage.includes('typedef')) {
      scope.declare(name, { kind: 'typedef', ctype: declared.ctype });
      continue;
    }
    const constant = constantObject(context, scope, declaration, declared.ctype, item.initializer);
    if (constant !== undefined) {
      // a const integer with a constant initialiser can never change (writing it is undefined): a constant
      scope.declare(name, { kind: 'enumConstant', value: constant.value, type: constant.type });
      continue;
    }
    if (declared.ctype.kind === 'function') {
      context.declaredFunctions.add(name);
      scope.declare(name, { kind: 'function', name, ctype: declared.ctype });
      continue;
    }
    if (isGlobal || storage.includes('static') || storage.includes('extern')) {
      lowerStaticObject(context, scope, item, name, declared.ctype, location, isGlobal, storage.includes('extern'));
      continue;
    }
    const ctype = completeArrayType(context, scope, declared.ctype, item.initializer, location);
    const node = createObject(context, name, ctype, location, (size, sizeLocation) =>
      resolveSize(context, size, name, sizeLocation, out),
    );
    // the object is in scope in its own initialiser (C11 6.2.1p7)
    scope.declare(name, { kind: 'object', node });
    if (item.initializer === undefined) havocObject(node, location, out);
    else initialise(context, scope, node, item.initializer, location, out);
  }
}

function constantObject(
  context: Context,
  scope: Scope,
  declaration: Declaration,
  ctype: CType,
  initializer: Initializer | undefined,
): { value: bigint; type: IntegerType } | undefined {
  const qualifiers = declaration.specifiers.qualifiers;
  if (!qualifiers.includes('const') || qualifiers.includes('volatile') || ctype.kind !== 'integer') return undefined;
  if (initializer?.kind !== 'expressionInitializer') return undefined;
  const value = evaluateConstant(initializer.expression, scope, context.dataModel);
  if (value === undefined) return undefined;
  const converted = convertTo(createConstant(value, ctype.type.width > 64 ? ctype.type : intType), ctype.type);
  if (converted.kind !== 'constant') return undefined;
  return { value: converted.value, type: ctype.type };
}

function declaratorName(item: InitDeclarator): string | undefined {
  let node = item.declarator;
  for (;;) {
    if (node.kind === 'identifier') return node.name;
    if (node.kind === 'abstract') return undefined;
    node = node.inner;
  }
}

function lowerStaticObject(
  context: Context,
  scope: Scope,
  item: InitDeclarator,
  name: string,
  declaredType: CType,
  location: SourceLocation,
  isGlobal: boolean,
  isExtern: boolean,
): void {
  const existing = isGlobal
    ? scope.lookup(name)
    : context.staticLocals.has(item)
      ? { kind: 'object' as const, node: context.staticLocals.get(item)! }
      : undefined;
  if (existing?.kind === 'object') {
    scope.declare(name, existing);
    if (item.initializer !== undefined)
      initialise(context, scope, existing.node, item.initializer, location, context.initialisation);
    return;
  }
  if (isExtern && !isGlobal) return; // refers to the global of that name (already in the root scope)
  let node: ObjectNode;
  try {
    const ctype = completeArrayType(context, scope, declaredType, item.initializer, location);
    node = createObject(context, name, ctype, location, (size, sizeLocation) => {
      if (size.kind === 'constant') return createConstant(size.value, intType);
      return unsupported(sizeLocation, 'variable-length array with static storage');
    });
  } catch (error) {
    if (!(isGlobal && error instanceof LoweringError)) throw error;
    scope.declare(name, { kind: 'unavailable', reason: error.what, location: error.location });
    return;
  }
  if (!isGlobal) context.staticLocals.set(item, node);
  scope.declare(name, { kind: 'object', node });
  if (item.initializer === undefined) zeroObject(node, location, context.initialisation);
  else initialise(context, scope, node, item.initializer, location, context.initialisation);
}

/** `int a[] = {1, 2, 3}` and `char s[] = "ab"` take their size from the initialiser. */
function completeArrayType(
  context: Context,
  scope: Scope,
  ctype: CType,
  initializer: Initializer | undefined,
  location: SourceLocation,
): CType {
  if (ctype.kind !== 'array' || ctype.size.kind !== 'incomplete') return ctype;
  if (initializer === undefined) return unsupported(location, 'array of unknown size without initialiser');
  if (initializer.kind === 'expressionInitializer') {
    if (initializer.expression.kind === 'stringLiteral') {
      return {
        kind: 'array',
        element: ctype.element,
        size: { kind: 'constant', value: BigInt(stringBytes(initializer.expression.text, location).length + 1) },
      };
    }
    return unsupported(location, 'array initialised from an expression');
  }
  let next = 0n;
  let largest = 0n;
  for (const entry of initializer.items) {
    const first = entry.designators[0];
    if (first?.kind === 'indexDesignator') {
      const index = evaluateConstant(first.index, scope, context.dataModel);
      if (index === undefined) return unsupported(location, 'non-constant array designator');
      next = index;
    }
    next += 1n;
    if (next > largest) largest = next;
  }
  return { kind: 'array', element: ctype.element, size: { kind: 'constant', value: largest } };
}

function resolveSize(
  context: Context,
  size: ArraySize,
  name: string,
  location: SourceLocation,
  out: Statement[],
): Expression {
  switch (size.kind) {
    case 'constant':
      return createConstant(size.value, size.value > 0x7fffffffn ? sizeTTypeOf(context) : intType);
    case 'incomplete':
      return unsupported(location, 'array of unknown size');
    case 'variable': {
      const expression = lowerRvalue(context, size.scope, size.expression, out);
      return freeze(context, expression, `${name}_size`, location, out);
    }
    default: {
      const never: never = size;
      return never;
    }
  }
}

function sizeTTypeOf(context: Context) {
  return context.dataModel === 'ILP32'
    ? { kind: 'integer' as const, width: 32, signed: false, name: 'unsigned long' }
    : { kind: 'integer' as const, width: 64, signed: false, name: 'unsigned long' };
}

function havocObject(node: ObjectNode, location: SourceLocation, out: Statement[]): void {
  switch (node.kind) {
    case 'scalar':
      out.push(createHavoc(node.variable, location));
      return;
    case 'cell':
      out.push(createArrayHavoc(node.array, location));
      return;
    case 'struct':
      for (const field of node.fields.values()) havocObject(field, location, out);
      return;
    case 'pointer':
      return;
    default: {
      const never: never = node;
      return never;
    }
  }
}

function zeroObject(node: ObjectNode, location: SourceLocation, out: Statement[]): void {
  switch (node.kind) {
    case 'scalar':
      out.push(writeObject(node, convertTo(createConstant(0n), node.variable.type), location));
      return;
    case 'cell': {
      const zero = convertTo(createConstant(0n), node.array.elementType);
      if (node.indices.length === 0) out.push(createArrayFill(node.array, zero, location));
      else if (node.ctype.kind === 'integer' || isOpaquePointer(node)) out.push(writeObject(node, zero, location));
      else return unsupported(location, 'zero-initialisation of a row of an array');
      return;
    }
    case 'struct':
      for (const field of node.fields.values()) zeroObject(field, location, out);
      return;
    case 'pointer':
      return; // a null pointer: any use of it is refused
    default: {
      const never: never = node;
      return never;
    }
  }
}

function stringBytes(text: string, location: SourceLocation): number[] {
  const match = /^(?:u8|L|u|U)?"([\s\S]*)"$/.exec(text);
  if (match === null || !text.startsWith('"')) return unsupported(location, 'wide or concatenated string literal');
  const body = match[1]!;
  const bytes: number[] = [];
  for (let index = 0; index < body.length; index++) {
    const character = body[index]!;
    if (character !== '\\') {
      const code = character.charCodeAt(0);
      if (code > 127) return unsupported(location, 'non-ASCII string literal');
      bytes.push(code);
      continue;
    }
    const next = body[++index];
    const simple: Record<string, number> = {
      n: 10,
      t: 9,
      r: 13,
      '0': 0,
      '\\': 92,
      "'": 39,
      '"': 34,
      a: 7,
      b: 8,
      f: 12,
      v: 11,
      '?': 63,
    };
    if (next !== undefined && next in simple && !(next === '0' && /[0-7]/.test(body[index + 1] ?? ''))) {
      bytes.push(simple[next]!);
      continue;
    }
    return unsupported(location, 'escape sequence in a string literal');
  }
  return bytes;
}

/** Initialises an object; with braces, everything not mentioned is zero. */
function initialise(
  context: Context,
  scope: Scope,
  node: ObjectNode,
  initializer: Initializer,
  location: SourceLocation,
  out: Statement[],
): void {
  if (initializer.kind === 'expressionInitializer') {
    const expression = initializer.expression;
    if (node.kind === 'pointer') {
      const value = isNullPointerConstant(expression, scope, context.dataModel)
        ? ({ kind: 'null' } as const)
        : toPointer(lowerExpression(context, scope, expression, out), expression.location);
      bindPointer(context, node, value, location, out);
      // a pointer that may be NULL, initialised here: stored into an array only inside these loops (struct-rows.ts)
      if (node.slot.fresh !== undefined) node.slot.fresh.declaredLoops = [...context.loopStack];
      return;
    }
    if (isOpaquePointer(node)) {
      const value = isNullPointerConstant(expression, scope, context.dataModel)
        ? ({ kind: 'null' } as const)
        : toPointer(lowerExpression(context, scope, expression, out), expression.location);
      storeOpaquePointer(context, node, value, location, out);
      return;
    }
    if (node.ctype.kind === 'integer') {
      if (tryDirectHavoc(context, node, expression, out)) return;
      const value = lowerRvalue(context, scope, expression, out);
      out.push(writeObject(node, convertTo(value, node.ctype.type), location));
      return;
    }
    if (node.ctype.kind === 'array' && expression.kind === 'stringLiteral') {
      initialiseString(node, expression, location, out);
      return;
    }
    if (node.kind === 'struct' && node.ctype.kind === 'struct') {
      const value = lowerExpression(context, scope, expression, out);
      if (value.kind !== 'object' || value.node.kind !== 'struct')
        return unsupported(location, 'struct initialised from a non-object');
      copyStruct(context, node, value.node, location, out);
      return;
    }
    return unsupported(location, `initialisation of ${describeType(node.ctype)} from an expression`);
  }
  // braces: everything not mentioned is zero
  if (node.ctype.kind === 'integer' || node.ctype.kind === 'pointer') {
    const first = initializer.items[0];
    if (first === undefined || initializer.items.length !== 1 || first.designators.length > 0)
      return unsupported(location, 'scalar initialiser list');
    initialise(context, scope, node, first.initializer, location, out);
    return;
  }
  zeroObject(node, location, out);
  initialiseList(context, scope, node, initializer, location, out);
}

function initialiseString(
  node: ObjectNode,
  literal: Extract<AstExpression, { kind: 'stringLiteral' }>,
  location: SourceLocation,
  out: Statement[],
): void {
  if (node.ctype.kind !== 'array' || node.ctype.element.kind !== 'integer')
    return unsupported(location, 'string literal initialising a non-char array');
  const bytes = [...stringBytes(literal.text, location), 0];
  zeroObject(node, location, out);
  bytes.forEach((byte, index) => {
    if (byte === 0) return;
    const element = indexObject(node, createConstant(BigInt(index), intType), location);
    if (element.ctype.kind !== 'integer') return;
    out.push(writeObject(element, convertTo(createConstant(BigInt(byte)), element.ctype.type), location));
  });
}

function initialiseList(
  context: Context,
  scope: Scope,
  node: ObjectNode,
  initializer: Extract<Initializer, { kind: 'listInitializer' }>,
  location: SourceLocation,
  out: Statement[],
): void {
  const ctype = node.ctype;
  if (ctype.kind === 'array') {
    let next = 0n;
    for (const entry of initializer.items) {
      const designator = entry.designators[0];
      if (entry.designators.length > 1) return unsupported(location, 'nested designators');
      if (designator !== undefined) {
        if (designator.kind !== 'indexDesignator')
          return unsupported(location, 'field designator in an array initialiser');
        const index = evaluateConstant(designator.index, scope, context.dataModel);
        if (index === undefined) return unsupported(location, 'non-constant array designator');
        next = index;
      }
      const element = indexObject(node, createConstant(next, intType), location);
      initialiseElement(context, scope, element, entry.initializer, location, out);
      next += 1n;
    }
    return;
  }
  if (ctype.kind === 'struct' && node.kind === 'struct') {
    const fields = ctype.definition.fields ?? [];
    let position = 0;
    for (const entry of initializer.items) {
      const designator = entry.designators[0];
      if (entry.designators.length > 1) return unsupported(location, 'nested designators');
      if (designator !== undefined) {
        if (designator.kind !== 'fieldDesignator')
          return unsupported(location, 'index designator in a struct initialiser');
        position = fields.findIndex((field) => field.name === designator.name);
        if (position < 0) return unsupported(location, `no field '${designator.name}'`);
      }
      const field = fields[position];
      if (field === undefined) return unsupported(location, 'too many initialisers');
      initialiseElement(context, scope, memberObject(node, field.name, location), entry.initializer, location, out);
      position++;
    }
    return;
  }
  return unsupported(location, `initialiser list for ${describeType(ctype)}`);
}

function initialiseElement(
  context: Context,
  scope: Scope,
  element: ObjectNode,
  initializer: Initializer,
  location: SourceLocation,
  out: Statement[],
): void {
  if (initializer.kind === 'listInitializer') {
    if (element.ctype.kind === 'integer') {
      initialise(context, scope, element, initializer, location, out);
      return;
    }
    // the enclosing object was zero-filled already
    initialiseList(context, scope, element, initializer, location, out);
    return;
  }
  if (
    element.ctype.kind !== 'integer' &&
    element.ctype.kind !== 'pointer' &&
    !(element.ctype.kind === 'array' && initializer.expression.kind === 'stringLiteral') &&
    element.kind !== 'struct'
  ) {
    return unsupported(location, 'initialiser with elided braces');
  }
  if (element.kind === 'struct' && initializer.expression.kind !== 'identifier')
    return unsupported(location, 'initialiser with elided braces');
  initialise(context, scope, element, initializer, location, out);
}
