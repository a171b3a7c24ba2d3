import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELEMENT_MAX_CHARS } from '../server/io/formats/xml-cut';
import { loadSqlJs } from '../server/io/formats/gpkg';
import { geopackage, PLACES, shapefile, withPrj } from './io-fixtures';
import { madeBy, makeImport, openIoEnv, runImport, type IoEnv } from './io-harness';

// Heavy files are bounded (issue 36): hostile map files, each built here, fail their import with
// a clear error naming the file and part, leave nothing behind on disk, and never hold the event
// loop that every community's requests share.

let env: IoEnv;
beforeAll(async () => {
  env = await openIoEnv();
}, 60_000);
afterAll(async () => {
  await env?.close();
});

/**
 * The longest the event loop may be held during a hostile import. Unbounded, these files held it
 * for seconds (64 MB written in one synchronous stretch); bounded, a turn is tens of ms, and the
 * rest is this shared machine's noise.
 */
const LOOP_HELD_MAX_MS = 1_500;

/** The longest the event loop was held while `run` ran (ms). */
async function loopHeld<T>(run: () => Promise<T>): Promise<{ value: T; heldMs: number }> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  try {
    const value = await run();
    return { value, heldMs: h.max / 1e6 };
  } finally {
    h.disable();
  }
}

/** Imports the file as the editor; the task's end, how long the loop was held, and what it made. */
async function hostile(kind: string, file: string, bytes: Uint8Array) {
  const imp = await makeImport(env, env.editor, kind, file, bytes);
  const { value, heldMs } = await loopHeld(() => runImport(env, env.editor, { import: imp }));
  // The node still answers the others.
  const me = await env.member.client.call<{ $id: string }>(`read/${env.layer}`);
  expect(me.$id).toBe(env.layer);
  const made = await madeBy(env, imp);
  expect(made.features).toEqual([]);
  expect(made.gis).toEqual([]);
  return { done: value.done, heldMs };
}

/** No inflated parts left beside any upload. */
function noPartsLeft() {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? [e.name, ...walk(path.join(d, e.name))] : [],
    );
  expect(walk(env.dir).filter((n) => n.endsWith('.parts'))).toEqual([]);
}

// Deflate turns 64 MB of zeros into about 64 KB: far past the ratio a real map file has.
const zeros = () => new Uint8Array(64 * 1024 * 1024);

describe('a zip bomb', () => {
  it('a zipped shapefile that inflates a thousand to one: spatialIo.zipTooBig, nothing on disk', async () => {
    const bomb = zipSync({ 'bomb.shp': zeros(), 'bomb.dbf': zeros() }, { level: 9 });
    expect(bomb.length).toBeLessThan(300_000);
    const { done, heldMs } = await hostile('SHAPEFILE', 'bomb.zip', bomb);
    expect(done).toMatchObject({
      errorKey: 'spatialIo.zipTooBig',
      errorParams: { file: 'bomb.zip', part: 'bomb.zip' },
    });
    expect(done.errorSys).toMatch(/times its size/);
    expect(heldMs).toBeLessThan(LOOP_HELD_MAX_MS);
    noPartsLeft();
  });

  it('a KMZ whose doc.kml inflates a thousand to one: spatialIo.zipTooBig', async () => {
    const bomb = zipSync({ 'doc.kml': zeros() }, { level: 9 });
    const { done, heldMs } = await hostile('KMZ', 'bomb.kmz', bomb);
    expect(done).toMatchObject({ errorKey: 'spatialIo.zipTooBig', errorParams: { file: 'bomb.kmz' } });
    expect(heldMs).toBeLessThan(LOOP_HELD_MAX_MS);
    noPartsLeft();
  });
});

