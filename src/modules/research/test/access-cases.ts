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
import { dataMapPath } from './coded-import-paths';
import { gedcomExportPath } from './gedcom-access-path';
import { familyTreePath } from './tree-access-path';

// The research rows of the access matrix (test/access-matrix.test.ts runs them): every research
// type at its default PROTECTED, data points at PRIVATE, at COMMUNITY and PRIVATE with a grant
// to the regulator, a living member and a deceased ancestor opened to the community, against
// every principal: admin, the community's orgAdmin, editor, staff, member and the staff member
// who coded them, a proponent, a regulator and the signed-out visitor. The readers are written
// from docs/research.md and docs/access-model.md, not from the policy. Besides the generic paths
// (read, label, search with facets and labels, readMany, pushes), the data screen's own faceted
// search, the map's stream of data points and the study area by id, the GEDCOM export and the
// family tree. A place's coordinates are a secret of their own: a hidden place must not reach
// the map; nor a PRIVATE parent's name or birthplace a tree or a record that links to her.

type P =
  'signedOut' | 'admin' | 'member' | 'staff' | 'editor' | 'orgAdmin' | 'creator' | 'proponent' | 'regulator';
const ALL: P[] = [
  'signedOut',
  'admin',
  'member',
  'staff',
  'editor',
  'orgAdmin',
  'creator',
  'proponent',
  'regulator',
];
const STAFF: P[] = ['admin', 'staff', 'editor', 'orgAdmin', 'creator'];
const MEMBERS: P[] = [...STAFF, 'member'];
const PRIVATE: P[] = ['admin', 'orgAdmin', 'creator'];

const SPECS = [
  { key: 'project', type: 'ResearchProject', readers: STAFF },
  { key: 'interview', type: 'ResearchActivity', readers: STAFF },
  { key: 'data', type: 'ResearchData', readers: STAFF },
  { key: 'privateData', type: 'ResearchData', readers: PRIVATE },
  { key: 'communityData', type: 'ResearchData', readers: MEMBERS },
  { key: 'grantedData', type: 'ResearchData', readers: [...PRIVATE, 'regulator'] },
  { key: 'living', type: 'CommunityMember', readers: STAFF },
  { key: 'ancestor', type: 'CommunityMember', readers: MEMBERS },
  { key: 'hiddenParent', type: 'CommunityMember', readers: PRIVATE },
  { key: 'species', type: 'ResearchSpecies', readers: STAFF },
  { key: 'topic', type: 'ResearchTopic', readers: STAFF },
] as const satisfies readonly { key: string; type: string; readers: readonly P[] }[];

type Level = 'PUBLIC' | 'COMMUNITY' | 'PROTECTED' | 'PRIVATE';

