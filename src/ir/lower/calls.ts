// Calls: SV-COMP intrinsics are mapped to IR statements (whatever their definitions in the file say;
// the int argument of __VERIFIER_assume, assume_abort_if_not and __VERIFIER_assert converted as C does),
// every other call to a function defined in the file is inlined: parameters are fresh variables
// assigned the arguments (arrays and pointers are bound to the caller's objects), the result goes to
// a fresh variable, `return` is lowered with a "returned" flag (see statements.ts). Recursion and
// calls to functions without a definition are unsupported. The functions known by name are listed
// in intrinsics.ts; the callee's body is lowered through `context.lowerer` (statements.ts stands
// above this file).

import type { Expression as AstExpression, FunctionDefinition, SourceLocation } from '../../frontend/ast.js';
import {
  createAssert,
  createAssign,
  createAssume,
  createConstant,
  createHavoc,
  createVariableExpression,
  convertTo,
  intType,
} from '../factory.js';
import type { Block, Expression, ScalarVariable, Statement } from '../types.js';
import {
  expressionSize,
  mayBeUndefined,
  readsAny,
  substituteScalarInBlock,
  visitBlock,
  visitStatementChildren,
  writtenVariables,
} from '../visit.js';
import { applyDeclarator, describeType, typeFromSpecifiers, typeFromTypeName } from './c-types.js';
import { type Context, unsupported } from './context.js';
import {
  copyStruct,
  lowerCondition,
  lowerExpression,
  lowerForEffect,
  lowerRvalue,
  resolverFor,
} from './expressions.js';
import { nondetType, nonReturningFunctions } from './intrinsics.js';
import type { CType, Scope, Value } from './model.js';
import { createObject } from './objects.js';
import { lowerMemcmp, lowerMemcpy, lowerMemset } from './memory.js';
import { bindPointer } from './pointers.js';
import { integerValue, protectValue, toInteger, toPointer } from './values.js';

const ignoredFunctions = new Set([
  'printf',
  'puts',
  'putchar',
  'fprintf',
  'fflush',
  'free',
  'srand',
  'fputs',
  'perror',
]);

export function lowerCall(
  context: Context,
  scope: Scope,
  expression: Extract<AstExpression, { kind: 'call' }>,
  out: Statement[],
  discard: boolean,
): Value {
  const location = expression.location;
  if (expression.callee.kind !== 'identifier') return unsupported(location, 'call through a function pointer');
  const name = expression.callee.name;
  const binding = scope.lookup(name);
  if (binding !== undefined && binding.kind === 'object')
    return unsupported(location, `call through function pointer '${name}'`);
  const argumentsList = expression.arguments;

  if (name.startsWith('__VERIFIER_nondet_')) {
    const type = nondetType(name, context);
    if (type === undefined)
      return unsupported(location, `nondeterministic value of type '${name.slice('__VERIFIER_nondet_'.length)}'`);
    const temporary = context.freshScalar('nondet', type, location);
    out.push(createHavoc(temporary, location, 'input'));
    return integerValue(createVariableExpression(temporary));
  }
  const nonReturning = nonReturningFunctions.get(name);
  if (nonReturning === 'error') {
    out.push(createAssert(createConstant(0n, intType), location));
    return { kind: 'void' };
  }
  if (nonReturning === 'end') {
    for (const argument of argumentsList) lowerForEffect(context, scope, argument, out);
    out.push(createAssume(createConstant(0n, intType), location));
    return { kind: 'void' };
  }
  if (
    name === '__VERIFIER_assume' ||
    name === 'assume_abort_if_not' ||
    (name === '__VERIFIER_assert' && !context.functions.has(name)) ||
    (name === 'assert' && !context.functions.has(name))
  ) {
    const argument = argumentsList[0];
    if (argument === undefined || argumentsList.length !== 1)
      return unsupported(location, `${name} with ${argumentsList.length} arguments`);
    const truth = lowerCondition(context, scope, argument, out);
    // these functions take an int (as SV-COMP declares them, and as the harness defines them): a wider
    // argument is converted first, so 2^32 is false; `assert` is a macro that tests the value itself
    const condition = name !== 'assert' && truth.type.width > intType.width ? convertTo(truth, intType) : truth;
    out.push(
      name === '__VERIFIER_assume' || name === 'assume_abort_if_not'
        ? createAssume(condition, location)
        : createAssert(condition, location),
    );
    return { kind: 'void' };
  }
  if (name === '__builtin_expect' && argumentsList.length === 2) {
    const value = lowerExpression(context, scope, argumentsList[0]!, out);
    lowerForEffect(context, scope, argumentsList[1]!, out);
    return value;
  }
  if (name === 'malloc' || name === 'alloca' || name === '__builtin_alloca' || name === 'calloc') {
    return lowerAllocation(context, scope, name, argumentsList, location, out);
  }
  if (name === 'memset' && !context.functions.has(name))
    return lowerMemset(context, scope, argumentsList, location, out);
  if ((name === 'memcpy' || name === 'memmove') && !context.functions.has(name))
    return lowerMemcpy(context, scope, name, argumentsList, location, out);
  if (name === 'memcmp' && !context.functions.has(name))
    return lowerMemcmp(context, scope, argumentsList, location, out);
  if (ignoredFunctions.has(name) && !context.functions.has(name)) {
    if (!discard) return unsupported(location, `result of '${name}' used`);
    if (name !== 'free') {
      for (const argument of argumentsList)
        if (argument.kind !== 'stringLiteral') lowerForEffect(context, scope, argument, out);
    }
    return { kind: 'void' };
  }
  const definition = context.functions.get(name);
  if (definition === undefined) return unsupported(location, `call to function '${name}' without a definition`);
  return inlineCall(context, scope, name, definition, argumentsList, location, out);
}

