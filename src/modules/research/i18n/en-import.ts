// The coded-data import's English strings (docs/research-import.md), joined into the module's
// bundle by en.ts. Problem keys are those the import's resolvers report (server/coded-import.ts).
export const researchImportEn = {
  research: {
    import: {
      menu: 'Import coded data',
      presetProject: '{{type}}: {{project}}',
      problem: {
        unknownProject: 'No project you may read has this title',
        unknownActivity: 'No interview of this project you may read has this title',
        unknownRespondent: 'No community member you may read has this name',
        ambiguous: 'More than one item has this name: use its id instead',
        indexWithoutActivity: 'A respondent index needs the row’s interview',
        noSuchRespondent: 'The interview has no respondent with this index',
      },
    },
  },
};
