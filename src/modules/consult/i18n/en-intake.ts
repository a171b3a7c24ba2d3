// The intake's English strings (issue 37: logging a referral; the desk's action is worded in the
// module's titles, dashboards.ts, as the desk is drawn before they load): the guided
// form's inline records, its draft kept as it goes, closing it, and the duplicate and overlap
// check; the PDF of a submission (client/record/SubmissionPdfLink.tsx). en.ts merges them into
// the module's bundle.
export const consultIntakeEn = {
  consult: {
    create: {
      steps: { check: 'Check' },
    },
    intake: {
      restored: 'Restored what you entered {{when}}.',
      startAfresh: 'Start afresh',
      draftNotKept: 'This browser would not keep your draft: save it before you close the page.',
      newOrg: 'New organisation…',
      newContact: 'New contact…',
      noContacts:
        '{{org}} has no contact your community can see. Add one with “New contact…”, or go on without: contacts are optional here.',
      contactsOptional: 'Optional: {{org}} has no contact you can see.',
      close: {
        title: 'Close this referral?',
        body: 'What you entered is kept on this device for you: open “Log a referral” again to go on. Or discard it.',
        keepEditing: 'Keep editing',
        keep: 'Close and keep it',
        discard: 'Discard',
      },
      check: {
        intro:
          'Before the referral is saved: referrals already on file with the same file number or an overlapping area, and what lies inside the area.',
        loading: 'Checking for duplicates…',
        failed: 'The check could not be run. You can still save the referral.',
        retry: 'Check again',
        clear: 'No referral on file has the same file number or an overlapping area.',
        found_one: '{{count}} referral on file may be the same one.',
        found_other: '{{count}} referrals on file may be the same one.',
        foundHelp:
          'Link it if it is the same project or part of it; or go on: this one is saved as a new referral.',
        sameNumber: 'Same file number: {{numbers}}',
        overlaps: 'Overlapping area',
        link: 'Link as related',
        open: 'Open {{name}} in a new tab',
        more_one: '{{count}} more overlapping referral is not listed.',
        more_other: '{{count}} more overlapping referrals are not listed.',
        places_zero: 'None of your community’s mapped places lies in the area.',
        places_one: '{{count}} of your community’s mapped places lies in the area.',
        places_other: '{{count}} of your community’s mapped places lie in the area.',
        noArea: 'No project area was drawn, so only file numbers were checked.',
        linked_one: '{{count}} referral will be linked.',
        linked_other: '{{count}} referrals will be linked.',
        linksDropped: 'Some links were not made: the check no longer finds those referrals for this one.',
      },
    },
    submissionPdf: {
      download: 'Download the submission (PDF)',
      hint: 'What was sent to the community, as a PDF to keep or print: as much of it as you may read.',
    },
  },
};
