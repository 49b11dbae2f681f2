// The README's first command (install and run the main job on an example) must keep working: this
// test reads it from the README, drops the `npm ci && ` that the test run has already done, runs the
// rest in a shell from the project root, and checks the verdict it prints.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { declaredOptions, encoderNames } from '../../src/encoders/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function readmeCommands(): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  return [...readme.matchAll(/```sh\n([^`]*?)\n```/g)].map((match) => match[1]!.trim());
}

describe('README', () => {
  it('has the two commands: one runs the main job on an example, one runs the tests', () => {
    const [example, tests] = readmeCommands();
    expect(example).toMatch(/^npm ci && node bin\/encode\.js \S+\.c\b/);
    expect(tests).toBe('npm ci && npm test');
  });

  it('its first command (after npm ci) prints SAFE for the example and exits 0', () => {
    const example = readmeCommands()[0]!.replace(/^npm ci && /, '');
    const output = execFileSync('sh', ['-c', example], { cwd: root, encoding: 'utf8', timeout: 100_000 });
    expect(output.split('\n')[0]).toBe('SAFE');
    expect(output).toMatch(/assuming: /);
  });

  it('documents every encoding and every option an encoding declares', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    // a table row per encoding; prettier pads the cells of a table to one width
    for (const name of encoderNames()) expect(readme).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
    for (const option of declaredOptions()) expect(readme, option.name).toContain(`--${option.name}`);
  });
});
