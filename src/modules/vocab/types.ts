import { defineItemType } from '../../kernel/item-type';
import type { PropertyDef } from '../../kernel/property';
import { VOC_LIST } from './categories';
import { PART_OF_SPEECH_VALUES, WORD_CLASSES } from './parts-of-speech';

// Vocabulary (spec capability-modules §3 "Vocabulary"; docs/vocabulary.md): words and phrases
// with the speakers' recordings, and the languages they belong to with their alphabet order.

export const VOCAB_LOV_LISTS = [VOC_LIST] as const;

const str = (maxLength = 500): PropertyDef => ({ kind: 'string', maxLength });
const text = (maxLength = 20_000): PropertyDef => ({ kind: 'text', maxLength, textField: true });

/**
 * A language an organisation keeps words of, with its alphabet order: graphemes in order, several
 * letters long where the orthography says so. Changing the alphabet re-sorts its words
 * (server/hooks.ts). Read by every member of its owner, like the words themselves.
 */
export const VocabLanguage = defineItemType({
  name: 'VocabLanguage',
  label: '{label}',
  defaultIcon: 'translate',
  properties: {
    label: { ...str(200), textField: true, required: true, notBlank: true },
    /** A BCP 47 or ISO 639-3 code where one exists ("hur", "str"). */
    code: str(40),
    alphabet: { kind: 'string', list: true, maxItems: 300, maxLength: 12 },
    description: text(5000),
  },
  defaultHeaders: ['code', '_c.ts'],
  keyFacts: ['code'],
  access: { create: ['editor'], defaultLevel: 'COMMUNITY' },
});

/**
 * A word or a phrase (spec: "Lexeme: access, label, language, translation, categories, seeAlso,
 * notes, acknowledgement, phonetic, alternateSpelling, media, partOfSpeech, rel, collections,
 * hasMedia"). `access` is the item's own level ($access). `media` lists its recordings
 * (Attachments uploaded with relProp "media"); `hasMedia`, `wordClass`, `sortKey` and `folded`
 * are derived on every write (server/hooks.ts), never typed by hand.
 */
export const Lexeme = defineItemType({
  name: 'Lexeme',
  attachments: true,
  label: '{label}',
  defaultIcon: 'record_voice_over',
  properties: {
    label: { ...str(300), textField: true, required: true, notBlank: true, sortBy: 'sortKey' },
    language: { kind: 'relation', types: ['VocabLanguage'], facet: true },
    translation: { ...str(1000), textField: true },
    categories: { kind: 'lov', lov: VOC_LIST, list: true, maxItems: 20, facet: true },
    seeAlso: { kind: 'relation', types: ['Lexeme'], list: true, maxItems: 50 },
    notes: text(10_000),
    /** The speakers and knowledge holders to thank; a recording adds its speaker here. */
    acknowledgement: { kind: 'string', list: true, maxItems: 50, maxLength: 300, textField: true },
    phonetic: { ...str(300), textField: true },
    alternateSpelling: { kind: 'string', list: true, maxItems: 20, maxLength: 300, textField: true },
    media: { kind: 'relation', types: ['Attachment'], list: true, maxItems: 50 },
    partOfSpeech: { kind: 'enum', values: PART_OF_SPEECH_VALUES, facet: true },
    wordClass: { kind: 'enum', values: WORD_CLASSES, facet: true, write: 'system' },
    rel: { kind: 'relation', types: ['*'], list: true, maxItems: 50 },
    collections: { kind: 'relation', types: ['*'], list: true, maxItems: 50 },
    hasMedia: { kind: 'boolean', facet: true, write: 'system' },
    /** The label's key in its language's alphabet order (alphabet.ts). */
    sortKey: { kind: 'string', maxLength: 2000, write: 'system' },
    /** The spellings folded to plain letters, for search only (fold.ts). */
    folded: { kind: 'text', maxLength: 5000, textField: true, write: 'system' },
  },
  defaultHeaders: ['translation', 'partOfSpeech', 'categories', 'hasMedia'],
  keyFacts: ['translation', 'language', 'partOfSpeech', 'phonetic'],
  // Flashcards: the learner hears and reads the word, guesses, then turns the card.
  carouselReveal: ['translation', 'seeAlso', 'notes'],
  facets: ['wordClass', 'partOfSpeech', 'categories', 'hasMedia', 'language', '_c.ts'],
  access: { create: ['staff'], defaultLevel: 'COMMUNITY' },
  // The words list filters by language (a search's `@>` test: gin) and reads through the policy's
  // level-and-owner branches (access, owner); the sort key serves lookups by it.
  indexes: [
    { name: 'items_lexeme_sortkey', keys: ['sortKey'] },
    { name: 'items_lexeme_language_gin', keys: ['language'], method: 'gin' },
    { name: 'items_lexeme_access', keys: ['access', 'owner'] },
  ],
});

export const vocabTypes = [VocabLanguage, Lexeme] as const;
