import { extractText, getDocumentProxy } from 'unpdf';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import type { AccessCase, AccessFixture, AccessPath } from '../../../../test/helpers/access-cases';
import type { TestServer } from '../../../../test/helpers/test-server';
import { connectAs, WsClient } from '../../../../test/helpers/ws-client';
import {
  calendarSearchQuery,
  calendarSources,
  cardSearchQuery,
  resolveCardValues,
  type CardSearchBody,
  type ChartSeries,
} from '../../../kernel/dashboard';
import { consultCards } from '../dashboards';
import { AUDIT_CSV_PATH, AUDIT_TYPES } from '../audit';
import { submissionPdfHref } from '../submission';

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
  // Time and expenses follow the response; the rates are the community's (docs/consultation.md
  // "Time and expenses"): never the proponent's, nor a member's without a staff role.
  { key: 'timeEntry', type: 'ConsultTimeEntry', readers: COMMUNITY_STAFF },
  { key: 'expense', type: 'ConsultExpense', readers: COMMUNITY_STAFF },
  { key: 'rate', type: 'ConsultRate', readers: COMMUNITY_STAFF },
  { key: 'commlog', type: 'CommLog', readers: COMMUNITY_STAFF },
  { key: 'meeting', type: 'Meeting', readers: COMMUNITY_STAFF },
  { key: 'incompleteThread', type: 'Thread', readers: [...COMMUNITY_STAFF, 'proponent'] },
  { key: 'internalThread', type: 'Thread', readers: COMMUNITY_STAFF },
  { key: 'otherResponse', type: 'ConsultResponse', readers: ['admin', 'otherCommunity'] },
  // Response letters (docs/consult-letters.md): the template and the letter are the community's
  // own; the proponent sees the sent letter only as the CONSULT_RESPONSE thread's message and
  // its files, never the letter item or the response's own copies of the files.
  { key: 'letterTemplate', type: 'LetterTemplate', readers: COMMUNITY_STAFF },
  { key: 'letter', type: 'ResponseLetter', readers: COMMUNITY_STAFF },
  { key: 'letterPdf', type: 'Attachment', readers: COMMUNITY_STAFF },
  { key: 'letterThread', type: 'Thread', readers: [...COMMUNITY_STAFF, 'proponent'] },
  { key: 'letterMessage', type: 'Message', readers: [...COMMUNITY_STAFF, 'proponent'] },
  { key: 'sentLetterPdf', type: 'Attachment', readers: [...COMMUNITY_STAFF, 'proponent'] },
  // Sent with a copy to the regulators (docs/consultation.md "A copy to the regulator"): the
  // REGULATOR organisation reads it as the proponent does; an INFORMED one does not.
  { key: 'copiedThread', type: 'Thread', readers: [...COMMUNITY_STAFF, 'proponent', 'regulator'] },
  { key: 'copiedMessage', type: 'Message', readers: [...COMMUNITY_STAFF, 'proponent', 'regulator'] },
  // PRIVATE: its creator (Riverbend's staff member) and admins; its opens are audited.
  { key: 'privateNote', type: 'CommLog', readers: ['admin', 'staff'] },
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

/** Each principal's user id (set by setup), for the cards' `$me`. */
const userIds = new Map<P, string>();

/**
 * Every card of the consultation desk as the app asks it (kernel/dashboard.ts: the search cards'
 * queries, each calendar source over a window around today, `$me` and `$now` resolved): the
 * fixture's consultations, responses and meeting each fall in at least one card, so the union is
 * exactly what the person may read. The server does not gate cards by capability: the policy does.
 */
const deskCards: AccessPath<P> = {
  name: 'desk cards',
  types: ['Consultation', 'ConsultResponse', 'Meeting'],
  async run({ principal, client }) {
    const range = { from: inDays(-30) + 'T00:00:00Z', to: inDays(60) + 'T00:00:00Z' };
    const bodies: CardSearchBody[] = [];
    for (const card of consultCards) {
      if (card.kind === 'calendar')
        bodies.push(...calendarSources(card.settings).map((src) => calendarSearchQuery(src, range)));
      else {
        const b = cardSearchQuery(card);
        // A count or a chart's facet shows no ids: ask for its items to see what it counted.
        if (b) bodies.push({ ...b, max: Math.max(b.max, 50) });
      }
    }
    const ids: string[] = [];
    const texts: string[] = [];
    for (const b of bodies) {
      const q = resolveCardValues(b, userIds.get(principal) ?? null, new Date());
      const r = (await client.request('search/ids', { ...q, labels: true })).b as {
        ids?: string[];
        erred?: boolean;
      };
      texts.push(JSON.stringify(r));
      ids.push(...(r.ids ?? []));
    }
    return { ids, text: texts.join('\n') };
  },
};

