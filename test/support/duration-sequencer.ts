// The order in which vitest starts the test files: the slowest first (longest processing time
// first), so that the two workers of CI end close together instead of one of them starting a long
// file last while the other sits idle. vitest's own order uses the durations of its cache
// (node_modules/.vite, absent in a fresh CI checkout) and, without them, the size of the files: the
// bench family files are among the smallest and the slowest (100 s each), so they ran last.
// The durations here are seconds of a full `npm test` on the loaded 2-core machine (the cache's
// results.json after a full run); only their order matters. A file not listed (under 5 s, or new)
// runs after the listed ones, larger files first. Nothing here changes what a test checks.

import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** seconds a file took in a full run (files of 5 s or more), by path from the repository root */
export const fileSeconds: Readonly<Record<string, number>> = {
  'test/encoders/viap.test.ts': 226,
  'test/regression/regression.test.ts': 165,
  'test/encoders/induct.test.ts': 134,
  'test/soundness/control-flow.test.ts': 134,
  'test/encoders/shrink-soundness.test.ts': 131,
  'test/bench-programs/arrays-3d.test.ts': 110,
  'test/bench-programs/loop-forms.test.ts': 110,
  'test/bench-programs/unsigned-3d.test.ts': 106,
  'test/bench-programs/sum-writes.test.ts': 102,
  'test/interp/benchmarks.test.ts': 92,
  'test/certificates/houdini.test.ts': 88,
  'test/corpus/verdicts-accel.test.ts': 86,
  'test/bench-programs/mod-counts.test.ts': 85,
  'test/corpus/verdicts-witness.test.ts': 85,
  'test/execution/differential.test.ts': 84,
  'test/bench-programs/c-integer-rules.test.ts': 68,
  'test/encoders/viap-iteration-proofs.test.ts': 66,
  'test/smt/chc-comp.test.ts': 65,
  'test/c-semantics/family.test.ts': 62,
  'test/corpus/verdicts-viap.test.ts': 56,
  'test/soundness/c-semantics.test.ts': 55,
  'test/bench-programs/nondet-writes.test.ts': 50,
  'test/corpus/verdicts-induct.test.ts': 46,
  'test/interp/codegen.test.ts': 46,
  'test/bench-programs/bitwise-reductions.test.ts': 39,
  'test/cli/bench.test.ts': 38,
  'test/bench-programs/partial-counts.test.ts': 37,
  'test/certificates/check.test.ts': 37,
  'test/corpus/verdicts-baselines.test.ts': 35,
  'test/corpus/verdicts-shrink.test.ts': 35,
  'test/encoders/witness-soundness.test.ts': 35,
  'test/ir/lower-struct-rows.test.ts': 35,
  'test/certificates/nest-counts.test.ts': 34,
  'test/bench-programs/symbolic-gcc.test.ts': 33,
  'test/cli/cli.test.ts': 33,
  'test/portfolio/portfolio.test.ts': 33,
  'test/bench-programs/commuting-reductions.test.ts': 31,
  'test/bench-programs/guards.test.ts': 30,
  'test/soundness/baselines.test.ts': 30,
  'test/cli/validate-correctness.test.ts': 28,
  'test/encoders/witness.test.ts': 28,
  'test/encoders/runs.test.ts': 27,
  'test/campaign/engines.test.ts': 26,
  'test/encoders/induct-inner-loops.test.ts': 26,
  'test/bench-programs/triangular-self.test.ts': 25,
  'test/execution/memory-differential.test.ts': 25,
  'test/bench-programs/memory.test.ts': 24,
  'test/corpus/emit-z3.test.ts': 24,
  'test/kernel/budget-phases.test.ts': 24,
  'test/encoders/witness-certificate.test.ts': 23,
  'test/solvers/z3-wasm.test.ts': 22,
  'test/bench-programs/struct-pointers.test.ts': 18,
  'test/encoders/accel-soundness.test.ts': 18,
  'test/bench-programs/gotos.test.ts': 17,
  'test/ir/print-c.test.ts': 14,
  'test/ir/lower-corpus-run.test.ts': 13,
  'test/kernel/transforms.test.ts': 13,
  'test/cli/svcomp.test.ts': 12,
  'test/kernel/permuted-reductions.test.ts': 12,
  'test/cli/execution.test.ts': 11,
  'test/encoders/chc.test.ts': 11,
  'test/frontend/unused-prototypes.test.ts': 11,
  'test/portfolio/certificate.test.ts': 11,
  'test/encoders/labmc.test.ts': 10,
  'test/ir/lower-differential.test.ts': 10,
  'test/frontend/external-declarations.test.ts': 9,
  'test/kernel/emit-equals-solve.test.ts': 9,
  'test/frontend/preprocess-macros-property.test.ts': 8,
  'test/ir/lower-memcmp.test.ts': 8,
  'test/solvers/external.test.ts': 8,
  'test/certificates/capped-count-guesses.test.ts': 7,
  'test/certificates/chosen-index-guesses.test.ts': 7,
  'test/execution/validate.test.ts': 7,
  'test/interp/performance.test.ts': 7,
  'test/portfolio/template-certifier.test.ts': 7,
  'test/symbolic/executor.test.ts': 7,
  'test/bench-programs/symbolic-family.test.ts': 6,
  'test/campaign/campaign.test.ts': 6,
  'test/cli/emit-c-semantics.test.ts': 6,
  'test/cli/failures.test.ts': 6,
  'test/interp/values.test.ts': 6,
  'test/ir/lower-gotos.test.ts': 6,
  'test/kernel/reordered-folds.test.ts': 6,
  'test/cli/no-overflow.test.ts': 5,
  'test/frontend/parse-corpus.test.ts': 5,
  'test/svcomp/correctness-witness.test.ts': 5,
};

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export default class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const keyed = files.map((file) => {
      const path = relative(root, file.moduleId).split('\\').join('/');
      return { file, seconds: fileSeconds[path] ?? -1, size: sizeOf(file.moduleId), path };
    });
    keyed.sort(
      (left, right) => right.seconds - left.seconds || right.size - left.size || (left.path < right.path ? -1 : 1),
    );
    return keyed.map(({ file }) => file);
  }
}