function lowerAllocation(
  context: Context,
  scope: Scope,
  name: string,
  argumentsList: readonly AstExpression[],
  location: SourceLocation,
  out: Statement[],
): Value {
  const fill = name === 'calloc' ? 'zero' : 'havoc';
  const voidPointer: CType = { kind: 'pointer', target: { kind: 'void' } };
  const sizeofTypeOf = (expression: AstExpression): CType | undefined =>
    expression.kind === 'sizeofType' ? typeFromTypeName(expression.typeName, scope, resolverFor(context)) : undefined;
  if (name === 'calloc') {
    if (argumentsList.length !== 2) return unsupported(location, 'calloc with a wrong number of arguments');
    const elementSizeType = sizeofTypeOf(argumentsList[1]!);
    const count = lowerRvalue(context, scope, argumentsList[0]!, out);
    if (elementSizeType !== undefined) {
      return {
        kind: 'pointer',
        pointer: { kind: 'allocation', count, bytes: count, sizeofType: elementSizeType, fill, location },
        ctype: voidPointer,
      };
    }
    const size = lowerRvalue(context, scope, argumentsList[1]!, out);
    if (count.kind === 'constant' && size.kind === 'constant') {
      const bytes = createConstant(count.value * size.value, count.type);
      return {
        kind: 'pointer',
        pointer: { kind: 'allocation', count: undefined, bytes, sizeofType: undefined, fill, location },
        ctype: voidPointer,
      };
    }
    return unsupported(location, 'calloc whose element size is not sizeof(T)');
  }
  const argument = argumentsList[0];
  if (argument === undefined || argumentsList.length !== 1)
    return unsupported(location, `${name} with a wrong number of arguments`);
  const whole = sizeofTypeOf(argument);
  if (whole !== undefined) {
    const one = createConstant(1n, intType);
    return {
      kind: 'pointer',
      pointer: { kind: 'allocation', count: one, bytes: one, sizeofType: whole, fill, location },
      ctype: voidPointer,
    };
  }
  if (argument.kind === 'binary' && argument.operator === '*') {
    // a product with one sizeof(T) factor, in any position: sizeof(int) * N * N is (sizeof(int) * N) * N
    const factors = productFactors(argument);
    const sizeofFactors = factors.filter((factor) => sizeofTypeOf(factor) !== undefined);
    if (sizeofFactors.length === 1) {
      const sizeofType = sizeofTypeOf(sizeofFactors[0]!)!;
      const others = factors.filter((factor) => factor !== sizeofFactors[0]);
      const countExpression = others.slice(1).reduce<AstExpression>(
        (product, factor) => ({
          kind: 'binary',
          operator: '*',
          left: product,
          right: factor,
          location: factor.location,
        }),
        others[0]!,
      );
      const count = lowerRvalue(context, scope, countExpression, out);
      return {
        kind: 'pointer',
        pointer: { kind: 'allocation', count, bytes: count, sizeofType, fill, location },
        ctype: voidPointer,
      };
    }
  }
  const bytes = lowerRvalue(context, scope, argument, out);
  return {
    kind: 'pointer',
    pointer: { kind: 'allocation', count: undefined, bytes, sizeofType: undefined, fill, location },
    ctype: voidPointer,
  };
}

/** the factors of a product tree `a * b * c` (any association), left to right */
function productFactors(expression: AstExpression): AstExpression[] {
  if (expression.kind !== 'binary' || expression.operator !== '*') return [expression];
  return [...productFactors(expression.left), ...productFactors(expression.right)];
}