/** Each principal's session token, for the HTTP paths (the audit's CSV). */
const tokens = new Map<P, string>();

/**
 * consult.audit (docs/consult-audit.md) is community staff's holding ConsultRespond (Riverbend's
 * staff and editor, Eagle Lake's orgAdmin) and admins'; among them each sees the rows of the items
 * they may read. The items a listing names are its rows' items.
 */
const AUDITORS: P[] = ['admin', 'staff', 'editor', 'otherCommunity'];

const auditListing: AccessPath<P> = {
  name: 'audit listing (cnsAudit)',
  types: AUDIT_TYPES,
  for: AUDITORS,
  async run({ client }) {
    const ids: string[] = [];
    const texts: string[] = [];
    let after: string | undefined;
    do {
      const b = (await client.request('act/cnsAudit', { limit: 100, ...(after ? { after } : {}) })).b as {
        rows?: { itemId: string }[];
        next?: string | null;
      };
      texts.push(JSON.stringify(b));
      for (const r of b.rows ?? []) ids.push(r.itemId);
      after = b.next ?? undefined;
    } while (after);
    return { ids, text: texts.join('\n') };
  },
};

/**
 * The desk's chart (act cnsDeskChart): only counts, so the items it counted are read back from
 * them. The fixture's two referrals were both received this month; only `response` is answered:
 * received 2 → both, received 1 with one answer → `response`, without → `otherResponse`.
 */
const deskChart: AccessPath<P> = {
  name: 'desk chart',
  types: ['ConsultResponse'],
  async run({ client, ids }) {
    const r = (await client.request('act/cnsDeskChart', {})).b as ChartSeries & { erred?: boolean };
    const text = JSON.stringify(r);
    if (r.erred || !r.series) return { ids: [], text };
    const sum = (key: string) =>
      (r.series.find((s) => s.key === key)?.values ?? []).reduce<number>((a, v) => a + (v ?? 0), 0);
    const received = sum('received');
    const answered = sum('answered');
    const shown =
      received >= 2
        ? [ids.response!, ids.otherResponse!]
        : received === 1
          ? [answered ? ids.response! : ids.otherResponse!]
          : [];
    return { ids: shown, text };
  },
};

/**
 * The desk's review-cost charts (act cnsCostChart), by month and by proponent: only sums, so the
 * entries they counted are read back from them: the fixture's 2 hours (the hours logged, which
 * need no rate) and its $15.00 expense. Both charts must count them for exactly their readers.
 */
const costChart: AccessPath<P> = {
  name: 'desk review-cost charts (cnsCostChart)',
  types: ['ConsultTimeEntry', 'ConsultExpense'],
  async run({ client, ids }) {
    let text = '';
    const shown = new Set<string>();
    for (const by of ['month', 'proponent']) {
      const r = (await client.request('act/cnsCostChart', { by })).b as ChartSeries & { erred?: boolean };
      text += JSON.stringify(r);
      if (r.erred || !r.series) continue;
      const expenses = (r.series.find((s) => s.key === 'expenses')?.values ?? []).reduce<number>(
        (a, v) => a + (v ?? 0),
        0,
      );
      const hours = r.summary?.find((s) => s.key === 'hours')?.value ?? 0;
      if (hours === 2) shown.add(ids.timeEntry!);
      if (expenses === 1500) shown.add(ids.expense!);
    }
    return { ids: [...shown], text };
  },
};

/** The fixture's file number and the square its draft's project area covers (the intake check's). */
const FILE_NUMBER = 'ACC-2026-001';
const AREA = {
  type: 'Polygon',
  coordinates: [
    [
      [-120.5, 56.1],
      [-120.4, 56.1],
      [-120.4, 56.2],
      [-120.5, 56.2],
      [-120.5, 56.1],
    ],
  ],
};

/**
 * The intake check (act cnsIntakeCheck): the referrals it names, by overlap and by file number.
 * Every fixture consultation has the file number and the draft's area lies in the square: each
 * must be named to exactly its readers (the community's staff never learn of the proponent's draft).
 */
