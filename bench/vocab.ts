// npm run bench:vocab — the words list's searches as a community member, over 50,000 lexemes in
// five communities' languages, through the search service and as bare SQL of the same shape in the
// same process (interleaved): a word search (folded, prefix) with the list's facets, a search by
// another spelling, and the list sorted by label in a declared alphabet (Lexeme.sortKey).
// PGlite and PostgreSQL. A measurement, not a test (issue 19: aim p95 ≤ 30 ms on PostgreSQL).
//
// Rows are written in bulk SQL with the derived fields the Lexeme hook writes (sortKey, folded,
// hasMedia, wordClass) and the search text the item service writes (kernel/search-text.ts), so
// the searches read what production rows hold; 50,000 item-service writes would measure writes.
import { sql } from 'drizzle-orm';
import { searchText } from '../src/kernel/search-text';
import { appRegistry } from '../src/modules';
import { compileAlphabet, sortKey } from '../src/modules/vocab/alphabet';
import { foldedText, foldSpelling } from '../src/modules/vocab/fold';
import { searchWords } from '../src/protocol/query';
import { PART_OF_SPEECH_VALUES, wordClassOf } from '../src/modules/vocab/parts-of-speech';
import { vocabCategoryEntries } from '../src/modules/vocab/categories';
import { DEMO_ALPHABET } from '../src/modules/vocab/server/demo';
import { AccessPolicy } from '../src/server/access/policy';
import type { Principal } from '../src/server/access/principal';
import type { Database } from '../src/server/db/open';
import { ensureTypeIndexes } from '../src/server/db/type-indexes';
import { ItemService } from '../src/server/items/item-service';
import { SearchService } from '../src/server/search/search-service';
import { compareCases, type ComparedCase } from './lib/interleaved';
import { onScratchDatabase } from './lib/scratch-db';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const QUERIES = Number(process.env.BENCH_QUERIES ?? 60);
const LEXEMES = Number(process.env.BENCH_LEXEMES ?? 50_000);
const COMMUNITIES = 5;
const DBS = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',');
const BATCH = 2000;

const registry = appRegistry();
const LEXEME = registry.type('Lexeme')!;
const ALPHABET = compileAlphabet(DEMO_ALPHABET);
const CATEGORIES = vocabCategoryEntries().map((e) => e.key);
const community = (n: number) => `Organization-${n}`;
const language = (n: number) => `VocabLanguage-${n}`;

/** A deterministic pseudo-random word of 2–4 syllables from the invented alphabet. */
function makeWord(n: number): string {
  let x = (n * 2654435761) >>> 0;
  const next = (m: number) => {
    x = (x * 1103515245 + 12345) >>> 0;
    return (x >>> 8) % m;
  };
  const consonants = DEMO_ALPHABET.filter((g) => !/^[aáeéiou]$/.test(g));
  const vowels = ['a', 'á', 'e', 'é', 'i', 'o', 'u'];
  let w = '';
  for (let s = 0, len = 2 + next(3); s < len; s++)
    w += consonants[next(consonants.length)]! + vowels[next(vowels.length)]!;
  return w;
}

async function generate(db: Database): Promise<number> {
  const t0 = Date.now();
  for (let i = 1; i <= COMMUNITIES; i++) {
    await db.db.execute(sql`insert into items (id, type, num, data, owner, access, search_text)
      values (${community(i)}, 'Organization', ${i}, ${JSON.stringify({ displayName: `Community ${i}`, type: 'COMMUNITY' })}::jsonb,
        ${community(i)}, 'PUBLIC', ${`community ${i}`})`);
    await db.db.execute(sql`insert into items (id, type, num, data, owner, access, search_text)
      values (${language(i)}, 'VocabLanguage', ${i}, ${JSON.stringify({ label: `Language ${i}`, alphabet: DEMO_ALPHABET })}::jsonb,
        ${community(i)}, 'COMMUNITY', ${`language ${i}`})`);
  }
  for (let from = 1; from <= LEXEMES; from += BATCH) {
    const rows: {
      id: string;
      num: number;
      data: Record<string, unknown>;
      owner: string;
      access: string;
      txt: string;
    }[] = [];
    for (let n = from; n < Math.min(from + BATCH, LEXEMES + 1); n++) {
      const c = 1 + (n % COMMUNITIES);
      const label = makeWord(n) + (n % 7 === 0 ? ` ${makeWord(n + 1)}` : '');
      const alt = n % 3 === 0 ? [label.replace(/kw/g, 'qw').replace(/x̱/g, 'h')] : [];
      const pos = PART_OF_SPEECH_VALUES[n % PART_OF_SPEECH_VALUES.length]!;
      const data: Record<string, unknown> = {
        label,
        language: language(c),
        translation: `meaning ${n}`,
        alternateSpelling: alt,
        partOfSpeech: pos,
        wordClass: wordClassOf(pos),
        categories: [CATEGORIES[n % CATEGORIES.length]!],
        hasMedia: n % 4 !== 0,
        sortKey: sortKey(label, ALPHABET),
      };
      const folded = foldedText([label, ...alt]);
      if (folded) data.folded = folded;
      rows.push({
        id: `Lexeme-${n}`,
        num: n,
        data,
        owner: community(c),
        access: n % 10 === 0 ? 'PROTECTED' : 'COMMUNITY',
        txt: searchText(LEXEME, `Lexeme-${n}`, data),
      });
    }
    await db.db.execute(sql`insert into items (id, type, num, data, owner, access, search_text)
      select id, 'Lexeme', num, data, owner, access, txt
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as t(id text, num int, data jsonb, owner text, access text, txt text)`);
  }
  await db.db.execute(sql`vacuum analyze items, item_search`);
  return Date.now() - t0;
}

