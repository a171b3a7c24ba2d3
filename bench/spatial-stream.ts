// npx tsx bench/spatial-stream.ts (npm run bench:spatial) — the map's streamFeatures over 100,000
// places (points and polygons, in 5 layers of one community, 1 in 50 PRIVATE to someone else) as
// a community member: the time to the first batch and to the last, through the act's own handler
// (search ids with the read rule in SQL, rows checked by the policy), against bare SQL of the same
// shape (the same filter, order and pages, the read rule written by hand) in the same run,
// interleaved. PGlite and PostgreSQL. A measurement, not a test.
//
// Rows are written in bulk SQL (with their box and their `collection` link, as the item service
// writes them), not through the item service: 100,000 item-service writes would measure writes.
import { sql } from 'drizzle-orm';
import { appRegistry } from '../src/modules';
import { streamFeatures } from '../src/modules/spatial/server/map/stream';
import { AccessPolicy } from '../src/server/access/policy';
import type { Principal } from '../src/server/access/principal';
import type { Database } from '../src/server/db/open';
import { query } from '../src/server/db/query';
import { ensureTypeIndexes } from '../src/server/db/type-indexes';
import { ItemService } from '../src/server/items/item-service';
import { SearchService } from '../src/server/search/search-service';
import type { ActCall, Services } from '../src/server/module-api';
import { summarize } from './lib/percentiles';
import { onScratchDatabase } from './lib/scratch-db';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const FEATURES = Number(process.env.BENCH_FEATURES ?? 100_000);
const FIRSTS = Number(process.env.BENCH_FIRSTS ?? 20);
const FULLS = Number(process.env.BENCH_FULLS ?? 3);
const BATCH = Number(process.env.BENCH_BATCH ?? 2000);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const LAYERS = 5;
const ORG = 'Organization-1';
const layer = (n: number) => `SpatialCollection-${n}`;
const LAYER_IDS = Array.from({ length: LAYERS }, (_, n) => layer(n + 1));

async function generate(db: Database): Promise<number> {
  const t0 = Date.now();
  await db.db.execute(sql`insert into items (id, type, num, data, owner, access, search_text)
    values (${ORG}, 'Organization', 1, ${JSON.stringify({ displayName: 'Riverbend', type: 'COMMUNITY' })}::jsonb, ${ORG}, 'PUBLIC', 'Riverbend')`);
  for (let n = 1; n <= LAYERS; n++)
    await db.db.execute(sql`insert into items (id, type, num, data, owner, access, search_text)
      values (${layer(n)}, 'SpatialCollection', ${n}, ${JSON.stringify({ label: `Layer ${n}`, state: 'ACTIVE' })}::jsonb, ${ORG}, 'COMMUNITY', ${`Layer ${n}`})`);
  // Every other place a polygon of ~300 m; positions spread over 3° × 2°.
  await db.db.execute(sql`
    with g as (select s, -122 + (s::bigint * 7919 % 30000) / 10000.0 as x, 55 + (s::bigint * 104729 % 20000) / 10000.0 as y
               from generate_series(1, ${FEATURES}) s)
    insert into items (id, type, num, data, owner, access, created_by, search_text, bbox)
    select 'SpatialFeature-' || s, 'SpatialFeature', s,
      jsonb_build_object('label', 'Place ' || s, 'state', 'ACTIVE', 'spatialType', 'TRADITIONAL_USE',
        'collection', 'SpatialCollection-' || (1 + s % ${LAYERS}), 'accuracy', s % 500,
        'geometry', case when s % 2 = 0
          then jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(x, y))
          else jsonb_build_object('type', 'Polygon', 'coordinates', jsonb_build_array(jsonb_build_array(
            jsonb_build_array(x, y), jsonb_build_array(x + 0.003, y), jsonb_build_array(x + 0.003, y + 0.003),
            jsonb_build_array(x, y + 0.003), jsonb_build_array(x, y)))) end),
      ${ORG}, case when s % 50 = 0 then 'PRIVATE' else 'COMMUNITY' end, 'User-2', 'Place ' || s,
      case when s % 2 = 0 then box(point(x, y), point(x, y)) else box(point(x, y), point(x + 0.003, y + 0.003)) end
    from g`);
  await db.db.execute(sql`insert into links (from_id, prop, idx, to_id)
    select 'SpatialFeature-' || s, 'collection', 0, 'SpatialCollection-' || (1 + s % ${LAYERS})
    from generate_series(1, ${FEATURES}) s`);
  await db.db.execute(sql`analyze`);
  return Date.now() - t0;
}

