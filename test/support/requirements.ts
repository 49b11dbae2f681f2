// What some test groups need beyond the project itself, and how they skip without it:
// - `corpus`: the SV-COMP array corpus (a copy of sv-arrays with its manifest.json), by default
//   ../shared/bench/sv-arrays beside the project, or the directory ENCODE_CORPUS names;
// - `z3`, `cvc5`: Debian's solver executables on PATH (the embedded z3-wasm needs nothing);
// - `gcc`: the differential lowering tests compile the same programs with gcc;
// - `gcc -m32`: gcc that builds and runs 32-bit programs (Debian's gcc-multilib), for the tests
//   whose programs are verified in ILP32 and must run natively in the same data model;
// - `chromium`: Debian's browser renders the bench's cactus plot (SVG) to PNG and loads report.html;
// - `parallel`, `sshd`: GNU parallel, and an OpenSSH server to start as a second "host" for it;
// - `slurm`: a running Slurm whose node takes jobs (`sinfo` answers; .ci/run starts one).
// A group whose requirement is absent registers its tests as skipped with the note
// `needs <requirement>: <why>`; test/support/summary-reporter.ts prints those notes once, at the
// end of the run. ENCODE_REQUIRE_CORPUS=1 / ENCODE_REQUIRE_SOLVERS=1 (set by .ci/run) turn an
// absent requirement into a failure instead of a skip.
// gcc is looked up on PATH, as src/execution/gcc.ts does, so PATH is how to simulate its absence:
// a folder first on PATH whose `gcc` fails on -m32 simulates a machine without gcc-multilib, and a
// PATH without gcc one without a compiler (a variable only the tests read would let the guard and
// the code under test see different compilers).

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { findToolchain } from '../../src/execution/gcc.js';
import { findExecutable } from '../../src/solvers/index.js';
import { skipNotePrefix } from './skip-note.js';

export interface Requirement {
  readonly name: 'corpus' | 'z3' | 'cvc5' | 'gcc' | 'gcc -m32' | 'chromium' | 'parallel' | 'sshd' | 'slurm';
  readonly available: boolean;
  /** why it is absent (empty when available) */
  readonly reason: string;
}

/** the note of a test skipped for `requirement`; the summary reporter groups by it */
export function skipNote(requirement: Requirement): string {
  return `${skipNotePrefix}${requirement.name}: ${requirement.reason}`;
}

const projectRoot = resolve(import.meta.dirname, '..', '..');
const defaultCorpusRoot = resolve(projectRoot, '..', 'shared', 'bench', 'sv-arrays');

/** the sv-arrays corpus the corpus tests read: ENCODE_CORPUS, else ../shared/bench/sv-arrays */
export const corpusRoot = process.env['ENCODE_CORPUS'] ? resolve(process.env['ENCODE_CORPUS']) : defaultCorpusRoot;

function corpusState(): Requirement {
  const manifest = join(corpusRoot, 'manifest.json');
  if (existsSync(manifest)) return { name: 'corpus', available: true, reason: '' };
  const where = process.env['ENCODE_CORPUS']
    ? `ENCODE_CORPUS=${process.env['ENCODE_CORPUS']}`
    : '../shared/bench/sv-arrays';
  return {
    name: 'corpus',
    available: false,
    reason: `corpus absent: no ${manifest} (${where}; set ENCODE_CORPUS=DIR to a copy of sv-arrays)`,
  };
}

function solverState(name: 'z3' | 'cvc5'): Requirement {
  if (findExecutable(name) !== undefined) return { name, available: true, reason: '' };
  return { name, available: false, reason: `solver absent: no ${name} executable on PATH (apt-get install ${name})` };
}

/**
 * The corpus, when present. Absent, it is a skip; but an ENCODE_CORPUS that names no corpus, or
 * ENCODE_REQUIRE_CORPUS=1 (CI), makes it an error, so the corpus tests cannot silently stop running.
 */
export function corpusRequirement(): Requirement {
  const state = corpusState();
  if (!state.available && (process.env['ENCODE_CORPUS'] || process.env['ENCODE_REQUIRE_CORPUS'] === '1')) {
    throw new Error(
      `the corpus tests must run here (${process.env['ENCODE_CORPUS'] ? 'ENCODE_CORPUS is set' : 'ENCODE_REQUIRE_CORPUS=1'}), but ${state.reason}`,
    );
  }
  return state;
}

/** an external solver executable; ENCODE_REQUIRE_SOLVERS=1 (CI) makes its absence an error */
export function solverRequirement(name: 'z3' | 'cvc5'): Requirement {
  const state = solverState(name);
  if (!state.available && process.env['ENCODE_REQUIRE_SOLVERS'] === '1') {
    throw new Error(`ENCODE_REQUIRE_SOLVERS=1, but ${state.reason}`);
  }
  return state;
}

