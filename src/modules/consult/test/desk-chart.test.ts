import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartSeries } from '../../../kernel/dashboard';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { chartMonths } from '../server/desk-chart';

// The desk's chart (act cnsDeskChart, server/desk-chart.ts): referrals received and answered per
// month over 12 months and the median days to respond, counted as the caller may read (the
// access matrix's "desk chart" row checks every principal; here, the numbers themselves).

let tdb: TestDatabase;
let server: TestServer;
let staff: WsClient;
let proponent: WsClient;
let riverbend: string;
let eagle: string;
const items = () => server.app.services.items;
const db = () => server.app.services.items.db;
const months = chartMonths(new Date());

/** A referral to `community`, received `ago` months back (day 3), answered `days` later (or not). */
async function referral(consultation: string, community: string, ago: number, days: number | null) {
  const r = await items().create(
    SYSTEM,
    'ConsultResponse',
    { consultation, community, state: 'PENDING' },
    { owner: community },
  );
  const now = new Date();
  const received = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - ago, 3, 12));
  await db().execute(sql`update items set created_at = ${received.toISOString()} where id = ${r.$id}`);
  if (days !== null) {
    const answered = new Date(received.getTime() + days * 86_400_000).toISOString();
    await db().execute(
      sql`update items set data = data || jsonb_build_object('state', 'RESPONDED', 'respondedAt', ${answered}::text) where id = ${r.$id}`,
    );
  }
  return r.$id;
}

const chart = async (c: WsClient) => (await c.request('act/cnsDeskChart', {})).b as ChartSeries;
const series = (c: ChartSeries, key: string) => c.series.find((s) => s.key === key)!.values;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  riverbend = await makeOrg(items(), 'Riverbend First Nation', 'COMMUNITY');
  eagle = await makeOrg(items(), 'Eagle Lake Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items(), 'Northern Pipeline Corp.', 'INDUSTRY');
  const s = await makeUser(items(), [[riverbend, 'staff']]);
  const p = await makeUser(items(), [[pipeline, 'editor']]);
  staff = (await connectAs(server, s.email, PASSWORD)).client;
  proponent = (await connectAs(server, p.email, PASSWORD)).client;
  const c = await items().create(
    SYSTEM,
    'Consultation',
    { projectName: 'Loop line', primaryOrg: pipeline, submittedTo: riverbend, state: 'CONSULTING' },
    { owner: riverbend },
  );
  // Riverbend's: two this month (one answered in 4 days), one two months back answered in 10,
  // one answered in 20, one 14 months back (out of the window, answered in it: 400 days later).
  await referral(c.$id, riverbend, 0, 4);
  await referral(c.$id, riverbend, 0, null);
  await referral(c.$id, riverbend, 2, 10);
  await referral(c.$id, riverbend, 2, 20);
  // Eagle Lake's: never Riverbend's to count.
  await referral(c.$id, eagle, 0, 1);
  await referral(c.$id, eagle, 1, 2);
}, 60_000);

afterAll(async () => {
  await staff?.close();
  await proponent?.close();
  await server?.close();
  await tdb?.close();
});

describe('cnsDeskChart', () => {
  it('counts received and answered per month, and the median days, of what the caller may read', async () => {
    const c = await chart(staff);
    expect(c.categories).toEqual(months);
    expect(c.categories).toHaveLength(12);
    const received = series(c, 'received');
    const answered = series(c, 'answered');
    expect(received[11]).toBe(2);
    expect(received[9]).toBe(2);
    expect(received.reduce((a, v) => a! + v!, 0)).toBe(4);
    expect(answered[11]).toBe(1);
    expect(answered[9]! + answered[10]!).toBe(2);
    // Days 4, 10 and 20: the median is 10.
    expect(c.summary![0]!.value).toBe(10);
  });

  it("gives a proponent none of a community's responses", async () => {
    const c = await chart(proponent);
    expect(series(c, 'received').every((v) => v === 0)).toBe(true);
    expect(series(c, 'answered').every((v) => v === 0)).toBe(true);
    expect(c.summary![0]!.value).toBeNull();
  });

  it('stamps respondedAt on the first move into an answered state', async () => {
    const c = await items().create(
      SYSTEM,
      'Consultation',
      { projectName: 'Stamp', primaryOrg: riverbend, submittedTo: riverbend, state: 'CONSULTING' },
      { owner: riverbend },
    );
    const r = await items().create(
      SYSTEM,
      'ConsultResponse',
      { consultation: c.$id, community: riverbend, state: 'PENDING' },
      { owner: riverbend },
    );
    expect(r.respondedAt).toBeUndefined();
    const before = await chart(staff);
    const moved = await items().update(SYSTEM, { $id: r.$id, $version: r.$version, state: 'OFFLINE' });
    expect(typeof moved.respondedAt).toBe('string');
    const after = await chart(staff);
    expect(series(after, 'answered')[11]).toBe(series(before, 'answered')[11]! + 1);
    // A later move keeps the first answer's time.
    const again = await items().update(SYSTEM, { $id: r.$id, $version: moved.$version, state: 'RESPONDED' });
    expect(again.respondedAt).toBe(moved.respondedAt);
  });
});
