// WebSocket item benchmark (DESIGN §5): read, readMany and update throughput and latency of the
// real server, started as a child process, on PGlite and (when reachable) PostgreSQL, next to
// the ceiling of a bare `ws` echo server measured with the same client code.
//
//   npm run bench
//
// Settings (environment): BENCH_SECONDS (measured seconds per scenario, 10), BENCH_WARMUP_SECONDS
// (5), BENCH_IN_FLIGHT (64), BENCH_CONNECTIONS (4), BENCH_ITEMS (500), BENCH_READ_MANY (50),
// BENCH_DBS (pglite,postgres), BENCH_SCENARIOS (echo,read,readMany,update,create,bareUpdate,bareBatched), BENCH_DEADLINE_SECONDS (240, then everything is stopped),
// BENCH_PROFILE=1 (the server writes a V8 CPU profile per database to a temporary directory).

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { makePgDatabase as makeBenchPgDatabase } from './lib/pg-database';
import {
  freePort,
  processCpuSeconds,
  startChild,
  waitForHttp,
  waitForOutput,
  type Child,
} from './lib/children';
import { bareUpdateConns } from './lib/bare-writes';
import { Conn, isError, runLoad, type Frame, type LoadResult, type Outcome, type Req } from './lib/load';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const num = (name: string, d: number) => {
  const v = process.env[name];
  const n = v === undefined || v === '' ? d : Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, not ${v}`);
  return n;
};

const MEASURE_S = num('BENCH_SECONDS', 10);
const WARMUP_S = num('BENCH_WARMUP_SECONDS', 5);
const IN_FLIGHT = Math.max(1, Math.floor(num('BENCH_IN_FLIGHT', 64)));
const CONNECTIONS = Math.max(1, Math.floor(num('BENCH_CONNECTIONS', 4)));
const ITEMS = Math.max(IN_FLIGHT, Math.floor(num('BENCH_ITEMS', 500)));
const READ_MANY = Math.max(1, Math.floor(num('BENCH_READ_MANY', 50)));
const DEADLINE_S = num('BENCH_DEADLINE_SECONDS', 240);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',').map((s) => s.trim());
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'echo,read,readMany,update,create,bareUpdate,bareBatched')
  .split(',')
  .map((s) => s.trim());
const PROFILE = process.env.BENCH_PROFILE === '1';

/** Only this address is ever contacted; each run gets its own database next to `test`. */
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN_EMAIL = 'bench.admin@example.test';
const ADMIN_PASSWORD = `bench-${randomBytes(9).toString('base64url')}`;

// ---------- cleanup: a stack that runs on success, failure, deadline and signals ----------

const cleanups: { name: string; fn: () => Promise<void> | void }[] = [];
const onCleanup = (name: string, fn: () => Promise<void> | void) => cleanups.push({ name, fn });

/** Set once the run is being abandoned (deadline, signal); no new stage starts after that. */
let aborted = false;
function checkAborted() {
  if (aborted) throw new Error('aborted');
}

// Cleanup runs are queued one after another, so an abort that arrives while a stage is cleaning
// up waits for it instead of exiting under it.
let cleaning: Promise<void> = Promise.resolve();
function runCleanups(downTo = 0): Promise<void> {
  cleaning = cleaning.then(() => drainCleanups(downTo));
  return cleaning;
}

async function drainCleanups(downTo: number) {
  while (cleanups.length > downTo) {
    const c = cleanups.pop()!;
    try {
      await Promise.race([
        Promise.resolve().then(c.fn),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 10_000).unref()),
      ]);
    } catch (e) {
      console.error(`cleanup "${c.name}" failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

// ---------- results ----------

interface Row {
  target: string;
  scenario: string;
  r: LoadResult;
}
const rows: Row[] = [];
const failures: string[] = [];

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

function printTable() {
  const head = [
    'target',
    'scenario',
    'req/s',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'max ms',
    'errors',
    'stale',
    'reply B',
    'srv cpu',
    'db cpu',
    'cli cpu',
    'all cpu',
  ];
  const body = rows.map(({ target, scenario, r }) => [
    target,
    scenario,
    f(r.rps, 0),
    f(r.latency.p50, 2),
    f(r.latency.p90, 2),
    f(r.latency.p99, 2),
    f(r.latency.max, 1),
    String(r.errors),
    String(r.stale),
    f(r.meanReplyBytes, 0),
    f(r.serverCores, 2),
    f(r.dbCores, 2),
    f(r.clientCores, 2),
    f(r.machineCores, 2),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log('');
  console.log(
    `${IN_FLIGHT} requests in flight over ${CONNECTIONS} WebSockets, ${WARMUP_S} s warm-up, ${MEASURE_S} s measured, ` +
      `${ITEMS} COMMUNITY Threads, readMany of ${READ_MANY} ids; ${os.cpus().length} cores.`,
  );
  console.log(
    'cpu columns are cores busy in the measured window: srv = server process (PGlite runs inside it), ' +
      'db = its PostgreSQL backends, cli = this client, all = whole machine (other work included).',
  );
  console.log('');
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const b of body) console.log(line(b));
  const echo = rows.find((r) => r.target === 'echo');
  if (echo) {
    console.log('');
    console.log(
      `echo ceiling: ${f(echo.r.rps, 0)} req/s, p50 ${f(echo.r.latency.p50, 2)} ms, p99 ${f(echo.r.latency.p99, 2)} ms`,
    );
    for (const r of rows.filter((x) => x.scenario === 'read/{id}'))
      console.log(`${r.target.padEnd(8)} read / echo = ${f(r.r.rps / echo.r.rps, 3)}`);
  }
  for (const r of rows.filter((x) => x.scenario.startsWith('readMany')))
    console.log(`${r.target.padEnd(8)} readMany items/s = ${f(r.r.rps * READ_MANY, 0)}`);
  for (const bare of rows.filter((x) => x.scenario.startsWith('bare SQL update'))) {
    const u = rows.find((x) => x.target === bare.target && x.scenario === 'update');
    if (u) console.log(`${bare.target.padEnd(8)} update / ${bare.scenario} = ${f(u.r.rps / bare.r.rps, 3)}`);
  }
  for (const r of rows.filter((x) => x.r.firstError))
    console.log(`first error in ${r.target} ${r.scenario}: ${r.r.firstError}`);
  for (const msg of failures) console.log(`FAILED: ${msg}`);
}

function record(target: string, scenario: string, r: LoadResult) {
  if (aborted) return; // cut short by the abort: not a measurement
  rows.push({ target, scenario, r });
  console.log(
    `  ${target} ${scenario}: ${f(r.rps, 0)} req/s, p50 ${f(r.latency.p50, 2)} ms, p99 ${f(r.latency.p99, 2)} ms, ` +
      `errors ${r.errors}, stale ${r.stale}, cores: server ${f(r.serverCores, 2)}, db ${f(r.dbCores, 2)}, ` +
      `client ${f(r.clientCores, 2)}, machine ${f(r.machineCores, 2)}`,
  );
}

// ---------- helpers ----------

const randomInt = (n: number) => Math.floor(Math.random() * n);

/** `k` distinct random elements of `list`. */
function sample<T>(list: readonly T[], k: number): T[] {
  const copy = list.slice();
  const n = Math.min(k, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + randomInt(copy.length - i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

async function openConns(wsUrl: string, token?: string): Promise<Conn[]> {
  const conns = await Promise.all(Array.from({ length: CONNECTIONS }, () => Conn.open(wsUrl)));
  onCleanup('close sockets', () => Promise.all(conns.map((c) => c.close())).then(() => undefined));
  if (token !== undefined)
    for (const c of conns) {
      const { frame } = await c.request('tokenAuth', { token }, { v: 'bench' });
      if (frame.o !== 'authed' || isError(frame.b))
        throw new Error(`tokenAuth failed: ${JSON.stringify(frame.b)}`);
    }
  return conns;
}

interface Target {
  serverPid: number;
  dbCpuSeconds?: () => number;
}

const load = <C>(
  conns: Conn[],
  target: Target,
  next: (slot: number) => Req<C>,
  check?: (frame: Frame, req: Req<C>, slot: number) => Outcome,
) =>
  runLoad<C>({
    conns,
    inFlight: IN_FLIGHT,
    warmupMs: WARMUP_S * 1000,
    measureMs: MEASURE_S * 1000,
    next,
    ...target,
    ...(check ? { check } : {}),
  });

/**
 * Follows the PostgreSQL backends serving `dbName` (polled from pg_stat_activity) and returns
 * their CPU seconds so far; a backend that has ended keeps its last reading.
 */
async function trackBackends(dbName: string): Promise<() => number> {
  const c = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 3_000 });
  await c.connect();
  const seen = new Map<number, number>();
  const read = () => {
    let sum = 0;
    for (const [pid, last] of seen) {
      const now = processCpuSeconds(pid);
      if (Number.isFinite(now)) seen.set(pid, now);
      sum += Number.isFinite(now) ? now : last;
    }
    return sum;
  };
  const poll = async () => {
    const r = await c.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'`,
      [dbName],
    );
    for (const { pid } of r.rows) if (!seen.has(pid)) seen.set(pid, processCpuSeconds(pid));
  };
  await poll();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    poll()
      .catch(() => undefined)
      .finally(() => (busy = false));
  }, 250);
  onCleanup('stop following backends', async () => {
    clearInterval(timer);
    await c.end();
  });
  return read;
}

