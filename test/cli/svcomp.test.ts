// SV-COMP compatibility, end to end: a task .yml as input, --property, the `Result: …` last line,
// the violation witness (YAML 2.0) of an UNSAFE verdict, and `encode validate`, which confirms the
// witness by replay and rejects a tampered one (a changed value, a moved target, another program,
// an unreadable file) with a clear message.

import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encode, regression } from '../support/cli.js';
import { readTaskDefinition } from '../../src/campaign/tasks.js';
import { readProperty } from '../../src/svcomp/properties.js';
import { readViolationWitness } from '../../src/svcomp/witness.js';

const unreachCall = 'CHECK( init(main()), LTL(G ! call(reach_error())) )\n';

/** a folder with the program, the property file and a task .yml naming both */
function taskFolder(program: string, expected: boolean, property = unreachCall): { folder: string; task: string } {
  const folder = mkdtempSync(join(tmpdir(), 'encode-svcomp-'));
  copyFileSync(join(regression, program), join(folder, program));
  writeFileSync(join(folder, 'unreach-call.prp'), property);
  const task = join(folder, 'task.yml');
  writeFileSync(
    task,
    `format_version: '2.0'\ninput_files: '${program}'\nproperties:\n  - property_file: ./unreach-call.prp\n    expected_verdict: ${expected}\noptions:\n  language: C\n  data_model: ILP32\n`,
  );
  return { folder, task };
}

function lastLine(text: string): string {
  return text.trimEnd().split('\n').pop()!;
}

describe('SV-COMP tasks and results', () => {
  it('a task .yml is verified and the last line is the SV-COMP result', () => {
    const safe = taskFolder('copy-safe.c', true);
    const answer = encode('verify', safe.task, '--timeout', '30');
    expect(answer.status).toBe(0);
    expect(lastLine(answer.stdout)).toBe('Result: TRUE');
    const json = JSON.parse(encode(safe.task, '--timeout', '30', '--json').stdout) as { svcompResult: string };
    expect(json.svcompResult).toBe('TRUE');
  });

  it('a task .yml whose input_files is an absolute path reads that file, not one under the task folder', () => {
    const program = taskFolder('copy-safe.c', true);
    const absolute = join(program.folder, 'copy-safe.c');
    const elsewhere = mkdtempSync(join(tmpdir(), 'encode-svcomp-absolute-'));
    writeFileSync(join(elsewhere, 'unreach-call.prp'), unreachCall);
    const task = join(elsewhere, 'task.yml');
    writeFileSync(
      task,
      `format_version: '2.0'\ninput_files: '${absolute}'\nproperties:\n  - property_file: ./unreach-call.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: ILP32\n`,
    );
    const definition = readTaskDefinition(task, task);
    expect(definition.kind === 'task' ? definition.task?.file : definition.message).toBe(absolute);
    const answer = encode('verify', task, '--timeout', '30');
    expect(answer.status).toBe(0);
    expect(lastLine(answer.stdout)).toBe('Result: TRUE');
  });

  it('a property other than unreach-call is UNKNOWN (unsupported), with Result: UNKNOWN', () => {
    const other = taskFolder('copy-safe.c', true, 'CHECK( init(main()), LTL(G valid-free) )\n');
    const answer = encode(join(regression, 'copy-safe.c'), '--property', join(other.folder, 'unreach-call.prp'));
    expect(answer.status).toBe(20);
    expect(answer.stdout).toMatch(/^UNKNOWN \(unsupported: .*only the unreach-call .* and no-overflow .* properties/);
    expect(lastLine(answer.stdout)).toBe('Result: UNKNOWN');
    expect(readProperty(join(taskFolder('copy-safe.c', true).folder, 'unreach-call.prp'))).toEqual({
      kind: 'unreach-call',
    });
  });
});

describe('violation witnesses', () => {
  const { folder, task } = taskFolder('nondet-unsafe.c', false);
  const witness = join(folder, 'witness.yml');

  it('are written for FALSE, in format 2.0, with the nondet values in order, and confirmed by validate', () => {
    const answer = encode('verify', task, '--timeout', '30', '--witness', witness);
    expect(answer.status).toBe(10);
    expect(lastLine(answer.stdout)).toBe('Result: FALSE(unreach-call)');
    const read = readViolationWitness(readFileSync(witness, 'utf8'));
    expect(read.kind).toBe('witness');
    if (read.kind !== 'witness') return;
    const [x, y] = read.counterexample.scalars;
    expect(y).toBe(x! + 3n); // the program's bug: y == x + 3 reaches the error
    const validated = encode('validate', task, witness);
    expect(validated.status).toBe(10);
    expect(validated.stdout).toMatch(
      /^witness confirmed: the replay fails the assertion at .*nondet-unsafe\.c:\d+:\d+$/m,
    );
    expect(lastLine(validated.stdout)).toBe('Result: FALSE(unreach-call)');
  });

  it('tampered, are rejected with the reason: a changed value, a moved target, another program, no YAML', () => {
    const text = readFileSync(witness, 'utf8');
    const value = /\\result == (-?\d+)/.exec(text)![1]!;
    const changed = join(folder, 'changed.yml');
    writeFileSync(changed, text.replace(`\\result == ${value}`, `\\result == ${BigInt(value) + 1000n}`));
    const first = encode('validate', task, changed);
    expect(first.status).toBe(20);
    expect(first.stdout).toMatch(/^witness rejected: its values do not reach the error: the replay /m);
    const targetLine = /type: target[\s\S]*?line: (\d+)/.exec(text)![1]!;
    const moved = join(folder, 'moved.yml');
    writeFileSync(moved, text.replace(/(type: target[\s\S]*?line: )\d+/, `$1${Number(targetLine) + 1}`));
    expect(encode('validate', task, moved).stdout).toMatch(
      /^witness rejected: the replay fails the assertion at line \d+, not at the target's line/m,
    );
    const otherProgram = taskFolder('nondet-unsafe.c', false);
    writeFileSync(
      join(otherProgram.folder, 'nondet-unsafe.c'),
      `${readFileSync(join(otherProgram.folder, 'nondet-unsafe.c'), 'utf8')}\n// changed\n`,
    );
    expect(encode('validate', otherProgram.task, witness).stdout).toMatch(
      /^witness rejected: the witness is for another program/m,
    );
    const garbage = join(folder, 'garbage.yml');
    writeFileSync(garbage, 'content: [\n');
    const unreadable = encode('validate', task, garbage);
    expect(unreadable.status).toBe(3);
    expect(unreadable.stderr).toMatch(/garbage\.yml: error: not YAML/);
  });
});
