// Benchmark campaigns (src/campaign, `encode bench`): tasks read from a manifest, task .yml files
// and C files with expected answers; verdicts judged against them; the summary table, CSV and the
// comparison with an earlier run; the cactus plot's SVG (drawn by Vega), also rendered by headless
// Chromium and looked at pixel by pixel; and a campaign killed halfway and rerun counts every pair once.

import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cactusSvg, palette, plotLibrary } from '../../src/campaign/plots.js';
import { certificateFields } from '../../src/campaign/certificates.js';
import {
  certificateTable,
  changesAgainst,
  markdownTable,
  resultsCsv,
  summarise,
  summariseCertificates,
} from '../../src/campaign/report.js';
import { judge, readResults, type CampaignResult } from '../../src/campaign/run.js';
import { loadTasks } from '../../src/campaign/tasks.js';
import { readPng } from '../support/png.js';
import { chromiumRequirement, corpusRequirement, corpusRoot, itWith } from '../support/requirements.js';

const projectRoot = resolve(import.meta.dirname, '..', '..');
const encodeBinary = join(projectRoot, 'bin', 'encode.js');
const regression = join(projectRoot, 'test', 'regression');

function temporaryDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'encode-campaign-'));
}

function result(
  task: string,
  encoding: string,
  verdict: CampaignResult['verdict'],
  seconds: number,
  expected: 'safe' | 'unsafe' = 'safe',
): CampaignResult {
  return {
    task,
    encoding,
    solver: 'z3',
    timeoutSeconds: 10,
    expected,
    verdict,
    ...judge(expected, verdict),
    timeout: verdict === 'unknown',
    seconds,
  };
}

describe('campaign tasks', () => {
  it('come from a folder of task definitions: the unreach-call property, its verdict and the data model', () => {
    const directory = temporaryDirectory();
    writeFileSync(join(directory, 'a.c'), 'int main(void) { return 0; }\n');
    writeFileSync(
      join(directory, 'a.yml'),
      "format_version: '2.0'\ninput_files: 'a.c'\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: false\noptions:\n  language: C\n  data_model: LP64\n",
    );
    writeFileSync(
      join(directory, 'b.yml'),
      "format_version: '2.0'\ninput_files: 'a.c'\nproperties:\n  - property_file: ../properties/valid-memsafety.prp\n    expected_verdict: true\n",
    );
    const loaded = loadTasks(directory);
    expect(loaded.kind).toBe('tasks');
    if (loaded.kind !== 'tasks') return;
    expect(loaded.tasks).toEqual([
      { id: 'a.yml', file: join(directory, 'a.c'), expected: 'unsafe', dataModel: 'LP64', property: 'unreach-call' },
    ]);
    writeFileSync(join(directory, 'c.yml'), 'input_files: [\n');
    expect(loadTasks(directory).kind).toBe('error');
  });

  it('come from a folder of C programs with their `// expected:` lines', () => {
    const loaded = loadTasks(regression);
    expect(loaded.kind === 'tasks' && loaded.tasks.length).toBeGreaterThanOrEqual(28);
    if (loaded.kind !== 'tasks') return;
    expect(loaded.tasks.find((task) => task.id === 'copy-safe.c')?.expected).toBe('safe');
    expect(loaded.tasks.find((task) => task.id === 'nondet-unsafe.c')?.expected).toBe('unsafe');
  });

  itWith(
    [corpusRequirement()],
    'come from the sv-arrays manifest: every entry, its verdict and its program',
    {},
    () => {
      // the copy of sv-arrays the suite runs on: 114 tasks, 91 of them expected safe
      const loaded = loadTasks(join(corpusRoot, 'manifest.json'));
      expect(loaded.kind === 'tasks' && loaded.tasks.length).toBe(114);
      if (loaded.kind !== 'tasks') return;
      expect(loaded.tasks.filter((task) => task.expected === 'safe').length).toBe(91);
      expect(loaded.tasks.every((task) => existsSync(task.file))).toBe(true);
    },
  );
});

