// Watch flood (issue 11, finding 2): the server's memory at idle, at the peak of a flood of
// watches from signed-out and signed-in sockets up to and beyond the limits of
// src/protocol/watch-limits.ts, and after the sockets have closed, on PGlite and PostgreSQL.
// It prints numbers; it is not a timed test.
//
//   npm run bench:watches
//
// The server runs as a child process with --expose-gc and bench/lib/memory-probe.ts preloaded:
// SIGUSR2 makes it collect garbage and print process.memoryUsage(). RSS is read from /proc.
// Settings (environment): BENCH_DBS (pglite,postgres), BENCH_ANON_SOCKETS (10),
// BENCH_USER_SOCKETS (3), BENCH_DEADLINE_SECONDS (300, then everything is stopped).

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePgDatabase as makeBenchPgDatabase } from './lib/pg-database';
import {
  SIGNED_IN_WATCH_LIMITS,
  SIGNED_OUT_WATCH_LIMITS,
  WATCH_FILTER_MAX_BYTES,
} from '../src/protocol/watch-limits';
import { freePort, startChild, waitForHttp, type Child } from './lib/children';
import { Conn, isError } from './lib/load';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const num = (name: string, d: number) => {
  const v = process.env[name];
  const n = v === undefined || v === '' ? d : Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, not ${v}`);
  return Math.floor(n);
};
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',').map((s) => s.trim());
const ANON_SOCKETS = num('BENCH_ANON_SOCKETS', 10);
const USER_SOCKETS = num('BENCH_USER_SOCKETS', 3);
const DEADLINE_S = num('BENCH_DEADLINE_SECONDS', 300);

/** Only this address is ever contacted; each run gets its own database next to `test`. */
const PG_BASE = 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN_EMAIL = 'bench.admin@example.test';
const ADMIN_PASSWORD = `bench-${randomBytes(9).toString('base64url')}`;
/** Enough PUBLIC items to go past the signed-in item limit. */
const ITEMS = SIGNED_IN_WATCH_LIMITS.items + 100;

const cleanups: (() => Promise<void> | void)[] = [];
async function runCleanups() {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (e) {
      console.error(`cleanup failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mib = (b: number) => (b / 1_048_576).toFixed(1);

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb * 1024;
}

interface Memory {
  gc: boolean;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** Asks the child to collect garbage and report; returns its memoryUsage() after the GC. */
async function probe(child: Child): Promise<Memory> {
  const lines = () =>
    child
      .tail()
      .split('\n')
      .filter((l) => l.startsWith('MEMORY '));
  const before = lines().length;
  child.proc.kill('SIGUSR2');
  const until = Date.now() + 10_000;
  // tail() keeps only the last 40 lines, so compare the newest line, not just the count.
  const last = () => lines().at(-1);
  const prev = last();
  while (Date.now() < until) {
    await sleep(50);
    const l = last();
    if (l && (l !== prev || lines().length > before)) return JSON.parse(l.slice(7)) as Memory;
  }
  throw new Error('the server did not report its memory (is bench/lib/memory-probe.ts preloaded?)');
}

async function startServer(label: string, databaseUrl: string | undefined) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `ckk-bench-watch-${label}-`));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const child = startChild(
    `server (${label})`,
    ['--expose-gc', '--import', 'tsx', '--import', './bench/lib/memory-probe.ts', 'src/server/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'false',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
      },
    },
  );
  cleanups.push(() => child.stop());
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, child, 90_000);
  return { child, url, wsUrl: `ws://127.0.0.1:${port}/ws` };
}

