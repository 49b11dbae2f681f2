// The package version, read from package.json next to the compiled code.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function readPackageVersion(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth++) {
    try {
      const text = readFileSync(join(directory, 'package.json'), 'utf8');
      const parsed = JSON.parse(text) as { name?: string; version?: string };
      if (parsed.name === 'encode' && parsed.version) return parsed.version;
    } catch {
      // not here; look one level up
    }
    directory = dirname(directory);
  }
  return 'unknown';
}
