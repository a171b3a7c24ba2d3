import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { SYSTEM } from '../../../server/access/principal';
import { fileKey } from '../../../server/files/storage';
import { setGrantIn } from '../../../server/items/grants';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import {
  principalClients,
  type AccessCase,
  type AccessFixture,
  type AccessPath,
} from '../../../../test/helpers/access-cases';
import type { TestServer } from '../../../../test/helpers/test-server';
import { signIn } from '../../../../test/helpers/ws-client';
import { BELONGING_TYPES, INSTITUTION_GRANTOR } from '../types';

// The belongings rows of the access matrix (test/access-matrix.test.ts runs them): a community's
// belongings at every level, one shared with its museum (belShareHistory's grant), one shared but
// restricted to the Elders (the grant does not open the protocol), a community note on the shared
// one (the museum must not read it), and an image of the shared one, against every principal;
// and each belonging's photograph as its catalogue card asks for it (/item-id-image), and the
// label of its type in the community's list of values (/lov: lov-in-use.ts).
// The readers are written from docs/belongings.md and docs/access-model.md, not from the policy.
// searchBelongingOrgs is a path: each belonging is held by a museum of its own, so a museum is
// listed exactly when its belonging is readable — never through a belonging the caller cannot read.

type P =
  | 'signedOut'
  | 'admin'
  | 'member'
  | 'staff'
  | 'elder'
  | 'orgAdmin'
  | 'creator'
  | 'curator'
  | 'otherCurator'
  | 'outsider';
const ALL: P[] = [
  'signedOut',
  'admin',
  'member',
  'staff',
  'elder',
  'orgAdmin',
  'creator',
  'curator',
  'otherCurator',
  'outsider',
];
const MEMBERS: P[] = ['admin', 'member', 'staff', 'elder', 'orgAdmin', 'creator'];
const STAFF: P[] = ['admin', 'staff', 'elder', 'orgAdmin', 'creator'];
const PRIVATE: P[] = ['admin', 'orgAdmin', 'creator'];

const SPECS = [
  { key: 'publicBelonging', type: 'Belonging', readers: ALL },
  { key: 'communityBelonging', type: 'Belonging', readers: MEMBERS },
  { key: 'protectedBelonging', type: 'Belonging', readers: STAFF },
  { key: 'privateBelonging', type: 'Belonging', readers: PRIVATE },
  // Shared with its museum: every member of the museum reads it (the other museum does not).
  { key: 'sharedBelonging', type: 'Belonging', readers: [...STAFF, 'curator'] },
  // Shared, but restricted to the Elders: the protocol closes it to the museum and to the
  // community's own people outside it (the orgAdmin too); its creator and admins are exempt.
  { key: 'eldersBelonging', type: 'Belonging', readers: ['admin', 'elder', 'creator'] },
  // The community's own notes on the shared belonging: never the museum's.
  { key: 'sharedNote', type: 'BelongingNote', readers: STAFF },
  // An image follows its belonging: shared with it.
  { key: 'sharedImage', type: 'Attachment', readers: [...STAFF, 'curator'] },
] as const satisfies readonly { key: string; type: string; readers: readonly P[] }[];

const BELONGING_KEYS = SPECS.filter((s) => s.type === 'Belonging').map((s) => s.key);

