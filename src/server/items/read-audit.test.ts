import { describe, expect, it } from 'vitest';
import type { AccessRow } from '../access/access-row';
import type { Principal } from '../access/principal';
import type { Executor } from '../db/open';
import { ReadAudit } from './read-audit';

// The read audit's queue without a database (a fake executor counts the INSERTs): which opens
// are recorded, once per open, in few batches under a steady stream, and kept when a write fails.
// With a real database: src/modules/consult/test/audit.test.ts.

const person = (userId: string | null, masqueradeFrom: string | null = null): Principal => ({
  userId,
  admin: userId === null,
  orgs: new Map(),
  masqueradeFrom,
});
const row = (id: string, access: AccessRow['access'] = 'PRIVATE') => ({ id, access }) as AccessRow;

function fakeDb(opts: { failFirst?: boolean; ms?: number } = {}) {
  const calls: unknown[] = [];
  let fail = opts.failFirst ?? false;
  const db = {
    async execute(q: unknown) {
      await new Promise((r) => setTimeout(r, opts.ms ?? 1));
      if (fail) {
        fail = false;
        throw new Error('database restarting');
      }
      calls.push(q);
    },
  } as unknown as Executor;
  return { db, calls };
}

describe('ReadAudit', () => {
  it('records opens of PRIVATE items by people only, once within the same-open window', async () => {
    const { db } = fakeDb();
    const audit = new ReadAudit(db, { sameOpenMs: 60_000 });
    audit.record(person('User-1'), row('Thread-1'));
    audit.record(person('User-1'), row('Thread-1')); // the cell settling: the same open
    audit.record(person('User-1', 'User-9'), row('Thread-1')); // an admin acting as User-1: another
    audit.record(person('User-2'), row('Thread-1'));
    audit.record(person('User-1'), row('Thread-2', 'PROTECTED'));
    audit.record(person(null), row('Thread-3')); // the system
    await audit.close();
    expect(audit.stats.rows).toBe(3);
  });

  it('writes a steady stream in a few batches, not one INSERT per open', async () => {
    const { db, calls } = fakeDb({ ms: 5 });
    const audit = new ReadAudit(db, { sameOpenMs: 0, flushMs: 50, maxRows: 500 });
    for (let i = 0; i < 300; i++) {
      audit.record(person('User-1'), row(`Thread-${i + 1}`));
      await new Promise((r) => setTimeout(r, 1));
    }
    await audit.close();
    expect(audit.stats.rows).toBe(300);
    // ~300 ms of opens flushed every 50 ms: a handful of INSERTs, never one per open.
    expect(calls.length).toBeLessThan(30);
  });

  it('closes only once a write under way has ended, though the queue is already empty', async () => {
    const { db } = fakeDb({ ms: 100 });
    const audit = new ReadAudit(db, { sameOpenMs: 0, flushMs: 10 });
    for (let i = 0; i < 5; i++) audit.record(person('User-1'), row(`Thread-${i + 1}`));
    // The timer's flush has taken the five rows and waits on its INSERT.
    await new Promise((r) => setTimeout(r, 40));
    await audit.close();
    expect(audit.stats.rows).toBe(5);
  });

  it('keeps the rows of a refused write for the next flush', async () => {
    const { db } = fakeDb({ failFirst: true });
    const errors: unknown[] = [];
    const audit = new ReadAudit(db, { sameOpenMs: 0 }, (e) => errors.push(e));
    audit.record(person('User-1'), row('Thread-1'));
    await audit.flush();
    expect(errors).toHaveLength(1);
    expect(audit.stats.rows).toBe(0);
    await audit.close();
    expect(audit.stats.rows).toBe(1);
  });
});
