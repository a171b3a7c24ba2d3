import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '../../../protocol/constants';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { SUBMISSION_PDF_PATH, submissionPdfHref } from '../submission';
import { areaWords, boxWords } from '../server/submission-pdf';

// Issue 38, Deliver 1: "a PDF of the submission". GET /api/consult/submission.pdf gives the
// referral as submitted, in words (names, list labels, dates written out, the area's size and
// box), read as the caller; whoever may not read the consultation is refused as a never-used id
// is (docs/access-model.md "What an outsider is told"), a member of the community as notAllowed.

let tdb: TestDatabase;
let server: TestServer;
const org: Record<string, string> = {};
const token: Record<string, string> = {};
const clients: Record<string, WsClient> = {};
let consultation = '';
let draft = '';

const pdfText = async (bytes: ArrayBuffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

/** 0.1° by 0.1° at 56° N: about 6.2 km by 11.1 km. */
const [W, S, E, N] = [-120.5, 56.1, -120.4, 56.2];
const AREA = {
  type: 'Polygon',
  coordinates: [
    [
      [W, S],
      [E, S],
      [E, N],
      [W, N],
      [W, S],
    ],
  ],
};

async function setCaps(id: string, caps: string[]) {
  const items = server.app.services.items;
  const row = await items.read(SYSTEM, id);
  await items.update(SYSTEM, { $id: id, $version: row.$version, capabilities: caps });
}

async function call(as: string, o: string, b: unknown) {
  const r = (await clients[as]!.request(o, b)).b as Record<string, unknown>;
  if (r.erred) throw new Error(`${o} as ${as}: ${JSON.stringify(r)}`);
  return r;
}

/** The PDF route as `as` (bearer token; none: signed out). */
const get = (id: string, as?: string) =>
  fetch(`${server.url}${submissionPdfHref(id)}`, {
    headers: as ? { authorization: `Bearer ${token[as]}` } : {},
  });

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  org.riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  org.pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  org.coastal = await makeOrg(items, 'Coastal Shipping', 'INDUSTRY');
  await setCaps(org.riverbend, ['Consult', 'ConsultRespond']);
  await setCaps(org.pipeline, ['Consult', 'ConsultDrafts']);
  await setCaps(org.coastal, ['Consult', 'ConsultDrafts']);
  const who = {
    officer: await makeUser(items, [[org.riverbend, 'editor']]),
    member: await makeUser(items, [[org.riverbend, 'member']]),
    proponent: await makeUser(items, [[org.pipeline, 'editor']]),
    otherProponent: await makeUser(items, [[org.coastal, 'editor']]),
  };
  for (const [k, u] of Object.entries(who)) {
    const c = await connectAs(server, u.email, PASSWORD);
    clients[k] = c.client;
    token[k] = c.token;
  }
  // The community's lists: PUBLIC, as a proponent reads them on the form (docs/consultation.md
  // "Lists a proponent reads"), but the region's COMMUNITY: its label reaches the proponent only
  // as the key on the submitted consultation it reads.
  for (const [list, key, en, level] of [
    ['CNS_REGIONS', 'NORTH', 'Northern region', 'COMMUNITY'],
    ['CNS_STREAMS', 'STANDARD', 'Standard review', 'PUBLIC'],
    ['CNS_PROJECT_TYPES', 'PIPELINE', 'Pipeline or transmission line', 'PUBLIC'],
  ] as const)
    await items.create(SYSTEM, 'LOVValue', {
      list,
      key,
      state: 'ACTIVE',
      t: { en },
      owner: org.riverbend,
      $access: level,
    });
  const karen = await items.create(SYSTEM, 'Contact', {
    firstName: 'Karen',
    lastName: 'Walsh',
    _related: [org.pipeline],
    owner: org.pipeline,
  });
  const fields = {
    primaryOrg: org.pipeline,
    submittedTo: org.riverbend,
    primaryContacts: [karen.$id],
    identifiers: ['NP-2026-014', 'MOL-88812'],
    requestedResponseDate: '2027-01-06',
    region: 'NORTH',
    stream: 'STANDARD',
    projectType: 'PIPELINE',
    projectDescription: 'A 12 km lateral from the Bear Pass compressor station.',
  };
  consultation = String(
    (await call('proponent', 'create/Consultation', { projectName: 'Bear Pass lateral', ...fields })).$id,
  );
  await call('proponent', 'create/ConsultProjectFeature', {
    consultation,
    label: 'Right of way',
    geometry: AREA,
  });
  await items.create(SYSTEM, 'Attachment', {
    originalName: 'route-map.pdf',
    rel: consultation,
    fileID: 'c'.repeat(32),
  });
  await call('proponent', 'act/cnsSubmit', { consultation });
  draft = String(
    (await call('proponent', 'create/Consultation', { projectName: 'Quiet draft', ...fields })).$id,
  );
});

afterAll(async () => {
  for (const c of Object.values(clients)) await c.close();
  await server?.close();
  await tdb?.close();
});

