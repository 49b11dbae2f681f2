// Running the compiled `encode` command as a user does (bin/encode.js; `npm test` builds first).

import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

export const projectRoot = resolve(import.meta.dirname, '..', '..');
export const encodeBinary = join(projectRoot, 'bin', 'encode.js');
export const regression = join(projectRoot, 'test', 'regression');

export interface CommandResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export function encode(...argumentsList: string[]): CommandResult {
  const result = spawnSync(process.execPath, [encodeBinary, ...argumentsList], { encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
