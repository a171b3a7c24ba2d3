import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupNav, visibleNav } from '../src/client/shell/nav';
import { moduleViewDef } from '../src/client/modules/views';
import { fixedType } from '../src/client/search/search-model';
import type { UserSession } from '../src/client/state/socket-client';
import type { NavEntry } from '../src/kernel/module';
import type { ViewDecl } from '../src/kernel/view';
import { query } from '../src/server/db/query';
import { clientConfig } from '../src/server/http/client-config';
import { DEMO_PASSWORD, seedDemo, type DemoSignIn } from '../src/server/seed/demo';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, type WsClient } from './helpers/ws-client';

// Screens match rights (issue 36, deliver 13): every demo person signs in over the real socket,
// and this file asks what the shell asks — which drawer groups and entries they see
// (shell/nav.ts, with the page's config and their session) and, on each list they see, whether
// its "New …" button shows (act/isAllowed about the type, `_i` 0, as useCanCreate asks). Outside
// parties (a proponent, a regulator, a museum) see none of the community's keeping screens and no
// "New" for a type the server never lets them create; each "New" shown is one the server allows.

type RegisteredView = ViewDecl & { module: string };
type Menu = { groups: string[]; entries: string[]; creates: Record<string, string> };

let tdb: TestDatabase;
let server: TestServer;
let signIns: DemoSignIn[];
const menus = new Map<string, Menu>();
const sockets = new Map<string, WsClient>();

const KARENS = 'proponent@northernpipeline.example';
const PETERS = 'regulator@lands.gov.example';
const HELENS = 'curator@royalprovincial.example';
const OFFICER = 'lands.officer@riverbend.example';
const MANAGER = 'lands.admin@riverbend.example';

async function menuOf(ws: WsClient, user: UserSession): Promise<Menu> {
  const { services } = server.app;
  const config = clientConfig(services.config, services.registry);
  const decls = new Map((config.views as RegisteredView[]).map((v) => [v.name, v]));
  const views = (path: string) => {
    const d = decls.get(path);
    return d ? moduleViewDef(d) : undefined;
  };
  const visible = visibleNav(config.nav, user, config.keyCaps, views);
  const { main, admin } = groupNav(visible);
  const creates: Record<string, string> = {};
  for (const e of visible as NavEntry[]) {
    const list = decls.get(e.path)?.list;
    // SearchPanel: `create: true` offers the list's own type (or its createType) to whoever may create it.
    const offer = list?.create === true || (list?.create === 'admin' && user.admin);
    const type =
      offer && list ? (list.createType ?? fixedType({ ...list, name: e.path, titleKey: '' })) : null;
    if (!type) continue;
    const reply = await ws.call<{ allowed: Record<string, boolean> }>('act/isAllowed', {
      _t: type,
      _i: 0,
      actions: ['create'],
    });
    if (reply.allowed.create) creates[e.path] = type;
  }
  return {
    groups: [...main, ...admin].map((g) => g.path),
    entries: visible.map((e) => e.path),
    creates,
  };
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  signIns = await seedDemo(server.app.services.items, undefined, server.app.services.files);
  await server.app.idle();
  for (const { email } of signIns) {
    const { client, user } = await connectAs(server, email, DEMO_PASSWORD);
    sockets.set(email, client);
    menus.set(email, await menuOf(client, user as unknown as UserSession));
  }
}, 120_000);

afterAll(async () => {
  for (const ws of sockets.values()) await ws.close();
  await server?.close();
  await tdb?.close();
});

const menu = (email: string) => {
  const m = menus.get(email);
  if (!m) throw new Error(`${email} is not a demo sign-in`);
  return m;
};

// The screens a community keeps for itself: its protocols, its wording of Local Contexts labels,
// its collections. The types behind them apply in community organisations only.
const KEEPING_SCREENS = ['admin.protocols', 'admin.local-contexts', 'admin.collections'];
const COMMUNITY_TYPES = ['Protocol', 'LocalContextsLabel', 'Collection', 'CommLog', 'Meeting'];
const OUTSIDERS = [KARENS, PETERS, HELENS];

