// Corpus test: every benchmark program of the corpus (../shared/bench/sv-arrays or ENCODE_CORPUS) parses. `.c` files are run
// through `cpp -P` first (the real preprocessor is a separate module); `.i` files are used as is.
// Also measures parse throughput (SLL first pass) on the `.i` files after warm-up.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parseTranslationUnit } from '../../src/frontend/parse.js';
import { corpus, corpusRoot as benchRoot, corpusTasks } from '../corpus/corpus.js';
import { describeWith } from '../support/requirements.js';

const manifest = corpus.available ? corpusTasks() : [];

function sourceText(file: string): string {
  const path = join(benchRoot, file);
  if (file.endsWith('.i')) {
    return readFileSync(path, 'utf8');
  }
  return execFileSync('/usr/bin/cpp', ['-P', path], { encoding: 'utf8' });
}

describeWith([corpus], 'sv-arrays corpus', () => {
  it('has every benchmark file of the manifest', () => {
    // the copy of sv-arrays the suite runs on lists 114 tasks
    expect(manifest.length).toBe(114);
    for (const task of manifest) expect(existsSync(task.path), task.file).toBe(true);
  });

  it('parses every file', () => {
    const failures: string[] = [];
    for (const { file } of manifest) {
      const result = parseTranslationUnit(sourceText(file), file);
      if (result.kind !== 'parsed') {
        failures.push(
          `${file}: ${result.diagnostics.map((d) => `${d.location.line}:${d.location.column} ${d.message}`).join('; ')}`,
        );
      } else {
        expect(result.unit.items.length).toBeGreaterThan(0);
      }
    }
    console.log(`corpus: ${manifest.length - failures.length}/${manifest.length} files parse`);
    expect(failures).toEqual([]);
  });

  // Throughput is measured in CPU time of this process (process.cpuUsage), which is less sensitive
  // to other processes competing for the machine than wall-clock time; the best of several rounds
  // is taken to filter out interference (GC pauses, contention). Wall-clock time is printed too.
  it('parses .i files at >= 20,000 lines per CPU-second after warm-up', () => {
    const texts = manifest
      .filter(({ file }) => file.endsWith('.i'))
      .map(({ file }) => readFileSync(join(benchRoot, file), 'utf8'));
    const lines = texts.reduce((sum, text) => sum + text.split('\n').length, 0);
    for (let round = 0; round < 5; round++) {
      for (const text of texts) parseTranslationUnit(text, 'warm-up.i');
    }
    let parsed = 0;
    let bestCpu = 0;
    let bestWall = 0;
    for (let round = 0; round < 8; round++) {
      const cpuStart = process.cpuUsage();
      const wallStart = performance.now();
      for (const text of texts) {
        if (parseTranslationUnit(text, 'timed.i').kind === 'parsed') parsed++;
      }
      const cpu = process.cpuUsage(cpuStart);
      bestCpu = Math.max(bestCpu, lines / ((cpu.user + cpu.system) / 1e6));
      bestWall = Math.max(bestWall, lines / ((performance.now() - wallStart) / 1000));
    }
    console.log(
      `throughput (best of 8 rounds): ${Math.round(bestCpu)} lines per CPU-second, ${Math.round(bestWall)} lines per wall-second ` +
        `(${texts.length} .i files, ${lines} lines)`,
    );
    expect(parsed).toBe(texts.length * 8);
    expect(bestCpu).toBeGreaterThanOrEqual(20_000);
  });
});