const p95 = (s: ReturnType<typeof summarize>) => s.p90 + (s.p99 - s.p90) * 0.5;
const fmt = (s: ReturnType<typeof summarize>) =>
  `p50 ${s.p50.toFixed(1)} ms p95~${p95(s).toFixed(1)} ms (n=${s.count})`;

async function measure(db: Database, label: string) {
  const registry = appRegistry();
  await ensureTypeIndexes(db.db, registry);
  const items = new ItemService(db, registry, new AccessPolicy(registry));
  const search = new SearchService(items);
  const member: Principal = {
    userId: 'User-1',
    admin: false,
    orgs: new Map([[ORG, 'member']]),
    masqueradeFrom: null,
  };
  const services = { items, search, registry } as unknown as Services;
  // As the client asks: the total with the second batch.
  const body = (cursor: string | null, count: boolean) => ({
    relatedIDs: LAYER_IDS,
    cursor,
    batch: BATCH,
    ...(count ? { count } : {}),
  });
  const ours = async (cursor: string | null, count = false) => {
    const call = {
      services,
      principal: member,
      session: null,
      body: body(cursor, count),
      sub: undefined,
      key: undefined,
    };
    const r = await streamFeatures(call as unknown as ActCall<never>);
    return { n: Object.keys(r.features).length, cursor: r.cursor };
  };
  // The same page by hand: layer, state, the member's read rule, item-number order.
  const bare = async (cursor: string | null) => {
    const after = cursor ? Number(cursor) : 0;
    const rows = await query<{ id: string; num: number }>(
      db.db,
      sql`select id, num, data from items i where i.type = 'SpatialFeature' and not i.deleted
        and i.data->>'collection' = any(${`{${LAYER_IDS.join(',')}}`}::text[])
        and coalesce(i.data->>'state', '') not in ('DRAFT', 'ARCHIVED')
        and i.owner = ${ORG} and i.access in ('PUBLIC', 'COMMUNITY')
        and i.num > ${after} order by i.num limit ${BATCH}`,
    );
    const last = rows[rows.length - 1];
    return { n: rows.length, cursor: rows.length === BATCH && last ? String(last.num) : null };
  };
  const time = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  const full = async (
    fn: (c: string | null, count: boolean) => Promise<{ n: number; cursor: string | null }>,
  ) => {
    const t = performance.now();
    let first = 0;
    let cursor: string | null = null;
    let total = 0;
    let first2 = false;
    do {
      const r = await fn(cursor, !!cursor && !first2);
      if (cursor) first2 = true;
      if (!first) first = performance.now() - t;
      total += r.n;
      cursor = r.cursor;
    } while (cursor);
    return { first, last: performance.now() - t, total };
  };
  for (let i = 0; i < 3; i++) await Promise.all([ours(null), bare(null)]);
  const firstOurs: number[] = [];
  const firstBare: number[] = [];
  for (let i = 0; i < FIRSTS; i++) {
    firstOurs.push(await time(() => ours(null)));
    firstBare.push(await time(() => bare(null)));
  }
  const a = summarize(firstOurs);
  const b = summarize(firstBare);
  console.log(
    `${label.padEnd(9)} first batch of ${BATCH}: streamFeatures ${fmt(a)}; bare SQL ${fmt(b)}; ratio p50 ${(a.p50 / b.p50).toFixed(2)}`,
  );
  const lastOurs: number[] = [];
  const lastBare: number[] = [];
  let drawn = 0;
  for (let i = 0; i < FULLS; i++) {
    const o = await full(ours);
    drawn = o.total;
    lastOurs.push(o.last);
    lastBare.push((await full(bare)).last);
  }
  const c = summarize(lastOurs);
  const d = summarize(lastBare);
  console.log(
    `${label.padEnd(9)} last batch (${drawn} places readable, all batches): streamFeatures ${fmt(c)}; bare SQL ${fmt(d)}; ratio p50 ${(c.p50 / d.p50).toFixed(2)}`,
  );
}

const run = (kind: string) => onScratchDatabase(kind, 'spatial', PG_URL, generate, measure);

console.log(
  `spatial stream benchmark: ${FEATURES} places in ${LAYERS} layers, batches of ${BATCH}, a member of the community`,
);
for (const kind of DBS) await run(kind);
