// npm run bench:archive — the archive catalogue as a community member who is one of their
// community's Elders, over 200,000 archive entries of five communities at every level, a tenth
// restricted to a protocol (the Elders', or one the member is not in): the catalogue's CARDS page
// with every facet the screen asks for, the same narrowed by a category, and a word search with
// the facets. Through the search service and as bare SQL of the same shape in the same process
// (interleaved). PGlite and PostgreSQL. A measurement, not a test (issue 17: aim p95 ≤ 60 ms on
// PostgreSQL, with protocols in force). The catalogue's first page sums kept facet counts
// (search/kept-counts.ts): it is measured against bare SQL of the live count it replaces, and
// against bare SQL of its own shape.
//
// Rows are written in bulk SQL with the fields the archive hook derives (mediaCategories, year)
// and the search text the item service writes, so the searches read what production rows hold.
import { sql, type SQL } from 'drizzle-orm';
import { searchText } from '../src/kernel/search-text';
import { appRegistry } from '../src/modules';
import { AccessPolicy } from '../src/server/access/policy';
import type { Principal } from '../src/server/access/principal';
import type { Database } from '../src/server/db/open';
import { ensureTypeIndexes } from '../src/server/db/type-indexes';
import { ensureKeptFacets } from '../src/server/search/kept-facets';
import { lovKeysInUse } from '../src/server/http/lov-in-use';
import { ARCHIVE_CATEGORIES } from '../src/modules/archive/types';
import { ItemService } from '../src/server/items/item-service';
import { SearchService } from '../src/server/search/search-service';
import { compareCases, type ComparedCase } from './lib/interleaved';
import { onScratchDatabase } from './lib/scratch-db';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const QUERIES = Number(process.env.BENCH_QUERIES ?? 60);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 200_000);
const COMMUNITIES = 5;
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const BATCH = 2000;

const registry = appRegistry();
const ENTRY = registry.type('ArchiveEntry')!;
const CATEGORIES = [
  'ORAL_HISTORY',
  'PHOTOGRAPHS',
  'TREATY_RIGHTS',
  'LAND_USE',
  'GOVERNANCE',
  'LANGUAGE',
  'MAPS',
];
const TYPES = ['AUDIO', 'PHOTOGRAPH', 'DOCUMENT', 'BOOK', 'CORRESPONDENCE', 'MAP', 'REPORT'];
const MEDIA = ['AUDIO', 'DOCUMENT', 'IMAGE', 'OTHER', 'VIDEO'];
const WORDS = [
  'treaty',
  'river',
  'heron',
  'survey',
  'council',
  'berry',
  'canoe',
  'trapline',
  'elder',
  'reserve',
];
const community = (n: number) => `Organization-${n}`;
const source = (n: number) => `Organization-${100 + n}`;
const elders = (n: number) => `Protocol-${n}`;
const otherProtocol = (n: number) => `Protocol-${10 + n}`;
const collection = (n: number) => `Collection-${n}`;
const ARCHIVIST = 'User-9002';