/** gcc on PATH (the differential lowering tests); never required */
export function gccRequirement(): Requirement {
  if (findExecutable('gcc') !== undefined) return { name: 'gcc', available: true, reason: '' };
  return { name: 'gcc', available: false, reason: 'compiler absent: no gcc executable on PATH (apt-get install gcc)' };
}

/**
 * gcc on PATH that builds and runs -m32 programs (Debian's gcc-multilib), as src/execution/gcc.ts
 * probes it (its toolchain: gcc, objcopy, nm), for the tests that run an ILP32 program natively and
 * need it built in that data model; never required
 */
export function gcc32Requirement(): Requirement {
  const found = findToolchain();
  if (found.kind === 'missing')
    return { name: 'gcc -m32', available: false, reason: `toolchain absent: ${found.reason}` };
  if (found.toolchain.canBuild32) return { name: 'gcc -m32', available: true, reason: '' };
  return {
    name: 'gcc -m32',
    available: false,
    reason: `${found.toolchain.gcc} cannot build and run 32-bit programs (apt-get install gcc-multilib)`,
  };
}

/** Debian's chromium on PATH (the browser check of the cactus plot); never required */
export function chromiumRequirement(): Requirement {
  if (findExecutable('chromium') !== undefined) return { name: 'chromium', available: true, reason: '' };
  return {
    name: 'chromium',
    available: false,
    reason: 'browser absent: no chromium executable on PATH (apt-get install chromium)',
  };
}

/**
 * `describe(name, body)` when every requirement is available; otherwise one test in its place,
 * skipped with the note of the first absent requirement (`body` is not run at all, so it may read
 * the corpus or start a solver while it collects its tests).
 */
export function describeWith(requirements: readonly Requirement[], name: string, body: () => void): void {
  const absent = requirements.find((requirement) => !requirement.available);
  if (absent === undefined) {
    describe(name, body);
    return;
  }
  describe(name, () => {
    it(`(skipped: needs ${absent.name})`, (context) => context.skip(skipNote(absent)));
  });
}

type TestBody = (context: TestContext) => unknown;

/** `it(name, options, body)` when every requirement is available; otherwise the same test, skipped with its note */
export function itWith(
  requirements: readonly Requirement[],
  name: string,
  options: { timeout?: number },
  body: TestBody,
): void {
  const absent = requirements.find((requirement) => !requirement.available);
  if (absent === undefined) it(name, options, body);
  else it(name, options, (context) => context.skip(skipNote(absent)));
}

/** GNU parallel on PATH (encode bench --engine parallel); never required */
export function parallelRequirement(): Requirement {
  if (findExecutable('parallel') !== undefined) return { name: 'parallel', available: true, reason: '' };
  return {
    name: 'parallel',
    available: false,
    reason: 'GNU parallel absent: no parallel executable on PATH (apt-get install parallel)',
  };
}

/** OpenSSH's server and client (a second host for GNU parallel, started by the test); never required */
export function sshdRequirement(): Requirement {
  const server = ['/usr/sbin/sshd', findExecutable('sshd')].find((path) => path !== undefined && existsSync(path));
  if (server !== undefined && findExecutable('ssh') !== undefined && findExecutable('ssh-keygen') !== undefined)
    return { name: 'sshd', available: true, reason: '' };
  return {
    name: 'sshd',
    available: false,
    reason: 'OpenSSH absent: no sshd, ssh or ssh-keygen (apt-get install openssh-server)',
  };
}

/** a Slurm that answers and has a node in a state that takes jobs (started by .ci/run); never required */
export function slurmRequirement(): Requirement {
  if (findExecutable('sbatch') === undefined || findExecutable('sinfo') === undefined) {
    return {
      name: 'slurm',
      available: false,
      reason: 'Slurm absent: no sbatch or sinfo on PATH (apt-get install slurm-wlm munge; .ci/run starts them)',
    };
  }
  const info = spawnSync('sinfo', ['--noheader', '--format=%t'], { encoding: 'utf8', timeout: 10_000 });
  const states =
    info.status === 0
      ? info.stdout
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '')
      : [];
  if (states.some((state) => ['idle', 'mix', 'alloc'].includes(state.replace(/[*~#!%$@^-]+$/, ''))))
    return { name: 'slurm', available: true, reason: '' };
  return {
    name: 'slurm',
    available: false,
    reason: `Slurm not running: sinfo ${info.status === 0 ? `shows no node taking jobs (${states.join(', ') || 'no node'})` : 'cannot reach slurmctld'} (scripts/start-slurm.sh starts one)`,
  };
}
