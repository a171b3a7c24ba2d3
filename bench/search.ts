// npm run bench:search — full text plus three facets, as a Riverbend staff member who can read
// about half of the items, at 10k and 100k items (and 1M on PostgreSQL), through the search
// service and as bare SQL of the same shape in the same process. Prints p50/p95, the ratio,
// the growth from 100k to 1M and the index sizes. A measurement, not a test. BENCH_KEEP=1 keeps
// the generated PostgreSQL databases (ckk_bsearch_keep_{size}) for re-runs and EXPLAIN.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { appRegistry } from '../src/modules';
import { AccessPolicy } from '../src/server/access/policy';
import type { Principal } from '../src/server/access/principal';
import { openPglite, openPostgres, type Database } from '../src/server/db/open';
import { query } from '../src/server/db/query';
import { ItemService } from '../src/server/items/item-service';
import { SearchService } from '../src/server/search/search-service';
import { summarize } from './lib/percentiles';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const QUERIES = Number(process.env.BENCH_QUERIES ?? 40);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const PG_SIZES = (process.env.BENCH_PG_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');

// Invented but natural vocabulary of a lands office and an archive.
const WORDS =
  `river crossing pipeline consultation elders salmon cedar archive photograph letter map trail territory
hunting fishing berry camp village treaty referral forestry cutblock permit road bridge creek lake mountain valley
moose caribou eagle raven bear wolf medicine ceremony song story language school church hall council chief band
survey report study assessment impact mitigation accommodation agreement meeting notice response deadline review
water quality habitat spawning migration winter summer spring fall harvest smokehouse canoe paddle basket blanket
drum regalia beadwork carving totem longhouse pithouse burial site sacred cultural heritage artifact repatriation
museum collection catalogue recording interview transcript genealogy family grandmother grandfather children youth
Stó:lō Sḵwx̱wú7mesh Nłeʔkepmx Secwépemc Syilx Tŝilhqot'in Ktunaxa Musqueam Tsleil-Waututh Squamish Kwantlen`.split(
    /\s+/,
  );

function sentenceSql(n: number): ReturnType<typeof sql> {
  const pick = sql`(${sql.raw(`array[${WORDS.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`)})[1 + floor(random() * ${WORDS.length})::int]`;
  return sql.join(
    Array.from({ length: n }, () => pick),
    sql` || ' ' || `,
  );
}

async function generate(db: Database, total: number, orgs: string[]) {
  const t0 = Date.now();
  const batch = 50_000;
  for (let done = 0; done < total; done += batch) {
    const n = Math.min(batch, total - done);
    // 40% Thread, 30% Agreement, 20% Contact, 10% Organization-like Sources; half owned by Riverbend.
    await db.db.execute(sql`
      with g as (
        select s, random() as r, random() as a, ${sentenceSql(8)} as words, ${sentenceSql(3)} as short
        from generate_series(${done + 1}::int, ${done + n}::int) s
      ), t as (
        select s, words, short, a,
          case when r < 0.4 then 'Thread' when r < 0.7 then 'Agreement' when r < 0.9 then 'Contact' else 'Source' end as type,
          case when s % 2 = 0 then ${orgs[0]!} else (${sql.raw(
            `array[${orgs
              .slice(1)
              .map((o) => `'${o}'`)
              .join(',')}]`,
          )})[1 + s % ${orgs.length - 1}] end as owner
        from g
      )
      insert into items (id, type, num, data, owner, access, created_by, created_at, updated_at, search_text)
      select type || '-' || s, type, s,
        case type
          when 'Thread' then jsonb_build_object('subject', words, 'purpose', (array['CONSULT_ACK','CONSULT_RESPONSE','CONSULT_INCOMPLETE'])[1 + s % 3])
          when 'Agreement' then jsonb_build_object('title', words, 'state', (array['DRAFT','ACTIVE','ARCHIVE','COMPLETE'])[1 + s % 4])
          when 'Contact' then jsonb_build_object('firstName', split_part(short, ' ', 1), 'lastName', split_part(short, ' ', 2), 'email', 'c' || s || '@example.test')
          else jsonb_build_object('label', words) end,
        owner,
        case when a < 0.1 then 'PUBLIC' when a < 0.5 then 'COMMUNITY' when a < 0.9 then 'PROTECTED' else 'PRIVATE' end,
        null, now() - (s % 700) * interval '1 day', now(),
        case type when 'Contact' then short else words end
      from t`);
  }
  // A bulk load leaves no visibility map and no statistics; autovacuum would set both within a
  // minute on a live server, so the benchmark starts from that state rather than mid-catch-up.
  await db.db.execute(sql`vacuum analyze items, item_search`);
  return Date.now() - t0;
}

async function indexSizes(db: Database) {
  const rows = await query<{ name: string; bytes: string }>(
    db.db,
    sql`select c.relname as name, pg_relation_size(c.oid) as bytes from pg_class c
        where c.relname in ('items', 'item_search', 'item_search_tsv', 'items_pkey', 'item_search_pkey', 'items_type_num', 'items_owner', 'items_type_created_live')`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.bytes)]));
}

