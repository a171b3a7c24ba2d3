// npx tsx bench/audit-read.ts (npm run bench:audit) — what auditing the opens of PRIVATE items
// costs a read (issue 16 "consult.audit": "Writing the audit never slows a read by more than a few
// per cent. Measure it."). The same PRIVATE items are opened by id through the item service's
// readAllowed (what dispatch runs for `readAllowed/{id}`), as an orgAdmin of their owner, in
// blocks that alternate the audit on and off in one run, so both see the same database, cache
// and machine load. Reported: each read's latency (p50, p95) with the audit off and on, and the
// time the audit's batched INSERTs took per row (work the reads do not wait for). With the audit on every open is recorded (the same-open window set to 0: the
// worst case, each read queued and written), and its batched INSERTs run while the next reads do.
// Two cases: warm (rows in the node's cache, as an item opened again) and cold (the cache emptied
// before each round, so each read goes to the database beside the audit's writes).
// PGlite and PostgreSQL. A measurement, not a test.
import { sql } from 'drizzle-orm';
import { appRegistry } from '../src/modules';
import { AccessPolicy } from '../src/server/access/policy';
import type { Principal } from '../src/server/access/principal';
import type { Database } from '../src/server/db/open';
import { query } from '../src/server/db/query';
import { ItemService } from '../src/server/items/item-service';
import { percentile } from './lib/percentiles';
import { onScratchDatabase } from './lib/scratch-db';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ITEMS = Number(process.env.BENCH_ITEMS ?? 2_000);
/** Reads per block; blocks alternate audit on and off. */
const BLOCK = Number(process.env.BENCH_BLOCK ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 16);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const ORG = 'Organization-1';

async function generate(db: Database): Promise<number> {
  const t0 = Date.now();
  await db.db.execute(sql`insert into items (id, type, num, data, owner, access, search_text)
    values (${ORG}, 'Organization', 1, ${JSON.stringify({ displayName: 'Riverbend', type: 'COMMUNITY' })}::jsonb, ${ORG}, 'PUBLIC', 'Riverbend')`);
  // The reader and the items' creator exist, so a warm read finds every row it labels in the cache.
  for (const n of [1, 2])
    await db.db.execute(sql`insert into items (id, type, num, data, owner, access, search_text)
      values (${`User-${n}`}, 'User', ${n}, ${JSON.stringify({ name: `Person ${n}`, email: `p${n}@example.test` })}::jsonb, null, 'PROTECTED', ${`Person ${n}`})`);
  await db.db.execute(sql`
    insert into items (id, type, num, data, owner, access, created_by, search_text)
    select 'CommLog-' || s, 'CommLog', s,
      jsonb_build_object('subject', 'Private call ' || s, 'date', '2026-11-20T15:00:00.000Z',
        'body', repeat('Notes of the call. ', 20)),
      ${ORG}, 'PRIVATE', 'User-2', 'Private call ' || s
    from generate_series(1, ${ITEMS}) s`);
  await db.db.execute(sql`analyze`);
  return Date.now() - t0;
}

interface Stats {
  p50: number;
  p95: number;
  n: number;
}
const stats = (xs: number[]): Stats => {
  const s = Float64Array.from(xs).sort();
  return { p50: percentile(s, 50), p95: percentile(s, 95), n: s.length };
};
const ms = (v: number) => `${(v * 1000).toFixed(v < 0.1 ? 1 : 0)} µs`;
const pct = (on: number, off: number) => `${on >= off ? '+' : ''}${(((on - off) / off) * 100).toFixed(1)}%`;

async function measure(db: Database, label: string) {
  const registry = appRegistry();
  const items = new ItemService(db, registry, new AccessPolicy(registry));
  const audit = items.readAudit;
  (audit.options as { sameOpenMs: number }).sameOpenMs = 0;
  const admin: Principal = {
    userId: 'User-1',
    admin: false,
    orgs: new Map([[ORG, 'orgAdmin']]),
    masqueradeFrom: null,
  };
  const ids = Array.from({ length: ITEMS }, (_, i) => `CommLog-${i + 1}`);
  let next = 0;
  /** One block of reads; its latencies go to `out`. What it queued is written before the next. */
  const block = async (on: boolean, cold: boolean, out: number[]) => {
    audit.enabled = on;
    if (cold) items.cache.clear();
    for (let i = 0; i < BLOCK; i++) {
      const id = ids[next++ % ids.length]!;
      const t = performance.now();
      await items.readAllowed(admin, id);
      out.push(performance.now() - t);
    }
    await audit.flush();
  };
  for (const cold of [false, true]) {
    // Warm-up: the JIT, the cache, the database's pages.
    await block(false, cold, []);
    await block(true, cold, []);
    const on: number[] = [];
    const off: number[] = [];
    const before = { ...audit.stats };
    for (let r = 0; r < ROUNDS; r++) {
      // Alternate which goes first, so neither always runs after the other.
      if (r % 2) {
        await block(true, cold, on);
        await block(false, cold, off);
      } else {
        await block(false, cold, off);
        await block(true, cold, on);
      }
    }
    const a = stats(on);
    const b = stats(off);
    const rows = audit.stats.rows - before.rows;
    const batches = audit.stats.batches - before.batches;
    const writeMs = audit.stats.ms - before.ms;
    console.log(
      `${label.padEnd(9)} ${cold ? 'cold' : 'warm'} read-by-id of PRIVATE items: audit off p50 ${ms(b.p50)} p95 ${ms(b.p95)}; ` +
        `audit on p50 ${ms(a.p50)} (${pct(a.p50, b.p50)}) p95 ${ms(a.p95)} (${pct(a.p95, b.p95)}); ` +
        `(n=${a.n} each); the audit wrote ${rows} rows in ${batches} INSERTs, ${ms(writeMs / rows)} a row, off the reads' path`,
    );
  }
  const [written] = await query<{ n: string }>(db.db, sql`select count(*)::text as n from read_audit`);
  console.log(`${label.padEnd(9)} read_audit rows written: ${written?.n} (every audited open)`);
  await audit.close();
}

console.log(
  `audit read benchmark: ${ITEMS} PRIVATE items opened by id, ${ROUNDS} blocks of ${BLOCK} reads each with the audit on and off, interleaved`,
);
for (const kind of DBS) await onScratchDatabase(kind, 'audit', PG_URL, generate, measure);
