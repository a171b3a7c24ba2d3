import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessLevel, Role } from '../src/protocol/access-levels';
import { defineModule } from '../src/kernel/module';
import { MODULES } from '../src/modules';
import { SYSTEM } from '../src/server/access/principal';
import { issueToken } from '../src/server/auth/tokens';
import { describeAccessCase, moduleAccessCases } from './helpers/access-cases';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, WsClient, type Frame } from './helpers/ws-client';

// The access matrix (DESIGN §1, §5): principals × items × every path an item can surface on
// (read, readAllowed, readMany, label, $labels of a related item, addWatch, pushes, isAllowed).
// The expected answer comes from the small oracle below, written from DESIGN §1 and not from
// src/server/access/policy.ts, so a drift between the two fails here.

// ---------- the matrix, as data ----------

type OrgKey = 'riverbend' | 'northern' | 'coastal';
type PrincipalKey =
  | 'signedOut'
  | 'admin'
  | 'member'
  | 'staff'
  | 'editor'
  | 'orgAdmin'
  | 'outsider'
  | 'orgGrantee'
  | 'userGrantee'
  | 'creator';

interface Who {
  key: PrincipalKey;
  name: string;
  signedIn: boolean;
  admin: boolean;
  orgs: Partial<Record<OrgKey, Role>>;
  /** The role held while creating the fixture, before being moved to `orgs` (a former editor). */
  createdAs?: Role;
}

const ORGS: Record<OrgKey, { name: string; type: string }> = {
  riverbend: { name: 'Riverbend First Nation', type: 'COMMUNITY' },
  northern: { name: 'Northern Pipeline Ltd', type: 'INDUSTRY' },
  coastal: { name: 'Coastal Mining Corp', type: 'INDUSTRY' },
};

const PRINCIPALS: Who[] = [
  { key: 'signedOut', name: 'signed-out visitor', signedIn: false, admin: false, orgs: {} },
  { key: 'admin', name: 'site admin', signedIn: true, admin: true, orgs: {} },
  { key: 'member', name: 'member', signedIn: true, admin: false, orgs: { riverbend: 'member' } },
  { key: 'staff', name: 'staff', signedIn: true, admin: false, orgs: { riverbend: 'staff' } },
  { key: 'editor', name: 'editor', signedIn: true, admin: false, orgs: { riverbend: 'editor' } },
  { key: 'orgAdmin', name: 'orgAdmin', signedIn: true, admin: false, orgs: { riverbend: 'orgAdmin' } },
  {
    key: 'outsider',
    name: 'proponent without grant',
    signedIn: true,
    admin: false,
    orgs: { northern: 'editor' },
  },
  {
    key: 'orgGrantee',
    name: 'proponent whose organisation is granted',
    signedIn: true,
    admin: false,
    orgs: { coastal: 'editor' },
  },
  {
    key: 'userGrantee',
    name: 'proponent with a user grant',
    signedIn: true,
    admin: false,
    orgs: { northern: 'editor' },
  },
  {
    key: 'creator',
    name: 'creator (staff)',
    signedIn: true,
    admin: false,
    orgs: { riverbend: 'staff' },
    // Agreements need an editor to create; the creator drafts as an editor and is then made staff,
    // so the "creator may update their own drafts" rule is what decides their updates.
    createdAs: 'editor',
  },
];

interface GrantSpec {
  user?: PrincipalKey;
  org?: OrgKey;
  actions: ('read' | 'update')[];
}

type AgreementState = 'DRAFT' | 'ACTIVE';
type ItemTypeName = 'Thread' | 'Agreement' | 'Message' | 'Notify' | 'SystemAlert';

interface ItemSpec {
  key: string;
  name: string;
  type: ItemTypeName;
  /** The stored level; derived items take their source's (Message) or PRIVATE (Notify). */
  level: AccessLevel;
  owner: OrgKey | null;
  /** null: created by the system. */
  createdBy: PrincipalKey | null;
  state?: AgreementState;
  grants: GrantSpec[];
  /** Derived: follows this item (Message → Thread). */
  follows?: string;
  /** Notify: the recipient and the context. */
  recipient?: PrincipalKey;
  context?: string;
  /** The type is read by every signed-in user (TypeAccess.read 'signedIn'). */
  signedInReads?: boolean;
}

/** Registers the capability act/setCapabilities grants in this matrix (core registers only Core). */
const matrixCapModule = defineModule({ id: 'matrixcap', types: [], capabilities: ['MatrixCap'] });

const LEVELS: AccessLevel[] = ['PUBLIC', 'COMMUNITY', 'PROTECTED', 'PRIVATE'];
const THREAD_GRANTS: GrantSpec[] = [
  { org: 'coastal', actions: ['read'] },
  { user: 'userGrantee', actions: ['read', 'update'] },
];

