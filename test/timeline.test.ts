import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../src/server/access/principal';
import { query } from '../src/server/db/query';
import { appendEvent } from '../src/server/items/rows';
import { makeOrg, makeUser, PASSWORD } from './helpers/fixtures';
import { openTestDatabase, type TestDatabase } from './helpers/test-db';
import { startTestServer, type TestServer } from './helpers/test-server';
import { connectAs, WsClient } from './helpers/ws-client';

// act/timeline: an item's events, newest first, for those who may read the item, with actor
// labels only where the reader may read the actor's User.

let tdb: TestDatabase;
let server: TestServer;
let org: string;
let editor: { id: string; email: string };
let member: { id: string; email: string };
let outsider: { id: string; email: string };
let admin: { id: string; email: string };

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  const items = server.app.services.items;
  org = await makeOrg(items, 'Riverbend First Nation');
  const other = await makeOrg(items, 'Cedar Ridge Mining Ltd.', 'INDUSTRY');
  editor = await makeUser(items, [[org, 'editor']]);
  member = await makeUser(items, [[org, 'member']]);
  outsider = await makeUser(items, [[other, 'editor']]);
  admin = await makeUser(items, [], { admin: true });
});

afterAll(async () => {
  for (const c of sessions.values()) await (await c).close();
  await server?.close();
  await tdb?.close();
});

interface Timeline {
  events: {
    id: number;
    kind: string;
    actor: string | null;
    at: string;
    data: Record<string, unknown> | null;
  }[];
  $labels: Record<string, string>;
}

const ref = (id: string) => ({ _t: id.split('-')[0], _i: Number(id.split('-')[1]) });

// One session a person: signing in again for every question would meet the sign-in rate limit.
const sessions = new Map<string, Promise<WsClient>>();
function session(email: string): Promise<WsClient> {
  let c = sessions.get(email);
  if (!c) sessions.set(email, (c = connectAs(server, email, PASSWORD).then((r) => r.client)));
  return c;
}

async function timelineOf(email: string, id: string) {
  return (await session(email)).request('act/timeline', ref(id));
}

/** A COMMUNITY thread made by the editor, renamed twice; a second thread alongside it. */
async function threadWithHistory() {
  const { client } = await connectAs(server, editor.email, PASSWORD);
  const t = await client.call<{ $id: string }>('create/Thread', {
    subject: 'Referral',
    $access: 'COMMUNITY',
  });
  const other = await client.call<{ $id: string }>('create/Thread', {
    subject: 'Unrelated',
    $access: 'COMMUNITY',
  });
  await client.call('update', { $id: t.$id, $version: 1, subject: 'Referral: pipeline spur' });
  await client.call('update', { $id: other.$id, $version: 1, subject: 'Still unrelated' });
  await client.call('update', { $id: t.$id, $version: 2, subject: 'Referral: pipeline spur (phase 2)' });
  await client.close();
  return { id: t.$id, other: other.$id };
}

