// Block scopes: ordinary identifiers (objects, enum constants, typedefs, functions) and tags.
// `BlockScope` implements the `Scope` shape of model.ts; objects are described by `ObjectNode`s
// (model.ts, created by objects.ts): a struct is flattened to one node per field, an array of
// structs to one array per field, and a pointer is a slot statically bound to one object.

import type { Binding, Scope, TagBinding } from './model.js';

export class BlockScope implements Scope {
  // Created on first declaration: most block scopes (loops, compound statements) declare nothing.
  private ordinary: Map<string, Binding> | undefined;
  private tags: Map<string, TagBinding> | undefined;

  constructor(readonly parent: BlockScope | undefined) {}

  child(): BlockScope {
    return new BlockScope(this);
  }

  declare(name: string, binding: Binding): void {
    (this.ordinary ??= new Map()).set(name, binding);
  }

  lookup(name: string): Binding | undefined {
    for (let scope: BlockScope | undefined = this; scope !== undefined; scope = scope.parent) {
      const binding = scope.ordinary?.get(name);
      if (binding !== undefined) return binding;
    }
    return undefined;
  }

  declareTag(name: string, binding: TagBinding): void {
    (this.tags ??= new Map()).set(name, binding);
  }

  lookupTag(name: string): TagBinding | undefined {
    for (let scope: BlockScope | undefined = this; scope !== undefined; scope = scope.parent) {
      const binding = scope.tags?.get(name);
      if (binding !== undefined) return binding;
    }
    return undefined;
  }

  lookupOwnTag(name: string): TagBinding | undefined {
    return this.tags?.get(name);
  }

  root(): BlockScope {
    let scope: BlockScope = this;
    while (scope.parent !== undefined) scope = scope.parent;
    return scope;
  }
}
