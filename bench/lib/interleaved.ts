import { summarize, type Summary } from './percentiles';

// The search benches' comparison (bench:consult, bench:vocab, bench:archive): each case runs
// through the app and as bare SQL of the same shape, interleaved in one process so both meet the
// same machine, alternating which goes first; five warm-up rounds each, then `queries` measured.

export interface ComparedCase {
  name: string;
  ours: (i: number) => Promise<unknown>;
  bare: (i: number) => Promise<unknown>;
}

/** p95 between the p90 and p99 the summary keeps. */
export const p95 = (s: Summary) => s.p90 + (s.p99 - s.p90) * 0.5;
export const fmt = (s: Summary) => `p50 ${s.p50.toFixed(1)} ms p95~${p95(s).toFixed(1)} ms`;

/** Runs each case and prints one line: the app, bare SQL, and the ratio of their p95. */
export async function compareCases(
  label: string,
  cases: readonly ComparedCase[],
  queries: number,
): Promise<void> {
  for (const c of cases) {
    for (let i = 0; i < 5; i++) {
      await c.ours(i);
      await c.bare(i);
    }
    const mine: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < queries; i++) {
      const pair: [(n: number) => Promise<unknown>, number[]][] = [
        [c.ours, mine],
        [c.bare, theirs],
      ];
      if (i % 2) pair.reverse();
      for (const [fn, into] of pair) {
        const t = performance.now();
        await fn(i);
        into.push(performance.now() - t);
      }
    }
    const a = summarize(mine);
    const b = summarize(theirs);
    console.log(
      `${label.padEnd(9)} ${c.name.padEnd(28)} search ${fmt(a)} | bare SQL ${fmt(b)} | ratio p95 ${(p95(a) / p95(b)).toFixed(2)}`,
    );
  }
}
