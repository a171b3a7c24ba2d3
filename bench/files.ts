// npm run bench:files — uploads and exports at the sizes communities send: a 1 GB file over
// tus on loopback (throughput and the server's peak RSS), the zip export of 2 GB of attachments
// (throughput and peak RSS), and the time sharp takes to make each image variant (p50/p95).
// The server runs as its own process; its peak RSS is read from /proc (VmHWM, reset between
// phases). Every file it makes goes in a temporary folder that is removed at the end.
import {
  createReadStream,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { freePort, startChild, waitForHttp, type Child } from './lib/children';
import { percentile } from './lib/percentiles';
import { httpApi } from './lib/http-api';
import { procStatusMb, resetPeak } from './lib/proc-memory';

const ROOT = path.resolve(import.meta.dirname, '..');
const GB = 1024 ** 3;
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_BYTES ?? GB);
const CHUNK = Number(process.env.BENCH_CHUNK_BYTES ?? 64 * 1024 ** 2);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 12);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// PostgreSQL by default: PGlite's WASM heap (about 600 MB) would hide what files cost.
const DB = process.env.BENCH_DB ?? 'postgres';
const ADMIN_EMAIL = 'bench.admin@example.test';
const ADMIN_PASSWORD = 'bench-password-1';

const mb = (bytes: number) => bytes / 1024 ** 2;
const fmt = (n: number, d = 1) => n.toFixed(d);

const peakRssMb = (pid: number) => procStatusMb(pid, 'VmHWM');
const rssMb = (pid: number) => procStatusMb(pid, 'VmRSS');

function request(
  url: string,
  opts: http.RequestOptions,
  body?: NodeJS.ReadableStream | Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, opts, (res) => {
      let bytes = 0;
      const keep: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (keep.length < 4) keep.push(c);
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          bytes,
          text: Buffer.concat(keep).toString('utf8', 0, 500),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body && !Buffer.isBuffer(body)) body.pipe(req);
    else req.end(body);
  });
}

