// The vocabulary module's English strings, loaded with its client half.
export const vocabEn = {
  typeNames: { Lexeme: 'Word or phrase', VocabLanguage: 'Language' },
  types: {
    Lexeme: {
      label: 'Word or phrase',
      language: 'Language',
      translation: 'Translation',
      categories: 'Categories',
      seeAlso: 'See also',
      notes: 'Notes',
      acknowledgement: 'Acknowledgements (speakers)',
      phonetic: 'Pronunciation (phonetic)',
      alternateSpelling: 'Other spellings',
      media: 'Recordings',
      partOfSpeech: 'Part of speech',
      wordClass: 'Word class',
      rel: 'Related items',
      collections: 'Collections',
      hasMedia: 'Has a recording',
      sortKey: 'Alphabet sort key',
      folded: 'Plain-letter spellings',
    },
    VocabLanguage: {
      label: 'Name',
      code: 'Language code',
      alphabet: 'Alphabet order (one letter or letter group per entry)',
      description: 'Description',
    },
  },
  vocab: {
    play: { label: 'Play {{label}}', stop: 'Stop {{label}}' },
    recordings: {
      title: 'Recordings',
      none: 'No recording yet. Record one below.',
      by: 'Spoken by {{name}}',
      play: 'Recording by {{name}}',
      unknownSpeaker: 'an unnamed speaker',
    },
    record: {
      start: 'Record',
      again: 'Record again',
      stop: 'Stop',
      level: 'Microphone level',
      recording: 'Recording… speak the word, then press Stop.',
      processing: 'Cutting the silence at both ends…',
      trimmed: '{{seconds}} s after cutting the silence ({{raw}} s recorded).',
      listen: 'Listen to the recording',
      speaker: "Speaker's name",
      speakerHint: 'Who says the word: they are thanked with the recording.',
      save: 'Save the recording',
      discard: 'Discard',
      saved: 'Saved. The recording is now with the word.',
      saveFailed: 'The recording could not be saved. Check the connection and try again.',
      problem: {
        insecure:
          'Recording needs a secure connection. Open this site with an address that starts with https:// (or ask your administrator to set it up), then try again.',
        unsupported: 'This browser cannot record sound. Try a recent Chrome, Edge, Firefox or Safari.',
        denied:
          'The browser was not allowed to use the microphone. Click the microphone or lock icon next to the address, allow the microphone for this site, and press Record again.',
        noDevice: 'No microphone was found. Plug one in or check that it is switched on, then try again.',
        failed: 'Recording failed. Try again; if it keeps failing, reload the page.',
      },
    },
    desk: { noWordOfDay: 'No recorded word yet.' },
  },
  // A recording's change (fileDerivedField's event, `recordings`: archive's is `media`, and a key
  // in two modules' bundles is refused) and the word's place in its language's order worked out again.
  item: { events: { recordings: 'Recordings changed', resorted: 'Sort order updated' } },
};
