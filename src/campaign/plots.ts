// The plots of a campaign as Vega-Lite specifications, and the static cactus plot drawn by Vega in
// Node (View.toSVG, no browser). The same specifications are embedded in report.html
// (./html-report.ts), where the browser draws them with the same library.
//
// - cactus: for each encoding, its correctly decided tasks sorted by time, the k-th at (k, its time):
//   a line further right solves more, a lower line solves faster; time axis logarithmic; one colour
//   per encoding (the palette below), the legend says how many each solved.
// - scatter: one point per task, the time of one encoding against another's (both chosen in the
//   page), log scales; a task an encoding did not decide correctly sits on the edge of its axis
//   (at `edgeFactor` × the largest budget), so timeouts line the top and right borders.
//
// Vega and Vega-Lite are loaded on first use, from the minified builds of their packages (the same
// files report.html inlines), evaluated as CommonJS modules: nothing of them is loaded by commands
// that draw no plot (`encode --help` starts as fast as before), and the bundle (scripts/bundle.mjs)
// does not contain them. Loaded once per call of `plotLibrary` (no module-level cache: no global state).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix } from 'node:path';
import { runInThisContext } from 'node:vm';
import type * as Vega from 'vega';
import type * as VegaLite from 'vega-lite';
import type { CampaignResult } from './run.js';

/** distinct colours, one per encoding in order (cycled past ten) */
export const palette = [
  '#1f77b4',
  '#d62728',
  '#2ca02c',
  '#ff7f0e',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#bcbd22',
  '#7f7f7f',
] as const;

/** an undecided task sits at this multiple of the largest budget in the scatter plot */
export const edgeFactor = 1.5;

/** the shortest time drawn (a log scale has no zero) */
const floorSeconds = 0.01;

/** the minified browser builds of the three packages (UMD files) */
export interface LibraryBuilds {
  readonly vega: string;
  readonly vegaLite: string;
  readonly vegaEmbed: string;
}

/** the paths of the minified builds, found beside each package's entry point */
export function libraryBuildPaths(): LibraryBuilds {
  const require = createRequire(import.meta.url);
  const buildFolder = (name: string): string => dirname(require.resolve(name));
  return {
    vega: join(buildFolder('vega'), 'vega.min.js'),
    vegaLite: join(buildFolder('vega-lite'), 'vega-lite.min.js'),
    vegaEmbed: join(buildFolder('vega-embed'), 'vega-embed.min.js'),
  };
}

/** evaluates a UMD build as a CommonJS module whose `require` knows only `dependencies` */
function evaluateBuild(path: string, dependencies: Readonly<Record<string, unknown>>): unknown {
  const module = { exports: {} as Record<string, unknown> };
  const wrapper = runInThisContext(`(function (exports, require, module) {${readFileSync(path, 'utf8')}\n})`, {
    filename: path,
  }) as (exports: unknown, require: (name: string) => unknown, module: unknown) => void;
  const requireDependency = (name: string): unknown => {
    if (name in dependencies) return dependencies[name];
    throw new Error(`${path} asks for '${name}', which the plots do not provide`);
  };
  wrapper.call(module.exports, module.exports, requireDependency, module);
  return module.exports;
}

export interface PlotLibrary {
  readonly vega: typeof Vega;
  readonly vegaLite: typeof VegaLite;
}

/** loads Vega and Vega-Lite (a few hundred milliseconds: call it only to draw) */
export function plotLibrary(): PlotLibrary {
  const paths = libraryBuildPaths();
  const vega = evaluateBuild(paths.vega, {}) as typeof Vega;
  const vegaLite = evaluateBuild(paths.vegaLite, { vega }) as typeof VegaLite;
  return { vega, vegaLite };
}

/** the folder part of a task's id (`.` for a task at the top of the source) */
export function taskFolder(task: string): string {
  return posix.dirname(task.replace(/\\/g, '/'));
}

/** the label of an encoding in the legends: its name and how many tasks it decided correctly */
function encodingLabel(encoding: string, results: readonly CampaignResult[]): string {
  return `${encoding} (${results.filter((result) => result.encoding === encoding && result.correct).length})`;
}

