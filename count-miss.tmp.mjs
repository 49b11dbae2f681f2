import { performance } from 'node:perf_hooks';
const { ParserATNSimulator } = await import('/work/main/node_modules/antlr4ng/dist/index.mjs');
let misses = 0; const byDecision = new Map(); let missTime = 0;
const original = ParserATNSimulator.prototype.adaptivePredict;
ParserATNSimulator.prototype.adaptivePredict = function (input, decision, ctx) { misses++; const s = performance.now(); const r = original.call(this, input, decision, ctx); const d = performance.now() - s; missTime += d; byDecision.set(decision, [...(byDecision.get(decision) ?? []), d.toFixed(1) + '@' + input.LT(1).line]); return r; };
const { runFrontEnd } = await import('/work/main/dist/src/pipeline.js');
const t = performance.now();
const r = runFrontEnd(process.argv[2], { dataModel: 'ILP32', preprocessor: 'default' });
console.log((performance.now() - t).toFixed(1), 'ms', JSON.stringify(r.times), 'misses', misses, 'missTime', missTime.toFixed(1), [...byDecision.entries()]);
