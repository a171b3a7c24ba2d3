import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { relatedEntriesQuery } from '../client/related-query';

// ArchiveEntry through the item service, search and the act (issue 17): the derived year and
// media categories (kept current as files come, go to the trash and are deleted), refused from
// callers; the search by related id; searchSourceOrgs through the read rule; and who may change
// the archive's lists (PRIVATE.read on ArchiveEntry: the organisation's orgAdmins).

let tdb: TestDatabase;
let server: TestServer;
let staff: WsClient;
let editor: WsClient;
let orgAdmin: WsClient;
let community: string;
let museum: string;
let counsel: string;
let staffId: string;
const items = () => server.app.services.items;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  community = await makeOrg(items(), 'Riverbend First Nation');
  museum = await makeOrg(items(), 'Valley Museum of History', 'MUSEUM');
  counsel = await makeOrg(items(), 'Crane & Hollis Barristers', 'CONSULTANT');
  const s = await makeUser(items(), [[community, 'staff']]);
  staffId = s.id;
  const e = await makeUser(items(), [[community, 'editor']]);
  const a = await makeUser(items(), [[community, 'orgAdmin']]);
  staff = (await connectAs(server, s.email, PASSWORD)).client;
  editor = (await connectAs(server, e.email, PASSWORD)).client;
  orgAdmin = (await connectAs(server, a.email, PASSWORD)).client;
}, 60_000);

afterAll(async () => {
  for (const c of [staff, editor, orgAdmin]) await c?.close();
  await server?.close();
  await tdb?.close();
});

type Entry = Record<string, unknown> & { $id: string; $version: number };
const create = async (c: WsClient, data: Record<string, unknown>) =>
  (await c.request('create/ArchiveEntry', data)).b as Entry & { erred?: boolean };
const read = async (id: string) => items().read(SYSTEM, id);

/** A file on the entry as an upload makes it (finish-upload.ts): the Attachment, then the entry's list. */
async function addFile(entry: string, mimeGroup: string, filetype: string, actor = staffId) {
  const att = await items().create(
    SYSTEM,
    'Attachment',
    {
      originalName: `f.${filetype.split('/')[1]}`,
      rel: entry,
      relProp: 'attachments',
      relType: 'ArchiveEntry',
      mimeGroup,
      filetype,
      trashed: false,
    },
    { actor },
  );
  const row = await read(entry);
  const list = Array.isArray(row.attachments) ? row.attachments : [];
  await items().update(SYSTEM, { $id: entry, $version: row.$version, attachments: [...list, att.$id] });
  return att.$id;
}

describe('ArchiveEntry derived fields', () => {
  it('files an entry under the year of its date, imprecise or not, else the year published', async () => {
    expect((await create(editor, { title: 'Treaty copy', date: '1910' })).year).toBe(1910);
    expect((await create(editor, { title: 'Photo', date: '1958-08' })).year).toBe(1958);
    const report = await create(editor, { title: 'Report', yearPublished: 2004 });
    expect(report.year).toBe(2004);
    const moved = (
      await editor.request('update', { $id: report.$id, $version: report.$version, date: '1999-05-02' })
    ).b as Entry;
    expect(moved, JSON.stringify(moved)).toMatchObject({ year: 1999 });
  });

  it('refuses the derived fields from a caller', async () => {
    const b = await create(editor, { title: 'Forged', mediaCategories: ['IMAGE'] });
    expect(b.erred).toBe(true);
    const c = await create(editor, { title: 'Forged year', year: 1800 });
    expect(c.erred).toBe(true);
  });

  it('keeps the media categories current as files come, go to the trash, return and are deleted', async () => {
    const e = await create(editor, { title: 'Elder recording with photographs' });
    expect(e.mediaCategories).toBeUndefined();
    const photo = await addFile(e.$id, 'image', 'image/jpeg');
    expect((await read(e.$id)).mediaCategories).toEqual(['IMAGE']);
    const tape = await addFile(e.$id, 'audio', 'audio/wav');
    await addFile(e.$id, 'application', 'application/pdf');
    expect((await read(e.$id)).mediaCategories).toEqual(['AUDIO', 'DOCUMENT', 'IMAGE']);

    const att = await items().read(SYSTEM, photo);
    await items().update(SYSTEM, { $id: photo, $version: att.$version, trashed: true });
    expect((await read(e.$id)).mediaCategories).toEqual(['AUDIO', 'DOCUMENT']);
    const back = await items().read(SYSTEM, photo);
    await items().update(SYSTEM, { $id: photo, $version: back.$version, trashed: false });
    expect((await read(e.$id)).mediaCategories).toEqual(['AUDIO', 'DOCUMENT', 'IMAGE']);
    await items().delete(SYSTEM, tape);
    expect((await read(e.$id)).mediaCategories).toEqual(['DOCUMENT', 'IMAGE']);

    // The media facet counts it, as the catalogue asks.
    const found = (
      await staff.request('search/ids', {
        must: { _t: ['ArchiveEntry'], mediaCategories: ['IMAGE'] },
        facets: ['mediaCategories'],
        max: 50,
      })
    ).b as { ids: string[]; facets: Record<string, { value: unknown; count: number }[]> };
    expect(found.ids).toContain(e.$id);
    expect(found.facets.mediaCategories?.find((b) => b.value === 'IMAGE')?.count).toBeGreaterThanOrEqual(1);
  });
});