const FACETS = ['wordClass', 'categories', 'hasMedia'];

async function measure(db: Database, label: string) {
  await ensureTypeIndexes(db.db, registry);
  const items = new ItemService(db, registry, new AccessPolicy(registry));
  const search = new SearchService(items);
  const home = community(1);
  const member: Principal = {
    userId: 'User-9001',
    admin: false,
    orgs: new Map([[home, 'member']]),
    masqueradeFrom: null,
  };
  const readable = sql`(i.owner = ${home} and i.access = 'COMMUNITY')`;
  // Search terms: beginnings of real labels of the home community, and plain-letter spellings.
  const term = (i: number) =>
    searchWords([...makeWord(1 + COMMUNITIES * (i * 37 + 3))].slice(0, 3).join(''))[0] ?? 'ka';
  const altTerm = (i: number) => foldSpelling(makeWord(COMMUNITIES * 3 * (i * 11 + 1))).slice(0, 5) || 'ka';
  const facetSql = sql.join(
    FACETS.map(
      (f) =>
        sql`(select json_agg(x) from (select v as x, count(*) from m, jsonb_array_elements_text(case when jsonb_typeof(m.data->${f}) = 'array' then m.data->${f} else jsonb_build_array(m.data->${f}) end) v group by 1) a)`,
    ),
    sql`, `,
  );
  const cases: ComparedCase[] = [
    {
      name: 'word search + 3 facets',
      ours: (i) =>
        search.search(member, { must: { _t: ['Lexeme'], $text: [term(i)] }, facets: FACETS, max: 50 }),
      bare: (i) =>
        db.db.execute(sql`with m as materialized (select s.id, i.data, ts_rank(s.tsv, q) as r
            from item_search s join items i on i.id = s.id, to_tsquery('simple', ckk_unaccent(${term(i) + ':*'})) q
            where s.type = 'Lexeme' and not s.deleted and s.tsv @@ q and ${readable})
          select (select json_agg(id) from (select id from m order by r desc, id limit 50) t), (select count(*) from m), ${facetSql}`),
    },
    {
      name: 'other spelling (folded)',
      ours: (i) => search.search(member, { must: { _t: ['Lexeme'], $text: [altTerm(i)] }, max: 50 }),
      bare: (i) =>
        db.db.execute(sql`with m as materialized (select s.id, ts_rank(s.tsv, q) as r
            from item_search s, to_tsquery('simple', ckk_unaccent(${altTerm(i) + ':*'})) q
            join items i on true where i.id = s.id and s.type = 'Lexeme' and not s.deleted and s.tsv @@ q and ${readable})
          select (select json_agg(id) from (select id from m order by r desc, id limit 50) t), (select count(*) from m)`),
    },
    {
      name: 'list by alphabet + 3 facets',
      ours: (i) =>
        search.search(member, {
          must: { _t: ['Lexeme'], language: [language(1)] },
          facets: FACETS,
          sort: [{ key: 'label', order: 'asc' }],
          max: 50,
          offset: (i % 5) * 50,
        }),
      bare: (i) =>
        db.db
          .execute(sql`with m as materialized (select i.id, i.data from items i where i.type = 'Lexeme' and not i.deleted
            and ${readable} and i.data->>'language' = ${language(1)})
          select (select json_agg(id) from (select id from m order by lower(data->>'sortKey'), id limit 50 offset ${(i % 5) * 50}) t),
            (select count(*) from m), ${facetSql}`),
    },
    {
      // The sort alone, no facets: a page of the list (the alphabet order is what is measured).
      name: 'list by alphabet, page only',
      ours: (i) =>
        search.search(member, {
          must: { _t: ['Lexeme'], language: [language(1)] },
          sort: [{ key: 'label', order: 'asc' }],
          max: 50,
          offset: (i % 5) * 50,
        }),
      bare: (i) =>
        db.db
          .execute(sql`select json_agg(id) from (select i.id from items i where i.type = 'Lexeme' and not i.deleted
            and ${readable} and i.data->>'language' = ${language(1)}
            order by lower(i.data->>'sortKey'), i.id limit 50 offset ${(i % 5) * 50}) t`),
    },
  ];
  await compareCases(label, cases, QUERIES);
  // The alphabet sort itself: keys for every label, as a changed alphabet recomputes them.
  const labels = Array.from({ length: LEXEMES }, (_, n) => makeWord(n + 1));
  const t = performance.now();
  for (const l of labels) sortKey(l, ALPHABET);
  console.log(
    `${label.padEnd(9)} sort keys computed: ${(LEXEMES / ((performance.now() - t) / 1000)).toFixed(0)} per second`,
  );
}

console.log(
  `vocab benchmark: ${LEXEMES} lexemes, ${COMMUNITIES} communities (${QUERIES} queries each, after 5 warm-up)`,
);
for (const kind of DBS) await onScratchDatabase(kind, 'vocab', PG_URL, generate, measure);
