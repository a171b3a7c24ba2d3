import { SYSTEM } from '../../../server/access/principal';
import { setGrantIn } from '../../../server/items/grants';
import { makeOrg, makeUser } from '../../../../test/helpers/fixtures';
import {
  principalClients,
  type AccessCase,
  type AccessFixture,
  type AccessPath,
} from '../../../../test/helpers/access-cases';
import type { TestServer } from '../../../../test/helpers/test-server';
import { relatedEntriesQuery } from '../client/related-query';
import { ArchiveEntry } from '../types';

// The archive rows of the access matrix (test/access-matrix.test.ts runs them): a community's
// entries at every level, one granted to a person of another organisation, one restricted to the
// Elders protocol, and a file of the PRIVATE entry (an Attachment follows its entry), against
// every principal. Readers are written from docs/archive.md and docs/access-model.md. Each entry
// names its own source organisation, whose name is a secret of the entry: the catalogue's
// organisation facet and searchSourceOrgs must not name an organisation to someone who may not
// read the entry it is known through (the organisation itself is PUBLIC).

type P =
  'signedOut' | 'admin' | 'member' | 'elder' | 'staff' | 'orgAdmin' | 'creator' | 'grantee' | 'outsider';
const ALL: P[] = [
  'signedOut',
  'admin',
  'member',
  'elder',
  'staff',
  'orgAdmin',
  'creator',
  'grantee',
  'outsider',
];
const MEMBERS: P[] = ['admin', 'member', 'elder', 'staff', 'orgAdmin', 'creator'];
const STAFF: P[] = ['admin', 'staff', 'orgAdmin', 'creator'];
const PRIVATE: P[] = ['admin', 'orgAdmin', 'creator'];
// Not the orgAdmin: a protocol binds them too, until they join it (docs/access-model.md).
const ELDERS: P[] = ['admin', 'elder', 'creator'];

const SPECS = [
  { key: 'publicEntry', type: 'ArchiveEntry', readers: ALL },
  { key: 'communityEntry', type: 'ArchiveEntry', readers: MEMBERS },
  { key: 'protectedEntry', type: 'ArchiveEntry', readers: STAFF },
  { key: 'privateEntry', type: 'ArchiveEntry', readers: PRIVATE },
  { key: 'grantedEntry', type: 'ArchiveEntry', readers: [...PRIVATE, 'grantee'] },
  { key: 'eldersEntry', type: 'ArchiveEntry', readers: ELDERS },
  { key: 'privateFile', type: 'Attachment', readers: PRIVATE },
] as const satisfies readonly { key: string; type: string; readers: readonly P[] }[];

const ENTRY_KEYS = SPECS.filter((s) => s.type === 'ArchiveEntry').map((s) => s.key);

/** The source organisation of each entry, to map searchSourceOrgs' answer back to entries. */
const orgOf = new Map<string, string>();

