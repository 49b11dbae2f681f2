// Block scopes: ordinary identifiers (objects, enum constants, typedefs, functions) and tags.
// Objects are described by `ObjectNode`s (see objects.ts): a struct is flattened to one node per
// field, an array of structs to one array per field, and a pointer is a slot statically bound to one
// object.

import type { SourceLocation } from '../../frontend/ast.js';
import type { IntegerType } from '../types.js';
import type { CType, StructDefinition } from './c-types.js';
import type { ObjectNode } from './objects.js';

export type Binding =
  | { readonly kind: 'object'; readonly node: ObjectNode }
  | { readonly kind: 'enumConstant'; readonly value: bigint; readonly type: IntegerType }
  | { readonly kind: 'typedef'; readonly ctype: CType }
  | { readonly kind: 'function'; readonly name: string; readonly ctype: CType }
  /** declared but not usable (e.g. a floating-point global); using it is unsupported */
  | { readonly kind: 'unavailable'; readonly reason: string; readonly location: SourceLocation };

export type TagBinding = { readonly kind: 'struct'; readonly definition: StructDefinition } | { readonly kind: 'enum' };

export class Scope {
  // Created on first declaration: most block scopes (loops, compound statements) declare nothing.
  private ordinary: Map<string, Binding> | undefined;
  private tags: Map<string, TagBinding> | undefined;

  constructor(readonly parent: Scope | undefined) {}

  child(): Scope {
    return new Scope(this);
  }

  declare(name: string, binding: Binding): void {
    (this.ordinary ??= new Map()).set(name, binding);
  }

  lookup(name: string): Binding | undefined {
    for (let scope: Scope | undefined = this; scope !== undefined; scope = scope.parent) {
      const binding = scope.ordinary?.get(name);
      if (binding !== undefined) return binding;
    }
    return undefined;
  }

  declareTag(name: string, binding: TagBinding): void {
    (this.tags ??= new Map()).set(name, binding);
  }

  lookupTag(name: string): TagBinding | undefined {
    for (let scope: Scope | undefined = this; scope !== undefined; scope = scope.parent) {
      const binding = scope.tags?.get(name);
      if (binding !== undefined) return binding;
    }
    return undefined;
  }

  lookupOwnTag(name: string): TagBinding | undefined {
    return this.tags?.get(name);
  }

  root(): Scope {
    let scope: Scope = this;
    while (scope.parent !== undefined) scope = scope.parent;
    return scope;
  }
}