describe('act/timeline', () => {
  it('lists the item’s own events newest first for a reader', async () => {
    const { id } = await threadWithHistory();
    const reply = await timelineOf(member.email, id);
    expect(reply.o).toBe('act/timeline');
    const tl = reply.b as Timeline;
    expect(tl.events.map((e) => e.kind)).toEqual(['updated', 'updated', 'created']);
    const ids = tl.events.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(new Set(ids).size).toBe(3);
    for (const e of tl.events) {
      expect(e.actor).toBe(editor.id);
      expect(new Date(e.at).toISOString()).toBe(e.at);
    }
    expect(tl.events[0]!.data).toEqual({
      changes: { subject: { from: 'Referral: pipeline spur', to: 'Referral: pipeline spur (phase 2)' } },
    });
    // No event of the other thread, although it changed in between.
    expect(JSON.stringify(tl.events)).not.toContain('unrelated');
  });

  it('labels the actor only for readers who may read the actor’s User', async () => {
    const { id } = await threadWithHistory();
    // An admin with no membership edits too: that admin's User is readable by no member.
    const { client: adminClient } = await connectAs(server, admin.email, PASSWORD);
    await adminClient.call('update', { $id: id, $version: 3, subject: 'Referral (checked)' });
    await adminClient.close();

    const forMember = (await timelineOf(member.email, id)).b as Timeline;
    expect(forMember.events.map((e) => e.actor)).toEqual([admin.id, editor.id, editor.id, editor.id]);
    expect(forMember.$labels[admin.id]).toBeUndefined();
    // Whether the member sees the editor's name is the policy's answer for reading that User.
    const { client } = await connectAs(server, member.email, PASSWORD);
    const canReadEditor = !((await client.request(`read/${editor.id}`)).b as { erred?: boolean }).erred;
    await client.close();
    expect(editor.id in forMember.$labels).toBe(canReadEditor);

    // The editor reads their own User but not the admin's; an admin reads every User.
    const forEditor = (await timelineOf(editor.email, id)).b as Timeline;
    expect(forEditor.$labels).toEqual({ [editor.id]: expect.stringMatching(/^Test User \d+$/) });
    const forAdmin = (await timelineOf(admin.email, id)).b as Timeline;
    expect(forAdmin.$labels).toEqual({
      [editor.id]: forEditor.$labels[editor.id],
      [admin.id]: expect.stringMatching(/^Test User \d+$/),
    });
  });

  it('refuses a caller who may not read the item, and a signed-out visitor', async () => {
    const { id } = await threadWithHistory();
    expect((await timelineOf(outsider.email, id)).b).toMatchObject({
      erred: true,
      userMessage: 'notFound',
    });
    const anon = await WsClient.connect(server.wsUrl);
    expect((await anon.request('act/timeline', ref(id))).b).toMatchObject({
      erred: true,
      userMessage: 'notFound',
    });
    await anon.close();
    expect((await timelineOf(member.email, 'Thread-99999')).b).toMatchObject({ userMessage: 'notFound' });
    expect((await timelineOf(member.email, 'Thread-0')).b).toMatchObject({ userMessage: 'invalidId' });
  });

  it('returns at most the 200 newest events', async () => {
    const item = await server.app.services.items.create(SYSTEM, 'Thread', {
      subject: 'Busy thread',
      $access: 'COMMUNITY',
      owner: org,
    });
    for (let i = 1; i <= 205; i++)
      await appendEvent(tdb.database.db, { itemId: item.$id, kind: 'noted', actor: null, data: { i } });
    const tl = (await timelineOf(member.email, item.$id)).b as Timeline;
    expect(tl.events).toHaveLength(200);
    expect(tl.events[0]!.data).toEqual({ i: 205 });
    expect(tl.events[199]!.data).toEqual({ i: 6 });
    expect(tl.events[0]!.actor).toBeNull();
  });
});

