// The shape of src/ as the README's architecture section draws it, held against the code's imports:
// every import (type-only ones too) runs from a layer to the same layer or one below it, files
// import each other in no circle, an encoder's folder imports no other encoder's folder, and no
// function is longer than 150 lines. A change that breaks the layering fails here, not in review.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const sourceRoot = resolve(import.meta.dirname, '..', 'src');

/** the layers from the ground up: a file may import its own layer or a lower one */
const layers: readonly (readonly string[])[] = [
  ['location.ts', 'budget-check.ts'],
  ['verdict.ts', 'smt'],
  ['frontend', 'solvers'],
  ['ir'],
  ['analysis', 'interp', 'pipeline.ts'],
  ['symbolic', 'execution', 'svcomp', 'campaign', 'certificates'],
  ['kernel'],
  ['encoders'],
  ['portfolio'],
  ['cli'],
];

function sourceFiles(directory: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'generated') files.push(...sourceFiles(path));
    } else if (entry.endsWith('.ts')) {
      files.push(path);
    }
  }
  return files;
}

/** the files of src/ each file imports (relative imports, type-only and dynamic ones included) */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(sourceRoot)) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    const staticImports = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+'(\.{1,2}\/[^']+)'/g)];
    // a module loaded when it is used (`await import('./run.js')`) is a dependency all the same
    const dynamicImports = [...text.matchAll(/\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)];
    for (const match of [...staticImports, ...dynamicImports]) {
      const target = resolve(dirname(file), match[1]!.replace(/\.js$/, '.ts'));
      if (!target.includes(`${join('frontend', 'generated')}`)) targets.push(relative(sourceRoot, target));
    }
    graph.set(relative(sourceRoot, file), targets);
  }
  return graph;
}

function layerOf(file: string): number {
  const top = file.split('/')[0]!;
  const index = layers.findIndex((layer) => layer.includes(top));
  if (index < 0)
    throw new Error(`${file}: its folder is in no layer of the architecture (add it to the README and here)`);
  return index;
}

/** strongly connected components with more than one file (Tarjan) */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const indexOf = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (file: string): void => {
    indexOf.set(file, counter);
    lowLink.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!indexOf.has(target)) {
        visit(target);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, indexOf.get(target)!));
      }
    }
    if (lowLink.get(file) === indexOf.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);
  return found;
}

function longFunctions(limit: number): string[] {
  const long: string[] = [];
  for (const file of sourceFiles(sourceRoot)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.end).line;
        if (last - first + 1 > limit)
          long.push(`${relative(sourceRoot, file)}:${first + 1} (${last - first + 1} lines)`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return long;
}

describe('the architecture of src/', () => {
  const graph = importGraph();

  it('reads the imports of every source file', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('cli/main.ts')?.length ?? 0).toBeGreaterThan(5);
  });

  it('imports run only to the same layer or a lower one', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        if (layerOf(target) > layerOf(file)) upward.push(`${file} -> ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('no files import each other in a circle (type-only imports included)', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('an encoder imports no other encoder (only the registry imports them all)', () => {
    const crossing: string[] = [];
    for (const [file, targets] of graph) {
      const own = /^encoders\/([^/]+)\//.exec(file)?.[1];
      if (own === undefined) continue;
      for (const target of targets) {
        const other = /^encoders\/([^/]+)\//.exec(target)?.[1];
        if (other !== undefined && other !== own) crossing.push(`${file} -> ${target}`);
      }
    }
    expect(crossing).toEqual([]);
  });

  it('no function is longer than 150 lines', () => {
    expect(longFunctions(150)).toEqual([]);
  });
});
