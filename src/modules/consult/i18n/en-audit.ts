import { AUDIT_KIND_WORDS } from '../audit';

// The audit screen's English strings (keys consult.audit.*; client/audit/); en.ts merges them in.
// The event kinds' words are the ones the CSV writes (../audit.ts), so screen and file agree.
export const consultAuditEn = {
  consult: {
    audit: {
      intro:
        'Everything done on the consultations, responses, communications and meetings you may see, and who opened a private record. Newest first. A person filter also finds what an administrator did while acting as them.',
      filters: 'Filters',
      person: 'Person',
      kind: 'What',
      anyKind: 'Anything',
      consultation: 'Consultation',
      from: 'From',
      to: 'To',
      datesHelp: 'Whole days, UTC',
      clear: 'Clear filters',
      csv: 'Download CSV',
      csvHint: 'The rows these filters find, as a spreadsheet file (consult-audit.csv)',
      when: 'When',
      who: 'Who',
      what: 'What',
      item: 'Record',
      asPerson: '{{real}} as {{who}}',
      asPersonHint: 'An administrator acting as this person',
      system: 'System',
      hiddenPerson: '{{id}} (not visible to you)',
      inConsultation: 'In {{consultation}}',
      more: 'Show older',
      shown_one: '{{count}} entry shown',
      shown_other: '{{count}} entries shown',
      end: 'That is everything the filters find.',
      empty: 'Nothing recorded matches these filters.',
      failed: 'The audit could not be loaded. Try again.',
      noOptions: 'Type two letters or more',
      tableLabel: 'Audit entries',
      kinds: { ...AUDIT_KIND_WORDS },
    },
  },
};
