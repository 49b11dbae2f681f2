// C types as lowering sees them (the `CType` shape itself is in model.ts): integer types with the
// data model's widths, pointers, arrays (constant, variable-length or incomplete size),
// structs/unions, functions, void and floating types (the latter only so they can be refused where
// used), built from declaration syntax. Also: the type of integer constants, integer promotions and
// the usual arithmetic conversions, and sizeof with ILP32/LP64 sizes. Integer constant expressions
// (array sizes, enumerators) are evaluated through the caller's `TypeResolver` (constants.ts).

import type {
  Declarator,
  DeclarationSpecifiers,
  Expression as AstExpression,
  SourceLocation,
  TypeName,
  TypeSpecifier,
} from '../../frontend/ast.js';
import {
  boolType,
  charType,
  int128Type,
  intType,
  longLongType,
  longType,
  shortType,
  signedCharType,
  unsignedCharType,
  unsignedInt128Type,
  unsignedIntType,
  unsignedLongLongType,
  unsignedLongType,
  unsignedShortType,
  typeRange,
} from '../factory.js';
import type { DataModel, IntegerType } from '../types.js';
import { unsupported } from './context.js';
import type { ArraySize, CType, Scope, StructDefinition } from './model.js';

export const voidCType: CType = { kind: 'void' };
export function integerCType(type: IntegerType): CType {
  return { kind: 'integer', type };
}

// ---------------------------------------------------------------- integer types

export function integerTypeFromKeywords(
  names: readonly string[],
  dataModel: DataModel,
  location: SourceLocation,
): IntegerType | 'void' | { float: string } {
  if (names.length === 1) {
    // fast path for the most frequent spellings; same results as below
    switch (names[0]) {
      case 'int':
        return intType;
      case 'char':
        return charType;
      case 'void':
        return 'void';
      default:
        break;
    }
  }
  const words = names.filter(
    (name) => name !== 'signed' && name !== 'unsigned' && name !== '__signed__' && name !== '__signed',
  );
  const isUnsigned = names.includes('unsigned');
  const isSigned = names.some((name) => name === 'signed' || name === '__signed__' || name === '__signed');
  const longCount = words.filter((name) => name === 'long').length;
  const rest = words.filter((name) => name !== 'long' && name !== 'int');
  if (names.includes('void')) return 'void';
  if (
    rest.some((name) =>
      [
        'float',
        'double',
        '_Float128',
        '__float128',
        '_Float64',
        '_Float32',
        '_Complex',
        '_Float32x',
        '_Float64x',
      ].includes(name),
    )
  ) {
    return { float: names.join(' ') };
  }
  if (rest.length === 0) {
    if (longCount === 0) return isUnsigned ? unsignedIntType : intType;
    if (longCount === 1) return isUnsigned ? unsignedLongType(dataModel) : longType(dataModel);
    return isUnsigned ? unsignedLongLongType : longLongType;
  }
  if (rest.length === 1 && longCount === 0) {
    switch (rest[0]) {
      case '_Bool':
        return boolType;
      case 'char':
        return isUnsigned ? unsignedCharType : isSigned ? signedCharType : charType;
      case 'short':
        return isUnsigned ? unsignedShortType : shortType;
      case '__int128':
      case '__int128_t':
        return isUnsigned ? unsignedInt128Type : int128Type;
      case '__uint128_t':
        return unsignedInt128Type;
      default:
        break;
    }
  }
  return unsupported(location, `type '${names.join(' ')}'`);
}

// integer promotion and the usual arithmetic conversions: ir/c-integers.ts (re-exported for lowering)
export { promote, usualArithmeticConversion } from '../c-integers.js';