describe('campaign reports', () => {
  const results = [
    result('p1.c', 'viap', 'safe', 0.5),
    result('p2.c', 'viap', 'unsafe', 1.5, 'unsafe'),
    result('p3.c', 'viap', 'unknown', 10),
    result('p1.c', 'chc', 'unsafe', 2),
    result('p2.c', 'chc', 'crash', 0.1, 'unsafe'),
    result('p3.c', 'chc', 'safe', 4),
  ];

  it('judge a definite verdict against the expected one, and never count UNKNOWN as wrong', () => {
    expect(judge('safe', 'safe')).toEqual({ correct: true, wrong: false });
    expect(judge('safe', 'unsafe')).toEqual({ correct: false, wrong: true });
    expect(judge('unsafe', 'unknown')).toEqual({ correct: false, wrong: false });
    expect(judge(undefined, 'safe')).toEqual({ correct: false, wrong: false });
  });

  it('summarise per encoding, wrong first in the Markdown table', () => {
    const [viap, chc] = summarise(results, ['viap', 'chc']);
    expect(viap).toMatchObject({
      tasks: 3,
      correctSafe: 1,
      correctUnsafe: 1,
      wrong: 0,
      unknown: 1,
      timeouts: 1,
      failures: 0,
      medianCorrectSeconds: 1,
    });
    expect(chc).toMatchObject({ tasks: 3, correctSafe: 1, correctUnsafe: 0, wrong: 1, unknown: 0, failures: 1 });
    const table = markdownTable([viap!, chc!]);
    expect(table.split('\n')[0]).toMatch(/^\| encoding \| wrong \| correct/);
    expect(table).toContain('| chc | 1 | 1 (1 + 0) | 0 | 0 | 1 | 4.00 | 6.1 |');
  });

  it('write every result as CSV, quoting what needs it', () => {
    const csv = resultsCsv([{ ...results[0]!, reason: 'a, "quoted" reason' }]);
    expect(csv.split('\n')[1]).toBe('p1.c,viap,z3,10,safe,safe,true,false,false,0.5,,"a, ""quoted"" reason",,,,,,');
  });

  it("read a SAFE's certificate from the --json record, with the proof's time and the certificate's", () => {
    // the portfolio: bmc proved it in 0.2 s, chc was asked (1.5 s, of which 0.3 s the check)
    const asked = certificateFields({
      verdict: 'safe',
      decidedBy: 'bmc',
      attempts: [
        { encoding: 'runs', verdict: 'unknown', milliseconds: 10 },
        { encoding: 'bmc', verdict: 'safe', milliseconds: 200 },
      ],
      certificate: { status: 'checked', from: 'chc', stepMilliseconds: 1500, checkMilliseconds: 300 },
    });
    expect(asked).toEqual({
      certificate: 'checked',
      certificateFrom: 'chc',
      proofSeconds: 0.2,
      certificateSeconds: 1.5,
      checkSeconds: 0.3,
    });
    // one encoding: its own check is taken off its time
    const own = certificateFields({
      verdict: 'safe',
      times: { encoding: 900, certificateCheck: 300 },
      certificate: { status: 'checked', checkMilliseconds: 300 },
    });
    expect(own).toEqual({ certificate: 'checked', proofSeconds: 0.6, certificateSeconds: 0.3, checkSeconds: 0.3 });
    expect(certificateFields({ verdict: 'safe', certificate: { status: 'none', reason: 'viap gives none' } })).toEqual({
      certificate: 'none',
      certificateReason: 'viap gives none',
    });
    expect(certificateFields({ verdict: 'unsafe' })).toEqual({});
  });

  it('count the certified SAFE verdicts per encoding, with the reasons of those without', () => {
    const certified = (task: string, from?: string): CampaignResult => ({
      ...result(task, 'portfolio', 'safe', 1),
      certificate: 'checked',
      ...(from === undefined ? {} : { certificateFrom: from }),
      proofSeconds: 0.5,
      certificateSeconds: 1,
      checkSeconds: 0.25,
    });
    const without = (task: string, reason: string): CampaignResult => ({
      ...result(task, 'portfolio', 'safe', 1),
      certificate: 'none',
      certificateReason: reason,
    });
    const [row] = summariseCertificates(
      [
        certified('a.c'),
        certified('b.c', 'chc'),
        without('c.c', 'viap gives no certificate; chc: timeout after 3.5 s'),
        without('d.c', 'viap gives no certificate; chc: timeout after 4.1 s'),
        result('e.c', 'portfolio', 'unsafe', 1, 'unsafe'),
        result('f.c', 'portfolio', 'safe', 1),
      ],
      ['portfolio'],
    );
    expect(row).toMatchObject({ safe: 5, checked: 2, asked: 1, none: 2, failed: 0, unrecorded: 1 });
    expect(row!.noneReasons).toEqual([['viap gives no certificate; chc: timeout after N s', 2]]);
    const table = certificateTable([row!]);
    expect(table).toContain('| portfolio | 5 | 2 (40 %) | 1 | 0 | 2 | 0 | 0.50, 1.00, 0.25 |');
    expect(table).toContain('- portfolio, 2×: viap gives no certificate; chc: timeout after N s');
  });

  it('list changed verdicts and slowdowns over 2x (and at least a second) against an earlier run', () => {
    const later = [
      result('p1.c', 'viap', 'unknown', 0.6),
      result('p2.c', 'viap', 'unsafe', 4, 'unsafe'),
      result('p3.c', 'viap', 'unknown', 10.5),
    ];
    expect(changesAgainst(results, later).map((change) => `${change.task} ${change.what}`)).toEqual([
      'p1.c safe -> unknown',
      'p2.c 1.50 s -> 4.00 s (2.7x slower)',
    ]);
  });

  it('draw the cactus plot: one coloured line per encoding with correct results, a legend, labelled axes', async () => {
    const svg = await cactusSvg(plotLibrary(), results, ['viap', 'chc', 'bmc'], 'a <campaign>');
    // Vega draws each series of the line mark as one path, labelled as a line mark
    expect(svg.match(/aria-roledescription="line mark"/g)?.length).toBe(2); // bmc has no correct result
    expect(svg).toContain(`stroke="${palette[0]}"`);
    expect(svg).toContain(`stroke="${palette[1]}"`);
    expect(svg).toContain('viap (2)');
    expect(svg).toContain('bmc (0)');
    expect(svg).toContain('tasks solved correctly');
    expect(svg).toContain('time per task, s (log scale)');
    expect(svg).toContain('a &lt;campaign&gt;');
  });

  itWith(
    [chromiumRequirement()],
    "render in a real browser: headless Chromium paints one line of each encoding's colour",
    { timeout: 60_000 },
    async () => {
      const directory = temporaryDirectory();
      const encodings = ['viap', 'chc', 'witness'];
      const many = encodings.flatMap((encoding, index) =>
        Array.from({ length: 12 }, (_, task) => result(`p${task}.c`, encoding, 'safe', 0.2 * (task + 1) * (index + 1))),
      );
      writeFileSync(join(directory, 'cactus.svg'), await cactusSvg(plotLibrary(), many, encodings, 'render check'));
      const png = join(directory, 'cactus.png');
      const rendered = spawnSync(
        'chromium',
        [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          `--screenshot=${png}`,
          '--window-size=800,420',
          `--user-data-dir=${join(directory, 'profile')}`,
          `file://${join(directory, 'cactus.svg')}`,
        ],
        { timeout: 50_000 },
      );
      expect(existsSync(png), String(rendered.stderr)).toBe(true);
      const image = readPng(readFileSync(png));
      expect(image.width).toBe(800);
      let coloured = 0;
      const perColour = encodings.map(() => 0);
      for (let pixel = 0; pixel < image.width * image.height; pixel++) {
        const [red, green, blue] = [image.rgb[pixel * 3]!, image.rgb[pixel * 3 + 1]!, image.rgb[pixel * 3 + 2]!];
        if (red < 200 || green < 200 || blue < 200) coloured++;
        encodings.forEach((_, index) => {
          const hex = palette[index]!;
          const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
          if (Math.abs(red - r!) + Math.abs(green - g!) + Math.abs(blue - b!) < 40) perColour[index]!++;
        });
      }
      expect(coloured).toBeGreaterThan(2_000); // not blank: axes, text and lines
      for (const [index, count] of perColour.entries()) expect(count, encodings[index]).toBeGreaterThan(200); // a line, not just the legend swatch
    },
  );
});

