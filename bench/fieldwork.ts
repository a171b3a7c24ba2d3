// npm run bench:fieldwork — a field monitor back in range after days offline: the device holds
// BENCH_RECORDS records (1,000) in one trip, BENCH_PHOTOS of them (200) with a photo, and those
// finalized; the sync (client/offline/sync.ts, the same code the browser runs, on Dexie over
// fake-indexeddb) creates them, uploads the photos with tus, then finalizes them through
// applyGeoKeeperFieldDataEdits. Against a server child on the demo data, signed in as the demo
// monitor. Printed: the sync's time, each call's latency percentiles, and the server's peak RSS
// (VmHWM, reset between phases), beside a bare baseline measured in the same run: the same
// creates, uploads and finalizing updates sent plainly, one after another.
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { offlineDb } from '../src/modules/geokeeper/client/offline/db';
import { addLocalFile, createLocal, saveLocal } from '../src/modules/geokeeper/client/offline/records';
import { Refused, syncAll, type SyncApi } from '../src/modules/geokeeper/client/offline/sync';
import { DEMO_PASSWORD } from '../src/server/seed/demo';
import { freePort, startChild, waitForHttp, type Child } from './lib/children';
import { summarize } from './lib/percentiles';
import { procStatusMb, resetPeak } from './lib/proc-memory';

const ROOT = path.resolve(import.meta.dirname, '..');
const RECORDS = Number(process.env.BENCH_RECORDS ?? 1000);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 200);
const PHOTO_BYTES = Number(process.env.BENCH_PHOTO_BYTES ?? 512 * 1024);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// PostgreSQL by default (BENCH_DB=pglite for the embedded one): PGlite's WASM heap would hide
// what the sync itself costs the server.
const DB = process.env.BENCH_DB ?? 'postgres';
const MONITOR = 'member@riverbend.example';

const fmt = (n: number, d = 1) => n.toFixed(d);

type Timings = Record<string, number[]>;

