// A campaign's results as BenchExec result files (the XML that BenchExec's `table-generator` reads,
// structure of BenchExec's result DTD): one file per encoding, each encoding being one "run
// definition" of the tool `encode`, so that `table-generator benchexec/*.xml` puts the encodings
// side by side, and beside other tools' BenchExec results of the same tasks.
//
// Each task is one <run name=… files="[…]" properties=… expectedVerdict=…> with the columns
// status (true, false(unreach-call) or false(no-overflow), unknown, TIMEOUT, ERROR (…)), cputime and
// walltime (seconds with the unit `s`, as BenchExec writes them), and the hidden column category
// (correct, wrong, unknown, error, or missing for a task without an expected verdict), which
// table-generator reads instead of judging the status itself.
//
// What differs from a run of BenchExec: walltime is the job's wall-clock time in its worker
// process, cputime the worker process's own CPU time for the job (an external solver's processes are
// not in it; a result written before CPU time was recorded has no cputime column), and no memory is
// measured. The systeminfo is that of the machine that writes the file.

import { cpus, hostname, release, totalmem, type } from 'node:os';
import type { CampaignResult } from './run.js';

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** BenchExec's status of a result */
export function benchexecStatus(result: CampaignResult): string {
  switch (result.verdict) {
    case 'safe':
      return 'true';
    case 'unsafe':
      return `false(${result.property ?? 'unreach-call'})`;
    case 'unknown':
      return result.timeout ? 'TIMEOUT' : 'unknown';
    case 'error':
      return 'ERROR';
    case 'crash':
      return 'ERROR (crash)';
    default: {
      const never: never = result.verdict;
      throw new Error(`unknown verdict ${String(never)}`);
    }
  }
}

/** BenchExec's category of a result: what table-generator counts */
export function benchexecCategory(result: CampaignResult): 'correct' | 'wrong' | 'unknown' | 'error' | 'missing' {
  if (result.correct) return 'correct';
  if (result.wrong) return 'wrong';
  if (result.verdict === 'error' || result.verdict === 'crash' || result.timeout) return 'error';
  if (result.verdict === 'unknown') return 'unknown';
  return 'missing'; // a definite verdict on a task without an expected one
}

function attributes(values: Readonly<Record<string, string | undefined>>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}="${escapeXml(value!)}"`)
    .join(' ');
}

function runElement(result: CampaignResult): string {
  const file = result.file ?? result.task;
  const expected = result.expected === 'safe' ? 'true' : result.expected === 'unsafe' ? 'false' : undefined;
  const columns = [
    `    <column title="status" value="${escapeXml(benchexecStatus(result))}"/>`,
    ...(result.cpuSeconds === undefined ? [] : [`    <column title="cputime" value="${result.cpuSeconds}s"/>`]),
    `    <column title="walltime" value="${result.seconds}s"/>`,
    ...(result.host === undefined ? [] : [`    <column title="host" value="${escapeXml(result.host)}"/>`]),
    `    <column hidden="true" title="category" value="${benchexecCategory(result)}"/>`,
  ];
  const head = attributes({
    name: result.task,
    files: `[${file}]`,
    properties: result.property ?? 'unreach-call',
    expectedVerdict: expected,
  });
  return `  <run ${head}>\n${columns.join('\n')}\n  </run>`;
}

/** when and where the file is written, and the tool's version (BenchExec's required attributes) */
export interface BenchexecHeader {
  readonly benchmarkName: string;
  readonly encoding: string;
  readonly toolVersion: string;
  readonly started: Date;
}

function dateText(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** the result file of one encoding: a run per task of that encoding's results */
export function benchexecXml(results: readonly CampaignResult[], header: BenchexecHeader): string {
  const mine = results
    .filter((result) => result.encoding === header.encoding)
    .sort((left, right) => left.task.localeCompare(right.task));
  const timeLimit = mine[0]?.timeoutSeconds;
  const processors = cpus();
  const resultAttributes = attributes({
    benchmarkname: header.benchmarkName,
    name: `${header.benchmarkName}.${header.encoding}`,
    date: dateText(header.started),
    starttime: header.started.toISOString(),
    tool: 'encode',
    toolmodule: 'encode',
    version: header.toolVersion,
    options: header.encoding === 'portfolio' ? 'verify' : `--encoding ${header.encoding}`,
    timelimit: timeLimit === undefined ? undefined : `${timeLimit}s`,
    generator: `encode ${header.toolVersion}`,
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<!DOCTYPE result PUBLIC '+//IDN sosy-lab.org//DTD BenchExec result 3.0//EN' 'https://www.sosy-lab.org/benchexec/result-3.0.dtd'>",
    `<result ${resultAttributes}>`,
    '  <columns>',
    '    <column title="status"/>',
    '    <column title="cputime"/>',
    '    <column title="walltime"/>',
    '  </columns>',
    `  <systeminfo hostname="${escapeXml(hostname())}">`,
    `    <os name="${escapeXml(`${type()} ${release()}`)}"/>`,
    `    <cpu cores="${processors.length}" model="${escapeXml(processors[0]?.model ?? 'unknown')}"/>`,
    `    <ram size="${totalmem()}B"/>`,
    '    <environment/>',
    '  </systeminfo>',
    ...mine.map(runElement),
    '</result>',
    '',
  ].join('\n');
}

/** the file name of an encoding's result file: BenchExec's `<benchmark>.results.<run definition>.xml` */
export function benchexecFileName(benchmarkName: string, encoding: string): string {
  return `${benchmarkName}.results.${encoding.replace(/[^\w.-]/g, '_')}.xml`;
}
