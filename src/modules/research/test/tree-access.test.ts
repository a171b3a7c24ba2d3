import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import type { FamilyTree } from '../contract-tree';
import { DEMO_FAMILY_SIZE, seedDemoFamily } from '../server/demo-family';

// The family tree through the access policy (docs/research-tree.md "Who sees whom"), against
// the real server: a member with a PRIVATE parent. Riverbend's staff read the member and the
// tree, where the parent is "someone you may not see": the answer holds no trace of the parent's
// name, dates or birthplace, nor of the grandparent reached only through them, nor of a PRIVATE
// child. Riverbend's orgAdmin sees them all. A proponent and a community member (who read no
// PROTECTED research record) cannot load the tree at all, and learn nothing from the refusal.
// Then the demo family: Nathan's adoptive and biological parents together.

let tdb: TestDatabase;
let server: TestServer;
const clients: WsClient[] = [];
const items = () => server.app.services.items;
let staff: WsClient;
let orgAdmin: WsClient;
let proponent: WsClient;
let member: WsClient;
const ids: Record<string, string> = {};
const demoIds = new Map<string, string>();
const SECRET_NAME = 'Zephyrine Quillfeather';
const SECRET_CHILD = 'Octavian Larkspur';
const SECRET_GRANDPARENT = 'Barnaby Holloway';

const tree = (c: WsClient, member: string, up = 3, down = 3) =>
  c.request('act/resFamilyTree', { member, up, down });

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const riverbend = await makeOrg(items(), 'Riverbend First Nation');
  const pipeline = await makeOrg(items(), 'Northern Pipeline', 'INDUSTRY');
  const connect = async (org: string, role: 'staff' | 'orgAdmin' | 'editor' | 'member') => {
    const u = await makeUser(items(), [[org, role]]);
    const c = (await connectAs(server, u.email, PASSWORD)).client;
    clients.push(c);
    return c;
  };
  staff = await connect(riverbend, 'staff');
  orgAdmin = await connect(riverbend, 'orgAdmin');
  proponent = await connect(pipeline, 'editor');
  member = await connect(riverbend, 'member');

  const make = async (key: string, data: Record<string, unknown>, access?: 'PRIVATE') => {
    ids[key] = (
      await items().create(SYSTEM, 'CommunityMember', data, {
        owner: riverbend,
        ...(access ? { access } : {}),
      })
    ).$id;
    return ids[key]!;
  };
  await make('grandparent', { fullName: SECRET_GRANDPARENT, birthDate: '1877', deceased: true });
  await make(
    'secretParent',
    {
      fullName: SECRET_NAME,
      birthDate: '1911-02',
      birthDateQualifier: 'ABT',
      birthPlace: 'Cedar Narrows',
      deathDate: '1968',
      parents: [{ member: ids.grandparent, type: 'BIO' }],
    },
    'PRIVATE',
  );
  await make('adoptive', { fullName: 'Ruth Adoptive', birthDate: '1915' });
  await make('partner', { fullName: 'Walter Partner', birthDate: '1936' });
  await make('gone', { fullName: 'Deleted Person' });
  await make('root', {
    fullName: 'Ida Root',
    birthDate: '1938-05-01',
    parents: [
      { member: ids.secretParent, type: 'BIO' },
      { member: ids.adoptive, type: 'ADOPT' },
      { member: ids.gone, type: 'BIO' },
    ],
    partners: [{ member: ids.partner, type: 'SPOUSE', endType: 'ONGOING' }],
  });
  await make('child', {
    fullName: 'Carl Child',
    birthDate: '1960',
    parents: [
      { member: ids.root, type: 'BIO' },
      { member: ids.partner, type: 'STEP' },
    ],
  });
  await make(
    'secretChild',
    { fullName: SECRET_CHILD, parents: [{ member: ids.root, type: 'BIO' }] },
    'PRIVATE',
  );
  await items().delete(SYSTEM, ids.gone!);

  demoIds.set('org.riverbend', riverbend);
  await seedDemoFamily(items(), { password: PASSWORD, signIn: () => undefined, ids: demoIds });
}, 90_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await server?.close();
  await tdb?.close();
});

const labels = (t: FamilyTree) =>
  t.people.map((p) => (p.hidden ? `hidden ${p.$id}` : p.label)).sort((a, b) => a.localeCompare(b));

describe('resFamilyTree as Riverbend staff (PROTECTED, not PRIVATE)', () => {
  let reply: FamilyTree;
  let raw: string;
  beforeAll(async () => {
    const f = await tree(staff, ids.root!);
    raw = JSON.stringify(f);
    reply = f.b as FamilyTree;
  });

  it('shows the readable family, the PRIVATE parent as someone not to be seen', () => {
    expect(labels(reply)).toEqual(
      ['Carl Child', 'Ida Root', 'Ruth Adoptive', 'Walter Partner', `hidden ${ids.secretParent}`].sort(
        (a, b) => a.localeCompare(b),
      ),
    );
    expect(reply.people.find((p) => p.$id === ids.secretParent)).toEqual({
      $id: ids.secretParent,
      hidden: true,
    });
    expect(reply.parents).toEqual(
      expect.arrayContaining([
        { child: ids.root, parent: ids.secretParent, type: 'BIO' },
        { child: ids.root, parent: ids.adoptive, type: 'ADOPT' },
        { child: ids.child, parent: ids.root, type: 'BIO' },
        // The child's link to the member's partner: both ends are in the tree.
        { child: ids.child, parent: ids.partner, type: 'STEP' },
      ]),
    );
    expect(reply.partners).toEqual([{ a: ids.root, b: ids.partner, type: 'SPOUSE', endType: 'ONGOING' }]);
  });

  it('holds no trace of the hidden parent, their parent, or the PRIVATE child', () => {
    for (const secret of [
      SECRET_NAME,
      'Zephyrine',
      '1911',
      '1968',
      'Cedar Narrows',
      SECRET_GRANDPARENT,
      ids.grandparent!,
      '1877',
      SECRET_CHILD,
      ids.secretChild!,
      ids.gone!,
    ])
      expect(raw).not.toContain(secret);
    // The walk stopped at the hidden parent: nothing above them, so nothing "more" to offer.
    expect(reply.parents.filter((l) => l.child === ids.secretParent)).toEqual([]);
  });
});

