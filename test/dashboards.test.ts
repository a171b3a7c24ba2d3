import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSearchQuery, type RegisteredCard } from '../src/kernel/dashboard';
import type { ClientConfig } from '../src/client/config';
import { homeDashboard, visibleCards } from '../src/client/dashboards/gate';
import type { UserSession } from '../src/client/state/socket-client';
import type { SearchResult } from '../src/protocol/query';
import { SYSTEM } from '../src/server/access/principal';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, type WsClient } from './helpers/ws-client';

// Dashboards (issue 12 §5): the page's config carries the dashboards and their cards; a card reads
// its data with the ordinary search/ids, so what it shows is what the policy lets each user read;
// cards gated by role or capability are left out by the client's gate.

let tdb: TestDatabase;
let server: TestServer;
let config: ClientConfig;
type Session = { client: WsClient; user: UserSession };
let alice: Session;
let bob: Session;
let admin: Session;
let privateThread: string;
let sharedThread: string;

const card = (id: string): RegisteredCard => {
  const c = config.dashboards?.flatMap((d) => d.cards).find((x) => x.id === id);
  if (!c) throw new Error(`no card ${id} in the config`);
  return c;
};

async function run(s: Session, c: RegisteredCard, range?: { from: string; to: string }) {
  return s.client.call<SearchResult>('search/ids', cardSearchQuery(c, range));
}

async function session(email: string): Promise<Session> {
  const { client, user } = await connectAs(server, email, PASSWORD);
  return { client, user: user as unknown as UserSession };
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  const org = await makeOrg(items, 'Riverbend Lands');
  const a = await makeUser(items, [[org, 'member']]);
  const b = await makeUser(items, [[org, 'member']]);
  const ad = await makeUser(items, [], { admin: true });
  [alice, bob, admin] = await Promise.all([session(a.email), session(b.email), session(ad.email)]);
  const due = new Date();
  due.setUTCDate(15);
  const dueDay = due.toISOString().slice(0, 10);
  privateThread = (
    await alice.client.call<{ $id: string }>('create/Thread', {
      subject: 'Alice private crossing notes',
      $access: 'PRIVATE',
      assignedDue: dueDay,
    })
  ).$id;
  sharedThread = (
    await alice.client.call<{ $id: string }>('create/Thread', {
      subject: 'Shared crossing referral',
      $access: 'PUBLIC',
      assignedDue: dueDay,
    })
  ).$id;
  await items.create(SYSTEM, 'Notify', {
    kind: 'updated',
    recipient: a.id,
    context: sharedThread,
    unread: true,
  });
  const html = await (await fetch(`${server.url}/`)).text();
  const json = /<script type="application\/json" id="config">(.*?)<\/script>/s.exec(html)?.[1];
  config = JSON.parse(json!) as ClientConfig;
});

afterAll(async () => {
  for (const s of [alice, bob, admin]) await s?.client.close();
  await server?.close();
  await tdb?.close();
});

describe('the config', () => {
  it('sends the home dashboard with its cards in order, and core’s home', () => {
    const home = config.dashboards?.find((d) => d.key === 'home');
    expect(home).toMatchObject({ location: 'HOME', titleKey: 'views.home.title', module: 'core' });
    const ids = home!.cards.map((c) => c.id);
    expect(ids).toContain('core.home.conversations');
    const orders = home!.cards.map((c) => c.order ?? 0);
    expect(orders).toEqual([...orders].sort((x, y) => x - y));
    for (const c of home!.cards) expect(c.height).toBeGreaterThan(0);
    expect(config.homes).toEqual([{ capability: 'Core', dashboard: 'home', module: 'core' }]);
    expect(homeDashboard(config, alice.user)?.key).toBe('home');
    expect(homeDashboard(config, null)).toBeNull();
  });
});

describe('a card shows only what each user may read', () => {
  it('search card: the private thread is in its owner’s result, not in another member’s', async () => {
    const c = card('core.home.conversations');
    const mine = await run(alice, c);
    const theirs = await run(bob, c);
    expect(mine.ids).toEqual(expect.arrayContaining([privateThread, sharedThread]));
    expect(mine.labels[privateThread]).toBe('Alice private crossing notes');
    expect(theirs.ids).toContain(sharedThread);
    expect(theirs.ids).not.toContain(privateThread);
    expect(theirs.labels[privateThread]).toBeUndefined();
  });

  it('recent changes leave out User items, which change with their owners’ notifications', async () => {
    const c = card('core.home.changed');
    // Without the filter, User items the reader may read (her own) are among the changes.
    const all: RegisteredCard = {
      ...c,
      id: 'all',
      kind: 'search',
      settings: { query: { types: null, max: 50 } },
    };
    expect((await run(alice, all)).ids.some((id) => id.startsWith('User-'))).toBe(true);
    const r = await run(alice, c);
    expect(r.ids.length).toBeGreaterThan(0);
    expect(r.ids.filter((id) => id.startsWith('User-'))).toEqual([]);
  });

  it('calendar card: the month’s dated items, the private one only for its owner', async () => {
    const c = card('core.home.due');
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
    expect((await run(alice, c, { from, to })).ids.sort()).toEqual([privateThread, sharedThread].sort());
    expect((await run(bob, c, { from, to })).ids).toEqual([sharedThread]);
    // Another month holds none of them.
    const later = {
      from: to,
      to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString(),
    };
    expect((await run(alice, c, later)).ids).toEqual([]);
  });

  it('count card: unread notifications are the recipient’s own', async () => {
    // The home's unread card lists them (a component card); a count card reads the same search.
    const c: RegisteredCard = {
      ...card('core.home.conversations'),
      id: 'unread.count',
      kind: 'count',
      settings: { query: { types: ['Notify'], must: { unread: [true] } } },
    };
    expect((await run(alice, c)).total).toBe(1);
    expect((await run(bob, c)).total).toBe(0);
  });

  it('chart card: facet counts count only readable items', async () => {
    const c = card('core.home.types');
    const threads = (r: SearchResult) => r.facets._t?.find((b) => b.value === 'Thread')?.count ?? 0;
    expect(threads(await run(alice, c))).toBe(2);
    expect(threads(await run(bob, c))).toBe(1);
  });
});

describe('the client’s gate', () => {
  it('leaves admin-only cards out for others', () => {
    const home = config.dashboards!.find((d) => d.key === 'home')!.cards;
    const shown = (s: Session) => visibleCards(home, s.user).map((c) => c.id);
    expect(shown(admin)).toContain('core.home.types');
    expect(shown(alice)).not.toContain('core.home.types');
    expect(shown(alice)).toContain('core.home.conversations');
  });

  it('leaves out cards of a capability the user does not hold; admins hold every one', () => {
    const gated: RegisteredCard = { ...card('core.home.conversations'), id: 'x', capability: 'Consult' };
    expect(alice.user.capabilities.Consult).toBeUndefined();
    expect(visibleCards([gated], alice.user)).toEqual([]);
    expect(visibleCards([gated], admin.user)).toEqual([gated]);
    expect(visibleCards([gated], { ...alice.user, capabilities: { Core: true, Consult: true } })).toEqual([
      gated,
    ]);
    expect(visibleCards([gated], null)).toEqual([]);
  });
});