const mb = (b: number | undefined) => `${((b ?? 0) / 1e6).toFixed(1)} MB`;

async function measure(db: Database, label: string, size: number) {
  const registry = appRegistry();
  const items = new ItemService(db, registry, new AccessPolicy(registry));
  const search = new SearchService(items);
  let explained = false;
  if (process.env.BENCH_TRACE) {
    const orig = db.db.execute.bind(db.db);
    (db.db as unknown as { execute: typeof orig }).execute = (async (q: Parameters<typeof orig>[0]) => {
      const t = performance.now();
      const r = await orig(q);
      const ms = performance.now() - t;
      if (ms > 200 && !explained) {
        explained = true;
        const plan = (await orig(sql`explain (analyze, costs off) ${q}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        console.log(plan.rows.map((x) => x['QUERY PLAN'].slice(0, 160)).join('\n'));
      }
      if (ms > 200)
        console.log(
          `slow ${ms.toFixed(0)} ms: ${(db.db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string } } }).dialect.sqlToQuery(q).sql.slice(0, 120).replace(/\s+/g, ' ')}`,
        );
      return r;
    }) as typeof orig;
  }
  const riverbend = 'Organization-1';
  const reader: Principal = {
    userId: 'User-999999',
    admin: false,
    orgs: new Map([[riverbend, 'staff']]),
    masqueradeFrom: null,
  };
  const words = WORDS.filter((w) => /^[a-z]+$/.test(w));
  const pick = (i: number) => words[(i * 7919) % words.length]!;
  const facets = ['_t', '$access', '_c.ts'];
  const body = (i: number) => ({ must: { $text: [pick(i)] }, facets, max: 50 });

  // The same shape by hand, as one statement on the same narrow table: the text match, the
  // reader's access as a short predicate (the organisation's levels only), the top 50 by rank,
  // the count and three facets.
  const bare = async (i: number) => {
    const q = sql`to_tsquery('simple', ckk_unaccent(${`${pick(i)}:*`}))`;
    await db.db.execute(sql`with m as materialized (
        select i.id, ts_rank(i.tsv, ${q}) as r, i.type, i.access, i.created_at from item_search i
        where i.tsv @@ ${q} and not i.deleted and (i.access = 'PUBLIC' or (i.owner = ${riverbend} and i.access in ('COMMUNITY','PROTECTED'))))
      select (select json_agg(id) from (select id from m order by r desc, id limit 50) t) as page,
        (select count(*) from m) as total,
        (select json_agg(json_build_array(type, n)) from (select type, count(*) as n from m group by 1) t) as types,
        (select json_agg(json_build_array(access, n)) from (select access, count(*) as n from m group by 1) t) as levels,
        (select count(*) filter (where created_at >= now() - interval '1 day') from m) as today`);
  };
  const ours = async (i: number) => void (await search.search(reader, body(i)));

  // Interleaved, one query of each per word and the order alternating, so a slow moment of a
  // shared machine falls on both sides instead of on whichever ran then.
  for (let i = 0; i < 5; i++) {
    await ours(i); // warm-up
    await bare(i);
  }
  const mine: number[] = [];
  const theirs: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const pair: [(n: number) => Promise<void>, number[]][] = [
      [ours, mine],
      [bare, theirs],
    ];
    if (i % 2) pair.reverse();
    for (const [fn, into] of pair) {
      const t = performance.now();
      await fn(i + 100);
      into.push(performance.now() - t);
    }
  }
  const a = summarize(mine);
  const b = summarize(theirs);
  const [{ n: visible }] = (await query<{ n: string }>(
    db.db,
    sql`select count(*) as n from items i where i.access = 'PUBLIC' or (i.owner = ${riverbend} and i.access in ('COMMUNITY','PROTECTED'))`,
  )) as [{ n: string }];
  const p95 = (s: ReturnType<typeof summarize>) => s.p90 + (s.p99 - s.p90) * 0.5;
  const sizes = await indexSizes(db);
  console.log(
    `${label.padEnd(9)} ${String(size).padStart(8)} items (reader sees ${((100 * Number(visible)) / size).toFixed(0)}%)  ` +
      `search p50 ${a.p50.toFixed(1)} ms p95~${p95(a).toFixed(1)} ms | bare SQL p50 ${b.p50.toFixed(1)} ms p95~${p95(b).toFixed(1)} ms | ` +
      `ratio p50 ${(a.p50 / b.p50).toFixed(2)} p95 ${(p95(a) / p95(b)).toFixed(2)} | items ${mb(sizes.items)}, item_search ${mb(sizes.item_search)}, tsv index ${mb(sizes.item_search_tsv)}`,
  );
  return { p50: a.p50, p95: p95(a) };
}

async function run(kind: string, size: number): Promise<{ p50: number; p95: number }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-bsearch-'));
    const db = await openPglite(dir, { lock: false });
    try {
      await seedOrgs(db);
      const ms = await generate(db, size, ['Organization-1', 'Organization-2', 'Organization-3']);
      console.log(`pglite    generated ${size} items in ${(ms / 1000).toFixed(1)} s`);
      return await measure(db, 'pglite', size);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  // BENCH_KEEP=1 keeps one database per size between runs (generated once), for EXPLAIN and iteration.
  const keep = !!process.env.BENCH_KEEP;
  const name = keep ? `ckk_bsearch_keep_${size}` : `ckk_bsearch_${process.pid}_${size}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const exists = keep && (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), { max: 4 });
  try {
    if (!exists) {
      await seedOrgs(db);
      const ms = await generate(db, size, ['Organization-1', 'Organization-2', 'Organization-3']);
      console.log(`postgres  generated ${size} items in ${(ms / 1000).toFixed(1)} s`);
    }
    return await measure(db, 'postgres', size);
  } finally {
    await db.close();
    if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function seedOrgs(db: Database) {
  for (const [i, n] of [
    'Riverbend First Nation',
    'Northern Pipeline Corp.',
    'Provincial Ministry of Lands',
  ].entries())
    await db.db.execute(sql`insert into items (id, type, num, data, owner, access, search_text)
      values (${`Organization-${i + 1}`}, 'Organization', ${i + 1}, ${JSON.stringify({ displayName: n, type: 'OTHER' })}::jsonb, ${`Organization-${i + 1}`}, 'PUBLIC', ${n})`);
  // Generated ids start high so they never meet the organisations' numbers.
}

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

console.log(`search benchmark: full text + 3 facets (${QUERIES} queries per size, after 5 warm-up)`);
const results: Record<string, Record<number, { p50: number; p95: number }>> = {};
for (const kind of DBS) {
  if (kind === 'postgres' && !(await pgReachable())) {
    console.log('postgres  not reachable; skipped');
    continue;
  }
  results[kind] = {};
  for (const size of kind === 'postgres' ? PG_SIZES : SIZES) results[kind][size] = await run(kind, size);
}
const pgr = results.postgres;
if (pgr?.[100000] && pgr[1000000])
  console.log(
    `postgres growth 100k → 1M: p50 ×${(pgr[1000000].p50 / pgr[100000].p50).toFixed(2)}, p95 ×${(pgr[1000000].p95 / pgr[100000].p95).toFixed(2)}`,
  );