function inlineCall(
  context: Context,
  callerScope: Scope,
  name: string,
  definition: FunctionDefinition,
  argumentsList: readonly AstExpression[],
  location: SourceLocation,
  out: Statement[],
): Value {
  if (context.frames.some((frame) => frame.name === name))
    return unsupported(location, `recursion (call to '${name}')`);
  if (context.frames.length >= context.maxInlineDepth)
    return unsupported(location, `call nesting deeper than ${context.maxInlineDepth}`);
  const functionScope = callerScope.root().child();
  const resolver = resolverFor(context);
  const base = typeFromSpecifiers(definition.specifiers, functionScope, resolver);
  const declared = applyDeclarator(base, definition.declarator, functionScope, resolver);
  const functionType = declared.ctype;
  if (functionType.kind !== 'function')
    return unsupported(definition.location, `definition of '${name}' is not a function`);
  if (functionType.isVariadic) return unsupported(location, `call to variadic function '${name}'`);
  const parameters = functionType.parameters;
  if (parameters.length !== argumentsList.length)
    return unsupported(
      location,
      `call to '${name}' with ${argumentsList.length} arguments for ${parameters.length} parameters`,
    );

  // arguments first (in order, each protected against the side effects of later ones)
  const values: Value[] = [];
  for (const argument of argumentsList) {
    const mark = out.length;
    const value = lowerExpression(context, callerScope, argument, out);
    for (let index = 0; index < values.length; index++)
      values[index] = protectValue(context, values[index]!, mark, out, location);
    values.push(value);
  }
  const noSize = (): never => unsupported(location, 'variable-length array parameter');
  const integerParameters: { variable: ScalarVariable; assignment: Statement; argument: Expression }[] = [];
  parameters.forEach((parameter, index) => {
    const value = values[index]!;
    const parameterName = parameter.name ?? `${name}_parameter${index}`;
    const ctype = parameter.ctype;
    const parameterLocation = parameter.location;
    if (ctype.kind === 'integer') {
      const variable = context.freshScalar(parameterName, ctype.type, parameterLocation);
      const argument = convertTo(toInteger(value, argumentsList[index]!.location), ctype.type);
      const assignment = createAssign(variable, argument, location);
      out.push(assignment);
      integerParameters.push({ variable, assignment, argument });
      functionScope.declare(parameterName, { kind: 'object', node: { kind: 'scalar', variable, ctype } });
      return;
    }
    if (ctype.kind === 'pointer') {
      const node = createObject(context, parameterName, ctype, parameterLocation, noSize);
      bindPointer(context, node, toPointer(value, argumentsList[index]!.location), location, out);
      functionScope.declare(parameterName, { kind: 'object', node });
      return;
    }
    if (ctype.kind === 'struct') {
      const node = createObject(context, parameterName, ctype, parameterLocation, noSize);
      if (value.kind !== 'object' || value.node.kind !== 'struct')
        return unsupported(location, 'struct argument that is not an object');
      copyStruct(context, node, value.node, location, out);
      functionScope.declare(parameterName, { kind: 'object', node });
      return;
    }
    return unsupported(parameterLocation, `parameter of type ${describeType(ctype)}`);
  });

  const returnType = functionType.returnType;
  let result: ScalarVariable | undefined;
  if (returnType.kind === 'integer') result = context.freshScalar(`${name}_result`, returnType.type, location);
  else if (returnType.kind !== 'void') {
    // pointer/struct results: only if the function never returns a value that is used
    if (returnType.kind === 'float')
      return unsupported(location, `call to '${name}' returning ${describeType(returnType)}`);
  }
  let block: Block = context.lowerer.lowerFunctionBody(
    context,
    functionScope,
    name,
    definition,
    result,
    returnType.kind === 'integer' ? returnType.type : undefined,
    location,
  );
  // a parameter the body never writes, whose argument reads nothing the body writes, is its argument
  for (const parameter of integerParameters) {
    const position = out.indexOf(parameter.assignment);
    if (position < 0) continue;
    const written = writtenVariables([...out.slice(position + 1), ...block]);
    if (
      written.scalars.has(parameter.variable.id) ||
      readsAny(parameter.argument, written) ||
      expressionSize(parameter.argument) > 16 ||
      mayBeUndefined(parameter.argument)
    )
      continue;
    out.splice(position, 1);
    block = substituteScalarInBlock(block, parameter.variable, parameter.argument);
    context.removeScalar(parameter.variable);
  }
  // The property wrapper's assertion is reported where the program calls it, not inside the wrapper.
  if (name === '__VERIFIER_assert') block = relocateAssertions(block, location);
  out.push(...block);
  if (result !== undefined) return integerValue(createVariableExpression(result));
  if (returnType.kind === 'void') return { kind: 'void' };
  return unsupported(location, `call to '${name}' returning ${describeType(returnType)}`);
}

function relocateAssertions(block: Block, location: SourceLocation): Block {
  const keep = (expression: Expression): Expression => expression;
  return visitBlock(block, (statement) =>
    statement.kind === 'assert'
      ? createAssert(statement.condition, location)
      : visitStatementChildren(statement, keep, (nested) => relocateAssertions(nested, location)),
  );
}