describe('a shapefile part that lies', () => {
  it('a .shp record header that declares 2 GiB: spatialIo.featureTooBig, nothing allocated for it', async () => {
    const files = unzipSync(shapefile([PLACES[1]!], 'h'));
    const shp = Buffer.from(files['h_lines.shp']!);
    shp.writeInt32BE(0x40000000, 104); // the first record's length, in 16-bit words: 2 GiB
    files['h_lines.shp'] = new Uint8Array(shp);
    const before = process.memoryUsage().arrayBuffers;
    const { done } = await hostile('SHAPEFILE', 'header.zip', zipSync(files));
    expect(done).toMatchObject({
      errorKey: 'spatialIo.featureTooBig',
      errorParams: { file: 'header.zip', part: 'h_lines.shp' },
    });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(512 * 1024 * 1024);
  });

  it('a .prj of a megabyte: spatialIo.partTooBig before it is read', async () => {
    const zip = withPrj(shapefile([PLACES[1]!], 'p'), `PROJCS["${'x'.repeat(1024 * 1024)}"]`);
    const { done } = await hostile('SHAPEFILE', 'bigprj.zip', zip);
    expect(done).toMatchObject({
      errorKey: 'spatialIo.partTooBig',
      errorParams: { file: 'bigprj.zip', part: 'p_lines.prj' },
    });
  });

  it('a .cpg of 100 KB: spatialIo.partTooBig', async () => {
    const files = unzipSync(shapefile([PLACES[1]!], 'c'));
    files['c_lines.cpg'] = strToU8('UTF-8'.padEnd(100 * 1024, ' '));
    const { done } = await hostile('SHAPEFILE', 'bigcpg.zip', zipSync(files));
    expect(done).toMatchObject({
      errorKey: 'spatialIo.partTooBig',
      errorParams: { file: 'bigcpg.zip', part: 'c_lines.cpg' },
    });
  });
});

describe('a KML element that never ends', () => {
  it('one Placemark of 20 MB never closed: spatialIo.featureTooBig, the loop never held', async () => {
    const text = `<kml><Document><Placemark><description>${'x'.repeat(20 * 1024 * 1024)}`;
    expect(text.length).toBeGreaterThan(ELEMENT_MAX_CHARS);
    const started = Date.now();
    const { done, heldMs } = await hostile('KML', 'endless.kml', strToU8(text));
    expect(done).toMatchObject({
      errorKey: 'spatialIo.featureTooBig',
      errorParams: { file: 'endless.kml', part: 'endless.kml' },
    });
    expect(heldMs).toBeLessThan(LOOP_HELD_MAX_MS);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(existsSync(env.dir)).toBe(true);
  });
});

/** Our own GeoPackage of PLACES with `sql` run on it (the layer's table is `places`). */
async function alteredGpkg(sql: string): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database(await geopackage(PLACES));
  db.exec(sql);
  const out = db.export();
  db.close();
  return out;
}

describe('a GeoPackage view', () => {
  it('a layer that is a view, even a plain one: spatialIo.gpkgView naming it', async () => {
    const gpkg = await alteredGpkg(
      'alter table places rename to places_data; create view places as select * from places_data;',
    );
    const { done } = await hostile('GEOPACKAGE', 'view.gpkg', gpkg);
    expect(done).toMatchObject({
      errorKey: 'spatialIo.gpkgView',
      errorParams: { file: 'view.gpkg', part: 'places' },
    });
  });

  it('a view that never ends, as a layer or as gpkg_contents: refused unread, the loop never held', async () => {
    const endless = 'with recursive r(n) as (select 1 union all select n + 1 from r)';
    const layer = await alteredGpkg(
      `alter table places rename to places_data; create view places as ${endless} select d.* from places_data d, r;`,
    );
    const contents = await alteredGpkg(
      `alter table gpkg_contents rename to c0; create view gpkg_contents as ${endless} select c0.* from c0, r;`,
    );
    for (const [file, bytes, part] of [
      ['endless.gpkg', layer, 'places'],
      ['contents.gpkg', contents, 'gpkg_contents'],
    ] as const) {
      const { done, heldMs } = await hostile('GEOPACKAGE', file, bytes);
      expect(done).toMatchObject({ errorKey: 'spatialIo.gpkgView', errorParams: { file, part } });
      expect(heldMs).toBeLessThan(LOOP_HELD_MAX_MS);
    }
  });
});