const ITEMS: ItemSpec[] = [
  ...LEVELS.map((level): ItemSpec => ({
    key: `thread${level}`,
    name: `${level} Thread`,
    type: 'Thread',
    level,
    owner: 'riverbend',
    createdBy: 'creator',
    grants: THREAD_GRANTS,
  })),
  ...LEVELS.map((level): ItemSpec => ({
    key: `agreement${level}`,
    name: `${level} Agreement (no grants)`,
    type: 'Agreement',
    level,
    owner: 'riverbend',
    createdBy: 'editor',
    state: 'DRAFT',
    grants: [],
  })),
  ...(['DRAFT', 'ACTIVE'] as const).map((state): ItemSpec => ({
    key: `agreement${state}ByCreator`,
    name: `PROTECTED ${state} Agreement of the creator`,
    type: 'Agreement',
    level: 'PROTECTED',
    owner: 'riverbend',
    createdBy: 'creator',
    state,
    grants: [],
  })),
  {
    key: 'message',
    name: 'Message in the PROTECTED Thread',
    type: 'Message',
    level: 'PROTECTED',
    owner: 'riverbend',
    createdBy: 'creator',
    grants: [],
    follows: 'threadPROTECTED',
  },
  ...(['staff', 'member', 'userGrantee'] as const).map((recipient): ItemSpec => ({
    key: `notify-${recipient}`,
    name: `Notify to ${recipient} about the PROTECTED Thread`,
    type: 'Notify',
    level: 'PRIVATE',
    owner: null,
    createdBy: null,
    grants: [],
    recipient,
    context: 'threadPROTECTED',
  })),
  // A site notice: the admin writes it, every signed-in user (never a visitor) reads it.
  {
    key: 'systemAlert',
    name: 'SystemAlert (admin-made, PRIVATE)',
    type: 'SystemAlert',
    level: 'PRIVATE',
    owner: null,
    createdBy: 'admin',
    grants: [],
    signedInReads: true,
  },
];

const LABEL_FIELD: Record<ItemTypeName, string> = {
  Thread: 'subject',
  Agreement: 'title',
  Message: 'body',
  Notify: 'kind',
  SystemAlert: 'title',
};

// ---------- the oracle (DESIGN §1), independent of policy.ts ----------

const AT_LEAST: Record<Role, Role[]> = {
  member: ['member', 'staff', 'editor', 'orgAdmin'],
  staff: ['staff', 'editor', 'orgAdmin'],
  editor: ['editor', 'orgAdmin'],
  orgAdmin: ['orgAdmin'],
};

function spec(key: string): ItemSpec {
  const s = ITEMS.find((i) => i.key === key);
  if (!s) throw new Error(`no item ${key}`);
  return s;
}

function hasRole(w: Who, org: OrgKey | null, min: Role): boolean {
  const role = org ? w.orgs[org] : undefined;
  return role !== undefined && AT_LEAST[min].includes(role);
}

/** A grant on the item names the user, or an organisation the user belongs to (any role). */
function granted(w: Who, item: ItemSpec, action?: 'update'): boolean {
  if (!w.signedIn) return false;
  return item.grants.some(
    (g) =>
      (g.user === w.key || (g.org !== undefined && w.orgs[g.org] !== undefined)) &&
      (action === undefined || g.actions.includes(action)),
  );
}

function mayRead(w: Who, item: ItemSpec): boolean {
  if (w.admin) return true;
  // A Notify: its recipient only, and only while the recipient may read its context.
  if (item.recipient) return w.key === item.recipient && (!item.context || mayRead(w, spec(item.context)));
  // Derived data follows its source (a grant on the derived item itself also counts).
  if (item.follows) return granted(w, item) || mayRead(w, spec(item.follows));
  if (item.level === 'PUBLIC') return true;
  if (!w.signedIn) return false;
  if (item.signedInReads) return true;
  if (granted(w, item)) return true;
  switch (item.level) {
    case 'COMMUNITY':
      return hasRole(w, item.owner, 'member');
    case 'PROTECTED':
      return hasRole(w, item.owner, 'staff');
    case 'PRIVATE':
      return w.key === item.createdBy || hasRole(w, item.owner, 'orgAdmin');
  }
}

function mayUpdate(w: Who, item: ItemSpec): boolean {
  if (w.admin) return true;
  if (!mayRead(w, item)) return false;
  // The recipient may mark their own notification (policy.ts: recipient items allow update).
  if (item.recipient) return true;
  // Changing derived data needs update on its source.
  if (item.follows) return granted(w, item, 'update') || mayUpdate(w, spec(item.follows));
  return (
    granted(w, item, 'update') ||
    hasRole(w, item.owner, 'editor') ||
    (w.key === item.createdBy && item.state === 'DRAFT')
  );
}

interface Pair {
  who: Who;
  item: ItemSpec;
  read: boolean;
  update: boolean;
}

const PAIRS: Pair[] = PRINCIPALS.flatMap((who) =>
  ITEMS.map((item) => ({ who, item, read: mayRead(who, item), update: mayUpdate(who, item) })),
);

const can = (yes: boolean) => (yes ? 'can' : 'cannot');

// ---------- the running server and its fixtures ----------

let tdb: TestDatabase;
let server: TestServer;
const orgIds = {} as Record<OrgKey, string>;
const userIds = new Map<PrincipalKey, string>();
const tokens = new Map<PrincipalKey, string>();
const main = new Map<PrincipalKey, WsClient>();
const pushSockets = new Map<PrincipalKey, WsClient>();
/** Item key → id, its label word, the PUBLIC Thread pointing at it, and the secrets of the update phase. */
const ids = new Map<string, string>();
const labels = new Map<string, string>();
const pointers = new Map<string, string>();
const secrets = new Map<string, string>();
const pointerSecrets = new Map<string, string>();

