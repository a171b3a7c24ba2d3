import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM } from '../../../server/access/principal';
import { makeOrg, makeUser, PASSWORD } from '../../../../test/helpers/fixtures';
import { openTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db';
import { startTestServer, type TestServer } from '../../../../test/helpers/test-server';
import { connectAs, type WsClient } from '../../../../test/helpers/ws-client';
import { DEMO_ALPHABET } from '../server/demo';

// The Lexeme through the item service and search (issue 19): derived fields written on every
// write and refused from callers, search folding ("sto:lo" finds "Stó:lō", other spellings and
// the translation), lists sorted by label in the language's declared alphabet, and a changed
// alphabet re-sorting its words.

let tdb: TestDatabase;
let server: TestServer;
let staff: WsClient;
let community: string;
let language: string;
const items = () => server.app.services.items;

beforeAll(async () => {
  tdb = await openTestDatabase();
  server = await startTestServer(tdb.database);
  community = await makeOrg(items(), 'Riverbend First Nation');
  const s = await makeUser(items(), [[community, 'staff']]);
  staff = (await connectAs(server, s.email, PASSWORD)).client;
  language = (
    await items().create(
      SYSTEM,
      'VocabLanguage',
      { label: 'Riverbend', alphabet: DEMO_ALPHABET },
      { owner: community, access: 'COMMUNITY' },
    )
  ).$id;
}, 60_000);

afterAll(async () => {
  await staff?.close();
  await server?.close();
  await tdb?.close();
});

const create = async (data: Record<string, unknown>) =>
  (await staff.request('create/Lexeme', { language, ...data })).b as Record<string, unknown> & {
    $id: string;
  };

const search = async (q: Record<string, unknown>) =>
  (await staff.request('search/ids', { must: { _t: ['Lexeme'] }, max: 100, ...q })).b as {
    ids: string[];
    facets?: Record<string, { value: unknown; count: number }[]>;
  };

describe('Lexeme', () => {
  it('derives hasMedia, wordClass, sortKey and folded, and refuses them from callers', async () => {
    const w = await create({ label: 'Stó:lō', partOfSpeech: 'TRANSITIVE_VERB', translation: 'river people' });
    expect(w.$id).toMatch(/^Lexeme-/);
    expect(w.hasMedia).toBe(false);
    expect(w.wordClass).toBe('VERB');
    expect(w.folded).toBe('stolo');
    expect(typeof w.sortKey).toBe('string');
    const refused = (await staff.request('create/Lexeme', { label: 'x', hasMedia: true })).b as {
      erred?: boolean;
    };
    expect(refused.erred).toBe(true);
  });

  it('sets hasMedia and thanks the speaker when a recording joins media', async () => {
    const w = await create({ label: 'kwáli', acknowledgement: ['Elder Ann'] });
    const att = await items().create(SYSTEM, 'Attachment', {
      originalName: 'Elder Mary Jack.wav',
      rel: w.$id,
      relProp: 'media',
      relType: 'Lexeme',
      mimeGroup: 'audio',
      filetype: 'audio/wav',
      trashed: false,
    });
    const row = await items().read(SYSTEM, w.$id);
    const after = await items().update(SYSTEM, { $id: w.$id, $version: row.$version, media: [att.$id] });
    expect(after.hasMedia).toBe(true);
    expect(after.acknowledgement).toEqual(['Elder Ann', 'Elder Mary Jack']);
    const cleared = await items().update(SYSTEM, { $id: w.$id, $version: after.$version, media: [] });
    expect(cleared.hasMedia).toBe(false);
    const facet = await search({ facets: ['hasMedia'], must: { _t: ['Lexeme'], hasMedia: [false] } });
    expect(facet.ids).toContain(w.$id);
  });

  it('takes hasMedia and the speaker only from recordings every reader of the word may read', async () => {
    const elder = await makeUser(items(), [[community, 'editor']]);
    const elders = (
      await items().create(SYSTEM, 'Protocol', { name: 'Elders', members: [elder.id] }, { owner: community })
    ).$id;
    const w = await create({ label: 'sqwéqwel', $access: 'COMMUNITY' });
    const recording = (rel: string, originalName: string, extra: Record<string, unknown> = {}) =>
      items().create(
        SYSTEM,
        'Attachment',
        { originalName, rel, relProp: 'media', mimeGroup: 'audio', filetype: 'audio/wav', trashed: false },
        { actor: elder.id, ...extra },
      );
    // Another item's recording (a PRIVATE note's), which the word's readers do not read through it.
    const note = await items().create(
      SYSTEM,
      'Source',
      { label: 'Field notes' },
      { owner: community, access: 'PRIVATE' },
    );
    const elsewhere = await recording(note.$id, 'Elder Private Speaker.wav');
    const restricted = await recording(w.$id, 'Elder Restricted Speaker.wav');
    const r = await items().read(SYSTEM, restricted.$id);
    await items().update(SYSTEM, { $id: restricted.$id, $version: r.$version, $protocols: [elders] });
    const row = await items().read(SYSTEM, w.$id);
    const after = await items().update(SYSTEM, {
      $id: w.$id,
      $version: row.$version,
      media: [elsewhere.$id, restricted.$id],
    });
    expect(after.hasMedia).toBe(false);
    expect(after.acknowledgement).toBeUndefined();
    expect((await search({ must: { _t: ['Lexeme'], hasMedia: [true] } })).ids).not.toContain(w.$id);

    // Opened, the recording is every reader's: the word has media (its speaker was thanked only
    // when it joined, so the name stays the editors' to add).
    const again = await items().read(SYSTEM, restricted.$id);
    await items().update(SYSTEM, { $id: restricted.$id, $version: again.$version, $protocols: null });
    expect((await items().read(SYSTEM, w.$id)).hasMedia).toBe(true);
  });

  it('folds: accents, punctuation, other spellings and the translation', async () => {
    const stolo = await create({ label: 'Stó:lō', translation: 'people of the river' });
    const heron = await create({ label: 'x̱áyem', alternateSpelling: ['hayem'], translation: 'blueberry' });
    const text = async (t: string) => (await search({ must: { _t: ['Lexeme'], $text: [t] } })).ids;
    expect(await text('sto:lo')).toContain(stolo.$id);
    expect(await text('stolo')).toContain(stolo.$id);
    expect(await text('STÓ:LŌ')).toContain(stolo.$id);
    expect(await text('hayem')).toContain(heron.$id);
    expect(await text('xayem')).toContain(heron.$id);
    expect(await text('blueberry')).toContain(heron.$id);
    expect(await text('hayem')).not.toContain(stolo.$id);
  });

  it('sorts by label in the declared alphabet, and re-sorts when the alphabet changes', async () => {
    const words = ['tsíma', 'kwetł', 'kamach', 'tłéxw', 'tamu', 'x̱elem', 'xélu'];
    const made = new Map<string, string>();
    for (const label of words) made.set((await create({ label, notes: 'sortcase' })).$id, label);
    const order = async () =>
      (
        await search({
          must: { _t: ['Lexeme'], $text: ['sortcase'] },
          sort: [{ key: 'label', order: 'asc' }],
        })
      ).ids.map((id) => made.get(id));
    expect(await order()).toEqual(['kamach', 'kwetł', 'tamu', 'tłéxw', 'tsíma', 'xélu', 'x̱elem']);
    // Declared the other way round, "kw" before "k" and "ts" before "tł": the words follow.
    const alphabet = DEMO_ALPHABET.map((g) =>
      g === 'k' ? 'kw' : g === 'kw' ? 'k' : g === 'tł' ? 'ts' : g === 'ts' ? 'tł' : g,
    );
    const lang = await items().read(SYSTEM, language);
    await items().update(SYSTEM, { $id: language, $version: lang.$version, alphabet });
    expect(await order()).toEqual(['kwetł', 'kamach', 'tamu', 'tsíma', 'tłéxw', 'xélu', 'x̱elem']);
  });

  it('facets by word class, part of speech and category', async () => {
    await create({ label: 'sáli', partOfSpeech: 'NUMERAL_ADJECTIVE', categories: ['NUMBERS.COUNTING'] });
    const r = await search({ facets: ['wordClass', 'partOfSpeech', 'categories'] });
    expect(r.facets?.wordClass?.some((b) => b.value === 'ADJECTIVE')).toBe(true);
    expect(r.facets?.categories?.some((b) => b.value === 'NUMBERS.COUNTING')).toBe(true);
  });
});
