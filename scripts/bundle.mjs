// Bundles the compiled command (dist/src/cli/main.js and everything it imports, antlr4ng and cac
// included; z3-solver stays a package of its own) into one CommonJS file, dist/encode.cjs, and fills
// its V8 code cache by running it once on a small program. bin/encode.js runs the bundle with that
// cache (see there): loading one precompiled file instead of ~150 modules saves ~0.1 s per start.
// Without esbuild (an install without the devDependencies) nothing is bundled and bin/encode.js
// runs dist/src/cli/main.js as it is.
// Usage: node scripts/bundle.mjs (part of npm run build, after tsc)

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const distribution = join(root, 'dist');
const bundleFile = join(distribution, 'encode.cjs');

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  process.stderr.write('bundle: esbuild is not installed; bin/encode.js will run dist/src/cli/main.js unbundled\n');
  process.exit(0);
}

// a new build id names a new code cache: V8 checks a cache against the source's length only
const buildId = randomBytes(8).toString('hex');
for (const name of readdirSync(distribution)) if (name.startsWith('encode.cjs')) rmSync(join(distribution, name));
await esbuild.build({
  entryPoints: [join(distribution, 'src', 'cli', 'main.js')],
  outfile: bundleFile,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['z3-solver'],
  // import('z3-solver') becomes require: a script run through node:vm has no module loader
  supported: { 'dynamic-import': false },
  // the bundle stands where main.js stands: package.json, the bench worker and yaml are found from there
  define: { 'import.meta.url': '__encodeModuleUrl' },
  banner: {
    js: `// encode build ${buildId}\nconst __encodeModuleUrl = require("node:url").pathToFileURL(require("node:path").join(__dirname, "src", "cli", "main.js")).href;`,
  },
  // whitespace only: names stay, so a stack trace still says which functions ran (--debug runs unbundled)
  minifyWhitespace: true,
  logLevel: 'warning',
});

// one run through the front end leaves the compiled code of what it ran in the cache
execFileSync(
  process.execPath,
  [join(root, 'bin', 'encode.js'), join(root, 'bench', 'startup', 'fifty-lines.c'), '--emit', 'ir'],
  { stdio: 'ignore' },
);