async function signedIn(url: string, wsUrl: string): Promise<Conn> {
  const res = await fetch(`${url}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const token = res.headers.get('token');
  if (res.status !== 200 || !token) throw new Error(`sign-in failed: ${res.status}`);
  const conn = await Conn.open(wsUrl, 60_000);
  await conn.call('tokenAuth', { token }, { v: 'bench' });
  return conn;
}

interface Tally {
  ok: number;
  refused: Record<string, number>;
}

/** Sends the requests 200 at a time and counts the replies by outcome. */
async function flood(conn: Conn, reqs: { o: string; b?: unknown }[], tally: Tally) {
  for (let i = 0; i < reqs.length; i += 200)
    await Promise.all(
      reqs.slice(i, i + 200).map(async ({ o, b }) => {
        const { frame } = await conn.request(o, b);
        if (!isError(frame.b)) tally.ok++;
        else {
          const key = String(frame.b.userMessage);
          tally.refused[key] = (tally.refused[key] ?? 0) + 1;
        }
      }),
    );
}

const filterOf = (bytes: number, i: number) => ({ subject: [`${i}:`.padEnd(bytes - 16, 'x')] });
/** The review's probe: 0.76 MiB in one filter. */
const PROBE_FILTER = { subject: Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(8000, 'y')) };

interface Result {
  db: string;
  idle: Memory;
  idleRss: number;
  peakRss: number;
  after: Memory;
  afterRss: number;
  anon: Tally;
  user: Tally;
  seconds: number;
}

async function benchDatabase(db: string, databaseUrl: string | undefined): Promise<Result> {
  const t0 = Date.now();
  const { child, url, wsUrl } = await startServer(db, databaseUrl);

  // The items to watch: PUBLIC, so signed-out sockets may watch them too.
  const admin = await signedIn(url, wsUrl);
  const ids: string[] = [];
  for (let i = 0; i < ITEMS; i += 100)
    ids.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(100, ITEMS - i) }, (_, k) =>
          admin
            .call<{ $id: string }>('create/Thread', { subject: `Public thread ${i + k}`, $access: 'PUBLIC' })
            .then((x) => x.$id),
        ),
      )),
    );
  await admin.close();

  await sleep(2_000);
  const idle = await probe(child);
  const idleRss = rssOf(child.pid);
  console.log(
    `${db}: started and ${ITEMS} items made in ${((Date.now() - t0) / 1000).toFixed(0)} s; idle RSS ${mib(idleRss)} MiB (heap used ${mib(idle.heapUsed)})`,
  );

  let peakRss = idleRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(child.pid))), 100);

  // Signed out: items and type watches past the limits, small and maximal filters, and the
  // review's probe (150 type watches with 0.76 MiB filters).
  const anonTally: Tally = { ok: 0, refused: {} };
  const anons = await Promise.all(Array.from({ length: ANON_SOCKETS }, () => Conn.open(wsUrl, 60_000)));
  await Promise.all(
    anons.map((c, k) =>
      flood(
        c,
        [
          ...ids.slice(0, SIGNED_OUT_WATCH_LIMITS.items + 50).map((id) => ({ o: `addWatch/${id}` })),
          ...Array.from({ length: SIGNED_OUT_WATCH_LIMITS.types + 10 }, (_, i) => ({
            o: 'addWatch/Thread-0',
            b: filterOf(i % 2 ? WATCH_FILTER_MAX_BYTES : 200, k * 1000 + i),
          })),
          ...(k === 0
            ? Array.from({ length: 150 }, () => ({ o: 'addWatch/Thread-0', b: PROBE_FILTER }))
            : []),
        ],
        anonTally,
      ),
    ),
  );

  // Signed in: past the item limit, and type watches past the count with ~400-byte filters.
  const userTally: Tally = { ok: 0, refused: {} };
  const users = await Promise.all(Array.from({ length: USER_SOCKETS }, () => signedIn(url, wsUrl)));
  await Promise.all(
    users.map((c, k) =>
      flood(
        c,
        [
          ...ids.map((id) => ({ o: `addWatch/${id}` })),
          ...Array.from({ length: SIGNED_IN_WATCH_LIMITS.types + 20 }, (_, i) => ({
            o: `addWatch/${i % 2 ? 'Thread' : 'Contact'}-0`,
            b: filterOf(400, k * 1000 + i),
          })),
          ...Array.from({ length: 20 }, () => ({ o: 'addWatch/Thread-0', b: PROBE_FILTER })),
        ],
        userTally,
      ),
    ),
  );
  const atPeak = await probe(child);
  peakRss = Math.max(peakRss, rssOf(child.pid));
  console.log(
    `${db}: flood done at ${((Date.now() - t0) / 1000).toFixed(0)} s; heap used with every watch held ${mib(atPeak.heapUsed)} MiB`,
  );

  await Promise.all([...anons, ...users].map((c) => c.close()));
  clearInterval(sampler);
  await sleep(3_000);
  const after = await probe(child);
  await sleep(2_000);
  const afterRss = rssOf(child.pid);
  await child.stop();
  return {
    db,
    idle,
    idleRss,
    peakRss,
    after,
    afterRss,
    anon: anonTally,
    user: userTally,
    seconds: (Date.now() - t0) / 1000,
  };
}

function makePgDatabase(): Promise<string | null> {
  return makeBenchPgDatabase(PG_BASE, (_name, fn) => cleanups.push(fn));
}

const tallyText = (t: Tally) =>
  `${t.ok} accepted, refused ${Object.entries(t.refused)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ')}`;

async function main() {
  const deadline = setTimeout(() => {
    console.error(`deadline of ${DEADLINE_S} s reached: stopping`);
    void runCleanups().finally(() => process.exit(2));
  }, DEADLINE_S * 1000);
  deadline.unref();
  for (const sig of ['SIGINT', 'SIGTERM'] as const)
    process.on(sig, () => void runCleanups().finally(() => process.exit(130)));

  const results: Result[] = [];
  try {
    if (DBS.includes('pglite')) results.push(await benchDatabase('pglite', undefined));
    if (DBS.includes('postgres')) {
      const dbUrl = await makePgDatabase();
      if (dbUrl) results.push(await benchDatabase('postgres', dbUrl));
    }
  } finally {
    await runCleanups();
  }

  console.log('');
  console.log(
    `${ANON_SOCKETS} signed-out and ${USER_SOCKETS} signed-in sockets, each past its limits; ` +
      `MiB of the server process (after a forced GC where marked).`,
  );
  const head = ['db', 'idle rss', 'idle heap', 'peak rss', 'after rss', 'after heap', 'after ext', 'seconds'];
  const body = results.map((r) => [
    r.db,
    mib(r.idleRss),
    mib(r.idle.heapUsed),
    mib(r.peakRss),
    mib(r.afterRss),
    mib(r.after.heapUsed),
    mib(r.after.external),
    r.seconds.toFixed(0),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(line(head));
  for (const b of body) console.log(line(b));
  for (const r of results) {
    console.log(`${r.db} signed out: ${tallyText(r.anon)}`);
    console.log(`${r.db} signed in:  ${tallyText(r.user)}`);
  }
  if (results.some((r) => !r.idle.gc))
    console.log('(no --expose-gc: "after" figures are without a forced GC)');
}

main().catch(async (e) => {
  console.error(e instanceof Error ? e.stack : String(e));
  await runCleanups();
  process.exit(1);
});