async function setup(server: TestServer): Promise<AccessFixture<P>> {
  const { items } = server.app.services;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  const ids: Record<string, string> = {};
  // A museum per belonging (see above); the shared ones' museum is the curator's.
  for (const key of BELONGING_KEYS) ids[`museum.${key}`] = await makeOrg(items, `Museum of ${key}`, 'MUSEUM');
  const users: Record<Exclude<P, 'signedOut'>, { id: string; email: string }> = {
    admin: await makeUser(items, [], { admin: true }),
    member: await makeUser(items, [[riverbend, 'member']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    elder: await makeUser(items, [[riverbend, 'staff']]),
    orgAdmin: await makeUser(items, [[riverbend, 'orgAdmin']]),
    creator: await makeUser(items, [[riverbend, 'editor']]),
    curator: await makeUser(items, [
      [ids['museum.sharedBelonging']!, 'staff'],
      [ids['museum.eldersBelonging']!, 'staff'],
    ]),
    otherCurator: await makeUser(items, [[ids['museum.communityBelonging']!, 'orgAdmin']]),
    outsider: await makeUser(items, [[pipeline, 'orgAdmin']]),
  };
  const secrets: Record<string, string> = {};
  const word = () => `b${Math.random().toString(36).slice(2, 10)}`;
  // The protocol before anyone signs in: a session loads its protocols at sign-in.
  const elders = (
    await items.create(
      SYSTEM,
      'Protocol',
      { name: 'Elders', members: [users.elder.id] },
      { owner: riverbend, actor: users.orgAdmin.id },
    )
  ).$id;
  const clients = await principalClients<P>(server, users);

  const as = { actor: users.creator.id, owner: riverbend };
  // A type of its own for each belonging, in a list of values that only admins may read by its
  // own level (PRIVATE to the system, and the Elders'): any other reader who gets a type's label
  // got it because they may read the belonging that has that type.
  for (const key of BELONGING_KEYS)
    await items.create(
      SYSTEM,
      'LOVValue',
      {
        list: BELONGING_TYPES,
        key: typeKey(key),
        state: 'ACTIVE',
        t: { en: `Type of ${key}` },
        $protocols: [elders],
      },
      { owner: riverbend, access: 'PRIVATE' },
    );
  const belonging = async (
    key: string,
    access: 'PUBLIC' | 'COMMUNITY' | 'PROTECTED' | 'PRIVATE',
    extra: Record<string, unknown> = {},
  ) => {
    const secret = (secrets[key] = word());
    ids[key] = (
      await items.create(
        SYSTEM,
        'Belonging',
        {
          title: `Belonging ${secret}`,
          accessionNumber: `ACC-${word()}`,
          institution: ids[`museum.${key}`],
          repatriationStatus: 'IN_PROGRESS',
          needsAttention: true,
          needsAttentionComment: `ask ${word()}`,
          types: [typeKey(key)],
          ...extra,
        },
        { ...as, access },
      )
    ).$id;
  };
  await belonging('publicBelonging', 'PUBLIC');
  await belonging('communityBelonging', 'COMMUNITY');
  await belonging('protectedBelonging', 'PROTECTED');
  await belonging('privateBelonging', 'PRIVATE');
  await belonging('sharedBelonging', 'PROTECTED');
  await belonging('eldersBelonging', 'COMMUNITY', { $protocols: [elders] });
  for (const key of ['sharedBelonging', 'eldersBelonging'])
    await items.transaction((tx) =>
      setGrantIn(tx, items, ids[key]!, ids[`museum.${key}`]!, ['read'], {
        grantedBy: INSTITUTION_GRANTOR,
        actor: users.creator.id,
      }),
    );
  ids.sharedNote = (
    await items.create(
      SYSTEM,
      'BelongingNote',
      {
        belonging: ids.sharedBelonging,
        subject: `Note ${(secrets.sharedNote = word())}`,
        body: 'Negotiation notes',
      },
      { ...as, access: 'PROTECTED' },
    )
  ).$id;
  // Every belonging has a photograph, so its catalogue card asks for it (cardImage, hasImage).
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#6b3f1c' } })
    .jpeg()
    .toBuffer();
  for (const key of BELONGING_KEYS) {
    const fileID = randomBytes(16).toString('hex');
    await server.app.services.files.write(fileKey(fileID), jpeg);
    await items.create(SYSTEM, 'Attachment', {
      originalName: 'photo.jpg',
      fileID,
      uppyID: fileID,
      rel: ids[key],
      relType: 'Belonging',
      mimeGroup: 'image',
      filetype: 'image/jpeg',
      size: jpeg.length,
      trashed: false,
    });
  }
  for (const [k, u] of Object.entries(users)) tokens.set(k as P, await signIn(server.url, u.email, PASSWORD));
  ids.sharedImage = (
    await items.create(SYSTEM, 'Attachment', {
      originalName: `${(secrets.sharedImage = word())}.jpg`,
      rel: ids.sharedBelonging,
      relType: 'Belonging',
      mimeGroup: 'image',
      filetype: 'image/jpeg',
      trashed: false,
    })
  ).$id;
  return { clients, ids, secrets };
}

/** The type key of a belonging of the fixture (its own value of the list). */
const typeKey = (key: string) => `TYPE_${key.toUpperCase()}`;

/** Each principal's session token, for the card images' and the lists' HTTP paths. */
const tokens = new Map<P, string>();

/** The catalogue cards' photographs (`/item-id-image/{belonging}`): served to its readers only. */
const cardImages: AccessPath<P> = {
  name: 'the catalogue cards’ photographs (/item-id-image)',
  types: ['Belonging'],
  async run({ principal, ids, server }) {
    const token = tokens.get(principal);
    const shown: string[] = [];
    const seen: string[] = [];
    for (const key of BELONGING_KEYS) {
      const res = await fetch(`${server.url}/item-id-image/${ids[key]}?variant=thumbnail`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      const body = Buffer.from(await res.arrayBuffer());
      seen.push(`${key}:${res.status}:${res.status === 200 ? '' : body.toString('utf8')}`);
      if (res.status === 200) shown.push(ids[key]!);
    }
    return { ids: shown, text: seen.join('\n') };
  },
};

/** The catalogue as the screen asks it: by title, with its facets. */
const catalogue: AccessPath<P> = {
  name: 'the belongings catalogue (faceted)',
  types: ['Belonging'],
  async run({ client }) {
    const b = (
      await client.request('search/ids', {
        must: { _t: ['Belonging'] },
        sort: [{ key: 'title', order: 'asc' }],
        facets: ['repatriationStatus', 'types', 'institution', 'collections', 'needsAttention'],
        labels: true,
        max: 1000,
      })
    ).b as { ids?: string[] };
    return { ids: b.ids ?? [], text: JSON.stringify(b) };
  },
};

/**
 * searchBelongingOrgs: the museums listed, read back as the belongings they stand for (each
 * museum holds one), so the matrix checks a museum shows exactly when its belonging is readable.
 */
const institutions: AccessPath<P> = {
  name: 'searchBelongingOrgs (museums and holders)',
  types: ['Belonging'],
  async run({ client, ids }) {
    const b = (await client.request('act/searchBelongingOrgs', { query: '' })).b as {
      results?: { $id: string }[];
    };
    const listed = new Set((b.results ?? []).map((r) => r.$id));
    const shown = BELONGING_KEYS.filter((k) => listed.has(ids[`museum.${k}`]!)).map((k) => ids[k]!);
    return { ids: shown, text: JSON.stringify(b) };
  },
};

/** The labels of the belongings' types (GET /lov/en/{list}): each shown with its belonging. */
const typeLabels: AccessPath<P> = {
  name: 'the labels of the belongings’ types (/lov)',
  types: ['Belonging'],
  async run({ principal, ids, server }) {
    const token = tokens.get(principal);
    const res = await fetch(`${server.url}/lov/en/${BELONGING_TYPES}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const text = await res.text();
    if (res.status !== 200) return { ids: [], text };
    const body = JSON.parse(text) as Record<string, Record<string, { label: string }>>;
    const keys = new Set(Object.values(body).flatMap((byKey) => Object.keys(byKey)));
    return { ids: BELONGING_KEYS.filter((k) => keys.has(typeKey(k))).map((k) => ids[k]!), text };
  },
};

export const accessCase: AccessCase<P> = {
  name: 'belongings',
  principals: ALL,
  specs: SPECS,
  setup,
  paths: [catalogue, institutions, cardImages, typeLabels],
  witness: { principal: 'curator', key: 'sharedBelonging' },
  mayRefuseSearch: ['signedOut'],
};
