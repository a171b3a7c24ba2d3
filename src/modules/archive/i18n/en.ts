// The archive module's English strings, loaded with its client half.
export const archiveEn = {
  typeNames: { ArchiveEntry: 'Archive entry' },
  types: {
    ArchiveEntry: {
      title: 'Title',
      secondaryTitle: 'Secondary title',
      creator: 'Creators',
      contributor: 'Contributors',
      description: 'Description',
      notes: 'Notes',
      date: 'Date',
      yearPublished: 'Year published',
      publisher: 'Publisher',
      locationPublished: 'Place published',
      fileNumber: 'File number',
      recordGroupNumber: 'Record group number',
      reelNumber: 'Reel number',
      standardNumber: 'Standard number (ISBN, ISSN)',
      callNumber: 'Call number',
      volumeName: 'Volume name',
      volumeNumber: 'Volume number',
      section: 'Section',
      pages: 'Pages',
      language: 'Languages',
      keywords: 'Keywords',
      webLinks: 'Web links',
      relatedPlaceName: 'Related places',
      bibliographicReference: 'Bibliographic reference',
      category: 'Category',
      type: 'Type',
      attachments: 'Files',
      rel: 'Related records',
      collections: 'Collections',
      sourceOrg: 'Source organisation',
      spatialFeatures: 'Places on the map',
      needsAttention: 'Needs attention',
      needsAttentionComment: 'What needs attention',
      upgradeError: 'Upgrade problem',
      mediaCategories: 'Media',
      year: 'Year',
    },
  },
  // What belongs in the archive's lists when they are empty (the generic list asks for these keys).
  enums: { ARCHIVE_CSV: 'Archive catalogue (CSV)' },
  search: {
    empty: {
      screens: {
        archive_catalogue: {
          title: 'The catalogue is empty.',
          body: 'Archive entries describe the community’s recordings, photographs, documents, maps and reports, with their files.',
        },
        archive_imports: {
          title: 'No archive imports yet.',
          body: 'Imports of archive entries from a spreadsheet (CSV) show here.',
        },
      },
    },
  },
  archive: {
    media: { AUDIO: 'Audio', DOCUMENT: 'Document', IMAGE: 'Image', OTHER: 'Other', VIDEO: 'Video' },
    orgs: {
      search: 'Find a source organisation',
      entries_one: '{{count}} entry',
      entries_other: '{{count}} entries',
      none: 'No archive entry you can see names a source organisation.',
      noMatch: 'No source organisation matches “{{query}}”.',
      failed: 'The source organisations could not be loaded. Try again.',
      list: 'Source organisations',
      intro: 'Museums, archives, agencies and families that archive entries came from.',
    },
    related: {
      title: 'In the archive',
      more: 'Show all {{count}} in the catalogue',
    },
  },
  // A file's change that changed the entry's media (fileDerivedField's event).
  item: { events: { media: 'Media files changed' } },
};
