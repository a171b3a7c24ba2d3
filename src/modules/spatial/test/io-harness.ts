import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { tusUpload } from '../../../../test/helpers/tus';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';

// The GIS import and export tests' world (io-*.test.ts, access-io.test.ts): a real node on its
// own database, a community with an editor (the lands officer), a member and an outsider, and a
// layer. Files go in as a person would send them: an Import, the file uploaded onto it by tus,
// then act/importFeatures/async; the task's pushes are what the tests wait on.

export interface Person {
  id: string;
  client: WsClient;
  token: string;
}

export interface TaskDone {
  key: string;
  percentageComplete: number;
  resultURI?: string;
  errorKey?: string;
  errorSys?: string;
  errorParams?: Record<string, string>;
}

export interface IoEnv {
  tdb: TestDatabase;
  server: TestServer;
  dir: string;
  community: string;
  layer: string;
  editor: Person;
  member: Person;
  outsider: Person;
  close(): Promise<void>;
}

async function person(server: TestServer, email: string, id: string): Promise<Person> {
  const c = await connectAs(server, email, PASSWORD);
  return { id, client: c.client, token: c.token };
}

export async function openIoEnv(): Promise<IoEnv> {
  const tdb = await openTestDatabase();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-spatial-io-'));
  const server = await startTestServer(tdb.database, { dataDir: dir, filesDir: path.join(dir, 'files') });
  const items = server.app.services.items;
  const community = await makeOrg(items, 'Riverbend First Nation');
  const other = await makeOrg(items, 'Northern Pipeline', 'INDUSTRY');
  const e = await makeUser(items, [[community, 'editor']]);
  const m = await makeUser(items, [[community, 'member']]);
  const o = await makeUser(items, [[other, 'editor']]);
  const layer = (
    await items.create(
      SYSTEM,
      'SpatialCollection',
      { label: 'Traditional use', state: 'ACTIVE' },
      { owner: community, access: 'COMMUNITY' },
    )
  ).$id;
  const env: IoEnv = {
    tdb,
    server,
    dir,
    community,
    layer,
    editor: await person(server, e.email, e.id),
    member: await person(server, m.email, m.id),
    outsider: await person(server, o.email, o.id),
    async close() {
      for (const p of [env.editor, env.member, env.outsider]) await p.client.close();
      await server.close();
      await tdb.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return env;
}

/** An Import of the kind with the file attached, made by the person. */
export async function makeImport(
  env: IoEnv,
  who: Person,
  kind: string,
  fileName: string,
  bytes: Uint8Array,
): Promise<string> {
  const created = await who.client.call<{ $id: string }>('create/Import', {
    label: fileName,
    kind,
    owner: env.community,
  });
  await tusUpload(env.server.url, who.token, bytes, { rel: created.$id, filename: fileName });
  return created.$id;
}

/** Starts an import and waits for its taskComplete push; also returns every progress seen. */
export async function runImport(
  env: IoEnv,
  who: Person,
  body: { import: string; collection?: string; access?: string },
): Promise<{ done: TaskDone; progress: number[] }> {
  const started = await who.client.call<{ key: string }>('act/importFeatures/async', {
    collection: env.layer,
    ...body,
  });
  return waitTask(who, started.key);
}

export async function waitTask(who: Person, key: string): Promise<{ done: TaskDone; progress: number[] }> {
  const f = await who.client.waitForPush(
    (x) => x.o === 'taskComplete' && (x.b as TaskDone).key === key,
    120_000,
  );
  const progress = who.client.pushes
    .filter((x) => x.o === 'taskUpdate' && (x.b as TaskDone).key === key)
    .map((x) => (x.b as TaskDone).percentageComplete);
  return { done: f.b as TaskDone, progress };
}

/** Imports a file and expects it to succeed. */
export async function importOk(
  env: IoEnv,
  kind: string,
  fileName: string,
  bytes: Uint8Array,
  access?: string,
) {
  const imp = await makeImport(env, env.editor, kind, fileName, bytes);
  const { done, progress } = await runImport(env, env.editor, { import: imp, ...(access ? { access } : {}) });
  if (done.errorKey) throw new Error(`import failed: ${done.errorKey} ${done.errorSys}`);
  return { imp, done, progress };
}

/** The features and GISCollections an Import made (as the system: what exists, not what shows). */
export async function madeBy(env: IoEnv, imp: string) {
  const items = env.server.app.services.items;
  const s = env.server.app.services.search;
  const fs = await s.search(SYSTEM, {
    must: { _t: ['SpatialFeature'], importedVia: [imp] },
    max: 1000,
    facets: [],
    labels: false,
  });
  const gs = await s.search(SYSTEM, {
    must: { _t: ['GISCollection'], source: [imp] },
    max: 100,
    facets: [],
    labels: false,
  });
  const read = async (ids: string[]) =>
    Object.values(await items.readMany(SYSTEM, ids)) as Record<string, unknown>[];
  const features = (await read(fs.ids)).sort((a, b) =>
    String(a.$id).localeCompare(String(b.$id), 'en', { numeric: true }),
  );
  return { features, gis: await read(gs.ids) };
}

/** Starts an export and downloads its file as the person. */
export async function exportAs(env: IoEnv, who: Person, format: string, query?: Record<string, unknown>) {
  const started = await who.client.call<{ key: string }>('act/exportFeatures/async', {
    format,
    query: query ?? { must: { _t: ['SpatialFeature'], collection: [env.layer] } },
  });
  const { done } = await waitTask(who, started.key);
  if (done.errorKey || !done.resultURI) throw new Error(`export failed: ${done.errorKey} ${done.errorSys}`);
  const res = await fetch(`${env.server.url}${done.resultURI}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  if (res.status !== 200) throw new Error(`download: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}