/** the Vega-Lite specification of the cactus plot */
export function cactusSpecification(
  results: readonly CampaignResult[],
  encodings: readonly string[],
  title: string,
): VegaLite.TopLevelSpec {
  const labels = encodings.map((encoding) => encodingLabel(encoding, results));
  const points = encodings.flatMap((encoding, index) =>
    results
      .filter((result) => result.encoding === encoding && result.correct)
      .map((result) => Math.max(result.seconds, floorSeconds))
      .sort((left, right) => left - right)
      .map((seconds, rank) => ({ encoding: labels[index]!, solved: rank + 1, seconds })),
  );
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title,
    width: 560,
    height: 340,
    background: '#ffffff',
    data: { values: points },
    mark: { type: 'line', point: true, strokeWidth: 2.5 },
    encoding: {
      x: { field: 'solved', type: 'quantitative', title: 'tasks solved correctly', axis: { tickMinStep: 1 } },
      y: { field: 'seconds', type: 'quantitative', title: 'time per task, s (log scale)', scale: { type: 'log' } },
      color: {
        field: 'encoding',
        type: 'nominal',
        title: 'encoding (solved)',
        scale: { domain: labels, range: [...labels.map((_, index) => palette[index % palette.length]!)] },
      },
      tooltip: [{ field: 'encoding' }, { field: 'solved' }, { field: 'seconds', format: '.2f' }],
    },
  };
}

/** one row per task for the scatter plot: per encoding, its time when it decided correctly, else the edge */
export function scatterRows(
  results: readonly CampaignResult[],
  encodings: readonly string[],
): { task: string; folder: string; seconds: Record<string, number>; decided: Record<string, boolean> }[] {
  const edge = edgeFactor * Math.max(1, ...results.map((result) => result.timeoutSeconds));
  const tasks = [...new Set(results.map((result) => result.task))].sort();
  return tasks.map((task) => {
    const seconds: Record<string, number> = {};
    const decided: Record<string, boolean> = {};
    for (const encoding of encodings) {
      const result = results.find((candidate) => candidate.task === task && candidate.encoding === encoding);
      decided[encoding] = result?.correct === true;
      seconds[encoding] = result?.correct === true ? Math.max(result.seconds, floorSeconds) : edge;
    }
    return { task, folder: taskFolder(task), seconds, decided };
  });
}

/** the Vega-Lite specification of the scatter plot: two selectors pick the encodings of the axes */
export function scatterSpecification(
  results: readonly CampaignResult[],
  encodings: readonly string[],
): VegaLite.TopLevelSpec {
  const edge = edgeFactor * Math.max(1, ...results.map((result) => result.timeoutSeconds));
  const first = encodings[0] ?? '';
  const second = encodings[1] ?? first;
  const domain = [floorSeconds, edge * 1.05];
  const axisScale = { type: 'log', domain } as const;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: 'time per task, one encoding against another (undecided: on the edge)',
    width: 380,
    height: 380,
    background: '#ffffff',
    params: [
      { name: 'horizontal', value: first, bind: { input: 'select', options: [...encodings], name: 'x axis: ' } },
      { name: 'vertical', value: second, bind: { input: 'select', options: [...encodings], name: 'y axis: ' } },
    ],
    layer: [
      {
        data: { values: [{ seconds: domain[0] }, { seconds: edge }] },
        mark: { type: 'line', color: '#999999', strokeDash: [4, 4] },
        encoding: {
          x: { field: 'seconds', type: 'quantitative', scale: axisScale },
          y: { field: 'seconds', type: 'quantitative', scale: axisScale },
        },
      },
      {
        data: { values: scatterRows(results, encodings) },
        transform: [
          { calculate: 'datum.seconds[horizontal]', as: 'x' },
          { calculate: 'datum.seconds[vertical]', as: 'y' },
          {
            calculate:
              "datum.decided[horizontal] ? (datum.decided[vertical] ? 'both decided' : 'only x decided') : (datum.decided[vertical] ? 'only y decided' : 'neither')",
            as: 'outcome',
          },
        ],
        mark: { type: 'point', filled: true, size: 50, opacity: 0.8 },
        encoding: {
          x: { field: 'x', type: 'quantitative', title: 'x encoding, s (log scale)', scale: axisScale },
          y: { field: 'y', type: 'quantitative', title: 'y encoding, s (log scale)', scale: axisScale },
          color: {
            field: 'outcome',
            type: 'nominal',
            title: 'outcome',
            scale: {
              domain: ['both decided', 'only x decided', 'only y decided', 'neither'],
              range: ['#1f77b4', '#2ca02c', '#ff7f0e', '#7f7f7f'],
            },
          },
          tooltip: [
            { field: 'task' },
            { field: 'x', format: '.2f' },
            { field: 'y', format: '.2f' },
            { field: 'outcome' },
          ],
        },
      },
    ],
  };
}

/** the cactus plot as standalone SVG, drawn by Vega in Node */
export async function cactusSvg(
  library: PlotLibrary,
  results: readonly CampaignResult[],
  encodings: readonly string[],
  title: string,
): Promise<string> {
  const compiled = library.vegaLite.compile(cactusSpecification(results, encodings, title)).spec;
  const view = new library.vega.View(library.vega.parse(compiled), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return `${svg}\n`;
}
