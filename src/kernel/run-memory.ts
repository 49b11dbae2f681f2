// What one verification keeps across its runs: the portfolio makes one `RunMemory` per `verify` and
// hands it to every stage and to the certificate step (RunSettings.memory); nothing outlives the
// run (no module-level caches). It holds
// - the program passes' definite solver answers (remembered-answers.ts: every stage runs the passes
//   again on the same program);
// - slots that an encoding declares for itself (`MemorySlot`), reached through EncoderContext.memory:
//   the template certifier's search progress (certificates/search-progress.ts), so the certificate
//   step goes on where the aborted `templates` stage stopped.
// Soundness: none needed here; each holder states why what it keeps is valid for a later run.

import { AnswerMemory } from './remembered-answers.js';

/** a named store an encoding keeps in the run's memory, made the first time it is asked for */
export interface MemorySlot<T> {
  readonly name: string;
  create(): T;
}

export class RunMemory {
  /** the program passes' definite answers (transforms.ts) */
  readonly passAnswers = new AnswerMemory();
  private readonly slots = new Map<MemorySlot<unknown>, unknown>();

  /** the slot's store in this run (made on first use) */
  slot<T>(slot: MemorySlot<T>): T {
    if (!this.slots.has(slot)) this.slots.set(slot, slot.create());
    return this.slots.get(slot) as T;
  }
}
