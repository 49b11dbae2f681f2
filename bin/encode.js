#!/usr/bin/env node
// Entry point of the `encode` command; everything happens in dist/src/cli/main.js. `npm run build`
// also bundles it into one file, dist/encode.cjs (scripts/bundle.mjs), which starts ~0.1 s faster:
// one file instead of ~150 modules, compiled from V8's code cache (dist/encode.cjs.<build>.cache,
// written again whenever this Node rejects it). The bundle is used only when it is at least as new
// as dist/src/cli/main.js: a tsc run without the bundling step leaves an older bundle, ignored then.
// With --debug (or ENCODE_DEBUG) the modules run unbundled, so that stack traces name their files.
// Once V8 has checked the bundle's code cache and before the bundle runs, a command line that will
// solve with the embedded z3 starts compiling z3's WebAssembly (z3-wasm-early.js), which then goes on
// on V8's threads while the bundle runs and the front end reads the program.

// This file is CommonJS (bin/package.json): Node starts a CommonJS entry ~10 ms sooner than a module.

'use strict';
const { readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join } = require('node:path');
const vm = require('node:vm');

const distribution = join(__dirname, '..', 'dist');
const bundleFile = join(distribution, 'encode.cjs');

function bundleIsCurrent() {
  try {
    return statSync(bundleFile).mtimeMs >= statSync(join(distribution, 'src', 'cli', 'main.js')).mtimeMs;
  } catch {
    return false;
  }
}

/** the code cache of this process's run, written for the next one (a failure to write only costs time) */
function writeCodeCache(script, cacheFile) {
  try {
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, script.createCachedData());
    renameSync(temporary, cacheFile);
  } catch {
    // a read-only installation: every run compiles the bundle
  }
}

/** runs the bundle as CommonJS with its code cache and returns its exports */
function loadBundle() {
  const source = readFileSync(bundleFile, 'utf8');
  const buildId = /^\/\/ encode build (\w+)/.exec(source)?.[1] ?? 'unknown';
  const cacheFile = `${bundleFile}.${buildId}.cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // the wrapper stays on the first line, so that line numbers in stack traces are the bundle's own
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundleFile,
    cachedData,
  });
  if (cachedData === undefined || script.cachedDataRejected)
    process.once('exit', () => writeCodeCache(script, cacheFile));
  // only now, after V8 has checked the code cache: the early compilation sets V8 flags
  // (--liftoff-only), and a cache is rejected under flags other than those it was written with, so
  // setting them first made runs with z3-wasm and with z3 reject and rewrite each other's cache
  startEarlyCompilation();
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundleFile), module, bundleFile, distribution);
  return module.exports;
}

/** z3's WebAssembly starts compiling now, while the bundle runs and the front end reads the program (z3-wasm-early.js) */
function startEarlyCompilation() {
  require('./z3-wasm-early.js').startEarlyCompilation(process.argv.slice(2), process.env);
}

const debugging = process.argv.includes('--debug') || Boolean(process.env['ENCODE_DEBUG']);
if (!debugging && bundleIsCurrent()) loadBundle().main(process.argv.slice(2));
else {
  startEarlyCompilation();
  import('../dist/src/cli/main.js').then(({ main }) => main(process.argv.slice(2)));
}