describe('the submission PDF', () => {
  it('gives the proponent their referral in words: names, labels, file numbers, dates, area and files', async () => {
    const r = await get(consultation, 'proponent');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toContain(
      'attachment; filename="Bear Pass lateral - NP-2026-014.pdf"',
    );
    expect(r.headers.get('cache-control')).toBe('private, no-store');
    const text = await pdfText(await r.arrayBuffer());
    for (const words of [
      'Referral submitted to Riverbend First Nation',
      'Bear Pass lateral',
      'Northern Pipeline Corp.',
      'Karen Walsh',
      'NP-2026-014, MOL-88812',
      '6 January 2027',
      // The region's label is the community's, COMMUNITY-level: it goes with the key it holds.
      'Northern region',
      'Standard review',
      'Pipeline or transmission line',
      'A 12 km lateral from the Bear Pass compressor station.',
      'Right of way: Area, 69',
      'km²',
      '120.5° W',
      '56.2° N',
      'route-map.pdf',
      'Community Knowledge Keeper',
      'Generated',
    ])
      expect(text, words).toContain(words);
    expect(text).toContain(
      new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date()),
    );
    // Never a key or an id.
    for (const raw of ['NORTH', 'STANDARD', 'PIPELINE', 'Contact-', 'Organization-', 'Consultation-'])
      expect(text, raw).not.toContain(raw);
  });

  it('gives the community staff the referral as they may read it, through the token cookie of a plain link', async () => {
    const r = await fetch(`${server.url}${submissionPdfHref(consultation)}`, {
      headers: { cookie: `${TOKEN_COOKIE}=${token.officer}` },
    });
    expect(r.status).toBe(200);
    const text = await pdfText(await r.arrayBuffer());
    expect(text).toContain('Referral submitted to Riverbend First Nation');
    expect(text).toContain('NP-2026-014, MOL-88812');
    // The contact card is the proponent's own (PROTECTED): the record names it to them alone, so
    // does the PDF.
    expect(text).not.toContain('Karen Walsh');
  });

  it('says a draft is not submitted, with the labels its proponent may read', async () => {
    const r = await get(draft, 'proponent');
    expect(r.status).toBe(200);
    const text = await pdfText(await r.arrayBuffer());
    expect(text).toContain('Draft referral to Riverbend First Nation (not submitted)');
    expect(text).toContain('Not yet submitted');
    expect(text).toContain('Standard review');
    // The community's COMMUNITY-level region is on no item of theirs the proponent reads: the
    // key in words, never raw.
    expect(text).toContain('North');
    expect(text).not.toContain('Northern region');
    expect(text).not.toContain('NORTH');
  });

  it('refuses another proponent and a signed-out visitor exactly as a never-used id', async () => {
    const unused = 'Consultation-999999';
    const never = await get(unused, 'otherProponent');
    expect(never.status).toBe(404);
    const neverBody = JSON.stringify(await never.json()).replaceAll(unused, '?');
    for (const as of ['otherProponent', undefined]) {
      const r = await get(consultation, as);
      expect(r.status, String(as)).toBe(404);
      expect(JSON.stringify(await r.json()).replaceAll(consultation, '?')).toBe(neverBody);
      const d = await get(draft, as);
      expect(d.status).toBe(404);
      expect(JSON.stringify(await d.json()).replaceAll(draft, '?')).toBe(neverBody);
    }
    // The community's staff never learn of the proponent's draft either.
    const d = await get(draft, 'officer');
    expect(JSON.stringify(await d.json()).replaceAll(draft, '?')).toBe(neverBody);
  });

  it('tells a member of the community holding it that it is not theirs to open', async () => {
    const r = await get(consultation, 'member');
    expect(r.status).toBe(403);
    expect(await r.json()).toMatchObject({ erred: true, userMessage: 'notAllowed' });
  });

  it('answers an id of another type, or none, as a missing consultation', async () => {
    const feature = (
      await server.app.services.search.search(SYSTEM, {
        must: { _t: ['ConsultProjectFeature'], consultation: [consultation] },
      })
    ).ids[0]!;
    const r = await get(feature, 'proponent');
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ userMessage: 'notFound' });
    const none = await fetch(`${server.url}${SUBMISSION_PDF_PATH}`, {
      headers: { authorization: `Bearer ${token.proponent}` },
    });
    expect(none.status).toBe(404);
  });
});

describe('the submission PDF in words', () => {
  it('states sizes in km² and km, and the box in degrees', () => {
    expect(areaWords({ kind: 'area', parts: 1, size: 2_400_000 })).toBe('Area, 2.4 km²');
    expect(areaWords({ kind: 'area', parts: 1, size: 350_000 })).toBe('Area, 0.35 km²');
    expect(areaWords({ kind: 'line', parts: 2, size: 3_100 })).toBe('2 lines, 3.1 km');
    expect(areaWords({ kind: 'point', parts: 1, size: 0 })).toBe('Point');
    expect(boxWords([-120.5, 56.1, -120.4, 56.2])).toBe(
      'west 120.5° W, south 56.1° N, east 120.4° W, north 56.2° N',
    );
  });
});