const rand = () => Math.random().toString(36).slice(2, 10);
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

function get<K, V>(m: Map<K, V>, k: K): V {
  const v = m.get(k);
  if (v === undefined) throw new Error(`missing ${String(k)}`);
  return v;
}

type Body = Record<string, unknown>;
const num = (id: string) => Number(id.slice(id.lastIndexOf('-') + 1));

async function ask(who: PrincipalKey, op: string, body?: unknown): Promise<Body> {
  return (await get(main, who).request(op, body)).b as Body;
}

function expectNotAllowed(body: unknown) {
  expect(body).toMatchObject({ erred: true, userMessage: 'notAllowed' });
}

/**
 * What a refused reader is told (docs/access-model.md "What an outsider is told"): notAllowed to
 * a member of the item's organisation, and to anyone else the answer a missing id gets.
 */
async function expectRefusedRead(body: unknown, who: Who, id: string) {
  const row = (await server.app.services.items.systemRow(id))!;
  const member = (Object.keys(who.orgs) as OrgKey[]).some((k) => orgIds[k] === row.owner);
  expect(body, `${who.name} told of ${id}`).toMatchObject({
    erred: true,
    userMessage: member ? 'notAllowed' : 'notFound',
  });
  if (!member) expect(JSON.stringify(body)).not.toContain('notAllowed');
}

/** Neither the label word nor the update secret of a hidden item may appear in what was sent. */
function expectNoTrace(sent: unknown, item: ItemSpec) {
  const text = JSON.stringify(sent);
  expect(text).not.toContain(get(labels, item.key));
  const secret = secrets.get(item.key);
  if (secret) expect(text).not.toContain(secret);
}

/** Another socket on a signed-in principal's token. */
async function authedSocket(token: string): Promise<{ client: WsClient; session: Body }> {
  const client = await WsClient.connect(server.wsUrl);
  const r = await client.request('tokenAuth', { token }, { v: 'test' });
  if (r.o !== 'authed') throw new Error(`tokenAuth failed: ${JSON.stringify(r.b)}`);
  return { client, session: r.b as Body };
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  // The list plus a module that only registers a capability, for act/setCapabilities below.
  server = await startTestServer(tdb.database, {}, [...MODULES, matrixCapModule]);
  const items = server.app.services.items;
  for (const [key, o] of Object.entries(ORGS) as [OrgKey, (typeof ORGS)[OrgKey]][])
    orgIds[key] = await makeOrg(items, o.name, o.type);

  for (const p of PRINCIPALS) {
    if (!p.signedIn) {
      main.set(p.key, await WsClient.connect(server.wsUrl));
      continue;
    }
    const memberships = (Object.entries(p.orgs) as [OrgKey, Role][]).map(([org, role]): [string, Role] => [
      orgIds[org],
      role,
    ]);
    const u = await makeUser(
      items,
      memberships.map(([org, role]) => [org, p.createdAs ?? role]),
      { admin: p.admin },
    );
    userIds.set(p.key, u.id);
    const { client, token } = await connectAs(server, u.email, PASSWORD);
    main.set(p.key, client);
    tokens.set(p.key, token);
  }

  const callAs = async (who: PrincipalKey, op: string, body: unknown) => get(main, who).call<Body>(op, body);
  for (const s of ITEMS) {
    const label = `L${rand()}`;
    labels.set(s.key, label);
    let created: Body;
    if (s.type === 'Notify') {
      created = await items.create(SYSTEM, 'Notify', {
        kind: label,
        recipient: get(userIds, s.recipient!),
        context: get(ids, s.context!),
        unread: true,
      });
    } else if (s.type === 'Message') {
      created = await callAs(s.createdBy!, 'create/Message', { thread: get(ids, s.follows!), body: label });
    } else {
      created = await callAs(s.createdBy!, `create/${s.type}`, {
        [LABEL_FIELD[s.type]]: label,
        $access: s.level,
        ...(s.state ? { state: s.state } : {}),
        ...(s.type === 'SystemAlert' ? { message: 'Planned maintenance', active: true } : {}),
      });
    }
    // The fixture is what the oracle assumes.
    expect(created).toMatchObject({
      $access: s.level,
      owner: s.owner ? orgIds[s.owner] : null,
      _c: s.createdBy ? { $id: get(userIds, s.createdBy) } : {},
    });
    const id = created.$id as string;
    ids.set(s.key, id);
    for (const g of s.grants) {
      await callAs('orgAdmin', 'act/setGrant', {
        _t: s.type,
        _i: num(id),
        principal: g.user ? get(userIds, g.user) : orgIds[g.org!],
        actions: g.actions,
      });
    }
  }
  // A PUBLIC Thread pointing at each item: its $labels must name the target only for readers of it.
  // The admin makes them: others may link only to items they can read themselves.
  for (const s of ITEMS) {
    const p = await callAs('admin', 'create/Thread', {
      subject: `P${rand()}`,
      $access: 'PUBLIC',
      context: get(ids, s.key),
    });
    pointers.set(s.key, p.$id as string);
  }
  // Move former editors to their role under test, and sign them in again with it.
  for (const p of PRINCIPALS) {
    if (!p.createdAs) continue;
    const userId = get(userIds, p.key);
    for (const [org, role] of Object.entries(p.orgs) as [OrgKey, Role][])
      await callAs('orgAdmin', 'act/setMembership', { userId, org: orgIds[org], roles: [role] });
    await get(main, p.key).close();
    const { client, session } = await authedSocket(get(tokens, p.key));
    expect(session).toMatchObject({
      memberships: (Object.entries(p.orgs) as [OrgKey, Role][]).map(([org, role]) => ({
        org: orgIds[org],
        roles: [role],
      })),
    });
    main.set(p.key, client);
  }
});

