import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import type { ChartSeries } from '../../../kernel/dashboard';

// The research types' server rules through the socket (docs/research.md): the default site code
// and project of a data point, a member's full name, living people's birth facts refused at
// COMMUNITY and PUBLIC whichever comes first, who may change the research lists, and the
// dashboard's chart counted as the reader may read.

let tdb: TestDatabase;
let server: TestServer;
let staff: WsClient;
let orgAdmin: WsClient;
let member: WsClient;
let community: string;
const items = () => server.app.services.items;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  community = await makeOrg(items(), 'Riverbend First Nation');
  const s = await makeUser(items(), [[community, 'staff']]);
  const a = await makeUser(items(), [[community, 'orgAdmin']]);
  const m = await makeUser(items(), [[community, 'member']]);
  staff = (await connectAs(server, s.email, PASSWORD)).client;
  orgAdmin = (await connectAs(server, a.email, PASSWORD)).client;
  member = (await connectAs(server, m.email, PASSWORD)).client;
}, 60_000);

afterAll(async () => {
  for (const c of [staff, orgAdmin, member]) await c?.close();
  await server?.close();
  await tdb?.close();
});

type Item = Record<string, unknown> & { $id: string; $version: number; erred?: boolean };
type Refusal = { erred?: boolean; userMessage?: string; fields?: { path: string; key: string }[] };
const create = async (c: WsClient, type: string, data: Record<string, unknown>) =>
  (await c.request(`create/${type}`, data)).b as Item & Refusal;
const update = async (c: WsClient, item: { $id: string }, data: Record<string, unknown>) => {
  const now = await items().read(SYSTEM, item.$id);
  return (await c.request('update', { $id: item.$id, $version: now.$version, ...data })).b as Item & Refusal;
};
const ok = (i: Item & Refusal) => {
  expect(i.erred, JSON.stringify(i)).toBeUndefined();
  return i;
};

describe('a data point’s site code and project', () => {
  let project: string;
  let activity: string;
  let m: string[];

  beforeAll(async () => {
    m = [];
    for (const firstName of ['Albert', 'Rose', 'Harold'])
      m.push(ok(await create(staff, 'CommunityMember', { firstName, lastName: 'Test' })).$id);
    project = ok(await create(staff, 'ResearchProject', { title: 'Land use study' })).$id;
    activity = ok(
      await create(staff, 'ResearchActivity', { title: 'Interview one', project, respondents: m }),
    ).$id;
  });

  it('makes the code from the value code, the next sequence and the respondents’ indexes', async () => {
    const a = ok(
      await create(staff, 'ResearchData', { activity, valueCode: 'HU', respondents: [m[2], m[0]] }),
    );
    expect(a.siteCode).toBe('HU00-01-03');
    // The project comes from the interview.
    expect(a.project).toBe(project);
    const b = ok(await create(staff, 'ResearchData', { activity, valueCode: 'HU', respondents: [m[1]] }));
    expect(b.siteCode).toBe('HU01-02');
    const c = ok(await create(staff, 'ResearchData', { activity, valueCode: 'FI' }));
    expect(c.siteCode).toBe('FI00');
  });

  it('keeps a typed code, and never gives a number twice, deleted ones included', async () => {
    const typed = ok(
      await create(staff, 'ResearchData', { activity, valueCode: 'HU', siteCode: 'HU-RIDGE' }),
    );
    expect(typed.siteCode).toBe('HU-RIDGE');
    const d = ok(await create(staff, 'ResearchData', { activity, valueCode: 'TR', respondents: [m[0]] }));
    expect(d.siteCode).toBe('TR00-01');
    await items().delete(SYSTEM, d.$id);
    const e = ok(await create(staff, 'ResearchData', { activity, valueCode: 'TR', respondents: [m[0]] }));
    expect(e.siteCode).toBe('TR01-01');
    // Cleared, the code is made again with the next number.
    const f = ok(await update(orgAdmin, e, { siteCode: null }));
    expect(f.siteCode).toBe('TR02-01');
    // Changing the value code keeps a code once given: it may be cited already.
    const g = ok(await update(orgAdmin, f, { valueCode: 'HU' }));
    expect(g.siteCode).toBe('TR02-01');
  });

  it('numbers within the interview, or within the project for a data point without one', async () => {
    const other = ok(
      await create(staff, 'ResearchActivity', { title: 'Interview two', project, respondents: [m[1]] }),
    );
    const a = ok(
      await create(staff, 'ResearchData', { activity: other.$id, valueCode: 'HU', respondents: [m[1]] }),
    );
    expect(a.siteCode).toBe('HU00-01');
    const p = ok(await create(staff, 'ResearchData', { project, valueCode: 'HU' }));
    expect(p.siteCode).toBe('HU00');
    expect(ok(await create(staff, 'ResearchData', { project, valueCode: 'HU' })).siteCode).toBe('HU01');
    // Neither an interview nor a project: nothing to number within.
    const none = ok(await create(staff, 'ResearchData', { valueCode: 'HU', label: 'Loose point' }));
    expect(none.siteCode).toBeUndefined();
    // A project given beside the interview stays.
    const own = ok(await create(staff, 'ResearchProject', { title: 'Another study' })).$id;
    expect(ok(await create(staff, 'ResearchData', { activity, project: own, valueCode: 'GA' })).project).toBe(
      own,
    );
  });
});

