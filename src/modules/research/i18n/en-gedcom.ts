// The GEDCOM import and export's words (docs/research-gedcom.md), merged into the research
// module's bundle (en.ts): keys under `research.gedcom.*`, the task errors under `errors.research.gedcom.*`.
export const researchGedcomEn = {
  research: {
    gedcom: {
      section: 'GEDCOM import',
      help: 'Reads the GEDCOM file attached above (5.5.1 or 7; UTF-8, ANSEL or ANSI) into community members of this import’s organisation, with their parents and partners. Running it again updates the members it made; it never makes them twice.',
      run: 'Run the import',
      runAgain: 'Run the import again',
      progress: 'Importing… {{pct}}%',
      done: 'The import is finished.',
      failed: 'The import failed.',
      export: 'Export GEDCOM',
      exportStarted:
        'The GEDCOM export has started. Follow it in the Help menu; the file is there when it is ready.',
      report: {
        summary:
          '{{individuals}} people and {{families}} families read: {{created}} members created, {{updated}} updated, {{unchanged}} unchanged, {{links}} family links written, {{skipped}} records skipped.',
        file: 'File encoding: {{encoding}}. GEDCOM version: {{version}}.',
        skipped: 'Records skipped',
        warnings: 'Values kept in the family notes',
        firstOf: 'The first {{shown}} of {{total}}.',
        record: 'Record',
        line: 'Line',
        why: 'Why',
      },
      problem: {
        badLine: 'A line of the record is not a GEDCOM line.',
        badLevel: 'A line of the record skips a level.',
        tooLong: 'The record is too long to be a person or a family.',
        noRecord: 'Lines before the first record.',
        noXref: 'The record has no identifier (@…@).',
        duplicateXref: 'Another record of the file has the same identifier.',
        truncated: 'The file ends inside this record (it has no trailer), so the record may be incomplete.',
        missingPerson: 'The family names {{value}}, who is not in the file or was skipped.',
        xrefTaken: 'Its identifier is already another person’s here, who was not written over.',
        notImported: 'A {{value}} record: the genealogy does not keep these.',
        unknownRecord: 'An unknown {{value}} record.',
        dateKept: 'The date “{{value}}” is not a calendar date; it is kept in the family notes.',
        sharedNote: 'The shared note {{value}} is not read.',
        noteCut: 'The notes were longer than a field holds and were cut.',
        other: '{{value}}',
      },
    },
  },
  tasks: {
    actions: {
      importGedcom: 'GEDCOM import',
      exportGedcom: 'GEDCOM export',
    },
  },
  errors: {
    research: {
      gedcom: {
        notGedcom: 'This file is not a GEDCOM file (it does not begin with a header). Nothing was imported.',
        noFile: 'The file {{file}} is gone. Attach it again.',
        lineTooLong:
          'Line {{line}} of this file never ends: it is far longer than a GEDCOM line can be. Nothing was imported.',
      },
    },
  },
};