describe('ArchiveEntry media, as its readers may read the files', () => {
  it('leaves out a file restricted to a protocol of its own, until it is opened again', async () => {
    const elder = await makeUser(items(), [[community, 'editor']]);
    const elders = (
      await items().create(SYSTEM, 'Protocol', { name: 'Elders', members: [elder.id] }, { owner: community })
    ).$id;
    const keeper = (await connectAs(server, elder.email, PASSWORD)).client;
    try {
      const e = await create(keeper, { title: 'Winter stories', $access: 'COMMUNITY' });
      // The elder uploads both (an uploader always reads their own file, protocol or not).
      await addFile(e.$id, 'image', 'image/jpeg', elder.id);
      const tape = await addFile(e.$id, 'audio', 'audio/wav', elder.id);
      expect((await read(e.$id)).mediaCategories).toEqual(['AUDIO', 'IMAGE']);

      const att = (await keeper.request('read/' + tape)).b as Entry;
      const closed = (
        await keeper.request('update', { $id: tape, $version: att.$version, $protocols: [elders] })
      ).b as Entry & { erred?: boolean };
      expect(closed.erred, JSON.stringify(closed)).toBeUndefined();
      // The staff member reads the entry but not the Elders' recording: the entry tells them of no audio.
      expect(((await staff.request('read/' + tape)).b as { userMessage?: string }).userMessage).toBe(
        'notAllowed',
      );
      const seen = (await staff.request('read/' + e.$id)).b as Entry;
      expect(seen.mediaCategories).toEqual(['IMAGE']);
      const audio = (
        await staff.request('search/ids', {
          must: { _t: ['ArchiveEntry'], mediaCategories: ['AUDIO'] },
          max: 50,
        })
      ).b as { ids: string[] };
      expect(audio.ids).not.toContain(e.$id);

      const again = (await keeper.request('read/' + tape)).b as Entry;
      await keeper.request('update', { $id: tape, $version: again.$version, $protocols: null });
      expect((await read(e.$id)).mediaCategories).toEqual(['AUDIO', 'IMAGE']);

      // A file's own level narrows nothing (a file follows its entry: the level is not asked), so
      // a PRIVATE file is still every reader's and still counts.
      const open = (await keeper.request('read/' + tape)).b as Entry;
      await keeper.request('update', { $id: tape, $version: open.$version, $access: 'PRIVATE' });
      expect(((await staff.request('read/' + tape)).b as Entry).$access).toBe('PRIVATE');
      expect(((await staff.request('read/' + e.$id)).b as Entry).mediaCategories).toEqual(['AUDIO', 'IMAGE']);
    } finally {
      await keeper.close();
    }
  });
});

describe('ArchiveEntry by related id', () => {
  it('finds the entries whose rel names a record, through the read rule', async () => {
    const thread = (await editor.request('create/Thread', { subject: 'River crossing referral' })).b as Entry;
    const open = await create(editor, { title: 'Crossing study', rel: [thread.$id], $access: 'COMMUNITY' });
    const mine = await create(orgAdmin, { title: 'Counsel memo', rel: [thread.$id], $access: 'PRIVATE' });
    await create(editor, { title: 'Unrelated' });
    const asked = async (c: WsClient) =>
      ((await c.request('search/ids', relatedEntriesQuery(thread.$id))).b as { ids: string[] }).ids;
    expect(await asked(staff)).toEqual([open.$id]);
    expect(await asked(editor)).toEqual([open.$id]);
    expect((await asked(orgAdmin)).sort()).toEqual([open.$id, mine.$id].sort());
  });
});

describe('searchSourceOrgs', () => {
  it('lists organisations only through entries the caller may read, matching the query', async () => {
    await create(editor, { title: 'Fish camp photo', sourceOrg: museum, $access: 'COMMUNITY' });
    await create(editor, { title: 'Canoe photo', sourceOrg: museum, $access: 'PUBLIC' });
    await create(orgAdmin, { title: 'Negotiation notes', sourceOrg: counsel, $access: 'PRIVATE' });
    const ask = async (c: WsClient, query: string) =>
      (
        (await c.request('act/searchSourceOrgs', { query })).b as {
          results: { $id: string; entries: number }[];
        }
      ).results;
    expect(await ask(staff, '')).toEqual([{ $id: museum, label: 'Valley Museum of History', entries: 2 }]);
    expect((await ask(orgAdmin, '')).map((r) => r.$id)).toEqual([counsel, museum]);
    expect((await ask(orgAdmin, 'valley mus')).map((r) => r.$id)).toEqual([museum]);
    expect(await ask(staff, 'crane')).toEqual([]);
  });
});

describe('the archive lists', () => {
  it('are changed by those who may read PRIVATE archive entries (orgAdmins), not by editors', async () => {
    const value = {
      list: 'ARCHIVE_CATEGORIES',
      key: 'ORAL_HISTORY',
      state: 'ACTIVE',
      t: { en: 'Oral history' },
    };
    const refused = (await editor.request('create/LOVValue', { ...value, owner: community })).b as {
      erred?: boolean;
      userMessage?: string;
    };
    expect(refused.erred).toBe(true);
    expect(refused.userMessage).toBe('notAllowed');
    const made = (await orgAdmin.request('create/LOVValue', { ...value, owner: community })).b as Entry;
    expect(made.$id).toMatch(/^LOVValue-/);
    // Another module's list stays the editors' to change.
    const other = (
      await editor.request('create/LOVValue', { list: 'ACTION_TYPES', key: 'Visit', owner: community })
    ).b as Entry;
    expect(other.$id).toMatch(/^LOVValue-/);
    // Nor may an editor move a value into the archive's lists.
    const moved = (
      await editor.request('update', { $id: other.$id, $version: other.$version, list: 'ARCHIVE_TYPES' })
    ).b as { erred?: boolean };
    expect(moved.erred).toBe(true);
  });
});