async function setup(server: TestServer): Promise<AccessFixture<P>> {
  const { items } = server.app.services;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const college = await makeOrg(items, 'Valley College', 'EDUCATION');
  const users: Record<Exclude<P, 'signedOut'>, { id: string; email: string }> = {
    admin: await makeUser(items, [], { admin: true }),
    member: await makeUser(items, [[riverbend, 'member']]),
    elder: await makeUser(items, [[riverbend, 'member']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    orgAdmin: await makeUser(items, [[riverbend, 'orgAdmin']]),
    creator: await makeUser(items, [[riverbend, 'editor']]),
    grantee: await makeUser(items, [[college, 'editor']]),
    outsider: await makeUser(items, [[college, 'orgAdmin']]),
  };
  const ids: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const word = () => `a${Math.random().toString(36).slice(2, 10)}`;

  // The protocol before anyone signs in: a session loads its protocols at sign-in.
  const elders = (
    await items.create(
      SYSTEM,
      'Protocol',
      { name: 'Elders', members: [users.elder.id, users.creator.id] },
      { owner: riverbend, actor: users.orgAdmin.id },
    )
  ).$id;
  const clients = await principalClients<P>(server, users);

  const as = { actor: users.creator.id, owner: riverbend };
  const entry = async (
    key: string,
    access: 'PUBLIC' | 'COMMUNITY' | 'PROTECTED' | 'PRIVATE',
    extra: Record<string, unknown> = {},
  ) => {
    const org = await makeOrg(items, `Source ${(secrets[`${key}@org`] = word())}`, 'MUSEUM');
    orgOf.set(org, key);
    ids[key] = (
      await items.create(
        SYSTEM,
        'ArchiveEntry',
        {
          title: `Entry ${(secrets[key] = word())}`,
          category: 'ORAL_HISTORY',
          type: 'AUDIO_RECORDING',
          keywords: [word()],
          date: '1962',
          sourceOrg: org,
          rel: [riverbend],
          ...extra,
        },
        { ...as, access },
      )
    ).$id;
  };
  await entry('publicEntry', 'PUBLIC');
  await entry('communityEntry', 'COMMUNITY');
  await entry('protectedEntry', 'PROTECTED');
  await entry('privateEntry', 'PRIVATE', { needsAttention: true });
  await entry('grantedEntry', 'PRIVATE');
  await entry('eldersEntry', 'COMMUNITY', { $protocols: [elders] });
  await items.transaction((tx) =>
    setGrantIn(tx, items, ids.grantedEntry!, users.grantee.id, ['read'], {
      grantedBy: users.orgAdmin.id,
      actor: users.orgAdmin.id,
    }),
  );
  // A photograph of the private entry, as an upload makes it: an Attachment in its `attachments`.
  ids.privateFile = (
    await items.create(SYSTEM, 'Attachment', {
      originalName: `${(secrets.privateFile = word())}.jpg`,
      rel: ids.privateEntry,
      relProp: 'attachments',
      relType: 'ArchiveEntry',
      mimeGroup: 'image',
      filetype: 'image/jpeg',
      trashed: false,
    })
  ).$id;
  const row = await items.read(SYSTEM, ids.privateEntry!);
  await items.update(SYSTEM, {
    $id: ids.privateEntry,
    $version: row.$version,
    attachments: [ids.privateFile],
  });
  relatedTo = riverbend;
  return { clients, ids, secrets };
}

let relatedTo = '';

/** Facets every entry has one value of: each one's counts add up to the entries the reader may read. */
const ONE_EACH = ['category', 'type', 'owner', '$access', '_c.ts'];

/**
 * archive.catalogue as the screen asks it: newest first, with every facet and labels. Its counts
 * are the kept ones (search/kept-counts.ts): the total and every single-valued facet must count
 * exactly the entries listed, for readers by level, protocol, creation and grant alike.
 */
const catalogue: AccessPath<P> = {
  name: 'the catalogue (faceted by category, type, media, collection, organisation, year, attention)',
  types: ['ArchiveEntry'],
  async run({ client }) {
    const b = (
      await client.request('search/ids', {
        must: { _t: ['ArchiveEntry'] },
        sort: [{ key: '_c.ts', order: 'desc' }],
        facets: [...ArchiveEntry.facets, ...ONE_EACH.slice(2), '$tkLabels'],
        labels: true,
        max: 1000,
      })
    ).b as { ids?: string[]; total?: number; facets?: Record<string, { count: number }[]> };
    const listed = b.ids?.length ?? 0;
    if (b.ids && b.total !== listed)
      throw new Error(`the catalogue's total ${b.total} is not its ${listed} entries`);
    for (const f of ONE_EACH) {
      const sum = (b.facets?.[f] ?? []).reduce((n, x) => n + x.count, 0);
      if (b.ids && sum !== listed)
        throw new Error(`the catalogue's ${f} counts ${sum}, not its ${listed} entries`);
    }
    return { ids: b.ids ?? [], text: JSON.stringify(b) };
  },
};

/** archive.orgs: an organisation is shown exactly to the readers of the entry it is the source of. */
const sourceOrgs: AccessPath<P> = {
  name: 'searchSourceOrgs (each entry through its own source organisation)',
  types: ['ArchiveEntry'],
  async run({ client }) {
    const b = (await client.request('act/searchSourceOrgs', { query: '' })).b as {
      results?: { $id: string }[];
    };
    const keys = (b.results ?? []).map((r) => orgOf.get(r.$id)).filter((k): k is string => !!k);
    return { ids: keys.map((k) => fixtureIds.get(k)!), text: JSON.stringify(b) };
  },
};

/** "In the archive" on a record: the entries whose rel names it (spec §7 "by related id"). */
const related: AccessPath<P> = {
  name: 'ArchiveEntry by related id',
  types: ['ArchiveEntry'],
  async run({ client }) {
    const b = (await client.request('search/ids', relatedEntriesQuery(relatedTo, 100))).b as {
      ids?: string[];
    };
    return { ids: b.ids ?? [], text: JSON.stringify(b) };
  },
};

/** The entries' ids by key, for the act's path (which answers organisations). */
const fixtureIds = new Map<string, string>();

export const accessCase: AccessCase<P> = {
  name: 'archive',
  principals: ALL,
  specs: SPECS,
  async setup(server) {
    const fx = await setup(server);
    for (const k of ENTRY_KEYS) fixtureIds.set(k, fx.ids[k]!);
    return fx;
  },
  paths: [catalogue, sourceOrgs, related],
  witness: { principal: 'elder', key: 'eldersEntry@org' },
  mayRefuseSearch: ['signedOut'],
};
