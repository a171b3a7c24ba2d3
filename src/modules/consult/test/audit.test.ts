import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { query } from '../../../server/db/query';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, WsClient } from '../../../../test/helpers/ws-client';
import { AUDIT_CSV_PATH } from '../audit';
import type { AuditRow } from '../contract-audit';

// consult.audit (issue 16; docs/consult-audit.md) over a real server and sockets: events on the
// desk's items with their filters, the admin behind a masquerade, keyset pages, the audited opens
// of PRIVATE items (once per open, never for other levels), the CSV against the pages, and the
// refusals. Who sees which item's rows is the access matrix's (test/access-cases.ts "audit").

let tdb: TestDatabase;
let server: TestServer;
let riverbend: string;
const users: Record<string, { id: string; email: string }> = {};
const clients: Record<string, WsClient> = {};
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const items = () => server.app.services.items;

interface Page {
  rows: AuditRow[];
  next: string | null;
  $labels: Record<string, string>;
}

async function setCaps(id: string, list: string[]) {
  const row = await items().read(SYSTEM, id);
  await items().update(SYSTEM, { $id: id, $version: row.$version, capabilities: list });
}

async function connect(key: string) {
  const c = await connectAs(server, users[key]!.email, PASSWORD);
  clients[key] = c.client;
  tokens[key] = c.token;
}

const audit = async (as: string, body: Record<string, unknown> = {}) => {
  const b = (await clients[as]!.request('act/cnsAudit', body)).b as Page & { erred?: boolean };
  if (b.erred) throw new Error(JSON.stringify(b));
  return b;
};

/** Every row, following the pages' cursors. */
async function allRows(as: string, filter: Record<string, unknown> = {}, limit = 100) {
  const out: AuditRow[] = [];
  let after: string | undefined;
  do {
    const page = await audit(as, { ...filter, limit, ...(after ? { after } : {}) });
    out.push(...page.rows);
    after = page.next ?? undefined;
  } while (after);
  return out;
}

const csv = (as: string | null, qs = '') =>
  fetch(`${server.url}${AUDIT_CSV_PATH}${qs}`, {
    headers: as ? { authorization: `Bearer ${tokens[as]}` } : {},
  });

/** The CSV's rows as arrays of cells (no quoted commas in this test's data). */
const csvRows = (text: string) =>
  text
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database, { signInPerAddress: 10_000 });
  riverbend = await makeOrg(items(), 'Riverbend First Nation');
  const pipeline = await makeOrg(items(), 'Northern Pipeline Corp.', 'INDUSTRY');
  await setCaps(riverbend, ['Consult', 'ConsultRespond']);
  await setCaps(pipeline, ['Consult', 'ConsultDrafts']);
  users.officer = await makeUser(items(), [[riverbend, 'staff']]);
  users.manager = await makeUser(items(), [[riverbend, 'orgAdmin']]);
  users.member = await makeUser(items(), [[riverbend, 'member']]);
  users.proponent = await makeUser(items(), [[pipeline, 'editor']]);
  users.admin = await makeUser(items(), [], { admin: true });
  for (const k of Object.keys(users)) await connect(k);

  const create = async (as: string, type: string, data: Record<string, unknown>) =>
    (await clients[as]!.call<{ $id: string }>(`create/${type}`, data)).$id;
  ids.loop = await create('proponent', 'Consultation', {
    projectName: 'Loop line',
    primaryOrg: pipeline,
    submittedTo: riverbend,
    region: 'NORTH',
  });
  await clients.proponent!.call('act/cnsSubmit', { consultation: ids.loop });
  ids.call = await create('officer', 'CommLog', {
    subject: 'Call with the proponent',
    date: '2026-11-20T15:00:00.000Z',
    context: ids.loop,
  });
  // Staff log; editors and up change (the manager adds to the officer's entry).
  const call = await clients.manager!.call<{ $version: number }>(`read/${ids.call}`);
  await clients.manager!.call('update', {
    $id: ids.call,
    $version: call.$version,
    body: 'They will send maps',
  });
  ids.meeting = await create('officer', 'Meeting', { summary: 'Site visit', date: '2026-12-01' });
  // A private note of the community (its level set by the system, as an orgAdmin would).
  ids.secret = (
    await items().create(
      SYSTEM,
      'CommLog',
      { subject: 'Elders’ private counsel', date: '2026-11-21T10:00:00.000Z', context: ids.loop },
      { owner: riverbend, access: 'PRIVATE', actor: users.manager!.id },
    )
  ).$id;
}, 90_000);

