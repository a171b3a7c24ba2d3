import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, WsClient, type Frame } from '../../../../test/helpers/ws-client';

// The consult access matrix (docs/access-model.md "What must never happen", DESIGN §1): every
// principal against every consult type and path: read, label, search/ids (ids, total, facet
// counts, labels) and pushes to type watchers. The expected readers are written here from the
// design (docs/consultation.md), not from the policy, so a drift between the two fails.

type P =
  | 'signedOut'
  | 'admin'
  | 'member'
  | 'staff'
  | 'editor'
  | 'proponent'
  | 'regulator'
  | 'informed'
  | 'otherCommunity'
  | 'outsider';
const ALL: P[] = [
  'signedOut',
  'admin',
  'member',
  'staff',
  'editor',
  'proponent',
  'regulator',
  'informed',
  'otherCommunity',
  'outsider',
];
const COMMUNITY_STAFF: P[] = ['admin', 'staff', 'editor'];
// A community the consultation was distributed to reads it (and what follows it), not the
// owning community's response work.
const SUBMITTED_READERS: P[] = [...COMMUNITY_STAFF, 'proponent', 'regulator', 'informed', 'otherCommunity'];

interface Spec {
  key: string;
  type: string;
  readers: P[];
}

let tdb: TestDatabase;
let server: TestServer;
const clients = new Map<P, WsClient>();
const ids: Record<string, string> = {};
/** A random word per item key, written into the item's text: it must never reach a non-reader. */
const secrets: Record<string, string> = {};
const secret = (key: string) => (secrets[key] ??= `s${Math.random().toString(36).slice(2, 10)}`);
const SPECS: Spec[] = [
  { key: 'draft', type: 'Consultation', readers: ['admin', 'proponent'] },
  { key: 'draftFeature', type: 'ConsultProjectFeature', readers: ['admin', 'proponent'] },
  { key: 'submitted', type: 'Consultation', readers: SUBMITTED_READERS },
  { key: 'territory', type: 'ConsultCommunityTerritory', readers: SUBMITTED_READERS },
  { key: 'consultFile', type: 'ConsultAttachment', readers: SUBMITTED_READERS },
  { key: 'response', type: 'ConsultResponse', readers: COMMUNITY_STAFF },
  { key: 'section', type: 'ConsultResponseSection', readers: COMMUNITY_STAFF },
  { key: 'concern', type: 'ConsultResponseConcern', readers: COMMUNITY_STAFF },
  { key: 'responseFile', type: 'Attachment', readers: COMMUNITY_STAFF },
  { key: 'commlog', type: 'CommLog', readers: COMMUNITY_STAFF },
  { key: 'meeting', type: 'Meeting', readers: COMMUNITY_STAFF },
  { key: 'incompleteThread', type: 'Thread', readers: [...COMMUNITY_STAFF, 'proponent'] },
  { key: 'internalThread', type: 'Thread', readers: COMMUNITY_STAFF },
  { key: 'otherResponse', type: 'ConsultResponse', readers: ['admin', 'otherCommunity'] },
];

async function caps(id: string, list: string[]) {
  const items = server.app.services.items;
  const row = await items.read(SYSTEM, id);
  await items.update(SYSTEM, { $id: id, $version: row.$version, capabilities: list });
}

