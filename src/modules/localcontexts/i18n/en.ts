// The Local Contexts module's English strings, loaded with its client half. Label names follow
// Local Contexts; the texts are short summaries of what each label asks, written for this product
// (a community's own wording, LocalContextsLabel, replaces them on its items).

const label = (name: string, text: string) => ({ name, text });

/** The labels' names, as Local Contexts gives them. */
const LABEL_NAMES = {
  TK_ATTRIBUTION: 'TK Attribution',
  TK_CLAN: 'TK Clan',
  TK_FAMILY: 'TK Family',
  TK_OUTREACH: 'TK Outreach',
  TK_MULTIPLE_COMMUNITIES: 'TK Multiple Communities',
  TK_NON_VERIFIED: 'TK Non-Verified',
  TK_VERIFIED: 'TK Verified',
  TK_NON_COMMERCIAL: 'TK Non-Commercial',
  TK_COMMERCIAL: 'TK Commercial',
  TK_CULTURALLY_SENSITIVE: 'TK Culturally Sensitive',
  TK_COMMUNITY_VOICE: 'TK Community Voice',
  TK_COMMUNITY_USE_ONLY: 'TK Community Use Only',
  TK_SEASONAL: 'TK Seasonal',
  TK_WOMEN_GENERAL: 'TK Women General',
  TK_MEN_GENERAL: 'TK Men General',
  TK_MEN_RESTRICTED: 'TK Men Restricted',
  TK_WOMEN_RESTRICTED: 'TK Women Restricted',
  TK_SECRET_SACRED: 'TK Secret / Sacred',
  TK_OPEN_TO_COLLABORATION: 'TK Open to Collaboration',
  TK_CREATIVE: 'TK Creative',
  BC_PROVENANCE: 'BC Provenance',
  BC_COMMERCIALIZATION: 'BC Commercialization',
  BC_NON_COMMERCIAL: 'BC Non-Commercial',
  BC_COLLABORATION: 'BC Collaboration',
  BC_CONSENT_VERIFIED: 'BC Consent Verified',
  BC_CONSENT_NON_VERIFIED: 'BC Consent Non-Verified',
  BC_MULTIPLE_COMMUNITIES: 'BC Multiple Communities',
  BC_RESEARCH: 'BC Research',
  BC_CLAN: 'BC Clan',
  BC_OUTREACH: 'BC Outreach',
  NOTICE_TK: 'TK Notice',
  NOTICE_BC: 'BC Notice',
  NOTICE_ATTRIBUTION_INCOMPLETE: 'Attribution Incomplete Notice',
  NOTICE_OPEN_TO_COLLABORATION: 'Open to Collaboration Notice',
};

