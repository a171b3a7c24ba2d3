import type { NavEntry } from '../../kernel/module';
import type { CardDecl, DashboardDecl } from '../../kernel/dashboard';
import type { ViewDecl } from '../../kernel/view';

// The vocabulary views as data (spec capability-modules §2 "Vocabulary (group vocab)"), with the
// spec's visibility: admins, or users with the Research capability, and only on a deployment
// whose key capabilities name Vocab (docs/decisions.md "dedicated deployments": keyCap). The
// words list is the generic search over Lexeme (LIST, TABLE, CARDS, CAROUSEL for flashcards),
// with the module's play button on each result (client/index.ts `resultActions`).

export const WORDS_VIEW = 'vocab.words-phrases';
export const VOCAB_DASHBOARD = 'vocab';

const GATE = { capability: 'Research', keyCap: 'Vocab' } as const;

export const vocabViews: readonly ViewDecl[] = [
  {
    name: 'vocab.dashboard',
    titleKey: 'nav.vocab_dashboard',
    icon: 'SpaceDashboard',
    width: 'FULL',
    inNav: true,
    ...GATE,
    dashboard: VOCAB_DASHBOARD,
  },
  {
    name: WORDS_VIEW,
    titleKey: 'nav.vocab_words-phrases',
    icon: 'ListAlt',
    width: 'TWO_THIRDS',
    inNav: true,
    ...GATE,
    list: {
      types: ['Lexeme'],
      // By label, which sorts by the label's key in its language's alphabet (Lexeme.sortKey).
      defaultSort: [{ key: 'label', order: 'asc' }],
      displayAs: 'CARDS',
      dateKey: '_c.ts',
      create: true,
    },
  },
  {
    name: 'vocab.languages',
    titleKey: 'nav.vocab_languages',
    icon: 'Translate',
    width: 'HALF',
    inNav: true,
    ...GATE,
    list: {
      types: ['VocabLanguage'],
      defaultSort: [{ key: 'label', order: 'asc' }],
      displayAs: 'LIST',
      dateKey: '_c.ts',
      create: true,
    },
  },
];

export const vocabNav: readonly NavEntry[] = [
  { path: 'vocab', group: true, ...GATE },
  { path: 'vocab.dashboard', ...GATE },
  { path: WORDS_VIEW, ...GATE },
  { path: 'vocab.languages', ...GATE },
];

export const vocabDashboards: readonly DashboardDecl[] = [
  { key: VOCAB_DASHBOARD, location: 'VOCAB', titleKey: 'nav.vocab_dashboard' },
];

// The dashboard (issue 19): counts by category, recently added, words still without a recording,
// a word of the day. Each card reads through search/ids as the person, so the policy decides.
export const vocabCards: readonly CardDecl[] = [
  {
    id: 'vocab.desk.wordOfDay',
    dashboard: VOCAB_DASHBOARD,
    titleKey: 'vocab.desk.wordOfDay',
    kind: 'component',
    width: 'THIRD',
    height: 4,
    order: 10,
    ...GATE,
    settings: { component: 'WordOfTheDay' },
  },
  {
    id: 'vocab.desk.categories',
    dashboard: VOCAB_DASHBOARD,
    titleKey: 'vocab.desk.categories',
    kind: 'chart',
    width: 'TWO_THIRDS',
    height: 4,
    order: 20,
    ...GATE,
    settings: { query: { types: ['Lexeme'] }, facet: 'categories', listView: WORDS_VIEW },
  },
  {
    id: 'vocab.desk.recent',
    dashboard: VOCAB_DASHBOARD,
    titleKey: 'vocab.desk.recent',
    kind: 'search',
    width: 'TWO_THIRDS',
    height: 4,
    order: 30,
    ...GATE,
    settings: {
      query: { types: ['Lexeme'], sort: [{ key: '_c.ts', order: 'desc' }], max: 8 },
      listView: WORDS_VIEW,
    },
  },
  {
    id: 'vocab.desk.unrecorded',
    dashboard: VOCAB_DASHBOARD,
    titleKey: 'vocab.desk.unrecorded',
    kind: 'search',
    width: 'THIRD',
    height: 4,
    order: 40,
    ...GATE,
    emptyKey: 'vocab.desk.unrecordedEmpty',
    settings: {
      query: {
        types: ['Lexeme'],
        must: { hasMedia: [false] },
        sort: [{ key: 'label', order: 'asc' }],
        max: 8,
      },
      listView: WORDS_VIEW,
    },
  },
];

/** The words the drawer and the dashboard need before the module's half loads. */
export const vocabTitles: Readonly<Record<string, string>> = {
  'nav.vocab': 'Language',
  'nav.vocab_dashboard': 'Language desk',
  'nav.vocab_words-phrases': 'Words and phrases',
  'nav.vocab_languages': 'Languages and alphabets',
  'vocab.desk.wordOfDay': 'Word of the day',
  'vocab.desk.categories': 'Words by category',
  'vocab.desk.recent': 'Recently added',
  'vocab.desk.unrecorded': 'Still without a recording',
  'vocab.desk.unrecordedEmpty': 'Every word has a recording.',
};