// ---------- echo ceiling ----------

async function benchEcho() {
  const mark = cleanups.length;
  try {
    checkAborted();
    const port = await freePort();
    const child = startChild('echo server', ['--import', 'tsx', 'bench/echo-server.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    });
    onCleanup('stop echo server', () => child.stop());
    await waitForOutput(child, 'echo listening', 30_000);
    const conns = await openConns(`ws://127.0.0.1:${port}/`);
    // The same frames as the read scenario; the echo server only looks at `s`.
    const ids = Array.from({ length: ITEMS }, (_, i) => `Thread-${i + 1}`);
    console.log('echo: measuring');
    record(
      'echo',
      'echo',
      await load(conns, { serverPid: child.pid }, () => ({ o: `read/${ids[randomInt(ids.length)]}` })),
    );
  } finally {
    await runCleanups(mark);
  }
}

// ---------- the server ----------

async function startServer(label: string, databaseUrl: string | undefined) {
  checkAborted();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `ckk-bench-${label}-`));
  onCleanup(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const profileArgs: string[] = [];
  if (PROFILE) {
    const dir = path.join(os.tmpdir(), `ckk-bench-profile-${label}-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    profileArgs.push('--cpu-prof', `--cpu-prof-dir=${dir}`);
    console.log(`${label}: the server writes its CPU profile to ${dir} when it stops`);
  }
  const child: Child = startChild(
    `server (${label})`,
    ['--import', 'tsx', ...profileArgs, 'src/server/main.ts'],
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
  onCleanup(`stop ${child.name}`, () => child.stop());
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, child, 60_000);
  return { child, url, wsUrl: `ws://127.0.0.1:${port}/ws` };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    signal: AbortSignal.timeout(10_000),
  });
  const token = res.headers.get('token');
  if (res.status !== 200 || !token) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return token;
}

/** Creates the Threads with IN_FLIGHT creates in flight; returns ids and their versions. */
async function seed(conns: Conn[]): Promise<{ ids: string[]; versions: Map<string, number> }> {
  const ids: string[] = [];
  const versions = new Map<string, number>();
  let made = 0;
  const worker = async (w: number) => {
    const conn = conns[w % conns.length]!;
    while (made < ITEMS) {
      const n = ++made;
      const item = await conn.call<{ $id: string; $version: number }>('create/Thread', {
        subject: `Bench thread ${n}: Riverbend consultation follow-up`,
        $access: 'COMMUNITY',
      });
      ids.push(item.$id);
      versions.set(item.$id, item.$version);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, (_, w) => worker(w)));
  return { ids, versions };
}

async function benchDatabase(label: 'pglite' | 'postgres', databaseUrl: string | undefined) {
  const mark = cleanups.length;
  try {
    const t0 = Date.now();
    const server = await startServer(label, databaseUrl);
    console.log(
      `${label}: server pid ${server.child.pid} ready after ${((Date.now() - t0) / 1000).toFixed(1)} s`,
    );
    const token = await signIn(server.url);
    const conns = await openConns(server.wsUrl, token);
    const t1 = Date.now();
    const { ids, versions } = await seed(conns);
    console.log(`${label}: created ${ids.length} Threads in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
    const target: Target = { serverPid: server.child.pid };
    if (databaseUrl) target.dbCpuSeconds = await trackBackends(new URL(databaseUrl).pathname.slice(1));

    if (SCENARIOS.includes('read')) {
      console.log(`${label}: measuring read/{id}`);
      record(
        label,
        'read/{id}',
        await load(conns, target, () => ({ o: `read/${ids[randomInt(ids.length)]}` })),
      );
    }

    if (SCENARIOS.includes('readMany')) {
      console.log(`${label}: measuring readMany/object`);
      record(
        label,
        `readMany ${READ_MANY}`,
        await load(
          conns,
          target,
          () => ({ o: 'readMany/object', b: sample(ids, READ_MANY) }),
          (frame) => {
            if (isError(frame.b)) return 'error';
            const out = frame.b as Record<string, unknown>;
            for (const v of Object.values(out)) if (isError(v)) return 'error';
            return 'ok';
          },
        ),
      );
    }

    // Each slot updates only its own items, so in-flight updates never race for one version.
    const own: string[][] = Array.from({ length: IN_FLIGHT }, () => []);
    ids.forEach((id, k) => own[k % IN_FLIGHT]!.push(id));
    let rev = 0;
    if (SCENARIOS.includes('update')) {
      console.log(`${label}: measuring update`);
      record(
        label,
        'update',
        await load<string>(
          conns,
          target,
          (slot) => {
            const mine = own[slot]!;
            const id = mine[randomInt(mine.length)]!;
            return {
              o: 'update',
              b: { $id: id, $version: versions.get(id), subject: `Bench thread ${id}, revision ${++rev}` },
              ctx: id,
            };
          },
          (frame, req) => {
            const b = frame.b as {
              erred?: boolean;
              userMessage?: string;
              currentVersion?: number;
              $version?: number;
            };
            if (isError(b)) {
              if (b.userMessage !== 'staleVersion') return 'error';
              if (typeof b.currentVersion === 'number') versions.set(req.ctx!, b.currentVersion);
              return 'stale';
            }
            if (typeof b.$version === 'number') versions.set(req.ctx!, b.$version);
            return 'ok';
          },
        ),
      );
    }
    // Creates, after the updates: the items they add are nobody's to update.
    if (SCENARIOS.includes('create')) {
      console.log(`${label}: measuring create`);
      let n = 0;
      record(
        label,
        'create',
        await load(conns, target, () => ({
          o: 'create/Thread',
          b: { subject: `Bench create ${++n}: Riverbend consultation follow-up`, $access: 'COMMUNITY' },
        })),
      );
    }
    // The baselines: the same updates as bare SQL from this process (lib/bare-writes.ts), on the
    // same database, while the server idles: a transaction each, and batched as the server's
    // group commit batches them. PGlite is the server's alone, so PostgreSQL only.
    for (const [scenario, name, batched] of [
      ['bareUpdate', 'bare SQL update', false],
      ['bareBatched', 'bare SQL update, batched', true],
    ] as const) {
      if (!databaseUrl || !SCENARIOS.includes(scenario)) continue;
      console.log(`${label}: measuring the ${name}`);
      const bare = bareUpdateConns(databaseUrl, CONNECTIONS, { batched });
      try {
        record(
          label,
          name,
          await load(
            bare.conns,
            { serverPid: 0, ...(target.dbCpuSeconds ? { dbCpuSeconds: target.dbCpuSeconds } : {}) },
            (slot) => {
              const mine = own[slot]!;
              return { o: 'update', b: { $id: mine[randomInt(mine.length)]! } };
            },
          ),
        );
      } finally {
        await bare.close();
      }
    }
    if (server.child.hasExited())
      throw new Error(`the server exited during the run:\n${server.child.tail()}`);
  } catch (e) {
    const msg = `${label}: ${e instanceof Error ? e.message : String(e)}`;
    failures.push(msg);
    console.error(msg);
  } finally {
    await runCleanups(mark);
  }
}

/** A fresh database next to `test`, dropped at the end; null when PostgreSQL does not answer. */
function makePgDatabase(): Promise<string | null> {
  checkAborted();
  return makeBenchPgDatabase(PG_BASE, onCleanup);
}

// ---------- main ----------

async function main() {
  const started = Date.now();
  let finishing = false;
  const bail = (why: string, code: number) => {
    if (finishing) return;
    finishing = true;
    aborted = true;
    console.error(`\n${why}: stopping children and cleaning up`);
    printTable();
    // A stage that was starting something when the abort came registers its cleanup a moment later.
    void runCleanups()
      .then(() => new Promise((r) => setTimeout(r, 500)))
      .then(() => runCleanups())
      .finally(() => process.exit(code));
  };
  setTimeout(() => bail(`deadline of ${DEADLINE_S} s reached`, 2), DEADLINE_S * 1000).unref();
  process.on('SIGINT', () => bail('SIGINT', 130));
  process.on('SIGTERM', () => bail('SIGTERM', 143));

  if (SCENARIOS.includes('echo')) await benchEcho();
  if (DBS.includes('pglite')) await benchDatabase('pglite', undefined);
  if (DBS.includes('postgres')) {
    const mark = cleanups.length;
    try {
      const url = await makePgDatabase();
      if (url) await benchDatabase('postgres', url);
    } catch (e) {
      failures.push(`postgres: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      await runCleanups(mark);
    }
  }
  if (finishing) return;
  finishing = true;
  printTable();
  console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await runCleanups();
  process.exit(failures.length ? 1 : 0);
}

main().catch(async (e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  await runCleanups();
  process.exit(1);
});