describe("each demo person's menu", () => {
  it('is listed (for the record of who sees what)', () => {
    expect(signIns.map((s) => s.email)).toEqual(expect.arrayContaining([...OUTSIDERS, OFFICER, MANAGER]));
    for (const { email, who } of signIns) {
      const m = menu(email);
      console.info(`${who}: groups ${m.groups.join(', ')}; new: ${Object.values(m.creates).join(', ')}`);
    }
  });

  it("offers outside parties none of the community's keeping screens, nor a New of its types", () => {
    for (const email of OUTSIDERS) {
      const m = menu(email);
      for (const screen of KEEPING_SCREENS) expect(m.entries, `${email} ${screen}`).not.toContain(screen);
      for (const type of COMMUNITY_TYPES)
        expect(Object.values(m.creates), `${email} New ${type}`).not.toContain(type);
    }
  });

  it("gives the proponent's editor an Administration group of her own organisation's lists only", () => {
    const m = menu(KARENS);
    expect(m.entries.filter((e) => e.startsWith('admin.'))).toEqual(['admin.lovs']);
    // A proponent drafts referrals (docs/consultation.md): New Consultation stays.
    expect(m.creates['consult.projects']).toBe('Consultation');
  });

  it('offers the regulator no New Consultation and no Administration group', () => {
    const m = menu(PETERS);
    expect(m.creates['consult.projects']).toBeUndefined();
    expect(m.groups).not.toContain('admin');
    expect(menu(HELENS).groups).not.toContain('admin');
  });

  it("keeps the community's screens for the community's own people", () => {
    expect(menu(OFFICER).entries).toEqual(
      expect.arrayContaining(['admin.local-contexts', 'admin.collections']),
    );
    expect(menu(MANAGER).entries).toEqual(expect.arrayContaining(KEEPING_SCREENS));
    expect(menu(MANAGER).creates).toMatchObject({
      'admin.protocols': 'Protocol',
      'admin.local-contexts': 'LocalContextsLabel',
      'consult.projects': 'Consultation',
      'consult.communications': 'CommLog',
      'consult.meetings': 'Meeting',
    });
  });
});

describe('the server agrees with the screens', () => {
  // What each outsider is not offered, the server refuses (in their own organisation, the owner
  // they would get); what they are offered, it allows.
  const attempts: Record<string, Record<string, unknown>> = {
    Protocol: { name: 'Our elders' },
    LocalContextsLabel: { labelKey: 'TK_ATTRIBUTION', customName: 'Ours' },
    Collection: { title: 'Our collection' },
    CommLog: { subject: 'A call', date: '2026-11-01T10:00:00Z' },
    Meeting: { summary: 'A meeting', date: '2026-11-01' },
    Consultation: { projectName: 'A regulator referral' },
  };

  it('refuses the regulator the types their screens do not offer', async () => {
    const ws = sockets.get(PETERS)!;
    for (const [type, body] of Object.entries(attempts)) {
      const reply = (await ws.request(`create/${type}`, body)).b as { userMessage?: string };
      expect(reply.userMessage, `${PETERS} create ${type}`).toBe('notAllowed');
    }
  });

  it('lets the proponent create what her screens offer, and refuses the rest', async () => {
    const ws = sockets.get(KARENS)!;
    const draft = (await ws.request('create/Consultation', { projectName: 'Line 4 extension' })).b as {
      erred?: boolean;
      $id?: string;
    };
    expect(draft.erred, JSON.stringify(draft)).toBeUndefined();
    for (const [type, body] of Object.entries(attempts)) {
      if (type === 'Consultation') continue;
      const reply = (await ws.request(`create/${type}`, body)).b as { userMessage?: string };
      expect(reply.userMessage, `${KARENS} create ${type}`).toBe('notAllowed');
    }
  });
});

describe('a change of an organisation kind', () => {
  it("reaches its members' open sessions at once", async () => {
    const admin = sockets.get('admin@riverbend.example')!;
    const peter = sockets.get(PETERS)!;
    const mayLog = async () =>
      (
        await peter.call<{ allowed: { create: boolean } }>('act/isAllowed', {
          _t: 'CommLog',
          _i: 0,
          actions: ['create'],
        })
      ).allowed.create;
    expect(await mayLog()).toBe(false);
    const [found] = await query<{ id: string }>(
      server.app.services.items.db,
      sql`select id from items where type = 'Organization' and data->>'displayName' = 'Provincial Ministry of Lands'`,
    );
    const ministry = found!.id;
    const row = await admin.call<{ $version: number }>(`read/${ministry}`);
    await admin.call('update', { $id: ministry, $version: row.$version, type: 'COMMUNITY' });
    await expect.poll(mayLog, { timeout: 5_000 }).toBe(true);
  });
});
