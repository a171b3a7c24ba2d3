import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { tusUpload } from '../../../../test/helpers/tus';
import { connectAs } from '../../../../test/helpers/ws-client';
import { readGeoPackage } from '../server/io/formats/gpkg-read';
import { readShapefileZip } from '../server/io/formats/shapefile-read';
import { exportAs, madeBy, makeImport, openIoEnv, runImport, type IoEnv, type Person } from './io-harness';
import { geojson, PLACES } from './io-fixtures';

// GIS export and import through the access policy (issue 15 "Access: sacred places must never
// leak"): a PRIVATE burial ground in a COMMUNITY layer is in the file of the one who may read it
// (an org admin) and leaves no trace, in any format, in a member's or an outsider's file or in
// any push they get; an import is refused to those who may not create in the layer's organisation.

let env: IoEnv;
let admin: Person;

const SECRET = {
  label: 'Grandmother burial ground',
  attr: 'ceremony-site-7731',
  coords: [-101.987654, 53.123456],
};

beforeAll(async () => {
  env = await openIoEnv();
  const items = env.server.app.services.items;
  const a = await makeUser(items, [[env.community, 'orgAdmin']]);
  const c = await connectAs(env.server, a.email, PASSWORD);
  admin = { id: a.id, client: c.client, token: c.token };
  for (const [i, p] of PLACES.entries())
    await items.create(
      SYSTEM,
      'SpatialFeature',
      {
        label: String(p.properties.name),
        geometry: p.geometry,
        attributes: { n: i },
        collection: env.layer,
        state: 'ACTIVE',
      },
      { owner: env.community, access: 'COMMUNITY' },
    );
  await items.create(
    SYSTEM,
    'SpatialFeature',
    {
      label: SECRET.label,
      geometry: { type: 'Point', coordinates: SECRET.coords },
      attributes: { keeper: SECRET.attr },
      collection: env.layer,
      state: 'ACTIVE',
    },
    { owner: env.community, access: 'PRIVATE' },
  );
}, 60_000);
afterAll(async () => {
  await admin?.client.close();
  await env?.close();
});

/** Every name, attribute value and coordinate in an exported file, as text. */
async function contents(format: string, bytes: Uint8Array): Promise<{ names: string[]; text: string }> {
  if (format === 'GEOJSON' || format === 'KML') {
    const text = new TextDecoder().decode(bytes);
    const names =
      format === 'GEOJSON'
        ? (JSON.parse(text) as { features: { properties: { name: string } }[] }).features.map(
            (f) => f.properties.name,
          )
        : [...text.matchAll(/<Placemark><name>([^<]*)<\/name>/g)].map((m) => m[1]!);
    return { names, text };
  }
  const file = path.join(env.dir, `out-${format}`);
  writeFileSync(file, bytes);
  const src = { path: file, name: 'out', size: bytes.length };
  const layers = format === 'SHAPEFILE' ? await readShapefileZip(src) : await readGeoPackage(src);
  const features = [];
  for (const l of layers) for await (const f of l.features) features.push(f);
  // Awaited: the next export is read into the same folder, and a late removal would take its parts.
  await (layers as { close?(): Promise<void> }).close?.();
  // The raw bytes too (a shapefile's parts unzipped), for anything a reader would not show.
  const raw =
    format === 'SHAPEFILE'
      ? Object.values(unzipSync(bytes))
          .map((b) => Buffer.from(b).toString('latin1'))
          .join('\n')
      : Buffer.from(bytes).toString('latin1');
  return { names: features.map((f) => String(f.properties?.name)), text: JSON.stringify(features) + raw };
}

const FORMATS = ['GEOJSON', 'KML', 'SHAPEFILE', 'GEOPACKAGE'];
const noTrace = (text: string) => {
  expect(text).not.toContain(SECRET.label);
  expect(text).not.toContain(SECRET.attr);
  expect(text).not.toContain('101.987654');
  expect(text).not.toContain('53.123456');
};

