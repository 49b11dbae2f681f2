// Building and running a C program natively with gcc, linked against the harness (harness.ts).
//
// Build: the program is compiled on its own (`-O0 -fno-inline`, so calls stay calls; `-fwrapv`, so
// signed overflow wraps as in the IR's bv semantics instead of being undefined; `-m32` for the ILP32
// data model when the compiler can link 32-bit code, i.e. Debian's gcc-multilib is installed), then
// `objcopy --weaken-symbol` makes its own definitions of the harness's functions weak, so the
// harness's strong ones are linked instead: a program's `void reach_error(){}` ends the run with the
// harness's status. A program that defines one of them `static` cannot be redirected that way and is
// refused ("could not build").
// The harness is compiled once per process (for each compiler, set of flags and harness text) and
// its object linked with every program built the same way, instead of compiling harness.c at each link.
// Run: a time limit (the process is killed), an address-space limit and an unlimited (or the hard
// limit's) stack, through /bin/sh's ulimit; `-fsanitize=undefined` (optional) ends a run at its
// first undefined behaviour with its own status.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataModel } from '../ir/types.js';
import { findExecutable } from '../solvers/index.js';
import { exitStatus, harnessDefinedFunctions, nondetFunctionNames } from './harness.js';

export interface Toolchain {
  readonly gcc: string;
  readonly objcopy: string;
  readonly nm: string;
  /** gcc can build and link 32-bit programs (gcc-multilib) */
  readonly canBuild32: boolean;
}

export type ToolchainResult =
  { readonly kind: 'found'; readonly toolchain: Toolchain } | { readonly kind: 'missing'; readonly reason: string };

let probedToolchain: ToolchainResult | undefined;

/** gcc, objcopy and nm on PATH, and whether -m32 links; probed once per process */
export function findToolchain(): ToolchainResult {
  if (probedToolchain !== undefined) return probedToolchain;
  const gcc = findExecutable('gcc');
  const objcopy = findExecutable('objcopy');
  const nm = findExecutable('nm');
  if (gcc === undefined) probedToolchain = { kind: 'missing', reason: 'no gcc on PATH (apt-get install gcc)' };
  else if (objcopy === undefined || nm === undefined)
    probedToolchain = { kind: 'missing', reason: 'no objcopy or nm on PATH (apt-get install binutils)' };
  else probedToolchain = { kind: 'found', toolchain: { gcc, objcopy, nm, canBuild32: probe32(gcc) } };
  return probedToolchain;
}