afterAll(async () => {
  await Promise.all([...main.values(), ...pushSockets.values()].map((c) => c.close()));
  await server?.close();
  await tdb?.close();
});

describe('the oracle', () => {
  it('has allowed and denied cases for reads and updates', () => {
    expect(PAIRS.length).toBe(PRINCIPALS.length * ITEMS.length);
    expect(PAIRS.some((p) => p.read) && PAIRS.some((p) => !p.read)).toBe(true);
    expect(PAIRS.some((p) => p.update) && PAIRS.some((p) => p.read && !p.update)).toBe(true);
  });
});

describe('reads', () => {
  for (const { who, item, read, update } of PAIRS) {
    it(`${who.name} ${can(read)} read ${item.name} via read`, async () => {
      const id = get(ids, item.key);
      const b = await ask(who.key, `read/${id}`);
      if (read) expect(b).toMatchObject({ $id: id, [LABEL_FIELD[item.type]]: get(labels, item.key) });
      else {
        await expectRefusedRead(b, who, id);
        expectNoTrace(b, item);
      }
    });

    it(`${who.name} ${can(read)} read ${item.name} via readAllowed${read ? ` ($allowed.update ${update})` : ''}`, async () => {
      const id = get(ids, item.key);
      const b = await ask(who.key, `readAllowed/${id}`);
      if (read) {
        expect(b).toMatchObject({ $id: id, [LABEL_FIELD[item.type]]: get(labels, item.key) });
        expect((b.$allowed as Body).update).toBe(update);
      } else {
        await expectRefusedRead(b, who, id);
        expectNoTrace(b, item);
      }
    });

    it(`${who.name} ${can(read)} read ${item.name} via readMany`, async () => {
      const id = get(ids, item.key);
      const all = ITEMS.map((s) => get(ids, s.key));
      const b = await ask(who.key, 'readMany/object', all);
      if (read) expect(b[id]).toMatchObject({ $id: id, [LABEL_FIELD[item.type]]: get(labels, item.key) });
      else {
        await expectRefusedRead(b[id], who, id);
        // Nowhere in the whole reply: not as the entry, nor in another item's $labels.
        expectNoTrace(b, item);
      }
    });

    it(`${who.name} ${can(read)} read ${item.name} via label`, async () => {
      const id = get(ids, item.key);
      const b = await ask(who.key, `label/${id}`);
      if (read) expect(b).toEqual({ $id: id, label: get(labels, item.key) });
      else {
        await expectRefusedRead(b, who, id);
        expectNoTrace(b, item);
      }
    });
  }
});

describe('search', () => {
  for (const { who, item, read } of PAIRS) {
    it(`${who.name} ${can(read)} find ${item.name} via search/ids (results, total, facets, labels)`, async () => {
      const id = get(ids, item.key);
      const b = await ask(who.key, 'search/ids', {
        must: { _t: [item.type], $id: [id] },
        facets: ['_t', 'owner'],
        labels: true,
      });
      expect(b.ids).toEqual(read ? [id] : []);
      expect(b.total).toBe(read ? 1 : 0);
      const counts = (b.facets as Record<string, { count: number }[]>)._t!;
      expect(counts.reduce((n, x) => n + x.count, 0)).toBe(read ? 1 : 0);
      if (read) expect((b.labels as Record<string, string>)[id]).toBe(get(labels, item.key));
      else expectNoTrace(b, item);
    });
  }
});

describe('text search', () => {
  // A text search on column keys only reads the narrow item_search table (migration 0008).
  for (const { who, item, read } of PAIRS) {
    it(`${who.name} ${can(read)} find ${item.name} by its words (results, total, facets, labels)`, async () => {
      const id = get(ids, item.key);
      const b = await ask(who.key, 'search/ids', {
        must: { _t: [item.type], $text: [get(labels, item.key)], $id: [id] },
        facets: ['_t', 'owner', '$access', '_c.ts'],
        labels: true,
      });
      expect(b.ids).toEqual(read ? [id] : []);
      expect(b.total).toBe(read ? 1 : 0);
      for (const f of ['_t', '$access', '_c.ts']) {
        const counts = (b.facets as Record<string, { count: number }[]>)[f]!;
        expect(counts.reduce((n, x) => n + x.count, 0)).toBe(read ? 1 : 0);
      }
      if (read) expect((b.labels as Record<string, string>)[id]).toBe(get(labels, item.key));
      else expectNoTrace(b, item);
    });
  }
});