describe('export through the policy', () => {
  for (const format of FORMATS) {
    it(`${format}: the org admin's file has the PRIVATE site; the member's has no trace of it`, async () => {
      const mine = await contents(format, await exportAs(env, admin, format));
      expect(mine.names.sort()).toEqual(['Berry patch', 'Camp', SECRET.label, 'Trap line 4'].sort());
      expect(mine.text).toContain(SECRET.attr);

      const theirs = await contents(format, await exportAs(env, env.member, format));
      expect(theirs.names.sort()).toEqual(['Berry patch', 'Camp', 'Trap line 4']);
      noTrace(theirs.text);
    });
  }

  it('an outsider gets none of the community layer, and no push of the member or outsider names the site', async () => {
    const out = await contents('GEOJSON', await exportAs(env, env.outsider, 'GEOJSON'));
    expect(out.names).toEqual([]);
    noTrace(out.text);
    for (const p of [env.member, env.outsider]) noTrace(JSON.stringify(p.client.pushes));
  });

  it('a query over a type without geometry is refused before a task exists', async () => {
    const f = await env.member.client.request('act/exportFeatures/async', {
      format: 'GEOJSON',
      query: { must: { _t: ['Organization'] } },
    });
    expect(f.b).toMatchObject({ erred: true, userMessage: 'invalidInput' });
  });
});

describe('import through the policy', () => {
  it('is refused to an outsider and to a member; nothing is created', async () => {
    const imp = await makeImport(env, env.editor, 'GEOJSON', 'places.geojson', geojson(PLACES));
    for (const who of [env.outsider, env.member]) {
      const f = await who.client.request('act/importFeatures/async', { import: imp, collection: env.layer });
      expect((f.b as { erred?: boolean; userMessage?: string }).userMessage).toMatch(
        /^(notAllowed|notFound)$/,
      );
    }
    // The outsider's own Import into the community's layer: refused too.
    const theirs = await env.outsider.client.call<{ $id: string }>('create/Import', {
      label: 'x',
      kind: 'GEOJSON',
    });
    const f = await env.outsider.client.request('act/importFeatures/async', {
      import: theirs.$id,
      collection: env.layer,
    });
    expect((f.b as { userMessage?: string }).userMessage).toMatch(/^(notAllowed|notFound)$/);
    const found = await env.server.app.services.search.search(SYSTEM, {
      must: { _t: ['SpatialFeature'], importedVia: [imp, theirs.$id] },
      facets: [],
      labels: false,
    });
    expect(found.total).toBe(0);
  });

  it('the editor may, and the features get the layer’s owner and level', async () => {
    const imp = await makeImport(env, env.editor, 'GEOJSON', 'places.geojson', geojson(PLACES));
    const { done } = await runImport(env, env.editor, { import: imp });
    expect(done.errorKey).toBeUndefined();
    const { features } = await madeBy(env, imp);
    expect(features).toHaveLength(3);
    for (const f of features) expect(f).toMatchObject({ owner: env.community, $access: 'COMMUNITY' });
  });
});

