// Prints the longest functions in src/ (function declarations, methods, arrow functions and
// function expressions), measured in lines from the first line of the function to its last, with
// the functions nested inside counted in the outer one too. Usage:
//   node scripts/longest-functions.mjs [count=10] [--over LINES]   (exit 1 when one is over LINES)
// Generated code (src/frontend/generated) is left out.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argumentsGiven = process.argv.slice(2);
const overIndex = argumentsGiven.indexOf('--over');
const limit = overIndex >= 0 ? Number(argumentsGiven[overIndex + 1]) : undefined;
const countArgument = argumentsGiven.find(
  (argument, index) => (overIndex < 0 || index !== overIndex + 1) && /^\d+$/.test(argument),
);
const count = countArgument === undefined ? 10 : Number(countArgument);

function sourceFiles(directory) {
  const files = [];
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'generated') files.push(...sourceFiles(path));
    } else if (entry.endsWith('.ts') && !entry.endsWith('.d.ts')) {
      files.push(path);
    }
  }
  return files;
}

function functionName(node) {
  if (node.name !== undefined) return node.name.getText();
  const parent = node.parent;
  if (parent !== undefined && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent !== undefined && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent !== undefined && ts.isPropertyDeclaration(parent)) return parent.name.getText();
  return '(anonymous)';
}

const functions = [];
for (const path of sourceFiles(join(root, 'src'))) {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      if (node.body !== undefined) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.end).line;
        functions.push({
          lines: last - first + 1,
          name: functionName(node),
          where: `${relative(root, path)}:${first + 1}`,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

functions.sort((left, right) => right.lines - left.lines);
for (const entry of functions.slice(0, count)) {
  console.log(`${String(entry.lines).padStart(5)}  ${entry.name}  ${entry.where}`);
}
if (limit !== undefined) {
  const over = functions.filter((entry) => entry.lines > limit);
  console.log(over.length === 0 ? `no function over ${limit} lines` : `${over.length} function(s) over ${limit} lines`);
  if (over.length > 0) process.exitCode = 1;
}