const intakeCheck: AccessPath<P> = {
  name: 'intake check (cnsIntakeCheck)',
  types: ['Consultation'],
  async run({ client }) {
    const r = (await client.request('act/cnsIntakeCheck', { geometries: [AREA], identifiers: [FILE_NUMBER] }))
      .b as { erred?: boolean; overlapping?: { $id: string }[]; sameNumber?: { $id: string }[] };
    const text = JSON.stringify(r);
    if (r.erred) return { ids: [], text };
    return { ids: [...(r.overlapping ?? []), ...(r.sameNumber ?? [])].map((x) => x.$id), text };
  },
};

/**
 * The referral's file (act cnsFileTimeline) of every consultation the person may find: the items
 * its moments open. Each consultation, response, call log, meeting and conversation about them
 * must be on it for exactly its readers (a PRIVATE call note for its maker alone).
 */
const referralFile: AccessPath<P> = {
  name: "referral's file (cnsFileTimeline)",
  types: ['Consultation', 'ConsultResponse', 'CommLog', 'Meeting', 'Thread'],
  async run({ client }) {
    const found = (await client.request('search/ids', { must: { _t: ['Consultation'] } })).b as {
      ids?: string[];
    };
    const ids: string[] = [];
    let text = JSON.stringify(found);
    for (const consultation of found.ids ?? []) {
      const r = (await client.request('act/cnsFileTimeline', { consultation })).b as {
        moments?: { item: string }[];
      };
      text += JSON.stringify(r);
      for (const m of r.moments ?? []) ids.push(m.item);
    }
    return { ids: [...new Set(ids)], text };
  },
};