describe('the HTTP fallback', () => {
  for (const { who, item, read } of PAIRS) {
    it(`${who.name} ${can(read)} read ${item.name} via POST /api/item`, async () => {
      const id = get(ids, item.key);
      const token = tokens.get(who.key);
      const res = await fetch(`${server.url}/api/item`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ o: `read/${id}`, s: '1' }),
      });
      expect(res.status).toBe(200);
      const b = ((await res.json()) as { data: Body }).data;
      if (read) expect(b).toMatchObject({ $id: id, [LABEL_FIELD[item.type]]: get(labels, item.key) });
      else {
        await expectRefusedRead(b, who, id);
        expectNoTrace(b, item);
      }
    });
  }
});

describe('$labels of a readable item pointing at another', () => {
  const sees = (yes: boolean) => (yes ? 'sees' : 'does not see');
  for (const { who, item, read } of PAIRS) {
    it(`${who.name} ${sees(read)} the label of ${item.name} in $labels via read`, async () => {
      const b = await ask(who.key, `read/${get(pointers, item.key)}`);
      expect(b.context).toBe(get(ids, item.key));
      const own = b.$labels as Record<string, string>;
      if (read) expect(own[get(ids, item.key)]).toBe(get(labels, item.key));
      else {
        expect(own).not.toHaveProperty(get(ids, item.key));
        expectNoTrace(b, item);
      }
    });

    it(`${who.name} ${sees(read)} the label of ${item.name} in $labels via readMany`, async () => {
      const b = await ask(
        who.key,
        'readMany/object',
        ITEMS.map((s) => get(pointers, s.key)),
      );
      const entry = b[get(pointers, item.key)] as Body;
      const own = entry.$labels as Record<string, string>;
      if (read) expect(own[get(ids, item.key)]).toBe(get(labels, item.key));
      else {
        expect(own).not.toHaveProperty(get(ids, item.key));
        expectNoTrace(b, item);
      }
    });
  }
});

describe('notification acts', () => {
  // Both acts answer about the caller's own notifications: an admin may read anyone's Notify
  // with read/{id}, but it is not theirs to list or mark.
  for (const { who, item, read } of PAIRS.filter((x) => x.item.type === 'Notify')) {
    const own = read && item.recipient === who.key;
    it(`${who.name} ${can(own)} fetch ${item.name} via act/fetchNotifications`, async () => {
      const id = get(ids, item.key);
      const b = await ask(who.key, 'act/fetchNotifications', { query: { must: { id: [id, num(id)] } } });
      if (who.key === 'signedOut') expectNotAllowed(b);
      else if (own) expect((b.items as Body[]).map((i) => i.$id)).toEqual([id, id]);
      else expect(b.items).toEqual([]);
      if (!read) expectNoTrace(b, item);
    });

    it(`${who.name} ${own ? 'has' : 'has not'} ${item.name} in notifyPairs via act/markNotifications`, async () => {
      const id = get(ids, item.key);
      const b = await ask(who.key, 'act/markNotifications', {});
      if (who.key === 'signedOut') expectNotAllowed(b);
      else expect((b.notifyPairs as [number, string][]).some(([n]) => n === num(id))).toBe(own);
      if (!read) expectNoTrace(b, item);
    });
  }
});

describe('act/isAllowed', () => {
  for (const { who, item, read, update } of PAIRS) {
    for (const [action, expected] of [
      ['read', read],
      ['update', update],
    ] as const) {
      it(`${who.name} ${can(expected)} ${action} ${item.name} via act/isAllowed`, async () => {
        const id = get(ids, item.key);
        const b = await ask(who.key, 'act/isAllowed', {
          _t: item.type,
          _i: num(id),
          actions: ['read', 'update'],
        });
        expect((b.allowed as Body)[action]).toBe(expected);
        if (!read) expectNoTrace(b, item);
      });
    }
  }
});

describe('update and grants', () => {
  for (const { who, item, read, update } of PAIRS) {
    // A stale $version makes the probe harmless: with the right to update, the answer is
    // staleVersion (and nothing is written); without it, notAllowed and no current version.
    it(`${who.name} ${can(update)} update ${item.name} via update`, async () => {
      const id = get(ids, item.key);
      const b = await ask(who.key, 'update', { $id: id, $version: 999_999 });
      if (update) expect(b).toMatchObject({ erred: true, userMessage: 'staleVersion' });
      else {
        if (read) expectNotAllowed(b);
        else await expectRefusedRead(b, who, id);
        expect(b).not.toHaveProperty('currentVersion');
        expectNoTrace(b, item);
      }
    });

    it(`${who.name} ${can(read)} list the grants of ${item.name} via act/getGrantedBy`, async () => {
      const id = get(ids, item.key);
      const b = await ask(who.key, 'act/getGrantedBy', { grantsFor: [id] });
      const result = b.result as Record<string, unknown>;
      if (read) expect(result).toHaveProperty(id);
      else expect(result).toEqual({});
    });
  }
});

describe('addWatch', () => {
  for (const { who, item, read } of PAIRS) {
    it(`${who.name} ${can(read)} watch ${item.name} via addWatch`, async () => {
      const id = get(ids, item.key);
      const b = await ask(who.key, `addWatch/${id}/1`);
      if (read) expect(b).toMatchObject({ watching: id });
      else {
        await expectRefusedRead(b, who, id);
        expectNoTrace(b, item);
      }
    });
  }
});