describe('resFamilyTree for others', () => {
  it('shows Riverbend’s orgAdmin every one, the PRIVATE parent with their parent', async () => {
    const reply = (await tree(orgAdmin, ids.root!)).b as FamilyTree;
    expect(labels(reply)).toEqual(
      [
        'Carl Child',
        'Ida Root',
        'Ruth Adoptive',
        'Walter Partner',
        SECRET_NAME,
        SECRET_GRANDPARENT,
        SECRET_CHILD,
      ].sort((a, b) => a.localeCompare(b)),
    );
    expect(reply.people.find((p) => p.$id === ids.secretParent)).toMatchObject({
      birth: { date: '1911-02', qualifier: 'ABT' },
      death: { date: '1968' },
      deceased: true,
    });
  });

  it('refuses a proponent and a community member the tree, as it refuses the record', async () => {
    for (const c of [proponent, member]) {
      const f = await tree(c, ids.root!);
      const body = f.b as { erred?: boolean; code?: string };
      expect(body.erred).toBe(true);
      const read = (await c.request('read', { $id: ids.root })).b as { erred?: boolean; code?: string };
      expect(read.erred).toBe(true);
      expect(body.code).toBe(read.code);
      for (const secret of ['Ida Root', 'Ruth Adoptive', SECRET_NAME, ids.adoptive!, ids.child!])
        expect(JSON.stringify(f)).not.toContain(secret);
    }
  });

  it('refuses staff a PRIVATE member’s own tree', async () => {
    const body = (await tree(staff, ids.secretParent!)).b as { erred?: boolean };
    expect(body.erred).toBe(true);
  });

  it('stops at the generations asked for and says there are more', async () => {
    const reply = (await tree(orgAdmin, ids.root!, 1, 0)).b as FamilyTree;
    expect(reply.moreUp).toBe(true);
    expect(reply.moreDown).toBe(true);
    expect(reply.people.map((p) => p.$id)).not.toContain(ids.grandparent);
    expect(reply.people.map((p) => p.$id)).not.toContain(ids.child);
  });
});

describe('the demo family', () => {
  const demoId = (key: string) => demoIds.get(`research.member.${key}`)!;

  it('has its 41 people, four generations, all Riverbend’s and PROTECTED but one', async () => {
    expect(DEMO_FAMILY_SIZE).toBe(41);
    const people = [...demoIds].filter(([k]) => k.startsWith('research.member.')).map(([, id]) => id);
    expect(people).toHaveLength(41);
    const access = new Map<string, number>();
    for (const id of people) {
      const r = await items().read(SYSTEM, id);
      access.set(String(r.$access), (access.get(String(r.$access)) ?? 0) + 1);
    }
    expect(Object.fromEntries(access)).toEqual({ PROTECTED: 40, PRIVATE: 1 });
    // Four generations: Nathan to his great-grandparents.
    const up = (await tree(staff, demoId('nathan'), 3, 0)).b as FamilyTree;
    expect(labels(up)).toEqual(expect.arrayContaining(['Joseph Thomas', 'Sarah Thomas', 'Louis Bighorn']));
  });

  it('shows Nathan’s adoptive and biological parents together; his PRIVATE father hidden from staff', async () => {
    const nathan = demoId('nathan');
    const reply = (await tree(staff, nathan, 1, 0)).b as FamilyTree;
    const parentOf = (id: string) => reply.people.find((p) => p.$id === id)!;
    const mine = reply.parents.filter((l) => l.child === nathan);
    expect(
      mine.map((l) => [
        parentOf(l.parent).hidden ? 'hidden' : (parentOf(l.parent) as { label: string }).label,
        l.type,
      ]),
    ).toEqual([
      ['George Thomas', 'ADOPT'],
      ['Alice Thomas', 'ADOPT'],
      ['Marie Bighorn', 'BIO'],
      ['hidden', 'BIO'],
    ]);
    expect(JSON.stringify(reply)).not.toContain('Kevin');
    const admin = (await tree(orgAdmin, nathan, 1, 0)).b as FamilyTree;
    expect(labels(admin)).toContain('Kevin Stone');
  });

  it('has the foster link and imprecise dates kept as recorded', async () => {
    const catherine = demoId('catherine');
    const reply = (await tree(staff, catherine, 0, 1)).b as FamilyTree;
    const tyler = reply.people.find((p) => !p.hidden && p.label === 'Tyler Morningstar')!;
    expect(reply.parents).toContainEqual({ child: tyler.$id, parent: catherine, type: 'FOSTER' });
    const joseph = (await tree(staff, demoId('joseph'), 0, 0)).b as FamilyTree;
    expect(joseph.people[0]).toMatchObject({ birth: { date: '1884', qualifier: 'ABT' }, deceased: true });
  });
});