/** The item call and a one-PATCH tus upload over HTTP, timed per kind of call. */
async function client(base: string, times: Timings) {
  const signIn = await fetch(`${base}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: MONITOR, password: DEMO_PASSWORD }),
  });
  const token = signIn.headers.get('token');
  if (!token) throw new Error(`sign-in failed: ${signIn.status}`);
  const auth = { authorization: `Bearer ${token}` };
  const timed = async <T>(kind: string, fn: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      (times[kind] ??= []).push(performance.now() - t0);
    }
  };
  const call = (kind: string, o: string, b: unknown) =>
    timed(kind, async () => {
      const r = await fetch(`${base}/api/item`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify({ o, b }),
      });
      const j = (await r.json()) as {
        data: Record<string, unknown> & { erred?: boolean; userMessage?: string };
      };
      if (j.data.erred) throw new Refused(j.data.userMessage ?? 'generalFailure');
      return j.data;
    });
  const upload = (rel: string, name: string, bytes: Uint8Array) =>
    timed('upload', async () => {
      const meta = `rel ${Buffer.from(rel).toString('base64')},filename ${Buffer.from(name).toString('base64')}`;
      const c = await fetch(`${base}/api/upload`, {
        method: 'POST',
        headers: {
          ...auth,
          'tus-resumable': '1.0.0',
          'upload-length': String(bytes.length),
          'upload-metadata': meta,
        },
      });
      if (c.status !== 201) throw new Refused('geokeeperUploadRefused');
      const url = new URL(String(c.headers.get('location')), base).href;
      const p = await fetch(url, {
        method: 'PATCH',
        headers: {
          ...auth,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: new Uint8Array(bytes),
      });
      if (p.status !== 204) throw new Error(`upload patch: ${p.status}`);
    });
  return { call, upload };
}

async function main() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ckk-bench-fieldwork-'));
  let child: Child | undefined;
  const dbName = `ckk_bench_fieldwork_${process.pid}`;
  const admin = DB === 'postgres' ? new pg.Client({ connectionString: PG_URL }) : null;
  try {
    let databaseUrl = '';
    if (admin) {
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      const u = new URL(PG_URL);
      u.pathname = `/${dbName}`;
      databaseUrl = u.href;
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = startChild('server', ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(tmp, 'data'),
        DATABASE_URL: databaseUrl,
        DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
      },
    });
    await waitForHttp(`${base}/api/health`, child, 300_000);
    const pid = child.pid;

    // The monitor's program, forms and work item, as the device keeps them.
    const setup: Timings = {};
    const { call } = await client(base, setup);
    const ids = async (type: string) =>
      ((await call('setup', 'search/ids', { must: { _t: [type] }, max: 10 })) as { ids: string[] }).ids;
    const [program] = await ids('GeoKeeperProgram');
    const [workItem] = await ids('GeoKeeperWorkItem');
    const forms = (await call('setup', 'readMany/object', await ids('GeoKeeperFormDef'))) as Record<
      string,
      { $id: string; formType: string }
    >;
    const formOf = (t: string) => Object.values(forms).find((f) => f.formType === t)!.$id;
    if (!program || !workItem) throw new Error('the demo has no program for the monitor');
    const photo = randomBytes(PHOTO_BYTES);
    photo.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const spatial = (i: number) => ({ type: 'Point', coordinates: [-120.74 + i * 1e-5, 56.2 - i * 1e-5] });
    const recordBody = (i: number, trip: string) => ({
      label: `Bench record ${i}`,
      formType: 'RECORD',
      formDef: formOf('RECORD'),
      formVersion: 1,
      program,
      workItem,
      trip,
      state: 'ACTIVE',
      collected: new Date().toISOString(),
      formInstance: {
        formData: { observation: `Observation ${i}: silt, tracks, water colour.`, turbid: 'no' },
      },
      spatial: spatial(i),
    });
    const tripBody = (label: string) => ({
      label,
      formType: 'TRIP',
      formDef: formOf('TRIP'),
      formVersion: 1,
      program,
      workItem,
      state: 'ACTIVE',
      collected: new Date().toISOString(),
      formInstance: { formData: { crew: 'Bench' } },
    });

    // 1. The bare baseline: the same writes sent plainly, one after another.
    const bare: Timings = {};
    const b = await client(base, bare);
    resetPeak(pid);
    const t0 = performance.now();
    const bareTrip = String(
      (await b.call('create', 'create/GeoKeeperFieldData', tripBody('Bench baseline trip'))).$id,
    );
    for (let i = 0; i < RECORDS; i++) {
      const made = await b.call('create', 'create/GeoKeeperFieldData', recordBody(i, bareTrip));
      if (i < PHOTOS) {
        await b.upload(String(made.$id), `photo-${i}.jpg`, photo);
        await b.call('finalize', `update/GeoKeeperFieldData`, {
          $id: made.$id,
          $version: made.$version,
          finalized: new Date().toISOString(),
        });
      }
    }
    const bareMs = performance.now() - t0;
    const barePeak = procStatusMb(pid, 'VmHWM');

    // 2. The sync of the same, held on the device.
    const db = offlineDb(`bench-${process.pid}`);
    const trip = await createLocal(db, {
      formType: 'TRIP',
      program,
      formDef: formOf('TRIP'),
      formVersion: 1,
      label: 'Bench offline trip',
      workItem,
      fields: { formData: { crew: 'Bench' } },
    });
    for (let i = 0; i < RECORDS; i++) {
      const body = recordBody(i, trip.localId);
      const rec = await createLocal(db, {
        formType: 'RECORD',
        program,
        formDef: formOf('RECORD'),
        formVersion: 1,
        label: body.label,
        workItem,
        trip: trip.localId,
        fields: { formData: body.formInstance.formData, spatial: body.spatial },
      });
      if (i < PHOTOS) {
        const f = await addLocalFile(
          db,
          rec.localId,
          'photo',
          new Blob([photo], { type: 'image/jpeg' }),
          'image/jpeg',
          'jpg',
        );
        await saveLocal(db, rec.localId, {
          fields: {
            ...rec.fields,
            formData: { ...rec.fields.formData, photo: f.name },
            finalized: new Date().toISOString(),
          },
        });
      }
    }
    const synced: Timings = {};
    const s = await client(base, synced);
    const api: SyncApi = {
      create: async (data) =>
        (await s.call('create', 'create/GeoKeeperFieldData', data)) as unknown as {
          $id: string;
          $version: number;
        },
      applyEdits: async (edits) =>
        (
          (await s.call('applyEdits', 'act/applyGeoKeeperFieldDataEdits', { edits })) as unknown as {
            results: Awaited<ReturnType<SyncApi['applyEdits']>>;
          }
        ).results,
      upload: (recordId, file) =>
        file.blob.arrayBuffer().then((a) => s.upload(recordId, file.name, new Uint8Array(a))),
    };
    resetPeak(pid);
    const t1 = performance.now();
    const report = await syncAll(db, api);
    const syncMs = performance.now() - t1;
    const syncPeak = procStatusMb(pid, 'VmHWM');
    const left = await db.records.where('sync').notEqual('synced').count();
    db.close();
    if (
      report.created !== RECORDS + 1 ||
      report.uploaded !== PHOTOS ||
      left !== 0 ||
      report.failed ||
      report.conflicts
    )
      throw new Error(`the sync did not finish: ${JSON.stringify(report)}, ${left} records left`);

    const line = (name: string, t: Timings) =>
      Object.entries(t)
        .map(([k, v]) => {
          const x = summarize(v);
          return `  ${name} ${k.padEnd(10)} n=${String(x.count).padStart(5)}  p50 ${fmt(x.p50)} ms  p90 ${fmt(x.p90)} ms  p99 ${fmt(x.p99)} ms  max ${fmt(x.max)} ms`;
        })
        .join('\n');
    console.log(
      [
        `fieldwork sync: ${RECORDS} records in a trip, ${PHOTOS} photos of ${fmt(PHOTO_BYTES / 1024, 0)} KB (finalized after them), ${DB}`,
        `baseline (plain creates, uploads, updates): ${fmt(bareMs / 1000, 2)} s, server peak RSS ${fmt(barePeak, 0)} MB`,
        line('baseline', bare),
        `sync (client/offline/sync.ts): ${fmt(syncMs / 1000, 2)} s (${fmt(syncMs / bareMs, 2)}× the baseline), server peak RSS ${fmt(syncPeak, 0)} MB`,
        line('sync    ', synced),
        `  report ${JSON.stringify(report)}`,
      ].join('\n'),
    );
  } finally {
    await child?.stop();
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
      await admin.end();
    }
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
