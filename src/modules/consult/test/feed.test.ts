import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { setMembership } from '../../../server/auth/accounts';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, WsClient } from '../../../../test/helpers/ws-client';

// A person's calendar feed (issue 16 "Calendar feeds", docs/calendar-feed.md): a secret link
// that a renewal or a revocation ends, that a blocked account loses, and whose content is asked
// again at every fetch, as the person, so an item they can no longer read leaves the feed.
// (Every principal against every dated consult type is the feed's row in the access matrix.)

let tdb: TestDatabase;
let server: TestServer;
let staff: WsClient;
let admin: WsClient;
let staffUser: { id: string };
let riverbend: string;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const items = () => server.app.services.items;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  riverbend = await makeOrg(items(), 'Riverbend First Nation');
  const eagle = await makeOrg(items(), 'Eagle Lake Nation');
  const s = await makeUser(items(), [[riverbend, 'staff']]);
  staffUser = s;
  const a = await makeUser(items(), [], { admin: true });
  staff = (await connectAs(server, s.email, PASSWORD)).client;
  admin = (await connectAs(server, a.email, PASSWORD)).client;
  await items().create(
    SYSTEM,
    'Meeting',
    { summary: 'Elders’ review of the Loop line', date: inDays(3), start: '14:30', end: '16:00' },
    { owner: riverbend },
  );
  await items().create(SYSTEM, 'Meeting', { summary: 'Site visit', date: inDays(10) }, { owner: riverbend });
  await items().create(SYSTEM, 'Meeting', { summary: 'Eagle Lake only', date: inDays(4) }, { owner: eagle });
  await items().create(SYSTEM, 'Meeting', { summary: 'Long past', date: inDays(-400) }, { owner: riverbend });
}, 60_000);

afterAll(async () => {
  await staff?.close();
  await admin?.close();
  await server?.close();
  await tdb?.close();
});

/** The link's path and query, fetched from this test's server (the link names the public address). */
async function fetchFeed(url: string) {
  const u = new URL(url);
  return fetch(`${server.url}${u.pathname}${u.search}`);
}

async function renew(c: WsClient): Promise<string> {
  const b = (await c.request('act/calFeedRenew', {})).b as { url: string; on: boolean };
  expect(b.on).toBe(true);
  return b.url;
}

describe('the calendar feed', () => {
  it('is off until turned on; then holds the meetings the person may read, timed or all day', async () => {
    expect((await staff.request('act/calFeedStatus', {})).b).toEqual({ on: false, renewed: null });
    const url = await renew(staff);
    expect(url).toMatch(/\/ical\/feed\.ics\?t=[A-Za-z0-9_-]{40,}$/);
    expect(((await staff.request('act/calFeedStatus', {})).b as { on: boolean }).on).toBe(true);
    const r = await fetchFeed(url);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/calendar');
    expect(r.headers.get('cache-control')).toBe('no-store');
    const text = await r.text();
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('SUMMARY:Meeting: Elders’ review of the Loop line');
    const day = inDays(3).replaceAll('-', '');
    expect(text).toContain(`DTSTART:${day}T143000Z`);
    expect(text).toContain(`DTEND:${day}T160000Z`);
    expect(text).toContain(`DTSTART;VALUE=DATE:${inDays(10).replaceAll('-', '')}`);
    expect(text).not.toContain('Eagle Lake only');
    expect(text).not.toContain('Long past');
  });

  it('ends the old link on renewal and every link on revocation; a wrong secret is not found', async () => {
    const first = await renew(staff);
    const second = await renew(staff);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    expect((await fetchFeed(second.replace(/t=.*/, `t=${'x'.repeat(43)}`))).status).toBe(404);
    expect((await fetch(`${server.url}/ical/feed.ics`)).status).toBe(404);
    expect((await staff.request('act/calFeedRevoke', {})).b).toEqual({ on: false, renewed: null });
    expect((await fetchFeed(second)).status).toBe(404);
  });

  it('asks again at every fetch: a lost membership empties it, a blocked account loses it', async () => {
    const url = await renew(staff);
    expect(await (await fetchFeed(url)).text()).toContain('Site visit');
    await items().transaction((tx) =>
      setMembership(items(), tx, staffUser.id, riverbend, [], { actor: null }),
    );
    const after = await (await fetchFeed(url)).text();
    expect(after).toContain('BEGIN:VCALENDAR');
    expect(after).not.toContain('Site visit');
    await items().transaction((tx) =>
      setMembership(items(), tx, staffUser.id, riverbend, ['staff'], { actor: null }),
    );
    expect(await (await fetchFeed(url)).text()).toContain('Site visit');
    expect((await admin.request('act/blockUser', { user: staffUser.id, blocked: true })).b).toMatchObject({
      blocked: true,
    });
    expect((await fetchFeed(url)).status).toBe(404);
  });

  it('is not made while masquerading: the masquerade leaves no link behind (issue 36, finding 9)', async () => {
    const target = await makeUser(items(), [[riverbend, 'staff']]);
    const other = await makeUser(items(), [], { admin: true });
    const { client } = await connectAs(server, other.email, PASSWORD);
    const started = await client.call<{ newToken: string }>('act/masquerade', { targetUserID: target.id });
    await client.close();
    const as = await WsClient.connect(server.wsUrl);
    expect((await as.request('tokenAuth', { token: started.newToken }, { v: 'test' })).o).toBe('authed');
    expect((await as.request('act/calFeedRenew', {})).b).toMatchObject({
      erred: true,
      userMessage: 'notWhileMasquerading',
    });
    expect((await as.request('act/calFeedStatus', {})).b).toEqual({ on: false, renewed: null });
    // Turning a feed off takes nothing from anyone: allowed.
    expect((await as.request('act/calFeedRevoke', {})).b).toEqual({ on: false, renewed: null });
    await as.close();
  });
});