const auditCsv: AccessPath<P> = {
  name: 'audit CSV (consult-audit.csv)',
  types: AUDIT_TYPES,
  for: AUDITORS,
  async run({ principal, server }) {
    const token = tokens.get(principal);
    const r = await fetch(`${server.url}${AUDIT_CSV_PATH}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const text = await r.text();
    if (r.status !== 200) return { ids: [], text };
    // Column 4 is the row's item (at,kind,what,item,…); no test value holds a comma.
    const ids = text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[3]!);
    return { ids, text };
  },
};

/**
 * The referral's PDF (GET /api/consult/submission.pdf) of every consultation of the fixture: a
 * PDF for exactly its readers, and its text into the no-trace check (each name and file it
 * states is read as the caller). A refusal is the item service's (refusedRead), which the read
 * above checks against a never-used id; src/modules/consult/test/submission-pdf.test.ts checks
 * the route's own answer the same way.
 */
const submissionPdf: AccessPath<P> = {
  name: 'submission PDF',
  types: ['Consultation'],
  async run({ principal, server, ids }) {
    const token = tokens.get(principal);
    const shown: string[] = [];
    let text = '';
    for (const id of [ids.draft!, ids.submitted!]) {
      const r = await fetch(`${server.url}${submissionPdfHref(id)}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (r.status !== 200) {
        text += await r.text();
        continue;
      }
      shown.push(id);
      const pdf = await getDocumentProxy(new Uint8Array(await r.arrayBuffer()));
      text += (await extractText(pdf, { mergePages: true })).text;
    }
    return { ids: shown, text };
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
  await caps(server, riverbend, ['Consult', 'ConsultRespond', 'ResponseLetter']);
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
  for (const [k, u] of Object.entries(users)) userIds.set(k as P, u.id);
  clients.set('signedOut', await WsClient.connect(server.wsUrl));
  for (const [k, u] of Object.entries(users)) {
    const c = await connectAs(server, u.email, PASSWORD);
    clients.set(k as P, c.client);
    tokens.set(k as P, c.token);
  }

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
    identifiers: [FILE_NUMBER],
  };
  ids.draft = await create('proponent', 'Consultation', { projectName: 'Quiet draft', ...base });
  ids.draftFeature = await create('proponent', 'ConsultProjectFeature', {
    consultation: ids.draft,
    label: 'Pump station',
    geometry: AREA,
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
    // Answered (stamps respondedAt): the desk chart tells the two referrals apart by it.
    state: 'RESPONDED',
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
  // A staff member (not an editor) logs time and an expense on the response.
  ids.timeEntry = await create('staff', 'ConsultTimeEntry', {
    response: ids.response,
    date: inDays(-1),
    hours: 2,
    role: 'ELDER',
    description: `Walked the bank ${secret('timeEntry')}`,
  });
  ids.expense = await create('staff', 'ConsultExpense', {
    response: ids.response,
    date: inDays(-1),
    amount: 1500,
    kind: 'TRAVEL',
    description: `Boat fuel ${secret('expense')}`,
  });
  ids.rate = (
    await items.create(
      SYSTEM,
      'ConsultRate',
      { name: `Elder ${secret('rate')}`, role: 'ELDER', centsPerHour: 10000 },
      { owner: riverbend },
    )
  ).$id;
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
  await letters(clients, create, ids, secret, users.editor.id);
  // A private note of the staff member's, which they open: the open is audited (read_audit).
  ids.privateNote = await create('staff', 'CommLog', {
    subject: `Elders' counsel ${secret('privateNote')}`,
    date: '2026-11-21T10:00:00.000Z',
    context: ids.submitted,
    $access: 'PRIVATE',
  });
  await clients.get('staff')!.request(`readAllowed/${ids.privateNote}`);
  await items.readAudit.flush();
  return { clients, ids, secrets };
}

/** A template, and a letter drafted from it, approved by the editor and sent (the whole way). */
async function letters(
  clients: Map<P, WsClient>,
  create: (as: P, type: string, data: Record<string, unknown>) => Promise<string>,
  ids: Record<string, string>,
  secret: (key: string) => string,
  editorId: string,
) {
  const response = ids.response!;
  const owner = (await clients.get('editor')!.request(`read/${response}`)).b as { owner: string };
  ids.letterTemplate = await create('editor', 'LetterTemplate', {
    owner: owner.owner,
    title: 'Reply',
    description: `Only for us ${secret('letterTemplate')}`,
    body: 'Dear {{proponent.name}}, about {{project.name}}.',
  });
  const wf = await create('editor', 'Workflow', {
    owner: owner.owner,
    label: 'Letter',
    appliesTo: 'ConsultResponse',
    steps: [
      { id: 'p', kind: 'RWF_LETTER_PROPOSE', label: 'Propose', rule: 'next' },
      { id: 'a', kind: 'RWF_LETTER_APPROVE', label: 'Approve', rule: 'next' },
      { id: 's', kind: 'RWF_LETTER_SEND', label: 'Send', rule: 'next' },
    ],
  });
  await act(clients, 'editor', 'wfSet', { item: response, workflow: wf });
  const l = await act(clients, 'editor', 'rwfLetterPropose', { response, template: ids.letterTemplate });
  ids.letter = String(l.$id);
  // The sent text reaches the proponent: its word is the message's (the letter's readers are fewer).
  await act(clients, 'editor', 'rwfLetterSave', {
    letter: ids.letter,
    subject: 'Our reply',
    body: `Dear proponent, ${secret('letterMessage')}.`,
  });
  await act(clients, 'editor', 'wfSetStepState', { item: response, step: 'p', state: 'COMPLETE' });
  // The editor is the chosen approver here (only the approver completes the approval).
  await act(clients, 'editor', 'wfAssignStep', { item: response, step: 'a', assignedTo: editorId });
  await act(clients, 'editor', 'wfSetStepState', { item: response, step: 'a', state: 'COMPLETE' });
  const sent = await act(clients, 'editor', 'rwfLetterSend', { letter: ids.letter });
  ids.letterPdf = String(sent.pdf);
  ids.letterThread = String(sent.thread);
  ids.letterMessage = String(sent.message);
  const msg = (await clients.get('editor')!.request(`read/${ids.letterMessage}`)).b as {
    attachments: string[];
  };
  ids.sentLetterPdf = msg.attachments[0]!;
  const copied = await act(clients, 'editor', 'rwfSendResponse', {
    response,
    purpose: 'CONSULT_ACK',
    subject: 'Received, with a copy to the Ministry',
    message: `We have the referral ${secret('copiedMessage')}.`,
    attachments: [],
    copyRegulators: true,
  });
  ids.copiedThread = String(copied.thread);
  ids.copiedMessage = String(copied.message);
}

export const accessCase: AccessCase<P> = {
  name: 'consult',
  principals: ALL,
  specs: SPECS,
  setup,
  paths: [
    calendarFeed,
    deskCards,
    deskChart,
    costChart,
    auditListing,
    auditCsv,
    intakeCheck,
    referralFile,
    submissionPdf,
  ],
  witness: { principal: 'editor', key: 'response' },
  mayRefuseSearch: ['signedOut'],
};
