// npx tsx bench/research-map.ts (npm run bench:research-map) — research.data's MAP mode over
// 50,000 ResearchData points of one community (PROTECTED, 1 in 50 PRIVATE to another researcher):
// the time to stream every point a staff member may read, the way the MAP mode asks (the search's
// own query through streamFeatures `query`: keyset pages of search's SQL with the read rule, each
// row checked again by the policy, batches of 2,000, the total with the second), against bare SQL
// of the same pages (the same filter and order, the read rule written by hand, the rows' data)
// in the same run, interleaved, alternating which goes first. PostgreSQL by default
// (BENCH_DBS=pglite,postgres for both). A measurement, not a test.
//
// Rows are written in bulk SQL (with their box, as the item service writes them), not through the
// item service: 50,000 item-service writes would measure writes.
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
import { fmt, p95 } from './lib/interleaved';
import { summarize } from './lib/percentiles';
import { onScratchDatabase } from './lib/scratch-db';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const POINTS = Number(process.env.BENCH_POINTS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BATCH = Number(process.env.BENCH_BATCH ?? 2000);
const DBS = (process.env.BENCH_DBS ?? 'postgres').split(',');
const ORG = 'Organization-1';
const ME = 'User-1';
const ACCURACY = ['HIGH', 'MEDIUM', 'LOW', 'N_A'];

async function generate(db: Database): Promise<number> {
  const t0 = Date.now();
  await db.db.execute(sql`insert into items (id, type, num, data, owner, access, search_text)
    values (${ORG}, 'Organization', 1, ${JSON.stringify({ displayName: 'Riverbend', type: 'COMMUNITY' })}::jsonb, ${ORG}, 'PUBLIC', 'Riverbend')`);
  // Points spread over 3° × 2° of the community's lands, with the fields a coded point carries.
  await db.db.execute(sql`
    with g as (select s, -122 + (s::bigint * 7919 % 30000) / 10000.0 as x, 55 + (s::bigint * 104729 % 20000) / 10000.0 as y
               from generate_series(1, ${POINTS}) s)
    insert into items (id, type, num, data, owner, access, created_by, search_text, bbox)
    select 'ResearchData-' || s, 'ResearchData', s,
      jsonb_build_object('label', 'Site ' || s, 'siteCode', 'HU' || s || '-01-02',
        'project', 'ResearchProject-' || (1 + s % 5), 'activity', 'ResearchActivity-' || (1 + s % 400),
        'valueCode', 'HU', 'mapAccuracy', (${`{${ACCURACY.join(',')}}`}::text[])[1 + s % 4],
        'seasons', jsonb_build_array('SUM', 'FALL'),
        'spatial', jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(x, y))),
      ${ORG}, case when s % 50 = 0 then 'PRIVATE' else 'PROTECTED' end,
      case when s % 50 = 0 then 'User-2' else ${ME} end, 'Site ' || s, box(point(x, y), point(x, y))
    from g`);
  await db.db.execute(sql`analyze`);
  return Date.now() - t0;
}

async function measure(db: Database, label: string) {
  const registry = appRegistry();
  await ensureTypeIndexes(db.db, registry);
  const items = new ItemService(db, registry, new AccessPolicy(registry));
  const search = new SearchService(items);
  const staff: Principal = {
    userId: ME,
    admin: false,
    orgs: new Map([[ORG, 'staff']]),
    masqueradeFrom: null,
  };
  const services = { items, search, registry } as unknown as Services;
  // The MAP mode's request: research.data's list query, its page and sort dropped by the client.
  const mapQuery = { must: { _t: ['ResearchData'] } };
  const ours = async (cursor: string | null, count: boolean) => {
    const body = { query: mapQuery, cursor, batch: BATCH, ...(count ? { count } : {}) };
    const call = { services, principal: staff, session: null, body, sub: undefined, key: undefined };
    const r = await streamFeatures(call as unknown as ActCall<never>);
    return { n: Object.keys(r.features).length, cursor: r.cursor };
  };
  // The same pages by hand: the type, staff's read rule (PROTECTED and below of their community,
  // PRIVATE only their own), item-number order, and the rows' data a map needs.
  const bare = async (cursor: string | null) => {
    const after = cursor ? Number(cursor) : 0;
    const rows = await query<{ num: number }>(
      db.db,
      sql`select id, num, data from items i where i.type = 'ResearchData' and not i.deleted
        and ((i.owner = ${ORG} and i.access in ('PUBLIC', 'COMMUNITY', 'PROTECTED')) or i.created_by = ${ME})
        and i.num > ${after} order by i.num limit ${BATCH}`,
    );
    const last = rows[rows.length - 1];
    return { n: rows.length, cursor: rows.length === BATCH && last ? String(last.num) : null };
  };
  const all = async (
    fn: (c: string | null, count: boolean) => Promise<{ n: number; cursor: string | null }>,
  ) => {
    const t = performance.now();
    let cursor: string | null = null;
    let total = 0;
    let batches = 0;
    do {
      const r = await fn(cursor, batches === 1);
      batches++;
      total += r.n;
      cursor = r.cursor;
    } while (cursor);
    return { ms: performance.now() - t, total };
  };
  await all(ours);
  await all(bare);
  const mine: number[] = [];
  const theirs: number[] = [];
  let drawn = 0;
  let bareRows = 0;
  for (let i = 0; i < RUNS; i++) {
    const pair: [typeof ours | typeof bare, number[]][] = [
      [ours, mine],
      [bare, theirs],
    ];
    if (i % 2) pair.reverse();
    for (const [fn, into] of pair) {
      const r = await all(fn);
      into.push(r.ms);
      if (fn === ours) drawn = r.total;
      else bareRows = r.total;
    }
  }
  const a = summarize(mine);
  const b = summarize(theirs);
  console.log(
    `${label.padEnd(9)} all ${drawn} readable points (bare SQL ${bareRows} rows), batches of ${BATCH}: ` +
      `streamFeatures ${fmt(a)} | bare SQL ${fmt(b)} | ratio p50 ${(a.p50 / b.p50).toFixed(2)}, p95 ${(p95(a) / p95(b)).toFixed(2)} (n=${RUNS})`,
  );
}

console.log(
  `research map benchmark: ${POINTS} ResearchData points (1 in 50 PRIVATE to another researcher), a staff member of the community`,
);
for (const kind of DBS) await onScratchDatabase(kind, 'resmap', PG_URL, generate, measure);