async function generate(db: Database): Promise<number> {
  const t0 = Date.now();
  for (let i = 1; i <= COMMUNITIES; i++)
    await db.db.execute(sql`insert into items (id, type, num, data, owner, access, search_text)
      values (${community(i)}, 'Organization', ${i}, ${JSON.stringify({ displayName: `Community ${i}`, type: 'COMMUNITY' })}::jsonb,
        ${community(i)}, 'PUBLIC', ${`community ${i}`})`);
  for (let i = 1; i <= 20; i++)
    await db.db.execute(sql`insert into items (id, type, num, data, owner, access, search_text)
      values (${source(i)}, 'Organization', ${100 + i}, ${JSON.stringify({ displayName: `Archive ${i}`, type: 'OTHER' })}::jsonb,
        ${source(i)}, 'PUBLIC', ${`archive ${i}`})`);
  for (let from = 1; from <= ENTRIES; from += BATCH) {
    const rows: {
      id: string;
      num: number;
      data: Record<string, unknown>;
      owner: string;
      access: string;
      protocols: string[] | null;
      txt: string;
    }[] = [];
    for (let n = from; n < Math.min(from + BATCH, ENTRIES + 1); n++) {
      const c = 1 + (n % COMMUNITIES);
      const year = 1870 + (n % 150);
      const data: Record<string, unknown> = {
        title: `${WORDS[n % WORDS.length]} ${WORDS[(n >> 3) % WORDS.length]} record ${n}`,
        creator: [`Person ${n % 500}`],
        category: CATEGORIES[n % CATEGORIES.length],
        type: TYPES[(n >> 2) % TYPES.length],
        date: String(year),
        year,
        mediaCategories: n % 3 === 0 ? [] : [MEDIA[n % MEDIA.length]!, ...(n % 7 === 0 ? ['IMAGE'] : [])],
        collections: n % 4 === 0 ? [collection(1 + (n % 40))] : [],
        sourceOrg: source(1 + (n % 20)),
        needsAttention: n % 50 === 0,
        keywords: [WORDS[(n >> 1) % WORDS.length]!],
      };
      const access =
        n % 20 === 0 ? 'PRIVATE' : n % 10 === 0 ? 'PUBLIC' : n % 7 === 0 ? 'PROTECTED' : 'COMMUNITY';
      // A tenth is restricted: mostly to the community's Elders, some to a protocol of its own;
      // every community and level has some (n >> 2: not in step with the community's n % 5).
      const r = (n >> 2) % 30;
      const protocols = r % 10 === 3 ? [elders(c)] : r === 7 ? [otherProtocol(c)] : null;
      rows.push({
        id: `ArchiveEntry-${n}`,
        num: n,
        data,
        owner: community(c),
        access,
        protocols,
        txt: searchText(ENTRY, `ArchiveEntry-${n}`, data),
      });
    }
    // The first community's archivist made every one of its entries.
    await db.db
      .execute(sql`insert into items (id, type, num, data, owner, access, protocols, search_text, created_by)
      select id, 'ArchiveEntry', num, data, owner, access, protocols, txt,
        case when owner = ${community(1)} then ${ARCHIVIST} end
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as t(id text, num int, data jsonb, owner text, access text, protocols text[], txt text)`);
  }
  await db.db.execute(sql`vacuum analyze items, item_search`);
  return Date.now() - t0;
}

/** What the catalogue screen asks for (search-model.ts facetKeys): the type's, then every list's. */
const FACETS = [...(ENTRY.facets ?? []), 'owner', '$access', '_c.ts', '$tkLabels'];
const DATA_FACETS = [
  'category',
  'type',
  'mediaCategories',
  'collections',
  'sourceOrg',
  'year',
  'needsAttention',
];

