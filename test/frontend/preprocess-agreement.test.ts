// The built-in preprocessor's predefined macros and standard-header macros agree with the system
// preprocessor's for the data model the system preprocessor targets natively; and a program whose
// meaning depends on the data model never gets the host's widths for another data model.

import { spawnSync } from 'node:child_process';

import { describe, expect, it } from 'vitest';

import { predefinedMacros, standardHeader } from '../../src/frontend/preprocess-headers.js';
import { findSystemPreprocessor, preprocess, type DataModel } from '../../src/frontend/preprocess.js';
import { targetArguments } from '../../src/frontend/preprocess-system.js';

const system = findSystemPreprocessor();

function tokensOf(text: string): string {
  return (text.match(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\w+|\S/g) ?? []).join(' ');
}

function systemMacros(argumentList: readonly string[]): Map<string, string> {
  const result = spawnSync(system!.command, [...system!.leadingArguments, ...argumentList, '-dM', '-'], {
    input: '',
    encoding: 'utf8',
  });
  const macros = new Map<string, string>();
  for (const line of result.stdout.split('\n')) {
    const match = /^#define (\S+)(?: (.*))?$/.exec(line);
    if (match !== null) macros.set(match[1]!, match[2] ?? '');
  }
  return macros;
}

/** The data models the system preprocessor can target on this machine. */
function targetedDataModels(): { dataModel: DataModel; arguments: readonly string[] }[] {
  return (['ILP32', 'LP64'] as const).flatMap((dataModel) => {
    const argumentList = targetArguments(system!, dataModel);
    return argumentList === undefined ? [] : [{ dataModel, arguments: argumentList }];
  });
}

describe('built-in and system preprocessors agree', () => {
  it('on the predefined macros', () => {
    expect(system).toBeDefined();
    const targets = targetedDataModels();
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) {
      const reference = systemMacros(target.arguments);
      for (const definition of predefinedMacros(target.dataModel)) {
        const [name, ...body] = definition.split(' ');
        expect(reference.has(name!), `${name} defined by ${system!.command}`).toBe(true);
        if (name!.startsWith('__GNUC')) continue; // the compiler version may differ between machines
        expect(tokensOf(body.join(' ')), `${target.dataModel} ${name}`).toBe(tokensOf(reference.get(name!)!));
      }
    }
  });

  it('on the values of the standard-header macros', () => {
    const headers = ['limits.h', 'stdint.h', 'stdbool.h', 'stddef.h', 'stdlib.h', 'stdio.h', 'string.h'];
    for (const target of targetedDataModels()) {
      const includes = headers.map((header) => `#include <${header}>\n`).join('');
      let checks = '';
      const textual: string[] = [];
      for (const header of headers) {
        for (const definition of standardHeader(header, target.dataModel)!.macros) {
          const name = /^\w+/.exec(definition)![0];
          if (/^\w+\(/.test(definition)) continue; // function-like: compared through the corpus
          const builtin = preprocess(`#include <${header}>\n${name}\n`, 'probe.c', {
            mode: 'builtin',
            dataModel: target.dataModel,
          });
          expect(builtin.kind).toBe('preprocessed');
          const value =
            builtin.kind === 'preprocessed' ? tokensOf(builtin.source.text.trimEnd().split('\n').pop()!) : '';
          if (/^[\d\s()+\-*ULul]+$/.test(value)) {
            checks += `#if (${name}) != (${value}) || ((${name}) < 0) != ((${value}) < 0)\n#error ${name} differs\n#endif\n`;
          } else textual.push(name);
          // NULL, bool, true ... are compared as text below
        }
      }
      expect(checks.split('#error').length - 1).toBeGreaterThan(40);
      expect(textual).toEqual(expect.arrayContaining(['NULL', 'bool']));
      const result = preprocess(includes + checks, 'probe.c', { mode: 'system', dataModel: target.dataModel });
      expect(result.kind === 'error' ? result.diagnostics[0]!.message : 'agree', target.dataModel).toBe('agree');
      for (const name of new Set(textual)) {
        const text = `${includes}${name}\n`;
        const builtin = preprocess(text, 'probe.c', { mode: 'builtin', dataModel: target.dataModel });
        const reference = preprocess(text, 'probe.c', { mode: 'system', dataModel: target.dataModel });
        const lastLine = (output: typeof builtin): string =>
          output.kind === 'preprocessed' ? tokensOf(output.source.text.trimEnd().split('\n').pop()!) : 'error';
        expect(lastLine(builtin), name).toBe(lastLine(reference));
      }
    }
  });
});

describe('data model safety of the system path', () => {
  const program = '#include <limits.h>\nlong x = LONG_MAX;\n';

  for (const dataModel of ['ILP32', 'LP64'] as const) {
    it(`gives LONG_MAX its ${dataModel} value in auto mode, or refuses in system mode`, () => {
      const expected = dataModel === 'ILP32' ? 2147483647n : 9223372036854775807n;
      const automatic = preprocess(program, 'p.c', { mode: 'auto', dataModel });
      expect(automatic.kind).toBe('preprocessed');
      if (automatic.kind !== 'preprocessed') return;
      const literal = /long x = \(?\s*([0-9a-fA-Fx]+)[lL]*\s*\)?\s*;/.exec(automatic.source.text.replace(/\s+/g, ' '));
      expect(literal, automatic.source.text.slice(-200)).not.toBeNull();
      expect(BigInt(literal![1]!)).toBe(expected);
      const forced = preprocess(program, 'p.c', { mode: 'system', dataModel });
      if (targetArguments(system!, dataModel) === undefined) {
        expect(automatic.preprocessor).toBe('builtin');
        expect(forced.kind === 'error' && forced.diagnostics[0]).toMatchObject({
          severity: 'unsupported',
          location: { line: 2, column: 10 },
        });
      } else {
        expect(automatic.preprocessor).toBe('system');
        expect(forced.kind).toBe('preprocessed');
      }
    });
  }
});
