// Everything a campaign writes beside its results.jsonl once its results are in (a local run, or a
// merge of runs elsewhere): results.csv, table.md, cactus.svg (drawn by Vega), report.html (one
// self-contained page) and one BenchExec result file per encoding in benchexec/.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchexecFileName, benchexecXml } from './benchexec.js';
import { reportHtml } from './html-report.js';
import { cactusSvg, plotLibrary } from './plots.js';
import { certificateTable, markdownTable, resultsCsv, summarise, summariseCertificates } from './report.js';
import type { CampaignResult } from './run.js';

export interface CampaignOutputs {
  /** table.md's text */
  readonly table: string;
  /** the files written, in order */
  readonly files: readonly string[];
}

export interface OutputSettings {
  readonly directory: string;
  readonly results: readonly CampaignResult[];
  readonly encodings: readonly string[];
  /** the title of the plots and the page */
  readonly title: string;
  /** encode's version, for the BenchExec files */
  readonly toolVersion: string;
}

export async function writeCampaignOutputs(settings: OutputSettings): Promise<CampaignOutputs> {
  const { directory, results, encodings } = settings;
  const summaries = summarise(results, encodings);
  const certificates = summariseCertificates(results, encodings);
  const table = certificates.some((row) => row.safe > 0)
    ? `${markdownTable(summaries)}\n${certificateTable(certificates)}`
    : markdownTable(summaries);
  const files: string[] = [];
  const write = (name: string, text: string): void => {
    const path = join(directory, name);
    writeFileSync(path, text);
    files.push(path);
  };
  write('results.csv', resultsCsv(results));
  write('table.md', table);
  write('cactus.svg', await cactusSvg(plotLibrary(), results, encodings, settings.title));
  write('report.html', reportHtml({ title: settings.title, results, encodings, summaries }));
  mkdirSync(join(directory, 'benchexec'), { recursive: true });
  const started = new Date();
  for (const encoding of encodings) {
    write(
      join('benchexec', benchexecFileName('encode', encoding)),
      benchexecXml(results, { benchmarkName: 'encode', encoding, toolVersion: settings.toolVersion, started }),
    );
  }
  return { table, files };
}