afterAll(async () => {
  for (const c of Object.values(clients)) await c.close();
  await server?.close();
  await tdb?.close();
});

describe('consult.audit: events', () => {
  it('lists the events of the desk’s items, newest first, with who, what and when', async () => {
    const rows = await allRows('officer');
    const mine = rows.filter((r) => r.itemId === ids.call);
    expect(mine.map((r) => [r.kind, r.actor, r.realActor])).toEqual([
      ['updated', users.manager!.id, null],
      ['created', users.officer!.id, null],
    ]);
    expect(mine[0]!.consultation).toBe(ids.loop);
    expect(rows.some((r) => r.itemId === ids.loop && r.kind === 'CNS_SUBMITTED')).toBe(true);
    const ats = rows.map((r) => r.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    // The officer may not read the private note: neither its events nor its words.
    expect(rows.some((r) => r.itemId === ids.secret)).toBe(false);
    const page = await audit('officer');
    expect(page.$labels[ids.call!]).toBe('Call with the proponent');
    expect(JSON.stringify(page)).not.toContain('private counsel');
  });

  it('filters by person, kind, consultation and date range', async () => {
    const byKind = await allRows('officer', { kind: 'updated' });
    expect(byKind.length).toBeGreaterThan(0);
    expect(byKind.every((r) => r.kind === 'updated')).toBe(true);
    const byPerson = await allRows('officer', { person: users.proponent!.id });
    expect(byPerson.length).toBeGreaterThan(0);
    expect(byPerson.every((r) => r.actor === users.proponent!.id)).toBe(true);
    const byConsultation = await allRows('officer', { consultation: ids.loop });
    expect(new Set(byConsultation.map((r) => r.itemId))).toEqual(new Set([ids.loop, ids.call]));
    expect(byConsultation.some((r) => r.itemId === ids.meeting)).toBe(false);
    const today = new Date().toISOString().slice(0, 10);
    expect((await allRows('officer', { from: today, to: today })).length).toBe(
      (await allRows('officer')).length,
    );
    expect(await allRows('officer', { from: '2099-01-01' })).toEqual([]);
    expect(await allRows('officer', { to: '2000-01-01' })).toEqual([]);
    const bad = (await clients.officer!.request('act/cnsAudit', { from: 'yesterday' })).b;
    expect(bad).toMatchObject({ erred: true, userMessage: 'invalidInput' });
  });

  it('pages by keyset: small pages add up to the whole list, without repeats', async () => {
    const whole = await allRows('admin');
    const paged = await allRows('admin', {}, 2);
    expect(paged.map((r) => r.id)).toEqual(whole.map((r) => r.id));
    expect(new Set(paged.map((r) => r.id)).size).toBe(paged.length);
  });

  it('shows the admin behind a masquerade as the real actor', async () => {
    const started = await clients.admin!.call<{ newToken: string }>('act/masquerade', {
      targetUserID: users.officer!.id,
    });
    const as = await WsClient.connect(server.wsUrl);
    await as.request('tokenAuth', { token: started.newToken }, { v: 'test' });
    ids.masked = (
      await as.call<{ $id: string }>('create/CommLog', {
        subject: 'Logged by the admin as the officer',
        date: '2026-11-22T09:00:00.000Z',
      })
    ).$id;
    await as.call('act/masquerade', { stop: true });
    await as.close();
    await connect('admin');
    const [row] = (await allRows('manager')).filter((r) => r.itemId === ids.masked);
    expect(row).toMatchObject({ kind: 'created', actor: users.officer!.id, realActor: users.admin!.id });
  });
});

describe('consult.audit: opens of PRIVATE items', () => {
  const opens = async (itemId: string) => {
    await items().readAudit.flush();
    return query<{ user_id: string; real_user: string | null }>(
      items().db,
      sql`select user_id, real_user from read_audit where item_id = ${itemId}`,
    );
  };

  it('records an open once, not a read of another level, and shows it to the community’s auditors', async () => {
    await clients.manager!.call(`readAllowed/${ids.secret}`);
    // The cell reads the item again as it settles: the same open.
    await clients.manager!.call(`read/${ids.secret}`);
    expect(await opens(ids.secret!)).toEqual([{ user_id: users.manager!.id, real_user: null }]);
    await clients.officer!.call(`readAllowed/${ids.call}`);
    expect(await opens(ids.call!)).toEqual([]);
    // Search hits and readMany are not opens.
    await clients.manager!.request('readMany/object', [ids.secret]);
    await clients.manager!.request('search/ids', { must: { _t: ['CommLog'] } });
    expect((await opens(ids.secret!)).length).toBe(1);

    const rows = await allRows('manager', { kind: 'opened' });
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'opened',
        itemId: ids.secret,
        actor: users.manager!.id,
        consultation: ids.loop,
      }),
    ]);
    // The officer may not read the note, so neither its open.
    expect(await allRows('officer', { kind: 'opened' })).toEqual([]);
    expect((await allRows('admin', { kind: 'opened' })).map((r) => r.itemId)).toEqual([ids.secret]);
  });

  it('records a new open after the same-open window', async () => {
    const audit = items().readAudit;
    const before = audit.options.sameOpenMs;
    (audit.options as { sameOpenMs: number }).sameOpenMs = 0;
    try {
      await clients.manager!.call(`read/${ids.secret}`);
      expect((await opens(ids.secret!)).length).toBe(2);
    } finally {
      (audit.options as { sameOpenMs: number }).sameOpenMs = before;
    }
  });
});