async function main() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ckk-bench-files-'));
  let child: Child | undefined;
  const dbName = `ckk_bench_files_${process.pid}`;
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
        DEMO_DATA: 'false',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        UPLOAD_MAX_BYTES: String(3 * GB),
        LOG_LEVEL: 'warn',
      },
    });
    await waitForHttp(`${base}/api/health`, child, 120_000);
    const { auth, call } = await httpApi(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    const thread = String(
      (await call('create/Thread', { subject: 'Bench: drone survey', $access: 'PRIVATE' })).$id,
    );

    // A 1 GB source file of random 1 MB blocks.
    const source = path.join(tmp, 'survey.bin');
    const fd = openSync(source, 'w');
    const block = randomBytes(1024 ** 2);
    for (let written = 0; written < UPLOAD_BYTES; written += block.length)
      writeSync(fd, block, 0, Math.min(block.length, UPLOAD_BYTES - written));
    closeSync(fd);

    const upload = async (name: string, rel: string, file: string, size: number) => {
      const meta = `rel ${Buffer.from(rel).toString('base64')},filename ${Buffer.from(name).toString('base64')}`;
      const created = await request(`${base}/api/upload`, {
        method: 'POST',
        headers: {
          ...auth,
          'tus-resumable': '1.0.0',
          'upload-length': String(size),
          'upload-metadata': meta,
        },
      });
      if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
      const url = new URL(String(created.headers.location), base).href;
      let last;
      for (let offset = 0; offset < size; offset += CHUNK) {
        const end = Math.min(size, offset + CHUNK);
        last = await request(
          url,
          {
            method: 'PATCH',
            headers: {
              ...auth,
              'tus-resumable': '1.0.0',
              'upload-offset': String(offset),
              'content-type': 'application/offset+octet-stream',
              'content-length': String(end - offset),
            },
          },
          createReadStream(file, { start: offset, end: end - 1 }),
        );
        if (last.status !== 204) throw new Error(`patch at ${offset}: ${last.status} ${last.text}`);
      }
      return String(last?.headers['attachment-id'] ?? '');
    };

    const idle = rssMb(child.pid);
    console.log(`database ${DB}; server idle RSS ${fmt(idle)} MB`);

    // 1. Upload of 1 GB.
    resetPeak(child.pid);
    let t0 = performance.now();
    const first = await upload('survey-1.bin', thread, source, UPLOAD_BYTES);
    let secs = (performance.now() - t0) / 1000;
    console.log(
      `upload ${fmt(mb(UPLOAD_BYTES), 0)} MB in ${CHUNK / 1024 ** 2} MB PATCHes: ${fmt(secs, 2)} s, ` +
        `${fmt(mb(UPLOAD_BYTES) / secs)} MB/s; server peak RSS ${fmt(peakRssMb(child.pid))} MB (${first})`,
    );

    // 2. Zip export of 2 GB (a second 1 GB file, then the zip of both, read and thrown away).
    await upload('survey-2.bin', thread, source, UPLOAD_BYTES);
    resetPeak(child.pid);
    t0 = performance.now();
    const q = encodeURIComponent(JSON.stringify({ must: { rel: [thread] } }));
    const zip = await request(`${base}/api/attachments-zip?q=${q}&name=archive-attachments.zip`, {
      method: 'GET',
      headers: auth,
    });
    secs = (performance.now() - t0) / 1000;
    if (zip.status !== 200) throw new Error(`zip: ${zip.status} ${zip.text}`);
    console.log(
      `zip export of ${fmt(mb(2 * UPLOAD_BYTES), 0)} MB (2 files, stored): ${fmt(mb(zip.bytes), 0)} MB zip in ${fmt(secs, 2)} s, ` +
        `${fmt(mb(zip.bytes) / secs)} MB/s; server peak RSS ${fmt(peakRssMb(child.pid))} MB`,
    );
    rmSync(source, { force: true });

    // 3. Image variants: camera-sized JPEGs (4000×3000, noisy so they compress like photos).
    const photos: string[] = [];
    for (let i = 0; i < IMAGES; i++) {
      const jpg = await sharp({
        create: {
          width: 4000,
          height: 3000,
          channels: 3,
          background: { r: 40 + i * 10, g: 120, b: 60 },
          noise: { type: 'gaussian', mean: 0, sigma: 25 },
        },
      })
        .jpeg({ quality: 85 })
        .toBuffer();
      const file = path.join(tmp, `photo-${i}.jpg`);
      writeFileSync(file, jpg);
      photos.push(await upload(`photo-${i}.jpg`, thread, file, jpg.length));
      rmSync(file);
    }
    resetPeak(child.pid);
    const times: Record<string, number[]> = { thumbnail: [], small: [], large: [], webp: [] };
    const cached: number[] = [];
    for (const id of photos)
      for (const variant of Object.keys(times)) {
        let t = performance.now();
        const r = await request(`${base}/attachment/${id}?variant=${variant}`, {
          method: 'GET',
          headers: auth,
        });
        times[variant]!.push(performance.now() - t);
        if (r.status !== 200) throw new Error(`variant ${variant}: ${r.status}`);
        t = performance.now();
        await request(`${base}/attachment/${id}?variant=${variant}`, { method: 'GET', headers: auth });
        cached.push(performance.now() - t);
      }
    for (const [variant, xs] of Object.entries(times)) {
      const s = [...xs].sort((a, b) => a - b);
      console.log(
        `variant ${variant.padEnd(9)} from a 4000×3000 JPEG (first request makes it): p50 ${fmt(percentile(s, 50), 0)} ms, p95 ${fmt(percentile(s, 95), 0)} ms (n=${s.length})`,
      );
    }
    const c = [...cached].sort((a, b) => a - b);
    console.log(
      `variant served again from disk: p50 ${fmt(percentile(c, 50), 1)} ms, p95 ${fmt(percentile(c, 95), 1)} ms; ` +
        `server peak RSS while making variants ${fmt(peakRssMb(child.pid))} MB`,
    );
  } finally {
    await child?.stop();
    rmSync(tmp, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
      await admin.end();
    }
  }
}

await main();