/** C11 6.4.4.1: the first type in the list that can represent the value. */
export function integerConstantType(
  value: bigint,
  suffix: string,
  text: string,
  dataModel: DataModel,
): IntegerType | undefined {
  // fast path: without a suffix int is the first candidate, and it fits (int is 32 bits in both data models)
  if (suffix === '' && value <= 2147483647n) return intType;
  const lowered = suffix.toLowerCase();
  const isUnsigned = lowered.includes('u');
  const longs = (lowered.match(/l/g) ?? []).length;
  const isDecimal = !/^0[xXbB0-7]/.test(text) || text === '0';
  const candidates: IntegerType[] = [];
  const long = longType(dataModel);
  const unsignedLong = unsignedLongType(dataModel);
  if (!isUnsigned) {
    if (longs === 0) candidates.push(intType);
    if (longs === 0 && !isDecimal) candidates.push(unsignedIntType);
    if (longs <= 1) candidates.push(long);
    if (longs <= 1 && !isDecimal) candidates.push(unsignedLong);
    candidates.push(longLongType);
    if (!isDecimal) candidates.push(unsignedLongLongType);
  } else {
    if (longs === 0) candidates.push(unsignedIntType);
    if (longs <= 1) candidates.push(unsignedLong);
    candidates.push(unsignedLongLongType);
  }
  for (const candidate of candidates) {
    const { maximum } = typeRange(candidate);
    if (value <= maximum) return candidate;
  }
  return undefined;
}

export function sizeTType(dataModel: DataModel): IntegerType {
  return unsignedLongType(dataModel);
}

// ---------------------------------------------------------------- building types from syntax

export interface TypeResolver {
  readonly dataModel: DataModel;
  evaluateConstant(expression: AstExpression, scope: Scope): bigint | undefined;
}

export function typeFromSpecifiers(specifiers: DeclarationSpecifiers, scope: Scope, resolver: TypeResolver): CType {
  return typeFromSpecifier(specifiers.type, scope, resolver);
}

function typeFromSpecifier(specifier: TypeSpecifier, scope: Scope, resolver: TypeResolver): CType {
  switch (specifier.kind) {
    case 'base': {
      const result = integerTypeFromKeywords(specifier.names, resolver.dataModel, specifier.location);
      if (result === 'void') return voidCType;
      if ('float' in result) return { kind: 'float', name: result.float };
      return integerCType(result);
    }
    case 'typedefName': {
      const binding = scope.lookup(specifier.name);
      if (binding?.kind === 'typedef') return binding.ctype;
      const builtin = builtinTypedef(specifier.name, resolver.dataModel);
      if (builtin !== undefined) return builtin;
      return unsupported(specifier.location, `unknown type name '${specifier.name}'`);
    }
    case 'struct': {
      if (specifier.fields === undefined) {
        if (specifier.tag !== undefined) {
          const existing = scope.lookupTag(specifier.tag);
          if (existing !== undefined && existing.kind === 'struct')
            return { kind: 'struct', definition: existing.definition };
          const definition: StructDefinition = {
            tag: specifier.tag,
            isUnion: specifier.isUnion,
            fields: undefined,
            location: specifier.location,
          };
          scope.declareTag(specifier.tag, { kind: 'struct', definition });
          return { kind: 'struct', definition };
        }
        return unsupported(specifier.location, 'anonymous struct without fields');
      }
      let definition: StructDefinition;
      const local = specifier.tag !== undefined ? scope.lookupOwnTag(specifier.tag) : undefined;
      if (local !== undefined && local.kind === 'struct' && local.definition.fields === undefined) {
        definition = local.definition;
      } else {
        definition = {
          tag: specifier.tag,
          isUnion: specifier.isUnion,
          fields: undefined,
          location: specifier.location,
        };
        if (specifier.tag !== undefined) scope.declareTag(specifier.tag, { kind: 'struct', definition });
      }
      const fields: { name: string; ctype: CType }[] = [];
      for (const field of specifier.fields) {
        const base = typeFromSpecifiers(field.specifiers, scope, resolver);
        for (const item of field.declarators) {
          if (item.bitWidth !== undefined) {
            // bit-fields: only widths the field's type already has are modelled exactly
            return unsupported(field.location, 'bit-field');
          }
          if (item.declarator === undefined) continue;
          const declared = applyDeclarator(base, item.declarator, scope, resolver);
          if (declared.name === undefined) {
            // anonymous struct/union member: its fields become fields of the enclosing one
            if (declared.ctype.kind === 'struct' && declared.ctype.definition.fields !== undefined) {
              fields.push(...declared.ctype.definition.fields);
              continue;
            }
            return unsupported(field.location, 'unnamed field');
          }
          fields.push({ name: declared.name, ctype: declared.ctype });
        }
        if (field.declarators.length === 0 && base.kind === 'struct' && base.definition.fields !== undefined) {
          fields.push(...base.definition.fields);
        }
      }
      definition.fields = fields;
      return { kind: 'struct', definition };
    }
    case 'enum': {
      if (specifier.enumerators !== undefined) {
        let next = 0n;
        for (const enumerator of specifier.enumerators) {
          if (enumerator.value !== undefined) {
            const value = resolver.evaluateConstant(enumerator.value, scope);
            if (value === undefined) return unsupported(enumerator.location, 'non-constant enumerator value');
            next = value;
          }
          scope.declare(enumerator.name, { kind: 'enumConstant', value: next, type: intType });
          next += 1n;
        }
        if (specifier.tag !== undefined) scope.declareTag(specifier.tag, { kind: 'enum' });
      }
      return integerCType(intType);
    }
    case 'typeof':
      return unsupported(specifier.location, 'typeof');
    default: {
      const never: never = specifier;
      return never;
    }
  }
}