describe('an import into a protocol-restricted layer (issue 36 finding 3)', () => {
  let elders: string;
  let sacred: string;

  beforeAll(async () => {
    const items = env.server.app.services.items;
    elders = (
      await items.create(
        SYSTEM,
        'Protocol',
        { name: 'Elders', members: [env.editor.id] },
        { owner: env.community },
      )
    ).$id;
    sacred = (
      await items.create(
        SYSTEM,
        'SpatialCollection',
        { label: 'Elders’ places', state: 'ACTIVE', $protocols: [elders] },
        { owner: env.community, access: 'COMMUNITY', actor: admin.id },
      )
    ).$id;
    // The editor's open session learns of its protocol through the node's reload.
    for (let i = 0; i < 100; i++) {
      const b = (await env.editor.client.request(`read/${sacred}`)).b as { erred?: boolean };
      if (!b.erred) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('writes every place with the layer’s protocols: the member outside them finds none in search or export', async () => {
    const imp = await makeImport(env, env.editor, 'GEOJSON', 'elders.geojson', geojson(PLACES));
    const { done } = await runImport(env, env.editor, { import: imp, collection: sacred });
    expect(done.errorKey).toBeUndefined();
    const { features } = await madeBy(env, imp);
    expect(features).toHaveLength(3);
    for (const f of features)
      expect(f).toMatchObject({
        owner: env.community,
        $access: 'COMMUNITY',
        $protocols: [elders],
        $protocolsStrict: false,
      });
    const query = { must: { _t: ['SpatialFeature'], importedVia: [imp] } };
    const seen = await env.member.client.call<{ ids: string[] }>('search/ids', query);
    expect(seen.ids).toEqual([]);
    const out = await contents('GEOJSON', await exportAs(env, env.member, 'GEOJSON', query));
    expect(out.names).toEqual([]);
    // The Elder who imported them finds them.
    const theirs = await env.editor.client.call<{ ids: string[] }>('search/ids', query);
    expect(theirs.ids.sort()).toEqual(features.map((f) => f.$id).sort());
  });

  it('a file restricted to a protocol restricts its places too, in an open layer; two restrictions that cannot both hold are refused', async () => {
    const items = env.server.app.services.items;
    const restrictedImport = async (protocols: string[], name: string) => {
      const imp = (
        await items.create(
          SYSTEM,
          'Import',
          { label: name, kind: 'GEOJSON', $protocols: protocols },
          { owner: env.community, actor: env.editor.id },
        )
      ).$id;
      await tusUpload(env.server.url, env.editor.token, geojson(PLACES), { rel: imp, filename: name });
      return imp;
    };
    const imp = await restrictedImport([elders], 'file-elders.geojson');
    const { done } = await runImport(env, env.editor, { import: imp });
    expect(done.errorKey).toBeUndefined();
    const { features } = await madeBy(env, imp);
    expect(features).toHaveLength(3);
    for (const f of features) expect(f).toMatchObject({ collection: env.layer, $protocols: [elders] });
    const seen = await env.member.client.call<{ ids: string[] }>('search/ids', {
      must: { _t: ['SpatialFeature'], importedVia: [imp] },
    });
    expect(seen.ids).toEqual([]);

    // Any one of Elders or Keepers (the file), and Elders (the layer): no one restriction says both.
    const keepers = (
      await items.create(
        SYSTEM,
        'Protocol',
        { name: 'Keepers', members: [env.editor.id] },
        { owner: env.community },
      )
    ).$id;
    const clash = await restrictedImport([elders, keepers], 'file-both.geojson');
    const f = await env.editor.client.request('act/importFeatures/async', {
      import: clash,
      collection: sacred,
    });
    expect(f.b).toMatchObject({
      erred: true,
      userMessage: 'invalidInput',
      fields: [{ path: 'import', key: 'errors.importProtocolsClash' }],
    });
    expect((await madeBy(env, clash)).features).toEqual([]);
  });

  it('refuses a level wider than the layer’s before a task exists', async () => {
    const imp = await makeImport(env, env.editor, 'GEOJSON', 'wide.geojson', geojson(PLACES));
    const f = await env.editor.client.request('act/importFeatures/async', {
      import: imp,
      collection: sacred,
      access: 'PUBLIC',
    });
    expect(f.b).toMatchObject({
      erred: true,
      userMessage: 'invalidInput',
      fields: [{ path: 'access', key: 'errors.widerThanTarget' }],
    });
    expect((await madeBy(env, imp)).features).toEqual([]);
  });

  it('refuses the layer’s creator who is not in its protocols, before a task exists', async () => {
    const imp = await makeImport(env, env.editor, 'GEOJSON', 'creator.geojson', geojson(PLACES));
    // The org admin made the layer, so may read and update it; they are no Elder, so may not
    // restrict anything to it.
    const f = await admin.client.request('act/importFeatures/async', { import: imp, collection: sacred });
    expect(f.b).toMatchObject({
      erred: true,
      userMessage: 'invalidInput',
      fields: [{ path: '$protocols', key: 'errors.notInProtocol' }],
    });
    expect((await madeBy(env, imp)).features).toEqual([]);
  });
});