export const localContextsEn = {
  typeNames: { LocalContextsLabel: 'Local Contexts label' },
  types: {
    LocalContextsLabel: {
      labelKey: 'Label',
      customName: 'Our name for it',
      customText: 'Our text',
      translations: 'Text in our languages',
    },
  },
  // The item-wide properties' names on every type (labels.ts propLabel falls back to these).
  itemProperties: {
    $tkLabels: 'Traditional Knowledge labels',
    $lcProject: 'Local Contexts project',
  },
  // The labels' names as facet and filter values (search-labels.ts valueLabel): on items, and the
  // label a community's wording is of.
  values: { $tkLabels: LABEL_NAMES, labelKey: LABEL_NAMES },
  localcontexts: {
    groups: { TK: 'Traditional Knowledge labels', BC: 'Biocultural labels', NOTICE: 'Notices' },
    badges: 'Local Contexts labels',
    badge: '{{name}} ({{code}}): about this label',
    dialog: {
      close: 'Close',
      community: 'The community’s own wording',
      standard: 'Local Contexts wording',
      translations: 'In other languages',
      play: 'Play the recording',
      stop: 'Stop the recording',
      playFailed: 'The recording could not be played',
      project: 'Local Contexts project: {{id}}',
    },
    picker: {
      help: 'Labels say how this knowledge may be used. Choose the ones the community has applied.',
      none: 'No labels',
    },
    // Default texts: short summaries of what each label asks.
    labels: {
      TK_ATTRIBUTION: label(
        'TK Attribution',
        'Name the community and the people this comes from whenever it is used or shared.',
      ),
      TK_CLAN: label('TK Clan', 'This belongs to a clan; use it only as the clan allows.'),
      TK_FAMILY: label('TK Family', 'This belongs to a family; ask the family before using it.'),
      TK_OUTREACH: label(
        'TK Outreach',
        'The community shares this for education and outreach; other uses need its permission.',
      ),
      TK_MULTIPLE_COMMUNITIES: label(
        'TK Multiple Communities',
        'Several communities hold this together; each has a say in its use.',
      ),
      TK_NON_VERIFIED: label(
        'TK Non-Verified',
        'The community has concerns about how this was made or described; it is not endorsed.',
      ),
      TK_VERIFIED: label('TK Verified', 'The community has checked this and agrees with how it is shown.'),
      TK_NON_COMMERCIAL: label('TK Non-Commercial', 'Do not use this to make money.'),
      TK_COMMERCIAL: label('TK Commercial', 'Commercial use may be possible; talk to the community first.'),
      TK_CULTURALLY_SENSITIVE: label(
        'TK Culturally Sensitive',
        'This holds culturally sensitive knowledge; treat it with care and respect.',
      ),
      TK_COMMUNITY_VOICE: label(
        'TK Community Voice',
        'The community wants its own voice heard here; its account comes first.',
      ),
      TK_COMMUNITY_USE_ONLY: label(
        'TK Community Use Only',
        'For the community’s own use; do not share it outside.',
      ),
      TK_SEASONAL: label('TK Seasonal', 'This may be seen, heard or used only at certain times of the year.'),
      TK_WOMEN_GENERAL: label(
        'TK Women General',
        'This is mainly for women; others should treat it with respect.',
      ),
      TK_MEN_GENERAL: label('TK Men General', 'This is mainly for men; others should treat it with respect.'),
      TK_MEN_RESTRICTED: label('TK Men Restricted', 'Only men may see or use this.'),
      TK_WOMEN_RESTRICTED: label('TK Women Restricted', 'Only women may see or use this.'),
      TK_SECRET_SACRED: label('TK Secret / Sacred', 'This is secret or sacred; do not copy or share it.'),
      TK_OPEN_TO_COLLABORATION: label(
        'TK Open to Collaboration',
        'The community welcomes working together on this; get in touch.',
      ),
      TK_CREATIVE: label(
        'TK Creative',
        'This is a creative work of the community and its makers; credit them.',
      ),
      BC_PROVENANCE: label(
        'BC Provenance',
        'This comes from the community’s lands and waters; its rights go with it.',
      ),
      BC_COMMERCIALIZATION: label(
        'BC Commercialization',
        'The community expects a fair share of any benefit made from this.',
      ),
      BC_NON_COMMERCIAL: label(
        'BC Non-Commercial',
        'Do not use this or what is derived from it to make money.',
      ),
      BC_COLLABORATION: label(
        'BC Collaboration',
        'The community wants to take part in research and decisions about this.',
      ),
      BC_CONSENT_VERIFIED: label(
        'BC Consent Verified',
        'The community gave free, prior and informed consent for this use.',
      ),
      BC_CONSENT_NON_VERIFIED: label(
        'BC Consent Non-Verified',
        'Consent for this use has not been confirmed by the community.',
      ),
      BC_MULTIPLE_COMMUNITIES: label(
        'BC Multiple Communities',
        'Several communities have rights in this material.',
      ),
      BC_RESEARCH: label('BC Research', 'This may be used for research that the community has agreed to.'),
      BC_CLAN: label('BC Clan', 'A clan holds rights in this material.'),
      BC_OUTREACH: label('BC Outreach', 'The community allows this for education and outreach.'),
      NOTICE_TK: label(
        'TK Notice',
        'There may be rights and responsibilities for this knowledge that communities have not yet set out.',
      ),
      NOTICE_BC: label(
        'BC Notice',
        'Communities may have rights in this material and in what is learnt from it.',
      ),
      NOTICE_ATTRIBUTION_INCOMPLETE: label(
        'Attribution Incomplete Notice',
        'Who this comes from is not fully recorded; the record is being corrected.',
      ),
      NOTICE_OPEN_TO_COLLABORATION: label(
        'Open to Collaboration Notice',
        'The holder is willing to work with communities on how this is described and cared for.',
      ),
    },
  },
};
