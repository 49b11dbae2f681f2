// report.html: a campaign's results in one self-contained HTML file that works offline. It holds
// the summary per encoding (the rows of table.md), a summary per folder of tasks, the table of
// tasks × encodings (verdict and seconds per cell, wrong verdicts in red; sortable by a click on a
// column's head, filterable by text and to the rows with a wrong verdict), the cactus plot and the
// scatter plot of ./plots.ts, drawn in the page by Vega-Lite through vega-embed. The minified builds
// of vega, vega-lite and vega-embed are inlined, so the file needs no network.
//
// Everything written from the results is HTML-escaped; the data and specifications go into
// `<script type="application/json">` elements with `<` escaped, so no task name can end a script.
// The page shows "plots drawn" in its status line when both plots are drawn, and the error
// otherwise.

import { readFileSync } from 'node:fs';
import { libraryBuildPaths, cactusSpecification, scatterSpecification, taskFolder } from './plots.js';
import type { EncodingSummary } from './report.js';
import type { CampaignResult } from './run.js';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON that is safe inside a script element */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function seconds(value: number | undefined): string {
  return value === undefined ? '-' : value.toFixed(2);
}

function summaryTable(summaries: readonly EncodingSummary[]): string {
  const rows = summaries.map(
    (row) =>
      `<tr><td>${escapeHtml(row.encoding)}</td><td class="${row.wrong > 0 ? 'wrong' : ''}">${row.wrong}</td><td>${row.correctSafe + row.correctUnsafe} (${row.correctSafe} + ${row.correctUnsafe})</td><td>${row.unknown}</td><td>${row.timeouts}</td><td>${row.failures}</td><td>${seconds(row.medianCorrectSeconds)}</td><td>${row.totalSeconds.toFixed(1)}</td></tr>`,
  );
  return `<table id="summary"><thead><tr><th>encoding</th><th>wrong</th><th>correct (safe + unsafe)</th><th>unknown</th><th>of which timeouts</th><th>crashes, errors</th><th>median s (correct)</th><th>total s</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function folderTable(results: readonly CampaignResult[], encodings: readonly string[]): string {
  const folders = [...new Set(results.map((result) => taskFolder(result.task)))].sort();
  const rows = folders.map((folder) => {
    const mine = results.filter((result) => taskFolder(result.task) === folder);
    const tasks = new Set(mine.map((result) => result.task)).size;
    const cells = encodings.map((encoding) => {
      const of = mine.filter((result) => result.encoding === encoding);
      const wrong = of.filter((result) => result.wrong).length;
      const correct = of.filter((result) => result.correct);
      const total = correct.reduce((sum, result) => sum + result.seconds, 0);
      return `<td class="${wrong > 0 ? 'wrong' : ''}">${correct.length} correct${wrong > 0 ? `, ${wrong} wrong` : ''}, ${of.length - correct.length - wrong} other; ${total.toFixed(1)} s</td>`;
    });
    return `<tr><td>${escapeHtml(folder)}</td><td>${tasks}</td>${cells.join('')}</tr>`;
  });
  return `<table id="folders"><thead><tr><th>folder</th><th>tasks</th>${encodings.map((encoding) => `<th>${escapeHtml(encoding)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function resultCell(result: CampaignResult | undefined): string {
  if (result === undefined) return '<td data-sort="">-</td>';
  const kind = result.wrong ? 'wrong' : result.correct ? 'correct' : 'other';
  const title = result.reason === undefined ? '' : ` title="${escapeHtml(result.reason)}"`;
  return `<td class="${kind}" data-sort="${result.seconds.toFixed(3)}"${title}>${escapeHtml(result.verdict)}${result.timeout ? ' (timeout)' : ''} ${result.seconds.toFixed(2)} s</td>`;
}

function resultsTable(results: readonly CampaignResult[], encodings: readonly string[]): string {
  const byTask = new Map<string, Map<string, CampaignResult>>();
  for (const result of results) {
    const row = byTask.get(result.task) ?? new Map<string, CampaignResult>();
    row.set(result.encoding, result);
    byTask.set(result.task, row);
  }
  const rows = [...byTask.keys()].sort().map((task) => {
    const row = byTask.get(task)!;
    const expected = [...row.values()][0]?.expected ?? '-';
    const wrong = [...row.values()].some((result) => result.wrong);
    return `<tr class="${wrong ? 'has-wrong' : ''}"><td>${escapeHtml(task)}</td><td>${escapeHtml(taskFolder(task))}</td><td>${escapeHtml(String(expected))}</td>${encodings.map((encoding) => resultCell(row.get(encoding))).join('')}</tr>`;
  });
  const heads = ['task', 'folder', 'expected', ...encodings]
    .map((name, column) => `<th data-column="${column}">${escapeHtml(name)}</th>`)
    .join('');
  return `<table id="results"><thead><tr>${heads}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** the page's own script: sorting, filtering, and the plots */
const pageScript = `
(function () {
  var status = document.getElementById('status');
  var table = document.getElementById('results');
  var body = table.tBodies[0];
  var filter = document.getElementById('filter');
  var onlyWrong = document.getElementById('only-wrong');
  function applyFilter() {
    var text = filter.value.toLowerCase();
    for (var row of body.rows) {
      var shown = row.textContent.toLowerCase().indexOf(text) >= 0 && (!onlyWrong.checked || row.classList.contains('has-wrong'));
      row.style.display = shown ? '' : 'none';
    }
  }
  filter.addEventListener('input', applyFilter);
  onlyWrong.addEventListener('change', applyFilter);
  for (var head of table.tHead.rows[0].cells) {
    head.addEventListener('click', function (event) {
      var column = Number(event.currentTarget.dataset.column);
      var ascending = event.currentTarget.dataset.order !== 'ascending';
      event.currentTarget.dataset.order = ascending ? 'ascending' : 'descending';
      var key = function (row) { var cell = row.cells[column]; return cell.dataset.sort !== undefined && cell.dataset.sort !== '' ? Number(cell.dataset.sort) : cell.textContent; };
      var rows = Array.from(body.rows).sort(function (left, right) {
        var a = key(left), b = key(right);
        var order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
        return ascending ? order : -order;
      });
      for (var row of rows) body.appendChild(row);
    });
  }
  var specifications = JSON.parse(document.getElementById('specifications').textContent);
  var options = { renderer: 'svg', actions: false };
  Promise.all([vegaEmbed('#cactus', specifications.cactus, options), vegaEmbed('#scatter', specifications.scatter, options)])
    .then(function () { status.textContent = 'plots drawn'; status.dataset.state = 'drawn'; })
    .catch(function (error) { status.textContent = 'could not draw the plots: ' + error; status.dataset.state = 'failed'; console.error(error); });
})();
`;

const style = `
body { font-family: sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 7px; text-align: left; }
th { background: #f0f0f0; }
#results th { cursor: pointer; }
td.wrong { color: #c00000; font-weight: bold; background: #ffe8e8; }
td.correct { color: #006000; }
td.other { color: #666; }
.plots { display: flex; flex-wrap: wrap; gap: 2em; }
#status { color: #666; font-size: 12px; }
`;

export interface HtmlReport {
  readonly title: string;
  readonly results: readonly CampaignResult[];
  readonly encodings: readonly string[];
  readonly summaries: readonly EncodingSummary[];
}

/** the whole page, with the three libraries inlined */
export function reportHtml(report: HtmlReport): string {
  const builds = libraryBuildPaths();
  const libraries = [builds.vega, builds.vegaLite, builds.vegaEmbed]
    .map((path) => `<script>${readFileSync(path, 'utf8')}</script>`)
    .join('\n');
  const specifications = {
    cactus: cactusSpecification(report.results, report.encodings, 'tasks solved correctly against time per task'),
    scatter: scatterSpecification(report.results, report.encodings),
  };
  const tasks = new Set(report.results.map((result) => result.task)).size;
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(report.title)}</title>`,
    `<style>${style}</style>`,
    libraries,
    '</head><body>',
    `<h1>${escapeHtml(report.title)}</h1>`,
    `<p>${tasks} tasks × ${report.encodings.length} encodings, ${report.results.length} results. <span id="status">drawing the plots…</span></p>`,
    '<h2>Per encoding</h2>',
    summaryTable(report.summaries),
    '<h2>Plots</h2>',
    '<div class="plots"><div id="cactus"></div><div id="scatter"></div></div>',
    '<h2>Per folder</h2>',
    folderTable(report.results, report.encodings),
    '<h2>Tasks</h2>',
    '<p><label>filter: <input id="filter" type="search" placeholder="task, verdict, …"></label> <label><input id="only-wrong" type="checkbox"> only tasks with a wrong verdict</label> (click a column head to sort)</p>',
    resultsTable(report.results, report.encodings),
    `<script type="application/json" id="specifications">${scriptJson(specifications)}</script>`,
    `<script>${pageScript}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}
