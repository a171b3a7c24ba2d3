// npx tsx bench/spatial-import.ts (npm run bench:spatial) — the GIS import of a big zipped
// shapefile, on PGlite and on PostgreSQL: time, features a second, and the server's peak memory
// against a baseline measured in the same run (a small shapefile imported first, by the same
// server). The server runs as its own process with bench/lib/memory-probe.ts preloaded: peak RSS
// from /proc (VmHWM, reset before each phase) and the heap after a full GC (SIGUSR2).
// BENCH_SHP_MB sets the size of the .shp + .dbf (default 50); BENCH_DBS: "pglite,postgres".
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Geometry } from '../src/kernel/geometry';
import { writeShapefileZip, type ShpFeature } from '../src/server/module-api';
import { freePort, startChild, waitForHttp } from './lib/children';
import { makePgDatabase } from './lib/pg-database';
import { httpApi } from './lib/http-api';
import { probe, procStatusMb, resetPeak, stdoutLines } from './lib/proc-memory';

const ROOT = path.resolve(import.meta.dirname, '..');
const SHP_MB = Number(process.env.BENCH_SHP_MB ?? 50);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const VERTICES = 2000; // per polygon: ~32 kB of .shp each (a detailed shoreline)
const ADMIN_EMAIL = 'bench.admin@example.test';
const ADMIN_PASSWORD = 'bench-password-1';
const fmt = (n: number, d = 0) => n.toFixed(d);

/** A polygon of `VERTICES` points round a centre (a ring of a lake's shore, say). */
function ring(cx: number, cy: number, i: number): Geometry {
  const pts: number[][] = [];
  for (let k = 0; k < VERTICES; k++) {
    const a = (k / VERTICES) * 2 * Math.PI;
    const r = 0.004 * (1 + 0.2 * Math.sin(a * 7 + i));
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  pts.push(pts[0]!);
  return { type: 'Polygon', coordinates: [pts.reverse()] };
}

function shapefileOf(mb: number): { bytes: Uint8Array; features: number } {
  const perFeature = 8 + 44 + 4 + (VERTICES + 1) * 16 + 120; // record header, box, parts, points, dbf row
  const n = Math.max(1, Math.round((mb * 1024 ** 2) / perFeature));
  const features: ShpFeature[] = [];
  for (let i = 0; i < n; i++)
    features.push({
      geometry: ring(-120 + (i % 200) * 0.01, 50 + Math.floor(i / 200) * 0.01, i),
      properties: {
        name: `Lake ${i + 1}`,
        kind: i % 3 ? 'lake' : 'pond',
        depth: i % 50,
        note: 'x'.repeat(60),
      },
    });
  return { bytes: writeShapefileZip('lakes', features), features: n };
}

async function runOn(
  db: string,
  small: Uint8Array,
  big: { bytes: Uint8Array; features: number },
  cleanups: (() => Promise<void>)[],
) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ckk-bench-spatial-'));
  cleanups.push(async () => rmSync(tmp, { recursive: true, force: true }));
  let databaseUrl = '';
  if (db === 'postgres') {
    const url = await makePgDatabase(PG_URL, (_n, fn) => cleanups.push(fn));
    if (!url) return;
    databaseUrl = url;
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startChild(
    'server',
    ['--expose-gc', '--import', 'tsx', '--import', './bench/lib/memory-probe.ts', 'src/server/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(tmp, 'data'),
        DATABASE_URL: databaseUrl,
        DEMO_DATA: 'false',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
      },
    },
  );
  cleanups.unshift(() => child.stop());
  const out = stdoutLines(child);
  await waitForHttp(`${base}/api/health`, child, 180_000);
  const { call, upload } = await httpApi(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const org = String(
    (await call('create/Organization', { displayName: 'Bench Nation', type: 'COMMUNITY' })).$id,
  );
  const layer = String(
    (await call('create/SpatialCollection', { label: 'Lakes', state: 'ACTIVE', owner: org })).$id,
  );

  const importOnce = async (name: string, bytes: Uint8Array) => {
    const imp = String((await call('create/Import', { label: name, kind: 'SHAPEFILE', owner: org })).$id);
    await upload(name, imp, bytes);
    const g0 = await probe(child, out);
    resetPeak(child.pid);
    const t0 = performance.now();
    const started = await call('act/importFeatures/async', { import: imp, collection: layer });
    let peak = 0;
    const until = Date.now() + 30 * 60_000;
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      peak = Math.max(peak, procStatusMb(child.pid, 'VmHWM'));
      // The Task item itself: activeTask lists running tasks only.
      const t = (await call(`read/${String(started.$id)}`, undefined)) as {
        percentageComplete?: number;
        errorKey?: string;
      };
      if (t.errorKey) throw new Error(`import failed: ${t.errorKey}`);
      if (Number(t.percentageComplete) >= 100) break;
      if (Date.now() > until) throw new Error('import did not finish in 30 minutes');
    }
    const secs = (performance.now() - t0) / 1000;
    const after = await probe(child, out);
    return { secs, peak, idleRss: g0.rssMb, heapBefore: g0.heapMb, heapAfter: after.heapMb };
  };

  const base0 = await importOnce('small.zip', small);
  const run = await importOnce('lakes.zip', big.bytes);
  console.log(
    `${db}: baseline (small shapefile) peak RSS ${fmt(base0.peak)} MB; ` +
      `${fmt(big.bytes.length / 1024 ** 2, 1)} MB zip, ${big.features} polygons in ${fmt(run.secs, 1)} s ` +
      `(${fmt(big.features / run.secs)} features/s); peak RSS ${fmt(run.peak)} MB ` +
      `(+${fmt(run.peak - base0.peak)} MB, ×${(run.peak / base0.peak).toFixed(2)} the baseline); ` +
      `heap after GC ${fmt(run.heapBefore)} → ${fmt(run.heapAfter)} MB`,
  );
}

async function main() {
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const small = shapefileOf(0.5).bytes;
    const big = shapefileOf(SHP_MB);
    console.log(
      `spatial import bench: ${SHP_MB} MB of .shp + .dbf (${big.features} polygons of ${VERTICES} vertices)`,
    );
    for (const db of DBS) await runOn(db, small, big, cleanups);
  } finally {
    for (const c of cleanups) await c().catch(() => undefined);
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
