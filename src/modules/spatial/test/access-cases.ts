import { SYSTEM } from '../../../server/access/principal';
import { setGrantIn } from '../../../server/items/grants';
import { makeOrg, makeUser } from '../../../../test/helpers/fixtures';
import {
  principalClients,
  type AccessCase,
  type AccessFixture,
  type AccessPath,
} from '../../../../test/helpers/access-cases';
import { taskFileText } from '../../../../test/helpers/task-file';
import type { TestServer } from '../../../../test/helpers/test-server';

// The spatial rows of the access matrix (test/access-matrix.test.ts runs them): a community's
// layers and places at every level, a place granted to one person, a map marker standing for a
// hidden item, an imported layer and a disposition area, against every principal and every path a
// place can surface on (docs/spatial.md). The readers are written from docs/access-model.md's
// table, not from the policy. A sacred site's location is the worst thing this product could leak:
// each item's coordinates are a secret of their own, checked by the no-trace test.

type P =
  'signedOut' | 'admin' | 'member' | 'staff' | 'editor' | 'orgAdmin' | 'creator' | 'grantee' | 'outsider';
const ALL: P[] = [
  'signedOut',
  'admin',
  'member',
  'staff',
  'editor',
  'orgAdmin',
  'creator',
  'grantee',
  'outsider',
];
const MEMBERS: P[] = ['admin', 'member', 'staff', 'editor', 'orgAdmin', 'creator'];
const STAFF: P[] = ['admin', 'staff', 'editor', 'orgAdmin', 'creator'];
const PRIVATE: P[] = ['admin', 'orgAdmin', 'creator'];

const SPECS = [
  { key: 'layer', type: 'SpatialCollection', readers: MEMBERS },
  { key: 'publicSite', type: 'SpatialFeature', readers: ALL },
  { key: 'communitySite', type: 'SpatialFeature', readers: MEMBERS },
  { key: 'protectedSite', type: 'SpatialFeature', readers: STAFF },
  { key: 'sacredSite', type: 'SpatialFeature', readers: PRIVATE },
  { key: 'grantedSite', type: 'SpatialFeature', readers: [...PRIVATE, 'grantee'] },
  // A marker follows the item it stands for: here the sacred site.
  { key: 'sacredMarker', type: 'Feature', readers: PRIVATE },
  { key: 'importedLayer', type: 'GISCollection', readers: STAFF },
  { key: 'disposition', type: 'DispositionFeature', readers: STAFF },
] as const satisfies readonly { key: string; type: string; readers: readonly P[] }[];

/** A small square, different for each item, so each item's coordinates are its own secret. */
function square(i: number) {
  const x = -120.9 + i * 0.013579;
  const y = 56.1 + i * 0.011357;
  const d = 0.004;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [x, y],
        [x + d, y],
        [x + d, y + d],
        [x, y + d],
        [x, y],
      ],
    ],
  };
}

/** The first coordinate of a geometry as the JSON text a reply would carry. */
const coordText = (g: { coordinates: number[][][] }) => String(g.coordinates[0]![0]![0]);

async function setup(server: TestServer): Promise<AccessFixture<P>> {
  const { items } = server.app.services;
  const riverbend = await makeOrg(items, 'Riverbend First Nation', 'COMMUNITY');
  const pipeline = await makeOrg(items, 'Northern Pipeline Corp.', 'INDUSTRY');
  const users: Record<Exclude<P, 'signedOut'>, { id: string; email: string }> = {
    admin: await makeUser(items, [], { admin: true }),
    member: await makeUser(items, [[riverbend, 'member']]),
    staff: await makeUser(items, [[riverbend, 'staff']]),
    editor: await makeUser(items, [[riverbend, 'editor']]),
    orgAdmin: await makeUser(items, [[riverbend, 'orgAdmin']]),
    creator: await makeUser(items, [[riverbend, 'staff']]),
    grantee: await makeUser(items, [[pipeline, 'editor']]),
    outsider: await makeUser(items, [[pipeline, 'orgAdmin']]),
  };
  const clients = await principalClients<P>(server, users);

  const ids: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const word = () => `s${Math.random().toString(36).slice(2, 10)}`;
  const as = { actor: users.creator.id, owner: riverbend };
  let n = 0;

  ids.layer = (
    await items.create(
      SYSTEM,
      'SpatialCollection',
      { label: `Traditional-use sites ${(secrets.layer = word())}`, state: 'ACTIVE' },
      { ...as, access: 'COMMUNITY' },
    )
  ).$id;
  const place = async (key: string, access: 'PUBLIC' | 'COMMUNITY' | 'PROTECTED' | 'PRIVATE') => {
    const geometry = square(++n);
    ids[key] = (
      await items.create(
        SYSTEM,
        'SpatialFeature',
        {
          label: `Site ${word()}`,
          description: (secrets[key] = word()),
          state: 'ACTIVE',
          collection: ids.layer,
          geometry,
        },
        { ...as, access },
      )
    ).$id;
    // The coordinates are as secret as the words: a hidden site's location must not leak.
    secrets[`${key}@`] = coordText(geometry);
  };
  await place('publicSite', 'PUBLIC');
  await place('communitySite', 'COMMUNITY');
  await place('protectedSite', 'PROTECTED');
  await place('sacredSite', 'PRIVATE');
  await place('grantedSite', 'PRIVATE');
  await items.transaction((tx) =>
    setGrantIn(tx, items, ids.grantedSite!, users.grantee.id, ['read'], {
      grantedBy: users.orgAdmin.id,
      actor: users.orgAdmin.id,
    }),
  );
  const markerGeometry = square(++n);
  ids.sacredMarker = (
    await items.create(SYSTEM, 'Feature', {
      rel: ids.sacredSite,
      collection: ids.layer,
      label: `Marker ${(secrets.sacredMarker = word())}`,
      geometry: markerGeometry,
    })
  ).$id;
  secrets['sacredMarker@'] = coordText(markerGeometry);
  const imp = await items.create(
    SYSTEM,
    'Import',
    { label: 'Trap lines 2019.zip', kind: 'SHAPEFILE' },
    { ...as, access: 'PROTECTED' },
  );
  ids.importedLayer = (
    await items.create(SYSTEM, 'GISCollection', {
      name: `traplines ${(secrets.importedLayer = word())}`,
      source: imp.$id,
      kind: 'SHAPEFILE',
      containedAs: ids.layer,
      featureCount: 3,
    })
  ).$id;
  const disposition = await items.create(
    SYSTEM,
    'Disposition',
    { label: 'Gravel lease' },
    { ...as, access: 'PROTECTED' },
  );
  const dispositionGeometry = square(++n);
  ids.disposition = (
    await items.create(SYSTEM, 'DispositionFeature', {
      disposition: disposition.$id,
      label: `Lease area ${(secrets.disposition = word())}`,
      geometry: dispositionGeometry,
    })
  ).$id;
  secrets['disposition@'] = coordText(dispositionGeometry);
  return { clients, ids, secrets };
}

