// The cactus plot of a campaign as standalone SVG: for each encoding, its correctly decided tasks
// sorted by time, the k-th at (k, its time): a line further right solves more, a lower line solves
// faster. Time axis logarithmic; one colour per encoding, a legend with the solved counts, axis
// labels and a title. Written as text (no library); every label is XML-escaped.

import type { CampaignResult } from './run.js';

/** distinct colours, one per encoding in order (cycled past ten) */
export const palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22', '#7f7f7f'] as const;

const width = 760;
const height = 460;
const margin = { left: 70, right: 190, top: 40, bottom: 60 } as const;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function niceStep(maximum: number): number {
  const rough = Math.max(1, maximum / 8);
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= rough) return factor * power;
  return 10 * power;
}

export function cactusSvg(results: readonly CampaignResult[], encodings: readonly string[], title: string): string {
  const series = encodings.map((encoding) => ({
    encoding,
    times: results.filter((result) => result.encoding === encoding && result.correct).map((result) => Math.max(result.seconds, 0.01)).sort((left, right) => left - right),
  }));
  const solvedMaximum = Math.max(1, ...series.map((line) => line.times.length));
  const allTimes = series.flatMap((line) => line.times);
  const timeout = Math.max(1, ...results.map((result) => result.timeoutSeconds));
  const lowest = 10 ** Math.floor(Math.log10(Math.min(0.1, ...allTimes)));
  const highest = 10 ** Math.ceil(Math.log10(Math.max(timeout, ...allTimes)));
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const x = (solved: number): number => margin.left + (solved / solvedMaximum) * plotWidth;
  const y = (seconds: number): number => margin.top + plotHeight - ((Math.log10(seconds) - Math.log10(lowest)) / (Math.log10(highest) - Math.log10(lowest))) * plotHeight;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${margin.left + plotWidth / 2}" y="22" text-anchor="middle" font-size="14">${escapeXml(title)}</text>`,
  ];
  // axes, ticks and grid
  parts.push(`<line x1="${margin.left}" y1="${margin.top + plotHeight}" x2="${margin.left + plotWidth}" y2="${margin.top + plotHeight}" stroke="#000000"/>`);
  parts.push(`<line x1="${margin.left}" y1="${margin.top}" x2="${margin.left}" y2="${margin.top + plotHeight}" stroke="#000000"/>`);
  for (let power = Math.log10(lowest); power <= Math.log10(highest) + 1e-9; power++) {
    const seconds = 10 ** power;
    const at = y(seconds);
    parts.push(`<line x1="${margin.left}" y1="${at}" x2="${margin.left + plotWidth}" y2="${at}" stroke="#dddddd"/>`);
    parts.push(`<text x="${margin.left - 6}" y="${at + 4}" text-anchor="end">${seconds >= 1 ? seconds.toFixed(0) : seconds.toString()}</text>`);
  }
  const step = niceStep(solvedMaximum);
  for (let solved = 0; solved <= solvedMaximum; solved += step) {
    parts.push(`<line x1="${x(solved)}" y1="${margin.top + plotHeight}" x2="${x(solved)}" y2="${margin.top + plotHeight + 5}" stroke="#000000"/>`);
    parts.push(`<text x="${x(solved)}" y="${margin.top + plotHeight + 18}" text-anchor="middle">${solved}</text>`);
  }
  parts.push(`<text x="${margin.left + plotWidth / 2}" y="${height - 16}" text-anchor="middle">tasks solved correctly</text>`);
  parts.push(`<text x="18" y="${margin.top + plotHeight / 2}" text-anchor="middle" transform="rotate(-90 18 ${margin.top + plotHeight / 2})">time per task, s (log scale)</text>`);
  // one line per encoding, and the legend
  series.forEach((line, index) => {
    const colour = palette[index % palette.length]!;
    if (line.times.length > 0) {
      const points = line.times.map((seconds, rank) => `${x(rank + 1).toFixed(1)},${y(seconds).toFixed(1)}`);
      const start = `${x(0).toFixed(1)},${y(line.times[0]!).toFixed(1)}`;
      parts.push(`<polyline fill="none" stroke="${colour}" stroke-width="2.5" points="${[start, ...points].join(' ')}"><title>${escapeXml(line.encoding)}</title></polyline>`);
    }
    const legendY = margin.top + 10 + index * 20;
    const legendX = margin.left + plotWidth + 20;
    parts.push(`<line x1="${legendX}" y1="${legendY}" x2="${legendX + 24}" y2="${legendY}" stroke="${colour}" stroke-width="3"/>`);
    parts.push(`<text x="${legendX + 30}" y="${legendY + 4}">${escapeXml(`${line.encoding} (${line.times.length})`)}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
