import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSequencerConstructor, type TestSpecification } from 'vitest/node';

/**
 * A sequencer that starts the files that took longest on the last measured run first, from a
 * checked-in record of seconds by file (written by scripts/test-durations.mjs).
 *
 * Why: CI runs on a fresh clone, where Vitest has no cache of durations and starts the largest
 * files first. A short file that runs long (axe on every screen is 113 lines and took 7.6 min)
 * then starts last, and one worker runs it alone while the other waits. Longest first keeps both
 * of the machine's workers busy to the end. Files the record does not name (new ones) go first:
 * they may be long, and the record is brought up to date when someone next measures.
 */
export function durationsSequencer(record: string): TestSequencerConstructor {
  const seconds: Record<string, number> = existsSync(record)
    ? (JSON.parse(readFileSync(record, 'utf8')) as Record<string, number>)
    : {};
  return class DurationsSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const root = this.ctx.config.root;
      const took = (f: TestSpecification) =>
        seconds[path.relative(root, f.moduleId).split(path.sep).join('/')] ?? Infinity;
      // BaseSequencer's order (its cache, when there is one) breaks ties.
      const base = await super.sort(files);
      return base
        .map((f, i) => ({ f, i, s: took(f) }))
        .sort((a, b) => (a.s === b.s ? a.i - b.i : b.s - a.s))
        .map((x) => x.f);
    }
  };
}