/** The places a box search over the whole demo area shows: the map's and the MAP mode's query. */
const bboxSearch: AccessPath<P> = {
  name: 'search with $bbox',
  types: ['SpatialFeature', 'Feature', 'DispositionFeature'],
  async run({ client }) {
    const b = (
      await client.request('search/ids', {
        must: { _t: ['SpatialFeature', 'Feature', 'DispositionFeature'], $bbox: ['-121.5,55.5,-119.5,57'] },
        facets: ['spatialType', 'collection'],
        labels: true,
        max: 1000,
      })
    ).b as { ids?: string[]; erred?: boolean };
    return { ids: b.ids ?? [], text: JSON.stringify(b) };
  },
};

/**
 * The map's streamFeatures: the layer's places and markers (relatedIDs) and the disposition area
 * by id (itemIDs), every batch to the end. Its coordinates are what the no-trace check reads.
 */
const streamPath: AccessPath<P> = {
  name: 'streamFeatures',
  types: ['SpatialFeature', 'Feature', 'DispositionFeature'],
  async run({ client, ids }) {
    const shown: string[] = [];
    const texts: string[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 20; n++) {
      const b = (
        await client.request('act/streamFeatures', {
          relatedIDs: [ids.layer],
          itemIDs: [ids.disposition],
          batch: 2,
          cursor,
          ...(n === 1 ? { count: true } : {}),
        })
      ).b as { features?: Record<string, unknown>; cursor?: string | null; erred?: boolean };
      texts.push(JSON.stringify(b));
      shown.push(...Object.keys(b.features ?? {}));
      cursor = b.cursor ?? null;
      if (!cursor) break;
    }
    return { ids: shown, text: texts.join('\n') };
  },
};

const GEO_TYPES = ['SpatialFeature', 'Feature', 'DispositionFeature'];

/**
 * The GIS export (exportFeatures) of every place, marker and lease area the principal's search
 * finds, as GeoJSON and as KML. A file names no item ids, so each exported feature is matched to
 * its item by its first coordinate (every fixture item's is its own); the whole file is the text
 * the no-trace check reads, and a hidden place's coordinates must not be in it.
 */
function exportPath(format: 'GEOJSON' | 'KML'): AccessPath<P> {
  return {
    name: `exportFeatures as ${format}`,
    types: GEO_TYPES,
    // A task is a signed-in person's: the visitor is refused before one starts, and shown nothing.
    for: ALL.filter((p) => p !== 'signedOut'),
    async run({ client, server, ids }) {
      const { text, reply } = await taskFileText(client, server, 'exportFeatures', {
        format,
        query: { must: { _t: GEO_TYPES } },
      });
      if (text === null) return { ids: [], text: reply };
      const byCoord = new Map<string, string>();
      for (const id of Object.values(ids)) {
        const item = await server.app.services.items.read(SYSTEM, id);
        const g = item.geometry as { coordinates: number[][][] } | undefined;
        if (g?.coordinates) byCoord.set(coordText(g), id);
      }
      const shown = [...byCoord].filter(([x]) => text.includes(x)).map(([, id]) => id);
      return { ids: shown, text };
    },
  };
}

export const accessCase: AccessCase<P> = {
  name: 'spatial',
  principals: ALL,
  specs: SPECS,
  setup,
  paths: [bboxSearch, streamPath, exportPath('GEOJSON'), exportPath('KML')],
  witness: { principal: 'orgAdmin', key: 'sacredSite@' },
  mayRefuseSearch: ['signedOut'],
};