describe('pushes', () => {
  const WATCHED_TYPES: ItemTypeName[] = ['Thread', 'Agreement', 'Message', 'Notify', 'SystemAlert'];
  const mentions = (f: Frame, id: string) => {
    const b = f.b as Body | null;
    return !!b && (b.$id === id || b.itemID === id);
  };
  const updatePush = (id: string, secret: string) => (f: Frame) =>
    f.o === 'itemUpdated' && mentions(f, id) && JSON.stringify(f.b).includes(secret);

  beforeAll(async () => {
    // Every principal watches every type, and every item (the refused watches are checked above,
    // and a refused watch that still registered would show up here).
    for (const p of PRINCIPALS) {
      const c = p.signedIn
        ? (await authedSocket(get(tokens, p.key))).client
        : await WsClient.connect(server.wsUrl);
      pushSockets.set(p.key, c);
      for (const t of WATCHED_TYPES) await c.call(`addWatch/${t}-0`, {});
      for (const s of ITEMS) await c.request(`addWatch/${get(ids, s.key)}`);
    }
    const admin = get(main, 'admin');
    for (const s of ITEMS) {
      const id = get(ids, s.key);
      const current = await admin.call<Body>(`read/${id}`);
      const secret = `S${rand()}`;
      secrets.set(s.key, secret);
      const change = { $id: id, $version: current.$version, [LABEL_FIELD[s.type]]: secret };
      // A Notify's fields are written by the system only, so its change comes from the system too.
      if (s.type === 'Notify') await server.app.services.items.update(SYSTEM, change);
      else await admin.call('update', change);
    }
    for (const s of ITEMS) {
      const id = get(pointers, s.key);
      const current = await admin.call<Body>(`read/${id}`);
      const secret = `Q${rand()}`;
      pointerSecrets.set(s.key, secret);
      await admin.call('update', { $id: id, $version: current.$version, subject: secret });
    }
    // Wait for what should come, then for quiet, before anything is judged absent.
    await Promise.allSettled([
      ...PAIRS.filter((p) => p.read).map((p) =>
        get(pushSockets, p.who.key).waitForPush(
          updatePush(get(ids, p.item.key), get(secrets, p.item.key)),
          10_000,
        ),
      ),
      ...PAIRS.map((p) =>
        get(pushSockets, p.who.key).waitForPush(
          updatePush(get(pointers, p.item.key), get(pointerSecrets, p.item.key)),
          10_000,
        ),
      ),
    ]);
    await server.app.idle();
    await delay(200);
    await server.app.idle();
  }, 60_000);

  for (const { who, item, read } of PAIRS) {
    it(`${who.name} ${read ? 'gets' : 'never gets'} the update of ${item.name} via pushes`, async () => {
      const id = get(ids, item.key);
      const sockets = [get(pushSockets, who.key), get(main, who.key)];
      if (read) {
        const f = await get(pushSockets, who.key).waitForPush(updatePush(id, get(secrets, item.key)), 2_000);
        expect(f.b).toMatchObject({ $id: id, [LABEL_FIELD[item.type]]: get(secrets, item.key) });
      } else {
        for (const c of sockets) {
          expect(c.pushes.filter((f) => mentions(f, id))).toEqual([]);
          expectNoTrace(c.pushes, item);
        }
      }
    });

    it(`${who.name} ${read ? 'sees' : 'does not see'} the label of ${item.name} in $labels via pushes`, async () => {
      const pointer = get(pointers, item.key);
      const f = await get(pushSockets, who.key).waitForPush(
        updatePush(pointer, get(pointerSecrets, item.key)),
        2_000,
      );
      const own = (f.b as Body).$labels as Record<string, string>;
      if (read) expect(own[get(ids, item.key)]).toBe(get(secrets, item.key));
      else {
        expect(own).not.toHaveProperty(get(ids, item.key));
        expectNoTrace(f.b, item);
      }
    });
  }
});

describe('who may widen the level', () => {
  // Changing $access decides who may read, like moving the owner (which needs the grant right).
  // A proponent holding only an update grant must not be able to publish a community's PRIVATE item.
  it('a proponent with an update grant cannot make a PRIVATE Thread PUBLIC via update', async () => {
    const secret = `W${rand()}`;
    const t = await get(main, 'creator').call<Body>('create/Thread', { subject: secret, $access: 'PRIVATE' });
    const id = t.$id as string;
    await get(main, 'orgAdmin').call('act/setGrant', {
      _t: 'Thread',
      _i: num(id),
      principal: get(userIds, 'userGrantee'),
      actions: ['read', 'update'],
    });
    const current = await ask('userGrantee', `read/${id}`);
    expect(current.subject).toBe(secret);
    const b = await ask('userGrantee', 'update', { $id: id, $version: current.$version, $access: 'PUBLIC' });
    expect.soft(b, 'the update grant alone must not change $access').toMatchObject({
      erred: true,
      userMessage: 'notAllowed',
    });
    // Whatever the reply, the item must still be hidden from everyone the oracle hides it from.
    for (const who of ['signedOut', 'outsider', 'orgGrantee', 'member'] as const) {
      const r = await ask(who, `read/${id}`);
      expect.soft(r, `${who} reads it`).toMatchObject({ erred: true });
      await expectRefusedRead(
        r,
        PRINCIPALS.find((w) => w.key === who)!,
        id,
      );
      expect.soft(JSON.stringify(r)).not.toContain(secret);
    }
  });
});

