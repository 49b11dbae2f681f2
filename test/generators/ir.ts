// Small helpers to build IR programs by hand in tests (through src/ir/factory.ts only).

import {
  createArrayRead,
  createArrayVariable,
  createBinary,
  createConstant,
  createProgram,
  createScalarVariable,
  createVariableExpression,
  intType,
} from '../../src/ir/factory.js';
import type {
  ArrayVariable,
  BinaryOperator,
  Expression,
  IntegerType,
  Program,
  ScalarVariable,
  SourceLocation,
  Statement,
} from '../../src/ir/types.js';

export function at(line: number, column = 1): SourceLocation {
  return { line, column };
}

export class IrBuilder {
  private nextId = 0;
  readonly scalars: ScalarVariable[] = [];
  readonly arrays: ArrayVariable[] = [];

  scalar(name: string, type: IntegerType = intType): ScalarVariable {
    const variable = createScalarVariable(this.nextId++, name, name, type, undefined);
    this.scalars.push(variable);
    return variable;
  }

  array(name: string, sizes: readonly (bigint | Expression)[], elementType: IntegerType = intType): ArrayVariable {
    const array = createArrayVariable(
      this.nextId++,
      name,
      name,
      elementType,
      sizes.map((size) => (typeof size === 'bigint' ? createConstant(size) : size)),
      undefined,
    );
    this.arrays.push(array);
    return array;
  }

  program(body: readonly Statement[]): Program {
    return createProgram('test.c', this.scalars, this.arrays, body, 'ILP32');
  }
}

export function constant(value: bigint | number, type: IntegerType = intType): Expression {
  return createConstant(BigInt(value), type);
}
export function variable(target: ScalarVariable): Expression {
  return createVariableExpression(target);
}
export function read(array: ArrayVariable, ...indices: Expression[]): Expression {
  return createArrayRead(array, indices);
}
export function binary(operator: BinaryOperator, left: Expression, right: Expression, type?: IntegerType): Expression {
  return createBinary(operator, left, right, type);
}
