// Front-end throughput: parse + lower every benchmark file of ../shared/bench/sv-arrays several
// times and print lines per second, separately for the preprocessed `.i` files and for all files.
// Usage: node dist/bench/frontend.js [--rounds 5]

import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseTranslationUnit } from '../src/frontend/parse.js';
import { readSource } from '../src/frontend/read-source.js';
import { lowerTranslationUnit } from '../src/ir/lower/index.js';
import { corpusManifest } from './corpus-manifest.js';

const corpusRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'bench', 'sv-arrays');
const roundsIndex = process.argv.indexOf('--rounds');
const rounds = roundsIndex >= 0 ? Number(process.argv[roundsIndex + 1]) : 5;

const tasks = corpusManifest(corpusRoot);
const sources = tasks.map((task) => {
  const result = readSource(task.file, {});
  if (result.kind === 'error') throw new Error(`cannot read ${task.id}`);
  return {
    file: task.id,
    dataModel: task.dataModel,
    text: result.source.text,
    lines: result.source.text.split('\n').length,
  };
});

interface Measurement {
  linesPerSecond: number;
  linesPerCpuSecond: number;
  parseShare: number;
  /** wall-clock lines per second of each phase alone (parse includes lexing and AST building) */
  parseLinesPerSecond: number;
  lowerLinesPerSecond: number;
  lowered: number;
}

function measure(selection: typeof sources): Measurement {
  // warm-up round (JIT, ANTLR's DFA cache)
  for (const source of selection) {
    const parsed = parseTranslationUnit(source.text, source.file);
    if (parsed.kind === 'parsed') lowerTranslationUnit(parsed.unit, source.file, { dataModel: source.dataModel });
  }
  let parseTime = 0;
  let lowerTime = 0;
  let lines = 0;
  let lowered = 0;
  const cpuStart = process.cpuUsage();
  for (let round = 0; round < rounds; round++) {
    for (const source of selection) {
      let start = performance.now();
      const parsed = parseTranslationUnit(source.text, source.file);
      parseTime += performance.now() - start;
      lines += source.lines;
      if (parsed.kind !== 'parsed') continue;
      start = performance.now();
      const result = lowerTranslationUnit(parsed.unit, source.file, { dataModel: source.dataModel });
      lowerTime += performance.now() - start;
      if (round === 0 && result.kind === 'lowered') lowered++;
    }
  }
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    linesPerSecond: lines / ((parseTime + lowerTime) / 1000),
    linesPerCpuSecond: lines / cpuSeconds,
    parseShare: parseTime / (parseTime + lowerTime),
    parseLinesPerSecond: lines / (parseTime / 1000),
    lowerLinesPerSecond: lines / (lowerTime / 1000),
    lowered,
  };
}

const preprocessedFiles = sources.filter((source) => source.file.endsWith('.i'));
const onI = measure(preprocessedFiles);
const onAll = measure(sources);
process.stdout.write(
  `.i files (${preprocessedFiles.length}): ${Math.round(onI.linesPerSecond)} lines/s parse+lower wall-clock, ${Math.round(onI.linesPerCpuSecond)} lines per CPU-second (parse ${(onI.parseShare * 100).toFixed(0)}%)\n`,
);
process.stdout.write(
  `.i files by phase (wall-clock): parse ${Math.round(onI.parseLinesPerSecond)} lines/s, lower ${Math.round(onI.lowerLinesPerSecond)} lines/s\n`,
);
process.stdout.write(
  `all files (${sources.length}, after preprocessing): ${Math.round(onAll.linesPerSecond)} lines/s parse+lower, ${onAll.lowered} lowered\n`,
);
