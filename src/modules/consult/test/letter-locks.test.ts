import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import type { WsClient } from '../../../../test/helpers/ws-client';
import { letterWorld, ok, type Body } from './letter-fixture';

// The letter acts' locks (server/letters/acts.ts letterOf), on PostgreSQL (PGlite has one
// connection, so nothing there ever waits): a send locks the response before its letter, as every
// act on a response does, so a send and a propose on one response wait in turn instead of
// deadlocking; two sends of one letter send it once; the preview only reads and waits for no lock.

const pgOnly = !process.env.DATABASE_URL;
let tdb: TestDatabase;
let server: TestServer;
let officer: WsClient;
let approver: WsClient;
let response: string;
let letter: string;

/** A second connection holding row locks in its own open transaction. */
async function holder(ids: string[]): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: tdb.url! });
  await c.connect();
  await c.query('begin');
  await c.query('select id from items where id = any($1) for update', [ids]);
  return c;
}

/** Waits until some other backend waits on a row lock (an act has reached the held row). */
async function someoneWaits(c: pg.Client, n = 1) {
  // Up to 20 s: beside the whole suite on two cores, the acts took longer than 5 s to reach it.
  for (let i = 0; i < 400; i++) {
    const r = await c.query(
      `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if ((r.rows[0] as { n: number }).n >= n) return;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error('no act waited on the held lock');
}

beforeAll(async () => {
  if (pgOnly) return;
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const w = await letterWorld(server);
  officer = w.officer.ws;
  approver = w.approver.ws;
  response = w.response;
  letter = w.letter;
  await ok(officer, 'act/wfSetStepState', { item: response, step: 'p', state: 'COMPLETE' });
  await ok(approver, 'act/wfSetStepState', { item: response, step: 'a', state: 'COMPLETE' });
}, 180_000);

afterAll(async () => {
  await officer?.close();
  await approver?.close();
  await server?.close();
  await tdb?.close();
});

describe.skipIf(pgOnly)('the letter acts', () => {
  it('preview while another transaction holds the letter and its response', async () => {
    const held = await holder([letter, response]);
    try {
      const p = officer.request('act/rwfLetterPreview', { letter });
      const late = new Promise((res) => setTimeout(() => res('waited'), 5_000));
      const r = await Promise.race([p.then((f) => f.b as Body), late]);
      expect(r).toMatchObject({ pdf: expect.any(String) });
    } finally {
      await held.query('rollback');
      await held.end();
    }
  });

  it('lock the response before the letter, and two sends of one letter send it once', async () => {
    const held = await holder([response]);
    const sends = [1, 2].map(() => officer.request('act/rwfLetterSend', { letter }).then((f) => f.b as Body));
    try {
      await someoneWaits(held, 2);
      // Both wait on the response, neither holds the letter: the letter is free to take.
      const r = await held.query('select id from items where id = $1 for update nowait', [letter]);
      expect(r.rowCount).toBe(1);
    } finally {
      await held.query('rollback');
      await held.end();
    }
    const replies = await Promise.all(sends);
    expect(replies.filter((b) => !b.erred)).toHaveLength(1);
    const refused = replies.find((b) => b.erred);
    expect(refused).toMatchObject({ userMessage: 'invalidInput', fields: [{ path: 'state' }] });
  }, 60_000);
});