describe('consult.audit: the CSV and who may see it', () => {
  it('streams consult-audit.csv with exactly the filtered rows', async () => {
    for (const filter of [{}, { kind: 'created' }, { consultation: ids.loop! }] as Record<string, string>[]) {
      const qs = `?${new URLSearchParams({ ...filter, from: '' }).toString()}`;
      const r = await csv('manager', qs);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/csv');
      expect(r.headers.get('content-disposition')).toContain('consult-audit.csv');
      const [head, ...lines] = csvRows(await r.text());
      expect(head!.slice(0, 4)).toEqual(['at', 'kind', 'what', 'item']);
      const rows = await allRows('manager', filter);
      expect(lines.map((l) => [l[0], l[1], l[3]])).toEqual(rows.map((x) => [x.at, x.kind, x.itemId]));
    }
    const text = await (await csv('manager', '?kind=opened')).text();
    expect(text).toContain('Opened (private)');
    expect(text).toContain('Elders’ private counsel');
    expect(await (await csv('officer')).text()).not.toContain('private counsel');
  });

  it('refuses the screen’s act and the CSV to those without the audit', async () => {
    for (const who of ['member', 'proponent']) {
      expect((await clients[who]!.request('act/cnsAudit', {})).b).toMatchObject({
        erred: true,
        userMessage: 'notAllowed',
      });
      const r = await csv(who);
      expect(r.status).toBe(403);
      expect(await r.text()).not.toContain('Loop line');
    }
    expect((await csv(null)).status).toBe(401);
    expect((await csv('manager', '?kind=a%20b')).status).toBe(400);
  });
});