async function measure(db: Database, label: string) {
  await ensureTypeIndexes(db.db, registry);
  // The kept facet counts, made from every entry as at a start after the type first keeps them.
  const keptAt = Date.now();
  await ensureKeptFacets(db.db, registry);
  console.log(`${label.padEnd(9)} kept facet counts made in ${((Date.now() - keptAt) / 1000).toFixed(1)} s`);
  const items = new ItemService(db, registry, new AccessPolicy(registry));
  const search = new SearchService(items);
  const home = community(1);
  const member: Principal = {
    userId: 'User-9001',
    admin: false,
    orgs: new Map([[home, 'member']]),
    masqueradeFrom: null,
    protocols: new Set([elders(1)]),
  };
  const archivist: Principal = { ...member, userId: ARCHIVIST, orgs: new Map([[home, 'editor']]) };
  // The member's read rule, by hand: public items, and the community's own COMMUNITY ones; an
  // item restricted to protocols only when the member is in one of them.
  const readableAs = (a: string) => {
    const x = sql.raw(a);
    return sql`(${x}.access = 'PUBLIC' or (${x}.owner = ${home} and ${x}.access = 'COMMUNITY'))
    and (${x}.protocols is null or ${x}.protocols && ${`{${elders(1)}}`}::text[])`;
  };
  const readable = readableAs('i');
  const facetSql = sql.join(
    [
      ...DATA_FACETS.map(
        (f) =>
          sql`(select json_agg(x) from (select v as x, count(*) from m, jsonb_array_elements_text(case when jsonb_typeof(m.data->${f}) = 'array' then m.data->${f} else jsonb_build_array(m.data->${f}) end) v group by 1) a)`,
      ),
      sql`(select json_agg(x) from (select owner as x, count(*) from m group by 1) a)`,
      sql`(select json_agg(x) from (select access as x, count(*) from m group by 1) a)`,
    ],
    sql`, `,
  );
  const page = (where: ReturnType<typeof sql>) =>
    db.db
      .execute(sql`with m as materialized (select i.id, i.data, i.owner, i.access, i.created_at from items i
        where i.type = 'ArchiveEntry' and not i.deleted and ${readable} and ${where})
      select (select json_agg(id) from (select id from m order by created_at desc, id limit 50) t),
        (select count(*) from m), ${facetSql}`);
  /** archive.catalogue as it opens: newest first, 50 cards, every facet, labels. */
  const cataloguePage = (who: Principal) =>
    search.search(who, {
      must: { _t: ['ArchiveEntry'] },
      sort: [{ key: '_c.ts', order: 'desc' }],
      facets: FACETS,
      labels: true,
      max: 50,
    });
  /** Bare SQL of the kept shape: the page by the (type, created) index, and the readable cells' sums. */
  const keptPage = (rows: SQL, cells: SQL) =>
    db.db
      .execute(sql`select (select json_agg(json_build_array(id, data)) from (select i.id, i.data from items i
        where i.type = 'ArchiveEntry' and not i.deleted and ${rows}
        order by i.created_at desc, i.id limit 50) t),
      (select json_agg(x) from (select c.facet, c.value, sum(c.n) from facet_counts c
        where c.type = 'ArchiveEntry' and ${cells} group by 1, 2) x)`);
  const cases: ComparedCase[] = [
    {
      name: 'catalogue page + 11 facets',
      ours: () => cataloguePage(member),
      bare: () => page(sql`true`),
    },
    {
      // The same page against bare SQL of its own shape: the newest 50 by the (type, created)
      // index, and the sum of the kept counts of the cells the member may read.
      name: 'catalogue page, bare kept',
      ours: () => cataloguePage(member),
      bare: () => keptPage(readable, readableAs('c')),
    },
    {
      // The archivist who made all 40,000 of the community's entries: the ones only a creator
      // may read (private, and restricted to a protocol they are not in) are in cells of theirs.
      name: 'catalogue page, as its archivist',
      ours: () => cataloguePage(archivist),
      bare: () =>
        keptPage(
          sql`(${readable} or i.created_by = ${ARCHIVIST})`,
          sql`(${readableAs('c')} or c.created_by = ${ARCHIVIST})`,
        ),
    },
    {
      name: 'by category + 11 facets',
      ours: (i) =>
        search.search(member, {
          must: { _t: ['ArchiveEntry'], category: [CATEGORIES[i % CATEGORIES.length]!] },
          sort: [{ key: '_c.ts', order: 'desc' }],
          facets: FACETS,
          labels: true,
          max: 50,
        }),
      bare: (i) => page(sql`i.data->>'category' = ${CATEGORIES[i % CATEGORIES.length]!}`),
    },
    {
      name: 'word search + 11 facets',
      ours: (i) =>
        search.search(member, {
          must: { _t: ['ArchiveEntry'], $text: [WORDS[i % WORDS.length]!] },
          facets: FACETS,
          labels: true,
          max: 50,
        }),
      bare: (i) =>
        db.db
          .execute(sql`with m as materialized (select i.id, i.data, i.owner, i.access, ts_rank(s.tsv, q) as r
            from item_search s join items i on i.id = s.id, to_tsquery('simple', ckk_unaccent(${WORDS[i % WORDS.length]! + ':*'})) q
            where s.type = 'ArchiveEntry' and not s.deleted and s.tsv @@ q and ${readable})
          select (select json_agg(id) from (select id from m order by r desc, id limit 50) t), (select count(*) from m), ${facetSql}`),
    },
  ];
  // GET /lov for the member: the other communities' category values the member may not read by
  // their level are shown when they stand on an entry the member may read (lov-in-use.ts).
  const others = Array.from({ length: COMMUNITIES - 1 }, (_, i) => community(i + 2));
  cases.push({
    name: 'list labels in use (4 communities)',
    ours: () => lovKeysInUse(db.db, registry, member, ARCHIVE_CATEGORIES, others),
    bare: () =>
      db.db.execute(sql`select distinct i.owner, i.data->>'category' from items i
        where i.type = 'ArchiveEntry' and i.owner = any(${`{${others.join(',')}}`}::text[]) and not i.deleted
          and ${readable}`),
  });
  await compareCases(label, cases, QUERIES);
}

console.log(
  `archive benchmark: ${ENTRIES} entries, ${COMMUNITIES} communities, a tenth protocol-restricted (${QUERIES} queries each, after 5 warm-up)`,
);
for (const kind of DBS) await onScratchDatabase(kind, 'archive', PG_URL, generate, measure);