describe('a blocked account', () => {
  // No act blocks an account yet; the flag lives in `credentials` (docs/architecture.md), and
  // docs/protocol.md promises identFailed for "an unknown, revoked or blocked token" on every path.
  it('a blocked staff member cannot read a COMMUNITY item via the socket or via POST /api/item', async () => {
    const items = server.app.services.items;
    const u = await makeUser(items, [[orgIds.riverbend, 'staff']]);
    const { client, token } = await connectAs(server, u.email, PASSWORD);
    const id = get(ids, 'threadCOMMUNITY');
    const before = await client.call<Body>(`read/${id}`);
    expect(before).toMatchObject({ $id: id });
    await client.close();
    await items.db.execute(sql`update credentials set blocked = true where user_id = ${u.id}`);

    const again = await WsClient.connect(server.wsUrl);
    const authed = await again.request('tokenAuth', { token }, { v: 'test' });
    expect(authed.b).toMatchObject({ erred: true, userMessage: 'identFailed' });
    await again.waitForClose();

    const res = await fetch(`${server.url}/api/item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ o: `read/${id}`, s: '1' }),
    });
    const b = ((await res.json()) as { data: Body }).data;
    expect.soft(b).toMatchObject({ erred: true, userMessage: 'identFailed' });
    expect.soft(JSON.stringify(b)).not.toContain(before.subject as string);
    expect(res.status).toBe(401);
  });
});

describe('people: $userState, orgMembers, contactNotify, masquerade', () => {
  // Account facts of a Riverbend contact are for its organisation's admins (and site admins);
  // the contact itself stays readable by whoever the policy lets read it.
  const managesRiverbend = (w: Who) => w.admin || w.orgs.riverbend === 'orgAdmin';
  let contactId = '';
  beforeAll(async () => {
    const items = server.app.services.items;
    const user = await makeUser(items, [[orgIds.riverbend, 'member']]);
    contactId = (
      await items.create(SYSTEM, 'Contact', {
        firstName: 'Matrix',
        lastName: 'Contact',
        email: 'matrix.contact@riverbend.example',
        _related: [orgIds.riverbend],
        owner: orgIds.riverbend,
        user: user.id,
      })
    ).$id;
  });

  for (const who of PRINCIPALS) {
    const sees = managesRiverbend(who);
    it(`${who.name} ${sees ? 'sees' : 'does not see'} $userState via read and readMany`, async () => {
      const one = await ask(who.key, `read/${contactId}`);
      const many = ((await ask(who.key, 'readMany', [contactId])) as Record<string, Body>)[contactId]!;
      for (const b of [one, many]) {
        if (sees) expect(b).toMatchObject({ $id: contactId, $userState: 'NEVER' });
        else expect(b.$userState).toBeUndefined();
      }
    });

    it(`${who.name} ${can(sees)} list the members of Riverbend via act/orgMembers`, async () => {
      const b = await ask(who.key, 'act/orgMembers', { org: orgIds.riverbend });
      if (sees) expect(Array.isArray(b.members)).toBe(true);
      else expect(b).toMatchObject({ erred: true, userMessage: 'notAllowed' });
    });

    it(`${who.name} ${can(who.admin)} start a masquerade via act/masquerade`, async () => {
      if (!who.signedIn) {
        expect(await ask(who.key, 'act/masquerade', { targetUserID: get(userIds, 'member') })).toMatchObject({
          erred: true,
        });
        return;
      }
      // A fresh socket: a successful start replaces (revokes) the socket's token.
      const db = server.app.services.items.db;
      const { token } = await issueToken(db, get(userIds, who.key), 'session', 3_600_000);
      const c = await WsClient.connect(server.wsUrl);
      await c.request('tokenAuth', { token }, { v: 'test' });
      const target = get(userIds, who.key === 'member' ? 'staff' : 'member');
      const b = (await c.request('act/masquerade', { targetUserID: target })).b as Body;
      await c.close();
      if (who.admin) expect(b.newToken).toEqual(expect.any(String));
      else expect(b).toMatchObject({ erred: true, userMessage: 'notAllowed' });
    });
  }

  it("act/contactNotify answers only the caller's own contact cards, and refuses another's", async () => {
    const mine = await ask('member', 'act/contactNotify');
    expect(mine).toMatchObject({ contacts: [] });
    const theirs = await ask('member', 'act/contactNotify', { contact: contactId, notify: 'NONE' });
    expect(theirs).toMatchObject({ erred: true, userMessage: 'notAllowed' });
  });
});

describe('capabilities: act/setCapabilities', () => {
  // Granting capabilities decides what the site offers a whole organisation: site admins only,
  // not an organisation's own orgAdmin (spec core §3). Riverbend is the target.
  for (const who of PRINCIPALS) {
    it(`${who.name} ${can(who.admin)} grant Riverbend a capability via act/setCapabilities`, async () => {
      const org = orgIds.riverbend;
      const before = (await server.app.services.items.systemRow(org))!;
      const want =
        before.data.capabilities === undefined || (before.data.capabilities as string[]).length === 0;
      const b = await ask(who.key, 'act/setCapabilities', {
        id: org,
        capabilities: want ? ['MatrixCap'] : [],
      });
      const after = (await server.app.services.items.systemRow(org))!;
      if (!who.admin) {
        expectNotAllowed(b);
        expect(after.version).toBe(before.version);
        return;
      }
      expect(b).toEqual({ $id: org, capabilities: want ? ['MatrixCap'] : [] });
      expect(after.version).toBe(before.version + 1);
      const t = await ask(who.key, 'act/timeline', { _t: 'Organization', _i: num(org) });
      expect((t.events as Body[])[0]).toMatchObject({
        kind: 'updated',
        actor: get(userIds, who.key),
        data: { changes: { capabilities: { to: want ? ['MatrixCap'] : [] } } },
      });
    });
  }
});

describe("$linked: the items pointing at an item (a record's Related section)", () => {
  // A PUBLIC anchor everyone reads, and one Thread of each level pointing at it (context), owned
  // and granted as the matrix's Threads: `$linked` runs through the search's SQL read rule, so a
  // pointer the asker may not read never appears, though the item it points at is public.
  const linkers = LEVELS.map((level): ItemSpec => ({ ...spec(`thread${level}`), key: `linker${level}` }));
  let anchor = '';
  const linkerIds = new Map<string, string>();
  const linkerWords = new Map<string, string>();

  beforeAll(async () => {
    const callAs = async (who: PrincipalKey, op: string, body: unknown) =>
      get(main, who).call<Body>(op, body);
    anchor = (await callAs('admin', 'create/Thread', { subject: `A${rand()}`, $access: 'PUBLIC' }))
      .$id as string;
    for (const s of linkers) {
      linkerWords.set(s.key, `K${rand()}`);
      const created = await callAs('admin', 'create/Thread', {
        subject: get(linkerWords, s.key),
        $access: s.level,
        owner: orgIds.riverbend,
        context: anchor,
      });
      // Made by the admin (a creator's own PRIVATE item would be theirs); the oracle's creator
      // rule then names nobody, so PRIVATE is read by the orgAdmin, the grantees and the admin.
      const id = created.$id as string;
      linkerIds.set(s.key, id);
      for (const g of s.grants)
        await callAs('orgAdmin', 'act/setGrant', {
          _t: 'Thread',
          _i: num(id),
          principal: g.user ? get(userIds, g.user) : orgIds[g.org!],
          actions: g.actions,
        });
    }
  });

  for (const who of PRINCIPALS)
    for (const s of linkers) {
      const read = mayRead(who, { ...s, createdBy: null });
      it(`${who.name} ${can(read)} find the ${s.level} Thread pointing at a PUBLIC one via $linked`, async () => {
        const id = get(linkerIds, s.key);
        const b = await ask(who.key, 'search/ids', {
          must: { $linked: [anchor] },
          facets: ['_t'],
          labels: true,
        });
        expect((b.ids as string[]).includes(id)).toBe(read);
        const all = linkers.filter((l) => mayRead(who, { ...l, createdBy: null }));
        expect(b.total).toBe(all.length);
        const counts = (b.facets as Record<string, { count: number }[]>)._t!;
        expect(counts.reduce((n, x) => n + x.count, 0)).toBe(all.length);
        if (!read) expect(b.labels as Record<string, string>).not.toHaveProperty(id);
      });
    }

  it('is a filter only: refused as a facet or a sort', async () => {
    expect(
      await ask('admin', 'search/ids', { must: { $linked: [anchor] }, facets: ['$linked'] }),
    ).toMatchObject({
      erred: true,
      userMessage: 'invalidInput',
    });
    expect(
      await ask('admin', 'search/ids', {
        must: { $linked: [anchor] },
        sort: [{ key: '$linked', order: 'asc' }],
      }),
    ).toMatchObject({ erred: true, userMessage: 'invalidInput' });
  });

  it('combines with a type and with text (the narrow table joined to items)', async () => {
    const id = get(linkerIds, 'linkerPUBLIC');
    const b = await ask('member', 'search/ids', { must: { _t: ['Thread'], $linked: [anchor], $id: [id] } });
    expect(b.ids).toEqual([id]);
    const none = await ask('member', 'search/ids', { must: { _t: ['Agreement'], $linked: [anchor] } });
    expect(none.ids).toEqual([]);
    const words = await ask('member', 'search/ids', {
      must: { $text: [get(linkerWords, 'linkerPUBLIC')], $linked: [anchor] },
    });
    expect(words.ids).toEqual([id]);
    const hidden = await ask('member', 'search/ids', {
      must: { $text: [get(linkerWords, 'linkerPRIVATE')], $linked: [anchor] },
    });
    expect(hidden.ids).toEqual([]);
  });
});

// ---------- the modules' rows ----------
// Each module with types of its own adds its items, readers and paths in
// src/modules/<id>/test/access-cases.ts (test/helpers/access-cases.ts says how); they run here,
// each on a server of its own, beside the core rows above.
for (const c of await moduleAccessCases(fileURLToPath(new URL('..', import.meta.url)))) describeAccessCase(c);