async function setup(server: TestServer): Promise<AccessFixture<P>> {
  const { items } = server.app.services;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Ltd', 'INDUSTRY');
  const ministry = await makeOrg(items, 'Ministry of Lands', 'GOVERNMENT');
  const users: Record<Exclude<P, 'signedOut'>, { id: string; email: string }> = {
    admin: await makeUser(items, [], { admin: true }),
    member: await makeUser(items, [[riverbend, 'member']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    editor: await makeUser(items, [[riverbend, 'editor']]),
    orgAdmin: await makeUser(items, [[riverbend, 'orgAdmin']]),
    creator: await makeUser(items, [[riverbend, 'staff']]),
    proponent: await makeUser(items, [[pipeline, 'editor']]),
    regulator: await makeUser(items, [[ministry, 'staff']]),
  };
  const clients = await principalClients<P>(server, users);

  const ids: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const word = () => `r${Math.random().toString(36).slice(2, 10)}`;
  const make = async (
    key: string,
    type: string,
    data: Record<string, unknown>,
    access: Level = 'PROTECTED',
  ) => {
    ids[key] = (
      await items.create(SYSTEM, type, data, { actor: users.creator.id, owner: riverbend, access })
    ).$id;
    return ids[key];
  };
  // A place whose coordinates carry a secret of their own (six decimals no other place has).
  const place = (key: string) => {
    const x = -120.5 - Math.round(Math.random() * 1e6) / 1e7;
    secrets[`${key}@where`] = String(x);
    return { type: 'Point', coordinates: [x, 56.2] };
  };

  const topic = await make('topic', 'ResearchTopic', { title: `Harvesting ${(secrets.topic = word())}` });
  const species = await make('species', 'ResearchSpecies', {
    commonName: `Moose ${(secrets.species = word())}`,
    type: 'MAMMAL',
  });
  // Three generations for the family tree: an ancestor open to the community, her PRIVATE
  // adopted daughter, and a living grandson at the default. The tree must not show the daughter
  // to those who may not read her, nor lead them through her.
  const ancestor = await make(
    'ancestor',
    'CommunityMember',
    { firstName: 'Marie', lastName: (secrets.ancestor = word()), birthDate: '1880', deceased: true },
    'COMMUNITY',
  );
  const hiddenParent = await make(
    'hiddenParent',
    'CommunityMember',
    {
      firstName: 'Agathe',
      lastName: (secrets.hiddenParent = word()),
      birthDate: '1912',
      birthPlace: (secrets['hiddenParent@born'] = word()),
      deceased: true,
      parents: [{ member: ancestor, type: 'ADOPT' }],
    },
    'PRIVATE',
  );
  const living = await make('living', 'CommunityMember', {
    firstName: 'Albert',
    lastName: (secrets.living = word()),
    birthDate: '1941',
    birthPlace: 'Riverbend',
    parents: [{ member: hiddenParent, type: 'BIO' }],
  });
  const project = await make('project', 'ResearchProject', {
    title: `Land use study ${(secrets.project = word())}`,
    studyArea: {
      type: 'Polygon',
      coordinates: [
        [
          [-121, 56],
          [-120.5, 56],
          [-120.5, 56.4],
          [-121, 56],
        ],
      ],
    },
  });
  const interview = await make('interview', 'ResearchActivity', {
    title: `Interview ${(secrets.interview = word())}`,
    project,
    respondents: [living],
    topics: [topic],
  });
  const datum = (key: string, access: Level) =>
    make(
      key,
      'ResearchData',
      {
        label: `Place ${(secrets[key] = word())}`,
        activity: interview,
        valueCode: 'HU',
        respondents: [living],
        species: [species],
        topics: [topic],
        seasons: ['FALL'],
        mapAccuracy: 'MEDIUM',
        spatial: place(key),
      },
      access,
    );
  await datum('data', 'PROTECTED');
  await datum('privateData', 'PRIVATE');
  await datum('communityData', 'COMMUNITY');
  await datum('grantedData', 'PRIVATE');
  await items.transaction((tx) =>
    setGrantIn(tx, items, ids.grantedData!, users.regulator.id, ['read'], {
      grantedBy: users.orgAdmin.id,
      actor: users.orgAdmin.id,
    }),
  );
  return { clients, ids, secrets };
}

const DATA_KEYS = ['data', 'privateData', 'communityData', 'grantedData'];

/** The data screen as it asks: the data points with the view's facets, sorted by site code. */
const dataList: AccessPath<P> = {
  name: 'the data list (faceted, by site code)',
  types: ['ResearchData'],
  async run({ client }) {
    const b = (
      await client.request('search/ids', {
        must: { _t: ['ResearchData'] },
        sort: [{ key: 'siteCode', order: 'asc' }],
        facets: [
          'project',
          'activity',
          'valueCode',
          'mapAccuracy',
          'seasons',
          'species',
          'topics',
          'respondents',
        ],
        labels: true,
        max: 1000,
      })
    ).b as { ids?: string[] };
    return { ids: b.ids ?? [], text: JSON.stringify(b) };
  },
};

/** The map's stream of the data points and the study by id (the data screen's MAP mode), every batch. */
const streamPath: AccessPath<P> = {
  name: 'streamFeatures of the data points and the study',
  types: ['ResearchData', 'ResearchProject'],
  async run({ client, ids }) {
    const shown: string[] = [];
    const texts: string[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 20; n++) {
      const b = (
        await client.request('act/streamFeatures', {
          itemIDs: [...DATA_KEYS.map((k) => ids[k]!), ids.project!],
          batch: 2,
          cursor,
          ...(n === 1 ? { count: true } : {}),
        })
      ).b as { features?: Record<string, unknown>; cursor?: string | null };
      texts.push(JSON.stringify(b));
      shown.push(...Object.keys(b.features ?? {}));
      cursor = b.cursor ?? null;
      if (!cursor) break;
    }
    return { ids: shown, text: texts.join('\n') };
  },
};

export const accessCase: AccessCase<P> = {
  name: 'research',
  principals: ALL,
  specs: SPECS,
  setup,
  // The data screen's search, the map's stream by id and by the data screen's query, the GEDCOM
  // export of the members one may read, and the family tree around each member.
  paths: [
    dataList,
    streamPath,
    dataMapPath<P>(),
    gedcomExportPath<P>(),
    familyTreePath<P>(['living', 'hiddenParent', 'ancestor']),
  ],
  witness: { principal: 'orgAdmin', key: 'privateData@where' },
  mayRefuseSearch: ['signedOut'],
};