function probe32(gcc: string): boolean {
  const directory = mkdtempSync(join(tmpdir(), 'encode-probe-'));
  try {
    writeFileSync(
      join(directory, 'probe.c'),
      '#include <stdio.h>\nint main(void) { return sizeof(long) == 4 ? 0 : 1; }\n',
    );
    const built = spawnSync(gcc, ['-m32', join(directory, 'probe.c'), '-o', join(directory, 'probe')], {
      stdio: 'pipe',
      timeout: 30_000,
    });
    if (built.status !== 0) return false;
    return spawnSync(join(directory, 'probe'), [], { timeout: 10_000 }).status === 0;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

export interface BuildOptions {
  readonly dataModel: DataModel;
  /** compile the program with -fsanitize=undefined (runs stop at undefined behaviour) */
  readonly sanitize: boolean;
  /** signed overflow stops the run (UBSan's signed-integer-overflow check, no -fwrapv): the no-overflow property */
  readonly trapSignedOverflow?: boolean;
  /** the folder to build in (kept); default: a fresh temporary folder */
  readonly directory?: string;
  /** the time the compiler and linker may take together; default 60 s */
  readonly timeoutMilliseconds?: number;
}

export type Build =
  | {
      readonly kind: 'built';
      readonly binary: string;
      readonly directory: string;
      /** how the program was compiled, e.g. `gcc -m32 -O0 -fwrapv` */
      readonly compiler: string;
      /** the program's data model could not be matched (ILP32 without -m32) */
      readonly dataModelNote: string | undefined;
    }
  | { readonly kind: 'couldNotBuild'; readonly reason: string };

function firstLines(text: string, count: number): string {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, count)
    .join(' | ');
}

/** builds `programFile` with the harness text; never throws for a program gcc rejects */
export function buildWithHarness(programFile: string, harnessText: string, options: BuildOptions): Build {
  const found = findToolchain();
  if (found.kind === 'missing') return { kind: 'couldNotBuild', reason: found.reason };
  const directory = options.directory ?? mkdtempSync(join(tmpdir(), 'encode-exec-'));
  const build = buildIn(directory, found.toolchain, programFile, harnessText, options);
  // a temporary folder of ours that holds no binary is of no use to anyone
  if (build.kind === 'couldNotBuild' && options.directory === undefined)
    rmSync(directory, { recursive: true, force: true });
  return build;
}

function buildIn(
  directory: string,
  toolchain: Toolchain,
  programFile: string,
  harnessText: string,
  options: BuildOptions,
): Build {
  const { gcc, objcopy, nm, canBuild32 } = toolchain;
  const use32 = options.dataModel === 'ILP32' && canBuild32;
  const dataModelNote =
    options.dataModel === 'ILP32' && !canBuild32
      ? 'built for LP64: gcc cannot link -m32 here (apt-get install gcc-multilib), so long and pointers are 64 bits wide'
      : undefined;
  const overflow =
    options.trapSignedOverflow === true
      ? ['-fsanitize=signed-integer-overflow,shift', '-fno-sanitize-recover=all']
      : ['-fwrapv'];
  const flags = [
    ...(use32 ? ['-m32'] : []),
    '-O0',
    '-fno-inline',
    ...overflow,
    '-fno-strict-aliasing',
    ...(options.sanitize ? ['-fsanitize=undefined', '-fno-sanitize-recover=all'] : []),
  ];
  const deadline = performance.now() + (options.timeoutMilliseconds ?? 60_000);
  const remaining = (): number => Math.max(1, Math.round(deadline - performance.now()));
  const programObject = join(directory, 'program.o');
  const harnessFile = join(directory, 'harness.c');
  const binary = join(directory, 'program');
  writeFileSync(harnessFile, harnessText);
  const compile = spawnSync(gcc, ['-w', '-std=gnu11', ...flags, '-c', programFile, '-o', programObject], {
    encoding: 'utf8',
    timeout: remaining(),
  });
  if (compile.error !== undefined)
    return { kind: 'couldNotBuild', reason: `gcc did not finish: ${compile.error.message}` };
  if (compile.status !== 0)
    return {
      kind: 'couldNotBuild',
      reason: `gcc rejects the program: ${firstLines(compile.stderr ?? String(compile.error), 3)}`,
    };
  const symbols = spawnSync(nm, [programObject], { encoding: 'utf8' }).stdout ?? '';
  const redirected = new Set([...harnessDefinedFunctions, ...nondetFunctionNames]);
  for (const line of symbols.split('\n')) {
    const [, type, name] = /^[0-9a-fA-F ]*\s([A-Za-z])\s(\S+)$/.exec(line.trim()) ?? [];
    if (name !== undefined && redirected.has(name) && type === 't') {
      return {
        kind: 'couldNotBuild',
        reason: `the program defines ${name} static, so the harness cannot take its place`,
      };
    }
  }
  const weaken = [...redirected].flatMap((name) => ['--weaken-symbol', name]);
  const weakened = spawnSync(objcopy, [...weaken, programObject], { encoding: 'utf8' });
  if (weakened.status !== 0) return { kind: 'couldNotBuild', reason: `objcopy: ${firstLines(weakened.stderr, 2)}` };
  const harness = compiledHarness(gcc, flags, harnessText, remaining()) ?? harnessFile;
  const link = spawnSync(gcc, ['-w', ...flags, programObject, harness, '-o', binary], {
    encoding: 'utf8',
    timeout: remaining(),
  });
  if (link.error !== undefined)
    return { kind: 'couldNotBuild', reason: `the linker did not finish: ${link.error.message}` };
  if (link.status !== 0)
    return {
      kind: 'couldNotBuild',
      reason: `the program does not link with the harness: ${firstLines(link.stderr ?? '', 3)}`,
    };
  return { kind: 'built', binary, directory, compiler: `gcc ${flags.join(' ')}`, dataModelNote };
}

/** the harness objects this process compiled, by compiler, flags and harness text; their folder, removed at exit */
const harnessObjects = new Map<string, string>();
let harnessObjectFolder: string | undefined;
const keptHarnessObjects = 8;

/**
 * The harness text compiled once per process for each compiler and set of flags (the text is the
 * same for every program of a mode): the object gcc would compile from the .c file at each link,
 * with the same flags. Undefined when it does not compile: the link then takes the .c file, and
 * gcc's own message says why.
 */
function compiledHarness(
  gcc: string,
  flags: readonly string[],
  harnessText: string,
  timeout: number,
): string | undefined {
  const key = createHash('sha256')
    .update(JSON.stringify([gcc, flags, harnessText]))
    .digest('hex')
    .slice(0, 20);
  const known = harnessObjects.get(key);
  if (known !== undefined && existsSync(known)) return known;
  if (harnessObjectFolder === undefined || !existsSync(harnessObjectFolder)) {
    const folder = mkdtempSync(join(tmpdir(), 'encode-harness-'));
    harnessObjectFolder = folder;
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
  }
  const source = join(harnessObjectFolder, `harness-${key}.c`);
  const object = join(harnessObjectFolder, `harness-${key}.o`);
  writeFileSync(source, harnessText);
  const compile = spawnSync(gcc, ['-w', ...flags, '-c', source, '-o', object], { encoding: 'utf8', timeout });
  if (compile.error !== undefined || compile.status !== 0) return undefined;
  harnessObjects.set(key, object);
  // a harness with fixed inputs differs per run: keep the latest few objects only
  if (harnessObjects.size > keptHarnessObjects) {
    const [oldestKey, oldest] = harnessObjects.entries().next().value!;
    harnessObjects.delete(oldestKey);
    rmSync(oldest, { force: true });
    rmSync(oldest.replace(/\.o$/, '.c'), { force: true });
  }
  return object;
}

export type NativeOutcome =
  | { readonly kind: 'reachedError' }
  | { readonly kind: 'completed'; readonly status: number }
  | { readonly kind: 'assumptionBlocked' }
  | { readonly kind: 'inputsExhausted' }
  | { readonly kind: 'undefinedBehaviour'; readonly message: string }
  | { readonly kind: 'signal'; readonly signal: string }
  | { readonly kind: 'timeout' }
  | { readonly kind: 'couldNotRun'; readonly reason: string };

export interface RunLimits {
  readonly timeoutMilliseconds: number;
  /** address-space limit in KiB; default 4 GiB */
  readonly memoryKibibytes?: number;
}

export interface NativeRun {
  readonly outcome: NativeOutcome;
  readonly stdout: string;
  readonly milliseconds: number;
}

const limitedStart =
  'ulimit -v "$1" 2>/dev/null; ulimit -s unlimited 2>/dev/null || ulimit -s "$(ulimit -H -s)" 2>/dev/null; exec "$0"';

/** runs a built binary; `standardInput` is what the harness reads in 'stdin' mode */
export function runNative(binary: string, limits: RunLimits, standardInput = ''): NativeRun {
  const started = performance.now();
  const result = spawnSync('/bin/sh', ['-c', limitedStart, binary, String(limits.memoryKibibytes ?? 4 * 1024 * 1024)], {
    input: standardInput,
    encoding: 'utf8',
    timeout: limits.timeoutMilliseconds,
    killSignal: 'SIGKILL',
    maxBuffer: 16 * 1024 * 1024,
    env: {
      ...process.env,
      UBSAN_OPTIONS: `halt_on_error=1:exitcode=${exitStatus.undefinedBehaviour}:print_stacktrace=0`,
    },
  });
  const milliseconds = performance.now() - started;
  const stdout = result.stdout ?? '';
  const error = result.error as NodeJS.ErrnoException | undefined;
  // EPIPE: the program ended before reading all of its standard input (it asked for fewer inputs
  // than it was given, or none); its run is complete all the same
  const unreadInput = error?.code === 'EPIPE' && (result.status !== null || result.signal !== null);
  if (error !== undefined && !unreadInput) {
    const outcome: NativeOutcome =
      error.code === 'ETIMEDOUT' ? { kind: 'timeout' } : { kind: 'couldNotRun', reason: error.message };
    return { outcome, stdout, milliseconds };
  }
  if (result.signal !== null) return { outcome: { kind: 'signal', signal: result.signal }, stdout, milliseconds };
  const status = result.status ?? -1;
  switch (status) {
    case exitStatus.reachedError:
      return { outcome: { kind: 'reachedError' }, stdout, milliseconds };
    case exitStatus.inputsExhausted:
      return { outcome: { kind: 'inputsExhausted' }, stdout, milliseconds };
    case exitStatus.assumptionBlocked:
      return { outcome: { kind: 'assumptionBlocked' }, stdout, milliseconds };
    case exitStatus.undefinedBehaviour: {
      const message = /runtime error: ([^\n]*)/.exec(result.stderr ?? '')?.[1] ?? 'undefined behaviour';
      return { outcome: { kind: 'undefinedBehaviour', message }, stdout, milliseconds };
    }
    default:
      return { outcome: { kind: 'completed', status }, stdout, milliseconds };
  }
}

export function describeNativeOutcome(outcome: NativeOutcome): string {
  switch (outcome.kind) {
    case 'reachedError':
      return 'reached the error';
    case 'completed':
      return `returned ${outcome.status} without reaching the error`;
    case 'assumptionBlocked':
      return 'stopped at a failed __VERIFIER_assume';
    case 'inputsExhausted':
      return 'asked for more nondeterministic inputs than the counterexample has';
    case 'undefinedBehaviour':
      return `stopped at undefined behaviour (${outcome.message})`;
    case 'signal':
      return outcome.signal === 'SIGABRT'
        ? 'ended by abort() (SIGABRT) without reaching the error'
        : `was killed by ${outcome.signal}`;
    case 'timeout':
      return 'ran out of time';
    case 'couldNotRun':
      return `could not be started (${outcome.reason})`;
    default: {
      const never: never = outcome;
      throw new Error(`unknown native outcome ${JSON.stringify(never)}`);
    }
  }
}