function builtinTypedef(name: string, dataModel: DataModel): CType | undefined {
  switch (name) {
    case 'size_t':
      return integerCType(unsignedLongType(dataModel));
    case 'ssize_t':
    case 'ptrdiff_t':
    case 'intptr_t':
      return integerCType(longType(dataModel));
    case 'uintptr_t':
      return integerCType(unsignedLongType(dataModel));
    case 'int8_t':
      return integerCType(signedCharType);
    case 'uint8_t':
      return integerCType(unsignedCharType);
    case 'int16_t':
      return integerCType(shortType);
    case 'uint16_t':
      return integerCType(unsignedShortType);
    case 'int32_t':
      return integerCType(intType);
    case 'uint32_t':
      return integerCType(unsignedIntType);
    case 'int64_t':
      return integerCType(dataModel === 'LP64' ? longType(dataModel) : longLongType);
    case 'uint64_t':
      return integerCType(dataModel === 'LP64' ? unsignedLongType(dataModel) : unsignedLongLongType);
    case 'bool':
      return integerCType(boolType);
    case '__int128_t':
      return integerCType(int128Type);
    case '__uint128_t':
      return integerCType(unsignedInt128Type);
    default:
      return undefined;
  }
}

/** Walks a declarator from the outside in, building the declared type; returns the declared name. */
export function applyDeclarator(
  base: CType,
  declarator: Declarator,
  scope: Scope,
  resolver: TypeResolver,
): { name: string | undefined; ctype: CType; location: SourceLocation } {
  let current = base;
  let node: Declarator = declarator;
  for (;;) {
    switch (node.kind) {
      case 'identifier':
        return { name: node.name, ctype: current, location: node.location };
      case 'abstract':
        return { name: undefined, ctype: current, location: node.location };
      case 'pointer':
        current = { kind: 'pointer', target: current };
        node = node.inner;
        break;
      case 'array': {
        let size: ArraySize;
        if (node.size === undefined) size = { kind: 'incomplete' };
        else {
          const value = resolver.evaluateConstant(node.size, scope);
          size = value !== undefined ? { kind: 'constant', value } : { kind: 'variable', expression: node.size, scope };
        }
        current = { kind: 'array', element: current, size };
        node = node.inner;
        break;
      }
      case 'function': {
        const parameters: { name: string | undefined; ctype: CType; location: SourceLocation }[] = [];
        for (const parameter of node.parameters) {
          const parameterBase = typeFromSpecifiers(parameter.specifiers, scope, resolver);
          const declared = applyDeclarator(parameterBase, parameter.declarator, scope, resolver);
          if (declared.ctype.kind === 'void' && declared.name === undefined && node.parameters.length === 1) break;
          parameters.push({
            name: declared.name,
            ctype: adjustParameterType(declared.ctype),
            location: parameter.location,
          });
        }
        current = {
          kind: 'function',
          returnType: current,
          parameters,
          isVariadic: node.isVariadic,
          isUnprototyped: node.isUnprototyped,
        };
        node = node.inner;
        break;
      }
      default: {
        const never: never = node;
        return never;
      }
    }
  }
}

