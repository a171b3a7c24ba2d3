import { loadPrincipal, SYSTEM, type DemoSeed, type ItemService } from '../../../server/module-api';
import { vocabCategoryEntries, VOC_LIST } from '../categories';

// The vocabulary demo (issue 19 "Demo data"): an invented language of the invented Riverbend
// First Nation, with a made-up orthography that has multi-letter graphemes (kw, tł, x̱, ts) and a
// glottal stop, and a few everyday words. No real language's words and nothing sacred.

/** The invented alphabet, in its own order: "kw" after "k", "tł" after "t", "x̱" after "x". */
export const DEMO_ALPHABET = [
  'a',
  'á',
  'ch',
  'e',
  'é',
  'h',
  'i',
  'k',
  'kw',
  'l',
  'ł',
  'm',
  'n',
  'o',
  'p',
  's',
  't',
  'tł',
  'ts',
  'u',
  'w',
  'x',
  'x̱',
  'y',
  'ʔ',
];

interface Word {
  label: string;
  translation: string;
  partOfSpeech: string;
  categories: string[];
  alternateSpelling?: string[];
  phonetic?: string;
}

const WORDS: Word[] = [
  {
    label: 'kwáli',
    translation: 'heron',
    partOfSpeech: 'ENTITY',
    categories: ['ANIMALS.BIRDS'],
    alternateSpelling: ['qwali'],
  },
  { label: 'kamach', translation: 'moose', partOfSpeech: 'ENTITY', categories: ['ANIMALS.MAMMALS'] },
  {
    label: 'tłéxw',
    translation: 'river',
    partOfSpeech: 'ENTITY',
    categories: ['LAND.WATER'],
    alternateSpelling: ['tlexw'],
  },
  { label: 'tsíma', translation: 'cedar', partOfSpeech: 'ENTITY', categories: ['PLANTS.TREES'] },
  {
    label: 'x̱áyem',
    translation: 'blueberry',
    partOfSpeech: 'ENTITY',
    categories: ['PLANTS.BERRIES', 'FOOD.HARVEST'],
    alternateSpelling: ['hayem'],
  },
  { label: 'xélu', translation: 'fish', partOfSpeech: 'ENTITY', categories: ['ANIMALS.FISH', 'FOOD'] },
  { label: 'ánets', translation: 'one', partOfSpeech: 'NUMERAL_ADJECTIVE', categories: ['NUMBERS.COUNTING'] },
  { label: 'sáli', translation: 'two', partOfSpeech: 'NUMERAL_ADJECTIVE', categories: ['NUMBERS.COUNTING'] },
  { label: 'máka', translation: 'hand', partOfSpeech: 'ENTITY', categories: ['BODY.PARTS'] },
  { label: 'ʔeyé', translation: 'good', partOfSpeech: 'PREDICATIVE', categories: ['EMOTIONS'] },
  { label: 'kwetł', translation: 'red', partOfSpeech: 'ATTRIBUTIVE', categories: ['COLOURS.BASIC'] },
  {
    label: 'hálo',
    translation: 'to walk',
    partOfSpeech: 'INTRANSITIVE_VERB',
    categories: ['TRAVEL.MOVEMENT'],
  },
  {
    label: 'ʔeyé skwáyel',
    translation: 'good day (a greeting)',
    partOfSpeech: 'PHRASE',
    categories: ['GREETINGS.GREETINGS'],
  },
  { label: 'skwáyel', translation: 'day', partOfSpeech: 'ENTITY', categories: ['TIME.TIME_OF_DAY'] },
];

export async function seedVocabDemo(items: ItemService, demo: DemoSeed): Promise<void> {
  const riverbend = demo.ids.get('org.riverbend');
  const officerId = demo.ids.get('user.lands.officer@riverbend.example');
  if (!riverbend || !officerId) return;
  // The language team (the lands staff and the researcher) hold Research and Vocab; a plain
  // member does not, so the demo shows the group to some and hides it from others.
  for (const email of [
    'lands.officer@riverbend.example',
    'lands.admin@riverbend.example',
    'researcher@riverbend.example',
  ]) {
    const userId = demo.ids.get(`user.${email}`);
    if (!userId) continue;
    const user = await items.read(SYSTEM, userId);
    // A User's capabilities are a map of name → true (core's User type).
    const caps = user.capabilities && typeof user.capabilities === 'object' ? user.capabilities : {};
    await items.update(SYSTEM, {
      $id: userId,
      $version: user.$version,
      capabilities: { ...caps, Research: true, Vocab: true },
    });
  }
  for (const { key, en } of vocabCategoryEntries())
    await items.create(SYSTEM, 'LOVValue', {
      list: VOC_LIST,
      key,
      state: 'ACTIVE',
      t: { en },
      owner: riverbend,
    });

  const officer = (await loadPrincipal(items.db, officerId))!;
  const language = await items.create(officer, 'VocabLanguage', {
    label: 'Riverbend language (invented)',
    code: 'x-riverbend',
    alphabet: DEMO_ALPHABET,
    description: 'A made-up orthography for the demo: kw, tł, ts and x̱ are letters of their own.',
  });
  for (const w of WORDS) await items.create(officer, 'Lexeme', { ...w, language: language.$id });
}
