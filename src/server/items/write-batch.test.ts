import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/open';
import { BATCH_MAX, WriteBatcher } from './write-batch';

// The batcher's scheduling, apart from any database: which writes share a batch, and when a
// batch starts. The transaction runner is the batcher's parameter; here each transaction is a
// token that records its writes and commits when the test says so.

interface Tx {
  n: number;
  writes: string[];
  ahead?: { updates: string[]; creates: string[] };
  commit(): void;
}

function harness(concurrency = Infinity) {
  const txs: Tx[] = [];
  const batcher = new WriteBatcher(
    async <T>(fn: (tx: Executor) => Promise<T>) => {
      let commit!: () => void;
      const committed = new Promise<void>((r) => (commit = r));
      const tx: Tx = { n: txs.length, writes: [], commit };
      txs.push(tx);
      const out = await fn(tx as unknown as Executor);
      await committed;
      return out;
    },
    async (tx, batch) => {
      (tx as unknown as Tx).ahead = batch;
    },
    concurrency,
  );
  const write = (key: string, opts: { updates?: string; creates?: string }) =>
    batcher.submit(
      key,
      async (tx) => {
        (tx as unknown as Tx).writes.push(opts.updates ?? `new ${opts.creates}`);
        return key;
      },
      opts,
    );
  return { txs, batcher, write };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('WriteBatcher', () => {
  it('puts one turn’s writes in one batch, in key order, and tells it what to ready', async () => {
    const { txs, write } = harness();
    const done = Promise.all([
      write('Thread-9', { updates: 'Thread-9' }),
      write('Thread', { creates: 'Thread' }),
      write('Thread-10', { updates: 'Thread-10' }),
      write('Thread', { creates: 'Thread' }),
    ]);
    await turn();
    await turn();
    expect(txs).toHaveLength(1);
    expect(txs[0]!.writes).toEqual(['new Thread', 'new Thread', 'Thread-10', 'Thread-9']);
    expect(txs[0]!.ahead).toEqual({ updates: ['Thread-10', 'Thread-9'], creates: ['Thread', 'Thread'] });
    txs[0]!.commit();
    expect(await done).toEqual(['Thread-9', 'Thread', 'Thread-10', 'Thread']);
  });

  it('holds a type’s creates back while a running batch creates that type, and lets updates by', async () => {
    const { txs, write } = harness();
    const first = Promise.all([
      write('Thread', { creates: 'Thread' }),
      write('Thread', { creates: 'Thread' }),
    ]);
    await turn();
    expect(txs).toHaveLength(1);
    const second = Promise.all([
      write('Thread', { creates: 'Thread' }),
      write('Thread', { creates: 'Thread' }),
      write('Message', { creates: 'Message' }),
      write('Thread-3', { updates: 'Thread-3' }),
    ]);
    await turn();
    await turn();
    // The Message create and the update start a batch at once; the Thread creates wait.
    expect(txs).toHaveLength(2);
    expect(txs[1]!.writes).toEqual(['new Message', 'Thread-3']);
    txs[0]!.commit();
    await first;
    await turn();
    expect(txs).toHaveLength(3);
    expect(txs[2]!.writes).toEqual(['new Thread', 'new Thread']);
    txs[1]!.commit();
    txs[2]!.commit();
    expect(await second).toHaveLength(4);
  });

  it('takes at most BATCH_MAX writes a batch', async () => {
    const { txs, write } = harness();
    const all = Promise.all(
      Array.from({ length: BATCH_MAX + 3 }, (_, i) => write(`Org-${i}`, { updates: `Org-${i}` })),
    );
    await turn();
    await turn();
    expect(txs.map((t) => t.writes.length)).toEqual([BATCH_MAX, 3]);
    for (const t of txs) t.commit();
    await all;
  });

  it('with a concurrency of one, gathers what arrives meanwhile into the next batch', async () => {
    const { txs, write } = harness(1);
    const first = write('Org-1', { updates: 'Org-1' });
    await turn();
    const later = [write('Org-2', { updates: 'Org-2' })];
    await turn();
    later.push(write('Org-3', { updates: 'Org-3' }));
    await turn();
    expect(txs).toHaveLength(1);
    txs[0]!.commit();
    await first;
    await turn();
    expect(txs).toHaveLength(2);
    expect(txs[1]!.writes).toEqual(['Org-2', 'Org-3']);
    txs[1]!.commit();
    await Promise.all(later);
  });
});