describe('encode bench', () => {
  it('killed halfway and rerun, counts every task and encoding once', { timeout: 300_000 }, async () => {
    const tasks = temporaryDirectory();
    for (const name of [
      'copy-safe.c',
      'counter-safe.c',
      'init-unsafe.c',
      'nondet-unsafe.c',
      'accel-overflow-safe.c',
      'accel-overflow-unsafe.c',
    ])
      copyFileSync(join(regression, name), join(tasks, name));
    const out = join(temporaryDirectory(), 'results');
    mkdirSync(out);
    const argumentsList = [
      encodeBinary,
      'bench',
      tasks,
      '--encodings',
      'bmc,viap',
      '--jobs',
      '2',
      '--timeout',
      '5',
      '--out-dir',
      out,
    ];
    const resultsPath = join(out, 'results.jsonl');
    // first run: killed once two results are in
    await new Promise<void>((done) => {
      const child = spawn(process.execPath, argumentsList, { stdio: 'ignore' });
      const poll = setInterval(() => {
        if (
          existsSync(resultsPath) &&
          readFileSync(resultsPath, 'utf8')
            .split('\n')
            .filter((line) => line !== '').length >= 2
        ) {
          child.kill('SIGKILL');
        }
      }, 50);
      child.on('exit', () => {
        clearInterval(poll);
        done();
      });
    });
    const partial = readResults(resultsPath).length;
    expect(partial).toBeGreaterThanOrEqual(2);
    expect(partial).toBeLessThan(12);
    const rerun = spawnSync(process.execPath, argumentsList, { encoding: 'utf8', timeout: 200_000 });
    expect(rerun.status, rerun.stderr).toBe(0);
    expect(rerun.stdout).toMatch(new RegExp(`12 results in .* \\(${12 - partial} run now, ${partial} resumed\\)`));
    const keys = readResults(resultsPath).map((entry) => `${entry.task} ${entry.encoding}`);
    expect(keys.length).toBe(12);
    expect(new Set(keys).size).toBe(12);
    for (const file of ['results.csv', 'table.md', 'cactus.svg', 'report.html', 'benchexec/encode.results.viap.xml'])
      expect(existsSync(join(out, file)), file).toBe(true);
    expect(readFileSync(join(out, 'table.md'), 'utf8')).toMatch(/\| viap \| 0 \| /);
  });
});
