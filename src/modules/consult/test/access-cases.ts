import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import type { AccessCase, AccessFixture, AccessPath } from '../../../../test/helpers/access-cases';
import type { TestServer } from '../../../../test/helpers/test-server';
import { connectAs, WsClient } from '../../../../test/helpers/ws-client';

// The consult rows of the access matrix (test/access-matrix.test.ts runs them with
// test/helpers/access-cases.ts): every principal against every consult type, on read, label,
// search/ids (ids, total, facet counts, labels), readMany, pushes to type watchers, and the no-trace
// check. The expected readers are written here from the design (docs/consultation.md), not from
// the policy, so a drift between the two fails.

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

async function caps(server: TestServer, id: string, list: string[]) {
  const items = server.app.services.items;
  const row = await items.read(SYSTEM, id);
  await items.update(SYSTEM, { $id: id, $version: row.$version, capabilities: list });
}

async function act(clients: Map<P, WsClient>, as: P, name: string, body: unknown) {
  const r = (await clients.get(as)!.request(`act/${name}`, body)).b as Record<string, unknown>;
  if (r.erred) throw new Error(`${name}: ${JSON.stringify(r)}`);
  return r;
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The person's calendar feed (calFeedRenew, then the secret link fetched over HTTP): the items
 * it lists are named in its event UIDs (`{id}-…@host` or `{id}@host`).
 */
const calendarFeed: AccessPath<P> = {
  name: 'calendar feed',
  types: ['Consultation', 'ConsultResponse', 'Meeting'],
  async run({ client, server }) {
    const on = (await client.request('act/calFeedRenew', {})).b as { url?: string; erred?: boolean };
    if (!on.url) return { ids: [], text: JSON.stringify(on) };
    // The link names the configured public address; this test's server listens elsewhere.
    const link = new URL(on.url);
    const text = await (await fetch(`${server.url}${link.pathname}${link.search}`)).text();
    const ids = [...text.matchAll(/^UID:([A-Za-z]+-\d+)[-@]/gm)].map((m) => m[1]!);
    return { ids, text };
  },
};

async function setup(server: TestServer): Promise<AccessFixture<P>> {
  const clients = new Map<P, WsClient>();
  const ids: Record<string, string> = {};
  /** A random word per item key, written into the item's text: it must never reach a non-reader. */
  const secrets: Record<string, string> = {};
  const secret = (key: string) => (secrets[key] ??= `s${Math.random().toString(36).slice(2, 10)}`);
  const items = server.app.services.items;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const eagle = await makeOrg(items, 'Eagle Lake Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  const ministry = await makeOrg(items, 'Ministry of Lands', 'GOVERNMENT');
  const coastal = await makeOrg(items, 'Coastal Shipping', 'INDUSTRY');
  const stranger = await makeOrg(items, 'Unrelated Ltd.', 'INDUSTRY');
  await caps(server, riverbend, ['Consult', 'ConsultRespond']);
  await caps(server, eagle, ['Consult', 'ConsultRespond']);
  await caps(server, pipeline, ['Consult', 'ConsultDrafts']);
  await caps(server, stranger, ['Consult', 'ConsultDrafts']);
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
  // Dates near today, so each dated item is in a calendar feed's window whenever this runs.
  const base = {
    primaryOrg: pipeline,
    submittedTo: riverbend,
    region: 'NORTH',
    requestedResponseDate: inDays(30),
  };
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
  await act(clients, 'proponent', 'cnsSubmit', { consultation: ids.submitted });
  await act(clients, 'editor', 'cnsSetRole', {
    consultation: ids.submitted,
    org: ministry,
    role: 'REGULATOR',
  });
  await act(clients, 'editor', 'cnsSetRole', { consultation: ids.submitted, org: coastal, role: 'INFORMED' });
  const dist = await act(clients, 'staff', 'cnsDistribute', {
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
    anticipatedResponse: inDays(20),
  });
  const other = await items.read(SYSTEM, ids.otherResponse);
  await items.update(SYSTEM, {
    $id: ids.otherResponse,
    $version: other.$version,
    anticipatedResponse: inDays(25),
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
    date: inDays(6),
    context: ids.submitted,
  });
  ids.internalThread = await create('staff', 'Thread', {
    subject: `Our view on the loop ${secret('internalThread')}`,
    context: ids.submitted,
  });
  // cnsMarkIncomplete needs SUBMITTED|REVIEW: a second consultation carries the purpose thread.
  const second = await create('proponent', 'Consultation', { projectName: 'Second line', ...base });
  await act(clients, 'proponent', 'cnsSubmit', { consultation: second });
  ids.incompleteThread = String(
    (await act(clients, 'staff', 'cnsMarkIncomplete', { consultation: second, message: 'Missing maps' }))
      .thread,
  );
  return { clients, ids, secrets };
}

export const accessCase: AccessCase<P> = {
  name: 'consult',
  principals: ALL,
  specs: SPECS,
  setup,
  paths: [calendarFeed],
  witness: { principal: 'editor', key: 'response' },
  mayRefuseSearch: ['signedOut'],
};
