// What a campaign writes beside its results (src/campaign/outputs.ts): report.html opened in
// headless Chromium (through playwright-core) loads with no console error and no network request,
// draws one cactus line per encoding that decided a task and one scatter point per task, shows a
// wrong verdict in red, sorts and filters its table; a screenshot is kept in the test's folder. The
// BenchExec files are well-formed XML with the structure of BenchExec's result DTD: one <run> per
// task, the columns status, cputime and walltime, and the hidden category.

import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchexecCategory, benchexecStatus } from '../../src/campaign/benchexec.js';
import { writeCampaignOutputs } from '../../src/campaign/outputs.js';
import { judge, type CampaignResult } from '../../src/campaign/run.js';
import { chromiumRequirement, itWith } from '../support/requirements.js';
import { parseXml, type XmlElement } from '../support/xml.js';

const encodings = ['bmc', 'viap', 'induct'];

/** 12 tasks in two folders; viap wrong on one, bmc never proves SAFE, induct times out on some */
function campaignResults(): CampaignResult[] {
  return encodings.flatMap((encoding, index) =>
    Array.from({ length: 12 }, (_, number): CampaignResult => {
      const expected = number % 2 === 0 ? 'safe' : 'unsafe';
      const verdict =
        encoding === 'bmc' && expected === 'safe'
          ? 'unknown'
          : encoding === 'viap' && number === 3
            ? 'safe'
            : encoding === 'induct' && number % 4 === 0
              ? 'unknown'
              : expected;
      const task = `${number < 6 ? 'arrays' : 'counters'}/task-${number}.c`;
      return {
        job: `j${index}${number}`,
        task,
        file: `/bench/${task}`,
        encoding,
        solver: 'z3',
        timeoutSeconds: 5,
        expected,
        verdict,
        ...judge(expected, verdict),
        timeout: encoding === 'induct' && verdict === 'unknown',
        seconds: 0.05 * (number + 1) * (index + 1),
        cpuSeconds: 0.01 * (number + 1),
      };
    }),
  );
}

async function writeOutputs(): Promise<string> {
  const directory = mkdtempSync(join(tmpdir(), 'encode-report-'));
  await writeCampaignOutputs({
    directory,
    results: campaignResults(),
    encodings,
    title: 'report <check>',
    toolVersion: '0.0.0-test',
  });
  return directory;
}

function children(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}

describe('the BenchExec result files', () => {
  it("are well-formed, one per encoding, with one run per task and the columns of BenchExec's result DTD", async () => {
    const directory = await writeOutputs();
    for (const encoding of encodings) {
      const root = parseXml(readFileSync(join(directory, 'benchexec', `encode.results.${encoding}.xml`), 'utf8'));
      expect(root.name).toBe('result');
      for (const attribute of ['benchmarkname', 'starttime', 'date', 'tool', 'toolmodule', 'version', 'generator'])
        expect(root.attributes[attribute], attribute).toBeTruthy();
      // result (description?, columns, systeminfo+, run*, column*)
      expect(root.children.map((child) => child.name).join(' ')).toMatch(
        /^columns systeminfo( systeminfo)*( run)*( column)*$/,
      );
      expect(children(children(root, 'columns')[0]!, 'column').map((column) => column.attributes['title'])).toEqual([
        'status',
        'cputime',
        'walltime',
      ]);
      expect(children(root, 'systeminfo')[0]!.children.map((child) => child.name)).toEqual([
        'os',
        'cpu',
        'ram',
        'environment',
      ]);
      const runs = children(root, 'run');
      expect(runs.length).toBe(12);
      expect(new Set(runs.map((run) => run.attributes['name'])).size).toBe(12);
      const mine = campaignResults().filter((result) => result.encoding === encoding);
      for (const run of runs) {
        const result = mine.find((candidate) => candidate.task === run.attributes['name'])!;
        expect(run.attributes['files']).toBe(`[/bench/${result.task}]`);
        expect(run.attributes['expectedVerdict']).toBe(result.expected === 'safe' ? 'true' : 'false');
        const columns = Object.fromEntries(
          children(run, 'column').map((column) => [column.attributes['title'], column.attributes['value']]),
        );
        expect(columns['status']).toBe(benchexecStatus(result));
        expect(columns['cputime']).toMatch(/^\d+(\.\d+)?s$/);
        expect(columns['walltime']).toBe(`${result.seconds}s`);
        expect(columns['category']).toBe(benchexecCategory(result));
      }
    }
  });

  it('say true, false(unreach-call), unknown and TIMEOUT, and judge correct, wrong, unknown and error', () => {
    const statuses = campaignResults().map(
      (result) => `${result.encoding} ${benchexecStatus(result)} ${benchexecCategory(result)}`,
    );
    expect(statuses).toContain('viap true wrong');
    expect(statuses).toContain('viap false(unreach-call) correct');
    expect(statuses).toContain('bmc unknown unknown');
    expect(statuses).toContain('induct TIMEOUT error');
  });
});

describe('report.html', () => {
  itWith(
    [chromiumRequirement()],
    'opens in headless Chromium with no console error: a line per encoding, a point per task, wrong in red, sorting and filtering',
    { timeout: 90_000 },
    async () => {
      const directory = await writeOutputs();
      const page = join(directory, 'report.html');
      expect(statSync(page).size).toBeGreaterThan(500_000); // the three libraries are inlined
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      try {
        const tab = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
        const problems: string[] = [];
        tab.on('console', (message) => {
          if (message.type() === 'error') problems.push(`console: ${message.text()}`);
        });
        tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        tab.on('request', (request) => {
          if (!request.url().startsWith('file:')) problems.push(`network: ${request.url()}`);
        });
        await tab.goto(`file://${page}`);
        await tab.waitForSelector('#status[data-state]', { timeout: 30_000 });
        expect(await tab.textContent('#status')).toBe('plots drawn');
        // every encoding decided some task: one line each; the scatter has one point per task
        expect(await tab.locator('#cactus [aria-roledescription="line mark"]').count()).toBe(3);
        expect(await tab.locator('#scatter g.mark-symbol.role-mark path').count()).toBe(12);
        expect(await tab.locator('#results tbody tr').count()).toBe(12);
        const wrong = tab.locator('#results td.wrong');
        expect(await wrong.count()).toBe(1);
        expect(await wrong.evaluate((cell) => getComputedStyle(cell).color)).toBe('rgb(192, 0, 0)');
        await tab.screenshot({ path: join(directory, 'report.png'), fullPage: true });
        expect(statSync(join(directory, 'report.png')).size).toBeGreaterThan(20_000);
        // filter to the wrong row, then sort by viap's time, descending after two clicks
        await tab.check('#only-wrong');
        expect(await tab.locator('#results tbody tr:visible').count()).toBe(1);
        await tab.uncheck('#only-wrong');
        await tab.fill('#filter', 'counters/');
        expect(await tab.locator('#results tbody tr:visible').count()).toBe(6);
        await tab.fill('#filter', '');
        await tab.click('#results th[data-column="4"]');
        await tab.click('#results th[data-column="4"]');
        expect(await tab.locator('#results tbody tr td:first-child').first().textContent()).toBe('counters/task-11.c');
        expect(problems).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