// History under the rule (issue 36, finding 4; docs/access-model.md "History"): a past value only
// for a reader who could read the item, as it then was, while the value was current; birth facts
// and geometries keep no past values for anyone but the record's keepers and admins.
describe('act/timeline: past values under the rule', () => {
  const HIDDEN = { $hidden: true };
  let orgAdmin: { id: string; email: string };
  let elder: { id: string; email: string };

  beforeAll(async () => {
    const items = server.app.services.items;
    orgAdmin = await makeUser(items, [[org, 'orgAdmin']]);
    elder = await makeUser(items, [[org, 'member']]);
  });

  type Change = { from: unknown; to: unknown };
  /** Each event's changes of one field, oldest first. */
  const changesOf = (tl: Timeline, field: string) =>
    [...tl.events]
      .reverse()
      .map((e) => (e.data?.changes as Record<string, Change> | undefined)?.[field])
      .filter((c): c is Change => !!c);
  const tlOf = async (email: string, id: string) => (await timelineOf(email, id)).b as Timeline;

  const as = async <T>(email: string, f: (c: WsClient) => Promise<T>): Promise<T> => f(await session(email));
  const version = async (id: string) => (await server.app.services.items.readRow(id))!.version;

  it('hides a value written while PRIVATE from a reader the item was opened to later', async () => {
    const id = await as(editor.email, async (c) => {
      const t = await c.call<{ $id: string }>('create/Thread', {
        subject: 'Burial ground',
        $access: 'PRIVATE',
      });
      await c.call('update', { $id: t.$id, $version: 1, subject: 'Burial ground at the bend' });
      // Shared while PRIVATE: whom with is of that time too.
      await (
        await session(orgAdmin.email)
      ).call('act/setGrant', {
        ...ref(t.$id),
        principal: outsider.id,
        actions: ['read'],
      });
      await c.call('update', { $id: t.$id, $version: 2, $access: 'COMMUNITY' });
      await c.call('update', { $id: t.$id, $version: 3, subject: 'A place of the community' });
      return t.$id;
    });
    const forMember = changesOf(await tlOf(member.email, id), 'subject');
    expect(forMember).toEqual([
      { from: HIDDEN, to: HIDDEN },
      { from: HIDDEN, to: 'A place of the community' },
    ]);
    expect(JSON.stringify(await tlOf(member.email, id))).not.toContain('bend');
    // The level change itself: what it was before is of the PRIVATE time too.
    expect(changesOf(await tlOf(member.email, id), '$access')).toEqual([{ from: HIDDEN, to: 'COMMUNITY' }]);
    const granted = (tl: Timeline) => tl.events.find((e) => e.kind === 'granted')?.data;
    expect(granted(await tlOf(member.email, id))).toEqual({ $hidden: true });
    expect(granted(await tlOf(outsider.email, id))).toEqual({ principal: outsider.id, actions: ['read'] });
    // The creator and the orgAdmin could read it then; so could an admin.
    for (const u of [editor, orgAdmin, admin])
      expect(changesOf(await tlOf(u.email, id), 'subject')).toEqual([
        { from: 'Burial ground', to: 'Burial ground at the bend' },
        { from: 'Burial ground at the bend', to: 'A place of the community' },
      ]);
  });

  it('records no removal of a grant that was not there, so it opens no past', async () => {
    const id = await as(editor.email, async (c) => {
      const t = await c.call<{ $id: string }>('create/Thread', {
        subject: 'Council: the old trail',
        $access: 'PRIVATE',
      });
      return t.$id;
    });
    // Nothing to remove: the community never had a grant on it.
    await as(orgAdmin.email, (c) => c.call('act/removeGrant', { ...ref(id), principal: org }));
    const [n] = await query<{ n: number }>(
      server.app.services.items.db,
      sql`select count(*)::int as n from events where item_id = ${id} and kind = 'grantRemoved'`,
    );
    expect(n?.n).toBe(0);
    await as(editor.email, async (c) => {
      await c.call('update', { $id: id, $version: 1, subject: 'The trail' });
      await c.call('update', { $id: id, $version: 2, $access: 'COMMUNITY' });
    });
    expect(JSON.stringify(await tlOf(member.email, id))).not.toContain('old trail');
  });

  it('hides what a grant did not yet cover, and shows what it did', async () => {
    const id = await as(editor.email, async (c) => {
      const t = await c.call<{ $id: string }>('create/Thread', {
        subject: 'Before the grant',
        $access: 'PRIVATE',
      });
      await c.call('update', { $id: t.$id, $version: 1, subject: 'Still before' });
      await (
        await session(orgAdmin.email)
      ).call('act/setGrant', {
        ...ref(t.$id),
        principal: outsider.id,
        actions: ['read'],
      });
      await c.call('update', { $id: t.$id, $version: 2, subject: 'After the grant' });
      await c.call('update', { $id: t.$id, $version: 3, subject: 'Later still' });
      return t.$id;
    });
    expect(changesOf(await tlOf(outsider.email, id), 'subject')).toEqual([
      { from: HIDDEN, to: HIDDEN },
      { from: HIDDEN, to: 'After the grant' },
      { from: 'After the grant', to: 'Later still' },
    ]);
  });

  it('hides a value written under a protocol from a member outside it, after it was lifted', async () => {
    const elders = await as(
      orgAdmin.email,
      async (c) =>
        (
          await c.call<{ $id: string }>('create/Protocol', {
            name: 'Elders of the timeline',
            owner: org,
            members: [editor.id, elder.id],
          })
        ).$id,
    );
    // The editor's session must know its new protocol before restricting an item to it.
    const id = await as(editor.email, async (c) => {
      const t = await c.call<{ $id: string }>('create/Thread', {
        subject: 'Open story',
        $access: 'COMMUNITY',
      });
      await expect
        .poll(
          async () =>
            !(
              (await c.request('update', { $id: t.$id, $version: 1, $protocols: [elders] })).b as {
                erred?: boolean;
              }
            ).erred,
          { timeout: 5_000 },
        )
        .toBe(true);
      await c.call('update', { $id: t.$id, $version: 2, subject: 'The Elders’ story' });
      await c.call('update', { $id: t.$id, $version: 3, $protocols: null });
      await c.call('update', { $id: t.$id, $version: 4, subject: 'A story for all' });
      return t.$id;
    });
    expect(changesOf(await tlOf(member.email, id), 'subject')).toEqual([
      { from: HIDDEN, to: HIDDEN },
      { from: HIDDEN, to: 'A story for all' },
    ]);
    expect(changesOf(await tlOf(elder.email, id), 'subject')).toEqual([
      { from: 'Open story', to: 'The Elders’ story' },
      { from: 'The Elders’ story', to: 'A story for all' },
    ]);
  });

  it('judges a message’s past by its thread as it then was', async () => {
    const { thread, message } = await as(editor.email, async (c) => {
      const t = await c.call<{ $id: string }>('create/Thread', {
        subject: 'Council only',
        $access: 'PRIVATE',
      });
      const m = await c.call<{ $id: string }>('create/Message', { thread: t.$id, body: 'The first word' });
      await c.call('update', { $id: m.$id, $version: 1, body: 'The word, corrected' });
      await c.call('update', { $id: t.$id, $version: await version(t.$id), $access: 'COMMUNITY' });
      return { thread: t.$id, message: m.$id };
    });
    expect(thread).toBeTruthy();
    expect(changesOf(await tlOf(member.email, message), 'body')).toEqual([
      { from: HIDDEN, to: 'The word, corrected' },
    ]);
    expect(changesOf(await tlOf(editor.email, message), 'body')).toEqual([
      { from: 'The first word', to: 'The word, corrected' },
    ]);
  });

  it('judges a past value by the reader’s rights then: a member made staff later, staff made a member', async () => {
    const items = server.app.services.items;
    const promoted = await makeUser(items, [[org, 'member']]);
    const demoted = await makeUser(items, [[org, 'staff']]);
    const staffAll = await makeUser(items, [[org, 'staff']]);
    const setRole = (u: { id: string }, roles: string[]) =>
      as(orgAdmin.email, (c) => c.call('act/setMembership', { userId: u.id, org, roles }));
    const id = await as(editor.email, async (c) => {
      const t = await c.call<{ $id: string }>('create/Thread', {
        subject: 'Staff only',
        $access: 'PROTECTED',
      });
      await c.call('update', { $id: t.$id, $version: 1, subject: 'Staff only: the crossing' });
      return t.$id;
    });
    await setRole(promoted, ['staff']);
    await setRole(demoted, ['member']);
    await as(editor.email, (c) => c.call('update', { $id: id, $version: 2, $access: 'COMMUNITY' }));
    await as(editor.email, (c) => c.call('update', { $id: id, $version: 3, subject: 'For everyone' }));
    // Made staff after the PROTECTED words were replaced: they were a member while those words were
    // current, so they never could read them.
    const forPromoted = await tlOf(promoted.email, id);
    expect(changesOf(forPromoted, 'subject')).toEqual([
      { from: HIDDEN, to: HIDDEN },
      { from: HIDDEN, to: 'For everyone' },
    ]);
    expect(JSON.stringify(forPromoted)).not.toContain('crossing');
    // Staff then, a member now: a member does not read PROTECTED words, past ones included.
    expect(JSON.stringify(await tlOf(demoted.email, id))).not.toContain('crossing');
    // Staff throughout: everything.
    expect(changesOf(await tlOf(staffAll.email, id), 'subject')).toEqual([
      { from: 'Staff only', to: 'Staff only: the crossing' },
      { from: 'Staff only: the crossing', to: 'For everyone' },
    ]);
    // Staff who joined only now read the present and what comes after, as the promoted member does.
    const hired = await makeUser(items, [[org, 'staff']]);
    expect(JSON.stringify(await tlOf(hired.email, id))).not.toContain('crossing');
  });

  it('hides a value written under a protocol from someone who joined the protocol only later', async () => {
    const joiner = await makeUser(server.app.services.items, [[org, 'member']]);
    const protocol = await as(orgAdmin.email, async (c) =>
      c.call<{ $id: string; $version: number }>('create/Protocol', {
        name: 'Knowledge keepers of the timeline',
        owner: org,
        members: [editor.id],
      }),
    );
    const id = await as(editor.email, async (c) => {
      const t = await c.call<{ $id: string }>('create/Thread', { subject: 'Open', $access: 'COMMUNITY' });
      await expect
        .poll(
          async () =>
            !(
              (await c.request('update', { $id: t.$id, $version: 1, $protocols: [protocol.$id] })).b as {
                erred?: boolean;
              }
            ).erred,
          { timeout: 5_000 },
        )
        .toBe(true);
      await c.call('update', { $id: t.$id, $version: 2, subject: 'The keepers’ song' });
      await c.call('update', { $id: t.$id, $version: 3, subject: 'The keepers’ song, second verse' });
      return t.$id;
    });
    await as(orgAdmin.email, (c) =>
      c.call('update', { $id: protocol.$id, $version: protocol.$version, members: [editor.id, joiner.id] }),
    );
    await expect
      .poll(async () => ((await timelineOf(joiner.email, id)).b as { erred?: boolean }).erred ?? false, {
        timeout: 5_000,
      })
      .toBe(false);
    // They read the item now, but its words from before they joined are of that time.
    const forJoiner = changesOf(await tlOf(joiner.email, id), 'subject');
    expect(forJoiner).toEqual([
      { from: HIDDEN, to: HIDDEN },
      { from: HIDDEN, to: 'The keepers’ song, second verse' },
    ]);
    expect(changesOf(await tlOf(editor.email, id), 'subject')).toEqual([
      { from: 'Open', to: 'The keepers’ song' },
      { from: 'The keepers’ song', to: 'The keepers’ song, second verse' },
    ]);
  });

  it('keeps no past birth facts of a living person for the community, whatever the level', async () => {
    const research = await makeUser(server.app.services.items, [[org, 'editor']]);
    const ids = await as(research.email, async (c) => {
      // Removed so the record could be opened to the community.
      const a = await c.call<{ $id: string }>('create/CommunityMember', {
        firstName: 'Ann',
        lastName: 'Living',
        birthDate: '1961-04',
        birthPlace: 'Riverbend',
        owner: org,
        $access: 'PROTECTED',
      });
      await c.call('update', {
        $id: a.$id,
        $version: 1,
        birthDate: null,
        birthPlace: null,
        $access: 'COMMUNITY',
      });
      // Shared with the family's consent, then the consent withdrawn: the community read it then.
      const b = await c.call<{ $id: string }>('create/CommunityMember', {
        firstName: 'Bea',
        lastName: 'Living',
        birthDate: '1970-02-03',
        shareBirthFacts: true,
        owner: org,
        $access: 'COMMUNITY',
      });
      await c.call('update', { $id: b.$id, $version: 1, birthDate: '1970-02-04' });
      await c.call('update', { $id: b.$id, $version: 2, birthDate: null, shareBirthFacts: null });
      return [a.$id, b.$id] as const;
    });
    const [a, b] = ids;
    const forMember = await tlOf(member.email, a);
    expect(changesOf(forMember, 'birthDate')).toEqual([{ from: HIDDEN, to: null }]);
    expect(changesOf(forMember, 'birthPlace')).toEqual([{ from: HIDDEN, to: null }]);
    expect(JSON.stringify(forMember)).not.toContain('1961');
    const bForMember = await tlOf(member.email, b);
    expect(changesOf(bForMember, 'birthDate')).toEqual([
      { from: HIDDEN, to: HIDDEN },
      { from: HIDDEN, to: null },
    ]);
    expect(JSON.stringify(bForMember)).not.toContain('1970');
    // The record's keepers (who may update it) and admins still see what it held.
    for (const u of [research, admin])
      expect(changesOf(await tlOf(u.email, b), 'birthDate')).toEqual([
        { from: '1970-02-03', to: '1970-02-04' },
        { from: '1970-02-04', to: null },
      ]);
  });

  it('shows only that a family’s facts changed, their values to admins alone', async () => {
    const research = await makeUser(server.app.services.items, [[org, 'editor']]);
    const { id, parent } = await as(research.email, async (c) => {
      const parent = await c.call<{ $id: string }>('create/CommunityMember', {
        firstName: 'Rose',
        lastName: 'Birthmother',
        owner: org,
        $access: 'PROTECTED',
      });
      const m = await c.call<{ $id: string }>('create/CommunityMember', {
        firstName: 'Nathan',
        lastName: 'Adopted',
        parents: [{ member: parent.$id, type: 'BIO' }],
        familyNotes: 'Placed at birth; the family asked it not be spoken of.',
        owner: org,
        $access: 'PROTECTED',
      });
      await c.call('update', {
        $id: m.$id,
        $version: 1,
        parents: [{ member: parent.$id, type: 'ADOPT' }],
        familyNotes: 'Raised by the Cardinal family.',
      });
      await c.call('update', { $id: m.$id, $version: 2, familyNotes: 'Raised by the Cardinals.' });
      return { id: m.$id, parent: parent.$id };
    });
    // The record's own editor, who may update it and read it all along, sees that they changed.
    for (const u of [research, editor]) {
      const tl = await tlOf(u.email, id);
      expect(changesOf(tl, 'parents')).toEqual([{ from: HIDDEN, to: HIDDEN }]);
      expect(changesOf(tl, 'familyNotes')).toEqual([
        { from: HIDDEN, to: HIDDEN },
        { from: HIDDEN, to: HIDDEN },
      ]);
      const words = JSON.stringify(tl);
      for (const gone of ['Placed at birth', 'BIO', 'ADOPT', parent, 'Cardinal'])
        expect(words).not.toContain(gone);
    }
    // Admins read every value.
    expect(changesOf(await tlOf(admin.email, id), 'parents')).toEqual([
      { from: [{ member: parent, type: 'BIO' }], to: [{ member: parent, type: 'ADOPT' }] },
    ]);
    expect(changesOf(await tlOf(admin.email, id), 'familyNotes')).toEqual([
      {
        from: 'Placed at birth; the family asked it not be spoken of.',
        to: 'Raised by the Cardinal family.',
      },
      { from: 'Raised by the Cardinal family.', to: 'Raised by the Cardinals.' },
    ]);
  });

  it('keeps no exact geometry from before it was generalised for a member', async () => {
    const exact = { type: 'Point', coordinates: [-123.123456, 49.654321] };
    const general = {
      type: 'Polygon',
      coordinates: [
        [
          [-123.2, 49.6],
          [-123.0, 49.6],
          [-123.0, 49.7],
          [-123.2, 49.7],
          [-123.2, 49.6],
        ],
      ],
    };
    const id = await as(editor.email, async (c) => {
      const f = await c.call<{ $id: string }>('create/SpatialFeature', {
        label: 'Sacred site',
        state: 'ACTIVE',
        geometry: exact,
        owner: org,
        $access: 'COMMUNITY',
      });
      await c.call('update', { $id: f.$id, $version: 1, geometry: general });
      return f.$id;
    });
    const forMember = await tlOf(member.email, id);
    expect(changesOf(forMember, 'geometry')).toEqual([{ from: HIDDEN, to: general }]);
    expect(JSON.stringify(forMember)).not.toContain('123456');
    expect(changesOf(await tlOf(editor.email, id), 'geometry')).toEqual([{ from: exact, to: general }]);
  });
});

// A User's memberships are each organisation's business (issue 36, finding 15).
describe('act/timeline: a User’s memberships', () => {
  it('shows a membership only inside its organisation, to the user and to admins', async () => {
    const items = server.app.services.items;
    const elsewhere = await makeOrg(items, 'Lakeshore Nation');
    // A colleague from before: one who joined later could not read the User when it happened.
    const colleagueElsewhere = await makeUser(items, [[elsewhere, 'member']]);
    const both = await makeUser(items, [
      [org, 'member'],
      [elsewhere, 'staff'],
    ]);
    const orgsIn = (tl: Timeline) =>
      tl.events
        .filter((e) => e.kind === 'membershipChanged')
        .map((e) => e.data?.org)
        .sort();
    expect(orgsIn(await (async () => (await timelineOf(member.email, both.id)).b as Timeline)())).toEqual([
      org,
    ]);
    expect(orgsIn((await timelineOf(colleagueElsewhere.email, both.id)).b as Timeline)).toEqual([elsewhere]);
    for (const u of [both, admin])
      expect(orgsIn((await timelineOf(u.email, both.id)).b as Timeline)).toEqual([org, elsewhere].sort());
  });
});