async function act(as: P, name: string, body: unknown) {
  const r = (await clients.get(as)!.request(`act/${name}`, body)).b as Record<string, unknown>;
  if (r.erred) throw new Error(`${name}: ${JSON.stringify(r)}`);
  return r;
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const eagle = await makeOrg(items, 'Eagle Lake Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  const ministry = await makeOrg(items, 'Ministry of Lands', 'GOVERNMENT');
  const coastal = await makeOrg(items, 'Coastal Shipping', 'INDUSTRY');
  const stranger = await makeOrg(items, 'Unrelated Ltd.', 'INDUSTRY');
  await caps(riverbend, ['Consult', 'ConsultRespond']);
  await caps(eagle, ['Consult', 'ConsultRespond']);
  await caps(pipeline, ['Consult', 'ConsultDrafts']);
  await caps(stranger, ['Consult', 'ConsultDrafts']);
  const users: Record<Exclude<P, 'signedOut'>, { id: string; email: string }> = {
    admin: await makeUser(items, [], { admin: true }),
    member: await makeUser(items, [[riverbend, 'member']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    editor: await makeUser(items, [[riverbend, 'editor']]),
    proponent: await makeUser(items, [[pipeline, 'editor']]),
    regulator: await makeUser(items, [[ministry, 'staff']]),
    informed: await makeUser(items, [[coastal, 'orgAdmin']]),
    otherCommunity: await makeUser(items, [[eagle, 'orgAdmin']]),
    outsider: await makeUser(items, [[stranger, 'orgAdmin']]),
  };
  clients.set('signedOut', await WsClient.connect(server.wsUrl));
  for (const [k, u] of Object.entries(users))
    clients.set(k as P, (await connectAs(server, u.email, PASSWORD)).client);

  const create = async (as: P, type: string, data: Record<string, unknown>) => {
    const r = (await clients.get(as)!.request(`create/${type}`, data)).b as Record<string, unknown>;
    if (r.erred) throw new Error(`create ${type}: ${JSON.stringify(r)}`);
    return String(r.$id);
  };
  const base = { primaryOrg: pipeline, submittedTo: riverbend, region: 'NORTH' };
  ids.draft = await create('proponent', 'Consultation', { projectName: 'Quiet draft', ...base });
  ids.draftFeature = await create('proponent', 'ConsultProjectFeature', {
    consultation: ids.draft,
    label: 'Pump station',
  });
  ids.submitted = await create('proponent', 'Consultation', { projectName: 'Loop line', ...base });
  ids.territory = await create('proponent', 'ConsultCommunityTerritory', {
    consultation: ids.submitted,
    label: 'Trapline 12',
  });
  const file = await items.create(SYSTEM, 'Attachment', {
    originalName: 'route.pdf',
    rel: ids.submitted,
    fileID: 'a'.repeat(32),
  });
  ids.consultFile = (
    await server.app.services.search.search(SYSTEM, {
      must: { _t: ['ConsultAttachment'], attachment: [file.$id] },
    })
  ).ids[0]!;
  await act('proponent', 'cnsSubmit', { consultation: ids.submitted });
  await act('editor', 'cnsSetRole', { consultation: ids.submitted, org: ministry, role: 'REGULATOR' });
  await act('editor', 'cnsSetRole', { consultation: ids.submitted, org: coastal, role: 'INFORMED' });
  const dist = await act('staff', 'cnsDistribute', {
    consultation: ids.submitted,
    communities: [riverbend, eagle],
  });
  [ids.response, ids.otherResponse] = dist.responses as [string, string];
  // Words only the response's readers may ever receive, in any reply or push.
  const r = await items.read(SYSTEM, ids.response);
  await items.update(SYSTEM, {
    $id: ids.response,
    $version: r.$version,
    notes: `Internal ${secret('response')}`,
  });
  ids.section = await create('editor', 'ConsultResponseSection', {
    response: ids.response,
    title: `Wildlife ${secret('section')}`,
  });
  ids.concern = await create('editor', 'ConsultResponseConcern', {
    response: ids.response,
    subject: `Caribou calving ${secret('concern')}`,
  });
  ids.responseFile = (
    await items.create(SYSTEM, 'Attachment', {
      originalName: `draft-letter-${secret('responseFile')}.pdf`,
      rel: ids.response,
      fileID: 'b'.repeat(32),
    })
  ).$id;
  ids.commlog = await create('staff', 'CommLog', {
    subject: `Call with the proponent ${secret('commlog')}`,
    date: '2026-11-20T15:00:00.000Z',
    context: ids.submitted,
  });
  ids.meeting = await create('staff', 'Meeting', {
    summary: `Elders review ${secret('meeting')}`,
    date: '2026-11-30',
    context: ids.submitted,
  });
  ids.internalThread = await create('staff', 'Thread', {
    subject: `Our view on the loop ${secret('internalThread')}`,
    context: ids.submitted,
  });
  // cnsMarkIncomplete needs SUBMITTED|REVIEW: a second consultation carries the purpose thread.
  const second = await create('proponent', 'Consultation', { projectName: 'Second line', ...base });
  await act('proponent', 'cnsSubmit', { consultation: second });
  ids.incompleteThread = String(
    (await act('staff', 'cnsMarkIncomplete', { consultation: second, message: 'Missing maps' })).thread,
  );
}, 60_000);

afterAll(async () => {
  for (const c of clients.values()) await c.close();
  await server?.close();
  await tdb?.close();
});

/** Every reply each principal received, as JSON text, for the no-trace check at the end. */
const received = new Map<P, string[]>();
const ask = async (p: P, o: string, b?: unknown) => {
  const body = (await clients.get(p)!.request(o, b)).b as Record<string, unknown>;
  received.set(p, [...(received.get(p) ?? []), JSON.stringify(body)]);
  return body;
};

describe.each(SPECS)('$key ($type)', (spec) => {
  it.each(ALL)('%s: read and label follow the design', async (p) => {
    const may = spec.readers.includes(p);
    const read = await ask(p, `read/${ids[spec.key]}`);
    expect(read.erred === true, `read ${spec.key} as ${p}`).toBe(!may);
    if (!may) expect(read.userMessage).toBe('notAllowed');
    const label = await ask(p, `label/${ids[spec.key]}`);
    expect(label.erred === true, `label ${spec.key} as ${p}`).toBe(!may);
  });

  it.each(ALL)('%s: search ids, total, facets and labels hold only readable items', async (p) => {
    const may = spec.readers.includes(p);
    const b = await ask(p, 'search/ids', {
      must: { _t: [spec.type], $id: [ids[spec.key]] },
      facets: ['_t'],
      labels: true,
    });
    if (p === 'signedOut' && b.erred) return;
    expect(b.erred, JSON.stringify(b)).toBeUndefined();
    expect(b.ids, `${spec.key} as ${p}`).toEqual(may ? [ids[spec.key]] : []);
    expect(b.total).toBe(may ? 1 : 0);
    const counts = (b.facets as Record<string, { value: string; count: number }[]>)._t ?? [];
    expect(counts.reduce((n, c) => n + c.count, 0)).toBe(may ? 1 : 0);
    expect(Object.keys((b.labels as Record<string, string>) ?? {})).toEqual(may ? [ids[spec.key]] : []);
  });
});

describe('readMany', () => {
  it.each(ALL)('%s: answers each item, or an error for the hidden ones', async (p) => {
    const all = SPECS.map((s) => ids[s.key]!);
    const b = await ask(p, 'readMany/object', all);
    for (const spec of SPECS) {
      const got = b[ids[spec.key]!] as { erred?: boolean; $id?: string } | undefined;
      const may = spec.readers.includes(p);
      expect(got?.erred === true, `readMany ${spec.key} as ${p}`).toBe(!may);
      if (may) expect(got?.$id).toBe(ids[spec.key]);
    }
  });
});

describe('pushes', () => {
  it('a change reaches exactly the readers watching the type', async () => {
    const types = [...new Set(SPECS.map((s) => s.type))];
    for (const c of clients.values())
      for (const t of [...types, 'Organization']) await c.request(`addWatch/${t}-0`, {});
    const items = server.app.services.items;
    // Touch every item (a system bump each watcher judges again), then a public sentinel last.
    for (const s of SPECS)
      await items.transaction((tx) => items.touchIn(tx, SYSTEM, ids[s.key]!, { event: 'matrix-touch' }));
    const sentinel = await items.create(SYSTEM, 'Organization', { displayName: 'Sentinel', type: 'OTHER' });
    const got = new Map<P, Frame[]>();
    for (const p of ALL) {
      const c = clients.get(p)!;
      await c.waitForPush(
        (f) => f.o === 'itemUpdated' && (f.b as { $id?: string }).$id === sentinel.$id,
        10_000,
      );
      got.set(p, [...c.pushes]);
    }
    for (const s of SPECS)
      for (const p of ALL) {
        const seen = got
          .get(p)!
          .some((f) => f.o === 'itemUpdated' && (f.b as { $id?: string }).$id === ids[s.key]);
        expect(seen, `push of ${s.key} to ${p}`).toBe(s.readers.includes(p));
      }
  });
});

describe('no trace', () => {
  it("a hidden item's words never reach a principal who may not read it, in any reply or push", () => {
    expect(Object.keys(secrets).length).toBeGreaterThanOrEqual(7);
    for (const p of ALL) {
      const text = [...(received.get(p) ?? []), ...clients.get(p)!.pushes.map((f) => JSON.stringify(f))].join(
        '\n',
      );
      for (const [key, word] of Object.entries(secrets)) {
        const spec = SPECS.find((s) => s.key === key)!;
        if (!spec.readers.includes(p)) expect(text.includes(word), `${key} reached ${p}`).toBe(false);
      }
    }
    // The check can fail: the readers did receive the words.
    const editorText = (received.get('editor') ?? []).join('\n');
    expect(editorText).toContain(secrets.response!);
  });
});
