// npx tsx bench/search-bounds.ts — the most expensive search/ids queries the bounds of
// src/protocol/query.ts still accept (issue 11, finding 1), timed through the search service on
// the demo data, plus BENCH_EXTRA generated Threads (default 0), as a signed-out asker and as a
// staff member. On PGlite the statement runs in this thread and nothing can interrupt it, so the
// worst accepted query is the longest one person can stall everyone else. A measurement, not a test.
// BENCH_DB=postgres uses a throwaway database on BENCH_PG_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  SEARCH_MAX_DEPTH,
  SEARCH_MAX_NODES,
  SEARCH_MAX_RANGES,
  SEARCH_MAX_SUBS,
  SEARCH_MAX_TEXT_WORDS,
  SEARCH_MAX_VALUES,
  SEARCH_MAX_VALUES_PER_KEY,
  searchQueryBounds,
} from '../src/protocol/query';
import { appRegistry } from '../src/modules';
import { AccessPolicy } from '../src/server/access/policy';
import { ANONYMOUS, type Principal } from '../src/server/access/principal';
import { loadPrincipal } from '../src/server/auth/principals';
import { openPglite, openPostgres, type Database } from '../src/server/db/open';
import { query } from '../src/server/db/query';
import { ItemService } from '../src/server/items/item-service';
import { SearchService } from '../src/server/search/search-service';
import { seedDemo } from '../src/server/seed/demo';

const KIND = process.env.BENCH_DB ?? 'pglite';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const EXTRA = Number(process.env.BENCH_EXTRA ?? 0);
const RUNS = 3;

const times = <T>(n: number, f: (k: number) => T): T[] => Array.from({ length: n }, (_, k) => f(k));
const words = (k: number) => times(20, (w) => `${String.fromCharCode(97 + ((k + w) % 26))}`).join(' ');

/** Leaves of one key each, spread so the whole query has exactly the node and value bounds. */
function spread(leaf: (values: number, k: number) => Record<string, unknown>, leaves = SEARCH_MAX_SUBS) {
  const per = Math.floor(SEARCH_MAX_VALUES / leaves);
  return { subsShould: times(leaves, (k) => leaf(per, k)) };
}

const ONLY = process.env.BENCH_ONLY;
const CANDIDATES: Record<string, unknown> = {
  'values: 2000 _i (column, text compare)': {
    must: { _i: times(SEARCH_MAX_VALUES_PER_KEY, (k) => k) },
    should: { $id: times(SEARCH_MAX_VALUES_PER_KEY, (k) => `Thread-${k}`) },
    minShould: 1,
  },
  'values: 2000 jsonb @> on subject, 20 subsShould': spread((n, k) => ({
    must: { subject: times(n, (v) => `subject ${k} ${v}`) },
  })),
  'ranges: 50 date ranges on _c.ts and _m.ts': {
    should: { '_c.ts': times(SEARCH_MAX_RANGES / 2, (k) => `20${10 + (k % 15)}-01-01..2030-01-01`) },
    mustNot: { '_m.ts': times(SEARCH_MAX_RANGES / 2, (k) => `1990-01-01..19${10 + (k % 80)}-01-01`) },
    minShould: 1,
  },
  'text: 40 one-letter prefixes': {
    must: { $text: times(SEARCH_MAX_TEXT_WORDS / 20, words) },
  },
  'text: 20 subsShould of 2 one-letter prefixes': spread(
    (_, k) => ({ must: { $text: [words(k).slice(0, 3)] } }),
    SEARCH_MAX_TEXT_WORDS / 2,
  ),
  'nodes: 100, depth 4, should with minShould': (() => {
    // A chain 4 deep whose every level has subsShould leaves with mixed keys.
    const leaf = (k: number) => ({
      should: { _i: times(40, (v) => v + k), subject: times(40, (v) => `s ${v}`) },
      minShould: 1,
    });
    let q: Record<string, unknown> = { subsShould: times(5, leaf) };
    for (let d = 1; d < SEARCH_MAX_DEPTH; d++) q = { subs: [q], subsShould: times(6, leaf) };
    return q;
  })(),
  'facets: 20 with a date and a list facet, sort 5': {
    must: { _t: ['Thread'] },
    facets: [
      '_t',
      'owner',
      '$access',
      '_c',
      '_c.ts',
      '_m.ts',
      'participants',
      'purpose',
      'resolved',
      'subject',
    ],
    sort: [
      { key: 'subject', order: 'asc' },
      { key: '_c.ts', order: 'desc' },
      { key: 'purpose', order: 'asc' },
      { key: 'owner', order: 'asc' },
      { key: '_i', order: 'desc' },
    ],
    max: 10_000,
  },
};

async function open(): Promise<{ db: Database; drop(): Promise<void> }> {
  if (KIND === 'postgres') {
    const name = `ckk_bbounds_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const db = await openPostgres(PG_URL.replace(/\/[^/]*$/, `/${name}`));
    return {
      db,
      async drop() {
        await db.close();
        const a = new pg.Client({ connectionString: PG_URL });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ckk-bbounds-'));
  const db = await openPglite(dir);
  return {
    db,
    async drop() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const { db, drop } = await open();
  try {
    const registry = appRegistry();
    const items = new ItemService(db, registry, new AccessPolicy(registry));
    await seedDemo(items);
    for (let k = 0; k < EXTRA; k += 1000)
      await items.db
        .execute(sql`insert into items (id, type, num, data, owner, access, created_by, created_at, updated_at, search_text)
        select 'Thread-' || (100000 + s), 'Thread', 100000 + s,
          jsonb_build_object('subject', 'generated thread ' || s, 'purpose', 'CONSULT_ACK'),
          null, 'PUBLIC', null, now() - (s % 700) * interval '1 day', now(), 'generated thread ' || s
        from generate_series(${k + 1}::int, ${Math.min(k + 1000, EXTRA)}::int) s`);
    const [count] = await query<{ n: string }>(db.db, sql`select count(*)::text as n from items`);
    const staffId = (
      await query<{ id: string }>(
        db.db,
        sql`select user_id as id from credentials where email = 'researcher@riverbend.example'`,
      )
    )[0]!.id;
    const staff = (await loadPrincipal(db.db, staffId))!;
    const search = new SearchService(items);
    console.log(
      `${KIND}, ${count?.n} items; bounds depth ${SEARCH_MAX_DEPTH}, subs ${SEARCH_MAX_SUBS}, nodes ${SEARCH_MAX_NODES}, ` +
        `values ${SEARCH_MAX_VALUES_PER_KEY}/key ${SEARCH_MAX_VALUES} in all`,
    );
    for (const [name, q] of Object.entries(CANDIDATES)) {
      if (ONLY && !name.includes(ONLY)) continue;
      const over = searchQueryBounds(q);
      if (over) throw new Error(`${name} is over the bounds: ${JSON.stringify(over)}`);
      for (const [who, p] of [
        ['signed out', ANONYMOUS],
        ['staff', staff],
      ] as [string, Principal][]) {
        const ms: number[] = [];
        let total = 0;
        for (let r = 0; r < RUNS; r++) {
          const t = performance.now();
          total = (await search.search(p, q)).total;
          ms.push(performance.now() - t);
        }
        console.log(
          `${name.padEnd(52)} ${who.padEnd(10)} total ${String(total).padStart(5)}  ` +
            `best ${Math.min(...ms)
              .toFixed(0)
              .padStart(6)} ms  worst ${Math.max(...ms)
              .toFixed(0)
              .padStart(6)} ms`,
        );
      }
    }
  } finally {
    await drop();
  }
}

await main();
