// bin/z3-wasm-early.js (issue 42): which command lines start compiling z3's WebAssembly before the
// bundle loads, and what the early start leaves for src/solvers/z3-wasm.ts (its tiering and the
// compiling module), or nothing when it is turned off. V8 flags are per process, so the compiling
// runs in child processes.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const earlyModule = resolve(import.meta.dirname, '..', '..', 'bin', 'z3-wasm-early.js');
const early = createRequire(import.meta.url)(earlyModule) as {
  willUseEmbeddedZ3(argv: readonly string[], environment: NodeJS.ProcessEnv): boolean;
};

describe('z3-wasm early start: the command lines it starts for', () => {
  const noZ3 = { PATH: '' };

  it('starts for z3-wasm named as the solver, and for auto without z3 on PATH', () => {
    expect(early.willUseEmbeddedZ3(['prog.c', '--solver', 'z3-wasm'], noZ3)).toBe(true);
    expect(early.willUseEmbeddedZ3(['verify', 'prog.c', '--solver=z3-wasm'], noZ3)).toBe(true);
    expect(early.willUseEmbeddedZ3(['prog.c', '--encoding', 'bmc', '--timeout', '5'], noZ3)).toBe(true);
    expect(early.willUseEmbeddedZ3(['prog.c', '--solver', 'auto'], noZ3)).toBe(true);
    // the last --solver wins, as in the command-line parser
    expect(early.willUseEmbeddedZ3(['prog.c', '--solver', 'z3', '--solver', 'z3-wasm'], noZ3)).toBe(true);
  });

  it('leaves alone other solvers, auto with z3 on PATH, bench, compare, --emit and --help', () => {
    const folder = mkdtempSync(join(tmpdir(), 'encode-early-'));
    try {
      const z3 = join(folder, 'z3');
      writeFileSync(z3, '#!/bin/sh\n');
      chmodSync(z3, 0o755);
      expect(early.willUseEmbeddedZ3(['prog.c'], { PATH: folder })).toBe(false);
      expect(early.willUseEmbeddedZ3(['prog.c', '--solver', 'z3-wasm'], { PATH: folder })).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    expect(early.willUseEmbeddedZ3(['prog.c', '--solver', 'z3'], noZ3)).toBe(false);
    expect(early.willUseEmbeddedZ3(['prog.c', '--solver', 'z3-wasm', '--solver', 'cvc5'], noZ3)).toBe(false);
    expect(early.willUseEmbeddedZ3(['bench', 'dir', '--solver', 'z3-wasm', '--out-dir', 'out'], noZ3)).toBe(false);
    expect(early.willUseEmbeddedZ3(['compare', 'prog.c', '--solver', 'z3,z3-wasm'], noZ3)).toBe(false);
    expect(early.willUseEmbeddedZ3(['prog.c', '--emit', 'smt2', '--solver', 'z3-wasm'], noZ3)).toBe(false);
    expect(early.willUseEmbeddedZ3(['prog.c', '--emit=ir', '--solver', 'z3-wasm'], noZ3)).toBe(false);
    expect(early.willUseEmbeddedZ3(['--help'], noZ3)).toBe(false);
    expect(early.willUseEmbeddedZ3(['--version'], noZ3)).toBe(false);
  });
});

describe('z3-wasm early start: the hand-over', () => {
  /** what a child process finds on globalThis after startEarlyCompilation(argv) */
  const handOver = (argv: readonly string[], environment: NodeJS.ProcessEnv): string => {
    const script = `
      const { handOverKey, startEarlyCompilation } = require(${JSON.stringify(earlyModule)});
      startEarlyCompilation(${JSON.stringify(argv)}, process.env);
      const early = globalThis[handOverKey];
      if (early === undefined) console.log('none');
      else early.module.then((module) => console.log(early.tiering, module instanceof WebAssembly.Module, WebAssembly.Module.exports(module).length > 100));
    `;
    const child = spawnSync(process.execPath, ['-e', script], {
      encoding: 'utf8',
      env: { ...process.env, PATH: '', ...environment },
      timeout: 60_000,
    });
    return child.stdout.trim();
  };

  it('leaves z3 compiling for baseline code, or the tiering the environment names', () => {
    expect(handOver(['prog.c', '--solver', 'z3-wasm'], {})).toBe('baseline true true');
    expect(handOver(['prog.c', '--solver', 'z3-wasm'], { ENCODE_Z3_WASM_TIERING: 'optimising' })).toBe(
      'optimising true true',
    );
  });

  it('leaves nothing when turned off or when the command does not use z3-wasm', () => {
    expect(handOver(['prog.c', '--solver', 'z3-wasm'], { ENCODE_Z3_WASM_EARLY: '0' })).toBe('none');
    expect(handOver(['--help'], {})).toBe('none');
  });
});
