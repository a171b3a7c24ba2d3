// Parts of speech (spec capability-modules §3 "Vocabulary"): the nine the spec names, each with
// subtypes. The spec shows NOUN's DEMONSTRATIVE, ENTITY, NAME and VERB's AUXILIARY_VERB, MODAL,
// TRANSITIVE_VERB; the rest is completed from descriptive-linguistics practice (the categories
// FirstVoices and Americanist grammars use) and written down in docs/vocabulary.md. A Lexeme's
// `partOfSpeech` is one value of the flat list (a part or one of its subtypes); `wordClass`, its
// part, is derived on write so lists facet by the nine as well as by the exact value.

export const PARTS_OF_SPEECH = {
  ADJECTIVE: ['ATTRIBUTIVE', 'PREDICATIVE', 'NUMERAL_ADJECTIVE', 'COMPARATIVE', 'SUPERLATIVE'],
  NOUN: [
    'DEMONSTRATIVE',
    'ENTITY',
    'NAME',
    'PLACE_NAME',
    'KINSHIP_TERM',
    'ABSTRACT_NOUN',
    'COLLECTIVE_NOUN',
    'POSSESSED_NOUN',
  ],
  PRONOUN: [
    'PERSONAL_PRONOUN',
    'POSSESSIVE_PRONOUN',
    'DEMONSTRATIVE_PRONOUN',
    'INTERROGATIVE_PRONOUN',
    'REFLEXIVE_PRONOUN',
    'INDEFINITE_PRONOUN',
  ],
  VERB: [
    'AUXILIARY_VERB',
    'MODAL',
    'TRANSITIVE_VERB',
    'INTRANSITIVE_VERB',
    'DITRANSITIVE_VERB',
    'REFLEXIVE_VERB',
    'RECIPROCAL_VERB',
    'STATIVE_VERB',
    'IMPERATIVE',
  ],
  ADVERB: ['TIME_ADVERB', 'PLACE_ADVERB', 'MANNER_ADVERB', 'DEGREE_ADVERB', 'INTERROGATIVE_ADVERB'],
  AFFIX: ['PREFIX', 'SUFFIX', 'INFIX', 'CIRCUMFIX', 'LEXICAL_SUFFIX', 'REDUPLICATION'],
  ARTICLE_DETERMINER: [
    'DEFINITE_ARTICLE',
    'INDEFINITE_ARTICLE',
    'DEMONSTRATIVE_DETERMINER',
    'POSSESSIVE_DETERMINER',
    'QUANTIFIER',
  ],
  CONNECTIVE: ['COORDINATING_CONJUNCTION', 'SUBORDINATING_CONJUNCTION', 'PREPOSITION', 'POSTPOSITION'],
  GRAMMAR: [
    'PARTICLE',
    'CLITIC',
    'INTERJECTION',
    'NEGATION',
    'QUESTION_MARKER',
    'TENSE_ASPECT_MARKER',
    'EVIDENTIAL',
    'PHRASE',
    'SENTENCE',
  ],
} as const satisfies Readonly<Record<string, readonly string[]>>;

export type WordClass = keyof typeof PARTS_OF_SPEECH;
export const WORD_CLASSES = Object.keys(PARTS_OF_SPEECH) as WordClass[];

/** Every value `partOfSpeech` takes: each part, then its subtypes. */
export const PART_OF_SPEECH_VALUES: readonly string[] = WORD_CLASSES.flatMap((c) => [
  c,
  ...PARTS_OF_SPEECH[c],
]);

/** The part a value belongs to (itself for one of the nine), or undefined for an unknown value. */
export function wordClassOf(value: unknown): WordClass | undefined {
  if (typeof value !== 'string') return undefined;
  for (const c of WORD_CLASSES)
    if (c === value || (PARTS_OF_SPEECH[c] as readonly string[]).includes(value)) return c;
  return undefined;
}