/** Parameters of array type are pointers (C11 6.7.6.3p7); functions become function pointers. */
export function adjustParameterType(ctype: CType): CType {
  if (ctype.kind === 'array') return { kind: 'pointer', target: ctype.element };
  if (ctype.kind === 'function') return { kind: 'pointer', target: ctype };
  return ctype;
}

export function typeFromTypeName(typeName: TypeName, scope: Scope, resolver: TypeResolver): CType {
  const base = typeFromSpecifiers(typeName.specifiers, scope, resolver);
  return applyDeclarator(base, typeName.declarator, scope, resolver).ctype;
}

// ---------------------------------------------------------------- sizes

export function pointerSize(dataModel: DataModel): bigint {
  return dataModel === 'ILP32' ? 4n : 8n;
}

function integerSize(type: IntegerType): bigint {
  return type.width <= 8 ? 1n : BigInt(type.width / 8);
}

function alignment(ctype: CType, dataModel: DataModel): bigint {
  switch (ctype.kind) {
    case 'integer': {
      const size = integerSize(ctype.type);
      // long long is 4-aligned inside structs on i386
      return dataModel === 'ILP32' && size > 4n ? 4n : size;
    }
    case 'pointer':
      return pointerSize(dataModel);
    case 'array':
      return alignment(ctype.element, dataModel);
    case 'struct': {
      let result = 1n;
      for (const field of ctype.definition.fields ?? []) {
        const fieldAlignment = alignment(field.ctype, dataModel);
        if (fieldAlignment > result) result = fieldAlignment;
      }
      return result;
    }
    case 'float':
      return dataModel === 'ILP32' ? 4n : 8n;
    default:
      return 1n;
  }
}

/** sizeof of a complete type with constant size; undefined when the size is not a constant. */
export function constantSizeOf(ctype: CType, dataModel: DataModel): bigint | undefined {
  switch (ctype.kind) {
    case 'integer':
      return integerSize(ctype.type);
    case 'pointer':
      return pointerSize(dataModel);
    case 'void':
      return 1n; // GNU extension
    case 'float':
      return ctype.name.includes('long double')
        ? dataModel === 'ILP32'
          ? 12n
          : 16n
        : ctype.name.includes('double')
          ? 8n
          : 4n;
    case 'function':
      return 1n;
    case 'array': {
      if (ctype.size.kind !== 'constant') return undefined;
      const element = constantSizeOf(ctype.element, dataModel);
      return element === undefined ? undefined : element * ctype.size.value;
    }
    case 'struct': {
      const fields = ctype.definition.fields;
      if (fields === undefined) return undefined;
      let offset = 0n;
      let largest = 0n;
      for (const field of fields) {
        const size = constantSizeOf(field.ctype, dataModel);
        if (size === undefined) return undefined;
        const fieldAlignment = alignment(field.ctype, dataModel);
        if (ctype.definition.isUnion) {
          if (size > largest) largest = size;
        } else {
          offset = ((offset + fieldAlignment - 1n) / fieldAlignment) * fieldAlignment + size;
        }
      }
      const total = ctype.definition.isUnion ? largest : offset;
      const structAlignment = alignment(ctype, dataModel);
      return ((total + structAlignment - 1n) / structAlignment) * structAlignment;
    }
    default: {
      const never: never = ctype;
      return never;
    }
  }
}

export function describeType(ctype: CType): string {
  switch (ctype.kind) {
    case 'void':
      return 'void';
    case 'integer':
      return ctype.type.name;
    case 'float':
      return ctype.name;
    case 'pointer':
      return `${describeType(ctype.target)} *`;
    case 'array':
      return `${describeType(ctype.element)}[]`;
    case 'struct':
      return `${ctype.definition.isUnion ? 'union' : 'struct'} ${ctype.definition.tag ?? '<anonymous>'}`;
    case 'function':
      return `function returning ${describeType(ctype.returnType)}`;
    default: {
      const never: never = ctype;
      return never;
    }
  }
}

/** The innermost non-array element type of an array type. */
export function innermostElement(ctype: CType): CType {
  let current = ctype;
  while (current.kind === 'array') current = current.element;
  return current;
}