describe('a community member’s full name', () => {
  it('is made from the names, follows them, and a typed one stays', async () => {
    const a = ok(
      await create(staff, 'CommunityMember', {
        firstName: 'Robert',
        nickName: 'Bobby',
        lastName: 'Cardinal',
      }),
    );
    expect(a.fullName).toBe('Robert "Bobby" Cardinal');
    const b = ok(await update(orgAdmin, a, { middleName: 'James' }));
    expect(b.fullName).toBe('Robert "Bobby" James Cardinal');
    const c = ok(await update(orgAdmin, b, { fullName: 'Bob Cardinal' }));
    expect(c.fullName).toBe('Bob Cardinal');
    const d = ok(await update(orgAdmin, c, { lastName: 'Cardinal-Sinclair' }));
    expect(d.fullName).toBe('Bob Cardinal');
    const e = ok(await update(orgAdmin, d, { fullName: null }));
    expect(e.fullName).toBe('Robert "Bobby" James Cardinal-Sinclair');
    expect((await items().read(SYSTEM, a.$id)).fullName).toBe('Robert "Bobby" James Cardinal-Sinclair');
  });
});

describe('living people’s birth facts', () => {
  const refused = (r: Refusal) => {
    expect(r.erred).toBe(true);
    expect(r.userMessage).toBe('invalidInput');
    expect(r.fields).toEqual([{ path: '$access', key: 'errors.livingBirthFacts' }]);
  };

  it('refuses a living person with a birth date at COMMUNITY or PUBLIC, on create', async () => {
    for (const $access of ['COMMUNITY', 'PUBLIC'])
      refused(await create(orgAdmin, 'CommunityMember', { firstName: 'Ann', birthDate: '1950', $access }));
    refused(
      await create(orgAdmin, 'CommunityMember', {
        firstName: 'Ann',
        birthPlace: 'Riverbend',
        $access: 'PUBLIC',
      }),
    );
    // Nothing was written.
    const b = (
      await orgAdmin.request('search/ids', { must: { _t: ['CommunityMember'], firstName: ['Ann'] } })
    ).b as {
      ids: string[];
    };
    expect(b.ids).toEqual([]);
  });

  it('refuses the wider level after the facts, and the facts after the wider level', async () => {
    const a = ok(await create(orgAdmin, 'CommunityMember', { firstName: 'Bea', birthDate: '1961-04' }));
    expect(a.$access).toBe('PROTECTED');
    refused(await update(orgAdmin, a, { $access: 'COMMUNITY' }));
    const b = ok(await create(orgAdmin, 'CommunityMember', { firstName: 'Cy', $access: 'COMMUNITY' }));
    refused(await update(orgAdmin, b, { birthDate: '1970' }));
    refused(await update(orgAdmin, b, { birthPlace: 'Fort Vermilion' }));
    // Removing the agreement of a record already wide is refused too.
    const c = ok(
      await create(orgAdmin, 'CommunityMember', {
        firstName: 'Dee',
        birthDate: '1972',
        shareBirthFacts: true,
        $access: 'COMMUNITY',
      }),
    );
    refused(await update(orgAdmin, c, { shareBirthFacts: false }));
    expect((await items().read(SYSTEM, c.$id)).shareBirthFacts).toBe(true);
    // Taking the record back down to PROTECTED is always allowed.
    ok(await update(orgAdmin, c, { $access: 'PROTECTED', shareBirthFacts: false }));
  });

  it('lets the record go wider with the agreement, or once the person has passed', async () => {
    const a = ok(await create(orgAdmin, 'CommunityMember', { firstName: 'Ed', birthDate: '1940' }));
    ok(await update(orgAdmin, a, { shareBirthFacts: true, $access: 'COMMUNITY' }));
    const b = ok(await create(orgAdmin, 'CommunityMember', { firstName: 'Flo', birthDate: '1901' }));
    ok(await update(orgAdmin, b, { deceased: true, $access: 'PUBLIC' }));
    ok(
      await create(orgAdmin, 'CommunityMember', {
        firstName: 'Gus',
        birthDate: '1899',
        deathDate: '1970',
        $access: 'PUBLIC',
      }),
    );
  });
});

describe('the research lists', () => {
  it('are changed by orgAdmins, not by staff (PRIVATE.read on ResearchData)', async () => {
    const value = {
      list: 'RES_VALUE_CODES',
      key: 'WA',
      state: 'ACTIVE',
      t: { en: 'Water source' },
      owner: community,
    };
    const s = await create(staff, 'LOVValue', value);
    expect(s.erred).toBe(true);
    expect(s.userMessage).toBe('notAllowed');
    ok(await create(orgAdmin, 'LOVValue', value));
  });
});

describe('the dashboard’s activity chart', () => {
  it('counts the interviews and data points the reader may read, by month', async () => {
    const project = ok(await create(staff, 'ResearchProject', { title: 'Chart study' })).$id;
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 10, 15)).toISOString();
    const i = ok(await create(staff, 'ResearchActivity', { title: 'Chart interview', project, start })).$id;
    for (let n = 0; n < 3; n++) ok(await create(staff, 'ResearchData', { activity: i, valueCode: 'HU' }));
    const chart = (await staff.request('act/resActivityChart', {})).b as ChartSeries;
    // The other tests' interviews have no start: they count in their creation month, this one,
    // which is the latest and so the chart's last.
    expect(chart.categories.at(-1)).toBe(now.toISOString().slice(0, 7));
    const at = chart.categories.indexOf(start.slice(0, 7));
    expect(at).toBe(8);
    expect(chart.series.find((s) => s.key === 'interviews')!.values[at]).toBe(1);
    expect(chart.series.find((s) => s.key === 'data')!.values[at]).toBe(3);
    // A plain member reads no research: every count is 0.
    const none = (await member.request('act/resActivityChart', {})).b as ChartSeries;
    expect(none.series.flatMap((s) => s.values).every((v) => v === 0)).toBe(true);
    expect(none.summary!.every((s) => s.value === 0)).toBe(true);
  });
});
